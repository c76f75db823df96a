"""One dipgm bot process for the tests that kill one (tests/cogs/test_created_once.py):

    python -m tests.cogs.bot_process API_BASE_URL DATABASE_URL CLOCK_FILE HEARTBEAT_FILE

The real bot, scheduler-only (`GATEWAY=false`: it adjudicates and delivers over REST,
as `python -m bot --no-gateway` does), against the fake Discord the test serves at
API_BASE_URL, on the test's database. Its clock is the test's: the UTC time written
in CLOCK_FILE (ISO 8601), read afresh each time the bot asks, so that the test moves
time for every process it starts, as one clock on the wall does."""

from __future__ import annotations

import asyncio
import logging
import sys
from datetime import datetime
from pathlib import Path

from discord.http import Route

from bot.client import DipBot
from bot.service import open_service
from bot.settings import Settings
from tests.fake_discord.world import BOT_TOKEN


def file_clock(path: Path):
    def now() -> datetime:
        return datetime.fromisoformat(path.read_text().strip())

    return now


async def serve(base_url: str, database_url: str, clock_file: Path, heartbeat: Path) -> None:
    Route.BASE = base_url
    settings = Settings(
        _env_file=None,
        DISCORD_TOKEN=BOT_TOKEN,
        DATABASE_URL=database_url,
        TICK_SECONDS=0.05,
        HEARTBEAT_FILE=str(heartbeat),
        GATEWAY=False,
    )
    service = await open_service(database_url)
    try:
        async with DipBot(settings, service, clock=file_clock(clock_file)) as bot:
            await bot.serve_without_gateway(BOT_TOKEN)
    finally:
        await service.store.db.dispose()


def main(argv: list[str]) -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    base_url, database_url, clock_file, heartbeat = argv
    asyncio.run(serve(base_url, database_url, Path(clock_file), Path(heartbeat)))


if __name__ == "__main__":
    main(sys.argv[1:])
