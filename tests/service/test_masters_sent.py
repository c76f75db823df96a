"""Orders for other powers under the Masters Rules, judged when sent (issue 33): a line
the engine would not play is refused at once with the rule's reason, never accepted
and dropped at adjudication; the echo names the power each written order is for
(docs/VARIANTS.md M24)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from adjudication.model.optional_rules import MastersRules
from bot.service.kernel import Caller, GameSettings, LineStatus, submission_echo
from tests.adjudication.masters.test_examples import position
from tests.conftest import T0
from tests.service.conftest import force_position, owner, started_game

AT = T0 + timedelta(hours=1)
ALL_SIX = MastersRules(True, True, True, True, True, True)


async def _game(service, masters: MastersRules = ALL_SIX, start=None):
    rules = replace(GameSettings().rules, masters=masters)
    info = await started_game(service, settings=GameSettings(rules=rules))
    if start is not None:
        await force_position(service, info.id, start)
    return info


async def test_rules003_mr2a_a_line_for_a_power_one_may_not_write_for_is_refused_with_why(
    service,
):
    info = await _game(service)
    austria = Caller(owner(info, "AUSTRIA"))
    # MR2 a: Austria's A Bud could move into Serbia, Serbia's one centre.
    sent = await service.orders.submit_orders(austria, "A Vie - Tri\nSerbia A Ser - Bud", AT)
    assert [line.status for line in sent.lines] == [LineStatus.ACCEPTED, LineStatus.REJECTED]
    refused = sent.lines[1].message or ""
    assert "Serbia" in refused and "A Bud" in refused and "MR2 a" in refused, refused
    assert [str(o) for o in sent.orders] == ["A VIE - TRI"]  # nothing kept to drop later
    echo = submission_echo(sent, "Test game")
    assert "❌ `Serbia A Ser - Bud`" in echo, echo
    # Portugal is far from every Austrian unit: Austria may write for it.
    ok = await service.orders.submit_orders(austria, "Portugal A Por H", AT)
    assert ok.lines[0].status is LineStatus.ACCEPTED


async def test_rules003_mr2_the_echo_names_the_power_each_written_order_is_for(service):
    info = await _game(service)
    france = Caller(owner(info, "FRANCE"))
    sent = await service.orders.submit_orders(
        france, "A Mar - Spa\nA Por -S- (French) A Mar-Spa", AT
    )
    echo = submission_echo(sent, "Test game")
    # rules/004 rule 7 read the second line as Portugal's: the echo says so.
    assert "→ **Portugal A Por S A Mar - Spa**" in echo, echo
    assert "Orders in force (2): A Mar - Spa, Portugal A Por S A Mar - Spa" in echo, echo


async def test_rules003_mr2_without_variable_control_a_minor_powers_unit_is_not_ordered(
    service,
):
    info = await _game(service, MastersRules(minor_powers=True))
    sent = await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "Portugal A Por - Spa", AT
    )
    assert sent.lines[0].status is LineStatus.REJECTED
    assert "MR2" in (sent.lines[0].message or ""), sent.lines[0].message
    assert not sent.orders


async def test_rules003_winter_orders_out_of_their_phase_are_refused_when_sent(service):
    info = await _game(service)
    sent = await service.orders.submit_orders(Caller(owner(info, "FRANCE")), "Aid Italy", AT)
    assert sent.lines[0].status is LineStatus.REJECTED
    assert "Winter" in (sent.lines[0].message or ""), sent.lines[0].message


# Russia's armies watch Moscow; Warsaw is empty and no Russian unit could enter it.
RUSSIA_AT_HOME = position(
    "W1901A",
    {"RUSSIA": "A STP,A SEV", "TURKEY": "A BUL,F BLA,A SMY", "GERMANY": "A BER"},
    {"RUSSIA": "MOS STP SEV WAR", "TURKEY": "ANK CON SMY BUL RUM", "GERMANY": "BER"},
)


async def test_rules003_mr3b_a_rebel_build_the_engine_would_refuse_is_refused_when_sent(
    service,
):
    info = await _game(service, start=RUSSIA_AT_HOME)
    turkey = Caller(owner(info, "TURKEY"))
    sent = await service.orders.submit_orders(turkey, "Build Rebel A Mos", AT)
    assert sent.lines[0].status is LineStatus.REJECTED
    refused = sent.lines[0].message or ""
    assert "Moscow" in refused and "Russia's A " in refused and "MR3 b" in refused, refused
    ok = await service.orders.submit_orders(turkey, "Build Rebel A War", AT)
    assert ok.lines[0].status is LineStatus.ACCEPTED
    occupied = await service.orders.submit_orders(turkey, "Build Rebel A Sev", AT)
    assert occupied.lines[0].status is LineStatus.REJECTED
    assert "Sevastopol" in (occupied.lines[0].message or "")


async def test_rules003_mr2_a_line_for_a_great_power_not_in_disorder_is_told_conditional(
    service,
):
    info = await _game(service)
    sent = await service.orders.submit_orders(Caller(owner(info, "ITALY")), "England F Lon H", AT)
    assert sent.lines[0].status is LineStatus.ACCEPTED
    echo = submission_echo(sent, "Test game")
    assert "England F Lon H" in echo
    assert "only if England is in civil disorder at the deadline" in echo, echo
