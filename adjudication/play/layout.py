"""One movement phase's orders laid out for the resolver (`adjudication.play.resolver.Tables`).

Where each move lands, which supports and convoys match which moves, head-to-head
pairs, and convoy routes: everything the decisions need, found once so that no
decision searches the orders. The orders have passed validation: each names a unit of
its power as it stands, and no unit has two.

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

from adjudication.model.board import Board
from adjudication.model.orders import Convoy, Move, MovementOrder, Support
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rules import ParadoxRule, Rules
from adjudication.model.units import Location, UnitType
from adjudication.play.reach import fleet_destination
from adjudication.play.resolver import CONVOY, HOLD, MOVE, SUPPORT, Tables


class Layout:
    """The orders of one phase as `Tables`, with what the result needs to read them back.

    `void` holds the supports and convoys that match no order, and why; `landing`
    where each move lands (None for other orders).
    """

    def __init__(
        self, position: Position, orders: Sequence[MovementOrder], board: Board, rules: Rules
    ) -> None:
        self.board = board
        self.orders = orders
        self.units = position.unit_by_province
        n = len(orders)
        self.void: dict[int, Reason] = {}
        self.landing: list[Location | None] = [None] * n
        self.order_at: dict[str, int] = {}
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
            route_seas=[None] * n,
            route_start=[None] * n,
            route_end=[None] * n,
            route_links=[None] * n,
            order_at=self.order_at,
            occupant=self.units,
            moves_into={},
            hold_supports={},
            decisions=[],
        )
        self.support_orders: list[int] = []
        self.convoy_orders: list[int] = []
        self._lay_out_orders()
        if board.kinds:  # once per phase: the standard game has none
            self._lay_out_kinds()
        convoying: set[str] = set()
        if self.convoy_orders:
            self._convoy_own_armies()
            convoying = self._match_convoys()
        protected = convoying if rules.paradox_rule is ParadoxRule.RULEBOOK_1982 else set()
        self._match_supports(protected)

    def _lay_out_kinds(self) -> None:
        """Moves of units of a variant's own kinds as their kind's rules say (rules/004's
        planes fly, P2, P4): never convoyed when it is never convoyed, and no head-to-head
        battle with the unit coming the other way when it has none (both moves then are
        circular movement, and succeed unless opposed where they land). The layout has
        laid every move out as an army's; this corrects them once every move is known."""
        t, kinds = self.tables, self.board.kinds
        opponent = t.opponent
        for i, order in enumerate(self.orders):
            kind = kinds.get(self.units[order.unit.location.province].type)
            if kind is None:
                continue
            if not kind.convoyed:
                t.convoyed[i] = False
            j = opponent[i]
            if not kind.head_to_head and j >= 0:
                opponent[i] = opponent[j] = -1

    def _lay_out_orders(self) -> None:
        """The kind of each order, and the moves: where each lands, the moves into each
        space, and head-to-head pairs (found by whichever of the two comes second)."""
        t, units, board, order_at = self.tables, self.units, self.board, self.order_at
        kinds, powers, provinces, dests, convoyed = t.kind, t.power, t.province, t.dest, t.convoyed
        decisions, moves_into, landings = t.decisions, t.moves_into, self.landing
        for i, order in enumerate(self.orders):
            unit = units[order.unit.location.province]
            where = unit.location.province
            powers[i] = unit.power
            provinces[i] = where
            order_at[where] = i
            # `type(order) is C` each time (not once into a local): mypy narrows `order`
            # by it, and CPython 3.11 specialises the one-argument `type()` call.
            if type(order) is Support:
                kinds[i] = SUPPORT
                decisions.append(i)
                self.support_orders.append(i)  # matched once every move is known
            elif type(order) is Convoy:
                kinds[i] = CONVOY
                decisions.append(i)
                self.convoy_orders.append(i)
            elif type(order) is Move:
                if unit.type is UnitType.FLEET:
                    landing = fleet_destination(board, unit.location, order.destination)
                    assert landing is not None, "validation lets no such move through"
                    by_convoy = False
                else:
                    landing = order.destination.province_only()
                    near = board.army_adjacency.get(where, ())
                    by_convoy = order.via_convoy or landing.province not in near
                dest = landing.province
                kinds[i] = MOVE
                decisions.append(i)
                dests[i] = dest
                convoyed[i] = by_convoy
                landings[i] = landing
                moves_into.setdefault(dest, []).append(i)
                if not by_convoy:
                    j = order_at.get(dest, -1)
                    if j >= 0 and kinds[j] == MOVE and dests[j] == where and not convoyed[j]:
                        t.opponent[i] = j
                        t.opponent[j] = i

    def _convoy_own_armies(self) -> None:
        """An army ordered to a neighbouring space goes by convoy all the same when a
        fleet of its own power is ordered to convoy it there (DATC 6.G.8): then it has
        no land route, and so no head-to-head battle either."""
        t, orders, units = self.tables, self.orders, self.units
        for c in self.convoy_orders:
            convoy = orders[c]
            assert type(convoy) is Convoy  # for mypy (a cast, a call, costs more)
            origin = convoy.army.province
            m = self.order_at.get(origin, -1)
            if (
                m >= 0
                and t.kind[m] == MOVE
                and not t.convoyed[m]
                and t.dest[m] == convoy.destination.province
                and units[origin].type is UnitType.ARMY
                and units[origin].power == t.power[c]
            ):
                t.convoyed[m] = True
                opponent = t.opponent[m]
                if opponent >= 0:
                    t.opponent[opponent] = -1
                    t.opponent[m] = -1

    def _match_convoys(self) -> set[str]:
        """Attach each convoy order to the move it carries; returns the seas that hold
        a fleet whose convoy matches a move."""
        t, orders = self.tables, self.orders
        convoying: set[str] = set()
        carried: list[int] = []
        for i in self.convoy_orders:
            order = orders[i]
            assert type(order) is Convoy  # for mypy (a cast, a call, costs more)
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
            assert seas is not None
            origin, dest = t.province[m], t.dest[m]
            t.route_start[m] = tuple(s for s in seas if origin in neighbours(s))
            t.route_end[m] = frozenset(s for s in seas if dest in neighbours(s))
            t.route_links[m] = {s: tuple(x for x in neighbours(s) if x in seas) for s in seas}
        return convoying

    def _match_supports(self, protected_seas: set[str]) -> None:
        """Attach each support to the move or hold it backs, or mark it void."""
        t, orders, units, order_at = self.tables, self.orders, self.units, self.order_at
        for i in self.support_orders:
            order = orders[i]
            assert type(order) is Support  # for mypy (a cast, a call, costs more)
            supported = order.supported.province
            j = order_at.get(supported, -1)
            moving = j >= 0 and t.kind[j] == MOVE
            destination = order.destination
            if destination is None:
                target = t.target[i] = supported
                if supported not in units:
                    self.void[i] = Reason.VOID
                elif moving:
                    self.void[i] = Reason.SUPPORTED_UNIT_MOVED
                else:
                    t.hold_supports.setdefault(supported, []).append(i)
            else:
                target = t.target[i] = destination.province
                landing = self.landing[j] if moving else None
                # A support that names a coast must name the one the fleet moves to (6.B.9).
                if (
                    landing is not None
                    and landing.province == target
                    and (destination.coast is None or landing.coast in (None, destination.coast))
                ):
                    t.supports[j] = [*t.supports[j], i]
                else:
                    self.void[i] = Reason.VOID
            if target in protected_seas:
                supporter = units[t.province[i]]
                t.protected[i] = (
                    supporter.type is UnitType.FLEET and self.board.provinces[target].is_sea
                )
