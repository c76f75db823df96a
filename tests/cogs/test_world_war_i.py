"""The two-player game (rules/000 §14.2) through Discord: two players start a standard
game and play World War I from Spring 1914; the coin flipped at the end of Fall 1914 is
announced in the channel with that phase's results, and in Spring 1915 the winner's
player is asked for Italy's units too."""

from __future__ import annotations

from adjudication.variants import WORLD_WAR_I
from tests.cogs.conftest import dm_orders, start_game
from tests.cogs.test_end_to_end import results_posted
from tests.fake_discord import Driver

SIDES = {
    ("ENGLAND", "FRANCE", "RUSSIA"): "England, France and Russia",
    ("AUSTRIA", "GERMANY", "TURKEY"): "Austria, Germany and Turkey",
}


async def test_two_players_play_world_war_i_to_the_toss_and_italy_joining(
    driver: Driver, clock
) -> None:
    channel = driver.fake.game_channel
    mark = len(driver.world.bot_messages)
    powers = await start_game(driver, names=("alice", "bob"), name="Great War")
    begun = await driver.wait_for_message(
        lambda m: "has begun" in m.content, channel=channel, since=mark
    )
    assert "Spring 1914" in begun.content and "World War I" in begun.content
    # Issue 33: Italy is neutral, with its units, not "(not in play)".
    assert "Italy: neutral until 1915 (its units hold: A Rom, A Ven, F Nap)" in begun.content
    assert "not in play" not in begun.content
    assert "ITALY" not in powers

    # Spring 1914: a move into Venice is refused when sent (Italian territory).
    echo = await dm_orders(driver, powers["AUSTRIA"], "F Tri - Ven\nA Bud - Ser")
    assert (
        "❌ `F Tri - Ven` (Austria) — rejected: Venice: Italian land is closed until 1915" in echo
    )
    mark = len(driver.world.bot_messages)
    clock.advance(hours=100)
    await results_posted(driver, "Fall 1914", mark)

    # Fall 1914 ends: the coin, announced with Fall's results.
    mark = len(driver.world.bot_messages)
    clock.advance(hours=100)
    fall = await results_posted(driver, "Winter 1914 Adjustments", mark)
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    settings = await driver.bot.service.lobby.game_settings(info.id)
    winner_side = WORLD_WAR_I.toss_winner(settings.rules)
    assert "coin was flipped" in fall.content and SIDES[winner_side] in fall.content
    winner = powers[winner_side[0]]

    # Winter 1914: Austria builds in Budapest; then Spring 1915, Italy with the winner.
    mark = len(driver.world.bot_messages)
    await dm_orders(driver, powers["AUSTRIA"], "Build A Bud")
    clock.advance(hours=100)
    await results_posted(driver, "Spring 1915", mark)
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    italy = next(p for p in info.powers if p.power == "ITALY")
    assert italy.user_id == winner.id
    # The winner's own news of the phase counts Italy among their powers now.
    news = await driver.wait_for_message(
        lambda m: "Next: **Spring 1915**" in m.content, channel=driver.dm(winner), since=mark
    )
    assert "**Italy**\nItaly now has 3 centres and 3 units." in news.content
    echo = await dm_orders(driver, winner, "A Ven - Pie")
    assert "❌" not in echo and "Pie" in echo
