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

import pytest
import pytest_asyncio

from .rate_limits import TEST_TIME_SCALE
from .server import FakeDiscord


def time_scale(request: pytest.FixtureRequest) -> float:
    """The rate limits' windows for this test: Discord's own for a test marked
    `real_rate_limits` (it tests them), else scaled down (rate_limits.TEST_TIME_SCALE):
    the same counts, so buckets still fill and discord.py still waits, only shorter."""
    return 1.0 if request.node.get_closest_marker("real_rate_limits") else TEST_TIME_SCALE


@pytest_asyncio.fixture
async def fake_discord(request: pytest.FixtureRequest) -> AsyncIterator[FakeDiscord]:
    """A started fake Discord with the default world (see :class:`FakeDiscord`)."""
    fake = FakeDiscord(time_scale=time_scale(request))
    await fake.start()
    try:
        yield fake
    finally:
        await fake.close()
