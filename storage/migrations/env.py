"""Alembic environment: always run programmatically by `storage.migrate` on a
connection it passes in (`config.attributes["connection"]`)."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import storage.models  # noqa: F401  (registers the tables on the metadata)

target_metadata = SQLModel.metadata

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through storage.migrate(url)")

context.configure(
    connection=connection,
    target_metadata=target_metadata,
    compare_type=True,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()
