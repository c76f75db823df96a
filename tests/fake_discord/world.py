"""The shared state of one fake Discord: who exists, what the bot has done.

:class:`World` is what the REST routes mutate, the gateway renders and the
test driver inspects. It also records *violations* (the bot broke a Discord
rule) and wakes up anyone waiting for the bot to do something.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from .state import (
    ADMINISTRATOR,
    DEFAULT_PERMISSIONS,
    DM,
    GUILD_TEXT,
    JSON,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    Snowflakes,
)

T = TypeVar("T")

BOT_TOKEN = "fake-bot-token"


@dataclass(frozen=True)
class Violation:
    """The bot did something real Discord would refuse (or a route is missing)."""

    code: int
    message: str
    route: str
    detail: str = ""

    def __str__(self) -> str:
        extra = f"\n    {self.detail}" if self.detail else ""
        return f"[{self.code}] {self.message} ({self.route}){extra}"


@dataclass(eq=False)
class InteractionRecord:
    """One interaction the test dispatched, and everything the bot answered."""

    id: int
    token: str
    type: int
    user: FakeUser
    channel_id: int
    guild_id: int | None
    dispatched_at: float
    payload: JSON
    source_message: FakeMessage | None = None
    callback_type: int | None = None
    callback_data: JSON | None = None
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[JSON] | None = None
    modal: JSON | None = None
    refused: list[Violation] = field(default_factory=list)


class Changes:
    """Wakes waiters whenever the world changes, so waits end as soon as possible.

    Predicates about the bot's own state (not visible to the fake) are also
    re-checked every ``RECHECK`` seconds; the only bound on a wait is its timeout.
    """

    RECHECK = 0.02

    def __init__(self) -> None:
        self._waiters: list[asyncio.Future[None]] = []

    def notify(self) -> None:
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def wait_until(
        self,
        predicate: Callable[[], T | None],
        *,
        timeout: float,
        what: str,
        explain: Callable[[], str] = lambda: "",
    ) -> T:
        """Return ``predicate()`` as soon as it is truthy, or fail after ``timeout`` s."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}\n{explain()}")
            fut: asyncio.Future[None] = loop.create_future()
            self._waiters.append(fut)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(fut, min(remaining, self.RECHECK))


class World:
    """Users, guilds, channels, messages, commands and interactions of one fake."""

    def __init__(self) -> None:
        self.ids = Snowflakes()
        self.token = BOT_TOKEN
        self.bot_user = FakeUser(self.ids.next(), "dipgm", bot=True)
        self.application_id = self.ids.next()
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.dm_channels: dict[int, FakeChannel] = {}  # by recipient user id
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.bot_messages: list[FakeMessage] = []  # every message the bot created, in order
        self.violations: list[Violation] = []
        self.unexpected: list[str] = []  # internal errors of the fake itself
        self.changes = Changes()

    # -- building the world -------------------------------------------------

    def add_guild(self, name: str, *, gm_role: str = "GM") -> FakeGuild:
        """Create a guild with @everyone, a GM role, a bot role and the bot as member."""
        guild = FakeGuild(self.ids.next(), name, owner_id=self.bot_user.id)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", DEFAULT_PERMISSIONS, 0)
        gm = FakeRole(self.ids.next(), gm_role, DEFAULT_PERMISSIONS, 1)
        bot_role = FakeRole(self.ids.next(), "dipgm-bot", ADMINISTRATOR, 2)
        guild.roles[gm.id] = gm
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, [bot_role.id])
        self.guilds[guild.id] = guild
        return guild

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        channel = FakeChannel(
            self.ids.next(), GUILD_TEXT, name=name, guild_id=guild.id, position=len(guild.channels)
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def add_user(
        self, name: str, *, guild: FakeGuild | None = None, roles: tuple[str, ...] = ()
    ) -> FakeUser:
        """Create a user; with ``guild`` also a member holding the named roles."""
        user = FakeUser(self.ids.next(), name)
        self.users[user.id] = user
        if guild is not None:
            role_ids = [guild.role_named(r).id for r in roles]
            guild.members[user.id] = FakeMember(user, role_ids)
        return user

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between ``user`` and the bot (created on first use)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.ids.next(), DM, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    # -- lookups --------------------------------------------------------------

    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def member(self, guild_id: int | None, user_id: int) -> FakeMember | None:
        if guild_id is None:
            return None
        return self.guilds[guild_id].members.get(user_id)

    def message_payload(self, message: FakeMessage) -> JSON:
        return message.payload(member=self.member(message.guild_id, message.author.id))

    def commands_for(self, guild_id: int | None) -> list[JSON]:
        """Commands a user sees in a guild: that guild's, then the global ones."""
        local = self.guild_commands.get(guild_id, []) if guild_id is not None else []
        return [*local, *self.global_commands]

    # -- recording ------------------------------------------------------------

    def add_message(self, message: FakeMessage) -> FakeMessage:
        self.messages[message.id] = message
        channel = self.channels.get(message.channel_id)
        if channel is not None:
            channel.last_message_id = message.id
            channel.message_count += 1
        if message.author.id == self.bot_user.id:
            self.bot_messages.append(message)
        self.changes.notify()
        return message

    def violate(self, violation: Violation) -> Violation:
        self.violations.append(violation)
        self.changes.notify()
        return violation

    def take_violations(self, code: int | None = None) -> list[Violation]:
        """Remove and return recorded violations (all, or those with ``code``).

        Tests that *expect* the bot to be refused call this so that teardown
        does not fail on the violation they provoked on purpose.
        """
        taken = [v for v in self.violations if code is None or v.code == code]
        self.violations = [v for v in self.violations if v not in taken]
        return taken

    def summary(self) -> str:
        """A short account of what the bot did, for timeout messages."""
        lines = [f"bot sent {len(self.bot_messages)} message(s):"]
        for m in self.bot_messages[-10:]:
            where = self.channels.get(m.channel_id)
            label = where.name if where and where.name else f"channel {m.channel_id}"
            lines.append(f"  - #{label} flags={m.flags} content={m.content[:80]!r}")
        for v in self.violations:
            lines.append(f"violation: {v}")
        return "\n".join(lines)
