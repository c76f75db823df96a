"""`scripts/run.sh`: installs only when needed (no .venv yet, or pyproject.toml or the
lock changed) and otherwise starts offline."""

from __future__ import annotations

import asyncio
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fake_discord import FakeDiscord

ROOT = Path(__file__).resolve().parents[2]

# Stands for python3: `-m venv .venv` makes a .venv whose python only logs its calls.
PYTHON_STUB = f"""#!/usr/bin/env bash
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
    mkdir -p "$3/bin"
    printf '#!/usr/bin/env bash\\necho "$*" >> "$CALLS"\\n' > "$3/bin/python"
    chmod +x "$3/bin/python"
    exit 0
fi
exec {sys.executable} "$@"
"""


def project(tmp_path: Path) -> Path:
    home = tmp_path / "dipgm"
    (home / "scripts").mkdir(parents=True)
    for name in ("run.sh", "venv.sh"):
        shutil.copy(ROOT / "scripts" / name, home / "scripts" / name)
    shutil.copy(ROOT / "pyproject.toml", home)
    shutil.copytree(ROOT / "requirements", home / "requirements")
    stub = tmp_path / "python3"
    stub.write_text(PYTHON_STUB)
    stub.chmod(0o755)
    return home


def run_sh(home: Path, tmp_path: Path) -> list[str]:
    calls = tmp_path / "calls.log"
    calls.unlink(missing_ok=True)
    env = {**os.environ, "PYTHON": str(tmp_path / "python3"), "CALLS": str(calls)}
    done = subprocess.run(
        ["bash", "scripts/run.sh", "--no-gateway"],
        cwd=home,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    return calls.read_text().splitlines()


def test_installs_only_when_needed(tmp_path: Path) -> None:
    home = project(tmp_path)
    first = run_sh(home, tmp_path)
    assert any("pip install" in c and "requirements/run.txt" in c for c in first)
    assert first[-1] == "-m bot --no-gateway"
    assert run_sh(home, tmp_path) == ["-m bot --no-gateway"]  # installed: no pip at all
    with (home / "pyproject.toml").open("a") as f:
        f.write("\n# an upgrade changed the dependencies\n")
    assert any("pip install" in c for c in run_sh(home, tmp_path))
    assert run_sh(home, tmp_path) == ["-m bot --no-gateway"]
    with (home / "requirements" / "run.txt").open("a") as f:
        f.write("\n")
    assert any("pip install" in c for c in run_sh(home, tmp_path))


def _installed() -> bool:
    check = (
        ". scripts/venv.sh; "
        "_dipgm_installed requirements/run.txt || _dipgm_installed requirements/test.txt"
    )
    return subprocess.run(["bash", "-c", check], cwd=ROOT, check=False).returncode == 0


@pytest.mark.skipif(
    not _installed(),
    reason=".venv was not installed by scripts/test.sh or scripts/run.sh (no stamp): "
    "run.sh would install first",
)
async def test_once_installed_it_starts_offline(tmp_path: Path) -> None:
    """No package index at all: run.sh goes straight to the bot, which migrates its
    database and reaches the (fake) gateway."""
    fake = FakeDiscord()
    await fake.start()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("PIP_", "DISCORD_"))},
        "PIP_NO_INDEX": "1",  # any pip call would fail
        "PIP_FIND_LINKS": "",
        "PYTHONPATH": str(Path(__file__).with_name("fake_site")),
        "FAKE_DISCORD_API": fake.base_url,
        "FAKE_DISCORD_GATEWAY": fake.gateway_url,
        "DISCORD_TOKEN": fake.world.token,
        "DATABASE_URL": f"sqlite+aiosqlite:///{tmp_path / 'dipgm.sqlite3'}",
        "HEARTBEAT_FILE": str(tmp_path / "heartbeat"),
    }
    process = await asyncio.create_subprocess_exec(
        "bash",
        str(ROOT / "scripts" / "run.sh"),
        cwd=tmp_path,  # no .env here
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake.world.changes.wait_until(
            lambda: fake.gateway.session is not None and fake.world.global_commands,
            timeout=60,
            what="the bot to reach the gateway",
        )
        assert (tmp_path / "dipgm.sqlite3").exists()
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
        _, err = await asyncio.wait_for(process.communicate(), 30)
        await fake.close()
    assert process.returncode == 0, err.decode()
    assert b"Installing" not in err
