"""A standby's takeover in a one-on-one match (reading O6 in docs/VARIANTS.md, rules/004
rule 9): the standby stands for the player's whole side on both boards
(`GmDesk.gm_call_standby`), so when the player misses on a board and the standby's
orders are used, the standby takes the whole side there and on the other board, as
`/gm replace` hands it (bot/service/variants/match/_players.py)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import ProxyEnd, WrongState, hand_over
from bot.service.talk import TalkingDesk
from bot.service.variants.match._matches import other_board
from bot.service.variants.match._players import match_sides, side_taken
from storage import queries
from storage.models import GameRow, PhaseRow, PowerRow


async def side_follows_standby(
    desk: TalkingDesk,
    session: AsyncSession,
    game: GameRow,
    powers: list[PowerRow],
    played: str,
    events: list[ev.Payload],
    now: datetime,
) -> list[ev.PlayerReplaced]:
    """After the NMR bookkeeping of `game`'s phase `played`: a standby who took over a
    power of a side here (`events`), or took the side's twin on the other board at its
    play, takes the rest of the side on both boards. The other board's powers are
    handed at once, unless that board still plays `played` at this deadline: its own
    bookkeeping hands them then, after the orders its player sent in time are played
    (not an NMR of the standby's). Returns the hand-overs of this board, for the caller
    to end proxies, follow the threads and announce, as for its own takeovers."""
    if game.match_id is None:
        return []
    other = await other_board(session, game)
    there = list(await queries.powers.of_game(session, other.id)) if other is not None else []
    waits = other is not None and await _still_plays(session, other, played)
    took = {e.power: e.new for e in events if isinstance(e, ev.PlayerReplaced)}
    sides = match_sides(game)
    here_handed: list[ev.PlayerReplaced] = []
    there_handed: list[ev.PlayerReplaced] = []
    for i, side in enumerate(sides):
        rows = [r for r in powers if r.power in side]
        twins = {r.user_id for r in there if r.power in sides[1 - i]}
        new = next((took[r.power] for r in rows if r.power in took), None)
        if new is None:  # the other board, played first, handed its side to our standby
            new = next((r.standby_user_id for r in rows if {r.standby_user_id} == twins), None)
        if new is None:
            continue
        try:
            handed = await side_taken(session, game, rows[0], new)
        except WrongState:
            continue  # a standby of old who plays the other side: this power alone
        for board, row in handed:
            if row.user_id == new or (board is not game and waits):
                continue
            (here_handed if board is game else there_handed).append(_take(row, new))
    if there_handed and other is not None:
        changed = {e.power for e in there_handed}
        await desk._end_proxies(
            session, other, changed, ProxyEnd.REPLACED, now, withdraw_orders=False
        )
        await desk.talk.refresh_thread_members(session, other, now)
        for event in there_handed:
            add_event(session, event, now, game_id=other.id, channel_id=other.channel_id)
    return here_handed


def _take(row: PowerRow, new: int) -> ev.PlayerReplaced:
    """The standby takes the power, as at its own takeover
    (bot/service/deadlines/_missing_orders.py)."""
    old = row.user_id
    hand_over(row, new)
    row.user_id, row.standby_user_id = new, None
    row.missed_phases, row.civil_disorder = 0, False
    return ev.PlayerReplaced(power=row.power, old=old, new=new, score_from=row.score_choice_from)


async def _still_plays(session: AsyncSession, board: GameRow, played: str) -> bool:
    """Whether `board` has yet to play the phase `played` (the same movement phase, at
    the match's shared deadline, in this same round)."""
    phase = await session.get(PhaseRow, board.current_phase_id)
    return phase is not None and phase.code == played and phase.adjudicated_at is None
