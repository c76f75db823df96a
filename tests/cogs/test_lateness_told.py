"""Issue 23 through the fake Discord: a power whose only adjustment is zero is never
late; in a hidden-information variant a spent excuse is told only to the GM and the
player concerned (rules/004's Kriegsplomacy: "If a country goes NMR, that is NOT
reported"; a test value of the standard variant stands for it)."""

from __future__ import annotations

from dataclasses import replace

from adjudication.variants import VARIANTS, Disclosure
from tests.cogs.conftest import PLAYERS, start_game
from tests.fake_discord import Driver
from tests.service.book import position
from tests.service.conftest import force_position


async def test_issue23_a_power_whose_only_adjustment_is_zero_is_never_late(
    driver: Driver, clock
) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    await start_game(driver, PLAYERS[:3])
    await (
        await driver.slash(
            gm, channel, "gm settings set", {"setting": "grace_hours", "value": "24"}
        )
    ).reply()
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    winter = position(
        "W1901A",
        {"FRANCE": "A PAR", "ITALY": "A ROM"},
        {"FRANCE": "PAR MAR BRE", "ITALY": "ROM"},  # France builds two; Italy none
    )
    await force_position(driver.bot.service, info.id, winter)
    clock.advance(hours=97)
    notice = await driver.wait_for_message(
        lambda m: "passed with no orders" in m.content, channel=channel
    )
    assert "France" in notice.content and "Italy" not in notice.content


async def test_issue23_spent_excuse_told_only_to_gm_and_player_when_hidden(
    driver: Driver, clock, monkeypatch
) -> None:
    hidden = replace(VARIANTS["standard"], lateness_told=Disclosure.GM_AND_PLAYER)
    monkeypatch.setitem(VARIANTS, "standard", hidden)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    powers = await start_game(driver, PLAYERS[:3], excuses=1)
    mark = len(driver.world.bot_messages)
    clock.advance(hours=97)  # nobody ordered: each power spends its excuse
    await driver.wait_for_message(
        lambda m: m.content.startswith("GM: in") and "excused miss" in m.content,
        channel=driver.dm(gm),
        since=mark,
    )
    player = powers["FRANCE"]
    told = await driver.wait_for_message(
        lambda m: "excused misses was spent" in m.content, channel=driver.dm(player), since=mark
    )
    assert "France" in told.content
    in_channel = [m.content for m in driver.bot_messages(channel)]
    assert not any("excused miss" in text for text in in_channel)
