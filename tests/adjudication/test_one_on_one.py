"""rules/004, One-on-one Diplomacy, as the `one_on_one` variant and `match_end`.

"Two games are played in parallel, with orders due simultaneously in each. In each
game, one player controls England, France, and Russia, while the other has Austria,
Germany, and Turkey. Italy is considered to be in permanent Civil Disorder. The EFR
player in one game is the AGT player in the other. The winner is the first player whose
combined countries have at least 24 units on the board (not just 24 centers) in one game
or the other. If both players reach 24 units in the same season, the games continue
until one player has more units than the other at the end of a Winter season. That
player then wins. If both players achieve 34 units simultaneously, the match is a draw."

Each test is named after the sentence it pins; the readings (O1-O4) are in
docs/VARIANTS.md.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adjudication.model.orders import Build, Hold, Move, Support
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Location, Phase, Unit
from adjudication.model.variant import MatchUnits
from adjudication.play.phases import adjudicate
from adjudication.variants import ONE_ON_ONE, VARIANTS, PowerStatus
from adjudication.variants.one_on_one import MatchEnd, match_end, player_units

EFR = ("ENGLAND", "FRANCE", "RUSSIA")
AGT = ("AUSTRIA", "GERMANY", "TURKEY")
RULES = Rules(grouping="2")


def unit(text: str) -> Unit:
    power, rest = text.split(" ", 1)
    return Unit.parse(power, rest)


def position(phase: str, texts: list[str], centres: dict[str, list[str]] | None = None) -> Position:
    ownership = {c: p for p, cs in (centres or {}).items() for c in cs}
    return Position(
        Phase.parse(phase), [unit(t) for t in texts], ownership, variant=ONE_ON_ONE.name
    )


def outcome_of(result, order):
    return next(o for o in result.outcomes if o.order == order)


def test_rules004_one_on_one_is_a_registered_two_player_variant() -> None:
    assert VARIANTS["one_on_one"] is ONE_ON_ONE
    assert ONE_ON_ONE.player_counts == (2,)


def test_rules004_one_on_one_one_player_efr_the_other_agt() -> None:
    """ "In each game, one player controls England, France, and Russia, while the other
    has Austria, Germany, and Turkey." """
    assert ONE_ON_ONE.grouping_for(2).holdings == (EFR, AGT)


def test_rules004_one_on_one_italy_in_permanent_civil_disorder() -> None:
    """Italy is a dummy in every phase (F1): its orders refused, its units hold."""
    for phase in ("S1901M", "F1905M", "W1910A"):
        assert ONE_ON_ONE.statuses(RULES, Phase.parse(phase)) == {"ITALY": PowerStatus.DUMMY}
    # The variant has one grouping: Italy is a dummy even when the options name none.
    assert ONE_ON_ONE.statuses(Rules(), Phase.parse("S1901M")) == {"ITALY": PowerStatus.DUMMY}
    start = Position.initial(ONE_ON_ONE, RULES)
    move = Move(unit("ITALY A VEN"), Location("TRI"))
    result = adjudicate(start, [move], ONE_ON_ONE, RULES)
    assert outcome_of(result, move).reason is Reason.ILLEGAL
    assert unit("ITALY A VEN") in result.position.units


def test_rules004_one_on_one_italy_does_start_with_three_units() -> None:
    """ "Note also that Italy does start with three units, so Austria cannot just walk
    into Venice and Rome in 1901." (O1: the standard opening, Spring 1901.)"""
    start = Position.initial(ONE_ON_ONE, RULES)
    assert start.phase == Phase.parse("S1901M")
    assert sorted(str(u) for u in start.units_of("ITALY")) == ["A ROM", "A VEN", "F NAP"]
    walk = Move(unit("AUSTRIA A TYR"), Location("VEN"))
    result = adjudicate(
        position("S1901M", ["AUSTRIA A TYR", "ITALY A VEN"]), [walk], ONE_ON_ONE, RULES
    )
    assert not outcome_of(result, walk).succeeded
    assert unit("ITALY A VEN") in result.position.units


def test_rules004_one_on_one_italian_unit_forced_to_retreat_is_disbanded() -> None:
    """Permanent civil disorder (F1): a dislodged Italian unit is disbanded at once."""
    attack = Move(unit("AUSTRIA A TYR"), Location("VEN"))
    support = Support(unit("AUSTRIA A TRI"), unit("AUSTRIA A TYR"), Location("VEN"))
    start = position("S1901M", ["AUSTRIA A TYR", "AUSTRIA A TRI", "ITALY A VEN"])
    result = adjudicate(start, [attack, support], ONE_ON_ONE, RULES)
    assert outcome_of(result, attack).succeeded
    assert result.position.phase == Phase.parse("F1901M")  # no retreat phase
    assert not result.position.units_of("ITALY")


def test_rules004_one_on_one_allied_attack_cuts_support() -> None:
    """ "an attack by one country could cut support by ... a unit belonging to an
    allied country": France's attack on England's supporting fleet cuts it."""
    english_support = Support(unit("ENGLAND F ENG"), unit("ENGLAND F NTH"), Location("BEL"))
    english_move = Move(unit("ENGLAND F NTH"), Location("BEL"))
    french_attack = Move(unit("FRANCE F BRE"), Location("ENG"))
    start = position("S1901M", ["ENGLAND F ENG", "ENGLAND F NTH", "FRANCE F BRE", "GERMANY A BEL"])
    result = adjudicate(start, [english_support, english_move, french_attack], ONE_ON_ONE, RULES)
    assert outcome_of(result, english_support).reason is Reason.CUT
    assert not outcome_of(result, english_move).succeeded


def test_rules004_one_on_one_allied_attack_dislodges() -> None:
    """ "an attack by one country could ... dislodge, a unit belonging to an allied
    country": France, supported by England, dislodges Russia's army, all three the
    same player's countries."""
    attack = Move(unit("FRANCE A MUN"), Location("BER"))
    support = Support(unit("ENGLAND A KIE"), unit("FRANCE A MUN"), Location("BER"))
    start = position("S1901M", ["FRANCE A MUN", "ENGLAND A KIE", "RUSSIA A BER"])
    result = adjudicate(start, [attack, support], ONE_ON_ONE, RULES)
    assert outcome_of(result, attack).succeeded
    assert [d.unit for d in result.dislodged] == [unit("RUSSIA A BER")]


def test_rules004_one_on_one_builds_are_per_country() -> None:
    """ "builds and disbands are on a per-country, not per-player, basis": England
    with a spare centre builds; France with none may not build for it."""
    winter = position(
        "W1901A",
        ["ENGLAND F NTH", "FRANCE A PAR"],
        {"ENGLAND": ["LON", "EDI"], "FRANCE": ["PAR"]},
    )
    english = Build(unit("ENGLAND F LON"))
    french = Build(unit("FRANCE A MAR"))
    result = adjudicate(winter, [english, french], ONE_ON_ONE, RULES)
    assert outcome_of(result, english).succeeded
    assert not outcome_of(result, french).succeeded


def test_rules004_one_on_one_no_18_centre_solo() -> None:
    """O1: the match is won on units over the two games; no country's 18 centres end a
    game."""
    centres = [
        "BUD", "VIE", "TRI", "SER", "RUM", "BUL", "GRE", "WAR", "MOS",
        "SEV", "STP", "BER", "MUN", "KIE", "HOL", "BEL", "DEN", "SWE",
    ]  # fmt: skip
    fall = position("F1905M", ["AUSTRIA A BUD"], {"AUSTRIA": centres})
    assert adjudicate(fall, [Hold(unit("AUSTRIA A BUD"))], ONE_ON_ONE, RULES).game_end is None


def test_rules004_one_on_one_a_players_units_are_their_countries_combined() -> None:
    """O2: "whose combined countries have at least 24 units": the units of the three
    countries a player holds in one game; Italy's count for no one."""
    game = position(
        "S1902M", ["ENGLAND F NTH", "FRANCE A PAR", "RUSSIA A MOS", "TURKEY A CON", "ITALY A VEN"]
    )
    assert player_units(game, ONE_ON_ONE.grouping_for(2).holdings) == (3, 1)


# match_end takes, for each game, the units of (the first player, the second player):
# the first player is EFR in game A and AGT in game B.


def test_rules004_one_on_one_first_to_24_units_wins() -> None:
    """ "The winner is the first player whose combined countries have at least 24 units
    on the board ... in one game or the other." """
    assert match_end([(23, 10), (12, 20)]) is None
    assert match_end([(24, 10), (12, 20)]) == MatchEnd(winner=0, scores=(24, 20))
    # In the other game: the second board counts just the same.
    assert match_end([(10, 20), (12, 25)]) == MatchEnd(winner=1, scores=(12, 25))


def test_rules004_one_on_one_not_just_24_centres() -> None:
    """ "(not just 24 centers)": units are counted, so a player short of 24 units has
    not won whatever they own (match_end is given units only)."""
    assert match_end([(23, 11), (11, 23)]) is None


def test_rules004_one_on_one_both_reach_24_the_more_units_wins() -> None:
    """ "If both players reach 24 units in the same season ... until one player has
    more units than the other at the end of a Winter season. That player then wins."
    O3: that Winter included: 24 against 26 decides at once."""
    assert match_end([(24, 8), (9, 26)]) == MatchEnd(winner=1, scores=(24, 26))


def test_rules004_one_on_one_equal_scores_play_on_to_a_winter() -> None:
    """ "the games continue": both at 25, no result; a later Winter with 27 to 25
    decides it."""
    assert match_end([(25, 9), (8, 25)]) is None
    assert match_end([(27, 7), (8, 25)]) == MatchEnd(winner=0, scores=(27, 25))


def test_rules004_one_on_one_both_at_34_units_a_draw() -> None:
    """ "If both players achieve 34 units simultaneously, the match is a draw." """
    assert match_end([(34, 0), (0, 34)]) == MatchEnd(winner=None, scores=(34, 34))
    assert match_end([(33, 1), (0, 33)]) is None


def test_rules004_one_on_one_victory_is_match_units() -> None:
    assert ONE_ON_ONE.victory == MatchUnits(24, draw=34)


year_end = st.tuples(
    st.tuples(st.integers(0, 34), st.integers(0, 34)),
    st.tuples(st.integers(0, 34), st.integers(0, 34)),
).filter(lambda games: all(a + b <= 34 for a, b in games))


@given(st.lists(year_end, min_size=1, max_size=12))
def test_rules004_one_on_one_random_matches_end_exactly_as_o3_says(years) -> None:
    """Over random year-end counts, the match ends at the first year where some player
    has 24 units in a game and the two scores (each player's better game) differ, or
    both scores are 34; never before; and the result is the better score."""
    for year, games in enumerate(years):
        result = match_end(games)
        scores = (max(a for a, _ in games), max(b for _, b in games))
        decided = max(scores) >= 24 and scores[0] != scores[1]
        if not decided and scores != (34, 34):
            assert result is None, (year, games)
            continue
        assert result is not None and result.scores == scores
        if scores == (34, 34):
            assert result.winner is None
        else:
            assert result.winner == scores.index(max(scores))
        break


def test_rules004_one_on_one_played_with_airplane_rules() -> None:
    """ "... the games are played using the rules for Airplane Diplomacy": a plane is
    built at an adjustment and flies two spaces over water, as in Airplane."""
    winter = position("W1901A", [], {"ENGLAND": ["LON", "LVP", "EDI", "NWY"]})
    built = adjudicate(winter, [Build(unit("ENGLAND P LON"))], ONE_ON_ONE, RULES)
    assert unit("ENGLAND P LON") in built.position.units
    spring = position("S1902M", ["ENGLAND P LON"], {"ENGLAND": ["LON", "LVP", "EDI"]})
    flight = Move(unit("ENGLAND P LON"), Location("BEL"))
    played = adjudicate(spring, [flight], ONE_ON_ONE, RULES)
    assert outcome_of(played, flight).succeeded
    assert unit("ENGLAND P BEL") in played.position.units
