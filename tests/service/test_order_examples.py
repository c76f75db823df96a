"""Issue 33, "How to order, with examples that work": the examples a player is shown
(the first DM, the DM help) are orders they could give here and now, made from their
own position, and include the variant's own kind of order."""

from __future__ import annotations

from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.variants import VARIANTS
from bot.service.kernel import GameSettings, VariantName
from bot.service.records import GameLookups
from tests.service.conftest import PLAYERS, force_position, started_game

ITALIAN_LAND = ("Ven", "Pie", "Tus", "Rom", "Apu", "Nap")


async def _examples(service, settings, power, position=None, players=PLAYERS):
    info = await started_game(service, players, settings=settings)
    if position is not None:
        await force_position(service, info.id, position)
    return await GameLookups(service).order_examples(info.id, [power])


async def test_issue33_a_spy_games_first_examples_place_the_spy(service):
    examples = await _examples(service, GameSettings(variant=VariantName.SPY), "GERMANY")
    assert examples, "no example at all: the first DM read 'for example .'"
    assert all(e.startswith("Spy ") and e.endswith(" B") for e in examples), examples
    assert {e.split()[1] for e in examples} <= {"Ber", "Kie", "Mun"}


async def test_issue33_a_spy_game_shows_a_spy_order_among_the_examples(service):
    spring = Position(
        Phase.parse("S1901M"),
        [Unit.parse("GERMANY", "A MUN"), Unit.parse("GERMANY", "F KIE")],
        {"MUN": "GERMANY", "KIE": "GERMANY", "BER": "GERMANY"},
        variant="spy",
        spies=[_spy("GERMANY", "MUN")],
    )
    examples = await _examples(service, GameSettings(variant=VariantName.SPY), "GERMANY", spring)
    assert any(e.startswith("Spy Mun") for e in examples), examples
    assert any(not e.startswith("Spy") for e in examples), examples


async def test_issue33_kriegsplomacy_examples_show_espionage(service):
    spring = Position(
        Phase.parse("S1901M"),
        [Unit.parse("FRANCE", "A MAR"), Unit.parse("FRANCE", "F BRE")],
        {"MAR": "FRANCE", "BRE": "FRANCE", "PAR": "FRANCE"},
        variant="kriegsplomacy",
    )
    examples = await _examples(
        service, GameSettings(variant=VariantName.KRIEGSPLOMACY), "FRANCE", spring
    )
    assert any(e.endswith((" E", " CE")) for e in examples), examples


async def test_issue33_airplane_examples_fly_a_plane(service):
    spring = Position(
        Phase.parse("S1902M"),
        [Unit.parse("FRANCE", "P PAR"), Unit.parse("FRANCE", "A MAR")],
        {"MAR": "FRANCE", "BRE": "FRANCE", "PAR": "FRANCE"},
        variant="airplane",
    )
    examples = await _examples(
        service, GameSettings(variant=VariantName.AIRPLANE), "FRANCE", spring
    )
    assert any(e.startswith("P Par") for e in examples), examples


async def test_issue33_world_war_i_examples_never_enter_closed_italy(service):
    examples = await _examples(service, GameSettings(), "AUSTRIA", players=PLAYERS[:2])
    assert examples
    for example in examples:
        assert not any(place in example.split("-")[-1] for place in ITALIAN_LAND), examples
    assert VARIANTS["world_war_i"].closure is not None


def _spy(power: str, province: str):
    from adjudication.model.pieces import Spy

    return Spy(power, province)
