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

from .state import JSON
from .world import World

log = logging.getLogger(__name__)

# Opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes)
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, RESUME = 0, 1, 2, 3, 6
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

# Intents the fake filters events by, so a bot missing one behaves as in production.
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15

EVENT_INTENTS = {
    "CHANNEL_CREATE": GUILDS,
    "CHANNEL_UPDATE": GUILDS,
    "CHANNEL_DELETE": GUILDS,
    "THREAD_CREATE": GUILDS,
    "THREAD_UPDATE": GUILDS,
    "THREAD_DELETE": GUILDS,
    "THREAD_MEMBERS_UPDATE": GUILDS,
    "GUILD_MEMBER_ADD": GUILD_MEMBERS,
    "GUILD_MEMBER_UPDATE": GUILD_MEMBERS,
}


class GatewaySession:
    """One connected websocket (discord.py reconnects by opening a new one)."""

    def __init__(self, ws: web.WebSocketResponse, *, compress: bool) -> None:
        self.ws = ws
        self.sequence = 0
        self.intents = 0
        self.identified = False
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
        if self.session is session:
            self.session = None
            self.ready.clear()
        return ws

    async def _on_message(self, session: GatewaySession, msg: JSON) -> None:
        op, data = msg.get("op"), msg.get("d")
        if op == HEARTBEAT:
            await session.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(session, data)
        elif op == RESUME:
            # Sessions are not kept; tell discord.py to IDENTIFY again.
            await session.send({"op": INVALID_SESSION, "d": False})
        elif op == REQUEST_MEMBERS:
            await self._members_chunk(session, data)
        elif op == PRESENCE:
            pass
        else:
            log.warning("fake gateway ignoring op %s", op)

    async def _identify(self, session: GatewaySession, data: JSON) -> None:
        if data.get("token") != self.world.token:
            await session.ws.close(code=4004, message=b"Authentication failed.")
            return
        session.intents = int(data.get("intents") or 0)
        session.identified = True
        world = self.world
        await session.dispatch(
            "READY",
            {
                "v": 10,
                "user": {**world.bot_user.payload(), "verified": True, "mfa_enabled": False},
                "guilds": [{"id": str(g), "unavailable": True} for g in world.guilds],
                "session_id": f"fake-session-{world.ids.next()}",
                "resume_gateway_url": self.url,
                "application": {"id": str(world.application_id), "flags": 0},
                "private_channels": [],
            },
        )
        for guild in world.guilds.values():
            await session.dispatch("GUILD_CREATE", guild.payload(me_id=world.bot_user.id))
        self.session = session
        self.ready.set()

    async def _members_chunk(self, session: GatewaySession, data: JSON) -> None:
        guild = self.world.guilds.get(int(data["guild_id"]))
        members = list(guild.members.values()) if guild else []
        chunk: JSON = {
            "guild_id": data["guild_id"],
            "members": [m.payload() for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def dispatch(self, event: str, data: JSON, *, guild: bool = True) -> bool:
        """Send an event to the bot if it is connected and subscribed to it.

        Returns whether the event was sent, so helpers can tell a test that
        its message was never delivered (e.g. a missing intent).
        """
        session = self.session
        if session is None:
            return False
        needed = _intent_for(event, data, guild=guild)
        if needed and not session.intents & needed:
            return False
        await session.dispatch(event, data)
        return True

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
