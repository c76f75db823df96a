"""`/game export` and `/game chart`: the whole game as interchange lines that any
adjudicator can replay (rules/000: the GM keeps a record of all orders and moves;
interop/PHASES.md), and the supply centres year by year."""

from __future__ import annotations

import io
import json

from PIL import Image

from adjudication.replay import matches_expected, replay_record
from tests.cogs.conftest import PLAYERS, start_game
from tests.fake_discord import Driver


async def test_export_attaches_every_played_phase_and_it_replays(driver: Driver, clock) -> None:
    powers = await start_game(driver, PLAYERS[:3])
    gm, channel = driver.fake.gm, driver.fake.game_channel
    clock.advance(hours=97)  # Spring 1901 is played at its deadline
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content, channel=channel)

    # An order for the phase in play stays secret: it is not in the export.
    power, player = next(iter(powers.items()))
    position = await driver.bot.service.history.current_position(1)
    unit = next(u for u in position.units if u.power == power)
    await driver.user_says(player, driver.dm(player), f"{unit} H")
    await driver.wait_for_message(lambda m: "Fall 1901" in m.content, channel=driver.dm(player))

    handle = await driver.slash(gm, channel, "game export")
    assert (await handle.response()).callback_type == 5  # deferred first: it may be slow
    reply = await handle.reply()
    assert reply.ephemeral
    (attachment,) = reply.attachments
    assert attachment.filename == "game-1.jsonl"
    lines = [json.loads(text) for text in attachment.data.decode().splitlines()]
    assert [line["phase"] for line in lines] == ["S1901M"]
    assert all(matches_expected(line, replay_record(line)) for line in lines)


async def test_export_before_any_phase_is_played_says_so(driver: Driver) -> None:
    # Discord refuses an empty file: nothing is attached, and the reply says why.
    await start_game(driver, PLAYERS[:3])
    handle = await driver.slash(driver.fake.gm, driver.fake.game_channel, "game export")
    reply = await handle.reply()
    assert reply.attachments == [] and "No phase has been played yet" in reply.content


async def test_chart_shows_the_centres_of_each_year(driver: Driver, clock) -> None:
    await start_game(driver, PLAYERS[:3])
    gm, channel = driver.fake.gm, driver.fake.game_channel
    handle = await driver.slash(gm, channel, "game chart", {"share": True})
    assert (await handle.response()).callback_type == 5
    reply = await handle.reply()
    assert not reply.ephemeral
    (attachment,) = reply.attachments
    with Image.open(io.BytesIO(attachment.data)) as chart:
        chart.load()
        assert chart.format == "PNG" and chart.width >= 600
