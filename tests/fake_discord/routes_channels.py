"""REST routes for users, guilds, channels, messages, threads and commands."""

from __future__ import annotations

import time

from aiohttp import web

from . import limits
from .rest import (
    INVALID_FORM_BODY,
    MISSING_ACCESS,
    THREAD_ARCHIVED,
    UNKNOWN_GUILD,
    UNKNOWN_MEMBER,
    UNKNOWN_ROLE,
    UNKNOWN_USER,
    Api,
    DiscordError,
    json_response,
    not_found,
    read_body,
)
from .state import (
    DM,
    GUILD_TEXT,
    JSON,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    FakeChannel,
    FakeGuild,
    iso,
)


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
            ("PUT", "/channels/{channel_id}/permissions/{target}", self.no_content),
            ("POST", "/channels/{channel_id}/typing", self.no_content),
            ("GET", "/channels/{channel_id}/messages", self.history),
            ("POST", "/channels/{channel_id}/messages", self.send_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            (
                "PUT",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self.no_content,
            ),
            (
                "DELETE",
                "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me",
                self.no_content,
            ),
            ("PUT", "/channels/{channel_id}/pins/{message_id}", self.no_content),
            ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self.no_content),
            ("POST", "/channels/{channel_id}/threads", self.create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread),
            (
                "GET",
                "/channels/{channel_id}/users/@me/threads/archived/private",
                self.joined_archived_private_threads,
            ),
            ("GET", "/channels/{channel_id}/thread-members", self.thread_members),
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

    async def get_guild(self, request: web.Request) -> web.Response:
        return json_response(self.guild(request).payload(me_id=self.world.bot_user.id))

    async def guild_channels(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        return json_response([c.payload() for c in guild.channels.values() if not c.is_thread])

    async def create_channel(self, request: web.Request) -> web.Response:
        guild = self.guild(request)
        payload = (await read_body(request)).payload
        channel = FakeChannel(
            self.world.ids.next(),
            int(payload.get("type") or GUILD_TEXT),
            name=payload.get("name"),
            guild_id=guild.id,
            parent_id=int(payload["parent_id"]) if payload.get("parent_id") else None,
            topic=payload.get("topic"),
            position=len(guild.channels),
        )
        guild.channels[channel.id] = channel
        self.world.channels[channel.id] = channel
        self.world.changes.notify()
        await self.api.gateway.dispatch("CHANNEL_CREATE", channel.payload())
        return json_response(channel.payload())

    async def guild_roles(self, request: web.Request) -> web.Response:
        return json_response([r.payload() for r in self.guild(request).roles.values()])

    async def guild_members(self, request: web.Request) -> web.Response:
        return json_response([m.payload() for m in self.guild(request).members.values()])

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
        me = self.world.bot_user.id
        threads = [
            c for c in self.guild(request).channels.values() if c.is_thread and not c.archived
        ]
        return json_response(
            {
                "threads": [t.payload(me_id=me) for t in threads],
                "members": [t.thread_member_payload(me) for t in threads if me in t.member_ids],
            }
        )

    # -- channels and messages -------------------------------------------------

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        return json_response(channel.payload(me_id=self.world.bot_user.id))

    async def edit_channel(self, request: web.Request) -> web.Response:
        """Rename a channel, or archive/lock/unlock a thread."""
        channel = self.api.channel(request.match_info["channel_id"])
        payload = (await read_body(request)).payload
        if channel.is_thread and channel.archived and payload.get("archived") is not False:
            # Discord: an archived thread is edited only by a request that unarchives it.
            raise DiscordError(400, THREAD_ARCHIVED, "Thread is archived")
        if "name" in payload:
            if channel.is_thread:
                self.api.refuse(request, limits.check_thread_name(payload["name"]))
            channel.name = payload["name"]
        if "topic" in payload:
            channel.topic = payload["topic"]
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

    async def delete_channel(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
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

    async def history(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        limit = int(request.query.get("limit", 50))
        before = int(request.query.get("before", 1 << 63))
        after = int(request.query.get("after", 0))
        found = [
            m
            for m in self.world.messages.values()
            if m.channel_id == channel.id
            and not m.deleted
            and not m.ephemeral
            and after < m.id < before
        ]
        found.sort(key=lambda m: m.id, reverse="after" not in request.query)
        found = found[:limit]
        found.sort(key=lambda m: m.id, reverse=True)  # Discord returns newest first
        return json_response([self.world.message_payload(m) for m in found])

    async def send_message(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        if channel.is_thread and channel.archived:
            channel.archived = False  # sending to an archived thread unarchives it
        body = await read_body(request)
        message = await self.api.create_bot_message(request, channel, body)
        return json_response(self.world.message_payload(message))

    async def get_message(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        message = self.api.message(channel, request.match_info["message_id"])
        return json_response(self.world.message_payload(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        message = self.api.message(channel, request.match_info["message_id"])
        message = await self.api.edit_bot_message(request, message, await read_body(request))
        return json_response(self.world.message_payload(message))

    async def delete_message(self, request: web.Request) -> web.Response:
        channel = self.api.channel(request.match_info["channel_id"])
        message = self.api.message(channel, request.match_info["message_id"])
        message.deleted = True
        self.world.changes.notify()
        event = {"id": str(message.id), "channel_id": str(channel.id)}
        if channel.guild_id is not None:
            event["guild_id"] = str(channel.guild_id)
        await self.api.gateway.dispatch("MESSAGE_DELETE", event, guild=channel.guild_id is not None)
        return json_response(None)

    # -- threads ----------------------------------------------------------------

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self.api.channel(request.match_info["channel_id"])
        if parent.type == DM or parent.is_thread:
            raise DiscordError(400, MISSING_ACCESS, "Cannot create a thread here")
        payload = (await read_body(request)).payload
        self.api.refuse(request, limits.check_thread_name(payload.get("name")))
        from_message = "message_id" in request.match_info
        thread = FakeChannel(
            # A thread started from a message shares the message's id.
            int(request.match_info["message_id"]) if from_message else self.world.ids.next(),
            PUBLIC_THREAD if from_message else int(payload.get("type") or PRIVATE_THREAD),
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
        data = thread.payload(me_id=self.world.bot_user.id)
        await self.api.gateway.dispatch("THREAD_CREATE", {**data, "newly_created": True})
        return json_response(data, status=201)

    async def joined_archived_private_threads(self, request: web.Request) -> web.Response:
        """Archived private threads under a channel that the bot is a member of, newest
        first, paged by ``before`` (a thread id) and ``limit`` (2 to 100), as Discord."""
        parent = self.api.channel(request.match_info["channel_id"])
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
            raise DiscordError(400, MISSING_ACCESS, "Channel is not a thread")
        return thread

    async def thread_members(self, request: web.Request) -> web.Response:
        thread = self.thread(request)
        return json_response([thread.thread_member_payload(u) for u in sorted(thread.member_ids)])

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = self.thread(request)
        if thread.archived:
            raise DiscordError(400, THREAD_ARCHIVED, "Thread is archived")
        user_id = self.user_id(request.match_info["user_id"])
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
        if thread.archived:
            raise DiscordError(400, THREAD_ARCHIVED, "Thread is archived")
        user_id = self.user_id(request.match_info["user_id"])
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
