"""What a game's maps must know of its variant besides the position: the powers no
player holds in the phase drawn (rules/000 §14.2), for the legend to name them."""

from __future__ import annotations

from collections.abc import Mapping

from adjudication.units import Phase, Power
from adjudication.variants import UnknownGrouping, variant_named
from adjudication.variants.model import PowerStatus
from bot.service.game_settings import GameSettings


def unheld_powers(settings: GameSettings, phase: Phase) -> Mapping[Power, PowerStatus]:
    """`Variant.statuses` of the game's rules in `phase`: empty when every power is
    held (the standard game of seven), and for a game whose grouping is not chosen yet
    (a lobby: no map is drawn before the start)."""
    try:
        return variant_named(settings.variant.value).statuses(settings.rules, phase)
    except UnknownGrouping:
        return {}
