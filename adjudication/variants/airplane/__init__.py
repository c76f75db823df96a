"""rules/004, Airplane Diplomacy: "The only difference between standard Diplomacy and
Airplane Diplomacy is the addition of a new unit--the airplane. ... All rules governing
fleets, armies, orders, and conduct still apply." Readings P1-P9 in docs/VARIANTS.md;
the plane's rules are `planes.PLANE`, a kind of unit its board carries."""

from __future__ import annotations

from adjudication.maps.rulebook import RULEBOOK_GAME, STANDARD_GROUPINGS
from adjudication.model.variant import Variant
from adjudication.variants.airplane.planes import PLANE

AIRPLANE = Variant(
    name="airplane",
    title="Airplane Diplomacy",
    summary="The standard game plus planes: built like armies, flying 1 or 2 spaces to land.",
    orders_help=(
        "Planes are `P`: `Build P Par` builds one where an army could be built; `P Par - Mun` "
        "flies one or two spaces and lands; `P Par S A Mar - Bur` supports."
    ),
    board=RULEBOOK_GAME.board,
    start=RULEBOOK_GAME.start,
    # "All countries start with no planes": the standard opening, planes to be built.
    kinds=(PLANE,),
    # The document is silent on fewer players: the rulebook's arrangements apply.
    groupings=STANDARD_GROUPINGS,
)
