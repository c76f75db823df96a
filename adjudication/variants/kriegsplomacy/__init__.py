"""rules/004, Kriegsplomacy: "You always know where your own units are, but in general
you don't know where (or what) anybody else's units are." The standard board with
flexible builds and the espionage orders; the game starts in Winter 1900 with no
units. What each power may know is `views`'. Readings in docs/VARIANTS.md.
"""

from __future__ import annotations

from dataclasses import replace

from adjudication.maps import STANDARD
from adjudication.model.flexible_builds import BuildSites, RemovalDistance
from adjudication.model.orders import ESPIONAGE_ORDERS
from adjudication.model.units import Phase, PhaseKind, Season
from adjudication.model.variant import Disclosure, Grouping, Variant
from adjudication.variants.kriegsplomacy.espionage import played_as_holds
from adjudication.variants.kriegsplomacy.views import KRIEGSPLOMACY_VIEWS

# "The game starts in Winter 1900. Each country owns its home supply centers and has NO
# units. There is an initial period of diplomacy before the Winter '00 build."
_WINTER_1900 = Phase(STANDARD.first_year - 1, Season.WINTER, PhaseKind.ADJUSTMENT)

KRIEGSPLOMACY = Variant(
    name="kriegsplomacy",
    title="Kriegsplomacy",
    summary=("From Winter 1900, no units; each power sees its own and what its spies learn."),
    orders_help=(
        "`A Mar E` sends a unit spying on the spaces around it, `A Mar CE` makes it guard "
        "against spies (either way it holds); builds go in any unoccupied supply centre you "
        "own."
    ),
    # "a country can build in any unoccupied supply center(s) it owns"; civil-disorder
    # removals count "from any center controlled by that country"; E and CE orders.
    board=replace(
        STANDARD,
        build_sites=BuildSites.OWNED,
        removal_distance=RemovalDistance.CONTROLLED,
        holding_orders=ESPIONAGE_ORDERS,
    ),
    start=_WINTER_1900,
    unit_steps=(played_as_holds,),
    # K1: seven players, one power each; the document names no smaller game.
    groupings=(Grouping("7", tuple((p,) for p in STANDARD.powers)),),
    opening_units=False,
    hidden_information=True,
    views=KRIEGSPLOMACY_VIEWS,
    # "If a country goes NMR, that is NOT reported": lateness to the GM and the player.
    lateness_told=Disclosure.GM_AND_PLAYER,
    takes_grace=False,
)
