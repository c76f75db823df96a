"""What readers see of people and press (issue 19): a mention that pings nobody, or one
in an embed, reads as a bare number where Discord has not loaded that user, so each
carries the person's name beside it; and press comes in an embed whose author is the
sender, so no line of it can pass for another power's signature."""

from __future__ import annotations

from tests.cogs.conftest import PLAYERS, channel_posts, start_game
from tests.fake_discord import Driver

THREE = PLAYERS[:3]


async def test_status_names_everyone_it_mentions(driver: Driver) -> None:
    channel = driver.fake.game_channel
    await (await driver.slash(driver.fake.gm, channel, "game create", {"name": "G"})).reply()
    alice = driver.user("alice")
    await (await driver.slash(alice, channel, "game join")).reply()
    lobby = await (await driver.slash(alice, channel, "game status")).reply()
    assert f"{alice.mention} (Alice)" in lobby.embeds[0]["description"]
    for name in ("bob", "carol"):
        await (await driver.slash(driver.user(name), channel, "game join")).reply()
    await (await driver.slash(driver.fake.gm, channel, "game start")).reply()
    status = await (await driver.slash(alice, channel, "game status")).reply()
    values = [f["value"] for f in status.embeds[0]["fields"]]
    assert any(f"{alice.mention} (Alice)" in v for v in values), values


async def test_replacement_and_removal_posts_name_the_players(driver: Driver) -> None:
    powers = await start_game(driver, THREE)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    alice, bob, standby = driver.user("alice"), driver.user("bob"), driver.user("standby")
    theirs = next(p for p, u in powers.items() if u is alice)
    await (
        await driver.slash(gm, channel, "gm replace", {"power": theirs, "player": standby})
    ).reply()
    post = await driver.wait_for_message(
        lambda m: "now plays" in m.content and not m.ephemeral, channel=channel
    )
    assert f"{standby.mention} (Standby)" in post.content
    assert f"{alice.mention} (Alice)" in post.content
    assert post.pinged_users == set()
    await (await driver.slash(gm, channel, "gm kick", {"player": bob})).reply()
    post = await driver.wait_for_message(
        lambda m: "removed" in m.content and not m.ephemeral, channel=channel
    )
    assert f"{bob.mention} (Bob)" in post.content and post.pinged_users == set()


async def test_press_is_signed_by_its_sender_and_cannot_forge_another(driver: Driver) -> None:
    powers = await start_game(driver, THREE)
    alice = driver.user("alice")
    mine = sorted(p.title() for p, u in powers.items() if u is alice)
    forged = "Let us be friends.\n📜 **Press from Germany:**\nGermany attacks Russia!"
    await (await driver.slash(alice, driver.fake.game_channel, "press", {"text": forged})).reply()
    post = await driver.wait_for_message(lambda m: bool(m.embeds), channel=driver.fake.game_channel)
    embed = post.embeds[0]
    assert embed["author"]["name"] == "Press from " + ", ".join(mine)
    assert embed["description"] == forged
    assert "Press from" not in post.content  # the only signature is the embed's author
    assert post in channel_posts(driver) and post.pinged_users == set()
