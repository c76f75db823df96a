"""Kriegsplomacy's flexible builds in what a player is offered (issue 29, rules/004):
"a country can build in any unoccupied supply center(s) it owns". Autocomplete and the
DM's "Your options" offer a free owned centre that is not a home centre; a power whose
only free owned centres are not home centres still owes orders (reminders, the Winter's
early end, /game status)."""

from __future__ import annotations

from adjudication.maps import STANDARD
from adjudication.model.optional_rules import MastersRules
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.variants import KRIEGSPLOMACY
from bot.service.kernel import Caller, GameSettings, VariantName, deadline_text, next_step
from bot.service.orders import owes_orders
from tests.conftest import T0
from tests.service.conftest import GUILD, force_position, owner, started_game

# France's home centres are all occupied; it owns Belgium and Spain besides, both free.
_UNITS = ("FRANCE A PAR", "FRANCE A MAR", "FRANCE F BRE")
_WINTER = Position(
    Phase.parse("W1901A"),
    tuple(Unit.parse("FRANCE", u.split(" ", 1)[1]) for u in _UNITS),
    {c: "FRANCE" for c in ("PAR", "MAR", "BRE", "BEL", "SPA")},
    variant=KRIEGSPLOMACY.name,
)
_BOARD = KRIEGSPLOMACY.board


def test_rules004_krieg_the_dms_options_offer_a_free_owned_centre_not_at_home() -> None:
    text = next_step(_WINTER, ["FRANCE"], T0, False, _BOARD)
    assert "France may build 2 units" in text and deadline_text(T0) in text
    for build in ("`Build A Bel`", "`Build F Bel`", "`Build A Spa`", "`Build F Spa/sc`"):
        assert build in text, (build, text)


def test_rules004_krieg_a_power_with_only_foreign_centres_free_owes_orders() -> None:
    assert owes_orders(_WINTER, "FRANCE", _BOARD, MastersRules())
    # The standard game: no home centre free, so nothing to order (rules/000 §13.2).
    standard = Position(_WINTER.phase, _WINTER.units, _WINTER.ownership)
    assert not owes_orders(standard, "FRANCE", STANDARD, MastersRules())


async def test_rules004_krieg_autocomplete_offers_a_free_owned_centre_not_at_home(
    service,
) -> None:
    info = await started_game(service, settings=GameSettings(variant=VariantName.KRIEGSPLOMACY))
    await force_position(service, info.id, _WINTER)
    france = Caller(owner(info, "FRANCE"), GUILD)
    offered = await service.orders.legal_orders(france, "bel", info.id)
    assert offered == ["Build A Bel", "Build F Bel"], offered
    status = await service.lobby.game_info(info.id)
    assert next(p for p in status.powers if p.power == "FRANCE").owes_orders
