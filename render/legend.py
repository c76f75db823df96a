"""The powers' key, under the title: one row per power with its colour, name, supply
centres and units (and, in an adjustment phase, builds or removals owed).

A power no player holds, or one fallen into civil disorder, is marked on its row ("Italy
*") and the mark is said in words under the rows ("* civil disorder"): the words are
written as large as every other of the key and the mark larger, raised as a footnote's
(both legible on a phone), and one note a kind of mark keeps the key inside its corner
however many powers carry it (issue 33: "the key marks civil disorder for every power
in it"). The words would not fit on the rows: "Germany civil disorder" and its numbers
are wider than the corner the layout keeps for the key.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power, UnitType
from render.icons import paste_centred, unit_icon
from render.layout import POWERS_AREA
from render.lettering import GREY_WORDS, TYPE, Type, font, panel_type, scale_of, type_size, write
from render.palette import Palette
from render.scene import Scene
from render.variants.masters import draw_names, mark_unit, names_height, neutral_groups
from render.variants.neutral import Statuses, status_word

LEGEND_TOP = 86  # at 1,600 px, under a title of one line
DEAD = (150, 150, 150)  # an eliminated power's row
MARK_TYPE = round(TYPE * 1.5)  # the font's asterisk is small: written larger, raised


@dataclass(frozen=True)
class LegendRow:
    """One power's line of the key, as counted on the position drawn."""

    power: Power
    text: str  # "  4    3" (centres, units) and, in adjustments, "   +1" or "    ·"
    alive: bool
    status: str = ""  # for a power no player holds: "civil disorder", marked on its row
    label: str = ""  # instead of the power's name: a group's ("Minor powers")
    names: tuple[str, ...] = ()  # a group's members, listed under its row


def legend_rows(
    board: Board, position: Position, statuses: Statuses | None = None
) -> list[LegendRow]:
    """The key's rows: the powers by most centres, each with its counts on `position`
    and, for a power no player holds (`statuses`), why."""
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    rows = []
    for power in sorted(board.powers, key=lambda p: (-len(position.centres_of(p)), p)):
        text = f"{len(position.centres_of(power)):>2}   {len(position.units_of(power)):>2}"
        if adjusting:
            adj = position.adjustment_of(power)
            text += f"   {adj:+d}" if adj else "    ·"
        rows.append(LegendRow(power, text, position.is_alive(power), status_word(power, statuses)))
    for label, first, text, names in neutral_groups(board, position):  # rules/003's
        rows.append(LegendRow(first, text, True, "", label, names))
    return rows


def status_marks(rows: Sequence[LegendRow]) -> dict[str, str]:
    """The mark of each status word the rows carry: "*", then "**" (World War I's
    "neutral" Italy beside a power in civil disorder)."""
    words = sorted({r.status for r in rows if r.status})
    return {word: "*" * (i + 1) for i, word in enumerate(words)}


def _mark_type(f: float) -> Type:
    return font(max(12, round(MARK_TYPE * f)))


def _marked_width(words: str, mark: str, f: float) -> int:
    """`words` in the key's type with `mark` after them (or nothing, no mark)."""
    width = panel_type(f).getlength(words)
    if mark:
        width += round(6 * f) + _mark_type(f).getlength(mark)
    return round(width)


def _write_marked(
    draw: ImageDraw.ImageDraw,
    at: tuple[int, int],
    first: str,
    then: str,
    fill: tuple[int, int, int],
    f: float,
    scene: Scene | None,
) -> None:
    """`first` then `then` on one line, whichever of the two is a mark written in its
    larger type, its top level with the capitals' top."""
    small, big = panel_type(f), _mark_type(f)
    x, y = at
    cap_top = round(small.getbbox("I")[1])
    for words in (first, then):
        if not words:
            continue
        if words.strip("*"):
            write(draw, (x, y), words, fill, small, scene)
            x += round(small.getlength(words) + 6 * f)
        else:
            write(draw, (x, y + cap_top - round(big.getbbox(words)[1])), words, fill, big, scene)
            x += round(big.getlength(words) + 6 * f)


@dataclass(frozen=True)
class _LegendLayout:
    box: tuple[int, int, int, int]
    name_x: int
    num_x: int
    head_x: int
    row: int
    wrap: int = 0
    marks: dict[str, str] = field(default_factory=dict)


def _legend_head(adjusting: bool) -> str:
    return "Centres · Units" + (" · Adj." if adjusting else "")


def _legend_layout(position: Position, style, rows: Sequence[LegendRow], top: int | None = None):
    f = scale_of(style)
    small = panel_type(f)
    row = round(40 * f)
    x0 = round(12 * f)
    y0 = round(LEGEND_TOP * f) if top is None else top
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    name_x = x0 + round(44 * f)
    marks = status_marks(rows)
    # Fonts have a floor size, the layout does not: on a narrow map the names and the
    # numbers would overlap, so the columns move apart when the text needs it.
    gap = max(4, round(6 * f))
    widest_name = max((_row_width(r, marks, f) for r in rows), default=0)
    num_x = max(x0 + round(170 * f), name_x + widest_name + gap)
    widest_text = max((round(small.getlength(r.text)) for r in rows), default=0)
    head = round(small.getlength(_legend_head(adjusting)))
    # The header starts over the numbers; when wider than their columns it moves left,
    # over the names, rather than out of the corner the layout keeps for the key.
    limit = round(POWERS_AREA[2] * f) - gap
    head_x = max(x0 + gap, min(num_x - round(6 * f), limit - head - 1))
    notes = [_marked_width(word, mark, f) for word, mark in marks.items()]
    widest_note = max(notes, default=0)
    right = max(
        x0 + round((300 if adjusting else 250) * f),
        num_x + widest_text + gap,
        head_x + head + 1,
        name_x + widest_note + gap,
    )
    listed = names_height(rows, _names_font(f), right - name_x - gap, f)  # rules/003's
    bottom = y0 + row * (len(rows) + 1 + len(notes)) + listed + round(14 * f)
    box = (x0, y0, right, bottom)
    return _LegendLayout(box, name_x, num_x, head_x, row, right - name_x - gap, marks)


def _row_width(row: LegendRow, marks: Mapping[str, str], f: float) -> int:
    return _marked_width(row.label or row.power.title(), marks.get(row.status, ""), f)


def _names_font(f: float) -> Type:
    """The Masters Rules' groups list their members in smaller type (rules/003)."""
    return font(max(8, round(22 * f)))


def legend_box(
    board: Board,
    position: Position,
    style,
    statuses: Statuses | None = None,
    rows: Sequence[LegendRow] | None = None,
    top: int | None = None,
) -> tuple[int, int, int, int]:
    """The key's panel (left, top, right, bottom): one row per power under a header,
    its notes under them; `top`: where the title above it ends, if lower than usual."""
    rows = rows or legend_rows(board, position, statuses)
    return _legend_layout(position, style, rows, top).box


def draw_legend(
    canvas: Image.Image,
    board: Board,
    pal: Palette,
    position: Position,
    style,
    statuses: Statuses | None = None,
    rows: Sequence[LegendRow] | None = None,
    scene: Scene | None = None,
    top: int | None = None,
) -> None:
    """One row per power: its colour, name (marked when no player holds it), supply
    centres and units (and, in an adjustment phase, builds or removals owed), counted
    on `position` unless `rows` are given (a hidden-information view:
    render/variants/hidden.py); then what each mark means."""
    f = scale_of(style)
    draw = ImageDraw.Draw(canvas)
    small = panel_type(f)
    rows = rows or legend_rows(board, position, statuses)
    layout = _legend_layout(position, style, rows, top)
    x0, y0, _, _ = layout.box
    adjusting = position.phase.kind is PhaseKind.ADJUSTMENT
    draw.rounded_rectangle(
        layout.box,
        radius=round(8 * f),
        fill=pal.panel,
        outline=pal.outline,
        width=max(1, round(2 * f)),
    )
    head_at = (layout.head_x, y0 + round(8 * f))
    write(draw, head_at, _legend_head(adjusting), GREY_WORDS, small, scene)
    below = 0  # the height of the groups' lists of names drawn so far
    for i, line in enumerate(rows, start=1):
        top_ = y0 + round(8 * f) + layout.row * i + round(3 * f) + below
        icon = unit_icon(UnitType.ARMY, pal.power(line.power), pal.outline, round(28 * f))
        # Level with the text, whose size has a floor the row height does not.
        paste_centred(canvas, icon, at := (x0 + round(22 * f), top_ + type_size(small) * 0.6))
        mark_unit(canvas, pal, line.power, at, round(28 * f))  # a minor power's, a rebel's
        colour = pal.outline if line.alive else DEAD
        name, mark = line.label or line.power.title(), layout.marks.get(line.status, "")
        _write_marked(draw, (layout.name_x, top_), name, mark, colour, f, scene)
        below += draw_names(draw, line.names, layout, top_, _names_font(f), f)
        write(draw, (layout.num_x, top_), line.text, colour, small, scene)
    for j, (word, mark) in enumerate(layout.marks.items(), start=len(rows) + 1):
        top_ = y0 + round(8 * f) + layout.row * j + round(3 * f) + below
        _write_marked(draw, (layout.name_x, top_), mark, word, GREY_WORDS, f, scene)
