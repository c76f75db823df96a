"""Ratings through Discord: the replacement's one choice, `/rating`, `/leaderboard`;
and press kept in the record, shown by `/game history`."""

from __future__ import annotations

from tests.cogs.conftest import start_game
from tests.fake_discord import Driver


async def _end_in_a_draw(driver: Driver) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    ask = await (await driver.slash(gm, channel, "gm end", {"draw": True})).reply()
    await driver.click(gm, ask, "dipgm:confirm")
    await driver.wait_for_message(lambda m: "Scores" in m.content, channel=channel)


async def test_a_replacement_leaves_the_score_to_the_player_replaced(driver: Driver) -> None:
    powers = await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    turkey, outsider = powers["TURKEY"], driver.user("outsider")
    await driver.slash(gm, channel, "gm replace", {"power": "TURKEY", "player": outsider})
    briefing = await driver.wait_for_message(
        lambda m: "You now play **Turkey**" in m.content, channel=driver.dm(outsider)
    )
    assert "whom Turkey's score counts for" in briefing.content
    ids = briefing.custom_ids()
    choice = next(i for i in ids if i.endswith(":r"))
    answer = await (await driver.click(outsider, briefing, choice)).reply()
    assert answer.ephemeral and "counts for" in answer.content
    again = await (await driver.click(outsider, briefing, choice)).reply()
    assert again.ephemeral and "settled" in again.content
    await _end_in_a_draw(driver)

    mine = await (await driver.slash(turkey, channel, "rating")).reply()
    assert mine.ephemeral
    # A seven-way draw in 1901: 2 − 0.25 (rules/004).
    assert "1.75" in mine.content and "Turkey" in mine.content
    theirs = await (await driver.slash(gm, channel, "rating", {"player": outsider})).reply()
    assert "no rated game" in theirs.content

    board = await (await driver.slash(gm, channel, "leaderboard", {"share": True})).reply()
    assert not board.ephemeral
    lines = [line for line in board.content.splitlines() if line.startswith("`")]
    assert len(lines) == 7 and all("1.75" in line for line in lines)
    assert str(outsider.id) not in board.content


async def test_press_is_shown_in_the_phase_history_anonymous_to_all(driver: Driver) -> None:
    powers = await start_game(driver, anonymous_press=True)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    england = powers["ENGLAND"]
    await (await driver.slash(england, channel, "press", {"text": "Peace in our time."})).reply()
    options = {"text": "France lies.", "anonymous": True}
    await (await driver.slash(england, channel, "press", options)).reply()
    results, shown = await (
        await driver.slash(powers["FRANCE"], channel, "game history", {"phase": "S1901M"})
    ).replies(2)
    assert "has not been played yet" in results.content and shown.ephemeral
    assert "Press from England: Peace in our time." in shown.content
    assert "Anonymous press: France lies." in shown.content
    assert f"{england.id}" not in shown.content
    audit = await (await driver.slash(gm, channel, "gm audit")).reply()
    line = next(x for x in audit.content.splitlines() if "anonymous press" in x)
    assert str(england.id) in line and "S1901M" in line
