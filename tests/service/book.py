"""Games played by the book through the service: the two worked examples of rules/004's
"Player Ratings", as positions and orders, and helpers to play any game phase by phase.

Each example starts from a position forced onto Spring 1901 in which the end of the
document's table is already arranged (who owns what), with the centres still to change
hands left empty beside the units that walk into them in the right Fall. Nobody else
orders: units hold, and a power left with units but no centre loses them in that
Winter's civil-disorder removals: "out in 1904" is an elimination in Winter 1904.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta

from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from bot.service import GameService
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameInfo


def position(code: str, units: Mapping[str, str], ownership: Mapping[str, str]) -> Position:
    """A position from {power: "A VIE, F NWY"} and {power: "VIE BUD"}."""
    return Position(
        Phase.parse(code),
        [
            Unit.parse(power, text)
            for power, listed in units.items()
            for text in listed.split(",")
            if text.strip()
        ],
        {centre: power for power, listed in ownership.items() for centre in listed.split()},
    )


@dataclass(frozen=True)
class BookGame:
    """A worked example: where it starts, who orders what in which phase, the scores."""

    start: Position
    orders: Mapping[str, Mapping[str, str]]  # phase code -> {power: orders}
    last_phase: str  # the last phase played
    scores: Mapping[str, float]


# rules/004: "suppose we had the following counts at the end of a game that lasted
# through 1910": Austria and Italy out in 1904, Russia out in 1908, England 18 centres
# (won in Fall 1910; no Winter follows), France 6, Germany 2, Turkey 8.
SOLO_1910 = BookGame(
    start=position(
        "S1901M",
        {
            "AUSTRIA": "A GAL",
            "ENGLAND": "A LON, A EDI, A LVP, A TYR, A TUS, A LVN, F NWY, A MUN, A TRI, "
            "A BUD, A VEN, A NAP, A WAR, A STP",
            "FRANCE": "A BRE, A MAR, A PAR, A SPA, A POR, A BEL",
            "GERMANY": "A BER, A KIE",
            "ITALY": "A APU",
            "RUSSIA": "A UKR",
            "TURKEY": "A ANK, A CON, A SMY, A BUL, A GRE, A SER, A RUM, A SEV",
        },
        {
            "AUSTRIA": "VIE",
            "ENGLAND": "LON EDI LVP NWY DEN HOL MUN TRI BUD VEN NAP TUN WAR STP",
            "FRANCE": "BRE MAR PAR SPA POR BEL",
            "GERMANY": "BER KIE",
            "ITALY": "ROM",
            "RUSSIA": "MOS",
            "TURKEY": "ANK CON SMY BUL GRE SER RUM SEV",
        },
    ),
    orders={
        "F1904M": {"ENGLAND": "A Tyr - Vie\nA Tus - Rom"},
        "F1908M": {"ENGLAND": "A Lvn - Mos"},
        "F1910M": {"ENGLAND": "F Nwy - Swe"},
    },
    last_phase="F1910M",
    scores={
        "AUSTRIA": 0.25,
        "ENGLAND": 17.75,
        "FRANCE": 8.25,
        "GERMANY": 5.25,
        "ITALY": 0.25,
        "RUSSIA": 2.65,
        "TURKEY": 13.25,
    },
)

# rules/004's second example: Austria, England, Russia and Turkey "draw'11", France
# "out'06", Germany and Italy "out'09". The draw is voted in Spring 1911.
DRAW_1911 = BookGame(
    start=position(
        "S1901M",
        {
            "AUSTRIA": "A VIE, A BUD, A TRI, A SER, A GRE, A TUS, A NAP",
            "ENGLAND": "A LON, A EDI, A LVP, A NWY, A BEL, A HOL, A PAR, A POR",
            "FRANCE": "A GAS",
            "GERMANY": "A SIL",
            "ITALY": "A APU",
            "RUSSIA": "A MOS, A WAR, A STP, A SEV, A SWE, A DEN, A PRU, A MUN",
            "TURKEY": "A ANK, A CON, A SMY, A BUL, A RUM, A TUN, A SPA, A MAR",
        },
        {
            "AUSTRIA": "VIE BUD TRI SER GRE VEN NAP",
            "ENGLAND": "LON EDI LVP NWY BEL HOL PAR POR",
            "FRANCE": "BRE",
            "GERMANY": "BER",
            "ITALY": "ROM",
            "RUSSIA": "MOS WAR STP SEV SWE DEN KIE MUN",
            "TURKEY": "ANK CON SMY BUL RUM TUN SPA MAR",
        },
    ),
    orders={
        "F1906M": {"ENGLAND": "A Par - Bre"},
        "F1909M": {"RUSSIA": "A Pru - Ber", "AUSTRIA": "A Tus - Rom"},
    },
    last_phase="S1911M",
    scores={
        "AUSTRIA": 7.6,
        "ENGLAND": 7.6,
        "FRANCE": 0.25,
        "GERMANY": 2.35,
        "ITALY": 2.35,
        "RUSSIA": 7.6,
        "TURKEY": 7.6,
    },
)


# France's army in Burgundy is dislodged in Fall 1901 and may retreat; France then owes
# a retreat (Fall 1901 retreats) and may build in Paris (Winter 1901).
DISLODGED_IN_FALL = position(
    "S1901M",
    {
        "FRANCE": "A BUR, A MAR, F BRE",
        "GERMANY": "A MUN, A RUH, F KIE",
        "ENGLAND": "F LON",
    },
    {"FRANCE": "PAR MAR BRE", "GERMANY": "BER KIE MUN", "ENGLAND": "LON"},
)
ORDERS_DISLODGING_FRANCE = {
    "S1901M": {"FRANCE": "A Bur H", "GERMANY": "A Mun H", "ENGLAND": "F Lon H"},
    "F1901M": {
        "FRANCE": "A Bur H",
        "GERMANY": "A Mun - Bur\nA Ruh S A Mun - Bur",
        "ENGLAND": "F Lon H",
    },
}


STANDARD_UNITS = {
    "AUSTRIA": "A VIE, A BUD, F TRI",
    "ENGLAND": "F LON, F EDI, A LVP",
    "FRANCE": "A BUR, A MAR, F BRE",
    "GERMANY": "A PIC, A BER, F KIE",
    "ITALY": "A ROM, A VEN, F NAP",
    "RUSSIA": "A MOS, A WAR, F SEV, F STP/SC",
    "TURKEY": "A CON, A SMY, F ANK",
}
HOMES = {
    "AUSTRIA": "VIE BUD TRI",
    "ENGLAND": "LON EDI LVP",
    "FRANCE": "PAR MAR BRE",
    "GERMANY": "BER MUN KIE",
    "ITALY": "ROM VEN NAP",
    "RUSSIA": "MOS WAR SEV STP",
    "TURKEY": "CON SMY ANK",
}


# France takes Munich and Germany Paris in Spring 1901; nothing moves in the Fall.
SWAP_IN_1901 = position("S1901M", STANDARD_UNITS, HOMES)
SWAP_ORDERS = {"S1901M": {"FRANCE": "A Bur - Mun", "GERMANY": "A Pic - Par"}}


def user_of(info: GameInfo, power: str) -> int:
    return next(p.user_id for p in info.powers if p.power == power and p.user_id is not None)


async def play_until(
    service: GameService,
    game_id: int,
    code: str,
    orders: Mapping[str, Mapping[str, str]] = {},
) -> GameInfo:
    """Play phase after phase at its deadline, each power sending the orders listed for
    it in that phase (others send nothing), until the game reaches phase `code` or ends.
    Returns the game as it then stands."""
    scheduler = Scheduler(service)
    while True:
        info = await service.lobby.game_info(game_id)
        if info.status != "active" or info.phase.code == code:
            return info
        for power, text in orders.get(info.phase.code, {}).items():
            await service.orders.submit_orders(
                Caller(user_of(info, power)),
                text,
                info.deadline_at - timedelta(hours=1),
                game_id=game_id,
            )
        report = await scheduler.tick(info.deadline_at)
        assert not report.errors, report.errors
        assert report.adjudicated, f"{info.phase} was not played"
