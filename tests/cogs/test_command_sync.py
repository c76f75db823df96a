"""Slash commands are registered when they changed (a hash kept in the database) or
when asked (`python -m bot sync`), in one scope at a time (issue 19)."""

from __future__ import annotations

from pathlib import Path

import pytest
from discord.http import Route

from bot.__main__ import sync
from bot.client import EXTENSIONS, DipBot
from bot.service import GameService
from tests.cogs.conftest import Clock, make_settings
from tests.fake_discord import FakeDiscord


@pytest.fixture(autouse=True)
def unlimited_registration(fake: FakeDiscord) -> None:
    """These tests register several times a minute on purpose, which Discord's limit on
    command registration (the fake's too) would slow to one minute per pair."""
    limits = getattr(fake, "rate_limits", None)
    if limits is not None:
        limits.routes = {k: v for k, v in limits.routes.items() if "commands" not in k[1]}


def names(commands: list[dict]) -> set[str]:
    return {c["name"] for c in commands}


async def start(fake: FakeDiscord, bot: DipBot) -> str:
    async with fake.run_bot(bot):
        pass
    assert bot.sync_outcome is not None
    return bot.sync_outcome.describe()


async def test_a_second_start_registers_nothing(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    settings = make_settings(tmp_path)
    said = await start(fake, DipBot(settings, service, clock=clock))
    assert "first registration" in said
    assert {"game", "orders", "gm", "help"} <= names(fake.world.global_commands)
    fake.world.global_commands = []  # were anything sent again, it would be back
    said = await start(fake, DipBot(settings, service, clock=clock))
    assert "unchanged" in said and fake.world.global_commands == []


async def test_a_changed_tree_is_registered_again(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    settings = make_settings(tmp_path)
    fewer = tuple(e for e in EXTENSIONS if e != "cogs.help")
    await start(fake, DipBot(settings, service, clock=clock, extensions=fewer))
    assert "help" not in names(fake.world.global_commands)
    said = await start(fake, DipBot(settings, service, clock=clock))
    assert "the commands changed" in said
    assert "help" in names(fake.world.global_commands)


async def test_switching_scope_leaves_nothing_behind(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    """Global → a development server → global: each time the other scope is emptied,
    so no server shows a command twice."""
    settings = make_settings(tmp_path)
    guild = fake.guild.id
    await start(fake, DipBot(settings, service, clock=clock))
    assert names(fake.world.global_commands) and not fake.world.guild_commands.get(guild)

    dev = settings.model_copy(update={"dev_guild_id": guild})
    said = await start(fake, DipBot(dev, service, clock=clock))
    assert "scope changed" in said and "emptied: global" in said
    assert fake.world.global_commands == []
    assert {"game", "gm", "help"} <= names(fake.world.guild_commands[guild])

    said = await start(fake, DipBot(settings, service, clock=clock))
    assert f"emptied: server {guild}" in said
    assert fake.world.guild_commands[guild] == []
    assert {"game", "gm", "help"} <= names(fake.world.global_commands)


async def test_the_sync_command_registers_even_if_unchanged(
    fake: FakeDiscord, service: GameService, clock: Clock, tmp_path: Path
) -> None:
    settings = make_settings(tmp_path)
    await start(fake, DipBot(settings, service, clock=clock))
    fake.world.global_commands = []
    saved = Route.BASE
    Route.BASE = fake.base_url
    try:
        outcome = await sync(settings)  # `python -m bot sync`: REST only
    finally:
        Route.BASE = saved
    assert outcome is not None and "asked for" in outcome.describe()
    assert {"game", "gm", "help"} <= names(fake.world.global_commands)
    assert fake.gateway.session is None  # no gateway session for that
