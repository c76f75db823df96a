"""Whom a Masters Rules Winter waits for is also whom the service reminds, calls late
and shows as owing orders (docs/VARIANTS.md M22): one rule, `owes_orders`."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from adjudication.model.optional_rules import MastersRules
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, GameSettings, Schedule, reminder_text
from tests.adjudication.masters.test_examples import position
from tests.conftest import T0
from tests.service.conftest import force_position, outbox, owner, started_game
from tests.service.test_masters_winter import FRANCE_AIDS_ITALY_1905, NO_ROOM

AT = T0 + timedelta(hours=1)
REBELLION = MastersRules(rebellion=True)


async def _game(service, masters: MastersRules, start, **settings):
    rules = replace(GameSettings().rules, masters=masters)
    info = await started_game(service, settings=GameSettings(**settings).changed(rules=rules))
    await force_position(service, info.id, start)
    return info


async def _events(service, kind: EventKind) -> list:
    return [e for e in await outbox(service) if e.kind is kind]


async def test_rules003_mr3_a_surplus_with_no_room_is_reminded_until_it_writes(service):
    info = await _game(service, REBELLION, NO_ROOM, reminder_minutes=(120, 60))
    scheduler = Scheduler(service)
    await scheduler.tick(info.deadline_at - timedelta(hours=2))
    reminded = {e.user_id: e for e in await _events(service, EventKind.REMINDER)}
    france = owner(info, "FRANCE")
    assert set(reminded) == {france, owner(info, "ENGLAND")}
    text = reminder_text("Test game", reminded[france].payload, info.deadline_at)
    assert "no build yet" in text, text
    await service.orders.submit_orders(Caller(france), "Build Rebel A War", AT)
    await scheduler.tick(info.deadline_at - timedelta(hours=1))
    again = [e.user_id for e in await _events(service, EventKind.REMINDER)]
    assert again.count(france) == 1  # its word is in: the Winter no longer waits for it


async def test_rules003_mr6_a_power_that_may_build_with_aid_is_late_when_silent(service):
    grace = Schedule(grace_minutes=24 * 60)
    info = await _game(
        service, MastersRules(foreign_aid=True), FRANCE_AIDS_ITALY_1905, schedule=grace
    )
    await service.orders.submit_orders(Caller(owner(info, "FRANCE")), "Aid Italy", AT)
    report = await Scheduler(service).tick(info.deadline_at)
    assert report.adjudicated == ()  # the game waits for Italy
    (channel,) = [e for e in await _events(service, EventKind.LATE) if e.channel_id]
    assert encode(channel.payload)["powers"] == ["ITALY"]


async def test_rules003_without_mr3_mr4_mr6_a_surplus_with_no_room_is_not_late(service):
    grace = Schedule(grace_minutes=24 * 60)
    info = await _game(service, MastersRules(disarmament=True), NO_ROOM, schedule=grace)
    await service.orders.submit_orders(Caller(owner(info, "ENGLAND")), "Disband A Lvp", AT)
    report = await Scheduler(service).tick(info.deadline_at)
    assert [r.phase.code for r in report.adjudicated] == ["W1902A"]


async def test_rules003_mr3_the_status_shows_a_surplus_with_no_room_as_owing(service):
    info = await _game(service, REBELLION, NO_ROOM)
    owing = {p.power for p in (await service.lobby.game_info(info.id)).powers if p.owes_orders}
    assert owing == {"FRANCE", "ENGLAND"}


# Fall 1902: France takes Belgium and has two builds with no free home centre; nobody
# else has anything to adjust.
FRANCE_TAKES_BELGIUM = position(
    "F1902M",
    {"FRANCE": "A PAR,A MAR,F BRE,A BUR", "ENGLAND": "F LON", "RUSSIA": "A STP,F BOT"},
    {"FRANCE": "PAR MAR BRE SPA POR", "ENGLAND": "LON", "RUSSIA": "STP WAR"},
)


async def test_rules003_m15_a_winter_only_the_masters_rules_open_waits_for_its_deadline(service):
    info = await _game(service, REBELLION, FRANCE_TAKES_BELGIUM)
    await service.orders.submit_orders(Caller(owner(info, "FRANCE")), "A Bur - Bel", AT)
    fall_ends = info.deadline_at
    await Scheduler(service).tick(fall_ends)
    winter = await service.lobby.game_info(info.id)
    assert winter.phase.code == "W1902A"
    assert winter.deadline_at > fall_ends  # France may raise rebels: not played at once
