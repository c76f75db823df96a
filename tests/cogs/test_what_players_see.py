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

    from adjudication.model.units import Location
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


async def test_the_gm_sets_the_judge_notation_for_the_channel(driver: Driver, clock) -> None:
    powers = await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    changed = await (
        await driver.slash(
            gm, channel, "gm settings set", {"setting": "results_notation", "value": "judge"}
        )
    ).reply()
    assert changed.ephemeral and "Results in the channel: rules/004's judge notation" in (
        changed.content
    )
    refused = await (
        await driver.slash(gm, channel, "gm settings set", {"setting": "scoring", "value": "x"})
    ).reply()
    assert "chosen before the game starts" in refused.content
    await play_spring(driver, clock, powers)
    post = next(m for m in driver.bot_messages(channel) if "results of Spring 1901" in m.content)
    assert "```" in post.content and "A Par-Bur" in post.content.replace(" -", "-")


async def test_the_final_map_shows_the_winner_with_18_centres(driver: Driver, clock) -> None:
    """The game-over post carries the true final position: the 18th centre counted."""
    from adjudication.maps import STANDARD
    from adjudication.model.position import Position
    from adjudication.model.units import Phase, Unit
    from render import ResultsRequest, render_results
    from render.panels import legend_rows
    from tests.service.conftest import force_position

    powers = await start_game(driver)
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    seventeen = [c for c in sorted(STANDARD.supply_centres) if c != "MUN"][:17]
    ownership = {c: "FRANCE" for c in seventeen} | {"MUN": "GERMANY"}
    near_solo = Position(Phase.parse("F1901M"), [Unit.parse("FRANCE", "A BUR")], ownership)
    await force_position(driver.bot.service, info.id, near_solo)
    await dm_orders(driver, powers["FRANCE"], "A Bur - Mun")
    clock.advance(days=5)
    post = await driver.wait_for_message(
        lambda m: "results of Fall 1901" in m.content,
        channel=driver.fake.game_channel,
        timeout=10,
    )
    assert "**Test Game is over**: France won outright" in post.content
    final = await driver.bot.service.history.current_position(info.id)
    assert len(final.centres_of("FRANCE")) == 18
    (france,) = [r for r in legend_rows(STANDARD, final) if r.power == "FRANCE"]
    assert france.text.split()[0] == "18"
    # The posted map is that final position, titled so, with Fall's moves under it.
    png = next(a for a in post.attachments if a.filename.endswith(".png")).data
    last = (await driver.bot.service.lobby.game_info(info.id)).phase_id
    played = await driver.bot.lookups.played_phase(info.id, info.phase_id, last)
    assert played is not None and played.after == final
    orders = [o.order for o in played.outcomes]
    expected = render_results(
        ResultsRequest(
            played.before,
            final,
            board=STANDARD,
            orders=orders,
            outcomes=list(played.outcomes),
            final=True,
        )
    )
    assert png == expected


async def test_joining_twice_keeps_the_preferences(driver: Driver) -> None:
    channel, alice = driver.fake.game_channel, driver.user("alice")
    await (await driver.slash(driver.fake.gm, channel, "game create", {"name": "G"})).reply()
    menu = await (await driver.slash(alice, channel, "game join")).reply()
    picked = await driver.click(alice, menu, "dipgm:prefs", values=["ITALY", "FRANCE"])
    assert "Italy, France" in (await picked.reply()).content
    again = await (await driver.slash(alice, channel, "game join")).reply()
    assert "You are already in **G**; your preferences are: Italy, France." in again.content
    assert not again.components  # no menu that could wipe them


async def test_a_closed_vote_greys_out_every_ballot(driver: Driver) -> None:
    powers = await start_game(driver)
    mark = len(driver.world.bot_messages)
    await (await driver.slash(powers["FRANCE"], driver.fake.game_channel, "draw propose")).reply()
    ballots = {
        power: await driver.wait_for_message(
            lambda m: any(c.startswith("dipgm:vote:") for c in m.custom_ids()),
            channel=driver.dm(user),
            since=mark,
        )
        for power, user in powers.items()
        if power != "FRANCE"
    }
    italy = ballots["ITALY"]
    no = next(c for c in italy.custom_ids() if c.endswith(":n"))
    await (await driver.click(powers["ITALY"], italy, no)).reply()

    def greyed(message) -> bool:
        buttons = [c for row in message.components for c in row.get("components", [])]
        return bool(buttons) and all(b.get("disabled") for b in buttons)

    await driver.wait_until(
        lambda: all(greyed(b) for b in ballots.values()), what="every ballot greyed out"
    )
