"""Spy Diplomacy (rules/004) in the service: where a spy's order is kept, what its
owner is told and may order, the GM's view of the spies and a Spy game's interchange
lines; its part of the service (`part_of`: the hooks `bot.service.variants.ServicePart`
names)."""

from bot.service.variants.spy._history import gm_sees_spies as gm_sees_spies
from bot.service.variants.spy._history import spy_owner as spy_owner
from bot.service.variants.spy._history import with_spy_orders as with_spy_orders
from bot.service.variants.spy._lines import exported_input_line as exported_input_line
from bot.service.variants.spy._news import public_played as public_played
from bot.service.variants.spy._news import seen_by as seen_by
from bot.service.variants.spy._news import spy_news as spy_news
from bot.service.variants.spy._news import spy_record as spy_record
from bot.service.variants.spy._orders import has_spies as has_spies
from bot.service.variants.spy._orders import is_spy_order as is_spy_order
from bot.service.variants.spy._orders import placing_spies as placing_spies
from bot.service.variants.spy._orders import spy_choices as spy_choices
from bot.service.variants.spy._orders import spy_orders_for as spy_orders_for
from bot.service.variants.spy._part import part_of as part_of

__all__ = [
    "exported_input_line",
    "gm_sees_spies",
    "has_spies",
    "is_spy_order",
    "part_of",
    "placing_spies",
    "public_played",
    "seen_by",
    "spy_choices",
    "spy_news",
    "spy_orders_for",
    "spy_owner",
    "spy_record",
    "with_spy_orders",
]
