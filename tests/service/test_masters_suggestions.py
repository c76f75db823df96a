"""The Masters Rules' Winter choices suggested with orders valid here and now (issue 33):
the echo's examples of rebels (MR3), annexation (MR4), aid (MR6) and a build made with
aid are orders the player could send as they are, and each is accepted when sent; never
"Build Rebel A Mos" when a rebel already holds Moscow (docs/VARIANTS.md M22, M24)."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import timedelta

from adjudication.model.optional_rules import MastersRules
from bot.service.kernel import Caller, GameSettings, LineStatus, submission_echo
from tests.adjudication.masters.test_examples import position
from tests.conftest import T0
from tests.service.conftest import force_position, owner, started_game

AT = T0 + timedelta(hours=1)
ALL_SIX = MastersRules(True, True, True, True, True, True)

# Winter 1902: the rebels raised in Moscow a year ago hold it. Turkey has two builds and
# no free home centre; Russia none of its own, but a free home centre (St Petersburg).
REBELS_HOLD_MOSCOW = position(
    "W1902A",
    {
        "REBEL MOS": "A MOS",
        "RUSSIA": "A WAR,F SEV,A UKR",
        "TURKEY": "A CON,F ANK,A SMY",
        "AUSTRIA": "A VIE,A BUD,F TRI",
    },
    {
        "REBEL MOS": "MOS",
        "RUSSIA": "STP SEV WAR",
        "TURKEY": "ANK CON SMY BUL RUM",
        "AUSTRIA": "VIE BUD TRI",
    },
)
_SUGGESTED = re.compile(r"`((?:Build|Annex|Aid)[^`]*)`")


async def _game(service):
    rules = replace(GameSettings().rules, masters=ALL_SIX)
    info = await started_game(service, settings=GameSettings(rules=rules))
    await force_position(service, info.id, REBELS_HOLD_MOSCOW)
    return info


async def _suggested(service, caller: Caller) -> list[str]:
    echo = submission_echo(await service.orders.show_orders(caller), "Test game")
    return _SUGGESTED.findall(echo)


async def test_rules003_mr3_no_rebels_suggested_where_a_rebel_already_stands(service):
    info = await _game(service)
    turkey = Caller(owner(info, "TURKEY"))
    suggested = await _suggested(service, turkey)
    kinds = {s.split()[0] + (" Rebel" if "Rebel" in s else "") for s in suggested}
    assert kinds == {"Build Rebel", "Annex", "Aid"}, suggested
    assert "Build Rebel A Mos" not in suggested
    for order in suggested:  # each, sent as it is, is accepted
        sent = await service.orders.submit_orders(turkey, order, AT)
        assert [line.status for line in sent.lines] == [LineStatus.ACCEPTED], (order, sent)


async def test_rules003_mr6_the_build_suggested_with_aid_is_on_a_free_home_centre(service):
    info = await _game(service)
    russia = Caller(owner(info, "RUSSIA"))
    suggested = await _suggested(service, russia)
    builds = [s for s in suggested if s.startswith("Build ") and "Rebel" not in s]
    assert builds == ["Build A StP"], suggested
    sent = await service.orders.submit_orders(russia, builds[0], AT)
    assert sent.lines[0].status is LineStatus.ACCEPTED
