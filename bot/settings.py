"""Configuration from the environment or a `.env` file: one typed Settings object."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///./data/dipgm.sqlite3"


class Settings(BaseSettings):
    """Everything the bot reads from outside. Built once in `__main__` and passed down."""

    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: SecretStr | None = Field(default=None, alias="DISCORD_TOKEN")
    database_url: str = Field(default=DEFAULT_DATABASE_URL, alias="DATABASE_URL")
    dev_guild_id: int | None = Field(default=None, alias="DEV_GUILD_ID")
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    gm_role_name: str = Field(default="GM", alias="GM_ROLE_NAME")
    tick_seconds: float = Field(default=5.0, alias="TICK_SECONDS", gt=0)
    # The delivery loop touches this file every round; `python -m bot healthcheck`
    # (the container's HEALTHCHECK) fails when it is older than `healthcheck_max_age`.
    heartbeat_file: Path = Field(default=Path("./data/heartbeat"), alias="HEARTBEAT_FILE")
    healthcheck_max_age: float = Field(default=120.0, alias="HEALTHCHECK_MAX_AGE", gt=0)
    map_palette: str = Field(default="classic", alias="MAP_PALETTE")
    # Outbox events delivered this many days ago are deleted (by the delivery loop,
    # hourly); the game itself is kept whole in its own tables. At most a century,
    # which dates can still be counted back from.
    outbox_keep_days: float = Field(default=30.0, alias="OUTBOX_KEEP_DAYS", ge=0, le=36_500)
