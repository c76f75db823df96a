"""The game service: the one place that combines the rules engine and storage.

It knows nothing of Discord. Every method takes ids, text and times (UTC-aware
datetimes) and returns values (views.py); events for Discord go to the outbox
(events.py, outbox.py). Problems a user can fix raise `errors.UserError`.

The parts, one desk each, composed over one store (service_core.py): lobby, orders,
adjudication, endings, votes, GM actions, history and the outbox. A desk that needs
another is given it when built (below); no desk inherits from another. The scheduler
(scheduler.py) drives deadlines and reminders. docs/ARCHITECTURE.md draws the whole.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy.ext.asyncio import AsyncEngine

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from bot.service.deadlines import AbsenceDesk, Adjudicator
from bot.service.endings import Endings, RatingsDesk, Votes
from bot.service.gm import GmDesk, ReachDesk, ReplacementsDesk, RollbackDesk
from bot.service.kernel import Engine, Store
from bot.service.lobby import ChoicesDesk, Lobby, RollCallDesk
from bot.service.orders import OrdersDesk, PendingOrdersDesk
from bot.service.records import History, NotesDesk, Outbox
from bot.service.sandbox import DEFAULT_CAP, SandboxDesk
from bot.service.spectators import SpectatorsDesk
from bot.service.talk import PressRecordDesk, TalkDesk
from storage.db import create_engine
from storage.schema import migrate_engine


class GameService:
    """All of the service's operations, a desk for each group: `service.orders.submit_orders`,
    `service.lobby.start`, …; `service.store` holds the database and opens transactions.

    `checkpoint` is called with a name at the steps of an adjudication; it does nothing
    in production and lets tests fail a transaction half-way. `sandbox_cap`: how many
    sandboxes a user may keep (the operator's `SANDBOX_CAP`).
    """

    def __init__(
        self,
        engine: AsyncEngine,
        *,
        board: Board = STANDARD,
        rules_engine: Engine | None = None,
        checkpoint: Callable[[str], None] | None = None,
        sandbox_cap: int = DEFAULT_CAP,
    ) -> None:
        store = Store(engine, board=board, rules_engine=rules_engine, checkpoint=checkpoint)
        self.store = store
        self.talk = TalkDesk(store)
        self.endings = Endings(store)
        self.votes = Votes(store, self.endings)
        self.adjudicator = Adjudicator(
            store, endings=self.endings, votes=self.votes, talk=self.talk
        )
        self.rollback = RollbackDesk(store, self.talk)
        self.gm = GmDesk(
            store,
            adjudicator=self.adjudicator,
            endings=self.endings,
            rollback=self.rollback,
            talk=self.talk,
        )
        self.lobby = Lobby(store)
        self.roll_call = RollCallDesk(store)
        self.reach = ReachDesk(store, self.lobby)
        self.history = History(store, self.lobby)
        self.orders = OrdersDesk(store)
        self.outbox = Outbox(store)
        self.pending_orders = PendingOrdersDesk(store)
        self.choices = ChoicesDesk(store)
        self.ratings = RatingsDesk(store)
        self.press = PressRecordDesk(store)
        self.absence = AbsenceDesk(store)
        self.replacements = ReplacementsDesk(store)
        self.sandbox = SandboxDesk(store, history=self.history, lobby=self.lobby, cap=sandbox_cap)
        self.notes = NotesDesk(store)
        self.spectators = SpectatorsDesk(store)


async def open_service(url: str, **kwargs) -> GameService:
    """Create the engine, bring the schema up to date and return the service.
    Call `await service.store.db.dispose()` on shutdown."""
    engine: AsyncEngine = create_engine(url)
    await migrate_engine(engine)
    return GameService(engine, **kwargs)
