"""A player's orders: a DM read line by line against the position (`OrdersDesk`),
what a DM means, a message waiting for its game, what each power owes in a phase
(`owes_orders`, `progress`), and a match's message split by board."""

from bot.service.orders._checks import progress as progress
from bot.service.orders._desk import OrdersDesk as OrdersDesk
from bot.service.orders._direct_messages import DmKind as DmKind
from bot.service.orders._direct_messages import read_direct_message as read_direct_message
from bot.service.orders._duties import owes_orders as owes_orders
from bot.service.orders._pending import PendingOrdersDesk as PendingOrdersDesk

__all__ = [
    "DmKind",
    "OrdersDesk",
    "PendingOrdersDesk",
    "owes_orders",
    "progress",
    "read_direct_message",
]
