"""A player's own settings, the same in every game (issue 10): today the map palette
of everything sent to them alone — their DM previews, their own `/game map` and
`/game history`. The channel's maps follow the game's `map_palette` instead."""

from __future__ import annotations

from datetime import datetime

from bot.service.kernel import HoldsStore, check_palette
from storage import queries


class PlayerSettings:
    """Reads and writes one player's settings through the service's transactions."""

    def __init__(self, service: HoldsStore) -> None:
        self.service = service

    async def palette(self, user_id: int) -> str | None:
        async with self.service.store.transaction() as session:
            return await queries.users.palette(session, user_id)

    async def set_palette(self, user_id: int, palette: str | None, now: datetime) -> None:
        """Choose a palette, or None to see each game's own."""
        if palette is not None:
            check_palette(palette)
        async with self.service.store.transaction() as session:
            await queries.users.set_palette(session, user_id, palette, now)
