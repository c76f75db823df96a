"""Issue 33, "Grace and deadlines", with the project's ruling: "When a grace ends: as
soon as every late power has marked ready or ordered every unit it has; the others'
orders were final at the deadline." Today a late power that orders with 9 hours of
grace left waits the 9 hours."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.app import Scheduler
from bot.service.gm import gm_status_text
from bot.service.kernel import Caller, GameSettings, LateOrders, Schedule, VariantName
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, PLAYERS, owner, started_game
from tests.service.test_one_on_one import SECOND, _board
from tests.service.test_one_on_one_boards import _ids

GRACE = GameSettings(schedule=Schedule(grace_minutes=24 * 60))
OTHERS = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "TURKEY")
RUSSIA = "A MOS H\nA WAR H\nF SEV H\nF STP/SC H"


async def russia_late(service, *, ready=OTHERS):
    """A game in grace with Russia late: the others ready (or as the test says)."""
    info = await started_game(service, settings=GRACE)
    for power in ready:
        await service.orders.set_ready(Caller(owner(info, power), GUILD), T0)
    scheduler = Scheduler(service)
    assert (await scheduler.tick(info.deadline_at)).adjudicated == ()
    return info, scheduler


async def phase_code(service, info) -> str:
    return (await service.lobby.game_info(info.id)).phase.code


async def test_issue33_grace_ends_as_soon_as_the_late_power_orders_every_unit(service):
    info, scheduler = await russia_late(service)
    nine_hours_left = info.deadline_at + timedelta(hours=15)
    russia = Caller(owner(info, "RUSSIA"), GUILD)
    await service.orders.submit_orders(russia, "A MOS H\nA WAR H", nine_hours_left)
    assert (await scheduler.tick(nine_hours_left)).adjudicated == ()  # 2 of 4 units
    await service.orders.submit_orders(russia, "F SEV H\nF STP/SC H", nine_hours_left)
    report = await scheduler.tick(nine_hours_left + timedelta(seconds=1))
    assert [r.phase.code for r in report.adjudicated] == ["S1901M"]
    after = await service.lobby.game_info(info.id)
    assert after.phase.code == "F1901M"
    assert {p.power: p.missed_phases for p in after.powers}["RUSSIA"] == 0


async def test_issue33_grace_ends_as_soon_as_the_late_power_marks_ready(service):
    info, scheduler = await russia_late(service)
    later = info.deadline_at + timedelta(hours=2)
    await service.orders.set_ready(Caller(owner(info, "RUSSIA"), GUILD), later)
    assert [r.phase.code for r in (await scheduler.tick(later)).adjudicated] == ["S1901M"]


async def test_issue33_a_non_late_powers_partial_orders_do_not_hold_the_grace(service):
    """France sent one order before the deadline: not late, its orders were final at
    the deadline; only Russia, late, is waited for."""
    info = await started_game(service, settings=GRACE)
    france = Caller(owner(info, "FRANCE"), GUILD)
    await service.orders.submit_orders(france, "A PAR - BUR", T0 + timedelta(hours=1))
    for power in ("AUSTRIA", "ENGLAND", "GERMANY", "ITALY", "TURKEY"):
        await service.orders.set_ready(Caller(owner(info, power), GUILD), T0)
    scheduler = Scheduler(service)
    assert (await scheduler.tick(info.deadline_at)).adjudicated == ()
    in_grace = info.deadline_at + timedelta(hours=3)
    await service.orders.submit_orders(Caller(owner(info, "RUSSIA"), GUILD), RUSSIA, in_grace)
    assert [r.phase.code for r in (await scheduler.tick(in_grace)).adjudicated] == ["S1901M"]


async def test_issue33_grace_waits_while_any_late_power_has_not_finished(service):
    info, scheduler = await russia_late(service, ready=OTHERS[:-1])  # Turkey late too
    later = info.deadline_at + timedelta(hours=2)
    await service.orders.submit_orders(Caller(owner(info, "RUSSIA"), GUILD), RUSSIA, later)
    assert (await scheduler.tick(later)).adjudicated == ()
    assert await phase_code(service, info) == "S1901M"
    await service.orders.submit_orders(
        Caller(owner(info, "TURKEY"), GUILD), "A CON H\nA SMY H\nF ANK H", later
    )
    assert [r.phase.code for r in (await scheduler.tick(later)).adjudicated] == ["S1901M"]


async def test_issue33_gm_status_lists_the_powers_the_grace_waits_for(service):
    """`/gm status` read "Nothing needs you now." while Russia was late."""
    info, _ = await russia_late(service)
    status = await service.reach.gm_status(info.id, Caller(GM, GUILD))
    text = gm_status_text(status)
    assert "Nothing needs you now." not in text
    (line,) = [li for li in text.splitlines() if li.startswith("**In grace**")]
    assert "Russia" in line and "no orders yet" in line and "<t:" in line
    assert "Turkey" not in line
    await service.orders.submit_orders(
        Caller(owner(info, "RUSSIA"), GUILD), "A MOS H", info.deadline_at + timedelta(hours=1)
    )
    text = gm_status_text(await service.reach.gm_status(info.id, Caller(GM, GUILD)))
    assert "Russia (1 of 4 units)" in text


async def test_issue33_a_match_in_grace_ends_when_both_boards_late_have_ordered(service):
    """One-on-one (O7a): a grace holds both boards; it ends early only when the late
    powers of both boards have ordered, and both boards are played together."""
    settings = GameSettings(
        variant=VariantName.ONE_ON_ONE, schedule=Schedule(grace_minutes=24 * 60)
    )
    game = await service.lobby.create_game(
        GUILD, CHANNEL, GM, "Duel", T0, settings, seed=7, second_channel_id=SECOND
    )
    for i, user in enumerate(PLAYERS[:2]):
        await service.lobby.join(game.id, Caller(user, GUILD), T0 + timedelta(seconds=i))
    await service.lobby.start(game.id, Caller(GM, GUILD), T0)
    a, b = await _ids(service)
    game_a, _, holders_a = await _board(service, a)
    _, _, holders_b = await _board(service, b)
    deadline = game_a.deadline_at
    before = deadline - timedelta(hours=1)
    efr = "F LON H\nF EDI H\nA LVP H\nA PAR H\nA MAR H\nF BRE H\nA MOS H\nA WAR H\nF SEV H\n"
    efr += "F STP/SC H"
    agt = "A VIE H\nA BUD H\nF TRI H\nA BER H\nA MUN H\nF KIE H\nA CON H\nA SMY H\nF ANK H"
    await service.orders.submit_orders(Caller(holders_a["AUSTRIA"], GUILD), agt, before, a)
    await service.orders.submit_orders(Caller(holders_b["ENGLAND"], GUILD), efr, before, b)
    scheduler = Scheduler(service)
    assert (await scheduler.tick(deadline)).adjudicated == ()  # EFR late on A, AGT on B
    later = deadline + timedelta(hours=2)
    await service.orders.submit_orders(Caller(holders_a["ENGLAND"], GUILD), efr, later, a)
    assert (await scheduler.tick(later)).adjudicated == ()  # B still waits for AGT
    await service.orders.submit_orders(Caller(holders_b["AUSTRIA"], GUILD), agt, later, b)
    report = await scheduler.tick(later + timedelta(seconds=1))
    assert sorted(r.game_id for r in report.adjudicated) == [a, b]


async def test_issue33_the_others_orders_were_final_at_the_deadline(service):
    """The ruling: "the others' orders were final at the deadline". In the grace, a
    power that was not late cannot change its orders (they are what the phase plays);
    the late power can send its own."""
    info = await started_game(service, settings=GRACE)
    france = Caller(owner(info, "FRANCE"), GUILD)
    await service.orders.submit_orders(france, "A Par - Bur", T0)
    for power in OTHERS:
        if power != "FRANCE":
            await service.orders.set_ready(Caller(owner(info, power), GUILD), T0)
    scheduler = Scheduler(service)
    assert (await scheduler.tick(info.deadline_at)).adjudicated == ()  # Russia is late
    in_grace = info.deadline_at + timedelta(hours=1)
    with pytest.raises(LateOrders, match="final at the deadline"):
        await service.orders.submit_orders(france, "A Par - Pic", in_grace)
    shown = await service.orders.show_orders(france)
    assert [str(o) for o in shown.orders] == ["A PAR - BUR"]
    russia = Caller(owner(info, "RUSSIA"), GUILD)
    sent = await service.orders.submit_orders(russia, "A Mos H", in_grace)
    assert [line.status.value for line in sent.lines] == ["accepted"]
