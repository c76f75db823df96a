"""Issue 31, a roll-call before the first phase. With the game's `roll_call` setting on,
`/game start` deals the powers and asks each player, by DM, to answer "I'm in" within
the GM's hours; the game begins (`begin_game`) when every place has a player who has
answered. At the time, those who have not lose their places and go back to standby,
each told privately and the GM told who; the GM gives the places with `/gm replace`
(QUEUE: "a player who joins later as a standby for a dropped player confirms by taking
the place", `place_taken`) or waits. One reminder goes, halfway through the time, to
those who have not answered.

The roll-call's time and its reminder live in the game's row (`GameState.call_roll`), so
the scheduler finds them after a restart as it finds deadlines; each is acted on in a
transaction holding the game's row, so once, whichever process gets there first."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.units import Power
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    Caller,
    GameSettings,
    GameState,
    GameStatus,
    NotAllowed,
    PlayerStatus,
    RollCall,
    RollCallAnswer,
    RollCallPlace,
    ServiceCore,
    WrongState,
    timestamp,
)
from bot.service.lobby._first_phase import begin_game, groups_dealt
from storage import queries
from storage.models import GameRow

log = logging.getLogger(__name__)

MAX_GAMES_PER_TICK = 1_000


def in_roll_call(game: GameRow) -> bool:
    """Whether `game` waits on a roll-call: its powers dealt, its first phase not begun
    (its time may be over: then the GM fills the places left)."""
    return game.status == GameStatus.LOBBY and game.roll_called_at is not None


def call_roll(
    session: AsyncSession,
    game: GameRow,
    settings: GameSettings,
    groups: dict[int, tuple[Power, ...]],
    now: datetime,
) -> None:
    """`/game start` with the setting on: each player is asked, by DM, to answer for
    the powers dealt to them; the reminder falls halfway through the time."""
    until = now + timedelta(hours=settings.roll_call_hours)
    GameState(game).call_roll(now, until, now + (until - now) / 2)
    for user, powers in sorted(groups.items()):
        asked = ev.RollCall(powers=powers, until=until)
        add_event(session, asked, now, game_id=game.id, user_id=user)


async def roll_call_of(session: AsyncSession, game: GameRow) -> RollCall | None:
    """The roll-call as `/game status` shows it; None when the game waits on none."""
    if not in_roll_call(game):
        return None
    answered = {
        p.user_id for p in await queries.players.of_game(session, game.id) if p.confirmed_at
    }
    held: dict[int, list[Power]] = {}
    empty: list[Power] = []
    for row in await queries.powers.of_game(session, game.id):
        if not row.playable:
            continue
        if row.user_id is None:
            empty.append(row.power)
        else:
            held.setdefault(row.user_id, []).append(row.power)
    places = [RollCallPlace(tuple(p), user, user in answered) for user, p in held.items()]
    places += [RollCallPlace((power,), None, False) for power in empty]
    return RollCall(until=game.roll_call_until, places=tuple(places))


async def place_taken(
    core: ServiceCore, session: AsyncSession, game: GameRow, user_id: int, now: datetime
) -> None:
    """A place given at the roll-call (`/gm replace`): taking it is the newcomer's
    answer; the game begins if it was the last place waited for."""
    player = await queries.players.one(session, game.id, user_id)
    assert player is not None  # the replacement has just recorded them
    player.confirmed_at = player.confirmed_at or now
    await _begin_if_all_in(core, session, game, now)


async def _begin_if_all_in(
    core: ServiceCore, session: AsyncSession, game: GameRow, now: datetime
) -> bool:
    await session.flush()
    roll_call = await roll_call_of(session, game)
    if roll_call is None or roll_call.waiting or roll_call.empty:
        return False
    await begin_game(core, session, game, await groups_dealt(session, game), now)
    return True


class RollCallDesk(ServiceCore):
    """A player's answer, and what the scheduler does at a roll-call's times."""

    async def answer(self, game_id: int, caller: Caller, now: datetime) -> RollCallAnswer:
        """The player's "I'm in" (the button of the roll-call's DM). Answering again
        changes nothing; an answer after the time is refused, saying why, and changes
        nothing either."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            if game.status == GameStatus.ENDED:  # cancelled, or played to its end since
                raise WrongState(f"{game.name} is over; there is nothing to answer.")
            player = await queries.players.one(session, game.id, caller.user_id)
            rows = await queries.powers.of_game(session, game.id)
            powers = tuple(r.power for r in rows if r.user_id == caller.user_id and r.playable)
            if player is not None and player.confirmed_at is not None and powers:
                roll_call = await roll_call_of(session, game)
                waiting = len(roll_call.waiting) if roll_call else 0
                began = game.status == GameStatus.ACTIVE
                return RollCallAnswer(game.name, powers, waiting, began, already=True)
            if not in_roll_call(game) or _closed(game, now):
                raise WrongState(_closed_text(game, self._settings(game)))
            if not powers or player is None:
                raise NotAllowed(
                    f"You have no place in {game.name} now: the GM gave it to someone else. "
                    "Ask the GM if you still want to play."
                )
            player.confirmed_at = now
            began = await _begin_if_all_in(self, session, game, now)
            roll_call = await roll_call_of(session, game)
            waiting = len(roll_call.waiting) if roll_call else 0
            return RollCallAnswer(game.name, powers, waiting, began)

    async def close_roll_calls(self, now: datetime) -> int:
        """The scheduler's: every roll-call whose time has passed drops those who did
        not answer. Returns how many roll-calls closed."""

        async def close(session: AsyncSession, game: GameRow) -> int:
            if not in_roll_call(game) or not _closed(game, now):
                return 0  # begun, cancelled or closed by another process meanwhile
            await _drop_the_silent(session, game, now)
            return 1

        async with self.transaction() as session:
            due = await queries.games.roll_calls_over(session, now, MAX_GAMES_PER_TICK)
        return await self._each_game(due, close, "closing the roll-call")

    async def remind_roll_calls(self, now: datetime) -> int:
        """The scheduler's: the one reminder of each roll-call that is due, to the
        players who have not answered. Returns how many were reminded."""

        async def remind(session: AsyncSession, game: GameRow) -> int:
            at = game.roll_call_reminder_at
            if not in_roll_call(game) or at is None or at > now or _closed(game, now):
                return 0  # sent, begun or closed meanwhile
            return await _remind(session, game, now)

        async with self.transaction() as session:
            due = await queries.games.roll_call_reminders_due(session, now, MAX_GAMES_PER_TICK)
        return await self._each_game(due, remind, "reminding the roll-call")

    async def _each_game(
        self, due: list[int], act: Callable[[AsyncSession, GameRow], Awaitable[int]], what: str
    ) -> int:
        """`act` on each game of `due` in a transaction of its own, holding the game's
        row (so once, whichever process gets there first). A game that fails is logged
        and tried again on the next tick; it does not stop the others."""
        done = 0
        for game_id in due:
            try:
                async with self.transaction() as session:
                    done += await act(session, await self._game(session, game_id))
            except Exception:
                log.exception("%s of game %s failed", what, game_id)
        return done


def _closed(game: GameRow, now: datetime) -> bool:
    return game.roll_call_until is None or now >= game.roll_call_until


def _closed_text(game: GameRow, settings: GameSettings) -> str:
    if game.status == GameStatus.ACTIVE:
        return f"{game.name} has begun without you: the GM gave your place to someone else."
    due = ""
    if game.roll_called_at is not None:  # the time, whether or not the scheduler closed it
        until = game.roll_called_at + timedelta(hours=settings.roll_call_hours)
        due = f" (answers were due {timestamp(until)})"
    return (
        f"The roll-call of {game.name} has closed{due}: your place goes to a standby. "
        "If you still want to play, ask the GM, who may give you a place with `/gm replace`."
    )


async def _drop_the_silent(session: AsyncSession, game: GameRow, now: datetime) -> None:
    """The roll-call's time is over: each place whose player has not answered loses
    them; they go back to standby, each told privately, and the GM told who."""
    players = {p.user_id: p for p in await queries.players.of_game(session, game.id)}
    missed: dict[Power, int] = {}
    for row in await queries.powers.of_game(session, game.id):
        player = players.get(row.user_id) if row.user_id is not None else None
        if player is None or player.confirmed_at is not None or not row.playable:
            continue
        missed[row.power] = player.user_id
        # Never played by them: the place's score is the next player's alone.
        row.user_id = row.rated_user_id = None
    for user in sorted(set(missed.values())):
        players[user].status = PlayerStatus.STANDBY
        theirs = {power: who for power, who in missed.items() if who == user}
        told = ev.RollCallMissed(to="player", missed=theirs)
        add_event(session, told, now, game_id=game.id, user_id=user)
    if missed:
        told_gm = ev.RollCallMissed(to="gm", missed=missed)
        add_event(session, told_gm, now, game_id=game.id, user_id=game.gm_user_id)
    GameState(game).roll_call_over()


async def _remind(session: AsyncSession, game: GameRow, now: datetime) -> int:
    roll_call = await roll_call_of(session, game)
    assert roll_call is not None and roll_call.until is not None
    reminded = 0
    for place in roll_call.places:
        if place.user_id is not None and not place.answered:
            again = ev.RollCall(powers=place.powers, until=roll_call.until, reminder=True)
            add_event(session, again, now, game_id=game.id, user_id=place.user_id)
            reminded += 1
    GameState(game).roll_call_reminded()
    return reminded
