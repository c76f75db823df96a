"""Airplane Diplomacy (rules/004) through Discord: a seven-player game created with
`/game create variant:airplane`, a plane built, flown and dislodged over two years,
the map posted with it, and its orders offered by the `/orders` autocomplete."""

from __future__ import annotations

import io

from PIL import Image

from adjudication.model.units import Location
from render.geometry import geometry_at
from render.palette import PALETTES
from tests.cogs.conftest import dm_orders, start_game
from tests.cogs.test_end_to_end import results_posted
from tests.fake_discord import Driver


def _map(message) -> Image.Image:
    (attachment,) = [a for a in message.attachments if a.filename.startswith("map-")]
    image = Image.open(io.BytesIO(attachment.data))
    image.load()
    return image.convert("RGB")


def _russian_pixels_at(image: Image.Image, province: str) -> int:
    geo = geometry_at(image.width)
    x, y = geo.anchor(Location(province))
    colour = PALETTES["classic"].power("RUSSIA")
    box = image.crop((x - 6, y - 6, x + 7, y + 7))
    return box.tobytes().count(bytes(colour))


async def _phase(driver: Driver, clock, orders: dict, powers: dict, next_phase: str):
    for power, text in orders.items():
        echo = await dm_orders(driver, powers[power], text)
        assert "❌" not in echo, echo
    mark = len(driver.world.bot_messages)
    clock.advance(hours=100)
    return await results_posted(driver, next_phase, mark)


async def test_rules004_airplane_game_with_a_plane_built_moved_and_dislodged(
    driver: Driver, clock
) -> None:
    channel = driver.fake.game_channel
    powers = await start_game(driver, name="Flying Circus", variant="airplane")
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    settings = await driver.bot.service.lobby.game_settings(info.id)
    assert settings.variant == "airplane"

    # 1901: Russia takes Rumania, so builds one unit: a plane in Sevastopol.
    await _phase(driver, clock, {"RUSSIA": "F Sev - Rum"}, powers, "Fall 1901")
    await _phase(driver, clock, {"RUSSIA": "F Rum H"}, powers, "Winter 1901 Adjustments")
    winter = await _phase(driver, clock, {"RUSSIA": "Build P Sev"}, powers, "Spring 1902")
    assert "P Sev" in winter.content or "P Sevastopol" in winter.content
    assert _russian_pixels_at(_map(winter), "SEV") >= 12, "the new plane is not on the map"

    # The /orders autocomplete offers the plane's flights.
    handle = await driver.autocomplete(
        powers["RUSSIA"], channel, "orders submit", "order", "P Sev", {"game": info.id}
    )
    offered = [c["value"] for c in await handle.choices()]
    assert any(text.startswith("P Sev") for text in offered), offered

    # Spring 1902: the plane flies to Armenia, over the Black Sea if it likes.
    spring = await _phase(driver, clock, {"RUSSIA": "P Sev - Arm"}, powers, "Fall 1902")
    assert _russian_pixels_at(_map(spring), "ARM") >= 12, "the plane is not drawn in Armenia"

    # Fall 1902: Turkey dislodges it; a plane cannot retreat: it is disbanded at once.
    fall = await _phase(
        driver,
        clock,
        {"TURKEY": "A Smy - Arm\nF Ank S A Smy - Arm"},
        powers,
        "Winter 1902 Adjustments",
    )
    assert "dislodged" in fall.content.lower()
    after = await driver.bot.service.history.current_position(info.id)
    assert not any(u.type.value == "P" for u in after.units)
