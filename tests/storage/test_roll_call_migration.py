"""Issue 31's roll-call (migration 0015) from a 0014 database: its games and players come
through unchanged, with no roll-call called, none to answer and nobody confirmed; their
settings read with the roll-call off. And back down to 0014, nothing else lost."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, bindparam, text

from bot.service.kernel import GameSettings
from storage.db import create_engine
from storage.types import UTCDateTime
from tests.storage.migration_steps import columns, down_to, to

AT = datetime(2026, 1, 1, 12, tzinfo=UTC)
GAMES = "SELECT id, name, status, settings, version, deadline_at FROM games ORDER BY id"
PLAYERS = "SELECT game_id, user_id, status, joined_at FROM players ORDER BY id"


async def _rows(conn, query: str) -> list[tuple]:
    result = await conn.execute(text(query).columns(settings=JSON))
    return [tuple(r) for r in result.all()]


async def test_issue31_0015_brings_a_0014_databases_games_through_unchanged(db_url):
    settings = GameSettings().model_dump(mode="json")
    assert "roll_call" not in settings  # left out at its default: as a 0014 dipgm wrote it
    engine = create_engine(db_url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(to("0014"))
            for game_id, status, deadline in ((1, "lobby", None), (2, "active", AT)):
                await conn.execute(
                    text(
                        "INSERT INTO games (id, guild_id, channel_id, gm_user_id, name, status,"
                        " settings, seed, version, created_at, deadline_at) VALUES (:i, 1, :c,"
                        " 9, 'g', :st, :s, 1, 3, :t, :d)"
                    ).bindparams(
                        bindparam("s", type_=JSON),
                        bindparam("t", type_=UTCDateTime),
                        bindparam("d", type_=UTCDateTime),
                    ),
                    {
                        "i": game_id,
                        "c": 10 + game_id,
                        "st": status,
                        "s": settings,
                        "t": AT,
                        "d": deadline,
                    },
                )
                await conn.execute(
                    text(
                        "INSERT INTO players (game_id, user_id, status, preferences, joined_at,"
                        " reads_private_threads) VALUES (:g, 5, 'joined', '[]', :t, false)"
                    ).bindparams(bindparam("t", type_=UTCDateTime)),
                    {"g": game_id, "t": AT},
                )
            games, players = await _rows(conn, GAMES), await _rows(conn, PLAYERS)
            await conn.run_sync(to("0015"))
            assert await _rows(conn, GAMES) == games
            assert await _rows(conn, PLAYERS) == players
            called = await conn.execute(
                text("SELECT roll_called_at, roll_call_until, roll_call_reminder_at FROM games")
            )
            assert called.all() == [(None, None, None)] * 2
            confirmed = await conn.execute(text("SELECT confirmed_at FROM players"))
            assert confirmed.all() == [(None,)] * 2
            assert not GameSettings.model_validate(games[0][3]).roll_call
            await conn.run_sync(down_to("0014"))
            assert "roll_call_until" not in await conn.run_sync(columns("games"))
            assert "confirmed_at" not in await conn.run_sync(columns("players"))
            assert await _rows(conn, GAMES) == games
            assert await _rows(conn, PLAYERS) == players
    finally:
        await engine.dispose()
