"""The layers of DESIGN.md: imports point one way only."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# package -> the project packages and third-party libraries it must not import
FORBIDDEN = {
    "adjudication": {
        "bot", "cogs", "storage", "render", "discord", "sqlmodel", "sqlalchemy",
        "aiosqlite", "asyncpg", "PIL", "pydantic", "pydantic_settings",
    },
    "render": {"bot", "cogs", "storage", "discord", "sqlmodel", "sqlalchemy"},
    "storage": {"bot", "cogs", "render", "discord"},
    "cogs": {"storage", "adjudication", "render", "sqlmodel", "sqlalchemy"},
}


def imported_roots(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    roots: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


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
