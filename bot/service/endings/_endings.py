"""The end of a game: who won and the scores (rules/004); ratings are in ratings.py."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.position import Position
from adjudication.model.result import EndKind
from adjudication.model.rules import YearLimitMeasure
from adjudication.model.units import Power
from adjudication.variants import VARIANTS
from bot.service.endings._scoring import PowerResult, scores
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    Caller,
    GameSettings,
    GameState,
    GameStatus,
    ProxyEnd,
    ServiceCore,
    WrongState,
    lapse_open_votes,
)
from bot.service.spectators import tell_the_end
from storage import queries
from storage.enums import AuditAction
from storage.models import GameRow, PhaseRow, PowerRow

log = logging.getLogger(__name__)


class Endings(ServiceCore):
    async def finish(
        self,
        session: AsyncSession,
        game: GameRow,
        position: Position,
        kind: EndKind,
        winners: tuple[Power, ...],
        now: datetime,
        *,
        last_year: int | None = None,
        in_results: bool = False,
        match: str | None = None,
    ) -> None:
        """Close the game: record the result, score it, announce it. Once only: a
        second ending of the same game (two votes passing at once) does nothing.

        `position`: the board at the end (centres and units counted for the scores).
        `last_year`: the year of the last phase played, the last counted by the scores
        (docs/RULES.md, "Scores"); by default the year of `position`, for a draw agreed
        or declared during that phase. `in_results`: the end is announced by the results
        post of the phase that ended it (one post a phase); the channel's own notice then
        only closes the threads. `match`: a one-on-one match's result, said too."""
        if game.status == GameStatus.ENDED:
            log.warning("game %s: asked to end a game already over", game.id)
            return
        await self._end_proxies(session, game, None, ProxyEnd.GAME_OVER, now, withdraw_orders=False)
        GameState(game).end(now, kind, winners)
        await queries.reminders.replace(session, game.id, game.current_phase_id or 0, [])
        powers = await queries.powers.of_game(session, game.id)
        settings = self._settings(game)
        table: dict[Power, float] = {}
        if winners and kind != EndKind.ABANDONED:
            year = position.phase.year if last_year is None else last_year
            table = _final_scores(position, powers, kind, winners, year, settings)
            game.scoring = settings.scoring
        ended = ev.GameEnded(
            kind=kind,
            winners=tuple(winners),
            scores=dict(table),  # as the payload types it: a score may be missing
            scoring=settings.scoring,
            match=match or None,  # One-on-one: the match's result, said with each end
        )
        await _announce_the_end(session, game, powers, ended, now, in_results=in_results)

    async def gm_end_game(
        self,
        game_id: int,
        caller: Caller,
        now: datetime,
        *,
        draw: bool = False,
        expected_phase_id: int | None = None,
    ) -> None:
        """End the game: as a draw among the survivors, or without a result. A game
        still in its lobby is cancelled (`draw` does not apply). `expected_phase_id`:
        the phase the GM confirmed for; if another is being played now, nothing is
        done (`WrongState`)."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            self._require_gm(game, caller)
            if game.status == GameStatus.LOBBY:
                await self._cancel(session, game, caller.user_id, now)
                return
            self._require_active(game)
            phase = await self._current_phase(session, game)
            self.require_phase(game, phase, expected_phase_id, "it was not ended")
            position = self._position(phase)
            survivors = tuple(sorted(p for p in self.board.powers if position.is_alive(p)))
            kind = EndKind.DRAW if draw else EndKind.ABANDONED
            await lapse_open_votes(session, phase, now)
            await self.finish(session, game, position, kind, survivors if draw else (), now)
            queries.audit.add(
                session, game.id, caller.user_id, AuditAction.END, now, {"kind": kind}
            )

    def require_phase(
        self, game: GameRow, phase: PhaseRow, expected_phase_id: int | None, undone: str
    ) -> None:
        """A GM's confirmation acts on the phase it named, or on nothing: `undone` says
        what was not done ("nothing was adjudicated")."""
        if expected_phase_id is not None and phase.id != expected_phase_id:
            title = self._position(phase).phase.title
            raise WrongState(
                f"{game.name} has moved on since you asked: it is now at {title}, so "
                f"{undone}. Ask again if you still want to."
            )

    async def _cancel(self, session: AsyncSession, game: GameRow, actor: int, now) -> None:
        """Close a lobby: no powers were given out, so there is nothing to score."""
        GameState(game).end(now, EndKind.CANCELLED, ())
        queries.audit.add(session, game.id, actor, AuditAction.CANCEL, now)
        cancelled = ev.GameEnded(kind=EndKind.CANCELLED)
        add_event(session, cancelled, now, game_id=game.id, channel_id=game.channel_id)

    # Votes hook in here (bot/service/endings/_votes.py overrides it).


def _final_scores(
    position: Position,
    powers: Sequence[PowerRow],
    kind: EndKind,
    winners: tuple[Power, ...],
    last_year: int,
    settings: GameSettings,
) -> dict[Power, float]:
    """Each power's score by the game's scoring (rules/004), written on its row: the
    centres and units it ends with, counted to `last_year`."""
    results = {
        row.power: PowerResult(
            len(position.centres_of(row.power)),
            row.eliminated_year,
            len(position.units_of(row.power)),
        )
        for row in powers
    }
    table = scores(
        results,
        winners,
        VARIANTS[position.variant].start.year,  # 1914 in World War I
        last_year,
        settings.scoring,
        by_units=kind == EndKind.YEAR_LIMIT
        and settings.rules.year_limit_measure is YearLimitMeasure.UNITS,
    )
    for row in powers:
        row.score = table.get(row.power)
        row.score_choice_from = None  # too late to choose now
    return table


async def _announce_the_end(
    session: AsyncSession,
    game: GameRow,
    powers: Sequence[PowerRow],
    ended: ev.GameEnded,
    now: datetime,
    *,
    in_results: bool,
) -> None:
    """The end told to the game's channel, its spectators and each player."""
    channel = ended.model_copy(update={"with_results": in_results})
    add_event(session, channel, now, game_id=game.id, channel_id=game.channel_id)
    await tell_the_end(session, game, now)  # issue 31: a spectator kept one phase behind
    # And each player, by DM (issue 22: the end reaches everyone concerned, once).
    players = sorted({row.user_id for row in powers if row.user_id is not None})
    for user_id in players:
        mine = sorted(row.power for row in powers if row.user_id == user_id)
        told = ended.model_copy(update={"powers": tuple(mine)})
        add_event(session, told, now, game_id=game.id, user_id=user_id)
