"""The GM's hand: an action confirmed by a button acts on the phase it named, or on
nothing; `/gm orders` names every power's units without an order; the settings read
as people say them."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.kernel import Caller, GameSettings, WrongState
from tests.service.book import play_until
from tests.service.conftest import GM, GUILD, owner, started_game, texts

GM_HERE = Caller(GM, GUILD)


async def test_a_confirmed_adjudication_plays_its_own_phase_or_nothing(service):
    """The GM asked about Spring 1901; meanwhile it was played, rolled back and begun
    again (the same code, another play): the old confirmation plays nothing."""
    info = await started_game(service)
    asked_about = info.phase_id
    await play_until(service, info.id, "F1901M")
    now = (await service.lobby.game_info(info.id)).deadline_at - timedelta(hours=1)
    await service.gm.gm_rollback(info.id, GM_HERE, "S1901M", now)
    with pytest.raises(WrongState, match=r"moved on .*Spring 1901.*nothing was adjudicated"):
        await service.gm.gm_adjudicate_now(info.id, GM_HERE, now, expected_phase_id=asked_about)
    again = await service.lobby.game_info(info.id)
    assert again.phase.code == "S1901M" and again.phase_id != asked_about
    played = await service.gm.gm_adjudicate_now(
        info.id, GM_HERE, now, expected_phase_id=again.phase_id
    )
    assert played.phase.code == "S1901M"


async def test_ending_and_rolling_back_act_on_the_phase_the_gm_saw(service):
    info = await started_game(service)
    seen = info.phase_id
    await play_until(service, info.id, "F1901M")
    now = (await service.lobby.game_info(info.id)).deadline_at - timedelta(hours=1)
    with pytest.raises(WrongState, match="moved on"):
        await service.endings.gm_end_game(info.id, GM_HERE, now, draw=True, expected_phase_id=seen)
    with pytest.raises(WrongState, match="moved on"):
        await service.gm.gm_rollback(info.id, GM_HERE, "S1901M", now, expected_phase_id=seen)
    assert (await service.lobby.game_info(info.id)).status == "active"


async def test_the_gm_sees_every_power_and_the_units_without_orders(service):
    info = await started_game(service)
    now = info.deadline_at - timedelta(hours=1)
    await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "A Par - Bur\nF Bre - Mao", now
    )
    table = {row.power: row for row in await service.gm.gm_all_orders(info.id, GM_HERE, now=now)}
    assert list(table) == sorted(table) and len(table) == 7
    france = table["FRANCE"]
    assert texts(france.orders) == ("A PAR - BUR", "F BRE - MAO")
    assert france.unordered == ("A MAR",) and (france.given, france.owed) == (2, 3)
    assert texts(table["ITALY"].orders) == () and table["ITALY"].unordered == (
        "A ROM",
        "A VEN",
        "F NAP",
    )


def test_settings_read_as_people_say_them():
    lines = GameSettings().describe()
    assert "Moves: 4 days" in lines
    assert "Retreats: 1 day" in lines
    assert "Builds and removals: 1 day" in lines
    assert "Civil disorder: after 1 missed movement phase (Spring or Fall)" in lines
    text = "\n".join(lines)
    assert "phase_minutes" not in text and "(s)" not in text and "_" not in text
