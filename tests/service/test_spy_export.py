"""`/game export` of a Spy Diplomacy game (issue 12, rules/004 "Rules for Spy
Diplomacy": "Only the owner of a spy is told its location"): the GM's export carries
every spy and spy order and replays identically; a player's, after the end, only
their own spy."""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest

from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.units import Phase
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, NotAllowed, VariantName, WrongState
from bot.service.records import GameLookups, export_for
from bot.service.records._export_options import exported_game
from storage.codec import position_from_json
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, force_position, owner, started_game
from tests.service.export_replay import assert_export_replays

SOON = T0 + timedelta(minutes=5)


async def _spy_game_played(service):
    """A Spy game from Spring 1901 with Italy's spy in Marseilles and France's in
    Paris; Italy's spy sabotages the French army there, France's moves to Burgundy."""
    info = await started_game(service, settings=GameSettings(variant=VariantName.SPY))
    records = await service.history.phase_records(info.id)
    start = position_from_json(records[-1].position)
    spring = Position(
        Phase.parse("S1901M"),
        start.units,
        start.ownership,
        variant="spy",
        spies=[Spy("ITALY", "MAR"), Spy("FRANCE", "PAR")],
    )
    await force_position(service, info.id, spring)
    italy, france = owner(info, "ITALY"), owner(info, "FRANCE")
    await service.orders.submit_orders(Caller(italy), "Spy Mar: A Mar - Pie", SOON, game_id=info.id)
    await service.orders.submit_orders(
        Caller(france), "A Mar H\nSpy Par - Bur", SOON, game_id=info.id
    )
    scheduler = Scheduler(service)
    for _ in range(2):  # Spring and Fall 1901
        await scheduler.tick((await service.lobby.game_info(info.id)).deadline_at)
    return info, italy, france


async def test_rules004_spy_the_gms_export_carries_every_spy_and_replays_identically(
    service, tmp_path: Path
) -> None:
    info, _italy, _france = await _spy_game_played(service)
    lines = await export_for(GameLookups(service), info, Caller(GM, GUILD))
    spring = lines[0]
    assert spring["phase"] == "S1901M"
    assert spring["spies"] == {"FRANCE": ["PAR"], "ITALY": ["MAR"]}
    assert "SPY MAR: A MAR - PIE" in spring["orders"]["ITALY"]
    assert "SPY PAR - BUR" in spring["orders"]["FRANCE"]
    assert spring["expected"]["spies"] == {"FRANCE": ["BUR"], "ITALY": ["MAR"]}
    assert "A PIE" in spring["expected"]["units"]["FRANCE"]  # the sabotage played
    assert_export_replays(lines, tmp_path / "spy.jsonl")


async def test_rules004_spy_a_players_export_after_the_end_has_only_their_own_spy(
    service,
) -> None:
    info, italy, france = await _spy_game_played(service)
    lookups = GameLookups(service)
    with pytest.raises(WrongState, match="after the game ends"):
        await export_for(lookups, info, Caller(france, GUILD))
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), T0 + timedelta(days=30))
    info = await service.lobby.game_info(info.id)
    with pytest.raises(NotAllowed):
        await export_for(lookups, info, Caller(999, GUILD))
    lines = await export_for(lookups, info, Caller(france, GUILD))
    spring = lines[0]
    assert spring["spies"] == {"FRANCE": ["PAR"]}
    assert spring["expected"]["spies"] == {"FRANCE": ["BUR"]}
    assert not any("SPY" in o for o in spring["orders"]["ITALY"])
    assert "SPY PAR - BUR" in spring["orders"]["FRANCE"]
    assert all(set(line["written"]) <= {"FRANCE"} for line in lines)
    assert "ITALY" not in json.dumps([line.get("spies") for line in lines])
    mine = await export_for(lookups, info, Caller(italy, GUILD))
    assert mine[0]["spies"] == {"ITALY": ["MAR"]}


async def test_issue33_the_spy_seed_is_exported_once_the_placements_are_played(
    service, tmp_path: Path
) -> None:
    """The seed of Y2's draw says where every spy not placed starts: left out of the
    export while Winter 1900 is in play (the GM may export at any time, and a player
    after the end), written afterwards so the placement replays identically."""
    info = await started_game(service, settings=GameSettings(variant=VariantName.SPY))
    settings = await service.lobby.game_settings(info.id)
    gm = Caller(GM, GUILD)
    await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "Spy Mar B", SOON, game_id=info.id
    )
    assert await export_for(GameLookups(service), info, gm) == []  # nothing played yet
    before = exported_game(settings, Phase.parse("W1900A"), ended=False)
    assert "spy_seed" not in before["options"]
    await Scheduler(service).tick((await service.lobby.game_info(info.id)).deadline_at)
    lines = await export_for(GameLookups(service), info, gm)
    (winter,) = lines
    assert winter["phase"] == "W1900A"
    assert winter["options"]["spy_seed"] == settings.rules.spy_seed
    assert_export_replays(lines, tmp_path / "placements.jsonl")  # six drawn, one chosen
