"""Scores at the end of a game: rules/004 "Player Ratings" (BasicScore ± Time), with
draw-size and sum-of-squares as options."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudication.model.units import Power
from bot.service.kernel import Scoring

# rules/004: "BasicScore for n-player Draw" and "BasicScore by Position".
DRAW_BASIC = {2: 16, 3: 13, 4: 10, 5: 7, 6: 4, 7: 2}
POSITION_BASIC = {1: 20, 2: 11, 3: 6, 4: 3, 5: 1, 6: 0, 7: -1}
# Time per winter: 0.25 for the first five years, 0.20 for the next five, … down to 0.05.
TIME_STEPS = (0.25, 0.20, 0.15, 0.10, 0.05)


@dataclass(frozen=True, slots=True)
class PowerResult:
    """How a power finished: its centres (and units) at the end, or the year it was
    eliminated."""

    centres: int
    eliminated_year: int | None = None
    units: int = 0


def time_bonus(winters: int) -> float:
    """rules/004 "Time": the winters a player was in the game, weighted."""
    total = 0.0
    for i in range(max(0, winters)):
        if i // 5 >= len(TIME_STEPS):
            break
        total += TIME_STEPS[i // 5]
    return round(total, 4)


def _positions(results: Mapping[Power, PowerResult], by_units: bool) -> dict[Power, float]:
    """Basic score by position; tied powers share the average of the places they fill
    (rules/004: "If two or more countries are eliminated in the same year …")."""

    def key(p: Power) -> tuple[int, int]:
        r = results[p]
        # Survivors rank by centres (rules/004 rule 5), or by units when units decided
        # the short game; the eliminated after them, later out ranks higher.
        count = r.units if by_units else r.centres
        return (1, -count) if r.eliminated_year is None else (2, -r.eliminated_year)

    ordered = sorted(results, key=key)
    basic: dict[Power, float] = {}
    place = 1
    for _, tied in _groupby(ordered, key):
        places = range(place, place + len(tied))
        avg = sum(POSITION_BASIC.get(n, -1) for n in places) / len(tied)
        for p in tied:
            basic[p] = avg
        place += len(tied)
    return basic


def _groupby(items, key):
    groups: list[tuple[object, list]] = []
    for item in items:
        k = key(item)
        if groups and groups[-1][0] == k:
            groups[-1][1].append(item)
        else:
            groups.append((k, [item]))
    return groups


def scores(
    results: Mapping[Power, PowerResult],
    winners: tuple[Power, ...],
    first_year: int,
    last_year: int,
    method: Scoring = Scoring.HAYNES,
    *,
    by_units: bool = False,
) -> dict[Power, float]:
    """Each power's score. `winners`: one power for a solo, several for a draw.

    Haynes: winners and draw participants get BasicScore − Time, others BasicScore +
    Time, Time counting the winters the power was in the game: up to `last_year`
    inclusive for survivors, the year of the game's last phase played (or the year a
    draw was agreed); up to the year before elimination for the eliminated ("out in
    1904" counts 1901–1903). `by_units`: the survivors' places go by units on the
    board, as the short game's winner was chosen; otherwise by centres.
    """
    if method is Scoring.DRAW_SIZE:
        return {p: (round(1 / len(winners), 4) if p in winners else 0.0) for p in results}
    if method is Scoring.SUM_OF_SQUARES:
        if len(winners) == 1:
            return {p: (100.0 if p in winners else 0.0) for p in results}
        squares = {p: (r.units if by_units else r.centres) ** 2 for p, r in results.items()}
        total = sum(squares.values()) or 1
        return {p: round(100 * s / total, 4) for p, s in squares.items()}

    basic = _positions(results, by_units)
    draw = len(winners) > 1
    out: dict[Power, float] = {}
    for power, result in results.items():
        end = result.eliminated_year - 1 if result.eliminated_year else last_year
        winters = end - first_year + 1
        if power in winners:
            base = DRAW_BASIC[len(winners)] if draw else POSITION_BASIC[1]
            out[power] = round(base - time_bonus(winters), 4)
        else:
            out[power] = round(basic[power] + time_bonus(winters), 4)
    return out
