"""Retreats written for a minor power (rules/003 MR2 d; issue 33): a retreat phase in
which only a power in civil disorder has a dislodged unit waits for the players who may
write for it, until the deadline or until each has written or is ready, instead of
being played at once; their retreat is read and followed (docs/VARIANTS.md M6, M25)."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from adjudication.model.optional_rules import MastersRules
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, LineStatus
from storage.codec import position_from_json
from tests.adjudication.masters.test_examples import position
from tests.conftest import T0
from tests.service.conftest import force_position, owner, started_game

ALL_SIX = MastersRules(True, True, True, True, True, True)

# Fall 1901: France takes Spain with support; Spain's army may retreat to Gascony.
FRANCE_INTO_SPAIN = position(
    "F1901M",
    {
        "FRANCE": "A MAR,F MAO",
        "SPAIN": "A SPA",
        "GERMANY": "A MUN",
        "ITALY": "A ROM",
        "ENGLAND": "F LON",
        "AUSTRIA": "A VIE",
        "RUSSIA": "A MOS",
        "TURKEY": "A CON",
    },
    {
        "FRANCE": "PAR MAR BRE",
        "SPAIN": "SPA",
        "GERMANY": "MUN",
        "ITALY": "ROM",
        "ENGLAND": "LON",
        "AUSTRIA": "VIE",
        "RUSSIA": "MOS",
        "TURKEY": "CON",
    },
)
WRITERS = ("GERMANY", "ITALY", "ENGLAND", "AUSTRIA", "RUSSIA", "TURKEY")  # not France


async def _retreats(service):
    """The game in Fall 1901's retreats, Spain's army dislodged; and when they began."""
    rules = replace(GameSettings().rules, masters=ALL_SIX)
    info = await started_game(service, settings=GameSettings(rules=rules))
    await force_position(service, info.id, FRANCE_INTO_SPAIN)
    at = T0 + timedelta(hours=1)
    orders = {"FRANCE": "A Mar - Spa\nF Mao S A Mar - Spa", "ENGLAND": "F Lon H"}
    orders |= {"GERMANY": "A Mun H", "ITALY": "A Rom H", "AUSTRIA": "A Vie H"}
    orders |= {"RUSSIA": "A Mos H", "TURKEY": "A Con H"}
    for power, text in orders.items():  # nobody falls into civil disorder
        await service.orders.submit_orders(Caller(owner(info, power)), text, at)
    played = info.deadline_at + timedelta(seconds=1)
    await Scheduler(service).tick(played)
    return info, played


async def test_rules003_mr2d_a_minor_powers_retreat_waits_for_its_writers(service):
    info, played = await _retreats(service)
    now = await service.lobby.game_info(info.id)
    assert now.phase.code == "F1901R"
    assert now.deadline_at is not None and now.deadline_at > played + timedelta(hours=1)
    sent = await service.orders.submit_orders(
        Caller(owner(info, "GERMANY")), "Spain A Spa R Gas", played + timedelta(minutes=1)
    )
    assert [line.status for line in sent.lines] == [LineStatus.ACCEPTED]
    assert not sent.ends_now  # the other players who may write for Spain are waited for
    await Scheduler(service).tick(now.deadline_at + timedelta(seconds=1))
    records = await service.history.phase_records(info.id)
    after = position_from_json(records[-1].position)
    assert "A GAS" in {str(u) for u in after.units_of("SPAIN")}
    assert "Spain A Spa R Gas: written by Germany; followed" in (records[-2].report or "")


async def test_rules003_mr2d_the_retreat_ends_when_every_writer_has_written_or_is_ready(service):
    info, played = await _retreats(service)
    at = played + timedelta(minutes=1)
    await service.orders.submit_orders(Caller(owner(info, "GERMANY")), "Spain A Spa D", at)
    for power in WRITERS[1:-1]:
        ready = await service.orders.set_ready(Caller(owner(info, power)), at)
        assert not ready.ends_phase, power
    last = await service.orders.set_ready(Caller(owner(info, WRITERS[-1])), at)
    assert last.ends_phase


async def test_rules003_mr2d_a_later_retreat_for_the_same_unit_replaces_the_earlier(service):
    # "one Retreat or Disband order for each such unit": the last one written counts,
    # as a unit's new order replaces its old one; none is kept to be dropped later.
    info, played = await _retreats(service)
    germany = Caller(owner(info, "GERMANY"))
    at = played + timedelta(minutes=1)
    sent = await service.orders.submit_orders(germany, "Spain A Spa R Gas\nSpain A Spa D", at)
    assert [str(o) for o in sent.orders] == ["A SPA D"]
