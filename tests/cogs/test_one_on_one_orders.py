"""Issue 33, "One-on-one: orders lost behind a menu": a DM of a match's player whose
lines fit one board each is saved to those boards at once; only a line that fits both
boards waits for the player's choice, the menu says nothing of it is saved until then,
and a reminder before the deadline names the unsaved message (reading O5)."""

from __future__ import annotations

from datetime import timedelta

from adjudication.model.position import Position
from adjudication.model.units import Unit
from storage.codec import position_from_json
from tests.cogs.conftest import ECHO_END, create_game, join_all
from tests.fake_discord import Driver
from tests.service.conftest import force_position


async def _match(driver: Driver):
    here = driver.fake.game_channel
    there = driver.guild.channel_named("second-game")
    await create_game(driver, "Duel", variant="one_on_one", second_channel=there)
    await join_all(driver, ("alice", "bob"))
    await (await driver.slash(driver.fake.gm, here, "game start")).reply()
    for channel in (here, there):
        await driver.wait_for_message(lambda m: "has begun" in m.content, channel=channel)
    service = driver.bot.service
    return (
        await service.lobby.game_in_channel(here.id),
        await service.lobby.game_in_channel(there.id),
    )


async def _echoes(driver: Driver, user, text: str, count: int) -> list[str]:
    mark = len(driver.world.bot_messages)
    await driver.user_says(user, "dm", text)
    messages = await driver.wait_for_messages(
        count,
        predicate=lambda m: any(end in m.content for end in ECHO_END),
        channel=driver.dm(user),
        since=mark,
    )
    return [m.content for m in messages]


async def test_issue33_lines_for_each_board_are_saved_to_it_without_a_menu(
    driver: Driver, clock
) -> None:
    game_a, game_b = await _match(driver)
    player = driver.world.users[next(p.user_id for p in game_a.powers if p.power == "FRANCE")]
    first, second = await _echoes(driver, player, "A Par - Bur\nA Vie - Bud", 2)
    assert "**Duel**" in first and "A Par - Bur" in first, first
    assert "A Vie - Bud" in second, second
    shown_a = await driver.bot.service.orders.show_orders(_caller(player), game_a.id)
    shown_b = await driver.bot.service.orders.show_orders(_caller(player), game_b.id)
    assert [str(o) for o in shown_a.orders] == ["A PAR - BUR"]
    assert [str(o) for o in shown_b.orders] == ["A VIE - BUD"]
    picks = [m for m in driver.bot_messages(driver.dm(player)) if m.custom_ids()]
    assert picks == []  # no menu


async def test_issue33_a_line_for_both_boards_waits_said_so_and_reminded(
    driver: Driver, clock
) -> None:
    game_a, game_b = await _match(driver)
    service = driver.bot.service
    player = driver.world.users[next(p.user_id for p in game_a.powers if p.power == "FRANCE")]
    records = await service.history.phase_records(game_a.id)
    start = position_from_json(records[-1].position)
    # The player's French army in Munich on board A, their German one on board B.
    units = [u for u in start.units if u.province != "MUN"] + [Unit.parse("FRANCE", "A MUN")]
    await force_position(
        service, game_a.id, Position(start.phase, units, start.ownership, variant=start.variant)
    )
    mark = len(driver.world.bot_messages)
    (echo,) = await _echoes(driver, player, "A Mun - Ruh\nA Par - Pic", 1)
    assert "A Par - Pic" in echo and "A Mun - Ruh" not in echo, echo
    menu = await driver.wait_for_message(
        lambda m: bool(m.custom_ids()), channel=driver.dm(player), since=mark
    )
    assert "A Mun - Ruh" in menu.content, menu.content
    assert "nothing of them is saved until you choose" in menu.content.lower(), menu.content
    assert len(menu.custom_ids()) == 2
    # Unanswered, the reminder a day before the deadline names the unsaved lines.
    info = await service.lobby.game_info(game_a.id)
    clock.now = info.deadline_at - timedelta(hours=23)
    reminder = await driver.wait_for_message(
        lambda m: m.content.startswith("Reminder") and "not saved" in m.content,
        channel=driver.dm(player),
        since=mark,
    )
    assert "not saved" in reminder.content and "A Mun - Ruh" in reminder.content, reminder.content
    # Chosen: saved to that board.
    click = await driver.click(player, menu, f"dipgm:pick:{game_b.id}")
    assert "A Mun - Ruh" in (await click.reply()).content
    shown_b = await service.orders.show_orders(_caller(player), game_b.id)
    assert "A MUN - RUH" in [str(o) for o in shown_b.orders]


def _caller(user):
    from bot.service.kernel import Caller

    return Caller(user.id)
