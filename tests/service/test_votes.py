from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, GameStatus, NotAllowed, WrongState
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, owner, started_game

NOW = T0 + timedelta(hours=1)


async def test_a_draw_needs_every_survivor_and_one_nay_kills_it(service):
    info = await started_game(service)
    users = sorted({p.user_id for p in info.powers})
    vote = await service.votes.propose_draw(info.id, Caller(users[0], GUILD), NOW)
    assert vote.status == "open" and vote.yes == ()  # secret ballots by default
    for user in users[1:-1]:
        vote = await service.votes.cast_ballot(vote.id, user, True, NOW)
        assert vote.status == "open"
    vote = await service.votes.cast_ballot(vote.id, users[-1], False, NOW)
    # Secret ballots: the player who closed the vote is told the counts, not the names.
    assert vote.status == "failed" and vote.no == () and vote.secret
    assert (vote.yes_count, vote.no_count) == (6, 1)
    with pytest.raises(WrongState):
        await service.votes.cast_ballot(vote.id, users[-1], True, NOW)
    # A second proposal can then pass unanimously and ends the game as a draw.
    vote = await service.votes.propose_draw(info.id, Caller(users[0], GUILD), NOW)
    for user in users[1:]:
        vote = await service.votes.cast_ballot(vote.id, user, True, NOW)
    assert vote.status == "passed"
    game = await service.lobby.game_info(info.id)
    assert game.status is GameStatus.ENDED and game.end_kind == "draw"
    assert len(game.winners) == 7


async def test_abstentions_count_as_the_game_says_at_the_deadline(service):
    info = await started_game(service, channel=31)
    vote = await service.votes.propose_draw(info.id, Caller(GM, GUILD), NOW, anonymous=True)
    assert vote.anonymous and vote.proposer_user_id is None
    await service.votes.cast_ballot(vote.id, owner(info, "FRANCE"), True, NOW)
    report = await Scheduler(service).tick(info.deadline_at)
    assert report.adjudicated == ()  # rules/004 rule 5: silence is yes; the game is drawn
    assert (await service.lobby.game_info(info.id)).end_kind == "draw"

    strict = await started_game(
        service, channel=32, settings=GameSettings(draw_abstention_yes=False)
    )
    await service.votes.propose_draw(strict.id, Caller(owner(strict, "FRANCE"), GUILD), NOW)
    report = await Scheduler(service).tick(strict.deadline_at)
    assert [r.phase.code for r in report.adjudicated] == ["S1901M"]
    assert (await service.lobby.game_info(strict.id)).status is GameStatus.ACTIVE
    assert (await service.votes.open_votes(strict.id)) == ()  # lapsed with the phase


async def test_deadline_votes_extension_by_silence_and_shortening_by_all(service):
    info = await started_game(service)
    later = info.deadline_at + timedelta(days=2)
    vote = await service.votes.propose_deadline(
        info.id, Caller(owner(info, "ITALY"), GUILD), later, NOW
    )
    assert vote.kind == "extend"
    report = await Scheduler(service).tick(info.deadline_at)
    assert report.adjudicated == ()
    assert (await service.lobby.game_info(info.id)).deadline_at == later

    sooner = later - timedelta(days=3)
    vote = await service.votes.propose_deadline(
        info.id, Caller(owner(info, "ITALY"), GUILD), sooner, NOW
    )
    assert vote.kind == "shorten"
    for p in info.powers:
        if p.power not in ("ITALY", "TURKEY"):
            vote = await service.votes.cast_ballot(vote.id, p.user_id, True, NOW)
    assert vote.status == "open"  # Turkey's silence is a nay for moving it earlier
    vote = await service.votes.cast_ballot(vote.id, owner(info, "TURKEY"), True, NOW)
    assert vote.status == "passed"
    assert (await service.lobby.game_info(info.id)).deadline_at == sooner


async def test_only_survivors_vote(service):
    info = await started_game(service)
    with pytest.raises(NotAllowed):
        await service.votes.propose_draw(info.id, Caller(31337, GUILD), NOW)
    vote = await service.votes.propose_draw(info.id, Caller(PLAYERS[0], GUILD), NOW)
    with pytest.raises(NotAllowed):
        await service.votes.cast_ballot(vote.id, 31337, True, NOW)
    with pytest.raises(WrongState):
        await service.votes.propose_draw(
            info.id, Caller(PLAYERS[1], GUILD), NOW
        )  # one open draw vote at a time
