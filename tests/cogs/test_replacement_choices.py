"""`/gm replace` offers the incoming player as rules/000 §14.3 prefers: "a person who
has not previously had a country (or failing that, whose country has already been
eliminated from play)" first."""

from __future__ import annotations

from tests.cogs.conftest import create_game, start_game
from tests.fake_discord import Driver


async def test_rules000_14_3_gm_replace_offers_who_never_had_a_country_first(
    driver: Driver,
) -> None:
    powers = await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    # The outsider plays in another game of the server, never this one.
    other = driver.guild.channel_named("second-game")
    await create_game(driver, "Other", channel=other)
    outsider = driver.user("outsider")
    assert (
        "You joined" in (await (await driver.slash(outsider, other, "game join")).reply()).content
    )

    offered = await (
        await driver.autocomplete(gm, channel, "gm replace", "suggested", "", {"power": "TURKEY"})
    ).choices()
    assert offered and offered[0]["value"] == str(outsider.id)
    assert "never had a country here" in offered[0]["name"]
    # Nobody who holds a country in the game is offered.
    holders = {str(u.id) for u in powers.values()}
    assert not holders & {c["value"] for c in offered}
    picked = offered[0]["value"]
    reply = await (
        await driver.slash(gm, channel, "gm replace", {"power": "TURKEY", "suggested": picked})
    ).reply()
    assert reply.ephemeral and "now plays Turkey" in reply.content
    await driver.wait_for_message(lambda m: "now plays **Turkey**" in m.content, channel=channel)


async def test_gm_replace_wants_one_incoming_player(driver: Driver) -> None:
    await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    neither = await (await driver.slash(gm, channel, "gm replace", {"power": "TURKEY"})).reply()
    assert neither.ephemeral and "player:" in neither.content and "suggested:" in neither.content
    unknown = await (
        await driver.slash(gm, channel, "gm replace", {"power": "TURKEY", "suggested": "Bob"})
    ).reply()
    assert unknown.ephemeral and "from the list" in unknown.content
