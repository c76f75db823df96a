"""Kruijswijk's guess algorithm: the decisions of a movement phase (DATC chapter 5).

Every move, support and convoy order is one yes/no *decision*. `move_succeeds`,
`_support_given` and `_convoy_holds` state the rule of a decision in terms of others
(DATC 5.B); `resolve` finds a consistent answer, guessing where decisions depend on
each other in a cycle (DATC 5.F, with the "recursion hits" refinement so that a cycle
is settled by the order that began it). A cycle with two answers or none gets the
backup rule (DATC 5.B.9): circular movement all moves; a convoy paradox fails the
convoys in it (the Szykman rule, DATC 4.A.2).

Orders are referred to by index into the phase's `Tables`, built by
`adjudication.play.layout`; nothing here knows the board or the order classes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol


class _Unit(Protocol):
    """What the resolver reads of a unit: whose it is."""

    @property
    def power(self) -> str: ...


HOLD, MOVE, SUPPORT, CONVOY = 0, 1, 2, 3
"""Kinds of order in play."""


@dataclass(slots=True)
class Tables:
    """One phase's orders as parallel lists indexed by order number, plus lookups.

    Built once per phase so that no decision has to search the orders.
    """

    kind: list[int]
    power: list[str]  # the power of the ordered unit
    province: list[str]  # where the ordered unit stands
    dest: list[str]  # moves: the destination province
    convoyed: list[bool]  # moves: goes by convoy (never by land)
    opponent: list[int]  # moves: the head-to-head opponent's order, or -1
    supports: list[Sequence[int]]  # moves: the support orders that match it
    target: list[str]  # supports: the province the support is given into
    protected: list[bool]  # supports: not cut by convoyed armies (rules/000 §12.5)
    # Convoyed moves with matching convoys (None for other orders):
    route_seas: list[dict[str, int] | None]  # sea -> the convoy order of the fleet there
    route_start: list[tuple[str, ...] | None]  # route seas next to the origin
    route_end: list[frozenset[str] | None]  # route seas next to the destination
    route_links: list[dict[str, tuple[str, ...]] | None]  # sea -> neighbouring route seas
    order_at: Mapping[str, int]  # province -> the order of the unit there
    occupant: Mapping[str, _Unit]  # province -> the unit there (ordered or not)
    moves_into: dict[str, list[int]]  # filled by the layout
    hold_supports: dict[str, list[int]]
    decisions: list[int]  # every move, support and convoy, by index


class Resolver:
    """Resolves the decisions of one phase; read `result` after `resolve_all`."""

    __slots__ = (
        "cycle",
        "guess_based",
        "hits",
        "in_cycle",
        "paradox",
        "resolved",
        "result",
        "tables",
        "visited",
    )

    def __init__(self, tables: Tables) -> None:
        size = len(tables.kind)
        self.tables = tables
        self.resolved = [False] * size
        self.result = [False] * size
        self.visited = [False] * size
        self.in_cycle = [False] * size
        self.cycle: list[int] = []
        self.guess_based = False
        self.hits = 0
        self.paradox: set[int] = set()  # convoys failed by the Szykman rule

    @property
    def decide(self) -> tuple[Callable[[int], bool] | None, ...]:
        """The rule of each kind of decision, indexed by kind (HOLD has none)."""
        return (None, self.move_succeeds, self._support_given, self._convoy_holds)

    def resolve_all(self) -> list[bool]:
        """Decide every move, support and convoy; the answers by order index."""
        for order in self.tables.decisions:
            self.resolve(order)
        return self.result

    # --- DATC 5.F: the generic resolve, with guesses, cycles and the backup rule ---

    def resolve(self, order: int) -> bool:
        """The decision of `order`: final, or a guess while its cycle is open."""
        if self.resolved[order]:
            return self.result[order]
        if self.in_cycle[order]:
            # Known to hang on an open guess: answer with what was found so far.
            self.guess_based = True
            return self.result[order]
        if self.visited[order]:
            # Deeper in the recursion we met this order again: a cycle.
            self.cycle.append(order)
            self.in_cycle[order] = True
            self.guess_based = True
            self.hits += 1
            return self.result[order]

        self.visited[order] = True
        old_len, old_hits, old_guess = len(self.cycle), self.hits, self.guess_based
        self.guess_based = False
        self.result[order] = False
        decide = _RULES[self.tables.kind[order]]
        first = decide(self, order)
        if not self.guess_based:
            # The usual case: no guess was involved.
            self.guess_based = old_guess
            self.result[order] = first
            self.resolved[order] = True
            self.visited[order] = False
            return first
        return self._guessed(order, first, old_len, old_hits, old_guess)

    def _guessed(
        self, order: int, first: bool, old_len: int, old_hits: int, old_guess: bool
    ) -> bool:
        """`order`'s first answer hung on a guess: leave it open for the cycle's first
        order further up, or, if this order began the cycle, try the other guess and
        settle the cycle (DATC 5.F). `old_*` are the cycle's length, the hits and the
        guess flag as they were before `order` was visited."""
        decide = _RULES[self.tables.kind[order]]
        if self.in_cycle[order]:
            self.hits -= 1
        if self.hits != old_hits:
            # Part of a cycle whose first order is higher up: leave the answer open.
            if not self.in_cycle[order]:
                self.cycle.append(order)
                self.in_cycle[order] = True
            self.result[order] = first
            self.visited[order] = False
            return first

        # This order began the cycle: try the other guess.
        self._forget(old_len)
        self.result[order] = True
        second = decide(self, order)
        own_hit = 1 if self.in_cycle[order] else 0
        if self.hits - own_hit != old_hits:
            # The other guess reached an order higher up: the cycle is larger than this
            # order's part of it, and is settled further up.
            self.hits -= own_hit
            if not self.in_cycle[order]:
                self.cycle.append(order)
                self.in_cycle[order] = True
            self.result[order] = second
            self.visited[order] = False
            return second
        self.hits = old_hits
        members = self.cycle[old_len:]
        self._forget(old_len)
        self.guess_based = old_guess
        if first == second:
            return self._settle(order, first)
        self.visited[order] = False
        if order not in members:
            members.append(order)
        self._backup(members)
        return self.resolve(order)

    def _settle(self, order: int, outcome: bool) -> bool:
        self.result[order] = outcome
        self.resolved[order] = True
        self.visited[order] = False
        return outcome

    def _forget(self, length: int) -> None:
        cycle, in_cycle = self.cycle, self.in_cycle
        while len(cycle) > length:
            in_cycle[cycle.pop()] = False

    def _backup(self, members: list[int]) -> None:
        """DATC 5.B.9: no single answer for the orders in `members`."""
        kinds = self.tables.kind
        convoys = [member for member in members if kinds[member] == CONVOY]
        if convoys:
            # Szykman: the convoying fleets of the paradox act as if ordered to hold.
            for convoy in convoys:
                self.paradox.add(convoy)
                self._settle(convoy, False)
        elif all(kinds[member] == MOVE for member in members):
            for member in members:  # circular movement: every unit moves
                self._settle(member, True)
        else:
            for member in members:  # not on the standard board; fail the lot
                self._settle(member, False)

    # --- DATC 5.B: the rules of each decision ---

    def move_succeeds(self, order: int) -> bool:
        """5.B.1: the attack beats the defence or hold, and every rival's prevent."""
        tables = self.tables
        if tables.convoyed[order] and not self.path(order):
            return False
        attack = self._attack(order)
        if attack == 0:
            return False
        dest = tables.dest[order]
        opponent = tables.opponent[order]
        if opponent >= 0:
            if attack <= 1 + self._support_count(opponent, None):  # the defend strength
                return False
        elif attack <= self._hold(dest):
            return False
        for rival in tables.moves_into[dest]:
            if rival != order and attack <= self._prevent(rival):
                return False
        return True

    def _attack(self, order: int) -> int:
        """5.B.8: no unit may dislodge, or help dislodge, a unit of its own power."""
        tables = self.tables
        dest = tables.dest[order]
        unit = tables.occupant.get(dest)
        if unit is None:
            return 1 + self._support_count(order, None)
        if tables.opponent[order] < 0:
            leaving = tables.order_at.get(dest, -1)
            if leaving >= 0 and tables.kind[leaving] == MOVE and self.resolve(leaving):
                return 1 + self._support_count(order, None)  # the space is being vacated
        if unit.power == tables.power[order]:
            return 0
        return 1 + self._support_count(order, unit.power)

    def _hold(self, province: str) -> int:
        """5.B.5: a unit that tried to move cannot be supported to hold (rules/000 §9.6)."""
        tables = self.tables
        if province not in tables.occupant:
            return 0
        leaving = tables.order_at.get(province, -1)
        if leaving >= 0 and tables.kind[leaving] == MOVE:
            return 0 if self.resolve(leaving) else 1
        strength = 1
        for support in tables.hold_supports.get(province, ()):
            if self.resolve(support):
                strength += 1
        return strength

    def _prevent(self, order: int) -> int:
        """5.B.6: a unit beaten head to head has no effect where its attacker came from,
        but one dislodged otherwise still stands off others (DATC 4.A.7, 6.G.10)."""
        tables = self.tables
        if tables.convoyed[order] and not self.path(order):
            return 0
        opponent = tables.opponent[order]
        if opponent >= 0 and self.resolve(opponent):
            return 0
        return 1 + self._support_count(order, None)

    def _support_count(self, move: int, not_of: str | None) -> int:
        """The supports given to `move`, but those of the power `not_of`."""
        power = self.tables.power
        count = 0
        for support in self.tables.supports[move]:
            if power[support] != not_of and self.resolve(support):
                count += 1
        return count

    def _support_given(self, support: int) -> bool:
        """5.B.2: cut by an attack from anywhere but the space supported into, or by
        dislodgement from there; never by a unit of the supporter'support own power."""
        tables = self.tables
        power = tables.power[support]
        target = tables.target[support]
        for attack in tables.moves_into.get(tables.province[support], ()):
            if tables.power[attack] == power:
                continue
            if tables.convoyed[attack] and tables.protected[support]:
                continue
            if tables.province[attack] == target:
                # DATC 4.A.4: even by convoy, the attack comes from where the army stood.
                if self.resolve(attack):
                    return False
            elif not tables.convoyed[attack] or self.path(attack):
                return False
        return True

    def _convoy_holds(self, convoy: int) -> bool:
        """5.B.3: the convoying fleet is not dislodged.

        The attacks on the fleet are adjudicated here rather than resolved, so that they
        stay out of any paradox cycle and the cycle is the core of the paradox (DATC 5.D).
        """
        tables = self.tables
        for attack in tables.moves_into.get(tables.province[convoy], ()):
            if self.result[attack] if self.resolved[attack] else self.move_succeeds(attack):
                return False
        return True

    def path(self, army: int) -> bool:
        """5.B.4: a chain of successful convoys from the army to its destination."""
        tables = self.tables
        seas = tables.route_seas[army]
        if not seas:
            return False
        start, end, links = (
            tables.route_start[army],
            tables.route_end[army],
            tables.route_links[army],
        )
        assert start is not None and end is not None and links is not None  # set with seas
        stack, resolve = list(start), self.resolve
        seen: set[str] = set()
        while stack:
            sea = stack.pop()
            if sea in seen:
                continue
            seen.add(sea)
            if not resolve(seas[sea]):
                continue
            if sea in end:
                return True
            stack.extend(links[sea])
        return False


# `Resolver.decide` for the resolver's own use: plain functions, as bound methods kept
# on the resolver would make each resolver a reference cycle that only the garbage
# collector could free.
_RULES: tuple[Callable[[Resolver, int], bool], ...] = (
    lambda resolver, order: False,
    Resolver.move_succeeds,
    Resolver._support_given,
    Resolver._convoy_holds,
)
