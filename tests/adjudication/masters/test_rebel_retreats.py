"""MR3 a: "Rebel units are presumed to be in Civil Disorder, and may therefore receive
orders by Variable Control", their retreats too (MR2 d): a rebel power whose only
unit is dislodged, owning no centre, is still in civil disorder (docs/VARIANTS.md M9)."""

from __future__ import annotations

from adjudication.model.orders import Retreat
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase
from adjudication.variants.masters.written import Control, Written
from tests.adjudication.masters.test_examples import control_of, play, unit

REBEL_A_MOS = unit("REBEL MOS", "A MOS")


def rebels_dislodged() -> Position:
    units = [unit("RUSSIA", "A MOS"), unit("TURKEY", "A ARM"), unit("RUSSIA", "A STP")]
    ownership = {"MOS": "RUSSIA", "STP": "RUSSIA", "SEV": "RUSSIA", "ANK": "TURKEY"}
    retreats = (Location("LVN"), Location("UKR"))
    dislodged = [Dislodgement(REBEL_A_MOS, "SEV", retreats)]
    return Position(Phase.parse("F1902R"), units, ownership, dislodged)


def test_rules003_mr3a_a_dislodged_rebel_unit_retreats_as_written_for_it() -> None:
    to_ukr = Retreat(REBEL_A_MOS, Location("UKR"))
    result = play(rebels_dislodged(), [Written(to_ukr, "TURKEY")])
    assert control_of(result, to_ukr, "TURKEY") == [Control.FOLLOWED]
    assert unit("REBEL MOS", "A UKR") in result.adjudication.position.units
