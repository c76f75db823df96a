"""Column types shared by the models, and the primary key's field."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import DateTime, Enum
from sqlalchemy.types import TypeDecorator
from sqlmodel import Field


class UTCDateTime(TypeDecorator):
    """A moment in time, stored as naive UTC, always returned timezone-aware (UTC).

    SQLite keeps no time zone, so the service's aware datetimes are normalised on the
    way in and re-labelled on the way out; comparisons in SQL then work on both databases.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("naive datetime given to the database; use UTC-aware times")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC)


def words(enum: type[StrEnum], length: int) -> Enum:
    """A column holding one of `enum`'s words: stored as its value in a VARCHAR of
    `length` (no database enum, no CHECK: the schema of the plain-string columns it
    replaced), read back as the enum member. A string outside the enum is refused
    before it reaches the database, and one found in it on reading too (LookupError,
    naming the word: a row edited by hand or written by a newer dipgm means what this
    code cannot say; tests/storage/test_fixed_word_columns.py)."""
    return Enum(
        enum,
        native_enum=False,
        create_constraint=False,
        length=length,
        values_callable=lambda members: [m.value for m in members],
        validate_strings=True,
    )


def row_id() -> Any:
    """A table's key, numbered by the database: `id: int = row_id()`.

    The attribute is None from the row's creation until the flush that inserts it, and
    an int from then on; it is typed by the second, what every row the code reads or
    passes on holds (a row built here is flushed before its id is used). The column is
    the same either way: a primary key is never NULL."""
    return Field(default=None, primary_key=True)
