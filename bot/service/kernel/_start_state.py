"""What each phase begins with, for a rollback to put back (bot/service/gm/_rollback.py): every
power's state and the proxies then in force.

Each phase keeps that state (`PhaseRow.start_state`): written when the service begins a
phase (bot/service/deadlines/_adjudicator.py), and for a phase begun without it (the first,
which the lobby writes, or one begun before it was kept) just before anything changes it in that
phase (`keep_start_state`). Nothing else changes a power's state during a phase but the
GM's actions and the adjudication, which all call it first; a proxy given during the
phase is told apart by its time.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.position import Position
from adjudication.model.units import Power
from bot.service.kernel._proxies import ProxyEnd
from storage import queries
from storage.codec import position_to_json
from storage.models import PhaseRow, PowerRow, ProxyGrantRow

# A power's state as a rollback restores it; `ready` and `score` always start afresh.
_PLAYERS = ("user_id", "standby_user_id")
_RECORD = ("civil_disorder", "missed_phases", "eliminated_year", "excuses_left")


@dataclass(frozen=True, slots=True)
class PowerChange:
    """Who played a power when the target phase began (`then`) and who plays it now."""

    power: Power
    then: int | None
    now: int | None


@dataclass(frozen=True, slots=True)
class ProxyChanges:
    """Proxies put back in force, and proxies given since the target began, ended."""

    restored: tuple[ProxyGrantRow, ...]
    ended: tuple[ProxyGrantRow, ...]


def start_state(powers: Iterable[PowerRow], grants: Iterable[ProxyGrantRow]) -> dict[str, Any]:
    """The state a phase begins with, as stored in `PhaseRow.start_state`."""
    return {
        "powers": {r.power: {k: getattr(r, k) for k in (*_PLAYERS, *_RECORD)} for r in powers},
        "proxies": sorted(g.id for g in grants if g.revoked_at is None),
    }


async def opening_phase(
    session: AsyncSession, game_id: int, position: Position, deadline: datetime, now: datetime
) -> PhaseRow:
    """A game's first phase written, from `position` (its variant's opening), with the
    state a rollback to it restores; flushed, so it has its id."""
    phase = PhaseRow(
        game_id=game_id,
        seq=0,
        code=position.phase.code,
        position=position_to_json(position),
        started_at=now,
        deadline_at=deadline,
        start_state=await state_now(session, game_id),
    )
    session.add(phase)
    await session.flush()
    assert phase.id is not None
    return phase


async def state_now(session: AsyncSession, game_id: int) -> dict[str, Any]:
    """The game's state as it stands in this transaction (changes flushed first)."""
    await session.flush()
    return start_state(
        await queries.powers.of_game(session, game_id),
        await queries.proxies.in_force(session, game_id),
    )


async def keep_start_state(session: AsyncSession, game_id: int, phase: PhaseRow) -> None:
    """Write `phase`'s start state if it has none, before anything changes it: the
    powers as they are, and the proxies in force that were given before it began."""
    if phase.start_state is not None:
        return
    grants = [
        g
        for g in await queries.proxies.in_force(session, game_id)
        if g.granted_at < phase.started_at
    ]
    phase.start_state = start_state(await queries.powers.of_game(session, game_id), grants)


def player_changes(
    state: Mapping[str, Any] | None, powers: Iterable[PowerRow]
) -> tuple[PowerChange, ...]:
    """The powers whose player is not the one who played them when `state` was kept."""
    if state is None:
        return ()
    then = state["powers"]
    return tuple(
        PowerChange(r.power, then[r.power]["user_id"], r.user_id)
        for r in powers
        if r.power in then and then[r.power]["user_id"] != r.user_id
    )


def restore_powers(
    state: Mapping[str, Any] | None,
    powers: Sequence[PowerRow],
    target: Position,
    *,
    keep_players: bool,
) -> tuple[PowerChange, ...]:
    """Put every power back as `state` says; returns the changes of player made.

    `keep_players`: who plays each power (and stands by for it) stays as it is now; a
    power whose player changed since is counted afresh, as a replacement is (nothing
    missed, not in civil disorder), unless nobody plays it. Without a kept state (a
    phase begun before states were kept) only eliminations are put right: a power alive
    in the target position is not eliminated."""
    for row in powers:
        row.ready, row.score = False, None
    if state is None:
        for row in powers:
            if row.eliminated_year is not None and target.is_alive(row.power):
                row.eliminated_year = None
        return ()
    changes = [] if keep_players else list(player_changes(state, powers))
    for row in powers:
        then = state["powers"].get(row.power)
        if then is None:
            continue
        for key in _RECORD:
            # A state kept before a key was recorded leaves that key as it is.
            setattr(row, key, then.get(key, getattr(row, key)))
        if not keep_players:
            row.user_id, row.standby_user_id = then["user_id"], then["standby_user_id"]
        elif row.user_id != then["user_id"]:
            row.missed_phases, row.civil_disorder = 0, row.user_id is None
    return tuple(changes)


async def restore_proxies(
    session: AsyncSession,
    game_id: int,
    state: Mapping[str, Any] | None,
    powers: Sequence[PowerRow],
    now: datetime,
) -> ProxyChanges:
    """The proxies in force when the target began are in force again (while their
    grantor plays the power); those given since end."""
    if state is None:
        return ProxyChanges((), ())
    wanted = set(state["proxies"])
    owner = {r.power: r.user_id for r in powers}
    restored, ended = [], []
    for grant in await queries.proxies.of_game(session, game_id):
        keep = grant.id in wanted and owner.get(grant.power) == grant.grantor_user_id
        if keep and grant.revoked_at is not None:
            grant.revoked_at, grant.end_reason = None, None
            restored.append(grant)
        elif not keep and grant.revoked_at is None:
            grant.revoked_at, grant.end_reason = now, ProxyEnd.ROLLED_BACK
            ended.append(grant)
    return ProxyChanges(tuple(restored), tuple(ended))


async def order_senders(session: AsyncSession, phase_id: int) -> dict[int, set[Power]]:
    """Who sent the orders in force for a phase, and for which powers."""
    orders = await queries.orders.in_force(session, phase_id)
    if not orders:
        return {}
    sender = await queries.submissions.senders(session, {o.submission_id for o in orders})
    out: dict[int, set[Power]] = {}
    for order in orders:
        out.setdefault(sender[order.submission_id], set()).add(order.power)
    return out
