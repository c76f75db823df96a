"""Issue 31, "a record of who shows up": per player and per server, from what the
service already stores (QUEUE: "never from messages; a rollback recomputes it; excused
misses, absences and phases with nothing to order never count against a player").

Reliability = phases ordered before the deadline / phases owed, over the last 100
phases owed; a player with fewer than 10 phases owed is new. A game's `min_reliability`
refuses `/game join` below it, saying both figures; "reliable only" refuses new players.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta

import pytest
from sqlalchemy import event

from bot.service.app import Scheduler
from bot.service.kernel import (
    Caller,
    GameSettings,
    InvalidSetting,
    LateOrders,
    NotAllowed,
    Schedule,
    VariantName,
)
from bot.service.lobby import CreationOptions, PlayerRecord, record_line, settings_at_creation
from tests.conftest import T0
from tests.service.book import position
from tests.service.conftest import CHANNEL, GM, GUILD, PLAYERS, force_position, owner, started_game

GM_CALLER = Caller(GM, GUILD)
NEWCOMER = 9001
SNOWFLAKE = 1478089506816000011  # a Discord id: 64 bits
# Every power's units hold where they stand: no unit moves, no centre changes hands, so
# no retreat and no adjustment follows and every deadline plays a movement phase.
HOLDS = {
    "AUSTRIA": "A Vie H",
    "ENGLAND": "F Lon H",
    "FRANCE": "A Par H",
    "GERMANY": "A Ber H",
    "ITALY": "A Rom H",
    "RUSSIA": "A Mos H",
    "TURKEY": "A Con H",
}


async def record(service, user: int, guild: int = GUILD):
    return (await service.ratings.player_rating(guild, user)).record


async def figures(service, user: int) -> tuple[int, int]:
    """(phases ordered before the deadline, phases owed)."""
    mine = await record(service, user)
    return mine.ordered, mine.owed


async def send(service, info, powers: Iterable[str], at: datetime) -> None:
    for power in powers:
        await service.orders.submit_orders(
            Caller(owner(info, power), GUILD), HOLDS[power], at, game_id=info.id
        )


async def play_moves(service, info, ordering: Callable[[int], Iterable[str]], n: int) -> datetime:
    """Play `n` movement phases, the powers `ordering(i)` ordering in the i-th an hour
    before its deadline; returns the time the last was played."""
    scheduler = Scheduler(service)
    at = T0
    for i in range(n):
        at = (await service.lobby.game_info(info.id)).deadline_at
        await send(service, info, ordering(i), at - timedelta(hours=1))
        assert len((await scheduler.tick(at)).adjudicated) == 1
    return at


async def test_issue31_a_missed_phase_counts_against_and_nothing_to_order_never_counts(service):
    info = await started_game(service)
    only_two = position(
        "S1901M",
        {"FRANCE": "A PAR", "ENGLAND": "F LON"},
        {"ITALY": "ROM NAP VEN", "FRANCE": "PAR", "ENGLAND": "LON"},
    )
    await force_position(service, info.id, only_two)
    await send(service, info, ["FRANCE"], T0 + timedelta(hours=1))
    await Scheduler(service).tick(info.deadline_at)

    france = await record(service, owner(info, "FRANCE"))
    england = await record(service, owner(info, "ENGLAND"))
    assert (france.ordered, france.owed, france.reliability) == (1, 1, 100)
    assert (england.ordered, england.owed, england.reliability) == (0, 1, 0)
    # Italy's player had nothing to order, Germany's no unit: nothing counts for them.
    for power in ("ITALY", "GERMANY"):
        mine = await record(service, owner(info, power))
        assert (mine.owed, mine.reliability, mine.new) == (0, None, True)
    # The record is the server's: another server knows nothing of this game.
    assert (await record(service, owner(info, "ENGLAND"), GUILD + 1)).owed == 0


async def test_issue31_an_excused_miss_never_counts_against_the_player(service):
    info = await started_game(service, settings=GameSettings(schedule=Schedule(excuses=1)))
    scheduler = Scheduler(service)
    await send(service, info, ["FRANCE"], T0 + timedelta(hours=1))
    assert (await scheduler.tick(info.deadline_at)).adjudicated == ()  # the late excused
    moved = (await service.lobby.game_info(info.id)).deadline_at
    # Germany orders by the deadline the excuse moved; England never does.
    await send(service, info, ["GERMANY"], moved - timedelta(hours=1))
    assert len((await scheduler.tick(moved)).adjudicated) == 1

    assert await figures(service, owner(info, "ENGLAND")) == (0, 0)
    assert await figures(service, owner(info, "GERMANY")) == (1, 1)
    assert await figures(service, owner(info, "FRANCE")) == (1, 1)


async def test_issue31_a_declared_absence_never_counts_against_the_player(service):
    info = await started_game(service, settings=GameSettings(schedule=Schedule(absence_days=7)))
    england = Caller(owner(info, "ENGLAND"), GUILD)
    await service.absence.declare_absence(info.id, england, "8-10 Jan", T0)
    moved = (await service.lobby.game_info(info.id)).deadline_at
    assert moved > info.deadline_at  # to the end of the absence
    await send(service, info, ["FRANCE"], T0 + timedelta(hours=1))
    assert len((await Scheduler(service).tick(moved)).adjudicated) == 1

    assert await figures(service, england.user_id) == (0, 0)
    assert await figures(service, owner(info, "GERMANY")) == (0, 1)  # not away: a miss
    assert await figures(service, owner(info, "FRANCE")) == (1, 1)


async def test_issue31_a_rollback_recomputes_the_record(service):
    info = await started_game(service)
    england = owner(info, "ENGLAND")
    await send(service, info, ["FRANCE"], T0 + timedelta(hours=1))
    await Scheduler(service).tick(info.deadline_at)
    assert await figures(service, england) == (0, 1)

    at = info.deadline_at + timedelta(hours=1)
    await service.gm.gm_rollback(info.id, GM_CALLER, "S1901M", at)
    replay = (await service.lobby.game_info(info.id)).deadline_at
    await send(service, info, ["ENGLAND"], at + timedelta(hours=1))
    await Scheduler(service).tick(replay)
    # The Spring played before the rollback no longer counts; the one played again does.
    assert await figures(service, england) == (1, 1)
    assert await figures(service, owner(info, "FRANCE")) == (0, 1)


async def test_issue31_orders_sent_in_a_grace_came_after_the_deadline(service):
    """Interpretation (docs/RULES.md, "A record of who shows up"): a grace waits for
    the late; their orders still came after the deadline, so the phase is owed and not
    ordered before it."""
    grace = GameSettings(schedule=Schedule(grace_minutes=24 * 60))
    info = await started_game(service, settings=grace)
    scheduler = Scheduler(service)
    await send(service, info, [p for p in HOLDS if p != "ENGLAND"], T0 + timedelta(hours=1))
    assert (await scheduler.tick(info.deadline_at)).adjudicated == ()  # England's grace
    await send(service, info, ["ENGLAND"], info.deadline_at + timedelta(hours=2))
    await scheduler.tick(info.deadline_at + timedelta(days=1))
    assert (await service.lobby.game_info(info.id)).phase.code != "S1901M"
    assert await figures(service, owner(info, "ENGLAND")) == (0, 1)
    assert await figures(service, owner(info, "FRANCE")) == (1, 1)


async def test_issue31_a_hidden_information_game_counts_once_it_is_over(service):
    """No leak: Kriegsplomacy does not report missed orders (rules/004), so a record
    that moved after each of its phases would; its phases count once it is over."""
    info = await started_game(service, settings=GameSettings(variant=VariantName.KRIEGSPLOMACY))
    await Scheduler(service).tick(info.deadline_at)  # W1900A: nobody built
    assert (await service.lobby.game_info(info.id)).phase.code != "W1900A"
    for user in PLAYERS:
        assert await figures(service, user) == (0, 0)
    end = info.deadline_at + timedelta(hours=1)
    await service.endings.gm_end_game(info.id, GM_CALLER, end, draw=True)
    for user in PLAYERS:
        assert await figures(service, user) == (0, 1)


async def test_issue31_a_spy_game_counts_once_it_is_over_and_never_the_placement(service):
    """Spy Diplomacy hides its sabotage: its phases too count once it is over. Placing
    one's spy is a secret choice the NMR bookkeeping never calls a miss: nor does this."""
    info = await started_game(service, settings=GameSettings(variant=VariantName.SPY))
    scheduler = Scheduler(service)
    await scheduler.tick(info.deadline_at)  # the spies' placement: nobody placed one
    moves = await service.lobby.game_info(info.id)
    assert moves.phase.code == "S1901M"
    await send(service, moves, ["FRANCE"], moves.deadline_at - timedelta(hours=1))
    await scheduler.tick(moves.deadline_at)
    assert await figures(service, owner(info, "FRANCE")) == (0, 0)
    end = moves.deadline_at + timedelta(hours=1)
    await service.endings.gm_end_game(info.id, GM_CALLER, end, draw=True)
    assert await figures(service, owner(info, "FRANCE")) == (1, 1)
    assert await figures(service, owner(info, "ENGLAND")) == (0, 1)


async def test_issue31_games_finished_and_games_left(service):
    # Someone the GM removed from the lobby before the start never held a power in it.
    # Discord's ids are 64-bit: the log of a removal is read with them.
    game = await service.lobby.create_game(GUILD, CHANNEL, GM, "Test game", T0)
    for user in (*PLAYERS[:6], SNOWFLAKE + 1):
        await service.lobby.join(game.id, Caller(user, GUILD), T0)
    await service.gm.gm_kick(game.id, GM_CALLER, SNOWFLAKE + 1, T0)
    await service.lobby.join(game.id, Caller(SNOWFLAKE, GUILD), T0)
    info = await service.lobby.start(game.id, GM_CALLER, T0)

    removed = next(p.power for p in info.powers if p.user_id == SNOWFLAKE)
    replaced, resigned, taken, stays = [p for p in HOLDS if p != removed][:4]
    at = T0 + timedelta(hours=1)
    await service.gm.gm_replace_player(info.id, GM_CALLER, replaced, NEWCOMER, at)
    left_by = Caller(owner(info, resigned), GUILD)
    await service.gm.choose_civil_disorder(info.id, left_by, resigned, at)
    await service.gm.gm_kick(info.id, GM_CALLER, SNOWFLAKE, at)
    # A player misses with a standby called: the standby takes over.
    await service.gm.gm_call_standby(info.id, GM_CALLER, taken, NEWCOMER + 2, at)
    standby = Caller(NEWCOMER + 2, GUILD)
    await service.orders.submit_orders(standby, HOLDS[taken], at, game_id=info.id)
    await Scheduler(service).tick(info.deadline_at)
    assert owner(await service.lobby.game_info(info.id), taken) == NEWCOMER + 2

    gone = [owner(info, p) for p in (replaced, resigned, removed, taken)]
    for user in gone:  # replaced, resigned, removed, taken over
        mine = await record(service, user)
        assert (mine.finished, mine.left) == (0, 1), user
    assert (await record(service, SNOWFLAKE + 1)).left == 0  # removed from the lobby only
    end = info.deadline_at + timedelta(hours=1)
    await service.endings.gm_end_game(info.id, GM_CALLER, end, draw=True)
    for user in (owner(info, stays), NEWCOMER, NEWCOMER + 2):
        mine = await record(service, user)
        assert (mine.finished, mine.left) == (1, 0), user
    assert (await record(service, owner(info, replaced))).finished == 0


async def test_issue31_min_reliability_refuses_below_it_and_admits_at_or_above(service):
    info = await started_game(service)
    # Ten movement phases: France orders in all, Germany in eight, England in none.
    last = await play_moves(
        service, info, lambda i: ["FRANCE", *(["GERMANY"] if i < 8 else [])], 10
    )
    england, germany, france = (owner(info, p) for p in ("ENGLAND", "GERMANY", "FRANCE"))
    assert await figures(service, england) == (0, 10)
    assert (await record(service, germany)).reliability == 80

    second = await service.lobby.create_game(
        GUILD, CHANNEL + 1, GM, "Second", last, GameSettings(min_reliability=80)
    )
    with pytest.raises(NotAllowed) as refused:
        await service.lobby.join(second.id, Caller(england, GUILD), last)
    said = str(refused.value)
    assert "80%" in said and "0%" in said and "10" in said and "Second" in said
    assert len(said) < 2000
    assert (await service.lobby.game_info(second.id)).players == ()  # nothing changed
    for user in (germany, france, NEWCOMER):  # 80% is enough; a new player may join
        await service.lobby.join(second.id, Caller(user, GUILD), last)
    assert set((await service.lobby.game_info(second.id)).players) == {germany, france, NEWCOMER}

    await service.gm.gm_change_setting(second.id, GM_CALLER, "reliable_only", "yes", last)
    with pytest.raises(NotAllowed) as new:
        await service.lobby.join(second.id, Caller(NEWCOMER + 1, GUILD), last)
    assert "new" in str(new.value) and "10" in str(new.value)
    assert NEWCOMER + 1 not in (await service.lobby.game_info(second.id)).players
    # "Reliable only" without a minimum: any established record may join.
    await service.gm.gm_change_setting(second.id, GM_CALLER, "min_reliability", "none", last)
    await service.lobby.join(second.id, Caller(england, GUILD), last)


async def test_issue31_a_minimum_outside_0_to_100_is_refused_and_changes_nothing(service):
    game = await service.lobby.create_game(GUILD, CHANNEL, GM, "Test game", T0)
    for bad in ("101", "-5", "eighty", "1000%"):
        with pytest.raises(InvalidSetting) as refused:
            await service.gm.gm_change_setting(game.id, GM_CALLER, "min_reliability", bad, T0)
        assert "0 to 100" in str(refused.value)
    assert (await service.lobby.game_settings(game.id)).min_reliability is None
    with pytest.raises(InvalidSetting):
        GameSettings(min_reliability=101)
    with pytest.raises(InvalidSetting):
        settings_at_creation(CreationOptions(schedule=Schedule(), min_reliability=-1))
    await service.gm.gm_change_setting(game.id, GM_CALLER, "min_reliability", "75%", T0)
    settings = await service.lobby.game_settings(game.id)
    assert settings.min_reliability == 75
    assert any("75%" in line for line in settings.describe())


async def test_issue31_the_gm_sees_each_lobby_players_record(service):
    info = await started_game(service)
    await send(service, info, ["FRANCE"], T0 + timedelta(hours=1))
    await Scheduler(service).tick(info.deadline_at)
    france, england = owner(info, "FRANCE"), owner(info, "ENGLAND")
    lobby = await service.lobby.create_game(GUILD, CHANNEL + 1, GM, "Next", T0)
    for user in (france, england, NEWCOMER):
        await service.lobby.join(lobby.id, Caller(user, GUILD), T0)
    shown = await service.lobby.lobby_records(lobby.id, GM_CALLER)
    assert [(r.user_id, r.ordered, r.owed) for r in shown] == [
        (france, 1, 1),
        (england, 0, 1),
        (NEWCOMER, 0, 0),
    ]
    assert await service.lobby.lobby_records(lobby.id, Caller(france, GUILD)) == ()
    assert await service.lobby.lobby_records(info.id, GM_CALLER) == ()  # started


async def test_issue31_the_record_costs_the_same_statements_however_many_games(service):
    async def statements_for(user: int) -> int:
        seen: list[str] = []

        def count(conn, cursor, statement, *args):
            seen.append(statement)

        event.listen(service.store.db.sync_engine, "before_cursor_execute", count)
        try:
            await record(service, user)
        finally:
            event.remove(service.store.db.sync_engine, "before_cursor_execute", count)
        return len(seen)

    info = await started_game(service)
    france = owner(info, "FRANCE")
    await play_moves(service, info, lambda i: ["FRANCE"], 1)
    one_game = await statements_for(france)
    await play_moves(service, info, lambda i: ["FRANCE"], 3)
    other = await started_game(service, channel=CHANNEL + 1)
    await play_moves(service, other, lambda i: [], 2)
    assert await statements_for(france) == one_game
    assert (await record(service, france)).owed == 4 + 2


def test_issue31_who_may_join_is_stored_only_when_the_gm_chose_it():
    """A game that does not use them keeps the stored shape older processes read."""
    document = GameSettings().model_dump(mode="json")
    assert "min_reliability" not in document and "reliable_only" not in document
    chosen = GameSettings(min_reliability=80, reliable_only=True)
    stored = chosen.model_dump(mode="json")
    assert (stored["min_reliability"], stored["reliable_only"]) == (80, True)
    assert GameSettings.model_validate(stored) == chosen


# --- quickness (issue 31: "quickness = ready-before-deadline / ordered") --------------


async def quickness(service, user: int) -> tuple[int, int, int | None]:
    """(phases ordered marked ready before the deadline, phases ordered whose ready
    marks are known, quickness in percent)."""
    mine = await record(service, user)
    return mine.ready, mine.ready_known, mine.quickness


async def ready(service, info, powers: Iterable[str], at: datetime) -> None:
    for power in powers:
        await service.orders.set_ready(Caller(owner(info, power), GUILD), at, game_id=info.id)


async def test_issue31_quickness_counts_a_phase_marked_ready_before_the_deadline(service):
    info = await started_game(service)
    hour = T0 + timedelta(hours=1)
    await send(service, info, ["FRANCE", "GERMANY"], hour)
    await ready(service, info, ["FRANCE"], hour)
    assert len((await Scheduler(service).tick(info.deadline_at)).adjudicated) == 1
    assert await quickness(service, owner(info, "FRANCE")) == (1, 1, 100)

    # A phase ended early because every power was ready counts: it was played before
    # its deadline, with every mark made before it.
    fall = await service.lobby.game_info(info.id)
    at = info.deadline_at + timedelta(hours=1)  # an hour into the Fall
    await send(service, fall, ["FRANCE"], at)
    for power in HOLDS:  # those who missed the Spring fell into civil disorder
        said = await service.orders.set_ready(Caller(owner(fall, power), GUILD), at)
        if said.ends_phase:
            break
    early = (await service.lobby.game_info(info.id)).deadline_at
    assert early < fall.deadline_at
    assert len((await Scheduler(service).tick(early)).adjudicated) == 1
    assert await quickness(service, owner(info, "FRANCE")) == (2, 2, 100)
    # England ordered in neither: no phase ordered, so no figure (not a zero).
    assert await quickness(service, owner(info, "ENGLAND")) == (0, 0, None)


async def test_issue31_ordered_but_never_marked_ready_does_not_count(service):
    info = await started_game(service)
    await send(service, info, ["GERMANY"], T0 + timedelta(hours=1))
    await Scheduler(service).tick(info.deadline_at)
    germany = await record(service, owner(info, "GERMANY"))
    assert (germany.ordered, germany.owed) == (1, 1)  # reliable, yet not quick
    assert await quickness(service, owner(info, "GERMANY")) == (0, 1, 0)


async def test_issue31_a_rollback_recomputes_quickness(service):
    info = await started_game(service)
    france = owner(info, "FRANCE")
    hour = T0 + timedelta(hours=1)
    await send(service, info, ["FRANCE"], hour)
    await ready(service, info, ["FRANCE"], hour)
    await Scheduler(service).tick(info.deadline_at)
    assert await quickness(service, france) == (1, 1, 100)

    at = info.deadline_at + timedelta(hours=1)
    await service.gm.gm_rollback(info.id, GM_CALLER, "S1901M", at)
    replay = (await service.lobby.game_info(info.id)).deadline_at
    await send(service, info, ["FRANCE"], at + timedelta(hours=1))  # not ready this time
    await Scheduler(service).tick(replay)
    # The ready marks of the Spring rolled back went with it; the replay's count.
    assert await quickness(service, france) == (0, 1, 0)


async def test_issue31_in_a_grace_only_a_mark_made_before_the_deadline_counts(service):
    """Interpretation (docs/RULES.md, "A record of who shows up"): in a grace only the
    late may still mark ready (issue 33: the others' orders were final at the deadline),
    and the late had ordered nothing by the deadline, so their phase is not ordered and
    not in the figure; a power that ordered by the deadline keeps the ready mark it had
    then, so its mark when the phase is played is its mark at the deadline."""
    grace = GameSettings(schedule=Schedule(grace_minutes=24 * 60))
    info = await started_game(service, settings=grace)
    scheduler = Scheduler(service)
    hour = T0 + timedelta(hours=1)
    await send(service, info, [p for p in HOLDS if p != "ENGLAND"], hour)
    await ready(service, info, ["FRANCE"], hour)
    assert (await scheduler.tick(info.deadline_at)).adjudicated == ()  # England's grace
    in_grace = info.deadline_at + timedelta(hours=2)
    with pytest.raises(LateOrders):  # Germany's orders were final at the deadline
        await ready(service, info, ["GERMANY"], in_grace)
    await send(service, info, ["ENGLAND"], in_grace)
    await ready(service, info, ["ENGLAND"], in_grace)
    await scheduler.tick(info.deadline_at + timedelta(days=1))
    assert (await service.lobby.game_info(info.id)).phase.code != "S1901M"
    assert await quickness(service, owner(info, "FRANCE")) == (1, 1, 100)
    assert await quickness(service, owner(info, "GERMANY")) == (0, 1, 0)
    assert await quickness(service, owner(info, "ENGLAND")) == (0, 0, None)


async def test_issue31_several_powers_are_ready_only_if_every_one_that_owed_was(service):
    info = await started_game(service, PLAYERS[:3])  # one player: England+France+Germany
    user = owner(info, "ENGLAND")
    hour = T0 + timedelta(hours=1)
    await send(service, info, ["ENGLAND", "FRANCE", "GERMANY"], hour)
    await ready(service, info, ["ENGLAND"], hour)  # marks all three: one phase, counted once
    await Scheduler(service).tick(info.deadline_at)
    assert await quickness(service, user) == (1, 1, 100)
    # As stored had Germany not been ready (test set-up: its mark taken off the phase).
    await _set_ready_list(service, info.id, ["ENGLAND", "FRANCE"])
    assert await quickness(service, user) == (0, 1, 0)


async def test_issue31_phases_played_before_ready_marks_were_kept_are_not_known(service):
    info = await started_game(service)
    hour = T0 + timedelta(hours=1)
    await send(service, info, ["FRANCE"], hour)
    await ready(service, info, ["FRANCE"], hour)
    await Scheduler(service).tick(info.deadline_at)
    # As a phase played before migration 0020 is stored: no ready list at all.
    await _set_ready_list(service, info.id, None)
    mine = await record(service, owner(info, "FRANCE"))
    assert (mine.ordered, mine.owed) == (1, 1)  # reliability still counts it
    assert (mine.ready, mine.ready_known, mine.quickness) == (0, 0, None)
    assert "quickness: not known yet" in record_line(mine)
    # A phase played since counts, the old one still left out (not "not ready").
    await play_moves(service, info, lambda i: ["FRANCE"], 1)
    assert await quickness(service, owner(info, "FRANCE")) == (0, 1, 0)


async def test_issue31_quickness_in_a_spy_game_counts_once_it_is_over(service):
    info = await started_game(service, settings=GameSettings(variant=VariantName.SPY))
    scheduler = Scheduler(service)
    await scheduler.tick(info.deadline_at)  # the spies' placement
    moves = await service.lobby.game_info(info.id)
    at = moves.deadline_at - timedelta(hours=1)
    await send(service, moves, ["FRANCE"], at)
    await ready(service, moves, ["FRANCE"], at)
    await scheduler.tick(moves.deadline_at)
    assert await quickness(service, owner(info, "FRANCE")) == (0, 0, None)
    end = moves.deadline_at + timedelta(hours=1)
    await service.endings.gm_end_game(info.id, GM_CALLER, end, draw=True)
    assert await quickness(service, owner(info, "FRANCE")) == (1, 1, 100)


def test_issue31_the_record_line_shows_quickness_beside_reliability():
    known = PlayerRecord(1, owed=20, ordered=10, finished=1, left=0, ready=3, ready_known=8)
    line = record_line(known)
    assert "ordered before the deadline in 50% of the last 20 phases owed" in line
    assert "quickness: marked ready before the deadline in 37% of 8 phases ordered" in line
    assert "(3 of 8)" in line
    unknown = PlayerRecord(1, owed=20, ordered=10, finished=1, left=0, ready=0, ready_known=0)
    assert "quickness: not known yet" in record_line(unknown)
    one = PlayerRecord(1, owed=2, ordered=1, finished=0, left=0, ready=1, ready_known=1)
    assert "100% of 1 phase ordered (1 of 1)" in record_line(one)


async def _set_ready_list(service, game_id: int, marks: list[str] | None) -> None:
    """Test set-up: the ready list of the game's phases played, as stored."""
    from sqlalchemy import null, update
    from sqlmodel import col

    from storage.models import PhaseRow

    async with service.store.transaction() as session:
        await session.execute(
            update(PhaseRow)
            .where(col(PhaseRow.game_id) == game_id, col(PhaseRow.adjudicated_at).is_not(None))
            .values(ready=null() if marks is None else marks)  # SQL NULL, as 0020 leaves
        )
