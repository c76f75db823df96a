"""What a variant adds to the map: land no unit may enter yet, hatched (World War I's
Italian territory before Spring 1915, rules/000 §14.2 "Italy is neutral and Italian
territory may not be entered"), and the word the legend puts after a power no player
holds ("civil disorder" for the fewer-player games' dummies, "neutral" for World War
I's Italy). The standard game has neither: one lookup of its variant a map, no work per
unit."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from PIL import Image, ImageChops, ImageDraw

from adjudication.model.position import Position
from adjudication.model.units import Power
from adjudication.model.variant import PowerStatus
from adjudication.variants import variant_named
from render.geometry import geometry_at

# The stripes: a plain grey the PNG palette already holds (render.map.output_colours),
# dark enough to read on every power's tint, drawn without anti-aliasing.
NEUTRAL_STRIPES = (150, 150, 150)
STRIPE_STEP = 14  # pixels between stripes at 1,600 px
STRIPE_WIDTH = 3

# The legend's word for a power no player holds (Variant.statuses).
STATUS_WORDS = {PowerStatus.DUMMY: "civil disorder", PowerStatus.NEUTRAL: "neutral"}

Statuses = Mapping[Power, PowerStatus]


def neutral_land(position: Position) -> frozenset[str]:
    """The provinces closed to every unit in `position`'s phase (its variant's closure
    before it ends): none in the standard game."""
    closure = variant_named(position.variant).closure
    if closure is None or not position.phase < closure.until:
        return frozenset()
    return closure.provinces


def status_word(power: Power, statuses: Statuses | None) -> str:
    """The legend's word after `power`: empty for a power a player holds."""
    status = statuses.get(power) if statuses else None
    return STATUS_WORDS.get(status, "") if status is not None else ""


def draw_neutral_land(canvas: Image.Image, board: str, position: Position) -> None:
    """Diagonal stripes over the land closed in `position`'s phase, borders left clear."""
    closed = neutral_land(position)
    if closed:
        canvas.paste(NEUTRAL_STRIPES, (0, 0), _hatch(canvas.width, board, closed))


@cache
def _hatch(width: int, board: str, provinces: frozenset[str]) -> Image.Image:
    """The stripes' mask over `provinces` at `width` (computed once per process)."""
    geo = geometry_at(width, board)
    wanted = {geo.spaces[code].index for code in provinces}
    inside = geo.labels.point([255 if v in wanted else 0 for v in range(256)])
    stripes = Image.new("L", inside.size, 0)
    draw = ImageDraw.Draw(stripes)
    step = max(6, round(STRIPE_STEP * width / 1600))
    line = max(1, round(STRIPE_WIDTH * width / 1600))
    w, h = inside.size
    for x in range(-h, w, step):
        draw.line((x, h, x + h, 0), fill=255, width=line)
    return ImageChops.multiply(inside, stripes)
