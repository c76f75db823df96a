"""The layers of DESIGN.md: imports point one way only."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# package -> the project packages and third-party libraries it must not import
FORBIDDEN = {
    "adjudication": {
        "bot",
        "cogs",
        "storage",
        "render",
        "discord",
        "sqlmodel",
        "sqlalchemy",
        "aiosqlite",
        "asyncpg",
        "PIL",
        "pydantic",
        "pydantic_settings",
    },
    "render": {"bot", "cogs", "storage", "discord", "sqlmodel", "sqlalchemy"},
    "storage": {"bot", "cogs", "render", "discord"},
    "cogs": {"storage", "adjudication", "render", "sqlmodel", "sqlalchemy"},
    # The service knows nothing of Discord: it takes ids, text and times and returns
    # values and outbox events (bot/service/__init__.py).
    "bot/service": {"discord", "cogs"},
}


def imported_modules(path: Path) -> set[str]:
    """Every module the file imports, at the top or inside a function or a
    TYPE_CHECKING block alike (`from bot import x` counts as `bot.x`)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules.add(node.module)
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)
    return modules


def imported_roots(path: Path) -> set[str]:
    return {module.split(".")[0] for module in imported_modules(path)}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_imports_respect_layers(package: str) -> None:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"{package}/ has no Python files"
    offenders = {
        str(f.relative_to(ROOT)): sorted(imported_roots(f) & FORBIDDEN[package]) for f in files
    }
    assert {f: bad for f, bad in offenders.items() if bad} == {}


def test_adjudication_uses_only_the_standard_library() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"adjudication", "__future__"}
    for f in sorted((ROOT / "adjudication").rglob("*.py")):
        extra = imported_roots(f) - allowed
        assert not extra, f"{f.relative_to(ROOT)} imports {sorted(extra)}"


def test_the_service_imports_nothing_of_the_discord_side() -> None:
    """bot/service/ may use the rest of bot/ only through itself: the Discord side
    (client, delivery, talk threads, vote buttons, settings…) calls it, never the
    other way round."""
    offenders = {}
    for f in sorted((ROOT / "bot" / "service").rglob("*.py")):
        outside = {
            m for m in imported_modules(f) if m.split(".")[0] == "bot" and not _in_service(m)
        }
        if outside:
            offenders[str(f.relative_to(ROOT))] = sorted(outside)
    assert offenders == {}


def _in_service(module: str) -> bool:
    # `from bot import service` names bot.service; `from bot.service import x` too.
    return module == "bot.service" or module.startswith("bot.service.")


def test_importing_the_service_loads_no_discord_module() -> None:
    """The check anyone can run: `python -c "import bot.service"` loads no part of
    discord.py (an import hidden in a function body would not show in the files)."""
    probe = (
        "import bot.service, sys; print(sorted(m for m in sys.modules if m.startswith('discord')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_no_part_imports_the_client() -> None:
    """The client builds the parts (delivery, talk threads, vote buttons, command sync)
    and hands them what they need; none imports it back, not even for a type (issue
    15's import circle). The launcher and the cogs, the client's extensions, may."""
    importers = sorted(
        str(f.relative_to(ROOT))
        for f in (ROOT / "bot").rglob("*.py")
        if f.name not in {"client.py", "__main__.py"} and "bot.client" in imported_modules(f)
    )
    assert importers == []
