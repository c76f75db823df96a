"""Issue 30: "Functions over 60 lines split along their steps".

Read from the source, as tests/test_layers.py and tests/adjudication/test_engine_packages.py
read the imports: every function and method (nested ones too) of every module of the
product's packages, measured from its `def` line to its last line, docstring included
(decorators not counted: a slash command's options are discord.py's, not its steps).

Left out, as ../shared/hooks/house.py leaves them out: a migration (`migrations/`),
history that is written once and must never change once a database has run it, and a
hand-run tool (`tools/`), which no part of the bot runs."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("adjudication", "bot", "cogs", "storage", "render")
LEFT_OUT = ("migrations", "tools")  # folders, wherever they are in a package
MAX_LINES = 60


def _modules() -> list[Path]:
    return sorted(
        path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if not set(path.relative_to(ROOT).parts) & set(LEFT_OUT)
    )


def _too_long(path: Path, root: Path = ROOT) -> list[str]:
    """'path:line name (n lines)' for each function of `path` over MAX_LINES."""
    where = path.relative_to(root).as_posix()
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            assert node.end_lineno is not None
            lines = node.end_lineno - node.lineno + 1
            if lines > MAX_LINES:
                found.append(f"{where}:{node.lineno} {node.name} ({lines} lines)")
    return found


def test_every_package_is_read() -> None:
    """The walk finds every package and skips only what it says it skips: a check that
    read nothing would pass forever."""
    modules = _modules()
    for package in PACKAGES:
        assert any(p.relative_to(ROOT).parts[0] == package for p in modules), package
    assert ROOT / "bot" / "client.py" in modules
    assert not [p for p in modules if "migrations" in p.parts]


def test_a_long_function_is_named(tmp_path: Path) -> None:
    """The measure itself: 60 lines from `def` are fine, 61 are one too many, for a
    method (async or not) as for a function."""
    statements = [f"x{i} = {i}" for i in range(MAX_LINES - 1)]
    fine = tmp_path / "fine.py"
    fine.write_text("def fine():\n" + "".join(f"    {s}\n" for s in statements))
    long = tmp_path / "long.py"
    long.write_text(
        "class Desk:\n    async def long(self):\n"
        + "".join(f"        {s}\n" for s in [*statements, "return None"])
    )
    assert _too_long(fine, tmp_path) == []
    assert _too_long(long, tmp_path) == [f"long.py:2 long ({MAX_LINES + 1} lines)"]


def test_no_function_over_sixty_lines() -> None:
    too_long = [entry for path in _modules() for entry in _too_long(path)]
    assert not too_long, "split along their steps:\n" + "\n".join(too_long)
