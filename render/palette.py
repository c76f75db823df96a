"""Colours of the map: the rulebook's power colours and a colour-blind-safe set."""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudication.model.units import Power

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """Every colour the map uses. `powers` maps a power to its unit colour and
    `tints` to the lighter colour its supply centres are filled with."""

    name: str
    powers: dict[Power, RGB]
    tints: dict[Power, RGB]
    land: RGB = (236, 226, 198)
    sea: RGB = (178, 208, 230)
    off_land: RGB = (203, 200, 190)
    off_water: RGB = (178, 208, 230)
    impassable: RGB = (150, 146, 138)
    coast: RGB = (74, 92, 112)
    land_border: RGB = (120, 104, 86)
    sea_border: RGB = (140, 170, 198)
    # Names: near-black letters on a pale halo, over 4.5:1 against any fill they stand on.
    land_text: RGB = (40, 32, 24)
    sea_text: RGB = (16, 40, 72)
    label_halo: RGB = (250, 247, 238)
    outline: RGB = (24, 24, 24)
    failed: RGB = (214, 30, 30)
    panel: RGB = (250, 247, 238)
    fallback: list[RGB] = field(
        default_factory=lambda: [
            (140, 80, 160),
            (200, 120, 40),
            (60, 140, 140),
            (120, 120, 60),
        ]
    )
    # Powers no player holds whose units carry a marker (render/variants/masters.py).
    marked: frozenset[Power] = frozenset()

    def power(self, power: Power) -> RGB:
        """Unit colour of `power`; variant powers without one get a stable fallback."""
        if power in self.powers:
            return self.powers[power]
        return self.fallback[sum(map(ord, power)) % len(self.fallback)]

    def tint(self, power: Power) -> RGB:
        if power in self.tints:
            return self.tints[power]
        return _mix(self.power(power), self.land, 0.45)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    """`a` blended with `b`: t = 1 gives a."""
    red, green, blue = (round(x * t + y * (1 - t)) for x, y in zip(a, b, strict=True))
    return (red, green, blue)


# rules/000 §6.3: England dark blue, Germany black, Russia white, Turkey yellow,
# Austria red, Italy green, France light blue. Germany is a dark grey so that borders
# and outlines still read on it; Russia's white units carry a dark outline.
_CLASSIC = {
    "AUSTRIA": (200, 40, 40),
    "ENGLAND": (30, 50, 150),
    "FRANCE": (70, 160, 230),
    "GERMANY": (62, 62, 66),
    "ITALY": (40, 150, 60),
    "RUSSIA": (248, 248, 248),
    "TURKEY": (240, 200, 30),
}
_CLASSIC_TINTS = {
    "AUSTRIA": (232, 150, 140),
    "ENGLAND": (150, 160, 215),
    "FRANCE": (165, 210, 240),
    "GERMANY": (168, 164, 160),
    "ITALY": (160, 210, 150),
    "RUSSIA": (255, 255, 255),
    "TURKEY": (245, 225, 130),
}

# Okabe-Ito: distinguishable under the common colour-vision deficiencies. Germany
# keeps black (dark grey) and Russia white, which every vision tells apart.
_OKABE_ITO = {
    "AUSTRIA": (213, 94, 0),  # vermillion
    "ENGLAND": (0, 114, 178),  # blue
    "FRANCE": (86, 180, 233),  # sky blue
    "GERMANY": (60, 60, 60),  # black
    "ITALY": (0, 158, 115),  # bluish green
    "RUSSIA": (248, 248, 248),  # white
    "TURKEY": (240, 228, 66),  # yellow
}
_OKABE_ITO_TINTS = {
    "AUSTRIA": (236, 170, 120),
    "ENGLAND": (130, 185, 220),
    "FRANCE": (175, 220, 245),
    "GERMANY": (165, 165, 165),
    "ITALY": (130, 205, 180),
    "RUSSIA": (255, 255, 255),
    "TURKEY": (245, 238, 150),
}

PALETTES: dict[str, Palette] = {
    "classic": Palette("classic", _CLASSIC, _CLASSIC_TINTS),
    "colorblind": Palette(
        "colorblind",
        _OKABE_ITO,
        _OKABE_ITO_TINTS,
        sea=(196, 214, 226),
        off_water=(196, 214, 226),
        failed=(204, 121, 167),  # reddish purple: an X that does not rely on red-green
    ),
}


def get_palette(name: str | Palette) -> Palette:
    """The palette called `name` ("classic" or "colorblind"), or `name` itself."""
    if isinstance(name, Palette):
        return name
    try:
        return PALETTES[name]
    except KeyError:
        raise ValueError(f"unknown palette {name!r}; choose from {sorted(PALETTES)}") from None
