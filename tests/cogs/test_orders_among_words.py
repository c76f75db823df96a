"""Issue 33, "A late player's orders silently not read": a DM that carries orders among
other words is read for its orders, and what was not read is said; a DM from which no
order could be read says so plainly, with the player's phase and deadline, never only
the help text."""

from __future__ import annotations

from bot.service.kernel import Caller
from tests.cogs.conftest import dm_orders, start_game
from tests.fake_discord import Driver
from tests.service.book import position
from tests.service.conftest import force_position

# Turkey owns Bulgaria and Greece besides its homes: two builds, every home free.
WINTER = position(
    "W1901A",
    {"TURKEY": "F BUL, A GRE", "FRANCE": "A PAR"},
    {"TURKEY": "CON SMY ANK BUL GRE", "FRANCE": "PAR"},
)


async def _late_turkey(driver: Driver, clock):
    gm, channel = driver.fake.gm, driver.fake.game_channel
    powers = await start_game(driver)
    await (
        await driver.slash(
            gm, channel, "gm settings set", {"setting": "grace_hours", "value": "24"}
        )
    ).reply()
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    await force_position(driver.bot.service, info.id, WINTER)
    turkey = powers["TURKEY"]
    # The deadline passes with nothing from Turkey: the game waits for it (a grace).
    clock.now = info.deadline_at
    await driver.wait_for_message(
        lambda m: "the deadline passed and I have no orders" in m.content,
        channel=driver.dm(turkey),
    )
    return turkey, await driver.bot.service.lobby.game_in_channel(channel.id)


async def test_issue33_orders_among_apologies_are_read_and_the_rest_is_said(
    driver: Driver, clock
) -> None:
    turkey, _ = await _late_turkey(driver, clock)
    echo = await dm_orders(driver, turkey, "sorry, was away. A Con B, A Smy B, F Ank B")
    for build in ("A Con B", "A Smy B", "F Ank B"):
        assert f"`{build}` →" in echo, echo
    # The words that are no order are named as not read, not silently dropped…
    assert "`sorry`" in echo and "`was away.`" in echo, echo
    assert "not an order" in echo, echo
    # … and the help text is not what the player gets.
    assert "Send me your orders here" not in echo


async def test_issue33_a_message_with_no_order_says_so_with_the_phase_and_deadline(
    driver: Driver, clock
) -> None:
    turkey, info = await _late_turkey(driver, clock)
    mark = len(driver.world.bot_messages)
    await driver.user_says(turkey, "dm", "sorry, I was away, what do I do now?")
    reply = await driver.wait_for_message(channel=driver.dm(turkey), since=mark)
    text = reply.content
    assert text.startswith("No order could be read from your message"), text
    assert "Turkey" in text and "Winter 1901" in text, text
    assert f"<t:{int(info.deadline_at.timestamp())}:F>" in text, text  # the grace's end
    # How to write orders follows, with the player's own options.
    assert "A Con B" in text or "Build" in text, text
    # Nothing was stored: the power is still without orders.
    status = await driver.bot.service.orders.show_orders(Caller(turkey.id))
    assert status.orders == ()
