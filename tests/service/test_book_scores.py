"""Scores by the book (rules/004 "Player Ratings"): games played through the service, the
last year counted being the year of the last phase played, the short game ranked by
one measure."""

from __future__ import annotations

from datetime import timedelta

from adjudication.model.rules import Rules, YearLimitMeasure
from bot.service.kernel import Caller, GameSettings
from tests.service.book import DRAW_1911, SOLO_1910, play_until, position, user_of
from tests.service.conftest import GM, GUILD, force_position, started_game


def scores_of(info) -> dict[str, float]:
    return {p.power: p.score for p in info.powers}


async def test_rules_004_first_example_played_through_the_service(service):
    """ "A game that lasted through 1910": England wins in Fall 1910 (no Winter is
    played after a solo); Austria and Italy go out in Winter 1904, Russia in 1908."""
    info = await started_game(service)
    await force_position(service, info.id, SOLO_1910.start)
    end = await play_until(service, info.id, "never", SOLO_1910.orders)
    assert end.status == "ended" and end.end_kind == "solo" and end.winners == ("ENGLAND",)
    played = await service.history.phase_codes(info.id, played=True)
    assert played[-1] == SOLO_1910.last_phase
    assert "W1904A" in played and "W1908A" in played
    assert scores_of(end) == SOLO_1910.scores


async def test_rules_004_draw_11_example_played_through_the_service(service):
    """The "draw'11" table: France out in 1906, Germany and Italy in 1909, the four
    others agree a draw in Spring 1911, and 1911 counts (10 − 2.40 = 7.60)."""
    info = await started_game(service)
    await force_position(service, info.id, DRAW_1911.start)
    at = await play_until(service, info.id, DRAW_1911.last_phase, DRAW_1911.orders)
    when = at.deadline_at - timedelta(hours=2)
    survivors = ("AUSTRIA", "ENGLAND", "RUSSIA", "TURKEY")
    vote = await service.votes.propose_draw(info.id, Caller(user_of(at, "AUSTRIA")), when)
    for power in survivors[1:]:
        await service.votes.cast_ballot(vote.id, user_of(at, power), True, when)
    end = await service.lobby.game_info(info.id)
    assert end.status == "ended" and end.end_kind == "draw" and end.winners == survivors
    assert end.phase.code == DRAW_1911.last_phase
    assert scores_of(end) == DRAW_1911.scores


async def test_a_gm_draw_counts_the_year_it_is_declared(service):
    info = await started_game(service)
    at = await play_until(service, info.id, "F1903M")
    when = at.deadline_at - timedelta(hours=1)
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), when, draw=True)
    # A seven-way draw declared in 1903 counts 1901, 1902 and 1903: 2 − 0.75.
    assert set(scores_of(await service.lobby.game_info(info.id)).values()) == {1.25}


async def test_a_stalemate_after_1903_counts_three_winters(service):
    """Nothing moves: ownership is the same in the Winters of 1901, 1902 and 1903, so
    the game ends after Fall 1903, a draw of all seven: 2 − 0.75 = 1.25 each (the
    position after that Fall is already Spring 1904; it is not played)."""
    settings = GameSettings(rules=Rules(stalemate_winters=3))
    info = await started_game(service, settings=settings)
    end = await play_until(service, info.id, "never")
    assert end.end_kind == "stalemate" and len(end.winners) == 7
    assert (await service.history.phase_codes(info.id, played=True))[-1] == "F1903M"
    assert set(scores_of(end).values()) == {1.25}


async def test_a_year_limit_of_1901_scores_one_winter(service):
    """The short game ending with 1901: its leader wins with 20 − 0.25."""
    settings = GameSettings(rules=Rules(year_limit=1901))
    info = await started_game(service, settings=settings)
    await force_position(
        service,
        info.id,
        position(
            "S1901M",
            {"FRANCE": "A PAR, A MAR, F BRE, A BUR", "GERMANY": "A BER"},
            {"FRANCE": "PAR MAR BRE BEL", "GERMANY": "BER"},
        ),
    )
    end = await play_until(service, info.id, "never")
    assert end.end_kind == "year_limit" and end.winners == ("FRANCE",)
    assert scores_of(end)["FRANCE"] == 19.75


SHORT_GAME = position(
    # France: 7 centres, 5 units; Turkey: 6 centres, 6 units; the others fewer.
    "S1910M",
    {
        "FRANCE": "A PAR, A MAR, A BRE, A SPA, A POR",
        "TURKEY": "A ANK, A CON, A SMY, A BUL, A GRE, A SER",
        "ENGLAND": "A LON, A EDI",
        "GERMANY": "A BER",
    },
    {
        "FRANCE": "PAR MAR BRE SPA POR BEL HOL",
        "TURKEY": "ANK CON SMY BUL GRE SER",
        "ENGLAND": "LON EDI",
        "GERMANY": "BER",
    },
)


async def _short_game(service, measure: YearLimitMeasure):
    settings = GameSettings(rules=Rules(year_limit=1910, year_limit_measure=measure))
    info = await started_game(service, settings=settings)
    await force_position(service, info.id, SHORT_GAME)
    return await play_until(service, info.id, "never")


async def test_a_short_game_by_units_ranks_everyone_by_units(service):
    """rules/000 §3: the most pieces on the board wins, and the same count ranks the
    others: France (5 units) is second, whatever its 7 centres."""
    end = await _short_game(service, YearLimitMeasure.UNITS)
    assert end.end_kind == "year_limit" and end.winners == ("TURKEY",)
    scores = scores_of(end)
    assert scores["TURKEY"] > scores["FRANCE"]
    # Turkey: 20 − Time(10 winters) = 17.75; France second: 11 + 2.25.
    assert scores["TURKEY"] == 17.75 and scores["FRANCE"] == 13.25


async def test_a_short_game_by_centres_follows_rules_001(service):
    """rules/001: "the person with the most supply centers after the Fall 1910 turn"."""
    end = await _short_game(service, YearLimitMeasure.CENTRES)
    assert end.winners == ("FRANCE",)
    assert scores_of(end)["FRANCE"] == 17.75 and scores_of(end)["TURKEY"] == 13.25
