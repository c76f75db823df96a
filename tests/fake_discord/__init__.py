"""A fake Discord (REST + gateway on 127.0.0.1) for testing dipgm's cogs.

The real discord.py client connects to it; tests act as users through a
:class:`Driver` and assert on the JSON that would have reached Discord.
See ``plugin.py`` for the pytest fixture and ``server.FakeDiscord.run_bot``.
"""

from .driver import Driver, InteractionHandle
from .server import FakeDiscord
from .state import FakeAttachment, FakeChannel, FakeGuild, FakeMessage, FakeRole, FakeUser
from .world import InteractionRecord, Violation

__all__ = [
    "Driver",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "InteractionRecord",
    "Violation",
]
