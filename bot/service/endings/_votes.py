"""Votes: draws (rules/004 rule 5) and deadline changes (rules/004 rule 4).

A draw needs every surviving power's yes in the same phase; an abstention counts as
the game says (yes by default). A deadline change is unanimous too: an abstention
counts yes for an extension and no for moving the deadline earlier. Votes still
open when the phase is played lapse.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.position import Position
from adjudication.model.result import EndKind
from adjudication.model.units import Power
from bot.service.endings._endings import Endings
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    Caller,
    GameStatus,
    NotAllowed,
    NotFound,
    ServiceCore,
    Store,
    VoteInfo,
    WrongState,
    valid_id,
)
from bot.service.timing import move_deadline, pause_game, resume_game
from bot.service.variants import parts_for
from storage import queries
from storage.enums import VoteKind as VoteKind
from storage.enums import VoteStatus as VoteStatus
from storage.models import BallotRow, GameRow, PhaseRow, VoteRow

log = logging.getLogger(__name__)


class Votes(ServiceCore):
    # A vote that ends the game (a draw, a One-on-one match's) ends it by the endings desk.
    def __init__(self, store: Store, endings: Endings) -> None:
        super().__init__(store)
        self.endings = endings

    async def propose_draw(
        self,
        game_id: int,
        caller: Caller,
        now: datetime,
        *,
        anonymous: bool = False,
    ) -> VoteInfo:
        """Call a draw vote. A player's own powers vote yes by proposing. The GM may
        call it for a player who wants to stay anonymous (rules/004 rule 5)."""
        return await self._propose(game_id, caller, now, VoteKind.DRAW, None, anonymous)

    async def propose_deadline(
        self,
        game_id: int,
        caller: Caller,
        new_deadline: datetime | timedelta,
        now: datetime,
    ) -> VoteInfo:
        """Propose moving the current deadline (rules/004 rule 4): to a time, or by a
        `timedelta` from the deadline as it stands when the vote opens."""
        return await self._propose(game_id, caller, now, None, new_deadline, False)

    async def propose_pause(self, game_id: int, caller: Caller, now: datetime) -> VoteInfo:
        """Propose pausing the game: unanimous, as rules/004 rule 4 treats a deadline
        change, an abstention counting yes at the deadline as for an extension."""
        return await self._propose(game_id, caller, now, VoteKind.PAUSE, None, False)

    async def propose_resume(self, game_id: int, caller: Caller, now: datetime) -> VoteInfo:
        """Propose resuming a paused game: unanimous (no deadline runs while paused,
        so every survivor's yes is needed)."""
        return await self._propose(game_id, caller, now, VoteKind.RESUME, None, False)

    async def cast_ballot(self, vote_id: int, user_id: int, yes: bool, now: datetime) -> VoteInfo:
        """Vote yes or no for each surviving power the user plays; a vote may change
        its mind while the vote is open. The vote is decided as soon as it can be."""
        async with self.transaction() as session:
            vote = await session.get(VoteRow, vote_id) if valid_id(vote_id) else None
            if vote is None:
                raise NotFound("There is no such vote.")
            game = await self._game(session, vote.game_id)
            # Only now, with the game's lock held, is the vote's state final: a ballot
            # racing this one may have closed it meanwhile.
            await session.refresh(vote)
            if vote.status != VoteStatus.OPEN:
                raise WrongState(f"This vote is closed: it {vote.status}.")
            voters = await self._voters(session, game)
            mine = [p for p, u in voters.items() if u == user_id]
            if not mine:
                raise NotAllowed(
                    f"You do not play a surviving power in {game.name} now, so you have no vote."
                )
            ballots = {b.power: b for b in await self._ballots(session, vote.id)}
            for power in mine:
                ballot = ballots.get(power)
                if ballot is None:
                    session.add(
                        BallotRow(
                            vote_id=vote.id, power=power, user_id=user_id, yes=yes, cast_at=now
                        )
                    )
                else:
                    ballot.yes, ballot.cast_at, ballot.user_id = yes, now, user_id
            await session.flush()
            await self._decide(session, game, vote, voters, now, at_deadline=False)
            return await self._info_of(session, game, vote, gm=user_id == game.gm_user_id)

    async def open_votes(self, game_id: int) -> tuple[VoteInfo, ...]:
        """The game's open votes, as any player may see them."""
        async with self.transaction() as session:
            game = await self._game(session, game_id, lock=False)
            votes = await queries.votes.open_of_game(session, game_id)
            return tuple([await self._info_of(session, game, v) for v in votes])

    # --- inside the service ---------------------------------------------------------

    async def _propose(self, game_id, caller: Caller, now, kind, new_deadline, anonymous):
        user_id = caller.user_id
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            self._require_active(game)
            phase = await self._current_phase(session, game)
            voters = await self._voters(session, game)
            is_gm = caller.is_gm_of(game.gm_user_id, game.guild_id)
            if user_id not in voters.values() and not is_gm:
                raise NotAllowed("Only players of surviving powers (or the GM) may call a vote.")
            if kind is None:
                if game.deadline_at is None or game.paused_at is not None:
                    raise WrongState("The game has no running deadline to change.")
                if isinstance(new_deadline, timedelta):
                    new_deadline = game.deadline_at + new_deadline
                if new_deadline <= now:
                    raise WrongState("The new deadline must be in the future.")
                kind = VoteKind.EXTEND if new_deadline > game.deadline_at else VoteKind.SHORTEN
            elif kind is VoteKind.PAUSE and game.paused_at is not None:
                raise WrongState(f"{game.name} is already paused.")
            elif kind is VoteKind.RESUME and game.paused_at is None:
                raise WrongState(f"{game.name} is not paused.")
            if await queries.votes.open_of_kind(session, game.id, kind) is not None:
                raise WrongState(f"A {kind.value} vote is already open in {game.name}.")
            vote = VoteRow(
                game_id=game.id,
                phase_id=phase.id,
                kind=kind,
                proposer_user_id=None if anonymous else user_id,
                anonymous=anonymous,
                new_deadline_at=new_deadline,
                status=VoteStatus.OPEN,
                created_at=now,
            )
            session.add(vote)
            await session.flush()
            for power, voter in voters.items():
                if voter == user_id and not anonymous:
                    session.add(
                        BallotRow(
                            vote_id=vote.id, power=power, user_id=user_id, yes=True, cast_at=now
                        )
                    )
            # The proposer's own powers have voted yes by proposing: no ballot for them.
            proposer = None if anonymous else user_id
            for voter in sorted(set(voters.values()) - {proposer}):
                ballot = ev.VoteOpened(
                    vote_id=vote.id,
                    kind=kind,
                    new_deadline=new_deadline,
                    deadline=game.deadline_at,
                )
                add_event(session, ballot, now, game_id=game.id, user_id=voter)
            await session.flush()
            await self._decide(session, game, vote, voters, now, at_deadline=False)
            return await self._info_of(session, game, vote, gm=is_gm)

    async def _voters(self, session: AsyncSession, game: GameRow) -> dict[Power, int]:
        """Surviving powers that have a player, and who votes for each."""
        phase = await self._current_phase(session, game)
        position = self._position(phase)
        return {
            r.power: r.user_id
            for r in await queries.powers.of_game(session, game.id)
            if r.playable and r.user_id is not None and position.is_alive(r.power)
        }

    async def _ballots(self, session: AsyncSession, vote_id: int) -> list[BallotRow]:
        return await queries.votes.ballots(session, vote_id)

    async def _decide(self, session, game, vote, voters, now, *, at_deadline: bool) -> bool:
        """Close the vote if its result is settled. Returns True if it passed."""
        if vote.status != VoteStatus.OPEN:
            return False  # decided already, by a ballot or the deadline before this
        ballots = {
            b.power: b.yes for b in await self._ballots(session, vote.id) if b.power in voters
        }
        any_no = not all(ballots.values())
        all_in = set(ballots) >= set(voters)
        abstain_yes = (
            self._settings(game).draw_abstention_yes
            if vote.kind == VoteKind.DRAW
            else vote.kind in (VoteKind.EXTEND, VoteKind.PAUSE)
        )
        if any_no:
            passed = False
        elif all_in:
            passed = True
        elif at_deadline:
            passed = abstain_yes
        else:
            return False  # still waiting for ballots
        vote.status = VoteStatus.PASSED if passed else VoteStatus.FAILED
        vote.closed_at = now
        sides = {
            "yes": sorted(p for p, yes in ballots.items() if yes),
            "no": sorted(p for p, yes in ballots.items() if not yes),
            "abstain": sorted(set(voters) - set(ballots)),
        }
        secret = self._settings(game).secret_ballots
        # A secret ballot's event carries counts only: it is delivered to the channel,
        # and who voted what stays in the ballots, for the GM.
        tally = {k: len(v) for k, v in sides.items()} if secret else sides
        closed = ev.VoteClosed(
            vote_id=vote.id, kind=vote.kind, passed=passed, secret=secret, **tally
        )
        add_event(session, closed, now, game_id=game.id, channel_id=game.channel_id)
        if passed:
            await self._apply(session, game, vote, voters, now)
        return passed

    async def _apply(self, session, game, vote, voters, now) -> None:
        phase = await self._current_phase(session, game)
        position = self._position(phase)
        settings = self._settings(game)
        parts = parts_for(settings.variant, settings.rules.masters)
        if vote.kind == VoteKind.DRAW and await parts.draw(self.endings, session, game, now):
            return  # a part ended it its own way (One-on-one: the match, both boards)
        if vote.kind == VoteKind.DRAW:
            # A power out of play (World War I's neutral Italy, an eliminated power of
            # a fewer-player game) may stand on the board but is no survivor (W5).
            out = {
                r.power for r in await queries.powers.of_game(session, game.id) if not r.playable
            }
            survivors = tuple(
                sorted(p for p in self.board.powers if position.is_alive(p) and p not in out)
            )
            await self.endings.finish(session, game, position, EndKind.DRAW, survivors, now)
            return
        if vote.kind == VoteKind.PAUSE:
            pause_game(session, game, now, by_vote=True)
            return
        if vote.kind == VoteKind.RESUME:
            await resume_game(self, session, game, now, by_vote=True)
            return
        # A scheduler that saw the old deadline must not act on it (the version bumps);
        # one falling inside an absence moves to its end (issue 29).
        await move_deadline(self, session, [game], vote.new_deadline_at, now)
        moved = ev.DeadlineChanged(deadline=game.deadline_at, by_vote=True)
        add_event(session, moved, now, game_id=game.id, channel_id=game.channel_id)

    async def votes_at_deadline(
        self, session: AsyncSession, game: GameRow, phase: PhaseRow, position: Position, now
    ) -> bool:
        """At the deadline, before playing the phase: a draw with no nay passes when
        abstentions count yes; an extension with no nay passes. Either means the phase
        is not played now."""
        votes = await queries.votes.open_in_phase(session, phase.id, in_order=True)
        if not votes:
            return False
        voters = await self._voters(session, game)
        stop = False
        for vote in votes:
            if vote.kind == VoteKind.SHORTEN:
                continue  # lapses with the phase
            if await self._decide(session, game, vote, voters, now, at_deadline=True):
                stop = True
                if game.status != GameStatus.ACTIVE:
                    break
        return stop

    async def _info_of(
        self, session, game: GameRow, vote: VoteRow, *, gm: bool = False
    ) -> VoteInfo:
        """The vote as a player may see it; `gm`: as the game's GM, who alone sees who
        voted what in a secret ballot, during and after."""
        voters = await self._voters(session, game)
        ballots = [b for b in await self._ballots(session, vote.id) if b.power in voters]
        secret = self._settings(game).secret_ballots
        hide = secret and not gm
        yes = tuple(sorted(b.power for b in ballots if b.yes))
        no = tuple(sorted(b.power for b in ballots if not b.yes))
        return VoteInfo(
            id=vote.id,
            game_id=vote.game_id,
            kind=vote.kind,
            status=vote.status,
            new_deadline_at=vote.new_deadline_at,
            voters=tuple(sorted(voters)),
            yes=() if hide else yes,
            no=() if hide else no,
            anonymous=vote.anonymous,
            proposer_user_id=vote.proposer_user_id,
            secret=hide,
            yes_count=len(yes),
            no_count=len(no),
        )


__all__ = ["VoteKind", "VoteStatus", "Votes"]
