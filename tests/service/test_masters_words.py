"""rules/003's examples sent as the document writes them, through the service (issue 29;
docs/VARIANTS.md M18): MR5's "Build F Lvp Disband A Yrk" on one line and MR6's "Aid
Italy and Aid Rebel A Arm" are read, echoed and played."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from adjudication.model.optional_rules import MastersRules
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, LineStatus, submission_echo
from storage.codec import position_from_json
from tests.adjudication.masters.test_examples import position
from tests.conftest import T0
from tests.service.conftest import force_position, owner, started_game
from tests.service.test_masters_winter import FRANCE_AIDS_ITALY_1905

AT = T0 + timedelta(hours=1)


async def _game(service, masters: MastersRules, start):
    rules = replace(GameSettings().rules, masters=masters)
    info = await started_game(service, settings=GameSettings(rules=rules))
    await force_position(service, info.id, start)
    return info


async def _after(service, info) -> dict[str, set[str]]:
    await Scheduler(service).tick(info.deadline_at + timedelta(seconds=1))
    records = await service.history.phase_records(info.id)
    after = position_from_json(records[-1].position)
    return {p: {str(u) for u in after.units_of(p)} for p in {u.power for u in after.units}}


async def test_rules003_mr5_england_writes_build_f_lvp_disband_a_yrk(service) -> None:
    # "For Adjustments 1901, England owns three units and four Supply Centers".
    england_1901 = position(
        "W1901A", {"ENGLAND": "A YOR,F NWY,F NTH"}, {"ENGLAND": "LON EDI LVP NWY"}
    )
    info = await _game(service, MastersRules(disarmament=True), england_1901)
    sent = await service.orders.submit_orders(
        Caller(owner(info, "ENGLAND")), "Build F Lvp Disband A Yrk", AT
    )
    assert [line.status for line in sent.lines] == [LineStatus.ACCEPTED, LineStatus.CORRECTED]
    assert "A Yor" in submission_echo(sent, "Test game")  # "Yrk" read as York, said so
    assert (await _after(service, info))["ENGLAND"] == {"F LVP", "F NWY", "F NTH"}


async def test_rules003_mr6_france_writes_aid_italy_and_aid_rebel_a_arm(service) -> None:
    info = await _game(service, MastersRules(foreign_aid=True), FRANCE_AIDS_ITALY_1905)
    france = await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "Aid Italy and Aid Rebel A Arm", AT
    )
    assert [line.status for line in france.lines] == [LineStatus.ACCEPTED] * 2
    await service.orders.submit_orders(Caller(owner(info, "ITALY")), "Build A Ven", AT)
    units = await _after(service, info)
    assert "A VEN" in units["ITALY"] and units["REBEL SMY"] == {"A ARM"}
