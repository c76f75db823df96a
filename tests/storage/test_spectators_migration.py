"""Issue 31's spectators (migration 0017), tested from the revision before: a game stored
at 0016 is kept as it was and has no spectators; the table holds a member watching (a
Discord id, the GM's approval, the last phase told), one row per member and game; and
0017's downgrade takes the table away again, leaving the game."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import bindparam, text
from sqlalchemy.exc import IntegrityError

from storage.db import create_engine
from storage.types import UTCDateTime
from tests.storage.migration_steps import add_game, down_to, tables, to

MOMENT = datetime(2026, 1, 1, tzinfo=UTC)
WATCHING = (
    "INSERT INTO spectators (game_id, user_id, status, asked_at, approved_at, behind,"
    " told_seq, display_name, changed_at) VALUES (1, :u, 'watching', :t, :t, true, 3,"
    " 'Wanda', :t)"
)


async def test_issue31_0017_adds_the_spectators_table_to_a_0016_database_and_takes_it_away(
    db_url,
):
    engine = create_engine(db_url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(to("0016"))
            assert "spectators" not in await conn.run_sync(tables)
            await add_game(conn, MOMENT, {"variant": "kriegsplomacy"})
            await conn.run_sync(to("0017"))
            assert "spectators" in await conn.run_sync(tables)
            none = (await conn.execute(text("SELECT count(*) FROM spectators"))).scalar()
            watching = text(WATCHING).bindparams(bindparam("t", type_=UTCDateTime))
            await conn.execute(watching, {"u": 2**62, "t": MOMENT})
            kept = (
                await conn.execute(text("SELECT user_id, status, told_seq FROM spectators"))
            ).one()
            await conn.run_sync(down_to("0016"))
            assert "spectators" not in await conn.run_sync(tables)
            games = (await conn.execute(text("SELECT id, name FROM games"))).all()
    finally:
        await engine.dispose()
    assert none == 0
    assert tuple(kept) == (2**62, "watching", 3)
    assert games == [(1, "g")]


async def test_issue31_a_member_watches_a_game_once(db_url):
    engine = create_engine(db_url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(to("0017"))
            await add_game(conn, MOMENT, {})
            watching = text(WATCHING).bindparams(bindparam("t", type_=UTCDateTime))
            await conn.execute(watching, {"u": 5, "t": MOMENT})
            with pytest.raises(IntegrityError):
                async with conn.begin_nested():
                    await conn.execute(watching, {"u": 5, "t": MOMENT})
    finally:
        await engine.dispose()
