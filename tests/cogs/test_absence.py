"""Issue 23 through the fake Discord: `/absence declare` moves the deadline and is
announced without reasons; bad dates get the valid range; the GM lists and cancels."""

from __future__ import annotations

from tests.cogs.conftest import PLAYERS, start_game
from tests.fake_discord import Driver


async def _allow_absences(driver: Driver, days: str = "7") -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    reply = await (
        await driver.slash(
            gm, channel, "gm settings set", {"setting": "absence_days", "value": days}
        )
    ).reply()
    assert "absence" in reply.content.lower()


async def test_issue23_absence_declared_moves_the_deadline_and_is_announced(driver: Driver) -> None:
    players = await start_game(driver, PLAYERS[:3])
    await _allow_absences(driver)
    channel = driver.fake.game_channel
    england = players["ENGLAND"]
    # T0 is Monday 2 March 2026: the first deadline is Friday 6th, inside the absence.
    reply = await (
        await driver.slash(england, channel, "absence declare", {"dates": "5-7 Mar"})
    ).reply()
    assert reply.ephemeral and "away 05 Mar to 07 Mar 2026" in reply.content
    assert "<t:1772928000:F>" in reply.content  # 8 March 00:00 UTC
    notice = await driver.wait_for_message(lambda m: "will be away" in m.content, channel=channel)
    assert "England" in notice.content and "1772928000" in notice.content
    await driver.wait_for_message(
        lambda m: (
            "deadline" in m.content.lower()
            and "1772928000" in m.content
            and "away" not in m.content
        ),
        channel=channel,
    )


async def test_issue23_absence_bad_dates_get_the_valid_range(driver: Driver) -> None:
    players = await start_game(driver, PLAYERS[:3])
    await _allow_absences(driver)
    user, channel = players["FRANCE"], driver.fake.game_channel
    for dates in ("2025-12-24 to 2025-12-27", "someday", "2026-04-01 to 2027-05-01"):
        reply = await (
            await driver.slash(user, channel, "absence declare", {"dates": dates})
        ).reply()
        assert reply.ephemeral and "Give days from today (02 Mar 2026)" in reply.content
    listed = await (await driver.slash(driver.fake.gm, channel, "absence list")).reply()
    assert listed.content == "No absence is declared."


async def test_issue23_gm_lists_and_cancels_an_absence(driver: Driver) -> None:
    players = await start_game(driver, PLAYERS[:3])
    await _allow_absences(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    await (
        await driver.slash(players["ITALY"], channel, "absence declare", {"dates": "20-22 Mar"})
    ).reply()
    listed = await (await driver.slash(gm, channel, "absence list")).reply()
    number = int(listed.content.split(":")[0].lstrip("#"))
    assert "away 20 Mar to 22 Mar 2026" in listed.content
    refused = await (
        await driver.slash(players["ITALY"], channel, "absence cancel", {"number": number})
    ).reply()
    assert "Only the GM" in refused.content
    done = await (await driver.slash(gm, channel, "absence cancel", {"number": number})).reply()
    assert "cancelled" in done.content
    listed = await (await driver.slash(gm, channel, "absence list")).reply()
    assert listed.content == "No absence is declared."
