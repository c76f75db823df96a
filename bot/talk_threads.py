"""Private threads for negotiation (`/talk`): one per set of powers in a game channel.

A thread is named by its powers ("England–France"), so asking again for the same
powers reuses it. Membership is set explicitly to exactly those powers' players (and
the GM where the game copies the GM on press); it follows replacements, and every
thread is locked when the game ends.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING

import discord

if TYPE_CHECKING:
    from bot.client import DipBot

log = logging.getLogger(__name__)

ARCHIVE_MINUTES = 10080  # a week: negotiations go quiet between deadlines


def thread_name(powers: Iterable[str]) -> str:
    return "–".join(sorted(p.title() for p in powers))


class TalkThreads:
    def __init__(self, client: DipBot) -> None:
        self.client = client

    async def _game_channel(self, channel_id: int) -> discord.TextChannel:
        channel = self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)
        assert isinstance(channel, discord.TextChannel)
        return channel

    async def threads_of(self, channel: discord.TextChannel) -> list[discord.Thread]:
        """The bot's open private threads under the game channel."""
        me = self.client.user
        threads = await channel.guild.active_threads()
        return [
            t
            for t in threads
            if t.parent_id == channel.id
            and t.type is discord.ChannelType.private_thread
            and not t.locked
            and me is not None
            and t.owner_id == me.id
        ]

    async def open(
        self, channel_id: int, powers: Iterable[str], members: Iterable[int]
    ) -> tuple[discord.Thread, bool]:
        """The thread for these powers with exactly `members` (plus the bot) in it;
        returns it and whether it was newly created."""
        channel = await self._game_channel(channel_id)
        name = thread_name(powers)
        existing = next((t for t in await self.threads_of(channel) if t.name == name), None)
        created = existing is None
        thread = existing or await channel.create_thread(
            name=name,
            type=discord.ChannelType.private_thread,
            invitable=False,
            auto_archive_duration=ARCHIVE_MINUTES,
        )
        await self._set_members(thread, set(members))
        return thread, created

    async def _set_members(self, thread: discord.Thread, wanted: set[int]) -> None:
        me = self.client.user
        present = {m.id for m in await thread.fetch_members()}
        for user_id in sorted(wanted - present):
            await thread.add_user(discord.Object(user_id))
        for user_id in sorted(present - wanted):
            if me is None or user_id != me.id:
                await thread.remove_user(discord.Object(user_id))

    async def replace_member(self, channel_id: int, old: int | None, new: int) -> None:
        """A replacement takes the old player's place in every thread of the game."""
        if old is None or old == new:
            return
        channel = await self._game_channel(channel_id)
        for thread in await self.threads_of(channel):
            present = {m.id for m in await thread.fetch_members()}
            if old in present:
                await thread.add_user(discord.Object(new))
                await thread.remove_user(discord.Object(old))

    async def remove_member(self, channel_id: int, user_id: int) -> None:
        """A player removed from the game leaves its threads."""
        channel = await self._game_channel(channel_id)
        for thread in await self.threads_of(channel):
            if user_id in {m.id for m in await thread.fetch_members()}:
                await thread.remove_user(discord.Object(user_id))

    async def lock_all(self, channel_id: int) -> None:
        """The game is over: nobody writes in its threads any more."""
        channel = await self._game_channel(channel_id)
        for thread in await self.threads_of(channel):
            await thread.edit(locked=True)
