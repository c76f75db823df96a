"""Who votes in a draw and shares it when a power is held by no player: World War I's
neutral Italy (W5 in docs/VARIANTS.md) and the fewer-player games' eliminated powers."""

from __future__ import annotations

from datetime import timedelta

from adjudication.model.units import Phase
from adjudication.variants import WORLD_WAR_I
from bot.service.kernel import Caller
from tests.conftest import T0
from tests.service.conftest import GUILD, PLAYERS, force_position, started_game
from tests.service.test_world_war_i import AGT, EFR, _game


async def _agreed_draw(service, game_id, proposer, other, at):
    vote = await service.votes.propose_draw(game_id, Caller(proposer, GUILD), at)
    await service.votes.cast_ballot(vote.id, other, True, at + timedelta(minutes=1))
    return (await service.lobby.game_info(game_id)).winners


async def test_rules000_14_2_world_war_i_neutral_italy_has_no_share_in_a_draw(service):
    """ "Italy is neutral": before it joins a side in Spring 1915 no player holds it, so
    it has no vote, and a draw agreed in 1914 is the two sides' six powers."""
    info = await started_game(service, PLAYERS[:2])
    _, _, powers = await _game(service, info.id)
    efr, agt = powers["ENGLAND"].user_id, powers["AUSTRIA"].user_id
    winners = await _agreed_draw(service, info.id, efr, agt, T0 + timedelta(hours=1))
    assert sorted(winners) == sorted(EFR + AGT)


async def test_rules000_14_2_world_war_i_italy_joined_is_in_the_winners_draw(service):
    """ "Italy joins the winner of the toss in Spring 1915": from then its vote is that
    player's, and it shares a draw."""
    info = await started_game(service, PLAYERS[:2])
    settings, position, powers = await _game(service, info.id)
    await force_position(service, info.id, position.at_phase(Phase.parse("F1914M")))
    agt = powers["AUSTRIA"].user_id
    await service.orders.submit_orders(Caller(agt, GUILD), "A BUD - SER", T0, info.id)  # a build
    await service.adjudicator.adjudicate_game(info.id, T0 + timedelta(days=5))
    await service.adjudicator.adjudicate_game(info.id, T0 + timedelta(days=10))
    _, position, powers = await _game(service, info.id)
    assert position.phase == Phase.parse("S1915M")
    winner = powers[WORLD_WAR_I.toss_winner(settings.rules)[0]].user_id
    loser = next(r.user_id for r in powers.values() if r.user_id not in (None, winner))
    winners = await _agreed_draw(service, info.id, loser, winner, T0 + timedelta(days=11))
    assert sorted(winners) == sorted((*EFR, *AGT, "ITALY"))


async def test_rules000_14_2_six_players_eliminated_italy_has_no_share_in_a_draw(service):
    """F1: with six players "Italy is eliminated": its units stand, but it is no
    survivor to share a draw."""
    info = await started_game(service, PLAYERS[:6])
    vote = await service.votes.propose_draw(
        info.id, Caller(PLAYERS[0], GUILD), T0 + timedelta(hours=1)
    )
    for user in PLAYERS[1:6]:
        await service.votes.cast_ballot(vote.id, user, True, T0 + timedelta(hours=2))
    winners = (await service.lobby.game_info(info.id)).winners
    assert "ITALY" not in winners and len(winners) == 6
