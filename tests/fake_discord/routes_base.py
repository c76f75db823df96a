"""What the fake Discord's REST route groups share: the world, finding a guild or a
user, and the refusals several groups give."""

from __future__ import annotations

from aiohttp import web

from .gateway import GUILD_MEMBERS
from .permissions import (
    Overwrite,
)
from .rest import (
    MISSING_ACCESS,
    UNKNOWN_GUILD,
    WRONG_CHANNEL_TYPE,
    Api,
    json_response,
    not_found,
)
from .state import (
    GUILD_FORUM,
    JSON,
    FakeChannel,
    FakeGuild,
)

GUILD_MEDIA = 16
# Channels where only threads (posts) may be sent, never messages.
THREAD_ONLY = (GUILD_FORUM, GUILD_MEDIA)


class RouteBase:
    """The world and API the routes answer from, and checks shared by several groups."""

    def __init__(self, api: Api) -> None:
        self.api = api
        self.world = api.world

    def guild(self, request: web.Request) -> FakeGuild:
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            raise not_found(UNKNOWN_GUILD, "Guild")
        return guild

    def user_id(self, raw: str) -> int:
        return self.world.bot_user.id if raw == "@me" else int(raw)

    async def no_content(self, request: web.Request) -> web.Response:
        return json_response(None)

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


def overwrites_from(raw: list[JSON]) -> dict[int, Overwrite]:
    """Overwrites from a request ("the allow and deny keys can be omitted or set to
    null, which both default to "0"")."""
    out: dict[int, Overwrite] = {}
    for o in raw:
        ow = Overwrite(
            int(o["id"]), int(o.get("type") or 0), int(o.get("allow") or 0), int(o.get("deny") or 0)
        )
        out[ow.id] = ow
    return out
