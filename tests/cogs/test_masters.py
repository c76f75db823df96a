"""The Masters Rules (rules/003) through Discord: `/game create masters:all`, minor
powers' units ordered by several players from their DMs, the echo's count, the
results saying who wrote what, each turn's DM naming the powers one may write for, and
foreign aid in the Winter (issue 13)."""

from __future__ import annotations

from storage.codec import position_from_json
from tests.cogs.conftest import create_game, dm_orders, start_game
from tests.cogs.test_end_to_end import results_posted
from tests.fake_discord import Driver


def _judge_file(message) -> str:
    return "\n".join(a.data.decode() for a in message.attachments if a.filename.endswith(".txt"))


async def _phase(driver: Driver, clock, orders: dict, powers: dict, next_phase: str):
    for power, text in orders.items():
        echo = await dm_orders(driver, powers[power], text)
        assert "❌" not in echo, echo
    mark = len(driver.world.bot_messages)
    clock.advance(hours=100)
    return await results_posted(driver, next_phase, mark)


async def test_rules003_mr2_needs_mr1_refused_at_game_create(driver: Driver) -> None:
    reply = await create_game(driver, "Puppets", masters="2")
    assert reply.ephemeral and "MR2 Variable Control needs MR1 Minor Powers" in reply.content


async def test_rules003_all_six_rules_minor_powers_ordered_by_several_players(
    driver: Driver, clock
) -> None:
    powers = await start_game(driver, name="Masters", masters="all")
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    settings = await driver.bot.service.lobby.game_settings(info.id)
    assert settings.rules.masters.on == (
        "minor_powers",
        "variable_control",
        "rebellion",
        "annexation",
        "disarmament",
        "foreign_aid",
    )

    # Spring 1901: the document's Portugal, written by France, Germany and Italy.
    echo = await dm_orders(
        driver, powers["FRANCE"], "A Mar - Spa\nPortugal A Por -S- (French) A Mar-Spa"
    )
    assert "1 of 3 orders left this turn" in echo  # MR2 b: its own order counts too
    assert "You may write orders for" in echo and "Portugal" in echo
    spring = await _phase(
        driver,
        clock,
        {
            "GERMANY": "A Mun - Ruh\nA Por S A Spa",
            "ITALY": "Portugal\nA Por -S- (Spanish) A Spa\nA Por -S- (Spanish) A Spa",
            "AUSTRIA": "A Vie - Gal",
        },
        powers,
        "Fall 1901",
    )
    judge = _judge_file(spring)
    assert "Portugal A Por S A Spa: written by Germany and Italy 2 times; followed" in judge
    assert "Portugal A Por S A Mar - Spa: written by France; outvoted" in judge
    news = await driver.wait_for_message(
        lambda m: "Spring 1901 has been played" in m.content,
        channel=driver.dm(powers["FRANCE"]),
    )
    assert "You may write orders for" in news.content

    # Fall 1901: Germany takes Holland, Italy and England writing for its army in vain.
    await _phase(
        driver,
        clock,
        {
            "GERMANY": "A Ruh S F Kie - Hol\nF Kie - Hol",
            "ITALY": "Holland A Hol H",
            "ENGLAND": "A Hol H",
        },
        powers,
        "Winter 1901 Adjustments",
    )
    # Winter 1901: Germany gives its build to Austria (MR6); the Winter waits for the
    # powers that could build with aid (M22), so it ends at the deadline.
    winter = await _phase(driver, clock, {"GERMANY": "Aid Austria"}, powers, "Spring 1902")
    assert "Aid Austria: written by Germany; followed" in _judge_file(winter)
    records = await driver.bot.service.history.phase_records(info.id)
    spring_1902 = position_from_json(records[-1].position)
    assert "F HOL" in {str(u) for u in spring_1902.units_of("GERMANY")}
    assert spring_1902.phase.code == "S1902M"
