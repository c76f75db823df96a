"""The fake Discord server: an aiohttp app on 127.0.0.1 plus bot lifecycle.

Typical use (see ``plugin.py`` for the pytest fixture)::

    fake = FakeDiscord()
    await fake.start()
    async with fake.run_bot(bot) as driver:
        ...
    await fake.close()
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import traceback
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from .capture import ErrorCollector
from .driver import Driver
from .gateway import Gateway
from .rate_limits import RateLimits
from .rest import UNIMPLEMENTED, Api, DiscordError, json_response
from .routes_channels import ChannelRoutes
from .routes_guilds import GuildRoutes
from .routes_interactions import InteractionRoutes
from .routes_threads import ThreadRoutes
from .shards import bot_holds
from .state import GUILD_TEXT, FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser
from .world import Violation, World

log = logging.getLogger(__name__)

API_BASE = "/api/v10"
# Routes Discord serves without the bot token (the interaction token is the auth).
TOKENLESS = (f"{API_BASE}/interactions/", f"{API_BASE}/webhooks/")


class FakeDiscord:
    """One fake Discord with a default world, ready for a bot to connect.

    The default world is one guild, "Diplomacy", with channels ``#general``
    and ``#diplomacy``, a ``GM`` role, the bot's own role (holding exactly the
    README's permissions, not Administrator), an ``owner`` who owns the guild, a
    GM user ``gm`` and players ``alice``, ``bob`` and ``carol``. Add more with
    :meth:`add_user`, :meth:`add_channel`, :meth:`add_guild`... *before*
    :meth:`run_bot` so they are in GUILD_CREATE.

    ``granted_intents``: the privileged intents switched on for the application
    (default none, as the README asks); IDENTIFY asking for another is closed 4014.
    """

    def __init__(
        self,
        *,
        players: tuple[str, ...] = ("alice", "bob", "carol"),
        granted_intents: int = 0,
        clock: Callable[[], float] = time.time,
        time_scale: float = 1.0,
    ) -> None:
        """`clock`: Discord's clock in UNIX seconds (see `Snowflakes`). `time_scale`: the
        rate limits' windows as a fraction of Discord's (rate_limits.py); 1 keeps
        Discord's own, as tests of the limits and the benchmarks need."""
        self.world = World(granted_intents=granted_intents, clock=clock)
        self.gateway = Gateway(self.world)
        self.api = Api(self.world, self.gateway)
        # Discord's rate limits (rate_limits.py), on as on Discord; `enabled = False`
        # turns them off, `routes` holds the per-route table.
        self.rate_limits = RateLimits(epoch=clock, time_scale=time_scale)
        self.guild: FakeGuild = self.add_guild("Diplomacy")
        assert self.guild.general is not None and self.guild.game_channel is not None
        self.general: FakeChannel = self.guild.general
        self.game_channel: FakeChannel = self.guild.game_channel
        self.gm = self.world.add_user("gm", guild=self.guild, roles=("GM",))
        for name in players:
            self.world.add_user(name, guild=self.guild)
        self.port = 0
        self._runner: web.AppRunner | None = None

    @property
    def granted_intents(self) -> int:
        """Privileged intents enabled for the app (GUILD_MEMBERS 1<<1, GUILD_PRESENCES
        1<<8, MESSAGE_CONTENT 1<<15); settable before or during a test."""
        return self.world.granted_intents

    @granted_intents.setter
    def granted_intents(self, value: int) -> None:
        self.world.granted_intents = value

    # -- world building -------------------------------------------------------

    def user(self, name: str) -> FakeUser:
        for user in self.world.users.values():
            if user.name == name:
                return user
        raise KeyError(f"no user named {name!r}")

    def add_user(
        self,
        name: str,
        *,
        roles: tuple[str, ...] = (),
        member: bool = True,
        guild: FakeGuild | None = None,
    ) -> FakeUser:
        """A new user, a member of ``guild`` (default: the first guild) unless
        ``member=False``, holding the named roles."""
        return self.world.add_user(
            name, guild=(guild or self.guild) if member else None, roles=roles
        )

    def add_guild(self, name: str, *, game_channel: str = "diplomacy", **kwargs: Any) -> FakeGuild:
        """Another server with ``#general`` and ``#<game_channel>`` (``guild.general``,
        ``guild.game_channel``), ``@everyone``, a ``GM`` role and the bot's role; the bot
        and the world's ``owner`` are members. Keyword arguments go to
        :meth:`World.add_guild` (``gm_role``, ``owner``, ``bot_permissions``)."""
        guild = self.world.add_guild(name, **kwargs)
        guild.general = self.world.add_channel(guild, "general")
        guild.game_channel = self.world.add_channel(guild, game_channel)
        return guild

    def add_member(
        self, user: FakeUser, guild: FakeGuild, *, roles: tuple[str, ...] = ()
    ) -> FakeMember:
        """Make an existing user a member of ``guild`` too (users may be in several)."""
        return self.world.add_member(user, guild, roles=roles)

    def add_channel(
        self,
        name: str,
        *,
        type: Any = GUILD_TEXT,  # Discord's own field name
        guild: FakeGuild | None = None,
        parent: FakeChannel | None = None,
    ) -> FakeChannel:
        """A channel of ``type`` (text 0, voice 2, category 4, announcement 5, forum 15;
        an int or a ``discord.ChannelType``) in ``guild`` (default: the first guild)."""
        return self.world.add_channel(guild or self.guild, name, type=type, parent=parent)

    def add_thread(self, parent: FakeChannel, name: str, *, owner: FakeUser) -> FakeChannel:
        """A thread ``owner`` started in ``parent`` (a public thread, an announcement
        thread, or a forum post), before ``run_bot`` (GUILD_CREATE lists it)."""
        return self.world.add_thread(parent, name, owner=owner)

    def add_role(
        self,
        name: str,
        *,
        permissions: Any = 0,
        mentionable: bool = True,
        guild: FakeGuild | None = None,
    ) -> FakeRole:
        return self.world.add_role(
            guild or self.guild, name, permissions=permissions, mentionable=mentionable
        )

    def set_overwrite(
        self,
        channel: FakeChannel,
        target: FakeRole | FakeUser | FakeMember | FakeGuild,
        *,
        allow: Any = 0,
        deny: Any = 0,
    ) -> None:
        """Set ``channel``'s overwrite for a role, a user, or @everyone (pass the guild).
        Before ``run_bot``; while it runs use ``driver.set_overwrite`` (CHANNEL_UPDATE)."""
        self.world.set_overwrite(channel, target, allow=allow, deny=deny)

    def bot_role(self, guild: FakeGuild | None = None) -> FakeRole:
        """The bot's role in ``guild`` (default: the first guild)."""
        return self.world.bot_role(guild or self.guild)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}{API_BASE}"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # -- server lifecycle -----------------------------------------------------

    async def start(self) -> None:
        """Listen on an ephemeral port of 127.0.0.1."""
        app = web.Application(
            middlewares=[self.rate_limits.middleware, self._middleware],
            client_max_size=64 * 1024 * 1024,
        )
        routes = web.RouteTableDef()
        GuildRoutes(self.api).register(routes, API_BASE)
        ChannelRoutes(self.api).register(routes, API_BASE)
        ThreadRoutes(self.api).register(routes, API_BASE)
        InteractionRoutes(self.api).register(routes, API_BASE)
        routes.get("/gateway")(self.gateway.handle)
        app.add_routes(routes)
        app.router.add_route("*", "/{tail:.*}", self._unimplemented)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        # The port the system chose (`AppRunner.addresses`: each bound socket's name).
        self.port = self._runner.addresses[0][1]
        self.gateway.url = self.gateway_url

    async def close(self) -> None:
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    @web.middleware
    async def _middleware(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        path = request.path
        authorized = request.headers.get("Authorization") == f"Bot {self.world.token}"
        if path.startswith(API_BASE) and not path.startswith(TOKENLESS) and not authorized:
            return json_response({"code": 0, "message": "401: Unauthorized"}, status=401)
        try:
            return await handler(request)
        except DiscordError as err:
            return err.response()
        except web.HTTPException:
            raise
        except Exception as exc:
            # A bug in the fake: fail the test loudly, but answer 400 rather than
            # 500 so discord.py does not sit through its retry back-off.
            log.exception("fake discord failed on %s %s", request.method, path)
            detail = "".join(traceback.format_exception(exc))
            self.world.unexpected.append(f"{request.method} {path}\n{detail}")
            return json_response({"code": 0, "message": f"fake discord error: {exc!r}"}, status=400)

    async def _unimplemented(self, request: web.Request) -> web.Response:
        """Unknown routes are recorded, so a test says exactly what to add here."""
        route = f"{request.method} {request.path}"
        self.world.violate(Violation(UNIMPLEMENTED, "route not implemented by the fake", route))
        return json_response({"code": 0, "message": f"fake discord lacks {route}"}, status=404)

    # -- running a bot --------------------------------------------------------

    @contextlib.asynccontextmanager
    async def run_bot(
        self,
        bot: discord.Client,
        *,
        ready_timeout: float = 10.0,
        guild_ready_timeout: float = 0.1,
        check: bool = True,
    ) -> AsyncIterator[Driver]:
        """Log ``bot`` in against this fake, wait for ``on_ready``, yield a :class:`Driver`.

        On exit the bot is closed and, if ``check``, the block fails with every
        handler exception and every violation of Discord's rules it recorded.
        """
        saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
        Route.BASE = self.base_url
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)
        # Guilds arrive right after READY; the default 2 s "wait for more
        # GUILD_CREATEs" would make every test 2 s slower.
        bot._connection.guild_ready_timeout = guild_ready_timeout
        collector = ErrorCollector(on_error=self.world.changes.notify)
        collector.install(bot)
        driver = Driver(self, bot, collector)
        task: asyncio.Task[None] | None = None
        failure: BaseException | None = None
        try:
            await bot.login(self.world.token)
            task = asyncio.create_task(bot.connect(reconnect=False), name="fake-discord-bot")
            ready = asyncio.create_task(bot.wait_until_ready())
            done, _ = await asyncio.wait(
                {task, ready}, timeout=ready_timeout, return_when="FIRST_COMPLETED"
            )
            if ready not in done:
                ready.cancel()
                if task in done:
                    task.result()  # re-raise why the connection died
                raise AssertionError(f"bot not ready after {ready_timeout}s")
            missing = [
                g.name
                for g in self.world.guilds.values()
                if bot.get_guild(g.id) is None and bot_holds(bot, g.id)
            ]
            assert not missing, f"bot became ready without guild(s) {missing}"
            yield driver
        except BaseException as exc:
            failure = exc
            raise
        finally:
            collector.closing = True
            await bot.close()
            if task is not None:
                with contextlib.suppress(Exception, asyncio.CancelledError):
                    await asyncio.wait_for(task, 5)
            collector.uninstall()
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved
            problems = driver.problems()
            if problems and failure is not None:
                failure.add_note(problems)
            elif problems and check:
                raise AssertionError(problems)
