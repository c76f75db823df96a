"""`python -m bot` (or `dipgm`) runs dipgm; its subcommands look after one.

    python -m bot                  run the bot (`--no-gateway`: scheduler-only)
    python -m bot healthcheck      0 when a running bot is healthy (the container's check)
    python -m bot sync             register the slash commands now, even if unchanged
    python -m bot backup PATH      copy the database, as of one moment, into a new file
    python -m bot migrate-to URL   copy every table into another (empty) database

Start-up: settings from the environment (or `.env`), logging, the database brought
up to the newest schema, then the Discord client with its delivery loop. SIGTERM
(what `docker stop` sends) and SIGINT close the client cleanly.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from bot.settings import Settings, explain

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
    """0 when the delivery loop beats and no gateway session has been down for long
    (bot/health.py), else 1."""
    from bot.health import check

    healthy, why = check(settings)
    print(
        f"{'healthy' if healthy else 'unhealthy'}: {why}",
        file=sys.stdout if healthy else sys.stderr,
    )
    return 0 if healthy else 1


async def run(settings: Settings) -> None:
    """Open the service (migrations first), run the bot until closed, clean up."""
    # Imported here so that `--help`, a missing token and the healthcheck do not
    # pay for discord.py, SQLAlchemy and the rules engine.
    from bot.client import make_bot
    from bot.service import open_service

    assert settings.discord_token is not None
    token = settings.discord_token.get_secret_value()
    service = await open_service(settings.database_url, sandbox_cap=settings.sandbox_cap)
    client = make_bot(settings, service)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # not on Windows
            loop.add_signal_handler(sig, _stop, client, sig)
    try:
        async with client:
            if settings.gateway:
                await client.start(token)
            else:
                log.info("scheduler-only: no gateway session; adjudicating and delivering")
                await client.serve_without_gateway(token)
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            with contextlib.suppress(NotImplementedError):
                loop.remove_signal_handler(sig)
        await service.store.db.dispose()
        log.info("dipgm stopped")


def _stop(client, sig: signal.Signals) -> None:
    log.info("received %s; closing", sig.name)
    asyncio.get_running_loop().create_task(client.close())


async def sync(settings: Settings):
    """Register the slash commands now (over REST, no gateway session): after a failed
    registration, or when Discord's copy was changed by hand."""
    from bot.client import DipBot
    from bot.service import open_service

    assert settings.discord_token is not None
    service = await open_service(settings.database_url)
    rest_only = settings.model_copy(update={"gateway": False})
    client = DipBot(rest_only, service, run_delivery=False, force_sync=True)
    try:
        async with client:
            await client.login(settings.discord_token.get_secret_value())
        return client.sync_outcome
    finally:
        await service.store.db.dispose()


def _bot_running(settings: Settings) -> float | None:
    """The heartbeat's age when a bot on this data seems to be running."""
    try:
        age = time.time() - settings.heartbeat_file.stat().st_mtime
    except OSError:
        return None
    return age if age <= settings.healthcheck_max_age else None


def backup_command(settings: Settings, path: str) -> int:
    from storage.backup import BackupError, backup

    try:
        report = asyncio.run(backup(settings.database_url, Path(path)))
    except BackupError as exc:
        print(f"backup failed: {exc}", file=sys.stderr)
        return 1
    print(f"backup written to {path}: {report.describe()}")
    return 0


def migrate_to_command(settings: Settings, url: str) -> int:
    from storage.backup import BackupError, migrate_to

    try:
        # `_env_file` is pydantic-settings' own argument, which the fields' types leave out.
        Settings(_env_file=None, DATABASE_URL=url)  # type: ignore[call-arg]
    except ValidationError as exc:
        print(explain(exc).replace("DATABASE_URL", "URL"), file=sys.stderr)
        return 2
    age = _bot_running(settings)
    if age is not None:
        print(
            f"dipgm seems to be running (its heartbeat is {age:.0f} s old): stop it first, "
            "or what it writes during the copy stays behind.",
            file=sys.stderr,
        )
        return 1
    try:
        report = asyncio.run(migrate_to(settings.database_url, url))
    except BackupError as exc:
        print(f"migrate-to failed: {exc}", file=sys.stderr)
        return 1
    print(
        f"copied {report.describe()} to {_safe_url(url)}.\n"
        "Now set DATABASE_URL to that URL (in .env) and start dipgm; keep the old "
        "database as a backup."
    )
    return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="dipgm, a Diplomacy Games Master for Discord. Settings come from "
        "the environment or .env (README.md, Configure and run).",
    )
    parser.add_argument(
        "--no-gateway",
        action="store_true",
        help="scheduler-only: adjudicate and deliver over REST, open no gateway session "
        "(same as GATEWAY=false)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.add_parser("healthcheck", help="exit 0 when a running bot is healthy")
    commands.add_parser("sync", help="register the slash commands now, even if unchanged")
    backup = commands.add_parser(
        "backup", help="copy the database, as of one moment, into a new SQLite file"
    )
    backup.add_argument("path", help="the new file, for example backups/dipgm-2026-03-01.sqlite3")
    move = commands.add_parser(
        "migrate-to", help="copy every table into another, empty database (stop the bot first)"
    )
    move.add_argument("url", help="for example postgresql+asyncpg://dipgm:secret@host/dipgm")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(sys.argv[1:] if argv is None else argv)
    try:
        settings = Settings()
    except ValidationError as exc:
        print(explain(exc), file=sys.stderr)
        return 2
    if args.no_gateway:
        settings = settings.model_copy(update={"gateway": False})
    if args.command == "healthcheck":
        return healthcheck(settings)
    if args.command == "backup":
        return backup_command(settings, args.path)
    if args.command == "migrate-to":
        return migrate_to_command(settings, args.url)
    if settings.discord_token is None or not settings.discord_token.get_secret_value().strip():
        print(NO_TOKEN, file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    import discord

    try:
        if args.command == "sync":
            outcome = asyncio.run(sync(settings))
            print(outcome.describe() if outcome else "slash commands not registered")
            return 0
        log.info("starting dipgm; database %s", _safe_url(settings.database_url))
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
