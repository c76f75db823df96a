"""Schema migrations, applied at start-up so a server upgrading dipgm keeps its games."""

from __future__ import annotations

import functools
import logging
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

from storage.db import create_engine

log = logging.getLogger(__name__)

MIGRATIONS = Path(__file__).with_name("migrations")


def alembic_config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for the in-package migrations (no alembic.ini needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.cache
def newest_revision() -> str | None:
    """The migrations' one head, read from their files once per process."""
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def _upgrade(connection: Connection) -> None:
    # A database already at the newest schema (every start but an upgrade's) is only
    # asked its revision: Alembic's upgrade would read every migration file again.
    if MigrationContext.configure(connection).get_current_revision() == newest_revision():
        return
    command.upgrade(alembic_config(connection), "head")


async def migrate_engine(engine: AsyncEngine) -> None:
    """Bring the database behind `engine` to the newest schema."""
    async with engine.begin() as conn:
        await conn.run_sync(_upgrade)
    log.info("database schema is up to date")


async def migrate(url: str) -> None:
    """Bring the database at `url` to the newest schema (creating it if new)."""
    engine = create_engine(url)
    try:
        await migrate_engine(engine)
    finally:
        await engine.dispose()
