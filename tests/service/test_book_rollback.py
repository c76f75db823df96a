"""`/gm rollback` by the book: every power's state as it was when the target phase began
(missed phases, civil disorder, who plays it, eliminations, proxies), the private
threads following who plays, the rolled-back plays still readable, and the players told
that their orders for the replayed phase must be sent again."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.events.payloads import PlayerReplaced
from bot.service.kernel import Caller, GameSettings, WrongState
from bot.service.records import GameLookups
from tests.service.book import play_until, position
from tests.service.conftest import GM, GUILD, force_position, outbox, owner, started_game, texts

GM_HERE = Caller(GM, GUILD)
THREAD = 555_000_111


def power(info, name):
    return next(p for p in info.powers if p.power == name)


async def rollback(service, game_id: int, code: str, **kwargs) -> str:
    info = await service.lobby.game_info(game_id)
    return await service.gm.gm_rollback(
        game_id, GM_HERE, code, info.deadline_at - timedelta(hours=1), **kwargs
    )


async def test_missed_phases_and_civil_disorder_are_those_of_the_target_phase(service):
    """Everyone misses Spring and Fall 1901 and falls into civil disorder (rules/004's
    two seasons); back at the start of Spring 1901 nobody has missed anything."""
    info = await started_game(service, settings=GameSettings(civil_disorder_after=2))
    await play_until(service, info.id, "S1902M")
    before = await service.lobby.game_info(info.id)
    assert all(p.civil_disorder and p.missed_phases == 2 for p in before.powers)
    assert await rollback(service, info.id, "S1901M") == "S1901M"
    after = await service.lobby.game_info(info.id)
    assert after.phase.code == "S1901M"
    assert all(not p.civil_disorder and p.missed_phases == 0 for p in after.powers)
    # Back to the start of Fall 1901: one phase missed, not yet in civil disorder.
    await play_until(service, info.id, "F1901M")
    await play_until(service, info.id, "S1902M")
    await rollback(service, info.id, "F1901M")
    fall = await service.lobby.game_info(info.id)
    assert all(not p.civil_disorder and p.missed_phases == 1 for p in fall.powers)


async def _standby_takes_russia_in_fall(service):
    """Russia's player misses Spring 1901; the GM calls a standby, who orders in Fall
    1901 while the player misses again: the standby takes Russia over when the Fall is
    played. England and Russia have a private thread."""
    info = await started_game(service, settings=GameSettings(civil_disorder_after=2))
    russia, england = owner(info, "RUSSIA"), owner(info, "ENGLAND")
    plan = await service.talk.plan_talk(Caller(england, GUILD), info.id, ["RUSSIA"])
    await service.talk.record_talk_thread(info.id, THREAD, plan.powers, info.deadline_at)
    for member in await service.talk.thread_members(THREAD):
        await service.talk.mark_thread_member(THREAD, member.user_id, True, info.deadline_at)
    fall = await play_until(service, info.id, "F1901M")
    when = fall.deadline_at - timedelta(hours=2)
    await service.gm.gm_call_standby(info.id, GM_HERE, "RUSSIA", 8888, when)
    await service.orders.submit_orders(Caller(8888), "A War - Gal", when)
    after = await play_until(service, info.id, "S1902M")
    assert power(after, "RUSSIA").user_id == 8888
    return info, russia


async def test_a_standby_takeover_after_the_target_is_undone_and_the_threads_follow(service):
    info, russia = await _standby_takes_russia_in_fall(service)
    plan = await service.gm.gm_rollback_plan(info.id, GM_HERE, "F1901M")
    assert plan.phase.code == "F1901M" and plan.phase.title == "Fall 1901"
    assert [(c.power, c.then, c.now) for c in plan.changes] == [("RUSSIA", russia, 8888)]
    mark = len(await outbox(service))
    await rollback(service, info.id, "F1901M")
    back = await service.lobby.game_info(info.id)
    # Who plays Russia and who stands by for it, as when Fall 1901 began.
    assert power(back, "RUSSIA").user_id == russia
    assert power(back, "RUSSIA").standby_user_id is None
    members = {m.user_id: m.wanted for m in await service.talk.thread_members(THREAD)}
    assert members[russia] is True and members[8888] is False
    events = (await outbox(service))[mark:]
    assert EventKind.THREADS_SYNC in [e.kind for e in events]
    told = [e.payload for e in events if e.kind is EventKind.PLAYER_REPLACED]
    assert told == [PlayerReplaced(power="RUSSIA", old=8888, new=russia)]
    # The player is back: their orders are taken again.
    when = back.deadline_at - timedelta(hours=1)
    result = await service.orders.submit_orders(Caller(russia), "A Mos - Ukr", when)
    assert texts(result.orders) == ("A MOS - UKR",)


async def test_the_gm_may_keep_the_players_of_today(service):
    info, russia = await _standby_takes_russia_in_fall(service)
    await rollback(service, info.id, "F1901M", keep_players=True)
    back = await service.lobby.game_info(info.id)
    assert power(back, "RUSSIA").user_id == 8888
    assert not power(back, "RUSSIA").civil_disorder
    members = {m.user_id: m.wanted for m in await service.talk.thread_members(THREAD)}
    assert members[8888] is True and members[russia] is False


async def test_a_gm_replacement_after_the_target_is_undone(service):
    info = await started_game(service)
    italy = owner(info, "ITALY")
    await play_until(service, info.id, "F1901M")
    at = (await service.lobby.game_info(info.id)).deadline_at - timedelta(hours=3)
    await service.gm.gm_replace_player(info.id, GM_HERE, "ITALY", 7777, at)
    await service.gm.gm_civil_disorder(info.id, GM_HERE, "TURKEY", at)
    await rollback(service, info.id, "F1901M")
    back = await service.lobby.game_info(info.id)
    assert power(back, "ITALY").user_id == italy
    assert power(back, "TURKEY").user_id == owner(info, "TURKEY")
    assert italy in back.players and 7777 not in back.players


# Austria holds Vienna with no unit; Russia walks in during Fall 1901 and has room to
# build, so Winter 1901 is played. Austria is out in Fall 1901.
AUSTRIA_OUT_IN_FALL = position(
    "S1901M",
    {
        "RUSSIA": "A GAL, A MOS",
        "ENGLAND": "F LON, F EDI, A LVP",
        "FRANCE": "A PAR, A MAR, F BRE",
        "GERMANY": "A MUN, A BER, F KIE",
        "ITALY": "A ROM, A VEN, F NAP",
        "TURKEY": "A CON, A SMY, F ANK",
    },
    {
        "AUSTRIA": "VIE",
        "RUSSIA": "MOS WAR SEV STP",
        "ENGLAND": "LON EDI LVP",
        "FRANCE": "PAR MAR BRE",
        "GERMANY": "BER MUN KIE",
        "ITALY": "ROM VEN NAP",
        "TURKEY": "CON SMY ANK",
    },
)


async def test_an_elimination_before_the_target_stays(service):
    """Austria is out in Fall 1901; rolled back to Winter 1901 it is still out, and a
    draw declared then scores it as eliminated, not as a survivor."""
    info = await started_game(service)
    await force_position(service, info.id, AUSTRIA_OUT_IN_FALL)
    await play_until(service, info.id, "S1902M", {"F1901M": {"RUSSIA": "A Gal - Vie"}})
    await rollback(service, info.id, "W1901A")
    at = await service.lobby.game_info(info.id)
    await service.endings.gm_end_game(
        info.id, GM_HERE, at.deadline_at - timedelta(hours=1), draw=True
    )
    end = await service.lobby.game_info(info.id)
    assert "AUSTRIA" not in end.winners and len(end.winners) == 6
    # Last of seven, out in 1901: −1 and no winter counted.
    assert power(end, "AUSTRIA").score == -1.0


async def test_proxies_are_those_in_force_when_the_target_began(service):
    info = await started_game(service, settings=GameSettings(civil_disorder_after=2))
    germany, austria, italy = (owner(info, p) for p in ("GERMANY", "AUSTRIA", "ITALY"))
    t = info.deadline_at - timedelta(days=1)
    await service.orders.grant_proxy(Caller(germany), austria, t, game_id=info.id)
    fall = await play_until(service, info.id, "F1901M")
    t = fall.deadline_at - timedelta(days=1)
    await service.orders.revoke_proxies(Caller(germany), t, game_id=info.id)
    await service.orders.grant_proxy(Caller(germany), italy, t, game_id=info.id)
    mark = len(await outbox(service))
    await rollback(service, info.id, "F1901M")
    back = await service.lobby.game_info(info.id)
    # Austria orders for Germany again; Italy's proxy, given later, has ended.
    when = back.deadline_at - timedelta(hours=1)
    done = await service.orders.submit_orders(Caller(austria), "A Mun - Ruh", when, game_id=info.id)
    assert "A MUN - RUH" in texts(done.orders)
    refused = await service.orders.submit_orders(
        Caller(italy), "A Ber - Sil", when, game_id=info.id
    )
    assert "A BER - SIL" not in texts(refused.orders)
    dms = {
        e.user_id: encode(e.payload)
        for e in (await outbox(service))[mark:]
        if e.kind is EventKind.ROLLED_BACK and e.user_id is not None
    }
    assert dms[austria]["proxies_restored"] == ["GERMANY"]
    assert dms[italy]["proxies_ended"] == ["GERMANY"]


async def test_the_players_who_had_sent_orders_are_told_to_send_them_again(service):
    info = await started_game(service)
    france, england = owner(info, "FRANCE"), owner(info, "ENGLAND")
    await service.orders.submit_orders(
        Caller(france), "A Par - Bur", info.deadline_at - timedelta(hours=1)
    )
    await play_until(service, info.id, "F1901M")
    fall = await service.lobby.game_info(info.id)
    await service.orders.submit_orders(
        Caller(england), "F Lon - Nth", fall.deadline_at - timedelta(hours=1)
    )
    mark = len(await outbox(service))
    await rollback(service, info.id, "S1901M")
    events = (await outbox(service))[mark:]
    channel = [e for e in events if e.kind is EventKind.ROLLED_BACK and e.user_id is None]
    assert len(channel) == 1 and encode(channel[0].payload)["phase"] == "S1901M"
    # What was rolled back, as `/game history phase:` names each play.
    assert encode(channel[0].payload)["rolled_back"] == ["S1901M/1", "F1901M/1"]
    dms = [e for e in events if e.kind is EventKind.ROLLED_BACK and e.user_id is not None]
    # France sent orders for Spring 1901, the phase played again; England only for
    # Fall 1901, which will come again with its own deadline.
    assert [(e.user_id, encode(e.payload)["resend"]) for e in dms] == [(france, ["FRANCE"])]
    again = await service.orders.show_orders(Caller(france), info.id)
    assert texts(again.orders) == ()


async def test_rolled_back_plays_stay_readable(service):
    info = await started_game(service)
    await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "A Par - Bur", info.deadline_at - timedelta(hours=1)
    )
    await play_until(service, info.id, "S1902M")
    await rollback(service, info.id, "S1901M")
    lookups = GameLookups(service, renderer=lambda *args: b"png")
    # Fall 1901 has no live play: its rolled-back one is shown, marked.
    fall = await lookups.find_record(info.id, "F1901M")
    assert fall.rolled_back and fall.report.startswith("Results for Fall 1901")
    picture = await lookups.phase_map(info.id, "F1901M")
    assert picture.title == "Fall 1901 (rolled back)"
    # Spring 1901 is live again (not played yet); its first play is "S1901M/1".
    live = await lookups.find_record(info.id, "S1901M")
    assert not live.rolled_back and live.report is None
    first = await lookups.find_record(info.id, "s1901m/1")
    assert first.rolled_back and "A Par-Bur" in first.report
    assert (await lookups.phase_map(info.id, "S1901M/1")).title == "Spring 1901 (rolled back)"


async def test_a_winter_with_nothing_to_adjust_is_no_place_to_roll_back_to(service):
    info = await started_game(service)
    await play_until(service, info.id, "S1902M")
    with pytest.raises(WrongState, match="nothing to adjust"):
        await rollback(service, info.id, "W1901A")


async def test_scheduler_plays_the_replayed_phase(service):
    info = await started_game(service)
    await play_until(service, info.id, "F1901M")
    await rollback(service, info.id, "S1901M")
    back = await service.lobby.game_info(info.id)
    report = await Scheduler(service).tick(back.deadline_at)
    assert [r.phase.code for r in report.adjudicated] == ["S1901M"]
