"""Who may take a part in a one-on-one match (O6 in docs/VARIANTS.md, issue 19 for one
game): a match is two games in two channels, and whoever plays in it, stands by or
orders as a proxy must see both, or they would read neither the results nor the private
threads of the board they cannot see. Someone who cannot is refused, the channel named,
and neither game changes."""

from __future__ import annotations

from bot.service.kernel import Caller, GameInfo
from tests.cogs.conftest import create_game, join_all
from tests.fake_discord import Driver, FakeChannel
from tests.fake_discord import permissions as perm


async def _start_match(driver: Driver) -> tuple[FakeChannel, FakeChannel]:
    here = driver.fake.game_channel
    there = driver.guild.channel_named("second-game")
    await create_game(driver, "Duel", variant="one_on_one", second_channel=there)
    await join_all(driver, ("alice", "bob"))
    assert (
        "has started"
        in (await (await driver.slash(driver.fake.gm, here, "game start")).reply()).content
    )
    return here, there


async def _boards(driver: Driver, here: FakeChannel, there: FakeChannel) -> list[GameInfo]:
    lobby = driver.bot.service.lobby
    return [await lobby.game_in_channel(here.id), await lobby.game_in_channel(there.id)]


def _parts(boards: list[GameInfo]) -> list[list[tuple[str, int | None, int | None]]]:
    """Who holds, and who stands by for, each power of each board."""
    return [[(p.power, p.user_id, p.standby_user_id) for p in b.powers] for b in boards]


async def test_rules004_one_on_one_a_replacement_or_standby_must_see_both_boards_channels(
    driver: Driver,
) -> None:
    """rules/004: "The EFR player in one game is the AGT player in the other": a
    newcomer who sees board A's channel and not board B's is refused, B named."""
    here, there = await _start_match(driver)
    outsider = driver.user("outsider")
    await driver.set_overwrite(there, outsider, deny=perm.VIEW_CHANNEL)
    before = _parts(await _boards(driver, here, there))
    for command in ("gm replace", "gm standby"):
        handle = await driver.slash(
            driver.fake.gm, here, command, {"power": "FRANCE", "player": outsider}
        )
        reply = await handle.reply()
        assert reply.ephemeral, command
        assert "cannot see" in reply.content and there.mention in reply.content, reply.content
        assert here.mention not in reply.content, reply.content
    assert _parts(await _boards(driver, here, there)) == before


async def test_rules004_one_on_one_a_newcomer_must_see_the_first_boards_channel_too(
    driver: Driver,
) -> None:
    """The other way round: asked in board B's channel for board B, a newcomer who
    cannot see board A's channel is refused, A named."""
    here, there = await _start_match(driver)
    outsider = driver.user("outsider")
    await driver.set_overwrite(here, outsider, deny=perm.VIEW_CHANNEL)
    before = _parts(await _boards(driver, here, there))
    reply = await (
        await driver.slash(
            driver.fake.gm, there, "gm replace", {"power": "AUSTRIA", "player": outsider}
        )
    ).reply()
    assert reply.ephemeral
    assert "cannot see" in reply.content and here.mention in reply.content, reply.content
    assert _parts(await _boards(driver, here, there)) == before


async def test_rules004_one_on_one_a_proxy_must_see_both_boards_channels(driver: Driver) -> None:
    """rules/004 rule 10's proxy orders in the match: the same check."""
    here, there = await _start_match(driver)
    outsider = driver.user("outsider")
    await driver.set_overwrite(there, outsider, deny=perm.VIEW_CHANNEL)
    board_a = (await _boards(driver, here, there))[0]
    reply = await (
        await driver.slash(
            driver.user("alice"), here, "orders proxy", {"player": outsider, "game": board_a.id}
        )
    ).reply()
    assert reply.ephemeral
    assert "cannot see" in reply.content and there.mention in reply.content, reply.content
    # A proxy's games count among the games one plays in: none.
    assert await driver.bot.service.lobby.games_of(Caller(outsider.id)) == ()


async def test_rules004_one_on_one_the_gm_is_copied_on_threads_only_if_they_see_both_boards(
    driver: Driver,
) -> None:
    """`copy_gm` adds the match's GM to the private threads: the same check."""
    here, there = await _start_match(driver)
    board_a = (await _boards(driver, here, there))[0]
    await driver.set_overwrite(there, driver.fake.gm, deny=perm.VIEW_CHANNEL)
    helper = driver.world.add_user("helper", guild=driver.guild, roles=("GM",))
    reply = await (
        await driver.slash(
            helper,
            driver.fake.general,
            "gm settings set",
            {"setting": "copy_gm", "value": "yes", "game": board_a.id},
        )
    ).reply()
    assert "cannot see" in reply.content and there.mention in reply.content, reply.content
    settings = await driver.bot.service.lobby.game_settings(board_a.id)
    assert not settings.copy_gm_on_press
