"""Why a proxy grant ends (rules/004 rule 10: a player may let another order some or
all of their units). A grant is its grantor's: it lasts while they hold the power.

`ProxyEnd` is stored in `proxy_grants.end_reason`, so it lives in storage; the words
for the holder live here."""

from __future__ import annotations

from storage.enums import ProxyEnd as ProxyEnd

_WHY = {
    ProxyEnd.REVOKED: "its player took it back",
    ProxyEnd.REPLACED: "the power has a new player",
    ProxyEnd.REMOVED: "the GM removed a player from the game",
    ProxyEnd.CIVIL_DISORDER: "the power is in civil disorder",
    ProxyEnd.ELIMINATED: "the power was eliminated",
    ProxyEnd.GAME_OVER: "the game is over",
    ProxyEnd.ROLLED_BACK: "the GM rolled the game back to before it was given",
}


def why_ended(reason: ProxyEnd) -> str:
    """The reason, for the holder."""
    return _WHY[reason]
