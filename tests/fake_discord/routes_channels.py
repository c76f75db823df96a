"""REST routes for channels and messages."""

from __future__ import annotations

from aiohttp import web

from . import limits
from . import permissions as perm
from .nonces import check_nonce
from .permissions import (
    ADD_REACTIONS,
    ATTACH_FILES,
    EMBED_LINKS,
    MANAGE_CHANNELS,
    MANAGE_MESSAGES,
    MANAGE_ROLES,
    MANAGE_THREADS,
    PIN_MESSAGES,
    READ_MESSAGE_HISTORY,
    SEND_MESSAGES,
    SEND_MESSAGES_IN_THREADS,
    SEND_TTS_MESSAGES,
    Overwrite,
)
from .rest import (
    CANNOT_DM,
    CANNOT_SEND_IN_FORUM,
    CANNOT_SEND_NON_TEXT,
    MISSING_PERMISSIONS,
    NO_MUTUAL_GUILDS,
    THREAD_ARCHIVED,
    THREAD_LOCKED,
    UNKNOWN_MESSAGE,
    Body,
    json_response,
    not_found,
    read_body,
)
from .routes_base import THREAD_ONLY, RouteBase, overwrites_from
from .state import (
    DM,
    GUILD_CATEGORY,
    GUILD_VOICE,
    JSON,
    FakeChannel,
)

REPLY_WITHOUT_HISTORY = 160002


class ChannelRoutes(RouteBase):
    """Channels, their permission overwrites, and messages with reactions and pins."""

    def register(self, r: web.RouteTableDef, base: str) -> None:
        add = [
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("PATCH", "/channels/{channel_id}", self.edit_channel),
            ("DELETE", "/channels/{channel_id}", self.delete_channel),
            ("PUT", "/channels/{channel_id}/permissions/{target}", self.set_permissions),
            ("DELETE", "/channels/{channel_id}/permissions/{target}", self.delete_permissions),
            ("POST", "/channels/{channel_id}/typing", self.no_content),
            ("GET", "/channels/{channel_id}/messages", self.history),
            ("POST", "/channels/{channel_id}/messages", self.send_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            (
                "PUT",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self.add_reaction,
            ),
            (
                "DELETE",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self.remove_own_reaction,
            ),
            ("PUT", "/channels/{channel_id}/pins/{message_id}", self.pin),
            ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self.pin),
            ("DELETE", "/channels/{channel_id}/pins/{message_id}", self.pin),
            ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self.pin),
        ]
        for method, path, handler in add:
            r.route(method, base + path)(handler)

    # -- channels and messages -------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        self.api.require(request, channel, doing="get the channel")
        return json_response(channel.payload(me_id=self.world.bot_user.id))

    async def edit_channel(self, request: web.Request) -> web.Response:
        """Rename a channel, or archive/lock/unlock a thread."""
        channel = self.api.channel(request.match_info["channel_id"])
        payload = (await read_body(request)).payload
        if channel.is_thread:
            self._check_thread_edit(request, channel, payload)
        else:
            # resources/channel, Modify Channel (Guild channel): "Requires the
            # MANAGE_CHANNELS permission for the guild. [...] If modifying permission
            # overwrites, the MANAGE_ROLES permission is required."
            needed = MANAGE_CHANNELS | (MANAGE_ROLES if "permission_overwrites" in payload else 0)
            self.api.require(request, channel, needed, doing="edit the channel")
        if "name" in payload:
            if channel.is_thread:
                self.api.refuse(request, limits.check_thread_name(payload["name"]))
            channel.name = payload["name"]
        if "topic" in payload:
            channel.topic = payload["topic"]
        if "permission_overwrites" in payload and not channel.is_thread:
            channel.overwrites = overwrites_from(payload["permission_overwrites"] or [])
        for key in ("archived", "locked", "invitable"):
            if key in payload and channel.is_thread:
                setattr(channel, key, bool(payload[key]))
        if "auto_archive_duration" in payload:
            channel.auto_archive_duration = int(payload["auto_archive_duration"])
        self.world.changes.notify()
        data = channel.payload(me_id=self.world.bot_user.id)
        await self.api.gateway.dispatch(
            "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", data
        )
        return json_response(data)

    def _check_thread_edit(self, request: web.Request, thread: FakeChannel, payload: JSON) -> None:
        """Who may change what on a thread (topics/threads, "Editing & Deleting Threads",
        and resources/channel, "JSON Params (Thread)")."""
        if thread.archived and payload.get("archived") is not False:
            # "Requires the thread to have archived set to false or be set to false in
            # the request."
            self.api.deny(
                request,
                400,
                THREAD_ARCHIVED,
                "Thread is archived",
                f"editing archived thread #{thread.name} without unarchiving it",
                bug=False,
            )
        me = self.world.bot_user.id
        creator = thread.owner_id == me
        keys = set(payload)
        if keys <= {"archived"} and payload.get("archived") is False:
            if thread.locked:
                # thread metadata: "when a thread is locked, only users with
                # MANAGE_THREADS can unarchive it"
                self.api.require(request, thread, MANAGE_THREADS, doing="unarchive a locked thread")
            else:
                # "Editing a thread to set archived to false only requires the current user
                # has already been added to the thread."
                member = me in thread.member_ids
                self.api.require(
                    request, thread, MANAGE_THREADS, doing="unarchive the thread", waived=member
                )
            return
        strict = keys & {"locked", "rate_limit_per_user", "invitable", "flags", "applied_tags"}
        if strict:
            # "Editing a thread to change rate_limit_per_user or locked requires
            # MANAGE_THREADS" (and, for the rest, "Otherwise, requires the MANAGE_THREADS
            # permission").
            self.api.require(request, thread, MANAGE_THREADS, doing=f"change {sorted(strict)}")
        owned = keys & {"name", "archived", "auto_archive_duration"}
        if owned:
            # "Editing a thread to change the name, archived, auto_archive_duration fields
            # requires MANAGE_THREADS or that the current user is the thread creator"
            self.api.require(
                request, thread, MANAGE_THREADS, doing=f"change {sorted(owned)}", waived=creator
            )
        if thread.locked and payload.get("locked") is not False:
            # topics/threads, Locked Threads: users without MANAGE_THREADS cannot "update
            # properties like its title or tags".
            self.api.require(request, thread, MANAGE_THREADS, doing="edit a locked thread")
        if thread.archived and thread.locked:
            self.api.require(request, thread, MANAGE_THREADS, doing="unarchive a locked thread")

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        # resources/channel, Delete/Close Channel: "Requires the MANAGE_CHANNELS permission
        # for the guild, or MANAGE_THREADS if the channel is a thread."
        needed = MANAGE_THREADS if channel.is_thread else MANAGE_CHANNELS
        self.api.require(request, channel, needed, doing="delete the channel")
        data = channel.payload()
        del self.world.channels[channel.id]
        guild = self.world.guild_of(channel)
        if guild is not None:
            del guild.channels[channel.id]
        self.world.changes.notify()
        await self.api.gateway.dispatch(
            "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", data
        )
        return json_response(data)

    async def set_permissions(self, request: web.Request) -> web.Response:
        """Edit Channel Permissions: "Requires the MANAGE_ROLES permission. Only
        permissions your bot has in the guild or parent channel (if applicable) can be
        allowed/denied"."""
        channel = self.api.channel(request.match_info["channel_id"])
        if channel.guild_id is None or channel.is_thread:
            self._wrong_type(request, "edit permission overwrites", channel)
        self.api.require(request, channel, MANAGE_ROLES, doing="edit permission overwrites")
        payload = (await read_body(request)).payload
        target = int(request.match_info["target"])
        overwrite = Overwrite(
            target,
            int(payload.get("type") or 0),
            int(payload.get("allow") or 0),
            int(payload.get("deny") or 0),
        )
        beyond = (overwrite.allow | overwrite.deny) & ~self.world.permissions_in(
            self.world.bot_user.id, channel
        )
        if beyond:
            self.api.deny(
                request,
                403,
                MISSING_PERMISSIONS,
                "Missing Permissions",
                f"an overwrite may only use permissions the bot has; not {perm.names(beyond)}",
                bug=True,
            )
        channel.overwrites[target] = overwrite
        return await self._channel_updated(channel)

    async def delete_permissions(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        if channel.guild_id is None or channel.is_thread:
            self._wrong_type(request, "delete a permission overwrite", channel)
        # Delete Channel Permission: "Requires the MANAGE_ROLES permission."
        self.api.require(request, channel, MANAGE_ROLES, doing="delete a permission overwrite")
        channel.overwrites.pop(int(request.match_info["target"]), None)
        return await self._channel_updated(channel)

    async def _channel_updated(self, channel: FakeChannel) -> web.Response:
        self.world.changes.notify()
        await self.api.gateway.dispatch("CHANNEL_UPDATE", channel.payload())
        return json_response(None)

    async def history(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        # resources/message, Get Channel Messages: "this endpoint requires the current
        # user to have the VIEW_CHANNEL permission. If the channel is a voice channel, they
        # must also have the CONNECT permission."
        needed = perm.CONNECT if channel.type == GUILD_VOICE else 0
        self.api.require(request, channel, needed, doing="read the channel's messages")
        if channel.guild_id is not None and not self.api.bot_has(channel, READ_MESSAGE_HISTORY):
            # "If the current user is missing the READ_MESSAGE_HISTORY permission in the
            # channel, then no messages will be returned."
            return json_response([])
        limit = int(request.query.get("limit", 50))
        if not 1 <= limit <= 100:
            self.api.refuse(request, ["limit must be 1..100"])
        before = int(request.query.get("before", 1 << 63))
        after = int(request.query.get("after", 0))
        found = [
            m
            for m in self.world.messages.values()
            if m.channel_id == channel.id
            and not m.deleted
            and not m.ephemeral
            and not m.loading
            and after < m.id < before
        ]
        found.sort(key=lambda m: m.id, reverse="after" not in request.query)
        found = found[:limit]
        found.sort(key=lambda m: m.id, reverse=True)  # Discord returns newest first
        return json_response([self.api.readable_payload(m) for m in found])

    def _check_send(
        self, request: web.Request, channel: FakeChannel, body: Body, *, doing: str
    ) -> None:
        """What Create Message needs in a guild channel, by channel type."""
        if channel.guild_id is None:
            return
        if channel.type in THREAD_ONLY:
            # 40058 "Cannot send a message in a forum channel" (GUILD_FORUM: "Channel that
            # can only contain threads").
            self.api.deny(
                request,
                400,
                CANNOT_SEND_IN_FORUM,
                "Cannot send messages in a forum channel",
                f"#{channel.name} is a forum: post in one of its threads",
                bug=True,
            )
        if channel.type == GUILD_CATEGORY:
            self.api.deny(
                request,
                400,
                CANNOT_SEND_NON_TEXT,
                "Cannot send messages in a non-text channel",
                f"#{channel.name} is a category",
                bug=True,
            )
        payload = body.payload
        # Create Message: "When operating on a guild channel, the current user must have
        # the SEND_MESSAGES permission." topics/permissions: "users must have
        # SEND_MESSAGES_IN_THREADS to send a message in a thread". ATTACH_FILES "Allows for
        # uploading images and files"; a bot's rich embeds need EMBED_LINKS (Discord answers
        # 50013 without it, as widely reported; the table says "Links sent by users with
        # this permission will be auto-embedded"). "When sending a message with tts set to
        # true, the current user must have the SEND_TTS_MESSAGES permission."
        needed = SEND_MESSAGES_IN_THREADS if channel.is_thread else SEND_MESSAGES
        if body.files:
            needed |= ATTACH_FILES
        if payload.get("embeds"):
            needed |= EMBED_LINKS
        if payload.get("tts"):
            needed |= SEND_TTS_MESSAGES
        self.api.require(request, channel, needed, doing=doing)
        reference = payload.get("message_reference")
        reply = isinstance(reference, dict) and reference.get("type", 0) == 0
        if reply and not self.api.bot_has(channel, READ_MESSAGE_HISTORY):
            # "When creating a message as a reply to another message, the current user
            # must have the READ_MESSAGE_HISTORY permission." (160002)
            self.api.deny(
                request,
                403,
                REPLY_WITHOUT_HISTORY,
                "Cannot reply without permission to read message history",
                f"in #{channel.name}",
                bug=not READ_MESSAGE_HISTORY & self.world.bot_invite_permissions,
            )
        self._check_locked(request, channel, "post")

    def _check_locked(self, request: web.Request, channel: FakeChannel, doing: str) -> None:
        # topics/threads, Locked Threads: "Users won't be able to create or update messages
        # in locked threads" without MANAGE_THREADS; "If a user or bot user has the
        # MANAGE_THREADS permission, they will still be able to make changes". 160005
        # "Thread is locked". The state of the server, not a bug.
        if channel.is_thread and channel.locked and not self.api.bot_has(channel, MANAGE_THREADS):
            self.api.deny(
                request,
                403,
                THREAD_LOCKED,
                "Thread is locked",
                f"cannot {doing} in locked thread #{channel.name} without MANAGE_THREADS",
                bug=False,
            )

    def _check_dm(self, request: web.Request, channel: FakeChannel) -> None:
        """Who a bot may DM (opcodes: "50278 Cannot send messages to this user due to
        having no mutual guilds", "50007 Cannot send messages to this user"): someone
        who shares a server with it and allows DMs from its members. The user's choice,
        not a bug of the bot: refused, never a violation."""
        user = channel.recipient
        if channel.type != DM or user is None:
            return
        me = self.world.bot_user.id
        shared = any(me in g.members and user.id in g.members for g in self.world.guilds.values())
        if not shared:
            self.api.deny(
                request,
                403,
                NO_MUTUAL_GUILDS,
                "Cannot send messages to this user due to having no mutual guilds",
                f"{user.name} shares no server with the bot",
                bug=False,
            )
        if user.dms_closed:
            self.api.deny(
                request,
                403,
                CANNOT_DM,
                "Cannot send messages to this user",
                f"{user.name} allows no direct messages from server members",
                bug=False,
            )

    async def send_message(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        body = await read_body(request)
        self._check_dm(request, channel)
        self._check_send(request, channel, body, doing="send a message")
        self.api.refuse(request, check_nonce(body.payload))
        world = self.world
        first = world.nonces.first(world.bot_user.id, body.payload, world.ids.clock())
        if first is not None:
            # enforce_nonce: "that message will be returned and no new message will be
            # created"; one deleted since: NotFound (discord.py's `send`), 10008.
            if first.deleted:
                raise not_found(UNKNOWN_MESSAGE, "Message")
            return json_response(world.message_payload(first))
        if channel.is_thread and channel.archived:
            # topics/threads: "Sending a message will automatically unarchive the thread,
            # unless the thread has been locked by a moderator." (_check_send refused a
            # locked one already, unless the bot is a moderator itself.)
            channel.archived = False
        message = await self.api.create_bot_message(request, channel, body)
        world.nonces.created(message, body.payload)
        return json_response(world.message_payload(message))

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        # Get Channel Message: "requires the current user to have the VIEW_CHANNEL and
        # READ_MESSAGE_HISTORY permissions".
        self.api.require(request, channel, READ_MESSAGE_HISTORY, doing="read a message")
        message = self.api.message(channel, request.match_info["message_id"])
        return json_response(self.api.readable_payload(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        self.api.require(request, channel, doing="edit a message")
        message = self.api.message(channel, request.match_info["message_id"])
        self._check_locked(request, channel, "edit a message")
        message = await self.api.edit_bot_message(request, message, await read_body(request))
        return json_response(self.world.message_payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        message = self.api.message(channel, request.match_info["message_id"])
        # Delete Message: "If operating on a guild channel and trying to delete a message
        # that was not sent by the current user, this endpoint requires the
        # MANAGE_MESSAGES permission."
        others = message.author.id != self.world.bot_user.id
        self.api.require(
            request, channel, MANAGE_MESSAGES if others else 0, doing="delete a message"
        )
        message.deleted = True
        self.world.changes.notify()
        event = {"id": str(message.id), "channel_id": str(channel.id)}
        if channel.guild_id is not None:
            event["guild_id"] = str(channel.guild_id)
        await self.api.gateway.dispatch("MESSAGE_DELETE", event, guild=channel.guild_id is not None)
        return json_response(None)

    async def add_reaction(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        # Create Reaction: "requires the READ_MESSAGE_HISTORY permission [...] if nobody
        # else has reacted to the message using this emoji, this endpoint requires the
        # ADD_REACTIONS permission" (the fake keeps no reactions: always the first).
        self.api.require(
            request, channel, READ_MESSAGE_HISTORY | ADD_REACTIONS, doing="add a reaction"
        )
        self.api.message(channel, request.match_info["message_id"])
        return json_response(None)

    async def remove_own_reaction(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        self.api.require(request, channel, doing="remove its reaction")
        self.api.message(channel, request.match_info["message_id"])
        return json_response(None)

    async def pin(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        # Pin Message / Unpin Message: "Requires the PIN_MESSAGES permission."
        self.api.require(request, channel, PIN_MESSAGES, doing="pin or unpin a message")
        self.api.message(channel, request.match_info["message_id"])
        return json_response(None)
