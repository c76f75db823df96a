"""Issue 30: "A core … that imports no variant's code"; "Each variant its own package
under `adjudication/variants/` …, never importing a sibling; one registry imports them
all"; no import cycle; no folder of more than 20 modules (QUEUE.md).

Read from the source, as tests/test_layers.py reads the service: every import of every
engine module, those inside functions and under `TYPE_CHECKING` included."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ENGINE = Path(__file__).resolve().parent.parent.parent / "adjudication"
CORE = ("model", "maps", "play", "text", "io")  # the engine's core packages
VARIANTS = ENGINE / "variants"
MAX_MODULES_PER_FOLDER = 20


def _module_name(path: Path) -> str:
    parts = path.relative_to(ENGINE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in ENGINE.rglob("*.py")}


def _imports(path: Path) -> Iterator[str]:
    """Every engine module `path` imports (`from a.b import c` names `a.b`, and `a.b.c`
    when that is a module)."""
    modules = _modules()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
            names += [f"{node.module}.{a.name}" for a in node.names]
        else:
            continue
        yield from (name for name in names if name in modules)


def _variant_of(module: str) -> str | None:
    """The variant package a module belongs to (`adjudication.variants.spy.codec` →
    `spy`), or None for the core, the variants' face and the registry."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[1] == "variants" and (VARIANTS / parts[2]).is_dir():
        return parts[2]
    return None


def test_the_core_imports_no_variant() -> None:
    crossing = [
        f"{name} imports {imported}"
        for name, path in _modules().items()
        if name.split(".")[1:2] and name.split(".")[1] in CORE
        for imported in _imports(path)
        if imported.startswith("adjudication.variants")
    ]
    assert crossing == []


def test_a_variant_never_imports_a_sibling() -> None:
    crossing = [
        f"{name} imports {imported}"
        for name, path in _modules().items()
        if (own := _variant_of(name)) is not None
        for imported in _imports(path)
        if _variant_of(imported) not in (None, own)
    ]
    assert crossing == []


def test_only_the_registry_imports_every_variant() -> None:
    """The variants' face may name the registry's values; no other engine module
    outside a variant imports two variants."""
    importers: dict[str, set[str]] = {}
    for name, path in _modules().items():
        if _variant_of(name) is None:
            importers[name] = {v for i in _imports(path) if (v := _variant_of(i))}
    every = {p.name for p in VARIANTS.iterdir() if (p / "__init__.py").exists()}
    assert importers["adjudication.variants.registry"] == every
    several = {n: v for n, v in importers.items() if len(v) > 1}
    assert set(several) == {"adjudication.variants.registry"}


def test_no_import_cycle_in_the_engine() -> None:
    graph = {name: set(_imports(path)) - {name} for name, path in _modules().items()}
    # A package's face imports its own modules; importing the face is importing them.
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if nxt.startswith(node + "."):
                continue  # a face re-exporting its own modules
            if state.get(nxt) == 1 and not node.startswith(nxt + "."):
                cycles.append([*trail[trail.index(nxt) :], nxt] if nxt in trail else [nxt])
            elif nxt not in state:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])
    assert cycles == []


def test_no_engine_folder_holds_more_than_twenty_modules() -> None:
    crowded = {
        str(folder.relative_to(ENGINE)): count
        for folder in [ENGINE, *(p for p in ENGINE.rglob("*") if p.is_dir())]
        if (count := len(list(folder.glob("*.py")))) > MAX_MODULES_PER_FOLDER
    }
    assert crowded == {}
