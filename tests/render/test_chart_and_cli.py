"""The supply-centre chart, the sample phases and `python -m render`."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from adjudication.model.units import Phase
from render import render_sc_chart
from render.__main__ import file_name, main, render_line, run
from tests.render.helpers import decode
from tests.shared_files import SAMPLE_PHASES

SAMPLE = SAMPLE_PHASES
if not SAMPLE.exists():
    SAMPLE = Path(__file__).resolve().parents[2] / "interop" / "sample_phases.jsonl"

HISTORY = [
    ("F1901M", {"AUSTRIA": 4, "ENGLAND": 4, "FRANCE": 5, "RUSSIA": 5}),
    (Phase.parse("F1902M"), {"AUSTRIA": 5, "ENGLAND": 5, "FRANCE": 6, "RUSSIA": 3}),
    ("F1903M", {"AUSTRIA": 7, "ENGLAND": 4, "FRANCE": 8, "RUSSIA": 0}),
]


def test_chart_decodes_has_its_size_and_is_deterministic():
    png = render_sc_chart(HISTORY)
    image = decode(png)
    assert image.size == (1200, 600)
    assert render_sc_chart(list(HISTORY)) == png


def test_chart_order_of_history_does_not_matter_and_data_does():
    assert render_sc_chart(HISTORY[::-1]) == render_sc_chart(HISTORY)
    changed = [*HISTORY[:-1], ("F1903M", {"AUSTRIA": 9, "ENGLAND": 4, "FRANCE": 6})]
    assert render_sc_chart(changed) != render_sc_chart(HISTORY)


def test_chart_palettes_and_size():
    assert decode(render_sc_chart(HISTORY, palette="colorblind", width=800, height=400)).size == (
        800,
        400,
    )


def test_chart_of_a_single_phase():
    decode(render_sc_chart(HISTORY[:1]))


@pytest.mark.skipif(not SAMPLE.exists(), reason="interop/sample_phases.jsonl not available")
def test_every_sample_line_renders():
    lines = [line for line in SAMPLE.read_text().splitlines() if line.strip()]
    assert len(lines) == 120
    for line in lines:
        record_id, png = render_line(line)
        assert record_id == json.loads(line)["id"]
        assert decode(png).width == 1600
        assert len(png) < 500_000


def test_cli_writes_one_png_per_line_named_by_id(tmp_path):
    source = tmp_path / "phases.jsonl"
    lines = SAMPLE.read_text().splitlines()[:2] if SAMPLE.exists() else []
    if not lines:
        pytest.skip("interop/sample_phases.jsonl not available")
    source.write_text("\n".join(lines) + "\n\n")
    out = tmp_path / "maps"
    assert main([str(source), "-o", str(out)]) == 0
    ids = [json.loads(line)["id"] for line in lines]
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{i}.png" for i in ids)


def test_cli_reports_bad_lines_and_goes_on(tmp_path):
    good = {
        "id": "ok",
        "phase": "S1901M",
        "units": {"FRANCE": ["A PAR"]},
        "centers": {"FRANCE": ["PAR"]},
        "orders": {"FRANCE": ["A PAR - BUR"]},
    }
    errors = io.StringIO()
    skipped = run(
        ["not json\n", json.dumps(good) + "\n", "[1]\n"], tmp_path, "classic", 800, True, errors
    )
    assert skipped == 2
    assert (tmp_path / "ok.png").exists()
    assert "line 1" in errors.getvalue() and "line 3" in errors.getvalue()


def test_file_names_are_safe():
    assert file_name("g0000-001", 1) == "g0000-001.png"
    assert file_name("../../etc/passwd", 2) == "etc_passwd.png"
    assert file_name(None, 7) == "line7.png"
