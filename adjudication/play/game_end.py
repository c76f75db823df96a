"""How a game ends on the board: a solo win, the short game's year limit, a stalemate.

Draws agreed by vote are the service's business, not the board's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.result import EndKind, GameEnd
from adjudication.model.rules import Rules, YearLimitMeasure
from adjudication.model.units import Power


def check_solo(ownership: Mapping[str, Power], rules: Rules) -> GameEnd | None:
    """rules/000 §2: "As soon as one Great Power controls 18 Supply Centers ... the
    player representing that Great Power is the winner."

    Checked when ownership changes, after a Fall with its retreats. Should a variant's
    threshold let two powers reach it at once, the one with more centres wins and an
    exact tie is shared.
    """
    counts: dict[Power, int] = {}
    for owner in ownership.values():
        counts[owner] = counts.get(owner, 0) + 1
    best = max(counts.values(), default=0)
    if best < rules.victory_centres:
        return None
    return GameEnd(EndKind.SOLO, tuple(sorted(p for p, n in counts.items() if n == best)))


def check_year_limit(position: Position, completed_year: int, rules: Rules) -> GameEnd | None:
    """rules/000 §3, the short game: once the year `rules.year_limit` is complete (its
    adjustments made, or its Fall with retreats when no adjustment phase is needed),
    "the player who has the most pieces on the board at that time" wins.

    Pieces are units, as the rulebook says: after the adjustments that is the centre
    count except for a power that could not place all its builds. With
    `rules.year_limit_measure` CENTRES, supply centres decide instead (rules/001: "the
    person with the most supply centers after the Fall 1910 turn"). Equal counts share
    the win.
    """
    if rules.year_limit is None or completed_year < rules.year_limit:
        return None
    counts = year_limit_counts(position, rules)
    best = max(counts.values(), default=0)
    return GameEnd(EndKind.YEAR_LIMIT, tuple(sorted(p for p, n in counts.items() if n == best)))


def year_limit_counts(position: Position, rules: Rules) -> dict[Power, int]:
    """What the short game counts for each power still in it: its units on the board,
    or its supply centres (`rules.year_limit_measure`)."""
    counts: dict[Power, int] = {}
    if rules.year_limit_measure is YearLimitMeasure.CENTRES:
        for owner in position.ownership.values():
            counts[owner] = counts.get(owner, 0) + 1
        return counts
    for unit in position.units:
        counts[unit.power] = counts.get(unit.power, 0) + 1
    return counts


def check_stalemate(
    ownership_history: Sequence[Mapping[str, Power]], rules: Rules
) -> GameEnd | None:
    """rules/004 rule 6: "If three consecutive winters pass with identical ownership of
    all supply centers, the game is automatically declared a stalemate and is ended,
    with all remaining countries sharing in a draw."

    `ownership_history` is the centre ownership of consecutive winters (the ownership
    after each year's Fall with its retreats), oldest first, the latest being the
    winter just reached. The game ends when the last `rules.stalemate_winters` of
    them are identical: three winters in a row with the same owner for every centre.
    The remaining countries are the powers owning a centre in that winter (a power
    with none loses its last units in those adjustments).
    """
    n = rules.stalemate_winters
    if n is None or n < 1 or len(ownership_history) < n:
        return None
    recent = [dict(o) for o in ownership_history[-n:]]
    if any(o != recent[-1] for o in recent):
        return None
    return GameEnd(EndKind.STALEMATE, tuple(sorted(set(recent[-1].values()))))


def check_game_end(
    position: Position,
    winter_history: Sequence[Mapping[str, Power]],
    board: Board,
    rules: Rules,
    *,
    fall_completed: bool,
    completed_year: int | None,
    solo: bool = True,
) -> GameEnd | None:
    """Whether the game ends with `position`, the position after the phase just played.

    - `fall_completed`: that phase finished a Fall (with its retreats), so ownership
      was just updated: a solo and the stalemate rule are checked, the stalemate with
      `winter_history` (earlier winters' ownership, oldest first, one per year up to
      the year before) followed by this winter's ownership.
    - `completed_year`: the year whose last phase was just played (its adjustments,
      or its Fall when the adjustment phase is skipped), for the short game.

    - `solo`: False in a variant another victory decides (World War I's 24 units).

    When several apply at once, a solo beats the year limit, which beats a stalemate.
    `board` is for variants whose victory rule lives on the board; the standard
    rules need only the ownership, the units and the rule options.
    """
    checks: list[GameEnd | None] = []
    if fall_completed and solo:
        checks.append(check_solo(position.ownership, rules))
    if completed_year is not None:
        checks.append(check_year_limit(position, completed_year, rules))
    if fall_completed:
        checks.append(check_stalemate((*winter_history, position.ownership), rules))
    return next((c for c in checks if c is not None), None)
