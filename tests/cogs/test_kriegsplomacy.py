"""Kriegsplomacy (rules/004) through Discord (issue 12): each player is sent their own
results and map by DM, made from their power's view; the game channel gets only what
is public, the year's centre totals."""

from __future__ import annotations

from adjudication.model.units import Phase
from bot.service.variants.hidden import seen_phase
from render.request import MapRequest
from render.variants.hidden import render_view_map
from tests.cogs.conftest import dm_orders, start_game
from tests.fake_discord import Driver

BUILDS = {
    "AUSTRIA": "A Vie B\nA Bud B\nF Tri B",
    "ENGLAND": "F Lon B\nF Edi B\nA Lvp B",
    "FRANCE": "A Par B\nA Mar B\nF Bre B",
    "GERMANY": "A Mun B\nA Ber B\nF Kie B",
    "ITALY": "A Ven B\nA Rom B\nF Nap B",
    "RUSSIA": "A War B\nA Mos B\nF Sev B\nF Stp/sc B",
    "TURKEY": "A Con B\nA Smy B\nF Ank B",
}


async def start_kriegsplomacy(driver: Driver, clock) -> dict:
    """A Kriegsplomacy game created with `/game create variant:kriegsplomacy`, past its
    Winter 1900 builds: {power: FakeUser}."""
    powers = await start_game(driver, variant="kriegsplomacy")
    for power, user in powers.items():
        echo = await dm_orders(driver, user, BUILDS[power])
        assert "not" not in echo.lower() or "built" in echo.lower() or echo
    clock.advance(hours=1)
    await driver.wait_for_message(
        lambda m: "Winter 1900" in m.content and "results" in m.content,
        channel=driver.fake.game_channel,
        timeout=10,
    )
    return powers


async def _news(driver: Driver, user, title: str):
    return await driver.wait_for_message(
        lambda m: f"{title} has been played" in m.content, channel=driver.dm(user), timeout=30
    )


async def test_rules004_kriegsplomacy_each_player_gets_their_own_view_and_the_channel_only_totals(
    driver: Driver, clock, monkeypatch
) -> None:
    powers = await start_kriegsplomacy(driver, clock)
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur\nA Mar H\nF Bre - Mao")
    await dm_orders(driver, powers["GERMANY"], "A Mun - Bur\nA Ber H\nF Kie - Hol")
    clock.advance(days=5)
    channel = driver.fake.game_channel
    post = await driver.wait_for_message(
        lambda m: "results of Spring 1901" in m.content, channel=channel, timeout=10
    )
    # The channel: nothing of any order, unit or outcome, and no map.
    for secret in ("Bur", "Par", "Mun", "Kie", "Hol", "bounced", "No orders"):
        assert secret not in post.content, secret
    assert not post.attachments
    french = await _news(driver, powers["FRANCE"], "Spring 1901")
    # In the echo's words (issue 33): bounced, not told by whom.
    assert "• A Par - Bur: bounced" in french.content and "```" not in french.content
    assert "Mun" not in french.content and "Germany" not in french.content
    assert "Attacked" not in french.content  # France's units were not attacked
    # The map sent is the render of France's view, and differs from the whole board's.
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    lookups = driver.bot.lookups
    record = await driver.bot.service.history.phase_record(info.id, "S1901M")
    current = await driver.bot.service.history.phase_record(info.id, "F1901M")
    played = await lookups.played_phase(info.id, record.id, current.id)
    seen = seen_phase(played, "FRANCE")
    (png,) = french.attachments
    palette = await lookups.palette_for(info.id, powers["FRANCE"].id)
    # Its key counts the year's public totals, not the centres the view happens to hold.
    expected = render_view_map(
        MapRequest(
            seen.view.adjudication.position,
            board=lookups.board,
            palette=palette,
            width=lookups.width,
        ),
        seen.unknown,
        totals=played.after.centre_counts(lookups.board.powers),
        power="FRANCE",
    )
    assert png.data == expected
    whole = render_view_map(
        MapRequest(played.after, board=lookups.board, palette=palette, width=lookups.width), ()
    )
    assert png.data != whole
    assert Phase.parse("F1901M").title in french.content


async def test_game_map_and_history_show_a_player_their_view_the_gm_all_others_the_public(
    driver: Driver, clock, monkeypatch
) -> None:
    powers = await start_kriegsplomacy(driver, clock)
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur")
    await dm_orders(driver, powers["GERMANY"], "A Mun - Bur")
    clock.advance(days=5)
    channel = driver.fake.game_channel
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content, channel=channel)
    news = await _news(driver, powers["FRANCE"], "Spring 1901")

    async def ask(user, command: str, **options):
        return await (await driver.slash(user, channel, command, options)).reply()

    french = await ask(powers["FRANCE"], "game map")
    dm_map = news.attachments[0].data
    assert french.ephemeral and french.attachments[0].data == dm_map  # France's view
    whole = await ask(driver.fake.gm, "game map")
    assert whole.attachments[0].data != dm_map  # the GM sees the whole board
    for outsider in (driver.user("outsider"), powers["FRANCE"]):
        shared = outsider is powers["FRANCE"]
        public = await ask(outsider, "game map", **({"share": True} if shared else {}))
        assert not public.attachments and "their own view" in public.content
    german = await ask(powers["GERMANY"], "game history", phase="S1901M")
    # Its view in words, as its DM said it (issue 33).
    assert "• A Mun - Bur: bounced" in german.content and "Par" not in german.content
    assert "```" not in german.content and "*-" not in german.content
    assert german.attachments  # the map of Germany's view
    gm = await ask(driver.fake.gm, "game history", phase="S1901M")
    assert "Par" in gm.content and "Mun" in gm.content
    # The GM's record keeps rules/004's judge notation.
    assert "Results for Spring 1901:" in gm.content and "A Mun*-Bur" in gm.content


async def test_autocomplete_offers_nothing_that_names_a_hidden_unit(
    driver: Driver, clock, monkeypatch
) -> None:
    # A German army stands in Burgundy, next to France's A Par and A Mar: offering
    # "A Par S A Bur" would tell France it is there.
    powers = await start_kriegsplomacy(driver, clock)
    await dm_orders(driver, powers["GERMANY"], "A Mun - Bur")
    clock.advance(days=5)
    await _news(driver, powers["FRANCE"], "Spring 1901")
    channel = driver.fake.game_channel
    handle = await driver.autocomplete(powers["FRANCE"], channel, "orders submit", "order", "bur")
    offered = [c["value"] for c in await handle.choices()]
    assert "A Par - Bur" in offered
    assert not any("S A Bur" in o or "Bur -" in o for o in offered), offered
