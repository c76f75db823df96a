"""Configuration from the environment or a `.env` file: one typed Settings object.

Every setting is checked when it is read, and a wrong one is reported by its name with
what is expected (`explain`), never with a traceback.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Annotated

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from storage.db import DEFAULT_URL

LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
# Discord: "Each shard can only support a maximum of 2500 guilds"; a community server
# needs one shard, and far more than this is a configuration mistake.
MAX_SHARDS = 1024


class Settings(BaseSettings):
    """Everything the bot reads from outside. Built once in `__main__` and passed down."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    database_url: str = Field(default=DEFAULT_URL, alias="DATABASE_URL")
    dev_guild_id: int | None = Field(default=None, alias="DEV_GUILD_ID", gt=0)
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    gm_role_name: str = Field(default="GM", alias="GM_ROLE_NAME", min_length=1, max_length=100)
    tick_seconds: float = Field(default=5.0, alias="TICK_SECONDS", gt=0)
    # The delivery loop touches this file every round; `python -m bot healthcheck`
    # (the container's HEALTHCHECK) fails when it is older than `healthcheck_max_age`,
    # or when the gateway has been disconnected for longer than `gateway_max_down`
    # (the client writes `<HEARTBEAT_FILE>.gateway` when it connects and disconnects).
    heartbeat_file: Path = Field(default=Path("./data/heartbeat"), alias="HEARTBEAT_FILE")
    healthcheck_max_age: float = Field(default=120.0, alias="HEALTHCHECK_MAX_AGE", gt=0)
    gateway_max_down: float = Field(default=300.0, alias="HEALTHCHECK_GATEWAY_MAX_DOWN", gt=0)
    map_palette: str = Field(default="classic", alias="MAP_PALETTE")
    # Outbox events delivered this many days ago are deleted (by the delivery loop,
    # hourly); the game itself is kept whole in its own tables. At most a century,
    # which dates can still be counted back from.
    outbox_keep_days: float = Field(default=30.0, alias="OUTBOX_KEEP_DAYS", ge=0, le=36_500)
    # Sharding (docs/OPERATIONS.md): SHARD_COUNT shards in all; this process opens the
    # gateway sessions of SHARD_IDS (default: all of them). Unset: no sharding.
    shard_count: int | None = Field(default=None, alias="SHARD_COUNT", ge=1, le=MAX_SHARDS)
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(default=None, alias="SHARD_IDS")
    # False: scheduler-only (`python -m bot --no-gateway`): adjudicates and delivers
    # over REST, never opens a gateway session, so it takes no commands or DMs.
    gateway: bool = Field(default=True, alias="GATEWAY")
    # Where `/help` sends people for the whole guide (this checkout's README, published
    # wherever the server owner keeps it). Unset: `/help` names the README only.
    readme_url: str | None = Field(default=None, alias="README_URL", pattern=r"^https?://\S+$")
    # How many sandboxes (issue 31: `/sandbox`, a private board to try moves on) each
    # user may keep; 0 turns them off. A sandbox unused for 30 days is deleted.
    sandbox_cap: int = Field(default=5, alias="SANDBOX_CAP", ge=0, le=100)

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        level = value.strip().upper()
        if level not in LOG_LEVELS:
            raise ValueError(f"use one of {', '.join(LOG_LEVELS)}")
        return level

    @field_validator("map_palette")
    @classmethod
    def _known_palette(cls, value: str) -> str:
        from render.palette import PALETTES

        if value not in PALETTES:
            raise ValueError(f"use one of {', '.join(sorted(PALETTES))}")
        return value

    @field_validator("database_url")
    @classmethod
    def _database_url(cls, value: str) -> str:
        from sqlalchemy.engine import make_url
        from sqlalchemy.exc import ArgumentError

        try:
            backend = make_url(value).get_backend_name()
        except ArgumentError:
            raise ValueError(
                "not a database URL; for example sqlite+aiosqlite:///./data/dipgm.sqlite3 "
                "or postgresql+asyncpg://user:password@host:5432/dipgm"
            ) from None
        if backend not in ("sqlite", "postgresql"):
            raise ValueError("dipgm runs on SQLite (sqlite+aiosqlite://…) or PostgreSQL")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _parse_shard_ids(cls, value: object) -> object:
        """`0,2,3` or `0-3` (or both: `0-1,4`); a list as it is."""
        if not isinstance(value, str):
            return value
        if not value.strip():
            return None
        ids: list[int] = []
        for raw in value.split(","):
            part = raw.strip()
            first, dash, last = part.partition("-")
            try:
                lo = int(first)
                hi = int(last) if dash else lo
            except ValueError:
                raise ValueError(f"{part!r} is not a shard id or a range like 0-3") from None
            if hi < lo:
                raise ValueError(f"the range {part} runs backwards")
            ids.extend(range(lo, hi + 1))
        return tuple(ids)

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT (the number of shards in all)")
        if len(set(self.shard_ids)) != len(self.shard_ids):
            raise ValueError("SHARD_IDS names a shard twice")
        wrong = [i for i in self.shard_ids if not 0 <= i < self.shard_count]
        if wrong:
            raise ValueError(
                f"SHARD_IDS {wrong} out of range: with SHARD_COUNT={self.shard_count} shard "
                f"ids run from 0 to {self.shard_count - 1}"
            )
        return self

    @property
    def process_shards(self) -> tuple[int, ...] | None:
        """The shards this process connects, in order; None when not sharded."""
        if self.shard_count is None:
            return None
        return self.shard_ids or tuple(range(self.shard_count))

    @property
    def takes_direct_messages(self) -> bool:
        """Discord delivers direct messages to shard 0 only (topics/gateway, Sharding:
        "DMs will only be sent to shard 0"): only the process holding it hears orders
        sent by DM."""
        shards = self.process_shards
        return self.gateway and (shards is None or 0 in shards)

    def log_level_number(self) -> int:
        return logging.getLevelName(self.log_level)


def explain(error: ValidationError) -> str:
    """One line per wrong setting, named as in the environment, with what is expected."""
    lines = []
    for item in error.errors(include_url=False):
        name = ".".join(str(part) for part in item["loc"])
        message = str(item["msg"]).removeprefix("Value error, ")
        given = item.get("input")
        if not name:  # a rule across settings: the message names them
            lines.append(f"  {message}")
            continue
        shown = "" if name == "DISCORD_TOKEN" or isinstance(given, dict) else f" (got {given!r})"
        lines.append(f"  {name}: {message}{shown}")
    return "dipgm's configuration is invalid:\n" + "\n".join(lines)
