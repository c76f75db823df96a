"""One-on-one (rules/004) and the standby of rule 9: a match is between two people, so
a standby stands for a player's whole side on both boards, and takes it all over.
Reading O6 in docs/VARIANTS.md."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, WrongState
from storage.models import PowerRow
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, outbox
from tests.service.test_one_on_one import AGT, EFR, SECOND, _board, _match

STANDBY = 8888
SECOND_STANDBY = 9999


async def _standbys(service, game_id) -> dict[str, int | None]:
    async with service.store.transaction() as session:
        rows = await session.execute(select(PowerRow).where(PowerRow.game_id == game_id))
        return {r.power: r.standby_user_id for r in rows.scalars().all()}


async def test_rules004_one_on_one_a_standby_stands_for_the_players_side_on_both_boards(service):
    """O6: `/gm standby` for France on the first board names the standby for the
    player's side there (England, France, Russia) and on the other board (Austria,
    Germany, Turkey); each power's standby is told; the opponent's side keeps none."""
    a, b = await _match(service)
    await service.gm.gm_call_standby(a, Caller(GM, GUILD), "FRANCE", STANDBY, T0)
    here, there = await _standbys(service, a), await _standbys(service, b)
    assert {p: here[p] for p in EFR} == dict.fromkeys(EFR, STANDBY)
    assert {p: there[p] for p in AGT} == dict.fromkeys(AGT, STANDBY)
    assert {here[p] for p in AGT} | {there[p] for p in EFR} == {None}
    called = [e for e in await outbox(service) if e.kind is EventKind.ORDERS_NEEDED]
    assert {(e.game_id, encode(e.payload)["power"]) for e in called} == {
        *((a, p) for p in EFR),
        *((b, p) for p in AGT),
    }
    assert {e.user_id for e in called} == {STANDBY}


async def test_rules004_one_on_one_a_new_standby_or_a_replacement_ends_the_old_on_both_boards(
    service,
):
    """O6: naming another standby for the side replaces the first on both boards; a
    replacement of the side's player ends the standby on both boards."""
    a, b = await _match(service)
    await service.gm.gm_call_standby(a, Caller(GM, GUILD), "FRANCE", STANDBY, T0)
    await service.gm.gm_call_standby(b, Caller(GM, GUILD), "TURKEY", SECOND_STANDBY, T0)
    here, there = await _standbys(service, a), await _standbys(service, b)
    assert {here[p] for p in EFR} == {SECOND_STANDBY} == {there[p] for p in AGT}
    await service.gm.gm_replace_player(a, Caller(GM, GUILD), "RUSSIA", STANDBY, T0)
    here, there = await _standbys(service, a), await _standbys(service, b)
    assert set(here.values()) == {None} == set(there.values())


async def test_rules004_one_on_one_the_opponent_cannot_stand_by_for_the_other_side(service):
    a, _ = await _match(service)
    opponent = (await _board(service, a))[2]["AUSTRIA"]
    with pytest.raises(WrongState, match="other side"):
        await service.gm.gm_call_standby(a, Caller(GM, GUILD), "FRANCE", opponent, T0)
    assert set((await _standbys(service, a)).values()) == {None}


async def _standby_orders_on(service, board: int, line: str, other: int, own: str):
    """A match, a standby for the first board's EFR player; at the first deadline the
    standby orders one unit on `board` only, and the player orders one unit on the
    `other` board only (missing `board`). Returns the player and both boards' ids."""
    a, b = await _match(service)
    game_a, _, powers = await _board(service, a)
    player = powers["FRANCE"]
    await service.gm.gm_call_standby(a, Caller(GM, GUILD), "FRANCE", STANDBY, T0)
    sent = game_a.deadline_at - timedelta(hours=1)
    ids = {"a": a, "b": b}
    await service.orders.submit_orders(Caller(STANDBY), line, sent, ids[board])
    await service.orders.submit_orders(Caller(player), own, sent, ids[other])
    await Scheduler(service).tick(game_a.deadline_at)
    return player, a, b


@pytest.mark.parametrize(
    ("board", "line", "other", "own", "kept"),
    [
        ("a", "A PAR - BUR", "b", "A MUN - RUH", ("GERMANY", "A RUH")),
        ("b", "A MUN - RUH", "a", "A PAR - BUR", ("FRANCE", "A BUR")),
    ],
)
async def test_rules004_one_on_one_a_standby_taking_over_takes_the_whole_side_on_both_boards(
    service, board, line, other, own, kept
):
    """O6 and rules/004 rule 9: the player misses on one board, where the standby's
    order is used and the standby takes over; the standby then holds the player's whole
    side on both boards, as a replacement would, whichever board is played first. The
    player's order on the board they did not miss is still played (sent in time)."""
    player, a, b = await _standby_orders_on(service, board, line, other, own)
    powers_a, powers_b = (await _board(service, a))[2], (await _board(service, b))[2]
    assert {powers_a[p] for p in EFR} == {STANDBY} == {powers_b[p] for p in AGT}
    assert player not in powers_a.values() and player not in powers_b.values()
    assert set((await _standbys(service, a)).values()) == {None}
    assert set((await _standbys(service, b)).values()) == {None}
    played = {"a": (await _board(service, a))[1], "b": (await _board(service, b))[1]}
    assert kept[1] in {str(u) for u in played[other].units_of(kept[0])}
    moved = {"a": ("FRANCE", "A BUR"), "b": ("GERMANY", "A RUH")}[board]
    assert moved[1] in {str(u) for u in played[board].units_of(moved[0])}  # the standby's
    replaced = [e for e in await outbox(service) if e.kind is EventKind.PLAYER_REPLACED]
    assert {(e.channel_id, encode(e.payload)["power"]) for e in replaced} == {
        *((CHANNEL, p) for p in EFR),
        *((SECOND, p) for p in AGT),
    }
    assert {encode(e.payload)["new"] for e in replaced} == {STANDBY}
    results = {
        e.game_id: encode(e.payload)["nmr"]
        for e in await outbox(service)
        if e.kind is EventKind.RESULTS
    }
    assert kept[0] not in results[{"a": a, "b": b}[other]]  # ordered in time: no NMR
