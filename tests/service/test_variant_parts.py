"""Issue 30: "the variant-specific service parts behind one protocol the variants
implement (Masters, Spy, hidden views, One-on-one) rather than branches in the feature
code".

The protocol is `bot.service.variants.ServicePart` (each variant's part, a frozen value
of hook functions with neutral defaults) and `parts_for(variant, masters)`, the parts in
force for a game (`Parts`). The feature packages ask the parts; read from their source,
none of them tests which variant a game plays. What counts as such a test, in any module
of the feature packages:

- an attribute read of the Masters Rules' options in play: `.played`, `.variable_control`;
- `.spies` read on a variant (`VARIANTS[…].spies`, `variant.spies`: a position's or a
  view's `spies`, its pieces, are no such test);
- `.hidden_information`, `.victory`, `.match_id` (a game of a One-on-one match);
- the names `has_spies`, `is_hidden`, `is_match_board`, `MatchUnits`.

Below them, what the parts in force are, one question each."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from adjudication.model.optional_rules import MastersRules
from adjudication.variants import VARIANTS
from bot.service.kernel import VariantName

ROOT = Path(__file__).resolve().parents[2]
FEATURES = (
    "kernel",
    "talk",
    "orders",
    "lobby",
    "records",
    "deadlines",
    "endings",
    "sandbox",
    "spectators",
    "gm",
    "timing",
)
ANY_READ = {"played", "variable_control", "hidden_information", "victory", "match_id"}
NAMES = {"has_spies", "placing_spies", "is_hidden", "is_match_board", "MatchUnits"}


def _on_a_variant(value: ast.expr) -> bool:
    """`VARIANTS[…]`, `variant_named(…)`, `variant_of(…)`, or a name or attribute that
    says it is a variant (`variant`, `self.variant`, `chosen_variant`)."""
    if isinstance(value, ast.Subscript):
        return isinstance(value.value, ast.Name) and value.value.id == "VARIANTS"
    if isinstance(value, ast.Call):
        func = value.func
        called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        return called in {"variant_named", "variant_of"}
    if isinstance(value, ast.Name):
        return "variant" in value.id
    if isinstance(value, ast.Attribute):
        return "variant" in value.attr
    return False


def variant_tests(source: str) -> list[str]:
    """'line: what' for each test of a game's variant in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
            if node.attr in ANY_READ or (node.attr == "spies" and _on_a_variant(node.value)):
                found.append(f"{node.lineno}: .{node.attr}")
            elif node.attr in NAMES:
                found.append(f"{node.lineno}: {node.attr}")
        elif isinstance(node, ast.Name) and node.id in NAMES:
            found.append(f"{node.lineno}: {node.id}")
        elif isinstance(node, ast.ImportFrom):
            found += [f"{node.lineno}: import {a.name}" for a in node.names if a.name in NAMES]
    return found


def test_the_check_sees_each_kind_of_test() -> None:
    """The reading itself, on lines like those the feature code once held: a check that
    found nothing would pass forever."""
    source = "\n".join(
        [
            "from bot.service.variants.spy import has_spies",
            "if settings.rules.masters.played: pass",
            "if VARIANTS[position.variant].spies: pass",
            "if variant.spies or variant.hidden_information: pass",
            "if game.match_id is not None: pass",
            "if is_hidden(position) or isinstance(v.victory, MatchUnits): pass",
            "if masters.variable_control: pass",
            # Not tests of a variant: a position's spies, a result's record of them.
            "kept = (view.spies, result.spies, position.spies)",
            "game.match_id = match.id",
        ]
    )
    # ast.walk reads breadth first: the order of a line's finds is not the source's.
    assert sorted(variant_tests(source)) == sorted(
        [
            "1: import has_spies",
            "2: .played",
            "3: .spies",
            "4: .spies",
            "4: .hidden_information",
            "5: .match_id",
            "6: is_hidden",
            "6: .victory",
            "6: MatchUnits",
            "7: .variable_control",
        ]
    )


def test_issue30_no_feature_package_tests_which_variant_a_game_plays() -> None:
    found = [
        f"{path.relative_to(ROOT)}:{hit}"
        for package in FEATURES
        for path in sorted((ROOT / "bot" / "service" / package).rglob("*.py"))
        for hit in variant_tests(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "ask bot.service.variants' parts:\n" + "\n".join(found)


# --- the parts in force ---------------------------------------------------------------


def _parts(variant: VariantName, masters: MastersRules | None = None):
    from bot.service.variants import parts_for

    return parts_for(variant, masters)


def test_the_standard_game_has_no_part_and_every_hook_is_neutral() -> None:
    parts = _parts(VariantName.STANDARD)
    assert parts.names == ()
    assert not parts.hides_the_board and not parts.views_only
    assert parts.reader is None
    assert parts.player_notes == ()


@pytest.mark.parametrize(
    ("variant", "names", "hides", "views"),
    [
        (VariantName.SPY, ("spy",), True, False),
        (VariantName.KRIEGSPLOMACY, ("hidden",), True, True),
        (VariantName.ONE_ON_ONE, ("match",), False, False),
    ],
)
def test_each_variant_brings_its_own_part(variant, names, hides, views) -> None:
    parts = _parts(variant)
    assert parts.names == names
    assert parts.hides_the_board is hides
    assert parts.views_only is views


def test_the_masters_rules_are_a_part_of_any_variant_when_played() -> None:
    """rules/003 is an option of any game: its part is in force where it is played,
    after the variant's own."""
    all_six = MastersRules(True, True, True, True, True, True)
    assert _parts(VariantName.STANDARD, MastersRules()).names == ()
    assert _parts(VariantName.STANDARD, all_six).names == ("masters",)
    assert _parts(VariantName.SPY, all_six).names == ("spy", "masters")
    assert _parts(VariantName.STANDARD, all_six).reader is not None


def test_every_registered_variant_has_its_parts() -> None:
    from bot.service.variants import parts_for

    for name in VARIANTS:
        assert parts_for(name).names in {(), ("spy",), ("hidden",), ("match",)}


def test_only_spy_diplomacys_start_owes_a_secret_order() -> None:
    """Y1: each power places its spy at the start, an order beyond its units' that no
    one else may learn was missed; after the start, and in other games, none."""
    from dataclasses import replace

    from adjudication.model.position import Position
    from adjudication.model.units import Phase

    spy_start = Position.initial(VARIANTS[VariantName.SPY])
    assert _parts(VariantName.SPY).owes_a_secret_order(spy_start)
    spring = replace(spy_start, phase=Phase.parse("S1901M"))
    assert not _parts(VariantName.SPY).owes_a_secret_order(spring)
    standard = Position.initial(VARIANTS[VariantName.STANDARD])
    assert not _parts(VariantName.STANDARD).owes_a_secret_order(standard)
