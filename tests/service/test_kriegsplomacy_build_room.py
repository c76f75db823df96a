"""Kriegsplomacy's flexible builds in what a power still owes (rules/004): "a country
can build in any unoccupied supply center(s) it owns", so the owed-builds count of
/game status and the echo, and whether the Winter may end, count every such centre."""

from __future__ import annotations

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.variants.kriegsplomacy import KRIEGSPLOMACY
from bot.service.orders import progress
from bot.service.orders._checks import complete
from storage.orders_in_force import Slot

# Russia owns five centres; its four home centres are all occupied, Rumania and Sweden
# are free: two builds owed, both placeable only under flexible builds.
_UNITS = ("A MOS", "A WAR", "F SEV", "F STP/SC")
_POSITION = Position(
    Phase.parse("W1901A"),
    tuple(Unit.parse("RUSSIA", u) for u in _UNITS),
    {c: "RUSSIA" for c in ("MOS", "WAR", "SEV", "STP", "RUM", "SWE", "NWY")},
)


def test_rules004_krieg_build_in_any_unoccupied_owned_centre_is_owed() -> None:
    owed = progress(_POSITION, "RUSSIA", set(), KRIEGSPLOMACY.board)
    assert (owed.owed, owed.builds_left) == (3, 3)


def test_rules004_krieg_winter_not_complete_while_owned_centres_free() -> None:
    one_build = {("RUSSIA", Slot.unit("RUM"))}
    assert not complete(_POSITION, "RUSSIA", one_build, KRIEGSPLOMACY.board)
    three = one_build | {("RUSSIA", Slot.unit("SWE")), ("RUSSIA", Slot.unit("NWY"))}
    assert complete(_POSITION, "RUSSIA", three, KRIEGSPLOMACY.board)


def test_rules000_13_2_standard_builds_only_on_free_home_centres() -> None:
    # The same position on the standard board: no home centre free, nothing owed.
    owed = progress(_POSITION, "RUSSIA", set(), STANDARD)
    assert (owed.owed, owed.builds_left) == (0, 0)
    assert complete(_POSITION, "RUSSIA", set(), STANDARD)
