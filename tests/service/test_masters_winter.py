"""The Masters Rules' Winter through the service (issue 13): builds only Foreign Aid
would allow are accepted when sent (docs/VARIANTS.md M21), and the Winter waits for the
powers that may still raise rebels, annex, give aid or build with aid (M22)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from adjudication.model.optional_rules import MastersRules
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, LineStatus
from storage.codec import position_from_json
from tests.adjudication.masters.test_examples import position
from tests.conftest import T0
from tests.service.conftest import force_position, owner, started_game

AT = T0 + timedelta(hours=1)

# rules/003 MR6's example: "France owns eight dots and six units in the Adjustment
# phase of 1905 … Italy owns four dots and four units".
FRANCE_AIDS_ITALY_1905 = position(
    "W1905A",
    {
        "FRANCE": "A PAR,A MAR,A BUR,F MAO,F WES,A GAS",
        "ITALY": "A ROM,F NAP,A TUS,A PIE",
        "REBEL SMY": "A ARM",
    },
    {"FRANCE": "PAR MAR BRE SPA POR BEL TUN HOL", "ITALY": "ROM NAP VEN GRE"},
)


async def _game(service, masters: MastersRules, start):
    rules = replace(GameSettings().rules, masters=masters)
    info = await started_game(service, settings=GameSettings(rules=rules))
    await force_position(service, info.id, start)
    return info


async def test_rules003_mr6_italy_writes_build_a_ven_anticipating_frances_aid(service):
    info = await _game(service, MastersRules(foreign_aid=True), FRANCE_AIDS_ITALY_1905)
    italy = await service.orders.submit_orders(Caller(owner(info, "ITALY")), "Build A Ven", AT)
    assert [line.status for line in italy.lines] == [LineStatus.ACCEPTED]
    france = Caller(owner(info, "FRANCE"))
    await service.orders.submit_orders(france, "Aid Italy\nAid Rebel A Arm", AT)
    await Scheduler(service).tick(info.deadline_at + timedelta(seconds=1))
    after = position_from_json((await service.history.phase_records(info.id))[-1].position)
    assert "A VEN" in {str(u) for u in after.units_of("ITALY")}
    assert "A ARM" in {str(u) for u in after.units_of("REBEL SMY")}


async def test_rules003_mr6_no_build_beyond_what_aid_could_give(service):
    # France owns six dots and six units: no one has a build to give as aid.
    no_donor = replace(
        FRANCE_AIDS_ITALY_1905,
        ownership={
            c: p for c, p in FRANCE_AIDS_ITALY_1905.ownership.items() if c not in ("TUN", "HOL")
        },
    )
    info = await _game(service, MastersRules(foreign_aid=True), no_donor)
    italy = await service.orders.submit_orders(Caller(owner(info, "ITALY")), "Build A Ven", AT)
    assert italy.lines[0].status is LineStatus.REJECTED
    assert "build only 0 units" in italy.lines[0].message


async def test_rules003_mr6_without_foreign_aid_a_build_needs_a_centre_of_ones_own(service):
    info = await _game(service, MastersRules(rebellion=True), FRANCE_AIDS_ITALY_1905)
    italy = await service.orders.submit_orders(Caller(owner(info, "ITALY")), "Build A Ven", AT)
    assert italy.lines[0].status is LineStatus.REJECTED


async def test_rules003_mr6_the_winter_waits_for_a_power_that_may_build_with_aid(service):
    info = await _game(service, MastersRules(foreign_aid=True), FRANCE_AIDS_ITALY_1905)
    france = Caller(owner(info, "FRANCE"))
    given = await service.orders.submit_orders(france, "Aid Italy\nAid Rebel A Arm", AT)
    assert not given.ends_now  # Italy may yet build A Ven with France's aid
    italy = await service.orders.submit_orders(Caller(owner(info, "ITALY")), "Build A Ven", AT)
    assert italy.ends_now


async def test_rules003_mr6_a_power_that_may_build_with_aid_ends_the_winter_by_ready(service):
    info = await _game(service, MastersRules(foreign_aid=True), FRANCE_AIDS_ITALY_1905)
    await service.orders.submit_orders(Caller(owner(info, "FRANCE")), "Aid Italy", AT)
    ready = await service.orders.set_ready(Caller(owner(info, "ITALY")), AT)
    assert ready.ends_phase


# France has two builds and no free home centre: it may only raise rebels, annex or
# give aid with them. England owes a removal.
NO_ROOM = position(
    "W1902A",
    {
        "FRANCE": "A PAR,A MAR,F BRE,A BUR",
        "ENGLAND": "F LON,A LVP",
        "RUSSIA": "A STP,F BOT",
    },
    {"FRANCE": "PAR MAR BRE SPA POR BEL", "ENGLAND": "LON", "RUSSIA": "STP WAR"},
)


async def test_rules003_mr3_the_winter_waits_for_a_surplus_with_no_room_to_build(service):
    info = await _game(service, MastersRules(rebellion=True), NO_ROOM)
    england = await service.orders.submit_orders(
        Caller(owner(info, "ENGLAND")), "Disband A Lvp", AT
    )
    assert not england.ends_now  # France may raise rebels in its stead (MR3)
    france = await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "Build Rebel A War", AT
    )
    assert [line.status for line in france.lines] == [LineStatus.ACCEPTED]
    assert france.ends_now


async def test_rules003_without_mr3_mr4_mr6_a_surplus_with_no_room_is_not_awaited(service):
    info = await _game(service, MastersRules(disarmament=True), NO_ROOM)
    england = await service.orders.submit_orders(
        Caller(owner(info, "ENGLAND")), "Disband A Lvp", AT
    )
    assert england.ends_now


ENGLAND_1901 = position("W1901A", {"ENGLAND": "A YOR,F NWY,F NTH"}, {"ENGLAND": "LON EDI LVP NWY"})


async def test_rules003_mr5_england_writes_build_f_lvp_and_disband_a_yrk(service):
    info = await _game(service, MastersRules(disarmament=True), ENGLAND_1901)
    england = Caller(owner(info, "ENGLAND"))
    sent = await service.orders.submit_orders(england, "Build F Lvp\nDisband A Yor", AT)
    assert [line.status for line in sent.lines] == [LineStatus.ACCEPTED] * 2, sent.lines
    await Scheduler(service).tick(info.deadline_at + timedelta(seconds=1))
    after = position_from_json((await service.history.phase_records(info.id))[-1].position)
    assert sorted(map(str, after.units_of("ENGLAND"))) == ["F LVP", "F NTH", "F NWY"]


async def test_rules003_mr5_without_disarmament_no_disband_is_written(service):
    info = await _game(service, MastersRules(rebellion=True), ENGLAND_1901)
    sent = await service.orders.submit_orders(Caller(owner(info, "ENGLAND")), "Disband A Yor", AT)
    assert sent.lines[0].status is LineStatus.REJECTED
