"""Issue 23, absences: `/absence` declares days ahead, in the game's time zone; a
deadline falling inside moves to the end of the absence, within the game's cap of days
per power (0: none); longer than the cap, it stops there and the GM is told a standby
may be needed (rules/004 rule 9); the GM can cancel one; bad dates change nothing."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, time

import pytest

from adjudication.variants import VARIANTS
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import (
    Caller,
    Clock,
    GameSettings,
    InvalidSetting,
    NotAllowed,
    Schedule,
    WrongState,
)
from tests.conftest import T0
from tests.service.book import position
from tests.service.conftest import GM, GUILD, force_position, outbox, owner, started_game

WEEK_AWAY = GameSettings(schedule=Schedule(absence_days=7))
# T0 is Monday 5 January 2026, 12:00 UTC: the first deadline (96 hours) Friday 9th noon.


def utc(day: int, hour: int = 0) -> datetime:
    return datetime(2026, 1, day, hour, tzinfo=UTC)


async def absences(service):
    return [e for e in await outbox(service) if e.kind is EventKind.ABSENCE]


async def test_issue23_absence_moves_a_deadline_inside_to_its_end(service):
    info = await started_game(service, settings=WEEK_AWAY)
    assert info.deadline_at == utc(9, 12)
    england = Caller(owner(info, "ENGLAND"), GUILD)
    absence = await service.absence.declare_absence(info.id, england, "8-10 Jan", T0)
    assert (absence.powers, absence.days) == (("ENGLAND",), 3)
    after = await service.lobby.game_info(info.id)
    assert after.deadline_at == utc(11)  # midnight after the last day away
    (channel,) = [e for e in await absences(service) if e.channel_id is not None]
    assert encode(channel.payload)["powers"] == ["ENGLAND"]
    assert "reason" not in encode(channel.payload)
    # The old deadline passes: nothing is played.
    assert (await Scheduler(service).tick(utc(9, 12))).adjudicated == ()


async def test_issue23_absence_is_read_in_the_games_time_zone(service):
    settings = GameSettings(schedule=Schedule(absence_days=7, zone="Asia/Tokyo"))
    info = await started_game(service, settings=settings)
    await service.absence.declare_absence(
        info.id, Caller(owner(info, "FRANCE"), GUILD), "9 Jan", T0
    )
    # Tokyo's 10 January begins at 15:00 UTC on the 9th.
    assert (await service.lobby.game_info(info.id)).deadline_at == utc(9, 15)


async def test_issue23_absence_longer_than_the_cap_stops_there_and_tells_the_gm(service):
    info = await started_game(service, settings=GameSettings(schedule=Schedule(absence_days=2)))
    england = Caller(owner(info, "ENGLAND"), GUILD)
    absence = await service.absence.declare_absence(info.id, england, "8-12 Jan", T0)
    assert (absence.days, absence.asked_days, absence.cut) == (2, 5, True)
    assert (await service.lobby.game_info(info.id)).deadline_at == utc(10)
    (gm,) = [e for e in await absences(service) if e.user_id == GM]
    assert (encode(gm.payload)["days"], encode(gm.payload)["asked_days"]) == (2, 5)
    from bot.service.deadlines import absence_text

    assert "standby" in absence_text("Test game", gm.payload)
    # The cap is used up: another absence is refused, and nothing changes.
    with pytest.raises(WrongState, match="used up"):
        await service.absence.declare_absence(info.id, england, "20 Jan", T0)


async def test_issue23_absence_holds_back_a_later_phases_deadline(service):
    info = await started_game(service, settings=WEEK_AWAY)
    # Away from Tuesday 13th to Wednesday 14th: the autumn deadline (Tuesday 13th noon,
    # 96 hours after the spring's played on Friday) falls inside.
    await service.absence.declare_absence(
        info.id, Caller(owner(info, "TURKEY"), GUILD), "13-14 Jan", T0
    )
    assert (await service.lobby.game_info(info.id)).deadline_at == utc(9, 12)
    await Scheduler(service).tick(utc(9, 12))
    after = await service.lobby.game_info(info.id)
    assert after.phase.code == "F1901M"
    assert after.deadline_at == utc(15)


async def test_issue23_absence_in_a_fixed_clock_game_moves_to_the_next_clock_time(service):
    schedule = Schedule(movement=Clock(time(20, 0), every_days=4), absence_days=7)
    info = await started_game(service, settings=GameSettings(schedule=schedule))
    assert info.deadline_at == utc(9, 20)
    await service.absence.declare_absence(info.id, Caller(owner(info, "ITALY"), GUILD), "9 Jan", T0)
    assert (await service.lobby.game_info(info.id)).deadline_at == utc(10, 20)


async def test_issue23_absence_of_a_power_with_nothing_to_order_moves_nothing(service):
    info = await started_game(service, settings=WEEK_AWAY)
    no_italian_units = position(
        "S1901M",
        {"FRANCE": "A PAR", "ENGLAND": "F LON"},
        {"ITALY": "ROM NAP VEN", "FRANCE": "PAR", "ENGLAND": "LON"},
    )
    await force_position(service, info.id, no_italian_units)
    await service.absence.declare_absence(
        info.id, Caller(owner(info, "ITALY"), GUILD), "8-10 Jan", T0
    )
    assert (await service.lobby.game_info(info.id)).deadline_at == utc(9, 12)


async def test_issue23_gm_cancels_an_absence_and_its_days_come_back(service):
    info = await started_game(service, settings=GameSettings(schedule=Schedule(absence_days=3)))
    england = Caller(owner(info, "ENGLAND"), GUILD)
    absence = await service.absence.declare_absence(info.id, england, "20-22 Jan", T0)
    with pytest.raises(NotAllowed):
        await service.absence.cancel_absence(info.id, england, absence.id, T0)
    await service.absence.cancel_absence(info.id, Caller(GM, GUILD), absence.id, T0)
    assert await service.absence.absences(info.id, Caller(GM, GUILD)) == ()
    again = await service.absence.declare_absence(info.id, england, "20-22 Jan", T0)
    assert again.days == 3


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("1-3 Jan", "next coming"),  # no year: next January, accepted
        ("2026-01-01 to 2026-01-03", "in the past"),
        ("2026-02-01 to 2027-03-01", "within a year"),
        ("the week after next", "cannot read"),
        ("12-10 Jan", "ends before it begins"),
    ],
)
async def test_issue23_bad_absence_dates_are_refused_with_the_valid_range(service, text, why):
    info = await started_game(service, settings=WEEK_AWAY)
    england = Caller(owner(info, "ENGLAND"), GUILD)
    if why == "next coming":
        absence = await service.absence.declare_absence(info.id, england, text, T0)
        assert absence.first_day.year == 2027
        return
    with pytest.raises(InvalidSetting, match=why) as refused:
        await service.absence.declare_absence(info.id, england, text, T0)
    assert "Give days from today (05 Jan 2026) to 05 Jan 2027" in str(refused.value)
    assert await service.absence.absences(info.id, england) == ()
    assert (await service.lobby.game_info(info.id)).deadline_at == utc(9, 12)


async def test_issue23_overlapping_absence_is_refused(service):
    info = await started_game(service, settings=WEEK_AWAY)
    england = Caller(owner(info, "ENGLAND"), GUILD)
    await service.absence.declare_absence(info.id, england, "20-22 Jan", T0)
    with pytest.raises(InvalidSetting, match="overlaps"):
        await service.absence.declare_absence(info.id, england, "22-23 Jan", T0)
    # Another power's absence on the same days is its own.
    await service.absence.declare_absence(
        info.id, Caller(owner(info, "FRANCE"), GUILD), "22 Jan", T0
    )


async def test_issue23_absences_off_when_the_gm_set_no_days(service):
    info = await started_game(service)
    with pytest.raises(WrongState, match="absence_days"):
        await service.absence.declare_absence(
            info.id, Caller(owner(info, "ENGLAND"), GUILD), "20 Jan", T0
        )


async def test_issue23_absence_told_only_to_gm_and_player_in_hidden_information(
    service, monkeypatch
):
    from adjudication.variants import Disclosure

    hidden = replace(VARIANTS["standard"], lateness_told=Disclosure.GM_AND_PLAYER)
    monkeypatch.setitem(VARIANTS, "standard", hidden)
    info = await started_game(service, settings=WEEK_AWAY)
    await service.absence.declare_absence(
        info.id, Caller(owner(info, "ENGLAND"), GUILD), "8 Jan", T0
    )
    events = await absences(service)
    assert events and all(e.channel_id is None for e in events)
    assert {encode(e.payload)["to"] for e in events} == {"gm", "player"}


async def test_issue23_absence_days_setting_refuses_out_of_range(service):
    lobby = await service.lobby.create_game(GUILD, 77, GM, "Lobby", T0)
    with pytest.raises(InvalidSetting, match="0 \\(none\\) to 365"):
        await service.gm.gm_change_setting(lobby.id, Caller(GM, GUILD), "absence_days", "366", T0)
    await service.gm.gm_change_setting(lobby.id, Caller(GM, GUILD), "absence_days", "10", T0)


async def test_issue23_absence_moves_both_boards_of_a_one_on_one_match(service):
    from bot.service.kernel import VariantName
    from tests.service.conftest import CHANNEL, PLAYERS

    settings = GameSettings(variant=VariantName.ONE_ON_ONE, schedule=Schedule(absence_days=7))
    game = await service.lobby.create_game(
        GUILD, CHANNEL, GM, "Duel", T0, settings, seed=7, second_channel_id=CHANNEL + 1
    )
    for user in PLAYERS[:2]:
        await service.lobby.join(game.id, Caller(user, GUILD), T0)
    await service.lobby.start(game.id, Caller(GM, GUILD), T0)
    a = await service.lobby.game_info(game.id)
    b_id = next(g for g in await _games(service) if g != game.id)
    await service.absence.declare_absence(a.id, Caller(PLAYERS[0], GUILD), "8-10 Jan", T0)
    for game_id in (a.id, b_id):
        assert (await service.lobby.game_info(game_id)).deadline_at == utc(11)
    both = {e.game_id for e in await absences(service)}
    assert both == {a.id, b_id}


async def _games(service):
    from sqlalchemy import select

    from storage.models import GameRow

    async with service.store.transaction() as session:
        return list((await session.execute(select(GameRow.id))).scalars().all())
