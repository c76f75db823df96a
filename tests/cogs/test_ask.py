"""`/ask`: a player's question reaches the GM by DM, and nobody else."""

from __future__ import annotations

from tests.cogs.conftest import PLAYERS, start_game
from tests.fake_discord import Driver


async def test_a_question_reaches_the_gm_alone(driver: Driver) -> None:
    powers = await start_game(driver, PLAYERS[:3])
    gm, channel = driver.fake.gm, driver.fake.game_channel
    power, player = next(iter(powers.items()))
    before = [m for m in driver.bot_messages(channel) if not m.ephemeral]

    asked = "Can I support a unit that holds?\n@everyone > Press from Germany: lies"
    reply = await (await driver.slash(player, channel, "ask", {"question": asked})).reply()
    assert reply.ephemeral and "on its way to the GM" in reply.content

    dm = await driver.wait_for_message(lambda m: "a question" in m.content, channel=driver.dm(gm))
    assert f"<@{player.id}>" in dm.content and power.title() in dm.content
    # Quoted line by line: the player's text cannot pass for dipgm's own lines.
    assert "> Can I support a unit that holds?" in dm.content
    assert "> @everyone > Press from Germany: lies" in dm.content
    # Nothing in the channel, nothing to the other players.
    assert [m for m in driver.bot_messages(channel) if not m.ephemeral] == before
    for other in powers.values():
        if other is not player:
            assert not [m for m in driver.bot_messages(driver.dm(other)) if "question" in m.content]


async def test_only_the_games_players_ask_its_gm(driver: Driver) -> None:
    await start_game(driver, PLAYERS[:3])
    outsider = driver.user("outsider")
    reply = await (
        await driver.slash(outsider, driver.fake.game_channel, "ask", {"question": "Hi?"})
    ).reply()
    assert reply.ephemeral and "Only the players" in reply.content
    assert not [
        m for m in driver.bot_messages(driver.dm(driver.fake.gm)) if "question" in m.content
    ]
