"""REST routes for users, the application, its commands and guilds."""

from __future__ import annotations

from aiohttp import web

from . import limits
from . import permissions as perm
from .permissions import (
    MANAGE_CHANNELS,
    MANAGE_ROLES,
)
from .rest import (
    MISSING_PERMISSIONS,
    UNKNOWN_MEMBER,
    UNKNOWN_ROLE,
    UNKNOWN_USER,
    json_response,
    not_found,
    read_body,
)
from .routes_base import RouteBase, overwrites_from
from .state import (
    GUILD_TEXT,
    JSON,
    FakeChannel,
    FakeGuild,
)


class GuildRoutes(RouteBase):
    """Users, the gateway URL, the application and its commands, guilds, members and roles."""

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
        ]
        for method, path, handler in add:
            r.route(method, base + path)(handler)

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
        channel.overwrites = overwrites_from(payload.get("permission_overwrites") or [])
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
