"""What the results post, `/game map` and the DM preview read does not grow with the
game: the same statements, returning the same number of rows, at phase 3 and at
phase 40 of one game (issue "Trust", item 12). Counted, not timed: the timings are in
benchmarks/service.py and docs/PERFORMANCE.md."""

from __future__ import annotations

import random

import pytest
from sqlalchemy import event
from sqlalchemy.engine.cursor import FullyBufferedCursorFetchStrategy

from adjudication.play.legal import legal_orders
from adjudication.text.notation import format_order
from bot.service import GameService
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, GameStatus, NotFound
from bot.service.records import GameLookups
from storage.codec import outcome_from_json, position_from_json
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PAR_HOLDS, outbox, started_game
from tests.service.game_player import play_to_the_end


def no_png(*_args) -> bytes:
    return b"PNG"


class Reads:
    """Every statement the service sends and the rows each returned, while `counting`."""

    def __init__(self, service: GameService) -> None:
        self.counting = False
        self.statements: list[tuple[str, int]] = []
        event.listen(service.store.db.sync_engine, "after_cursor_execute", self._after)

    def _after(self, _conn, cursor, statement, _params, context, _many) -> None:
        if not self.counting:
            return
        rows = 0
        if cursor.description is not None and not (
            context.isinsert or context.isupdate or context.isdelete
        ):
            # Take the rows now to count them, and hand SQLAlchemy the same rows.
            fetched = cursor.fetchall()
            rows = len(fetched)
            context.cursor_fetch_strategy = FullyBufferedCursorFetchStrategy(
                cursor, cursor.description, fetched
            )
        self.statements.append((statement.split()[0].upper(), rows))

    async def of(self, call) -> tuple[int, int]:
        """(statements, rows returned) of one awaited call."""
        self.statements, self.counting = [], True
        try:
            await call
        finally:
            self.counting = False
        return len(self.statements), sum(rows for _, rows in self.statements)


async def last_results(service: GameService) -> dict:
    events = [e for e in await outbox(service) if e.kind is EventKind.RESULTS]
    return encode(events[-1].payload)


async def costs(service: GameService, lookups: GameLookups, reads: Reads, game_id: int) -> dict:
    """(statements, rows) of each lookup, with the position cache empty and then warm."""
    results = await last_results(service)
    current = results["next_phase_id"]
    calls = {
        "results post": lambda: lookups.results_map(game_id, results["phase_id"]),
        "/game map": lambda: lookups.phase_map(game_id),
        "/game map phase:S1901M": lambda: lookups.phase_map(game_id, "S1901M"),
        "DM preview": lambda: lookups.preview_map(game_id, ["FRANCE"], [PAR_HOLDS]),
        "options DM": lambda: lookups.retreat_and_build_options(game_id, current, "FRANCE"),
    }
    measured = {}
    for name, call in calls.items():
        service.store.positions.clear()
        measured[name, "cold"] = await reads.of(call())
        measured[name, "warm"] = await reads.of(call())
    return measured


async def test_lookups_read_as_much_at_phase_40_as_at_phase_3(service):
    info = await started_game(service, seed=3)
    lookups = GameLookups(service, renderer=no_png)
    reads = Reads(service)
    rng = random.Random(12)
    played, _ = await play_to_the_end(service, info.id, rng, max_phases=3)
    early = await costs(service, lookups, reads, info.id)
    more, _ = await play_to_the_end(service, info.id, rng, max_phases=37)
    assert len(played + more) == 40
    assert (await service.lobby.game_info(info.id)).status is GameStatus.ACTIVE
    late = await costs(service, lookups, reads, info.id)
    assert late == early
    # Bounded, not merely equal: a phase and, for a record, its orders in force.
    assert all(statements <= 4 for statements, _ in late.values()), late


async def test_lookups_find_what_the_whole_record_holds(service):
    """Each narrow read answers as the whole record read back would (live phases only:
    a rolled-back play is found by nobody)."""
    info = await started_game(service, seed=5)
    lookups = GameLookups(service, renderer=no_png)
    await play_to_the_end(service, info.id, random.Random(3), max_phases=7)
    await service.gm.gm_rollback(info.id, Caller(GM, GUILD), "F1901M", T0)
    await play_to_the_end(service, info.id, random.Random(4), max_phases=3)
    records = await service.history.phase_records(info.id)
    everything = await service.history.phase_records(info.id, include_rolled_back=True)
    assert len(everything) > len(records)

    assert await lookups.find_record(info.id) == records[-1]
    assert await lookups.find_record(info.id, " f1901m ") == next(
        r for r in reversed(records) if r.phase.code == "F1901M"
    )
    for record in records:
        assert await lookups.find_record(info.id, record.phase.code) == next(
            r for r in reversed(records) if r.phase == record.phase
        )
        picture = await lookups.results_map(info.id, record.id)
        position = position_from_json(record.position)
        assert (picture.phase, picture.title, picture.report) == (
            record.phase,
            position.phase.title,
            record.report,
        )
        for power in ("ENGLAND", "TURKEY"):
            assert await lookups.retreat_and_build_options(info.id, record.id, power) == [
                format_order(o, service.store.board)
                for o in legal_orders(position, service.store.board, power)
            ]
    assert await lookups.current_position(info.id) == position_from_json(records[-1].position)
    assert await lookups.played_phases(info.id) == tuple(
        r.phase.code for r in records if r.report is not None
    )

    # What the renderer is given: the phase's own position, orders and outcomes.
    drawn = []
    lookups = GameLookups(service, renderer=lambda *args: drawn.append(args) or b"PNG")
    played = records[-2]
    await lookups.results_map(info.id, played.id)
    (request,) = drawn[-1]
    position, orders, outcomes = request.position, list(request.orders), list(request.outcomes)
    assert position == position_from_json(played.position)
    assert outcomes == [outcome_from_json(o) for o in played.outcomes]
    assert orders == [o.order for o in outcomes]

    rolled_back = next(r for r in everything if r.rolled_back)
    with pytest.raises(NotFound):
        await lookups.results_map(info.id, rolled_back.id)
    assert await lookups.retreat_and_build_options(info.id, rolled_back.id, "FRANCE") == []
    with pytest.raises(NotFound) as refused:
        await lookups.find_record(info.id, "X1901M")
    codes = ", ".join(r.phase.code for r in records)
    assert str(refused.value) == f"No phase X1901M in this game. Phases so far: {codes}."
    with pytest.raises(NotFound, match="no game number"):
        await lookups.find_record(info.id + 100)


async def test_lookups_of_a_game_not_started(service):
    game = await service.lobby.create_game(1, 10, GM, "Lobby", T0)
    lookups = GameLookups(service, renderer=no_png)
    for call in (
        lookups.find_record(game.id),
        lookups.find_record(game.id, "S1901M"),
        lookups.current_position(game.id),
        lookups.phase_map(game.id),
    ):
        with pytest.raises(NotFound, match="not started"):
            await call
    assert await lookups.played_phases(game.id) == ()
