"""The registry: every variant the engine plays, by name, as games play it, and what
needs every variant's codec. The one module that imports every variant; the engine's
core imports none (`adjudication.model.variant` holds the hooks they plug in by).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from adjudication.io import serialize
from adjudication.io.serialize import Json
from adjudication.model.position import DEFAULT_VARIANT
from adjudication.model.result import Adjudication
from adjudication.model.variant import Codec, UnknownVariant, Variant
from adjudication.variants import (
    airplane,
    kriegsplomacy,
    masters,
    one_on_one,
    spy,
    standard,
    world_war_i,
)


def _registered(variant: Variant) -> Variant:
    """`variant` as games play it: with the Masters Rules, which any game may play
    (rules/003, chosen by its `Rules.masters`): their step after the variant's own
    steps (Spy Diplomacy's spies are taken out first), and MR1's minor powers at the
    opening."""
    return replace(
        variant,
        steps=(*variant.steps, masters.play_masters),
        openings=(*variant.openings, masters.with_minor_powers),
    )


STANDARD_GAME = _registered(standard.STANDARD_GAME)
WORLD_WAR_I = _registered(world_war_i.WORLD_WAR_I)
AIRPLANE = _registered(airplane.AIRPLANE)
# One-on-one is played by Airplane Diplomacy's rules: its kinds of unit.
ONE_ON_ONE = _registered(one_on_one.one_on_one(airplane.AIRPLANE.kinds))
KRIEGSPLOMACY = _registered(kriegsplomacy.KRIEGSPLOMACY)
SPY = _registered(spy.SPY)

VARIANTS: Mapping[str, Variant] = {
    variant.name: variant
    for variant in (STANDARD_GAME, WORLD_WAR_I, AIRPLANE, ONE_ON_ONE, KRIEGSPLOMACY, SPY)
}


def variant_named(name: str) -> Variant:
    """The registered variant called `name` (the key stored with a game and read from
    a replay line's `variant` field)."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise UnknownVariant(f"unknown variant: {name!r}") from None


def _codec_of(name: str) -> Codec | None:
    variant = VARIANTS.get(name)
    return None if variant is None else variant.codec


def adjudication_to_json(adjudication: Adjudication) -> dict[str, Json]:
    """`serialize.adjudication_to_json` with the codec of the position's variant, for
    its own record of the phase (Spy Diplomacy's spies' report)."""
    return serialize.adjudication_to_json(adjudication, _codec_of(adjudication.position.variant))


def adjudication_from_json(document: Mapping[str, Json]) -> Adjudication:
    """Decode what `adjudication_to_json` wrote, with the codec of its position's
    variant."""
    body = document.get("position")
    name = body.get("variant", DEFAULT_VARIANT) if isinstance(body, Mapping) else DEFAULT_VARIANT
    return serialize.adjudication_from_json(document, _codec_of(str(name)))
