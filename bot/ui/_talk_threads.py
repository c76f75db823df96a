"""Private threads for negotiation on Discord: open one, bring its members in line with
what the service keeps (bot/service/talk), lock them all when the game ends.

Members are added and removed one at a time, each step reported to the service as it
is done, so a sync cut short resumes where it stopped, and one member who cannot be
added (they left the server) does not stop the others. dipgm never lists a thread's
members: Discord allows that only with the privileged members intent.

Discord archives a thread after a quiet week. An archived thread keeps its members and
its history, so it is still the game's; Discord changes the members of an unarchived
thread only, and edits an archived one only in a request that unarchives it, so such a
thread is woken first.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Final

import discord

from bot.service import GameService
from bot.service.talk import TalkPlan, ThreadMember

log = logging.getLogger(__name__)

# A week, the longest of the four lengths Discord offers: negotiations go quiet between
# deadlines. (Final: the type checker reads it as that one length.)
ARCHIVE_MINUTES: Final = 10080
# Discord's JSON error codes met here (topics/opcodes-and-status-codes).
UNKNOWN_CHANNEL = 10003
UNKNOWN_MEMBER = 10007
UNKNOWN_USER = 10013


@dataclass(frozen=True, slots=True)
class Unreachable:
    """A member dipgm could not add: who, for which power, and Discord's reason."""

    user_id: int
    power: str | None
    reason: str


def thread_intro(plan: TalkPlan) -> str:
    """The first message of a thread: whose it is and who can read it."""
    powers = " and ".join(p.title() for p in plan.powers)
    gm = " and the GM" if plan.gm_copied else ""
    return (
        f"**{plan.game_name}**: private talks between {powers}. Only their players{gm} "
        "are in this thread. Discord also shows every private thread to members who hold "
        "Manage Threads or Administrator in the game's channel."
    )


class TalkThreads:
    """The game's threads on Discord, kept as the service says. The client (bot/client.py)
    makes one and hands it the Discord connection, the service and its clock."""

    def __init__(
        self, client: discord.Client, service: GameService, clock: Callable[[], datetime]
    ) -> None:
        self.client = client
        self.service = service
        self.clock = clock

    async def open(self, plan: TalkPlan) -> tuple[discord.Thread, bool, list[Unreachable]]:
        """The thread of `plan` with exactly its members (plus the bot): reused if it
        is open already, else created. Returns it, whether it is new, and who could
        not be added."""
        thread = await self._thread(plan.thread_id) if plan.thread_id is not None else None
        created = thread is None
        if thread is not None:
            thread = await self._awake(thread)  # the players are about to talk in it
        else:
            channel = await self._channel(plan.channel_id)
            assert isinstance(channel, discord.TextChannel)
            thread = await channel.create_thread(
                name=plan.name,
                type=discord.ChannelType.private_thread,
                invitable=False,
                auto_archive_duration=ARCHIVE_MINUTES,
            )
            await self.service.talk.record_talk_thread(
                plan.game_id, thread.id, plan.powers, self.clock()
            )
            await thread.send(thread_intro(plan), allowed_mentions=discord.AllowedMentions.none())
        return thread, created, await self.sync(thread)

    async def sync(self, thread: discord.Thread) -> list[Unreachable]:
        """Add and remove members until the thread holds whom the service wants."""
        unreachable: list[Unreachable] = []
        pending = [
            m for m in await self.service.talk.thread_members(thread.id) if m.wanted != m.on_discord
        ]
        if pending:
            thread = await self._awake(thread)
        for member in pending:
            failure = await self._step(thread, member)
            if failure is not None:
                unreachable.append(failure)
        return unreachable

    async def sync_game(self, game_id: int) -> list[Unreachable]:
        """Every open thread of the game: unlocked if the game was locked and a
        rollback undid its end, and its members brought in step with the service."""
        unreachable: list[Unreachable] = []
        out_of_step = set(await self.service.talk.threads_out_of_step(game_id))
        for thread_id in await self.service.talk.open_threads(game_id):
            thread = await self._thread(thread_id)
            if thread is None:  # deleted by a moderator: nothing left to keep secret
                await self.service.talk.mark_thread_locked(thread_id, self.clock())
                continue
            if thread.locked:
                thread = await thread.edit(archived=False, locked=False)
            if thread_id in out_of_step:
                unreachable += await self.sync(thread)
        return unreachable

    async def lock_all(self, game_id: int) -> None:
        """The game is over: its threads are locked and archived, so nobody writes in
        them and they do not count against the server's active threads."""
        for thread_id in await self.service.talk.open_threads(game_id):
            thread = await self._thread(thread_id)
            if thread is not None and not thread.locked:
                if thread.archived:
                    # Edited only by a request that unarchives it; archived again below.
                    thread = await thread.edit(archived=False, locked=True)
                await thread.edit(archived=True, locked=True)
            await self.service.talk.mark_thread_locked(thread_id, self.clock())

    # --- one step at a time ---------------------------------------------------------

    async def _step(self, thread: discord.Thread, member: ThreadMember) -> Unreachable | None:
        now = self.clock()
        try:
            if member.wanted:
                await thread.add_user(discord.Object(member.user_id))
            else:
                await thread.remove_user(discord.Object(member.user_id))
        except discord.NotFound as exc:
            if not member.wanted:
                # Not in the thread (or not in the server) any more: out, as wanted.
                await self.service.talk.mark_thread_member(thread.id, member.user_id, False, now)
                return None
            if exc.code not in (UNKNOWN_MEMBER, UNKNOWN_USER):
                raise
            log.warning("thread %s: cannot add user %s: %s", thread.id, member.user_id, exc)
            await self.service.talk.mark_thread_member(
                thread.id, member.user_id, False, now, error="not in the server"
            )
            return Unreachable(member.user_id, member.power, "not in the server")
        await self.service.talk.mark_thread_member(thread.id, member.user_id, member.wanted, now)
        return None

    async def _thread(self, thread_id: int) -> discord.Thread | None:
        """The thread by id (cached or fetched), or None if Discord no longer has it."""
        channel = self.client.get_channel(thread_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(thread_id)
            except discord.NotFound:
                return None
        return channel if isinstance(channel, discord.Thread) else None

    async def _channel(self, channel_id: int):
        return self.client.get_channel(channel_id) or await self.client.fetch_channel(channel_id)

    @staticmethod
    async def _awake(thread: discord.Thread) -> discord.Thread:
        """The thread, unarchived if it was archived (see the module's docstring)."""
        return await thread.edit(archived=False) if thread.archived else thread
