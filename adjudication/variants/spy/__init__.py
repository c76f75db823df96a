"""Spy Diplomacy (rules/004): "The rules are the same as for regular Diplomacy, except
as stated below. Each of the seven major powers has one extra unit, called a "Spy"."
The spies are placed at the start (Y1), so the game opens in Winter 1900 with the
standard units, for the placement, and plays on from Spring 1901 as the standard game
does. Readings Y1-Y9 in docs/VARIANTS.md."""

from __future__ import annotations

from dataclasses import replace

from adjudication.maps import STANDARD
from adjudication.maps.rulebook import STANDARD_GROUPINGS
from adjudication.model.units import Phase, PhaseKind, Season
from adjudication.model.variant import Variant
from adjudication.variants.spy.codec import SPY_CODEC
from adjudication.variants.spy.orders import SPY_ORDERS
from adjudication.variants.spy.parse import parse_orders_with_spies
from adjudication.variants.spy.sabotage import play_spies
from adjudication.variants.spy.view import SPY_VIEWS

SPY = Variant(
    name="spy",
    title="Spy Diplomacy",
    summary=("Each power's secret spy shares a space with any unit and may order it."),
    orders_help=(
        "`Spy Par B` places your spy in a home centre in Winter 1900; then `Spy Mar - Spa` "
        "moves it, `Spy Mar P` protects your unit in its space, and `Spy Mar: A Mar - Pie` "
        "orders the foreign unit in its space."
    ),
    board=STANDARD,
    start=Phase(STANDARD.first_year - 1, Season.WINTER, PhaseKind.ADJUSTMENT),
    groupings=STANDARD_GROUPINGS,
    spies=True,
    takes_grace=False,
    steps=(play_spies,),
    views=SPY_VIEWS,
    # A message is read with the spy's lines among the units'; the units' report
    # leaves the spy orders to the spies' own.
    codec=replace(SPY_CODEC, read_message=parse_orders_with_spies, own_orders=SPY_ORDERS),
)
