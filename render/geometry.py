"""The drawn map: which pixel belongs to which space, and where things are placed.

The geometry is built offline by `render/tools/build_geometry.py` from Natural Earth
and shipped in `render/data/`: a raster holding one byte per pixel (the space's index)
and anchors per space. It is read once per process and cached; scaled copies for other
widths are cached too, so a render does no I/O.
"""

from __future__ import annotations

import json
import zlib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from PIL import Image, ImageChops, ImageFilter

from adjudication.model.units import Location

Point = tuple[int, int]


@dataclass(frozen=True, slots=True)
class SpaceGeometry:
    """Where one space is drawn: its raster index and its places in pixels, chosen once
    by the layout build (render/tools/build_layout.py) so that none overlaps another:
    `unit` for the unit standing there, `dislodged` for a unit waiting to retreat from
    it, `second` for a second unit (variants where units share a space), one per coast,
    the supply centre's marker `sc`, and the centre of its `name` (`label`)."""

    code: str
    index: int
    unit: Point
    label: Point
    sc: Point | None
    coasts: dict[str, Point]
    dislodged: Point
    second: Point
    name: str


@dataclass(frozen=True)
class MapGeometry:
    """A board's drawing at one width.

    `labels` is an 'L' image whose value at a pixel is the index of the space there,
    or `off_land` / `off_water` for land and water that are not part of the board.
    """

    width: int
    height: int
    labels: Image.Image
    spaces: dict[str, SpaceGeometry]
    off_land: int
    off_water: int
    by_index: dict[int, str]

    def space_at(self, x: int, y: int) -> str | None:
        """The space drawn at pixel (x, y), or None off the board."""
        index = self.labels.getpixel((x, y))  # one band ("L"): an int
        return self.by_index.get(index) if isinstance(index, int) else None

    def anchor(self, location: Location) -> Point:
        """Where a unit at `location` is drawn (a fleet on a coast at that coast)."""
        space = self.spaces[location.province]
        if location.coast and location.coast in space.coasts:
            return space.coasts[location.coast]
        return space.unit

    def place(self, location: Location, kind: str = "unit") -> Point:
        """A unit place of `location`: "unit" (the anchor), "dislodged" or "second"."""
        if kind == "unit":
            return self.anchor(location)
        return getattr(self.spaces[location.province], kind)


def _point(value: list[int]) -> Point:
    return (int(value[0]), int(value[1]))


def has_geometry(board: str) -> bool:
    """Whether `board` has a shipped geometry (`render/data/<board>_geometry.json`):
    what the renderer can draw, asked of its data rather than of a board's name."""
    return (resources.files("render") / "data" / f"{board}_geometry.json").is_file()


@cache
def load_geometry(board: str = "standard") -> MapGeometry:
    """The shipped geometry of `board` at its native width (1,600 px). Read once."""
    data = resources.files("render") / "data"
    meta = json.loads((data / f"{board}_geometry.json").read_text(encoding="utf-8"))
    raw = zlib.decompress((data / meta["raster"]).read_bytes())
    size = (meta["width"], meta["height"])
    spaces = {
        code: SpaceGeometry(
            code=code,
            index=entry["index"],
            unit=_point(entry["unit"]),
            label=_point(entry.get("label", entry["unit"])),
            sc=_point(entry["sc"]) if "sc" in entry else None,
            coasts={c: _point(p) for c, p in entry.get("coasts", {}).items()},
            dislodged=_point(entry["dislodged"]),
            second=_point(entry["second"]),
            name=entry.get("name", code),
        )
        for code, entry in meta["spaces"].items()
    }
    return MapGeometry(
        width=size[0],
        height=size[1],
        labels=Image.frombytes("L", size, raw),
        spaces=spaces,
        off_land=meta["off_board_land"],
        off_water=meta["off_board_water"],
        by_index={s.index: code for code, s in spaces.items()},
    )


@cache
def geometry_at(width: int, board: str = "standard") -> MapGeometry:
    """The geometry scaled to `width` pixels (nearest-neighbour, so indices stay exact).

    Places are scaled; a unit's or a centre's, if the scaling put it outside its
    space, moves to the nearest pixel inside (a pixel or two). Names and the places
    beside a space (a dislodged unit's may be) are only scaled.
    """
    native = load_geometry(board)
    if width == native.width:
        return native
    f = width / native.width
    height = max(1, round(native.height * f))
    labels = native.labels.resize((width, height), Image.Resampling.NEAREST)

    def scale(p: Point) -> Point:
        return (min(width - 1, round(p[0] * f)), min(height - 1, round(p[1] * f)))

    def fit(p: Point, index: int) -> Point:
        return _inside(labels, scale(p), index)

    spaces = {
        code: SpaceGeometry(
            code=code,
            index=s.index,
            unit=fit(s.unit, s.index),
            label=scale(s.label),
            sc=fit(s.sc, s.index) if s.sc else None,
            coasts={c: fit(p, s.index) for c, p in s.coasts.items()},
            dislodged=scale(s.dislodged),
            second=scale(s.second),
            name=s.name,
        )
        for code, s in native.spaces.items()
    }
    return MapGeometry(
        width, height, labels, spaces, native.off_land, native.off_water, native.by_index
    )


def _inside(labels: Image.Image, p: Point, index: int) -> Point:
    if labels.getpixel(p) == index:
        return p
    w, h = labels.size
    for r in range(1, 40):
        for dx in range(-r, r + 1):
            for dy in (-r, r) if abs(dx) != r else range(-r, r + 1):
                q = (p[0] + dx, p[1] + dy)
                if 0 <= q[0] < w and 0 <= q[1] < h and labels.getpixel(q) == index:
                    return q
    return p


# Raster values reserved for border lines baked into the base raster.
SEA_BORDER, LAND_BORDER, COAST = 250, 251, 252


@dataclass(frozen=True)
class BorderMasks:
    """'L' masks (255 = draw) of the lines drawn over the filled map."""

    coast: Image.Image  # land against water
    land: Image.Image  # between two land spaces
    sea: Image.Image  # between two seas


def _edges(image: Image.Image) -> Image.Image:
    """255 where a pixel differs from its right or lower neighbour."""
    right = ImageChops.difference(image, ImageChops.offset(image, -1, 0))
    down = ImageChops.difference(image, ImageChops.offset(image, 0, -1))
    edges = ImageChops.lighter(right, down).point(lambda v: 255 if v else 0)
    # offset wraps around: the last row and column compare with the first; blank them.
    w, h = image.size
    edges.paste(0, (w - 1, 0, w, h))
    edges.paste(0, (0, h - 1, w, h))
    return edges


@cache
def border_masks(
    width: int, board: str = "standard", sea_codes: frozenset[str] = frozenset()
) -> BorderMasks:
    """The border lines of the map at `width`, computed once from the label raster."""
    geo = geometry_at(width, board)
    kind = [0] * 256
    for s in geo.spaces.values():
        kind[s.index] = 2 if s.code in sea_codes else 1
    kind[geo.off_water] = 2
    kind[geo.off_land] = 3
    kinds = geo.labels.point(kind)
    coast = _edges(kinds).filter(ImageFilter.MaxFilter(3))
    changes = _edges(geo.labels)
    water = kinds.point(lambda v: 255 if v == 2 else 0)
    inner = ImageChops.subtract(changes, coast)
    sea = ImageChops.multiply(inner, water)
    land = ImageChops.subtract(inner, water)
    return BorderMasks(coast=coast, land=land, sea=sea)


@cache
def base_raster(
    width: int, board: str = "standard", sea_codes: frozenset[str] = frozenset()
) -> Image.Image:
    """The label raster with border lines burnt in as `SEA_BORDER`, `LAND_BORDER` and
    `COAST`, so filling the map is a single palette lookup."""
    geo = geometry_at(width, board)
    masks = border_masks(width, board, sea_codes)
    raster = geo.labels.copy()
    raster.paste(SEA_BORDER, mask=masks.sea)
    raster.paste(LAND_BORDER, mask=masks.land)
    raster.paste(COAST, mask=masks.coast)
    return raster
