"""An exported game replayed as a user would: in Python, then through
`python -m adjudication replay --compare`, every phase identical (issue 10's export
check, shared by the variants' export tests)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from adjudication.replay import matches_expected, replay_record

ROOT = Path(__file__).resolve().parents[2]


def assert_export_replays(lines: list[dict[str, Any]], path: Path) -> None:
    """Every exported line replays to its recorded result, and the command line says
    so for all of them."""
    for line in lines:
        assert matches_expected(line, replay_record(line)) is True, line["phase"]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    done = subprocess.run(
        [sys.executable, "-m", "adjudication", "replay", "--compare", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert f"agreement: {len(lines)}/{len(lines)} phases identical" in done.stderr
