"""A movement phase: from orders to moves, dislodgements and retreat options.

Three steps: `adjudication.layout` lays the orders out (which support matches which
move, which fleets carry which army); `adjudication.resolver` decides every move,
support and convoy; this module reads the answers back as outcomes and the board
after movement.

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

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from adjudication.board import Board
from adjudication.layout import Layout
from adjudication.maps import STANDARD
from adjudication.orders import MOVEMENT_ORDERS, Convoy, Order
from adjudication.outcomes import Outcome, Reason
from adjudication.position import Dislodgement, Position, unit_place_order
from adjudication.resolver import CONVOY, HOLD, MOVE, SUPPORT, Resolver
from adjudication.rules import Rules
from adjudication.units import Location, Unit, UnitType, quick_init
from adjudication.validate_movement import MovementChecks


@quick_init
@dataclass(frozen=True, slots=True)
class MovementResult:
    """What a movement phase did.

    `outcomes` has one entry per order, in the order given. `units` are the units
    standing after movement (dislodged ones excluded), in canonical order (as
    `Position.units`), and `unit_by_province` finds them by province; `dislodged`
    lists the others, sorted, with where each may retreat; `standoffs` are provinces
    left empty by a bounce.
    """

    outcomes: tuple[Outcome, ...]
    units: tuple[Unit, ...]
    dislodged: tuple[Dislodgement, ...]
    standoffs: frozenset[str]
    # Derived from `units`, so it takes no part in comparing or hashing results.
    unit_by_province: Mapping[str, Unit] = field(compare=False, repr=False)


_STANDARD_RULES = Rules()


def resolve_movement(
    position: Position,
    orders: Sequence[Order],
    board: Board = STANDARD,
    rules: Rules = _STANDARD_RULES,
) -> MovementResult:
    """Adjudicate a movement phase by Kruijswijk's algorithm (DATC chapter 5).

    `orders` should have passed `validate_all`; an order that names no unit of its
    power, or one superseded by a later order for the same unit, fails and does
    nothing. A unit without an order holds (and gets no outcome here).
    """
    layout = Layout(position, orders, board, rules)
    resolver = Resolver(layout.tables)
    return _Reading(layout, resolver, resolver.resolve_all()).result()


def resolve_legal_movement(
    position: Position,
    orders: Sequence[Order],
    board: Board = STANDARD,
    rules: Rules = _STANDARD_RULES,
) -> MovementResult | None:
    """`resolve_movement` of orders not yet validated, or None when validation would
    reject one of them (`validate_all` must then sort them out first).

    The common case made cheap: the layout sees at a glance that most orders are legal
    (holds, moves to a neighbouring space, supports), so only the others (convoys,
    moves by convoy, odd coasts, orders naming no unit) are checked in full.
    """
    found = resolve_legal_movement_placed(position, orders, board, rules)
    return None if found is None else found[0]


def resolve_legal_movement_placed(
    position: Position,
    orders: Sequence[Order],
    board: Board = STANDARD,
    rules: Rules = _STANDARD_RULES,
) -> tuple[MovementResult, list[tuple[str, str]]] | None:
    """`resolve_legal_movement`, with the place of each order's unit: its power and
    province, by order index, as the layout found them (what outcomes sort by)."""
    layout = Layout(position, orders, board, rules)
    if layout.repeated:
        return None
    if layout.doubtful:
        checks = MovementChecks(position, board)
        for i in layout.doubtful:
            order = orders[i]
            if not isinstance(order, MOVEMENT_ORDERS) or checks.check(order) is not None:
                return None
    resolver = Resolver(layout.tables)
    result = _Reading(layout, resolver, resolver.resolve_all()).result()
    # Every order named a unit of its power (else validation would have refused it),
    # so the layout filled in every order's power and province.
    t = layout.tables
    return result, list(zip(t.power, t.province, strict=True))


_FLEET = UnitType.FLEET
# Enum members as module constants: a global name is read ten times faster than an
# attribute of the enum class, and these are read for every failed order.
_BOUNCED, _CUT, _DISLODGED = Reason.BOUNCED, Reason.CUT, Reason.DISLODGED
_PARADOX, _NO_CONVOY, _DISRUPTED = Reason.PARADOX, Reason.NO_CONVOY, Reason.DISRUPTED


class _Reading:
    """The resolver's answers turned into outcomes and the board after movement."""

    def __init__(self, layout: Layout, resolver: Resolver, succeeded: list[bool]) -> None:
        self.board, self.orders, self.units = layout.board, layout.orders, layout.units
        self.tables, self.order_at, self.landing = layout.tables, layout.order_at, layout.landing
        self.early, self.void = layout.early, layout.void
        self.resolver, self.succeeded = resolver, succeeded

    def result(self) -> MovementResult:
        """Who moved, who was dislodged and where it may go, and every order's outcome."""
        resolver, succeeded = self.resolver, self.succeeded
        t, units, landing = self.tables, self.units, self.landing
        province_of, dest_of, moves_into = t.province, t.dest, t.moves_into
        after = dict(units)  # province -> unit: the board after movement
        arrived: list[int] = []
        for moves in moves_into.values():
            for m in moves:
                if succeeded[m]:  # at most one move into a space succeeds
                    arrived.append(m)
                    del after[province_of[m]]
                    break
        # A unit still standing where a move arrived did not get away: dislodged.
        dislodged_by = {dest_of[m]: m for m in arrived if dest_of[m] in after}
        for province in dislodged_by:
            del after[province]
        for m in arrived:
            unit = units[province_of[m]]
            to = landing[m]
            assert to is not None
            after[to.province] = Unit(unit.power, unit.type, to)
        if len(arrived) == len(moves_into):
            standoffs: frozenset[str] = frozenset()  # every contested space was taken
        else:
            left_empty: list[str] = []
            for dest, moves in moves_into.items():
                if dest not in after:
                    for m in moves:
                        if not succeeded[m] and self._stands_off(resolver, m):
                            left_empty.append(dest)
                            break
            standoffs = frozenset(left_empty)
        dislodged: list[Dislodgement] = []
        if dislodged_by:
            dislodged = sorted(
                (
                    self._dislodgement(units[p], m, after, standoffs)
                    for p, m in dislodged_by.items()
                ),
                key=lambda d: _unit_key(d.unit),
            )
        return MovementResult(
            outcomes=self._outcomes(resolver, succeeded, dislodged_by),
            units=tuple(sorted(after.values(), key=unit_place_order)),
            dislodged=tuple(dislodged),
            standoffs=standoffs,
            unit_by_province=after,
        )

    def _stands_off(self, resolver: Resolver, m: int) -> bool:
        """A failed move leaves its destination contested unless it never got there
        (no convoy) or lost head to head (rules/000 §9.7, DATC 6.F.7, 4.A.7)."""
        t = self.tables
        if t.convoyed[m] and not resolver.path(m):
            return False
        opponent = t.opponent[m]
        return not (opponent >= 0 and resolver.result[opponent])

    def _dislodgement(
        self, unit: Unit, attack: int, after: dict[str, Unit], standoffs: frozenset[str]
    ) -> Dislodgement:
        """rules/000 §11: not where the attacker came from (unless it came by convoy,
        DATC 4.A.5), not an occupied space, not a space left empty by a standoff."""
        t, board = self.tables, self.board
        attacker_from = t.province[attack]
        via_convoy = t.convoyed[attack]

        def open_to(province: str) -> bool:
            return (
                province not in after
                and province not in standoffs
                and (via_convoy or province != attacker_from)
            )

        if unit.type is _FLEET:
            retreats = sorted(
                (
                    loc
                    for loc in board.fleet_adjacency.get(unit.location, ())
                    if open_to(loc.province)
                ),
                key=_location_key,
            )
        else:
            places = board.army_adjacency.get(unit.location.province, ())
            at = board.army_location
            retreats = [at[p] for p in sorted(p for p in places if open_to(p))]
        return Dislodgement(unit, attacker_from, tuple(retreats), via_convoy)

    def _outcomes(
        self, resolver: Resolver, succeeded: list[bool], dislodged_by: dict[str, int]
    ) -> tuple[Outcome, ...]:
        if not dislodged_by:
            return self._outcomes_undisturbed(resolver, succeeded)
        t, early, void, order_at = self.tables, self.early, self.void, self.order_at
        kinds, province, paradox, convoyed = t.kind, t.province, resolver.paradox, t.convoyed
        out: list[Outcome] = []
        add = out.append
        for i, order in enumerate(self.orders):
            attack = dislodged_by.get(province[i])
            kind = kinds[i]
            if kind == MOVE:  # a unit that moved away cannot be dislodged
                if succeeded[i]:
                    add(Outcome(order, True))
                else:
                    by = None if attack is None else province[attack]
                    if convoyed[i]:
                        add(self._move_outcome(i, order, resolver, False, by))
                    else:
                        add(Outcome(order, False, _BOUNCED, by))
            elif kind == HOLD:  # a hold, or an order not in play (the unit holds)
                if i in early:
                    # Only the order the unit follows is dislodged with it.
                    if attack is None or order_at.get(province[i]) != i:
                        add(Outcome(order, False, early[i]))
                    else:
                        add(Outcome(order, False, early[i], province[attack]))
                elif attack is None:
                    add(Outcome(order, True))
                else:
                    add(Outcome(order, False, _DISLODGED, province[attack]))
            else:
                by = None if attack is None else province[attack]
                if i in void:
                    add(Outcome(order, False, void[i], by))
                elif kind == SUPPORT:
                    if not succeeded[i]:
                        add(Outcome(order, False, _CUT, by))
                    elif by is None:
                        add(Outcome(order, True))
                    else:
                        # A support not cut though its unit was dislodged: the 1982 rule
                        # (6.F.17).
                        add(Outcome(order, True, _DISLODGED, by))
                elif i in paradox or by is None:
                    add(self._convoy_outcome(i, order, resolver, by))
                else:
                    add(Outcome(order, False, _DISLODGED, by))
        return tuple(out)

    def _outcomes_undisturbed(
        self, resolver: Resolver, succeeded: list[bool]
    ) -> tuple[Outcome, ...]:
        """`_outcomes` when no unit was dislodged, the usual case, read more directly."""
        early, void, kinds, convoyed = self.early, self.void, self.tables.kind, self.tables.convoyed
        out: list[Outcome] = []
        add = out.append
        for i, order in enumerate(self.orders):
            kind = kinds[i]
            if kind == HOLD:
                add(Outcome(order, False, early[i]) if i in early else Outcome(order, True))
            elif succeeded[i] and kind != CONVOY and i not in void:
                add(Outcome(order, True))  # a move that moved, a support given
            elif kind == MOVE:
                if convoyed[i]:
                    add(self._move_outcome(i, order, resolver, False, None))
                else:
                    add(Outcome(order, False, _BOUNCED))  # by land, only a bounce stops it
            elif i in void:
                add(Outcome(order, False, void[i]))
            elif kind == SUPPORT:
                add(Outcome(order, False, _CUT))
            else:
                add(self._convoy_outcome(i, order, resolver, None))
        return tuple(out)

    def _move_outcome(
        self, i: int, order: Order, resolver: Resolver, moved: bool, by: str | None
    ) -> Outcome:
        t = self.tables
        if moved:
            return Outcome(order, True)
        if t.convoyed[i] and not resolver.path(i):
            seas = t.route_seas[i] or {}
            paradox = any(c in resolver.paradox for c in seas.values())
            return Outcome(order, False, _PARADOX if paradox else _NO_CONVOY, by)
        return Outcome(order, False, _BOUNCED, by)

    def _convoy_outcome(self, i: int, order: Order, resolver: Resolver, by: str | None) -> Outcome:
        if i in resolver.paradox:
            return Outcome(order, False, _PARADOX, by)
        if self._carried(i, resolver):
            return Outcome(order, True)
        return Outcome(order, False, _DISRUPTED)

    def _carried(self, c: int, resolver: Resolver) -> bool:
        """The army moved along a route of successful convoys through this fleet."""
        t = self.tables
        order = self.orders[c]
        assert isinstance(order, Convoy)
        m = self.order_at[order.army.province]
        if not resolver.path(m):
            return False
        seas, links = t.route_seas[m], t.route_links[m]
        ok = {s for s, k in seas.items() if resolver.result[k]}
        from_start = _spread(set(t.route_start[m]) & ok, links, ok)
        from_end = _spread(set(t.route_end[m]) & ok, links, ok)
        return t.province[c] in from_start and t.province[c] in from_end


def _unit_key(unit: Unit) -> tuple[str, str, str, str]:
    """The units' canonical order (as `Unit` sorts) without comparing dataclasses."""
    location = unit.location
    return unit.power, unit.type, location.province, location.coast or ""


def _location_key(location: Location) -> tuple[str, str]:
    return location.province, location.coast or ""


def _spread(start: set[str], links: dict[str, tuple[str, ...]], ok: set[str]) -> set[str]:
    seen, stack = set(start), list(start)
    while stack:
        for nxt in links[stack.pop()]:
            if nxt in ok and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen
