"""Public press kept in the game's record (issue 10): each `/press` post with its phase,
shown by `/game history`. Anonymous press stays anonymous to everyone: its sender is
kept in the record and named only in the GM's audit log (`/gm audit`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from adjudication.model.units import Power
from bot.service.kernel import ServiceCore
from bot.service.talk._talk import PressPlan
from storage import queries
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
                queries.audit.add(
                    session, game.id, sender_user_id, AuditAction.ANONYMOUS_PRESS, now, details
                )

    async def phase_press(self, game_id: int, phase_id: int) -> tuple[PressEntry, ...]:
        """The press posted during one play of a phase, oldest first."""
        async with self.transaction() as session:
            return tuple(
                PressEntry(tuple(r.signed_by), r.text, r.message_id, r.posted_at)
                for r in await queries.press.of_phase(session, game_id, phase_id)
            )
