"""Sizes of what the map draws, at the native width (1,600 px), shared by the layout
build (`render/tools/build_layout.py`, which places every space's name and units once)
and the renderer (which draws at those places, scaled to its width).

Why these sizes: a results post is first seen in Discord's inline preview, about 550 px
wide on a phone. At that size a name must be at least 7 px high in capitals
(QUEUE.md's reading of "legible"), so names are drawn at 31 px on the 1,600 px map
(capitals 22 px, 7.6 px at 550); units at 34 px (11.7 px at 550).
"""

from __future__ import annotations

NATIVE_WIDTH = 1600
PHONE_WIDTH = 550
MIN_CAP_AT_PHONE = 7.0

LABEL_SIZE = 31  # font size of the spaces' names
LABEL_HALO = 3  # the light outline round each letter, so lines under a name do not cross it
UNIT_SIZE = 34  # a unit's disc, across
UNIT_RADIUS = 21  # the disc with its ring (hold, convoy, dislodged): what a unit place holds
DISLODGED_SIZE = 29  # a dislodged unit, drawn smaller beside the space it lost
DISLODGED_RADIUS = 18
# A second unit in a space (a spy beside the unit it shares the space with, rules/004's
# Spy Diplomacy) is drawn at a dislodged unit's size: central Europe has no room for a
# third full-size place beside Munich's, Ruhr's and Tyrolia's names and units.
SECOND_RADIUS = DISLODGED_RADIUS
CENTRE_RADIUS = 10  # a supply centre's marker with its outline
GAP = 3  # kept free between any two places

# Corners kept for the panels: the title and the powers' counts at the top left, the key
# of symbols at the top right (left, top, right, bottom). Nothing is placed under them.
POWERS_AREA = (8, 8, 396, 452)
SYMBOLS_AREA = (1186, 8, 1592, 300)

# Unit places of a space, besides each coast's: the unit standing there, a dislodged
# unit waiting to retreat, and a second unit for the variants where units share a space.
PLACE_KINDS = ("unit", "dislodged", "second")


def scaled(value: float, width: int) -> float:
    """`value` (a size at the native width) at `width` pixels."""
    return value * width / NATIVE_WIDTH


def scaled_box(box: tuple[int, int, int, int], width: int) -> tuple[int, int, int, int]:
    f = width / NATIVE_WIDTH
    return (round(box[0] * f), round(box[1] * f), round(box[2] * f), round(box[3] * f))
