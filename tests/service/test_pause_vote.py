"""Issue 23, the pause vote: players pause by unanimous vote, as rules/004 rule 4 treats
a deadline change, an abstention counting yes for a pause (as for an extension); the
GM or a vote resumes. While paused no reminder is sent and no deadline passes."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, WrongState
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, outbox, started_game

HOUR = timedelta(hours=1)


async def test_issue23_pause_passes_when_every_survivor_says_yes(service):
    info = await started_game(service)
    vote = await service.votes.propose_pause(info.id, Caller(PLAYERS[0], GUILD), T0 + HOUR)
    assert vote.kind == "pause" and vote.status == "open"
    for user in PLAYERS[1:-1]:
        await service.votes.cast_ballot(vote.id, user, True, T0 + HOUR)
    assert (await service.lobby.game_info(info.id)).paused is False
    last = await service.votes.cast_ballot(vote.id, PLAYERS[-1], True, T0 + 2 * HOUR)
    assert last.status == "passed"
    assert (await service.lobby.game_info(info.id)).paused is True
    # Paused: the deadline does not pass, and no reminder is sent.
    scheduler = Scheduler(service)
    report = await scheduler.tick(info.deadline_at + timedelta(days=2))
    assert (report.adjudicated, report.reminders_sent) == ((), 0)
    paused = [e for e in await outbox(service) if e.kind is EventKind.PAUSED]
    assert paused and encode(paused[-1].payload).get("by_vote") is True


async def test_issue23_one_no_keeps_the_game_running(service):
    info = await started_game(service)
    vote = await service.votes.propose_pause(info.id, Caller(PLAYERS[0], GUILD), T0)
    closed = await service.votes.cast_ballot(vote.id, PLAYERS[3], False, T0)
    assert closed.status == "failed"
    assert (await service.lobby.game_info(info.id)).paused is False


async def test_issue23_abstention_counts_yes_for_a_pause_at_the_deadline(service):
    info = await started_game(service)
    await service.votes.propose_pause(info.id, Caller(PLAYERS[0], GUILD), T0)
    report = await Scheduler(service).tick(info.deadline_at)
    assert report.adjudicated == ()
    after = await service.lobby.game_info(info.id)
    assert (after.paused, after.phase.code) == (True, "S1901M")


async def test_issue23_a_vote_resumes_and_the_deadline_moves_by_the_pause(service):
    info = await started_game(service)
    vote = await service.votes.propose_pause(info.id, Caller(PLAYERS[0], GUILD), T0)
    for user in PLAYERS[1:]:
        await service.votes.cast_ballot(vote.id, user, True, T0)
    with pytest.raises(WrongState, match="already paused"):
        await service.votes.propose_pause(info.id, Caller(PLAYERS[1], GUILD), T0)
    later = T0 + timedelta(days=3)
    again = await service.votes.propose_resume(info.id, Caller(PLAYERS[1], GUILD), later)
    for user in [PLAYERS[0], *PLAYERS[2:]]:
        again = await service.votes.cast_ballot(again.id, user, True, later)
    assert again.status == "passed"
    after = await service.lobby.game_info(info.id)
    assert after.paused is False
    assert after.deadline_at == info.deadline_at + timedelta(days=3)
    resumed = [e for e in await outbox(service) if e.kind is EventKind.RESUMED]
    assert encode(resumed[-1].payload)["by_vote"] is True


async def test_issue23_resume_vote_only_while_paused_and_gm_resumes_a_voted_pause(service):
    info = await started_game(service)
    with pytest.raises(WrongState, match="not paused"):
        await service.votes.propose_resume(info.id, Caller(PLAYERS[0], GUILD), T0)
    vote = await service.votes.propose_pause(info.id, Caller(PLAYERS[0], GUILD), T0)
    for user in PLAYERS[1:]:
        await service.votes.cast_ballot(vote.id, user, True, T0)
    await service.gm.gm_resume(info.id, Caller(GM, GUILD), T0 + HOUR)
    assert (await service.lobby.game_info(info.id)).paused is False
