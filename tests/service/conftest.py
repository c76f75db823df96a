"""Fixtures for service tests: a migrated database and a GameService on it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from datetime import timedelta

import pytest

from adjudication.model.orders import Hold
from adjudication.model.units import Location, Unit, UnitType
from bot.service import GameService, open_service
from bot.service.kernel import Caller
from tests.conftest import T0

GM = 1000
GUILD = 1
CHANNEL = 10
PLAYERS = tuple(range(2001, 2008))  # seven users
# An order as the service holds it (an engine value): one to draw on a DM preview.
PAR_HOLDS = Hold(Unit("FRANCE", UnitType.ARMY, Location("PAR")))


@pytest.fixture
async def service(migrated_db_url) -> AsyncIterator[GameService]:
    svc = await open_service(migrated_db_url)
    try:
        yield svc
    finally:
        await svc.store.db.dispose()


@pytest.fixture
async def another_process(migrated_db_url) -> AsyncIterator[GameService]:
    """The service of another bot process on the same database (its own engine)."""
    svc = await open_service(migrated_db_url)
    try:
        yield svc
    finally:
        await svc.store.db.dispose()


async def started_game(
    service: GameService,
    players: Sequence[int] = PLAYERS,
    *,
    prefs: dict[int, Sequence[str]] | None = None,
    channel: int = CHANNEL,
    settings=None,
    seed: int = 7,
):
    """A game created, joined by `players` and started at T0; returns its GameInfo."""
    game = await service.lobby.create_game(GUILD, channel, GM, "Test game", T0, settings, seed=seed)
    for i, user in enumerate(players):
        await service.lobby.join(
            game.id, Caller(user, GUILD), T0 + timedelta(seconds=i), (prefs or {}).get(user, ())
        )
    return await service.lobby.start(game.id, Caller(GM, GUILD), T0)


def owner(info, power: str) -> int:
    return next(p.user_id for p in info.powers if p.power == power)


def texts(orders) -> tuple[str, ...]:
    """Orders (engine values) as the interchange notation writes them: "A PAR - BUR"."""
    return tuple(str(o) for o in orders)


async def force_position(service: GameService, game_id: int, position) -> None:
    """Test set-up: make the current phase start from `position` (written as the
    service would have written it)."""
    from storage.codec import position_to_json
    from storage.models import GameRow, PhaseRow

    async with service.store.transaction() as session:
        game = await session.get(GameRow, game_id)
        phase = await session.get(PhaseRow, game.current_phase_id)
        phase.position = position_to_json(position)
        phase.code = position.phase.code
    service.store.positions.clear()


async def outbox(service: GameService):
    """Every event in the outbox, delivered or not, oldest first (read directly, so
    looking does not lease anything)."""
    from sqlalchemy import select

    from bot.service.records._outbox import _event
    from storage.models import OutboxRow

    async with service.store.transaction() as session:
        rows = await session.execute(select(OutboxRow).order_by(OutboxRow.id))
        return tuple(_event(r) for r in rows.scalars().all())
