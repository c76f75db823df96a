"""The Docker image, the Compose file, `.env.example` and the lock files, checked
statically (no image can be built here), plus `docker compose config` where there is
a Compose to run it."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import tomllib
from fnmatch import fnmatch
from pathlib import Path

import pytest
import yaml

from bot.settings import Settings

ROOT = Path(__file__).resolve().parents[2]


def dockerfile() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments), continuation lines joined, comments dropped."""
    text = re.sub(r"\\\n", " ", (ROOT / "Dockerfile").read_text())
    lines = [line.strip() for line in text.splitlines()]
    return [
        (line.split(None, 1)[0].upper(), line.split(None, 1)[1])
        for line in lines
        if line and not line.startswith("#")
    ]


def compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def test_the_image_copies_what_exists_and_is_not_ignored() -> None:
    ignored = [
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    for instruction, args in dockerfile():
        if instruction != "COPY":
            continue
        *sources, _target = args.split()
        for source in sources:
            assert (ROOT / source).exists(), source
            assert not any(fnmatch(source, pattern) for pattern in ignored), source


def test_the_image_installs_the_lock_and_runs_unprivileged() -> None:
    steps = dockerfile()
    assert steps[0] == ("FROM", "python:3.11-slim")
    runs = [args for instruction, args in steps if instruction == "RUN"]
    assert any("--require-hashes -r requirements/run.txt" in r for r in runs)
    assert any("pip install --no-deps ." in r for r in runs)
    users = [args for instruction, args in steps if instruction == "USER"]
    assert users and users[-1] not in ("root", "0")
    env = " ".join(args for instruction, args in steps if instruction == "ENV")
    assert "HEARTBEAT_FILE=/app/data/" in env and "/app/data/dipgm.sqlite3" in env
    assert ("VOLUME", '["/app/data"]') in steps
    (health,) = [args for instruction, args in steps if instruction == "HEALTHCHECK"]
    assert health.endswith('CMD ["python", "-m", "bot", "healthcheck"]')
    assert steps[-1] == ("CMD", '["python", "-m", "bot"]')


def test_compose_needs_no_variable_to_be_read() -> None:
    """`docker compose down` or `config` without a .env: no `${VAR:?…}` anywhere."""
    text = (ROOT / "docker-compose.yml").read_text()
    assert not re.search(r"\$\{[A-Z_]+:?\?", text)
    assert "DISCORD_TOKEN" not in re.sub(r"#.*", "", text)
    bot = compose()["services"]["bot"]
    assert bot["env_file"] == [{"path": ".env", "required": False}]
    assert bot["depends_on"]["postgres"]["required"] is False


def test_compose_states_its_minimum_version() -> None:
    assert "Docker Compose v2.24.0 or newer" in (ROOT / "docker-compose.yml").read_text()


def _postgres_entrypoint(password: str | None) -> subprocess.CompletedProcess[str]:
    """The postgres service's entrypoint as the container runs it: Compose turns `$$`
    into `$`; `docker-entrypoint.sh` is not here, so passing the check ends in 127."""
    command = [part.replace("$$", "$") for part in compose()["services"]["postgres"]["entrypoint"]]
    env = {"PATH": os.environ["PATH"]}
    if password is not None:
        env["POSTGRES_PASSWORD"] = password
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=10)


@pytest.mark.parametrize("password", [None, ""])
def test_an_empty_postgres_password_is_refused_at_once(password: str | None) -> None:
    done = _postgres_entrypoint(password)
    assert done.returncode == 1
    assert "POSTGRES_PASSWORD is empty: set it in .env" in done.stderr


def test_a_postgres_password_lets_postgres_start() -> None:
    done = _postgres_entrypoint("s3cret")
    assert "POSTGRES_PASSWORD is empty" not in done.stderr
    assert done.returncode == 127  # went on to exec docker-entrypoint.sh


def test_env_example_lists_every_setting() -> None:
    listed = set(re.findall(r"^#?([A-Z_]+)=", (ROOT / ".env.example").read_text(), re.M))
    settings = {field.alias for field in Settings.model_fields.values()}
    assert settings - listed == set()
    assert listed - settings == {"POSTGRES_PASSWORD"}


def test_env_example_as_it_is_starts_nothing(tmp_path: Path) -> None:
    """Copied unchanged, the bot stops at once and says how to get a token."""
    (tmp_path / ".env").write_text((ROOT / ".env.example").read_text())
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_"))}
    done = subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,
        env={**env, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and "DISCORD_TOKEN is not set" in done.stderr


def _pins(requirements: list[str]) -> dict[str, str]:
    pins = {}
    for requirement in requirements:
        name, _, version = re.sub(r"\[.*\]", "", requirement).partition("==")
        pins[name.lower().replace("_", "-").replace(".", "-")] = version
    return pins


def _locked(path: Path) -> dict[str, str]:
    return {
        name.lower().replace("_", "-").replace(".", "-"): version
        for name, version in re.findall(r"^([A-Za-z0-9_.-]+)==(\S+)", path.read_text(), re.M)
    }


def test_the_locks_follow_pyproject() -> None:
    """After changing a dependency, `bash scripts/lock.sh` regenerates both locks."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = project["optional-dependencies"]
    run = _locked(ROOT / "requirements" / "run.txt")
    test = _locked(ROOT / "requirements" / "test.txt")
    for name, version in _pins(project["dependencies"] + extras["postgres"]).items():
        assert run.get(name) == version, f"{name} in requirements/run.txt"
    for name, version in _pins(project["dependencies"] + extras["test"]).items():
        assert test.get(name) == version, f"{name} in requirements/test.txt"
    assert {k: v for k, v in test.items() if k in run} == run  # test ⊇ run, same versions
    for path in ("run.txt", "test.txt"):
        lines = (ROOT / "requirements" / path).read_text().splitlines()
        unhashed = [
            line.split()[0]
            for line, after in zip(lines, [*lines[1:], ""], strict=True)
            if "==" in line and not after.strip().startswith("--hash=sha256:")
        ]
        assert unhashed == [], f"pinned without a hash in {path}"


def test_the_console_script_is_the_launcher() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts == {"dipgm": "bot.__main__:main"}


def _compose_available() -> bool:
    try:
        done = subprocess.run(
            ["docker", "compose", "version"], capture_output=True, text=True, timeout=20
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


@pytest.mark.skipif(not _compose_available(), reason="no `docker compose` on this machine")
@pytest.mark.parametrize("profiles", [(), ("postgres",), ("postgres", "worker")])
def test_docker_compose_config_without_a_dotenv(tmp_path: Path, profiles: tuple[str, ...]) -> None:
    args = ["docker", "compose", "-f", str(ROOT / "docker-compose.yml")]
    args += [part for p in profiles for part in ("--profile", p)]
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "POSTGRES_PASSWORD")}
    done = subprocess.run(
        [*args, "config", "--quiet"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, f"{shlex.join(args)} config: {done.stderr}"
