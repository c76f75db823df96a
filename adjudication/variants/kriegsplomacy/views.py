"""Each power's view of a phase of Kriegsplomacy (rules/004).

"You always know where your own units are, but in general you don't know where (or
what) anybody else's units are." A view is what one power may know of a phase, in the
same types as the full result (`Adjudication`: outcomes, the position after it, the
dislodged units), so that the report, the map and the JSON are made from it as from
the full result; places it knows nothing of are `spying.UNKNOWN` (`???`). The full
result stays for the record and the GM. Everything sent to a player is made from
that player's view; the game channel gets the public view.

What a power learns, besides its spying units' reports (`reports`):
"-- what supply centers you own at the end of the year
 -- the supply center chart at the end of each year (i.e., the total for each
    country, but not who owns which centers)
 -- when a unit of yours is attacked or opposed (but not by whom or from where, or
    even by how many, nor whether you were supported)
 -- which of your own moves succeed
 -- when a unit of yours is dislodged and forced to retreat, and whether the
    subsequent retreat was successful"
and what it explicitly does not: attacks on a space its unit left, whether a support
it gave was needed or cut. Readings in docs/VARIANTS.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from adjudication.model.board import Board
from adjudication.model.orders import Convoy, Move, Order, Retreat, Support, Waive, order_power
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Dislodgement, Position
from adjudication.model.result import Adjudication
from adjudication.model.units import PhaseKind, Power, Unit
from adjudication.model.variant import Views
from adjudication.model.views import UNKNOWN, UNKNOWN_PLACE, PowerView
from adjudication.play.views import public_view, year_end_counts
from adjudication.variants.kriegsplomacy.espionage import attacks
from adjudication.variants.kriegsplomacy.reports import espionage_reports, masked_order

# The player's own mistakes, and orders they did not give: they know these.
_OWN_DOING = (Reason.ILLEGAL, Reason.NO_SUCH_UNIT, Reason.UNORDERED)


def power_view(
    before: Position,
    result: Adjudication,
    power: Power,
    board: Board,
    watched: frozenset[str] = frozenset(),
) -> PowerView:
    """`power`'s view of `result`, the phase played from `before`. For a retreat phase,
    `watched` is what its spies learned in the movement phase before it ("You may get
    additional information ... if a previously unknown retreat occurs into your
    area")."""
    kind = result.phase.kind
    counts = year_end_counts(before, result, board)
    if kind is PhaseKind.MOVEMENT:
        return _movement_view(before, result, power, board, counts)
    seen = [
        masked for o in result.outcomes if (masked := _other_retreat(o, power, watched)) is not None
    ]
    own = [_own_outcome(o, board) for o in result.outcomes if _is_own(o.order, power)]
    arrived = [o.order for o in seen if isinstance(o.order, Retreat) and o.succeeded]
    strangers = [r.unit.at(r.destination) for r in arrived if r.destination.province in watched]
    position = _position(result.position, power, board, strangers, {}, frozenset())
    shown = Adjudication(result.phase, (*own, *seen), position, result.game_end)
    return PowerView(power, shown, centre_counts=counts)


def _movement_view(
    before: Position,
    result: Adjudication,
    power: Power,
    board: Board,
    counts: Mapping[Power, int] | None,
) -> PowerView:
    after = result.position
    reports = espionage_reports(result.outcomes, before.ownership, after.units, power, board)
    learned = frozenset().union(*(r.learned for r in reports))
    own = [_own_outcome(o, board) for o in result.outcomes if _is_own(o.order, power)]
    seen = list(dict.fromkeys(o for r in reports for o in r.outcomes))
    strangers = [u for r in reports for u in r.units]
    owners = {c: p for r in reports for c, p in r.ownership.items() if p is not None}
    dislodged = tuple(_dislodgement(d, power, learned, board) for d in result.dislodged)
    shown_dislodged = tuple(d for d in dislodged if d is not None)
    position = _position(after, power, board, strangers, owners, learned)
    shown = Adjudication(result.phase, (*own, *seen), position, result.game_end, shown_dislodged)
    moved_away = {
        o.order.unit.province
        for o in result.outcomes
        if isinstance(o.order, Move) and o.succeeded and o.order.unit.power == power
    }
    attacked = frozenset(
        u.province
        for u in before.units_of(power)
        if u.province not in moved_away
        and attacks(result.outcomes).get(u.province, set()) - {power}
    )
    return PowerView(power, shown, attacked, reports, learned, counts)


def _is_own(order: Order, power: Power) -> bool:
    return order_power(order) == power


def _own_outcome(outcome: Outcome, board: Board) -> Outcome:
    """A power's own order's outcome, told as much as it may know: its moves' success
    and being opposed, its dislodgements (not from where), its retreats' success; not
    whether a support or convoy was needed, cut or void."""
    order, reason = outcome.order, outcome.reason
    # "retreating to an occupied space results in the unit's disbanding, just as if two
    # units had attempted to retreat to the same space": a retreat the board allows is
    # told only as failed, never why (who stands there, or came from there).
    if (
        isinstance(order, Retreat)
        and not outcome.succeeded
        and board.can_move(order.unit.type, order.unit.location, order.destination)
    ):
        return Outcome(order, False, Reason.DISBANDED)
    if reason in _OWN_DOING or isinstance(order, Waive):
        return outcome
    if reason is Reason.DISLODGED:
        return Outcome(order, False, Reason.DISLODGED, UNKNOWN)
    if isinstance(order, Move):
        bounced = Reason.BOUNCED if reason is Reason.BOUNCED else None
        return Outcome(order, outcome.succeeded, bounced)
    if isinstance(order, Support | Convoy):
        return Outcome(order, True)
    return outcome  # holds, E and CE (cut when attacked: its owner knows), disbands


def _other_retreat(outcome: Outcome, power: Power, watched: frozenset[str]) -> Outcome | None:
    """A foreign retreat or disband from or into a place a spy watched, masked."""
    order = outcome.order
    if not watched or isinstance(order, Waive) or order.unit.power == power:
        return None
    into = isinstance(order, Retreat) and order.destination.province in watched
    if order.unit.province not in watched and not into:
        return None
    return Outcome(masked_order(order, watched), outcome.succeeded, outcome.reason)


def _dislodgement(
    d: Dislodgement, power: Power, learned: frozenset[str], board: Board
) -> Dislodgement | None:
    """A dislodged unit as `power` may know it: its own, without where the attack came
    from and with every place its unit could reach as options (the true options would
    tell where the attacker came from and which spaces are held); a foreign one its
    spies saw, with `???` for a retreat it may have."""
    unit = d.unit
    if unit.power == power and not d.retreats:
        return Dislodgement(unit, UNKNOWN)  # disbanded at once: the unit is gone
    if unit.power == power:
        options = tuple(
            sorted(
                loc
                for province in board.provinces
                for loc in board.unit_locations(unit.type, province)
                if board.can_move(unit.type, unit.location, loc)
            )
        )
        return Dislodgement(unit, UNKNOWN, options)
    if unit.province not in learned:
        return None
    attacker = d.attacker_from if d.attacker_from in learned else UNKNOWN
    return Dislodgement(unit, attacker, (UNKNOWN_PLACE,) if d.retreats else ())


def _position(
    after: Position,
    power: Power,
    board: Board,
    strangers: Iterable[Unit],
    owners: Mapping[str, Power],
    learned: frozenset[str],
) -> Position:
    """The position after the phase as `power` may know it."""
    units = {*after.units_of(power), *strangers}
    mine = set(after.centres_of(power))
    ownership = {c: p for c, p in owners.items() if p != power and c not in mine}
    ownership |= dict.fromkeys(mine, power)
    dislodged = [
        shown
        for d in after.dislodged
        if (shown := _dislodgement(d, power, learned, board)) is not None
    ]
    return Position(
        after.phase,
        units,
        ownership,
        dislodged,
        after.standoffs & learned,
        after.variant,
    )


KRIEGSPLOMACY_VIEWS = Views(power=power_view, public=public_view)
"""Kriegsplomacy's views (`Variant.views`): each power's own, and for everyone the
centre chart at the end of each year and the end of the game."""
