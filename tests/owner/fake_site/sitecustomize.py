"""Loaded at interpreter start by a bot process a test launches with this folder on
PYTHONPATH: points discord.py at the fake Discord of the test (FAKE_DISCORD_API and
FAKE_DISCORD_GATEWAY) instead of discord.com. Test-only; never shipped."""

import os

if os.environ.get("FAKE_DISCORD_API"):
    import discord.gateway
    import discord.http
    import yarl

    discord.http.Route.BASE = os.environ["FAKE_DISCORD_API"]
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["FAKE_DISCORD_GATEWAY"])
