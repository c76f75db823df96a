"""Issue 23, excused misses: a budget per power set at creation; one spent when the
power would miss a phase (never for a power with nothing to order), once per phase,
moving the deadline by the schedule (a fixed clock: to its next time); inherited by a
replacement, recorded, restored by a rollback, shown in /game status."""

from __future__ import annotations

from datetime import time, timedelta

import pytest

from bot.service.app import Scheduler
from bot.service.deadlines import excused_text
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, Clock, GameSettings, InvalidSetting, Schedule
from tests.conftest import T0
from tests.service.book import position
from tests.service.conftest import GM, GUILD, force_position, outbox, owner, started_game

ONE_EXCUSE = GameSettings(schedule=Schedule(excuses=1))


def left(info) -> dict[str, int]:
    return {p.power: p.excuses_left for p in info.powers}


HOLDS = {
    "FRANCE": "A Par H",
    "GERMANY": "A Ber H",
    "ITALY": "A Rom H",
    "RUSSIA": "A Mos H",
    "TURKEY": "A Con H",
    "AUSTRIA": "A Vie H",
}


async def excused(service):
    return [e for e in await outbox(service) if e.kind is EventKind.EXCUSED]


async def test_issue23_excuse_spent_once_moves_the_deadline_by_the_schedule(service):
    info = await started_game(service, settings=ONE_EXCUSE)
    assert set(left(info).values()) == {1}
    at = T0 + timedelta(hours=1)
    # Each power but England sends orders (a message with no order at all would not
    # count: issue 33, NoOrderRead).
    for power, hold in HOLDS.items():
        await service.orders.submit_orders(Caller(owner(info, power), GUILD), hold, at)
    await service.orders.set_ready(Caller(owner(info, "AUSTRIA"), GUILD), at)
    scheduler = Scheduler(service)
    assert (await scheduler.tick(info.deadline_at)).adjudicated == ()
    after = await service.lobby.game_info(info.id)
    assert after.phase.code == "S1901M"
    assert after.deadline_at == info.deadline_at + timedelta(days=4)
    spent = {p: n for p, n in left(after).items() if n == 0}
    assert set(spent) <= {"ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}
    assert "ENGLAND" in spent
    (channel,) = [e for e in await excused(service) if e.channel_id is not None]
    assert "ENGLAND" in encode(channel.payload)["powers"]
    # Still nothing from England at the moved deadline: the excuse is not spent twice.
    report = await scheduler.tick(after.deadline_at)
    assert [r.phase.code for r in report.adjudicated] == ["S1901M"]
    assert {p.power: p.missed_phases for p in (await service.lobby.game_info(info.id)).powers}[
        "ENGLAND"
    ] == 1


async def test_issue23_excuse_never_spent_for_a_power_with_nothing_to_order(service):
    info = await started_game(service, settings=ONE_EXCUSE)
    no_italian_units = position(
        "S1901M",
        {"FRANCE": "A PAR", "ENGLAND": "F LON"},
        {"ITALY": "ROM NAP VEN", "FRANCE": "PAR", "ENGLAND": "LON"},
    )
    await force_position(service, info.id, no_italian_units)
    await Scheduler(service).tick(info.deadline_at)
    after = await service.lobby.game_info(info.id)
    assert left(after)["ITALY"] == 1
    assert left(after)["FRANCE"] == 0 and left(after)["ENGLAND"] == 0


async def test_issue23_excuse_in_a_fixed_clock_game_moves_to_the_next_clock_time(service):
    schedule = Schedule(movement=Clock(time(20, 0), every_days=3), zone="UTC", excuses=2)
    info = await started_game(service, settings=GameSettings(schedule=schedule))
    assert (info.deadline_at.hour, info.deadline_at - T0) == (20, timedelta(days=3, hours=8))
    await Scheduler(service).tick(info.deadline_at)
    after = await service.lobby.game_info(info.id)
    assert after.deadline_at == info.deadline_at + timedelta(days=1)  # not three days


async def test_issue23_replacement_inherits_and_rollback_restores_excuses(service):
    info = await started_game(service, settings=GameSettings(schedule=Schedule(excuses=2)))
    await Scheduler(service).tick(info.deadline_at)
    assert set(left(await service.lobby.game_info(info.id)).values()) == {1}
    gm = Caller(GM, GUILD)
    await service.gm.gm_replace_player(info.id, gm, "FRANCE", 9999, T0 + timedelta(days=5))
    assert left(await service.lobby.game_info(info.id))["FRANCE"] == 1
    async with service.store.transaction() as session:
        from storage import queries

        game = await queries.games.with_phase(session, info.id)
        phase = await service.store.current_phase(session, game)
        assert sorted(phase.excused) == sorted(left(info))  # the record
    await service.gm.gm_adjudicate_now(info.id, gm, T0 + timedelta(days=6))
    await service.gm.gm_rollback(info.id, gm, "S1901M", T0 + timedelta(days=7))
    assert set(left(await service.lobby.game_info(info.id)).values()) == {2}


@pytest.mark.parametrize("budget", ["-1", "11", "many"])
async def test_issue23_excuse_budget_out_of_range_is_refused(service, budget):
    lobby = await service.lobby.create_game(GUILD, 78, GM, "Lobby", T0)
    with pytest.raises(InvalidSetting, match="0 to 10"):
        await service.gm.gm_change_setting(lobby.id, Caller(GM, GUILD), "excuses", budget, T0)


async def test_issue33_an_excuse_spent_says_how_many_are_left(service):
    """Issue 33: "An excuse spent says how many are left"."""
    info = await started_game(service, settings=ONE_EXCUSE)
    at = T0 + timedelta(hours=1)
    for power, hold in HOLDS.items():
        await service.orders.submit_orders(Caller(owner(info, power), GUILD), hold, at)
    await Scheduler(service).tick(info.deadline_at)
    told = {e.payload.to: e.payload for e in await excused(service)}
    player = excused_text("Game", told["player"])
    assert "England has no excused misses left" in player, player
    gm = excused_text("Game", told["gm"])
    assert "none left" in gm, gm
