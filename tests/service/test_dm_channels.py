"""Each user's DM channel with the bot, kept (issue 32: "A DM costs one request. Keep each
player's DM channel id (Discord's "create DM" answer) in the database and post to it
directly; open it again only when Discord says it is gone"). On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

from bot.service import open_service
from tests.conftest import T0

ALICE, BOB = 2001, 2002


async def test_a_dm_channel_opened_is_kept_for_the_next_process(service, migrated_db_url):
    assert await service.reach.dm_channel(ALICE) is None
    await service.reach.dm_channel_opened(ALICE, 91, T0)
    await service.reach.dm_channel_opened(BOB, 92, T0)
    assert await service.reach.dm_channel(ALICE) == 91
    later = await open_service(migrated_db_url)  # a restart, or another process
    try:
        assert await later.reach.dm_channel(ALICE) == 91
        assert await later.reach.dm_channel(BOB) == 92
    finally:
        await later.store.db.dispose()


async def test_a_dm_channel_opened_again_replaces_the_one_kept(service):
    await service.reach.dm_channel_opened(ALICE, 91, T0)
    await service.reach.dm_channel_opened(ALICE, 93, T0 + timedelta(days=1))
    assert await service.reach.dm_channel(ALICE) == 93


async def test_a_dm_channel_gone_is_forgotten_unless_another_was_kept_since(service):
    """Discord said the channel is gone: it is forgotten. Two processes may both meet it;
    the one that opened the new channel first keeps it, the other's word about the old
    channel does not erase it."""
    await service.reach.dm_channel_opened(ALICE, 91, T0)
    await service.reach.dm_channel_opened(ALICE, 93, T0)  # another process, reopened
    await service.reach.dm_channel_gone(ALICE, 91)  # the slower one, about the old one
    assert await service.reach.dm_channel(ALICE) == 93
    await service.reach.dm_channel_gone(ALICE, 93)
    assert await service.reach.dm_channel(ALICE) is None
    await service.reach.dm_channel_gone(BOB, 92)  # never kept: nothing to forget
    assert await service.reach.dm_channel(BOB) is None
