"""Whom Discord will not let dipgm reach, as the service keeps it.

Two cases, each found only when Discord refuses something (dipgm has no members intent,
so it is never told that someone left a server):

- **Gone from the server**: a DM refused for want of a shared server (50278), a thread
  add refused as an unknown member (10007), or a member missing from a command's
  resolved data. Each running game where they hold a power marks them (`PlayerRow.
  left_server_at`) and its GM is told in the game's channel (PLAYER_LEFT), so that the
  GM can call a standby (rules/004 rule 9). Seen in the server again, they are unmarked.
- **DMs closed** (50007: they allow no direct messages from the server's members): kept
  in `closed_dms`; they are told once, in the game's channel with a ping of them only
  (DMS_CLOSED), until a DM reaches them again.

Either way the direct message refused is held (`OutboxRow.held_for_user_id`, with no
next attempt) rather than retried in a loop, and offered again when the user next uses
dipgm; a reminder or a ballot is dropped instead, being of no use later.
"""

from __future__ import annotations

from datetime import datetime

from bot.service.deadlines import grace_wait
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import Caller, GivenUp, GmStatus, ServiceCore, Store, ThreadGap
from bot.service.lobby import Lobby
from bot.service.talk import mark_gone
from storage import queries
from storage.models import ClosedDmRow, OutboxRow

# Given-up events shown to the GM (the newest; the count says how many in all).
GIVEN_UP_SHOWN = 5


class ReachDesk(ServiceCore):
    # The GM's status lists the games as the lobby shows them.
    def __init__(self, store: Store, lobby: Lobby) -> None:
        super().__init__(store)
        self.lobby = lobby

    async def player_gone(
        self,
        user_id: int,
        now: datetime,
        *,
        guild_id: int | None = None,
        game_id: int | None = None,
    ) -> int:
        """The user is no longer in the server (of `guild_id`; with neither, in any
        server the bot shares): see `mark_gone`."""
        async with self.transaction() as session:
            return await mark_gone(session, user_id, now, guild_id=guild_id, game_id=game_id)

    async def dms_closed(self, user_id: int, game_id: int | None, now: datetime) -> bool:
        """Discord refused a DM to the user (50007). The first time (until a DM reaches
        them again) they are told in the channel of `game_id` (None: of a running game
        of theirs). Returns whether this was the first time."""
        async with self.transaction() as session:
            if await session.get(ClosedDmRow, user_id) is not None:
                return False
            session.add(ClosedDmRow(user_id=user_id, closed_at=now))
            if game_id is None:  # a DM of theirs went unanswered: a game of theirs
                game_id = next((g.id for g in await queries.games.of_user(session, user_id)), None)
            game = await queries.games.get(session, game_id) if game_id is not None else None
            if game is not None:
                closed = ev.DmsClosed(user=user_id)
                add_event(session, closed, now, game_id=game.id, channel_id=game.channel_id)
            return True

    async def dms_open(self, user_id: int) -> None:
        """A DM reached the user: their DMs are open (again)."""
        async with self.transaction() as session:
            await queries.users.dms_open(session, user_id)

    async def closed_dm_users(self) -> frozenset[int]:
        async with self.transaction() as session:
            return await queries.users.dms_closed(session)

    # --- each user's DM channel (issue 32: a DM costs one request, not two) -----------

    async def dm_channel(self, user_id: int) -> int | None:
        """The DM channel kept for the user (None: none yet, or Discord said it is
        gone): a DM goes to it without opening it first."""
        async with self.transaction() as session:
            return await queries.users.dm_channel(session, user_id)

    async def dm_channel_opened(self, user_id: int, channel_id: int, now: datetime) -> None:
        """Discord opened (or showed, by a DM of theirs) the user's DM channel."""
        async with self.transaction() as session:
            await queries.users.keep_dm_channel(session, user_id, channel_id, now)

    async def dm_channel_gone(self, user_id: int, channel_id: int) -> None:
        """Discord says the channel is gone (10003): the next DM opens another."""
        async with self.transaction() as session:
            await queries.users.forget_dm_channel(session, user_id, channel_id)

    async def hold_event(
        self, event_id: int, user_id: int, error: str, now: datetime, *, keep: bool
    ) -> None:
        """A DM Discord refused because of its user (closed DMs, gone from the server):
        held for when they next use dipgm (`keep`), or dropped (a reminder, a ballot:
        of no use later). Never retried in a loop, never given up to the GM: the GM
        sees the user as unreachable instead."""
        async with self.transaction() as session:
            row = await session.get(OutboxRow, event_id)
            if row is None:
                return
            row.attempts += 1
            row.last_error = error[:2000]
            if keep:
                row.next_attempt_at, row.held_for_user_id = None, user_id
            else:
                row.delivered_at = now

    async def waiting_users(self) -> frozenset[int]:
        """Users with DMs held for them or found gone from a running game: whom to
        look out for (`user_seen`)."""
        async with self.transaction() as session:
            held = await queries.outbox.held_user_ids(session)
            gone = await queries.players.gone_from_running(session)
            return frozenset([*held, *gone])

    async def user_seen(self, user_id: int, guild_id: int | None, now: datetime) -> None:
        """The user used dipgm (a command in `guild_id`, or a DM): the DMs held for them
        are offered again, and they are no longer gone from that server."""
        async with self.transaction() as session:
            await queries.outbox.release_held(session, user_id, now)
            if guild_id is None:
                return
            await queries.players.back_in_server(session, user_id, guild_id)

    async def gm_status(self, game_id: int, caller: Caller) -> GmStatus:
        """`/gm status`: the game, and whom or what Discord keeps dipgm from reaching."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller, lock=False)
            self._require_gm(game, caller)
            info = await self.lobby.info_of(session, game)
            holders = {p.user_id for p in info.powers if p.user_id is not None}
            holders |= {p.standby_user_id for p in info.powers if p.standby_user_id}
            gone = await queries.players.gone_in_game(session, game.id)
            closed = await queries.users.dms_closed_of(session, holders)
            shown, given_up_count = await queries.outbox.given_up(session, game.id, GIVEN_UP_SHOWN)
            gaps = await queries.threads.member_errors(session, game.id)
            return GmStatus(
                info=info,
                left_server=tuple(sorted(u for u in gone if u in holders)),
                dms_closed=tuple(sorted(closed)),
                given_up=tuple(
                    GivenUp(r.kind, r.user_id, r.given_up_at)
                    for r in shown
                    if r.given_up_at is not None  # as the query chose them: for the type
                ),
                given_up_count=given_up_count,
                thread_gaps=tuple(ThreadGap(n, u, e) for n, u, e in gaps),
                grace=await grace_wait(self, session, game) if info.phase else None,
            )
