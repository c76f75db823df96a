"""Playing a phase: in one transaction, exactly once, or not at all.

The claim is a compare-and-set on the game's `version` (plus a SKIP LOCKED row lock on
PostgreSQL); the new position, every outcome, the report, the next deadline, the
NMR bookkeeping and the outbox events are written together, or none of them is.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession
from sqlalchemy.orm.attributes import set_committed_value

from adjudication.masters.options import MastersRules
from adjudication.position import Position
from adjudication.rules import Rules
from adjudication.spy_json import spy_report_to_json
from adjudication.units import Phase, PhaseKind, Power
from adjudication.variants import VARIANTS, Variant
from bot.service import event_payloads as ev
from bot.service import matches
from bot.service.deadlines import outside_absences
from bot.service.duties import owes_orders
from bot.service.endings import Endings
from bot.service.event_codec import add_event
from bot.service.excuses import excuse_the_late
from bot.service.game_state import GameState
from bot.service.grace import wait_for_late
from bot.service.masters_news import news_for, written_for, written_record
from bot.service.masters_orders import own_orders, play_phase, report_of, retreat_writers
from bot.service.match_standby import side_follows_standby
from bot.service.missing_orders import orders_and_nmr
from bot.service.phase_news import PhaseNotices
from bot.service.proxies import ProxyEnd
from bot.service.service_core import ServiceCore, Store
from bot.service.start_state import keep_start_state, state_now
from bot.service.talk import TalkDesk
from bot.service.views import AdjudicationResult
from bot.service.vote_rules import lapse_open_votes
from bot.service.votes import Votes
from bot.service.winter_record import (
    fall_ownership,
    keep_winter,
    winter_history,
    winter_passed_over,
)
from bot.service.words import coin_toss_text
from storage import repo
from storage.codec import (
    order_from_json,
    outcome_to_json,
    position_to_json,
)
from storage.models import GameRow, PhaseRow, PowerRow

log = logging.getLogger(__name__)


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
            game = await repo.game_with_phase(session, game_id)
            if game is None or game.status != "active":
                return None
            claimed = await repo.claim_game(
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
        phase = await self._current_phase(session, game)
        position = self._position(phase)
        settings = self._settings(game)
        if await self.votes.votes_at_deadline(session, game, phase, position, now):
            return None  # a draw ended the game, or an extension moved the deadline
        await keep_start_state(session, game.id, phase)  # before the NMR bookkeeping
        powers = list(await repo.powers(session, game.id))
        for row in powers:
            # rules/004: a replacement chooses whom the score counts for "at the time he
            # enters the game only": the phase they entered in is over. (Before the NMR
            # bookkeeping: a standby taking over now enters for the next phase.)
            row.score_choice_from = None
        was_in_disorder = {r.power for r in powers if r.civil_disorder}
        subs = await repo.submissions(session, phase.id)
        rows = await repo.orders_in_force(session, phase.id)
        orders, unused, events = orders_and_nmr(position, powers, subs, rows, settings, self.board)
        # O6: in a one-on-one match, a standby taking over takes the whole side.
        events += await side_follows_standby(self, session, game, powers, phase.code, events, now)
        for row in unused:
            # A standby's orders not needed after all: the orders kept for a phase are
            # the ones played (the standby's message stays in the submissions).
            await session.delete(row)
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

        history = await winter_history(self, session, game, position)
        self._checkpoint("before_adjudicate")
        variant = VARIANTS[settings.variant]
        masters = None
        if settings.rules.masters.played:  # rules/003: lines written for CD powers too
            kept = [(r.power, order_from_json(r.order)) for r in rows if r not in unused]
            disorder = {r.power for r in powers if r.civil_disorder}
            masters = play_phase(position, kept, variant, settings.rules, history, disorder)
            result, orders = masters.adjudication, own_orders(masters)
        else:
            result = self.engine.adjudicate(position, orders, variant, settings.rules, history)
        nmr = {e.power for e in events if isinstance(e, ev.Nmr)}
        fall = await fall_ownership(self, session, game, position)
        report = self.engine.report(result, position, self.board, orders, nmr, fall)
        if masters is not None and (written := report_of(masters, self.board_at(position))):
            report = f"{report}\n\n{written}"
        # A variant's events (World War I's coin) are kept with the phase, in its
        # report, and said in its results post.
        announcements = [coin_toss_text(position.phase, e) for e in result.events]
        if announcements:
            report = "\n\n".join((report, *announcements))
        phase.outcomes = [outcome_to_json(o) for o in result.outcomes]
        phase.report = report
        if result.spies is not None:  # Spy Diplomacy: the spies' record, kept apart
            phase.spies = spy_report_to_json(result.spies)
        phase.adjudicated_at = now
        await session.flush()
        self._checkpoint("phase_recorded")

        nxt = result.position
        eliminated = set()
        for row in powers:
            row.ready = False
            if row.eliminated_year is None and not nxt.is_alive(row.power):
                row.eliminated_year = position.phase.year
                eliminated.add(row.power)
        if eliminated:
            await self._end_proxies(
                session, game, eliminated, ProxyEnd.ELIMINATED, now, withdraw_orders=False
            )
        if variant.join is not None:
            _hand_over_joined(powers, variant, settings.rules, nxt.phase)
        over = result.game_end is not None
        deadline = None if over else self._deadline(settings, nxt.phase.kind, now)
        if deadline is not None and not self._anyone_orders(nxt, powers, settings.rules.masters):
            # rules/004 rule 3: retreats and adjustments end once everyone concerned has
            # ordered. When nobody concerned can (civil disorder), it ends at once.
            deadline = now
        elif deadline is not None:
            # Issue 23: a deadline falling in a declared absence moves to its end.
            deadline = await outside_absences(self, session, game, nxt, deadline)
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
        if game.match_id is not None and not over:  # One-on-one: the match's deadlines
            deadline, over = await matches.after_phase(
                self.endings, session, game, new_phase, position.phase, nxt, deadline, now
            )
        self._checkpoint("next_phase_written")

        in_disorder = sorted(e.power for e in events if isinstance(e, ev.CivilDisorder))
        news = PhaseNotices(
            nmr=sorted(nmr),
            civil_disorder=in_disorder,
            civil_disorder_over=sorted(
                was_in_disorder - {r.power for r in powers if r.civil_disorder}
            ),
            eliminated=sorted(eliminated),
        )
        # rules/003: the lines written for others, told in the results and the DMs.
        record = written_record(masters.written) if masters is not None else ()
        last_winter = history[-1] if history else None
        told_first = self._tell_players(
            session, game, powers, phase, new_phase, news, over, now, (record, last_winter)
        )
        for played in (phase, winter) if winter is not None else (phase,):
            notices: dict = news.channel() if played is phase else {}
            if played is phase and announcements:
                notices["announcements"] = announcements
            if played is phase and record:
                notices["written"] = record
            results = ev.Results(
                phase_id=played.id,
                phase=played.code,
                next_phase_id=new_phase.id,
                next_phase=nxt.phase.code,
                report=played.report,
                deadline=deadline,
                # One-on-one: no deadline yet, the match's other board is behind.
                match_wait=deadline is None and not over,
                **notices,
            )
            add_event(session, results, now, game_id=game.id, channel_id=game.channel_id)
        told_first()  # the others' news after the results: the channel goes first
        for event in events:
            if isinstance(event, ev.Nmr | ev.CivilDisorder):
                continue  # told in the results post, and to the player by DM
            add_event(session, event, now, game_id=game.id, channel_id=game.channel_id)
        await lapse_open_votes(session, phase, now)
        if result.game_end is not None:
            end = result.game_end
            await self.endings.finish(
                session,
                game,
                nxt,
                end.kind,
                tuple(end.winners),
                now,
                last_year=position.phase.year,  # the phase just played; `nxt` is after it
                in_results=True,  # the results post announces the end: one post
            )
        elif deadline is not None:  # None: the other board of a match is behind
            await self._schedule_reminders(session, game, new_phase.id, deadline, now)
        await session.flush()
        return AdjudicationResult(
            game_id=game.id,
            phase=position.phase,
            next_phase=None if over else nxt.phase,
            report=report,
            game_over=over,
        )

    def _tell_players(
        self,
        session: AsyncSession,
        game: GameRow,
        powers: list[PowerRow],
        phase: PhaseRow,
        new_phase: PhaseRow,
        notices: PhaseNotices,
        over: bool,
        now: datetime,
        masters_record: tuple[tuple, Mapping[str, Power] | None] = ((), None),
    ) -> Callable[[], None]:
        """Each player's own results and what they must do next (issue 22), by DM.
        A player whose power fell into civil disorder or was eliminated is told
        privately first, before the channel's post; the others after it (call the
        function returned once the results are queued). `masters_record`: under the
        Masters Rules, the lines written this phase and last Winter's ownership."""
        by_user: dict[int, list[Power]] = {}
        for row in powers:
            if row.user_id is not None and row.playable:
                by_user.setdefault(row.user_id, []).append(row.power)
        first = set(notices.civil_disorder) | set(notices.eliminated)
        masters = self._settings(game).rules.masters
        record, last_winter = masters_record
        after = self._position(new_phase) if masters.played and not over else None
        disorder = {r.power for r in powers if r.civil_disorder}

        def queue(user_id: int, mine: list[Power]) -> None:
            told: dict = {}
            if record:
                told["written"] = written_for(record, mine)
            if after is not None:  # rules/003: what each may write in the phase to come
                board = self.board_at(after)
                said = news_for(
                    after, board, masters, mine, disorder, game.deadline_at, last_winter
                )
                told["variable_control"] = said
            own = ev.PhaseNews(
                powers=tuple(mine),
                phase_id=phase.id,
                next_phase_id=new_phase.id,
                deadline=game.deadline_at,
                game_over=over,
                **notices.for_powers(mine),
                **told,
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
