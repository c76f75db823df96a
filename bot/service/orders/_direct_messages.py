"""What a player's direct message to the bot asks for: the help text, a preview of
their orders on the map (`map`, `map 12`), or orders to read.

Decided here, in the service, so that the service tests reach it and the cog only acts
on the answer. Anything that is not a request for help or a map is read as orders,
questions and greetings included: a message that carries orders among other words
("sorry, was away. A Con B, …") must be read for its orders, and one from which no order
could be read is answered by the orders desk (`NoOrderRead`) with the player's phase
and deadline, never with the help text alone (issue 33).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

HELP_WORDS = frozenset({"help", "?"})
PREVIEW_WORDS = frozenset({"map", "preview"})


class DmKind(StrEnum):
    HELP = "help"
    PREVIEW = "preview"
    ORDERS = "orders"


@dataclass(frozen=True, slots=True)
class DirectMessage:
    """A DM as the bot reads it; `game_id` for `map 12` (the game's number)."""

    kind: DmKind
    text: str
    game_id: int | None = None


def read_direct_message(content: str) -> DirectMessage:
    """The meaning of a DM's text: `help` or `?` (or nothing), `map [game]` or
    `preview [game]`, else orders."""
    text = content.strip()
    words = text.lower().split()
    if not words or words[0] in HELP_WORDS:
        return DirectMessage(DmKind.HELP, text)
    if words[0] in PREVIEW_WORDS and len(words) <= 2:
        game = int(words[1]) if len(words) == 2 and words[1].isdigit() else None
        return DirectMessage(DmKind.PREVIEW, text, game)
    return DirectMessage(DmKind.ORDERS, text)
