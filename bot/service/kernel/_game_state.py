"""The transitions of a game's row: a roll-call (issue 31), start, advance, a new
deadline, pause, resume, end and reopen. Each says what the game is now (status, phase,
deadline, pause) and bumps `version`, so that a scheduler or a button made before the
change (holding the old version, queries.games.claim) acts on nothing. The desks call
these rather than set those fields; the events that tell Discord stay with the desks
that emit them."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta

from adjudication.model.result import EndKind
from bot.service.kernel._errors import WrongState
from storage.enums import GameStatus
from storage.models import GameRow


class GameState:
    def __init__(self, game: GameRow) -> None:
        self.game = game

    def _changed(self) -> None:
        self.game.version += 1

    def start(self, phase_id: int, deadline: datetime | None) -> None:
        """The lobby closes and the first phase begins (a roll-call, if any, is over)."""
        game = self.game
        game.status = GameStatus.ACTIVE
        game.current_phase_id, game.deadline_at = phase_id, deadline
        game.roll_call_until = game.roll_call_reminder_at = None
        self._changed()

    def call_roll(self, now: datetime, until: datetime, remind_at: datetime) -> None:
        """Issue 31: the powers are dealt and the lobby waits for each player's answer
        until `until`; those who have not answered by `remind_at` are reminded."""
        game = self.game
        game.roll_called_at, game.roll_call_until = now, until
        game.roll_call_reminder_at = remind_at
        self._changed()

    def roll_call_reminded(self) -> None:
        """The one reminder of the roll-call has gone."""
        self.game.roll_call_reminder_at = None

    def roll_call_over(self) -> None:
        """The roll-call's time is over: the places of those who did not answer wait
        for the GM; no answer is taken any more."""
        self.game.roll_call_until = self.game.roll_call_reminder_at = None
        self._changed()

    def advance(self, phase_id: int, deadline: datetime | None) -> None:
        """The next phase begins. No bump here: the adjudicator's claim of the game
        (queries.games.claim, a compare-and-set in the database) already counted it."""
        self.game.current_phase_id, self.game.deadline_at = phase_id, deadline

    def set_deadline(self, deadline: datetime | None) -> None:
        self.game.deadline_at = deadline
        self._changed()

    def pause(self, now: datetime) -> None:
        if self.game.paused_at is not None:
            raise WrongState(f"{self.game.name} is already paused.")
        self.game.paused_at = now
        self._changed()

    def resume(self, now: datetime) -> timedelta:
        """Resume; returns how long the game was paused. The deadline moves by as much
        (no phase is played while the game is paused, so it is the one the pause
        stopped)."""
        game = self.game
        if game.paused_at is None:
            raise WrongState(f"{game.name} is not paused.")
        paused_for = now - game.paused_at
        game.paused_at = None
        self._changed()
        if game.deadline_at is not None:
            game.deadline_at = game.deadline_at + paused_for
        return paused_for

    def end(self, now: datetime, kind: EndKind, winners: Sequence[str]) -> None:
        game = self.game
        game.status = GameStatus.ENDED
        game.ended_at, game.end_kind, game.winners = now, kind, list(winners)
        game.deadline_at = None
        self._changed()

    def reopen(self, phase_id: int, deadline: datetime | None) -> None:
        """A rollback: the game plays `phase_id` again, ended or not, unpaused."""
        game = self.game
        game.status = GameStatus.ACTIVE
        game.ended_at = game.end_kind = game.winners = None
        game.current_phase_id, game.deadline_at = phase_id, deadline
        game.paused_at = None
        self._changed()
