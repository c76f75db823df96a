"""Issue 30: "No test or module compares a variant's name (`board_at`'s `== "standard"`,
render's `check_drawable`): ask the variant."

Read from the source: a comparison (`==`, `!=`, `in`, `not in`) of a variant's or a
board's name (`position.variant`, `board.name`, a record's "map") with the name of a
registered variant or board, written as a string, is a branch on a variant that its own
data or hooks should answer. A test may name a variant to choose one
(`variant_named("spy")`), never to branch on it."""

from __future__ import annotations

import ast
from pathlib import Path

from adjudication.variants import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
PRODUCT = ("adjudication", "bot", "cogs", "render", "storage", "tests", "benchmarks")
NAMES = set(VARIANTS) | {v.board.name for v in VARIANTS.values()}


def _about_a_variant(node: ast.expr) -> bool:
    """A side that holds a variant's or a board's name: `x.variant`, `x.name`,
    `document.get("map")` (a piece kind may be called "spy" too)."""
    if isinstance(node, ast.Attribute):
        return node.attr in {"variant", "name"}
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
        key = node.args[0] if node.args else None
        return isinstance(key, ast.Constant) and key.value in {"map", "variant"}
    return False


def _named_in(node: ast.expr) -> set[str]:
    """The variant names a comparison's side spells out."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value} & NAMES
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return set().union(*(_named_in(e) for e in node.elts)) if node.elts else set()
    return set()


def test_no_code_compares_a_variant_name() -> None:
    found = []
    for top in PRODUCT:
        for path in (ROOT / top).rglob("*.py"):
            if "migrations" in path.parts:
                continue  # a migration reads the rows as they were written
            tree = ast.parse(path.read_text())
            asserted = {
                id(n) for a in ast.walk(tree) if isinstance(a, ast.Assert) for n in ast.walk(a)
            }
            for node in ast.walk(tree):
                if id(node) in asserted:
                    continue  # a test saying which variant a game is: no branch
                if isinstance(node, ast.Compare) and any(
                    _about_a_variant(n) for n in [node.left, *node.comparators]
                ):
                    named = set().union(*(_named_in(n) for n in [node.left, *node.comparators]))
                    if named:
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {sorted(named)}")
    assert found == []
