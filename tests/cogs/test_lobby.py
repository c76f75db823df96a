"""/game create|join|leave|start|status|map|history through the fake Discord."""

from __future__ import annotations

import io

from PIL import Image

from bot.service.kernel import Caller
from tests.cogs.conftest import PLAYERS, create_game, start_game, visible_text
from tests.fake_discord import Driver


async def test_create_join_with_preferences_and_start(driver: Driver) -> None:
    channel = driver.fake.game_channel
    created = await create_game(driver, "Lobby Game")
    assert "Lobby Game" in created.content and not created.ephemeral
    alice = driver.user("alice")
    handle = await driver.slash(alice, channel, "game join")
    menu = await handle.reply()
    assert menu.ephemeral and menu.custom_ids() == ["dipgm:prefs"]
    picked = await driver.click(alice, menu, "dipgm:prefs", values=["ENGLAND", "FRANCE"])
    assert "England, France" in (await picked.reply()).content
    for name in PLAYERS[1:]:
        await (await driver.slash(driver.user(name), channel, "game join")).reply()
    handle = await driver.slash(driver.fake.gm, channel, "game start")
    assert (await handle.reply()).ephemeral
    started = await driver.wait_for_message(lambda m: "has begun" in m.content, channel=channel)
    (png,) = started.attachments
    assert Image.open(io.BytesIO(png.data)).size[0] > 100
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    england = next(p for p in info.powers if p.power == "ENGLAND")
    # alice named England first and nobody else asked for anything (rules/001)
    assert england.user_id == alice.id
    dm = await driver.wait_for_message(
        lambda m: "You play" in m.content, channel=driver.dm(alice), since=0
    )
    assert "England" in dm.content


async def test_leave_and_status_in_lobby(driver: Driver) -> None:
    channel = driver.fake.game_channel
    await create_game(driver)
    bob = driver.user("bob")
    await (await driver.slash(bob, channel, "game join")).reply()
    left = await (await driver.slash(bob, channel, "game leave")).reply()
    assert left.ephemeral and "left" in left.content
    status = await (await driver.slash(bob, channel, "game status")).reply()
    assert "0 players" in status.embeds[0]["description"]


async def test_status_shows_who_submitted_never_what(driver: Driver) -> None:
    powers = await start_game(driver)
    await driver.user_says(powers["FRANCE"], "dm", "A Par - Bur")
    await driver.wait_for_message(channel=driver.dm(powers["FRANCE"]))
    handle = await driver.slash(driver.user("carol"), driver.fake.game_channel, "game status")
    status = await handle.reply()
    text = visible_text(status)
    assert "<t:" in text and ":R>" in text
    fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
    # France ordered one of its three units: shown as such, never which or how.
    assert "1 of 3 ordered" in fields["France"] and "waiting" in fields["Germany"]
    assert "Bur" not in text and status.ephemeral
    assert "3 centres" in fields["France"] and "4 centres" in fields["Russia"]
    assert "Bur" not in text


async def test_map_and_history(driver: Driver, clock) -> None:
    await start_game(driver)
    channel = driver.fake.game_channel
    handle = await driver.slash(driver.user("bob"), channel, "game map")
    reply = await handle.reply()
    assert "Spring 1901" in reply.content and reply.ephemeral  # only to who asked
    assert Image.open(io.BytesIO(reply.attachments[0].data)).format == "PNG"
    clock.advance(days=5)
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content, channel=channel)
    listing = await (await driver.slash(driver.user("bob"), channel, "game history")).reply()
    assert "S1901M" in listing.content and listing.ephemeral
    shared = await (
        await driver.slash(driver.user("bob"), channel, "game history", {"share": True})
    ).reply()
    assert "S1901M" in shared.content and not shared.ephemeral
    handle = await driver.slash(driver.user("bob"), channel, "game history", {"phase": "s1901m"})
    past = await handle.reply()
    assert "results of Spring 1901" in past.content and "```" in past.content
    assert past.attachments[0].data.startswith(b"\x89PNG")
    missing = await (
        await driver.slash(driver.user("bob"), channel, "game map", {"phase": "F1999M"})
    ).reply()
    assert missing.ephemeral and "No phase F1999M" in missing.content


async def test_lobby_commands_need_a_server_channel(driver: Driver) -> None:
    alice = driver.user("alice")
    reply = await (
        await driver.slash(alice, driver.dm(alice), "game create", {"name": "X"})
    ).reply()
    assert reply.content == "Use this command in the server channel of the game."
    assert await driver.bot.service.lobby.games_of(Caller(alice.id)) == ()


async def test_join_by_lots_offers_no_preferences(driver: Driver) -> None:
    await create_game(driver, "Lots", assignment="lots")
    handle = await driver.slash(driver.user("carol"), driver.fake.game_channel, "game join")
    reply = await handle.reply()
    assert reply.ephemeral and "drawn by lots" in reply.content and not reply.components
