"""Build render/data/standard_geometry.json and standard_labels.bin from Natural Earth.

Run from the repository root (dev-only dependencies, never needed at run time):

    python3 -m venv /tmp/geovenv
    /tmp/geovenv/bin/pip install -r render/tools/requirements.txt
    (cd /tmp && npm pack world-atlas@2.0.2 && tar xzf world-atlas-2.0.2.tgz)
    /tmp/geovenv/bin/python render/tools/build_geometry.py --atlas /tmp/package

How: land/sea is rasterised from `land-50m.json` (Natural Earth 1:50m, public domain)
after a Lambert conformal conic projection; Switzerland comes from `countries-50m.json`.
Every space grows from the seeds in `seeds.py` by a breadth-first search restricted to
land (land spaces) or water (seas); land or water no seed reaches is off the board. The
output is one byte per pixel (the space's index) plus anchors per space. The script
prints any disagreement with the rules' adjacency; the same check is a test.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import zlib
from pathlib import Path

import numpy as np  # type: ignore[import-not-found]  # dev-only: render/tools/requirements.txt
from PIL import Image, ImageDraw

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from seeds import (  # type: ignore[import-not-found]  # noqa: E402  # beside this script, on its sys.path
    COAST_ANCHORS,
    LAND_BRIDGES,
    OFF_BOARD_LAND,
    SEEDS,
    UNIT_ANCHORS,
)

from adjudication.maps import STANDARD  # noqa: E402
from adjudication.maps.standard import SWITZERLAND_BORDERS  # noqa: E402

WIDTH = 1600
OFF_LAND, OFF_WATER = 254, 255
# Lambert conformal conic: standard parallels, origin, and the frame in projected units.
PHI1, PHI2, LAT0, LON0 = 40.0, 62.0, 52.0, 14.0
FRAME = (-0.31, -0.33, 0.43, 0.37)  # x0, y0, x1, y1 (y up), radians of arc
CLIP = (-45.0, 20.0, 75.0, 85.0)  # lon/lat box kept before projecting


def _lcc():
    p1, p2, p0 = (math.radians(v) for v in (PHI1, PHI2, LAT0))
    n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
        math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
    )
    f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
    rho0 = f / math.tan(math.pi / 4 + p0 / 2) ** n
    x0, y0, x1, y1 = FRAME
    scale = WIDTH / (x1 - x0)
    height = round((y1 - y0) * scale)

    def project(lon: float, lat: float) -> tuple[float, float]:
        rho = f / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
        theta = n * math.radians(lon - LON0)
        x, y = rho * math.sin(theta), rho0 - rho * math.cos(theta)
        return (x - x0) * scale, (y1 - y) * scale

    return project, height


PROJECT, HEIGHT = _lcc()


def _arcs(topo: dict) -> list[list[tuple[float, float]]]:
    (sx, sy), (tx, ty) = topo["transform"]["scale"], topo["transform"]["translate"]
    out = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        out.append(pts)
    return out


def _ring(arcs: list, indices: list[int]) -> list[tuple[float, float]]:
    pts: list[tuple[float, float]] = []
    for i in indices:
        arc = arcs[i] if i >= 0 else arcs[~i][::-1]
        pts.extend(arc if not pts else arc[1:])
    return pts


def _polygons(topo: dict, geometry: dict) -> list[list[list[tuple[float, float]]]]:
    arcs = _arcs(topo)
    polys = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
    return [[_ring(arcs, ring) for ring in poly] for poly in polys]


def _clip(ring: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Sutherland-Hodgman against the lon/lat box, so far-away land cannot wrap."""
    lo_x, lo_y, hi_x, hi_y = CLIP
    edges = [
        (lambda p: p[0] >= lo_x, lambda a, b: _cut_x(a, b, lo_x)),
        (lambda p: p[0] <= hi_x, lambda a, b: _cut_x(a, b, hi_x)),
        (lambda p: p[1] >= lo_y, lambda a, b: _cut_y(a, b, lo_y)),
        (lambda p: p[1] <= hi_y, lambda a, b: _cut_y(a, b, hi_y)),
    ]
    for inside, cut in edges:
        if not ring:
            break
        out = []
        prev = ring[-1]
        for cur in ring:
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
            prev = cur
        ring = out
    return ring


def _cut_x(a, b, x):
    t = (x - a[0]) / (b[0] - a[0])
    return (x, a[1] + t * (b[1] - a[1]))


def _cut_y(a, b, y):
    t = (y - a[1]) / (b[1] - a[1])
    return (a[0] + t * (b[0] - a[0]), y)


def _fill(draw: ImageDraw.ImageDraw, polys, value: int) -> None:
    for poly in polys:
        for k, ring in enumerate(poly):
            ring = _clip(ring)
            if len(ring) >= 3:
                draw.polygon([PROJECT(*p) for p in ring], fill=value if k == 0 else 0)


def rasterise(atlas: Path) -> tuple[np.ndarray, np.ndarray]:
    """Land mask (bool) and Switzerland mask (bool), HEIGHT x WIDTH."""
    land_topo = json.loads((atlas / "land-50m.json").read_text())
    img = Image.new("L", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(img)
    for geom in land_topo["objects"]["land"]["geometries"]:
        _fill(draw, _polygons(land_topo, geom), 1)
    for ring in LAND_BRIDGES.values():
        draw.polygon([PROJECT(*p) for p in ring], fill=1)
    countries = json.loads((atlas / "countries-50m.json").read_text())
    swiss = next(g for g in countries["objects"]["countries"]["geometries"] if g.get("id") == "756")
    swi = Image.new("L", (WIDTH, HEIGHT), 0)
    _fill(ImageDraw.Draw(swi), _polygons(countries, swiss), 1)
    return np.array(img, dtype=bool), np.array(swi, dtype=bool)


def _draw_seeds(codes: list[str], land: np.ndarray, swi: np.ndarray) -> np.ndarray:
    seeds = Image.new("L", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(seeds)
    for code in codes:
        for line in SEEDS[code]:
            pts = [PROJECT(*p) for p in line]
            if len(pts) == 1:
                x, y = pts[0]
                draw.ellipse((x - 2, y - 2, x + 2, y + 2), fill=codes.index(code) + 1)
            else:
                draw.line(pts, fill=codes.index(code) + 1, width=3)
    for bridge, ring in LAND_BRIDGES.items():
        draw.polygon([PROJECT(*p) for p in ring], fill=codes.index(bridge[:3]) + 1)
    arr = np.array(seeds, dtype=np.uint8)
    is_land = np.array([STANDARD.provinces[c].is_land for c in codes] + [False])
    seed_land = is_land[arr.astype(int) - 1] & (arr > 0)
    seed_sea = ~is_land[arr.astype(int) - 1] & (arr > 0)
    arr[(seed_land & ~land) | (seed_sea & land) | swi] = 0
    arr[swi] = codes.index("SWI") + 1
    return arr


def grow(labels: np.ndarray, allowed: np.ndarray) -> None:
    """Multi-source breadth-first growth of `labels` into `allowed` pixels, in place.

    Steps alternate 4- and 8-neighbourhoods so regions grow as octagons, close to
    circles, which keeps borders near the midline between seeds.
    """
    h, w = labels.shape
    flat, ok = labels.reshape(-1), allowed.reshape(-1)
    cols = np.arange(h * w) % w
    frontier = np.flatnonzero((flat != 0) & ok)
    four = [(1, 1), (-1, -1), (w, 0), (-w, 0)]
    diag = [(w + 1, 1), (w - 1, -1), (-w + 1, 1), (-w - 1, -1)]
    step = 0
    while frontier.size:
        offsets = four + (diag if step % 2 else [])
        cand, src = [], []
        for off, dx in offsets:
            nb = frontier + off
            good = (nb >= 0) & (nb < h * w)
            nb, fr = nb[good], frontier[good]
            good = (cols[fr] + dx >= 0) & (cols[fr] + dx < w)
            nb, fr = nb[good], fr[good]
            good = ok[nb] & (flat[nb] == 0)
            cand.append(nb[good])
            src.append(fr[good])
        nb, fr = np.concatenate(cand), np.concatenate(src)
        nb, first = np.unique(nb, return_index=True)
        flat[nb] = flat[fr[first]]
        frontier = nb
        step += 1


def depth_map(labels: np.ndarray) -> np.ndarray:
    """How many erosions each pixel survives inside its own space (distance to a border)."""
    depth = np.zeros(labels.shape, dtype=np.int32)
    alive = np.ones(labels.shape, dtype=bool)
    level = 0
    while alive.any():
        level += 1
        depth[alive] = level
        same = alive.copy()
        same[1:, :] &= (labels[1:, :] == labels[:-1, :]) & alive[:-1, :]
        same[:-1, :] &= (labels[:-1, :] == labels[1:, :]) & alive[1:, :]
        same[:, 1:] &= (labels[:, 1:] == labels[:, :-1]) & alive[:, :-1]
        same[:, :-1] &= (labels[:, :-1] == labels[:, 1:]) & alive[:, 1:]
        same[0, :] = same[-1, :] = same[:, 0] = same[:, -1] = False
        alive = same
    return depth


def _nearest_deep(mask, depth, target, min_depth: int, avoid=(), clearance: float = 0.0):
    """The pixel of `mask` nearest `target` that lies `min_depth` inside the space and
    `clearance` away from the points in `avoid` (relaxed when nothing qualifies)."""
    ys, xs = np.nonzero(mask & (depth >= min_depth))
    if xs.size == 0:
        ys, xs = np.nonzero(mask & (depth >= depth[mask].max()))
    ok = np.ones(xs.shape, dtype=bool)
    for ax, ay in avoid:
        ok &= (xs - ax) ** 2 + (ys - ay) ** 2 >= clearance**2
    if ok.any():
        xs, ys = xs[ok], ys[ok]
    d = (xs - target[0]) ** 2 + (ys - target[1]) ** 2
    i = int(np.argmin(d))
    return [int(xs[i]), int(ys[i])]


def anchors(codes: list[str], labels: np.ndarray) -> dict[str, dict]:
    """Unit, supply-centre and name positions per space, deep inside it and apart."""
    depth = depth_map(labels)
    out: dict[str, dict] = {}
    for i, code in enumerate(codes, start=1):
        mask = labels == i
        dmax = int(depth[mask].max())
        if code in UNIT_ANCHORS:
            centre = PROJECT(*UNIT_ANCHORS[code])
        else:
            ys, xs = np.nonzero(mask & (depth >= max(1, int(dmax * 0.6))))
            centre = (float(xs.mean()), float(ys.mean()))
        unit = _nearest_deep(mask, depth, centre, min(16, dmax))
        entry: dict = {"index": i, "unit": unit}
        avoid = [unit]
        if STANDARD.provinces[code].supply_centre:
            entry["sc"] = _nearest_deep(
                mask, depth, (unit[0] + 24, unit[1] - 18), min(6, dmax), avoid, 26
            )
            avoid.append(entry["sc"])
        entry["label"] = _nearest_deep(
            mask, depth, (unit[0], unit[1] + 31), min(8, dmax), avoid, 27
        )
        if code in COAST_ANCHORS:
            entry["coasts"] = {
                c: _nearest_deep(mask, depth, PROJECT(*p), 4)
                for c, p in sorted(COAST_ANCHORS[code].items())
            }
        out[code] = entry
    return out


def contacts(labels: np.ndarray) -> dict[tuple[int, int], int]:
    """Pixel-edge counts between every pair of different labels."""
    pairs = []
    for a, b in ((labels[:, 1:], labels[:, :-1]), (labels[1:, :], labels[:-1, :])):
        diff = a != b
        lo, hi = np.minimum(a[diff], b[diff]), np.maximum(a[diff], b[diff])
        pairs.append(lo.astype(np.int32) * 256 + hi)
    keys, counts = np.unique(np.concatenate(pairs), return_counts=True)
    return {(int(k) // 256, int(k) % 256): int(c) for k, c in zip(keys, counts, strict=True)}


def report(codes: list[str], labels: np.ndarray) -> int:
    """Print where the drawn borders disagree with the rules; return the count."""
    found = {
        (codes[a - 1], codes[b - 1]): n
        for (a, b), n in contacts(labels).items()
        if 0 < a <= len(codes) and 0 < b <= len(codes)
    }
    bad = 0
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            rule = STANDARD.adjacent(a, b) or (
                "SWI" in (a, b) and ({a, b} - {"SWI"}) <= SWITZERLAND_BORDERS
            )
            n = found.get((a, b), 0)
            if rule and n < 4:
                print(f"missing border {a}-{b} ({n} px)")
                bad += 1
            elif not rule and n:
                print(f"extra border {a}-{b} ({n} px)")
                bad += 1
    return bad


def build(atlas: Path) -> tuple[np.ndarray, list[str]]:
    land, swi = rasterise(atlas)
    off = Image.new("L", (WIDTH, HEIGHT), 0)
    for ring in OFF_BOARD_LAND:
        ImageDraw.Draw(off).polygon([PROJECT(*p) for p in ring], fill=1)
    off_land = np.array(off, dtype=bool) & land
    codes = sorted(STANDARD.provinces)
    labels = _draw_seeds(codes, land, swi)
    labels[off_land] = 0
    grow(labels, land & ~swi & ~off_land)
    sea_labels = labels.copy()
    grow(sea_labels, ~land)
    labels = np.where(land, labels, sea_labels).astype(np.uint8)
    labels[(labels == 0) & land] = OFF_LAND
    labels[(labels == 0) & ~land] = OFF_WATER
    return labels, codes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--atlas", type=Path, required=True, help="unpacked world-atlas dir")
    parser.add_argument("--out", type=Path, default=ROOT / "render" / "data")
    parser.add_argument("--preview", type=Path, help="write a false-colour PNG here")
    args = parser.parse_args()
    labels, codes = build(args.atlas)
    bad = report(codes, labels)
    meta = {
        "board": "standard",
        "source": "Natural Earth 1:50m via world-atlas 2.0.2 (public domain)",
        "width": WIDTH,
        "height": HEIGHT,
        "off_board_land": OFF_LAND,
        "off_board_water": OFF_WATER,
        "raster": "standard_labels.bin",
        "spaces": anchors(codes, labels),
    }
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "standard_labels.bin").write_bytes(zlib.compress(labels.tobytes(), 9))
    (args.out / "standard_geometry.json").write_text(json.dumps(meta, indent=1, sort_keys=True))
    if args.preview:
        rng = np.random.default_rng(4)
        pal = rng.integers(60, 255, size=(256, 3)).astype(np.uint8)
        pal[OFF_LAND], pal[OFF_WATER] = (90, 90, 90), (20, 20, 60)
        Image.fromarray(pal[labels]).save(args.preview)
    print(f"{len(codes)} spaces, {WIDTH}x{HEIGHT}, {bad} disagreements")


if __name__ == "__main__":
    main()
