"""Ratings (rules/004 "Player Ratings"): whose a power's score is, a player's rating and
the server's table, and public press kept in the game's record."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import event

from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, NotAllowed, Scoring, WrongState
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, owner, started_game

GM_CALLER = Caller(GM, GUILD)
NEWCOMER = 9001


async def _draw(service, game_id: int) -> None:
    await service.endings.gm_end_game(game_id, GM_CALLER, T0 + timedelta(hours=1), draw=True)


async def test_a_power_in_civil_disorder_at_the_end_scores_for_its_last_player(service):
    info = await started_game(service)
    england = owner(info, "ENGLAND")
    await service.gm.gm_civil_disorder(info.id, GM_CALLER, "ENGLAND", T0)
    await _draw(service, info.id)
    mine = await service.ratings.player_rating(GUILD, england)
    # A seven-way draw in 1901: 2 − 0.25 (rules/004), for England's last player.
    assert [(g.power, g.score) for g in mine.games] == [("ENGLAND", 1.75)]
    assert mine.rating == 1.75


async def test_a_replacement_scores_for_themselves_unless_they_choose_at_entry(service):
    info = await started_game(service)
    france, germany = owner(info, "FRANCE"), owner(info, "GERMANY")
    await service.gm.gm_replace_player(info.id, GM_CALLER, "FRANCE", NEWCOMER, T0)
    await service.gm.gm_replace_player(info.id, GM_CALLER, "GERMANY", NEWCOMER + 1, T0)
    # Only the incoming player chooses, and only for the power they took over.
    with pytest.raises(NotAllowed):
        await service.ratings.choose_score_owner(
            info.id, Caller(france), "FRANCE", mine=True, now=T0
        )
    with pytest.raises(NotAllowed):
        await service.ratings.choose_score_owner(
            info.id, Caller(NEWCOMER), "GERMANY", mine=False, now=T0
        )
    choice = await service.ratings.choose_score_owner(
        info.id, Caller(NEWCOMER), "FRANCE", mine=False, now=T0
    )
    assert choice.counts_for == france
    with pytest.raises(WrongState):  # once, and never changed afterwards
        await service.ratings.choose_score_owner(
            info.id, Caller(NEWCOMER), "FRANCE", mine=True, now=T0
        )
    await _draw(service, info.id)
    assert [g.power for g in (await service.ratings.player_rating(GUILD, france)).games] == [
        "FRANCE"
    ]
    assert (await service.ratings.player_rating(GUILD, NEWCOMER)).games == ()
    # Germany's newcomer did not choose: the score is theirs, the last player's.
    assert [g.power for g in (await service.ratings.player_rating(GUILD, NEWCOMER + 1)).games] == [
        "GERMANY"
    ]
    assert (await service.ratings.player_rating(GUILD, germany)).rating is None
    assert ("score_owner", {"power": "FRANCE", "counts_for": france}) in [
        (action, details) for actor, action, details in await service.history.audit_log(info.id)
    ]


async def test_the_choice_is_made_at_entry_only(service):
    """rules/004: "at the time he enters the game only": once the phase the player
    entered in is played, the score stays theirs."""
    info = await started_game(service)
    await service.gm.gm_replace_player(info.id, GM_CALLER, "FRANCE", NEWCOMER, T0)
    await Scheduler(service).tick(info.deadline_at)
    with pytest.raises(WrongState):
        await service.ratings.choose_score_owner(
            info.id, Caller(NEWCOMER), "FRANCE", mine=False, now=info.deadline_at
        )


async def test_a_player_of_several_powers_gets_each_powers_score(service):
    """docs/RULES.md "Ratings": with fewer players, each power held is one score in the
    player's average (the tables score powers, not people)."""
    info = await started_game(service, PLAYERS[:3])
    await _draw(service, info.id)
    game = await service.lobby.game_info(info.id)
    for user in PLAYERS[:3]:
        held = {p.power: p.score for p in game.powers if p.user_id == user}
        mine = await service.ratings.player_rating(GUILD, user)
        assert {g.power: g.score for g in mine.games} == held
        assert mine.rating == pytest.approx(sum(held.values()) / len(held))


async def _scored_game(service, channel: int, players, scoring=Scoring.HAYNES):
    settings = GameSettings(scoring=scoring)
    info = await started_game(service, players, channel=channel, settings=settings)
    await service.gm.gm_civil_disorder(info.id, GM_CALLER, "ENGLAND", T0)
    await _draw(service, info.id)
    end = await service.lobby.game_info(info.id)
    # England's last player keeps its score though it ended in civil disorder.
    return {owner(info, p.power): p.score for p in end.powers}


async def test_the_leaderboard_ranks_this_servers_players_ten_a_page_in_one_query(service):
    first = await _scored_game(service, 11, PLAYERS)
    others = tuple(range(3001, 3008))
    await _scored_game(service, 12, others)
    # Another server's game, with the same players: never counted here.
    elsewhere = await service.lobby.create_game(GUILD + 1, 99, GM, "Elsewhere", T0)
    for i, user in enumerate(PLAYERS):
        await service.lobby.join(elsewhere.id, Caller(user, GUILD + 1), T0 + timedelta(seconds=i))
    await service.lobby.start(elsewhere.id, Caller(GM, GUILD + 1), T0)
    await service.endings.gm_end_game(elsewhere.id, Caller(GM, GUILD + 1), T0, draw=False)
    # A draw-size game is not averaged with rules/004's scores.
    await _scored_game(service, 13, PLAYERS, scoring=Scoring.DRAW_SIZE)

    statements: list[str] = []

    def count(conn, cursor, statement, *args):
        statements.append(statement)

    event.listen(service.store.db.sync_engine, "before_cursor_execute", count)
    try:
        page1 = await service.ratings.leaderboard(GUILD, 1)
    finally:
        event.remove(service.store.db.sync_engine, "before_cursor_execute", count)
    selects = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) <= 2, selects  # the table and its size, whatever the games

    page2 = await service.ratings.leaderboard(GUILD, 2)
    assert (page1.page, page1.pages, page2.page, page2.pages) == (1, 2, 2, 2)
    assert len(page1.rows) == 10 and len(page2.rows) == 4
    rows = page1.rows + page2.rows
    assert [r.place for r in rows] == list(range(1, 15))
    assert [r.rating for r in rows] == sorted((r.rating for r in rows), reverse=True)
    assert {r.user_id for r in rows} == set(PLAYERS) | set(others)
    assert all(r.games == 1 for r in rows)
    scores = first
    assert {r.user_id: r.rating for r in rows if r.user_id in scores} == scores
    assert (await service.ratings.leaderboard(GUILD, 1, Scoring.DRAW_SIZE)).rows[0].games == 1
    assert (await service.ratings.leaderboard(GUILD + 5, 1)).rows == ()


async def test_press_is_kept_with_its_phase_and_anonymous_press_stays_anonymous(service):
    settings = GameSettings(anonymous_press=True)
    info = await started_game(service, settings=settings)
    england = owner(info, "ENGLAND")
    signed = await service.talk.plan_press(Caller(england, GUILD), info.id, anonymous=False)
    await service.press.record_press(signed, england, "England wants peace.", 555, T0)
    unsigned = await service.talk.plan_press(Caller(england, GUILD), info.id, anonymous=True)
    await service.press.record_press(unsigned, england, "Beware of France.", 556, T0)
    spring = await service.history.phase_record(info.id, "S1901M")
    press = await service.press.phase_press(info.id, spring.id)
    assert [(p.signed_by, p.text, p.message_id) for p in press] == [
        (("ENGLAND",), "England wants peace.", 555),
        ((), "Beware of France.", 556),
    ]
    assert not hasattr(press[1], "sender_user_id")
    await Scheduler(service).tick(info.deadline_at)
    fall = await service.history.phase_record(info.id, "F1901M")
    assert await service.press.phase_press(info.id, fall.id) == ()
    assert len(await service.press.phase_press(info.id, spring.id)) == 2
    # Only the GM's audit log names who sent anonymous press.
    audit = await service.history.gm_audit(info.id, GM_CALLER)
    anonymous = [e for e in audit.entries if e.action == "anonymous_press"]
    assert [(e.actor, e.details) for e in anonymous] == [
        (england, {"phase": "S1901M", "message_id": 556})
    ]
