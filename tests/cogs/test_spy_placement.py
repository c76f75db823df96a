"""Issue 33, "Spy: where a spy stands leaks": nothing public says who has or has not
placed a spy; an unplaced spy starts in a home centre drawn at random, told only to its
owner (rules/004: each spy starts "in one of its home supply centers, selected by the
owning player")."""

from __future__ import annotations

from adjudication.maps import STANDARD
from storage.codec import position_from_json
from tests.cogs.conftest import channel_posts, dm_orders, start_game, visible_text
from tests.fake_discord import Driver


async def test_issue33_nothing_public_says_who_did_not_place_a_spy(driver: Driver, clock) -> None:
    powers = await start_game(driver, variant="spy")
    gm, channel = driver.fake.gm, driver.fake.game_channel
    for power, user in powers.items():
        if power != "TURKEY":
            home = min(STANDARD.home_centres[power]).title()
            echo = await dm_orders(driver, user, f"Spy {home} B")
            assert "rejected" not in echo, echo
    # While the placements are awaited, the status shows no one's progress but the
    # asker's own: "waiting for orders" beside Turkey would say it has not placed.
    for asker, share in ((powers["FRANCE"], True), (powers["FRANCE"], False)):
        handle = await driver.slash(asker, channel, "game status", {"share": share})
        shown = visible_text(await handle.reply())
        turkey_line = shown.split("Turkey", 1)[1].split("\n", 1)[0]
        assert "waiting" not in turkey_line and "ordered" not in turkey_line, shown
        assert "orders in" not in shown.split("France", 1)[0], shown  # no one else's
    gm_view = visible_text(await (await driver.slash(gm, channel, "game status")).reply())
    assert "waiting for orders" in gm_view.split("Turkey", 1)[1].split("\n", 1)[0]

    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    clock.now = info.deadline_at
    post = await driver.wait_for_message(
        lambda m: "results of Winter 1900" in m.content, channel=channel, timeout=30
    )
    told = await driver.wait_for_message(
        lambda m: "Winter 1900 Adjustments has been played" in m.content,
        channel=driver.dm(powers["TURKEY"]),
        timeout=30,
    )
    assert "No orders" not in post.content and "no orders" not in post.content, post.content
    for message in channel_posts(driver):
        assert "NBR" not in message.content
        for attachment in message.attachments:
            assert b"NBR" not in attachment.data
    assert "you selected no home centre, so this one was drawn at random" in told.content
    after = await driver.bot.service.history.phase_record(info.id, "S1901M")
    (turkish,) = [s for s in position_from_json(after.position).spies if s.power == "TURKEY"]
    assert f"Your spy is now in {turkish.province.title()}" in told.content, told.content
