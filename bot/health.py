"""What `python -m bot healthcheck` (the container's HEALTHCHECK) looks at.

Two files beside each other: the heartbeat the delivery loop touches every round
(`HEARTBEAT_FILE`), and `<HEARTBEAT_FILE>.gateway`, which the client rewrites when a
gateway session connects or drops. A process is healthy while its loop beats and no
gateway session of it has been down for longer than `HEALTHCHECK_GATEWAY_MAX_DOWN`
(discord.py reconnects by itself; a session down for minutes means players' commands
and DMs go unanswered, which a restart may cure). A scheduler-only process
(`--no-gateway`) writes no gateway file.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

from bot.settings import Settings


def gateway_file(heartbeat: Path) -> Path:
    return heartbeat.with_name(heartbeat.name + ".gateway")


class GatewayWatch:
    """Which of this process's gateway sessions are down, and since when."""

    def __init__(
        self, heartbeat: Path, shards: tuple[int, ...], clock: Callable[[], float] = time.time
    ) -> None:
        self.path = gateway_file(heartbeat)
        self.clock = clock
        started = clock()
        # Not connected yet counts as down from the start: a process that never
        # reaches Discord turns unhealthy too.
        self.down_since: dict[int, float] = dict.fromkeys(shards, started)
        self._write()

    def connected(self, shard: int | None) -> None:
        if self.down_since.pop(shard or 0, None) is not None:
            self._write()

    def disconnected(self, shard: int | None) -> None:
        # A failed reconnection attempt is another disconnect: keep the first moment.
        if (shard or 0) not in self.down_since:
            self.down_since[shard or 0] = self.clock()
            self._write()

    def _write(self) -> None:
        data = {"down_since": {str(k): v for k, v in sorted(self.down_since.items())}}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        temporary = self.path.with_name(self.path.name + ".tmp")
        temporary.write_text(json.dumps(data))
        os.replace(temporary, self.path)

    @staticmethod
    def remove(heartbeat: Path) -> None:
        gateway_file(heartbeat).unlink(missing_ok=True)


def check(settings: Settings, now: float | None = None) -> tuple[bool, str]:
    """(healthy, why) from the heartbeat and the gateway file."""
    now = time.time() if now is None else now
    try:
        age = now - settings.heartbeat_file.stat().st_mtime
    except OSError:
        return False, f"no heartbeat file at {settings.heartbeat_file}"
    if age > settings.healthcheck_max_age:
        return False, f"last heartbeat {age:.0f} s ago"
    try:
        down = json.loads(gateway_file(settings.heartbeat_file).read_text())["down_since"]
    except (OSError, ValueError, KeyError, TypeError):
        down = {}  # scheduler-only, or an older process: the heartbeat alone decides
    longest = max((now - float(since) for since in down.values()), default=0.0)
    if longest > settings.gateway_max_down:
        shards = ", ".join(sorted(down))
        return False, f"gateway disconnected for {longest:.0f} s (shard {shards})"
    return True, f"last heartbeat {age:.0f} s ago"
