"""The lobby: create a game, join, leave, start; and looking games up."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.board import Board
from adjudication.model.units import Power
from adjudication.variants import VARIANTS
from bot.service.kernel import (
    Caller,
    GameInfo,
    GameSettings,
    GameStatus,
    InvalidSetting,
    Moment,
    NotAllowed,
    NotFound,
    PlayerStatus,
    PowerInfo,
    ServiceCore,
    WrongState,
    clean_text,
)
from bot.service.lobby._first_phase import begin_game
from bot.service.lobby._opening import open_game, open_game_in
from bot.service.lobby._player_counts import check_room
from bot.service.lobby._power_deal import check_preferences, deal_powers
from bot.service.lobby._reliability_admission import check_admission
from bot.service.lobby._reliability_record import PlayerRecord
from bot.service.lobby._reliability_window import record_of
from bot.service.lobby._roll_call import call_roll, in_roll_call, roll_call_of
from bot.service.orders import owes_orders, progress
from bot.service.spectators import refuse_spectator
from bot.service.variants import match as matches
from storage import queries
from storage.models import GameRow, PlayerRow
from storage.orders_in_force import slots_of

log = logging.getLogger(__name__)


class Lobby(ServiceCore):
    async def create_game(
        self,
        guild_id: int,
        channel_id: int,
        gm_user_id: int,
        name: str,
        now: datetime,
        settings: GameSettings | None = None,
        seed: int | None = None,
        second_channel_id: int | None = None,
    ) -> GameInfo:
        """Open a game's lobby in a channel. One unfinished game per channel: the
        database refuses a second one, however many are created at once. A one-on-one
        match's lobby names the channel of its second board (`second_channel_id`)."""
        name = " ".join(clean_text(name).split())
        if not 1 <= len(name) <= 100:
            raise InvalidSetting("A game's name must be 1 to 100 characters.")
        settings = settings or GameSettings()
        matches.check_second_channel(settings, channel_id, second_channel_id)
        try:
            return await open_game(
                self, guild_id, channel_id, gm_user_id, name, now, settings, seed, second_channel_id
            )
        except IntegrityError:
            # Another game was opened in this channel at the same moment.
            async with self.transaction() as session:
                other = await open_game_in(session, channel_id)
            raise WrongState(
                f"This channel already has a game: {other.name if other else 'another one'}."
            ) from None

    async def join(
        self,
        game_id: int,
        caller: Caller,
        now: datetime,
        preferences: Sequence[Power] | None = None,
        *,
        reads_private_threads: bool = False,
        display_name: str | None = None,
    ) -> GameInfo:
        """Join a lobby, optionally naming up to three powers in priority (rules/001).
        Joining again changes nothing (preferences are changed with
        `set_preferences`). `reads_private_threads`: the player holds Manage Threads
        or Administrator in the game's channel, so Discord shows them every private
        thread; the GM is told at the start. `display_name`: their name in the server,
        shown beside mentions of them."""
        prefs = check_preferences(self.board, preferences or ())
        user_id = caller.user_id
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            _refuse_if_closed(game)
            await refuse_spectator(session, game, user_id, caller)  # issue 31
            players = [p for p in await queries.players.of_game(session, game_id)]
            mine = next((p for p in players if p.user_id == user_id), None)
            joined = [p for p in players if p.status == PlayerStatus.JOINED]
            if mine is not None and display_name:
                mine.display_name = display_name[:100]
            if mine is not None and mine.status == PlayerStatus.JOINED:
                mine.reads_private_threads = reads_private_threads
                if preferences is not None:
                    mine.preferences = list(prefs)
            else:
                settings = self._settings(game)
                await _admit(session, self.board, game, settings, user_id, mine, len(joined))
                seat = _Seat(user_id, prefs, now, reads_private_threads, display_name)
                seat.taken(session, game_id, mine)
            await session.flush()
            return await self.info_of(session, game)

    async def lobby_records(self, game_id: int, caller: Caller) -> tuple[PlayerRecord, ...]:
        """Issue 31: each lobby player's record, in the order they joined, for the GM
        to see before the start; nothing for anyone else, nor once the game has begun."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller, lock=False)
            gm = caller.is_gm_of(game.gm_user_id, game.guild_id)
            if game.status != GameStatus.LOBBY or not gm:
                return ()
            joined = [
                p.user_id
                for p in await queries.players.of_game(session, game.id)
                if p.status == PlayerStatus.JOINED
            ]
            return tuple(
                [await record_of(session, self.board, game.guild_id, user) for user in joined]
            )

    async def set_preferences(
        self, game_id: int, caller: Caller, preferences: Sequence[Power]
    ) -> tuple[Power, ...]:
        """A player in the lobby names (again) the powers they would most like. Only a
        player still in the lobby: a menu left open after `/game leave`, or after the
        start, changes nothing and never joins anyone."""
        prefs = check_preferences(self.board, preferences)
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            if game.status != GameStatus.LOBBY or in_roll_call(game):
                raise WrongState(f"{game.name} has already started: powers are given out.")
            mine = next(
                (
                    p
                    for p in await queries.players.of_game(session, game_id)
                    if p.user_id == caller.user_id
                ),
                None,
            )
            if mine is None or mine.status != PlayerStatus.JOINED:
                raise WrongState(
                    f"You are not in the lobby of {game.name} now; `/game join` first."
                )
            mine.preferences = list(prefs)
            return prefs

    async def preferences_of(self, game_id: int, user_id: int) -> tuple[Power, ...]:
        """A lobby player's wishes, as they stand."""
        async with self.transaction() as session:
            rows = await queries.players.of_game(session, game_id)
            mine = next((p for p in rows if p.user_id == user_id), None)
            return tuple(mine.preferences) if mine is not None else ()

    async def leave(self, game_id: int, caller: Caller, now: datetime) -> GameInfo:
        """Leave a lobby. (Leaving a running game is for the GM: replace or civil disorder.)"""
        user_id = caller.user_id
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            if game.status != GameStatus.LOBBY:
                raise WrongState(
                    f"{game.name} is under way; ask the GM to replace you or put your "
                    "power in civil disorder."
                )
            if in_roll_call(game):
                raise WrongState(
                    f"The powers of {game.name} are dealt and its roll-call is under way. If "
                    "you will not play, ask the GM to give your place to someone else "
                    "(`/gm replace`)."
                )
            mine = next(
                (
                    p
                    for p in await queries.players.of_game(session, game_id)
                    if p.user_id == user_id
                ),
                None,
            )
            if mine is None or mine.status != PlayerStatus.JOINED:
                raise NotFound(f"You are not in {game.name}.")
            mine.status = PlayerStatus.LEFT
            await session.flush()
            return await self.info_of(session, game)

    async def start(self, game_id: int, caller: Caller, now: datetime) -> GameInfo:
        """Assign powers (rules/000 §14.2 for fewer players), write Spring 1901 and its
        deadline, and announce it; or, with a roll-call (issue 31), ask each player to
        answer first: the game begins when every one has."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            self._require_gm(game, caller)
            if game.status != GameStatus.LOBBY:
                raise WrongState(f"{game.name} has already started.")
            if in_roll_call(game):
                raise WrongState(
                    f"The roll-call of {game.name} is under way: the game begins when every "
                    "player has answered. `/game status` shows who has."
                )
            settings = self._settings(game)
            joined = [
                p
                for p in await queries.players.of_game(session, game_id)
                if p.status == PlayerStatus.JOINED
            ]
            _, settings, groups, _ = deal_powers(self.board, session, game, settings, joined)
            await session.flush()
            if settings.roll_call:
                call_roll(session, game, settings, groups, now)
            else:
                await begin_game(self, session, game, groups, now)
            await session.flush()
            return await self.info_of(session, game)

    async def game_info(self, game_id: int) -> GameInfo:
        """A game by id, for the bot itself (its events and deliveries). What a person
        asks for goes through `find_game`, which checks that they may see it."""
        async with self.transaction() as session:
            return await self.info_of(session, await self._game(session, game_id, lock=False))

    async def find_game(
        self, caller: Caller, game_id: int | None = None, channel_id: int | None = None
    ) -> GameInfo:
        """The game a person means: the one numbered `game_id` if they may see it (a
        game of another server, or in a DM one they take no part in, answers as one
        that does not exist); else the game of `channel_id` (a server channel); else
        (a DM) the only running game they play in."""
        async with self.transaction() as session:
            if game_id is not None:
                game = await self._game_for(session, game_id, caller, lock=False)
                return await self.info_of(session, game)
            if channel_id is not None:
                games = [
                    g
                    for g in await queries.games.in_channel(session, channel_id)
                    if caller.guild_id in (None, g.guild_id)
                ]
                if not games:
                    raise NotFound("There is no game in this channel.")
                running = [g for g in games if g.status != GameStatus.ENDED]
                return await self.info_of(session, (running or games)[-1])
            games = list(await queries.games.of_user(session, caller.user_id))
        if len(games) == 1:
            return await self.game_info(games[0].id)
        if not games:
            raise NotFound("You are not playing in any running game.")
        names = ", ".join(f"{g.name} (game {g.id})" for g in games)
        raise NotFound(f"You play in several games ({names}); give the `game` option.")

    async def find_gm_game(
        self, caller: Caller, game_id: int | None = None, channel_id: int | None = None
    ) -> GameInfo:
        """The game a GM tool is used on, as `find_game` finds it: refused unless the
        caller is its GM (asked before any confirming button is shown)."""
        info = await self.find_game(caller, game_id, channel_id)
        if not caller.is_gm_of(info.gm_user_id, info.guild_id):
            raise NotAllowed(f"Only the GM of {info.name} may do that.")
        return info

    async def still_current(self, moment: Moment) -> None:
        """The one check of every button and menu: refuse, saying why, when the game
        is no longer as it was when the component was made (the lobby closed, the
        phase played, the game over)."""
        async with self.transaction() as session:
            game = await self._game(session, moment.game_id, lock=False)
            if game.status == moment.status and game.current_phase_id == moment.phase_id:
                return
            if game.status == GameStatus.ENDED:
                raise WrongState(f"{game.name} is over; this no longer applies.")
            if moment.status == GameStatus.LOBBY:
                raise WrongState(f"The lobby of {game.name} has closed: the game has started.")
            phase = await self._current_phase(session, game)
            raise WrongState(
                f"{game.name} has moved on to {self._position(phase).phase.title} since this "
                "was asked; nothing was done. Ask again if it still applies."
            )

    async def match_board(self, game_id: int) -> int | None:
        """One-on-one: the channel of the match's other board (the second channel
        while in the lobby); None for a game of no match."""
        async with self.transaction() as session:
            game = await self._game(session, game_id, lock=False)
            return await matches.other_channel(session, game)

    async def game_settings(self, game_id: int) -> GameSettings:
        """The game's settings as its GM chose them."""
        async with self.transaction() as session:
            return self._settings(await self._game(session, game_id, lock=False))

    async def game_in_channel(self, channel_id: int) -> GameInfo:
        """The channel's unfinished game (or its latest one)."""
        async with self.transaction() as session:
            games = await queries.games.in_channel(session, channel_id)
            if not games:
                raise NotFound("There is no game in this channel.")
            running = [g for g in games if g.status != GameStatus.ENDED]
            return await self.info_of(session, (running or games)[-1])

    async def games_of(self, caller: Caller) -> tuple[GameInfo, ...]:
        """The running games a user plays in (as player, standby or proxy); asked from
        a server, only that server's."""
        async with self.transaction() as session:
            games = [
                g
                for g in await queries.games.of_user(session, caller.user_id)
                if caller.guild_id in (None, g.guild_id)
            ]
            return tuple([await self.info_of(session, g) for g in games])

    async def info_of(self, session: AsyncSession, game: GameRow) -> GameInfo:
        everyone = await queries.players.of_game(session, game.id)
        joined = [p for p in everyone if p.status == PlayerStatus.JOINED]
        players = tuple(p.user_id for p in joined)
        powers: tuple[PowerInfo, ...] = ()
        phase_now = None
        if game.current_phase_id is not None:
            phase = await self._current_phase(session, game)
            position = self._position(phase)
            phase_now = position.phase
            submitted = {s.power for s in await queries.submissions.of_phase(session, phase.id)}
            slots = slots_of(await queries.orders.in_force(session, phase.id))
            masters = self._settings(game).rules.masters
            powers = tuple(
                PowerInfo(
                    power=row.power,
                    user_id=row.user_id,
                    standby_user_id=row.standby_user_id,
                    playable=row.playable,
                    civil_disorder=row.civil_disorder,
                    missed_phases=row.missed_phases,
                    centres=len(position.centres_of(row.power)),
                    units=len(position.units_of(row.power)),
                    submitted=row.power in submitted,
                    owes_orders=owes_orders(position, row.power, self.board, masters),
                    ready=row.ready,
                    score=row.score,
                    progress=progress(position, row.power, slots, self.board),
                    excuses_left=row.excuses_left,
                )
                for row in await queries.powers.of_game(session, game.id)
            )
        return GameInfo(
            id=game.id,
            name=game.name,
            guild_id=game.guild_id,
            channel_id=game.channel_id,
            gm_user_id=game.gm_user_id,
            status=GameStatus(game.status),
            phase=phase_now,
            deadline_at=game.deadline_at,
            paused=game.paused_at is not None,
            players=players,
            powers=powers,
            end_kind=game.end_kind,
            winners=tuple(game.winners or ()),
            thread_readers=tuple(p.user_id for p in joined if p.reads_private_threads),
            phase_id=game.current_phase_id,
            names=tuple((p.user_id, p.display_name) for p in everyone if p.display_name),
            roll_call=await roll_call_of(session, game),
        )


def _refuse_if_closed(game: GameRow) -> None:
    """A lobby is joined before the start and before its roll-call, never after."""
    if game.status != GameStatus.LOBBY:
        raise WrongState(f"{game.name} has already started; ask the GM about a standby.")
    if in_roll_call(game):
        raise WrongState(
            f"The lobby of {game.name} has closed: its roll-call is under way. Ask "
            "the GM about a place as a standby."
        )


async def _admit(
    session: AsyncSession,
    board: Board,
    game: GameRow,
    settings: GameSettings,
    user_id: int,
    mine: PlayerRow | None,
    joined: int,
) -> None:
    """Whether a player not in the lobby now may join it: room left for the variant,
    not removed by the GM, and (issue 31) a record the game asks for."""
    check_room(VARIANTS[settings.variant], game.name, joined)
    if mine is not None and mine.status == PlayerStatus.KICKED:
        raise NotAllowed(f"The GM removed you from {game.name}.")
    if settings.min_reliability is not None or settings.reliable_only:
        # Issue 31: only a game that asks reads the player's record.
        record = await record_of(session, board, game.guild_id, user_id)
        check_admission(game.name, settings, record)


@dataclass(frozen=True, slots=True)
class _Seat:
    """A place in a lobby as a player takes it: their wishes, when, whether Discord
    shows them every private thread, their name in the server."""

    user_id: int
    preferences: tuple[Power, ...]
    joined_at: datetime
    reads_private_threads: bool
    display_name: str | None

    def taken(self, session: AsyncSession, game_id: int, mine: PlayerRow | None) -> None:
        """The player's row in the lobby: their old one joined again, or a new one."""
        if mine is not None:
            mine.status, mine.preferences, mine.joined_at = (
                PlayerStatus.JOINED,
                list(self.preferences),
                self.joined_at,
            )
            mine.reads_private_threads = self.reads_private_threads
            return
        session.add(
            PlayerRow(
                game_id=game_id,
                user_id=self.user_id,
                status=PlayerStatus.JOINED,
                preferences=list(self.preferences),
                joined_at=self.joined_at,
                reads_private_threads=self.reads_private_threads,
                display_name=self.display_name[:100] if self.display_name else None,
            )
        )
