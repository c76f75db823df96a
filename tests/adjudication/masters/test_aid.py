"""MR6 a): "For each construct order to which a player Power is entitled, but does not
submit, in a particular Adjustment phase, a player may write one valid order to Aid":
the power's own builds stand, and aid comes only from the builds it leaves unused
(docs/VARIANTS.md M14)."""

from __future__ import annotations

import pytest

from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build, Waive
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, UnitType
from adjudication.variants.masters.written import Aid, Annex, Control, RebelBuild, Written
from tests.adjudication.masters.test_examples import control_of, play, unit

MR6 = MastersRules(foreign_aid=True)
BUILD_PAR = Build(unit("FRANCE", "A PAR"))
BUILD_VEN = Build(unit("ITALY", "A VEN"))


def winter(france_centres: str, code: str = "W1901A") -> Position:
    """France with three units and `france_centres` (Paris free); Italy with as many
    units as centres, Venice free, wanting a build it can make only with aid; Moscow
    Russia's, with no Russian unit near (a rebel may rise there)."""
    units = [unit("FRANCE", t) for t in ("A BUR", "F MAO", "A PIC")]
    units += [unit("ITALY", t) for t in ("A ROM", "F NAP", "A TUS")]
    ownership = {c: "FRANCE" for c in france_centres.split()}
    ownership |= {"ROM": "ITALY", "NAP": "ITALY", "VEN": "ITALY", "MOS": "RUSSIA"}
    return Position(Phase.parse(code), units, ownership)


@pytest.mark.parametrize("aid_first", [True, False])
def test_rules003_mr6a_a_submitted_build_stands_aid_past_the_unused_builds_is_not_valid(
    aid_first: bool,
) -> None:
    pos = winter("PAR MAR BRE BEL")  # four centres, three units: one build
    france = [Written(Aid("ITALY"), "FRANCE"), Written(BUILD_PAR, "FRANCE")]
    lines = [*(france if aid_first else france[::-1]), Written(BUILD_VEN, "ITALY")]
    result = play(pos, lines, MR6)
    after = result.adjudication.position
    assert unit("FRANCE", "A PAR") in after.units
    assert control_of(result, BUILD_PAR, "FRANCE") == [Control.OWN]
    assert control_of(result, Aid("ITALY"), "FRANCE") == [Control.OVER_LIMIT]
    assert unit("ITALY", "A VEN") not in after.units  # no aid came


def test_rules003_mr6a_a_build_left_unused_is_given_as_aid() -> None:
    pos = winter("PAR MAR BRE BEL HOL")  # two builds: one built, one given
    lines = [
        Written(Aid("ITALY"), "FRANCE"),
        Written(BUILD_PAR, "FRANCE"),
        Written(BUILD_VEN, "ITALY"),
    ]
    result = play(pos, lines, MR6)
    after = result.adjudication.position
    assert {unit("FRANCE", "A PAR"), unit("ITALY", "A VEN")} <= set(after.units)
    assert control_of(result, Aid("ITALY"), "FRANCE") == [Control.FOLLOWED]


@pytest.mark.parametrize(
    "used",
    [Waive("FRANCE"), RebelBuild(UnitType.ARMY, Location("MOS")), Annex("BEL")],
    ids=["waive", "rebel", "annex"],
)
def test_rules003_mr6a_rebels_annexation_and_a_waive_use_the_build_aid_would_need(
    used: object,
) -> None:
    # MR3 a, MR4 a: a rebel build and an annexation are made "instead" of a build; a
    # waive is the power's word that the build is not made.
    pos = winter("PAR MAR BRE BEL", "W1902A")  # Belgium French at the last Winter too
    lines = [Written(Aid("ITALY"), "FRANCE"), Written(used, "FRANCE")]  # type: ignore[arg-type]
    rules = MastersRules(rebellion=True, annexation=True, foreign_aid=True)
    result = play(pos, lines, rules, winter_history=[dict(pos.ownership)])
    assert control_of(result, Aid("ITALY"), "FRANCE") == [Control.OVER_LIMIT]
    assert control_of(result, used, "FRANCE") in ([Control.OWN], [Control.FOLLOWED])
