"""The Masters Rules as options (rules/003): six rules, each on or off.

"The following rules may be used singly or in combination, with the proviso that
some of them presuppose the use of Minor Powers." Which ones do is our reading
(docs/VARIANTS.md, M0): MR2 Variable Control, whose purpose the document states as
"Providing the Great Powers with influence (Variable Control) over the units of
these Minor Powers". Every other subset is allowed.

This module imports nothing of the project: `adjudication.model.rules` holds a
`MastersRules` in every game's `Rules`.
"""

from __future__ import annotations

from dataclasses import dataclass


class MastersCombination(ValueError):
    """A combination of the Masters Rules the document does not allow; the message
    says why."""


# The rule each option is, as players read it, in the document's order.
RULE_TITLES = {
    "minor_powers": "MR1 Minor Powers",
    "variable_control": "MR2 Variable Control",
    "rebellion": "MR3 Rebellion",
    "annexation": "MR4 Annexation",
    "disarmament": "MR5 Disarmament",
    "foreign_aid": "MR6 Foreign Aid",
}

# The rules that "presuppose the use of Minor Powers" (M0), with why.
_NEEDS_MINOR_POWERS = {
    "variable_control": (
        "MR2 Variable Control needs MR1 Minor Powers: it is the Great Powers' influence "
        "over the units of the Minor Powers (rules/003, introduction)."
    ),
}


@dataclass(frozen=True, slots=True)
class MastersRules:
    """Which of the Masters Rules a game plays; all off is the rulebook's game."""

    minor_powers: bool = False  # MR1
    variable_control: bool = False  # MR2
    rebellion: bool = False  # MR3
    annexation: bool = False  # MR4
    disarmament: bool = False  # MR5
    foreign_aid: bool = False  # MR6

    @property
    def played(self) -> bool:
        """True when any of the six rules is on: the Masters Rules' step
        (`adjudication.variants.masters`) then plays the game's phases (chosen once per
        phase). Written out: every phase of every game asks, and `fields()` costs
        microseconds."""
        return (
            self.minor_powers
            or self.variable_control
            or self.rebellion
            or self.annexation
            or self.disarmament
            or self.foreign_aid
        )

    @property
    def on(self) -> tuple[str, ...]:
        """The names of the rules that are on, in the document's order."""
        return tuple(name for name in RULE_TITLES if getattr(self, name))

    def check(self) -> None:
        """Refuse a combination the document does not allow (MastersCombination)."""
        if self.minor_powers:
            return
        for name in self.on:
            reason = _NEEDS_MINOR_POWERS.get(name)
            if reason is not None:
                raise MastersCombination(reason)


NO_MASTERS_RULES = MastersRules()
