"""The variants' own parts of the service, one package each: the Masters Rules
(`masters`), Spy Diplomacy (`spy`), the hidden-information views (`hidden`,
Kriegsplomacy) and One-on-one's matches (`match`). Each imports the kernel and the
events only (a match, the talk desk too); the features ask them, never the other way
round.

The one protocol they implement is `ServicePart`: each package's `part_of` gives its
part, a value of the hooks the feature packages ask (what the orders desk reads and
refuses, what the lobby tells of the rules, what happens after a phase, at a draw or on
an absence in a match, what the records, the sandbox and the spectators may show).
`parts_for(variant, masters)` gives the parts in force for a game, asked as one
(`Parts`): the feature code asks them and never which variant a game plays
(tests/service/test_variant_parts.py)."""

from bot.service.variants._legend import MapMarks as MapMarks
from bot.service.variants._legend import unheld_powers as unheld_powers
from bot.service.variants._part import NewsAsked as NewsAsked
from bot.service.variants._part import OwnPlay as OwnPlay
from bot.service.variants._part import Rewriting as Rewriting
from bot.service.variants._part import ServicePart as ServicePart
from bot.service.variants._part import Standing as Standing
from bot.service.variants._parts import Parts as Parts
from bot.service.variants._parts import parts_for as parts_for

__all__ = [
    "MapMarks",
    "NewsAsked",
    "OwnPlay",
    "Parts",
    "Rewriting",
    "ServicePart",
    "Standing",
    "parts_for",
    "unheld_powers",
]
