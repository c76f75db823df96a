"""What a game's phases say on Discord: its start, each phase's results in the channel
and each player's own news by DM, reminders, missed orders, a rollback, the game's end.
One method per event kind, offered to the loop by `PhasePosts.handlers`; where the
messages go is the `Sender`'s."""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from datetime import datetime

import discord

from adjudication.model.units import Phase
from adjudication.text.notation import unit_name
from bot.delivery._hidden_posts import HiddenPosts
from bot.delivery._sender import NO_PINGS, Handler, Sender, pings_for, png_file, text_file
from bot.delivery._spy_posts import SpyPosts
from bot.service.events import Event, EventKind
from bot.service.events import payloads as ev
from bot.service.kernel import (
    MESSAGE_LIMIT,
    SCORING_NAMES,
    PhaseNotices,
    PlayedPhase,
    ResultsNotation,
    channel_next,
    channel_results,
    count,
    deadline_text,
    game_end_dm,
    game_end_text,
    notices,
    own_news,
    power_list,
    power_name,
    reminder_text,
)
from bot.service.lobby import player_notes, unheld_power_text
from bot.service.records import GameLookups, unheld_powers
from bot.service.variants.hidden import is_hidden
from bot.service.variants.masters import masters_results, own_masters_news
from bot.service.variants.spy import has_spies, public_played
from bot.ui import TalkThreads

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _ResultsPost:
    """A played phase as its results post tells it: the phase as the channel may see
    it, the heading, the last line (what comes next, or how the game ended)."""

    played: PlayedPhase
    heading: str
    nxt: str
    over: bool


class PhasePosts:
    """The posts of a game's phases, sent through the delivery's `Sender`; a Spy or a
    hidden-information game's own versions by `SpyPosts` and `HiddenPosts`."""

    def __init__(
        self,
        sender: Sender,
        lookups: GameLookups,
        threads: TalkThreads,
        spies: SpyPosts,
        hidden: HiddenPosts,
    ) -> None:
        self.sender = sender
        self.service = sender.service
        self.lookups = lookups
        self.threads = threads
        self.spies = spies
        self.hidden = hidden

    def handlers(self) -> dict[EventKind, Handler]:
        """The event kinds these posts tell, each with its method."""
        return {
            EventKind.GAME_STARTED: self._game_started,
            EventKind.POWER_ASSIGNED: self._power_assigned,
            EventKind.RESULTS: self._results,
            EventKind.ORDERS_NEEDED: self._orders_needed,
            EventKind.REMINDER: self._reminder,
            EventKind.NMR: self._nmr,
            EventKind.GAME_ENDED: self._game_ended,
            EventKind.PHASE_NEWS: self._phase_news,
            EventKind.ROLLED_BACK: self._rolled_back,
        }

    async def _game_started(self, event: Event) -> None:
        p = event.payload_as(ev.GameStarted)
        assert event.game_id is not None
        info = await self.service.lobby.game_info(event.game_id)
        settings = await self.service.lobby.game_settings(event.game_id)
        # The position the game began with (this post may go out after later phases).
        found = await self.service.history.phase_results(event.game_id, p.phase_id)
        position = found.position if found else await self.lookups.current_position(event.game_id)
        board = self.service.store.board_at(position)

        def unheld(power: str) -> str:
            units = sorted(unit_name(u, board) for u in position.units_of(power))
            return unheld_power_text(settings, power, units)

        players = [
            f"{power_name(power)}: <@{user}>" if user else f"{power_name(power)}: {unheld(power)}"
            for power, user in sorted(p.powers.items())
        ]
        picture = await self.lookups.results_map(event.game_id, p.phase_id)
        variant = f"Variant: {p.variant}\n" if p.variant else ""
        text = (
            f"**{info.name} has begun: {picture.title}.**\n" + variant + "\n".join(players) + "\n"
            f"Deadline {deadline_text(p.deadline)}. Send your orders to me by direct message."
        )
        pinged = [user for user in p.powers.values() if user]
        await self.sender.to_channel(
            event, text, file=png_file(picture.png, p.phase), allowed_mentions=pings_for(pinged)
        )

    async def _power_assigned(self, event: Event) -> None:
        p = event.payload_as(ev.PowerAssigned)
        assert event.user_id is not None
        name = await self.sender.game_name(event)
        assert event.game_id is not None
        examples = await self.lookups.order_examples(event.game_id, list(p.powers))
        notes = player_notes(await self.service.lobby.game_settings(event.game_id))
        await self.sender.to_user(
            event.user_id,
            f"You play **{power_list(p.powers)}** in **{name}**. "
            f"The first deadline is {deadline_text(p.deadline)}.\n"
            "Send me your orders here, one per line, for example "
            + ", ".join(f"`{e}`" for e in examples)
            + ". A new order for a unit replaces the old one. Send `map` for a map of your "
            "orders; `/orders show` lists them." + "".join(f"\n{note}" for note in notes),
        )

    async def _results(self, event: Event) -> None:
        """One post a phase: every order's outcome in plain words, the phase's notices,
        what comes next, the map of the new position with the moves drawn lightly, and
        rules/004's judge notation as a text file."""
        p = event.payload_as(ev.Results)
        assert event.game_id is not None and event.channel_id is not None
        post = await self._played_post(event.game_id, p, event.created_at)
        if post is None:
            return
        if is_hidden(post.played.before):  # issue 12: the public view only
            ending = post.nxt if post.over else None  # over: what comes next is how it ended
            await self.hidden.results(event, post.played, post.heading, post.nxt, ending)
            return
        text, files = await self._public_post(event.game_id, p, post)
        await self.sender.to_channel(event, text, files=files, allowed_mentions=NO_PINGS)

    async def public_results(
        self, game_id: int, p: ev.Results, created_at: datetime
    ) -> tuple[str, list[discord.File]] | None:
        """The channel's results post of a phase, its text and files, for a spectator's
        copy (issue 31); None when the phase was rolled back since, or when the game
        shows its channel only a public view (a hidden-information game)."""
        post = await self._played_post(game_id, p, created_at)
        if post is None or is_hidden(post.played.before):
            return None
        return await self._public_post(game_id, p, post)

    async def _played_post(
        self, game_id: int, p: ev.Results, created_at: datetime
    ) -> _ResultsPost | None:
        """The phase as the channel may see it, its heading and its last line."""
        name = (await self.service.lobby.game_info(game_id)).name
        over = not p.deadline and not p.match_wait
        played = await self.lookups.played_phase(game_id, p.phase_id, p.next_phase_id)
        if played is None:  # rolled back before it could be posted
            log.info("results of %s in game %s no longer live", p.phase, game_id)
            return None
        if has_spies(played.before):  # issue 12: "Only the owner of a spy is told its location"
            played = public_played(played)
        heading = f"**{name} — results of {played.before.phase.title}**"
        if over:
            nxt = await self._ending(game_id, name)
        else:
            nxt = channel_next(played.after.phase, p.deadline, created_at, p.match_wait)
        return _ResultsPost(played, heading, nxt, over)

    async def _public_post(
        self, game_id: int, p: ev.Results, post: _ResultsPost
    ) -> tuple[str, list[discord.File]]:
        played, over = post.played, post.over
        settings = await self.service.lobby.game_settings(game_id)
        # The notation as the record knows it now ([ia: …], a retreat phase's notes and
        # the movement it completes); the stored report if the phase is gone since.
        judge = await self.service.history.judge_text(game_id, p.phase_id) or p.report
        if settings.results_notation is ResultsNotation.JUDGE:
            body = f"```\n{judge}\n```"
        else:
            not_played = unheld_powers(settings, played.before.phase)
            body = channel_results(played, sorted(self.lookups.board.powers), not_played)
            if settings.rules.masters.played:  # rules/003: minor powers, rebels, writers
                masters = masters_results(played, p.written, self.lookups.board.powers)
                body = f"{body}\n\n{masters}" if masters else body
        said = notices(p.nmr, p.civil_disorder, p.eliminated)
        said += p.announcements  # a variant's events: World War I's coin
        palette = settings.map_palette  # the game's; None: the operator's
        unheld = unheld_powers(settings, played.after.phase)  # named in the legend
        png = await self.lookups.results_png(played, final=over, palette=palette, statuses=unheld)
        text, body_file = results_post(post.heading, body, said, post.nxt)
        files = [png_file(png, p.phase)]
        if over or played.after.phase.year != played.before.phase.year:
            # The year's last phase: the supply-centre chart, up to the year to come.
            chart = await self.lookups.centre_chart(game_id, palette)
            files.append(discord.File(io.BytesIO(chart), f"centres-{p.phase}.png"))
        if body_file:
            files.append(text_file(body, f"results-{p.phase}.txt"))
        files.append(text_file(judge, f"results-{p.phase}-judge.txt"))
        return text, files

    async def _ending(self, game_id: int, name: str) -> str:
        """How the game ended, with the scores: said in the last results post."""
        info = await self.service.lobby.game_info(game_id)
        scores: dict[str, float | None] = {
            p.power: p.score for p in info.powers if p.score is not None
        }
        settings = await self.service.lobby.game_settings(game_id)
        assert info.end_kind is not None
        ending = ev.GameEnded(kind=info.end_kind, winners=tuple(info.winners), scores=scores)
        return game_end_text(name, ending, SCORING_NAMES[settings.scoring])

    async def _orders_needed(self, event: Event) -> None:
        p = event.payload_as(ev.OrdersNeeded)
        assert event.user_id is not None and event.game_id is not None
        name = await self.sender.game_name(event)
        power = power_name(p.power)
        if p.standby:
            await self.sender.to_user(
                event.user_id,
                f"The GM has called you as standby for **{power}** in **{name}**. Send orders "
                "for it by DM; if its player misses this deadline, yours are used.",
            )
            return
        assert p.phase_id is not None and p.phase is not None  # rows of old carry both
        options = await self.lookups.retreat_and_build_options(event.game_id, p.phase_id, p.power)
        change = p.adjustment
        if p.dislodged:
            what = "must retreat or disband " + ", ".join(d.unit for d in p.dislodged)
        elif change > 0:
            what = f"may build {count(change, 'unit')} (or waive)"
        else:
            what = f"must remove {count(-change, 'unit')}"
        phase = Phase.parse(p.phase).title
        await self.sender.to_user(
            event.user_id,
            f"**{name}**, {phase}: **{power}** {what}. Deadline {deadline_text(p.deadline)}.\n"
            "Your options:\n" + "\n".join(f"• `{o}`" for o in options),
        )

    async def _reminder(self, event: Event) -> None:
        p = event.payload_as(ev.Reminder)
        assert event.user_id is not None
        name = await self.sender.game_name(event)
        await self.sender.to_user(event.user_id, reminder_text(name, p, p.deadline))

    async def _nmr(self, event: Event) -> None:
        p = event.payload_as(ev.Nmr)
        await self.sender.to_channel(
            event,
            f"No orders received from **{power_name(p.power)}** for {Phase.parse(p.phase).title}.",
        )

    async def nmr_group(self, events: list[Event]) -> None:
        """Several powers missed the same phase: one message, not one each."""
        missed = [e.payload_as(ev.Nmr) for e in events]
        powers = power_list(p.power for p in missed)
        await self.sender.to_channel(
            events[0], f"No orders received for {Phase.parse(missed[0].phase).title} from {powers}."
        )

    async def _game_ended(self, event: Event) -> None:
        p = event.payload_as(ev.GameEnded)
        name = await self.sender.game_name(event)
        assert event.game_id is not None
        game_id = event.game_id
        if event.user_id is not None:  # a player's own notice
            await self.sender.to_user(event.user_id, game_end_dm(name, p))
            return
        if p.with_results:  # announced by the last results post
            await self.sender.steps(event, lambda: self.threads.lock_all(game_id))
            return
        await self.sender.steps(
            event,
            lambda: self.sender.to_channel(event, game_end_text(name, p, scoring_name(p))),
            lambda: self.threads.lock_all(game_id),
        )

    async def _phase_news(self, event: Event) -> None:
        """A player's own results after a phase, and what they must do next."""
        p = event.payload_as(ev.PhaseNews)
        assert event.game_id is not None and event.user_id is not None
        played = await self.lookups.played_phase(event.game_id, p.phase_id, p.next_phase_id)
        if played is None:
            return  # rolled back meanwhile: the rollback's own notice tells them
        name = await self.sender.game_name(event)
        if is_hidden(played.before):  # issue 12: made from the player's view alone
            await self.hidden.news(event, played, name)
            return
        if has_spies(played.before):  # issue 12: their own spy, no other
            await self.spies.news(event, played, name)
            return
        told = PhaseNotices(
            civil_disorder=p.civil_disorder,
            civil_disorder_over=p.civil_disorder_over,
            eliminated=p.eliminated,
        )
        # rules/003: what they wrote for others and what became of it; whom they may
        # write for next.
        mine = own_masters_news(played, list(p.powers), p.written)
        extra = "\n".join(t for t in (mine, p.variable_control) if t)
        text = own_news(played, list(p.powers), name, p.deadline, p.game_over, told, extra)
        await self.sender.to_user(event.user_id, text)

    async def _rolled_back(self, event: Event) -> None:
        """The channel's announcement; with a user, that player's own DM: the orders
        they sent for the phase are wiped, and proxies given back or ended."""
        p = event.payload_as(ev.RolledBack)
        title = Phase.parse(p.phase).title
        deadline = deadline_text(p.deadline)
        if event.user_id is None:
            plays = p.rolled_back
            record = (
                f" The phases played since stay in the record, marked rolled back: "
                f"`/game history phase:{plays[0]}` shows the first."
                if plays
                else ""
            )
            await self.sender.to_channel(
                event,
                f"The GM rolled the game back to the start of **{title}**.{record} Orders for "
                f"{title} must be sent again: those sent before are wiped. "
                f"Deadline {deadline}.",
            )
            return
        name = await self.sender.game_name(event)
        lines = [f"**{name}** was rolled back to the start of **{title}**."]
        if p.resend:
            lines.append(
                f"The orders you sent for {power_list(p.resend)} in {title} are wiped: "
                "send them again."
            )
        if p.proxies_restored:
            lines.append(
                f"You order for {power_list(p.proxies_restored)} again, as you could when "
                f"{title} began."
            )
        if p.proxies_ended:
            lines.append(
                f"You no longer order for {power_list(p.proxies_ended)}: that was given "
                f"after {title} began."
            )
        lines.append(f"The deadline is {deadline}.")
        await self.sender.to_user(event.user_id, "\n".join(lines))


def scoring_name(ended: ev.GameEnded) -> str:
    """The scoring system of a GAME_ENDED event, as players know it."""
    return SCORING_NAMES[ended.scoring] if ended.scoring else ""


def results_post(heading: str, body: str, said: list[str], nxt: str) -> tuple[str, bool]:
    """The text of a results post, and whether the results themselves go as a file
    (a crowded board whose results do not fit in one message)."""
    text = "\n\n".join([heading, body, *said, nxt])
    if len(text) <= MESSAGE_LIMIT:
        return text, False
    return "\n\n".join([f"{heading} (attached)", *said, nxt]), True
