"""The Masters Rules as their players meet them through Discord (issue 33; rules/003,
docs/VARIANTS.md M24-M26): an order for a power one may not write for is refused when
sent, with the reason; the echo names the power each written order is for; the plain
results post and each player's DM say what the minor powers did and who wrote their
orders, the rebels raised, annexations, aid given and received and disarmament; the
Winter's suggestions are orders valid then; a retreat written for a minor power waits
for its writers until a real deadline."""

from __future__ import annotations

import re

from tests.cogs.conftest import dm_orders, start_game
from tests.fake_discord import Driver
from tests.fake_discord.state import FakeMessage


def _plain(post: FakeMessage) -> str:
    """The results in plain words: the post, and its file when the results did not fit."""
    files = [
        a.data.decode()
        for a in post.attachments
        if a.filename.startswith("results-") and not a.filename.endswith("-judge.txt")
    ]
    return "\n".join([post.content, *files])


async def _deadline(driver: Driver, clock, powers: dict, next_phase: str) -> tuple:
    """Let the deadline pass: the results post, and each player's DM of news after it,
    by power."""
    mark = len(driver.world.bot_messages)
    clock.advance(hours=100)
    post = await driver.wait_for_message(
        lambda m: f"Next: **{next_phase}" in m.content,
        channel=driver.fake.game_channel,
        since=mark,
    )
    news = {}
    for power, user in powers.items():
        news[power] = (
            await driver.wait_for_message(
                lambda m: "has been played" in m.content, channel=driver.dm(user), since=mark
            )
        ).content
    return post, news


async def _send(driver: Driver, powers: dict, orders: dict[str, str]) -> dict[str, str]:
    echoes = {}
    for power, text in orders.items():
        echoes[power] = await dm_orders(driver, powers[power], text)
        assert "❌" not in echoes[power], echoes[power]
    return echoes


UPPER_CASE_ORDER = re.compile(r"\b[AF] [A-Z]{3}\b")


def _plain_words(driver: Driver) -> None:
    """Every word the players and the channel read: real plurals, the echo's notation."""
    for message in driver.world.bot_messages:
        assert "(s)" not in message.content, message.content
        assert not UPPER_CASE_ORDER.search(message.content), message.content


def _gm_dms(driver: Driver, since: int) -> str:
    gm = driver.dm(driver.fake.gm)
    return "\n".join(m.content for m in driver.bot_messages(gm) if m.id > since)


async def test_rules003_mr2_minor_powers_written_for_refused_echoed_and_told(
    driver: Driver, clock
) -> None:
    powers = await start_game(driver, name="Masters told", masters="all")
    gm_mark = max((m.id for m in driver.world.bot_messages), default=0)
    # MR2 a: Austria's A Bud could move into Serbia: refused when sent, with why.
    refused = await dm_orders(driver, powers["AUSTRIA"], "A Vie - Tri\nSerbia A Ser - Bud")
    assert "❌ `Serbia A Ser - Bud` — rejected: You may not write orders for Serbia" in refused
    assert "your A Bud could move into Serbia" in refused and "MR2 a" in refused, refused
    assert "Orders in force (1): A Vie - Tri" in refused  # nothing kept to be dropped
    # The document's Portugal: the echo names the power each line is for.
    echoes = await _send(
        driver,
        powers,
        {
            "FRANCE": "A Mar - Spa\nA Por -S- (French) A Mar-Spa",
            "GERMANY": "A Mun - Ruh\nA Por S A Spa",
            "ITALY": "Portugal\nA Por -S- (Spanish) A Spa\nA Por -S- (Spanish) A Spa",
        },
    )
    assert "→ **Portugal A Por S A Mar - Spa**" in echoes["FRANCE"], echoes["FRANCE"]
    assert "Orders in force (2): Portugal A Por S A Spa, Portugal A Por S A Spa" in echoes["ITALY"]
    # Nothing of it reached the channel or the GM before the deadline.
    channel = driver.bot_messages(driver.fake.game_channel)
    assert not any("Portugal" in m.content for m in channel if m.id > gm_mark)
    assert "Portugal" not in _gm_dms(driver, gm_mark)

    post, news = await _deadline(driver, clock, powers, "Fall 1901")
    plain = _plain(post)
    portugal = "A Por S A Spa: support given; written by Germany and Italy 2 times"
    assert f"**Portugal** · 1 centre\n{portugal}" in plain, plain
    assert "Portugal A Por S A Mar - Spa: written by France; outvoted" in plain, plain
    assert "Serbia A Ser" not in plain  # refused when sent: never written
    assert re.search(r"No orders, so they held: Belgium's A Bel, .*Spain's A Spa", plain)
    assert "Portugal A Por S A Mar - Spa: outvoted." in news["FRANCE"], news["FRANCE"]
    assert "Portugal A Por S A Spa (written 2 times): followed: support given." in news["ITALY"]
    assert "Portugal A Por S A Spa: followed: support given." in news["GERMANY"]
    assert "Your orders for powers in civil disorder" not in news["AUSTRIA"]


async def test_rules003_the_winters_deeds_told_and_suggestions_valid(driver: Driver, clock) -> None:
    powers = await start_game(driver, name="Masters winters", masters="all")
    await _send(
        driver,
        powers,
        {
            "AUSTRIA": "F Tri - Alb\nA Vie - Tri",
            "RUSSIA": "A Mos - Ukr\nA War - Gal\nF Sev - Bla\nF Stp/sc - Bot",
            "TURKEY": "A Con H",
            "GERMANY": "A Mun - Ruh",
            "ENGLAND": "F Lon H",
        },
    )
    await _deadline(driver, clock, powers, "Fall 1901")
    await _send(
        driver,
        powers,
        {
            "AUSTRIA": "A Bud - Ser\nA Tri S A Bud - Ser\nF Alb H",
            "TURKEY": "A Con - Bul",
            "RUSSIA": "A Gal - Boh\nA Ukr - Gal\nF Bla S A Con - Bul\nF Bot H",
            "GERMANY": "A Ruh H",
            "ENGLAND": "F Lon H",
        },
    )
    _, news = await _deadline(driver, clock, powers, "Winter 1901")
    # Suggestions valid now: Moscow is empty and unwatched in Winter 1901.
    assert "(`Build Rebel A Mos`)" in news["TURKEY"], news["TURKEY"]

    # Winter 1901: Turkey raises rebels in Moscow, Austria gives its build to Germany,
    # England disbands an army it owes nobody (MR5).
    await _send(
        driver,
        powers,
        {
            "TURKEY": "Build Rebel A Mos",
            "AUSTRIA": "Aid Germany",
            "GERMANY": "Build A Mun",
            "ENGLAND": "Disband A Lvp",
        },
    )
    post, news = await _deadline(driver, clock, powers, "Spring 1902")
    plain = _plain(post)
    assert "Turkey raised rebels in Moscow: Rebel A Mos." in plain, plain
    assert "Germany received aid from Austria: 1 more centre counted this Winter." in plain
    assert "England disbanded A Lvp (disarmament, rules/003 MR5)." in plain
    assert "**Rebel Mos** · 0 centres\nBuild A Mos: built" in plain
    assert "You raised rebels in Moscow: Rebel A Mos." in news["TURKEY"], news["TURKEY"]
    assert "You gave aid to Germany (rules/003 MR6)." in news["AUSTRIA"]
    assert "Germany received aid from Austria" in news["GERMANY"]
    assert "You disbanded A Lvp (disarmament, rules/003 MR5)." in news["ENGLAND"]

    # 1902: nothing moves; Winter 1902: Austria annexes Serbia, its since the last
    # Winter; Turkey is not offered Moscow, where the rebels stand.
    await _send(driver, powers, {"AUSTRIA": "F Alb H"})
    await _deadline(driver, clock, powers, "Fall 1902")
    await _send(driver, powers, {"AUSTRIA": "F Alb H"})
    _, news = await _deadline(driver, clock, powers, "Winter 1902")
    suggested = re.search(r"\(`(Build Rebel [^`]+)`\)", news["TURKEY"])
    assert suggested and suggested.group(1) != "Build Rebel A Mos", news["TURKEY"]
    assert "(`Annex Bulgaria`)" in news["TURKEY"], news["TURKEY"]
    echo = await dm_orders(driver, powers["TURKEY"], suggested.group(1))
    assert "✅" in echo and "❌" not in echo, echo
    await _send(driver, powers, {"AUSTRIA": "Annex Serbia"})
    post, news = await _deadline(driver, clock, powers, "Spring 1903")
    annexed = "Austria annexed Serbia: a home centre of Austria from the next Winter"
    assert annexed in _plain(post), _plain(post)
    assert "You annexed Serbia: a home centre of yours from the next Winter" in news["AUSTRIA"]
    _plain_words(driver)


async def test_rules003_mr2d_a_minor_powers_retreat_written_before_a_real_deadline(
    driver: Driver, clock
) -> None:
    powers = await start_game(driver, name="Masters retreats", masters="all")
    holds = {"GERMANY": "A Mun H", "ITALY": "A Rom H", "ENGLAND": "F Lon H"}
    holds |= {"AUSTRIA": "A Vie H", "RUSSIA": "A Mos H", "TURKEY": "A Con H"}
    await _send(driver, powers, {**holds, "FRANCE": "F Bre - Mao"})
    await _deadline(driver, clock, powers, "Fall 1901")
    await _send(driver, powers, {**holds, "FRANCE": "A Mar - Spa\nF Mao S A Mar - Spa"})
    post, news = await _deadline(driver, clock, powers, "Fall 1901 Retreats")
    spain = "**Spain** · 1 centre\nA Spa H: dislodged by France's A Mar"
    assert spain in _plain(post), _plain(post)
    # MR2 d: each player who may write for Spain is told its options, as orders to copy.
    assert "Spain's A Spa: `Spain A Spa R Gas`, `Spain A Spa D`" in news["GERMANY"], news
    assert "Spain A Spa R Gas" not in news["FRANCE"]  # France's A Spa stands in Spain
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    assert info.phase.code == "F1901R" and info.deadline_at is not None  # not played at once
    gm_mark = max(m.id for m in driver.world.bot_messages)

    echo = await dm_orders(driver, powers["GERMANY"], "Spain A Spa R Gas")
    assert "✅ `Spain A Spa R Gas` → **Spain A Spa R Gas**" in echo, echo
    assert "being played now" not in echo  # the other writers are waited for
    assert "Spain" not in _gm_dms(driver, gm_mark)
    post, news = await _deadline(driver, clock, powers, "Winter 1901")
    assert "A Spa R Gas: retreated; written by Germany" in _plain(post), _plain(post)
    assert "Spain A Spa R Gas: followed: retreated." in news["GERMANY"], news["GERMANY"]
    _plain_words(driver)
