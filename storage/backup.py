"""Backups and moving databases: `python -m bot backup PATH`, `python -m bot migrate-to URL`.

A backup is one SQLite file holding the whole database as of one moment, safe to take
while the bot runs:

* from SQLite, by SQLite's online backup API (the stock `sqlite3` module): it reads one
  consistent snapshot while the bot goes on writing (WAL mode lets both proceed);
* from PostgreSQL, by copying every table into a new SQLite file inside one
  REPEATABLE READ transaction, which sees one snapshot too. (`pg_dump` is the usual
  tool there; this gives a file any dipgm can open, or `migrate-to` back.)

A backup is written beside PATH and renamed into place only when complete and checked,
so an interrupted backup never leaves a half file under the name asked for.

`migrate-to` copies every table to an empty database (normally SQLite → PostgreSQL),
brought first to the newest schema, then moves PostgreSQL's id sequences past the
copied ids and compares the row counts. The bot must be stopped meanwhile: what it
wrote during the copy would stay behind.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import func, insert, inspect, select, text
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlmodel import SQLModel

import storage.models  # noqa: F401  (registers the tables on the metadata)
from storage.db import create_engine
from storage.schema import migrate_engine

log = logging.getLogger(__name__)

BATCH = 1000
SKIPPED_TABLES = frozenset({"alembic_version"})


class BackupError(Exception):
    """Something the operator must fix; the message says what."""


@dataclass(frozen=True, slots=True)
class CopyReport:
    rows: dict[str, int]  # table → rows copied
    schema: str | None  # the alembic revision of the copy

    def describe(self) -> str:
        games = self.rows.get("games", 0)
        total = sum(self.rows.values())
        return f"{games} games, {total} rows in {len(self.rows)} tables, schema {self.schema}"


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL; None for another database (or an in-memory one)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def _prepare_target(path: Path) -> Path:
    if path.exists():
        raise BackupError(f"{path} exists already: choose a new file name")
    if not path.parent.is_dir():
        raise BackupError(f"no directory {path.parent} to write {path.name} into")
    partial = path.with_name(path.name + ".partial")
    partial.unlink(missing_ok=True)
    return partial


def _check_copy(path: Path) -> None:
    """One self-contained file (no WAL beside it, which a rename would leave behind),
    and sound."""
    db = sqlite3.connect(path)
    try:
        db.execute("PRAGMA journal_mode=DELETE")
        verdict = db.execute("PRAGMA quick_check").fetchone()[0]
    finally:
        db.close()
    if verdict != "ok":
        raise BackupError(f"the copy failed SQLite's check: {verdict}")


async def backup(url: str, path: Path) -> CopyReport:
    """Write the database at `url` as of one moment into the new SQLite file `path`."""
    partial = _prepare_target(path)
    try:
        source = sqlite_path(url)
        if source is not None:
            if not source.is_file():
                raise BackupError(f"no database at {source}")
            # In a worker thread: the bot's own loop (or a test's) keeps running.
            await asyncio.to_thread(_sqlite_backup, source, partial)
        else:
            await _copy_url(url, f"sqlite+aiosqlite:///{partial}", snapshot=True)
        await asyncio.to_thread(_check_copy, partial)
        os.replace(partial, path)
    finally:
        for leftover in ("", "-wal", "-shm", "-journal"):
            partial.with_name(partial.name + leftover).unlink(missing_ok=True)
    return await describe(f"sqlite+aiosqlite:///{path}")


def _sqlite_backup(source: Path, target: Path) -> None:
    """SQLite's online backup API, all pages in one step: a read transaction on one
    snapshot, which in WAL mode neither blocks the bot's writes nor is disturbed by
    them."""
    src = sqlite3.connect(source, timeout=15)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        dst.close()
        src.close()


async def migrate_to(source_url: str, target_url: str) -> CopyReport:
    """Copy every table of `source_url` into the empty database `target_url`."""
    if make_url(source_url).render_as_string() == make_url(target_url).render_as_string():
        raise BackupError("the target is the database dipgm uses now")
    return await _copy_url(source_url, target_url, snapshot=False)


async def _copy_url(source_url: str, target_url: str, *, snapshot: bool) -> CopyReport:
    source = create_engine(source_url)
    target = create_engine(target_url)
    try:
        await _refuse_unless_empty(target)
        # Both at the newest schema, so the same tables and columns on each side (the
        # bot would bring the source there at its next start anyway).
        if not snapshot:
            await migrate_engine(source)
        await migrate_engine(target)
        async with source.connect() as src:
            if snapshot and src.dialect.name == "postgresql":
                src = await src.execution_options(isolation_level="REPEATABLE READ")
            async with target.begin() as dst:
                rows = await _copy_tables(src, dst)
                await dst.run_sync(_move_sequences_past_ids)
            await src.rollback()
        report = await _describe_engine(target)
        if report.rows != rows:
            raise BackupError(f"row counts differ after the copy: {report.rows} != {rows}")
        return report
    finally:
        await source.dispose()
        await target.dispose()


async def _refuse_unless_empty(engine: AsyncEngine) -> None:
    async with engine.connect() as conn:
        tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
        used = []
        for table in SQLModel.metadata.sorted_tables:
            if table.name in tables:
                count = (await conn.execute(select(func.count()).select_from(table))).scalar()
                if count:
                    used.append(f"{table.name} ({count} rows)")
    if used:
        raise BackupError(
            "the target database is not empty: " + ", ".join(used) + ". dipgm copies only "
            "into an empty database, so that nothing is overwritten or mixed."
        )


async def _copy_tables(src, dst) -> dict[str, int]:
    rows: dict[str, int] = {}
    # Parents before children (foreign keys), each in primary-key order.
    for table in SQLModel.metadata.sorted_tables:
        if table.name in SKIPPED_TABLES:
            continue
        copied = 0
        result = await src.stream(select(table).order_by(*table.primary_key.columns))
        async for batch in result.mappings().partitions(BATCH):
            await dst.execute(insert(table), [dict(r) for r in batch])
            copied += len(batch)
        rows[table.name] = copied
    return rows


def _move_sequences_past_ids(conn: Connection) -> None:
    """PostgreSQL hands out ids from a sequence that the copied rows did not advance:
    without this the first new game would collide with game 1."""
    if conn.dialect.name != "postgresql":
        return
    for table in SQLModel.metadata.sorted_tables:
        id_column = table.columns.get("id")
        if id_column is None or not id_column.primary_key or table.name in SKIPPED_TABLES:
            continue
        conn.execute(
            text(
                "SELECT setval(pg_get_serial_sequence(:table, 'id'), "
                f"COALESCE((SELECT MAX(id) FROM {table.name}), 0) + 1, false)"
            ),
            {"table": table.name},
        )


async def describe(url: str) -> CopyReport:
    engine = create_engine(url)
    try:
        return await _describe_engine(engine)
    finally:
        await engine.dispose()


async def _describe_engine(engine: AsyncEngine) -> CopyReport:
    rows: dict[str, int] = {}
    async with engine.connect() as conn:
        tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
        for table in SQLModel.metadata.sorted_tables:
            if table.name in tables and table.name not in SKIPPED_TABLES:
                rows[table.name] = (
                    await conn.execute(select(func.count()).select_from(table))
                ).scalar_one()
        schema = None
        if "alembic_version" in tables:
            schema = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar()
    return CopyReport(rows, schema)
