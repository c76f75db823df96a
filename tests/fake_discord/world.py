"""The shared state of one fake Discord: who exists, what the bot has done.

:class:`World` is what the REST routes mutate, the gateway renders and the
test driver inspects. It also records *violations* (the bot broke a Discord
rule) and wakes up anyone waiting for the bot to do something.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from . import mentions as mention_rules
from . import permissions as perm
from .nonces import Nonces
from .permissions import (
    BOT_PERMISSIONS,
    DEFAULT_PERMISSIONS,
    DM_APP_PERMISSIONS,
    GM_ROLE_PERMISSIONS,
    MANAGE_THREADS,
    MENTION_EVERYONE,
    VIEW_CHANNEL,
    Overwrite,
)
from .state import (
    ANNOUNCEMENT_THREAD,
    DM,
    GUILD_ANNOUNCEMENT,
    GUILD_TEXT,
    JSON,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    THREAD_TYPES,
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
    created_at: float = 0.0  # on Discord's clock (``world.ids.clock``): the token's birth


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
    """Users, guilds, channels, messages, commands and interactions of one fake.

    ``granted_intents`` are the privileged intents switched on for the application in
    the Developer Portal (GUILD_MEMBERS 1<<1, GUILD_PRESENCES 1<<8, MESSAGE_CONTENT
    1<<15); none by default, as the project README tells operators.
    ``bot_invite_permissions`` are the permissions the bot's documentation asks for
    (the README's invite integer): a route refused for lack of a permission outside
    this set is a bot bug (a violation); one refused for lack of a permission inside
    it is the server's configuration, which the bot must cope with (a plain error).
    """

    def __init__(self, *, granted_intents: int = 0, clock: Callable[[], float] = time.time) -> None:
        self.ids = Snowflakes(clock)
        self.token = BOT_TOKEN
        self.granted_intents = granted_intents
        self.bot_invite_permissions = BOT_PERMISSIONS
        self.bot_user = FakeUser(self.ids.next(), "dipgm", bot=True)
        self.application_id = self.ids.next()
        # Whoever owns the servers: not the bot (an owner has every permission).
        self.owner = FakeUser(self.ids.next(), "owner")
        self.users: dict[int, FakeUser] = {
            self.bot_user.id: self.bot_user,
            self.owner.id: self.owner,
        }
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.dm_channels: dict[int, FakeChannel] = {}  # by recipient user id
        self.nonces = Nonces()  # the bot's messages created with an enforced nonce
        self.global_commands: list[JSON] = []
        self.guild_commands: dict[int, list[JSON]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self.bot_messages: list[FakeMessage] = []  # every message the bot created, in order
        self.violations: list[Violation] = []
        # Every request Discord would refuse (violation or not), in order: tests that
        # expect the bot to meet a refusal and cope can assert on it.
        self.refusals: list[Violation] = []
        self.unexpected: list[str] = []  # internal errors of the fake itself
        self.changes = Changes()

    # -- building the world -------------------------------------------------

    def add_guild(
        self,
        name: str,
        *,
        gm_role: str = "GM",
        owner: FakeUser | None = None,
        bot_permissions: int = BOT_PERMISSIONS,
    ) -> FakeGuild:
        """Create a guild with @everyone, a GM role (holding Manage Events besides the
        defaults, as the README asks) and the role Discord makes for the bot when it is
        invited (holding ``bot_permissions``, by default exactly the README's list, not
        Administrator); the bot and ``owner`` (default ``world.owner``) are members."""
        owner = owner or self.owner
        guild = FakeGuild(self.ids.next(), name, owner_id=owner.id)
        guild.roles[guild.id] = FakeRole(guild.id, "@everyone", DEFAULT_PERMISSIONS, 0)
        gm = FakeRole(self.ids.next(), gm_role, GM_ROLE_PERMISSIONS, 1)
        bot_role = FakeRole(
            self.ids.next(), "dipgm", perm.as_bits(bot_permissions), 2, bot_id=self.bot_user.id
        )
        guild.roles[gm.id] = gm
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot_user.id] = FakeMember(self.bot_user, [bot_role.id])
        guild.members[owner.id] = FakeMember(owner)
        self.users.setdefault(owner.id, owner)
        self.guilds[guild.id] = guild
        return guild

    def bot_role(self, guild: FakeGuild) -> FakeRole:
        """The bot's managed role in ``guild``."""
        return next(r for r in guild.roles.values() if r.bot_id == self.bot_user.id)

    def add_role(
        self,
        guild: FakeGuild,
        name: str,
        *,
        permissions: Any = 0,
        mentionable: bool = True,
    ) -> FakeRole:
        """A new role, placed above the others (``permissions``: int or
        ``discord.Permissions``)."""
        position = max((r.position for r in guild.roles.values()), default=0) + 1
        role = FakeRole(
            self.ids.next(), name, perm.as_bits(permissions), position, mentionable=mentionable
        )
        guild.roles[role.id] = role
        return role

    def add_channel(
        self,
        guild: FakeGuild,
        name: str,
        *,
        type: Any = GUILD_TEXT,  # Discord's own field name
        parent: FakeChannel | None = None,
    ) -> FakeChannel:
        """A guild channel of any non-thread type (``type``: an int or a
        ``discord.ChannelType``): text 0, voice 2, category 4, announcement 5, forum 15."""
        kind = int(getattr(type, "value", type))
        if kind in THREAD_TYPES or kind == DM:
            raise ValueError("threads are created by the bot; DMs by world.dm_channel")
        channel = FakeChannel(
            self.ids.next(),
            kind,
            name=name,
            guild_id=guild.id,
            position=len(guild.channels),
            parent_id=None if parent is None else parent.id,
        )
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel
        return channel

    def add_thread(self, parent: FakeChannel, name: str, *, owner: FakeUser) -> FakeChannel:
        """A thread a member started: a public thread of a text channel, an announcement
        thread of an announcement channel, or a post of a forum (resources/channel,
        Start Thread in Forum or Media Channel: "Creates a new thread in a forum or a
        media channel"; the post is a PUBLIC_THREAD)."""
        kinds = {GUILD_ANNOUNCEMENT: ANNOUNCEMENT_THREAD}
        thread = FakeChannel(
            self.ids.next(),
            kinds.get(parent.type, PUBLIC_THREAD),
            name=name,
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=owner.id,
            member_ids={owner.id},
        )
        guild = self.guild_of(parent)
        assert guild is not None, "threads belong to server channels"
        guild.channels[thread.id] = thread
        self.channels[thread.id] = thread
        return thread

    def add_text_channel(self, guild: FakeGuild, name: str) -> FakeChannel:
        return self.add_channel(guild, name)

    def add_user(
        self, name: str, *, guild: FakeGuild | None = None, roles: tuple[str, ...] = ()
    ) -> FakeUser:
        """Create a user; with ``guild`` also a member holding the named roles."""
        user = FakeUser(self.ids.next(), name)
        self.users[user.id] = user
        if guild is not None:
            self.add_member(user, guild, roles=roles)
        return user

    def add_member(
        self, user: FakeUser, guild: FakeGuild, *, roles: tuple[str, ...] = ()
    ) -> FakeMember:
        """Make ``user`` a member of ``guild`` (also of other guilds) with the named roles."""
        self.users.setdefault(user.id, user)
        role_ids = [guild.role_named(r).id for r in roles]
        member = guild.members.get(user.id)
        if member is None:
            member = guild.members[user.id] = FakeMember(user, role_ids)
        else:
            member.role_ids.extend(r for r in role_ids if r not in member.role_ids)
        return member

    def remove_member(self, user: FakeUser, guild: FakeGuild) -> None:
        """``user`` leaves ``guild`` (or is kicked). Their thread memberships are left as
        they were (topics/threads: a user who loses access "will continue to be reported
        as a member of that thread"), but without membership they see nothing there."""
        guild.members.pop(user.id, None)
        self.changes.notify()

    def set_overwrite(
        self,
        channel: FakeChannel,
        target: FakeRole | FakeUser | FakeMember | FakeGuild,
        *,
        allow: Any = 0,
        deny: Any = 0,
    ) -> Overwrite:
        """Set (replace) ``channel``'s overwrite for a role, a user or (a guild meaning)
        @everyone. Threads have no overwrites of their own: set the parent's."""
        if channel.is_thread or channel.guild_id is None:
            raise ValueError("overwrites belong to guild channels, not threads or DMs")
        if isinstance(target, (FakeGuild, FakeRole)):  # a guild stands for @everyone
            kind, target_id = perm.ROLE, target.id
        else:
            user = target.user if isinstance(target, FakeMember) else target
            kind, target_id = perm.MEMBER, user.id
        overwrite = Overwrite(target_id, kind, perm.as_bits(allow), perm.as_bits(deny))
        channel.overwrites[target_id] = overwrite
        self.changes.notify()
        return overwrite

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between ``user`` and the bot (created on first use)."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            channel = FakeChannel(self.ids.next(), DM, recipient=user)
            self.dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def delete_dm_channel(self, user: FakeUser) -> FakeChannel:
        """Discord no longer knows the DM channel between ``user`` and the bot: every
        route naming it answers 404 10003 "Unknown Channel", and Create DM opens another
        (with a new id). Discord's pages say nothing of when this happens, nor of an
        event telling the bot: none is sent (discord.py keeps its copy)."""
        channel = self.dm_channels.pop(user.id)
        del self.channels[channel.id]
        self.changes.notify()
        return channel

    # -- lookups --------------------------------------------------------------

    def guild_of(self, channel: FakeChannel) -> FakeGuild | None:
        return None if channel.guild_id is None else self.guilds[channel.guild_id]

    def member(self, guild_id: int | None, user_id: int) -> FakeMember | None:
        if guild_id is None:
            return None
        return self.guilds[guild_id].members.get(user_id)

    def parent_of(self, channel: FakeChannel) -> FakeChannel | None:
        return None if channel.parent_id is None else self.channels.get(channel.parent_id)

    # -- permissions ------------------------------------------------------------

    def permissions_in(self, user_id: int, channel: FakeChannel, *, implicit: bool = True) -> int:
        """``user_id``'s permissions in ``channel``, computed as topics/permissions says:
        owner and Administrator get all; else @everyone's and the member's roles'
        guild permissions, then the channel's overwrites for @everyone, the member's
        roles and the member. A thread uses its parent's ("Threads inherit permissions
        from the parent channel"). With ``implicit`` (default) the "Implicit
        Permissions" are applied too, and a private thread the user cannot see gives
        no channel permission. 0 for non-members."""
        if channel.type == DM:
            recipient = channel.recipient
            visible = user_id == self.bot_user.id or (recipient and recipient.id == user_id)
            return DM_APP_PERMISSIONS if visible else 0
        guild = self.guild_of(channel)
        member = None if guild is None else guild.members.get(user_id)
        if guild is None or member is None:
            return 0
        source = self.parent_of(channel) if channel.is_thread else channel
        if source is None:
            return 0
        permissions = perm.apply_overwrites(
            guild.permissions_of(user_id),
            guild_id=guild.id,
            user_id=user_id,
            role_ids=member.role_ids,
            overwrites=source.overwrites,
        )
        if not implicit:
            return permissions
        permissions = perm.implicit(permissions, thread=channel.is_thread)
        if channel.type == PRIVATE_THREAD and not self._sees_private(user_id, channel, permissions):
            permissions &= ~perm.CHANNEL_PERMISSIONS
        return permissions

    @staticmethod
    def _sees_private(user_id: int, thread: FakeChannel, parent_permissions: int) -> bool:
        # topics/threads: "You must be invited to the thread to be able to view or
        # participate in it, or be a moderator (MANAGE_THREADS permission)."
        return user_id in thread.member_ids or bool(parent_permissions & MANAGE_THREADS)

    def can_read(self, user_id: int, channel: FakeChannel) -> bool:
        """Whether ``user_id`` can see ``channel`` (and read it, history aside).

        DMs: its two ends. Guild channels: VIEW_CHANNEL. Threads: VIEW_CHANNEL on the
        parent ("Users must have the VIEW_CHANNEL permission to view any threads in the
        channel, even if they are directly mentioned or added to the thread"), and for
        a private thread membership or MANAGE_THREADS (Administrator and the owner hold
        every permission).
        """
        if channel.type == DM:
            return bool(self.permissions_in(user_id, channel))
        if channel.is_thread:
            parent = self.parent_of(channel)
            if parent is None:
                return False
            parent_permissions = self.permissions_in(user_id, parent)
            if not parent_permissions & VIEW_CHANNEL:
                return False
            if channel.type == PRIVATE_THREAD:
                return self._sees_private(user_id, channel, parent_permissions)
            return True
        return bool(self.permissions_in(user_id, channel) & VIEW_CHANNEL)

    # -- mentions -----------------------------------------------------------------

    def apply_mentions(self, message: FakeMessage, allowed: JSON | None, *, default: JSON) -> None:
        """Set the message's mention arrays and ``pinged_*`` from its current content,
        as Discord does on create and on every edit of the content ("When the content
        field is edited, the arrays mentions and mention_roles and the boolean
        mention_everyone in the message object will be reconstructed from scratch")."""
        channel = self.channels.get(message.channel_id)
        text = mention_rules.mention_text(message.content, message.components, message.flags)
        wanted = mention_rules.requested(text, allowed, default)
        author = message.author.id
        author_perms = 0 if channel is None else self.permissions_in(author, channel)
        guild = None if message.guild_id is None else self.guilds.get(message.guild_id)
        message.mentions = [self.users[u] for u in wanted.users if u in self.users]
        roles = [] if guild is None else [guild.roles[r] for r in wanted.roles if r in guild.roles]
        # "To mention roles and notify their members, the role's mentionable field must be
        # set to true, or the bot must have the MENTION_EVERYONE permission" / "To mention
        # @everyone and @here, the bot must have the MENTION_EVERYONE permission".
        may_everyone = bool(author_perms & MENTION_EVERYONE) and guild is not None
        message.mention_roles = [r.id for r in roles if r.mentionable or may_everyone]
        message.mention_everyone = wanted.everyone and may_everyone
        if message.ephemeral or channel is None:
            # Only the invoking user ever sees an ephemeral message; the documentation
            # says nothing of notifications for it, and the fake assumes there are none.
            message.pinged_users, message.pinged_roles = set(), set()
            message.pinged_everyone = False
            return
        message.pinged_users = {
            u.id for u in message.mentions if u.id != author and self.can_read(u.id, channel)
        }
        message.pinged_roles = set(message.mention_roles)
        message.pinged_everyone = message.mention_everyone

    def notified(self, message: FakeMessage) -> set[int]:
        """Everyone the message notifies: pinged users, members of pinged roles and,
        for @everyone/@here, every member; only those who can read the channel."""
        channel = self.channels.get(message.channel_id)
        guild = None if message.guild_id is None else self.guilds.get(message.guild_id)
        out = set(message.pinged_users)
        if channel is not None and guild is not None:
            for member in guild.members.values():
                uid = member.user.id
                hit = message.pinged_everyone or bool(message.pinged_roles & set(member.role_ids))
                if hit and uid != message.author.id and self.can_read(uid, channel):
                    out.add(uid)
        return out

    def message_payload(self, message: FakeMessage) -> JSON:
        return message.payload(member=self.member(message.guild_id, message.author.id))

    def commands_for(self, guild_id: int | None) -> list[JSON]:
        """Commands a user sees in a guild: that guild's, then the global ones."""
        local = self.guild_commands.get(guild_id, []) if guild_id is not None else []
        return [*local, *self.global_commands]

    # -- recording ------------------------------------------------------------

    def add_message(self, message: FakeMessage) -> FakeMessage:
        # Discord stamps a message with the time its id was made (Discord's clock).
        message.created_at = self.ids.time_of(message.id)
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

    def refuse(self, violation: Violation, *, bug: bool) -> Violation:
        """Record a request Discord refuses; ``bug`` also records it as a violation."""
        self.refusals.append(violation)
        if bug:
            return self.violate(violation)
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
