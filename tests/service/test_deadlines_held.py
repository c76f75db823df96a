"""Issue 29, "An absence holds against every way a deadline moves": "A deadline that
would fall inside [an absence] moves to the end of the absence" whoever moves it: the
schedule at a new phase, a resume, an excuse, a grace, the GM (`/gm extend`,
`/gm deadline`) and a vote. Each ends outside every absence in force, as the absence
stands within the game's cap of days (docs/DEADLINES.md, "Absences")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, GameSettings, Schedule
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, outbox, owner, started_game

# T0 is Monday 5 January 2026, 12:00 UTC: the first deadline (96 hours) Friday 9th noon.
WEEK_AWAY = Schedule(absence_days=7)
HOUR = timedelta(hours=1)


def utc(day: int, hour: int = 0) -> datetime:
    return datetime(2026, 1, day, hour, tzinfo=UTC)


async def away(service, info, power: str, dates: str, now: datetime = T0) -> None:
    await service.absence.declare_absence(info.id, Caller(owner(info, power), GUILD), dates, now)


async def deadline_of(service, info) -> datetime:
    return (await service.lobby.game_info(info.id)).deadline_at


async def last_payload(service, kind: EventKind) -> dict:
    return encode([e for e in await outbox(service) if e.kind is kind][-1].payload)


async def test_issue29_schedule_a_new_phases_deadline_keeps_to_the_cut_absence(service):
    """The schedule: a phase begun while a power is away; the absence as the cap cut
    it (two days of the five asked), no further."""
    info = await started_game(service, settings=GameSettings(schedule=Schedule(absence_days=2)))
    await away(service, info, "TURKEY", "13-17 Jan")  # cut to the 13th and 14th
    await Scheduler(service).tick(utc(9, 12))
    # The autumn's deadline, Tuesday 13th noon, falls inside: midnight after the 14th.
    assert await deadline_of(service, info) == utc(15)


async def test_issue29_resume_ends_outside_an_absence_declared_before_the_pause(service):
    info = await started_game(service, settings=GameSettings(schedule=WEEK_AWAY))
    await away(service, info, "ENGLAND", "10-11 Jan")  # Friday noon's deadline is before
    assert await deadline_of(service, info) == utc(9, 12)
    await service.gm.gm_pause(info.id, Caller(GM, GUILD), T0 + HOUR)
    # Paused a day: the deadline would move to Saturday noon, inside the absence.
    resumed = await service.gm.gm_resume(info.id, Caller(GM, GUILD), T0 + HOUR + timedelta(days=1))
    assert resumed == await deadline_of(service, info) == utc(12)
    assert (await last_payload(service, EventKind.RESUMED))["deadline"] == utc(12).isoformat()


async def test_issue29_resume_ends_outside_an_absence_declared_while_paused(service):
    info = await started_game(service, settings=GameSettings(schedule=WEEK_AWAY))
    await service.gm.gm_pause(info.id, Caller(GM, GUILD), T0 + HOUR)
    await away(service, info, "ENGLAND", "10-11 Jan", T0 + 2 * HOUR)
    await service.gm.gm_resume(info.id, Caller(GM, GUILD), T0 + HOUR + timedelta(days=1))
    assert await deadline_of(service, info) == utc(12)


async def test_issue29_excuse_ends_outside_the_excused_powers_own_absence(service):
    schedule = Schedule(absence_days=7, excuses=1)
    info = await started_game(service, settings=GameSettings(schedule=schedule))
    await away(service, info, "ENGLAND", "12-14 Jan")
    await Scheduler(service).tick(utc(9, 12))  # nobody ordered: each spends an excuse
    # 96 hours more would be Tuesday 13th noon, inside England's absence.
    assert await deadline_of(service, info) == utc(15)
    assert (await last_payload(service, EventKind.EXCUSED))["deadline"] == utc(15).isoformat()


async def test_issue29_grace_ends_outside_a_late_powers_absence(service):
    schedule = Schedule(absence_days=7, grace_minutes=3 * 24 * 60)
    info = await started_game(service, settings=GameSettings(schedule=schedule))
    await away(service, info, "ITALY", "11-12 Jan")
    at = T0 + HOUR
    for power in ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY"):
        await service.orders.set_ready(Caller(owner(info, power), GUILD), at)
    await Scheduler(service).tick(utc(9, 12))  # Italy is late
    # Three days of grace would end Monday 12th noon, inside Italy's absence.
    assert await deadline_of(service, info) == utc(13)
    assert (await last_payload(service, EventKind.LATE))["until"] == utc(13).isoformat()
    assert not (await Scheduler(service).tick(utc(12, 12))).adjudicated


async def test_issue29_gm_extend_and_deadline_end_outside_an_absence(service):
    info = await started_game(service, settings=GameSettings(schedule=WEEK_AWAY))
    await away(service, info, "FRANCE", "10 Jan")
    gm = Caller(GM, GUILD)
    moved = await service.gm.gm_set_deadline(info.id, gm, timedelta(hours=24), T0)
    assert moved == await deadline_of(service, info) == utc(11)
    assert (await last_payload(service, EventKind.DEADLINE_CHANGED))["deadline"] == (
        utc(11).isoformat()
    )
    moved = await service.gm.gm_set_deadline(info.id, gm, utc(10, 18), T0)
    assert moved == utc(11)


async def test_issue29_deadline_vote_ends_outside_an_absence(service):
    info = await started_game(service, settings=GameSettings(schedule=WEEK_AWAY))
    await away(service, info, "FRANCE", "10 Jan")
    vote = await service.votes.propose_deadline(info.id, Caller(PLAYERS[0], GUILD), utc(10, 12), T0)
    for user in PLAYERS[1:]:
        vote = await service.votes.cast_ballot(vote.id, user, True, T0)
    assert vote.status == "passed"
    assert await deadline_of(service, info) == utc(11)
    told = await last_payload(service, EventKind.DEADLINE_CHANGED)
    assert (told["deadline"], told.get("by_vote")) == (utc(11).isoformat(), True)


async def test_issue29_a_rollback_begins_the_phase_again_outside_an_absence(service):
    """The schedule again: a phase begun again by `/gm rollback` gets the schedule's
    deadline, and keeps out of an absence as a new phase's does."""
    info = await started_game(service, settings=GameSettings(schedule=WEEK_AWAY))
    await away(service, info, "ENGLAND", "10-11 Jan")
    gm = Caller(GM, GUILD)
    await service.gm.gm_rollback(info.id, gm, "S1901M", T0 + timedelta(days=1))
    # Begun again Tuesday noon: 96 hours would be Saturday noon, inside the absence.
    assert await deadline_of(service, info) == utc(12)
