"""Issue 23, late powers and grace: at the deadline a game with grace waits for the
powers that sent nothing at all, tells the channel who (never what anyone ordered), DMs
each late player then daily, tells the GM, and at the grace's end plays the missing as
no orders."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

import pytest

from adjudication.variants import VARIANTS
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, GameSettings, Schedule
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, outbox, owner, started_game

GRACE = GameSettings(schedule=Schedule(grace_minutes=3 * 24 * 60))
ALL = {"AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"}


async def late_events(service):
    return [e for e in await outbox(service) if e.kind is EventKind.LATE]


async def test_issue23_late_is_no_order_at_all_partial_and_ready_are_not(service):
    info = await started_game(service, settings=GRACE)
    at = T0 + timedelta(hours=1)
    await service.orders.submit_orders(Caller(owner(info, "FRANCE"), GUILD), "A PAR - BUR", at)
    await service.orders.set_ready(Caller(owner(info, "ITALY"), GUILD), at)  # holds, on purpose
    report = await Scheduler(service).tick(info.deadline_at)
    assert report.adjudicated == ()  # the game waits
    after = await service.lobby.game_info(info.id)
    assert after.phase.code == "S1901M"
    assert after.deadline_at == info.deadline_at + timedelta(days=3)
    events = await late_events(service)
    (channel,) = [e for e in events if e.channel_id is not None]
    assert set(encode(channel.payload)["powers"]) == ALL - {"FRANCE", "ITALY"}
    assert "orders" not in encode(channel.payload) and "A PAR" not in str(encode(channel.payload))
    dms = {e.user_id: encode(e.payload) for e in events if e.user_id is not None}
    assert dms[GM]["to"] == "gm"
    late_players = {owner(info, p) for p in ALL - {"FRANCE", "ITALY"}}
    assert {u for u, p in dms.items() if p["to"] == "player"} == late_players
    # Daily reminders during the grace, no more than that.
    async with service.store.transaction() as session:
        from storage import queries

        game = await queries.games.with_phase(session, info.id)
        phase = await service.store.current_phase(session, game)
        assert phase.grace_until == after.deadline_at
    sent = await Scheduler(service).tick(info.deadline_at + timedelta(days=1))
    assert sent.reminders_sent >= 1


async def test_issue23_orders_in_the_grace_are_played_the_missing_as_no_orders(service):
    info = await started_game(service, settings=GRACE)
    scheduler = Scheduler(service)
    await scheduler.tick(info.deadline_at)
    in_grace = info.deadline_at + timedelta(hours=5)
    await service.orders.submit_orders(
        Caller(owner(info, "GERMANY"), GUILD), "A MUN - RUH", in_grace
    )
    end = info.deadline_at + timedelta(days=3)
    assert (await scheduler.tick(end - timedelta(seconds=1))).adjudicated == ()
    report = await scheduler.tick(end)
    assert [r.phase.code for r in report.adjudicated] == ["S1901M"]
    after = await service.lobby.game_info(info.id)
    missed = {p.power: p.missed_phases for p in after.powers}
    assert missed["GERMANY"] == 0 and missed["FRANCE"] == 1
    # The next phase's deadline counts from when it began, and it is not in grace.
    assert after.deadline_at == end + timedelta(days=4)
    assert len([e for e in await late_events(service) if e.channel_id]) == 1


async def test_issue23_grace_is_off_by_default_and_nobody_late_plays_at_once(service):
    info = await started_game(service)
    report = await Scheduler(service).tick(info.deadline_at)
    assert [r.phase.code for r in report.adjudicated] == ["S1901M"]
    assert await late_events(service) == []


async def test_issue23_hidden_information_variant_tells_only_gm_and_player(service, monkeypatch):
    from adjudication.variants import Disclosure

    hidden = replace(VARIANTS["standard"], lateness_told=Disclosure.GM_AND_PLAYER)
    monkeypatch.setitem(VARIANTS, "standard", hidden)
    info = await started_game(service, settings=GRACE)
    await Scheduler(service).tick(info.deadline_at)
    events = await late_events(service)
    assert events and all(e.channel_id is None for e in events)
    assert {encode(e.payload)["to"] for e in events} == {"gm", "player"}


@pytest.mark.parametrize("grace_hours", ["-1", "1441", "soon"])
async def test_issue23_grace_out_of_range_is_refused(service, grace_hours):
    from bot.service.kernel import InvalidSetting

    lobby = await service.lobby.create_game(GUILD, 77, GM, "Lobby", T0)
    with pytest.raises(InvalidSetting, match="0 to 1440"):
        await service.gm.gm_change_setting(
            lobby.id, Caller(GM, GUILD), "grace_hours", grace_hours, T0
        )
