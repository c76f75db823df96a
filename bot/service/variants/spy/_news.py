"""What the players of a Spy Diplomacy game are told of a phase (issue 12, rules/004:
"Only the owner of a spy is told its location"; "No indication of the sabotage is
given in the results").

The game channel gets the phase with no spy in its positions (`public_played`): the
outcomes need nothing taken out, a sabotaged unit is listed with the order it followed
(reading Y7). A player gets the phase with their own spy alone (`seen_by`), and their
spy's orders and outcomes (`spy_json`'s record, cut by `spy_view.spy_report_for`) after
their units' lines. A game without spies never comes here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime

from adjudication.model.pieces import Spy
from adjudication.model.units import Power
from adjudication.variants.spy.codec import spy_report_from_json
from adjudication.variants.spy.orders import SpyReport
from adjudication.variants.spy.view import position_seen_by, spy_report_for
from adjudication.variants.spy.words import spy_plain_lines
from bot.service.kernel import PhaseNotices, PlayedPhase, Store, own_news
from storage.models import PhaseRow


def public_played(played: PlayedPhase) -> PlayedPhase:
    """`played` as the game channel may show it: no spy anywhere."""
    return replace(
        played,
        before=position_seen_by(played.before, ""),
        after=position_seen_by(played.after, ""),
    )


def seen_by(played: PlayedPhase, power: Power) -> PlayedPhase:
    """`played` as `power` may know it: its own spy, no other."""
    return replace(
        played,
        before=position_seen_by(played.before, power),
        after=position_seen_by(played.after, power),
    )


async def spy_record(store: Store, phase_id: int) -> SpyReport | None:
    """The spies' record of a played phase (the GM's; cut before any player sees it)."""
    async with store.transaction() as session:
        row = await session.get(PhaseRow, phase_id)
        document = None if row is None else row.spies
    return None if document is None else spy_report_from_json(document)


def spy_news(
    played: PlayedPhase,
    record: SpyReport | None,
    powers: Sequence[Power],
    game_name: str,
    deadline: datetime | None,
    game_over: bool,
    notices: PhaseNotices = PhaseNotices(),  # noqa: B008 - frozen, sharing it is safe
) -> str:
    """A player's own results (`own_news`, made from their view), then their spy's
    orders and what became of them, and where their spy now stands."""
    text = own_news(seen_by(played, powers[0]), powers, game_name, deadline, game_over, notices)
    lines = []
    for power in powers:
        lines += spy_plain_lines(spy_report_for(record, power), played.board)
        lines += [f"Your spy is now in {s.province.title()}." for s in own_spies(played, power)]
    if not lines:
        return text
    head, _, last = text.rpartition("\n")
    return "\n".join([head, *(f"• {line}" for line in lines), last])


def own_spies(played: PlayedPhase, power: Power) -> list[Spy]:
    return [s for s in played.after.spies if s.power == power]
