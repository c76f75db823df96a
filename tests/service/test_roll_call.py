"""Issue 31, a roll-call before the first phase: with the setting on, `/game start`
deals the powers and sends each player a DM with an "I'm in" button and the time to
answer (the GM's hours, 24 by default); the game begins when every player has
answered. Those who have not by the time are told privately and go back to standby;
the GM is told who, and gives their places with `/gm replace` (QUEUE: "a player who
joins later as a standby for a dropped player confirms by taking the place") or waits.
`/game status` shows who has answered; one reminder goes to those who have not.

Times are the controlled clock's: every call takes its `now`."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import open_service
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.kernel import (
    Caller,
    GameSettings,
    GameStatus,
    InvalidSetting,
    NotFound,
    PlayerStatus,
    WrongState,
)
from storage import queries
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, outbox, started_game

ROLL_CALL = GameSettings(roll_call=True)  # the GM's hours left at their default, 24
STANDBY = 3000
HOUR = timedelta(hours=1)


def holder(info, power: str) -> int:
    """Who holds `power` at the roll-call (the powers are dealt before it)."""
    assert info.roll_call is not None
    return next(p.user_id for p in info.roll_call.places if power in p.powers)


async def events(service, kind: EventKind) -> list:
    return [e for e in await outbox(service) if e.kind is kind]


async def answer_all_but(service, info, silent: set[int], at) -> None:
    for user in PLAYERS:
        if user not in silent:
            await service.roll_call.answer(info.id, Caller(user), at)


async def test_issue31_the_roll_call_is_off_by_default_and_24_hours_when_on():
    assert GameSettings().roll_call is False
    assert ROLL_CALL.roll_call_hours == 24
    assert "Roll-call before the start: 24 hours to answer" in ROLL_CALL.describe()
    assert "Roll-call before the start: none" in GameSettings().describe()


async def test_issue31_start_deals_the_powers_and_asks_each_player_by_dm(service):
    info = await started_game(service, settings=ROLL_CALL)
    assert info.status is GameStatus.LOBBY and info.phase is None
    assert info.roll_call is not None and info.roll_call.until == T0 + timedelta(hours=24)
    assert sorted(info.roll_call.waiting) == sorted(PLAYERS) and info.roll_call.confirmed == ()
    asked = await events(service, EventKind.ROLL_CALL)
    assert sorted(e.user_id for e in asked) == sorted(PLAYERS)
    france = next(e for e in asked if e.user_id == holder(info, "FRANCE"))
    assert france.payload.powers == ("FRANCE",) and not france.payload.reminder
    assert france.payload.until == T0 + timedelta(hours=24)
    assert await events(service, EventKind.GAME_STARTED) == []


async def test_issue31_the_game_begins_when_every_player_has_answered(service):
    info = await started_game(service, settings=ROLL_CALL)
    await answer_all_but(service, info, {PLAYERS[-1]}, T0 + HOUR)
    status = await service.lobby.game_info(info.id)
    assert status.status is GameStatus.LOBBY
    assert status.roll_call.waiting == (PLAYERS[-1],) and len(status.roll_call.confirmed) == 6
    last = await service.roll_call.answer(info.id, Caller(PLAYERS[-1]), T0 + 2 * HOUR)
    assert last.began and last.waiting == 0
    started = await service.lobby.game_info(info.id)
    assert started.status is GameStatus.ACTIVE and started.phase.code == "S1901M"
    assert started.roll_call is None
    # The first phase's time runs from the start, not from `/game start`.
    assert started.deadline_at == T0 + 2 * HOUR + timedelta(days=4)
    assert len(await events(service, EventKind.GAME_STARTED)) == 1
    assert len(await events(service, EventKind.POWER_ASSIGNED)) == 7


async def test_issue31_a_roll_call_drops_a_silent_player_and_starts_with_a_standby(service):
    info = await started_game(service, settings=ROLL_CALL)
    silent = holder(info, "FRANCE")
    await answer_all_but(service, info, {silent}, T0 + HOUR)
    await Scheduler(service).tick(T0 + timedelta(hours=24))
    waiting = await service.lobby.game_info(info.id)
    # The silent player is told privately and goes back to standby; the GM is told who.
    missed = await events(service, EventKind.ROLL_CALL_MISSED)
    to_player = next(e for e in missed if e.user_id == silent)
    assert to_player.payload.to == "player" and to_player.payload.missed == {"FRANCE": silent}
    to_gm = next(e for e in missed if e.user_id == GM)
    assert to_gm.payload.to == "gm" and to_gm.payload.missed == {"FRANCE": silent}
    assert {e.user_id for e in missed} == {silent, GM}
    assert all(e.channel_id is None for e in missed)
    assert waiting.status is GameStatus.LOBBY and silent not in waiting.players
    assert waiting.roll_call.until is None and waiting.roll_call.empty == ("FRANCE",)
    async with service.store.transaction() as session:
        dropped = await queries.players.one(session, info.id, silent)
        assert dropped.status is PlayerStatus.STANDBY
    # The GM gives the place to a standby, who confirms by taking it: the game begins.
    later = T0 + timedelta(hours=30)
    await service.gm.gm_replace_player(info.id, Caller(GM, GUILD), "FRANCE", STANDBY, later)
    started = await service.lobby.game_info(info.id)
    assert started.status is GameStatus.ACTIVE and started.phase.code == "S1901M"
    assert next(p.user_id for p in started.powers if p.power == "FRANCE") == STANDBY
    assert started.deadline_at == later + timedelta(days=4)
    assigned = {e.user_id for e in await events(service, EventKind.POWER_ASSIGNED)}
    assert STANDBY in assigned and silent not in assigned
    # The place was never played by the dropped player: no score to hand on.
    replaced = await events(service, EventKind.PLAYER_REPLACED)
    assert [(e.payload.old, e.payload.new, e.payload.score_from) for e in replaced] == [
        (None, STANDBY, None)
    ]


async def test_issue31_the_gm_may_wait_the_game_does_not_begin_with_a_place_empty(service):
    info = await started_game(service, settings=ROLL_CALL)
    await answer_all_but(service, info, {holder(info, "FRANCE"), holder(info, "ITALY")}, T0)
    await Scheduler(service).tick(T0 + timedelta(days=3))
    await service.gm.gm_replace_player(
        info.id, Caller(GM, GUILD), "FRANCE", STANDBY, T0 + timedelta(days=3)
    )
    waiting = await service.lobby.game_info(info.id)
    assert waiting.status is GameStatus.LOBBY and waiting.roll_call.empty == ("ITALY",)
    assert STANDBY in waiting.roll_call.confirmed
    # Days later nothing has moved on its own.
    await Scheduler(service).tick(T0 + timedelta(days=9))
    assert (await service.lobby.game_info(info.id)).status is GameStatus.LOBBY


async def test_issue31_an_answer_after_the_time_is_refused_and_changes_nothing(service):
    info = await started_game(service, settings=ROLL_CALL)
    late = holder(info, "ENGLAND")
    before = await outbox(service)
    # Past the time, even before the scheduler has closed the roll-call...
    with pytest.raises(WrongState, match="closed") as refused:
        await service.roll_call.answer(info.id, Caller(late), T0 + timedelta(hours=24))
    assert "standby" in refused.value.message and "GM" in refused.value.message
    assert (await service.lobby.game_info(info.id)).roll_call == info.roll_call
    assert await outbox(service) == before
    # ... and after it.
    await Scheduler(service).tick(T0 + timedelta(hours=25))
    after_close = await service.lobby.game_info(info.id)
    with pytest.raises(WrongState, match="closed"):
        await service.roll_call.answer(info.id, Caller(late), T0 + timedelta(hours=26))
    assert await service.lobby.game_info(info.id) == after_close


async def test_issue31_answers_only_from_the_games_players_and_once(service):
    info = await started_game(service, settings=ROLL_CALL)
    # Someone else's DM button answers as for a game that does not exist.
    with pytest.raises(NotFound):
        await service.roll_call.answer(info.id, Caller(4444), T0)
    first = await service.roll_call.answer(info.id, Caller(PLAYERS[0]), T0)
    again = await service.roll_call.answer(info.id, Caller(PLAYERS[0]), T0 + HOUR)
    assert not first.already and again.already and again.waiting == first.waiting == 6
    assert len((await service.lobby.game_info(info.id)).roll_call.confirmed) == 1


async def test_issue31_one_reminder_only_to_those_who_have_not_answered(service):
    info = await started_game(service, settings=ROLL_CALL)
    await answer_all_but(service, info, {PLAYERS[1], PLAYERS[4]}, T0 + HOUR)
    scheduler = Scheduler(service)
    await scheduler.tick(T0 + timedelta(hours=11))  # not yet: halfway is the 12th hour
    assert [e for e in await events(service, EventKind.ROLL_CALL) if e.payload.reminder] == []
    await scheduler.tick(T0 + timedelta(hours=12))
    await scheduler.tick(T0 + timedelta(hours=13))
    reminded = [e for e in await events(service, EventKind.ROLL_CALL) if e.payload.reminder]
    assert sorted(e.user_id for e in reminded) == sorted([PLAYERS[1], PLAYERS[4]])


async def test_issue31_a_restart_resumes_the_roll_calls_deadline(service, migrated_db_url):
    info = await started_game(service, settings=ROLL_CALL)
    silent = holder(info, "TURKEY")
    await answer_all_but(service, info, {silent}, T0 + HOUR)
    await service.store.db.dispose()  # the process stops; its roll-call lives in the database
    restarted = await open_service(migrated_db_url)
    try:
        await Scheduler(restarted).tick(T0 + timedelta(hours=40))  # down past the time
        status = await restarted.lobby.game_info(info.id)
        assert status.roll_call.until is None and status.roll_call.empty == ("TURKEY",)
        missed = [e for e in await outbox(restarted) if e.kind is EventKind.ROLL_CALL_MISSED]
        assert {e.user_id for e in missed} == {silent, GM}
        await Scheduler(restarted).tick(T0 + timedelta(hours=41))  # once only
        assert (
            len([e for e in await outbox(restarted) if e.kind is EventKind.ROLL_CALL_MISSED]) == 2
        )
    finally:
        await restarted.store.db.dispose()


async def test_issue31_the_lobby_is_closed_while_the_roll_call_runs(service):
    info = await started_game(service, settings=ROLL_CALL)
    with pytest.raises(WrongState, match="roll-call"):
        await service.lobby.join(info.id, Caller(4444, GUILD), T0)
    with pytest.raises(WrongState, match="roll-call"):
        await service.lobby.start(info.id, Caller(GM, GUILD), T0 + HOUR)
    with pytest.raises(WrongState, match="roll-call"):
        await service.lobby.leave(info.id, Caller(PLAYERS[0], GUILD), T0)
    with pytest.raises(WrongState):
        await service.lobby.set_preferences(info.id, Caller(PLAYERS[0], GUILD), ["FRANCE"])
    # The settings the deal was made with stay as they were.
    with pytest.raises(InvalidSetting):
        await service.gm.gm_change_setting(info.id, Caller(GM, GUILD), "assignment", "lots", T0)
    with pytest.raises(InvalidSetting):
        await service.gm.gm_change_setting(info.id, Caller(GM, GUILD), "roll_call", "no", T0)


async def test_issue31_the_gm_sets_the_roll_call_in_hours_before_the_start(service):
    game = await service.lobby.create_game(GUILD, 10, GM, "G", T0)
    gm = Caller(GM, GUILD)
    await service.gm.gm_change_setting(game.id, gm, "roll_call", "yes", T0)
    settings = await service.gm.gm_change_setting(game.id, gm, "roll_call_hours", "48", T0)
    assert settings.roll_call and settings.roll_call_hours == 48
    for bad in ("0", "500", "soon", "1.5"):
        with pytest.raises(InvalidSetting, match="hours"):
            await service.gm.gm_change_setting(game.id, gm, "roll_call_hours", bad, T0)
    assert (await service.lobby.game_settings(game.id)).roll_call_hours == 48
    with pytest.raises(InvalidSetting):
        GameSettings(roll_call_hours=0)


async def test_issue31_those_who_missed_the_roll_call_are_offered_as_standbys(service):
    info = await started_game(service, settings=ROLL_CALL)
    silent = holder(info, "GERMANY")
    await answer_all_but(service, info, {silent}, T0 + HOUR)
    await Scheduler(service).tick(T0 + timedelta(hours=24))
    offered = await service.replacements.replacement_choices(info.id, Caller(GM, GUILD), "")
    assert (silent, f"user {silent} — missed the roll-call, back to standby") in offered
    # Given the place back, they are counted in: the game begins.
    await service.gm.gm_replace_player(
        info.id, Caller(GM, GUILD), "GERMANY", silent, T0 + 26 * HOUR
    )
    begun = await service.lobby.game_info(info.id)
    assert begun.status is GameStatus.ACTIVE and silent in begun.players


async def test_issue31_a_roll_call_cancelled_by_the_gm_takes_no_answer_and_drops_nobody(service):
    info = await started_game(service, settings=ROLL_CALL)
    await service.roll_call.answer(info.id, Caller(PLAYERS[0]), T0 + HOUR)
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), T0 + 2 * HOUR)
    for user in PLAYERS[:2]:  # one who had answered, one who had not
        with pytest.raises(WrongState, match="is over"):
            await service.roll_call.answer(info.id, Caller(user), T0 + 3 * HOUR)
    await Scheduler(service).tick(T0 + timedelta(days=2))
    assert await events(service, EventKind.ROLL_CALL_MISSED) == []
    assert [e for e in await events(service, EventKind.ROLL_CALL) if e.payload.reminder] == []
    assert (await service.lobby.game_info(info.id)).status is GameStatus.ENDED
