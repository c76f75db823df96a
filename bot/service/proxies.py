"""Why a proxy grant ends (rules/004 rule 10: a player may let another order some or
all of their units). A grant is its grantor's: it lasts while they hold the power."""

from __future__ import annotations

from enum import StrEnum


class ProxyEnd(StrEnum):
    REVOKED = "revoked"  # the grantor took it back
    REPLACED = "replaced"  # another player (a replacement, a standby) took the power
    REMOVED = "removed"  # the GM removed the grantor (or the holder) from the game
    CIVIL_DISORDER = "civil_disorder"  # nobody orders the power now
    ELIMINATED = "eliminated"  # the power has no units or centres left
    GAME_OVER = "game_over"
    ROLLED_BACK = "rolled_back"  # given after the phase the GM rolled the game back to

    @property
    def why(self) -> str:
        """The reason, for the holder."""
        return {
            ProxyEnd.REVOKED: "its player took it back",
            ProxyEnd.REPLACED: "the power has a new player",
            ProxyEnd.REMOVED: "the GM removed a player from the game",
            ProxyEnd.CIVIL_DISORDER: "the power is in civil disorder",
            ProxyEnd.ELIMINATED: "the power was eliminated",
            ProxyEnd.GAME_OVER: "the game is over",
            ProxyEnd.ROLLED_BACK: "the GM rolled the game back to before it was given",
        }[self]
