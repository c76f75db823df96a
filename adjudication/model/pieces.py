"""Pieces that are not units: Spy Diplomacy's spy (rules/004, "Each of the seven major
powers has one extra unit, called a "Spy"").

A spy shares its space with any units, spies included, so it is not a `Unit`: it
stands in `Position.spies`, out of `Position.unit_by_province`, and the resolver never
sees it. "Provinces with two coasts are, as usual, treated as single locations": a spy
stands in a province, never on a coast. Its letter is `SPY`, never `S` (the support
verb). What a spy does is its variant's (`adjudication.variants.spy`).
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudication.model.units import Power

SPY_WORD = "SPY"


@dataclass(frozen=True, slots=True, order=True)
class Spy:
    """A power's spy, standing in `province`."""

    power: Power
    province: str

    def __str__(self) -> str:
        return f"{SPY_WORD} {self.province}"
