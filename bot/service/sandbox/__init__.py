"""Sandboxes (issue 31): a user's private boards, made from the standard opening or a
phase of a game they may see (only their own view of a hidden-information game while
it runs), ordered for every power, adjudicated at will, stepped back, drawn each time;
never part of a game, its record or its ratings (`SandboxDesk`)."""

from bot.service.sandbox._desk import DEFAULT_CAP as DEFAULT_CAP
from bot.service.sandbox._desk import UNUSED_DAYS as UNUSED_DAYS
from bot.service.sandbox._desk import SandboxDesk as SandboxDesk
from bot.service.sandbox._views import SandboxList as SandboxList
from bot.service.sandbox._views import SandboxSummary as SandboxSummary
from bot.service.sandbox._views import SandboxView as SandboxView

__all__ = [
    "DEFAULT_CAP",
    "UNUSED_DAYS",
    "SandboxDesk",
    "SandboxList",
    "SandboxSummary",
    "SandboxView",
]
