"""Orders stay secret until the phase is played: nothing anyone ordered appears in
any message other players can see, whichever way it was sent or looked at."""

from __future__ import annotations

import re

from tests.cogs.conftest import dm_orders, start_game, visible_text
from tests.fake_discord import Driver

ORDERS = {
    "AUSTRIA": "A Vie - Gal",
    "ENGLAND": "F Lon - Eng",
    "FRANCE": "A Mar - Pie",
    "GERMANY": "A Mun - Sil",
    "ITALY": "F Nap - Ion",
    "RUSSIA": "A War - Ukr",
    "TURKEY": "F Ank - Bla",
}
SECRET_PLACES = ("Gal", "Eng", "Pie", "Sil", "Ion", "Ukr", "Bla")


def mentions(text: str, places) -> list[str]:
    """The places named in `text` as words, any case ("Eng", "ENG"; not "England")."""
    return [p for p in places if re.search(rf"\b{p}\b", text, re.IGNORECASE)]


async def test_no_order_is_visible_before_adjudication(driver: Driver, clock) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    for power, text in ORDERS.items():
        if power == "ENGLAND":  # one by slash command in the channel, the rest by DM
            handle = await driver.slash(powers[power], channel, "orders submit", {"order": text})
            assert (await handle.reply()).ephemeral
        else:
            await dm_orders(driver, powers[power], text)
    await (await driver.slash(powers["FRANCE"], channel, "orders show")).reply()
    await (await driver.slash(driver.user("outsider"), channel, "game status")).reply()
    await (await driver.slash(powers["ITALY"], channel, "talk", {"power": "AUSTRIA"})).reply()

    dm_channels = {driver.dm(u).id for u in powers.values()}
    for message in driver.world.bot_messages:
        if message.channel_id in dm_channels:
            continue  # a player's own DMs
        text = visible_text(message)
        if message.ephemeral:
            # only the player who asked sees an ephemeral reply: their own orders at most
            record = driver.world.interactions.get(message.interaction_id or 0)
            assert record is not None
            power_of = {u.id: p for p, u in powers.items()}
            mine = ORDERS.get(power_of.get(record.user.id, ""), "")
            others = [p for p in SECRET_PLACES if p not in mine]
            assert not mentions(text, others), text
            continue
        assert not mentions(text, SECRET_PLACES), text

    # After the deadline the results show them all.
    clock.advance(days=5)
    await driver.wait_for_message(
        lambda m: "Vie-Gal" in m.content.replace(" ", ""), channel=channel
    )
