"""How many players each variant takes, said where the lobby refuses a count, and the
variants' choices at `/game create` whole within Discord's 100 characters."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adjudication.variants import VARIANTS
from bot.service.kernel import Caller, GameSettings, VariantName, WrongState
from bot.service.lobby._variant_text import MAX_CHOICE_TEXT, variant_label
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, PLAYERS


async def _lobby(service, variant: VariantName, players, **extra):
    game = await service.lobby.create_game(
        GUILD, CHANNEL, GM, "Lobby", T0, GameSettings(variant=variant), seed=7, **extra
    )
    for i, user in enumerate(players):
        await service.lobby.join(game.id, Caller(user, GUILD), T0 + timedelta(seconds=i))
    return game


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variants_choice_label_is_whole_within_discords_100(name):
    """Discord: an application command choice's name is 1-100 characters. Each
    variant's label is its title and its whole summary, never cut."""
    variant = VARIANTS[name]
    label = variant_label(variant)
    assert label == f"{variant.title} — {variant.summary}"
    assert len(label) <= MAX_CHOICE_TEXT


async def test_rules000_14_2_world_war_i_lobby_takes_two_players(service):
    """rules/000 §14.2: "One player plays England/France/Russia and the other plays
    Austria/Germany/Turkey": a World War I lobby is full at two, and says so."""
    game = await _lobby(service, VariantName.WORLD_WAR_I, PLAYERS[:2])
    with pytest.raises(WrongState, match="World War I is played by two players"):
        await service.lobby.join(game.id, Caller(PLAYERS[2], GUILD), T0 + timedelta(minutes=1))


async def test_rules000_14_2_world_war_i_started_by_one_says_two_players(service):
    game = await _lobby(service, VariantName.WORLD_WAR_I, PLAYERS[:1])
    with pytest.raises(WrongState, match="World War I is played by two players; 1 player has"):
        await service.lobby.start(game.id, Caller(GM, GUILD), T0)


async def test_rules004_one_on_one_is_played_by_two(service):
    """rules/004 One-on-one: "for two players" — a third is refused, with the reason."""
    game = await _lobby(service, VariantName.ONE_ON_ONE, PLAYERS[:2], second_channel_id=CHANNEL + 1)
    with pytest.raises(WrongState, match="One-on-one is played by two"):
        await service.lobby.join(game.id, Caller(PLAYERS[2], GUILD), T0 + timedelta(minutes=1))


async def test_rules000_14_2_a_standard_lobby_is_full_at_seven(service):
    game = await _lobby(service, VariantName.STANDARD, PLAYERS)
    with pytest.raises(WrongState, match="Diplomacy is played by 2 to 7 players"):
        await service.lobby.join(game.id, Caller(9999, GUILD), T0 + timedelta(minutes=1))


async def test_rules000_14_2_a_lone_player_is_told_how_many_play(service):
    game = await _lobby(service, VariantName.AIRPLANE, PLAYERS[:1])
    with pytest.raises(WrongState, match="Airplane Diplomacy is played by 3 to 7 players; 1"):
        await service.lobby.start(game.id, Caller(GM, GUILD), T0)
