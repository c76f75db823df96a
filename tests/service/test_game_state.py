"""Issue 17: "a small game object owns the transitions (start, advance, set deadline,
pause, end) that bump the version". A scheduler or a button that saw the game before a
transition holds an older version and acts on nothing (queries.games.claim)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adjudication.model.result import EndKind
from bot.service.kernel import GameState, WrongState
from storage.enums import GameStatus
from storage.models import GameRow
from tests.conftest import T0


def _lobby() -> GameRow:
    return GameRow(
        id=1, guild_id=1, channel_id=10, gm_user_id=1000, name="G", status=GameStatus.LOBBY
    )


def test_issue17_start_makes_the_game_active_at_its_first_phase() -> None:
    game = _lobby()
    GameState(game).start(7, T0 + timedelta(days=2))
    assert (game.status, game.current_phase_id, game.deadline_at) == (
        GameStatus.ACTIVE,
        7,
        T0 + timedelta(days=2),
    )
    assert game.version == 1


def test_issue17_a_new_deadline_bumps_the_version() -> None:
    game = _lobby()
    state = GameState(game)
    state.start(7, T0)
    state.set_deadline(T0 + timedelta(hours=5))
    assert (game.deadline_at, game.version) == (T0 + timedelta(hours=5), 2)


def test_issue17_advance_moves_to_the_next_phase_the_claim_already_bumped() -> None:
    # The adjudicator's claim bumped the version in the database (queries.games.claim).
    game = _lobby()
    GameState(game).start(7, T0)
    GameState(game).advance(8, T0 + timedelta(days=1))
    assert (game.current_phase_id, game.deadline_at, game.version) == (
        8,
        T0 + timedelta(days=1),
        1,
    )


def test_issue17_pause_then_resume_moves_the_deadline_by_the_pause() -> None:
    game = _lobby()
    state = GameState(game)
    state.start(7, T0 + timedelta(days=1))
    state.pause(T0)
    assert (game.paused_at, game.version) == (T0, 2)
    with pytest.raises(WrongState):
        state.pause(T0)
    assert state.resume(T0 + timedelta(hours=3)) == timedelta(hours=3)
    assert (game.paused_at, game.deadline_at, game.version) == (
        None,
        T0 + timedelta(days=1, hours=3),
        3,
    )
    with pytest.raises(WrongState):
        state.resume(T0)


def test_issue17_end_closes_the_game_and_reopen_undoes_it() -> None:
    game = _lobby()
    state = GameState(game)
    state.start(7, T0)
    state.end(T0, EndKind.DRAW, ("FRANCE", "ITALY"))
    assert (game.status, game.ended_at, game.end_kind, game.winners, game.deadline_at) == (
        GameStatus.ENDED,
        T0,
        EndKind.DRAW,
        ["FRANCE", "ITALY"],
        None,
    )
    assert game.version == 2
    state.reopen(5, T0 + timedelta(days=1))
    assert (game.status, game.ended_at, game.end_kind, game.winners) == (
        GameStatus.ACTIVE,
        None,
        None,
        None,
    )
    assert (game.current_phase_id, game.deadline_at, game.paused_at, game.version) == (
        5,
        T0 + timedelta(days=1),
        None,
        3,
    )
