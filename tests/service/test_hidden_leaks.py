"""Leak property through the service (issue 12): over random Kriegsplomacy games with
espionage, nothing a player is sent or shown (their DM after each phase and its map,
`/game history` and `/game map`, autocomplete) names a place their power's view does
not hold, and the channel's post names no place at all (rules/004: only "the supply
center chart at the end of each year", totals)."""

from __future__ import annotations

import random
import re
from dataclasses import fields
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from adjudication.model.position import Position
from adjudication.model.units import Location, PhaseKind, Unit
from adjudication.model.views import PowerView
from adjudication.play.legal import legal_orders
from adjudication.variants import VARIANTS
from adjudication.variants.kriegsplomacy.views import power_view
from bot.service import open_service
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, NotFound, VariantName, WrongState
from bot.service.records import (
    GameLookups,
    hidden_answer,
    seen_phases,
    seen_with_retreats,
    view_png,
)
from bot.service.variants.hidden import public_results, retreats_kept_from, view_news
from bot.service.variants.hidden._power_views import stored_result
from render.request import MapRequest
from render.variants.hidden import render_view_map
from tests.service.conftest import GUILD, started_game
from tests.service.game_player import random_orders

KRIEG = VARIANTS["kriegsplomacy"]
BOARD = KRIEG.board_for(KRIEG.start)


def _places(thing: object) -> set[str]:
    """Every province an engine value names (orders, units, locations, dislodgements)."""
    if isinstance(thing, Location):
        return {thing.province}
    if isinstance(thing, Unit):
        return {thing.location.province}
    if isinstance(thing, str):
        return {thing} if thing in BOARD.provinces else set()
    if isinstance(thing, tuple | list | frozenset | set):
        return set().union(*(_places(t) for t in thing)) if thing else set()
    if hasattr(thing, "__dataclass_fields__"):
        return set().union(*(_places(getattr(thing, f.name)) for f in fields(thing)))
    return set()


def known_places(view: PowerView) -> set[str]:
    """The places `view` holds: where it knows a unit stands, went or was ordered, the
    centres it knows the owner of, what its spies learned, its units' attacks, and the
    places its dislodged units are offered."""
    shown = view.adjudication
    after = shown.position
    known = _places(shown.outcomes) | _places(shown.dislodged) | _places(after.units)
    known |= _places(after.dislodged) | set(after.ownership) | set(after.standoffs)
    return known | set(view.learned) | set(view.attacked)


def named_places(text: str) -> set[str]:
    """The provinces `text` names, by code (as written, title-cased, or as the echo
    writes it: "StP") or by full name. rules/004's notation names another power's unit
    by the power's first three letters before the unit's kind (`S Eng F Nwg - Bar`):
    that word names a power, not a province (here England, not the English Channel)."""
    owners = "|".join(p[:3].title() for p in BOARD.powers)
    text = re.sub(rf"\b(?:{owners}) (?=[AFP] )", "", text)
    words = set(re.findall(r"[A-Za-z]+", text))
    # A capitalised three-letter word in any case ("StP", as the echo writes it).
    words |= {w.upper() for w in words if len(w) == 3 and w[0].isupper()}
    named = {c for c in BOARD.provinces if c in words or c.title() in words}
    return named | {c for c, p in BOARD.provinces.items() if p.name in text}


def test_the_oracle_tells_a_power_from_the_channel() -> None:
    assert named_places("F Eng S F Lon - Nth") == {"ENG", "LON", "NTH"}
    assert named_places("F ??? S Eng F Nwg - Bar [nso]") == {"NWG", "BAR"}
    assert named_places("England's fleet in the English Channel") == {"ENG"}
    # The echo's notation, which players' results use (issue 33): "StP", "Spa/sc".
    assert named_places("• Russia's A StP - Nwy: moved") == {"STP", "NWY"}
    assert named_places("• F Spa/sc E: spied") == {"SPA"}


async def _play_phase(service, info, rng: random.Random) -> None:
    records = await service.history.phase_records(info.id)
    position = service.history.record_position(records[-1])
    board = KRIEG.board_for(position.phase)
    info = await service.lobby.game_info(info.id)
    at = info.deadline_at - timedelta(minutes=30)
    for p in info.powers:
        if not p.owes_orders:
            continue
        if position.phase.kind is PhaseKind.MOVEMENT:
            orders = [
                rng.choice(legal_orders(position, board, u)) for u in position.units_of(p.power)
            ]
        else:
            orders = random_orders(position, board, p.power, rng)
        if orders:
            text = "\n".join(str(o) for o in orders)
            await service.orders.submit_orders(Caller(p.user_id, GUILD), text, at)
            if (await service.lobby.game_info(info.id)).deadline_at <= at:
                break  # everyone concerned has ordered: the phase ends now
    deadline = (await service.lobby.game_info(info.id)).deadline_at
    await Scheduler(service).tick(deadline)


@settings(
    max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**16))
@example(seed=1665)  # Russia's unseen fleet supports England's: "S Eng F Nwg - Bar"
async def test_rules004_nothing_sent_to_a_player_names_what_their_view_does_not_hold(
    tmp_path_factory, seed: int
) -> None:
    rng = random.Random(seed)
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('leaks')}/game.db"
    service = await open_service(url)
    try:
        await _check_game(service, rng)
    finally:
        await service.store.db.dispose()


async def _check_game(service, rng: random.Random) -> None:
    info = await started_game(service, settings=GameSettings(variant=VariantName.KRIEGSPLOMACY))
    lookups = GameLookups(service)
    learned: dict[str, frozenset[str]] = {}  # by power, in the movement phase before
    untold: dict[str, set[str]] = {}  # a movement kept until its retreats: what it knew
    for _ in range(5):
        await _play_phase(service, info, rng)
        info = await service.lobby.game_info(info.id)
        records = [r for r in await service.history.phase_records(info.id) if not r.rolled_back]
        before, after = records[-2], records[-1]
        played = await lookups.played_phase(info.id, before.id, after.id)
        assert played is not None
        public = public_results(played, "heading", "next")
        assert named_places(public) == set(), public  # the channel: totals only
        retreats = played.before.phase.kind is PhaseKind.RETREAT
        for p in info.powers:
            # What the power may know, from the engine alone (not from the service's
            # own view-making, which is what is under test).
            watched = learned.get(p.power, frozenset()) if retreats else frozenset()
            view = power_view(played.before, stored_result(played), p.power, BOARD, watched)
            learned[p.power] = view.learned
            known = known_places(view) | watched
            caller = Caller(p.user_id, GUILD)
            if retreats_kept_from(played.after, [p.power]):
                # Issue 29: told nothing until the retreats are played; the movement is
                # still in play for it, and so are its orders.
                untold[p.power] = known
                answer = await hidden_answer(lookups, info, before, caller, share=False)
                assert answer is not None and answer.report is None
                with pytest.raises(WrongState):
                    await service.orders.legal_orders(caller, "", info.id)
                continue
            if retreats_kept_from(played.before, [p.power]):
                # Told the movement with the retreats; the retreat phase is not its own.
                known |= untold.pop(p.power)
                (seen,) = await seen_with_retreats(lookups, info.id, played, [p.power])
                with pytest.raises(NotFound):
                    await hidden_answer(lookups, info, before, caller, share=False)
                asked = records[-3]  # the movement
            else:
                (seen,) = await seen_phases(lookups, info.id, played, [p.power])
                asked = before
            dm = view_news([seen], played.board, "G", None, False)
            assert named_places(dm) <= known, (p.power, named_places(dm) - known, dm)
            png = await view_png(lookups, seen)
            assert png == render_view_map(
                MapRequest(
                    seen.view.adjudication.position,
                    board=lookups.board,
                    palette=lookups.palette,
                    width=lookups.width,
                ),
                seen.unknown,
                totals=played.after.centre_counts(BOARD.powers),
                power=p.power,
            )
            answer = await hidden_answer(lookups, info, asked, caller, share=False)
            assert answer is not None and answer.png == png
            assert named_places(answer.report or "") <= known
            _check_offers(
                await service.orders.legal_orders(caller, "", info.id), played.after, p.power
            )
        if info.status.value != "active":
            return


def _check_offers(offered: list[str], position: Position, power: str) -> None:
    """Autocomplete supports and convoys only units of the power's own."""
    own = {u.province for u in position.units_of(power)}
    own |= {d.unit.province for d in position.dislodged if d.unit.power == power}
    for text in offered:
        parts = text.split()
        if len(parts) > 4 and parts[2] in ("S", "C"):
            assert parts[4].upper().split("/")[0] in own, (power, text)
