"""By the book, through the fake Discord: rules/004's two worked scoring examples played
to their end (orders by DM, deadlines by the clock, the draw by ballots), an ambiguous
order that leaves its unit holding, and the GM's confirmations."""

from __future__ import annotations

import asyncio
from datetime import timedelta

from bot.service.kernel import Caller
from tests.cogs.conftest import channel_posts, dm_orders, start_game
from tests.fake_discord import Driver
from tests.service.book import (
    DISLODGED_IN_FALL,
    DRAW_1911,
    ORDERS_DISLODGING_FRANCE,
    SOLO_1910,
    SWAP_IN_1901,
    SWAP_ORDERS,
    BookGame,
)
from tests.service.conftest import force_position


async def _phase_played(driver: Driver, game_id: int, phase_id: int) -> None:
    """Wait until the delivery loop has played the phase (the game is elsewhere)."""
    for _ in range(400):
        info = await driver.bot.service.lobby.game_info(game_id)
        if info.phase_id != phase_id:
            return
        await asyncio.sleep(0.025)
    raise AssertionError(f"phase {phase_id} of game {game_id} was not played")


async def play(driver: Driver, clock, powers: dict, game: BookGame, until: str | None = None):
    """Start from the example's position and play it: the orders it lists by DM, each
    deadline reached by the clock, until phase `until` or the end."""
    return await play_from(driver, clock, powers, game.start, game.orders, until)


async def play_from(driver: Driver, clock, powers: dict, start, orders, until: str | None):
    service = driver.bot.service
    info = await service.lobby.game_in_channel(driver.fake.game_channel.id)
    await force_position(service, info.id, start)
    while True:
        info = await service.lobby.game_info(info.id)
        if info.status != "active" or info.phase.code == until:
            return info
        for power, text in orders.get(info.phase.code, {}).items():
            echo = await dm_orders(driver, powers[power], text)
            assert "rejected" not in echo, echo
        clock.now = info.deadline_at + timedelta(seconds=1)
        await _phase_played(driver, info.id, info.phase_id)


def scores_line(scores: dict[str, float]) -> str:
    table = ", ".join(f"{p.title()} {v:g}" for p, v in sorted(scores.items()))
    return f"Scores (rules/004's player ratings): {table}"


async def test_rules_004_first_example_through_discord(driver: Driver, clock) -> None:
    powers = await start_game(driver)
    end = await play(driver, clock, powers, SOLO_1910)
    assert end.end_kind == "solo" and end.winners == ("ENGLAND",)
    over = await driver.wait_for_message(
        lambda m: "is over**" in m.content, channel=driver.fake.game_channel, timeout=10
    )
    assert scores_line(SOLO_1910.scores) in over.content
    assert {p.power: p.score for p in end.powers} == SOLO_1910.scores


async def test_rules_004_draw_11_example_through_discord(driver: Driver, clock) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    at = await play(driver, clock, powers, DRAW_1911, until=DRAW_1911.last_phase)
    mark = len(driver.world.bot_messages)
    await (await driver.slash(powers["AUSTRIA"], channel, "draw propose")).reply()
    for power in ("ENGLAND", "RUSSIA", "TURKEY"):
        ballot = await driver.wait_for_message(
            lambda m: any(c.startswith("dipgm:vote:") for c in m.custom_ids()),
            channel=driver.dm(powers[power]),
            since=mark,
        )
        yes = next(c for c in ballot.custom_ids() if c.endswith(":y"))
        await (await driver.click(powers[power], ballot, yes)).reply()
    over = await driver.wait_for_message(
        lambda m: "is over**" in m.content, channel=channel, since=mark, timeout=10
    )
    assert "a draw between Austria, England, Russia, Turkey" in over.content
    assert scores_line(DRAW_1911.scores) in over.content
    end = await driver.bot.service.lobby.game_info(at.id)
    assert end.phase.code == "S1911M"
    assert all(not m.ephemeral for m in channel_posts(driver))


async def test_an_ambiguous_order_by_dm_leaves_the_unit_holding(driver: Driver) -> None:
    """rules/004 rule 7: "F Edi - Nor" (North Sea or Norwegian Sea) after "F Edi - Nth":
    the move no longer stands; the fleet holds, and the reply says so."""
    powers = await start_game(driver)
    england = powers["ENGLAND"]
    assert "→ **F Edi - Nth**" in await dm_orders(driver, england, "F Edi - Nth")
    echo = await dm_orders(driver, england, "F Edi - Nor")
    assert "F Edi now holds; send F Edi - Nth or F Edi - Nwg to move." in echo
    shown = await driver.bot.service.orders.show_orders(Caller(england.id))
    in_force = [str(o) for o in shown.orders]
    assert "F EDI H" in in_force and "F EDI - NTH" not in in_force


async def test_the_gm_is_told_what_becomes_of_retreats_and_builds(driver: Driver, clock) -> None:
    """The confirmation names the phase and says what the rules do with what is not
    ordered: unordered retreats disband, unused builds are waived (never "hold")."""
    powers = await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    await play_from(
        driver, clock, powers, DISLODGED_IN_FALL, ORDERS_DISLODGING_FRANCE, until="F1901R"
    )
    ask = await (await driver.slash(gm, channel, "gm adjudicate")).reply()
    assert ask.content == (
        "Adjudicate Fall 1901 Retreats now? France has sent no orders. "
        "Their dislodged units without an order will be disbanded."
    )
    done = await (await driver.click(gm, ask, "dipgm:confirm")).reply()
    assert "F1901R is played" in done.content
    ask = await (await driver.slash(gm, channel, "gm adjudicate")).reply()
    assert ask.content == (
        "Adjudicate Winter 1901 Adjustments now? France has sent no orders. "
        "Builds not given are waived."
    )
    assert "hold" not in ask.content


async def test_a_rollback_gives_a_power_back_and_tells_who_must_resend(driver: Driver) -> None:
    powers = await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    outsider, turkey = driver.user("outsider"), powers["TURKEY"]
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur")
    ask = await (await driver.slash(gm, channel, "gm adjudicate")).reply()
    await (await driver.click(gm, ask, "dipgm:confirm")).reply()
    await driver.slash(gm, channel, "gm replace", {"power": "TURKEY", "player": outsider})
    await driver.wait_for_message(lambda m: "now plays **Turkey**" in m.content, channel=channel)

    ask = await (await driver.slash(gm, channel, "gm rollback", {"phase": "S1901M"})).reply()
    assert ask.ephemeral and ask.content.startswith(
        "Roll Test Game back to the start of Spring 1901? It is now Fall 1901."
    )
    then, now = f"<@{turkey.id}> ({turkey.name.title()})", f"<@{outsider.id}> (Outsider)"
    assert f"Turkey went from {then} to {now}" in ask.content
    assert ask.custom_ids() == ["dipgm:confirm", "dipgm:confirm-keep"]
    mark = len(driver.world.bot_messages)
    rolled = await (await driver.click(gm, ask, "dipgm:confirm")).reply()
    assert "Rolled back to the start of Spring 1901 (S1901M)" in rolled.content
    said = await driver.wait_for_message(
        lambda m: "rolled the game back" in m.content, channel=channel, since=mark
    )
    assert "Orders for Spring 1901 must be sent again" in said.content
    assert "`/game history phase:S1901M/1`" in said.content
    await driver.wait_for_message(
        lambda m: f"{then} now plays **Turkey**" in m.content, channel=channel, since=mark
    )
    dm = await driver.wait_for_message(
        lambda m: "rolled back" in m.content, channel=driver.dm(powers["FRANCE"]), since=mark
    )
    assert "The orders you sent for France in Spring 1901 are wiped: send them again." in dm.content
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    assert next(p.user_id for p in info.powers if p.power == "TURKEY") == turkey.id

    old = await (await driver.slash(gm, channel, "game history", {"phase": "S1901M/1"})).reply()
    assert "Spring 1901 (rolled back)" in old.content


async def test_a_winter_with_nothing_to_adjust_is_posted(driver: Driver, clock) -> None:
    """Winter 1901, where nobody builds or removes, has its own post with rules/004's
    "Adjustments for 1901" block (in the text or the attached judge notation)."""
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    mark = len(driver.world.bot_messages)
    await play_from(driver, clock, powers, SWAP_IN_1901, SWAP_ORDERS, until="S1902M")
    winter = await driver.wait_for_message(
        lambda m: "Winter 1901" in m.content, channel=channel, since=mark, timeout=10
    )
    texts = [winter.content] + [a.data.decode("utf-8", "replace") for a in winter.attachments]
    block = next(t for t in texts if "Adjustments for 1901:" in t)
    assert "France:         (3) Bre, Mar, +Mun, -Par; no change" in block
