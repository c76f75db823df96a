"""Kriegsplomacy's results in words (issue 33, "Kriegsplomacy in words"; STYLE.md rule
13): each player's results read in the notation of the DM echo ("F Bre - Mao", "Nth",
"Ruh"), one line per order with its outcome in words, a legend for `???`, and no empty
block; what is told is each power's view, exactly as before (docs/VARIANTS.md K9-K14,
D8). rules/004's judge notation stays for the GM's record and the judge file."""

from __future__ import annotations

from adjudication.model.orders import Build, Disband, Hold, Move
from adjudication.model.position import Position
from adjudication.model.units import Location
from adjudication.play.phases import adjudicate
from adjudication.variants import KRIEGSPLOMACY
from bot.service.kernel import PlayedPhase
from bot.service.variants.hidden import SeenPhase, seen_phase, view_news, view_words, with_retreats
from bot.service.variants.hidden._words import LEGEND
from tests.adjudication.test_kriegsplomacy import position, unit
from tests.adjudication.test_kriegsplomacy_report_countries import _spied
from tests.conftest import T0
from tests.service.test_kriegsplomacy_hidden_retreats import _spa_sc_example

BOARD = KRIEGSPLOMACY.board
# rules/004's judge notation: none of it may reach a player's results.
JUDGE_MARKS = ("*", "[", "]", "MAtl", "WMed", "SpaSC", "TyrS", "NAtl")
JUDGE_HEADINGS = ("Results for", "Retreats for", "Adjustments for")


def _words(power: str, *, told_with_retreats: bool = False) -> str:
    movement, retreats = _spa_sc_example()
    seen = seen_phase(movement, power)
    if told_with_retreats:
        seen = with_retreats(seen, seen_phase(retreats, power, seen.view.learned), BOARD)
    return view_words(seen, BOARD)


def _no_judge_notation(text: str) -> None:
    for mark in (*JUDGE_MARKS, *JUDGE_HEADINGS):
        assert mark not in text, (mark, text)


def test_issue33_krieg_a_spy_report_reads_in_the_echos_words() -> None:
    # rules/004's "F SpaSC E might learn" example, told to Germany once the retreats are
    # played: the document's `Ita F ???-WMed*`, `Eng F WMed-MAtl*`, `Eng F ??? S Eng F
    # WMed-MAtl`, `Fre F MAtl-??? [r-???*]`, in the echo's notation and in words; the
    # hidden mover and the place France's fleet retreated to stay `???`, said once.
    text = _words("GERMANY", told_with_retreats=True)
    assert text.splitlines() == [
        "• F Spa/sc E: spied",
        "Seen by your spies:",
        "• England's F Wes - Mao: moved",
        "• England's F ??? S F Wes - Mao: support ordered",
        "• France's F Mao - ???: failed; dislodged, then retreated to ???",
        "• Italy's F ??? - Wes: moved",
        LEGEND,
    ]
    assert LEGEND == "???: a place you could not see."
    _no_judge_notation(text)
    # The retreat phase itself, as a power in it would be told what its spies watched
    # (K11): its own first, then theirs under the same heading.
    movement, retreats = _spa_sc_example()
    learned = seen_phase(movement, "GERMANY").view.learned
    watched = view_words(seen_phase(retreats, "GERMANY", learned), BOARD)
    assert watched.splitlines() == [
        "You had nothing to retreat.",
        "Seen by your spies:",
        "• France's F Mao R ???: retreated",
        LEGEND,
    ]


def test_issue33_krieg_a_dislodged_unit_and_its_retreat_in_words() -> None:
    # France's own fleet: its move bounced and it was dislodged (never by whom, K12);
    # then its retreat phase: retreated. Nothing it could not see: no legend.
    movement, retreats = _spa_sc_example()
    moved = seen_phase(movement, "FRANCE")
    assert view_words(moved, BOARD) == "• F Mao - Nao: bounced; dislodged"
    retreated = seen_phase(retreats, "FRANCE", moved.view.learned)
    assert view_words(retreated, BOARD) == "• F Mao R Bre: retreated"


def test_issue33_krieg_a_supported_unit_is_named_by_its_own_country_in_words() -> None:
    # K9: a seen supported unit is named by its own country, a hidden one by none.
    view = _spied("hol")
    text = view_words(SeenPhase(view, frozenset()), BOARD)
    assert text.splitlines() == [
        "• A Bur E: spied",
        "Seen by your spies:",
        "• Germany's A Mun S A ??? - ???: support ordered",
        "• Germany's A ??? S Italy's A Ruh - Bel: support ordered",
        "• Italy's A Ruh - Bel: moved",
        "• Italy's A ??? - Mar: moved",
        LEGEND,
    ]


def test_issue33_krieg_builds_and_removals_in_words() -> None:
    # Winter 1900: France builds two armies, its third build unused; its centres as the
    # judge's adjustment line gave them ("(3) Bre, Mar, Par"), in the echo's names.
    start = Position.initial(KRIEGSPLOMACY)
    builds = [Build(unit("FRANCE A PAR")), Build(unit("FRANCE A MAR"))]
    result = adjudicate(start, builds, KRIEGSPLOMACY)
    played = PlayedPhase(start, result.outcomes, result.position, BOARD)
    text = view_words(seen_phase(played, "FRANCE"), BOARD)
    assert text.splitlines() == [
        "Your supply centres: Bre, Mar and Par.",
        "• Build A Mar: built",
        "• Build A Par: built",
        "• 1 build waived",
    ]
    # A removal the player gave, and one the civil-disorder rule chose.
    winter = position("W1901A", ["GERMANY A MUN", "GERMANY A BER", "GERMANY F KIE"])
    winter = Position(winter.phase, winter.units, {"MUN": "GERMANY"}, variant=winter.variant)
    result = adjudicate(winter, [Disband(unit("GERMANY F KIE"))], KRIEGSPLOMACY)
    played = PlayedPhase(winter, result.outcomes, result.position, BOARD)
    text = view_words(seen_phase(played, "GERMANY"), BOARD)
    assert text.splitlines() == [
        "Your supply centre: Mun.",
        "• A Ber: removed by the civil disorder rule",
        "• F Kie D: removed",
    ]


def test_issue33_krieg_no_empty_block() -> None:
    # Italy saw nothing and retreated nothing: no "Seen by your spies:" and no
    # "Retreats for Fall 1901:" heading with nothing under it.
    assert _words("ITALY", told_with_retreats=True) == "• F Tys - Wes: moved"
    movement, retreats = _spa_sc_example()
    moved = seen_phase(movement, "ITALY")
    nothing = view_words(seen_phase(retreats, "ITALY", moved.view.learned), BOARD)
    assert nothing == "You had nothing to retreat."


def test_issue33_krieg_the_dm_reads_the_words_and_ends_with_what_to_do() -> None:
    movement, retreats = _spa_sc_example()
    seen = seen_phase(movement, "GERMANY")
    told = with_retreats(seen, seen_phase(retreats, "GERMANY", seen.view.learned), BOARD)
    dm = view_news([told], BOARD, "G", T0, False)
    assert view_words(told, BOARD) in dm
    assert "```" not in dm  # no judge block
    _no_judge_notation(dm.replace("**", ""))
    assert dm.splitlines()[-1].startswith("Next: **Winter 1901 Adjustments**")


def test_issue33_krieg_attacked_places_named_as_the_echo_names_them() -> None:
    # Russia's army in St Petersburg is attacked where it stands: "StP", as the echo
    # writes it, not the code title-cased ("Stp").
    before = position("S1901M", ["RUSSIA A STP", "GERMANY A NWY"])
    orders = [Hold(unit("RUSSIA A STP")), Move(unit("GERMANY A NWY"), Location("STP"))]
    result = adjudicate(before, orders, KRIEGSPLOMACY)
    played = PlayedPhase(before, result.outcomes, result.position, BOARD)
    dm = view_news([seen_phase(played, "RUSSIA")], BOARD, "G", T0, False)
    assert "• A StP H: held" in dm and "(not by whom): StP." in dm, dm
