"""One bot process of `benchmarks/burst.py --processes N`: `python -m bot --no-gateway`
itself, the real launcher with its settings from the environment, pointed at the fake
Discord and given the benchmark's clock.

    BURST_API=http://127.0.0.1:PORT/api/v10 BURST_CLOCK=FILE BURST_T0=ISO \\
        DATABASE_URL=… DISCORD_TOKEN=… python benchmarks/burst_bot.py

Two things differ from production, both outside dipgm's code: discord.py's API base is
the fake's (`Route.BASE`, as tests/fake_discord's `run_bot` sets it), and the bot's
clock stands still at BURST_T0 (the moment the games were set up) until the benchmark
writes the moment the games fell due into BURST_CLOCK, then runs on from that moment
with real time, as the in-process benchmark's `Clock` does.
"""

from __future__ import annotations

import os
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import discord.http  # noqa: E402

import bot.client  # noqa: E402
from bot.__main__ import main  # noqa: E402

if TYPE_CHECKING:
    from bot.client import DipBot
    from bot.service import GameService
    from bot.settings import Settings


class FileClock:
    """Still at `t0` until `path` holds "DUE_ISO EPOCH": then `due` plus the real time
    since EPOCH (the same moment in every process)."""

    def __init__(self, path: Path, t0: datetime) -> None:
        self.path = path
        self.t0 = t0
        self.due: datetime | None = None
        self.epoch = 0.0

    def __call__(self) -> datetime:
        if self.due is None:
            try:
                due, epoch = self.path.read_text().split()
            except (OSError, ValueError):
                return self.t0
            self.due, self.epoch = datetime.fromisoformat(due), float(epoch)
        return self.due + timedelta(seconds=time.time() - self.epoch)


def run() -> int:
    discord.http.Route.BASE = os.environ["BURST_API"]
    t0 = datetime.fromisoformat(os.environ["BURST_T0"])
    clock = FileClock(Path(os.environ["BURST_CLOCK"]), t0)
    make_bot = bot.client.make_bot

    def with_the_benchmarks_clock(
        settings: Settings, service: GameService, **kwargs: Any
    ) -> DipBot:
        return make_bot(settings, service, clock=clock, **kwargs)

    bot.client.make_bot = with_the_benchmarks_clock
    return main(["--no-gateway"])


if __name__ == "__main__":
    sys.exit(run())
