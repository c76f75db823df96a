"""Place every space's name and units once, on the shipped raster: the second step of
the geometry build (after `build_geometry.py`), run from the repository root:

    .venv/bin/python render/tools/build_layout.py

It rewrites the anchors of `render/data/standard_geometry.json`: per space a name (the
full name where it fits inside the space, else the three-letter code) with its centre,
a place for the unit standing there, one for a dislodged unit, one for a second unit
(variants where units share a space), one per coast, and the supply centre's marker.
No two of these overlap each other or the panels' corners (render/layout.py), so
nothing the map draws at them covers a name or another unit.

How: greedily, most constrained first. Unit places keep the hand-tuned anchors where
they are free; every later place is the free pixel nearest where it is wanted (the
dislodged unit beside the unit, the name under it) that keeps the most of it inside
its own space. Pure Python and Pillow; a few seconds.
"""

from __future__ import annotations

import json
import math
import sys
import zlib
from pathlib import Path

from PIL import Image, ImageFont

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from adjudication.maps import STANDARD  # noqa: E402
from render.layout import (  # noqa: E402
    CENTRE_RADIUS,
    DISLODGED_RADIUS,
    GAP,
    LABEL_HALO,
    LABEL_SIZE,
    POWERS_AREA,
    SECOND_RADIUS,
    SYMBOLS_AREA,
    UNIT_RADIUS,
)
from render.scene import Drawn, Kind  # noqa: E402

DATA = ROOT / "render" / "data"
STEP = 2  # candidate grid, pixels
# Spaces laid out before any other, in this order: Liverpool, narrower than a unit
# (about 30 px), has room for its centre's marker, its unit and its name only before
# Edinburgh's and Yorkshire's units take the ends of its strip; then Yorkshire, whose
# name otherwise finds room only over the North Sea.
NARROWEST = ("LVP", "YOR")
# Besides a space's unit: a dislodged unit's place and a second unit's, each with its
# radius, where it is wanted (from the unit's place) and how far beside the space it
# may go when there is no room inside.
EXTRA_PLACES = (
    ("dislodged", DISLODGED_RADIUS, (30, 26), 160),
    ("second", SECOND_RADIUS, (-40, 0), 200),
)


class Space:
    def __init__(self, code: str, index: int, labels: Image.Image) -> None:
        self.code = code
        self.mask = labels.point([255 if v == index else 0 for v in range(256)])
        bbox = self.mask.getbbox()
        assert bbox is not None, f"{code}: no pixel of the space on the raster"
        self.bbox = bbox

    def inside(self, box: tuple[float, float, float, float]) -> float:
        """The share of `box` that lies in this space."""
        left, top, right, bottom = (round(v) for v in box)
        b = (left, top, right, bottom)
        area = max(1, (b[2] - b[0]) * (b[3] - b[1]))
        return self.mask.crop(b).histogram()[255] / area

    def contains(self, x: int, y: int) -> bool:
        w, h = self.mask.size
        return 0 <= x < w and 0 <= y < h and self.mask.getpixel((x, y)) == 255

    def candidates(
        self, near: tuple[float, float], reach: int, anywhere: bool = False
    ) -> list[tuple[int, int]]:
        """Pixels of the space (or `anywhere` within `reach`) on the grid, nearest
        `near` first."""
        if anywhere:
            w, h = self.mask.size
            x0, y0 = max(0, int(near[0]) - reach), max(0, int(near[1]) - reach)
            x1, y1 = min(w, int(near[0]) + reach), min(h, int(near[1]) + reach)
        else:
            x0, y0, x1, y1 = self.bbox
        pts = [
            (x, y)
            for x in range(x0 - x0 % STEP, x1, STEP)
            for y in range(y0 - y0 % STEP, y1, STEP)
            if (anywhere or self.mask.getpixel((x, y)) == 255) and math.dist((x, y), near) <= reach
        ]
        pts.sort(key=lambda p: (math.dist(p, near), p))
        return pts


def _box(area: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
    left, top, right, bottom = area
    return (float(left), float(top), float(right), float(bottom))


class Layout:
    def __init__(self, labels: Image.Image) -> None:
        self.taken: list[Drawn] = [
            Drawn(Kind.PANEL, _box(POWERS_AREA), "panel:powers"),
            Drawn(Kind.PANEL, _box(SYMBOLS_AREA), "panel:symbols"),
        ]
        self.width, self.height = labels.size

    def free(self, thing: Drawn) -> bool:
        b = thing.box
        if b[0] < 0 or b[1] < 0 or b[2] > self.width or b[3] > self.height:
            return False
        return not any(thing.overlaps(t) for t in self.taken)

    def put(
        self,
        space: Space,
        make,  # (x, y) -> Drawn, the thing as it would stand at (x, y)
        near: tuple[float, float],
        need: tuple[float, ...] = (0.95, 0.8, 0.6, 0.4, 0.0),
        reach: int = 400,
        beside: int = 0,
    ) -> Drawn | None:
        """The free place nearest `near` with the largest share inside the space; then,
        if `beside`, the free place nearest `near` within `beside` pixels, wherever."""
        points = space.candidates(near, reach)
        for share in need:
            for p in points:
                thing = make(*p)
                if self.free(thing) and space.inside(thing.box) >= share:
                    self.taken.append(thing)
                    return thing
        for p in space.candidates(near, beside, anywhere=True) if beside else ():
            thing = make(*p)
            if self.free(thing):
                self.taken.append(thing)
                return thing
        return None


def _disc(radius: float, owner: str):
    return lambda x, y: Drawn.disc(Kind.UNIT, (x, y), radius + GAP / 2, owner)


def _label_at(box: tuple[float, float, float, float], code: str):
    """The name of `code` as it would stand with its anchor at (x, y)."""
    left, top, right, bottom = box
    return lambda x, y: Drawn(
        Kind.LABEL, (x + left, y + top, x + right, y + bottom), "label:" + code
    )


def _centre_at(code: str):
    return lambda x, y: Drawn.disc(Kind.MARKER, (x, y), CENTRE_RADIUS + 1, code)


def _font() -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    return ImageFont.load_default(size=LABEL_SIZE)


def label_box(text: str) -> tuple[float, float, float, float]:
    """The name's box round its centre (anchor "mm"), halo included."""
    left, top, right, bottom = _font().getbbox(text, anchor="mm")
    pad = LABEL_HALO + 1
    return (left - pad, top - pad, right + pad, bottom + pad)


def build(
    meta: dict,
    labels: Image.Image,
    first: frozenset[str] = frozenset(),
    crowded: frozenset[str] = frozenset(),
) -> dict:
    """Every space's places. The names and centre markers of the spaces in `first`
    (small spaces where they found no room inside once the units stood) are placed
    before any unit, the units then finding room round them; the dislodged and second
    units of the spaces in `crowded` (where one found no room once the names stood)
    are placed right after the units."""
    spaces = {code: Space(code, e["index"], labels) for code, e in meta["spaces"].items()}
    layout = Layout(labels)
    drawn_spaces = sorted(c for c in spaces if c in STANDARD.provinces)
    out: dict[str, dict] = {c: {"index": meta["spaces"][c]["index"]} for c in spaces}
    tight: set[str] = set()
    no_room: set[str] = set()

    def xy(thing: Drawn | None, fallback: list[int], what: str = "") -> list[int]:
        if thing is None:
            print(f"no free place for {what}, kept", fallback, file=sys.stderr)
            return fallback
        return [round(thing.centre[0]), round(thing.centre[1])]

    def place_units(code: str) -> None:
        """The unit place and the coasts', at the hand-tuned anchors where free. In a
        tight space, the unit place nearest its anchor that leaves its name room."""
        old = meta["spaces"][code]
        space = spaces[code]
        unit = None
        if code in first:
            for p in space.candidates(tuple(old["unit"]), 90)[::4]:
                unit = layout.put(space, _disc(UNIT_RADIUS, code), p, reach=0)
                if unit is None:
                    continue
                placed = _code_place(code, (unit.centre[0], unit.centre[1]))
                centre = None
                if placed is not None and STANDARD.provinces[code].supply_centre:
                    centre = layout.put(space, _centre_at(code), unit.centre, need=(1.0, 0.7, 0.55))
                    if centre is None:
                        layout.taken.remove(placed[1])
                        placed = None
                if placed is not None:
                    out[code]["name"], out[code]["label"] = code, placed[0]
                    if centre is not None:
                        out[code]["sc"] = xy(centre, [0, 0])
                    break
                layout.taken.remove(unit)
                unit = None
        if code in NARROWEST and STANDARD.provinces[code].supply_centre:
            # The centre's marker at the narrow end, the unit below it, the code under
            # the unit, each as much inside as the strip allows (less than a unit).
            top = (old["unit"][0], space.bbox[1])
            out[code]["sc"] = xy(layout.put(space, _centre_at(code), top, need=(0.8,)), [0, 0])
        if unit is None:
            # In the narrowest, the nearest free place, however little of it is inside.
            need = (0.0,) if code in NARROWEST else (0.95, 0.8, 0.6, 0.4, 0.0)
            unit = layout.put(space, _disc(UNIT_RADIUS, code), tuple(old["unit"]), need=need)
        if code in NARROWEST:
            placed = _code_place(code, unit.centre, need=(0.4,)) if unit else None
            if placed is not None:
                out[code]["name"], out[code]["label"] = code, placed[0]
        out[code]["unit"] = xy(unit, old["unit"], code)
        for coast, at in sorted(old.get("coasts", {}).items()):
            out[code].setdefault("coasts", {})[coast] = xy(
                layout.put(space, _disc(UNIT_RADIUS, f"{code}/{coast}"), tuple(at)), at
            )

    def _code_place(
        code: str, unit: tuple[float, float], need: tuple[float, ...] = (0.6,)
    ) -> tuple[list[int], Drawn] | None:
        """The code's anchor and box, mostly (`need`) inside its space, near `unit`;
        None if there is no room."""
        box = label_box(code)
        near = (unit[0], unit[1] + UNIT_RADIUS + (box[3] - box[1]) / 2 + GAP)
        placed = layout.put(spaces[code], _label_at(box, code), near, need=need, reach=90)
        if placed is None:
            return None
        return [round(placed.box[0] - box[0]), round(placed.box[1] - box[1])], placed

    def place_name(code: str, unit: tuple[int, int]) -> None:
        """The full name where it fits inside the space, else the code, mostly inside
        (a name mostly in a neighbour reads as the neighbour's)."""
        province = STANDARD.provinces[code]
        if not (province.is_land or province.is_sea):
            return  # impassable (Switzerland): no name, as on the rulebook's map
        space = spaces[code]
        ux, uy = unit
        placed = None
        for text, need in ((province.name, (1.0, 0.97)), (code, (0.95, 0.8, 0.65, 0.5))):
            box = label_box(text)
            near = (ux, uy + UNIT_RADIUS + (box[3] - box[1]) / 2 + GAP)
            placed = layout.put(space, _label_at(box, code), near, need=need)
            if placed is not None:
                break
        if placed is None:
            tight.add(code)
            placed = layout.put(space, _label_at(box, code), near, need=(0.0,), beside=110)
        if placed is None:
            print(f"no free place for {code} name, kept", [ux, uy + 40], file=sys.stderr)
            out[code]["label"] = [ux, uy + 40]
            return
        out[code]["name"] = text
        # The renderer centres the text on this point (anchor "mm"), which is not the
        # middle of its box: keep the anchor, not the box's centre.
        out[code]["label"] = [round(placed.box[0] - box[0]), round(placed.box[1] - box[1])]

    def place_centre(code: str, unit: tuple[int, int]) -> None:
        """The supply centre's marker, inside its space (beside it only if it must)."""
        ux, uy = unit
        make = _centre_at(code)
        near = (ux + 30, uy - 26)
        placed = layout.put(spaces[code], make, near, need=(1.0, 0.7, 0.55))
        if placed is None:
            tight.add(code)
            placed = layout.put(spaces[code], make, near, need=(0.0,), beside=60)
        out[code]["sc"] = xy(placed, [ux + 30, uy - 26], code + " centre")

    def place_extra(
        code: str, kind: str, radius: float, offset: tuple[int, int], beside: int
    ) -> None:
        """A dislodged or second unit's place near the unit's: inside the space, or
        (if `beside`) the free place nearest, wherever."""
        ux, uy = out[code]["unit"]
        near = (ux + offset[0], uy + offset[1])
        disc = _disc(radius, code + (":d" if kind == "dislodged" else ":2"))
        if not beside:
            placed = layout.put(spaces[code], disc, near, need=(0.6, 0.3))
            if placed is not None:
                out[code][kind] = xy(placed, [0, 0])
            return
        placed = layout.put(spaces[code], disc, near, need=(), beside=beside)
        if placed is None:
            no_room.add(code)
        out[code][kind] = xy(placed, [round(near[0]), round(near[1])], f"{code} {kind}")

    # 1. The unit places (with their names, in the tight spaces), and the second
    # units of the crowded spaces; 2. the other names;
    # 3. the supply centres, inside their spaces where there is room at all.
    narrowest = {c: i for i, c in enumerate(NARROWEST)}
    for code in sorted(drawn_spaces, key=lambda c: (narrowest.get(c, 99), c not in first)):
        place_units(code)
    for code in sorted(crowded):
        for kind, radius, offset, beside in EXTRA_PLACES:
            place_extra(code, kind, radius, offset, 0)
            if kind not in out[code]:
                place_extra(code, kind, radius, offset, beside)
    for code in drawn_spaces:
        if "label" not in out[code]:
            place_name(code, tuple(out[code]["unit"]))
    for code in drawn_spaces:
        if STANDARD.provinces[code].supply_centre and "sc" not in out[code]:
            place_centre(code, tuple(out[code]["unit"]))
    # The one entry that is not a space: the spaces given extra room (a list, where the
    # others are dicts), read back by the tests.
    out["_tight"] = sorted(tight)  # type: ignore[assignment]
    # 4. A dislodged unit beside the unit that took its space, then a second unit
    # (variants only; least needed). Every space's places inside it come before any
    # space's places beside it: placed one space at a time, one space's place beside
    # it took the only room left in the next.
    for inside in (True, False):
        for kind, radius, (dx, dy), beside in EXTRA_PLACES:
            for code in drawn_spaces:
                if kind not in out[code]:
                    place_extra(code, kind, radius, (dx, dy), beside if not inside else 0)
    out["_crowded"] = sorted(no_room)  # type: ignore[assignment]
    return out


def main() -> None:
    path = DATA / "standard_geometry.json"
    meta = json.loads(path.read_text(encoding="utf-8"))
    size = (meta["width"], meta["height"])
    labels = Image.frombytes("L", size, zlib.decompress((DATA / meta["raster"]).read_bytes()))
    first, crowded = frozenset(NARROWEST), frozenset[str]()
    for _ in range(6):  # until every name, centre and second unit has room
        spaces = build(meta, labels, first, crowded)
        tight = frozenset(spaces.pop("_tight"))
        no_room = frozenset(spaces.pop("_crowded"))
        print("tight:", sorted(tight), "crowded:", sorted(no_room), file=sys.stderr)
        if tight <= first and not no_room:
            break
        first, crowded = first | tight, crowded | no_room
    meta["spaces"] = spaces
    path.write_text(json.dumps(meta, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    names = sum(1 for s in meta["spaces"].values() if len(s.get("name", "")) > 3)
    print(f"{len(meta['spaces'])} spaces laid out, {names} full names")


if __name__ == "__main__":
    main()
