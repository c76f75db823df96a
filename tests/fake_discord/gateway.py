"""The gateway half of the fake: one websocket speaking Discord's protocol.

discord.py connects to ``DiscordWebSocket.DEFAULT_GATEWAY`` with
``?v=10&encoding=json&compress=zlib-stream``. We honour ``zlib-stream``
(one zlib stream per connection, every message flushed with Z_SYNC_FLUSH so
it ends in ``00 00 ff ff``, exactly what discord.py buffers for); any other
compression request gets plain text frames, which discord.py also accepts.
"""

from __future__ import annotations

import asyncio
import json
import logging
import zlib
from typing import Any

from aiohttp import WSMsgType, web

from .shards import INVALID_SHARD, Shards
from .state import JSON, FakeGuild
from .world import Violation, World

log = logging.getLogger(__name__)

# Opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes)
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME = 0, 1, 2, 3, 6
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

# Intents the fake filters events by, so a bot missing one behaves as in production.
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
# events/gateway, "Privileged Intents": GUILD_PRESENCES, GUILD_MEMBERS, MESSAGE_CONTENT.
PRIVILEGED_INTENTS = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT
# Every intent listed under "List of Intents" (bits 0-16, 20, 21, 24, 25).
VALID_INTENTS = (1 << 17) - 1 | 1 << 20 | 1 << 21 | 1 << 24 | 1 << 25
# discord.py's default large_threshold; the fake's guilds are always below it.
LARGE_THRESHOLD = 250

EVENT_INTENTS = {
    "CHANNEL_CREATE": GUILDS,
    "CHANNEL_UPDATE": GUILDS,
    "CHANNEL_DELETE": GUILDS,
    "THREAD_CREATE": GUILDS,
    "THREAD_UPDATE": GUILDS,
    "THREAD_DELETE": GUILDS,
    "THREAD_MEMBERS_UPDATE": GUILDS,
    "GUILD_MEMBER_ADD": GUILD_MEMBERS,
    "GUILD_MEMBER_REMOVE": GUILD_MEMBERS,
    "GUILD_MEMBER_UPDATE": GUILD_MEMBERS,
}


class GatewaySession:
    """One connected websocket (discord.py reconnects by opening a new one)."""

    def __init__(self, ws: web.WebSocketResponse, *, compress: bool) -> None:
        self.ws = ws
        self.sequence = 0
        self.intents = 0
        self.identified = False
        self.shard_id = 0  # shards.py: the shard it identified for
        self._deflate = zlib.compressobj() if compress else None
        # Sends must not interleave: the zlib stream is stateful and ordered.
        self._lock = asyncio.Lock()

    @property
    def compressed(self) -> bool:
        """Whether this session speaks zlib-stream (what discord.py asks for by default)."""
        return self._deflate is not None

    async def send(self, payload: JSON) -> None:
        text = json.dumps(payload)
        async with self._lock:
            if self.ws.closed:
                return
            if self._deflate is None:
                await self.ws.send_str(text)
            else:
                data = self._deflate.compress(text.encode()) + self._deflate.flush(
                    zlib.Z_SYNC_FLUSH
                )
                await self.ws.send_bytes(data)

    async def dispatch(self, event: str, data: JSON) -> None:
        self.sequence += 1
        await self.send({"op": DISPATCH, "t": event, "s": self.sequence, "d": data})


class Gateway:
    """Serves ``/gateway`` and pushes events to the connected bot."""

    def __init__(self, world: World) -> None:
        self.world = world
        self.session: GatewaySession | None = None
        # Every identified session by shard (shards.py); `session` is the latest.
        self.shards = Shards()
        self.ready = asyncio.Event()
        self.url = ""  # set by the server once the port is known

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(ws, compress=request.query.get("compress") == "zlib-stream")
        await session.send({"op": HELLO, "d": {"heartbeat_interval": 41_250}})
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            try:
                await self._on_message(session, json.loads(msg.data))
            except Exception:  # a bug in the fake must not look like a flaky bot
                log.exception("fake gateway failed on %s", msg.data[:200])
                self.world.unexpected.append(f"gateway error on {msg.data[:200]}")
        self.shards.drop(session)
        if self.session is session:
            self.session = self.shards.any()
            if self.session is None:
                self.ready.clear()
        return ws

    async def _on_message(self, session: GatewaySession, msg: JSON) -> None:
        op, data = msg.get("op"), msg.get("d")
        if op == HEARTBEAT:
            await session.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            if (payload := await self._payload(session, data)) is not None:
                await self._identify(session, payload)
        elif op == RESUME:
            # Sessions are not kept; tell discord.py to IDENTIFY again.
            await session.send({"op": INVALID_SESSION, "d": False})
        elif op == REQUEST_MEMBERS:
            if (payload := await self._payload(session, data)) is not None:
                await self._members_chunk(session, payload)
        elif op == PRESENCE:
            pass
        else:
            log.warning("fake gateway ignoring op %s", op)

    @staticmethod
    async def _payload(session: GatewaySession, data: object) -> JSON | None:
        """An opcode's `d` as the object it must be; else the session is closed as
        Discord closes it (opcodes-and-status-codes: "4002 Decode error: You sent an
        invalid payload to Discord")."""
        if isinstance(data, dict):
            return data
        await session.ws.close(code=4002, message=b"Decode error.")
        return None

    async def _identify(self, session: GatewaySession, data: JSON) -> None:
        if data.get("token") != self.world.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        intents = int(data.get("intents") or 0)
        if intents & ~VALID_INTENTS:
            # opcodes-and-status-codes: "4013 Invalid intent(s): You sent an invalid intent
            # for a Gateway Intent. You may have incorrectly calculated the bitwise value."
            await session.ws.close(code=4013, message=b"Invalid intent(s).")
            return
        if intents & PRIVILEGED_INTENTS & ~self.world.granted_intents:
            # events/gateway, Gateway Restrictions: "If you pass a privileged intent in the
            # intents parameter without configuring it in your app's settings, or being
            # approved for it during verification, your Gateway connection will be closed
            # with a (4014 close code)." (4014 "Disallowed intent(s)")
            await session.ws.close(code=4014, message=b"Disallowed intent(s).")
            return
        if not self.shards.identify(session, data.get("shard")):
            await session.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
            return
        session.intents = intents
        session.identified = True
        world = self.world
        guilds = self.shards.guilds_of(session, world.guilds.values())
        await session.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**world.bot_user.payload(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": f"fake-session-{world.ids.next()}",
                "resume_gateway_url": self.url,
                "application": {"id": str(world.application_id), "flags": 0},
                "private_channels": [],
                # gateway-events, Ready: "shard? array of two integers (shard_id,
                # num_shards) Shard information associated with this session, if sent
                # when identifying".
                **({"shard": data["shard"]} if data.get("shard") is not None else {}),
            },
        )
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", self.guild_create(guild, session.intents))
        self.session = session
        self.ready.set()

    def guild_create(self, guild: FakeGuild, intents: int) -> JSON:
        """GUILD_CREATE as a session with ``intents`` receives it."""
        world = self.world
        me = world.bot_user.id
        members = list(guild.members.values())
        if not intents & GUILD_PRESENCES or len(members) > LARGE_THRESHOLD:
            # gateway-events, Guild Create: "If your bot does not have the GUILD_PRESENCES
            # Gateway Intent, or if the guild has over 75k members, members and presences
            # returned in this event will only contain your bot and users in voice
            # channels." (No one is in voice in the fake.) Above large_threshold only
            # online members would be sent; the fake sends just the bot then too.
            members = [m for m in members if m.user.id == me]
        # "threads: All active threads in the guild that current user has permission to view"
        threads = [
            c
            for c in guild.channels.values()
            if c.is_thread and not c.archived and world.can_read(me, c)
        ]
        return guild.payload(me_id=me, members=members, threads=threads)

    async def _members_chunk(self, session: GatewaySession, data: JSON) -> None:
        """Request Guild Members (op 8): "GUILD_MEMBERS intent is required to request the
        entire member list—(query='', limit=0<=n)"; a prefix query returns at most 100
        members, as do ``user_ids``."""
        guild = self.world.guilds.get(int(data["guild_id"]))
        members = list(guild.members.values()) if guild else []
        not_found: list[str] = []
        if data.get("user_ids") is not None:
            raw = data["user_ids"]
            wanted = [int(u) for u in (raw if isinstance(raw, list) else [raw])][:100]
            by_id = {m.user.id: m for m in members}
            members = [by_id[u] for u in wanted if u in by_id]
            not_found = [str(u) for u in wanted if u not in by_id]
        else:
            query = str(data.get("query") or "")
            limit = int(data.get("limit") or 0)
            if not query and not session.intents & GUILD_MEMBERS:
                self.world.violate(
                    Violation(
                        0,
                        "Request Guild Members for the whole list needs the GUILD_MEMBERS intent",
                        "gateway op 8",
                    )
                )
                members = []
            members = [m for m in members if m.user.name.lower().startswith(query.lower())]
            cap = 100 if query else (limit or len(members))
            members = members[: min(cap, limit or cap)]
        chunk: JSON = {
            "guild_id": data["guild_id"],
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": not_found,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def dispatch(self, event: str, data: JSON, *, guild: bool = True) -> bool:
        """Send an event to the bot if it is connected and subscribed to it.

        Returns whether the event was sent, so helpers can tell a test that
        its message was never delivered (e.g. a missing intent).
        """
        session = self.shards.session_for(event, data)
        if session is None:
            return False
        needed = _intent_for(event, data, guild=guild)
        me = self.world.bot_user.id
        if event == "GUILD_MEMBER_UPDATE" and data.get("user", {}).get("id") == str(me):
            # events/gateway: "Guild Member Update is sent for current-user updates
            # regardless of whether the GUILD_MEMBERS intent is set."
            needed = 0
        if needed and not session.intents & needed:
            return False
        if event == "THREAD_MEMBERS_UPDATE" and not session.intents & GUILD_MEMBERS:
            # gateway-events, Thread Members Update: "If the current user does not have
            # the GUILD_MEMBERS Gateway Intent, then this event will only be sent if the
            # current user was added to or removed from the thread."
            added = {m.get("user_id") for m in data.get("added_members") or []}
            removed = set(data.get("removed_member_ids") or [])
            if str(me) not in added | removed:
                return False
        if not self._visible(event, data):
            return False
        await session.dispatch(event, data)
        return True

    def _visible(self, event: str, data: JSON) -> bool:
        """Whether the bot may see the channel an event is about. topics/threads: "Clients
        will not be informed of a thread through the gateway if they do not have
        permission to view that thread"; a message in a channel the bot cannot view
        is not sent to it either. (Channel events come for every guild channel, as
        GUILD_CREATE lists them all.)"""
        if event.startswith("MESSAGE_"):
            channel_id = data.get("channel_id")
        elif event in ("THREAD_CREATE", "THREAD_UPDATE"):
            channel_id = data.get("id")
        else:
            return True
        channel = self.world.channels.get(int(channel_id)) if channel_id else None
        if channel is None or channel.guild_id is None:
            return True
        return self.world.can_read(self.world.bot_user.id, channel)

    def wants_content(self) -> bool:
        session = self.session
        return bool(session and session.intents & MESSAGE_CONTENT)

    async def close(self) -> None:
        session = self.session
        if session is not None and not session.ws.closed:
            await session.ws.close()


def _intent_for(event: str, data: Any, *, guild: bool) -> int:
    if event.startswith("MESSAGE_"):
        return GUILD_MESSAGES if guild else DIRECT_MESSAGES
    return EVENT_INTENTS.get(event, 0)
