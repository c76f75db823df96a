"""Interactions as the real Discord has them (issues 14 and 19): `/gm` shown only to those
who run games and only in servers; menus and buttons greyed out when they time out;
interaction tokens that expire after 15 minutes; slow commands deferred at once; `game:`
and `phase:` options completed from the caller's games and the game's phases; and the
invite asking for exactly the permissions the README lists."""

from __future__ import annotations

import re
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.ui import INVITE_PERMISSIONS, invite_permissions
from cogs._common import Confirm, GamePicker
from tests.cogs.conftest import (
    PLAYERS,
    Clock,
    create_game,
    default_fake,
    join_all,
    serving,
    start_game,
)
from tests.fake_discord import CannotSend, Driver, FakeDiscord, FakeMessage
from tests.fake_discord import permissions as perm
from tests.fake_discord.state import iter_components

README = Path(__file__).resolve().parents[2] / "README.md"


@pytest_asyncio.fixture
async def fake(clock: Clock) -> AsyncIterator[FakeDiscord]:
    fake = default_fake(clock)
    elsewhere = fake.add_guild("Elsewhere", game_channel="elsewhere-games")
    fake.add_member(fake.user("alice"), elsewhere)
    fake.add_member(fake.gm, elsewhere, roles=("GM",))
    async with serving(fake) as started:
        yield started


def elsewhere(driver: Driver):
    return next(g for g in driver.world.guilds.values() if g.name == "Elsewhere")


# --- /gm is for GMs, in servers ---------------------------------------------------------


async def test_gm_commands_are_shown_to_gms_only_and_only_in_servers(driver: Driver) -> None:
    """Discord hides `/gm` from members without Manage Events (README: the GM role holds
    it) and from DMs; the service still checks every GM action itself."""
    (gm_group,) = [c for c in driver.world.commands_for(driver.guild.id) if c["name"] == "gm"]
    assert int(gm_group["default_member_permissions"]) == perm.MANAGE_EVENTS
    assert gm_group["contexts"] == [0]  # guild only
    channel = driver.fake.game_channel
    with pytest.raises(CannotSend, match="default_member_permissions"):
        await driver.slash(driver.user("alice"), channel, "gm pause")
    with pytest.raises(CannotSend, match="DMs"):
        await driver.slash(driver.fake.gm, driver.dm(driver.fake.gm), "gm pause")
    reply = await (await driver.slash(driver.fake.gm, channel, "gm pause")).reply()
    assert "no game in this channel" in reply.content


# --- components that time out -------------------------------------------------------------


def live(message: FakeMessage) -> list[dict]:
    """The buttons and menus of a message a user could still use."""
    return [
        c
        for c in iter_components(message.components)
        if c["type"] in (2, 3) and not c.get("disabled")
    ]


async def test_menus_and_buttons_are_greyed_out_when_they_time_out(
    driver: Driver, monkeypatch
) -> None:
    # The bot's own copy of cogs.lobby (discord.py loads an extension afresh).
    monkeypatch.setattr(sys.modules["cogs.lobby"].PreferenceMenu, "TIMEOUT", 0.5)
    monkeypatch.setattr(Confirm, "TIMEOUT", 0.5)
    monkeypatch.setattr(GamePicker, "TIMEOUT", 0.5)
    gm, alice, channel = driver.fake.gm, driver.user("alice"), driver.fake.game_channel
    await create_game(driver)
    menu = await (await driver.slash(alice, channel, "game join")).reply()
    ask = await (await driver.slash(gm, channel, "gm end")).reply()
    assert live(menu) and live(ask)
    await driver.wait_until(lambda: not live(menu) and not live(ask), what="greyed out")
    assert menu.components and ask.components  # still shown, greyed out
    # The "which game?" buttons of a player in two games.
    await join_all(driver, ("bob", "carol"))
    await (await driver.slash(gm, channel, "game start")).reply()
    await start_game(
        driver, ("alice", "bob", "dave"), channel=driver.guild.channel_named("second-game")
    )
    await driver.user_says(alice, "dm", "A Par H")
    picker = await driver.wait_for_message(lambda m: bool(m.components), channel=driver.dm(alice))
    await driver.wait_until(lambda: not live(picker), what="the game picker greyed out")


# --- interaction tokens last 15 minutes ---------------------------------------------------


async def test_a_confirmation_clicked_after_the_command_token_expired(
    driver: Driver, clock
) -> None:
    """The button's own interaction answers; the command's token, used to take the
    button away, has expired (401, 50027): the bot copes."""
    await start_game(driver, PLAYERS[:3])
    gm, channel = driver.fake.gm, driver.fake.game_channel
    ask = await (await driver.slash(gm, channel, "gm adjudicate")).reply()
    assert "Adjudicate" in ask.content
    clock.advance(minutes=16)
    handle = await driver.click(gm, ask, "dipgm:confirm")
    done = await handle.reply()
    assert "is played" in done.content
    await driver.wait_until(
        lambda: any(r.code == 50027 for r in driver.refusals), what="the expired token used"
    )


# --- slow commands defer at once ------------------------------------------------------------


async def test_slow_commands_defer_first(driver: Driver, clock) -> None:
    await start_game(driver, PLAYERS[:3])
    gm, channel = driver.fake.gm, driver.fake.game_channel
    clock.advance(hours=97)
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content, channel=channel)
    handle = await driver.slash(gm, channel, "game map")
    assert (await handle.response()).callback_type == 5
    handle = await driver.slash(gm, channel, "game history", {"phase": "S1901M"})
    assert (await handle.response()).callback_type == 5
    ask = await (await driver.slash(gm, channel, "gm rollback", {"phase": "S1901M"})).reply()
    click = await driver.click(gm, ask, "dipgm:confirm")
    assert (await click.response()).callback_type == 5
    assert "Rolled back" in (await click.reply()).content
    ask = await (await driver.slash(gm, channel, "gm adjudicate")).reply()
    click = await driver.click(gm, ask, "dipgm:confirm")
    assert (await click.response()).callback_type == 5
    assert "is played" in (await click.reply()).content
    # The used button goes after the answer: the bot must not be closed before.
    await driver.wait_until(lambda: not ask.components, what="the used button to go away")


# --- game: and phase: completed -------------------------------------------------------------


async def test_game_options_offer_the_callers_games_of_this_server(driver: Driver) -> None:
    alice, gm = driver.user("alice"), driver.fake.gm
    await create_game(driver, "Here")
    await create_game(driver, "Also here", channel=driver.guild.channel_named("second-game"))
    there = elsewhere(driver).game_channel
    await create_game(driver, "There", channel=there)
    for channel in (driver.fake.game_channel, there):
        await (await driver.slash(alice, channel, "game join")).reply()
    here = await (
        await driver.autocomplete(alice, driver.fake.general, "game status", "game", "")
    ).choices()
    assert [c["name"] for c in here] == ["Here (game 1)"]
    typed = await (
        await driver.autocomplete(gm, driver.fake.general, "gm pause", "game", "2")
    ).choices()
    assert [c["name"] for c in typed] == ["Also here (game 2)"]
    assert typed[0]["value"] == 2


async def test_phase_options_offer_the_games_phases(driver: Driver, clock) -> None:
    await start_game(driver, PLAYERS[:3])
    channel, gm = driver.fake.game_channel, driver.fake.gm
    clock.advance(hours=97)
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content, channel=channel)
    every = await (await driver.autocomplete(gm, channel, "game map", "phase", "")).choices()
    assert [c["value"] for c in every] == ["F1901M", "S1901M"]
    typed = await (await driver.autocomplete(gm, channel, "gm rollback", "phase", "s19")).choices()
    assert [c["value"] for c in typed] == ["S1901M"]
    assert "Spring 1901" in typed[0]["name"]


async def test_game_options_stay_within_discords_limits(driver: Driver) -> None:
    """A GM of many games with long names: at most 25 choices of at most 100
    characters (the fake refuses any more, as Discord does, and fails the test)."""
    gm = driver.fake.gm
    long_name = "A very long game name " * 5
    for n in range(27):
        channel = driver.fake.add_channel(f"games-{n}")
        await create_game(driver, f"{long_name[:96]}{n:02d}", channel=channel)
    offered = await (
        await driver.autocomplete(gm, driver.fake.general, "gm pause", "game", "")
    ).choices()
    assert len(offered) == 25
    assert all(len(c["name"]) <= 100 for c in offered)
    assert offered[0]["value"] == 27 and offered[0]["name"].endswith("…")


# --- the invite ------------------------------------------------------------------------


def test_the_invite_asks_for_exactly_what_the_readme_lists() -> None:
    """The README's table and integer, the bot's own check at `/game create` and the
    fake's bot role are one list. Read Message History is not on it: dipgm reads no
    message history."""
    text = README.read_text(encoding="utf-8")
    integer = int(re.search(r"permissions=(\d+)", text).group(1))
    assert integer == invite_permissions().value == perm.BOT_PERMISSIONS
    table = text.split("| permission | why |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|")[1].strip() for line in table.splitlines()[2:] if line.startswith("|")]
    assert rows == list(INVITE_PERMISSIONS.values())
    assert "Read Message History" not in rows
