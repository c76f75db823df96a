"""`/game watch`, `/game unwatch` and the GM's answer (issue 31): the spectators' desk.

QUEUE.md: "Spectators of public games: watching asks nothing of the GM; the DM a
spectator gets is the channel's results ..., never a player's private results." In
Kriegsplomacy and Spy the GM approves each spectator and chooses their pace (one phase
behind, or at once), and may stop them; every answer is audited."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Literal

from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    Caller,
    GameStatus,
    NotAllowed,
    NotFound,
    ServiceCore,
    WrongState,
    mention,
    no_such_game,
)
from bot.service.spectators._rules import (
    needs_approval,
    part_in,
    refuse_former_player,
    variant_title,
)
from bot.service.spectators._telling import first_untold
from storage import queries
from storage.enums import AuditAction, SpectatorStatus
from storage.models import GameRow, SpectatorRow


class Answer(StrEnum):
    """The GM's answer to a member who asked to watch a Kriegsplomacy or Spy game."""

    BEHIND = "behind"  # approved: each phase once the next one is played
    AT_ONCE = "at_once"  # approved: each phase as soon as it is played
    REFUSE = "refuse"  # refused; or, for one approved before, stopped


@dataclass(frozen=True, slots=True)
class Watching:
    """What `/game watch` did: `watching` now (told of each phase), or `asked` the GM
    (a hidden game); `already`: nothing changed, it was so before. `hidden`: the
    variant's title when the game hides part of its board, else None."""

    game_name: str
    watching: bool
    asked: bool
    already: bool = False
    hidden: str | None = None
    behind: bool = False


@dataclass(frozen=True, slots=True)
class Spectator:
    """One member who asked to watch a game, for its GM."""

    user_id: int
    name: str | None
    status: SpectatorStatus
    approved: bool  # let see the whole board once: may never play in the game
    behind: bool

    @property
    def asked(self) -> bool:
        return self.status is SpectatorStatus.ASKED

    @property
    def watching(self) -> bool:
        return self.status is SpectatorStatus.WATCHING


class SpectatorsDesk(ServiceCore):
    async def watch(
        self, game_id: int, caller: Caller, now: datetime, display_name: str | None = None
    ) -> Watching:
        """Follow a game: at once in a game that hides nothing, else by asking its GM
        (who is told by DM). Refused to the GM and to anyone who plays it, saying why."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            settings = self._settings(game)
            hidden = variant_title(settings) if needs_approval(settings) else None
            self._refuse_watching(game, caller)
            part = await part_in(session, game, caller.user_id)
            if part:
                raise NotAllowed(
                    f"{part.said(game.name, you=True, user_id=caller.user_id)}: you cannot "
                    "watch it too; your own results come by DM after each phase."
                )
            if hidden is not None:
                await refuse_former_player(session, game, caller.user_id, hidden)
            row = await queries.spectators.one(session, game.id, caller.user_id)
            if row is None:  # a first time: as one who stopped, from here on
                row = SpectatorRow(
                    game_id=game.id,
                    user_id=caller.user_id,
                    status=SpectatorStatus.STOPPED,
                    asked_at=now,
                    changed_at=now,
                )
                session.add(row)
            row.display_name = display_name[:100] if display_name else row.display_name
            if row.status in _FOLLOWING:
                watching = row.status is SpectatorStatus.WATCHING
                return Watching(game.name, watching, not watching, True, hidden, row.behind)
            if row.status is SpectatorStatus.REFUSED:
                raise NotAllowed(
                    f"The GM of {game.name} has not let you watch it. They may still change "
                    "their mind: ask them."
                )
            # A game that hides nothing, or a spectator the GM let in before who stopped:
            # the GM's answer stands.
            if hidden is None or row.approved_at is not None:
                row.status, row.changed_at = SpectatorStatus.WATCHING, now
                return Watching(game.name, True, False, False, hidden, row.behind)
            row.status, row.changed_at = SpectatorStatus.ASKED, now
            asked = ev.Spectating(user=caller.user_id, answer="asked", name=row.display_name)
            add_event(session, asked, now, game_id=game.id, user_id=game.gm_user_id)
            return Watching(game.name, False, True, False, hidden)

    async def unwatch(self, game_id: int | None, caller: Caller, now: datetime) -> str:
        """Stop watching, or withdraw a request; returns what the member reads. From a
        DM too, where a spectator's game is one they take no part in as a player: the
        game numbered `game_id`, or (None) the only one they watch."""
        async with self.transaction() as session:
            game = await self._watched(session, game_id, caller)
            row = await queries.spectators.one(session, game.id, caller.user_id)
            if row is None or row.status not in _FOLLOWING:
                raise NotFound(f"You do not watch {game.name}; `/game watch` follows it.")
            was = row.status
            row.status, row.changed_at = SpectatorStatus.STOPPED, now
            if was is SpectatorStatus.ASKED:
                return f"You withdrew your request to watch {game.name}."
            said = f"You no longer watch {game.name}: nothing more will come by DM."
            if row.approved_at is not None and needs_approval(self._settings(game)):
                said += " Having seen its whole board, you still may never play in it."
            return said + " `/game watch` follows it again."

    async def decide(
        self, game_id: int, caller: Caller, user_id: int, answer: Answer, now: datetime
    ) -> Spectator:
        """The GM lets a member who asked watch a Kriegsplomacy or Spy game (one phase
        behind, or at once), refuses them, or stops one let in before; the member is
        told by DM, and the answer audited. Answering again changes the pace."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            self._require_gm(game, caller)
            if not needs_approval(self._settings(game)):
                raise WrongState(
                    f"In {game.name} anyone may watch without asking you: it hides nothing "
                    "the channel does not show."
                )
            row = await queries.spectators.one(session, game.id, user_id)
            # A member who withdrew, or stopped watching, asked for nothing now.
            if row is None or row.status is SpectatorStatus.STOPPED:
                raise NotFound(f"{mention(user_id)} has not asked to watch {game.name}.")
            told: Literal["approved", "refused", "stopped"]
            if answer is Answer.REFUSE:
                if row.status is SpectatorStatus.REFUSED:
                    raise WrongState(f"{mention(user_id)} is refused already.")
                told = "stopped" if row.status is SpectatorStatus.WATCHING else "refused"
                row.status = SpectatorStatus.REFUSED
            else:
                await self._approve(session, game, row, answer is Answer.BEHIND, now)
                told = "approved"
            row.changed_at = now
            news = ev.Spectating(user=user_id, answer=told, behind=row.behind)
            add_event(session, news, now, game_id=game.id, user_id=user_id)
            details = {"user": user_id, "answer": answer.value}
            queries.audit.add(session, game.id, caller.user_id, AuditAction.SPECTATOR, now, details)
            return _spectator(row)

    async def spectators_of(self, game_id: int, caller: Caller) -> tuple[Spectator, ...]:
        """Everyone who asked to watch the game, for its GM."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller, lock=False)
            self._require_gm(game, caller)
            return tuple(_spectator(r) for r in await queries.spectators.of_game(session, game.id))

    async def _approve(self, session, game: GameRow, row: SpectatorRow, behind: bool, now) -> None:
        if game.status == GameStatus.ENDED:
            raise WrongState(f"{game.name} is over: its whole record is in `/game history`.")
        part = await part_in(session, game, row.user_id)
        if part:
            said = part.said(game.name, you=False, user_id=row.user_id)
            raise NotAllowed(f"{said}: a player cannot watch the game they play.")
        if row.told_seq is None:
            row.told_seq = await first_untold(session, game, behind)
        row.approved_at = row.approved_at or now
        row.status, row.behind = SpectatorStatus.WATCHING, behind

    async def _watched(self, session, game_id: int | None, caller: Caller) -> GameRow:
        """The game `caller` means to stop watching: as the server sees it, or in a DM
        one they watch (any other answers as a game that does not exist)."""
        if game_id is None:
            rows = await queries.spectators.followed_by(session, caller.user_id)
            if len(rows) != 1:
                raise NotFound(
                    "You watch no game now."
                    if not rows
                    else "You watch several games: say which with the `game` option ("
                    + ", ".join(str(r.game_id) for r in rows)
                    + ")."
                )
            game_id = rows[0].game_id
        game = await self._game(session, game_id)
        here = caller.guild_id == game.guild_id
        if caller.guild_id is None:  # a DM: only a game they asked to watch
            here = await queries.spectators.one(session, game.id, caller.user_id) is not None
        if not here:
            raise no_such_game(game_id)
        return game

    def _refuse_watching(self, game: GameRow, caller: Caller) -> None:
        if caller.user_id == game.gm_user_id:
            raise NotAllowed(f"You are the GM of {game.name}: you see the whole board already.")
        if game.status == GameStatus.ENDED:
            raise WrongState(f"{game.name} is over: its whole record is in `/game history`.")


# A member told of each phase, or waiting for the GM's answer.
_FOLLOWING = (SpectatorStatus.WATCHING, SpectatorStatus.ASKED)


def _spectator(row: SpectatorRow) -> Spectator:
    return Spectator(
        row.user_id, row.display_name, row.status, row.approved_at is not None, row.behind
    )
