"""Issue 31's quickness (migration 0020, `phases.ready`) from a 0019 database: its phases
come through unchanged with no ready list (NULL: "not known", never an empty list, which
would read as "nobody was ready"); a list is kept as written; and back down to 0019,
nothing else lost."""

from __future__ import annotations

from datetime import UTC, datetime

from alembic import command
from sqlalchemy import JSON, bindparam, inspect, text

from storage.db import create_engine
from storage.schema import alembic_config
from storage.types import UTCDateTime

AT = datetime(2026, 1, 1, 12, tzinfo=UTC)
PHASES = "SELECT id, game_id, seq, code, position, adjudicated_at FROM phases ORDER BY id"


def _to(revision: str):
    return lambda connection: command.upgrade(alembic_config(connection), revision)


def _down_to(revision: str):
    return lambda connection: command.downgrade(alembic_config(connection), revision)


def _columns(connection) -> set[str]:
    return {c["name"] for c in inspect(connection).get_columns("phases")}


async def _phases(conn) -> list[tuple]:
    result = await conn.execute(text(PHASES).columns(position=JSON, adjudicated_at=UTCDateTime))
    return [tuple(r) for r in result.all()]


async def test_issue31_0020_brings_a_0019_databases_phases_through_with_no_ready_list(db_url):
    engine = create_engine(db_url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(_to("0019"))
            assert "ready" not in await conn.run_sync(_columns)
            await conn.execute(
                text(
                    "INSERT INTO games (id, guild_id, channel_id, gm_user_id, name, status,"
                    " settings, seed, version, created_at) VALUES (1, 1, 1, 1, 'g', 'active',"
                    " '{}', 1, 0, :t)"
                ).bindparams(bindparam("t", type_=UTCDateTime)),
                {"t": AT},
            )
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
            await conn.run_sync(_to("0020"))
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
            await conn.run_sync(_down_to("0019"))
            assert "ready" not in await conn.run_sync(_columns)
            assert await _phases(conn) == before
    finally:
        await engine.dispose()
