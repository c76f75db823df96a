"""The plane's rules (rules/004, Airplane Diplomacy), for any variant whose unit kinds
include it: `PLANE`, the `UnitKind` a variant's board carries (`Board.kinds`), which
each stage of the pipeline asks once per phase. Readings P1-P9 in docs/VARIANTS.md.

"A plane may choose to move 1 or 2 spaces at a time, or not to move (Hold). Planes can
fly over water ... A plane cannot land on or give support to any body of water. Planes
can fly over occupied spaces. A plane can offer support to any province it could
legally move to. ... The exact route followed by a plane ... is never relevant."
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudication.model.board import Board
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.units import Location, Unit, UnitType
from adjudication.play.checks import describe, place


@dataclass(frozen=True, slots=True)
class PlaneKind:
    """The plane as a `UnitKind`:

    - P4: "Planes can fly over water": never convoyed; and a plane's move is never a
      head-to-head battle with the unit coming the other way, plane or not ("treated
      the same as if they were two armies swapping locations with one of the armies
      being convoyed"): two such moves are circular movement and both succeed unless
      opposed where they land;
    - "A plane dislodged by an attack cannot retreat; it must be disbanded.";
    - "Planes cannot claim supply centers. Only armies and fleets can take ownership of
      supply centers." (P6);
    - P7: it stands, and is built, where an army could be: on land, never on a coast;
    - P8: civil disorder counts its distance home in plane moves (its `reach`).
    """

    type: UnitType = UnitType.PLANE
    # rules/004: "The letter P is used to designate the plane on all orders."
    words: tuple[str, ...] = ("p", "plane", "airplane", "aeroplane")
    convoyed: bool = False
    head_to_head: bool = False
    retreats: bool = False
    claims_centres: bool = False

    def locations(self, board: Board, province: str) -> tuple[Location, ...]:
        location = board.army_location.get(province)
        return () if location is None else (location,)

    def reach(self, board: Board) -> Mapping[str, frozenset[str]]:
        """Land province -> the land provinces a plane there may move to (rules/004:
        "1 or 2 spaces at a time ... over water", reading P1): one or two borders
        away over any space, landing only on land."""
        land = board.land_provinces
        reach: dict[str, frozenset[str]] = {}
        for origin in sorted(land):
            near = board.neighbours(origin)
            spaces = set(near)
            for over in near:
                spaces |= board.neighbours(over)
            reach[origin] = frozenset(p for p in spaces if p in land and p != origin)
        return reach

    def move_problem(
        self, unit: Unit, destination: Location, via_convoy: bool, board: Board
    ) -> Rejection | None:
        """Why plane `unit` cannot move to `destination`, or None. The coast named is
        ignored: a plane lands on the province (P1)."""
        here = describe(unit.type, unit.location, board)
        there = place(destination, board)
        if via_convoy:
            # P4: "Planes can fly over water": they are never convoyed.
            return Rejection(RejectReason.CONVOY_NON_ARMY, f"{here} cannot be convoyed: it flies.")
        if destination.province == unit.province:
            return Rejection(
                RejectReason.MOVE_TO_OWN_SPACE, f"{here} cannot move to the space it is in."
            )
        if not board.provinces[destination.province].is_land:
            return Rejection(
                RejectReason.WRONG_TERRAIN,
                f"{here} cannot move to {there}: planes land only on land.",
            )
        if destination.province in board.reach_of(self.type).get(unit.province, ()):
            return None
        return Rejection(
            RejectReason.NOT_ADJACENT, f"{here} cannot reach {there}: it flies 1 or 2 spaces."
        )


PLANE = PlaneKind()
