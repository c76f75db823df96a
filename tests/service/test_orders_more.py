from __future__ import annotations

from datetime import timedelta

from adjudication.model.position import Position
from adjudication.model.units import Phase, PhaseKind, Season, Unit
from adjudication.variants import STANDARD_GAME
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, LineStatus
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, force_position, owner, started_game, texts

NOW = T0 + timedelta(hours=1)


async def test_a_player_with_two_powers_orders_both_in_one_message(service):
    info = await started_game(service, PLAYERS[:4])
    user = owner(info, "AUSTRIA")
    assert owner(info, "FRANCE") == user  # rules/000 §14.2: Austria/France
    result = await service.orders.submit_orders(
        Caller(user), "A VIE - GAL\nA PAR - BUR\nF LON - NTH", NOW
    )
    assert [line.power for line in result.lines[:2]] == ["AUSTRIA", "FRANCE"]
    assert result.lines[2].status is LineStatus.REJECTED  # England is not his
    assert texts(result.orders) == ("A PAR - BUR", "A VIE - GAL")
    assert set(result.powers) == {"AUSTRIA", "FRANCE"}


def winter_with_a_build_for_france() -> Position:
    start = Position.initial(STANDARD_GAME)
    units = tuple(u for u in start.units if u.power != "FRANCE")
    ownership = dict(start.ownership) | {"SPA": "FRANCE", "POR": "FRANCE"}
    return Position(Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT), units, ownership)


async def test_builds_beyond_the_allowance_are_refused_and_the_phase_ends_early(service):
    info = await started_game(service)
    position = winter_with_a_build_for_france()
    assert position.adjustment_of("FRANCE") == 5  # and room for three builds
    await force_position(service, info.id, position)
    france = owner(info, "FRANCE")
    first = await service.orders.submit_orders(Caller(france), "A PAR B", NOW)
    assert [line.status for line in first.lines] == [LineStatus.ACCEPTED]
    game = await service.lobby.game_info(info.id)
    assert [p.power for p in game.powers if p.owes_orders] == ["FRANCE"]
    assert game.deadline_at > NOW  # incomplete orders do not end the phase
    more = await service.orders.submit_orders(
        Caller(france), "F BRE B\nWAIVE\nWAIVE\nWAIVE\nWAIVE", NOW
    )
    assert [line.status for line in more.lines] == [LineStatus.ACCEPTED] * 4 + [LineStatus.REJECTED]
    assert "only 5" in more.lines[4].message
    # Two builds and three waives use all five: France, the only power concerned,
    # is done, and the phase ends at once (rules/004 rule 3).
    assert (await service.lobby.game_info(info.id)).deadline_at == NOW
    report = await Scheduler(service).tick(NOW)
    assert [r.phase.code for r in report.adjudicated] == ["W1901A"]
    records = await service.history.phase_records(info.id)
    from storage.codec import position_from_json

    built = position_from_json(records[-1].position)
    assert Unit.parse("FRANCE", "A PAR") in built.units
    assert built.phase.code == "S1902M"
    assert "Adjustments for 1901" in records[-2].report


async def test_the_standbys_orders_are_dropped_when_the_owner_does_send(service):
    info = await started_game(service)
    scheduler = Scheduler(service)
    await scheduler.tick(info.deadline_at)
    game = await service.lobby.game_info(info.id)
    at = game.deadline_at - timedelta(hours=1)
    await service.gm.gm_call_standby(info.id, Caller(GM, GUILD), "RUSSIA", 8888, at)
    await service.orders.submit_orders(Caller(8888), "A WAR - GAL", at)
    await service.orders.submit_orders(Caller(owner(info, "RUSSIA")), "A MOS - UKR", at)
    await scheduler.tick(game.deadline_at)
    after = await service.lobby.game_info(info.id)
    assert owner(after, "RUSSIA") == owner(info, "RUSSIA")
    played = next(
        r for r in await service.history.phase_records(info.id) if r.phase.code == "F1901M"
    )
    assert [o["unit"] for o in played.orders["RUSSIA"]] == ["A MOS"]


async def test_a_proxy_does_not_save_the_owner_from_nmr(service):
    # rules/004 rule 10's "after two seasons", so that one missed phase leaves the
    # proxy in force (civil disorder would end it).
    info = await started_game(service, settings=GameSettings(civil_disorder_after=2))
    germany, austria = owner(info, "GERMANY"), owner(info, "AUSTRIA")
    await service.orders.grant_proxy(Caller(germany), austria, NOW)
    await service.orders.submit_orders(Caller(austria), "A MUN - RUH", NOW, game_id=info.id)
    await Scheduler(service).tick(info.deadline_at)
    game = await service.lobby.game_info(info.id)
    missed = {p.power: p.missed_phases for p in game.powers}
    assert missed["GERMANY"] == 1 and missed["AUSTRIA"] == 1
    assert (await service.history.phase_records(info.id))[0].orders["GERMANY"][0]["unit"] == "A MUN"
    assert await service.orders.revoke_proxies(Caller(germany), NOW, game_id=info.id) == 1
    later = game.deadline_at - timedelta(hours=1)
    refused = await service.orders.submit_orders(
        Caller(austria), "A RUH - BUR", later, game_id=info.id
    )
    assert refused.lines[0].status is LineStatus.REJECTED  # Germany's unit, no proxy now
