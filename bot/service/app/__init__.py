"""The composition root: `GameService` builds the store and every desk, and hands each
desk the others it needs; `open_service` opens the database and migrates it; the
`Scheduler` drives deadlines and reminders. No desk imports this package.

Beside them, what several processes of the bot on one database agree through it: which
one delivers (`Leadership`) and the requests that count against Discord's global limit
(`AllowanceLedger`)."""

from bot.service.app._allowance_ledger import AllowanceLedger as AllowanceLedger
from bot.service.app._allowance_ledger import LedgerUnavailable as LedgerUnavailable
from bot.service.app._game_service import GameService as GameService
from bot.service.app._game_service import open_service as open_service
from bot.service.app._leadership import Leadership as Leadership
from bot.service.app._scheduler import Scheduler as Scheduler

__all__ = [
    "AllowanceLedger",
    "GameService",
    "Leadership",
    "LedgerUnavailable",
    "Scheduler",
    "open_service",
]
