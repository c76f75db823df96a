"""Issue 33, "Public notices only where they mean something": under the Masters Rules
a power whose Winter holds only choices it may leave unused (aid it may receive, a
surplus with no home centre to build on) has missed nothing when it writes nothing;
"No orders from France" would name a power that owed no order."""

from __future__ import annotations

from dataclasses import replace

from adjudication.model.optional_rules import MastersRules
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.kernel import GameSettings
from tests.service.book import position
from tests.service.conftest import force_position, outbox, started_game

ALL_SIX = MastersRules(True, True, True, True, True, True)


async def test_issue33_a_winter_with_only_optional_masters_choices_is_no_nmr(service):
    settings = GameSettings()
    settings = settings.changed(rules=replace(settings.rules, masters=ALL_SIX))
    info = await started_game(service, settings=settings)
    winter = position(
        "W1901A",
        {
            # England: +1 and Liverpool free: a build it owes.
            "ENGLAND": "F LON, F EDI",
            # France: no change, Brest free: it may only receive aid (MR6).
            "FRANCE": "A PAR, A MAR, A BUR",
        },
        {"ENGLAND": "LON EDI LVP", "FRANCE": "PAR MAR BRE"},
    )
    await force_position(service, info.id, winter)
    await Scheduler(service).tick(info.deadline_at)
    (results,) = [e.payload for e in await outbox(service) if e.kind is EventKind.RESULTS]
    assert "FRANCE" not in results.nmr, results.nmr
    assert "ENGLAND" in results.nmr  # England did owe its build
