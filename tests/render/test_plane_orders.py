"""Planes' orders on the map (rules/004, Airplane Diplomacy): a flight of two spaces is
one arrow from the plane to where it lands (its route "is never relevant"), and a
plane removed in adjustments is crossed where it stands, as an army or fleet is."""

from __future__ import annotations

from adjudication.model.orders import Disband, Move
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, Unit
from adjudication.variants import AIRPLANE
from render import render_map
from render.geometry import geometry_at
from render.request import MapRequest
from tests.render.test_disbands import _centre, _changed

PLANE = Unit.parse("FRANCE", "P MUN")
OTHERS = [Unit.parse("ENGLAND", "F NTH"), Unit.parse("RUSSIA", "A WAR")]


def _position(phase: str) -> Position:
    ownership = {"MUN": "GERMANY", "PAR": "FRANCE", "WAR": "RUSSIA"}
    return Position(Phase.parse(phase), [PLANE, *OTHERS], ownership, variant=AIRPLANE.name)


def test_rules004_airplane_a_two_space_flight_is_one_arrow_to_where_it_lands() -> None:
    """ "P Mun-Pic": two spaces (Munich, Burgundy, Picardy); the arrow runs from the
    plane to Picardy, whatever lies between."""
    assert "PIC" in AIRPLANE.board.plane_reach["MUN"]
    assert "PIC" not in AIRPLANE.board.neighbours("MUN")
    geo = geometry_at(1600)
    position = _position("S1902M")
    flight = Move(PLANE, Location("PIC"))
    drawn = _changed(
        render_map(MapRequest(position)), render_map(MapRequest(position, orders=[flight]))
    )
    box = drawn.getbbox()
    assert box is not None, "no arrow"
    start, end = geo.anchor(PLANE.location), geo.anchor(Location("PIC"))
    # The arrow spans the two anchors (give or take the unit's half-width at its tail
    # and the head's size at Picardy), and nothing is drawn far beyond them.
    slack = 40
    assert box[0] <= min(start[0], end[0]) + slack and box[2] >= max(start[0], end[0]) - slack
    assert box[1] <= min(start[1], end[1]) + slack and box[3] >= max(start[1], end[1]) - slack
    assert box[0] >= min(start[0], end[0]) - slack and box[2] <= max(start[0], end[0]) + slack


def test_rules004_airplane_a_removed_plane_is_crossed_where_it_stands() -> None:
    geo = geometry_at(1600)
    position = _position("W1902A")
    cross = _changed(
        render_map(MapRequest(position)), render_map(MapRequest(position, orders=[Disband(PLANE)]))
    )
    cx, cy = _centre(cross)
    at = geo.anchor(PLANE.location)
    assert abs(cx - at[0]) <= 3 and abs(cy - at[1]) <= 3
