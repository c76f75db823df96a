"""The composition root: `GameService` builds the store and every desk, and hands each
desk the others it needs; `open_service` opens the database and migrates it; the
`Scheduler` drives deadlines and reminders. No desk imports this package."""

from bot.service.app._game_service import GameService as GameService
from bot.service.app._game_service import open_service as open_service
from bot.service.app._scheduler import Scheduler as Scheduler

__all__ = ["GameService", "Scheduler", "open_service"]
