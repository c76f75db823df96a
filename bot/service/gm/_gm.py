"""GM actions. Each checks that the caller is the game's GM (or holds the GM role of the
game's own server, asking from there: `Caller.is_gm_of`) and is written to the audit log
in the same transaction as the change it makes."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta

from sqlalchemy.orm.attributes import set_committed_value

from adjudication.model.units import Power
from bot.service.deadlines import Adjudicator
from bot.service.endings import Endings
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.gm._orders import PowerOrders, orders_table
from bot.service.gm._power_holders import (
    hand_power,
    into_civil_disorder,
    power_changing,
    remove_player,
)
from bot.service.gm._rollback import RollbackDesk, RollbackPlan
from bot.service.kernel import (
    AdjudicationResult,
    Caller,
    GameSettings,
    GameStatus,
    NotAllowed,
    ServiceCore,
    Store,
    WrongState,
    player_changes,
)
from bot.service.lobby import change_setting, in_roll_call, place_taken, setting_news
from bot.service.spectators import refuse_spectator
from bot.service.talk import TalkDesk
from bot.service.timing import move_deadline, pause_game, resume_game
from bot.service.variants.match import other_target, reopen_match, side_taken
from storage import queries
from storage.enums import AuditAction
from storage.models import GameRow

log = logging.getLogger(__name__)


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
            if not await queries.games.claim(session, game.id, game.version, due_before=None):
                return None
            set_committed_value(game, "version", game.version + 1)
            phase = await self._current_phase(session, game)
            if expected_phase is not None and phase.code != expected_phase.upper():
                expected_phase_id = -1  # another phase: refused below
            self.endings.require_phase(game, phase, expected_phase_id, "nothing was adjudicated")
            queries.audit.add(
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
        the deadline as it stands in this transaction, not as the GM last saw it. One
        falling inside an absence moves to its end (issue 29); returns the one set."""
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
            deadline = await move_deadline(self, session, [game], deadline, now)
            queries.audit.add(
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
            queries.audit.add(session, game.id, caller.user_id, AuditAction.PAUSE, now)

    async def gm_resume(self, game_id: int, caller: Caller, now: datetime) -> datetime | None:
        """Resume (a pause by the GM or by a vote); the deadline moves later by the
        time the game was paused."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            paused_seconds = await resume_game(self, session, game, now, by_vote=False)
            queries.audit.add(
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
            # Issue 31: at a roll-call, before the first phase, a place is given too.
            game = await self._gm_game(session, game_id, caller, active=False)
            roll_call = in_roll_call(game)
            if not roll_call:
                self._require_active(game)
            await refuse_spectator(session, game, new_user_id, caller)  # issue 31
            row = self._owner_of(
                list(await queries.powers.of_game(session, game.id)), power.upper()
            )
            if not row.playable:
                raise WrongState(f"{row.power.title()} is out of play in this game.")
            handed: dict[int, tuple[Power, ...]] = {}
            for board, taken in await side_taken(session, game, row, new_user_id):
                await power_changing(self, session, board)
                await hand_power(
                    self,
                    session,
                    board,
                    taken,
                    new_user_id,
                    now,
                    caller,
                    display_name,
                    roll_call=roll_call,
                )
                handed[board.channel_id] = (*handed.get(board.channel_id, ()), taken.power)
            if roll_call:  # taking the place is the newcomer's answer (QUEUE.md)
                await place_taken(self, session, game, new_user_id, now)
            return handed

    async def gm_call_standby(
        self,
        game_id: int,
        caller: Caller,
        power: Power,
        standby_user_id: int,
        now: datetime,
    ) -> dict[int, tuple[Power, ...]]:
        """rules/004 rule 9: the standby orders for the power; if its player misses
        again, the standby's orders are used and the standby takes over. In a one-on-one
        match, for the player's whole side on both boards (O6). Returns the powers, by
        the channel of their game (this game's first)."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller)
            await refuse_spectator(session, game, standby_user_id, caller)  # issue 31
            row = self._owner_of(
                list(await queries.powers.of_game(session, game.id)), power.upper()
            )
            stands: dict[int, tuple[Power, ...]] = {}
            for board, stood in await side_taken(session, game, row, standby_user_id):
                stands[board.channel_id] = (*stands.get(board.channel_id, ()), stood.power)
                await power_changing(self, session, board)
                stood.standby_user_id = standby_user_id
                queries.audit.add(
                    session,
                    board.id,
                    caller.user_id,
                    AuditAction.STANDBY,
                    now,
                    {"power": stood.power, "standby": standby_user_id},
                )
                called = ev.OrdersNeeded(power=stood.power, standby=True)
                add_event(session, called, now, game_id=board.id, user_id=standby_user_id)
            return stands

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
            await power_changing(self, session, game)
            row = self._owner_of(
                list(await queries.powers.of_game(session, game.id)), power.upper()
            )
            old = row.user_id
            await into_civil_disorder(self, session, game, row, now)
            queries.audit.add(
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
                (
                    r
                    for r in await queries.powers.of_game(session, game.id)
                    if r.power == power.upper()
                ),
                None,
            )
            if row is None or row.user_id != caller.user_id:
                raise NotAllowed(f"You do not play {power.title()} in {game.name}.")
            await power_changing(self, session, game)
            await into_civil_disorder(self, session, game, row, now, chosen=True)
            queries.audit.add(
                session,
                game.id,
                caller.user_id,
                AuditAction.CHOSE_CIVIL_DISORDER,
                now,
                {"power": row.power},
            )

    async def gm_kick(self, game_id: int, caller: Caller, user_id: int, now: datetime) -> None:
        """Remove a player; in a running game their powers fall into civil disorder."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller, active=False)
            if game.status == GameStatus.ENDED:
                raise WrongState(f"{game.name} is over.")
            await power_changing(self, session, game)
            powers = await remove_player(self, session, game, user_id, now)
            queries.audit.add(
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
            changes = player_changes(
                target.start_state, await queries.powers.of_game(session, game.id)
            )
            other = await other_target(session, game, target)  # O7: both boards go back
            if other is not None:
                board, same = other
                changes += player_changes(
                    same.start_state, await queries.powers.of_game(session, board.id)
                )
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
                queries.audit.add(
                    session, board.id, caller.user_id, AuditAction.ROLLBACK, now, audit
                )
            queries.audit.add(
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
            queries.audit.add(
                session,
                game.id,
                caller.user_id,
                AuditAction.VIEW_ORDERS,
                now or datetime.now(UTC),
                {"phase": phase.code},
            )
            return await orders_table(self, session, game, phase)

    async def gm_change_setting(
        self, game_id: int, caller: Caller, name: str, value: str, now: datetime
    ) -> GameSettings:
        """Change one of the game's settings (`bot/service/lobby/_setting_changes.py`):
        any of them in the lobby, those that make sense mid-game afterwards. Audited."""
        async with self.transaction() as session:
            game = await self._gm_game(session, game_id, caller, active=False)
            if game.status == GameStatus.ENDED:
                raise WrongState(f"{game.name} is over.")
            old = self._settings(game)
            # Once a roll-call has dealt the powers, the deal's settings stand (issue 31).
            started = game.status != GameStatus.LOBBY or in_roll_call(game)
            new = change_setting(old, name, value, started=started)
            game.settings = new.model_dump(mode="json")
            queries.audit.add(
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
