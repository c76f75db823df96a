"""`python -m bot` runs dipgm; `python -m bot healthcheck` checks a running one.

Start-up: settings from the environment (or `.env`), logging, the database brought
up to the newest schema, then the Discord client with its delivery loop. SIGTERM
(what `docker stop` sends) and SIGINT close the client cleanly.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import sys
import time
from collections.abc import Sequence

from pydantic import ValidationError

from bot.settings import Settings
from storage.db import dispose_sqlite_twin

log = logging.getLogger("bot")

NO_TOKEN = """\
dipgm needs a Discord bot token, and DISCORD_TOKEN is not set.

To get one:
  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Put it in the environment, or in a .env file next to where you run dipgm:
       DISCORD_TOKEN=your-token-here
See "Setting dipgm up on Discord" in README.md for the permissions and the invite link.
"""


def configure_logging(level: str) -> None:
    logging.basicConfig(
        level=level.upper(),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
    )
    # discord.py's gateway chatter is useful only when debugging the connection.
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLogger().level))


def healthcheck(settings: Settings) -> int:
    """0 when the delivery loop touched the heartbeat file recently, else 1."""
    try:
        age = time.time() - settings.heartbeat_file.stat().st_mtime
    except OSError:
        print(f"unhealthy: no heartbeat file at {settings.heartbeat_file}", file=sys.stderr)
        return 1
    if age > settings.healthcheck_max_age:
        print(f"unhealthy: last heartbeat {age:.0f} s ago", file=sys.stderr)
        return 1
    print(f"healthy: last heartbeat {age:.0f} s ago")
    return 0


async def run(settings: Settings) -> None:
    """Open the service (migrations first), run the bot until closed, clean up."""
    # Imported here so that `--help`, a missing token and the healthcheck do not
    # pay for discord.py, SQLAlchemy and the rules engine.
    from bot.client import DipBot
    from bot.service import open_service

    assert settings.discord_token is not None
    service = await open_service(settings.database_url)
    client = DipBot(settings, service)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on Windows
            loop.add_signal_handler(sig, lambda s=sig: _stop(client, s))
    try:
        async with client:
            await client.start(settings.discord_token.get_secret_value())
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):
                loop.remove_signal_handler(sig)
        await service.db.dispose()
        dispose_sqlite_twin(service.db)
        log.info("dipgm stopped")


def _stop(client, sig: signal.Signals) -> None:
    log.info("received %s; closing", sig.name)
    asyncio.get_running_loop().create_task(client.close())


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help"):
        print("usage: python -m bot [healthcheck]")
        return 0
    try:
        settings = Settings()
    except ValidationError as exc:
        print(f"dipgm's configuration is invalid:\n{exc}", file=sys.stderr)
        return 2
    if args[:1] == ["healthcheck"]:
        return healthcheck(settings)
    if args:
        print(f"unknown command {args[0]!r}; usage: python -m bot [healthcheck]", file=sys.stderr)
        return 2
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(NO_TOKEN, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    log.info("starting dipgm; database %s", _safe_url(settings.database_url))
    import discord

    try:
        asyncio.run(run(settings))
    except discord.LoginFailure:
        print(
            "Discord refused DISCORD_TOKEN: reset the token in the developer portal "
            "and set the new one (see README.md).",
            file=sys.stderr,
        )
        return 1
    except OSError as exc:  # aiohttp's connection errors are OSErrors
        print(f"Cannot reach Discord: {exc}", file=sys.stderr)
        return 1
    return 0


def _safe_url(url: str) -> str:
    """The database URL without its password, for the log."""
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


if __name__ == "__main__":
    sys.exit(main())
