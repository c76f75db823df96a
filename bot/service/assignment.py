"""Which player plays which power: rules/000 §14.2 for fewer players, and the draw
by preferences (rules/001) or by lots (rules/000 §1). Deterministic given the seed."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

from adjudication.units import Power
from bot.service.errors import WrongState

# rules/000 §14.2. Powers not listed are "eliminated": their units hold, never ordered.
# Three players: the rulebook's first alternative.
GROUPS: dict[int, tuple[tuple[Power, ...], ...]] = {
    7: (
        ("AUSTRIA",),
        ("ENGLAND",),
        ("FRANCE",),
        ("GERMANY",),
        ("ITALY",),
        ("RUSSIA",),
        ("TURKEY",),
    ),
    6: (("AUSTRIA",), ("ENGLAND",), ("FRANCE",), ("GERMANY",), ("RUSSIA",), ("TURKEY",)),
    5: (("AUSTRIA",), ("ENGLAND",), ("FRANCE",), ("RUSSIA",), ("TURKEY",)),
    4: (("ENGLAND",), ("AUSTRIA", "FRANCE"), ("GERMANY", "TURKEY"), ("ITALY", "RUSSIA")),
    3: (("RUSSIA",), ("ENGLAND", "FRANCE", "GERMANY"), ("AUSTRIA", "ITALY", "TURKEY")),
}
MIN_PLAYERS = 3
MAX_PLAYERS = 7


def power_groups(player_count: int) -> tuple[tuple[Power, ...], ...]:
    """The powers each player takes for this many players (standard map)."""
    if player_count == 2:
        raise WrongState(
            "The two-player game (rules/000 §14.2) is a variant with its own start year "
            "and victory rule; it is not available yet. Find a third player."
        )
    if player_count not in GROUPS:
        raise WrongState(f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players.")
    return GROUPS[player_count]


def _rank(preferences: Sequence[Power], group: Sequence[Power]) -> int:
    """How much a player wanted a group: the best rank of any of its powers."""
    ranks = [preferences.index(p) for p in group if p in preferences]
    return min(ranks) if ranks else len(preferences) + 1


def assign(
    players: Sequence[int],
    preferences: Mapping[int, Sequence[Power]],
    seed: int,
    by_lots: bool,
) -> dict[int, tuple[Power, ...]]:
    """Give each player (user id) a group of powers.

    By lots: a seeded shuffle. By preferences: the assignment that gives players the
    highest-ranked groups in total; ties (and players with no wishes) settled by lot,
    so the same seed always gives the same answer.
    """
    groups = power_groups(len(players))
    rng = random.Random(seed)
    order = sorted(players)
    rng.shuffle(order)
    if by_lots:
        shuffled = list(groups)
        rng.shuffle(shuffled)
        return dict(zip(order, shuffled, strict=True))
    best: tuple[int, ...] | None = None
    best_cost = None
    # At most 7! = 5040 permutations: cheap, and exactly optimal.
    for perm in itertools.permutations(range(len(groups))):
        cost = sum(
            _rank(preferences.get(user, ()), groups[g]) for user, g in zip(order, perm, strict=True)
        )
        if best_cost is None or cost < best_cost:
            best, best_cost = perm, cost
    assert best is not None
    return {user: groups[g] for user, g in zip(order, best, strict=True)}
