"""Choosing a variant and its grouping before the start (issue 11, Discord): the
variant read from `/game create`, the three-player arrangement set with
`/gm settings set grouping`, and the words `/game status` and `/help variants` use."""

from __future__ import annotations

import pytest

from adjudication.variants import VARIANTS
from bot.service.kernel import Caller, GameSettings, InvalidSetting, VariantName
from bot.service.lobby import (
    change_setting,
    lobby_grouping_text,
    status_variant_lines,
    variant_choices,
)
from bot.service.lobby._variant_text import NOT_YET_PLAYABLE, PLAYABLE_VARIANTS, read_variant
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, PLAYERS

GM_HERE = Caller(GM, GUILD)


def test_every_playable_variant_is_offered_within_discords_limits() -> None:
    choices = variant_choices("")
    assert [value for _, value in choices] == list(PLAYABLE_VARIANTS)
    assert set(PLAYABLE_VARIANTS) | set(NOT_YET_PLAYABLE) == set(VARIANTS)
    assert len(choices) <= 25
    for label, value in choices:
        assert len(label) <= 100 and len(value) <= 100
        assert VARIANTS[value].title in label


def test_typing_narrows_the_variants_offered() -> None:
    assert [v for _, v in variant_choices("war")] == ["world_war_i"]
    assert [v for _, v in variant_choices("TWO PLAYERS")] == ["world_war_i", "one_on_one"]
    assert [v for _, v in variant_choices("two boards")] == ["one_on_one"]
    assert [v for _, v in variant_choices("kriegsplomacy")] == ["kriegsplomacy"]
    assert [v for _, v in variant_choices("spy")] == ["spy"]


def test_rules004_kriegsplomacy_is_playable_now_each_player_is_sent_their_own_view() -> None:
    # Issue 12: every DM, map, answer and notice of a Kriegsplomacy game is made from
    # the asker's view (tests/cogs/test_kriegsplomacy*.py), so it may be created.
    assert "kriegsplomacy" in PLAYABLE_VARIANTS
    assert read_variant("Kriegsplomacy") is VariantName.KRIEGSPLOMACY


def test_rules004_spy_diplomacy_is_offered_and_read_at_create() -> None:
    # Issue 12: spies are read from orders, kept, hidden and drawn for their owner only.
    assert "spy" in PLAYABLE_VARIANTS
    assert read_variant("spy") is VariantName.SPY


def test_a_variant_is_read_by_its_name_or_refused_with_the_choices() -> None:
    assert read_variant("world_war_i") is VariantName.WORLD_WAR_I
    assert read_variant(" Standard ") is VariantName.STANDARD
    assert read_variant("Airplane") is VariantName.AIRPLANE
    every = "standard, world_war_i, airplane, one_on_one, kriegsplomacy, spy"
    with pytest.raises(InvalidSetting, match=every):
        read_variant("chess")


def test_rules000_14_2_three_players_grouping_is_a_lobby_setting() -> None:
    chosen = change_setting(GameSettings(), "grouping", "3b", started=False)
    assert chosen.rules.grouping == "3b"
    back = change_setting(chosen, "grouping", "default", started=False)
    assert back.rules.grouping is None
    with pytest.raises(InvalidSetting, match="3a, 3b"):
        change_setting(GameSettings(), "grouping", "4", started=False)
    with pytest.raises(InvalidSetting, match="before the game starts"):
        change_setting(GameSettings(), "grouping", "3b", started=True)
    world_war = GameSettings(variant=VariantName.WORLD_WAR_I)
    with pytest.raises(InvalidSetting, match="no choice"):
        change_setting(world_war, "grouping", "3b", started=False)


async def test_rules000_14_2_the_grouping_chosen_in_the_lobby_deals_the_powers(service):
    game = await service.lobby.create_game(GUILD, CHANNEL, GM, "Three", T0)
    await service.gm.gm_change_setting(game.id, GM_HERE, "grouping", "3b", T0)
    for user in PLAYERS[:3]:
        await service.lobby.join(game.id, Caller(user, GUILD), T0)
    info = await service.lobby.start(game.id, GM_HERE, T0)
    held: dict[int, set[str]] = {}
    for p in info.powers:
        held.setdefault(p.user_id, set()).add(p.power)
    assert sorted(map(sorted, held.values())) == [
        ["AUSTRIA", "ENGLAND", "GERMANY"],
        ["FRANCE", "TURKEY"],
        ["ITALY", "RUSSIA"],
    ]


@pytest.mark.parametrize(
    ("players", "said"),
    [
        (0, "Played by 2 to 7 players (2 play World War I); nobody has joined yet."),
        (1, "Played by 2 to 7 players (2 play World War I); 1 player has joined so far."),
        (
            2,
            "2 players: World War I: England+France+Russia; "
            "Austria+Germany+Turkey; Italy joins one side in 1915.",
        ),
        (3, "3 players: Russia; England+France+Germany; Austria+Italy+Turkey."),
        (4, "4 players: England; Austria+France; Germany+Turkey; Italy+Russia."),
        (5, "5 players: one power each; Germany and Italy are out of play (their units hold)."),
        (6, "6 players: one power each; Italy is out of play (its units hold)."),
        (7, "7 players: one power each."),
        (8, "Played by 2 to 7 players (2 play World War I); 8 players have joined so far."),
    ],
)
def test_rules000_14_2_the_lobby_says_how_powers_will_be_grouped(players, said) -> None:
    assert lobby_grouping_text(GameSettings(), players) == said


def test_the_lobby_of_a_chosen_grouping_and_of_world_war_i() -> None:
    three_b = change_setting(GameSettings(), "grouping", "3b", started=False)
    assert lobby_grouping_text(three_b, 3) == (
        "3 players: England+Germany+Austria; Russia+Italy; France+Turkey."
    )
    world_war = GameSettings(variant=VariantName.WORLD_WAR_I)
    assert lobby_grouping_text(world_war, 3) == (
        "Played by 2 players; 3 players have joined so far."
    )


def test_status_names_the_variant_and_only_options_changed_never_the_toss_seed() -> None:
    plain = status_variant_lines(GameSettings())
    assert plain[0] == f"**{VARIANTS['standard'].title}**: {VARIANTS['standard'].summary}"
    assert len(plain) == 1
    data = GameSettings(variant=VariantName.WORLD_WAR_I).model_dump(mode="json")
    data["rules"].update(year_limit=1920, toss_seed=123456789, paradox_rule="rulebook_1982")
    data["press"] = "none"
    lines = status_variant_lines(GameSettings.model_validate(data))
    assert lines[0].startswith("**World War I**")
    assert "Short game: the game ends with 1920; the most units on the board wins" in lines
    assert "Convoy paradoxes: 1982 rulebook (XII.5)" in lines
    assert "Press: none (gunboat)" in lines
    assert not any("123456789" in line or "toss" in line.lower() for line in lines)
