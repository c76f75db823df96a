"""Reading a game back from storage, phase by phase (rules/000: the GM keeps a record
of all orders and moves made).

`phase_records` reads the whole game. The reads made after every phase and on every
map request — one phase by id, the latest play of a phase code, the current position
— read that one phase (storage/queries/phases.py), so they cost the same at phase 300
as at phase 3; its position comes from the per-process cache when it is there.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection

from adjudication.io.records import recorded_result
from adjudication.io.serialize import outcome_from_json
from adjudication.model.position import Position
from adjudication.model.units import Phase, PhaseKind
from adjudication.play.adjustments import adjustments_needed
from bot.service.kernel import (
    Caller,
    GameStatus,
    LineStatus,
    NotFound,
    PhasePlay,
    PhaseRecord,
    ServiceCore,
    Store,
    read_phase_name,
)
from bot.service.lobby import Lobby
from bot.service.records._export_options import exported_game
from bot.service.records._judge_text import judge_text
from bot.service.variants.masters import MastersExport, masters_export
from bot.service.variants.spy import exported_input_line
from storage import queries
from storage.codec import order_from_json, position_from_json
from storage.enums import AuditAction
from storage.models import PhaseRow

# The lines of a submission that became orders (a rejected line did not).
WRITTEN = (LineStatus.ACCEPTED.value, LineStatus.CORRECTED.value)


# GM actions shown on one page of `/gm audit`.
AUDIT_PAGE = 15


@dataclass(frozen=True, slots=True)
class AuditEntry:
    """One GM action of the audit log: when, by whom, what (`action` as stored:
    "pause", "replace", …) and its details."""

    at: datetime
    actor: int
    action: AuditAction
    details: dict[str, Any]


@dataclass(frozen=True, slots=True)
class AuditPage:
    entries: tuple[AuditEntry, ...]  # newest first
    page: int
    pages: int
    total: int


@dataclass(frozen=True, slots=True)
class PhaseResults:
    """What the map of one stored phase is drawn from."""

    id: int
    phase: Phase
    position: Position
    outcomes: tuple[dict, ...] | None  # None until the phase is played
    report: str | None


class History(ServiceCore):
    # An export heads its lines with the game as the lobby shows it.
    def __init__(self, store: Store, lobby: Lobby) -> None:
        super().__init__(store)
        self.lobby = lobby

    async def phase_records(
        self, game_id: int, *, include_rolled_back: bool = False
    ) -> tuple[PhaseRecord, ...]:
        """Every phase of the game in order: position, orders in force, outcomes, report."""
        async with self.transaction() as session:
            await self._game(session, game_id, lock=False)
            records = []
            for row in await queries.phases.of_game(
                session, game_id, include_rolled_back=include_rolled_back
            ):
                orders = [
                    (o.power, o.order) for o in await queries.orders.in_force(session, row.id)
                ]
                records.append(_record(row, orders, rolled_back=row.rolled_back_at is not None))
            return tuple(records)

    async def phase_record(
        self, game_id: int, phase: str | Phase | None = None
    ) -> PhaseRecord | None:
        """One phase as `phase_records` gives it: the current phase, or the latest live
        play of `phase` (a Phase, or a user's text such as "S1901M"), or, when every
        play of it was rolled back, the latest of those (marked `rolled_back`).
        "S1901M/2" names the second play of Spring 1901, rolled back or not. None when
        the game has no such phase (or has not started)."""
        # A user's text is read here, once (bot.service.phase_names).
        wanted = read_phase_name(phase) if isinstance(phase, str) else phase
        if isinstance(wanted, Phase):
            wanted = PhasePlay(wanted)
        async with self.core_transaction() as conn:
            if wanted is None and phase is not None:  # names no phase: none in this game
                if await queries.phases.current_id(conn, game_id) is None:
                    raise NotFound(f"There is no game number {game_id}.")
                return None
            return await self._phase_record(conn, game_id, wanted)

    async def judge_text(self, game_id: int, phase_id: int) -> str | None:
        """rules/004's full notation of a played phase (bot/judge_text.py): with the
        parser's interpretations and, once played, the retreats that followed. None
        when the game has no such played phase."""
        async with self.transaction() as session:
            row = await session.get(PhaseRow, phase_id)
            if row is None or row.game_id != game_id or row.rolled_back_at is not None:
                return None
            return await judge_text(session, row, self.board, self._position)

    async def _phase_record(self, conn: AsyncConnection, game_id: int, phase: PhasePlay | None):
        if phase is None:
            row = await queries.phases.current(conn, game_id)
        else:
            code = phase.phase.code
            if phase.play is not None:
                row = await queries.phases.any_play(conn, game_id, code, phase.play)
            else:
                row = await queries.phases.latest_play(conn, game_id, code)
                if row is not None and row.id is None:
                    row = await queries.phases.any_play(conn, game_id, code)
        if row is None:
            raise NotFound(f"There is no game number {game_id}.")
        if row.id is None:
            return None
        orders = await queries.orders.in_force_json(conn, row.id)
        return _record(row, orders, rolled_back=row.rolled_back_at is not None)

    async def phase_results(self, game_id: int, phase_id: int) -> PhaseResults | None:
        """The live phase `phase_id` of the game, for its map: the position (decoded
        once per process), outcomes and report. None when the game has no such phase."""
        known = self._positions.get(phase_id)
        async with self.core_transaction() as conn:
            row = await queries.phases.live(conn, game_id, phase_id, position=known is None)
        if row is None:
            raise NotFound(f"There is no game number {game_id}.")
        if row.id is None:
            return None
        position = known
        if position is None:
            position = self._remember(row.id, position_from_json(row.position))
        return PhaseResults(
            id=row.id,
            phase=position.phase,
            position=position,
            outcomes=tuple(row.outcomes) if row.outcomes is not None else None,
            report=row.report,
        )

    async def current_position(self, game_id: int) -> Position | None:
        """The position of the game's current phase; None before the game starts."""
        async with self.core_transaction() as conn:
            row = await queries.phases.current_id(conn, game_id)
            if row is None:
                raise NotFound(f"There is no game number {game_id}.")
            if row.current_phase_id is None:
                return None
            return await self._position_at(conn, row.current_phase_id)

    def record_position(self, record: PhaseRecord) -> Position:
        """The position of a stored phase's record, decoded once per process."""
        position = self._positions.get(record.id)
        if position is None:
            position = self._remember(record.id, position_from_json(record.position))
        return position

    async def phase_codes(self, game_id: int, *, played: bool = False) -> tuple[str, ...]:
        """The codes of the game's live phases in order (`played`: only those played),
        without reading the phases themselves."""
        async with self.core_transaction() as conn:
            return tuple(await queries.phases.codes(conn, game_id, played=played))

    async def export_lines(self, game_id: int) -> list[dict[str, Any]]:
        """The game's played phases as interop/PHASES.md input lines, each with its
        recorded result under `expected` and, under `written`, each power's order lines
        as the players wrote them (the lines dipgm accepted). The phase in play is left
        out: its orders are secret until it is played."""
        every = await self.phase_records(game_id)
        records = [r for r in every if r.outcomes is not None]
        game = await self.lobby.game_info(game_id)
        now_at = self.record_position(every[-1]).phase if every else None
        settings = await self.lobby.game_settings(game_id)
        played_as = exported_game(settings, now_at, game.status is GameStatus.ENDED)
        masters = await masters_export(self, game_id, every, settings.rules, played_as["variant"])
        written = await self._written(record.id for record in records)
        following = {r.id: n for r, n in itertools.pairwise(every)}
        powers = self.board.powers
        lines = []
        for record in records:
            position = self.record_position(record)
            # storage.codec's decoding: a Spy game's spy orders too (issue 12)
            orders = [order_from_json(o) for per_power in record.orders.values() for o in per_power]
            extra: dict[str, Any] = {}
            if masters is not None:  # rules/003: lines written for others, disorder, MR4
                orders, extra = masters.line(record, position)
            record_id = f"{game_id}-{record.seq}"
            line = exported_input_line(record_id, position, orders, self.board, powers)
            line |= played_as | extra
            after = self._went_on_from(record, following, masters)
            if after is not None:
                outcomes = [outcome_from_json(o) for o in record.outcomes or ()]
                line["expected"] = recorded_result(record_id, position, outcomes, after, powers)
            line["written"] = written.get(record.id, {})
            lines.append(line)
        return lines

    def _went_on_from(
        self,
        record: PhaseRecord,
        following: dict[int, PhaseRecord],
        masters: MastersExport | None = None,
    ) -> Position | None:
        """The position the game went on from after `record`, as PHASES.md counts
        phases: a Winter with nothing to adjust, which dipgm keeps (and posts), is one
        the engine's replay passes over (under the Masters Rules, as their engine
        counts it). None after the last phase of a game."""
        while record.id in following:
            before, record = record, following[record.id]
            position = self.record_position(record)
            if position.phase.kind is not PhaseKind.ADJUSTMENT:
                return position
            if masters is not None and masters.winter_played(position, before.id):
                return position
            if masters is None and adjustments_needed(position, self.board):
                return position
        return None

    async def _written(self, phase_ids: Iterable[int]) -> dict[int, dict[str, list[str]]]:
        """For each phase, each power's accepted order lines as written, from the
        submissions whose orders are in force."""
        found: dict[int, dict[str, list[str]]] = {}
        async with self.transaction() as session:
            for phase_id in phase_ids:
                in_force = {
                    o.submission_id for o in await queries.orders.in_force(session, phase_id)
                }
                by_power: dict[str, list[str]] = {}
                for submission in await queries.submissions.of_phase(session, phase_id):
                    if submission.id in in_force:
                        by_power.setdefault(submission.power, []).extend(
                            line["text"] for line in submission.lines if line["status"] in WRITTEN
                        )
                found[phase_id] = by_power
        return found

    async def gm_audit(self, game_id: int, caller: Caller, page: int = 1) -> AuditPage:
        """`/gm audit`: one page of the game's audit log, newest first (the GM's alone).
        A page past the last shows the last."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller, lock=False)
            self._require_gm(game, caller)
            total = await queries.audit.count(session, game.id)
            pages = max(1, -(-total // AUDIT_PAGE))
            page = min(max(page, 1), pages)
            rows = await queries.audit.page(session, game.id, (page - 1) * AUDIT_PAGE, AUDIT_PAGE)
            entries = tuple(
                AuditEntry(r.at, r.actor_user_id, r.action, dict(r.details or {})) for r in rows
            )
            return AuditPage(entries, page, pages, total)

    async def audit_log(self, game_id: int) -> tuple[tuple[int, AuditAction, dict], ...]:
        """(actor, action, details) of every GM action, oldest first."""
        async with self.transaction() as session:
            return tuple(
                (r.actor_user_id, r.action, r.details)
                for r in await queries.audit.log(session, game_id)
            )


def _record(row, orders: Iterable[tuple[str, dict]], *, rolled_back: bool) -> PhaseRecord:
    """A stored phase (a PhaseRow or a row with its columns) and its orders in force."""
    by_power: dict[str, list[dict]] = {}
    for power, order in orders:
        by_power.setdefault(power, []).append(order)
    return PhaseRecord(
        id=row.id,
        seq=row.seq,
        phase=Phase.parse(row.code),
        position=row.position,
        outcomes=tuple(row.outcomes) if row.outcomes is not None else None,
        report=row.report,
        orders={p: tuple(v) for p, v in sorted(by_power.items())},
        rolled_back=rolled_back,
    )
