"""A fresh clone with nothing beside it: the suite's own data is in the repository,
`../shared` is only a source, and the README's links lead to files of the repository."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests import shared_files

ROOT = Path(__file__).resolve().parents[2]


def test_the_fixtures_live_in_the_repository() -> None:
    for path in (shared_files.SAMPLE_PHASES, shared_files.DATC_TEXT):
        assert path.is_file() and ROOT in path.parents, path
    assert (ROOT / "docs" / "PHASES.md").is_file()


def test_the_suite_collects_without_shared(tmp_path: Path) -> None:
    """Nothing reads `../shared` at import: a missing one makes tests skip, never error."""
    env = {**os.environ, "DIPGM_SHARED": str(tmp_path / "nothing-here")}
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "error" not in done.stdout.splitlines()[-1]


def test_the_readme_links_stay_inside_the_repository() -> None:
    for document in (ROOT / "README.md", ROOT / "docs" / "OPERATIONS.md"):
        links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", document.read_text())
        local = [link for link in links if not re.match(r"[a-z]+://|mailto:", link)]
        assert local, document
        for link in local:
            target = (document.parent / link).resolve()
            assert target.exists() and ROOT in target.parents, f"{document.name}: {link}"
