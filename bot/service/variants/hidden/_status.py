"""What `/game status` and the orders desk may show of a hidden-information game (issue
12): each power's state, and the phase in play.

rules/004's Kriegsplomacy makes public "the supply center chart at the end of each
year (i.e., the total for each country ...)" and says "If a country goes NMR, that is
NOT reported": a power's units, its orders so far and its excuses are shown to the GM
and to its own player, privately; the centre totals to everyone (the current
position's ownership is the last year's, so its counts are the year's chart). A retreat
phase is shown only to the GM and the players who retreat (issue 29, K14).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from adjudication.model.position import Position
from adjudication.model.units import Phase, PhaseKind, Power
from adjudication.variants import VARIANTS
from bot.service.kernel import Caller, GameInfo, GameSettings, WrongState
from bot.service.variants.hidden._power_views import retreats_kept_from


def status_private_to(
    info: GameInfo, settings: GameSettings, caller: Caller, *, share: bool
) -> frozenset[Power] | None:
    """The powers whose units and orders `/game status` may show `caller`: None in a
    game that hides nothing (every power); in a hidden-information game, every power to
    its GM, their own powers to a player, none in an answer shown to the channel; so
    too in a Spy game while the spies are being placed."""
    variant = VARIANTS[settings.variant]
    # Spy Diplomacy's start: each power's one order is its spy's secret placement, and
    # "waiting for orders" beside a power would tell that its spy will be drawn.
    placing = variant.spies and info.phase == variant.start
    if not variant.hidden_information and not placing:
        return None
    if share:
        return frozenset()
    if caller.is_gm_of(info.gm_user_id, info.guild_id):
        return frozenset(p.power for p in info.powers)
    return frozenset(p.power for p in info.powers if p.user_id == caller.user_id)


def kept_phase(
    info: GameInfo, settings: GameSettings, caller: Caller, *, share: bool
) -> Phase | None:
    """The movement phase `/game status` names in place of the retreat phase in play,
    when that retreat phase is kept from `caller` (issue 29: a power with nothing to
    retreat learns of a retreat phase only as its next phase opening later); None when
    nothing is kept. Kept, in a hidden-information game: from the channel (`share`),
    and from anyone but the GM and the players holding a power that retreats."""
    phase = info.phase
    if phase is None or phase.kind is not PhaseKind.RETREAT:
        return None
    if not VARIANTS[settings.variant].hidden_information:
        return None
    movement = Phase(phase.year, phase.season, PhaseKind.MOVEMENT)
    if share:
        return movement
    if caller.is_gm_of(info.gm_user_id, info.guild_id):
        return None
    retreats = any(p.owes_orders for p in info.powers if p.user_id == caller.user_id)
    return None if retreats else movement


@dataclass(frozen=True, slots=True)
class KeptStatus:
    """What `/game status` says of the phase in play and its deadline while a retreat
    phase is kept from the asker."""

    phase: str
    deadline: str


def kept_status(
    info: GameInfo, settings: GameSettings, caller: Caller, *, share: bool
) -> KeptStatus | None:
    """`/game status`'s words for the phase in play when it is kept from `caller`
    (`kept_phase`): the movement phase played, the next phase opening with its results."""
    movement = kept_phase(info, settings, caller, share=share)
    if movement is None:
        return None
    return KeptStatus(
        f"**{movement.title}** has been played; the next phase opens when its results are out.",
        "set when the next phase opens",
    )


def refuse_in_kept_retreats(position: Position, powers: Collection[Power], game: str) -> None:
    """Raise `WrongState` when the phase in play is a retreat phase kept from a sender
    of orders for `powers` (none of them retreats, issue 29): their orders, their
    `/orders show` and autocomplete wait for the next phase, and the answer names the
    movement phase just played, never the retreat phase."""
    if not retreats_kept_from(position, powers):
        return
    phase = position.phase
    movement = Phase(phase.year, phase.season, PhaseKind.MOVEMENT)
    raise WrongState(
        f"{movement.title} has been played in {game}; you will be sent its results when "
        "the next phase opens. Send your orders for that phase then."
    )
