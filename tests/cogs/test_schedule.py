"""Issue 23 through the fake Discord: `/game create` with a clock and a time zone, the
zone autocomplete, and `/game status` showing the schedule and Discord timestamps."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from bot.service.kernel import UserError
from tests.cogs.conftest import PLAYERS, create_game, start_game
from tests.fake_discord import Driver


async def test_issue23_create_with_a_clock_and_a_time_zone(driver: Driver) -> None:
    created = await create_game(
        driver, "Clock game", deadline_clock="20:00", time_zone="Europe/Paris"
    )
    assert "is open" in created.content
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    schedule = (await driver.bot.service.lobby.game_settings(info.id)).schedule
    assert schedule.zone == "Europe/Paris"
    assert schedule.describe()[0] == "Moves: every 4 days at 20:00"


async def test_issue23_create_refuses_an_unknown_zone_and_a_bad_clock(driver: Driver) -> None:
    for options, says in (
        ({"time_zone": "Mars/Base"}, "IANA name"),
        ({"deadline_clock": "25:00"}, "00:00 to 23:59"),
    ):
        reply = await create_game(driver, "Bad", **options)
        assert reply.ephemeral and says in reply.content
    with pytest.raises(UserError):  # nothing was made
        await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)


async def test_issue23_time_zone_autocomplete_at_most_25(driver: Driver) -> None:
    gm = driver.fake.gm
    common = await (
        await driver.autocomplete(gm, driver.fake.game_channel, "game create", "time_zone", "")
    ).choices()
    assert len(common) == 25 and common[0]["value"] == "UTC"
    typed = await (
        await driver.autocomplete(gm, driver.fake.game_channel, "game create", "time_zone", "york")
    ).choices()
    assert [c["value"] for c in typed] == ["America/New_York"]


async def test_issue23_status_shows_the_schedule_and_full_and_relative_timestamps(
    driver: Driver,
) -> None:
    await start_game(driver, PLAYERS[:3], deadline_clock="20:00", time_zone="America/New_York")
    status = await (
        await driver.slash(driver.user(PLAYERS[0]), driver.fake.game_channel, "game status")
    ).reply()
    fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
    (full,) = re.findall(r"<t:(\d+):F>", fields["Deadline"])
    assert f"<t:{full}:R>" in fields["Deadline"]
    local = datetime.fromtimestamp(int(full), UTC).astimezone(ZoneInfo("America/New_York"))
    assert (local.hour, local.minute) == (20, 0)
    assert "every 4 days at 20:00" in fields["Schedule"]
    assert "America/New_York" in fields["Schedule"]


async def test_issue23_gm_settings_offered_by_autocomplete_within_25(driver: Driver) -> None:
    """The settings outgrew Discord's 25 fixed choices: offered as typed, 25 at most."""
    gm, channel = driver.fake.gm, driver.fake.game_channel
    await create_game(driver, "Lobby")
    every = await (
        await driver.autocomplete(gm, channel, "gm settings set", "setting", "")
    ).choices()
    assert len(every) == 25
    typed = await (
        await driver.autocomplete(gm, channel, "gm settings set", "setting", "zone")
    ).choices()
    assert [c["value"] for c in typed] == ["time_zone"]
    reply = await (
        await driver.slash(
            gm, channel, "gm settings set", {"setting": "time_zone", "value": "Asia/Tokyo"}
        )
    ).reply()
    assert "Asia/Tokyo" in reply.content


async def test_issue23_late_notice_in_the_channel_and_by_dm(driver: Driver, clock) -> None:
    """A game with grace: at the deadline the channel names the powers that sent
    nothing (never an order), each late player and the GM get a DM."""
    gm, channel = driver.fake.gm, driver.fake.game_channel
    players = await start_game(driver, PLAYERS[:3])
    await (
        await driver.slash(
            gm, channel, "gm settings set", {"setting": "grace_hours", "value": "48"}
        )
    ).reply()
    france = players["FRANCE"]
    await driver.user_says(france, driver.dm(france), "A PAR - BUR")
    clock.advance(hours=97)
    notice = await driver.wait_for_message(
        lambda m: "passed with no orders" in m.content, channel=channel
    )
    assert "France" not in notice.content and "Bur" not in notice.content
    assert "<t:" in notice.content and ":R>" in notice.content
    late_player = next(u for p, u in players.items() if u.id != france.id)
    await driver.wait_for_message(
        lambda m: "The game waits for you" in m.content, channel=driver.dm(late_player), since=0
    )
    await driver.wait_for_message(lambda m: m.content.startswith("GM: in"), channel=driver.dm(gm))
    # Three players hold all seven powers: France's player is told only of the others.
    told = [
        m.content
        for m in driver.world.bot_messages
        if m.channel_id == driver.dm(france).id and "The game waits for you" in m.content
    ]
    assert all("France" not in text for text in told)


async def test_issue23_status_shows_each_powers_excuses_left(driver: Driver, clock) -> None:
    await start_game(driver, PLAYERS[:3], excuses=2)
    channel = driver.fake.game_channel
    status = await (await driver.slash(driver.user(PLAYERS[0]), channel, "game status")).reply()
    fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
    assert "2 excuses left" in fields["France"]
    clock.advance(hours=97)  # nobody ordered: each power spends one
    await driver.wait_for_message(lambda m: "used an excused miss" in m.content, channel=channel)
    status = await (await driver.slash(driver.user(PLAYERS[0]), channel, "game status")).reply()
    fields = {f["name"]: f["value"] for f in status.embeds[0]["fields"]}
    assert "1 excuse left" in fields["France"]
    assert "Excused misses: 2 excuses per power" in fields["Schedule"]
