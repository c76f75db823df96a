"""Orders by DM and /orders submit|show|clear|ready."""

from __future__ import annotations

import io

from PIL import Image

from tests.cogs.conftest import dm_orders, rounds_begun_after_now, start_game
from tests.fake_discord import Driver


async def test_a_stranger_gets_help_and_learns_nothing(driver: Driver) -> None:
    powers = await start_game(driver, name="Secret Game")
    outsider = driver.user("outsider")
    await driver.user_says(outsider, "dm", "A Par - Bur")
    reply = await driver.wait_for_message(channel=driver.dm(outsider))
    assert "not playing in any running game" in reply.content and "/game join" in reply.content
    leaks = ["Secret Game", "diplomacy", *[p.title() for p in powers], "Spring", "1901"]
    leaks += [user.name for user in powers.values()]
    assert not any(leak in reply.content for leak in leaks), reply.content
    assert not reply.attachments and not reply.components


async def test_help_by_dm(driver: Driver) -> None:
    alice = driver.user("alice")
    await driver.user_says(alice, "dm", "help")
    reply = await driver.wait_for_message(channel=driver.dm(alice))
    assert "one per line" in reply.content


async def test_a_new_order_replaces_the_old_and_rejections_say_why(driver: Driver) -> None:
    powers = await start_game(driver)
    france = powers["FRANCE"]
    first = await dm_orders(driver, france, "A Par - Bur\nA Mar - Spa")
    assert "Still without orders: F BRE" in first or "Still without orders: F Bre" in first
    second = await dm_orders(driver, france, "A Par - Pic\nF Bre - Lon\nA Mun - Ruh")
    assert "→ **A Par - Pic**" in second
    assert "`F Bre - Lon` — rejected:" in second
    assert "`A Mun - Ruh` — rejected:" in second
    assert "A Par - Bur" not in second.split("Orders in force")[1]


async def test_a_player_in_two_games_picks_the_game(driver: Driver) -> None:
    second = driver.fake.world.channels[
        next(c.id for c in driver.guild.channels.values() if c.name == "second-game")
    ]
    await start_game(driver, ("alice", "bob", "carol"), name="First")
    await start_game(driver, ("alice", "bob", "carol"), channel=second, name="Second")
    alice = driver.user("alice")
    await driver.user_says(alice, "dm", "A Vie H")
    picker = await driver.wait_for_message(channel=driver.dm(alice))
    assert "several games" in picker.content
    assert len(picker.custom_ids()) == 2
    second_info = await driver.bot.service.lobby.game_in_channel(second.id)
    handle = await driver.click(alice, picker, f"dipgm:pick:{second_info.id}")
    echo = (await handle.reply()).content
    assert "**Second**" in echo


async def test_slash_orders_with_autocomplete(driver: Driver) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    france = powers["FRANCE"]
    handle = await driver.autocomplete(france, channel, "orders submit", "order", "par bur")
    choices = [c["value"] for c in await handle.choices()]
    assert choices[0] == "A Par - Bur"
    assert all("Par" in c and "Bur" in c for c in choices)
    handle = await driver.autocomplete(france, channel, "orders submit", "order", "")
    everything = [c["value"] for c in await handle.choices()]
    assert 0 < len(everything) <= 25 and all(
        c.split()[1] in {"Par", "Mar", "Bre"} for c in everything
    )
    # someone else's units are never offered
    handle = await driver.autocomplete(powers["GERMANY"], channel, "orders submit", "order", "par")
    german = [c["value"] for c in await handle.choices()]
    assert german and all(c.split()[1] in {"Ber", "Kie", "Mun"} for c in german)

    reply = await (
        await driver.slash(france, channel, "orders submit", {"order": "A Par - Bur"})
    ).reply()
    assert reply.ephemeral and "→ **A Par - Bur**" in reply.content
    shown = await (await driver.slash(france, channel, "orders show")).reply()
    assert shown.ephemeral and "A Par - Bur" in shown.content
    ready = await (await driver.slash(france, channel, "orders ready")).reply()
    assert ready.ephemeral and "marked ready" in ready.content
    cleared = await (await driver.slash(france, channel, "orders clear")).reply()
    assert cleared.ephemeral and "Still without orders: A Mar, A Par, F Bre." in cleared.content


async def test_map_preview_of_my_orders(driver: Driver) -> None:
    powers = await start_game(driver)
    italy = powers["ITALY"]
    await dm_orders(driver, italy, "A Ven - Tyr")
    await driver.user_says(italy, "dm", "map")
    preview = await driver.wait_for_message(channel=driver.dm(italy))
    assert "only you see this" in preview.content
    image = Image.open(io.BytesIO(preview.attachments[0].data))
    assert image.format == "PNG"


async def test_reminders_go_only_to_players_who_still_owe_orders(
    driver: Driver, clock, tmp_path
) -> None:
    powers = await start_game(driver, movement_hours=48)
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur\nA Mar H\nF Bre H")

    def reminders(since: int) -> list:
        return [m for m in driver.world.bot_messages[since:] if m.content.startswith("Reminder")]

    for hours in (24.5, 23):  # the one-day reminder, then the one-hour reminder
        mark = len(driver.world.bot_messages)
        clock.advance(hours=hours)
        await driver.wait_until(lambda m=mark: len(reminders(m)) >= 6, what="six reminders")
        # Whole rounds of the delivery loop run after the six: no more come.
        await rounds_begun_after_now(driver, [tmp_path / "heartbeat"])
        sent = reminders(mark)
        assert len(sent) == 6
        assert {m.channel_id for m in sent} == {
            driver.dm(u).id for p, u in powers.items() if p != "FRANCE"
        }
        turkey = next(m for m in sent if m.channel_id == driver.dm(powers["TURKEY"]).id)
        assert "**Turkey**" in turkey.content and "<t:" in turkey.content


async def test_game_option_offers_my_games(driver: Driver) -> None:
    await start_game(driver, name="Mine")
    alice = driver.user("alice")
    handle = await driver.autocomplete(alice, driver.dm(alice), "orders show", "game", "")
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    assert await handle.choices() == [{"name": f"Mine (game {info.id})", "value": info.id}]
    outsider = driver.user("outsider")
    handle = await driver.autocomplete(outsider, driver.dm(outsider), "orders show", "game", "")
    assert await handle.choices() == []


async def test_proxy_orders_and_the_owner_wins(driver: Driver) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    france, germany = powers["FRANCE"], powers["GERMANY"]
    handle = await driver.slash(
        france, channel, "orders proxy", {"player": germany, "provinces": "Par"}
    )
    assert (await handle.reply()).ephemeral
    echo = await dm_orders(driver, germany, "A Par - Pic\nA Mun - Bur")
    assert "→ **A Par - Pic**" in echo and "→ **A Mun - Bur**" in echo
    mine = await dm_orders(driver, france, "A Par - Bur")
    assert "A Par - Bur" in mine.split("Orders in force")[1]
    again = await dm_orders(driver, germany, "A Par - Gas")
    assert "the owner's own order for that unit stands" in again
    refused = await dm_orders(driver, germany, "A Mar - Spa")
    assert "`A Mar - Spa` (France) — rejected" in refused
    reply = await (await driver.slash(france, channel, "orders unproxy")).reply()
    assert "1 proxy grant withdrawn" in reply.content
