"""`/gm audit`: the game's audit log for its GM, in words, a page at a time."""

from __future__ import annotations

from tests.cogs.conftest import start_game
from tests.fake_discord import Driver


async def test_the_gm_reads_every_action_in_words_newest_first(driver: Driver) -> None:
    await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    await (await driver.slash(gm, channel, "gm pause")).reply()
    await (await driver.slash(gm, channel, "gm resume")).reply()
    standby = driver.user("standby")
    await (
        await driver.slash(gm, channel, "gm standby", {"power": "ITALY", "player": standby})
    ).reply()

    reply = await (await driver.slash(gm, channel, "gm audit")).reply()
    assert reply.ephemeral
    lines = reply.content.splitlines()
    assert "page 1 of 1, 3 actions in all" in lines[0]
    assert f"named <@{standby.id}>" in lines[1] and lines[1].endswith("standby for Italy")
    assert lines[2].endswith("resumed the game") and lines[3].endswith("paused the game")
    assert f"<@{gm.id}>" in lines[3]


async def test_a_long_log_is_paged(driver: Driver) -> None:
    await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    for _ in range(9):  # 18 actions: two pages of 15
        await (await driver.slash(gm, channel, "gm pause")).reply()
        await (await driver.slash(gm, channel, "gm resume")).reply()
    first = await (await driver.slash(gm, channel, "gm audit")).reply()
    assert "page 1 of 2, 18 actions in all" in first.content
    assert len(first.content.splitlines()) == 1 + 15
    last = await (await driver.slash(gm, channel, "gm audit", {"page": 9})).reply()
    assert "page 2 of 2" in last.content and len(last.content.splitlines()) == 1 + 3
    assert last.content.splitlines()[-1].endswith("paused the game")  # the oldest
