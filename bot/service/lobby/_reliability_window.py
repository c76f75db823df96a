"""A player's record, counted from what each phase keeps (QUEUE: "Reliability:
computed from what the service already stores, never from messages; a rollback
recomputes it; excused misses, absences and phases with nothing to order never count
against a player").

A phase counts for the player who held a power when it began (`PhaseRow.start_state`),
if that power owed orders in it (the one rule: `owes_orders`, read as the NMR
bookkeeping reads it). It was ordered if the player's own message of orders for each
such power was kept before the deadline; missed otherwise, unless an excused miss was
spent for the power or its player had declared an absence during the phase. Of the
phases ordered, it was quick if each such power was marked ready when the phase was
played (`PhaseRow.ready`; a mark cannot be made after the deadline, and in a grace only
by the late, who had ordered nothing by it); phases played before the marks were kept
are left out of quickness. Phases rolled back never count; the phases played again do.
The phases are read most recent first, a page at a time, until the window is full: four
statements per record (the player's games, their absences, a page of phases, their
messages of orders in it), however many games the server has finished.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.board import Board
from adjudication.model.optional_rules import NO_MASTERS_RULES
from adjudication.model.result import EndKind
from adjudication.model.units import Power
from bot.service.kernel import GameSettings, GameStatus
from bot.service.lobby._reliability_record import WINDOW, PlayerRecord
from bot.service.orders import owes_orders
from bot.service.variants import parts_for
from storage import queries
from storage.codec import position_from_json
from storage.models import AbsenceRow

# Phases read at a time: about a window's worth of owed phases once those with nothing
# to order and those of other players are passed over.
PAGE = 2 * WINDOW

_Away = Mapping[tuple[int, Power], Sequence[AbsenceRow]]


@dataclass(slots=True)
class _Tally:
    """The window's phases: owed, ordered before the deadline, and of those ordered,
    whose ready marks were kept (`known`) and marked ready for every power (`ready`)."""

    owed: int = 0
    ordered: int = 0
    known: int = 0
    ready: int = 0


async def record_of(
    session: AsyncSession, board: Board, guild_id: int, user_id: int
) -> PlayerRecord:
    """The player's record on the server `guild_id` (`PlayerRecord`)."""
    games = await queries.ratings.record_games(session, guild_id, user_id)
    finished = sum(
        1
        for game in games
        if game.holds and game.status == GameStatus.ENDED and game.end_kind != EndKind.CANCELLED
    )
    left = sum(1 for game in games if game.lost)
    counted = [game.id for game in games if _counts(game.status, game.settings)]
    tally = await _phases(session, board, user_id, counted) if counted else _Tally()
    return PlayerRecord(
        user_id, tally.owed, tally.ordered, finished, left, tally.ready, tally.known
    )


async def _phases(session: AsyncSession, board: Board, user_id: int, game_ids: list[int]) -> _Tally:
    """The last WINDOW phases owed in these games, read most recent first, a page at
    a time."""
    away = _by_power(await queries.ratings.absences_of(session, user_id, game_ids))
    tally = _Tally()
    before: tuple[datetime, int] | None = None
    while True:
        page = await queries.ratings.played_phases(session, game_ids, PAGE, before)
        held = [(row, powers) for row in page if (powers := _held(row, user_id))]
        sent = await queries.ratings.sent_in_time(session, user_id, {r.id for r, _ in held})
        for row, powers in held:
            owing = _owing(row, powers, board)
            missed = [p for p in owing if (row.id, p) not in sent]
            if not owing or (missed and all(_forgiven(row, p, away) for p in missed)):
                continue
            tally.owed += 1
            if not missed:
                _ordered(tally, row.ready, owing)
            if tally.owed == WINDOW:
                return tally
        if len(page) < PAGE:
            return tally
        before = (page[-1].adjudicated_at, page[-1].id)


def _ordered(tally: _Tally, ready: list | None, owing: tuple[Power, ...]) -> None:
    """A phase ordered: quick if every power that owed was ready (a player holding
    several is quick only for all of them); not known when played before 0020."""
    tally.ordered += 1
    if ready is not None:
        tally.known += 1
        tally.ready += all(power in ready for power in owing)


def _counts(status: GameStatus, settings: dict) -> bool:
    """A game's phases count at once, or, in a hidden-information game (Kriegsplomacy,
    Spy), once it is over: rules/004 reports no missed orders in Kriegsplomacy, and a
    record that moved after each phase would tell everyone who had missed one."""
    if status == GameStatus.ENDED:
        return True
    return not parts_for(GameSettings.model_validate(settings).variant).hides_the_board


def _held(row: queries.ratings.PlayedPhase, user_id: int) -> tuple[Power, ...]:
    """The powers the player held when the phase began (a phase begun before start
    states were kept counts for nobody)."""
    state = row.start_state or {}
    return tuple(
        power for power, then in state.get("powers", {}).items() if then.get("user_id") == user_id
    )


def _owing(
    row: queries.ratings.PlayedPhase, held: tuple[Power, ...], board: Board
) -> tuple[Power, ...]:
    """Of `held`, the powers that owed orders in the phase. Decoded only here, once a
    phase is the player's, and apart from the store's cache: old phases would push out
    the running ones."""
    position = position_from_json(row.position)
    if parts_for(position.variant).owes_a_secret_order(position):
        return ()  # Spy Diplomacy's secret placement: never a miss (the NMR bookkeeping's)
    return tuple(p for p in held if owes_orders(position, p, board, NO_MASTERS_RULES))


def _by_power(absences: Iterable[AbsenceRow]) -> _Away:
    away: dict[tuple[int, Power], list[AbsenceRow]] = {}
    for absence in absences:
        away.setdefault((absence.game_id, absence.power), []).append(absence)
    return away


def _forgiven(row: queries.ratings.PlayedPhase, power: Power, away: _Away) -> bool:
    """A miss that does not count: an excused miss spent for the power in the phase, or
    an absence its player declared that held during the phase (until it was cancelled)."""
    if power in (row.excused or ()):
        return True
    for absence in away.get((row.game_id, power), ()):
        ended = min(absence.ends_at, absence.cancelled_at or absence.ends_at)
        if absence.starts_at < row.adjudicated_at and ended > row.started_at:
            return True
    return False
