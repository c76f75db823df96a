"""The loop that keeps games moving: every few seconds it drives the scheduler
(`tick(now)`: deadlines, reminders) and delivers the service's outbox to Discord.

An event is marked delivered only once Discord accepted every message of it; a
failure is recorded and the outbox offers the event again later, so nothing the
service decided is lost when Discord (or a DM) is unavailable for a while.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import logging
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import discord

from bot.discord_text import (
    MESSAGE_LIMIT,
    code_blocks,
    deadline_text,
    game_end_text,
    power_list,
    power_name,
    split_text,
)
from bot.errors import UserError
from bot.events import Event, EventKind
from bot.lookups import GameLookups
from bot.proxies import ProxyEnd
from bot.scheduler import Scheduler
from bot.vote_buttons import KIND_TITLES, closed_tally_text, vote_view

if TYPE_CHECKING:
    from bot.client import DipBot

log = logging.getLogger(__name__)

# A report longer than this many messages is attached as a text file instead.
MAX_REPORT_MESSAGES = 3
NO_PINGS = discord.AllowedMentions.none()


def pings_for(user_ids) -> discord.AllowedMentions:
    """Pings for exactly these users: whoever else a game's name or a player's text
    mentions (a user, a role, @everyone) is not pinged."""
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in sorted(set(user_ids))], roles=False, everyone=False
    )


def _when(payload: dict, key: str = "deadline") -> datetime | None:
    raw = payload.get(key)
    return datetime.fromisoformat(raw) if raw else None


class Delivery:
    """Drives `Scheduler.tick` and sends outbox events; one per bot process."""

    def __init__(
        self,
        client: DipBot,
        scheduler: Scheduler,
        lookups: GameLookups,
        clock: Callable[[], datetime],
        *,
        interval: float = 5.0,
        heartbeat: Path | None = None,
    ) -> None:
        self.client = client
        self.service = client.service
        self.scheduler = scheduler
        self.lookups = lookups
        self.clock = clock
        self.interval = interval
        self.heartbeat = heartbeat
        self._stopping = asyncio.Event()
        self.in_round = False
        self._handlers = {
            EventKind.GAME_STARTED: self._game_started,
            EventKind.POWER_ASSIGNED: self._power_assigned,
            EventKind.RESULTS: self._results,
            EventKind.ORDERS_NEEDED: self._orders_needed,
            EventKind.REMINDER: self._reminder,
            EventKind.NMR: self._nmr,
            EventKind.CIVIL_DISORDER: self._civil_disorder,
            EventKind.DEADLINE_CHANGED: self._deadline_changed,
            EventKind.PAUSED: self._paused,
            EventKind.RESUMED: self._resumed,
            EventKind.PLAYER_REPLACED: self._player_replaced,
            EventKind.PLAYER_KICKED: self._player_kicked,
            EventKind.VOTE_OPENED: self._vote_opened,
            EventKind.VOTE_CLOSED: self._vote_closed,
            EventKind.GAME_ENDED: self._game_ended,
            EventKind.ROLLED_BACK: self._rolled_back,
            EventKind.PROXY_ENDED: self._proxy_ended,
            EventKind.THREADS_SYNC: self._threads_sync,
        }

    async def run(self) -> None:
        """Until `stop()`: one round, then sleep. A failing round is logged, not fatal."""
        await self.client.wait_until_ready()
        while not self.client.is_closed() and not self._stopping.is_set():
            self.in_round = True
            try:
                await self.run_once()
            except Exception:
                log.exception("delivery round failed; trying again in %.0f s", self.interval)
            finally:
                self.in_round = False
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.interval)

    def stop(self) -> None:
        """Ask `run` to end after the round in progress (`in_round`). Cancelling a round
        could interrupt a database transaction half-way (the pool then logs a failed
        rollback) or a message half-sent; cancelling between rounds is harmless."""
        self._stopping.set()

    async def run_once(self) -> int:
        """Tick the scheduler, then deliver what is due. Returns events delivered."""
        now = self.clock()
        await self.scheduler.tick(now)
        delivered = 0
        for group in _groups(await self.service.pending_events(now)):
            try:
                if len(group) == 1:
                    await self.deliver(group[0])
                else:
                    await self._nmr_group(group)
            except (discord.HTTPException, UserError, OSError) as exc:
                # Discord refused or was unreachable (a closed DM, an outage): retry later.
                log.warning("events %s not delivered: %r", [e.id for e in group], exc)
                await self._failed(group, exc)
                continue
            except Exception as exc:
                # A bug in formatting one event must not hold up all the others behind it.
                log.exception("events %s could not be delivered", [e.id for e in group])
                await self._failed(group, exc)
                continue
            for event in group:
                await self.service.mark_delivered(event.id, self.clock())
            delivered += len(group)
        self._beat()
        await self.service.prune_outbox_hourly(now, self.client.settings.outbox_keep_days)
        return delivered

    async def _failed(self, group: list[Event], exc: BaseException) -> None:
        for event in group:
            await self.service.mark_failed(event.id, repr(exc), self.clock())

    async def deliver(self, event: Event) -> None:
        await self._handlers[event.kind](event)

    def _beat(self) -> None:
        """Touch the heartbeat file that `python -m bot healthcheck` looks at."""
        if self.heartbeat is not None:
            self.heartbeat.parent.mkdir(parents=True, exist_ok=True)
            self.heartbeat.touch()

    # --- where messages go ------------------------------------------------------------

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def _dm(self, user_id: int) -> discord.abc.Messageable:
        user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
        return user.dm_channel or await user.create_dm()

    async def _to_channel(self, event: Event, text: str, **kwargs) -> None:
        assert event.channel_id is not None
        channel = await self._channel(event.channel_id)
        kwargs.setdefault("allowed_mentions", NO_PINGS)
        await channel.send(text, **kwargs)

    async def _to_user(self, user_id: int, text: str, **kwargs) -> None:
        dm = await self._dm(user_id)
        for piece in _pieces(text):
            await dm.send(piece, **kwargs)
            kwargs = {}  # attachments and buttons go with the first message only

    async def _game_name(self, event: Event) -> str:
        if event.game_id is None:
            return "your game"
        return (await self.service.game_info(event.game_id)).name

    # --- one method per event kind --------------------------------------------------

    async def _game_started(self, event: Event) -> None:
        p = event.payload
        assert event.game_id is not None
        info = await self.service.game_info(event.game_id)
        players = [
            f"{power_name(power)}: <@{user}>" if user else f"{power_name(power)}: (not in play)"
            for power, user in sorted(p["powers"].items())
        ]
        picture = await self.lookups.results_map(event.game_id, p["phase_id"])
        text = (
            f"**{info.name} has begun: {picture.title}.**\n" + "\n".join(players) + "\n"
            f"Deadline {deadline_text(_when(p))}. Send your orders to me by direct message."
        )
        players = [user for user in p["powers"].values() if user]
        await self._to_channel(
            event, text, file=_png(picture.png, p["phase"]), allowed_mentions=pings_for(players)
        )

    async def _power_assigned(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None
        name = await self._game_name(event)
        await self._to_user(
            event.user_id,
            f"You play **{power_list(p['powers'])}** in **{name}**. "
            f"The first deadline is {deadline_text(_when(p))}.\n"
            "Send me your orders here, one per line, e.g. `A Par - Bur`, `F Lon S F Edi - Nth`. "
            "A new order for a unit replaces the old one. Send `map` for a map of your orders; "
            "`/orders show` lists them.",
        )

    async def _results(self, event: Event) -> None:
        p = event.payload
        assert event.game_id is not None and event.channel_id is not None
        name = await self._game_name(event)
        picture = await self.lookups.results_map(event.game_id, p["phase_id"])
        nxt = (
            f"Next: **{p['next_phase']}**, deadline {deadline_text(_when(p))}."
            if p.get("deadline")
            else "The game is over."
        )
        heading = f"**{name} — results of {picture.title}**"
        blocks = code_blocks(p["report"])
        channel = await self._channel(event.channel_id)
        mapfile = _png(picture.png, p["phase"])
        if len(blocks) > MAX_REPORT_MESSAGES:
            report = discord.File(io.BytesIO(p["report"].encode()), f"results-{p['phase']}.txt")
            await channel.send(
                f"{heading} (attached)\n{nxt}", files=[report, mapfile], allowed_mentions=NO_PINGS
            )
            return
        await channel.send(heading, allowed_mentions=NO_PINGS)
        for block in blocks:
            await channel.send(block, allowed_mentions=NO_PINGS)
        await channel.send(nxt, file=mapfile, allowed_mentions=NO_PINGS)

    async def _orders_needed(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None and event.game_id is not None
        name = await self._game_name(event)
        power = power_name(p["power"])
        if p.get("standby"):
            await self._to_user(
                event.user_id,
                f"The GM has called you as standby for **{power}** in **{name}**. Send orders "
                "for it by DM; if its player misses this deadline, yours are used.",
            )
            return
        options = await self.lookups.retreat_and_build_options(
            event.game_id, p["phase_id"], p["power"]
        )
        change = p.get("adjustment") or 0
        if p.get("dislodged"):
            what = "must retreat or disband " + ", ".join(d["unit"] for d in p["dislodged"])
        elif change > 0:
            what = f"may build {change} unit(s) (or waive)"
        else:
            what = f"must remove {-change} unit(s)"
        await self._to_user(
            event.user_id,
            f"**{name}**, {p['phase']}: **{power}** {what}. Deadline {deadline_text(_when(p))}.\n"
            "Your options:\n" + "\n".join(f"• `{o}`" for o in options),
        )

    async def _reminder(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None
        name = await self._game_name(event)
        await self._to_user(
            event.user_id,
            f"Reminder: **{name}** still needs orders from **{power_name(p['power'])}** for "
            f"{p['phase']}. Deadline {deadline_text(_when(p))}.",
        )

    async def _nmr(self, event: Event) -> None:
        p = event.payload
        await self._to_channel(
            event, f"No orders received from **{power_name(p['power'])}** for {p['phase']}."
        )

    async def _nmr_group(self, events: list[Event]) -> None:
        """Several powers missed the same phase: one message, not one each."""
        powers = power_list(e.payload["power"] for e in events)
        await self._to_channel(
            events[0], f"No orders received for {events[0].payload['phase']} from {powers}."
        )

    async def _civil_disorder(self, event: Event) -> None:
        p = event.payload
        await self._to_channel(
            event,
            f"**{power_name(p['power'])}** is in civil disorder: its units hold, and any "
            "removals follow the civil-disorder rule.",
        )

    async def _deadline_changed(self, event: Event) -> None:
        p = event.payload
        how = " by unanimous vote" if p.get("by_vote") else " by the GM"
        await self._to_channel(event, f"The deadline was changed{how}: {deadline_text(_when(p))}.")

    async def _paused(self, event: Event) -> None:
        await self._to_channel(event, "The GM has paused the game; the deadline is on hold.")

    async def _resumed(self, event: Event) -> None:
        p = event.payload
        await self._to_channel(event, f"The game resumes. Deadline {deadline_text(_when(p))}.")

    async def _player_replaced(self, event: Event) -> None:
        p = event.payload
        power = power_name(p["power"])
        if event.channel_id is not None:
            old = f" (replacing <@{p['old']}>)" if p.get("old") else ""
            await self._to_channel(event, f"<@{p['new']}> now plays **{power}**{old}.")
        name = await self._game_name(event)
        await self._to_user(p["new"], f"You now play **{power}** in **{name}**.")

    async def _vote_opened(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None
        name = await self._game_name(event)
        what = KIND_TITLES.get(p["kind"], p["kind"])
        if p.get("new_deadline"):
            what += f" to {deadline_text(_when(p, 'new_deadline'))}"
        await self._to_user(
            event.user_id,
            f"**{name}**: a vote on {what}. It passes only if every surviving power agrees.",
            view=vote_view(p["vote_id"]),
        )

    async def _vote_closed(self, event: Event) -> None:
        p = event.payload
        what = KIND_TITLES.get(p["kind"], p["kind"])
        result = "**passed**" if p["passed"] else "**failed**"
        tally = closed_tally_text(p)
        await self._to_channel(
            event, f"The vote on {what} {result}." + (f" {tally}" if tally else "")
        )

    async def _player_kicked(self, event: Event) -> None:
        p = event.payload
        assert event.channel_id is not None
        held = p.get("powers") or []
        cd = (
            f" {power_list(held)} {'is' if len(held) == 1 else 'are'} in civil disorder."
            if held
            else ""
        )
        await self._to_channel(event, f"The GM removed <@{p['user']}> from the game.{cd}")

    async def _game_ended(self, event: Event) -> None:
        name = await self._game_name(event)
        await self._to_channel(event, game_end_text(name, event.payload))
        if event.game_id is not None:
            await self.client.threads.lock_all(event.game_id)

    async def _threads_sync(self, event: Event) -> None:
        """Who belongs in the game's private threads changed: add and remove them."""
        assert event.game_id is not None
        for missing in await self.client.threads.sync_game(event.game_id):
            log.warning("game %s: could not add user %s", event.game_id, missing.user_id)

    async def _proxy_ended(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None
        name = await self._game_name(event)
        why = ProxyEnd(p["reason"]).why
        await self._to_user(
            event.user_id,
            f"**{name}**: you no longer order for **{power_name(p['power'])}**: {why}. "
            "Orders you gave for it that were not yet played are withdrawn.",
        )

    async def _rolled_back(self, event: Event) -> None:
        p = event.payload
        await self._to_channel(
            event,
            f"The GM rolled the game back to the start of **{p['phase']}**; later phases stay "
            f"in the record, marked rolled back. Deadline {deadline_text(_when(p))}.",
        )


def _groups(events: tuple[Event, ...]) -> list[list[Event]]:
    """Events in order, with consecutive NMRs of one game's phase taken together."""
    groups: list[list[Event]] = []
    for event in events:
        last = groups[-1][-1] if groups else None
        if (
            last is not None
            and event.kind is EventKind.NMR
            and last.kind is EventKind.NMR
            and (last.game_id, last.payload.get("phase"))
            == (event.game_id, event.payload.get("phase"))
        ):
            groups[-1].append(event)
        else:
            groups.append([event])
    return groups


def _png(data: bytes, phase: str) -> discord.File:
    return discord.File(io.BytesIO(data), f"map-{phase}.png")


def _pieces(text: str) -> list[str]:
    return [text] if len(text) <= MESSAGE_LIMIT else split_text(text)
