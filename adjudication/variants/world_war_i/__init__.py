"""rules/000 §14.2, the two-player game: "One player plays England/France/Russia and
the other plays Austria/Germany/Turkey. Italy is neutral and Italian territory may not
be entered. The game begins in 1914. Before the Fall 1914 adjustments, a coin is
flipped. Italy joins the winner of the toss in Spring 1915. The victory criterion is
24 units actually on the board." Readings W1-W4 in docs/VARIANTS.md."""

from __future__ import annotations

from adjudication.maps import STANDARD
from adjudication.model.units import Phase, PhaseKind, Season
from adjudication.model.variant import Closure, Grouping, Join, SideUnits, Variant

_FIRST_YEAR = 1914  # "The game begins in 1914."
_ITALY_JOINS = Phase(_FIRST_YEAR + 1, Season.SPRING, PhaseKind.MOVEMENT)

# W1: "Italian territory" is Italy's six land provinces on the rulebook map; its seas
# (Adriatic, Tyrrhenian, Ionian) are open.
ITALIAN_TERRITORY = frozenset({"PIE", "VEN", "TUS", "ROM", "APU", "NAP"})

WORLD_WAR_I = Variant(
    name="world_war_i",
    title="World War I",
    # Title and summary are a choice of `/game create`: at most 100 characters together.
    summary="Two players from 1914: England/France/Russia v Austria/Germany/Turkey; 24 units win.",
    orders_help=(
        "Italy is neutral: its units hold, and no unit may enter Italian land until 1915, "
        "when Italy joins the side that won the coin toss."
    ),
    board=STANDARD,
    start=Phase(_FIRST_YEAR, Season.SPRING, PhaseKind.MOVEMENT),
    # Italy is in neither side's holdings: it joins one by the toss (`join`).
    groupings=(Grouping("2", (("ENGLAND", "FRANCE", "RUSSIA"), ("AUSTRIA", "GERMANY", "TURKEY"))),),
    victory=SideUnits(24),
    closure=Closure(ITALIAN_TERRITORY, until=_ITALY_JOINS, name="Italian land"),
    join=Join("ITALY", toss_year=_FIRST_YEAR, at=_ITALY_JOINS),
)
