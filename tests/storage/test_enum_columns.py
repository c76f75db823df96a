"""Issue 17: the columns that hold one of a fixed set of words are read back as their
enum, and stored exactly as before — the same strings in the same VARCHAR columns, so
rows written by an older dipgm (or by hand, as plain strings) read as enums with no
migration. test_migrations' metadata comparison shows the column types unchanged."""

from __future__ import annotations

import pytest
from sqlalchemy import text

import storage
from adjudication.model.result import EndKind
from storage.db import create_engine, session_factory
from storage.enums import (
    EventKind,
    GameStatus,
    PlayerStatus,
    ProxyEnd,
    Scoring,
    VoteKind,
    VoteStatus,
)
from storage.models import GameRow, MatchRow, OutboxRow, PlayerRow, ProxyGrantRow, VoteRow

WHEN = "'2026-01-05 12:00:00'"

# Rows as a dipgm before enum columns wrote them: every word a plain string literal.
PLAIN_ROWS = (
    "INSERT INTO matches (id, guild_id, second_channel_id, status, created_at) "
    f"VALUES (1, 1, 11, 'active', {WHEN})",
    "INSERT INTO games (id, guild_id, channel_id, gm_user_id, name, status, settings, seed,"
    " version, created_at, end_kind, scoring, match_id) "
    f"VALUES (1, 1, 10, 100, 'g', 'ended', '{{}}', 7, 3, {WHEN}, 'draw', 'sum_of_squares', 1)",
    "INSERT INTO players (id, game_id, user_id, status, preferences, joined_at,"
    " reads_private_threads) "
    f"VALUES (1, 1, 200, 'replaced', '[]', {WHEN}, false)",
    "INSERT INTO phases (id, game_id, seq, code, position, started_at) "
    f"VALUES (1, 1, 0, 'S1901M', '{{}}', {WHEN})",
    "INSERT INTO votes (id, game_id, phase_id, kind, anonymous, status, created_at) "
    f"VALUES (1, 1, 1, 'shorten', false, 'lapsed', {WHEN})",
    "INSERT INTO proxy_grants (id, game_id, power, grantee_user_id, granted_at, end_reason) "
    f"VALUES (1, 1, 'FRANCE', 200, {WHEN}, 'civil_disorder')",
    "INSERT INTO outbox (id, game_id, kind, payload, created_at, attempts, steps_done) "
    f"VALUES (1, 1, 'vote_closed', '{{}}', {WHEN}, 0, 0)",
)


@pytest.fixture
async def sessions(db_url):
    await storage.migrate(db_url)
    engine = create_engine(db_url)
    try:
        yield session_factory(engine)
    finally:
        await engine.dispose()


async def test_issue17_words_written_as_plain_strings_read_back_as_their_enums(sessions):
    async with sessions() as s, s.begin():
        for statement in PLAIN_ROWS:
            await s.execute(text(statement))
    async with sessions() as s:
        game = await s.get(GameRow, 1)
        match = await s.get(MatchRow, 1)
        player = await s.get(PlayerRow, 1)
        vote = await s.get(VoteRow, 1)
        grant = await s.get(ProxyGrantRow, 1)
        event = await s.get(OutboxRow, 1)
    read = {
        game.status: GameStatus.ENDED,
        game.end_kind: EndKind.DRAW,
        game.scoring: Scoring.SUM_OF_SQUARES,
        match.status: GameStatus.ACTIVE,
        player.status: PlayerStatus.REPLACED,
        vote.kind: VoteKind.SHORTEN,
        vote.status: VoteStatus.LAPSED,
        grant.end_reason: ProxyEnd.CIVIL_DISORDER,
        event.kind: EventKind.VOTE_CLOSED,
    }
    for got, wanted in read.items():
        assert got is wanted and type(got) is type(wanted)


async def test_issue17_enums_are_stored_as_the_same_plain_strings(sessions):
    async with sessions() as s, s.begin():
        for statement in PLAIN_ROWS:
            await s.execute(text(statement))
    async with sessions() as s, s.begin():
        game = await s.get(GameRow, 1)
        game.status, game.end_kind, game.scoring = GameStatus.ACTIVE, None, Scoring.HAYNES
        player = await s.get(PlayerRow, 1)
        player.status = PlayerStatus.KICKED
        vote = await s.get(VoteRow, 1)
        vote.kind, vote.status = VoteKind.PAUSE, VoteStatus.PASSED
        grant = await s.get(ProxyGrantRow, 1)
        grant.end_reason = ProxyEnd.GAME_OVER
        event = await s.get(OutboxRow, 1)
        event.kind = EventKind.SETTING_CHANGED
    async with sessions() as s:
        raw = (
            await s.execute(
                text(
                    "SELECT g.status, g.end_kind, g.scoring, p.status, v.kind, v.status,"
                    " x.end_reason, o.kind FROM games g, players p, votes v,"
                    " proxy_grants x, outbox o"
                )
            )
        ).one()
    assert tuple(raw) == (
        "active",
        None,
        "haynes",
        "kicked",
        "pause",
        "passed",
        "game_over",
        "setting_changed",
    )


async def test_issue17_a_word_outside_the_enum_is_refused_before_it_is_stored(sessions):
    from sqlalchemy.exc import StatementError

    async with sessions() as s, s.begin():
        for statement in PLAIN_ROWS:
            await s.execute(text(statement))
    with pytest.raises(StatementError):
        async with sessions() as s, s.begin():
            game = await s.get(GameRow, 1)
            game.status = "finished"


def test_issue17_the_enums_old_homes_name_the_same_enums():
    from bot.service.endings import _votes as votes
    from bot.service.events import _events as events
    from bot.service.kernel import _game_settings as game_settings
    from bot.service.kernel import _proxies as proxies
    from bot.service.kernel import _views as views

    assert views.GameStatus is GameStatus and views.PlayerStatus is PlayerStatus
    assert votes.VoteKind is VoteKind and votes.VoteStatus is VoteStatus
    assert proxies.ProxyEnd is ProxyEnd and events.EventKind is EventKind
    assert game_settings.Scoring is Scoring
