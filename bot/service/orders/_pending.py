"""DMs of orders waiting for their sender to say which game they are for.

A player of several games who sends orders by DM is asked which game they mean; the
text waits here, with Discord's time for the DM (the deadline is judged by it), so
that a restart of the bot between the question and the answer loses nothing. One a
player: a newer DM of orders takes the place of the one still waiting.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.kernel import ServiceCore
from storage.models import PendingOrdersRow


class PendingOrdersDesk(ServiceCore):
    async def keep_pending_orders(
        self, user_id: int, text: str, sent_at: datetime, now: datetime
    ) -> None:
        async with self.transaction() as session:
            row = await session.get(PendingOrdersRow, user_id)
            if row is None:
                session.add(
                    PendingOrdersRow(user_id=user_id, text=text, sent_at=sent_at, created_at=now)
                )
            else:
                row.text, row.sent_at, row.created_at = text, sent_at, now

    async def take_pending_orders(self, user_id: int) -> tuple[str, datetime] | None:
        """The DM waiting for the user's pick, taken (it is submitted once), if any."""
        async with self.transaction() as session:
            row = await session.get(PendingOrdersRow, user_id)
            if row is None:
                return None
            await session.delete(row)
            return row.text, row.sent_at
