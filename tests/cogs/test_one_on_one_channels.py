"""One-on-one's second channel at `/game create` (issue 19 for the first): the bot
needs in the second board's channel every permission the README asks for, checked
before the match is opened, as in the first."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from tests.cogs.conftest import Clock, create_game, default_fake, serving
from tests.fake_discord import GUILD_ANNOUNCEMENT, Driver, FakeDiscord
from tests.fake_discord import permissions as perm


@pytest_asyncio.fixture
async def fake(clock: Clock) -> AsyncIterator[FakeDiscord]:
    fake = default_fake(clock)
    locked_down = fake.add_channel("locked-down")
    fake.set_overwrite(locked_down, fake.bot_role(), deny=perm.EMBED_LINKS | perm.ATTACH_FILES)
    fake.add_channel("news", type=GUILD_ANNOUNCEMENT)
    async with serving(fake) as started:
        yield started


async def test_the_second_boards_channel_lacking_permissions_is_refused(driver: Driver) -> None:
    there = driver.guild.channel_named("locked-down")
    reply = await create_game(driver, "Duel", variant="one_on_one", second_channel=there)
    assert reply.ephemeral and f"<#{there.id}>" in reply.content
    assert "Embed Links" in reply.content and "Attach Files" in reply.content
    assert "Send Messages" not in reply.content
    with pytest.raises(Exception, match="no game"):
        await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)


async def test_the_second_board_needs_a_plain_text_channel(driver: Driver) -> None:
    """Private threads exist only in plain text channels, not announcement ones."""
    there = driver.guild.channel_named("news")
    reply = await create_game(driver, "Duel", variant="one_on_one", second_channel=there)
    assert reply.ephemeral and "announcement channel" in reply.content
    with pytest.raises(Exception, match="no game"):
        await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)


async def test_a_second_channel_with_every_permission_opens_the_match(driver: Driver) -> None:
    there = driver.guild.channel_named("second-game")
    reply = await create_game(driver, "Duel", variant="one_on_one", second_channel=there)
    assert not reply.ephemeral and "is open" in reply.content


async def test_gm_replace_in_a_match_says_both_boards_sides(driver: Driver) -> None:
    """O6 through Discord: the GM is told the newcomer's whole side on each board."""
    from tests.cogs.conftest import join_all

    here = driver.fake.game_channel
    there = driver.guild.channel_named("second-game")
    await create_game(driver, "Duel", variant="one_on_one", second_channel=there)
    await join_all(driver, ("alice", "bob"))
    await (await driver.slash(driver.fake.gm, here, "game start")).reply()
    outsider = driver.user("outsider")
    reply = await (
        await driver.slash(
            driver.fake.gm, here, "gm replace", {"power": "FRANCE", "player": outsider}
        )
    ).reply()
    assert reply.ephemeral
    assert "England, France and Russia here" in reply.content
    assert f"Austria, Germany and Turkey in <#{there.id}>" in reply.content
