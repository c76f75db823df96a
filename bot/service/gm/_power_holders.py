"""Who holds a power, changed in a running game: a replacement takes it
(`GmDesk.gm_replace_player`), or nobody does (civil disorder, by the GM or by the
player's own choice). Either way its proxies end and the talk threads follow."""

from __future__ import annotations

from datetime import datetime

from adjudication.model.units import Power
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import PlayerStatus, ProxyEnd, hand_over, keep_start_state
from bot.service.talk import TalkingDesk, remember_name
from storage import queries
from storage.enums import AuditAction
from storage.models import GameRow


async def power_changing(desk: TalkingDesk, session, game: GameRow) -> None:
    """Before a GM action changes a power: the current phase keeps the state it
    began with, for a rollback to it (bot/service/gm/_rollback.py)."""
    if game.current_phase_id is not None:
        await keep_start_state(session, game.id, await desk._current_phase(session, game))


async def hand_power(
    desk: TalkingDesk,
    session,
    game: GameRow,
    row,
    new_user_id: int,
    now,
    caller,
    display_name,
    *,
    roll_call: bool = False,
) -> None:
    """One power of `game` given to `new_user_id` (`gm_replace_player`); `roll_call`: a
    place given at a roll-call before the first phase (issue 31)."""
    old = row.user_id
    hand_over(row, new_user_id)
    row.user_id, row.standby_user_id = new_user_id, None
    row.missed_phases, row.civil_disorder = 0, False
    if old != new_user_id:
        await desk._end_proxies(session, game, {row.power}, ProxyEnd.REPLACED, now)
        await desk.talk.refresh_thread_members(session, game, now)
    await queries.players.set_status(session, game.id, new_user_id, PlayerStatus.JOINED, now)
    await remember_name(session, game.id, new_user_id, display_name)
    if old is not None and old != new_user_id:
        still = any(r.user_id == old for r in await queries.powers.of_game(session, game.id))
        if not still:
            await queries.players.set_status(session, game.id, old, PlayerStatus.REPLACED, now)
    queries.audit.add(
        session,
        game.id,
        caller.user_id,
        AuditAction.REPLACE,
        now,
        {"power": row.power, "old": old, "new": new_user_id},
    )
    replaced = ev.PlayerReplaced(
        power=row.power,
        old=old,
        new=new_user_id,
        score_from=row.score_choice_from,
        roll_call=roll_call,
    )
    add_event(session, replaced, now, game_id=game.id, channel_id=game.channel_id)


async def into_civil_disorder(
    desk: TalkingDesk, session, game: GameRow, row, now: datetime, *, chosen: bool = False
) -> None:
    """The power is held by nobody: its proxies end, its player leaves its threads,
    the channel is told (and whether its player chose it)."""
    held_by = row.user_id  # told too where the channel is not (issue 12)
    row.user_id, row.standby_user_id, row.civil_disorder = None, None, True
    await desk._end_proxies(session, game, {row.power}, ProxyEnd.CIVIL_DISORDER, now)
    await desk.talk.refresh_thread_members(session, game, now)
    disorder = ev.CivilDisorder(power=row.power, chosen=chosen, user=held_by)
    add_event(session, disorder, now, game_id=game.id, channel_id=game.channel_id)


async def remove_player(
    desk: TalkingDesk, session, game: GameRow, user_id: int, now: datetime
) -> list[Power]:
    """A player removed by the GM (`GmDesk.gm_kick`): the powers they held fall into
    civil disorder, they stand by for none, their proxies end. Returns those powers."""
    await queries.players.set_status(session, game.id, user_id, PlayerStatus.KICKED, now)
    powers = []
    for row in await queries.powers.of_game(session, game.id):
        if row.user_id == user_id:
            row.user_id, row.civil_disorder = None, True
            powers.append(row.power)
        if row.standby_user_id == user_id:
            row.standby_user_id = None
    await desk._end_proxies(session, game, set(powers), ProxyEnd.REMOVED, now, grantee=user_id)
    await desk.talk.refresh_thread_members(session, game, now)
    return powers
