"""What a power may still do in a Masters Rules Winter, said in its DM echo (rules/003
MR3, MR4, MR6; docs/VARIANTS.md M22): rebels, annexation and aid where they apply, not
"nothing to order"."""

from __future__ import annotations

from datetime import timedelta

from adjudication.model.optional_rules import MastersRules
from bot.service.kernel import Caller, submission_echo
from bot.service.kernel._words import ECHO_NOTHING_TO_ORDER
from tests.conftest import T0
from tests.service.conftest import owner
from tests.service.test_masters_owing import _game
from tests.service.test_masters_winter import FRANCE_AIDS_ITALY_1905, NO_ROOM

AT = T0 + timedelta(hours=1)
MR3_MR4_MR6 = MastersRules(rebellion=True, annexation=True, foreign_aid=True)


async def _echo(service, info, power: str) -> str:
    return submission_echo(
        await service.orders.show_orders(Caller(owner(info, power))), "Test game"
    )


async def test_rules003_mr3_mr4_mr6_a_surplus_with_no_room_is_told_rebels_annex_or_aid(service):
    info = await _game(service, MR3_MR4_MR6, NO_ROOM)
    echo = await _echo(service, info, "FRANCE")
    assert ECHO_NOTHING_TO_ORDER not in echo
    assert "2 builds" in echo, echo
    for words in ("Build Rebel", "Annex", "Aid"):
        assert words in echo, (words, echo)


async def test_rules003_mr3_only_rebels_are_offered_without_mr4_mr6(service):
    info = await _game(service, MastersRules(rebellion=True), NO_ROOM)
    echo = await _echo(service, info, "FRANCE")
    assert "Build Rebel" in echo and "Annex" not in echo and "Aid" not in echo, echo


async def test_rules003_mr3_a_build_used_on_rebels_leaves_one(service):
    info = await _game(service, MR3_MR4_MR6, NO_ROOM)
    sent = await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "Build Rebel A War", AT
    )
    echo = submission_echo(sent, "Test game")
    assert "1 build" in echo and "2 builds" not in echo, echo


async def test_rules003_mr6_a_power_that_may_build_with_aid_is_told_so(service):
    info = await _game(service, MastersRules(foreign_aid=True), FRANCE_AIDS_ITALY_1905)
    echo = await _echo(service, info, "ITALY")
    assert ECHO_NOTHING_TO_ORDER not in echo
    assert "aid" in echo.lower() and "Build" in echo, echo


async def test_rules003_without_mr3_mr4_mr6_nothing_more_is_offered(service):
    info = await _game(service, MastersRules(disarmament=True), NO_ROOM)
    echo = await _echo(service, info, "FRANCE")
    assert "Rebel" not in echo and "Annex" not in echo and "Aid" not in echo, echo
