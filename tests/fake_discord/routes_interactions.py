"""REST routes for interaction callbacks and their webhook follow-ups.

The rules enforced here are the ones bots most often break: one initial
response per interaction, within 3 seconds, of a type that fits the
interaction; follow-ups only after that response.
"""

from __future__ import annotations

import asyncio

from aiohttp import web

from . import limits
from .rest import (
    ALREADY_ACKNOWLEDGED,
    INVALID_WEBHOOK_TOKEN,
    UNKNOWN_INTERACTION,
    UNKNOWN_MESSAGE,
    Api,
    Body,
    DiscordError,
    json_response,
    not_found,
    read_body,
)
from .state import EPHEMERAL, JSON, LOADING, FakeMessage
from .world import InteractionRecord, Violation

# Callback types (https://discord.com/developers/docs/interactions/receiving-and-responding)
MESSAGE = 4
DEFERRED_MESSAGE = 5
DEFERRED_UPDATE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

TOKEN_LIFETIME = 15 * 60  # seconds, on Discord's clock

# Which callbacks each interaction type accepts.
ALLOWED_CALLBACKS = {
    2: {MESSAGE, DEFERRED_MESSAGE, MODAL},  # application command
    3: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},  # component
    4: {AUTOCOMPLETE_RESULT},  # autocomplete
    5: {MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},  # modal submit
}


class InteractionRoutes:
    """``/interactions/{id}/{token}/callback`` and ``/webhooks/{app}/{token}/…``."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.world = api.world

    def register(self, r: web.RouteTableDef, base: str) -> None:
        r.post(base + "/interactions/{interaction_id}/{token}/callback")(self.callback)
        r.post(base + "/webhooks/{app}/{token}")(self.followup)
        hook = base + "/webhooks/{app}/{token}/messages/{message_id}"
        r.get(hook)(self.get_message)
        r.patch(hook)(self.edit_message)
        r.delete(hook)(self.delete_message)

    def _refuse_callback(
        self, request: web.Request, rec: InteractionRecord, err: DiscordError
    ) -> None:
        violation = Violation(err.code, err.message, f"{request.method} {request.path}")
        rec.refused.append(violation)
        self.world.refuse(violation, bug=True)
        raise err

    async def callback(self, request: web.Request) -> web.Response:
        rec = self.world.interactions.get(int(request.match_info["interaction_id"]))
        if rec is None or rec.token != request.match_info["token"]:
            raise not_found(UNKNOWN_INTERACTION, "interaction")
        body = await read_body(request)
        ctype = int(body.payload.get("type", 0))
        data: JSON = body.payload.get("data") or {}
        if rec.callback_type is not None:
            err = DiscordError(
                400, ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
            )
            self._refuse_callback(request, rec, err)
        late = asyncio.get_running_loop().time() - rec.dispatched_at
        if late > self.api.interaction_deadline:
            err = DiscordError(404, UNKNOWN_INTERACTION, "Unknown interaction")
            err.message += f" (responded after {late:.2f}s)"
            self._refuse_callback(request, rec, err)
        if ctype not in ALLOWED_CALLBACKS.get(rec.type, set()):
            self.api.refuse(
                request, [f"callback type {ctype} invalid for interaction type {rec.type}"]
            )
        if ctype == UPDATE_MESSAGE and rec.source_message is None:
            self.api.refuse(request, ["UPDATE_MESSAGE needs an interaction on a message"])

        resource: JSON = {"type": ctype}
        message = await self._apply(request, rec, ctype, Body(data, body.files))
        rec.callback_type = ctype
        rec.callback_data = data
        self.world.changes.notify()
        info: JSON = {"id": str(rec.id), "type": rec.type}
        if message is not None and ctype != DEFERRED_UPDATE:
            resource["message"] = self.world.message_payload(message)
            info.update(
                response_message_id=str(message.id),
                response_message_loading=message.loading,
                response_message_ephemeral=message.ephemeral,
            )
        return json_response({"interaction": info, "resource": resource})

    async def _apply(
        self, request: web.Request, rec: InteractionRecord, ctype: int, body: Body
    ) -> FakeMessage | None:
        """Validate the callback data, then make its effect visible."""
        channel = self.api.channel(rec.channel_id)
        data = body.payload
        if ctype == MESSAGE:
            rec.original = await self.api.create_bot_message(
                request, channel, body, interaction=rec
            )
        elif ctype == DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            placeholder = FakeMessage(
                id=self.world.ids.next(),
                channel_id=channel.id,
                author=self.world.bot_user,
                guild_id=channel.guild_id,
                flags=flags,
                interaction_id=rec.id,
                webhook_id=self.world.application_id,
            )
            rec.original = self.world.add_message(placeholder)
        elif ctype == DEFERRED_UPDATE:
            rec.original = rec.source_message
        elif ctype == UPDATE_MESSAGE:
            assert rec.source_message is not None
            rec.original = await self.api.edit_bot_message(request, rec.source_message, body)
        elif ctype == AUTOCOMPLETE_RESULT:
            self.api.refuse(request, limits.check_choices(data))
            rec.choices = list(data["choices"])
        elif ctype == MODAL:
            self.api.refuse(request, limits.check_modal(data))
            rec.modal = data
        return rec.original

    # -- webhook (follow-up) side ---------------------------------------------

    def _record(self, request: web.Request) -> InteractionRecord:
        rec = self.api.interaction_by_token(request.match_info["token"])
        age = self.world.ids.clock() - rec.created_at
        if age > TOKEN_LIFETIME:
            # receiving-and-responding: "Interaction tokens are valid for 15 minutes".
            # After that every request with the token (follow-up, get, edit, delete)
            # is answered 401 {"code": 50027, "message": "Invalid Webhook Token"}
            # (discord/discord-api-docs#6851). Time passing is not a bug of the bot,
            # which must cope: refused, not a violation.
            self.api.deny(
                request,
                401,
                INVALID_WEBHOOK_TOKEN,
                "Invalid Webhook Token",
                f"interaction token used {age / 60:.0f} minutes after the interaction",
                bug=False,
            )
        if rec.callback_type is None:
            # Discord only creates the webhook once the interaction is acknowledged.
            raise DiscordError(404, 10015, "Unknown Webhook")
        return rec

    def _target(self, request: web.Request, rec: InteractionRecord) -> FakeMessage:
        raw = request.match_info["message_id"]
        if raw == "@original":
            if rec.original is None or rec.original.deleted:
                raise not_found(UNKNOWN_MESSAGE, "Message")
            return rec.original
        message = self.world.messages.get(int(raw))
        if message is None or message.deleted:
            raise not_found(UNKNOWN_MESSAGE, "Message")
        if message.interaction_id != rec.id and message is not rec.source_message:
            raise not_found(UNKNOWN_MESSAGE, "Message")
        return message

    async def followup(self, request: web.Request) -> web.Response:
        rec = self._record(request)
        body = await read_body(request)
        original = rec.original
        if rec.callback_type == DEFERRED_MESSAGE and original is not None and original.loading:
            # The first follow-up after a deferral replaces the "thinking…" message,
            # and keeps the ephemerality chosen when deferring.
            message = await self.api.edit_bot_message(request, original, body)
        else:
            channel = self.api.channel(rec.channel_id)
            message = await self.api.create_bot_message(request, channel, body, interaction=rec)
            rec.followups.append(message)
        self.world.changes.notify()
        return json_response(self.world.message_payload(message))

    async def get_message(self, request: web.Request) -> web.Response:
        rec = self._record(request)
        return json_response(self.world.message_payload(self._target(request, rec)))

    async def edit_message(self, request: web.Request) -> web.Response:
        rec = self._record(request)
        message = await self.api.edit_bot_message(
            request, self._target(request, rec), await read_body(request)
        )
        return json_response(self.world.message_payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        rec = self._record(request)
        message = self._target(request, rec)
        message.deleted = True
        self.world.changes.notify()
        return json_response(None)
