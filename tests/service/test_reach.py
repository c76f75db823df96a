"""Whom Discord will not let dipgm reach, as the service keeps it (issue 19): players gone
from a server, closed DMs and the DMs held for them; the GM's status; the games and
phases offered while typing; DMs of orders waiting for a pick. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, NotAllowed
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, outbox, owner, started_game

NOW = T0 + timedelta(hours=1)
GM_HERE = Caller(GM, GUILD)


async def test_a_player_gone_from_the_server_is_marked_once_and_the_gm_told(service):
    info = await started_game(service)
    alice = owner(info, "FRANCE")
    assert await service.reach.player_gone(alice, NOW, guild_id=GUILD) == 1
    assert await service.reach.player_gone(alice, NOW, guild_id=GUILD) == 0  # told once
    assert await service.reach.player_gone(alice, NOW, guild_id=GUILD + 1) == 0  # another server
    told = [e for e in await outbox(service) if e.kind is EventKind.PLAYER_LEFT]
    assert [(e.payload.user, list(e.payload.powers), e.payload.gm) for e in told] == [
        (alice, ["FRANCE"], GM)
    ]
    assert (await service.reach.gm_status(info.id, GM_HERE)).left_server == (alice,)
    assert alice in await service.reach.waiting_users()
    await service.reach.user_seen(alice, GUILD, NOW)
    assert (await service.reach.gm_status(info.id, GM_HERE)).left_server == ()


async def test_someone_holding_no_power_is_not_marked(service):
    info = await started_game(service)
    assert await service.reach.player_gone(GM, NOW) == 0
    assert await service.reach.player_gone(PLAYERS[-1] + 100, NOW) == 0
    assert (await service.reach.gm_status(info.id, GM_HERE)).left_server == ()


async def test_closed_dms_are_told_once_and_held_dms_go_out_when_the_user_returns(service):
    info = await started_game(service)
    bob = owner(info, "ENGLAND")
    assert await service.reach.dms_closed(bob, info.id, NOW)
    assert not await service.reach.dms_closed(bob, info.id, NOW)
    told = [e for e in await outbox(service) if e.kind is EventKind.DMS_CLOSED]
    assert [encode(e.payload)["user"] for e in told] == [bob]
    assert told[0].channel_id == info.channel_id
    assert (await service.reach.gm_status(info.id, GM_HERE)).dms_closed == (bob,)
    # His power's DM is held, not offered again; a reminder is dropped.
    (assigned,) = [
        e for e in await outbox(service) if e.kind is EventKind.POWER_ASSIGNED and e.user_id == bob
    ]
    await service.reach.hold_event(assigned.id, bob, "50007", NOW, keep=True)
    pending = {e.id for e in await service.outbox.pending_events(NOW + timedelta(days=1))}
    assert assigned.id not in pending
    assert bob in await service.reach.waiting_users()
    await service.reach.user_seen(bob, None, NOW)
    assert assigned.id in {
        e.id for e in await service.outbox.pending_events(NOW + timedelta(seconds=1))
    }
    await service.reach.dms_open(bob)
    assert (await service.reach.gm_status(info.id, GM_HERE)).dms_closed == ()
    assert bob not in await service.reach.closed_dm_users()


async def test_gm_status_is_the_gms_alone(service):
    info = await started_game(service)
    with pytest.raises(NotAllowed):
        await service.reach.gm_status(info.id, Caller(owner(info, "FRANCE"), GUILD))
    status = await service.reach.gm_status(info.id, GM_HERE)
    assert status.given_up == () and status.given_up_count == 0 and status.thread_gaps == ()


async def test_games_offered_while_typing_are_the_callers_of_this_server(service):
    info = await started_game(service)
    other = await service.lobby.create_game(GUILD + 1, 99, GM, "Elsewhere", T0)
    player = owner(info, "FRANCE")
    mine = await service.choices.game_choices(Caller(player, GUILD), "")
    assert mine == ((info.id, f"Test game (game {info.id})"),)
    assert await service.choices.game_choices(Caller(player, GUILD + 1), "") == ()
    gm_here = await service.choices.game_choices(Caller(GM, GUILD), "", as_gm=True)
    assert [g for g, _ in gm_here] == [info.id]
    anywhere = await service.choices.game_choices(Caller(GM), "", as_gm=True)
    assert [g for g, _ in anywhere] == [other.id, info.id]
    assert await service.choices.game_choices(Caller(GM), str(other.id), as_gm=True) == (
        (other.id, f"Elsewhere (game {other.id})"),
    )
    stranger = Caller(PLAYERS[-1] + 100, GUILD)
    assert await service.choices.game_choices(stranger, "", as_gm=True) == ()


async def test_a_dm_waiting_for_a_pick_is_taken_once(service):
    await service.pending_orders.keep_pending_orders(7, "A Par H", T0, NOW)
    await service.pending_orders.keep_pending_orders(
        7, "A Par - Bur", T0 + timedelta(minutes=1), NOW
    )
    assert await service.pending_orders.take_pending_orders(7) == (
        "A Par - Bur",
        T0 + timedelta(minutes=1),
    )
    assert await service.pending_orders.take_pending_orders(7) is None
