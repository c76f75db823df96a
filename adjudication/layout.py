"""One movement phase's orders laid out for the resolver (`adjudication.resolver.Tables`).

Which order each unit follows, where each move lands, which supports and convoys
match which moves, head-to-head pairs, and convoy routes: everything the decisions
need, found once so that no decision searches the orders.

Readings of the rules, as DATC v3.1 prefers:
- An army moving to an adjacent space goes by convoy when ordered "via convoy" or when
  a fleet of its own power is ordered to convoy it; then there is no land route to
  fall back on (DATC 4.A.3, 6.G.8, 6.G.20). A foreign fleet cannot kidnap it (6.G.2).
- Coasts: an omitted or irrelevant coast means the only one reachable (DATC 4.B.2,
  4.B.6); a support naming no coast backs a move to either (6.B.7), one naming a
  coast only a move to that coast (6.B.9). Coasts named for armies are dropped.
- `ParadoxRule.RULEBOOK_1982` (rules/000 §12.5): a convoyed army never cuts the
  support of a fleet given into a sea holding a fleet whose convoy matches a move.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudication.board import Board
from adjudication.orders import Convoy, Hold, Move, Order, Support
from adjudication.outcomes import Reason
from adjudication.position import Position
from adjudication.reach import fleet_destination
from adjudication.resolver import CONVOY, HOLD, MOVE, SUPPORT, Tables
from adjudication.rules import ParadoxRule, Rules
from adjudication.units import Location, UnitType

_KINDS = {Hold: HOLD, Move: MOVE, Support: SUPPORT, Convoy: CONVOY}
_FLEET = UnitType.FLEET


class Layout:
    """The orders of one phase as `Tables`, with what the result needs to read them back.

    `early` holds orders not in play (no such unit, superseded, impossible) and why;
    `void` supports and convoys that match no order; `landing` where each move lands.
    """

    def __init__(
        self, position: Position, orders: Sequence[Order], board: Board, rules: Rules
    ) -> None:
        self.board = board
        self.orders = orders
        self.units = units = position.unit_by_province
        n = len(orders)
        self.early: dict[int, Reason] = {}  # orders not in play, and why
        self.void: dict[int, Reason] = {}  # supports and convoys that match nothing
        self.landing: list[Location | None] = [None] * n
        self.order_at: dict[str, int] = {}
        none: list = [None] * n
        self.tables = Tables(
            kind=[HOLD] * n,
            power=[""] * n,
            province=[""] * n,
            dest=[""] * n,
            convoyed=[False] * n,
            opponent=[-1] * n,
            supports=[()] * n,
            target=[""] * n,
            protected=[False] * n,
            route_seas=list(none),
            route_start=list(none),
            route_end=list(none),
            route_links=list(none),
            order_at=self.order_at,
            occupant={p: u.power for p, u in units.items()},
            moves_into={},
            hold_supports={},
        )
        # Orders by kind; one superseded later is left in, with its kind set to HOLD.
        self.by_kind: tuple[list[int], ...] = ([], [], [], [])
        self._pick_orders()
        self._lay_out_moves()
        convoying = self._match_convoys()
        self._match_supports(convoying if rules.paradox_rule is ParadoxRule.RULEBOOK_1982 else None)

    def _pick_orders(self) -> None:
        """The order each unit follows: the last one naming it (defensive; see validate)."""
        t, units, order_at, early = self.tables, self.units, self.order_at, self.early
        kind, power, province = t.kind, t.power, t.province
        by_kind = self.by_kind
        for i, order in enumerate(self.orders):
            k = _KINDS.get(type(order))
            if k is None:
                early[i] = Reason.ILLEGAL
                continue
            named = order.unit
            where = named.location.province
            power[i], province[i] = named.power, where
            unit = units.get(where)
            if unit is None:
                early[i] = Reason.NO_SUCH_UNIT
            elif unit.power != named.power:
                early[i] = Reason.ILLEGAL
            else:
                earlier = order_at.get(where)
                if earlier is not None:
                    early[earlier] = Reason.ILLEGAL
                    kind[earlier] = HOLD
                order_at[where] = i
                kind[i] = k
                by_kind[k].append(i)
                if k == CONVOY and not (unit.type is _FLEET and self.board.provinces[where].is_sea):
                    early[i] = Reason.ILLEGAL  # only a fleet at sea can carry an army
                    kind[i] = HOLD

    def _lay_out_moves(self) -> None:
        t, board, orders, units = self.tables, self.board, self.orders, self.units
        kind, dest_of, convoyed, landing_of = t.kind, t.dest, t.convoyed, self.landing
        own_convoys = {
            (orders[i].unit.power, orders[i].army.province, orders[i].destination.province)
            for i in self.by_kind[CONVOY]
            if kind[i] == CONVOY
        }
        moves_into, army_adjacency = t.moves_into, board.army_adjacency
        fleet_adjacency, provinces = board.fleet_adjacency, board.provinces
        province_of = t.province
        for i in self.by_kind[MOVE]:
            if kind[i] != MOVE:
                continue
            order = orders[i]
            province = province_of[i]
            unit = units[province]
            target = order.destination
            if unit.type is _FLEET:
                if target in fleet_adjacency.get(unit.location, ()):
                    landing: Location | None = target
                else:
                    landing = fleet_destination(board, unit.location, target)
            elif target.province in provinces and provinces[target.province].is_land:
                landing = target if target.coast is None else Location(target.province)
            else:
                landing = None
            if landing is None:  # could not have passed validation: the unit holds
                self.early[i] = Reason.ILLEGAL
                kind[i] = HOLD
                continue
            dest = landing.province
            dest_of[i], landing_of[i] = dest, landing
            if dest in moves_into:
                moves_into[dest].append(i)
            else:
                moves_into[dest] = [i]
            if unit.type is not _FLEET:
                convoyed[i] = (
                    order.via_convoy
                    or dest not in army_adjacency.get(province, ())
                    or (bool(own_convoys) and (unit.power, province, dest) in own_convoys)
                )
        order_at, origin_of, opponent = self.order_at, t.province, t.opponent
        for moves in moves_into.values():
            for m in moves:
                j = order_at.get(dest_of[m], -1)
                if (
                    j >= 0
                    and kind[j] == MOVE
                    and dest_of[j] == origin_of[m]
                    and not convoyed[m]
                    and not convoyed[j]
                ):
                    opponent[m] = j

    def _match_convoys(self) -> set[str]:
        """Attach each convoy order to the move it carries; returns the seas that hold
        a fleet whose convoy matches a move."""
        t, orders = self.tables, self.orders
        convoying: set[str] = set()
        carried: list[int] = []
        for i in self.by_kind[CONVOY]:
            if t.kind[i] != CONVOY:
                continue
            order = orders[i]
            m = self.order_at.get(order.army.province, -1)
            if (
                m < 0
                or t.kind[m] != MOVE
                or not t.convoyed[m]
                or t.dest[m] != order.destination.province
            ):
                self.void[i] = Reason.VOID
                continue
            seas = t.route_seas[m]
            if seas is None:
                seas = t.route_seas[m] = {}
                carried.append(m)
            seas[t.province[i]] = i
            convoying.add(t.province[i])
        neighbours = self.board.fleet_neighbours
        for m in carried:
            seas = t.route_seas[m]
            origin, dest = t.province[m], t.dest[m]
            t.route_start[m] = tuple(s for s in seas if origin in neighbours(s))
            t.route_end[m] = frozenset(s for s in seas if dest in neighbours(s))
            t.route_links[m] = {s: tuple(x for x in neighbours(s) if x in seas) for s in seas}
        return convoying

    def _match_supports(self, protected_seas: set[str] | None) -> None:
        t, orders, board, units = self.tables, self.orders, self.board, self.units
        kind, order_at, supports = t.kind, self.order_at, t.supports
        for i in self.by_kind[SUPPORT]:
            if kind[i] != SUPPORT:
                continue
            order = orders[i]
            supported = order.supported.province
            j = order_at.get(supported, -1)
            moving = j >= 0 and kind[j] == MOVE
            if order.destination is None:
                t.target[i] = supported
                if supported not in units:
                    self.void[i] = Reason.VOID
                elif moving:
                    self.void[i] = Reason.SUPPORTED_UNIT_MOVED
                else:
                    t.hold_supports.setdefault(supported, []).append(i)
            else:
                t.target[i] = order.destination.province
                if moving and self._support_matches(order, j):
                    if supports[j]:
                        supports[j].append(i)
                    else:
                        supports[j] = [i]
                else:
                    self.void[i] = Reason.VOID
            if protected_seas and t.target[i] in protected_seas:
                t.protected[i] = units[t.province[i]].type is UnitType.FLEET and (
                    board.provinces[t.target[i]].is_sea
                )

    def _support_matches(self, order: Support, move: int) -> bool:
        landing = self.landing[move]
        assert order.destination is not None and landing is not None
        if landing.province != order.destination.province:
            return False
        # A support that names a coast must name the one the fleet moves to (6.B.9).
        return order.destination.coast is None or landing.coast in (None, order.destination.coast)
