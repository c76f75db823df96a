"""A movement phase: from orders to moves, dislodgements and retreat options.

Three steps: `adjudication.play.layout` lays the validated orders out (which support matches
which move, which fleets carry which army); `adjudication.play.resolver` decides every
move, support and convoy; this module reads the answers back as outcomes and the
board after movement.

Readings of the rules, as DATC v3.1 prefers:
- A convoy is disrupted only when every route is (rules/000 §12.4, DATC 4.A.1).
- A unit dislodged by an army that came by convoy may retreat to the army's origin
  (DATC 4.A.5, 6.H.11); a standoff on one coast closes the whole province (6.H.16).
- A unit beaten head to head leaves no standoff where its attacker came from; one
  dislodged otherwise still does (rules/000 §9.7, DATC 4.A.7, 6.G.10).
- `Rules.paradox_rule` RULEBOOK_1982: rules/000 §12.5 is applied in the layout, and
  the paradoxes it leaves open get the Szykman rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.orders import Convoy, Hold, MovementOrder, Order
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Dislodgement, Position
from adjudication.model.rules import Rules
from adjudication.model.units import Unit
from adjudication.play.layout import Layout
from adjudication.play.reach import retreat_options
from adjudication.play.resolver import HOLD, MOVE, SUPPORT, Resolver


@dataclass(frozen=True, slots=True)
class MovementResult:
    """What a movement phase did.

    `outcomes` has one entry per order, in the order given. `units` are the units
    standing after movement (dislodged ones excluded); `dislodged` lists the others,
    sorted, with where each may retreat; `standoffs` are provinces left empty by a
    bounce.
    """

    outcomes: tuple[Outcome, ...]
    units: tuple[Unit, ...]
    dislodged: tuple[Dislodgement, ...]
    standoffs: frozenset[str]


def default_orders(
    position: Position, accepted: Sequence[MovementOrder]
) -> list[tuple[Order, Reason]]:
    """A unit with no order holds (rules/000 §14.3: UNORDERED)."""
    if len(accepted) == len(position.units):
        return []  # accepted orders name different units of the position: all are ordered
    ordered = {order.unit.location.province for order in accepted}
    return [
        (Hold(unit), Reason.UNORDERED)
        for unit in position.units
        if unit.location.province not in ordered
    ]


def resolve_movement(
    position: Position,
    orders: Sequence[MovementOrder],
    board: Board = STANDARD,
    rules: Rules = Rules(),  # noqa: B008 - Rules is frozen, sharing it is safe
) -> MovementResult:
    """Adjudicate a movement phase by Kruijswijk's algorithm (DATC chapter 5).

    `orders` must have passed `adjudication.play.validate.validate_all`: each names a unit
    of its power as it stands, one order per unit. A unit without an order holds (and
    gets no outcome here: `adjudicate` gives each unit its default order first).
    """
    layout = Layout(position, orders, board, rules)
    resolver = Resolver(layout.tables)
    return _Reading(layout, resolver, resolver.resolve_all()).result()


class _Reading:
    """The resolver's answers turned into outcomes and the board after movement."""

    def __init__(self, layout: Layout, resolver: Resolver, succeeded: list[bool]) -> None:
        self.board, self.orders, self.units = layout.board, layout.orders, layout.units
        self.tables, self.order_at, self.landing = layout.tables, layout.order_at, layout.landing
        self.void = layout.void
        self.resolver, self.succeeded = resolver, succeeded

    def result(self) -> MovementResult:
        """Who moved, who was dislodged and where it may go, and every order's outcome."""
        succeeded, t, units = self.succeeded, self.tables, self.units
        after = dict(units)  # province -> unit: the board after movement
        arrived: list[int] = []
        for moves in t.moves_into.values():
            for m in moves:
                if succeeded[m]:  # at most one move into a space succeeds
                    arrived.append(m)
                    del after[t.province[m]]
                    break
        # A unit still standing where a move arrived did not get away: dislodged.
        dislodged_by = {t.dest[m]: m for m in arrived if t.dest[m] in after}
        for province in dislodged_by:
            del after[province]
        for m in arrived:
            unit = units[t.province[m]]
            to = self.landing[m]
            assert to is not None
            after[to.province] = Unit(unit.power, unit.type, to)
        standoffs = frozenset(
            dest
            for dest, moves in t.moves_into.items()
            if dest not in after and any(not succeeded[m] and self._stands_off(m) for m in moves)
        )
        dislodged = sorted(
            Dislodgement(
                units[province],
                t.province[m],
                retreat_options(
                    units[province], t.province[m], t.convoyed[m], after, standoffs, self.board
                ),
                t.convoyed[m],
            )
            for province, m in dislodged_by.items()
        )
        return MovementResult(
            outcomes=self._outcomes(dislodged_by),
            units=tuple(after.values()),
            dislodged=tuple(dislodged),
            standoffs=standoffs,
        )

    def _stands_off(self, m: int) -> bool:
        """A failed move leaves its destination contested unless it never got there
        (no convoy) or lost head to head (rules/000 §9.7, DATC 6.F.7, 4.A.7)."""
        t, resolver = self.tables, self.resolver
        if t.convoyed[m] and not resolver.path(m):
            return False
        opponent = t.opponent[m]
        return not (opponent >= 0 and resolver.result[opponent])

    def _outcomes(self, dislodged_by: dict[str, int]) -> tuple[Outcome, ...]:
        """Every order's outcome, in the order given. `dislodged_by`: the move that
        dislodged the unit in each province where one was."""
        t, resolver, succeeded, void = self.tables, self.resolver, self.succeeded, self.void
        provinces = t.province
        out: list[Outcome] = []
        for i, order in enumerate(self.orders):
            attack = dislodged_by.get(provinces[i]) if dislodged_by else None
            by = None if attack is None else provinces[attack]
            kind = t.kind[i]
            if kind == MOVE:  # a unit that moved away cannot be dislodged
                if succeeded[i]:
                    out.append(Outcome(order, True))
                elif t.convoyed[i] and not resolver.path(i):
                    out.append(Outcome(order, False, self._no_route(i), by))
                else:
                    out.append(Outcome(order, False, Reason.BOUNCED, by))
            elif kind == HOLD:
                if by is None:
                    out.append(Outcome(order, True))
                else:
                    out.append(Outcome(order, False, Reason.DISLODGED, by))
            elif i in void:
                out.append(Outcome(order, False, void[i], by))
            elif kind == SUPPORT:
                if not succeeded[i]:
                    out.append(Outcome(order, False, Reason.CUT, by))
                elif by is None:
                    out.append(Outcome(order, True))
                else:
                    # Given though its unit was dislodged: the 1982 rule (6.F.17).
                    out.append(Outcome(order, True, Reason.DISLODGED, by))
            elif i in resolver.paradox:
                out.append(Outcome(order, False, Reason.PARADOX, by))
            elif by is not None:
                out.append(Outcome(order, False, Reason.DISLODGED, by))
            elif self._carried(i):
                out.append(Outcome(order, True))
            else:
                out.append(Outcome(order, False, Reason.DISRUPTED))
        return tuple(out)

    def _no_route(self, m: int) -> Reason:
        """Why a convoyed move found no route: a paradox broke a convoy of it, or the
        convoys failed (or were never ordered)."""
        seas = self.tables.route_seas[m] or {}
        paradox = any(c in self.resolver.paradox for c in seas.values())
        return Reason.PARADOX if paradox else Reason.NO_CONVOY

    def _carried(self, c: int) -> bool:
        """The army moved along a route of successful convoys through this fleet."""
        t, resolver = self.tables, self.resolver
        order = self.orders[c]
        assert isinstance(order, Convoy)
        m = self.order_at[order.army.province]
        if not resolver.path(m):
            return False
        seas, links = t.route_seas[m], t.route_links[m]
        assert seas is not None and links is not None
        ok = {s for s, k in seas.items() if resolver.result[k]}
        from_start = _spread(set(t.route_start[m] or ()) & ok, links, ok)
        from_end = _spread(set(t.route_end[m] or ()) & ok, links, ok)
        return t.province[c] in from_start and t.province[c] in from_end


def _spread(start: set[str], links: dict[str, tuple[str, ...]], ok: set[str]) -> set[str]:
    seen, stack = set(start), list(start)
    while stack:
        for nxt in links[stack.pop()]:
            if nxt in ok and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen
