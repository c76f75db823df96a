from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.kernel import Caller, GameStatus, NotAllowed, NotFound, WrongState
from storage.codec import position_from_json
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, outbox, owner, started_game, texts


async def test_every_gm_action_is_refused_to_a_player(service):
    info = await started_game(service)
    player = owner(info, "FRANCE")
    later = T0 + timedelta(days=9)
    calls = [
        service.gm.gm_adjudicate_now(info.id, Caller(player, GUILD), T0),
        service.gm.gm_set_deadline(info.id, Caller(player, GUILD), later, T0),
        service.gm.gm_pause(info.id, Caller(player, GUILD), T0),
        service.gm.gm_resume(info.id, Caller(player, GUILD), T0),
        service.gm.gm_replace_player(info.id, Caller(player, GUILD), "ITALY", 5555, T0),
        service.gm.gm_call_standby(info.id, Caller(player, GUILD), "ITALY", 5555, T0),
        service.gm.gm_civil_disorder(info.id, Caller(player, GUILD), "ITALY", T0),
        service.gm.gm_kick(info.id, Caller(player, GUILD), owner(info, "ITALY"), T0),
        service.gm.gm_rollback(info.id, Caller(player, GUILD), "S1901M", T0),
        service.endings.gm_end_game(info.id, Caller(player, GUILD), T0, draw=True),
        service.gm.gm_all_orders(info.id, Caller(player, GUILD)),
    ]
    for call in calls:
        with pytest.raises(NotAllowed):
            await call
    assert await service.history.audit_log(info.id) == ()


async def test_pause_and_resume_shift_the_deadline_and_are_audited(service):
    info = await started_game(service)
    scheduler = Scheduler(service)
    await service.gm.gm_pause(info.id, Caller(GM, GUILD), T0 + timedelta(days=1))
    # Paused: the deadline passes without adjudication.
    assert (await scheduler.tick(info.deadline_at + timedelta(days=1))).adjudicated == ()
    new = await service.gm.gm_resume(info.id, Caller(GM, GUILD), T0 + timedelta(days=3))
    assert new == info.deadline_at + timedelta(days=2)
    assert [a[1] for a in await service.history.audit_log(info.id)] == ["pause", "resume"]


async def test_set_deadline_adjudicate_now_and_rollback(service):
    info = await started_game(service)
    shorter = T0 + timedelta(hours=5)
    await service.gm.gm_set_deadline(info.id, Caller(GM, GUILD), shorter, T0 + timedelta(hours=1))
    assert (await service.lobby.game_info(info.id)).deadline_at == shorter
    await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "A PAR - BUR", T0 + timedelta(hours=2)
    )
    result = await service.gm.gm_adjudicate_now(info.id, Caller(GM, GUILD), T0 + timedelta(hours=3))
    assert result.phase.code == "S1901M" and result.next_phase.code == "F1901M"
    await service.gm.gm_adjudicate_now(info.id, Caller(GM, GUILD), T0 + timedelta(hours=4))
    code = await service.gm.gm_rollback(
        info.id, Caller(GM, GUILD), "S1901M", T0 + timedelta(hours=5)
    )
    assert code == "S1901M"
    game = await service.lobby.game_info(info.id)
    assert game.phase.code == "S1901M" and game.status is GameStatus.ACTIVE
    live = await service.history.phase_records(info.id)
    everything = await service.history.phase_records(info.id, include_rolled_back=True)
    assert [r.phase.code for r in live] == ["S1901M"] and live[0].outcomes is None
    assert len(everything) >= 3 and sum(r.rolled_back for r in everything) >= 2
    # The rolled-back phase keeps its orders in the record.
    first = next(r for r in everything if r.rolled_back and r.phase.code == "S1901M")
    assert first.orders["FRANCE"][0]["unit"] == "A PAR"
    actions = [a[1] for a in await service.history.audit_log(info.id)]
    assert actions == ["set_deadline", "adjudicate", "adjudicate", "rollback"]


async def test_replace_standby_civil_disorder_and_kick(service):
    info = await started_game(service)
    italy = owner(info, "ITALY")
    await service.gm.gm_replace_player(info.id, Caller(GM, GUILD), "ITALY", 7777, T0)
    game = await service.lobby.game_info(info.id)
    assert owner(game, "ITALY") == 7777 and italy not in game.players
    await service.gm.gm_civil_disorder(info.id, Caller(GM, GUILD), "ITALY", T0)
    cd = next(p for p in (await service.lobby.game_info(info.id)).powers if p.power == "ITALY")
    assert cd.civil_disorder and cd.user_id is None
    turkey = owner(info, "TURKEY")
    await service.gm.gm_kick(info.id, Caller(GM, GUILD), turkey, T0)
    assert owner(await service.lobby.game_info(info.id), "TURKEY") is None
    events = [e.kind for e in await outbox(service)]
    assert EventKind.PLAYER_REPLACED in events and EventKind.CIVIL_DISORDER in events


async def test_standby_takes_over_when_the_owner_misses_again(service):
    info = await started_game(service)
    scheduler = Scheduler(service)
    await scheduler.tick(info.deadline_at)  # everyone NMR in S1901M
    game = await service.lobby.game_info(info.id)
    russia = owner(info, "RUSSIA")
    await service.gm.gm_call_standby(
        info.id, Caller(GM, GUILD), "RUSSIA", 8888, game.deadline_at - timedelta(days=1)
    )
    await service.orders.submit_orders(
        Caller(8888), "A WAR - GAL", game.deadline_at - timedelta(hours=1)
    )
    await scheduler.tick(game.deadline_at)
    after = await service.lobby.game_info(info.id)
    assert owner(after, "RUSSIA") == 8888 and russia != 8888
    records = {r.phase.code: r for r in await service.history.phase_records(info.id)}
    orders = records["F1901M"].orders["RUSSIA"]
    assert [o["unit"] for o in orders] == ["A WAR"]
    russian = {str(u) for u in position_from_json(records["S1902M"].position).units_of("RUSSIA")}
    assert "A GAL" in russian  # the standby's order was played


async def test_gm_sees_all_orders_and_ends_the_game_with_scores(service):
    info = await started_game(service)
    await service.orders.submit_orders(Caller(owner(info, "ENGLAND")), "F LON - NTH", T0)
    table = await service.gm.gm_all_orders(info.id, Caller(GM, GUILD), now=T0)
    given = {row.power: texts(row.orders) for row in table if row.orders}
    assert given == {"ENGLAND": ("F LON - NTH",)}
    assert (await service.history.audit_log(info.id))[-1][1:] == (
        "view_orders",
        {"phase": "S1901M"},
    )
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), T0, draw=True)
    game = await service.lobby.game_info(info.id)
    assert game.status is GameStatus.ENDED and len(game.winners) == 7
    # A seven-way draw in 1901: 2 − 0.25 each (rules/004).
    assert {p.score for p in game.powers} == {1.75}
    assert await service.ratings.rating(1, owner(info, "ENGLAND")) == 1.75
    with pytest.raises(WrongState):
        await service.orders.submit_orders(
            Caller(owner(info, "ENGLAND")), "F LON H", T0, game_id=info.id
        )
    with pytest.raises(NotFound):  # no running game left for this player
        await service.orders.submit_orders(Caller(owner(info, "ENGLAND")), "F LON H", T0)
