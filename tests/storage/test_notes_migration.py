"""Issue 31's private notes (migration 0016), tested from the revision before: a game
stored at 0015 is kept as it was, gets a table of notes with room for a player's notes
in it, and 0016's downgrade takes the table away again, leaving the game."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import bindparam, text

from storage.db import create_engine
from storage.types import UTCDateTime
from tests.storage.migration_steps import add_game, down_to, tables, to

MOMENT = datetime(2026, 1, 1, tzinfo=UTC)


async def test_issue31_0016_adds_the_notes_table_to_a_0015_database_and_takes_it_away(db_url):
    engine = create_engine(db_url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(to("0015"))
            assert "notes" not in await conn.run_sync(tables)
            await add_game(conn, MOMENT, {})
            await conn.run_sync(to("0016"))
            assert "notes" in await conn.run_sync(tables)
            await conn.execute(
                text(
                    "INSERT INTO notes (game_id, user_id, phase, text, written_at)"
                    " VALUES (1, :u, 'S1901M', :x, :t)"
                ).bindparams(bindparam("t", type_=UTCDateTime)),
                {"u": 2**62, "x": "é" * 3000, "t": MOMENT},
            )
            kept = (await conn.execute(text("SELECT user_id, text FROM notes"))).one()
            assert kept == (2**62, "é" * 3000)  # a Discord id, long text
            await conn.run_sync(down_to("0015"))
            assert "notes" not in await conn.run_sync(tables)
            games = (await conn.execute(text("SELECT id, name FROM games"))).all()
    finally:
        await engine.dispose()
    assert games == [(1, "g")]
