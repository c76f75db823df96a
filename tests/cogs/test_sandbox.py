"""Issue 31 through the fake Discord: `/sandbox new|orders|adjudicate|back|list|delete`,
as a player would use them in their DMs with the bot (the answers stay there), and in
a server (shown to the asker alone)."""

from __future__ import annotations

import io
import re

from PIL import Image

from tests.cogs.conftest import start_game
from tests.fake_discord import Driver, FakeMessage


def _png(message: FakeMessage) -> None:
    pngs = [a for a in message.attachments if a.filename.endswith(".png")]
    assert len(pngs) == 1, [a.filename for a in message.attachments]
    image = Image.open(io.BytesIO(pngs[0].data))
    assert image.format == "PNG"
    image.load()


def _number(message: FakeMessage) -> int:
    found = re.search(r"Sandbox (\d+)", message.content)
    assert found, message.content
    return int(found.group(1))


def _everything(message: FakeMessage) -> str:
    texts = [a.data.decode() for a in message.attachments if a.filename.endswith(".txt")]
    return "\n".join([message.content, *texts])


async def test_issue31_a_sandbox_played_in_a_dm(driver: Driver) -> None:
    alice = driver.user("alice")
    dm = driver.dm(alice)
    made = await (await driver.slash(alice, dm, "sandbox new")).reply()
    assert "standard opening" in made.content and "/sandbox orders" in made.content
    assert not made.ephemeral  # it lives in the DM, kept with the conversation
    _png(made)
    number = _number(made)

    sent = await (
        await driver.slash(
            alice, dm, "sandbox orders", {"orders": "France: A Par - Bur, Germany: A Mun - Ruh"}
        )
    ).reply()
    assert "✅ France: A Par - Bur" in sent.content and "✅ Germany: A Mun - Ruh" in sent.content
    _png(sent)
    italy = await (
        await driver.slash(alice, dm, "sandbox orders", {"orders": "A Ven - Tyr", "power": "ITALY"})
    ).reply()
    assert "✅ Italy: A Ven - Tyr" in italy.content and "3 orders" in italy.content

    played = await (await driver.slash(alice, dm, "sandbox adjudicate")).reply()
    assert "Spring 1901 adjudicated" in played.content and "Fall 1901" in played.content
    assert "A Par - Bur: moved" in _everything(played)
    _png(played)

    back = await (await driver.slash(alice, dm, "sandbox back")).reply()
    assert "back to **Spring 1901**" in back.content and "3 orders" in back.content
    _png(back)

    listed = await (await driver.slash(alice, dm, "sandbox list")).reply()
    assert f"Sandbox {number}" in listed.content and "Spring 1901" in listed.content
    offered = await (
        await driver.autocomplete(alice, dm, "sandbox delete", "sandbox", "")
    ).choices()
    assert [c["value"] for c in offered] == [number]
    gone = await (await driver.slash(alice, dm, "sandbox delete", {"sandbox": number})).reply()
    assert f"Sandbox {number} deleted" in gone.content
    again = await (await driver.slash(alice, dm, "sandbox adjudicate")).reply()
    assert "You have no sandbox" in again.content and not again.attachments


async def test_issue31_in_a_server_a_sandbox_is_the_askers_alone(driver: Driver) -> None:
    powers = await start_game(driver)
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    channel = driver.fake.game_channel
    # A running game of another person is refused, and nothing is made.
    outsider = driver.user("outsider")
    refused = await (
        await driver.slash(outsider, channel, "sandbox new", {"game": info.id})
    ).reply()
    assert refused.ephemeral and "still being played" in refused.content
    nothing = await (await driver.slash(outsider, channel, "sandbox list")).reply()
    assert "no sandbox" in nothing.content
    # A player of it makes one from its phase in play, seen by them alone.
    france = powers["FRANCE"]
    made = await (await driver.slash(france, channel, "sandbox new", {"game": info.id})).reply()
    assert made.ephemeral and "Test Game" in made.content and "Spring 1901" in made.content
    _png(made)
