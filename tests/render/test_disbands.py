"""Disband crosses land on the unit that goes: the dislodged unit in a retreat phase
(not the unit that took its province), the removed unit in an adjustment phase."""

from __future__ import annotations

from PIL import Image, ImageChops

from adjudication.maps import STANDARD
from adjudication.model.orders import Disband
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase, Unit
from render import render_map
from render.geometry import geometry_at
from render.orders_layer import Style
from render.palette import PALETTES
from render.request import MapRequest
from tests.render.helpers import decode

# The sample's game 0 at Fall 1905 Retreats (interop/sample_phases.jsonl, g0000-014):
# Italy's A RUM took Galicia; Germany's A GAL was dislodged and is disbanded.
UNITS = {
    "ENGLAND": ["A LVP", "F BEL", "F IRI"],
    "FRANCE": ["A MUN", "A PIE", "F ENG"],
    "GERMANY": ["A APU", "A KIE", "A PIC", "A SIL", "F HEL"],
    "ITALY": ["A GAL", "A NAP", "F ION", "F ROM"],
    "RUSSIA": ["A LVN", "A MOS", "A NWY", "A VIE", "A WAR", "F FIN", "F STP/SC"],
    "TURKEY": ["A ANK", "A RUM", "F CON", "F SEV"],
}
LOSER = Unit.parse("GERMANY", "A GAL")
WINNER = Unit.parse("ITALY", "A GAL")


def _position(phase: str, retreats: tuple[str, ...] = ()) -> Position:
    units = [Unit.parse(p, t) for p, ts in UNITS.items() for t in ts]
    ownership = {c: p for p, cs in STANDARD.home_centres.items() for c in cs}
    lost = Dislodgement(LOSER, "RUM", tuple(Location(r) for r in retreats))
    dislodged = [lost] if phase.endswith("R") else []
    return Position(Phase.parse(phase), units, ownership, dislodged)


def _changed(a: bytes, b: bytes) -> Image.Image:
    """'L' mask, 255 where two maps differ."""
    diff = ImageChops.difference(decode(a).convert("RGB"), decode(b).convert("RGB"))
    return diff.convert("L").point(lambda v: 255 if v else 0)


def _centre(mask: Image.Image) -> tuple[float, float]:
    box = mask.getbbox()
    assert box is not None, "nothing was drawn"
    return ((box[0] + box[2] - 1) / 2, (box[1] + box[3] - 1) / 2)


def _pixels_of(image: Image.Image, colour, near: tuple[int, int], reach: int):
    """The pixels of exactly `colour` within `reach` of `near`."""
    return {
        (x, y)
        for x in range(near[0] - reach, near[0] + reach + 1)
        for y in range(near[1] - reach, near[1] + reach + 1)
        if image.getpixel((x, y)) == colour
    }


def _centroid_of(image: Image.Image, colour, near: tuple[int, int], reach: int):
    """Centre of the pixels of exactly `colour` within `reach` of `near`."""
    found = _pixels_of(image, colour, near, reach)
    assert found, f"no {colour} pixels near {near}"
    return sum(x for x, _ in found) / len(found), sum(y for _, y in found) / len(found)


def test_a_disbanded_dislodged_unit_is_crossed_where_it_is_drawn_not_on_the_winner():
    geo = geometry_at(1600)
    style = Style.for_width(1600)
    failed = PALETTES["classic"].failed
    winner_at = geo.anchor(WINNER.location)
    # The same position with and without the order: the dislodged unit (on its red
    # disc) and its retreat options are drawn in both, so the only difference the
    # disband makes is its cross.
    position = _position("F1905R", ("BOH", "BUD", "UKR"))
    bare = render_map(MapRequest(position))
    disbanded = render_map(MapRequest(position, orders=[Disband(LOSER)]))
    cross = _changed(bare, disbanded)

    loser_at = _centroid_of(decode(bare).convert("RGB"), failed, winner_at, style.unit * 2)
    assert loser_at != winner_at
    cx, cy = _centre(cross)
    assert abs(cx - loser_at[0]) <= 3 and abs(cy - loser_at[1]) <= 3, (
        f"cross centred at {(cx, cy)}, the dislodged unit is drawn at {loser_at}, "
        f"the winner at {winner_at}"
    )
    # Every pixel of the winner's colour round its anchor is still there.
    italy = PALETTES["classic"].power(WINNER.power)
    before = _pixels_of(decode(bare).convert("RGB"), italy, winner_at, style.unit)
    after = _pixels_of(decode(disbanded).convert("RGB"), italy, winner_at, style.unit)
    assert before and after == before, "the cross is drawn over the unit that took the space"


def test_a_removal_in_adjustments_is_crossed_on_the_removed_unit():
    geo = geometry_at(1600)
    position = _position("W1905A")
    removed = Unit.parse("RUSSIA", "A WAR")
    cross = _changed(
        render_map(MapRequest(position)),
        render_map(MapRequest(position, orders=[Disband(removed)])),
    )
    cx, cy = _centre(cross)
    at = geo.anchor(removed.location)
    # Within 3 px, as above: the cross (27 px, an odd size) is pasted half a pixel off,
    # and its faint corners over the unit's dark outline can leave a row unchanged.
    assert abs(cx - at[0]) <= 3 and abs(cy - at[1]) <= 3
