"""What becomes of a phase's votes when the phase ends, whoever ends it (the
adjudicator, the end of the game, a rollback): called, not a hook to override."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from storage import queries
from storage.enums import VoteStatus
from storage.models import PhaseRow


async def lapse_open_votes(session: AsyncSession, phase: PhaseRow, now: datetime) -> None:
    """The votes still open in `phase` lapse with it (a vote is on its phase only)."""
    for vote in await queries.votes.open_in_phase(session, phase.id):
        vote.status, vote.closed_at = VoteStatus.LAPSED, now
