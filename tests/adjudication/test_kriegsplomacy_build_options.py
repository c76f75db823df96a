"""rules/004, Kriegsplomacy (issue 29): the builds offered are the builds allowed.

"Except for determining who owns what at the beginning of the game, there is no special
distinction to 'home' centers; a country can build in any unoccupied supply center(s)
it owns." `legal_adjustments` (autocomplete, the DM's "Your options") offers every such
centre, as the engine accepts it (K3)."""

from __future__ import annotations

from adjudication.model.orders import Build, Waive
from adjudication.model.position import Position
from adjudication.model.units import Phase
from adjudication.play.legal import legal_adjustments, legal_orders
from adjudication.play.phases import adjudicate
from adjudication.variants import KRIEGSPLOMACY, STANDARD_GAME
from tests.adjudication.test_kriegsplomacy import position, unit

BOARD = KRIEGSPLOMACY.board


def _built(offered) -> set[str]:
    return {f"{o.unit.power} {o.unit}" for o in offered if isinstance(o, Build)}


def test_rules004_krieg_build_options_are_every_unoccupied_owned_centre() -> None:
    # France owns Paris (occupied), Belgium and Spain (free, not home) and has lost
    # Marseilles to Germany: it may build in Belgium and Spain, both coasts for a fleet.
    winter = position(
        "W1901A", ["FRANCE A PAR"], {"FRANCE": ["PAR", "BEL", "SPA", "BRE"], "GERMANY": ["MAR"]}
    )
    offered = legal_adjustments(winter, BOARD, "FRANCE")
    assert _built(offered) == {
        "FRANCE A BEL",
        "FRANCE F BEL",
        "FRANCE A SPA",
        "FRANCE F SPA/NC",
        "FRANCE F SPA/SC",
        "FRANCE A BRE",
        "FRANCE F BRE",
    }
    assert Waive("FRANCE") in offered
    assert legal_orders(winter, BOARD, "FRANCE") == offered


def test_rules004_krieg_every_build_offered_is_accepted_by_the_engine() -> None:
    # What the options offer and what the adjudicator accepts are one rule.
    winter = position("W1901A", ["FRANCE A PAR"], {"FRANCE": ["PAR", "BEL", "SPA", "BRE"]})
    for build in (o for o in legal_adjustments(winter, BOARD, "FRANCE") if isinstance(o, Build)):
        result = adjudicate(winter, [build], KRIEGSPLOMACY)
        assert all(o.succeeded and o.reason is None for o in result.outcomes if o.order == build)


def test_rules000_13_2_the_standard_game_offers_only_free_home_centres() -> None:
    winter = Position(
        Phase.parse("W1901A"),
        [unit("FRANCE A PAR")],
        {"PAR": "FRANCE", "BEL": "FRANCE", "BRE": "FRANCE", "SPA": "FRANCE"},
    )
    offered = legal_adjustments(winter, STANDARD_GAME.board, "FRANCE")
    assert _built(offered) == {"FRANCE A BRE", "FRANCE F BRE"}
