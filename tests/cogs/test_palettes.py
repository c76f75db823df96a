"""Map colours through the fake Discord (issue 10): `/settings palette` for what a player
sees alone, the game's `map_palette` for its channel; and the supply-centre chart
beside the map in the results post of each year's last phase."""

from __future__ import annotations

from cogs.settings import GAMES_OWN, PALETTE_CHOICES
from render.palette import PALETTES
from tests.cogs.conftest import Clock, start_game
from tests.fake_discord import Driver
from tests.fake_discord.state import FakeMessage
from tests.service.test_palettes import drawn_france


def test_the_choices_are_the_palettes_the_renderer_draws() -> None:
    assert {c.value for c in PALETTE_CHOICES} - {GAMES_OWN} == set(PALETTES)


def _map_of(message: FakeMessage) -> bytes:
    (png,) = [a for a in message.attachments if a.filename.startswith("map")]
    return png.data


async def _map(driver: Driver, user, share: bool = False) -> str:
    handle = await driver.slash(user, driver.fake.game_channel, "game map", {"share": share})
    return drawn_france(_map_of(await handle.reply()))


async def test_a_players_palette_is_theirs_alone(driver: Driver) -> None:
    powers = await start_game(driver)
    france, england = powers["FRANCE"], powers["ENGLAND"]
    channel = driver.fake.game_channel
    chosen = await (
        await driver.slash(france, channel, "settings palette", {"colours": "colorblind"})
    ).reply()
    assert chosen.ephemeral and "colour-blind" in chosen.content
    assert await _map(driver, france) == "colorblind"
    assert await _map(driver, france, share=True) == "classic"  # the channel's: the game's
    assert await _map(driver, england) == "classic"
    history = await (
        await driver.slash(france, channel, "game history", {"phase": "S1901M"})
    ).reply()
    assert drawn_france(_map_of(history)) == "colorblind"

    back = {"colours": GAMES_OWN}
    await (await driver.slash(france, channel, "settings palette", back)).reply()
    assert await _map(driver, france) == "classic"


async def test_a_dm_preview_is_in_the_players_palette(driver: Driver) -> None:
    powers = await start_game(driver)
    france = powers["FRANCE"]
    colours = {"colours": "colorblind"}
    await (
        await driver.slash(france, driver.fake.game_channel, "settings palette", colours)
    ).reply()
    await driver.user_says(france, "dm", "map")
    preview = await driver.wait_for_message(
        lambda m: "as they stand" in m.content, channel=driver.dm(france)
    )
    assert drawn_france(preview.attachments[0].data) == "colorblind"


async def test_the_channel_uses_the_games_palette_and_gets_the_chart_each_year(
    driver: Driver, clock: Clock
) -> None:
    await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    setting = {"setting": "map_palette", "value": "colorblind"}
    await (await driver.slash(gm, channel, "gm settings set", setting)).reply()
    mark = len(driver.world.bot_messages)
    clock.advance(days=5)
    spring = await driver.wait_for_message(
        lambda m: "results of Spring 1901**" in m.content, channel=channel, since=mark, timeout=10
    )
    assert drawn_france(_map_of(spring)) == "colorblind"
    assert not [a for a in spring.attachments if a.filename.startswith("centres-")]
    # Fall 1901, and its adjustments if any: the year's last results post has the chart.
    last = None
    for _ in range(3):
        clock.advance(days=5)
        last = await driver.wait_for_message(
            lambda m: "results of" in m.content, channel=channel, since=mark, timeout=10
        )
        mark = driver.world.bot_messages.index(last) + 1
        if "Spring 1902" in last.content:
            break
    assert last is not None and "Spring 1902" in last.content
    (chart,) = [a for a in last.attachments if a.filename.startswith("centres-")]
    assert chart.data.startswith(b"\x89PNG")
