"""Private threads for negotiation (`/talk`), as the service keeps them.

A thread belongs to a set of powers of a game. Who belongs in it follows who plays
those powers (and the GM when the game copies the GM on press): when a power changes
hands, the old player is to leave every thread of it and the new one to join. dipgm
keeps that here, member by member, with what it has done on Discord so far, and never
asks Discord for a thread's members (that needs the privileged members intent).

The Discord layer (bot/ui/_talk_threads.py) brings each thread in line: it adds and
removes one member at a time and reports each step with `mark_thread_member`, so a
delivery cut short resumes where it stopped.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.units import Power
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    Caller,
    GameStatus,
    NotAllowed,
    PlayerStatus,
    Press,
    ServiceCore,
    WrongState,
    clean_text,
)
from bot.service.talk._departures import mark_gone
from storage import queries
from storage.enums import ProxyEnd, ThreadMemberWhy
from storage.models import GameRow, PhaseRow, ProxyGrantRow, TalkThreadRow, ThreadMemberRow

log = logging.getLogger(__name__)

# A question to the GM fits one DM with its heading.
QUESTION_LIMIT = 1500


def thread_name(powers: Iterable[str]) -> str:
    """The thread's name: its powers, sorted ("England–France")."""
    return "–".join(sorted(p.title() for p in powers))


@dataclass(frozen=True, slots=True)
class TalkPlan:
    """What `/talk` is about to open: the game's channel, the powers, the thread's name,
    and the thread already open for them, if any (its Discord id)."""

    game_id: int
    channel_id: int
    powers: tuple[Power, ...]
    name: str
    thread_id: int | None
    game_name: str = ""
    gm_copied: bool = False  # the game copies its GM on private press


@dataclass(frozen=True, slots=True)
class PressPlan:
    """What `/press` may post: in which channel, signed by which powers (none: it
    goes unsigned, where the game allows anonymous press)."""

    game_id: int
    channel_id: int
    signed_by: tuple[Power, ...]


@dataclass(frozen=True, slots=True)
class ThreadMember:
    user_id: int
    power: Power | None  # the first of its powers the user plays; None for the GM
    wanted: bool  # belongs in the thread now
    on_discord: bool  # dipgm has them in it on Discord


class TalkDesk(ServiceCore):
    async def ask_gm(self, game_id: int, caller: Caller, text: str, now: datetime) -> str:
        """`/ask`: a player's question to the game's GM, by DM, seen by nobody else
        (rules/000 §1: the GM settles questions; the rulebooks ask players to put them
        to the GM). Only the game's players ask; returns the question as sent."""
        question = clean_text(text).strip()[:QUESTION_LIMIT]
        if not question:
            raise WrongState("Write your question after `/ask`.")
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller, lock=False)
            if game.status == GameStatus.ENDED:
                raise WrongState(f"{game.name} is over.")
            joined = [
                p
                for p in await queries.players.of_game(session, game.id)
                if p.user_id == caller.user_id
            ]
            if not any(p.status == PlayerStatus.JOINED for p in joined):
                raise NotAllowed(f"Only the players of {game.name} ask its GM through me.")
            powers = [
                r.power
                for r in await queries.powers.of_game(session, game.id)
                if r.user_id == caller.user_id
            ]
            asked = ev.Question(user=caller.user_id, powers=tuple(powers), text=question)
            add_event(session, asked, now, game_id=game.id, user_id=game.gm_user_id)
            return question

    async def plan_talk(self, caller: Caller, game_id: int, powers: Iterable[Power]) -> TalkPlan:
        """Check that the caller may talk with these powers in the game, and find the
        thread already open for the same set of powers (with the caller's own)."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller, lock=False)
            if game.status != GameStatus.ACTIVE:
                raise WrongState(f"{game.name} is not under way.")
            if self._settings(game).press is not Press.FULL:
                raise NotAllowed(f"{game.name} has no private press.")
            owners = {r.power: r.user_id for r in await queries.powers.of_game(session, game.id)}
            mine = {p for p, u in owners.items() if u == caller.user_id}
            if not mine:
                raise NotAllowed(f"Only the players of {game.name} negotiate in it.")
            others = {p.upper() for p in powers} - mine
            if not others:
                raise WrongState("Name at least one power other than your own.")
            nobody = sorted(p for p in others if owners.get(p) is None)
            if nobody:
                names = ", ".join(p.title() for p in nobody)
                raise WrongState(f"Nobody plays {names} now.")
            chosen = tuple(sorted(mine | others))
            name = thread_name(chosen)
            existing = await queries.threads.named(session, game.id, name)
            return TalkPlan(
                game.id,
                game.channel_id,
                chosen,
                name,
                existing.thread_id if existing is not None else None,
                game.name,
                self._settings(game).copy_gm_on_press,
            )

    async def plan_press(self, caller: Caller, game_id: int, anonymous: bool) -> PressPlan:
        """Check that the caller may post public press in the game (a player of a game
        under way whose press setting allows it, unsigned only where allowed), and say
        whose powers sign it."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller, lock=False)
            if game.status != GameStatus.ACTIVE:
                raise WrongState(f"{game.name} is not under way.")
            mine = tuple(
                r.power
                for r in await queries.powers.of_game(session, game.id)
                if r.user_id == caller.user_id
            )
            if not mine:
                raise NotAllowed(f"Only the players of {game.name} negotiate in it.")
            settings = self._settings(game)
            if settings.press is Press.NONE:
                raise NotAllowed(f"{game.name} is played without press.")
            if anonymous and not settings.anonymous_press:
                raise NotAllowed(f"{game.name} does not allow anonymous press.")
            return PressPlan(game.id, game.channel_id, () if anonymous else mine)

    async def record_talk_thread(
        self, game_id: int, thread_id: int, powers: Iterable[Power], now: datetime
    ) -> None:
        """A thread the Discord layer has just opened for these powers: from now on
        dipgm keeps its members."""
        async with self.transaction() as session:
            game = await self._game(session, game_id)
            chosen = sorted(p.upper() for p in powers)
            talk = await queries.threads.named(session, game.id, thread_name(chosen))
            if talk is not None:
                # The powers' old thread is gone from Discord (a moderator deleted it):
                # this one takes its place, with nobody in it yet.
                talk.thread_id, talk.locked_at, talk.created_at = thread_id, None, now
                for row in await self._member_rows(session, talk.id):
                    row.on_discord, row.changed_at = False, now
            else:
                session.add(
                    TalkThreadRow(
                        game_id=game.id,
                        thread_id=thread_id,
                        name=thread_name(chosen),
                        powers=chosen,
                        created_at=now,
                    )
                )
            await session.flush()
            await self.refresh_thread_members(session, game, now, announce=False)

    async def thread_members(self, thread_id: int) -> tuple[ThreadMember, ...]:
        """Everyone who belongs or belonged in the thread, as dipgm keeps them."""
        async with self.transaction() as session:
            talk = await self._talk_thread(session, thread_id)
            if talk is None:
                return ()
            game = await self._game(session, talk.game_id, lock=False)
            owners = {r.power: r.user_id for r in await queries.powers.of_game(session, game.id)}
            rows = await self._member_rows(session, talk.id)
            return tuple(
                ThreadMember(
                    r.user_id,
                    next((p for p in talk.powers if owners.get(p) == r.user_id), None),
                    r.wanted,
                    r.on_discord,
                )
                for r in rows
            )

    async def threads_of_user(self, game_id: int, user_id: int) -> tuple[str, ...]:
        """The names of the game's open threads the user belongs in."""
        async with self.transaction() as session:
            return await queries.threads.names_of_user(session, game_id, user_id)

    async def mark_thread_member(
        self,
        thread_id: int,
        user_id: int,
        on_discord: bool,
        now: datetime,
        *,
        error: str | None = None,
    ) -> None:
        """Record one step done on Discord: the user added (`on_discord`) or removed.
        `error`: the step failed for good (the user left the server): recorded, so the
        GM can see it, and not tried again until their place in the thread changes."""
        async with self.transaction() as session:
            talk = await self._talk_thread(session, thread_id)
            if talk is None:
                return
            for row in await self._member_rows(session, talk.id):
                if row.user_id == user_id:
                    row.on_discord, row.changed_at = on_discord, now
                    row.last_error = error[:200] if error else None
                    if error:
                        # Given up on: what dipgm wants for them is what it could do.
                        row.wanted = on_discord
            if error:  # not in the server: the powers they hold are out of reach
                await mark_gone(session, user_id, now, game_id=talk.game_id)

    async def open_threads(self, game_id: int) -> tuple[int, ...]:
        """The Discord ids of the game's threads not yet locked."""
        async with self.transaction() as session:
            return await queries.threads.open_ids(session, game_id)

    async def threads_out_of_step(self, game_id: int) -> tuple[int, ...]:
        """The game's threads whose members on Discord are not yet those dipgm wants."""
        async with self.transaction() as session:
            return tuple(sorted(await queries.threads.out_of_step_ids(session, game_id)))

    async def reopen_threads(self, session: AsyncSession, game: GameRow, now: datetime) -> None:
        """A rollback undid the game's end: its threads are open again. The Discord
        layer unlocks them when it next brings them in step (THREADS_SYNC)."""
        for talk in await queries.threads.locked_of_game(session, game.id):
            talk.locked_at = None
        add_event(session, ev.ThreadsSync(), now, game_id=game.id, channel_id=game.channel_id)

    async def mark_thread_locked(self, thread_id: int, now: datetime) -> None:
        async with self.transaction() as session:
            talk = await self._talk_thread(session, thread_id)
            if talk is not None and talk.locked_at is None:
                talk.locked_at = now

    # --- inside the service ---------------------------------------------------------

    @staticmethod
    async def _talk_thread(session: AsyncSession, thread_id: int) -> TalkThreadRow | None:
        return await queries.threads.by_discord_id(session, thread_id)

    @staticmethod
    async def _member_rows(session: AsyncSession, talk_id: int) -> list[ThreadMemberRow]:
        return await queries.threads.members(session, talk_id)

    async def refresh_thread_members(
        self, session: AsyncSession, game: GameRow, now: datetime, *, announce: bool = True
    ) -> bool:
        """Bring every thread's wanted members in line with who plays its powers now;
        with `announce`, queue a THREADS_SYNC event for the Discord layer if anything
        changed. Call it in the transaction that changes who plays a power."""
        owners = {
            r.power: r.user_id
            for r in await queries.powers.of_game(session, game.id)
            if r.user_id is not None
        }
        copy_gm = self._settings(game).copy_gm_on_press
        changed = False
        for talk in await queries.threads.open_of_game(session, game.id):
            wanted = {owners[p]: ThreadMemberWhy.PLAYER for p in talk.powers if p in owners}
            if copy_gm:
                wanted.setdefault(game.gm_user_id, ThreadMemberWhy.GM_COPY)
            rows = {r.user_id: r for r in await self._member_rows(session, talk.id)}
            for user_id, row in rows.items():
                if row.wanted != (user_id in wanted):
                    row.wanted, row.changed_at, row.last_error = user_id in wanted, now, None
                    changed = True
            for user_id, why in wanted.items():
                if user_id not in rows:
                    session.add(
                        ThreadMemberRow(
                            talk_thread_id=talk.id, user_id=user_id, why=why, changed_at=now
                        )
                    )
                    changed = True
        if changed and announce:
            add_event(session, ev.ThreadsSync(), now, game_id=game.id, channel_id=game.channel_id)
        return changed


class TalkingDesk(Protocol):
    """The desk calling (the adjudicator, the GM's): its store's helpers as every desk
    holds them (`ServiceCore`), and the talk desk whose threads follow a change of
    player. Typed by what is used, so this module needs no desk's module."""

    talk: TalkDesk

    # Methods, not attributes: a desk holds the store's (`ServiceCore`), and a
    # protocol's attribute would have to be one it may also set.
    async def _end_proxies(
        self,
        session: AsyncSession,
        game: GameRow,
        powers: set[Power] | None,
        reason: ProxyEnd,
        now: datetime,
        *,
        grantee: int | None = None,
        withdraw_orders: bool = True,
    ) -> list[ProxyGrantRow]: ...

    async def _current_phase(self, session: AsyncSession, game: GameRow) -> PhaseRow: ...
