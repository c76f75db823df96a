"""What the service benchmarks (benchmarks/service.py and its parts) share: the
moment games start, every power's opening orders, a game started through the
service, its players, and a percentile."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.service import GameService
from bot.service.kernel import Caller, PowerInfo

T0 = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
OPENINGS = {
    "AUSTRIA": "A VIE - GAL\nA BUD - SER\nF TRI - ALB",
    "ENGLAND": "F LON - ENG\nF EDI - NTH\nA LVP - YOR",
    "FRANCE": "A PAR - BUR\nA MAR - SPA\nF BRE - MAO",
    "GERMANY": "A BER - KIE\nA MUN - RUH\nF KIE - DEN",
    "ITALY": "A VEN H\nA ROM - APU\nF NAP - ION",
    "RUSSIA": "A MOS - UKR\nA WAR - GAL\nF SEV - BLA\nF STP/SC - BOT",
    "TURKEY": "F ANK - BLA\nA CON - BUL\nA SMY - ARM",
}


async def new_game(
    service: GameService, channel: int, seed: int | None = None, first_user: int = 2001
) -> int:
    name = f"bench {channel}"
    game = await service.lobby.create_game(1, channel, 1000, name, T0, seed=seed or channel)
    for user in range(first_user, first_user + 7):
        await service.lobby.join(game.id, Caller(user, 1), T0)
    return (await service.lobby.start(game.id, Caller(1000, 1), T0)).id


def player_of(power: PowerInfo) -> int:
    """The user playing `power` in a started game (every power of these games has one)."""
    if power.user_id is None:
        raise RuntimeError(f"{power.power} has no player")
    return power.user_id


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of `values` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]
