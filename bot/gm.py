"""GM actions. Each checks that the caller is the game's GM (or holds the GM role of the
game's own server, asking from there: `Caller.is_gm_of`) and is written to the audit log
in the same transaction as the change it makes."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy import select, update
from sqlalchemy.orm.attributes import set_committed_value

from adjudication.units import Power
from bot.adjudicator import Adjudicator
from bot.caller import Caller
from bot.errors import NotFound, WrongState
from bot.events import EventKind
from bot.proxies import ProxyEnd
from bot.text_input import quoted
from bot.views import AdjudicationResult, GameStatus, PlayerStatus
from storage import repo
from storage.codec import order_from_json
from storage.models import GameRow, PhaseRow, PlayerRow

log = logging.getLogger(__name__)


class GmDesk(Adjudicator):
    async def _gm_game(self, session, game_id: int, caller: Caller, *, active=True) -> GameRow:
        game = await self._game_for(session, game_id, caller)
        self._require_gm(game, caller)
        if active:
            self._require_active(game)
        return game

    async def gm_adjudicate_now(
        self,
        game_id: int,
        caller: Caller,
        now: datetime,
        *,
        expected_phase: str | None = None,
    ) -> AdjudicationResult | None:
        """Play the current phase now, whatever the deadline.

        `expected_phase` (the phase the GM was looking at, e.g. "S1901M"): if the game
        has moved on meanwhile (the deadline passed as the GM clicked), nothing is done
        and None is returned, so one click never plays two phases.
        """
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            if game.paused_at is not None:
                raise WrongState(
                    f"{game.name} is paused. Resume it with `/gm resume` first; then the "
                    "phase can be played."
                )
            if not await repo.claim_game(session, game.id, game.version, due_before=None):
                return None
            set_committed_value(game, "version", game.version + 1)
            phase = await self._current_phase(session, game)
            if expected_phase is not None and phase.code != expected_phase.upper():
                raise WrongState(
                    f"{game.name} has already moved on to {phase.code}; nothing was adjudicated."
                )
            repo.add_audit(
                session, game.id, caller.user_id, "adjudicate", now, {"phase": phase.code}
            )
            return await self._play_phase(session, game, now)

    async def gm_set_deadline(
        self,
        game_id: int,
        caller: Caller,
        deadline: datetime,
        now: datetime,
    ) -> datetime:
        """Extend or shorten the current deadline."""
        if deadline <= now:
            raise WrongState("The new deadline must be in the future.")
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            if game.paused_at is not None:
                raise WrongState(f"{game.name} is paused; resume it first.")
            old = game.deadline_at
            game.deadline_at = deadline
            game.version += 1
            await self._schedule_reminders(session, game, game.current_phase_id, deadline, now)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                "set_deadline",
                now,
                {"old": old.isoformat() if old else None, "new": deadline.isoformat()},
            )
            repo.add_outbox(
                session,
                EventKind.DEADLINE_CHANGED,
                now,
                game_id=game.id,
                channel_id=game.channel_id,
                payload={"deadline": deadline.isoformat()},
            )
            return deadline

    async def gm_pause(self, game_id: int, caller: Caller, now: datetime) -> None:
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            if game.paused_at is not None:
                raise WrongState(f"{game.name} is already paused.")
            game.paused_at = now
            game.version += 1
            repo.add_audit(session, game.id, caller.user_id, "pause", now)
            repo.add_outbox(
                session, EventKind.PAUSED, now, game_id=game.id, channel_id=game.channel_id
            )

    async def gm_resume(self, game_id: int, caller: Caller, now: datetime) -> datetime | None:
        """Resume; the deadline moves later by the time the game was paused. (No phase
        is played while the game is paused, so the deadline moved is the one the pause
        stopped.)"""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            if game.paused_at is None:
                raise WrongState(f"{game.name} is not paused.")
            paused_for = now - game.paused_at
            game.paused_at = None
            game.version += 1
            if game.deadline_at is not None:
                game.deadline_at = game.deadline_at + paused_for
                await self._schedule_reminders(
                    session, game, game.current_phase_id, game.deadline_at, now
                )
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                "resume",
                now,
                {"paused_seconds": paused_for.total_seconds()},
            )
            repo.add_outbox(
                session,
                EventKind.RESUMED,
                now,
                game_id=game.id,
                channel_id=game.channel_id,
                payload={"deadline": game.deadline_at.isoformat() if game.deadline_at else None},
            )
            return game.deadline_at

    async def gm_replace_player(
        self,
        game_id: int,
        caller: Caller,
        power: Power,
        new_user_id: int,
        now: datetime,
    ) -> None:
        """Give a power to another player (rules/000 §14.3: a replacement)."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            row = self._owner_of(list(await repo.powers(session, game.id)), power.upper())
            if not row.playable:
                raise WrongState(f"{row.power.title()} is out of play in this game.")
            old = row.user_id
            row.user_id, row.standby_user_id = new_user_id, None
            row.missed_phases, row.civil_disorder = 0, False
            if old != new_user_id:
                await self._end_proxies(session, game, {row.power}, ProxyEnd.REPLACED, now)
                await self._refresh_thread_members(session, game, now)
            await self._set_player(session, game.id, new_user_id, PlayerStatus.JOINED, now)
            if old is not None and old != new_user_id:
                still = any(r.user_id == old for r in await repo.powers(session, game.id))
                if not still:
                    await self._set_player(session, game.id, old, PlayerStatus.REPLACED, now)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                "replace",
                now,
                {"power": row.power, "old": old, "new": new_user_id},
            )
            repo.add_outbox(
                session,
                EventKind.PLAYER_REPLACED,
                now,
                game_id=game.id,
                channel_id=game.channel_id,
                payload={"power": row.power, "old": old, "new": new_user_id},
            )

    async def gm_call_standby(
        self,
        game_id: int,
        caller: Caller,
        power: Power,
        standby_user_id: int,
        now: datetime,
    ) -> None:
        """rules/004 rule 9: the standby orders for the power; if its player misses
        again, the standby's orders are used and the standby takes over."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            row = self._owner_of(list(await repo.powers(session, game.id)), power.upper())
            row.standby_user_id = standby_user_id
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                "standby",
                now,
                {"power": row.power, "standby": standby_user_id},
            )
            repo.add_outbox(
                session,
                EventKind.ORDERS_NEEDED,
                now,
                game_id=game.id,
                user_id=standby_user_id,
                payload={"power": row.power, "standby": True},
            )

    async def gm_civil_disorder(
        self,
        game_id: int,
        caller: Caller,
        power: Power,
        now: datetime,
    ) -> None:
        """Put a power in civil disorder (rules/000 §14.3): nobody orders it; its units
        hold and its removals follow the civil-disorder rule."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            row = self._owner_of(list(await repo.powers(session, game.id)), power.upper())
            old = row.user_id
            row.user_id, row.standby_user_id, row.civil_disorder = None, None, True
            await self._end_proxies(session, game, {row.power}, ProxyEnd.CIVIL_DISORDER, now)
            await self._refresh_thread_members(session, game, now)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                "civil_disorder",
                now,
                {"power": row.power, "old": old},
            )
            repo.add_outbox(
                session,
                EventKind.CIVIL_DISORDER,
                now,
                game_id=game.id,
                channel_id=game.channel_id,
                payload={"power": row.power},
            )

    async def gm_kick(self, game_id: int, caller: Caller, user_id: int, now: datetime) -> None:
        """Remove a player; in a running game their powers fall into civil disorder."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller, active=False)
            if game.status == GameStatus.ENDED:
                raise WrongState(f"{game.name} is over.")
            await self._set_player(session, game.id, user_id, PlayerStatus.KICKED, now)
            powers = []
            for row in await repo.powers(session, game.id):
                if row.user_id == user_id:
                    row.user_id, row.civil_disorder = None, True
                    powers.append(row.power)
                if row.standby_user_id == user_id:
                    row.standby_user_id = None
            await self._end_proxies(
                session, game, set(powers), ProxyEnd.REMOVED, now, grantee=user_id
            )
            await self._refresh_thread_members(session, game, now)
            repo.add_audit(
                session, game.id, caller.user_id, "kick", now, {"user": user_id, "powers": powers}
            )
            repo.add_outbox(
                session,
                EventKind.PLAYER_KICKED,
                now,
                game_id=game.id,
                channel_id=game.channel_id,
                payload={"user": user_id, "powers": powers},
            )

    async def gm_rollback(
        self,
        game_id: int,
        caller: Caller,
        phase_code: str,
        now: datetime,
    ) -> str:
        """Go back to the start of an earlier phase. What came after stays in the
        record, marked rolled back; the phase is played again from its position."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller, active=False)
            if game.status == GameStatus.LOBBY:
                raise WrongState(f"{game.name} has not started.")
            phases = list(await repo.phases(session, game.id))
            target = next((p for p in phases if p.code == phase_code.upper()), None)
            if target is None:
                raise NotFound(f"{game.name} has no phase {quoted(phase_code, 16)}.")
            await session.execute(
                update(PhaseRow)
                .where(
                    PhaseRow.game_id == game.id,
                    PhaseRow.seq >= target.seq,
                    PhaseRow.rolled_back_at.is_(None),
                )
                .values(rolled_back_at=now)
            )
            settings = self._settings(game)
            position = self._position(target)
            deadline = self._deadline(settings, position.phase.kind, now)
            again = PhaseRow(
                game_id=game.id,
                seq=target.seq,
                code=target.code,
                position=target.position,
                started_at=now,
                deadline_at=deadline,
            )
            session.add(again)
            await session.flush()
            for row in await repo.powers(session, game.id):
                row.ready = False
                if row.eliminated_year is not None and row.eliminated_year >= position.phase.year:
                    row.eliminated_year = None
                row.score = None
            game.status = GameStatus.ACTIVE
            game.ended_at = game.end_kind = game.winners = None
            game.current_phase_id = again.id
            game.deadline_at = deadline
            game.paused_at = None
            game.version += 1
            await self._schedule_reminders(session, game, again.id, deadline, now)
            repo.add_audit(session, game.id, caller.user_id, "rollback", now, {"to": target.code})
            repo.add_outbox(
                session,
                EventKind.ROLLED_BACK,
                now,
                game_id=game.id,
                channel_id=game.channel_id,
                payload={
                    "phase": target.code,
                    "phase_id": again.id,
                    "deadline": deadline.isoformat(),
                },
            )
            return target.code

    async def gm_all_orders(
        self,
        game_id: int,
        caller: Caller,
        *,
        now: datetime | None = None,
    ) -> dict[Power, tuple[str, ...]]:
        """Everyone's orders in force for the current phase (for the GM's eyes only).
        Looking is recorded in the audit log too: orders are secret until played."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            phase = await self._current_phase(session, game)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                "view_orders",
                now or datetime.now(UTC),
                {"phase": phase.code},
            )
            out: dict[Power, list[str]] = {}
            for row in await repo.orders_in_force(session, phase.id):
                out.setdefault(row.power, []).append(str(order_from_json(row.order)))
            return {p: tuple(sorted(v)) for p, v in sorted(out.items())}

    @staticmethod
    async def _set_player(session, game_id: int, user_id: int, status: str, now) -> None:
        rows = await session.execute(
            select(PlayerRow).where(PlayerRow.game_id == game_id, PlayerRow.user_id == user_id)
        )
        player = rows.scalars().first()
        if player is None:
            session.add(
                PlayerRow(
                    game_id=game_id, user_id=user_id, status=status, preferences=[], joined_at=now
                )
            )
        else:
            player.status = status
