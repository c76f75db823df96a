"""Private threads for negotiation (`/talk`): one per set of powers in a game channel.

A thread is named by its powers ("England–France"), so asking again for the same
powers reuses it. Membership is set explicitly to exactly those powers' players (and
the GM where the game copies the GM on press); it follows replacements, and every
thread is locked when the game ends.

Discord archives a thread after a quiet week. An archived thread keeps its members and
its history, so it is still the game's: `/talk` finds it again, a replacement or a
removal changes its members too (a player who left must not read the next talk when
somebody revives it), and the game's end locks it. Discord changes the members of an
unarchived thread only, and edits an archived one only in a request that unarchives
it, so such a thread is woken first.
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
        """The bot's private threads under the game channel that are not locked: the
        active ones, then the archived ones (which the bot, their owner, has joined)."""
        me = self.client.user
        if me is None:
            return []
        active = [t for t in await channel.guild.active_threads() if t.parent_id == channel.id]
        archived = [
            t async for t in channel.archived_threads(private=True, joined=True, limit=None)
        ]
        return [
            t
            for t in (*active, *archived)
            if t.type is discord.ChannelType.private_thread
            and not t.locked
            and t.owner_id == me.id
        ]

    @staticmethod
    async def _awake(thread: discord.Thread) -> discord.Thread:
        """The thread, unarchived if it was archived (see the module's docstring)."""
        return await thread.edit(archived=False) if thread.archived else thread

    async def open(
        self, channel_id: int, powers: Iterable[str], members: Iterable[int]
    ) -> tuple[discord.Thread, bool]:
        """The thread for these powers with exactly `members` (plus the bot) in it;
        returns it and whether it was newly created."""
        channel = await self._game_channel(channel_id)
        name = thread_name(powers)
        existing = next((t for t in await self.threads_of(channel) if t.name == name), None)
        created = existing is None
        if existing is not None:
            existing = await self._awake(existing)  # the players are about to talk in it
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
                thread = await self._awake(thread)
                await thread.add_user(discord.Object(new))
                await thread.remove_user(discord.Object(old))

    async def remove_member(self, channel_id: int, user_id: int) -> None:
        """A player removed from the game leaves its threads."""
        channel = await self._game_channel(channel_id)
        for thread in await self.threads_of(channel):
            if user_id in {m.id for m in await thread.fetch_members()}:
                thread = await self._awake(thread)
                await thread.remove_user(discord.Object(user_id))

    async def lock_all(self, channel_id: int) -> None:
        """The game is over: nobody writes in its threads any more."""
        channel = await self._game_channel(channel_id)
        for thread in await self.threads_of(channel):
            if thread.archived:
                # Edited only by a request that unarchives it; once locked, no player's
                # post revives it.
                await thread.edit(archived=False, locked=True)
            else:
                await thread.edit(locked=True)
