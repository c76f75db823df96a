"""Outcomes in the order the orders were given, for tests written that way.

`adjudicate` reports outcomes in a canonical order (by power and unit); a test that
lists its expectations order by order reads them back with `as_given`.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudication.model.orders import Order
from adjudication.model.outcomes import Outcome


def as_given(outcomes: Sequence[Outcome], orders: Sequence[Order]) -> list[Outcome]:
    """The outcome of each order of `orders`, in that order, then the outcomes of the
    default orders applied (civil disorder, unused builds, unordered units), as
    reported. Of two equal orders, the first given gets the first outcome reported."""
    left = list(outcomes)
    mine = []
    for order in orders:
        outcome = next(o for o in left if o.order == order)
        left.remove(outcome)
        mine.append(outcome)
    return mine + left
