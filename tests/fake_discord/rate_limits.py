"""Discord's rate limits, as the fake enforces them (topics/rate-limits).

Every REST request under ``/api/v10`` passes :meth:`RateLimits.middleware` (the
outermost middleware of the fake's app) before anything else looks at it:

* the **global limit**: "All bots can make up to 50 requests per second to our API"
  (any 50 requests of the bot within one second; a 51st is answered 429 with
  ``"global": true``). It is the token's, over every connection and process that uses
  it: "Individuals are determined using a request's authentication—for example, a bot
  token for a bot"; "If no authorization header is provided, then the limit is applied
  to the IP address". "Interaction endpoints are not bound to the bot's Global Rate
  Limit": the interaction callback and the interaction webhooks are left out;
* **per-route buckets** from the fake's own table, :data:`ROUTES`: Discord documents
  the headers, not every route's numbers (see docs/DISCORD.md, "Rate limits", for
  where each number comes from). A bucket counts requests in a window that opens with
  the first request after the last one closed and lasts ``per`` seconds. Buckets of a
  route that depends on a top-level resource (a channel, a guild, a webhook) count
  each resource apart: "an endpoint with two different top-level resources may
  calculate limits independently".

Answers carry Discord's headers, which discord.py reads to wait before it is refused
(``X-RateLimit-Limit``, ``-Remaining``, ``-Reset``, ``-Reset-After``, ``-Bucket``);
a refusal is HTTP 429 with ``Retry-After``, ``X-RateLimit-Scope`` (and
``X-RateLimit-Global`` for the global limit) and the documented JSON body. Every
request and every 429 is recorded (:attr:`RateLimits.log`, :attr:`RateLimits.limited`)
so tests and benchmarks can assert the bot stays within the limits: a 429 is not a
bug in itself (discord.py waits and retries), and never fails a test on its own.

Timing is real (``time.monotonic``), as on Discord: a test that sends six messages to
one channel takes five seconds. ``time_scale`` shortens every window by one factor for
tests that do not test the limits themselves (tests/cogs/conftest.py): the counts stay
Discord's, so a bucket still fills and discord.py still waits, for a twentieth of the
time, as the headers it reads say. The rate-limit tests and the benchmarks keep
Discord's own windows (``time_scale=1``).
"""

from __future__ import annotations

import json
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from aiohttp import web

API_BASE = "/api/v10"
# "Interaction endpoints are not bound to the bot's Global Rate Limit"
# (topics/rate-limits; interactions/receiving-and-responding, "Endpoints").
INTERACTION_PATHS = (f"{API_BASE}/interactions/", f"{API_BASE}/webhooks/")
GLOBAL_LIMIT = 50
GLOBAL_WINDOW = 1.0
# The windows of tests that do not test the limits: a twentieth of Discord's (a
# channel's 5 messages per 5 s become 5 per 0.25 s). Tests marked `real_rate_limits`
# keep Discord's own (tests/fake_discord/plugin.py).
TEST_TIME_SCALE = 0.05
RATE_LIMITED = "You are being rate limited."
# discord.py reads a 429 without a `Via` header as a Cloudflare ban and raises at once
# instead of waiting (discord/http.py: "Banned by Cloudflare more than likely").
# Discord's answers come through Google's front end, which adds it.
VIA = "1.1 google"

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True, slots=True)
class Bucket:
    """One per-route limit: ``limit`` requests per ``per`` seconds.

    ``resource``: the names of the route's parameters that make its top-level
    resource (``channel_id``, ``guild_id``, a webhook's ``app`` and ``token``), each
    value counted apart; empty for a limit on the whole bot. ``name`` is sent as
    ``X-RateLimit-Bucket`` ("non-inclusive of top-level resources in the path")."""

    name: str
    limit: int
    per: float
    resource: tuple[str, ...] = ()


CHANNEL = ("channel_id",)
GUILD = ("guild_id",)
WEBHOOK = ("app", "token")

CREATE_MESSAGE = Bucket("create-message", 5, 5.0, CHANNEL)
EDIT_MESSAGE = Bucket("edit-message", 5, 5.0, CHANNEL)
DELETE_MESSAGE = Bucket("delete-message", 3, 1.0, CHANNEL)
READ_MESSAGES = Bucket("read-messages", 5, 5.0, CHANNEL)
REACTIONS = Bucket("reactions", 1, 0.25, CHANNEL)
PINS = Bucket("pins", 5, 4.0, CHANNEL)
TYPING = Bucket("typing", 5, 5.0, CHANNEL)
EDIT_CHANNEL = Bucket("edit-channel", 5, 15.0, CHANNEL)
OVERWRITES = Bucket("overwrites", 10, 15.0, CHANNEL)
CREATE_THREAD = Bucket("create-thread", 50, 300.0)
THREAD_MEMBERS = Bucket("thread-members", 5, 5.0)
CREATE_DM = Bucket("create-dm", 50, 1.0)
GET_USER = Bucket("get-user", 30, 30.0)
MEMBER_ROLES = Bucket("member-roles", 10, 10.0, GUILD)
LIST_MEMBERS = Bucket("list-members", 10, 10.0, GUILD)
GET_MEMBER = Bucket("get-member", 5, 1.0, GUILD)
GLOBAL_COMMANDS = Bucket("put-global-commands", 2, 60.0)
GUILD_COMMANDS = Bucket("put-guild-commands", 2, 60.0, GUILD)
INTERACTION_WEBHOOK = Bucket("interaction-webhook", 5, 2.0, WEBHOOK)

MESSAGE = "/channels/{channel_id}/messages/{message_id}"
REACTION = MESSAGE + "/reactions/{emoji}/@me"
THREAD_MEMBER = "/channels/{channel_id}/thread-members/{user_id}"
MEMBER_ROLE = "/guilds/{guild_id}/members/{user_id}/roles/{role_id}"
FOLLOWUP = "/webhooks/{app}/{token}/messages/{message_id}"

# (method, route as the fake registers it under /api/v10) -> its bucket. A route not
# listed has no per-route limit (and no X-RateLimit headers): only the global one.
ROUTES: dict[tuple[str, str], Bucket] = {
    ("POST", "/channels/{channel_id}/messages"): CREATE_MESSAGE,
    ("PATCH", MESSAGE): EDIT_MESSAGE,
    ("DELETE", MESSAGE): DELETE_MESSAGE,
    ("GET", "/channels/{channel_id}/messages"): READ_MESSAGES,
    ("GET", MESSAGE): READ_MESSAGES,
    ("PUT", REACTION): REACTIONS,
    ("DELETE", REACTION): REACTIONS,
    ("PUT", "/channels/{channel_id}/pins/{message_id}"): PINS,
    ("DELETE", "/channels/{channel_id}/pins/{message_id}"): PINS,
    ("PUT", "/channels/{channel_id}/messages/pins/{message_id}"): PINS,
    ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}"): PINS,
    ("POST", "/channels/{channel_id}/typing"): TYPING,
    ("PATCH", "/channels/{channel_id}"): EDIT_CHANNEL,
    ("PUT", "/channels/{channel_id}/permissions/{target}"): OVERWRITES,
    ("DELETE", "/channels/{channel_id}/permissions/{target}"): OVERWRITES,
    ("POST", "/channels/{channel_id}/threads"): CREATE_THREAD,
    ("POST", MESSAGE + "/threads"): CREATE_THREAD,
    ("PUT", THREAD_MEMBER): THREAD_MEMBERS,
    ("DELETE", THREAD_MEMBER): THREAD_MEMBERS,
    ("POST", "/users/@me/channels"): CREATE_DM,
    ("GET", "/users/{user_id}"): GET_USER,
    ("PUT", MEMBER_ROLE): MEMBER_ROLES,
    ("DELETE", MEMBER_ROLE): MEMBER_ROLES,
    ("GET", "/guilds/{guild_id}/members"): LIST_MEMBERS,
    ("GET", "/guilds/{guild_id}/members/{user_id}"): GET_MEMBER,
    ("PUT", "/applications/{app}/commands"): GLOBAL_COMMANDS,
    ("PUT", "/applications/{app}/guilds/{guild_id}/commands"): GUILD_COMMANDS,
    ("POST", "/webhooks/{app}/{token}"): INTERACTION_WEBHOOK,
    ("GET", FOLLOWUP): INTERACTION_WEBHOOK,
    ("PATCH", FOLLOWUP): INTERACTION_WEBHOOK,
    ("DELETE", FOLLOWUP): INTERACTION_WEBHOOK,
}


@dataclass(frozen=True, slots=True)
class Seen:
    """One request the bot made: when (monotonic seconds), which route, which bucket
    (``""`` for none), whether the global limit counted it, and whose it was (the
    ``Authorization`` header, else the caller's address: the global limit's key)."""

    at: float
    method: str
    route: str
    path: str
    bucket: str
    counted_globally: bool
    who: str = ""


@dataclass(frozen=True, slots=True)
class Limited:
    """One 429 the fake answered."""

    at: float
    method: str
    path: str
    bucket: str  # "global" for the global limit
    retry_after: float

    @property
    def is_global(self) -> bool:
        return self.bucket == "global"


@dataclass(slots=True)
class _Window:
    """A bucket's count for one resource: `used` requests since `opened`."""

    opened: float
    used: int = 0


@dataclass(eq=False)
class RateLimits:
    """The fake's rate limits; ``enabled=False`` turns them off (headers too).

    ``routes`` and ``global_limit`` may be replaced, e.g. a smaller bucket for a test;
    ``epoch`` is Discord's clock for ``X-RateLimit-Reset`` (the world's clock), the
    windows themselves use real monotonic time, each ``time_scale`` times Discord's
    (1: Discord's own; the counts are never scaled)."""

    enabled: bool = True
    time_scale: float = 1.0
    routes: dict[tuple[str, str], Bucket] = field(default_factory=lambda: dict(ROUTES))
    global_limit: int = GLOBAL_LIMIT
    epoch: Callable[[], float] = time.time
    clock: Callable[[], float] = time.monotonic
    log: list[Seen] = field(default_factory=list)
    limited: list[Limited] = field(default_factory=list)
    _windows: dict[tuple[str, tuple[str, ...]], _Window] = field(default_factory=dict)
    # The global limit's last window of requests, for each token (or address).
    _recent: dict[str, deque[float]] = field(default_factory=dict)

    # -- what tests and benchmarks read ----------------------------------------------

    def requests(self, bucket: str | None = None) -> list[Seen]:
        """Requests the fake answered (a 429 is not one), of one bucket if given."""
        return [s for s in self.log if bucket is None or s.bucket == bucket]

    def busiest_second(self) -> int:
        """The most requests of one token (the bot's, in practice: however many
        connections and processes use it) counted by the global limit within any one
        second (one global window, when the windows are scaled)."""
        by_whom: dict[str, list[float]] = {}
        for seen in self.log:
            if seen.counted_globally:
                by_whom.setdefault(seen.who, []).append(seen.at)
        most = 0
        for times in by_whom.values():
            start = 0
            for end, at in enumerate(times):
                while at - times[start] >= self.global_window:
                    start += 1
                most = max(most, end - start + 1)
        return most

    @property
    def global_window(self) -> float:
        """The global limit's window: one second, times the scale."""
        return GLOBAL_WINDOW * self.time_scale

    def window_of(self, bucket: Bucket) -> float:
        """A bucket's window in real seconds: its ``per``, times the scale."""
        return bucket.per * self.time_scale

    def clear(self) -> None:
        """Forget what was recorded (the windows keep counting)."""
        self.log.clear()
        self.limited.clear()

    # -- the middleware --------------------------------------------------------------

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        path = request.path
        if not self.enabled or not path.startswith(API_BASE):
            return await handler(request)
        method, route, now = request.method, _route(request), self.clock()
        bucket = self.routes.get((method, route))
        window = self._window(request, bucket, now) if bucket else None
        if bucket and window and window.used >= bucket.limit:
            wait = window.opened + self.window_of(bucket) - now
            return self._refuse(request, bucket.name, wait, bucket)
        counted = not path.startswith(INTERACTION_PATHS)
        who = request.headers.get("Authorization") or request.remote or ""
        if counted:
            recent = self._recent.setdefault(who, deque())
            while recent and now - recent[0] >= self.global_window:
                recent.popleft()
            if len(recent) >= self.global_limit:
                wait = recent[0] + self.global_window - now
                return self._refuse(request, "global", wait, None)
            recent.append(now)
        if window is not None:
            window.used += 1
        self.log.append(Seen(now, method, route, path, bucket.name if bucket else "", counted, who))
        response = await handler(request)
        if bucket and window:
            response.headers.update(self._headers(bucket, window, now))
        response.headers["Via"] = VIA
        return response

    def _window(self, request: web.Request, bucket: Bucket, now: float) -> _Window:
        """The bucket's window for the request's top-level resource, a new one if the
        last has closed."""
        key = (bucket.name, tuple(request.match_info.get(k, "") for k in bucket.resource))
        window = self._windows.get(key)
        if window is None or now >= window.opened + self.window_of(bucket):
            window = self._windows[key] = _Window(now)
        return window

    def _headers(self, bucket: Bucket, window: _Window, now: float) -> dict[str, str]:
        """topics/rate-limits, "Header Format". Reset-After "Can have decimals to match
        previous millisecond ratelimit precision"."""
        after = max(window.opened + self.window_of(bucket) - now, 0.0)
        return {
            "X-RateLimit-Limit": str(bucket.limit),
            "X-RateLimit-Remaining": str(max(bucket.limit - window.used, 0)),
            "X-RateLimit-Reset": f"{self.epoch() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": bucket.name,
        }

    def _refuse(
        self, request: web.Request, name: str, wait: float, bucket: Bucket | None
    ) -> web.Response:
        """A 429 as topics/rate-limits, "Exceeding A Rate Limit", shows it: "Your
        application should rely on the Retry-After header or retry_after field"; "normal
        route rate-limiting headers will also be sent in this response"; the global one
        carries `X-RateLimit-Global: true` and `X-RateLimit-Scope: global`. The body's
        optional `code` ("An error code for some limits") belongs to no limit the fake
        models."""
        wait = round(max(wait, 0.001), 3)
        is_global = bucket is None
        self.limited.append(Limited(self.clock(), request.method, request.path, name, wait))
        headers = {"Retry-After": str(math.ceil(wait)), "Via": VIA}
        if is_global:
            headers |= {"X-RateLimit-Global": "true", "X-RateLimit-Scope": "global"}
        else:
            assert bucket is not None
            headers |= {
                "X-RateLimit-Limit": str(bucket.limit),
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset": f"{self.epoch() + wait:.3f}",
                "X-RateLimit-Reset-After": f"{wait:.3f}",
                "X-RateLimit-Bucket": bucket.name,
                # "user (per bot or user limit)": the fake's buckets count one bot.
                "X-RateLimit-Scope": "user",
            }
        body = {"message": RATE_LIMITED, "retry_after": wait, "global": is_global}
        # The bare `application/json` type: discord.py compares it exactly.
        return web.Response(
            body=json.dumps(body).encode(),
            status=429,
            headers=headers,
            content_type="application/json",
        )


def _route(request: web.Request) -> str:
    """The route as registered, under the API base (``/channels/{channel_id}``)."""
    info = request.match_info.route.resource
    canonical = info.canonical if info is not None else request.path
    return canonical.removeprefix(API_BASE)
