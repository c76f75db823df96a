"""Where the shared reference files are: `../shared` beside the checkout, as in CI.

`DIPGM_SHARED` overrides it for a checkout kept elsewhere.
"""

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("DIPGM_SHARED", ROOT.parent / "shared"))
SAMPLE_PHASES = SHARED / "interop" / "sample_phases.jsonl"
RULES_DIR = SHARED / "reference" / "rules"
DATC_TEXT = SHARED / "reference" / "datc" / "DATC_v3_1.txt"
