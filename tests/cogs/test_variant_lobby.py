"""Variants through Discord (issue 11, "Discord"): `/game create variant:` with
autocomplete, `/game status` naming the variant, its changed options and how the
lobby's players will share the powers, `/help topic:variants`, and a player holding
two powers ordering both from one DM."""

from __future__ import annotations

from adjudication.variants import VARIANTS
from bot.service.kernel import VariantName
from bot.service.lobby._variant_text import PLAYABLE_VARIANTS
from tests.cogs.conftest import create_game, dm_orders, join_all, start_game, visible_text
from tests.fake_discord import Driver


async def _status(driver: Driver, user: str = "carol") -> str:
    handle = await driver.slash(driver.user(user), driver.fake.game_channel, "game status")
    return visible_text(await handle.reply())


async def test_game_create_offers_the_registered_variants_with_a_description(
    driver: Driver,
) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    handle = await driver.autocomplete(gm, channel, "game create", "variant", "", {"name": "G"})
    # The fake refuses more than 25 choices or a name over 100 characters.
    choices = await handle.choices()
    assert [c["value"] for c in choices] == list(PLAYABLE_VARIANTS)
    for choice in choices:
        assert VARIANTS[choice["value"]].title in choice["name"]
    handle = await driver.autocomplete(gm, channel, "game create", "variant", "war", {"name": "G"})
    assert [c["value"] for c in await handle.choices()] == ["world_war_i"]


async def test_a_game_created_as_world_war_i_keeps_its_variant(driver: Driver) -> None:
    created = await create_game(driver, "Great War", variant="world_war_i")
    assert "once 2 players are in" in created.content
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    settings = await driver.bot.service.lobby.game_settings(info.id)
    assert settings.variant is VariantName.WORLD_WAR_I


async def test_an_unknown_variant_is_refused_and_no_game_opens(driver: Driver) -> None:
    reply = await create_game(driver, "Chess", variant="chess")
    assert reply.ephemeral and "standard, world_war_i, airplane" in reply.content
    handle = await driver.slash(driver.user("bob"), driver.fake.game_channel, "game status")
    assert "no game" in (await handle.reply()).content


async def test_lobby_status_says_the_variant_and_how_four_players_share_the_powers(
    driver: Driver,
) -> None:
    await create_game(driver, year_limit=1910)
    await join_all(driver, ("alice", "bob", "carol", "dave"))
    text = await _status(driver)
    assert VARIANTS["standard"].summary in text
    assert "4 players: England; Austria+France; Germany+Turkey; Italy+Russia" in text
    assert "Short game: the game ends with 1910" in text


async def test_the_gm_sets_the_three_player_arrangement_before_the_start(
    driver: Driver,
) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    await create_game(driver)
    await join_all(driver, ("alice", "bob", "carol"))
    assert "3 players: Russia; England+France+Germany; Austria+Italy+Turkey" in (
        await _status(driver)
    )
    handle = await driver.slash(
        gm, channel, "gm settings set", {"setting": "grouping", "value": "3b"}
    )
    assert "Changed" in (await handle.reply()).content
    assert "3 players: England+Germany+Austria; Russia+Italy; France+Turkey" in (
        await _status(driver)
    )


async def test_world_war_i_status_names_it_and_never_the_toss_seed(driver: Driver) -> None:
    await start_game(driver, names=("alice", "bob"))
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    settings = await driver.bot.service.lobby.game_settings(info.id)
    text = await _status(driver)
    assert "World War I" in text
    assert str(settings.rules.toss_seed) not in text and "toss" not in text.lower()


async def test_help_variants_explains_each_and_links_the_document(driver: Driver) -> None:
    driver.bot.settings = driver.bot.settings.model_copy(
        update={"readme_url": "https://example.org/dipgm/blob/main/README.md"}
    )
    handle = await driver.slash(
        driver.user("dave"), driver.fake.game_channel, "help", {"topic": "variants"}
    )
    reply = await handle.reply()
    assert reply.ephemeral
    text = visible_text(reply)
    for variant in PLAYABLE_VARIANTS.values():
        assert variant.title in text
    assert "`/gm settings set`" in text and "3b" in text
    assert "https://example.org/dipgm/blob/main/docs/VARIANTS.md" in text


async def test_help_variants_without_an_address_names_the_document(driver: Driver) -> None:
    handle = await driver.slash(
        driver.user("dave"), driver.fake.game_channel, "help", {"topic": "variants"}
    )
    assert "docs/VARIANTS.md" in visible_text(await handle.reply())


async def test_rules000_14_2_one_player_orders_austria_and_france_from_one_dm(
    driver: Driver,
) -> None:
    powers = await start_game(driver, names=("alice", "bob", "carol", "dave"))
    pair = powers["AUSTRIA"]
    assert powers["FRANCE"] is pair
    echo = await dm_orders(driver, pair, "A Vie - Gal\nA Par - Bur\nF Tri - Adr")
    assert "Austria, France" in echo
    assert "❌" not in echo
    assert "**A Vienna - Galicia**" in echo or "Vie - Gal" in echo
    # Orders in force for both powers, echoed together; a later DM for one keeps both.
    echo = await dm_orders(driver, pair, "F Bre - Mid")
    assert "Austria, France" in echo and "❌" not in echo
    assert "Orders in force (4)" in echo
    shown = await driver.slash(pair, driver.dm(pair), "orders show")
    shown_text = visible_text(await shown.reply())
    assert "Austria" in shown_text and "France" in shown_text
