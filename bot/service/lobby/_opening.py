"""Opening a game's lobby in a channel (`Lobby.create_game`): one unfinished game per
channel, its seed drawn and kept, a one-on-one match's second board named."""

from __future__ import annotations

import secrets
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.kernel import GameInfo, GameStatus, WrongState
from bot.service.variants import match as matches
from storage import queries
from storage.models import GameRow


class Opening(Protocol):
    """The lobby desk as opening a game needs it (`Lobby`): a transaction, and the
    game's info to answer with."""

    def transaction(self) -> AbstractAsyncContextManager[AsyncSession]: ...

    async def info_of(self, session: AsyncSession, game: GameRow) -> GameInfo: ...


async def open_game(
    desk: Opening,
    guild_id,
    channel_id,
    gm_user_id,
    name,
    now,
    settings,
    seed,
    second_channel_id=None,
):
    """The lobby's row written (`Lobby.create_game` has checked the name and the
    settings), unless the channel has an unfinished game already."""
    async with desk.transaction() as session:
        other = await open_game_in(session, channel_id)
        if other is not None:
            raise WrongState(f"This channel already has a game: {other.name}.")
        game = GameRow(
            guild_id=guild_id,
            channel_id=channel_id,
            gm_user_id=gm_user_id,
            name=name,
            status=GameStatus.LOBBY,
            settings=settings.model_dump(mode="json"),
            # Stored, so the draw of powers can be re-checked later.
            seed=seed if seed is not None else secrets.randbits(62),
            created_at=now,
        )
        session.add(game)
        if second_channel_id is not None:
            await matches.open_match(session, game, second_channel_id, now)
        await session.flush()
        return await desk.info_of(session, game)


async def open_game_in(session: AsyncSession, channel_id: int) -> GameRow | None:
    """The channel's unfinished game, if it has one."""
    games = await queries.games.in_channel(session, channel_id)
    return next((g for g in games if g.status != GameStatus.ENDED), None)
