"""`render_sc_chart`: supply centres per power over a game, as a PNG line chart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from adjudication.model.units import Phase, Power
from render.palette import RGB, Palette, get_palette
from render.panels import font
from render.png import encode_png

_SS = 2  # drawn at twice the size and shrunk, for smooth lines
GRID = (222, 216, 200)  # a line every two centres
AXIS = (90, 90, 90)  # the frame, its ticks and the words along it

Counts = dict[Power, int]


def _phase(value: Phase | str) -> Phase:
    return value if isinstance(value, Phase) else Phase.parse(value)


def _label(phase: Phase, one_per_year: bool) -> str:
    return str(phase.year) if one_per_year else f"{phase.season.name[0]}{phase.year % 100:02d}"


@dataclass(frozen=True, slots=True)
class _Plot:
    """Where the chart's values go: the plot's frame (supersampled pixels) and the
    scale of its two axes."""

    left: int
    top: int
    width: int
    height: int
    top_value: int  # the value at the top of the frame
    count: int  # the phases plotted

    def xy(self, i: int, value: float) -> tuple[float, float]:
        """The point of the `i`th phase's `value`."""
        x = self.left + (self.width * i / max(1, self.count - 1))
        return x, self.top + self.height * (1 - value / self.top_value)


def render_sc_chart(
    history: Sequence[tuple[Phase | str, Mapping[Power, int]]],
    palette: str | Palette = "classic",
    width: int = 1200,
    height: int = 600,
    victory: int = 18,
) -> bytes:
    """A line per power of its supply centres at each recorded phase, oldest first.

    `history` holds (phase, {power: centres}) pairs, e.g. one per year; phases may be
    given as codes ("F1902M"). The victory threshold is drawn as a dashed line.
    """
    pal = get_palette(palette)
    points = sorted(((_phase(p), dict(c)) for p, c in history), key=lambda pc: pc[0].sort_key)
    powers = sorted({p for _, counts in points for p in counts})
    w, h = width * _SS, height * _SS
    img = Image.new("RGB", (w, h), pal.panel)
    d = ImageDraw.Draw(img)
    left, right, top, bottom = 60 * _SS, 170 * _SS, 50 * _SS, 50 * _SS
    top_value = max([victory, *(v for _, c in points for v in c.values())]) + 1
    plot = _Plot(left, top, w - left - right, h - top - bottom, top_value, len(points))
    d.text((left, 14 * _SS), "Supply centres", fill=pal.outline, font=font(20 * _SS))
    _draw_scale(d, plot, victory, pal)
    _draw_phases(d, plot, [phase for phase, _ in points])
    d.rectangle((left, top, left + plot.width, top + plot.height), outline=AXIS, width=_SS)
    finals = _draw_lines(d, plot, points, powers, pal)
    _draw_finals(d, finals, w - right + 40 * _SS, top, pal)
    return encode_png(img.reduce(_SS))


def _draw_scale(d: ImageDraw.ImageDraw, plot: _Plot, victory: int, pal: Palette) -> None:
    """A grid line every two centres with its value, and the victory threshold dashed."""
    f = font(14 * _SS)
    left, right = plot.left, plot.left + plot.width
    for value in range(0, plot.top_value + 1, 2):
        y = plot.xy(0, value)[1]
        d.line((left, y, right, y), fill=GRID, width=_SS)
        d.text((left - 10 * _SS, y), str(value), fill=AXIS, font=f, anchor="rm")
    y = plot.xy(0, victory)[1]
    for x in range(left, right, 16 * _SS):
        d.line((x, y, min(x + 8 * _SS, right), y), fill=pal.failed, width=2 * _SS)
    d.text(
        (left + 8 * _SS, y - 4 * _SS),
        f"{victory} centres win",
        fill=pal.failed,
        font=f,
        anchor="lb",
    )


def _draw_phases(d: ImageDraw.ImageDraw, plot: _Plot, phases: Sequence[Phase]) -> None:
    """Under the plot, a tick and a name for at most a dozen of the phases (the last
    always): the year alone when there is one phase a year."""
    f = font(14 * _SS)
    one_per_year = len({ph.year for ph in phases}) == len(phases)
    step = max(1, len(phases) // 12)
    bottom = plot.top + plot.height
    for i, phase in enumerate(phases):
        if i % step == 0 or i == len(phases) - 1:
            x = plot.xy(i, 0)[0]
            d.line((x, bottom, x, bottom + 5 * _SS), fill=AXIS, width=_SS)
            label = _label(phase, one_per_year)
            d.text((x, bottom + 8 * _SS), label, fill=AXIS, font=f, anchor="mt")


def _draw_lines(
    d: ImageDraw.ImageDraw,
    plot: _Plot,
    points: Sequence[tuple[Phase, Counts]],
    powers: Sequence[Power],
    pal: Palette,
) -> list[tuple[int, Power, RGB]]:
    """Each power's line with a dot at each phase; its (last count, power, colour)."""
    finals = []
    for k, power in enumerate(powers):
        # Powers with equal counts would hide each other: each line is nudged a little,
        # less than a fifth of a centre, so they run side by side.
        nudge = (k - (len(powers) - 1) / 2) * 2.5 * _SS
        line = [
            (x, y + nudge)
            for x, y in (plot.xy(i, counts.get(power, 0)) for i, (_, counts) in enumerate(points))
        ]
        colour = pal.power(power)
        if len(line) == 1:
            line = line * 2
        d.line(line, fill=pal.outline, width=6 * _SS, joint="curve")
        d.line(line, fill=colour, width=3 * _SS, joint="curve")
        for x, y in line:
            r = 3.5 * _SS
            d.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=pal.outline, width=_SS)
        finals.append((points[-1][1].get(power, 0) if points else 0, power, colour))
    return finals


def _draw_finals(
    d: ImageDraw.ImageDraw, finals: list[tuple[int, Power, RGB]], x: int, top: int, pal: Palette
) -> None:
    """Right of the plot, the powers by their last count, most first: a swatch of the
    line's colour, the name and the count."""
    f = font(14 * _SS)
    for row, (count, power, colour) in enumerate(sorted(finals, key=lambda t: (-t[0], t[1]))):
        y = top + row * 26 * _SS
        swatch = (x, y + 3 * _SS, x + 18 * _SS, y + 17 * _SS)
        d.rectangle(swatch, fill=colour, outline=pal.outline, width=_SS)
        d.text((x + 26 * _SS, y), f"{power.title()} {count}", fill=pal.outline, font=f)
