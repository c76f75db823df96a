"""Kriegsplomacy's part of the service (rules/004; issue 12): a player may know only
their power's view of each phase, never the whole board, so spectators need the GM's
leave, a player's record counts the game once it is over, and a preview of their orders
is drawn on the position as they know it."""

from __future__ import annotations

from adjudication.variants import Variant
from bot.service.variants._part import ServicePart
from bot.service.variants.hidden._power_views import known_now


def part_of(variant: Variant) -> ServicePart | None:
    """The views' part, in a game whose players see only their own view."""
    if not variant.hidden_information:
        return None
    return ServicePart(name="hidden", hides_the_board=True, views_only=True, known_now=known_now)
