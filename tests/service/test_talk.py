"""Private threads as the service keeps them: who belongs in each thread follows who
plays its powers, member by member, without asking Discord (issues 9 and 19)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.kernel import Caller, GameSettings, NotAllowed, Press, WrongState
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, outbox, owner, started_game

NOW = T0 + timedelta(hours=1)
GM_HERE = Caller(GM, GUILD)
THREAD = 987_654_321


async def opened(service, settings=None):
    """England opens a thread with France; Discord has both of them in it."""
    info = await started_game(service, settings=settings)
    england = owner(info, "ENGLAND")
    plan = await service.talk.plan_talk(Caller(england, GUILD), info.id, ["FRANCE"])
    assert plan.thread_id is None and plan.name == "England–France"
    await service.talk.record_talk_thread(info.id, THREAD, plan.powers, NOW)
    for member in await service.talk.thread_members(THREAD):
        await service.talk.mark_thread_member(THREAD, member.user_id, True, NOW)
    return info


def members(rows) -> dict[int, tuple[bool, bool]]:
    return {m.user_id: (m.wanted, m.on_discord) for m in rows}


async def test_a_thread_holds_the_players_of_its_powers(service):
    info = await opened(service)
    england, france = owner(info, "ENGLAND"), owner(info, "FRANCE")
    assert members(await service.talk.thread_members(THREAD)) == {
        england: (True, True),
        france: (True, True),
    }
    again = await service.talk.plan_talk(Caller(france, GUILD), info.id, ["ENGLAND"])
    assert again.thread_id == THREAD  # the same powers: the same thread


async def test_a_replacement_takes_the_old_players_place_in_every_thread(service):
    info = await opened(service)
    france = owner(info, "FRANCE")
    await service.gm.gm_replace_player(info.id, GM_HERE, "FRANCE", 7777, NOW)
    rows = members(await service.talk.thread_members(THREAD))
    assert rows[france] == (False, True) and rows[7777] == (True, False)
    assert await service.talk.threads_out_of_step(info.id) == (THREAD,)
    assert [e.kind for e in await outbox(service)].count(EventKind.THREADS_SYNC) == 1
    # The Discord layer reports each step; then the thread is in step.
    await service.talk.mark_thread_member(THREAD, 7777, True, NOW)
    await service.talk.mark_thread_member(THREAD, france, False, NOW)
    assert await service.talk.threads_out_of_step(info.id) == ()


@pytest.mark.parametrize("how", ["kick", "civil_disorder"])
async def test_a_player_who_loses_the_power_leaves_its_threads(service, how):
    info = await opened(service)
    france = owner(info, "FRANCE")
    if how == "kick":
        await service.gm.gm_kick(info.id, GM_HERE, france, NOW)
    else:
        await service.gm.gm_civil_disorder(info.id, GM_HERE, "FRANCE", NOW)
    assert members(await service.talk.thread_members(THREAD))[france] == (False, True)


async def test_a_standby_who_takes_over_joins_the_threads(service):
    info = await opened(service)
    france = owner(info, "FRANCE")
    await service.gm.gm_call_standby(info.id, GM_HERE, "FRANCE", 8888, NOW)
    await service.orders.submit_orders(Caller(8888), "A PAR - BUR", NOW, info.id)
    await Scheduler(service).tick(info.deadline_at)
    rows = members(await service.talk.thread_members(THREAD))
    assert rows[france] == (False, True) and rows[8888] == (True, False)


async def test_the_gm_is_copied_when_the_game_says_so(service):
    await opened(service, GameSettings(copy_gm_on_press=True))
    assert members(await service.talk.thread_members(THREAD))[GM] == (True, True)


async def test_a_member_who_left_the_server_is_given_up_on_not_retried(service):
    info = await opened(service)
    await service.gm.gm_replace_player(info.id, GM_HERE, "FRANCE", 7777, NOW)
    await service.talk.mark_thread_member(THREAD, 7777, False, NOW, error="not in the server")
    assert 7777 not in {m.user_id for m in await service.talk.thread_members(THREAD) if m.wanted}


async def test_talk_is_refused_without_private_press_and_to_outsiders(service):
    info = await started_game(service, settings=GameSettings(press=Press.PUBLIC_ONLY))
    with pytest.raises(NotAllowed, match="no private press"):
        await service.talk.plan_talk(Caller(owner(info, "ENGLAND"), GUILD), info.id, ["FRANCE"])
    other = await started_game(service, channel=99)
    with pytest.raises(NotAllowed, match="Only the players"):
        await service.talk.plan_talk(Caller(424242, GUILD), other.id, ["FRANCE"])
    with pytest.raises(WrongState, match="other than your own"):
        await service.talk.plan_talk(Caller(owner(other, "FRANCE"), GUILD), other.id, ["FRANCE"])


async def test_press_is_signed_by_the_senders_powers(service):
    """`/press` (cogs/diplomacy.py) posts what the service allows, signed as it says."""
    info = await started_game(service, settings=GameSettings(press=Press.PUBLIC_ONLY))
    italy = owner(info, "ITALY")
    plan = await service.talk.plan_press(Caller(italy, GUILD), info.id, anonymous=False)
    assert (plan.channel_id, plan.signed_by) == (info.channel_id, ("ITALY",))


async def test_press_is_refused_to_outsiders_in_gunboat_and_unsigned_unless_allowed(service):
    info = await started_game(service)
    italy = Caller(owner(info, "ITALY"), GUILD)
    with pytest.raises(NotAllowed, match="does not allow anonymous press"):
        await service.talk.plan_press(italy, info.id, anonymous=True)
    with pytest.raises(NotAllowed, match="Only the players"):
        await service.talk.plan_press(Caller(424242, GUILD), info.id, anonymous=False)
    gunboat = await started_game(service, channel=99, settings=GameSettings(press=Press.NONE))
    with pytest.raises(NotAllowed, match="played without press"):
        await service.talk.plan_press(Caller(owner(gunboat, "ITALY"), GUILD), gunboat.id, False)
    allowed = await started_game(service, channel=98, settings=GameSettings(anonymous_press=True))
    plan = await service.talk.plan_press(Caller(owner(allowed, "ITALY"), GUILD), allowed.id, True)
    assert plan.signed_by == ()


async def test_press_waits_for_the_game_to_be_under_way(service):
    lobby = await service.lobby.create_game(GUILD, 97, GM, "Not yet", T0)
    with pytest.raises(WrongState, match="not under way"):
        await service.talk.plan_press(Caller(GM, GUILD), lobby.id, anonymous=False)
