"""Playing a phase: in one transaction, exactly once, or not at all.

The claim is a compare-and-set on the game's `version` (plus a SKIP LOCKED row lock on
PostgreSQL); the new position, every outcome, the report, the next deadline, the
NMR bookkeeping and the outbox events are written together, or none of them is.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Order
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.rules import Rules
from adjudication.model.units import Phase, PhaseKind, Power
from adjudication.variants import VARIANTS, Variant
from bot.service.deadlines._excuses import excuse_the_late
from bot.service.deadlines._grace import wait_for_late
from bot.service.deadlines._missing_orders import orders_and_nmr
from bot.service.deadlines._winter_record import (
    fall_ownership,
    keep_winter,
    winter_history,
    winter_passed_over,
)
from bot.service.endings import Endings, Votes
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    AdjudicationResult,
    GameSettings,
    GameState,
    GameStatus,
    PhaseNotices,
    ProxyEnd,
    ServiceCore,
    Store,
    coin_toss_text,
    keep_start_state,
    lapse_open_votes,
    state_now,
)
from bot.service.orders import owes_orders
from bot.service.spectators import tell_spectators
from bot.service.talk import TalkDesk
from bot.service.timing import outside_absences
from bot.service.variants import NewsAsked, parts_for
from bot.service.variants.masters import retreat_writers
from storage import queries
from storage.codec import outcome_to_json, position_to_json
from storage.models import GameRow, PhaseRow, PowerRow

log = logging.getLogger(__name__)


@dataclass(slots=True)
class _Before:
    """A phase at its deadline, before the engine: the powers' rows, who was in civil
    disorder, the orders in force kept (rows) and the orders to play, and the events
    of the NMR bookkeeping."""

    powers: list[PowerRow]
    was_in_disorder: set[Power]
    rows: list[Any]
    orders: list[Order]
    events: list[ev.Payload]


@dataclass(slots=True)
class _Played:
    """What the engine made of it: the result (a part's own play, if one plays it), the
    report kept, the lines written for others as told (the Masters Rules'), the
    variant's announcements, the years' record, the NMR."""

    result: Adjudication
    written: tuple[dict[str, Any], ...]
    report: str
    announcements: list[str]
    history: Sequence[Mapping[str, Power]]
    nmr: set[Power]


@dataclass(slots=True)
class _After:
    """The phase that follows: its position, its row, the Winter passed over (kept as
    played), its deadline (None: the match's other board is behind), whether the game
    is over, and the powers eliminated."""

    nxt: Position
    new_phase: PhaseRow
    winter: PhaseRow | None
    deadline: datetime | None
    over: bool
    eliminated: set[Power]


class Adjudicator(ServiceCore):
    # The votes desk decides the votes at a deadline before the phase is played; the
    # endings desk ends the game; the talk desk follows a standby into the threads.
    def __init__(self, store: Store, *, endings: Endings, votes: Votes, talk: TalkDesk) -> None:
        super().__init__(store)
        self.endings, self.votes, self.talk = endings, votes, talk

    async def adjudicate_game(
        self, game_id: int, now: datetime, *, due_only: bool = True
    ) -> AdjudicationResult | None:
        """Play the game's current phase. Returns None when there was nothing to do:
        not due (with `due_only`), paused, over, or another process got there first."""
        async with self.transaction() as session:
            game = await queries.games.with_phase(session, game_id)
            if game is None or game.status != GameStatus.ACTIVE:
                return None
            claimed = await queries.games.claim(
                session, game_id, game.version, due_before=now if due_only else None
            )
            if not claimed:
                return None
            # The claim's UPDATE bumped the version in the database; record it here
            # without another round trip.
            set_committed_value(game, "version", game.version + 1)
            if due_only and (
                await excuse_the_late(self, session, game, now)
                or await wait_for_late(self, session, game, now)
            ):
                return None  # issue 23: the late are excused, or have a grace
            return await self.play_phase(session, game, now)

    async def play_phase(
        self, session: AsyncSession, game: GameRow, now: datetime
    ) -> AdjudicationResult | None:
        """The phase in play, played: the votes due at its deadline, the NMR
        bookkeeping, the engine, the record, the next phase and what everyone is told."""
        phase = await self._current_phase(session, game)
        position = self._position(phase)
        settings = self._settings(game)
        if await self.votes.votes_at_deadline(session, game, phase, position, now):
            return None  # a draw ended the game, or an extension moved the deadline
        before = await self._bookkeeping(session, game, phase, position, settings, now)
        played = await self._adjudicate(session, game, phase, position, settings, before, now)
        after = await self._next_phase(
            session, game, phase, position, settings, before, played, now
        )
        await self._announce(session, game, phase, position, before, played, after, now)
        await session.flush()
        return AdjudicationResult(
            game_id=game.id,
            phase=position.phase,
            next_phase=None if after.over else after.nxt.phase,
            report=played.report,
            game_over=after.over,
        )

    async def _bookkeeping(
        self,
        session: AsyncSession,
        game: GameRow,
        phase: PhaseRow,
        position: Position,
        settings: GameSettings,
        now: datetime,
    ) -> _Before:
        """Before the engine: the start state kept, the orders to play, who missed them
        (NMR, civil disorder, a standby taking over), the proxies and threads that
        follow (rules/004 rules 9 and 10)."""
        await keep_start_state(session, game.id, phase)  # before the NMR bookkeeping
        powers = list(await queries.powers.of_game(session, game.id))
        for row in powers:
            # rules/004: a replacement chooses whom the score counts for "at the time he
            # enters the game only": the phase they entered in is over. (Before the NMR
            # bookkeeping: a standby taking over now enters for the next phase.)
            row.score_choice_from = None
        was_in_disorder = {r.power for r in powers if r.civil_disorder}
        subs = await queries.submissions.of_phase(session, phase.id)
        rows = await queries.orders.in_force(session, phase.id)
        orders, unused, events = orders_and_nmr(position, powers, subs, rows, settings, self.board)
        # O6: in a one-on-one match, a standby taking over takes the whole side.
        parts = parts_for(settings.variant, settings.rules.masters)
        events += await parts.side_follows(self, session, game, powers, phase.code, events, now)
        for unused_row in unused:
            # A standby's orders not needed after all: the orders kept for a phase are
            # the ones played (the standby's message stays in the submissions).
            await session.delete(unused_row)
        # A proxy lasts while its grantor holds the power (rules/004 rule 10).
        for kind, reason in (
            (ev.PlayerReplaced, ProxyEnd.REPLACED),
            (ev.CivilDisorder, ProxyEnd.CIVIL_DISORDER),
        ):
            changed = {e.power for e in events if isinstance(e, kind)}
            if changed:
                await self._end_proxies(session, game, changed, reason, now, withdraw_orders=False)
        if any(isinstance(e, ev.PlayerReplaced) for e in events):
            await self.talk.refresh_thread_members(session, game, now)  # a standby took over
        kept = [r for r in rows if r not in unused]
        return _Before(powers, was_in_disorder, kept, orders, events)

    async def _adjudicate(
        self,
        session: AsyncSession,
        game: GameRow,
        phase: PhaseRow,
        position: Position,
        settings: GameSettings,
        before: _Before,
        now: datetime,
    ) -> _Played:
        """The engine plays the phase; its outcomes, report and records are kept with
        the phase."""
        history = await winter_history(self, session, game, position)
        self._checkpoint("before_adjudicate")
        variant = VARIANTS[settings.variant]
        parts = parts_for(settings.variant, settings.rules.masters)
        disorder = frozenset(r.power for r in before.powers if r.civil_disorder)
        # rules/003: the Masters Rules play every line kept, those for CD powers too.
        own = parts.play(
            position,
            self.board_at(position),
            before.rows,
            variant,
            settings.rules,
            history,
            disorder,
        )
        if own is None:
            orders = before.orders
            result = self.engine.adjudicate(position, orders, variant, settings.rules, history)
        else:
            result, orders = own.adjudication, list(own.orders)
        nmr = {e.power for e in before.events if isinstance(e, ev.Nmr)}
        fall = await fall_ownership(self, session, game, position)
        report = self.engine.report(result, position, self.board, orders, nmr, fall)
        if own is not None and own.report:
            report = f"{report}\n\n{own.report}"
        # A variant's events (World War I's coin) are kept with the phase, in its
        # report, and said in its results post.
        announcements = [coin_toss_text(position.phase, e) for e in result.events]
        if announcements:
            report = "\n\n".join((report, *announcements))
        phase.outcomes = [outcome_to_json(o) for o in result.outcomes]
        phase.report = report
        if result.spies is not None:  # Spy Diplomacy: the spies' record, kept apart
            assert variant.codec is not None  # a variant that keeps a record has a codec
            phase.spies = variant.codec.record_to_json(result.spies)
        phase.adjudicated_at = now
        await session.flush()
        self._checkpoint("phase_recorded")
        written = own.written if own is not None else ()
        return _Played(result, written, report, announcements, history, nmr)

    async def _next_phase(
        self,
        session: AsyncSession,
        game: GameRow,
        phase: PhaseRow,
        position: Position,
        settings: GameSettings,
        before: _Before,
        played: _Played,
        now: datetime,
    ) -> _After:
        """The phase that follows: who was eliminated, its deadline, the Winter passed
        over, its row, and what the game's parts say of it (One-on-one: the match's
        shared deadline, and its end)."""
        nxt = played.result.position
        eliminated = await self._eliminate(session, game, phase, position, before.powers, nxt, now)
        variant = VARIANTS[settings.variant]
        if variant.join is not None:
            _hand_over_joined(before.powers, variant, settings.rules, nxt.phase)
        over = played.result.game_end is not None
        deadline = None
        if not over:
            deadline = await self._next_deadline(session, game, settings, nxt, before.powers, now)
        new_phase, winter = await self._write_next(
            session, game, phase, position, nxt, deadline, over, now
        )
        if not over:
            parts = parts_for(settings.variant, settings.rules.masters)
            deadline, over = await parts.after_phase(
                self.endings, session, game, new_phase, position.phase, nxt, deadline, now
            )
        self._checkpoint("next_phase_written")
        return _After(nxt, new_phase, winter, deadline, over, eliminated)

    async def _eliminate(
        self,
        session: AsyncSession,
        game: GameRow,
        phase: PhaseRow,
        position: Position,
        powers: Sequence[PowerRow],
        nxt: Position,
        now: datetime,
    ) -> set[Power]:
        """The ready marks kept with the phase and reset; the powers with nothing left
        eliminated, and their proxies ended."""
        eliminated = set()
        # Issue 31's quickness: who was ready as the phase was played, before the marks
        # are reset. A mark cannot be made after the deadline (`LateOrders`), and in a
        # grace only by the late, who had ordered nothing by it.
        phase.ready = sorted(row.power for row in powers if row.ready)
        for row in powers:
            row.ready = False
            if row.eliminated_year is None and not nxt.is_alive(row.power):
                row.eliminated_year = position.phase.year
                eliminated.add(row.power)
        if eliminated:
            await self._end_proxies(
                session, game, eliminated, ProxyEnd.ELIMINATED, now, withdraw_orders=False
            )
        return eliminated

    async def _next_deadline(
        self,
        session: AsyncSession,
        game: GameRow,
        settings: GameSettings,
        nxt: Position,
        powers: Sequence[PowerRow],
        now: datetime,
    ) -> datetime | None:
        """The next phase's deadline: at once when no one concerned can order (rules/004
        rule 3), else the schedule's, outside the absences in force (issue 23)."""
        deadline = self._deadline(settings, nxt.phase.kind, now)
        if deadline is not None and not self._anyone_orders(nxt, powers, settings.rules.masters):
            # rules/004 rule 3: retreats and adjustments end once everyone concerned has
            # ordered. When nobody concerned can (civil disorder), it ends at once.
            return now
        if deadline is not None:
            # Issue 23: a deadline falling in a declared absence moves to its end.
            return await outside_absences(self, session, game, nxt, deadline)
        return deadline

    async def _write_next(
        self,
        session: AsyncSession,
        game: GameRow,
        phase: PhaseRow,
        position: Position,
        nxt: Position,
        deadline: datetime | None,
        over: bool,
        now: datetime,
    ) -> tuple[PhaseRow, PhaseRow | None]:
        """The next phase's row (and the Winter passed over before it, kept as played),
        and the game advanced to it."""
        seq = phase.seq + 1
        state = await state_now(session, game.id)  # what the next phase begins with
        winter = None
        if not over and winter_passed_over(position, nxt):
            winter = await keep_winter(self, session, game, position, nxt, seq, state, now)
            seq += 1
        new_phase = PhaseRow(
            game_id=game.id,
            seq=seq,
            code=nxt.phase.code,
            position=position_to_json(nxt),
            started_at=now,
            deadline_at=deadline,
            start_state=state,
        )
        session.add(new_phase)
        await session.flush()
        GameState(game).advance(new_phase.id, deadline)
        return new_phase, winter

    async def _announce(
        self,
        session: AsyncSession,
        game: GameRow,
        phase: PhaseRow,
        position: Position,
        before: _Before,
        played: _Played,
        after: _After,
        now: datetime,
    ) -> None:
        """What everyone is told, in order: a player fallen into civil disorder or
        eliminated first, privately; the channel's results (the Winter passed over
        too); the others' own news; the other events; then the game's end, or the next
        phase's reminders. The phase's open votes lapse with it."""
        news = _notices(before, played, after)
        told_first = self._tell_players(
            session, game, before.powers, phase, after, news, played, now
        )
        posted = self._post_results(session, game, phase, news, played, after, now)
        told_first()  # the others' news after the results: the channel goes first
        # Issue 31: the spectators after the players, at the pace the GM chose.
        played_now = [phase, *([after.winter] if after.winter is not None else [])]
        await tell_spectators(session, game, played_now, posted, now, over=after.over)
        for event in before.events:
            if isinstance(event, ev.Nmr | ev.CivilDisorder):
                continue  # told in the results post, and to the player by DM
            add_event(session, event, now, game_id=game.id, channel_id=game.channel_id)
        await lapse_open_votes(session, phase, now)
        end = played.result.game_end
        if end is not None:
            await self.endings.finish(
                session,
                game,
                after.nxt,
                end.kind,
                tuple(end.winners),
                now,
                last_year=position.phase.year,  # the phase just played; `nxt` is after it
                in_results=True,  # the results post announces the end: one post
            )
        elif after.deadline is not None:  # None: the other board of a match is behind
            await self._schedule_reminders(session, game, after.new_phase.id, after.deadline, now)

    def _post_results(
        self,
        session: AsyncSession,
        game: GameRow,
        phase: PhaseRow,
        news: PhaseNotices,
        played: _Played,
        after: _After,
        now: datetime,
    ) -> list[ev.Results]:
        """The channel's results: the phase played, and the Winter passed over after it;
        the phase's notices, the variant's announcements and the lines written for
        others (rules/003) with the first."""
        new_phase, deadline, winter = after.new_phase, after.deadline, after.winter
        posted: list[ev.Results] = []
        for kept in (phase, winter) if winter is not None else (phase,):
            notices: dict = news.channel() if kept is phase else {}
            if kept is phase and played.announcements:
                notices["announcements"] = played.announcements
            if kept is phase and played.written:
                notices["written"] = played.written
            assert kept.report is not None  # written as the phase was played
            results = ev.Results(
                phase_id=kept.id,
                phase=kept.code,
                next_phase_id=new_phase.id,
                next_phase=after.nxt.phase.code,
                report=kept.report,
                deadline=deadline,
                # One-on-one: no deadline yet, the match's other board is behind.
                match_wait=deadline is None and not after.over,
                **notices,
            )
            add_event(session, results, now, game_id=game.id, channel_id=game.channel_id)
            posted.append(results)
        return posted

    def _tell_players(
        self,
        session: AsyncSession,
        game: GameRow,
        powers: list[PowerRow],
        phase: PhaseRow,
        after: _After,
        notices: PhaseNotices,
        played: _Played,
        now: datetime,
    ) -> Callable[[], None]:
        """Each player's own results and what they must do next (issue 22), by DM, with
        what the game's parts add (the Masters Rules: the lines written for their powers,
        and whom they may write for next). A player whose power fell into civil disorder
        or was eliminated is told privately first, before the channel's post; the others
        after it (call the function returned once the results are queued)."""
        by_user: dict[int, list[Power]] = {}
        for row in powers:
            if row.user_id is not None and row.playable:
                by_user.setdefault(row.user_id, []).append(row.power)
        first = set(notices.civil_disorder) | set(notices.eliminated)
        settings = self._settings(game)
        parts = parts_for(settings.variant, settings.rules.masters)
        new_phase, over = after.new_phase, after.over
        nxt = None if over else after.nxt
        board = None if nxt is None else self.board_at(nxt)
        disorder = frozenset(r.power for r in powers if r.civil_disorder)
        last_winter = played.history[-1] if played.history else None

        def queue(user_id: int, mine: list[Power]) -> None:
            asked = NewsAsked(
                mine, played.written, nxt, board, disorder, game.deadline_at, last_winter
            )
            own = ev.PhaseNews(
                powers=tuple(mine),
                phase_id=phase.id,
                next_phase_id=new_phase.id,
                deadline=game.deadline_at,
                game_over=over,
                **notices.for_powers(mine),
                **parts.news(asked),
            )
            add_event(session, own, now, game_id=game.id, user_id=user_id)

        later = []
        for user_id, mine in sorted(by_user.items()):
            if first & set(mine):
                queue(user_id, mine)
            else:
                later.append((user_id, mine))

        def queue_the_rest() -> None:
            for user_id, mine in later:
                queue(user_id, mine)

        return queue_the_rest

    def _anyone_orders(
        self, position: Position, powers: Sequence[PowerRow], masters: MastersRules
    ) -> bool:
        """Whether someone can order in `position`: always in a movement phase (a power
        in civil disorder may be given back to a player before the deadline); in a
        retreat or adjustment phase, a player holding a power that owes orders. A
        player whose power fell into civil disorder by missing orders still holds it
        and may order again; a power the GM or its player put in civil disorder, or an
        eliminated one of the fewer-player rules, has nobody."""
        if position.phase.kind is PhaseKind.MOVEMENT:
            return True
        players = [row.power for row in powers if row.playable and row.user_id is not None]
        if any(owes_orders(position, p, self.board, masters) for p in players):
            return True
        # rules/003 MR2 d: players may write the retreats of a power in civil disorder.
        disorder = {row.power for row in powers if row.civil_disorder}
        return bool(retreat_writers(position, self.board_at(position), masters, players, disorder))


def _hand_over_joined(
    rows: Sequence[PowerRow], variant: Variant, rules: Rules, phase: Phase
) -> None:
    """rules/000 §14.2 "Italy joins the winner of the toss in Spring 1915" (W3): from
    the join on, a power nobody held goes to the player holding the rest of its side
    (`Variant.holdings_at`), who orders it from that phase."""
    by_power = {row.power: row for row in rows}
    for side in variant.holdings_at(rules, phase):
        player = next((by_power[p].user_id for p in side if by_power[p].user_id), None)
        for power in side:
            row = by_power[power]
            if row.user_id is None and player is not None and not row.eliminated_year:
                row.user_id = player
                row.playable = True


def _notices(before: _Before, played: _Played, after: _After) -> PhaseNotices:
    """Who missed orders, fell into civil disorder or out of it, or was eliminated."""
    powers, events = before.powers, before.events
    return PhaseNotices(
        nmr=sorted(played.nmr),
        civil_disorder=sorted(e.power for e in events if isinstance(e, ev.CivilDisorder)),
        civil_disorder_over=sorted(
            before.was_in_disorder - {r.power for r in powers if r.civil_disorder}
        ),
        eliminated=sorted(after.eliminated),
    )
