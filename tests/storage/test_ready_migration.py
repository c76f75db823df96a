"""Issue 31's quickness (migration 0020, `phases.ready`) from a 0019 database: its phases
come through unchanged with no ready list (NULL: "not known", never an empty list, which
would read as "nobody was ready"); a list is kept as written; and back down to 0019,
nothing else lost."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import JSON, bindparam, text

from storage.db import create_engine
from storage.types import UTCDateTime
from tests.storage.migration_steps import add_game, columns, down_to, to

AT = datetime(2026, 1, 1, 12, tzinfo=UTC)
PHASES = "SELECT id, game_id, seq, code, position, adjudicated_at FROM phases ORDER BY id"


async def _phases(conn) -> list[tuple]:
    result = await conn.execute(text(PHASES).columns(position=JSON, adjudicated_at=UTCDateTime))
    return [tuple(r) for r in result.all()]


async def test_issue31_0020_brings_a_0019_databases_phases_through_with_no_ready_list(db_url):
    engine = create_engine(db_url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(to("0019"))
            assert "ready" not in await conn.run_sync(columns("phases"))
            await add_game(conn, AT, {})
            for seq, code, played in ((0, "S1901M", AT), (1, "F1901M", None)):
                await conn.execute(
                    text(
                        "INSERT INTO phases (game_id, seq, code, position, started_at,"
                        " adjudicated_at) VALUES (1, :q, :c, :p, :t, :a)"
                    ).bindparams(
                        bindparam("p", type_=JSON),
                        bindparam("t", type_=UTCDateTime),
                        bindparam("a", type_=UTCDateTime),
                    ),
                    {"q": seq, "c": code, "p": {"phase": code}, "t": AT, "a": played},
                )
            before = await _phases(conn)
            await conn.run_sync(to("0020"))
            assert await _phases(conn) == before
            # SQL NULL, not JSON's null nor an empty list: "not known".
            unknown = await conn.execute(text("SELECT count(*) FROM phases WHERE ready IS NULL"))
            assert unknown.scalar() == 2
            await conn.execute(
                text("UPDATE phases SET ready = :r WHERE seq = 0").bindparams(
                    bindparam("r", type_=JSON)
                ),
                {"r": ["FRANCE"]},
            )
            kept = await conn.execute(
                text("SELECT ready FROM phases WHERE seq = 0").columns(ready=JSON)
            )
            assert kept.scalar() == ["FRANCE"]
            await conn.run_sync(down_to("0019"))
            assert "ready" not in await conn.run_sync(columns("phases"))
            assert await _phases(conn) == before
    finally:
        await engine.dispose()
