"""Public press kept in the game's record (issue 10): each `/press` post with its phase,
shown by `/game history`. Anonymous press stays anonymous to everyone: its sender is
kept in the record and named only in the GM's audit log (`/gm audit`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import select

from adjudication.units import Power
from bot.service.service_core import ServiceCore
from bot.service.talk import PressPlan
from storage import repo
from storage.enums import AuditAction
from storage.models import PressRow


@dataclass(frozen=True, slots=True)
class PressEntry:
    """One press post as anyone may see it: signed by its powers, or by nobody
    (anonymous). Never its sender."""

    signed_by: tuple[Power, ...]
    text: str
    message_id: int
    posted_at: datetime


class PressRecordDesk(ServiceCore):
    async def record_press(
        self, plan: PressPlan, sender_user_id: int, text: str, message_id: int, now: datetime
    ) -> None:
        """Keep press Discord has just posted (`plan` from `plan_press`) in the phase
        being played now."""
        async with self.transaction() as session:
            game = await self._game(session, plan.game_id, lock=False)
            phase = await self._current_phase(session, game)
            session.add(
                PressRow(
                    game_id=game.id,
                    phase_id=phase.id,
                    signed_by=list(plan.signed_by),
                    sender_user_id=sender_user_id,
                    text=text,
                    message_id=message_id,
                    posted_at=now,
                )
            )
            if not plan.signed_by:
                details = {"phase": phase.code, "message_id": message_id}
                repo.add_audit(
                    session, game.id, sender_user_id, AuditAction.ANONYMOUS_PRESS, now, details
                )

    async def phase_press(self, game_id: int, phase_id: int) -> tuple[PressEntry, ...]:
        """The press posted during one play of a phase, oldest first."""
        async with self.transaction() as session:
            rows = await session.execute(
                select(PressRow)
                .where(PressRow.game_id == game_id, PressRow.phase_id == phase_id)
                .order_by(PressRow.posted_at, PressRow.id)
            )
            return tuple(
                PressEntry(tuple(r.signed_by), r.text, r.message_id, r.posted_at)
                for r in rows.scalars().all()
            )
