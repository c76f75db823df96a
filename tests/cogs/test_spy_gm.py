"""The GM of a Spy Diplomacy game sees the whole board (issue 12): `/game map` and
`/game history` asked for themselves draw every spy (the record keeps them) and list
every spy's orders; a player's answer and anything shared with the channel still
show no spy ("Only the owner of a spy is told its location")."""

from __future__ import annotations

from adjudication.variants.spy.view import position_seen_by
from tests.cogs.conftest import dm_orders, start_game
from tests.cogs.test_spy import PLACEMENTS, _phase, _played
from tests.fake_discord import Driver


async def test_rules004_spy_the_gms_map_and_history_show_every_spy_players_none(
    driver: Driver, clock
) -> None:
    powers = await start_game(driver, variant="spy")
    for power, user in powers.items():
        await dm_orders(driver, user, PLACEMENTS[power])
    await _phase(driver, clock, powers, "Winter 1900 Adjustments", 0)
    await dm_orders(driver, powers["ITALY"], "Spy Ven - Pie")
    await dm_orders(driver, powers["FRANCE"], "Spy Mar P")
    await _phase(driver, clock, powers, "Spring 1901", 5)
    played, _info = await _played(driver, "S1901M", "F1901M")
    lookups, channel, gm = driver.bot.lookups, driver.fake.game_channel, driver.fake.gm

    async def ask(user, command, **options):
        return await (await driver.slash(user, channel, command, options)).reply()

    whole = await lookups.draw(played.after, None, None)
    spyless = await lookups.draw(position_seen_by(played.after, ""), None, None)
    assert whole != spyless
    assert (await ask(gm, "game map")).attachments[0].data == whole
    assert (await ask(gm, "game map", share=True)).attachments[0].data == spyless
    # A player asking alone sees their own spy and no other's.
    italys = await lookups.draw(position_seen_by(played.after, "ITALY"), None, None)
    assert italys not in (whole, spyless)
    assert (await ask(powers["ITALY"], "game map")).attachments[0].data == italys

    gm_history = await ask(gm, "game history", phase="S1901M")
    assert "Spy Ven - Pie: followed" in gm_history.content
    assert "Spy Mar P: followed" in gm_history.content
    orders = [o.order for o in played.outcomes]
    before = await lookups.draw(played.before, orders, played.outcomes)
    assert gm_history.attachments[-1].data == before
    for shown in (
        await ask(powers["ITALY"], "game history", phase="S1901M"),
        await ask(gm, "game history", phase="S1901M", share=True),
    ):
        assert "spy" not in shown.content.lower(), shown.content
        assert shown.attachments[-1].data != before
