"""What a game's maps must know of it besides the position: the powers no player holds
in the phase drawn (rules/000 §14.2), for the legend to name them; and what a part adds
to a map (`MapMarks`: a One-on-one board's title line and its powers in civil disorder,
issue 33)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, TypeVar

from adjudication.model.units import Phase, Power
from adjudication.model.variant import PowerStatus
from adjudication.variants import UnknownGrouping, variant_named
from bot.service.kernel import GameSettings

if TYPE_CHECKING:
    from render.request import MapRequest

Request = TypeVar("Request", bound="MapRequest")


def unheld_powers(settings: GameSettings, phase: Phase) -> Mapping[Power, PowerStatus]:
    """`Variant.statuses` of the game's rules in `phase`: empty when every power is
    held (the standard game of seven), and for a game whose grouping is not chosen yet
    (a lobby: no map is drawn before the start)."""
    try:
        return variant_named(settings.variant.value).statuses(settings.rules, phase)
    except UnknownGrouping:
        return {}


@dataclass(frozen=True, slots=True)
class MapMarks:
    """What a board of a match adds to the renderer's request: its title's second line
    ("Second board of Duel") and the legend's marks, the powers in civil disorder."""

    subtitle: str
    statuses: Mapping[Power, PowerStatus] = field(default_factory=dict)

    def on(self, request: Request, statuses: Mapping[Power, PowerStatus] | None = None) -> Request:
        """`request` with this board's title line, and its `statuses` (the variant's, as
        the caller has them) with this board's added."""
        marked = {**(statuses or {}), **self.statuses}
        return replace(request, subtitle=self.subtitle, statuses=marked)
