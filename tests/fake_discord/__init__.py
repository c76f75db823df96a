"""A fake Discord (REST + gateway on 127.0.0.1) for testing dipgm's cogs.

The real discord.py client connects to it; tests act as users through a
:class:`Driver` and assert on the JSON that would have reached Discord.
See ``plugin.py`` for the pytest fixture and ``server.FakeDiscord.run_bot``,
and docs/DISCORD.md for every Discord rule the fake enforces.
"""

from . import permissions
from .commands import CannotSend
from .driver import Driver, InteractionHandle
from .gateway import GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT
from .permissions import Overwrite
from .server import FakeDiscord
from .state import (
    GUILD_ANNOUNCEMENT,
    GUILD_CATEGORY,
    GUILD_FORUM,
    GUILD_TEXT,
    GUILD_VOICE,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
)
from .world import InteractionRecord, Violation

__all__ = [
    "GUILD_ANNOUNCEMENT",
    "GUILD_CATEGORY",
    "GUILD_FORUM",
    "GUILD_MEMBERS",
    "GUILD_PRESENCES",
    "GUILD_TEXT",
    "GUILD_VOICE",
    "MESSAGE_CONTENT",
    "PRIVATE_THREAD",
    "PUBLIC_THREAD",
    "CannotSend",
    "Driver",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "InteractionRecord",
    "Overwrite",
    "Violation",
    "permissions",
]
