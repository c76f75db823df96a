"""`python -m render [FILE] -o DIR`: one map per recorded phase (interop/PHASES.md).

Each JSON line (from FILE, or standard input) becomes DIR/<id>.png: the position
before the phase, with the line's orders drawn and the outcomes the engine gives them.
A line that cannot be read is reported on standard error and skipped; if the engine
fails on a phase, its orders are drawn without outcomes. Exit status 1 when a line
was skipped.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from adjudication.io.interop import InterchangeError, read_record
from adjudication.maps import STANDARD
from adjudication.model.orders import Order
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from render.geometry import has_geometry
from render.map import render_map
from render.palette import PALETTES
from render.request import MapRequest

_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")


def file_name(record_id: object, line_number: int) -> str:
    """A safe file name for a line's id (its line number when it has none)."""
    text = _UNSAFE.sub("_", str(record_id)).strip("._") if record_id is not None else ""
    return f"{text or f'line{line_number}'}.png"


def render_line(
    line: str, palette: str = "classic", width: int = 1600, outcomes: bool = True
) -> tuple[object, bytes]:
    """The (id, PNG) of one PHASES.md line. Raises ValueError when it cannot be read."""
    try:
        document = json.loads(line)
    except json.JSONDecodeError as err:
        raise ValueError(f"not JSON: {err}") from err
    if not isinstance(document, dict):
        raise ValueError("not a JSON object")
    if not has_geometry(document.get("map", STANDARD.name)):
        raise ValueError(f"no geometry for map {document.get('map')!r}")
    try:
        record = read_record(document, STANDARD)
    except (InterchangeError, KeyError, TypeError, AttributeError) as err:
        raise ValueError(f"bad record: {err}") from err
    results = None
    if outcomes:
        try:
            results = adjudicate(record.position, record.orders, STANDARD_GAME).outcomes
        except Exception as err:  # draw the orders anyway: the map is still useful
            print(
                f"{record.id}: engine failed ({type(err).__name__}: {err}); "
                "orders drawn without outcomes",
                file=sys.stderr,
            )
    # The units' orders: a variant's own (a spy's) are not read here, nor drawn.
    orders = [o for o in record.orders if isinstance(o, Order)]
    request = MapRequest(
        record.position,
        board=STANDARD,
        orders=orders,
        outcomes=results or (),
        palette=palette,
        width=width,
    )
    png = render_map(request)
    return record.id, png


def run(
    lines: Iterable[str], out: Path, palette: str, width: int, outcomes: bool, errors: TextIO
) -> int:
    """Render every non-blank line into `out`; the number of lines skipped."""
    out.mkdir(parents=True, exist_ok=True)
    skipped = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record_id, png = render_line(line, palette, width, outcomes)
        except ValueError as err:
            print(f"line {number}: {err}", file=errors)
            skipped += 1
            continue
        (out / file_name(record_id, number)).write_bytes(png)
    return skipped


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render", description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", type=Path, help="JSON lines (default: stdin)")
    parser.add_argument("-o", "--out", type=Path, required=True, help="folder for the PNGs")
    parser.add_argument("--palette", choices=sorted(PALETTES), default="classic")
    parser.add_argument("--width", type=int, default=1600)
    parser.add_argument("--no-outcomes", action="store_true", help="do not adjudicate")
    args = parser.parse_args(argv)
    if args.file is None:
        skipped = run(
            sys.stdin, args.out, args.palette, args.width, not args.no_outcomes, sys.stderr
        )
    else:
        with args.file.open(encoding="utf-8") as source:
            skipped = run(
                source, args.out, args.palette, args.width, not args.no_outcomes, sys.stderr
            )
    return 1 if skipped else 0


if __name__ == "__main__":
    sys.exit(main())
