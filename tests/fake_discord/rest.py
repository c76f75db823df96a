"""Shared plumbing of the REST routes: errors, request bodies, messages.

Routes raise :class:`DiscordError`; the middleware in ``server.py`` turns it
into Discord-shaped error JSON (``{"code": ..., "message": ...}``) with the
HTTP status discord.py maps to ``HTTPException``/``NotFound``/``Forbidden``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, NoReturn

from aiohttp import web

from . import limits
from . import mentions as mention_rules
from . import permissions as perm
from .gateway import MESSAGE_CONTENT, Gateway
from .state import (
    EPHEMERAL,
    JSON,
    LOADING,
    PRIVATE_THREAD,
    FakeAttachment,
    FakeChannel,
    FakeMessage,
)
from .world import InteractionRecord, Violation, World

# JSON error codes (https://discord.com/developers/docs/topics/opcodes-and-status-codes)
UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_ROLE = 10011
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
CANNOT_SEND_IN_FORUM = 40058
ALREADY_ACKNOWLEDGED = 40060
MISSING_ACCESS = 50001
CANNOT_EDIT_OTHERS = 50005
CANNOT_DM = 50007
EMPTY_MESSAGE = 50006
CANNOT_SEND_NON_TEXT = 50008
MISSING_PERMISSIONS = 50013
WRONG_CHANNEL_TYPE = 50024
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035
THREAD_ARCHIVED = 50083
NO_MUTUAL_GUILDS = 50278
THREAD_LOCKED = 160005
UNIMPLEMENTED = 0  # not a Discord code: the fake lacks the route

# Flags a bot may set when sending; others are silently dropped by Discord.
SENDABLE_FLAGS = (1 << 2) | (1 << 12) | (1 << 15)  # suppress embeds, silent, components v2


class DiscordError(Exception):
    """An error response; ``violation`` marks it as a bug to fail the test on."""

    def __init__(self, status: int, code: int, message: str, *, errors: JSON | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors

    def response(self) -> web.Response:
        body: JSON = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


def not_found(code: int, what: str) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


@dataclass
class Body:
    """A parsed request: the JSON payload plus uploaded files by index."""

    payload: JSON
    files: dict[str, tuple[str, bytes, str | None]] = field(default_factory=dict)


async def read_body(request: web.Request) -> Body:
    """Parse JSON or multipart (``payload_json`` + ``files[n]``) like Discord does."""
    if request.content_type.startswith("multipart/"):
        body = Body({})
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            name = getattr(part, "name", None) or ""
            raw = await part.read()  # type: ignore[union-attr]
            if name == "payload_json":
                body.payload = json.loads(raw)
            elif name.startswith("files[") and name.endswith("]"):
                ctype = part.headers.get("Content-Type")
                filename = getattr(part, "filename", None) or "file"
                body.files[name[6:-1]] = (filename, bytes(raw), ctype)
        return body
    if not request.can_read_body:
        return Body({})
    text = await request.text()
    return Body(json.loads(text) if text else {})


class Api:
    """What every route needs: the world, the gateway and the rule checks."""

    def __init__(self, world: World, gateway: Gateway) -> None:
        self.world = world
        self.gateway = gateway
        self.interaction_deadline = 3.0

    # -- violations -----------------------------------------------------------

    def refuse(self, request: web.Request, problems: list[str]) -> None:
        """Record and raise a 400 if the bot's payload breaks Discord's limits."""
        if not problems:
            return
        code, message = INVALID_FORM_BODY, "Invalid Form Body"
        if problems == [limits.EMPTY]:
            code, message = EMPTY_MESSAGE, limits.EMPTY
        route = f"{request.method} {request.path}"
        self.world.refuse(Violation(code, message, route, "; ".join(problems)), bug=True)
        raise DiscordError(
            400, code, message, errors={"_errors": [{"message": p} for p in problems]}
        )

    def deny(
        self,
        request: web.Request,
        status: int,
        code: int,
        message: str,
        detail: str = "",
        *,
        bug: bool,
    ) -> NoReturn:
        """Answer with Discord's error; always kept in ``world.refusals``, and also a
        violation (failing the test) when ``bug``: a request that cannot succeed on any
        correctly configured server. See docs/DISCORD.md, "Refusals and violations"."""
        route = f"{request.method} {request.path}"
        self.world.refuse(Violation(code, message, route, detail), bug=bug)
        raise DiscordError(status, code, message)

    def require(
        self,
        request: web.Request,
        channel: FakeChannel,
        needed: int = 0,
        *,
        doing: str,
        waived: bool = False,
    ) -> None:
        """403 unless the bot can see ``channel`` and holds ``needed`` there.

        Cannot see it: 50001 Missing Access. Sees it but lacks a permission: 50013
        Missing Permissions (what Discord answers; opcodes-and-status-codes: "50001
        Missing access", "50013 You lack permissions to perform that action").
        ``waived`` skips ``needed`` (e.g. the thread's creator needs no MANAGE_THREADS).
        A refusal is a violation only when the missing permission is not one the bot's
        documentation asks operators to grant (``world.bot_invite_permissions``).
        """
        world = self.world
        if channel.guild_id is None:
            return
        me = world.bot_user.id
        invite = world.bot_invite_permissions
        where = _label(channel)
        if not world.can_read(me, channel):
            parent = world.parent_of(channel) if channel.is_thread else channel
            sees_parent = parent is not None and world.can_read(me, parent)
            missing = perm.MANAGE_THREADS if sees_parent else perm.VIEW_CHANNEL
            self.deny(
                request,
                403,
                MISSING_ACCESS,
                "Missing Access",
                f"bot cannot see {where} (lacks {perm.names(missing)}) to {doing}",
                bug=bool(missing & ~invite),
            )
        if waived:
            return
        missing = needed & ~world.permissions_in(me, channel)
        if missing:
            self.deny(
                request,
                403,
                MISSING_PERMISSIONS,
                "Missing Permissions",
                f"bot lacks {perm.names(missing)} in {where} to {doing}",
                bug=bool(missing & ~invite),
            )

    def bot_has(self, channel: FakeChannel, bits: int) -> bool:
        return self.world.permissions_in(self.world.bot_user.id, channel) & bits == bits

    # -- lookups --------------------------------------------------------------

    def channel(self, channel_id: str | int) -> FakeChannel:
        channel = self.world.channels.get(int(channel_id))
        if channel is None:
            raise not_found(UNKNOWN_CHANNEL, "Channel")
        return channel

    def message(self, channel: FakeChannel, message_id: str | int) -> FakeMessage:
        message = self.world.messages.get(int(message_id))
        if message is None or message.channel_id != channel.id or message.deleted:
            raise not_found(UNKNOWN_MESSAGE, "Message")
        return message

    def interaction_by_token(self, token: str) -> InteractionRecord:
        for rec in self.world.interactions.values():
            if rec.token == token:
                return rec
        raise not_found(UNKNOWN_WEBHOOK, "Webhook")

    # -- messages -------------------------------------------------------------

    def new_attachments(
        self, payload: JSON, files: dict[str, tuple[str, bytes, str | None]]
    ) -> list[FakeAttachment]:
        out: list[FakeAttachment] = []
        for entry in payload.get("attachments") or []:
            key = str(entry.get("id"))
            if key in files:
                filename, data, ctype = files[key]
                out.append(
                    FakeAttachment(
                        self.world.ids.next(),
                        entry.get("filename") or filename,
                        data,
                        content_type=ctype if ctype != "application/octet-stream" else None,
                        description=entry.get("description"),
                    )
                )
        return out

    async def create_bot_message(
        self,
        request: web.Request,
        channel: FakeChannel,
        body: Body,
        *,
        interaction: InteractionRecord | None = None,
        extra_flags: int = 0,
    ) -> FakeMessage:
        """Validate and store a message the bot sends, then echo MESSAGE_CREATE."""
        payload = body.payload
        self.refuse(request, limits.check_message(payload, n_files=len(body.files)))
        self.refuse(request, limits.check_files(payload.get("attachments") or [], body.files))
        self.refuse(request, mention_rules.check_allowed_mentions(payload.get("allowed_mentions")))
        allowed = SENDABLE_FLAGS | (EPHEMERAL if interaction is not None else 0)
        message = FakeMessage(
            id=self.world.ids.next(),
            channel_id=channel.id,
            author=self.world.bot_user,
            guild_id=channel.guild_id,
            content=payload.get("content") or "",
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            attachments=self.new_attachments(payload, body.files),
            flags=(int(payload.get("flags") or 0) & allowed) | extra_flags,
            interaction_id=None if interaction is None else interaction.id,
            webhook_id=None if interaction is None else self.world.application_id,
            nonce=payload.get("nonce"),
        )
        self.world.apply_mentions(
            message, payload.get("allowed_mentions"), default=_mention_default(message)
        )
        self.world.add_message(message)
        await self.echo(message, "MESSAGE_CREATE")
        return message

    async def edit_bot_message(
        self, request: web.Request, message: FakeMessage, body: Body
    ) -> FakeMessage:
        """Apply an edit (only the keys present change), keeping the old version."""
        if message.author.id != self.world.bot_user.id:
            raise DiscordError(
                403, CANNOT_EDIT_OTHERS, "Cannot edit a message authored by another user"
            )
        payload = body.payload
        self.refuse(request, limits.check_message(payload, n_files=len(body.files), editing=True))
        self.refuse(request, limits.check_files(payload.get("attachments") or [], body.files))
        self.refuse(request, mention_rules.check_allowed_mentions(payload.get("allowed_mentions")))
        channel = self.world.channels.get(message.channel_id)
        if channel is not None and channel.is_thread and channel.archived and not message.loading:
            # topics/threads: "Users cannot edit messages, add reactions, use application
            # commands, or join archived threads." (50083 "Tried to perform an operation on
            # an archived thread, such as editing a message or adding a user to the thread")
            self.deny(
                request,
                400,
                THREAD_ARCHIVED,
                "Thread is archived",
                f"editing a message in archived {_label(channel)}",
                bug=False,
            )
        message.history.append(self.world.message_payload(message))
        if "content" in payload:
            message.content = payload["content"] or ""
        if "embeds" in payload:
            message.embeds = list(payload["embeds"] or [])
        if "components" in payload:
            message.components = list(payload["components"] or [])
        if "attachments" in payload:
            keep = {str(a.get("id")) for a in payload["attachments"] or []}
            kept = [a for a in message.attachments if str(a.id) in keep]
            message.attachments = kept + self.new_attachments(payload, body.files)
        if payload.get("flags") is not None:
            message.flags = (message.flags & (EPHEMERAL | LOADING)) | (
                int(payload["flags"]) & SENDABLE_FLAGS
            )
        was_loading = message.loading
        message.flags &= ~LOADING
        if was_loading or "content" in payload or "components" in payload:
            # resources/message, Edit Message: "If there is no explicit allowed_mentions in
            # the edit request, the content will be parsed with default allowances".
            self.world.apply_mentions(
                message, payload.get("allowed_mentions"), default=_mention_default(message)
            )
        message.edited_at = None if was_loading else time.time()
        self.world.changes.notify()
        await self.echo(message, "MESSAGE_CREATE" if was_loading else "MESSAGE_UPDATE")
        return message

    def readable_payload(self, message: FakeMessage) -> JSON:
        """A message as the bot reads it over REST. events/gateway, Message Content
        Intent: apps without it "will receive empty values in fields that contain
        user-inputted content" (content, embeds, attachments, components, poll) except
        their own messages, DMs and messages that mention them. The HTTP side follows
        the intent switched on for the app ("HTTP API restrictions are independent of
        Gateway restrictions")."""
        data = self.world.message_payload(message)
        me = self.world.bot_user.id
        if (
            message.guild_id is not None
            and message.author.id != me
            and not self.world.granted_intents & MESSAGE_CONTENT
            and me not in {u.id for u in message.mentions}
        ):
            data.update(content="", embeds=[], attachments=[], components=[])
        return data

    async def echo(self, message: FakeMessage, event: str) -> None:
        """Tell the bot about its own message, as Discord does (never for ephemerals)."""
        if message.ephemeral or message.loading:
            return
        await self.gateway.dispatch(
            event, self.world.message_payload(message), guild=message.guild_id is not None
        )


def _mention_default(message: FakeMessage) -> JSON:
    # resources/message, "Default Settings for Allowed Mentions": all types in regular
    # messages; only users "In interactions and webhooks".
    if message.webhook_id is not None:
        return mention_rules.INTERACTION_DEFAULT
    return mention_rules.REGULAR_DEFAULT


def _label(channel: FakeChannel) -> str:
    kind = "private thread" if channel.type == PRIVATE_THREAD else "channel"
    return f"{kind} #{channel.name or channel.id}"


def json_response(data: Any, status: int = 200) -> web.Response:
    """JSON with the bare ``application/json`` type: discord.py compares it exactly."""
    if data is None:
        return web.Response(status=204)
    return web.Response(
        body=json.dumps(data).encode(), status=status, content_type="application/json"
    )
