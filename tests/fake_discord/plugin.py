"""pytest fixtures for the fake Discord.

Use from a conftest::

    from tests.fake_discord.plugin import fake_discord  # noqa: F401

    @pytest_asyncio.fixture
    async def driver(fake_discord):
        async with fake_discord.run_bot(make_my_bot()) as driver:
            yield driver

Teardown of ``run_bot`` fails the test on any exception raised in the bot's
handlers or any refused request (limits, double acknowledgement, 3 s deadline).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from .server import FakeDiscord


@pytest_asyncio.fixture
async def fake_discord() -> AsyncIterator[FakeDiscord]:
    """A started fake Discord with the default world (see :class:`FakeDiscord`)."""
    fake = FakeDiscord()
    await fake.start()
    try:
        yield fake
    finally:
        await fake.close()
