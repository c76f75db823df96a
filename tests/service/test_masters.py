"""The Masters Rules through the service (issue 13): the setting, orders written for
powers in civil disorder kept and counted, the phase played with them, and the
results saying who wrote what (docs/VARIANTS.md M18-M21)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from adjudication.model.optional_rules import MastersRules
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, GameSettings, InvalidSetting, LineStatus, submission_echo
from bot.service.lobby import change_setting
from storage.codec import position_from_json
from tests.conftest import T0
from tests.service.conftest import outbox, owner, started_game

ALL_SIX = MastersRules(True, True, True, True, True, True)


def test_rules003_masters_setting_each_rule_on_or_off_mr2_needs_mr1() -> None:
    assert change_setting(GameSettings(), "masters", "all", started=False).rules.masters == ALL_SIX
    chosen = change_setting(GameSettings(), "masters", "MR1 mr2, 5", started=False)
    assert chosen.rules.masters == MastersRules(True, True, disarmament=True)
    off = change_setting(chosen, "masters", "none", started=False)
    assert not off.rules.masters.played
    with pytest.raises(InvalidSetting, match="MR2 Variable Control needs MR1 Minor Powers"):
        change_setting(GameSettings(), "masters", "2", started=False)
    with pytest.raises(InvalidSetting, match="MR1"):
        change_setting(GameSettings(), "masters", "MR7", started=False)
    with pytest.raises(InvalidSetting, match="before the game starts"):
        change_setting(GameSettings(), "masters", "all", started=True)


async def masters_game(service):
    settings = GameSettings(rules=replace(GameSettings().rules, masters=ALL_SIX))
    return await started_game(service, settings=settings)


async def test_rules003_mr1_the_game_starts_with_a_minor_army_on_every_other_centre(service):
    info = await masters_game(service)
    records = await service.history.phase_records(info.id)
    start = position_from_json(records[-1].position)
    assert {str(u) for u in start.units_of("PORTUGAL")} == {"A POR"}
    assert len({u.power for u in start.units}) == 7 + 12


async def test_rules003_mr2_portugal_spring_1901_written_by_three_players(service):
    info = await masters_game(service)
    at = T0 + timedelta(hours=1)
    france = await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "A Mar - Spa\nPortugal A Por -S- (French) A Mar-Spa", at
    )
    assert [line.status for line in france.lines] == [LineStatus.ACCEPTED] * 2
    assert france.written_left == (1, 3)  # MR2 b: its own order counts too
    echo = submission_echo(france, "Test game")
    assert "1 of 3 orders left this turn" in echo
    assert "You may write orders for " in echo and "Portugal" in echo
    germany = await service.orders.submit_orders(
        Caller(owner(info, "GERMANY")), "A Por S A Spa", at
    )
    assert germany.written_left == (2, 3)
    italy = Caller(owner(info, "ITALY"))
    await service.orders.submit_orders(italy, "A Por S A Mar - Spa", at)
    # A second message replaces the first's lines for powers in disorder (M20).
    again = await service.orders.submit_orders(italy, "Portugal\nA Por S A Spa\nA Por S A Spa", at)
    assert again.written_left == (1, 3)
    shown = await service.orders.show_orders(italy)
    assert shown.written_left == (1, 3) and len(shown.orders) == 2
    await Scheduler(service).tick(info.deadline_at + timedelta(seconds=1))
    records = await service.history.phase_records(info.id)
    after = position_from_json(records[-1].position)
    assert "A SPA" in {str(u) for u in after.units_of("SPAIN")}
    assert "A MAR" in {str(u) for u in after.units_of("FRANCE")}
    report = records[-2].report
    assert "Portugal A Por S A Spa: written by Germany and Italy 2 times; followed" in report
    assert "Portugal A Por S A Mar - Spa: written by France; outvoted" in report


async def test_rules003_mr2a_the_writer_is_told_which_cd_powers_they_may_order(service):
    info = await masters_game(service)
    # F Kie could move into Holland: Germany may not write for it (MR2 a).
    shown = await service.orders.show_orders(Caller(owner(info, "GERMANY")))
    assert "Portugal" in shown.cd_powers_text and "Holland" not in shown.cd_powers_text


async def test_rules003_mr2_each_turns_dm_names_the_cd_powers_and_the_limit(service):
    info = await masters_game(service)
    await Scheduler(service).tick(info.deadline_at + timedelta(seconds=1))
    news = [e for e in await outbox(service) if e.kind is EventKind.PHASE_NEWS]
    france = next(e for e in news if encode(e.payload)["powers"] == ["FRANCE"])
    told = encode(france.payload)["variable_control"]
    # MR2 b: the limit counts the player's own orders too.
    assert "Portugal" in told and "3 orders this turn, your own and theirs together" in told
    germany = next(e for e in news if encode(e.payload)["powers"] == ["GERMANY"])
    assert "Holland" not in encode(germany.payload)["variable_control"]
