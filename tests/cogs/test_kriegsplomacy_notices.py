"""What Kriegsplomacy (rules/004) tells outside the results post (issue 12): "If a
country goes NMR, that is NOT reported", and "you don't know where (or what) anybody
else's units are". `/game status`, civil disorder and a standby taking over are told
to the GM and the player concerned only; the channel's results post is never made from
the whole board."""

from __future__ import annotations

from tests.cogs.conftest import channel_posts, dm_orders, visible_text
from tests.cogs.test_kriegsplomacy import start_kriegsplomacy
from tests.fake_discord import Driver


async def _status(driver: Driver, user, **options) -> str:
    handle = await driver.slash(user, driver.fake.game_channel, "game status", options)
    return visible_text(await handle.reply())


def _field(text: str, power: str) -> str:
    return next(line for line in text.splitlines() if line.startswith(power + " "))


async def test_rules004_status_shows_who_has_ordered_only_to_the_gm_and_the_player(
    driver: Driver, clock, monkeypatch
) -> None:
    powers = await start_kriegsplomacy(driver, clock)
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur")
    french = await _status(driver, powers["FRANCE"])
    assert "1 of 3 ordered" in _field(french, "France") and "3 units" in _field(french, "France")
    german = _field(french, "Germany")  # the year's centre total, nothing of units or orders
    assert "3 centres" in german and "unit" not in german and "order" not in german
    everyone = await _status(driver, driver.fake.gm)
    assert "1 of 3 ordered" in _field(everyone, "France")
    assert "waiting for orders" in _field(everyone, "Germany")
    shared = await _status(driver, powers["FRANCE"], share=True)
    assert "ordered" not in shared and "unit" not in _field(shared, "France")


async def test_rules004_civil_disorder_is_told_to_the_gm_and_the_player_only(
    driver: Driver, clock, monkeypatch
) -> None:
    powers = await start_kriegsplomacy(driver, clock)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    mark = len(driver.world.bot_messages)
    await (await driver.slash(gm, channel, "gm cd", {"power": "FRANCE"})).reply()
    told = await driver.wait_for_message(
        lambda m: "civil disorder" in m.content, channel=driver.dm(gm), since=mark
    )
    assert "France" in told.content
    player = await driver.wait_for_message(
        lambda m: "civil disorder" in m.content, channel=driver.dm(powers["FRANCE"]), since=mark
    )
    assert "France" in player.content
    assert not [m for m in channel_posts(driver)[-5:] if "civil disorder" in m.content]


async def test_rules004_a_standby_taking_over_is_not_announced_it_would_tell_an_nmr(
    driver: Driver, clock, monkeypatch
) -> None:
    powers = await start_kriegsplomacy(driver, clock)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    standby = driver.user("standby")
    await (
        await driver.slash(gm, channel, "gm standby", {"power": "FRANCE", "player": standby})
    ).reply()
    await driver.wait_for_message(lambda m: "standby" in m.content, channel=driver.dm(standby))
    await dm_orders(driver, standby, "A Par H")
    clock.advance(days=5)  # France's player sent nothing: the standby takes over
    await driver.wait_for_message(
        lambda m: "results of Spring 1901" in m.content, channel=channel, timeout=10
    )
    await driver.wait_for_message(
        lambda m: "You now play **France**" in m.content, channel=driver.dm(standby)
    )
    await driver.wait_for_message(
        lambda m: "no longer play **France**" in m.content, channel=driver.dm(powers["FRANCE"])
    )
    told = await driver.wait_for_message(
        lambda m: "now plays **France**" in m.content, channel=driver.dm(gm)
    )
    assert "replacing" in told.content
    assert not [m for m in channel_posts(driver) if "now plays" in m.content]


async def test_the_channel_post_of_a_hidden_game_never_builds_the_whole_judge_text(
    driver: Driver, clock, monkeypatch
) -> None:
    # The whole board's judge notation is never sent to the channel of a hidden game,
    # so it is not made for it (wasted work, and one slip from a leak).
    powers = await start_kriegsplomacy(driver, clock)
    asked: list[int] = []
    service = driver.bot.service
    whole = service.history.judge_text

    async def counted(game_id, phase_id):
        asked.append(phase_id)
        return await whole(game_id, phase_id)

    monkeypatch.setattr(service.history, "judge_text", counted)
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur")
    clock.advance(days=5)
    await driver.wait_for_message(
        lambda m: "results of Spring 1901" in m.content,
        channel=driver.fake.game_channel,
        timeout=10,
    )
    await driver.wait_for_message(
        lambda m: "Spring 1901 has been played" in m.content, channel=driver.dm(powers["FRANCE"])
    )
    assert asked == []


async def test_rules004_a_player_exports_only_after_the_end_the_gm_at_any_time(
    driver: Driver, clock, monkeypatch
) -> None:
    powers = await start_kriegsplomacy(driver, clock)
    channel = driver.fake.game_channel
    refused = await (await driver.slash(powers["FRANCE"], channel, "game export")).reply()
    assert refused.ephemeral and "after the game ends" in refused.content
    assert not refused.attachments
    whole = await (await driver.slash(driver.fake.gm, channel, "game export")).reply()
    assert b"GERMANY" in whole.attachments[0].data  # the GM's is the whole record
