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
from adjudication.validate_movement import plain_support

# Enum members as module constants: a global name is read ten times faster than an
# attribute of the enum class.
_FLEET = UnitType.FLEET
_RULEBOOK_1982 = ParadoxRule.RULEBOOK_1982
_KIND_OF = {Hold: HOLD, Move: MOVE, Support: SUPPORT, Convoy: CONVOY}
"""The kind of each movement order's class: one lookup instead of a chain of tests."""


class Layout:
    """The orders of one phase as `Tables`, with what the result needs to read them back.

    `early` holds orders not in play (no such unit, superseded, impossible) and why;
    `void` supports and convoys that match no order; `landing` where each move lands.
    `doubtful` lists the orders that are not plainly legal (see
    `adjudication.validate_movement.MovementChecks.plainly_legal`), `repeated` says
    whether some unit has several orders: with neither, validation would reject nothing.
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
        blank = [""] * n
        no = [False] * n
        # Positional, in the order of `Tables`' fields: one is made for every phase.
        self.tables = Tables(
            [HOLD] * n,  # kind
            blank,  # power
            blank.copy(),  # province
            blank.copy(),  # dest
            no,  # convoyed
            [-1] * n,  # opponent
            [()] * n,  # supports
            blank.copy(),  # target
            no.copy(),  # protected
            none,  # route_seas
            none.copy(),  # route_start
            none.copy(),  # route_end
            none.copy(),  # route_links
            self.order_at,
            units,  # occupant
            {},  # moves_into
            {},  # hold_supports
            [],  # decisions
        )
        # Supports and convoys; one superseded later is left in, with its kind set to HOLD.
        self.by_kind: tuple[list[int], ...] = ([], [], [], [])
        # Orders validation would have to look at: not plainly legal at a glance.
        self.doubtful: list[int] = []
        self.repeated = False  # some unit has several orders
        self._pick_orders()
        if self.repeated:
            # A superseded move: lay the moves out again from the orders that stand.
            self._lay_out_moves()
        elif self.by_kind[CONVOY]:
            self._convoy_own_armies()
        convoying = self._match_convoys() if self.by_kind[CONVOY] else None
        self._match_supports(convoying if rules.paradox_rule is _RULEBOOK_1982 else None)

    def _pick_orders(self) -> None:
        """The order each unit follows: the last one naming it (defensive; see validate).

        Moves are laid out on the way: where each lands, the moves into each space, and
        head-to-head pairs (found by whichever of the two comes second). So is whether
        each order is plainly legal (`doubtful` lists those that are not).
        """
        t, units, order_at, early = self.tables, self.units, self.order_at, self.early
        kind, power, province, dest_of = t.kind, t.power, t.province, t.dest
        convoyed, opponent, moves_into = t.convoyed, t.opponent, t.moves_into
        landing_of, doubtful = self.landing, self.doubtful
        board = self.board
        land, fleet_moves = board.land_provinces, board.fleet_moves
        army_adjacency = board.army_adjacency
        supports, convoys, decisions = self.by_kind[SUPPORT], self.by_kind[CONVOY], t.decisions
        kind_of = _KIND_OF
        for i, order in enumerate(self.orders):
            cls = kind_of.get(type(order), -1)
            if cls < 0:  # not a movement order
                early[i] = Reason.ILLEGAL
                doubtful.append(i)
                continue
            named = order.unit
            where = named.location.province
            power[i] = named.power
            province[i] = where
            unit = units.get(where)
            # The same object, the usual case for orders made from the position: then
            # power and type agree without comparing them.
            if unit is not named:
                if unit is None or unit.power != named.power:
                    early[i] = Reason.NO_SUCH_UNIT if unit is None else Reason.ILLEGAL
                    doubtful.append(i)
                    continue
                if unit.type is not named.type:
                    doubtful.append(i)
            if where in order_at:
                earlier = order_at[where]
                early[earlier] = Reason.ILLEGAL
                kind[earlier] = HOLD
                self.repeated = True
            order_at[where] = i
            if cls == MOVE:
                target = order.destination
                dest = target.province
                if unit.type is _FLEET:
                    location = unit.location
                    plain = (dest, target.coast) in fleet_moves.get((where, location.coast), ())
                    if not plain or order.via_convoy:
                        doubtful.append(i)
                    if plain:
                        landing: Location | None = target
                    else:
                        landing = fleet_destination(board, location, target)
                        if landing is None:  # could not have passed validation: the unit holds
                            early[i] = Reason.ILLEGAL
                            continue
                        dest = landing.province
                    by_convoy = False
                elif dest in land:
                    landing = target if target.coast is None else board.army_location[dest]
                    by_convoy = order.via_convoy or dest not in army_adjacency.get(where, ())
                    if by_convoy:
                        doubtful.append(i)
                        convoyed[i] = True
                else:  # an army ordered out to sea: the unit holds
                    early[i] = Reason.ILLEGAL
                    doubtful.append(i)
                    continue
                kind[i] = MOVE
                decisions.append(i)
                dest_of[i] = dest
                landing_of[i] = landing
                if dest in moves_into:
                    moves_into[dest].append(i)
                else:
                    moves_into[dest] = [i]
                if not by_convoy:
                    j = order_at.get(dest, -1)
                    if j >= 0 and kind[j] == MOVE and dest_of[j] == where and not convoyed[j]:
                        opponent[i] = j
                        opponent[j] = i
            elif cls == SUPPORT:
                supports.append(i)  # laid out, and judged, once every move is known
                kind[i] = SUPPORT
                decisions.append(i)
            elif cls == CONVOY:
                convoys.append(i)
                doubtful.append(i)
                if unit.type is _FLEET and where in board.sea_provinces:
                    kind[i] = CONVOY
                    decisions.append(i)
                else:
                    early[i] = Reason.ILLEGAL  # only a fleet at sea can carry an army

    def _convoy_own_armies(self) -> None:
        """An army ordered to a neighbouring space goes by convoy all the same when a
        fleet of its own power is ordered to convoy it there (DATC 6.G.8): then it has
        no land route, and so no head-to-head battle either."""
        t, orders, units = self.tables, self.orders, self.units
        kind, dest_of, convoyed, opponent = t.kind, t.dest, t.convoyed, t.opponent
        for c in self.by_kind[CONVOY]:
            if kind[c] != CONVOY:
                continue
            convoy = orders[c]
            origin = convoy.army.province
            m = self.order_at.get(origin, -1)
            if (
                m >= 0
                and kind[m] == MOVE
                and not convoyed[m]
                and dest_of[m] == convoy.destination.province
                and units[origin].type is not _FLEET
                and units[origin].power == convoy.unit.power
            ):
                convoyed[m] = True
                if opponent[m] >= 0:
                    opponent[opponent[m]] = -1
                    opponent[m] = -1

    def _lay_out_moves(self) -> None:
        """The moves into each space, which go by convoy, and head-to-head pairs, found
        again from the orders the units follow."""
        t, orders, units = self.tables, self.orders, self.units
        kind, dest_of, convoyed, opponent = t.kind, t.dest, t.convoyed, t.opponent
        own_convoys = {
            (orders[i].unit.power, orders[i].army.province, orders[i].destination.province)
            for i in self.by_kind[CONVOY]
            if kind[i] == CONVOY
        }
        moves_into, army_adjacency = t.moves_into, self.board.army_adjacency
        moves_into.clear()
        province_of = t.province
        for i in t.decisions:
            opponent[i] = -1
            convoyed[i] = False
            if kind[i] != MOVE:
                continue
            dest = dest_of[i]
            if dest in moves_into:
                moves_into[dest].append(i)
            else:
                moves_into[dest] = [i]
            province = province_of[i]
            unit = units[province]
            if unit.type is not _FLEET:
                convoyed[i] = (
                    orders[i].via_convoy
                    or dest not in army_adjacency.get(province, ())
                    or (bool(own_convoys) and (unit.power, province, dest) in own_convoys)
                )
        order_at = self.order_at
        for moves in moves_into.values():
            for m in moves:
                j = order_at.get(dest_of[m], -1)
                if (
                    j >= 0
                    and kind[j] == MOVE
                    and dest_of[j] == province_of[m]
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
        """Attach each support to the move or hold it backs, or mark it void; and judge
        on the way whether it is plainly legal (`plain_support`)."""
        t, orders, board, units = self.tables, self.orders, self.board, self.units
        kind, order_at, supports, target_of = t.kind, self.order_at, t.supports, t.target
        province_of, landing_of, void, doubtful = t.province, self.landing, self.void, self.doubtful
        provinces = board.provinces
        for i in self.by_kind[SUPPORT]:
            if kind[i] != SUPPORT:
                continue
            order = orders[i]
            unit = units[province_of[i]]
            if not plain_support(unit, order, units, board):
                doubtful.append(i)
            supported = order.supported.province
            j = order_at.get(supported, -1)
            moving = j >= 0 and kind[j] == MOVE
            destination = order.destination
            if destination is None:
                target = target_of[i] = supported
                if supported not in units:
                    void[i] = Reason.VOID
                elif moving:
                    void[i] = Reason.SUPPORTED_UNIT_MOVED
                else:
                    t.hold_supports.setdefault(supported, []).append(i)
            else:
                target = target_of[i] = destination.province
                landing = landing_of[j] if moving else None
                # A support that names a coast must name the one the fleet moves to (6.B.9).
                if (
                    landing is not None
                    and landing.province == target
                    and (destination.coast is None or landing.coast in (None, destination.coast))
                ):
                    if supports[j]:
                        supports[j].append(i)
                    else:
                        supports[j] = [i]
                else:
                    void[i] = Reason.VOID
            if protected_seas and target in protected_seas:
                t.protected[i] = unit.type is _FLEET and provinces[target].is_sea
