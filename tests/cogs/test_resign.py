"""`/game resign`: a player "chooses to go CD" (rules/004 rule 9)."""

from __future__ import annotations

from tests.cogs.conftest import start_game
from tests.fake_discord import Driver


async def test_a_player_puts_their_power_in_civil_disorder(driver: Driver) -> None:
    powers = await start_game(driver)
    channel, france = driver.fake.game_channel, powers["FRANCE"]
    ask = await (await driver.slash(france, channel, "game resign")).reply()
    assert ask.ephemeral and "Put **France** in civil disorder" in ask.content
    done = await (await driver.click(france, ask, "dipgm:confirm")).reply()
    assert "You no longer play France" in done.content
    notice = await driver.wait_for_message(
        lambda m: "civil disorder at its player's wish" in m.content, channel=channel
    )
    assert "**France**" in notice.content
    info = await driver.bot.service.lobby.game_info(1)
    held = next(p for p in info.powers if p.power == "FRANCE")
    assert held.user_id is None and held.civil_disorder
    actions = [a for _, a, _ in await driver.bot.service.history.audit_log(1)]
    assert actions == ["chose_civil_disorder"]


async def test_only_the_powers_player_can_resign_it(driver: Driver) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    germany = powers["GERMANY"]
    ask = await (await driver.slash(germany, channel, "game resign", {"power": "FRANCE"})).reply()
    refused = await (await driver.click(germany, ask, "dipgm:confirm")).reply()
    assert "You do not play France" in refused.content
    info = await driver.bot.service.lobby.game_info(1)
    assert next(p for p in info.powers if p.power == "FRANCE").user_id == powers["FRANCE"].id
