"""A Masters Rules game (rules/003, all six rules) through the fake Discord over three
years (issue 13): minor powers' units ordered by several players from their DMs, a
rebel army raised in Moscow (MR3), Austria taking Serbia, annexing it (MR4) and
building there the year after, and aid (MR6) letting Austria build beyond its own
surplus, written before the aid arrives (docs/VARIANTS.md M21)."""

from __future__ import annotations

from storage.codec import position_from_json
from tests.cogs.conftest import dm_orders, start_game
from tests.fake_discord import Driver


async def _play(driver: Driver, clock, powers: dict, orders: dict[str, str]) -> str:
    """Each power's orders by DM (none refused), then the deadline; the judge file of
    the results post, once the game has moved on to another phase."""
    service = driver.bot.service
    info = await service.lobby.game_in_channel(driver.fake.game_channel.id)
    for power, text in orders.items():
        echo = await dm_orders(driver, powers[power], text)
        assert "❌" not in echo, echo
    mark = len(driver.world.bot_messages)
    clock.advance(hours=100)
    posted = await driver.wait_for_message(
        lambda m: "Next: **" in m.content, channel=driver.fake.game_channel, since=mark
    )
    after = await service.lobby.game_in_channel(driver.fake.game_channel.id)
    assert after.phase != info.phase
    return "\n".join(a.data.decode() for a in posted.attachments if a.filename.endswith(".txt"))


async def _units(driver: Driver) -> dict[str, set[str]]:
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    records = await driver.bot.service.history.phase_records(info.id)
    position = position_from_json(records[-1].position)
    out: dict[str, set[str]] = {}
    for unit in position.units:
        out.setdefault(unit.power, set()).add(f"{unit.type.value} {unit.province}")
    return out


async def _until(driver: Driver, clock, powers: dict, phase: str) -> None:
    """Let phases with nothing to write (a retreat nobody orders) run to `phase`."""
    for _ in range(3):
        info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
        if info.phase.code == phase:
            return
        await _play(driver, clock, powers, {})
    raise AssertionError(f"never reached {phase}")


async def test_rules003_all_six_rules_three_years_rebels_annexation_and_aid(
    driver: Driver, clock
) -> None:
    powers = await start_game(driver, name="Masters years", masters="all")

    # Spring 1901: Portugal's army written for by Germany and Italy (twice), France
    # outvoted; Austria and Russia make way for the year's plans.
    judge = await _play(
        driver,
        clock,
        powers,
        {
            "FRANCE": "A Mar - Spa\nPortugal A Por -S- (French) A Mar-Spa",
            "GERMANY": "A Mun - Ruh\nA Por S A Spa",
            "ITALY": "Portugal\nA Por -S- (Spanish) A Spa\nA Por -S- (Spanish) A Spa",
            "AUSTRIA": "F Tri - Alb\nA Vie - Tri",
            "RUSSIA": "A Mos - Ukr\nA War - Gal\nF Sev - Bla\nF Stp/sc - Bot",
        },
    )
    assert "Portugal A Por S A Spa: written by Germany and Italy 2 times; followed" in judge
    assert "Portugal A Por S A Mar - Spa: written by France; outvoted" in judge

    # Fall 1901: Austria takes Serbia, Turkey Bulgaria (with Russia's support), Germany
    # Holland: each minor army dislodged. Russia leaves Moscow's neighbours.
    await _play(
        driver,
        clock,
        powers,
        {
            "AUSTRIA": "A Bud - Ser\nA Tri S A Bud - Ser\nF Alb H",
            "TURKEY": "A Con - Bul",
            "RUSSIA": "A Gal - Boh\nA Ukr - Gal\nF Bla S A Con - Bul\nF Bot H",
            "GERMANY": "A Ruh S F Kie - Hol\nF Kie - Hol",
        },
    )
    await _until(driver, clock, powers, "W1901A")

    # Winter 1901: Austria writes two builds with one of its own, the other awaited
    # from Germany's aid; Turkey raises a rebel army in empty Moscow (MR3).
    judge = await _play(
        driver,
        clock,
        powers,
        {
            "AUSTRIA": "Build A Vie\nBuild A Bud",
            "GERMANY": "Aid Austria",
            "TURKEY": "Build Rebel A Mos",
        },
    )
    assert "Aid Austria: written by Germany; followed" in judge
    units = await _units(driver)
    assert {"A VIE", "A BUD"} <= units["AUSTRIA"]
    assert units["REBEL MOS"] == {"A MOS"}

    # 1902: Austria takes Greece and Rumania; Tunis's army held by England and Italy.
    judge = await _play(
        driver,
        clock,
        powers,
        {
            "AUSTRIA": "F Alb - Gre\nA Ser S F Alb - Gre",
            "ITALY": "Tunis A Tun H",
            "ENGLAND": "Tunis A Tun H",
        },
    )
    assert "Tunis A Tun H: written by England and Italy; followed" in judge
    await _until(driver, clock, powers, "F1902M")
    await _play(driver, clock, powers, {"AUSTRIA": "A Bud - Rum\nA Ser S A Bud - Rum"})
    await _until(driver, clock, powers, "W1902A")

    # Winter 1902: Serbia, Austria's at both Winters, annexed instead of a build (MR4).
    judge = await _play(driver, clock, powers, {"AUSTRIA": "Annex Serbia"})
    assert "Annex Serbia: written by Austria; followed" in judge

    # 1903: Serbia emptied; Winter 1903: Austria builds there, its home now.
    await _play(driver, clock, powers, {"AUSTRIA": "A Ser - Alb"})
    await _until(driver, clock, powers, "F1903M")
    await _play(driver, clock, powers, {})
    await _until(driver, clock, powers, "W1903A")
    await _play(driver, clock, powers, {"AUSTRIA": "Build A Ser"})
    units = await _units(driver)
    assert "A SER" in units["AUSTRIA"]
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    assert info.phase.code == "S1904M"
