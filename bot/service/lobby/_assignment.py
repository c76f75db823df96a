"""Which player plays which power: rules/000 §14.2 for fewer players, and the draw
by preferences (rules/001) or by lots (rules/000 §1). Deterministic given the seed."""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence

from adjudication.model.units import Power
from adjudication.variants import (
    STANDARD_GAME,
    WORLD_WAR_I,
    Grouping,
    UnknownGrouping,
    Variant,
)
from bot.service.kernel import WrongState

# A standard game may be started by two players: it becomes World War I.
MIN_PLAYERS = min(WORLD_WAR_I.player_counts)
MAX_PLAYERS = max(STANDARD_GAME.player_counts)


def variant_played(player_count: int, variant: Variant) -> Variant:
    """The variant a game is played as once `player_count` players joined: a standard
    game of two is rules/000 §14.2's two-player game, World War I (the issue: "chosen
    ... automatically from the number who joined")."""
    if player_count == 2 and variant is STANDARD_GAME:
        return WORLD_WAR_I
    return variant


def power_groups(
    player_count: int, variant: Variant = STANDARD_GAME, chosen: str | None = None
) -> Grouping:
    """How the variant's powers are shared among this many players (rules/000 §14.2 for
    the standard game): `chosen` (the GM's `grouping` option, e.g. "3b") when it is one
    for that number, else the variant's first."""
    played = variant_played(player_count, variant)
    if played is not variant:
        chosen = None  # a choice among the standard game's groupings (e.g. "3b")
    variant = played
    try:
        return variant.grouping_for(player_count, chosen)
    except UnknownGrouping:
        raise WrongState(f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players.") from None


def _rank(preferences: Sequence[Power], group: Sequence[Power]) -> int:
    """How much a player wanted a group: the best rank of any of its powers."""
    ranks = [preferences.index(p) for p in group if p in preferences]
    return min(ranks) if ranks else len(preferences) + 1


def assign(
    players: Sequence[int],
    preferences: Mapping[int, Sequence[Power]],
    seed: int,
    by_lots: bool,
    grouping: Grouping | None = None,
) -> dict[int, tuple[Power, ...]]:
    """Give each player (user id) a group of powers.

    By lots: a seeded shuffle. By preferences: the assignment that gives players the
    highest-ranked groups in total; ties (and players with no wishes) settled by lot,
    so the same seed always gives the same answer. `grouping` defaults to the standard
    game's for this many players.
    """
    groups = (grouping or power_groups(len(players))).holdings
    rng = random.Random(seed)
    order = sorted(players)
    rng.shuffle(order)
    if by_lots:
        shuffled = list(groups)
        rng.shuffle(shuffled)
        return dict(zip(order, shuffled, strict=True))
    # What each player (in the shuffled order) would give for each group, read once.
    ranks = [[_rank(preferences.get(user, ()), group) for group in groups] for user in order]
    best: tuple[int, ...] | None = None
    best_cost = None
    # At most 7! = 5040 permutations: cheap, and exactly optimal.
    for perm in itertools.permutations(range(len(groups))):
        cost = sum(row[g] for row, g in zip(ranks, perm, strict=True))
        if best_cost is None or cost < best_cost:
            best, best_cost = perm, cost
    assert best is not None
    return {user: groups[g] for user, g in zip(order, best, strict=True)}
