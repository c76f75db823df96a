"""Plays random legal orders through the service, as seven players would."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from adjudication.model.orders import Build, Disband, Order, Waive
from adjudication.model.units import PhaseKind
from adjudication.play.legal import legal_orders
from bot.service import GameService
from bot.service.app import Scheduler
from bot.service.kernel import Caller, LineStatus
from storage.codec import position_from_json


def random_orders(position, board, power, rng: random.Random) -> list[Order]:
    """One random legal order per unit; for adjustments, as many as owed or allowed."""
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENT:
        change = position.adjustment_of(power)
        options = legal_orders(position, board, power)
        chosen: list[Order] = []
        used: set[str] = set()
        rng.shuffle(options)
        for order in options:
            if len(chosen) >= abs(change):
                break
            if isinstance(order, Waive):
                chosen.append(order)
                continue
            if order.unit.province in used:
                continue
            if isinstance(order, Build | Disband):
                used.add(order.unit.province)
                chosen.append(order)
        return chosen
    units = (
        [d.unit for d in position.dislodged if d.unit.power == power]
        if kind is PhaseKind.RETREAT
        else list(position.units_of(power))
    )
    return [rng.choice(legal_orders(position, board, u)) for u in units]


async def play_to_the_end(
    service: GameService,
    game_id: int,
    rng: random.Random,
    *,
    skip_chance: float = 0.05,
    max_phases: int = 200,
) -> tuple[list[str], list[str]]:
    """Submit random orders for every power each phase and tick at the deadline.
    Returns the phases played and every rejected line (there should be none)."""
    scheduler = Scheduler(service)
    played: list[str] = []
    rejected: list[str] = []
    for _ in range(max_phases):
        info = await service.lobby.game_info(game_id)
        if info.status.value != "active":
            break
        records = await service.history.phase_records(game_id)
        position = position_from_json(records[-1].position)
        at: datetime = info.deadline_at - timedelta(minutes=30)
        for p in info.powers:
            if p.user_id is None or not p.owes_orders or rng.random() < skip_chance:
                continue
            orders = random_orders(position, service.store.board, p.power, rng)
            if not orders:
                continue
            text = "\n".join(str(o) for o in orders)
            result = await service.orders.submit_orders(
                Caller(p.user_id), text, at, game_id=game_id
            )
            rejected += [
                f"{info.phase} {p.power}: {line.text} ({line.message})"
                for line in result.lines
                if line.status is LineStatus.REJECTED
            ]
            info = await service.lobby.game_info(game_id)
            if info.deadline_at <= at:
                break  # everyone concerned has submitted: the phase ends early
        deadline = (await service.lobby.game_info(game_id)).deadline_at
        report = await scheduler.tick(deadline)
        assert not report.errors, report.errors
        played += [r.phase.code for r in report.adjudicated]
    return played, rejected
