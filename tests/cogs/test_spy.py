"""Spy Diplomacy (rules/004) through Discord (issue 12): a game from the Winter 1900
placements over two years, with spy moves, a protect and a sabotage. Each player's DM
and map are made from their own view (their spy, no other); the game channel never
names a spy ("Only the owner of a spy is told its location"; "No indication of the
sabotage is given in the results")."""

from __future__ import annotations

from bot.service.variants.spy import public_played, seen_by
from tests.cogs.conftest import dm_orders, start_game
from tests.fake_discord import Driver

PLACEMENTS = {
    "AUSTRIA": "Spy Vie B",
    "ENGLAND": "Spy Lon B",
    "FRANCE": "Spy Mar B",
    "GERMANY": "Spy Mun B",
    "ITALY": "Build spy in Venice",
    "RUSSIA": "Spy Mos B",
    "TURKEY": "Spy Con B",
}


async def _phase(driver: Driver, clock, powers, title: str, days: int) -> tuple:
    """Let the phase end; the channel's results post and each player's DM."""
    channel = driver.fake.game_channel
    clock.advance(days=days)
    post = await driver.wait_for_message(
        lambda m: f"results of {title}" in m.content, channel=channel, timeout=30
    )
    dms = {
        power: await driver.wait_for_message(
            lambda m: f"{title} has been played" in m.content, channel=driver.dm(user), timeout=30
        )
        for power, user in powers.items()
    }
    return post, dms


async def _played(driver: Driver, code: str, next_code: str):
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    record = await driver.bot.service.history.phase_record(info.id, code)
    nxt = await driver.bot.service.history.phase_record(info.id, next_code)
    return await driver.bot.lookups.played_phase(info.id, record.id, nxt.id), info


async def test_rules004_spy_game_each_player_sees_only_their_spy_and_the_channel_none(
    driver: Driver, clock
) -> None:
    powers = await start_game(driver, variant="spy")
    lookups = driver.bot.lookups
    for power, user in powers.items():
        echo = await dm_orders(driver, user, PLACEMENTS[power])
        assert "rejected" not in echo, echo
    post, dms = await _phase(driver, clock, powers, "Winter 1900 Adjustments", 0)
    assert "Spy Mar B: followed" in dms["FRANCE"].content
    assert "Ven" not in dms["FRANCE"].content  # Italy's spy is not France's to know
    assert "Your spy is now in Ven" in dms["ITALY"].content
    played, info = await _played(driver, "W1900A", "S1901M")
    assert len(played.after.spies) == 7
    palette = await lookups.palette_for(info.id, powers["ITALY"].id)
    italian_map = await lookups.results_png(seen_by(played, "ITALY"), final=False, palette=palette)
    assert dms["ITALY"].attachments[0].data == italian_map
    assert italian_map != await lookups.results_png(played, final=False, palette=palette)

    await dm_orders(driver, powers["ITALY"], "Spy Ven - Pie")
    await dm_orders(driver, powers["FRANCE"], "Spy Mar P")
    posts = [post, (await _phase(driver, clock, powers, "Spring 1901", 5))[0]]
    await dm_orders(driver, powers["ITALY"], "Spy Pie - Mar")
    posts.append((await _phase(driver, clock, powers, "Fall 1901", 5))[0])

    # A protect: the French army follows its owner, not the Italian spy.
    await dm_orders(driver, powers["ITALY"], "Spy Mar: A Mar - Gas")
    await dm_orders(driver, powers["FRANCE"], "A Mar H\nSpy Mar P")
    post, dms = await _phase(driver, clock, powers, "Spring 1902", 5)
    posts.append(post)
    assert "Spy Mar: A Mar - Gas: not followed" in dms["ITALY"].content
    assert "protect" not in dms["ITALY"].content.lower()
    assert "Spy Mar P: followed" in dms["FRANCE"].content
    assert "Gas" not in dms["FRANCE"].content

    # A sabotage: unprotected, the French army obeys the Italian spy.
    await dm_orders(driver, powers["ITALY"], "Spy Mar: A Mar - Gas")
    await dm_orders(driver, powers["FRANCE"], "A Mar H")
    post, dms = await _phase(driver, clock, powers, "Fall 1902", 5)
    posts.append(post)
    assert "Spy Mar: A Mar - Gas: followed" in dms["ITALY"].content
    assert "Gas" in post.content and "Gas" in dms["FRANCE"].content
    # France is told its army moved as if it had ordered so (Y7), of its own spy alone.
    french = dms["FRANCE"].content
    assert "A Mar - Gas: moved" in french and "Ital" not in french and "sabot" not in french
    for text in (p.content for p in posts):
        assert "spy" not in text.lower() and "sabot" not in text.lower(), text
    played, info = await _played(driver, "F1902M", "S1903M")
    assert played.after.spies  # the record keeps them: the channel's map has none
    public = await lookups.results_png(public_played(played), final=False)
    assert post.attachments[0].data == public
    assert public != await lookups.results_png(played, final=False)
    # `/game map`, asked alone, shows the asker's own spy and no other ("Only the owner
    # of a spy is told its location"); shared, no spy at all.
    channel = driver.fake.game_channel
    asked = await (await driver.slash(powers["ITALY"], channel, "game map", {})).reply()
    record = await driver.bot.service.history.phase_record(info.id, "S1903M")
    assert lookups.service.history.record_position(record).spies
    italys = await lookups.draw(seen_by(played, "ITALY").after, None, None)
    assert asked.attachments[0].data == italys
    spyless = await lookups.draw(public_played(played).after, None, None)
    assert italys != spyless
    shared = await (
        await driver.slash(powers["ITALY"], channel, "game map", {"share": True})
    ).reply()
    assert shared.attachments[0].data == spyless
