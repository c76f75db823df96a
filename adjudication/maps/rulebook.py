"""The rulebook's game on the standard map (rules/000): the engine's default game, as
`Rules()` are its default options, and the standard variant's
(`adjudication.variants.standard`). Its groupings of powers for fewer players are the
rulebook's too, which other variants on the standard map play by."""

from __future__ import annotations

from adjudication.maps.standard import STANDARD
from adjudication.model.position import DEFAULT_VARIANT
from adjudication.model.units import Phase, PhaseKind, Season
from adjudication.model.variant import Grouping, Variant

# rules/000 §14.2. A power no player holds is "eliminated": a dummy (reading F1).
_SEVEN = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")
STANDARD_GROUPINGS = (
    Grouping("7", tuple((p,) for p in _SEVEN)),
    # "Six Players. Eliminate Italy."
    Grouping("6", tuple((p,) for p in _SEVEN if p != "ITALY"), frozenset({"ITALY"})),
    # "Five Players. Eliminate Italy and Germany as described for Italy above."
    Grouping(
        "5",
        tuple((p,) for p in _SEVEN if p not in ("GERMANY", "ITALY")),
        frozenset({"GERMANY", "ITALY"}),
    ),
    # "Four Players. One player plays England, and the other three play the following
    # pairs: Austria/France, Germany/Turkey, Italy/Russia."
    Grouping(
        "4", (("ENGLAND",), ("AUSTRIA", "FRANCE"), ("GERMANY", "TURKEY"), ("ITALY", "RUSSIA"))
    ),
    # "Three Players. Two alternatives: 1. ... Russia ... England/France/Germany and
    # Austria/Italy/Turkey; 2. ... England/Germany/Austria, ... Russia/Italy, ...
    # France/Turkey." The first is the default for three players (F4).
    Grouping("3a", (("RUSSIA",), ("ENGLAND", "FRANCE", "GERMANY"), ("AUSTRIA", "ITALY", "TURKEY"))),
    Grouping("3b", (("ENGLAND", "GERMANY", "AUSTRIA"), ("RUSSIA", "ITALY"), ("FRANCE", "TURKEY"))),
)

RULEBOOK_GAME = Variant(
    name=DEFAULT_VARIANT,
    title="Diplomacy",
    summary="The rulebook's game: seven Great Powers, 18 supply centres to win.",
    board=STANDARD,
    start=Phase(STANDARD.first_year, Season.SPRING, PhaseKind.MOVEMENT),
    groupings=STANDARD_GROUPINGS,
)
