"""The game service: the one place that combines the rules engine and storage.

It knows nothing of Discord. Every method takes ids, text and times (UTC-aware
datetimes) and returns values (views.py); events for Discord go to the outbox
(events.py, outbox.py). Problems a user can fix raise `errors.UserError`.

The parts, one module each: lobby, orders, adjudication, endings, votes, GM actions,
history and the outbox. The scheduler (scheduler.py) drives deadlines and reminders.
"""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncEngine

from bot.service.absences import AbsenceDesk
from bot.service.adjudicator import Adjudicator
from bot.service.choices import ChoicesDesk
from bot.service.gm import GmDesk
from bot.service.history import History
from bot.service.lobby import Lobby
from bot.service.orders_service import OrdersDesk
from bot.service.outbox import Outbox
from bot.service.pending_orders import PendingOrdersDesk
from bot.service.press_record import PressRecordDesk
from bot.service.ratings import RatingsDesk
from bot.service.reach import ReachDesk
from bot.service.replacements import ReplacementsDesk
from bot.service.votes import Votes
from storage.db import create_engine
from storage.schema import migrate_engine


class GameService(
    Votes,
    GmDesk,
    OrdersDesk,
    ReachDesk,
    Lobby,
    Adjudicator,
    History,
    Outbox,
    PendingOrdersDesk,
    ChoicesDesk,
    RatingsDesk,
    PressRecordDesk,
    AbsenceDesk,
    ReplacementsDesk,
):
    """All of the service's operations; see the mixins for each group."""


async def open_service(url: str, **kwargs) -> GameService:
    """Create the engine, bring the schema up to date and return the service.
    Call `await service.db.dispose()` on shutdown."""
    engine: AsyncEngine = create_engine(url)
    await migrate_engine(engine)
    return GameService(engine, **kwargs)
