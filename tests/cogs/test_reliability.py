"""Issue 31, a record of who shows up, through Discord: `/rating` shows it beside the
score, the GM sees each lobby player's in `/game status`, and `/game join` of a game
with a `min_reliability` refuses a player below it, saying both figures."""

from __future__ import annotations

from datetime import timedelta

from bot.service.app import Scheduler
from bot.service.kernel import Caller
from tests.cogs.conftest import create_game, start_game, visible_text
from tests.fake_discord import Driver


async def _ten_phases_france_orders_england_never(driver: Driver, powers: dict) -> None:
    """Ten movement phases of the game in #second-game, played at their deadlines:
    France holds in each (a message an hour before), England never orders."""
    service, guild = driver.bot.service, driver.guild.id
    second = driver.guild.channel_named("second-game")
    game = await service.lobby.game_in_channel(second.id)
    france = Caller(powers["FRANCE"].id, guild)
    for _ in range(10):
        info = await service.lobby.game_info(game.id)
        at = info.deadline_at - timedelta(hours=1)
        await service.orders.submit_orders(france, "A Par H", at, game_id=game.id)
        assert len((await Scheduler(service).tick(info.deadline_at)).adjudicated) == 1


async def test_issue31_rating_status_and_join_show_the_record(driver: Driver) -> None:
    second = driver.guild.channel_named("second-game")
    powers = await start_game(driver, channel=second)
    await _ten_phases_france_orders_england_never(driver, powers)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    england, france = powers["ENGLAND"], powers["FRANCE"]

    mine = await (await driver.slash(england, channel, "rating")).reply()
    assert mine.ephemeral
    assert "0% of the last 10 phases owed (0 of 10)" in mine.content
    assert "no rated game" in mine.content  # the score's line is still there

    await create_game(driver, name="Reliable", min_reliability=80)
    refused = await (await driver.slash(england, channel, "game join")).reply()
    assert refused.ephemeral
    assert "at least 80%" in refused.content and "You did in 0%" in refused.content
    assert "0 of your last 10 phases" in refused.content
    joined = await (await driver.slash(france, channel, "game join")).reply()
    assert "You joined" in joined.content

    seen_by_gm = visible_text(await (await driver.slash(gm, channel, "game status")).reply())
    assert "100% of the last 10 phases owed" in seen_by_gm
    seen_by_france = visible_text(
        await (await driver.slash(france, channel, "game status")).reply()
    )
    assert "Who may join: players who ordered before the deadline in at least 80%" in seen_by_france
    assert "Records" not in seen_by_france and "100% of the last" not in seen_by_france

    options = {"setting": "min_reliability", "value": "150"}
    bad = await (await driver.slash(gm, channel, "gm settings set", options)).reply()
    assert bad.ephemeral and "0 to 100" in bad.content
    settings = await driver.bot.service.lobby.game_settings(
        (await driver.bot.service.lobby.game_in_channel(channel.id)).id
    )
    assert settings.min_reliability == 80  # nothing changed


async def test_issue31_rating_shows_quickness_beside_reliability(driver: Driver) -> None:
    second = driver.guild.channel_named("second-game")
    powers = await start_game(driver, channel=second)
    service, guild = driver.bot.service, driver.guild.id
    game = await service.lobby.game_in_channel(second.id)
    info = await service.lobby.game_info(game.id)
    at = info.deadline_at - timedelta(hours=1)
    for power, order, marks in (("FRANCE", "A Par H", True), ("GERMANY", "A Ber H", False)):
        who = Caller(powers[power].id, guild)
        await service.orders.submit_orders(who, order, at, game_id=game.id)
        if marks:
            await service.orders.set_ready(who, at, game_id=game.id)
    assert len((await Scheduler(service).tick(info.deadline_at)).adjudicated) == 1
    channel = driver.fake.game_channel

    quick = await (await driver.slash(powers["FRANCE"], channel, "rating")).reply()
    assert "quickness: marked ready before the deadline in 100% of 1 phase ordered" in (
        quick.content
    )
    assert "(1 of 1)" in quick.content
    slow = await (await driver.slash(powers["GERMANY"], channel, "rating")).reply()
    assert "quickness: marked ready before the deadline in 0% of 1 phase ordered" in slow.content
    never = await (await driver.slash(powers["ENGLAND"], channel, "rating")).reply()
    assert "quickness: not known yet" in never.content
    for reply in (quick, slow, never):
        assert reply.ephemeral and len(reply.content) <= 2000
