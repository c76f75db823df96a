"""Shared helpers of the render tests: random games and a full board."""

from __future__ import annotations

import io
import random

from PIL import Image

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.orders import Order
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.play.legal import legal_orders


def decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def random_orders(position: Position, rng: random.Random, board: Board = STANDARD) -> list[Order]:
    """One random legal order per unit (per dislodged unit, per owed adjustment)."""
    orders: list[Order] = []
    for power in board.powers:
        options = sorted(legal_orders(position, board, power), key=str)
        by_unit: dict[str, list[Order]] = {}
        for order in options:
            key = str(getattr(order, "unit", "waive"))
            by_unit.setdefault(key, []).append(order)
        for key in sorted(by_unit):
            orders.append(rng.choice(by_unit[key]))
    return orders


# 34 units in 34 spaces, every power, both unit types, fleets on split coasts, and each
# unit standing in a space tinted by someone else (or by nobody).
FULL_BOARD = {
    "AUSTRIA": ["A VIE", "A BOH", "F ADR", "A SER", "F ALB"],
    "ENGLAND": ["F NTH", "F NWG", "A YOR", "F ENG", "F IRI"],
    "FRANCE": ["A BUR", "F MAO", "F SPA/SC", "A PIC", "A GAS"],
    "GERMANY": ["A RUH", "F HEL", "A SIL", "F BAL", "A TYR"],
    "ITALY": ["A PIE", "F TYS", "F ION", "A APU", "F TUN"],
    "RUSSIA": ["F STP/NC", "A UKR", "A LVN", "F BOT", "F BUL/EC"],
    "TURKEY": ["A ARM", "F AEG", "F EAS", "A SYR"],
}


def full_board() -> Position:
    units = [Unit.parse(p, t) for p, ts in FULL_BOARD.items() for t in ts]
    ownership = {c: p for p, cs in STANDARD.home_centres.items() for c in cs}
    return Position(Phase.parse("F1903M"), tuple(units), ownership)


def full_board_orders(position: Position) -> list[Order]:
    """A reproducible order for every unit of the full board (random but seeded)."""
    return random_orders(position, random.Random(34))
