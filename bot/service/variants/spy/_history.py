"""The GM's `/game map` and `/game history` of a Spy Diplomacy game (issue 12): the GM
sees the whole board, every spy drawn (the record keeps them) and every spy's orders
with their outcomes under the results. A player, and any answer shared with the
channel, still get the phase with no spy (rules/004: "Only the owner of a spy is told
its location"; a player's own spy is in their DMs)."""

from __future__ import annotations

from dataclasses import replace

from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.variants.spy.words import spy_plain_lines
from bot.service.kernel import Caller, GameInfo, Store, power_name
from bot.service.variants.spy._news import spy_record
from bot.service.variants.spy._orders import has_spies


def gm_sees_spies(info: GameInfo, caller: Caller, share: bool, position: Position) -> bool:
    """Whether the answer is the GM's alone in a Spy game: the whole board."""
    return not share and has_spies(position) and caller.is_gm_of(info.gm_user_id, info.guild_id)


def spy_owner(info: GameInfo, caller: Caller, share: bool) -> str | None:
    """Whose spy an answer may show: the asking player's own, when it is theirs alone
    ("Only the owner of a spy is told its location"); None when shared. A player of
    several powers is shown the first one's."""
    if share:
        return None
    return next((p.power for p in info.powers if p.user_id == caller.user_id), None)


async def with_spy_orders(store: Store, phase_id: int, judged: str, board: Board) -> str:
    """The GM's results of a played phase with, after them, every spy's orders by power
    and what became of them."""
    report = await spy_record(store, phase_id)
    if report is None or not report.outcomes:
        return judged
    lines = []
    for power in sorted({o.order.spy.power for o in report.outcomes}):
        own = replace(
            report, outcomes=tuple(o for o in report.outcomes if o.order.spy.power == power)
        )
        lines += [f"{power_name(power)}: {line}" for line in spy_plain_lines(own, board)]
    return "\n".join([judged, "", "Spies:", *lines])
