"""`/settings reminders` (issue 23): a player chooses their reminder times for one game
or all their games (bot/service/kernel/_reminder_plan.py plans them)."""

from __future__ import annotations

from datetime import datetime

from bot.service.kernel import HoldsStore, InvalidSetting, read_reminder_hours
from storage import queries


class ReminderChoices:
    """A player's reminder times, through the service's transactions."""

    def __init__(self, service: HoldsStore) -> None:
        self.service = service

    async def choose(
        self, user_id: int, game_id: int | None, text: str | None, now: datetime
    ) -> tuple[int, ...] | None:
        """Choose reminders for one game (`game_id`) or all the player's games (None);
        `text` None: back to each game's default. The reminders of the phases under
        way are planned again at once. Returns the minutes chosen."""
        minutes = None if text is None else read_reminder_hours(text)
        async with self.service.store.transaction() as session:
            games = list(await queries.games.of_user(session, user_id))
            if game_id is not None:
                games = [g for g in games if g.id == game_id]
                if not games:
                    raise InvalidSetting(f"You play in no running game number {game_id}.")
            await queries.reminders.set_choice(
                session,
                user_id,
                queries.reminders.ALL_GAMES if game_id is None else game_id,
                minutes,
                now,
            )
            await session.flush()
            for listed in games:
                game = await self.service.store.game(session, listed.id)  # locked, as every change
                if game.deadline_at is not None and game.current_phase_id is not None:
                    await self.service.store.schedule_reminders(
                        session, game, game.current_phase_id, game.deadline_at, now
                    )
        return minutes
