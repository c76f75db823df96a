"""GM actions. Each checks that the caller is the game's GM (or holds the GM role of the
game's own server, asking from there: `Caller.is_gm_of`) and is written to the audit log
in the same transaction as the change it makes."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy.orm.attributes import set_committed_value

from adjudication.orders import Order
from adjudication.units import Power
from bot.service import event_payloads as ev
from bot.service.adjudicator import Adjudicator
from bot.service.caller import Caller
from bot.service.endings import Endings
from bot.service.errors import NotAllowed, WrongState
from bot.service.event_codec import add_event
from bot.service.game_settings import GameSettings
from bot.service.game_state import GameState
from bot.service.match_players import side_taken
from bot.service.match_rollback import other_target, reopen_match
from bot.service.order_checks import progress
from bot.service.pausing import pause_game, resume_game
from bot.service.proxies import ProxyEnd
from bot.service.ratings import hand_over
from bot.service.reach import remember_name
from bot.service.rollback import RollbackDesk, RollbackPlan
from bot.service.service_core import ServiceCore, Store
from bot.service.setting_changes import change_setting, setting_news
from bot.service.start_state import keep_start_state, player_changes
from bot.service.talk import TalkDesk
from bot.service.views import AdjudicationResult, GameStatus, PlayerStatus
from storage import repo
from storage.codec import order_from_json
from storage.enums import AuditAction
from storage.models import GameRow
from storage.orders_in_force import slots_of

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class PowerOrders:
    """One power's orders in force, for the GM: every order, the units still without
    one, and the builds or removals still to give."""

    power: Power
    user_id: int | None
    orders: tuple[Order, ...]
    unordered: tuple[str, ...]  # "A MAR"
    given: int
    owed: int
    builds_left: int = 0
    removals_left: int = 0


class GmDesk(ServiceCore):
    # The GM's actions use the other desks: play a phase now, end or roll back the game,
    # and follow a change of player into the talk threads.
    def __init__(
        self,
        store: Store,
        *,
        adjudicator: Adjudicator,
        endings: Endings,
        rollback: RollbackDesk,
        talk: TalkDesk,
    ) -> None:
        super().__init__(store)
        self.adjudicator, self.endings, self.rollback = adjudicator, endings, rollback
        self.talk = talk

    async def _gm_game(self, session, game_id: int, caller: Caller, *, active=True) -> GameRow:
        game = await self._game_for(session, game_id, caller)
        self._require_gm(game, caller)
        if active:
            self._require_active(game)
        return game

    async def _power_changing(self, session, game: GameRow) -> None:
        """Before a GM action changes a power: the current phase keeps the state it
        began with, for a rollback to it (bot/service/rollback.py)."""
        if game.current_phase_id is not None:
            await keep_start_state(session, game.id, await self._current_phase(session, game))

    async def gm_adjudicate_now(
        self,
        game_id: int,
        caller: Caller,
        now: datetime,
        *,
        expected_phase: str | None = None,
        expected_phase_id: int | None = None,
    ) -> AdjudicationResult | None:
        """Play the current phase now, whatever the deadline.

        `expected_phase_id` (the phase the GM confirmed for; or `expected_phase`, its
        code): if the game has moved on meanwhile (the deadline passed as the GM
        clicked, a retreat phase ended on its own, a rollback began it again), nothing
        is done and `WrongState` says so, so one click never plays another phase.
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
                expected_phase_id = -1  # another phase: refused below
            self.endings.require_phase(game, phase, expected_phase_id, "nothing was adjudicated")
            repo.add_audit(
                session, game.id, caller.user_id, AuditAction.ADJUDICATE, now, {"phase": phase.code}
            )
            return await self.adjudicator.play_phase(session, game, now)

    async def gm_set_deadline(
        self,
        game_id: int,
        caller: Caller,
        deadline: datetime | timedelta,
        now: datetime,
    ) -> datetime:
        """Set the current deadline, or move it by a `timedelta` (`/gm extend`): from
        the deadline as it stands in this transaction, not as the GM last saw it."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            if game.paused_at is not None:
                raise WrongState(f"{game.name} is paused; resume it first.")
            old = game.deadline_at
            if isinstance(deadline, timedelta):
                if old is None:
                    raise WrongState(f"{game.name} has no running deadline.")
                deadline = old + deadline
            if deadline <= now:
                raise WrongState("The new deadline must be in the future.")
            GameState(game).set_deadline(deadline)
            await self._schedule_reminders(session, game, game.current_phase_id, deadline, now)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                AuditAction.SET_DEADLINE,
                now,
                {"old": old.isoformat() if old else None, "new": deadline.isoformat()},
            )
            moved = ev.DeadlineChanged(deadline=deadline)
            add_event(session, moved, now, game_id=game.id, channel_id=game.channel_id)
            return deadline

    async def gm_pause(self, game_id: int, caller: Caller, now: datetime) -> None:
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            pause_game(session, game, now, by_vote=False)
            repo.add_audit(session, game.id, caller.user_id, AuditAction.PAUSE, now)

    async def gm_resume(self, game_id: int, caller: Caller, now: datetime) -> datetime | None:
        """Resume (a pause by the GM or by a vote); the deadline moves later by the
        time the game was paused."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            paused_seconds = await resume_game(self, session, game, now, by_vote=False)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                AuditAction.RESUME,
                now,
                {"paused_seconds": paused_seconds},
            )
            return game.deadline_at

    async def gm_replace_player(
        self,
        game_id: int,
        caller: Caller,
        power: Power,
        new_user_id: int,
        now: datetime,
        *,
        display_name: str | None = None,
    ) -> dict[int, tuple[Power, ...]]:
        """Give a power to another player (rules/000 §14.3: a replacement); in a
        one-on-one match, the player's whole side on both boards (O6). Returns the
        powers handed, by the channel of their game (this game's first).
        `display_name`: the new player's name in the server, shown beside mentions."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            row = self._owner_of(list(await repo.powers(session, game.id)), power.upper())
            if not row.playable:
                raise WrongState(f"{row.power.title()} is out of play in this game.")
            handed: dict[int, tuple[Power, ...]] = {}
            for board, taken in await side_taken(session, game, row, new_user_id):
                await self._power_changing(session, board)
                await self._hand_power(
                    session, board, taken, new_user_id, now, caller, display_name
                )
                handed[board.channel_id] = (*handed.get(board.channel_id, ()), taken.power)
            return handed

    async def _hand_power(
        self, session, game: GameRow, row, new_user_id: int, now, caller, display_name
    ) -> None:
        """One power of `game` given to `new_user_id` (`gm_replace_player`)."""
        old = row.user_id
        hand_over(row, new_user_id)
        row.user_id, row.standby_user_id = new_user_id, None
        row.missed_phases, row.civil_disorder = 0, False
        if old != new_user_id:
            await self._end_proxies(session, game, {row.power}, ProxyEnd.REPLACED, now)
            await self.talk.refresh_thread_members(session, game, now)
        await repo.set_player_status(session, game.id, new_user_id, PlayerStatus.JOINED, now)
        await remember_name(session, game.id, new_user_id, display_name)
        if old is not None and old != new_user_id:
            still = any(r.user_id == old for r in await repo.powers(session, game.id))
            if not still:
                await repo.set_player_status(session, game.id, old, PlayerStatus.REPLACED, now)
        repo.add_audit(
            session,
            game.id,
            caller.user_id,
            AuditAction.REPLACE,
            now,
            {"power": row.power, "old": old, "new": new_user_id},
        )
        replaced = ev.PlayerReplaced(
            power=row.power, old=old, new=new_user_id, score_from=row.score_choice_from
        )
        add_event(session, replaced, now, game_id=game.id, channel_id=game.channel_id)

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
            await self._power_changing(session, game)
            row = self._owner_of(list(await repo.powers(session, game.id)), power.upper())
            row.standby_user_id = standby_user_id
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                AuditAction.STANDBY,
                now,
                {"power": row.power, "standby": standby_user_id},
            )
            called = ev.OrdersNeeded(power=row.power, standby=True)
            add_event(session, called, now, game_id=game.id, user_id=standby_user_id)

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
            await self._power_changing(session, game)
            row = self._owner_of(list(await repo.powers(session, game.id)), power.upper())
            old = row.user_id
            await self._into_civil_disorder(session, game, row, now)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                AuditAction.CIVIL_DISORDER,
                now,
                {"power": row.power, "old": old},
            )

    async def choose_civil_disorder(
        self, game_id: int, caller: Caller, power: Power, now: datetime
    ) -> None:
        """rules/004 rule 9: a player "chooses to go CD" with a power they hold: nobody
        orders it from now on, and the GM may call a standby or give it to someone."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            self._require_active(game)
            row = next(
                (r for r in await repo.powers(session, game.id) if r.power == power.upper()),
                None,
            )
            if row is None or row.user_id != caller.user_id:
                raise NotAllowed(f"You do not play {power.title()} in {game.name}.")
            await self._power_changing(session, game)
            await self._into_civil_disorder(session, game, row, now, chosen=True)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                AuditAction.CHOSE_CIVIL_DISORDER,
                now,
                {"power": row.power},
            )

    async def _into_civil_disorder(
        self, session, game: GameRow, row, now: datetime, *, chosen: bool = False
    ) -> None:
        """The power is held by nobody: its proxies end, its player leaves its threads,
        the channel is told (and whether its player chose it)."""
        held_by = row.user_id  # told too where the channel is not (issue 12)
        row.user_id, row.standby_user_id, row.civil_disorder = None, None, True
        await self._end_proxies(session, game, {row.power}, ProxyEnd.CIVIL_DISORDER, now)
        await self.talk.refresh_thread_members(session, game, now)
        disorder = ev.CivilDisorder(power=row.power, chosen=chosen, user=held_by)
        add_event(session, disorder, now, game_id=game.id, channel_id=game.channel_id)

    async def gm_kick(self, game_id: int, caller: Caller, user_id: int, now: datetime) -> None:
        """Remove a player; in a running game their powers fall into civil disorder."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller, active=False)
            if game.status == GameStatus.ENDED:
                raise WrongState(f"{game.name} is over.")
            await self._power_changing(session, game)
            await repo.set_player_status(session, game.id, user_id, PlayerStatus.KICKED, now)
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
            await self.talk.refresh_thread_members(session, game, now)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                AuditAction.KICK,
                now,
                {"user": user_id, "powers": powers},
            )
            kicked = ev.PlayerKicked(user=user_id, powers=tuple(powers))
            add_event(session, kicked, now, game_id=game.id, channel_id=game.channel_id)

    async def gm_rollback_plan(self, game_id: int, caller: Caller, phase_code: str) -> RollbackPlan:
        """What rolling back to the start of `phase_code` would change, for the GM to
        confirm: above all the powers whose player would change back (a standby's
        takeover or a replacement since), which the GM may choose to keep."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller, active=False)
            target = await self.rollback.rollback_target(session, game, phase_code)
            current = await self._current_phase(session, game)
            changes = player_changes(target.start_state, await repo.powers(session, game.id))
            other = await other_target(session, game, target)  # O7: both boards go back
            if other is not None:
                board, same = other
                changes += player_changes(same.start_state, await repo.powers(session, board.id))
            return RollbackPlan(
                self._position(target).phase, self._position(current).phase, changes
            )

    async def gm_rollback(
        self,
        game_id: int,
        caller: Caller,
        phase_code: str,
        now: datetime,
        *,
        keep_players: bool = False,
        expected_phase_id: int | None = None,
    ) -> str:
        """Go back to the start of an earlier phase (or of the current one). What came
        after stays in the record, marked rolled back; the phase is played again from
        its position, every power as it was when the phase began: missed phases, civil
        disorder, eliminations, proxies, and who plays it (standby takeovers and
        replacements since undone, unless `keep_players`). The orders sent for the
        phase are wiped: their senders are told to send them again.
        `expected_phase_id`: the phase being played when the GM asked; if the game has
        moved on since, nothing is done."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller, active=False)
            target = await self.rollback.rollback_target(session, game, phase_code)
            current = await self._current_phase(session, game)
            self.endings.require_phase(game, current, expected_phase_id, "it was not rolled back")
            other = await other_target(session, game, target)  # a match's boards go together
            code = await self.rollback.roll_back(
                session, game, target, current, now, keep_players=keep_players
            )
            if other is not None:
                board, same = other
                now_there = await self._current_phase(session, board)
                await self.rollback.roll_back(
                    session, board, same, now_there, now, keep_players=keep_players
                )
                await reopen_match(session, game)
                audit = {"to": code, "keep_players": keep_players, "with_board": game.id}
                repo.add_audit(session, board.id, caller.user_id, AuditAction.ROLLBACK, now, audit)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                AuditAction.ROLLBACK,
                now,
                {"to": code, "keep_players": keep_players},
            )
            return code

    async def gm_all_orders(
        self,
        game_id: int,
        caller: Caller,
        *,
        now: datetime | None = None,
    ) -> tuple[PowerOrders, ...]:
        """Every power's orders in force for the current phase, and what it has still
        to order (for the GM's eyes only). Looking is recorded in the audit log too:
        orders are secret until played."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            phase = await self._current_phase(session, game)
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                AuditAction.VIEW_ORDERS,
                now or datetime.now(UTC),
                {"phase": phase.code},
            )
            position = self._position(phase)
            rows = await repo.orders_in_force(session, phase.id)
            slots = slots_of(rows)
            table = []
            for row in await repo.powers(session, game.id):
                done = progress(position, row.power, slots, self.board)
                table.append(
                    PowerOrders(
                        power=row.power,
                        user_id=row.user_id,
                        orders=tuple(
                            sorted(
                                (order_from_json(o.order) for o in rows if o.power == row.power),
                                key=str,
                            )
                        ),
                        unordered=tuple(str(u) for u in done.unordered),
                        given=done.given,
                        owed=done.owed,
                        builds_left=done.builds_left,
                        removals_left=done.removals_left,
                    )
                )
            return tuple(sorted(table, key=lambda t: t.power))

    async def gm_change_setting(
        self, game_id: int, caller: Caller, name: str, value: str, now: datetime
    ) -> GameSettings:
        """Change one of the game's settings (`bot/service/setting_changes.py`): any of them in
        the lobby, those that make sense mid-game afterwards. Audited."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller, active=False)
            if game.status == GameStatus.ENDED:
                raise WrongState(f"{game.name} is over.")
            old = self._settings(game)
            new = change_setting(old, name, value, started=game.status != GameStatus.LOBBY)
            game.settings = new.model_dump(mode="json")
            repo.add_audit(
                session,
                game.id,
                caller.user_id,
                AuditAction.SETTING,
                now,
                {"name": name, "value": value},
            )
            changed = setting_news(old, new, name, value)
            if changed:
                news = ev.SettingChanged(changed=tuple(changed))
                add_event(session, news, now, game_id=game.id, channel_id=game.channel_id)
            return new
