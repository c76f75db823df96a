"""What each power owes in a phase: whether it has anything to order (rules/004 rule 3:
retreats and adjustments end when "everyone concerned" has submitted). The one rule for
the Winter's wait, reminders, late notices, the NMR bookkeeping and the status; it
knows the variants' extra duties (the Masters Rules' Winter, Spy Diplomacy's placement).
"""

from __future__ import annotations

from adjudication.model.board import Board
from adjudication.model.optional_rules import MastersRules
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power
from adjudication.play.adjustments import build_sites
from adjudication.variants import VARIANTS
from bot.service.variants import parts_for
from bot.service.variants.masters import may_use_a_winter


def owes_orders(position: Position, power: Power, board: Board, masters: MastersRules) -> bool:
    """Whether `power` has anything to order in this phase (rules/004 rule 3: retreats
    and adjustments end when "everyone concerned" has submitted). The one rule for the
    Winter's wait, reminders, late notices and the status: under the Masters Rules a
    power may also have rebels, an annexation or aid to write (docs/VARIANTS.md M22)."""
    kind = position.phase.kind
    if kind is PhaseKind.MOVEMENT:
        return any(u.power == power for u in position.units)
    if kind is PhaseKind.RETREAT:
        return any(d.unit.power == power for d in position.dislodged)
    change = position.adjustment_of(power)
    if change < 0 or may_use_a_winter(position, power, board, masters):
        return True
    if change == 0:
        # Spy Diplomacy's start: the spy's placement.
        return parts_for(position.variant).owes_a_secret_order(position)
    # Somewhere to build: a free owned home centre, or with Kriegsplomacy's flexible
    # builds any free owned centre: the adjudicator's own sites, on the variant's board
    # for the phase (callers pass the service's, which knows no variant's build rule).
    return bool(build_sites(position, VARIANTS[position.variant].board_for(position.phase), power))
