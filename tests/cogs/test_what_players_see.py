"""What each person is told (issue 22): their own results by DM, the new position on
the map, one plain notation, notices that arrive, partial orders shown as such, and
words a newcomer reads."""

from __future__ import annotations

from tests.cogs.conftest import dm_orders, start_game
from tests.fake_discord import Driver


async def test_ready_with_units_unordered_says_what_will_happen(driver: Driver) -> None:
    powers = await start_game(driver)
    france, channel = powers["FRANCE"], driver.fake.game_channel
    await dm_orders(driver, france, "A Par - Bur")
    reply = await (await driver.slash(france, channel, "orders ready")).reply()
    assert reply.ephemeral and "You are marked ready." in reply.content
    assert "But A Mar, F Bre have no order: they will hold." in reply.content


async def play_spring(driver: Driver, clock, powers: dict) -> None:
    """France moves to Burgundy with support; Germany bounces; the rest send nothing."""
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur\nA Mar S A Par - Bur")
    await dm_orders(driver, powers["GERMANY"], "A Mun - Bur")
    clock.advance(days=5)
    await driver.wait_for_message(
        lambda m: "Spring 1901" in m.content and m.attachments,
        channel=driver.fake.game_channel,
        timeout=10,
    )


async def test_each_player_is_told_their_own_results_by_dm(driver: Driver, clock) -> None:
    powers = await start_game(driver)
    await play_spring(driver, clock, powers)
    news = await driver.wait_for_message(
        lambda m: "has been played" in m.content, channel=driver.dm(powers["FRANCE"])
    )
    text = news.content
    assert "• A Par - Bur: moved, now in Burgundy." in text
    assert "• A Mar S A Par - Bur: support given." in text
    assert "• F Bre: no order, so it held." in text
    assert "France now has 3 centres and 3 units." in text
    assert "Next: **Fall 1901**. Send your orders by <t:" in text
    german = await driver.wait_for_message(
        lambda m: "has been played" in m.content, channel=driver.dm(powers["GERMANY"])
    )
    assert "A Mun - Bur: bounced (France's A Par also moved there); still in Munich." in (
        german.content
    )
    # Nobody is told anyone else's results by DM.
    assert "Bur" not in next(
        m.content
        for m in driver.bot_messages(driver.dm(powers["ITALY"]))
        if "has been played" in m.content
    )


async def test_the_results_post_is_one_message_with_the_new_position(driver: Driver, clock) -> None:
    import io

    from PIL import Image

    from adjudication.units import Location
    from render.geometry import geometry_at
    from render.orders_layer import Style
    from render.palette import PALETTES

    powers = await start_game(driver)
    mark = len(driver.world.bot_messages)
    await play_spring(driver, clock, powers)
    posts = [
        m
        for m in driver.bot_messages(driver.fake.game_channel)[0:]
        if driver.world.bot_messages.index(m) >= mark and not m.ephemeral
    ]
    assert len(posts) == 1, [p.content[:60] for p in posts]
    (post,) = posts
    assert "A Par - Bur: moved" in post.content
    assert "A Mun - Bur: bounced (France's A Par also moved there)" in post.content
    assert "(s)" not in post.content and "A PAR" not in post.content
    names = sorted(a.filename for a in post.attachments)
    assert names == ["map-S1901M.png", "results-S1901M-judge.txt"]
    png = next(a for a in post.attachments if a.filename.endswith(".png"))
    image = Image.open(io.BytesIO(png.data)).convert("RGB")
    geo, style = geometry_at(image.width), Style.for_width(image.width)
    france = PALETTES["classic"].power("FRANCE")

    def french_pixels(province: str) -> int:
        cx, cy = geo.anchor(Location(province))
        r = int(style.unit * 0.4)
        return sum(
            image.getpixel((x, y)) == france
            for x in range(int(cx) - r, int(cx) + r + 1)
            for y in range(int(cy) - r, int(cy) + r + 1)
        )

    assert french_pixels("BUR") >= 40  # the army stands where it moved to
    assert french_pixels("PAR") == 0
