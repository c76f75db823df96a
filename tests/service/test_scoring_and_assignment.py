"""Pure parts of the service: rules/004 scores and the draw of powers."""

from __future__ import annotations

import pytest

from bot.service.endings._scoring import PowerResult, scores, time_bonus
from bot.service.kernel import Scoring, WrongState
from bot.service.lobby._assignment import assign, power_groups
from tests.service.book import DRAW_1911, SOLO_1910


def test_rules_004_first_example():
    results = {
        "AUSTRIA": PowerResult(0, 1904),
        "ENGLAND": PowerResult(18),
        "FRANCE": PowerResult(6),
        "GERMANY": PowerResult(2),
        "ITALY": PowerResult(0, 1904),
        "RUSSIA": PowerResult(0, 1908),
        "TURKEY": PowerResult(8),
    }
    # The same table as the game played through the service (tests/service/book.py).
    assert scores(results, ("ENGLAND",), 1901, 1910) == SOLO_1910.scores


def test_rules_004_second_example_a_four_way_draw():
    results = {
        "AUSTRIA": PowerResult(8),
        "ENGLAND": PowerResult(9),
        "FRANCE": PowerResult(0, 1906),
        "GERMANY": PowerResult(0, 1909),
        "ITALY": PowerResult(0, 1909),
        "RUSSIA": PowerResult(9),
        "TURKEY": PowerResult(8),
    }
    drawn = ("AUSTRIA", "ENGLAND", "RUSSIA", "TURKEY")
    assert scores(results, drawn, 1901, 1911) == DRAW_1911.scores


def test_time_counts_down_to_nothing_after_twenty_five_years():
    assert time_bonus(5) == 1.25
    assert time_bonus(10) == 2.25
    assert time_bonus(25) == time_bonus(40) == 3.75


def test_optional_scoring_systems():
    results = {"A": PowerResult(10), "B": PowerResult(5), "C": PowerResult(0, 1903)}
    assert scores(results, ("A", "B"), 1901, 1905, Scoring.DRAW_SIZE) == {
        "A": 0.5,
        "B": 0.5,
        "C": 0.0,
    }
    assert scores(results, ("A", "B"), 1901, 1905, Scoring.SUM_OF_SQUARES) == {
        "A": 80.0,
        "B": 20.0,
        "C": 0.0,
    }


def test_preferences_give_the_best_total_and_lots_shuffle():
    players = [1, 2, 3, 4, 5, 6, 7]
    prefs = {1: ["FRANCE", "ENGLAND"], 2: ["FRANCE", "GERMANY"], 3: ["FRANCE"]}
    got = assign(players, prefs, seed=3, by_lots=False)
    winners = [u for u in (1, 2, 3) if got[u] == ("FRANCE",)]
    assert len(winners) == 1
    # The two others get their second choice where they named one.
    if winners != [1]:
        assert got[1] == ("ENGLAND",)
    if winners != [2]:
        assert got[2] == ("GERMANY",)
    assert assign(players, prefs, seed=3, by_lots=False) == got
    lots = [assign(players, {}, seed=s, by_lots=True) for s in range(5)]
    assert len({tuple(sorted(x.items())) for x in lots}) > 1


def test_fewer_players_follow_rules_000_14_2():
    assert power_groups(3).holdings == (
        ("RUSSIA",),
        ("ENGLAND", "FRANCE", "GERMANY"),
        ("AUSTRIA", "ITALY", "TURKEY"),
    )
    # Two players: the two-player game, World War I (tests/service/test_world_war_i.py);
    # a GM's choice among three-player groupings does not stand in its way.
    assert power_groups(2).holdings == (
        ("ENGLAND", "FRANCE", "RUSSIA"),
        ("AUSTRIA", "GERMANY", "TURKEY"),
    )
    assert power_groups(2, chosen="3b").key == "2"
    with pytest.raises(WrongState):
        power_groups(1)
    with pytest.raises(WrongState):
        power_groups(8)
    assert power_groups(3, chosen="3b").key == "3b"
    assert power_groups(4, chosen="3b").key == "4"  # a choice for another count


def test_the_variant_setting_names_exactly_the_registered_variants():
    from adjudication.variants import VARIANTS
    from bot.service.kernel import VariantName

    assert {v.value for v in VariantName} == set(VARIANTS)
