from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import GameService
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, Engine, GameSettings
from storage.codec import position_from_json
from tests.conftest import T0
from tests.service.conftest import outbox, owner, started_game


async def results_events(service):
    events = await outbox(service)
    return [e for e in events if e.kind is EventKind.RESULTS]


async def test_deadline_adjudicates_exactly_once(service):
    info = await started_game(service)
    await service.orders.submit_orders(
        Caller(owner(info, "FRANCE")), "A PAR - BUR", T0 + timedelta(hours=1)
    )
    scheduler = Scheduler(service)
    early = await scheduler.tick(info.deadline_at - timedelta(seconds=1))
    assert early.adjudicated == ()
    report = await scheduler.tick(info.deadline_at)
    assert [(r.phase.code, r.next_phase.code) for r in report.adjudicated] == [("S1901M", "F1901M")]
    again = await scheduler.tick(info.deadline_at)
    assert again.adjudicated == ()
    records = await service.history.phase_records(info.id)
    assert [r.phase.code for r in records] == ["S1901M", "F1901M"]
    france = {str(u) for u in position_from_json(records[1].position).units_of("FRANCE")}
    assert "A BUR" in france
    assert len(await results_events(service)) == 1
    # Unordered powers were marked NMR, France was not.
    after = await service.lobby.game_info(info.id)
    missed = {p.power: p.missed_phases for p in after.powers}
    assert missed["FRANCE"] == 0 and missed["ENGLAND"] == 1
    assert after.deadline_at == info.deadline_at + timedelta(days=4)


async def test_failure_half_way_leaves_the_phase_untouched(db_url):
    from bot.service import open_service

    failures = {"next_phase_written": 1}

    def checkpoint(name: str) -> None:
        if failures.get(name):
            failures[name] -= 1
            raise RuntimeError(f"injected failure at {name}")

    service = await open_service(db_url, checkpoint=checkpoint)
    try:
        info = await started_game(service)
        await service.orders.submit_orders(Caller(owner(info, "GERMANY")), "A MUN - RUH", T0)
        before = await service.history.phase_records(info.id)
        events_before = await outbox(service)
        scheduler = Scheduler(service)
        failed = await scheduler.tick(info.deadline_at)
        assert failed.adjudicated == () and failed.errors
        assert failed.errors[0][0] == info.id and "injected" in failed.errors[0][1]
        assert await service.history.phase_records(info.id) == before
        assert await outbox(service) == events_before
        assert (await service.lobby.game_info(info.id)).phase.code == "S1901M"
        assert (await service.lobby.game_info(info.id)).powers == (
            await service.lobby.game_info(info.id)
        ).powers
        ok = await scheduler.tick(info.deadline_at + timedelta(seconds=5))
        assert [r.phase.code for r in ok.adjudicated] == ["S1901M"]
        records = await service.history.phase_records(info.id)
        assert records[0].outcomes is not None
        assert "A RUH" in {str(u) for u in position_from_json(records[1].position).units}
    finally:
        await service.store.db.dispose()


async def test_civil_disorder_after_missed_phases_and_return(service):
    settings = GameSettings(civil_disorder_after=2)
    info = await started_game(service, settings=settings)
    scheduler = Scheduler(service)
    now = info.deadline_at
    await scheduler.tick(now)  # S1901M: everyone NMR
    game = await service.lobby.game_info(info.id)
    await scheduler.tick(game.deadline_at)  # F1901M (or retreats)
    game = await service.lobby.game_info(info.id)
    cd = {p.power: p.civil_disorder for p in game.powers}
    assert all(cd.values())
    events = await outbox(service)
    # Told in the results post (issue 22: one post a phase) and to each player by DM,
    # the players put in civil disorder privately first.
    results = [encode(e.payload) for e in events if e.kind is EventKind.RESULTS]
    assert sum(len(p.get("civil_disorder", ())) for p in results) == 7
    assert sum(len(p.get("nmr", ())) for p in results) == 14
    news = [e for e in events if e.kind is EventKind.PHASE_NEWS and e.payload.civil_disorder]
    assert len(news) == 7
    last_results = max(e.id for e in events if e.kind is EventKind.RESULTS)
    assert all(e.id < last_results for e in news)
    # A player who comes back is out of civil disorder once his orders are played.
    if game.phase.code.endswith("M"):
        austria = owner(info, "AUSTRIA")
        await service.orders.submit_orders(
            Caller(austria), "A VIE H", game.deadline_at - timedelta(hours=1)
        )
        await scheduler.tick(game.deadline_at)
        back = {p.power: p for p in (await service.lobby.game_info(info.id)).powers}
        assert not back["AUSTRIA"].civil_disorder and back["AUSTRIA"].missed_phases == 0
        assert back["ENGLAND"].civil_disorder


async def play(service, info, orders: dict[str, str], at):
    for power, text in orders.items():
        result = await service.orders.submit_orders(
            Caller(owner(info, power)), text, at, game_id=info.id
        )
        assert all(line.status.value != "rejected" for line in result.lines), result.lines


async def test_retreat_phase_ends_as_soon_as_everyone_concerned_has_submitted(service):
    info = await started_game(service)
    scheduler = Scheduler(service)
    await play(service, info, {"AUSTRIA": "A VIE - TYR\nF TRI H"}, T0)
    await scheduler.tick(info.deadline_at)
    fall = await service.lobby.game_info(info.id)
    assert fall.phase.code == "F1901M"
    at = fall.deadline_at - timedelta(hours=2)
    await play(
        service, info, {"AUSTRIA": "A TYR - VEN\nF TRI S A TYR - VEN", "ITALY": "A VEN H"}, at
    )
    await scheduler.tick(fall.deadline_at)
    retreat = await service.lobby.game_info(info.id)
    assert retreat.phase.code == "F1901R"
    concerned = [p.power for p in retreat.powers if p.owes_orders]
    assert concerned == ["ITALY"]
    # Every player is told their results by DM; Italy's tells it to retreat.
    news = [
        e
        for e in await outbox(service)
        if e.kind is EventKind.PHASE_NEWS and encode(e.payload)["next_phase_id"] == retreat.phase_id
    ]
    assert sorted(e.user_id for e in news) == sorted({p.user_id for p in info.powers})
    t = fall.deadline_at + timedelta(minutes=5)
    await service.orders.submit_orders(Caller(owner(info, "ITALY")), "A VEN R PIE", t)
    assert (await service.lobby.game_info(info.id)).deadline_at == t
    done = await scheduler.tick(t)
    assert [r.phase.code for r in done.adjudicated] == ["F1901R"]
    units = {
        str(u)
        for u in position_from_json(
            (await service.history.phase_records(info.id))[-1].position
        ).units
    }
    assert "A PIE" in units and "A VEN" in units


async def test_movement_ends_early_when_all_are_ready(service):
    info = await started_game(service)
    t = T0 + timedelta(hours=3)
    for p in info.powers[:-1]:
        assert (await service.orders.set_ready(Caller(p.user_id), t)).ends_phase is False
    assert (await service.orders.set_ready(Caller(info.powers[-1].user_id), t)).ends_phase is True
    assert (await service.lobby.game_info(info.id)).deadline_at == t


async def test_reminders_go_once_and_only_to_those_who_owe_orders(service):
    settings = GameSettings(reminder_minutes=(60,))
    info = await started_game(service, settings=settings)
    france, italy = owner(info, "FRANCE"), owner(info, "ITALY")
    await service.orders.submit_orders(Caller(france), "A PAR H\nA MAR H\nF BRE H", T0)
    # Italy ordered one unit of three: it is reminded of the other two (issue 22).
    await service.orders.submit_orders(Caller(italy), "A ROM H", T0)
    scheduler = Scheduler(service)
    due = info.deadline_at - timedelta(minutes=60)
    assert (await scheduler.tick(due - timedelta(seconds=1))).reminders_sent == 0
    assert (await scheduler.tick(due)).reminders_sent == 6
    assert (await scheduler.tick(due + timedelta(minutes=1))).reminders_sent == 0
    reminders = [e for e in await outbox(service) if e.kind is EventKind.REMINDER]
    reminded = {e.user_id for e in reminders}
    assert france not in reminded and len(reminded) == 6
    (to_italy,) = [e for e in reminders if e.user_id == italy]
    assert sorted(encode(to_italy.payload)["unordered"]) == ["A VEN", "F NAP"]


async def reminder_rows(service, game_id):
    from sqlalchemy import select

    from storage.models import ReminderRow

    async with service.store.transaction() as session:
        rows = await session.execute(
            select(ReminderRow).where(ReminderRow.game_id == game_id).order_by(ReminderRow.due_at)
        )
        return [(r.due_at, r.sent_at is not None, r.skipped) for r in rows.scalars().all()]


async def test_reminders_due_in_the_same_tick_send_only_the_latest(service):
    settings = GameSettings(reminder_minutes=(24 * 60, 60))
    steady = await started_game(service, settings=settings)
    scheduler = Scheduler(service)
    day_before, hour_before = (steady.deadline_at - timedelta(minutes=m) for m in (24 * 60, 60))
    # A scheduler that ticks at each reminder's time sends both.
    assert (await scheduler.tick(day_before)).reminders_sent == 7
    assert (await scheduler.tick(hour_before)).reminders_sent == 7
    assert await reminder_rows(service, steady.id) == [
        (day_before, True, False),
        (hour_before, True, False),
    ]

    # A game whose scheduler did not tick between its two reminder times (the bot was
    # down, or the clock jumped): only the latest reminder goes; the earlier is skipped.
    jumped = await started_game(service, settings=settings, channel=11)
    late = hour_before + timedelta(minutes=20)
    assert (await scheduler.tick(late)).reminders_sent == 7
    assert (await scheduler.tick(late + timedelta(minutes=1))).reminders_sent == 0
    assert await reminder_rows(service, jumped.id) == [
        (day_before, True, True),
        (hour_before, True, False),
    ]
    reminded = [e for e in await outbox(service) if e.kind is EventKind.REMINDER]
    assert [e.game_id for e in reminded].count(jumped.id) == 7
    assert len(reminded) == 7 + 7 + 7


async def test_deadlines_missed_while_down_are_processed_at_once(service, migrated_db_url):
    info = await started_game(service)
    await service.store.db.dispose()
    from bot.service import open_service

    restarted = await open_service(migrated_db_url)
    try:
        late = info.deadline_at + timedelta(days=3)
        report = await Scheduler(restarted).tick(late)
        assert [r.phase.code for r in report.adjudicated] == ["S1901M"]
    finally:
        await restarted.store.db.dispose()


async def test_engine_is_replaceable(db_url):
    """The service takes its engine functions as a value; a broken parser is reported."""

    def broken(*_args):
        raise ValueError("parser exploded")

    from bot.service import open_service

    service: GameService = await open_service(db_url, rules_engine=Engine(parse_orders=broken))
    try:
        info = await started_game(service)
        with pytest.raises(ValueError, match="exploded"):
            await service.orders.submit_orders(Caller(owner(info, "FRANCE")), "A PAR H", T0)
        assert (await service.history.phase_records(info.id))[0].orders == {}
    finally:
        await service.store.db.dispose()


async def test_stalemate_rule_ends_the_game_after_identical_winters(service):
    from adjudication.model.rules import Rules

    settings = GameSettings(rules=Rules(stalemate_winters=3))
    info = await started_game(service, settings=settings)
    scheduler = Scheduler(service)
    played = []
    for _ in range(10):
        game = await service.lobby.game_info(info.id)
        if game.status.value != "active":
            break
        played += [r.phase.code for r in (await scheduler.tick(game.deadline_at)).adjudicated]
    # Nobody moves: ownership after Fall 1901, 1902 and 1903 is the same (rules/004 rule 6).
    assert played == ["S1901M", "F1901M", "S1902M", "F1902M", "S1903M", "F1903M"]
    game = await service.lobby.game_info(info.id)
    assert game.end_kind == "stalemate" and len(game.winners) == 7
    ended = [e for e in await outbox(service) if e.kind is EventKind.GAME_ENDED]
    posts = [e for e in ended if e.user_id is None]
    assert len(posts) == 1 and encode(posts[0].payload)["kind"] == "stalemate"
    # ...and each player is told by DM, once.
    assert sorted(e.user_id for e in ended if e.user_id) == sorted({p.user_id for p in info.powers})
