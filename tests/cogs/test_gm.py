"""/gm …: refused to anyone but the GM; confirmations are ephemeral; dangerous
actions wait for a button."""

from __future__ import annotations

from tests.cogs.conftest import channel_posts, create_game, dm_orders, join_all, start_game
from tests.fake_discord import Driver
from tests.fake_discord import permissions as perm

GM_COMMANDS = {
    "gm adjudicate": {},
    "gm extend": {"hours": 24},
    "gm pause": {},
    "gm resume": {},
    "gm replace": {"power": "FRANCE", "player": "outsider"},
    "gm standby": {"power": "FRANCE", "player": "outsider"},
    "gm cd": {"power": "FRANCE"},
    "gm kick": {"player": "alice"},
    "gm rollback": {"phase": "S1901M"},
    "gm end": {"draw": True},
    "gm orders": {},
    "gm settings show": {},
    "gm status": {},
}


async def test_a_player_is_refused_every_gm_command(driver: Driver) -> None:
    """Whatever Discord shows: here Bob holds Manage Events (Discord offers him `/gm`),
    and the service still refuses him every GM action."""
    powers = await start_game(driver)
    bob = driver.user("bob")
    driver.world.add_role(driver.guild, "Organiser", permissions=perm.MANAGE_EVENTS)
    driver.world.add_member(bob, driver.guild, roles=("Organiser",))
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur")
    before = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    for command, options in GM_COMMANDS.items():
        opts = {k: driver.user(v) if k == "player" else v for k, v in options.items()}
        reply = await (await driver.slash(bob, driver.fake.game_channel, command, opts)).reply()
        assert reply.ephemeral, command
        assert "Only the GM" in reply.content, (command, reply.content)
        assert not reply.components, command  # not even a confirmation button
        assert "Bur" not in reply.content
    after = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    assert after == before
    assert await driver.bot.service.history.audit_log(after.id) == ()


async def test_gm_tools(driver: Driver, clock) -> None:
    powers = await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur")

    orders = await (await driver.slash(gm, channel, "gm orders")).reply()
    assert orders.ephemeral and orders.content.startswith("**Test Game — Spring 1901**")
    # Every power, and the units still without an order named.
    assert "**France** (1 of 3 units): A Par - Bur; no order for A Mar and F Bre" in orders.content
    assert "**Italy**: no orders yet for A Rom, A Ven and F Nap" in orders.content
    assert orders.content.endswith("Units without an order hold when the phase is played.")

    paused = await (await driver.slash(gm, channel, "gm pause")).reply()
    assert paused.ephemeral and "paused" in paused.content
    await driver.wait_for_message(lambda m: "paused the game" in m.content, channel=channel)
    clock.advance(hours=2)
    resumed = await (await driver.slash(gm, channel, "gm resume")).reply()
    assert resumed.ephemeral and "<t:" in resumed.content

    # Adjudicating with orders missing asks first, naming the phase, every power
    # behind (France ordered one of its three units) and what the rules will do.
    ask = await (await driver.slash(gm, channel, "gm adjudicate")).reply()
    assert ask.ephemeral and ask.content.startswith("Adjudicate Spring 1901 now? ")
    assert "Austria, England, Germany, Italy, Russia and Turkey have sent no orders" in ask.content
    assert "France has ordered 1 of 3 units" in ask.content
    assert ask.content.endswith("Their units without an order will hold.")
    mark = len(driver.world.bot_messages)
    done = await (await driver.click(gm, ask, "dipgm:confirm")).reply()
    assert done.ephemeral and "S1901M is played" in done.content
    await driver.wait_until(lambda: not ask.components, what="the used button to go away")
    await driver.wait_for_message(
        lambda m: "Spring 1901" in m.content and "Next:" in m.content, channel=channel, since=mark
    )

    ask = await (await driver.slash(gm, channel, "gm rollback", {"phase": "S1901M"})).reply()
    assert ask.ephemeral and ask.custom_ids() == ["dipgm:confirm"]
    rolled = await (await driver.click(gm, ask, "dipgm:confirm")).reply()
    assert "Rolled back to the start of Spring 1901 (S1901M)" in rolled.content
    await driver.wait_for_message(lambda m: "rolled the game back" in m.content, channel=channel)
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    assert info.phase.code == "S1901M"

    standby = await (
        await driver.slash(
            gm, channel, "gm standby", {"power": "ITALY", "player": driver.user("standby")}
        )
    ).reply()
    assert standby.ephemeral
    # The rollback's DMs to all seven players are delivered first, paced within
    # Discord's rate limits: on a loaded two-core machine that once took over 5 s.
    called = await driver.wait_for_message(channel=driver.dm(driver.user("standby")), timeout=15.0)
    assert "standby for **Italy**" in called.content

    ask = await (await driver.slash(gm, channel, "gm end", {"draw": False})).reply()
    ended = await (await driver.click(gm, ask, "dipgm:confirm")).reply()
    assert ended.ephemeral and "is over" in ended.content
    await driver.wait_for_message(lambda m: "without a result" in m.content, channel=channel)
    actions = [a for _, a, _ in await driver.bot.service.history.audit_log(info.id)]
    # Looking at everyone's secret orders is a GM action like any other.
    assert actions == ["view_orders", "pause", "resume", "adjudicate", "rollback", "standby", "end"]
    assert all(not p.ephemeral for p in channel_posts(driver))


async def test_replace_and_kick(driver: Driver) -> None:
    powers = await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    outsider = driver.user("outsider")
    reply = await (
        await driver.slash(gm, channel, "gm replace", {"power": "TURKEY", "player": outsider})
    ).reply()
    assert reply.ephemeral
    await driver.wait_for_message(lambda m: "now plays **Turkey**" in m.content, channel=channel)
    told = await driver.wait_for_message(channel=driver.dm(outsider))
    assert "You now play **Turkey**" in told.content
    echo = await dm_orders(driver, outsider, "A Con - Bul")
    assert "→ **A Con - Bul**" in echo
    kicked = powers["ITALY"]
    reply = await (await driver.slash(gm, channel, "gm kick", {"player": kicked})).reply()
    assert reply.ephemeral
    await driver.user_says(kicked, "dm", "A Ven H")
    answer = await driver.wait_for_message(channel=driver.dm(kicked))
    assert "You no longer play in Test Game" in answer.content


async def test_create_with_rule_options(driver: Driver) -> None:
    await start_game(
        driver,
        year_limit=1905,
        short_game_winner="centres",
        stalemate_winters=3,
        paradox_rule="rulebook_1982",
        movement_hours=72,
        retreat_hours=36,
    )
    reply = await (
        await driver.slash(driver.fake.gm, driver.fake.game_channel, "gm settings show")
    ).reply()
    assert reply.ephemeral
    lines = reply.content.splitlines()
    assert "Moves: 3 days" in lines and "Retreats: 36 hours" in lines
    assert "Builds and removals: 1 day" in lines
    assert "Short game: the game ends with 1905; the most supply centres wins" in lines
    assert (
        "Stalemate rule: a draw when every supply centre has the same owner for 3 winters "
        "in a row" in lines
    )
    assert "Convoy paradoxes: 1982 rulebook (XII.5)" in lines
    assert "_" not in reply.content and "(s)" not in reply.content


async def test_the_gm_cancels_a_game_in_its_lobby(driver: Driver) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    await create_game(driver)
    await join_all(driver, ("alice", "bob"))
    ask = await (await driver.slash(gm, channel, "gm end")).reply()
    assert ask.ephemeral and "has not started" in ask.content
    done = await (await driver.click(gm, ask, "dipgm:confirm")).reply()
    assert done.ephemeral and "is cancelled" in done.content
    await driver.wait_for_message(lambda m: "cancelled it before it started" in m.content)
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    assert info.status == "ended" and info.end_kind == "cancelled"
    assert await create_game(driver, name="Another")  # the channel is free again
