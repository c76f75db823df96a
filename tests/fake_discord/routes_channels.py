"""REST routes for users, guilds, channels, messages, threads and commands."""

from __future__ import annotations

import time

from aiohttp import web

from . import limits
from . import permissions as perm
from .gateway import GUILD_MEMBERS
from .permissions import (
    ADD_REACTIONS,
    ATTACH_FILES,
    CREATE_PRIVATE_THREADS,
    CREATE_PUBLIC_THREADS,
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
    INVALID_FORM_BODY,
    MISSING_ACCESS,
    MISSING_PERMISSIONS,
    NO_MUTUAL_GUILDS,
    THREAD_ARCHIVED,
    THREAD_LOCKED,
    UNKNOWN_GUILD,
    UNKNOWN_MEMBER,
    UNKNOWN_ROLE,
    UNKNOWN_USER,
    WRONG_CHANNEL_TYPE,
    Api,
    Body,
    DiscordError,
    json_response,
    not_found,
    read_body,
)
from .state import (
    ANNOUNCEMENT_THREAD,
    DM,
    GUILD_ANNOUNCEMENT,
    GUILD_CATEGORY,
    GUILD_FORUM,
    GUILD_TEXT,
    GUILD_VOICE,
    JSON,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeChannel,
    FakeGuild,
    iso,
)

GUILD_MEDIA = 16
THREAD_ONLY = (GUILD_FORUM, GUILD_MEDIA)
REPLY_WITHOUT_HISTORY = 160002
THREAD_ALREADY_CREATED = 160004


class ChannelRoutes:
    """Everything the bot does outside interactions."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.world = api.world

    def register(self, r: web.RouteTableDef, base: str) -> None:
        add = [
            ("GET", "/gateway", self.gateway),
            ("GET", "/gateway/bot", self.gateway),
            ("GET", "/users/@me", self.me),
            ("GET", "/users/{user_id}", self.get_user),
            ("POST", "/users/@me/channels", self.open_dm),
            ("GET", "/oauth2/applications/@me", self.application),
            ("GET", "/applications/{app}/commands", self.get_commands),
            ("PUT", "/applications/{app}/commands", self.put_commands),
            ("GET", "/applications/{app}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{app}/guilds/{guild_id}/commands", self.put_commands),
            ("GET", "/guilds/{guild_id}", self.get_guild),
            ("GET", "/guilds/{guild_id}/channels", self.guild_channels),
            ("POST", "/guilds/{guild_id}/channels", self.create_channel),
            ("GET", "/guilds/{guild_id}/roles", self.guild_roles),
            ("GET", "/guilds/{guild_id}/members", self.guild_members),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.guild_member),
            ("PUT", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.add_role),
            ("DELETE", "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", self.remove_role),
            ("GET", "/guilds/{guild_id}/threads/active", self.active_threads),
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
            ("POST", "/channels/{channel_id}/threads", self.create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread),
            (
                "GET",
                "/channels/{channel_id}/users/@me/threads/archived/private",
                self.joined_archived_private_threads,
            ),
            ("GET", "/channels/{channel_id}/thread-members", self.thread_members),
            ("GET", "/channels/{channel_id}/thread-members/{user_id}", self.thread_member),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member),
            (
                "DELETE",
                "/channels/{channel_id}/thread-members/{user_id}",
                self.remove_thread_member,
            ),
        ]
        for method, path, handler in add:
            r.route(method, base + path)(handler)

    # -- helpers --------------------------------------------------------------

    def guild(self, request: web.Request) -> FakeGuild:
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise not_found(UNKNOWN_GUILD, "Guild")
        return guild

    def user_id(self, raw: str) -> int:
        return self.world.bot_user.id if raw == "@me" else int(raw)

    async def no_content(self, request: web.Request) -> web.Response:
        return json_response(None)

    # -- users, application, gateway ------------------------------------------

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response(
            {
                "url": self.api.gateway.url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    async def me(self, request: web.Request) -> web.Response:
        return json_response(
            {**self.world.bot_user.payload(), "verified": True, "mfa_enabled": False}
        )

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(self.user_id(request.match_info["user_id"]))
        if user is None:
            raise not_found(UNKNOWN_USER, "User")
        return json_response(user.payload())

    async def open_dm(self, request: web.Request) -> web.Response:
        body = await read_body(request)
        user = self.world.users.get(int(body.payload["recipient_id"]))
        if user is None:
            raise not_found(UNKNOWN_USER, "User")
        return json_response(self.world.dm_channel(user).payload())

    async def application(self, request: web.Request) -> web.Response:
        bot = self.world.bot_user
        return json_response(
            {
                "id": str(self.world.application_id),
                "name": bot.name,
                "icon": None,
                "description": "fake application",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": bot.payload(),
                "team": None,
                "verify_key": "0" * 64,
                "flags": 0,
                "summary": "",
                "bot": bot.payload(),
            }
        )

    # -- application commands -------------------------------------------------

    def _command_store(self, request: web.Request) -> tuple[int | None, list[JSON]]:
        raw = request.match_info.get("guild_id")
        if raw is None:
            return None, self.world.global_commands
        return int(raw), self.world.guild_commands.get(int(raw), [])

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self._command_store(request)[1])

    async def put_commands(self, request: web.Request) -> web.Response:
        """Bulk overwrite, as ``tree.sync()`` does; ids are kept for unchanged names."""
        guild_id, old = self._command_store(request)
        body = await read_body(request)
        commands: list[JSON] = body.payload if isinstance(body.payload, list) else []
        self.api.refuse(request, limits.check_commands(commands))
        old_ids = {(c.get("type", 1), c["name"]): c["id"] for c in old}
        stored: list[JSON] = []
        for cmd in commands:
            key = (cmd.get("type", 1), cmd["name"])
            stored.append(
                {
                    "type": 1,
                    "options": [],
                    "default_member_permissions": None,
                    "nsfw": False,
                    **cmd,
                    "id": old_ids.get(key) or str(self.world.ids.next()),
                    "application_id": str(self.world.application_id),
                    "version": str(self.world.ids.next()),
                    **({"guild_id": str(guild_id)} if guild_id is not None else {}),
                }
            )
        if guild_id is None:
            self.world.global_commands = stored
        else:
            self.world.guild_commands[guild_id] = stored
        self.world.changes.notify()
        return json_response(stored)

    # -- guilds ---------------------------------------------------------------

    def require_guild(
        self, request: web.Request, guild: FakeGuild, needed: int, doing: str
    ) -> None:
        """A guild-wide permission (no channel): 403 50013 if the bot's roles lack it."""
        missing = needed & ~guild.permissions_of(self.world.bot_user.id)
        if missing:
            self.api.deny(
                request,
                403,
                MISSING_PERMISSIONS,
                "Missing Permissions",
                f"bot lacks {perm.names(missing)} in guild {guild.name} to {doing}",
                bug=bool(missing & ~self.world.bot_invite_permissions),
            )

    def require_members_intent(self, request: web.Request, what: str) -> None:
        """The endpoints that need the GUILD_MEMBERS privileged intent.

        events/gateway, HTTP Restrictions: "to use the List Guild Members endpoint, your
        app must enable the GUILD_MEMBERS intent" and "HTTP API restrictions are
        independent of Gateway restrictions, and are unaffected by which intents your
        app passes in the intents parameter when Identifying": what counts is the
        intent switched on for the app (``world.granted_intents``), not the session's.
        The pages give no status or code. Discord answers 403 {"code": 50001, "message":
        "Missing Access"} (reported for List Guild Members in bwmarrin/discordgo#820
        and discord-net/Discord.Net#1908, "Otherwise you'll get error 50001 Missing
        access"; Discord.Net#2065 reports List Thread Members refused the same way
        without the intent). Never works without the intent: a violation.
        """
        if not self.world.granted_intents & GUILD_MEMBERS:
            self.api.deny(
                request,
                403,
                MISSING_ACCESS,
                "Missing Access",
                f"{what} needs the GUILD_MEMBERS privileged intent, not enabled for the app",
                bug=True,
            )

    async def get_guild(self, request: web.Request) -> web.Response:
        # resources/guild, Get Guild: the guild object; channels, members and threads
        # come only with GUILD_CREATE ("Guild Create Extra Fields").
        data = self.guild(request).payload(me_id=self.world.bot_user.id)
        for key in (
            "channels",
            "members",
            "threads",
            "joined_at",
            "large",
            "member_count",
            "voice_states",
            "presences",
            "stage_instances",
            "guild_scheduled_events",
            "soundboard_sounds",
        ):
            data.pop(key, None)
        return json_response(data)

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        return json_response([c.payload() for c in guild.channels.values() if not c.is_thread])

    async def create_channel(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        # resources/guild, Create Guild Channel: "Requires the MANAGE_CHANNELS permission."
        self.require_guild(request, guild, MANAGE_CHANNELS, "create a channel")
        payload = (await read_body(request)).payload
        if payload.get("permission_overwrites"):
            self.require_guild(request, guild, MANAGE_ROLES, "set permission overwrites")
        channel = FakeChannel(
            self.world.ids.next(),
            int(payload.get("type") or GUILD_TEXT),
            name=payload.get("name"),
            guild_id=guild.id,
            parent_id=int(payload["parent_id"]) if payload.get("parent_id") else None,
            topic=payload.get("topic"),
            position=len(guild.channels),
        )
        channel.overwrites = _overwrites(payload.get("permission_overwrites") or [])
        guild.channels[channel.id] = channel
        self.world.channels[channel.id] = channel
        self.world.changes.notify()
        await self.api.gateway.dispatch("CHANNEL_CREATE", channel.payload())
        return json_response(channel.payload())

    async def guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self.guild(request).roles.values()])

    async def guild_members(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        # resources/guild, List Guild Members: "This endpoint requires the GUILD_MEMBERS
        # Privileged Intent."
        self.require_members_intent(request, "List Guild Members")
        limit = int(request.query.get("limit", 1))
        if not 1 <= limit <= 1000:
            self.api.refuse(request, ["limit must be 1..1000"])
        after = int(request.query.get("after", 0))
        members = sorted(guild.members.values(), key=lambda m: m.user.id)
        page = [m for m in members if m.user.id > after][:limit]
        return json_response([m.payload() for m in page])

    async def guild_member(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        member = guild.members.get(self.user_id(request.match_info["user_id"]))
        if member is None:
            raise not_found(UNKNOWN_MEMBER, "Member")
        return json_response(member.payload())

    async def _change_role(self, request: web.Request, *, add: bool) -> web.Response:
        guild = self.guild(request)
        member = guild.members.get(int(request.match_info["user_id"]))
        role_id = int(request.match_info["role_id"])
        if member is None:
            raise not_found(UNKNOWN_MEMBER, "Member")
        if role_id not in guild.roles:
            raise not_found(UNKNOWN_ROLE, "Role")
        # resources/guild, Add/Remove Guild Member Role: "Requires the MANAGE_ROLES
        # permission." topics/permissions, Permission Hierarchy: "A bot can grant roles
        # to other users that are of a lower position than its own highest role."
        self.require_guild(request, guild, MANAGE_ROLES, "change a member's roles")
        me = guild.members[self.world.bot_user.id]
        highest = max((guild.roles[r].position for r in me.role_ids), default=0)
        if guild.roles[role_id].position >= highest and guild.owner_id != me.user.id:
            self.api.deny(
                request,
                403,
                MISSING_PERMISSIONS,
                "Missing Permissions",
                f"role {guild.roles[role_id].name} is not below the bot's highest role",
                bug=True,
            )
        if add and role_id not in member.role_ids:
            member.role_ids.append(role_id)
        elif not add and role_id in member.role_ids:
            member.role_ids.remove(role_id)
        self.world.changes.notify()
        await self.api.gateway.dispatch(
            "GUILD_MEMBER_UPDATE", {**member.payload(), "guild_id": str(guild.id)}
        )
        return json_response(None)

    async def add_role(self, request: web.Request) -> web.Response:
        return await self._change_role(request, add=True)

    async def remove_role(self, request: web.Request) -> web.Response:
        return await self._change_role(request, add=False)

    async def active_threads(self, request: web.Request) -> web.Response:
        # topics/threads, Enumerating threads: "/guilds/<guild_id>/threads/active returns
        # all active threads in a guild that the current user can access"; by id, newest
        # first ("Threads are ordered by their id, in descending order").
        me = self.world.bot_user.id
        threads = sorted(
            (
                c
                for c in self.guild(request).channels.values()
                if c.is_thread and not c.archived and self.world.can_read(me, c)
            ),
            key=lambda c: c.id,
            reverse=True,
        )
        return json_response(
            {
                "threads": [t.payload(me_id=me) for t in threads],
                "members": [t.thread_member_payload(me) for t in threads if me in t.member_ids],
            }
        )

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
            channel.overwrites = _overwrites(payload["permission_overwrites"] or [])
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

    def _wrong_type(self, request: web.Request, doing: str, channel: FakeChannel) -> None:
        # 50024 "Cannot execute action on this channel type": never works, a bot bug.
        self.api.deny(
            request,
            400,
            WRONG_CHANNEL_TYPE,
            "Cannot execute action on this channel type",
            f"cannot {doing} in #{channel.name or channel.id} (type {channel.type})",
            bug=True,
        )

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
        reply = bool(reference) and reference.get("type", 0) == 0
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
        if channel.is_thread and channel.archived:
            # topics/threads: "Sending a message will automatically unarchive the thread,
            # unless the thread has been locked by a moderator." (_check_send refused a
            # locked one already, unless the bot is a moderator itself.)
            channel.archived = False
        message = await self.api.create_bot_message(request, channel, body)
        return json_response(self.world.message_payload(message))

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

    # -- threads ----------------------------------------------------------------

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self.api.channel(request.match_info["channel_id"])
        body = await read_body(request)
        payload = body.payload
        from_message = "message_id" in request.match_info
        if parent.type == DM or parent.is_thread:
            self._wrong_type(request, "start a thread", parent)
        if parent.type in THREAD_ONLY:
            return await self._create_forum_post(request, parent, body)
        if from_message:
            # Start Thread from Message: "When called on a GUILD_TEXT channel, creates a
            # PUBLIC_THREAD. When called on a GUILD_ANNOUNCEMENT channel, creates a
            # ANNOUNCEMENT_THREAD." CREATE_PUBLIC_THREADS: "Allows for creating public and
            # announcement threads".
            if parent.type not in (GUILD_TEXT, GUILD_ANNOUNCEMENT):
                self._wrong_type(request, "start a thread from a message", parent)
            kind = PUBLIC_THREAD if parent.type == GUILD_TEXT else ANNOUNCEMENT_THREAD
            self.api.require(request, parent, CREATE_PUBLIC_THREADS, doing="start a thread")
            source = self.api.message(parent, request.match_info["message_id"])
            if source.id in self.world.channels:
                # "a message can only have a single thread created from it" (160004)
                self.api.deny(
                    request,
                    400,
                    THREAD_ALREADY_CREATED,
                    "A thread has already been created for this message",
                    bug=True,
                )
        else:
            kind = int(payload.get("type") or PRIVATE_THREAD)
            if kind == PRIVATE_THREAD and parent.type != GUILD_TEXT:
                # topics/threads: "Private threads [...] can only be created in GUILD_TEXT
                # channels." The docs give no code; 50024 "Cannot execute action on this
                # channel type" is the one that describes it.
                self._wrong_type(request, "create a private thread", parent)
            expected = {GUILD_TEXT: PUBLIC_THREAD, GUILD_ANNOUNCEMENT: ANNOUNCEMENT_THREAD}
            if kind != PRIVATE_THREAD and expected.get(parent.type) != kind:
                self._wrong_type(request, f"create a thread of type {kind}", parent)
            # CREATE_PRIVATE_THREADS "Allows for creating private threads";
            # CREATE_PUBLIC_THREADS "Allows for creating public and announcement threads".
            needed = CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else CREATE_PUBLIC_THREADS
            self.api.require(request, parent, needed, doing="create a thread")
        self.api.refuse(request, limits.check_thread_name(payload.get("name")))
        thread = self._new_thread(
            parent,
            # A thread started from a message shares the message's id.
            int(request.match_info["message_id"]) if from_message else self.world.ids.next(),
            kind,
            payload,
        )
        data = thread.payload(me_id=self.world.bot_user.id)
        await self.api.gateway.dispatch("THREAD_CREATE", {**data, "newly_created": True})
        return json_response(data, status=201)

    def _new_thread(
        self, parent: FakeChannel, thread_id: int, kind: int, payload: JSON
    ) -> FakeChannel:
        thread = FakeChannel(
            thread_id,
            kind,
            name=payload["name"],
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.world.bot_user.id,
            invitable=bool(payload.get("invitable", True)),
            auto_archive_duration=int(payload.get("auto_archive_duration") or 10080),
            member_ids={self.world.bot_user.id},
        )
        guild = self.world.guild_of(parent)
        assert guild is not None
        guild.channels[thread.id] = thread
        self.world.channels[thread.id] = thread
        self.world.changes.notify()
        return thread

    async def _create_forum_post(
        self, request: web.Request, forum: FakeChannel, body: Body
    ) -> web.Response:
        """Start Thread in Forum or Media Channel: a PUBLIC_THREAD with a first message.
        SEND_MESSAGES "Allows for sending messages in a channel and creating threads in a
        forum"; the ``message`` param is required."""
        payload = body.payload
        if not isinstance(payload.get("message"), dict):
            self.api.refuse(request, ["message: required to start a thread in a forum"])
        self.api.require(request, forum, SEND_MESSAGES, doing="create a forum post")
        self.api.refuse(request, limits.check_thread_name(payload.get("name")))
        thread = self._new_thread(forum, self.world.ids.next(), PUBLIC_THREAD, payload)
        data = thread.payload(me_id=self.world.bot_user.id)
        await self.api.gateway.dispatch("THREAD_CREATE", {**data, "newly_created": True})
        message = await self.api.create_bot_message(
            request, thread, Body(payload["message"], body.files)
        )
        data = thread.payload(me_id=self.world.bot_user.id)
        data["message"] = self.world.message_payload(message)
        return json_response(data, status=201)

    async def joined_archived_private_threads(self, request: web.Request) -> web.Response:
        """Archived private threads under a channel that the bot is a member of, newest
        first, paged by ``before`` (a thread id) and ``limit`` (2 to 100), as Discord."""
        parent = self.api.channel(request.match_info["channel_id"])
        # List Joined Private Archived Threads: "Requires the READ_MESSAGE_HISTORY
        # permission."
        self.api.require(
            request, parent, READ_MESSAGE_HISTORY, doing="list joined archived private threads"
        )
        me = self.world.bot_user.id
        limit = int(request.query.get("limit", 50))
        if not 2 <= limit <= 100:
            raise DiscordError(400, INVALID_FORM_BODY, "Invalid Form Body: limit")
        before = int(request.query.get("before", 1 << 63))
        found = sorted(
            (
                c
                for c in self.world.channels.values()
                if c.is_thread
                and c.type == PRIVATE_THREAD
                and c.archived
                and c.parent_id == parent.id
                and me in c.member_ids
                and c.id < before
            ),
            key=lambda c: c.id,
            reverse=True,
        )
        page = found[:limit]
        return json_response(
            {
                "threads": [t.payload(me_id=me) for t in page],
                "members": [t.thread_member_payload(me) for t in page],
                "has_more": len(found) > limit,
            }
        )

    def thread(self, request: web.Request) -> FakeChannel:
        thread = self.api.channel(request.match_info["channel_id"])
        if not thread.is_thread:
            self._wrong_type(request, "manage thread members", thread)
        return thread

    async def thread_members(self, request: web.Request) -> web.Response:
        thread = self.thread(request)
        # List Thread Members: "This endpoint is restricted according to whether the
        # GUILD_MEMBERS Privileged Intent is enabled for your application." topics/threads,
        # Syncing for other users: "These require the GUILD_MEMBERS Gateway Intent".
        self.require_members_intent(request, "List Thread Members")
        self.api.require(request, thread, doing="list the thread's members")
        with_member = request.query.get("with_member") in ("true", "True", "1")
        ids = sorted(thread.member_ids)
        if with_member:
            # "When with_member is set to true, the results will be paginated" (after,
            # limit 1-100, default 100).
            limit = int(request.query.get("limit", 100))
            if not 1 <= limit <= 100:
                self.api.refuse(request, ["limit must be 1..100"])
            after = int(request.query.get("after", 0))
            ids = [u for u in ids if u > after][:limit]
        return json_response([self._thread_member(thread, u, with_member) for u in ids])

    def _thread_member(self, thread: FakeChannel, user_id: int, with_member: bool) -> JSON:
        data = thread.thread_member_payload(user_id)
        member = self.world.member(thread.guild_id, user_id)
        if with_member and member is not None:
            data["member"] = member.payload()
        return data

    async def thread_member(self, request: web.Request) -> web.Response:
        """Get Thread Member: "Returns a thread member object for the specified user if
        they are a member of the thread, returns a 404 response otherwise." Not among the
        endpoints the GUILD_MEMBERS intent restricts."""
        thread = self.thread(request)
        self.api.require(request, thread, doing="get a thread member")
        user_id = self.user_id(request.match_info["user_id"])
        if user_id not in thread.member_ids:
            raise not_found(UNKNOWN_MEMBER, "Member")
        with_member = request.query.get("with_member") in ("true", "True", "1")
        return json_response(self._thread_member(thread, user_id, with_member))

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self.thread(request)
        user_id = self.user_id(request.match_info["user_id"])
        me = self.world.bot_user.id
        if user_id == me:
            # Join Thread: "Also requires the thread is not archived."
            self.api.require(request, thread, doing="join the thread")
        else:
            # Add Thread Member: "Requires the ability to send messages in the thread."
            self.api.require(
                request, thread, SEND_MESSAGES_IN_THREADS, doing="add a member to the thread"
            )
            if thread.type == PRIVATE_THREAD and not thread.invitable:
                # invitable: "whether non-moderators can add other non-moderators to a
                # thread; only available on private threads" (moderator: MANAGE_THREADS).
                self.api.require(
                    request, thread, MANAGE_THREADS, doing="add a member to a non-invitable thread"
                )
        if thread.archived:
            self.api.deny(
                request,
                400,
                THREAD_ARCHIVED,
                "Thread is archived",
                f"adding a member to archived thread #{thread.name}",
                bug=False,
            )
        guild = self.world.guild_of(thread)
        member = None if guild is None else guild.members.get(user_id)
        if member is None:
            raise not_found(UNKNOWN_MEMBER, "Member")
        if user_id not in thread.member_ids:
            thread.member_ids.add(user_id)
            self.world.changes.notify()
            added = {
                **thread.thread_member_payload(user_id),
                "join_timestamp": _now(),
                "member": member.payload(),
                "presence": None,
            }
            await self._members_update(thread, added=[added])
        return json_response(None)

    async def remove_thread_member(self, request: web.Request) -> web.Response:
        thread = self.thread(request)
        user_id = self.user_id(request.match_info["user_id"])
        me = self.world.bot_user.id
        if user_id == me:
            # Leave Thread: no permission, "Also requires the thread is not archived."
            self.api.require(request, thread, doing="leave the thread")
        else:
            # Remove Thread Member: "Requires the MANAGE_THREADS permission, or the creator
            # of the thread if it is a PRIVATE_THREAD."
            creator = thread.type == PRIVATE_THREAD and thread.owner_id == me
            self.api.require(
                request,
                thread,
                MANAGE_THREADS,
                doing="remove a member from the thread",
                waived=creator,
            )
        if thread.archived:
            self.api.deny(
                request,
                400,
                THREAD_ARCHIVED,
                "Thread is archived",
                f"removing a member from archived thread #{thread.name}",
                bug=False,
            )
        if user_id not in thread.member_ids:
            raise not_found(UNKNOWN_MEMBER, "Member")
        thread.member_ids.discard(user_id)
        self.world.changes.notify()
        await self._members_update(thread, removed=[str(user_id)])
        return json_response(None)

    async def _members_update(
        self,
        thread: FakeChannel,
        *,
        added: list[JSON] | None = None,
        removed: list[str] | None = None,
    ) -> None:
        event: JSON = {
            "id": str(thread.id),
            "guild_id": str(thread.guild_id),
            "member_count": len(thread.member_ids),
        }
        if added:
            event["added_members"] = added
        if removed:
            event["removed_member_ids"] = removed
        await self.api.gateway.dispatch("THREAD_MEMBERS_UPDATE", event)


def _now() -> str:
    return iso(time.time())


def _overwrites(raw: list[JSON]) -> dict[int, Overwrite]:
    """Overwrites from a request ("the allow and deny keys can be omitted or set to
    null, which both default to "0"")."""
    out: dict[int, Overwrite] = {}
    for o in raw:
        ow = Overwrite(
            int(o["id"]), int(o.get("type") or 0), int(o.get("allow") or 0), int(o.get("deny") or 0)
        )
        out[ow.id] = ow
    return out
