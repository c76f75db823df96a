"""Discord's permission bits and its permission computation.

Everything here follows https://discord.com/developers/docs/topics/permissions:
the bit values ("Bitwise Permission Flags"), the algorithm ("Permission
Overwrites": @everyone, then roles, then the member), the thread rules
("Inherited Permissions (Threads)") and the implicit denials ("Implicit
Permissions"). :func:`compute` is pure: the world passes in what it knows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

CREATE_INSTANT_INVITE = 1 << 0
KICK_MEMBERS = 1 << 1
BAN_MEMBERS = 1 << 2
ADMINISTRATOR = 1 << 3
MANAGE_CHANNELS = 1 << 4
MANAGE_GUILD = 1 << 5
ADD_REACTIONS = 1 << 6
VIEW_CHANNEL = 1 << 10
SEND_MESSAGES = 1 << 11
SEND_TTS_MESSAGES = 1 << 12
MANAGE_MESSAGES = 1 << 13
EMBED_LINKS = 1 << 14
ATTACH_FILES = 1 << 15
READ_MESSAGE_HISTORY = 1 << 16
MENTION_EVERYONE = 1 << 17
USE_EXTERNAL_EMOJIS = 1 << 18
CONNECT = 1 << 20
MANAGE_ROLES = 1 << 28
MANAGE_WEBHOOKS = 1 << 29
USE_APPLICATION_COMMANDS = 1 << 31
MANAGE_EVENTS = 1 << 33
MANAGE_THREADS = 1 << 34
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_MESSAGES_IN_THREADS = 1 << 38
PIN_MESSAGES = 1 << 51

# Every flag of the documented table (bits 0..46 and 48..52): what "ALL" means in
# the pseudocode ("if guild.is_owner(member): return ALL").
ALL = 0x1F7FFFFFFFFFFF
# The flags whose "Channel Type" column is not empty. "Overwrites can be used to apply
# certain permissions to roles or members on a channel-level. Applicable permissions
# are indicated by a T for text channels, V for voice channels, or S for stage
# channels in the table above." Only these are stripped when VIEW_CHANNEL is denied.
CHANNEL_PERMISSIONS = 0x1F74FFB3F7FF51

# The bot role's permissions from the project README ("Invite the bot"): View
# Channels, Send Messages, Embed Links, Attach Files, Create Private Threads, Send
# Messages in Threads, Manage Threads. The README's integer.
BOT_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
    | MANAGE_THREADS
)
assert BOT_PERMISSIONS == 360777305088

# What @everyone may do: a typical server's defaults.
DEFAULT_PERMISSIONS = (
    ADD_REACTIONS
    | VIEW_CHANNEL
    | SEND_MESSAGES
    | EMBED_LINKS
    | ATTACH_FILES
    | READ_MESSAGE_HISTORY
    | USE_APPLICATION_COMMANDS
    | CREATE_PRIVATE_THREADS
    | SEND_MESSAGES_IN_THREADS
)
# The GM role as the README has operators set it up: Manage Events besides the defaults,
# so that Discord shows it `/gm` (the command's `default_member_permissions`).
GM_ROLE_PERMISSIONS = DEFAULT_PERMISSIONS | MANAGE_EVENTS

# receiving-and-responding, Interaction Structure: "app_permissions includes
# ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE permissions for (G)DMs with other
# users, and additionally includes USE_EXTERNAL_EMOJIS for DMs with the app's bot user"
DM_APP_PERMISSIONS = (
    VIEW_CHANNEL
    | SEND_MESSAGES
    | READ_MESSAGE_HISTORY
    | ADD_REACTIONS
    | ATTACH_FILES
    | EMBED_LINKS
    | MENTION_EVERYONE
    | USE_EXTERNAL_EMOJIS
)

NAMES = {
    CREATE_INSTANT_INVITE: "CREATE_INSTANT_INVITE",
    KICK_MEMBERS: "KICK_MEMBERS",
    BAN_MEMBERS: "BAN_MEMBERS",
    ADMINISTRATOR: "ADMINISTRATOR",
    MANAGE_CHANNELS: "MANAGE_CHANNELS",
    MANAGE_GUILD: "MANAGE_GUILD",
    ADD_REACTIONS: "ADD_REACTIONS",
    VIEW_CHANNEL: "VIEW_CHANNEL",
    SEND_MESSAGES: "SEND_MESSAGES",
    SEND_TTS_MESSAGES: "SEND_TTS_MESSAGES",
    MANAGE_MESSAGES: "MANAGE_MESSAGES",
    EMBED_LINKS: "EMBED_LINKS",
    ATTACH_FILES: "ATTACH_FILES",
    READ_MESSAGE_HISTORY: "READ_MESSAGE_HISTORY",
    MENTION_EVERYONE: "MENTION_EVERYONE",
    USE_EXTERNAL_EMOJIS: "USE_EXTERNAL_EMOJIS",
    CONNECT: "CONNECT",
    MANAGE_ROLES: "MANAGE_ROLES",
    MANAGE_WEBHOOKS: "MANAGE_WEBHOOKS",
    USE_APPLICATION_COMMANDS: "USE_APPLICATION_COMMANDS",
    MANAGE_EVENTS: "MANAGE_EVENTS",
    MANAGE_THREADS: "MANAGE_THREADS",
    CREATE_PUBLIC_THREADS: "CREATE_PUBLIC_THREADS",
    CREATE_PRIVATE_THREADS: "CREATE_PRIVATE_THREADS",
    SEND_MESSAGES_IN_THREADS: "SEND_MESSAGES_IN_THREADS",
    PIN_MESSAGES: "PIN_MESSAGES",
}


def names(bits: int) -> str:
    """``"SEND_MESSAGES|ATTACH_FILES"`` for error messages."""
    out = [name for bit, name in NAMES.items() if bits & bit]
    rest = bits & ~sum(NAMES)
    if rest:
        out.append(hex(rest))
    return "|".join(out) or "none"


def as_bits(value: Any) -> int:
    """An int, or anything with an int ``value`` (``discord.Permissions``)."""
    return int(getattr(value, "value", value) or 0)


ROLE, MEMBER = 0, 1


@dataclass
class Overwrite:
    """A channel permission overwrite (resources/channel, "Overwrite Object")."""

    id: int
    type: int  # 0 role (also @everyone, whose id is the guild id), 1 member
    allow: int = 0
    deny: int = 0

    def payload(self) -> JSON:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


def base_permissions(*, is_owner: bool, everyone: int, role_permissions: Iterable[int]) -> int:
    """``compute_base_permissions`` of the documentation's pseudocode."""
    if is_owner:
        return ALL
    permissions = everyone
    for perms in role_permissions:
        permissions |= perms
    if permissions & ADMINISTRATOR == ADMINISTRATOR:
        return ALL
    return permissions


def apply_overwrites(
    base: int,
    *,
    guild_id: int,
    user_id: int,
    role_ids: Iterable[int],
    overwrites: Mapping[int, Overwrite],
) -> int:
    """``compute_overwrites`` of the documentation's pseudocode."""
    # "ADMINISTRATOR overrides any potential permission overwrites, so there is nothing
    # to do here."
    if base & ADMINISTRATOR == ADMINISTRATOR:
        return ALL
    permissions = base
    everyone = overwrites.get(guild_id)
    if everyone is not None:
        permissions &= ~everyone.deny
        permissions |= everyone.allow
    allow = deny = 0
    for role_id in role_ids:
        role = overwrites.get(role_id)
        if role is not None and role.type == ROLE:
            allow |= role.allow
            deny |= role.deny
    permissions &= ~deny
    permissions |= allow
    member = overwrites.get(user_id)
    if member is not None and member.type == MEMBER:
        permissions &= ~member.deny
        permissions |= member.allow
    return permissions


def implicit(permissions: int, *, thread: bool) -> int:
    """The "Implicit Permissions" section, applied to computed permissions.

    "Denying a user or a role VIEW_CHANNEL on a channel implicitly denies other
    permissions on the channel." / "Denying SEND_MESSAGES implicitly denies
    MENTION_EVERYONE, SEND_TTS_MESSAGES, ATTACH_FILES, and EMBED_LINKS." In a
    thread the sending permission is SEND_MESSAGES_IN_THREADS: "The SEND_MESSAGES
    permission is not inherited; users must have SEND_MESSAGES_IN_THREADS to send a
    message in a thread".
    """
    if permissions & ADMINISTRATOR:
        return permissions
    send = SEND_MESSAGES_IN_THREADS if thread else SEND_MESSAGES
    if not permissions & send:
        permissions &= ~(MENTION_EVERYONE | SEND_TTS_MESSAGES | ATTACH_FILES | EMBED_LINKS)
    if not permissions & VIEW_CHANNEL:
        permissions &= ~CHANNEL_PERMISSIONS
    return permissions
