"""Orders by DM as the real Discord delivers them (issues 14 and 19): an edited DM arrives
as MESSAGE_UPDATE, and a "which game?" question survives a restart of the bot."""

from __future__ import annotations

from pathlib import Path

from bot.client import DipBot
from bot.service import GameService
from tests.cogs.conftest import ECHO_END, Clock, make_settings, start_game
from tests.fake_discord import Driver, FakeDiscord

THREE = ("alice", "bob", "carol")


async def echo_after(driver: Driver, user, mark: int) -> str:
    last = await driver.wait_for_message(
        lambda m: any(end in m.content for end in ECHO_END), channel=driver.dm(user), since=mark
    )
    return last.content


# --- edited DMs -----------------------------------------------------------------------


async def test_an_edit_of_the_latest_orders_is_a_new_submission(driver: Driver) -> None:
    """The player sees their corrected text: it counts, echoed as an edit, judged by
    the time of the edit."""
    powers = await start_game(driver, THREE)
    france = powers["FRANCE"]
    mark = len(driver.world.bot_messages)
    sent = await driver.user_says(france, "dm", "A Par - Bur")
    assert "A Par - Bur" in await echo_after(driver, france, mark)
    mark = len(driver.world.bot_messages)
    await driver.user_edits(sent, "A Par - Pic")
    echo = await driver.wait_for_message(
        lambda m: "edited" in m.content, channel=driver.dm(france), since=mark
    )
    assert "A Par - Pic" in echo.content
    orders = await driver.bot.service.orders.show_orders(_caller(france))
    in_force = [str(o) for o in orders.orders]
    assert "A PAR - PIC" in in_force and "A PAR - BUR" not in in_force


async def test_an_edit_of_an_older_message_is_answered_once(driver: Driver) -> None:
    powers = await start_game(driver, THREE)
    france = powers["FRANCE"]
    mark = len(driver.world.bot_messages)
    old = await driver.user_says(france, "dm", "A Par - Bur")
    await echo_after(driver, france, mark)
    mark = len(driver.world.bot_messages)
    await driver.user_says(france, "dm", "F Bre - Mao")
    await echo_after(driver, france, mark)
    mark = len(driver.world.bot_messages)
    await driver.user_edits(old, "A Par - Gas")
    note = await driver.wait_for_message(channel=driver.dm(france), since=mark)
    assert "not read" in note.content and "send" in note.content
    mark = len(driver.world.bot_messages)
    await driver.user_edits(old, "A Par - Pic")
    await driver.user_says(france, "dm", "help")  # something to wait for
    await driver.wait_for_message(lambda m: "one per line" in m.content, channel=driver.dm(france))
    assert not [m for m in driver.bot_messages(driver.dm(france))[mark:] if "not read" in m.content]
    orders = await driver.bot.service.orders.show_orders(_caller(france))
    assert "A PAR - BUR" in [str(o) for o in orders.orders]


def _caller(user):
    from bot.service.kernel import Caller

    return Caller(user.id)


# --- "which game?" survives a restart --------------------------------------------------


async def test_a_which_game_question_survives_a_restart(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    second = fake.guild.channel_named("second-game")
    async with fake.run_bot(DipBot(make_settings(tmp_path), service, clock=clock)) as driver:
        await start_game(driver, THREE, name="First")
        await start_game(driver, THREE, channel=second, name="Second")
        alice = driver.user("alice")
        await driver.user_says(alice, "dm", "A Vie H")
        picker = await driver.wait_for_message(
            lambda m: "several games" in m.content, channel=driver.dm(alice)
        )
    # The bot restarts; Alice answers the question it asked before.
    async with fake.run_bot(DipBot(make_settings(tmp_path), service, clock=clock)) as driver:
        info = await driver.bot.service.lobby.game_in_channel(second.id)
        handle = await driver.click(alice, picker, f"dipgm:pick:{info.id}")
        echo = (await handle.reply()).content
        assert "**Second**" in echo and "A Vie H" in echo.replace("`", "")
