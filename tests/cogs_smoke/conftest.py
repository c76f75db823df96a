"""The fixture of the smoke tests of the fake's stricter rules
(tests/cogs_smoke/test_fake_discord_*.py): the tiny bot of strict_bot.py, running."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from tests.cogs_smoke.strict_bot import running
from tests.fake_discord import Driver, FakeDiscord
from tests.fake_discord.plugin import fake_discord  # noqa: F401  (fixture)


@pytest_asyncio.fixture
async def driver_default(fake_discord: FakeDiscord) -> AsyncIterator[Driver]:  # noqa: F811
    async with running(fake_discord) as driver:
        yield driver
