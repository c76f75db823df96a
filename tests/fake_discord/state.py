"""In-memory world of the fake Discord: users, guilds, channels, messages.

Everything here is plain data plus ``payload()`` methods that render the JSON
Discord would send, with enough fields for discord.py to build its models.
Nothing in this module does I/O, so the REST routes, the gateway and the test
driver can all share one :class:`World`.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from .permissions import Overwrite, base_permissions

JSON = dict[str, Any]

DISCORD_EPOCH_MS = 1_420_070_400_000

# Channel types (https://discord.com/developers/docs/resources/channel#channel-object-channel-types)
GUILD_TEXT = 0
DM = 1
GUILD_VOICE = 2
GUILD_CATEGORY = 4
GUILD_ANNOUNCEMENT = 5
ANNOUNCEMENT_THREAD = 10
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
GUILD_FORUM = 15
THREAD_TYPES = (ANNOUNCEMENT_THREAD, PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags that change how the fake treats a message.
EPHEMERAL = 1 << 6
LOADING = 1 << 7
COMPONENTS_V2 = 1 << 15


def iso(ts: float) -> str:
    """Render a UNIX time the way Discord does (ISO 8601, UTC offset)."""
    return datetime.fromtimestamp(ts, tz=UTC).isoformat()


class Snowflakes:
    """Generates real-looking, strictly increasing snowflake ids.

    Real timestamps matter: discord.py derives ``created_at`` from ids and
    some code sorts messages by id. ``clock`` (UNIX seconds) is Discord's clock:
    by default the machine's; a test that moves the bot's clock passes the same one
    here, so that the times Discord stamps on messages agree with the bot's, as they
    do in production.
    """

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self._counter = itertools.count()
        self._last = 0
        self.clock = clock

    def next(self) -> int:
        ms = int(self.clock() * 1000) - DISCORD_EPOCH_MS
        candidate = (ms << 22) | (next(self._counter) & 0xFFF)
        self._last = max(candidate, self._last + 1)
        return self._last

    @staticmethod
    def time_of(snowflake: int) -> float:
        """The UNIX time a snowflake was made at."""
        return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


@dataclass(eq=False)
class FakeUser:
    """A Discord account (a player, the GM or the bot itself)."""

    id: int
    name: str
    bot: bool = False
    # The user allows no direct messages from the members of the servers they share
    # with the bot (Privacy Settings): Discord refuses the bot's DMs to them (50007).
    dms_closed: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name.title(),
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }


@dataclass(eq=False)
class FakeRole:
    """A guild role; the role whose id equals the guild id is @everyone."""

    id: int
    name: str
    permissions: int = 0
    position: int = 0
    # resources/message, Allowed Mentions Object: "To mention roles and notify their
    # members, the role's mentionable field must be set to true, or the bot must have
    # the MENTION_EVERYONE permission".
    mentionable: bool = True
    bot_id: int | None = None  # set on the role Discord creates for a bot when invited

    @property
    def mention(self) -> str:
        return f"<@&{self.id}>"

    def payload(self) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "name": self.name,
            "permissions": str(self.permissions),
            "position": self.position,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "managed": self.bot_id is not None,
            "mentionable": self.mentionable,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass(eq=False)
class FakeMember:
    """A user's membership of a guild."""

    user: FakeUser
    role_ids: list[int] = field(default_factory=list)
    joined_at: float = field(default_factory=time.time)
    nick: str | None = None

    def payload(self, *, with_user: bool = True, permissions: int | None = None) -> JSON:
        data: JSON = {
            "roles": [str(r) for r in self.role_ids],
            "joined_at": iso(self.joined_at),
            "nick": self.nick,
            "avatar": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "premium_since": None,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass(eq=False)
class FakeChannel:
    """A guild channel (text, voice, announcement, forum, category), a DM or a thread.

    ``overwrites`` are the channel's permission overwrites by role or user id (the
    @everyone role's id is the guild's); threads have none of their own.
    """

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    owner_id: int | None = None
    recipient: FakeUser | None = None  # DM channels only
    # Thread state.
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 10080
    member_ids: set[int] = field(default_factory=set)
    created_at: float = field(default_factory=time.time)
    last_message_id: int | None = None
    message_count: int = 0
    overwrites: dict[int, Overwrite] = field(default_factory=dict)

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self, *, me_id: int | None = None) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": _opt_str(self.last_message_id),
            "flags": 0,
        }
        if self.type == DM:
            assert self.recipient is not None
            data["recipients"] = [self.recipient.payload()]
            return data
        data.update(
            guild_id=_opt_str(self.guild_id),
            name=self.name,
            position=self.position,
            parent_id=_opt_str(self.parent_id),
            nsfw=False,
            rate_limit_per_user=0,
        )
        if not self.is_thread:
            data.update(
                topic=self.topic,
                permission_overwrites=[o.payload() for o in self.overwrites.values()],
                default_auto_archive_duration=1440,
            )
            if self.type == GUILD_VOICE:
                data.update(bitrate=64000, user_limit=0, rtc_region=None, video_quality_mode=1)
            elif self.type == GUILD_FORUM:
                data.update(
                    available_tags=[],
                    default_reaction_emoji=None,
                    default_sort_order=None,
                    default_forum_layout=0,
                    default_thread_rate_limit_per_user=0,
                )
            return data
        data.update(
            owner_id=_opt_str(self.owner_id),
            message_count=self.message_count,
            total_message_sent=self.message_count,
            member_count=min(len(self.member_ids), 50),
            thread_metadata={
                "archived": self.archived,
                "locked": self.locked,
                "invitable": self.invitable,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": iso(self.created_at),
                "create_timestamp": iso(self.created_at),
            },
        )
        if me_id is not None and me_id in self.member_ids:
            data["member"] = self.thread_member_payload(me_id)
        return data

    def thread_member_payload(self, user_id: int) -> JSON:
        return {
            "id": str(self.id),
            "user_id": str(user_id),
            "join_timestamp": iso(self.created_at),
            "flags": 0,
        }


@dataclass(eq=False)
class FakeGuild:
    """A guild with its roles, members and channels (threads included)."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channels: dict[int, FakeChannel] = field(default_factory=dict)
    # Conveniences set by ``FakeDiscord``/``add_guild``: the usual two text channels.
    general: FakeChannel | None = None
    game_channel: FakeChannel | None = None

    @property
    def everyone(self) -> FakeRole:
        """The @everyone role (its id is the guild's)."""
        return self.roles[self.id]

    def role_named(self, name: str) -> FakeRole:
        for role in self.roles.values():
            if role.name == name:
                return role
        raise KeyError(f"no role named {name!r} in guild {self.name!r}")

    def channel_named(self, name: str) -> FakeChannel:
        for channel in self.channels.values():
            if channel.name == name:
                return channel
        raise KeyError(f"no channel named {name!r} in guild {self.name!r}")

    def permissions_of(self, user_id: int) -> int:
        """Guild-level ("base") permissions: owner and ADMINISTRATOR get every flag
        (topics/permissions, ``compute_base_permissions``)."""
        member = self.members.get(user_id)
        if member is None:
            return 0
        return base_permissions(
            is_owner=user_id == self.owner_id,
            everyone=self.roles[self.id].permissions,
            role_permissions=(self.roles[r].permissions for r in member.role_ids),
        )

    def payload(
        self,
        *,
        me_id: int,
        members: list[FakeMember] | None = None,
        threads: list[FakeChannel] | None = None,
    ) -> JSON:
        """The guild as GUILD_CREATE carries it; ``members``/``threads`` default to all
        (the gateway passes only what the session may see)."""
        channels = [c for c in self.channels.values() if not c.is_thread]
        if threads is None:
            threads = [c for c in self.channels.values() if c.is_thread and not c.archived]
        if members is None:
            members = list(self.members.values())
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": "en-US",
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "application_id": None,
            "features": [],
            "emojis": [],
            "stickers": [],
            "roles": [r.payload() for r in self.roles.values()],
            # gateway-events, Guild Create Extra Fields: "member_count: Total number of
            # members in this guild", whatever ``members`` holds.
            "member_count": len(self.members),
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in channels],
            "threads": [c.payload(me_id=me_id) for c in threads],
            "large": False,
            "unavailable": False,
            "joined_at": iso(time.time()),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }


@dataclass(eq=False)
class FakeAttachment:
    """A file the bot uploaded; ``data`` keeps the exact bytes sent."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None

    def payload(self) -> JSON:
        url = f"https://cdn.fake-discord.invalid/attachments/{self.id}/{self.filename}"
        data: JSON = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        return data


@dataclass(eq=False)
class FakeMessage:
    """A message, from the bot or from a simulated user.

    ``history`` keeps earlier versions (as payloads) so tests can check edits.
    ``interaction_id`` is set for interaction responses and follow-ups.
    """

    id: int
    channel_id: int
    author: FakeUser
    guild_id: int | None = None
    content: str = ""
    embeds: list[JSON] = field(default_factory=list)
    components: list[JSON] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    mentions: list[FakeUser] = field(default_factory=list)
    mention_roles: list[int] = field(default_factory=list)
    mention_everyone: bool = False
    # Who this version of the message notifies, under Discord's allowed_mentions
    # rules (see ``mentions.py``): users who are mentioned, allowed and can read the
    # channel; roles mentioned and allowed (and mentionable, or the bot may mention
    # everyone); whether @everyone/@here took effect. Empty for ephemeral messages.
    pinged_users: set[int] = field(default_factory=set)
    pinged_roles: set[int] = field(default_factory=set)
    pinged_everyone: bool = False
    created_at: float = field(default_factory=time.time)
    edited_at: float | None = None
    interaction_id: int | None = None
    webhook_id: int | None = None
    deleted: bool = False
    history: list[JSON] = field(default_factory=list)
    nonce: int | str | None = None  # as the bot sent it (Create Message's `nonce`)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """True while this is a deferred "Bot is thinking…" placeholder."""
        return bool(self.flags & LOADING)

    def custom_ids(self) -> list[str]:
        """Every ``custom_id`` found in this message's components."""
        return [c["custom_id"] for c in iter_components(self.components) if "custom_id" in c]

    def payload(self, *, member: FakeMember | None = None) -> JSON:
        data: JSON = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": None if self.edited_at is None else iso(self.edited_at),
            "tts": False,
            "mention_everyone": self.mention_everyone,
            "mentions": [u.payload() for u in self.mentions],
            "mention_roles": [str(r) for r in self.mention_roles],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        if self.nonce is not None:
            data["nonce"] = self.nonce
        return data


def iter_components(components: list[JSON]) -> list[JSON]:
    """Flatten a component tree (action rows, containers, sections, labels)."""
    out: list[JSON] = []
    stack = list(reversed(components))
    while stack:
        comp = stack.pop()
        out.append(comp)
        children = list(comp.get("components") or [])
        for key in ("component", "accessory"):
            if isinstance(comp.get(key), dict):
                children.append(comp[key])
        stack.extend(reversed(children))
    return out


def _opt_str(value: int | None) -> str | None:
    return None if value is None else str(value)
