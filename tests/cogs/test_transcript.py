"""A transcript of everything each person saw in a scripted game, from the lobby to a
solo (issue 22): a lobby, orders by DM with a typo and a question, press, a private
thread, a missed deadline, a retreat, builds, a draw vote, a GM extension and the end.

Checked over the whole transcript: no message breaks Discord's limits (the fake would
refuse it and fail the test), the channel carries one post a phase besides the start,
votes, press and the GM's notices, and no text a person reads carries `(s)` or an
order in upper-case codes ("A PAR")."""

from __future__ import annotations

import re

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from tests.cogs.conftest import dm_orders, start_game, visible_text
from tests.fake_discord import Driver, FakeMessage
from tests.service.conftest import force_position

SPRING = {
    "ENGLAND": "F Lon - Nth\nF Edi - Nwg\nA Lvp - Yrk",
    "FRANCE": "A Par - Bur\nA Mar - Spa\nF Bre - Mao",
    "GERMANY": "A Mun - Ruh\nA Ber - Mun\nF Kie - Den",
    "AUSTRIA": "A Vie H\nA Bud H\nF Tri H",
    "RUSSIA": "A Mos H\nA War H\nF Sev H\nF Stp/sc H",
    "TURKEY": "A Con H\nA Smy H\nF Ank H",
}  # Italy sends nothing: it misses the deadline
FALL = {
    "GERMANY": "A Ruh - Bur\nA Mun S A Ruh - Bur\nF Den H",
    "FRANCE": "A Bur H\nA Spa H\nF Mao - Por",
    "ENGLAND": "F Nwg - Nwy\nF Nth H\nA Yor H",
}
UPPER_CASE_ORDER = re.compile(r"\b[AF] [A-Z]{3}\b")
CHANNEL_KINDS = {
    "lobby": "is open. Join with",
    "results": "— results of",
    "start": "has begun",
    "vote": "The vote on",
    "press": "Press from",
    "gm": "The deadline was changed",
}


def kind_of(post: FakeMessage) -> str:
    # Press is an embed whose author is its sender.
    signed = " ".join((e.get("author") or {}).get("name", "") for e in post.embeds)
    for kind, mark in CHANNEL_KINDS.items():
        if mark in post.content or mark in signed:
            return kind
    return f"unexpected: {post.content[:80]!r}"


async def results(driver: Driver, title: str, mark: int) -> FakeMessage:
    return await driver.wait_for_message(
        lambda m: f"results of {title}**" in m.content,
        channel=driver.fake.game_channel,
        since=mark,
        timeout=10,
    )


async def test_a_scripted_game_reads_well_for_everyone(driver: Driver, clock) -> None:
    channel, gm = driver.fake.game_channel, driver.fake.gm
    powers = await start_game(driver, name="Transcript")

    # Spring 1901: a question first, then orders (one with a typo); Italy is silent.
    await driver.user_says(powers["ENGLAND"], "dm", "How do I move my fleet?")
    helped = await driver.wait_for_message(channel=driver.dm(powers["ENGLAND"]))
    assert "F Edi" in helped.content or "F Lon" in helped.content  # its own units
    for power, text in SPRING.items():
        await dm_orders(driver, powers[power], text)
    await (
        await driver.slash(powers["FRANCE"], channel, "press", {"text": "Peace in the west"})
    ).reply()
    await (await driver.slash(powers["ENGLAND"], channel, "talk", {"power": "FRANCE"})).reply()
    await (await driver.slash(driver.user("outsider"), channel, "game status")).reply()
    mark = len(driver.world.bot_messages)
    clock.advance(days=5)
    spring = await results(driver, "Spring 1901", mark)
    assert "No orders from Italy." in spring.content

    # Fall 1901: Germany dislodges France from Burgundy; France retreats.
    for power, text in FALL.items():
        await dm_orders(driver, powers[power], text)
    mark = len(driver.world.bot_messages)
    clock.advance(days=5)
    await results(driver, "Fall 1901", mark)
    mark = len(driver.world.bot_messages)
    await dm_orders(driver, powers["FRANCE"], "A Bur - Pic")
    await results(driver, "Fall 1901 Retreats", mark)

    # Winter 1901: builds.
    mark = len(driver.world.bot_messages)
    await dm_orders(driver, powers["GERMANY"], "Build A Ber")
    await dm_orders(driver, powers["FRANCE"], "Build F Bre\nBuild A Par")
    await dm_orders(driver, powers["ENGLAND"], "Build F Lon")
    await results(driver, "Winter 1901 Adjustments", mark)

    # A draw vote that fails, and a GM extension.
    mark = len(driver.world.bot_messages)
    await (await driver.slash(powers["ENGLAND"], channel, "draw propose")).reply()
    ballot = await driver.wait_for_message(
        lambda m: bool(m.custom_ids()), channel=driver.dm(powers["TURKEY"]), since=mark
    )
    no = next(c for c in ballot.custom_ids() if c.endswith(":n"))
    await (await driver.click(powers["TURKEY"], ballot, no)).reply()
    await driver.wait_for_message(lambda m: "The vote on" in m.content, channel=channel)
    await (await driver.slash(gm, channel, "gm extend", {"hours": 24})).reply()
    await driver.wait_for_message(lambda m: "changed by the GM" in m.content, channel=channel)

    # France is one centre short of a solo, and takes it.
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    seventeen = [c for c in sorted(STANDARD.supply_centres) if c != "MUN"][:17]
    ownership = {c: "FRANCE" for c in seventeen} | {"MUN": "GERMANY"}
    solo = Position(Phase.parse("F1902M"), [Unit.parse("FRANCE", "A BUR")], ownership)
    await force_position(driver.bot.service, info.id, solo)
    await dm_orders(driver, powers["FRANCE"], "A Bur - Mun")
    mark = len(driver.world.bot_messages)
    clock.advance(days=6)
    last = await results(driver, "Fall 1902", mark)
    assert "France won outright" in last.content
    await driver.wait_until(
        lambda: all(
            any("is over" in m.content for m in driver.bot_messages(driver.dm(u)))
            for u in powers.values()
        ),
        what="every player told of the end by DM",
    )

    # The transcript, as each person saw it.
    everyone = [*powers.values(), gm, driver.user("outsider")]
    seen: dict[str, list[str]] = {u.name: [] for u in everyone}
    for message in driver.world.bot_messages:
        for user in everyone:
            if message.ephemeral:
                record = driver.world.interactions.get(message.interaction_id or 0)
                if record is None or record.user.id != user.id:
                    continue
            elif not driver.can_read(user, driver.world.channels[message.channel_id]):
                continue
            seen[user.name].append(visible_text(message))
    for name, texts in seen.items():
        for text in texts:
            assert "(s)" not in text, (name, text)
            assert not UPPER_CASE_ORDER.search(text), (name, text)

    # The channel: one results post a phase; the rest are the lobby, the start, votes,
    # press and the GM's notices.
    posts = [m for m in driver.bot_messages(channel) if not m.ephemeral]
    kinds = [kind_of(p) for p in posts]
    assert not [k for k in kinds if k.startswith("unexpected")], kinds
    played = [
        p.content.split("results of ")[1].split("**")[0] for p in posts if kind_of(p) == "results"
    ]
    assert len(played) == len(set(played)), played
    assert played == [
        "Spring 1901",
        "Fall 1901",
        "Fall 1901 Retreats",
        "Winter 1901 Adjustments",
        "Fall 1902",
    ]
