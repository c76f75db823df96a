"""`/game export` of a Masters Rules game replays (issue 29; docs/PHASES.md, VARIANTS.md
M19): three years with all six rules, Great Powers falling into civil disorder and
written for, an order past its writer's centres, a rebel, aid, Serbia annexed in
Winter 1902 and built on in Winter 1903; every exported phase, replayed with
`python -m adjudication replay --compare`, agrees with what the game recorded."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path

from adjudication.model.optional_rules import MastersRules
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.replay import replay_record
from bot.service import GameService
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, LineStatus
from storage.codec import position_from_json
from tests.service.conftest import force_position, owner, started_game
from tests.service.export_replay import assert_export_replays

ALL_SIX = MastersRules(True, True, True, True, True, True)

# Each movement phase's and Winter's orders by power; retreats nobody writes for
# (dislodged minor armies) are played at their deadline.
YEARS: list[tuple[str, dict[str, str]]] = [
    (
        "S1901M",
        {
            # rules/003 MR2's Portugal (each writer within his centres).
            "FRANCE": "A Mar - Spa\nPortugal A Por -S- (French) A Mar-Spa",
            "GERMANY": "A Mun - Ruh\nA Por S A Spa",
            "ITALY": "Portugal\nA Por -S- (Spanish) A Spa\nA Por -S- (Spanish) A Spa",
            # Turkey sends nothing and is in civil disorder: Austria writes for it.
            "AUSTRIA": "F Tri - Alb\nA Vie - Tri\nTurkey A Smy - Arm",
            # Four own orders and four centres: the line for Sweden is past them.
            "RUSSIA": "A Mos - Ukr\nA War - Gal\nF Sev - Bla\nF Stp/sc - Bot\nSweden A Swe - Fin",
        },
    ),
    (
        "F1901M",
        {
            "AUSTRIA": "A Bud - Ser\nA Tri S A Bud - Ser\nF Alb H",
            "TURKEY": "A Con - Bul",
            "RUSSIA": "A Gal - Boh\nA Ukr - Gal\nF Bla S A Con - Bul\nF Bot H",
            "GERMANY": "A Ruh S F Kie - Hol\nF Kie - Hol",
        },
    ),
    (
        "W1901A",
        {
            "AUSTRIA": "Build A Vie\nBuild A Bud",  # one of its own, one with aid
            "GERMANY": "Aid Austria",
            "TURKEY": "Build Rebel A Mos\nAid Russia",  # no build left for the aid
        },
    ),
    ("S1902M", {"AUSTRIA": "F Alb - Gre\nA Ser S F Alb - Gre", "ITALY": "Tunis A Tun H"}),
    ("F1902M", {"AUSTRIA": "A Bud - Rum\nA Ser S A Bud - Rum"}),
    ("W1902A", {"AUSTRIA": "Adjustments 1902 Annex Serbia"}),  # Austria's at both Winters
    ("S1903M", {"AUSTRIA": "A Ser - Alb"}),
    ("F1903M", {}),
    ("W1903A", {"AUSTRIA": "Adjustments 1903 construct A Ser"}),  # its home now (MR4 c)
]


async def _play_to(service: GameService, game_id: int, code: str, now: datetime) -> datetime:
    """Tick at each deadline until the phase in play is `code`."""
    for _ in range(4):
        info = await service.lobby.game_info(game_id)
        if info.phase.code == code:
            return now
        now = max(now, info.deadline_at) + timedelta(seconds=1)
        report = await Scheduler(service).tick(now)
        assert not report.errors, report.errors
    raise AssertionError(f"never reached {code}")


async def test_rules003_a_masters_game_exported_replays_phase_by_phase(
    service: GameService, tmp_path: Path
) -> None:
    settings = GameSettings(rules=replace(GameSettings().rules, masters=ALL_SIX))
    info = await started_game(service, settings=settings)
    now = info.deadline_at - timedelta(hours=1)
    for code, orders in YEARS:
        now = await _play_to(service, info.id, code, now)
        for power, text in orders.items():
            sent = await service.orders.submit_orders(Caller(owner(info, power)), text, now)
            assert all(line.status is not LineStatus.REJECTED for line in sent.lines), sent
    await _play_to(service, info.id, "S1904M", now)

    records = await service.history.phase_records(info.id)
    spring_1904 = position_from_json(records[-1].position)
    assert "A SER" in {str(u) for u in spring_1904.units_of("AUSTRIA")}
    assert spring_1904.homes == {"SER": "AUSTRIA"}

    lines = await service.history.export_lines(info.id)
    by_phase = {line["phase"]: line for line in lines}
    assert {"S1901M", "W1901A", "W1902A", "W1903A"} <= set(by_phase)
    assert by_phase["S1901M"]["disorder"] == ["ENGLAND", "TURKEY"]
    controls = {
        (w["by"], w["order"].get("unit"), w["control"])
        for w in replay_record(by_phase["S1901M"])["variable_control"]
    }
    assert ("AUSTRIA", "A SMY", "followed") in controls
    assert ("RUSSIA", "A SWE", "over_limit") in controls
    aid = {"by": "TURKEY", "order": {"type": "aid", "recipient": "RUSSIA"}}
    assert aid | {"control": "over_limit"} in replay_record(by_phase["W1901A"])["variable_control"]
    winter_1901 = next(r for r in records if r.phase.code == "W1901A")
    assert "Aid Russia: written by Turkey; not valid" in winter_1901.report
    assert by_phase["W1902A"]["last_winter_centers"]["AUSTRIA"] == ["BUD", "SER", "TRI", "VIE"]
    assert "SER" in by_phase["W1903A"]["homes"]["AUSTRIA"]
    assert_export_replays(lines, tmp_path / "masters.jsonl")


async def test_rules003_m15_a_winter_only_the_masters_rules_open_is_in_the_export(
    service: GameService, tmp_path: Path
) -> None:
    # France gains Belgium with every home centre occupied: no build site, but MR3
    # would let it raise rebels, so the Winter is played (M15), and the Fall's line
    # must go on to that Winter.
    settings = GameSettings(
        rules=replace(GameSettings().rules, masters=MastersRules(rebellion=True))
    )
    info = await started_game(service, settings=settings)
    units = [Unit.parse("FRANCE", t) for t in ("A PAR", "A MAR", "F BRE")]
    units += [Unit.parse("ITALY", t) for t in ("A ROM", "F NAP", "A VEN")]
    ownership = {c: "FRANCE" for c in ("PAR", "MAR", "BRE", "BEL")}
    ownership |= {c: "ITALY" for c in ("ROM", "NAP", "VEN")}
    await force_position(service, info.id, Position(Phase.parse("F1901M"), units, ownership))
    now = info.deadline_at - timedelta(hours=1)
    for power, text in (("FRANCE", "A Par H"), ("ITALY", "A Rom H")):  # not in disorder
        await service.orders.submit_orders(Caller(owner(info, power)), text, now)
    now = await _play_to(service, info.id, "W1901A", now)
    await _play_to(service, info.id, "S1902M", now)
    lines = await service.history.export_lines(info.id)
    assert [line["phase"] for line in lines] == ["F1901M", "W1901A"]
    assert lines[0]["expected"]["phase"] == "W1901A"
    assert_export_replays(lines, tmp_path / "m15.jsonl")
