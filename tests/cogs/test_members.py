"""Members Discord does not let dipgm reach (issue 19): someone who cannot see the game's
channel is never made a player, a standby or a copied GM; a player who left the server
is noticed (a refused DM, a refused thread add, a member missing from a command's
resolved data), their power marked unreachable, and the GM told."""

from __future__ import annotations

from bot.service.kernel import Caller
from tests.cogs.conftest import PLAYERS, channel_posts, rounds_begun_after_now, start_game
from tests.fake_discord import Driver
from tests.fake_discord import permissions as perm

THREE = PLAYERS[:3]  # alice, bob, carol


# --- members who cannot see the channel ---------------------------------------------


async def test_a_replacement_or_a_standby_who_cannot_see_the_channel_is_refused(
    driver: Driver,
) -> None:
    powers = await start_game(driver, THREE)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    outsider = driver.user("outsider")
    await driver.set_overwrite(channel, outsider, deny=perm.VIEW_CHANNEL)
    power = next(iter(powers))
    before = await driver.bot.service.lobby.game_in_channel(channel.id)
    for command in ("gm replace", "gm standby"):
        handle = await driver.slash(gm, channel, command, {"power": power, "player": outsider})
        reply = await handle.reply()
        assert reply.ephemeral, command
        assert "cannot see" in reply.content and channel.mention in reply.content, reply.content
    after = await driver.bot.service.lobby.game_in_channel(channel.id)
    assert after.powers == before.powers
    # Someone who can see it is taken.
    standby = driver.user("standby")
    reply = await (
        await driver.slash(gm, channel, "gm standby", {"power": power, "player": standby})
    ).reply()
    assert "is standby" in reply.content


async def test_the_gm_is_copied_on_threads_only_if_they_can_see_the_channel(
    driver: Driver,
) -> None:
    await start_game(driver, THREE)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    await driver.set_overwrite(channel, gm, deny=perm.VIEW_CHANNEL)
    helper = driver.world.add_user("helper", guild=driver.guild, roles=("GM",))
    reply = await (
        await driver.slash(
            helper,
            driver.fake.general,
            "gm settings set",
            {"setting": "copy_gm", "value": "yes", "game": info.id},
        )
    ).reply()
    assert "cannot see" in reply.content and channel.mention in reply.content, reply.content
    assert not (await driver.bot.service.lobby.game_settings(info.id)).copy_gm_on_press


# --- players who leave ----------------------------------------------------------------


def gone_notices(driver: Driver) -> list:
    return [m for m in channel_posts(driver) if "left the server" in m.content]


async def test_a_player_who_left_is_noticed_when_their_dm_is_refused(driver: Driver, clock) -> None:
    """Without the members intent nobody tells the bot that a member left; the DM of
    their results is refused (50278, no server in common): their powers are marked
    unreachable, the GM is told with a ping, and the DM is not tried in a loop."""
    powers = await start_game(driver, THREE)
    gm, alice = driver.fake.gm, driver.user("alice")
    await driver.remove_member(alice, driver.guild)
    clock.advance(hours=97)  # the deadline passes: each player gets their results by DM
    notice = await driver.wait_for_message(lambda m: "left the server" in m.content)
    assert notice.pinged_users == {gm.id}
    assert "(Alice)" in notice.content and "/gm standby" in notice.content
    for power, user in powers.items():
        assert (power.title() in notice.content) == (user is alice), power
    tried = [r for r in driver.refusals if r.code == 50278]
    assert len(tried) == 1
    clock.advance(hours=2)
    assert driver.bot.delivery.heartbeat is not None
    await rounds_begun_after_now(driver, [driver.bot.delivery.heartbeat])
    assert len([r for r in driver.refusals if r.code == 50278]) == 1
    assert len(gone_notices(driver)) == 1
    assert not [m for m in channel_posts(driver) if "stopped trying" in m.content]


async def test_a_player_who_left_is_noticed_when_a_thread_refuses_them(driver: Driver) -> None:
    powers = await start_game(driver, THREE)
    alice, bob = driver.user("alice"), driver.user("bob")
    theirs = next(p for p, u in powers.items() if u is alice)
    await driver.remove_member(alice, driver.guild)
    talk = await (
        await driver.slash(bob, driver.fake.game_channel, "talk", {"power": theirs})
    ).reply()
    assert "could not be added" in talk.content
    notice = await driver.wait_for_message(
        lambda m: "left the server" in m.content, channel=driver.fake.game_channel
    )
    assert theirs.title() in notice.content and notice.pinged_users == {driver.fake.gm.id}


async def test_a_player_missing_from_a_commands_resolved_data_has_left(
    driver: Driver,
) -> None:
    """A user picked in an option who is not a member comes without member data: the
    bot refuses to give them a part, and, as they play in the game, tells the GM."""
    powers = await start_game(driver, THREE)
    gm, channel, alice = driver.fake.gm, driver.fake.game_channel, driver.user("alice")
    theirs = next(p for p, u in powers.items() if u is alice)
    other = next(p for p, u in powers.items() if u is not alice)
    await driver.remove_member(alice, driver.guild)
    reply = await (
        await driver.slash(gm, channel, "gm standby", {"power": other, "player": alice})
    ).reply()
    assert reply.ephemeral and "not a member of this server" in reply.content
    notice = await driver.wait_for_message(lambda m: "left the server" in m.content)
    assert theirs.title() in notice.content


async def test_a_player_back_in_the_server_is_reachable_again(driver: Driver, clock) -> None:
    await start_game(driver, THREE)
    alice = driver.user("alice")
    await driver.remove_member(alice, driver.guild)
    clock.advance(hours=97)
    await driver.wait_for_message(lambda m: "left the server" in m.content)
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    status = await driver.bot.service.reach.gm_status(info.id, Caller(info.gm_user_id))
    assert status.left_server == (alice.id,)
    await driver.add_member(alice, driver.guild)
    mark = len(driver.world.bot_messages)
    await (await driver.slash(alice, driver.fake.game_channel, "game status")).reply()
    # The results held for her arrive now.
    await driver.wait_for_message(
        lambda m: "Spring 1901" in m.content, channel=driver.dm(alice), since=mark
    )
    status = await driver.bot.service.reach.gm_status(info.id, Caller(info.gm_user_id))
    assert status.left_server == ()
