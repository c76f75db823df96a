"""What a player is told when a line he wrote will not count (issue 29, docs/VARIANTS.md
M4, M14, M20): MR2 b's limit counts his own orders first, and a line for a power in
civil disorder past his centres is not followed; MR6 a's aid comes only from builds he
leaves unused. Said in the echo when sent, and in the results."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from adjudication.model.optional_rules import MastersRules
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, submission_echo
from tests.adjudication.masters.test_examples import position
from tests.conftest import T0
from tests.service.conftest import force_position, owner, started_game

AT = T0 + timedelta(hours=1)
ALL_SIX = MastersRules(True, True, True, True, True, True)


async def test_rules003_mr2b_own_orders_count_first_and_the_echo_says_what_is_not_followed(
    service,
) -> None:
    settings = GameSettings(rules=replace(GameSettings().rules, masters=ALL_SIX))
    info = await started_game(service, settings=settings)
    france = Caller(owner(info, "FRANCE"))
    first = await service.orders.submit_orders(
        france, "A Mar - Spa\nPortugal A Por -S- (French) A Mar-Spa", AT
    )
    assert first.written_left == (1, 3)  # one own order and one for Portugal
    echo = submission_echo(first, "Test game")
    assert "1 of 3 orders left this turn" in echo, echo
    assert "will not be followed" not in echo
    # Two more own orders: four orders against three centres, own ones first.
    more = await service.orders.submit_orders(france, "F Bre - Mao\nA Par - Bur", AT)
    assert more.written_left == (0, 3)
    echo = submission_echo(more, "Test game")
    assert "will not be followed: Portugal A Por S A Mar - Spa" in echo, echo
    assert "send your orders for civil-disorder powers again" in echo, echo
    await Scheduler(service).tick(info.deadline_at + timedelta(seconds=1))
    records = await service.history.phase_records(info.id)
    report = records[-2].report
    assert "Portugal A Por S A Mar - Spa: written by France; not followed" in report, report


# France owns four centres and three units (Paris free): one build. Italy as many units
# as centres, Venice free.
ONE_BUILD = position(
    "W1901A",
    {"FRANCE": "A BUR,F MAO,A PIC", "ITALY": "A ROM,F NAP,A TUS"},
    {"FRANCE": "PAR MAR BRE BEL", "ITALY": "ROM NAP VEN"},
)


async def test_rules003_mr6a_a_build_sent_stands_and_the_aid_past_it_is_told_not_valid(
    service,
) -> None:
    rules = replace(GameSettings().rules, masters=MastersRules(foreign_aid=True))
    info = await started_game(service, settings=GameSettings(rules=rules))
    await force_position(service, info.id, ONE_BUILD)
    france = Caller(owner(info, "FRANCE"))
    aid = await service.orders.submit_orders(france, "Aid Italy", AT)
    assert "not valid" not in submission_echo(aid, "Test game")
    both = await service.orders.submit_orders(france, "Build A Par", AT)
    echo = submission_echo(both, "Test game")
    assert "will not be valid: Aid Italy" in echo, echo
    assert "`/orders clear`" in echo, echo
    await service.orders.submit_orders(Caller(owner(info, "ITALY")), "Build A Ven", AT)
    await Scheduler(service).tick(info.deadline_at + timedelta(seconds=1))
    records = await service.history.phase_records(info.id)
    report = records[-2].report
    assert "Aid Italy: written by France; not valid" in report, report
