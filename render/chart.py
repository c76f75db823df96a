"""`render_sc_chart`: supply centres per power over a game, as a PNG line chart."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import Image, ImageDraw

from adjudication.units import Phase, Power
from render.palette import Palette, get_palette
from render.panels import font
from render.png import encode_png

_SS = 2  # drawn at twice the size and shrunk, for smooth lines


def _phase(value: Phase | str) -> Phase:
    return value if isinstance(value, Phase) else Phase.parse(value)


def _label(phase: Phase, one_per_year: bool) -> str:
    return str(phase.year) if one_per_year else f"{phase.season.name[0]}{phase.year % 100:02d}"


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
    f = font(14 * _SS)
    left, right, top, bottom = 60 * _SS, 170 * _SS, 50 * _SS, 50 * _SS
    plot_w, plot_h = w - left - right, h - top - bottom
    top_value = max([victory, *(v for _, c in points for v in c.values())]) + 1
    d.text((left, 14 * _SS), "Supply centres", fill=pal.outline, font=font(20 * _SS))

    def xy(i: int, value: float) -> tuple[float, float]:
        x = left + (plot_w * i / max(1, len(points) - 1))
        return x, top + plot_h * (1 - value / top_value)

    for value in range(0, top_value + 1, 2):
        y = xy(0, value)[1]
        d.line((left, y, left + plot_w, y), fill=(222, 216, 200), width=_SS)
        d.text((left - 10 * _SS, y), str(value), fill=(90, 90, 90), font=f, anchor="rm")
    y = xy(0, victory)[1]
    for x in range(left, left + plot_w, 16 * _SS):
        d.line((x, y, min(x + 8 * _SS, left + plot_w), y), fill=pal.failed, width=2 * _SS)
    d.text(
        (left + 8 * _SS, y - 4 * _SS),
        f"{victory} centres win",
        fill=pal.failed,
        font=f,
        anchor="lb",
    )
    one_per_year = len({ph.year for ph, _ in points}) == len(points)
    step = max(1, len(points) // 12)
    for i, (phase, _) in enumerate(points):
        if i % step == 0 or i == len(points) - 1:
            x = xy(i, 0)[0]
            d.line((x, top + plot_h, x, top + plot_h + 5 * _SS), fill=(90, 90, 90), width=_SS)
            d.text(
                (x, top + plot_h + 8 * _SS),
                _label(phase, one_per_year),
                fill=(90, 90, 90),
                font=f,
                anchor="mt",
            )
    d.rectangle((left, top, left + plot_w, top + plot_h), outline=(90, 90, 90), width=_SS)
    finals = []
    for k, power in enumerate(powers):
        # Powers with equal counts would hide each other: each line is nudged a little,
        # less than a fifth of a centre, so they run side by side.
        nudge = (k - (len(powers) - 1) / 2) * 2.5 * _SS
        line = [
            (x, y + nudge)
            for x, y in (xy(i, counts.get(power, 0)) for i, (_, counts) in enumerate(points))
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
    for row, (count, power, colour) in enumerate(sorted(finals, key=lambda t: (-t[0], t[1]))):
        y = top + row * 26 * _SS
        x = w - right + 40 * _SS
        d.rectangle(
            (x, y + 3 * _SS, x + 18 * _SS, y + 17 * _SS),
            fill=colour,
            outline=pal.outline,
            width=_SS,
        )
        d.text((x + 26 * _SS, y), f"{power.title()} {count}", fill=pal.outline, font=f)
    return encode_png(img.reduce(_SS))
