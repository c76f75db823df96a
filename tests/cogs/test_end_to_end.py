"""One whole game through Discord: create, seven joins, start, orders by DM from
every player (with a malformed line and a corrected typo), the deadline passing,
results and a PNG map in the channel, a retreat, builds, a GM extension and a draw
vote that ends the game."""

from __future__ import annotations

import io

from PIL import Image

from tests.cogs.conftest import channel_posts, dm_orders, start_game, visible_text
from tests.fake_discord import Driver, FakeMessage

SPRING = {
    "ENGLAND": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yrk\nthis is not an order",
    "FRANCE": "A Par - Bur\nA Mar - Spa\nF Bre - Mao",
    "GERMANY": "A Mun - Ruh\nA Ber - Mun\nF Kie - Den",
    "ITALY": "A Ven H\nA Rom H\nF Nap H",
    "AUSTRIA": "A Vie H\nA Bud H\nF Tri H",
    "RUSSIA": "A Mos H\nA War H\nF Sev H\nF Stp/sc H",
    "TURKEY": "A Con H\nA Smy H\nF Ank H",
}
FALL = {
    "GERMANY": "A Ruh - Bur\nA Mun S A Ruh - Bur\nF Den H",
    "FRANCE": "A Bur H\nA Spa H\nF Mao - Por",
    "ENGLAND": "F Nwg - Nwy\nF Nth H\nA Yor H",
}
# Distinctive pieces of Spring's orders that must not leak before adjudication.
SECRETS = ("Bur", "Nth", "Nwg", "Yor", "Ruh", "Den", "Mao", "MAO", "BUR", "NTH")


def png_size(message: FakeMessage) -> tuple[int, int]:
    (attachment,) = [a for a in message.attachments if a.filename.endswith(".png")]
    image = Image.open(io.BytesIO(attachment.data))
    image.load()
    assert image.format == "PNG"
    return image.size


async def results_posted(driver: Driver, next_phase: str, since: int) -> FakeMessage:
    """A phase's results post: one message with the outcomes, the notices, what comes
    next (`next_phase`, its title), the map and the judge notation as a file."""
    return await driver.wait_for_message(
        lambda m: f"Next: **{next_phase}**" in m.content or "game is over" in m.content,
        channel=driver.fake.game_channel,
        since=since,
        timeout=10,
    )


async def test_a_whole_game(driver: Driver, clock) -> None:
    channel = driver.fake.game_channel
    powers = await start_game(driver, name="Grand Game")
    assert sorted(powers) == sorted(SPRING)

    # Spring 1901: everyone sends orders by DM.
    for power, text in SPRING.items():
        echo = await dm_orders(driver, powers[power], text)
        assert "Grand Game" in echo
        if power == "ENGLAND":
            assert "✏️ `A Lvp - Yrk` → **A Lvp - Yor** (interpreted as" in echo
            # Words that are no order are said, as not read (issue 33), not refused.
            assert "➖ `this is not an order` — not an order, so not read" in echo
            assert "Every unit has an order." in echo
        else:
            assert "❌" not in echo, echo

    # Secrecy: nothing anyone ordered is visible in the channel before the deadline.
    for post in channel_posts(driver):
        text = visible_text(post)
        assert not any(s in text for s in SECRETS), text

    mark = len(driver.world.bot_messages)
    clock.advance(hours=100)
    closing = await results_posted(driver, "Fall 1901", mark)
    width, height = png_size(closing)
    assert width >= 400 and height >= 300
    assert "results of Spring 1901" in closing.content
    assert "A Par - Bur: moved" in closing.content
    judge = next(a for a in closing.attachments if a.filename.endswith("-judge.txt"))
    assert "Par-Bur" in judge.data.decode().replace(" ", "")

    # Fall 1901: Germany dislodges the French army in Burgundy; England takes Norway.
    for power, text in FALL.items():
        echo = await dm_orders(driver, powers[power], text)
        assert "❌" not in echo, echo
    mark = len(driver.world.bot_messages)
    clock.advance(hours=100)
    fall = await results_posted(driver, "Fall 1901 Retreats", mark)
    # The missed orders are told in the results post, not in posts of their own.
    assert "No orders from Austria, Italy, Russia, Turkey." in fall.content
    assert "A Bur H: dislodged by Germany's A Ruh" in fall.content  # not "held" (issue 33)

    # The retreat: France is told by DM what it may do, and retreats.
    france = powers["FRANCE"]
    told = await driver.wait_for_message(
        lambda m: "Retreat or disband" in m.content, channel=driver.dm(france), since=mark
    )
    assert "`A Bur R Pic`" in told.content and "`A Bur D`" in told.content
    mark = len(driver.world.bot_messages)
    echo = await dm_orders(driver, france, "A Bur - Pic")
    assert "→ **A Bur R Pic**" in echo
    # Everyone concerned has ordered: the retreat phase ends without waiting.
    await results_posted(driver, "Winter 1901 Adjustments", mark)

    # Winter 1901: builds for England, France and Germany, each told by DM.
    germany = powers["GERMANY"]
    told = await driver.wait_for_message(
        lambda m: "may build 1 unit" in m.content, channel=driver.dm(germany), since=mark
    )
    assert "`Build A Ber`" in told.content
    mark = len(driver.world.bot_messages)
    await dm_orders(driver, germany, "Build A Ber")
    await dm_orders(driver, france, "Build F Bre\nBuild A Par")
    await dm_orders(driver, powers["ENGLAND"], "Build F Lon")
    await results_posted(driver, "Spring 1902", mark)
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    units = {p.power: p.units for p in info.powers}
    assert units["GERMANY"] == 4 and units["FRANCE"] == 5 and units["ENGLAND"] == 4

    # The GM extends the deadline by a day.
    before = info.deadline_at
    handle = await driver.slash(driver.fake.gm, channel, "gm extend", {"hours": 24})
    assert (await handle.reply()).ephemeral
    await driver.wait_for_message(lambda m: "changed by the GM" in m.content, channel=channel)
    after = (await driver.bot.service.lobby.game_info(info.id)).deadline_at
    assert after is not None and before is not None and (after - before).total_seconds() == 86400

    # A draw: proposed by England, every other player votes yes from their DM.
    mark = len(driver.world.bot_messages)
    handle = await driver.slash(powers["ENGLAND"], channel, "draw propose")
    assert (await handle.reply()).ephemeral
    for power, user in powers.items():
        if power == "ENGLAND":
            continue  # the proposer's vote counts as yes: no ballot
        ballot = await driver.wait_for_message(
            lambda m: any(c.startswith("dipgm:vote:") for c in m.custom_ids()),
            channel=driver.dm(user),
            since=mark,
        )
        yes = next(c for c in ballot.custom_ids() if c.endswith(":y"))
        click = await driver.click(user, ballot, yes)
        assert "You voted **yes**" in (await click.reply()).content
    await driver.wait_for_message(
        lambda m: "vote on a draw" in m.content and "passed" in m.content,
        channel=channel,
        since=mark,
    )
    ended = await driver.wait_for_message(
        lambda m: "is over" in m.content, channel=channel, since=mark
    )
    assert "draw" in ended.content
    final = await driver.bot.service.lobby.game_info(info.id)
    assert final.status == "ended" and len(final.winners) == 7
