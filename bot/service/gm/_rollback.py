"""Rolling a game back to the start of a phase (`/gm rollback`): the phases since are
kept in the record, marked rolled back; every power is put back as it was when the phase
began (bot/service/kernel/_start_state.py), the private threads follow who plays, and the
players are told to send their orders again."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.units import Phase, PhaseKind, Power, Season
from adjudication.play.adjustments import adjustments_needed
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    GameState,
    GameStatus,
    NotFound,
    PlayerStatus,
    PowerChange,
    ServiceCore,
    Store,
    WrongState,
    keep_start_state,
    lapse_open_votes,
    order_senders,
    quoted,
    restore_powers,
    restore_proxies,
    state_now,
)
from bot.service.spectators import rewind_spectators
from bot.service.talk import TalkDesk
from bot.service.timing import outside_absences
from storage import queries
from storage.models import GameRow, PhaseRow


@dataclass(frozen=True, slots=True)
class RollbackPlan:
    """What a rollback to `phase` would change, for the GM's confirmation."""

    phase: Phase  # played again
    current: Phase  # the phase being played now
    changes: tuple[PowerChange, ...]  # powers whose player would change back


class RollbackDesk(ServiceCore):
    """The rollback itself; `GmDesk.gm_rollback` checks the GM and records it."""

    # A rollback reopens and refreshes the talk threads of the phase it goes back to.
    def __init__(self, store: Store, talk: TalkDesk) -> None:
        super().__init__(store)
        self.talk = talk

    async def roll_back(
        self,
        session: AsyncSession,
        game: GameRow,
        target: PhaseRow,
        current: PhaseRow,
        now: datetime,
        *,
        keep_players: bool,
    ) -> str:
        """Begin `target` again; returns its code (see `GmDesk.gm_rollback`)."""
        await keep_start_state(session, game.id, current)  # the target may be it
        senders = await order_senders(session, target.id)
        plays = list(await queries.phases.of_game(session, game.id, include_rolled_back=True))
        rolled_back = [
            _address(p, plays) for p in plays if p.seq >= target.seq and p.rolled_back_at is None
        ]
        await lapse_open_votes(session, current, now)
        await queries.phases.roll_back(session, game.id, target.seq, now)
        await rewind_spectators(session, game.id, target.seq)  # issue 31: told anew
        settings = self._settings(game)
        position = self._position(target)
        deadline = self._deadline(settings, position.phase.kind, now)
        # Issue 29: as every new phase's, outside the absences in force.
        deadline = await outside_absences(self, session, game, position, deadline)
        powers = list(await queries.powers.of_game(session, game.id))
        holders = {r.user_id for r in powers}
        changes = restore_powers(target.start_state, powers, position, keep_players=keep_players)
        proxies = await restore_proxies(session, game.id, target.start_state, powers, now)
        await self._players_follow(session, game.id, holders, powers, now)
        again = PhaseRow(
            game_id=game.id,
            seq=target.seq,
            code=target.code,
            position=target.position,
            started_at=now,
            deadline_at=deadline,
            start_state=await state_now(session, game.id),
        )
        session.add(again)
        await session.flush()
        if game.status == GameStatus.ENDED:
            # The end is undone: its threads are the game's again (unlocked on sync).
            await self.talk.reopen_threads(session, game, now)
        GameState(game).reopen(again.id, deadline)
        await self._schedule_reminders(session, game, again.id, deadline, now)
        if changes:  # the private threads follow who plays (a THREADS_SYNC event)
            await self.talk.refresh_thread_members(session, game, now)
        self._announce_rollback(
            session, game, again, deadline, now, rolled_back, changes, senders, proxies
        )
        return target.code

    async def rollback_target(self, session, game: GameRow, phase_code: str) -> PhaseRow:
        """The live phase `phase_code` of a started game, if it can be played again."""
        if game.status == GameStatus.LOBBY:
            raise WrongState(f"{game.name} has not started.")
        code = phase_code.strip().upper()
        phases = list(await queries.phases.of_game(session, game.id))
        target = next((p for p in phases if p.code == code), None)
        if target is None:
            raise NotFound(f"{game.name} has no phase {quoted(phase_code, 16)}.")
        position = self._position(target)
        if position.phase.kind is PhaseKind.ADJUSTMENT and not adjustments_needed(
            position, self.board
        ):
            spring = Phase(position.phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
            raise WrongState(
                f"{position.phase.title} had nothing to adjust, so there is nothing to play "
                f"again. Roll back to {spring.title} ({spring.code}) or to an earlier phase."
            )
        return target

    async def _players_follow(self, session, game_id: int, before, powers, now) -> None:
        """Who is a player of the game follows who plays a power after a rollback."""
        after = {r.user_id for r in powers}
        for user in sorted(u for u in after - before if u is not None):
            await queries.players.set_status(session, game_id, user, PlayerStatus.JOINED, now)
        for user in sorted(u for u in before - after if u is not None):
            await queries.players.set_status(session, game_id, user, PlayerStatus.REPLACED, now)

    @staticmethod
    def _announce_rollback(
        session, game, again, deadline, now, rolled_back, changes, senders, proxies
    ) -> None:
        """The channel is told, each power given back to its player is announced, and
        every one who sent orders for the phase or whose proxy changed gets a DM."""
        announced = ev.RolledBack(
            phase=again.code, phase_id=again.id, deadline=deadline, rolled_back=tuple(rolled_back)
        )
        add_event(session, announced, now, game_id=game.id, channel_id=game.channel_id)
        for change in changes:
            payload: ev.Payload
            if change.then is None:  # nobody played it then: back in civil disorder
                payload = ev.CivilDisorder(power=change.power)
            else:
                payload = ev.PlayerReplaced(power=change.power, old=change.now, new=change.then)
            add_event(session, payload, now, game_id=game.id, channel_id=game.channel_id)
        told: dict[int, dict[str, list[Power]]] = {}
        for user, powers in senders.items():
            told.setdefault(user, {})["resend"] = sorted(powers)
        for key, grants in (
            ("proxies_restored", proxies.restored),
            ("proxies_ended", proxies.ended),
        ):
            for grant in grants:
                told.setdefault(grant.grantee_user_id, {}).setdefault(key, []).append(grant.power)
        for user, what in sorted(told.items()):
            own = ev.RolledBack(
                phase=again.code,
                phase_id=again.id,
                deadline=deadline,
                resend=tuple(what.get("resend", [])),
                proxies_restored=tuple(sorted(what.get("proxies_restored", []))),
                proxies_ended=tuple(sorted(what.get("proxies_ended", []))),
            )
            add_event(session, own, now, game_id=game.id, user_id=user)


def _address(play: PhaseRow, plays: list[PhaseRow]) -> str:
    """How `/game history` names a play of a phase: "F1901M/2" for its second play."""
    same = sorted(p.id for p in plays if p.code == play.code)
    return f"{play.code}/{same.index(play.id) + 1}"
