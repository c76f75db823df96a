"""Spy Diplomacy's part of the service (rules/004, "Rules for Spy Diplomacy"; issue 12:
"Only the owner of a spy is told its location"): what every player is warned of, the
seed a spy's unchosen start is drawn from, the orders autocomplete offers for one's own
spy, and the board and the export as one power may see them."""

from __future__ import annotations

import secrets
from collections.abc import Collection
from dataclasses import replace
from typing import Any

from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Power
from adjudication.variants import Variant
from adjudication.variants.spy.view import position_seen_by
from bot.service.variants._part import ServicePart
from bot.service.variants.spy._orders import placing_spies, spy_choices

# What a player of a Spy game must know from the start (rules/004, "Rules for Spy
# Diplomacy"): the sabotage leaves no trace in the results, so nothing else would tell.
SPY_WARNING = (
    "A foreign spy sharing a space with one of your units may order it instead of you, "
    "and the results show no trace of it; your own spy may protect a unit it shares a "
    "space with (`Spy Mar P`)."
)


def part_of(variant: Variant) -> ServicePart | None:
    """The spies' part, in a game played with spies."""
    if not variant.spies:
        return None
    return ServicePart(
        name="spy",
        hides_the_board=True,
        notes=(SPY_WARNING,),
        owes_a_secret_order=placing_spies,
        choices=spy_choices,
        dealt=_seed_drawn,
        drawn_for=_drawn_for,
        known_now=_known_now,
        exported_for=_own_spies_only,
    )


def _seed_drawn(rules: Rules) -> Rules:
    """Where a spy whose owner selects no home centre starts (Y2) is drawn from a seed
    kept with the rules as the powers are dealt, secret to the players."""
    return replace(rules, spy_seed=secrets.randbits(62))


def _drawn_for(position: Position, viewer: Power | None) -> Position:
    """A stored phase's map for one player asking alone: their own spy, no other (no
    spy at all for no power)."""
    return position_seen_by(position, viewer or "")


def _known_now(position: Position, power: Power, board: Board) -> Position:
    return position_seen_by(position, power)  # the units and centres are public


def _own_spies_only(lines: list[dict[str, Any]], mine: Collection[Power]) -> list[dict[str, Any]]:
    """A player's export after the end: only their own spies (records/_export_for.py)."""
    return [_own_spies(line, mine) for line in lines]


def _own_spies(line: dict[str, Any], mine: Collection[Power]) -> dict[str, Any]:
    """`line` without any other power's spy, spy order or lines as written."""
    line = dict(line)
    line["spies"] = {p: s for p, s in line.get("spies", {}).items() if p in mine}
    line["orders"] = {
        p: [o for o in texts if p in mine or not o.startswith("SPY ")]
        for p, texts in line["orders"].items()
    }
    line["written"] = {p: texts for p, texts in line.get("written", {}).items() if p in mine}
    if "expected" in line:
        expected = dict(line["expected"])
        expected["spies"] = {p: s for p, s in expected.get("spies", {}).items() if p in mine}
        line["expected"] = expected
    return line
