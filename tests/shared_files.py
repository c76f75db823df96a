"""Where the reference files the tests read are.

The suite runs on a fresh clone with nothing beside it: the small fixtures live in the
repository (the interchange sample in tests/data, the DATC's case headings in
tests/datc). `../shared` beside the checkout (or `DIPGM_SHARED`) is where they were
copied from, and holds what stays outside: the 100 recorded games, the rules documents;
tests that need those skip, with the reason, when it is absent.
"""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("DIPGM_SHARED", ROOT.parent / "shared"))
SAMPLE_PHASES = ROOT / "tests" / "data" / "sample_phases.jsonl"
RULES_DIR = SHARED / "reference" / "rules"
DATC_TEXT = ROOT / "tests" / "datc" / "DATC_v3_1_headings.txt"
