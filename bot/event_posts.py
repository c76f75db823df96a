"""What each outbox event says on Discord: one method per event kind (the delivery
loop, bot/delivery.py, picks it), and where the messages go (the game's channel, a
player's DMs), an event of several messages sent step by step.

Texts live beside the code that sends them (STYLE.md rule 13), or in
bot/service/words.py when several places share them.
"""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING

import discord

from adjudication.units import Phase
from bot.channel_checks import why_channel_refuses
from bot.errors_handler import DM_REFUSED
from bot.reach_watch import ReachWatch, Unreachable
from bot.score_buttons import score_choice_text, score_choice_view
from bot.service.absences import absence_text
from bot.service.caller import Caller
from bot.service.errors import WrongState
from bot.service.events import Event, EventKind
from bot.service.excuses import excused_text
from bot.service.game_settings import SCORING_NAMES, ResultsNotation, Scoring
from bot.service.grace import late_text
from bot.service.lookups import GameLookups
from bot.service.map_marks import unheld_powers
from bot.service.phase_news import PhaseNotices, channel_results, notices, own_news
from bot.service.power_views import is_hidden
from bot.service.proxies import ProxyEnd, why_ended
from bot.service.spy_news import public_played
from bot.service.spy_orders import has_spies
from bot.service.words import (
    MESSAGE_LIMIT,
    channel_refused_text,
    deadline_text,
    delivery_failed_text,
    dms_closed_text,
    event_words,
    fit,
    game_end_dm,
    game_end_text,
    mention,
    order_text,
    player_left_text,
    power_list,
    power_name,
    question_text,
    readable_unit,
    reminder_text,
    split_text,
)
from bot.spy_posts import spy_dm
from bot.view_posts import (
    hidden_civil_disorder,
    hidden_news,
    hidden_replaced,
    hidden_results,
    hides,
)
from bot.vote_buttons import KIND_TITLES, closed_tally_text, closed_vote_view, vote_view

if TYPE_CHECKING:
    from bot.service import GameService
    from bot.talk_threads import TalkThreads

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
# One step of an event's delivery (see `EventPosts._steps`).
Step = Callable[[], Awaitable[discord.Message | None]]


def pings_for(user_ids) -> discord.AllowedMentions:
    """Pings for exactly these users: whoever else a game's name or a player's text
    mentions (a user, a role, @everyone) is not pinged."""
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in sorted(set(user_ids))], roles=False, everyone=False
    )


def _when(payload: dict, key: str = "deadline") -> datetime | None:
    raw = payload.get(key)
    return datetime.fromisoformat(raw) if raw else None


class EventPosts:
    """The messages of each event kind; the delivery loop (`Delivery`) is one."""

    client: discord.Client
    service: GameService
    threads: TalkThreads
    lookups: GameLookups
    clock: Callable[[], datetime]
    reach: ReachWatch

    async def _steps(self, event: Event, *steps: Step) -> None:
        """Run an event's steps in order, each once: a step done is recorded at once,
        and a retry resumes after the last one done (the same post never goes twice).
        A step may return the message it sent, kept with the event for later edits."""
        for number, step in enumerate(steps, 1):
            if number <= event.steps_done:
                continue
            sent = await step()
            where = (sent.channel.id, sent.id) if isinstance(sent, discord.Message) else None
            await self.service.outbox.mark_step(event.id, number, where)

    # --- where messages go ------------------------------------------------------------

    async def _channel(self, channel_id: int) -> discord.abc.Messageable:
        channel = self.client.get_channel(channel_id)
        if channel is None:
            channel = await self.client.fetch_channel(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def _dm(self, user_id: int) -> discord.abc.Messageable:
        # From the id alone (discord.py reuses a DM channel it knows): fetching the user
        # first would spend a request of Get User's small bucket (30 per 30 s) per DM.
        return await self.client.create_dm(discord.Object(user_id))

    async def _to_channel(self, event: Event, text: str, **kwargs) -> discord.Message:
        assert event.channel_id is not None
        channel = await self._channel(event.channel_id)
        kwargs.setdefault("allowed_mentions", NO_PINGS)
        return await channel.send(text, **kwargs)

    async def _to_user(self, user_id: int, text: str, **kwargs) -> discord.Message:
        """A DM, in several messages if it is long; returns the first. Raises
        `Unreachable` when Discord refuses it because of the user."""
        dm = await self._dm(user_id)
        first = None
        try:
            for piece in _pieces(text):
                sent = await dm.send(piece, **kwargs)
                first = first or sent
                kwargs = {}  # attachments and buttons go with the first message only
        except discord.Forbidden as exc:
            if exc.code in DM_REFUSED:
                raise Unreachable(user_id, exc.code, repr(exc)) from exc
            raise
        assert first is not None
        await self.reach.reached(user_id)
        return first

    async def _game_name(self, event: Event) -> str:
        if event.game_id is None:
            return "your game"
        return (await self.service.lobby.game_info(event.game_id)).name

    # --- one method per event kind --------------------------------------------------

    async def _game_started(self, event: Event) -> None:
        p = event.payload
        assert event.game_id is not None
        info = await self.service.lobby.game_info(event.game_id)
        players = [
            f"{power_name(power)}: <@{user}>" if user else f"{power_name(power)}: (not in play)"
            for power, user in sorted(p["powers"].items())
        ]
        picture = await self.lookups.results_map(event.game_id, p["phase_id"])
        variant = f"Variant: {p['variant']}\n" if p.get("variant") else ""
        text = (
            f"**{info.name} has begun: {picture.title}.**\n" + variant + "\n".join(players) + "\n"
            f"Deadline {deadline_text(_when(p))}. Send your orders to me by direct message."
        )
        players = [user for user in p["powers"].values() if user]
        await self._to_channel(
            event, text, file=_png(picture.png, p["phase"]), allowed_mentions=pings_for(players)
        )

    async def _power_assigned(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None
        name = await self._game_name(event)
        assert event.game_id is not None
        examples = await self.lookups.order_examples(event.game_id, p["powers"])
        await self._to_user(
            event.user_id,
            f"You play **{power_list(p['powers'])}** in **{name}**. "
            f"The first deadline is {deadline_text(_when(p))}.\n"
            "Send me your orders here, one per line, for example "
            + ", ".join(f"`{e}`" for e in examples)
            + ". A new order for a unit replaces the old one. Send `map` for a map of your "
            "orders; `/orders show` lists them.",
        )

    async def _results(self, event: Event) -> None:
        """One post a phase: every order's outcome in plain words, the phase's notices,
        what comes next, the map of the new position with the moves drawn lightly, and
        rules/004's judge notation as a text file."""
        p = event.payload
        assert event.game_id is not None and event.channel_id is not None
        name = await self._game_name(event)
        over = not p.get("deadline") and not p.get("match_wait")
        played = await self.lookups.played_phase(event.game_id, p["phase_id"], p["next_phase_id"])
        if played is None:  # rolled back before it could be posted
            log.info("results of %s in game %s no longer live", p["phase"], event.game_id)
            return
        if has_spies(played.before):  # issue 12: "Only the owner of a spy is told its location"
            played = public_played(played)
        title = played.before.phase.title
        heading = f"**{name} — results of {title}**"
        settings = await self.service.lobby.game_settings(event.game_id)
        if over:
            nxt = await self._ending(event.game_id, name)
        elif p.get("match_wait"):  # One-on-one: waits for the match's other board
            nxt = (
                f"Next: **{played.after.phase.title}**; its deadline is set when the "
                "match's other board reaches it too. Orders may be sent now."
            )
        else:
            nxt = f"Next: **{played.after.phase.title}**, deadline {deadline_text(_when(p))}."
        if is_hidden(played.before):  # issue 12: the public view only
            await hidden_results(self, event, played, heading, nxt, over)
            return
        # The notation as the record knows it now ([ia: …], a retreat phase's notes and
        # the movement it completes); the stored report if the phase is gone since.
        judge = await self.service.history.judge_text(event.game_id, p["phase_id"]) or p["report"]
        if settings.results_notation is ResultsNotation.JUDGE:
            body = f"```\n{judge}\n```"
        else:
            body = channel_results(played, sorted(self.lookups.board.powers))
        said = notices(p.get("nmr", ()), p.get("civil_disorder", ()), p.get("eliminated", ()))
        said += p.get("announcements", [])  # a variant's events: World War I's coin
        palette = settings.map_palette  # the game's; None: the operator's
        unheld = unheld_powers(settings, played.after.phase)  # named in the legend
        png = await self.lookups.results_png(played, final=over, palette=palette, statuses=unheld)
        text, body_file = results_post(heading, body, said, nxt)
        files = [_png(png, p["phase"])]
        if over or played.after.phase.year != played.before.phase.year:
            # The year's last phase: the supply-centre chart, up to the year to come.
            chart = await self.lookups.centre_chart(event.game_id, palette)
            files.append(discord.File(io.BytesIO(chart), f"centres-{p['phase']}.png"))
        if body_file:
            files.append(_text(body, f"results-{p['phase']}.txt"))
        files.append(_text(judge, f"results-{p['phase']}-judge.txt"))
        channel = await self._channel(event.channel_id)
        await channel.send(text, files=files, allowed_mentions=NO_PINGS)

    async def _ending(self, game_id: int, name: str) -> str:
        """How the game ended, with the scores: said in the last results post."""
        info = await self.service.lobby.game_info(game_id)
        scores = {p.power: p.score for p in info.powers if p.score is not None}
        settings = await self.service.lobby.game_settings(game_id)
        ending = {"kind": info.end_kind, "winners": list(info.winners), "scores": scores}
        return game_end_text(name, ending, SCORING_NAMES[settings.scoring])

    async def _orders_needed(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None and event.game_id is not None
        name = await self._game_name(event)
        power = power_name(p["power"])
        if p.get("standby"):
            await self._to_user(
                event.user_id,
                f"The GM has called you as standby for **{power}** in **{name}**. Send orders "
                "for it by DM; if its player misses this deadline, yours are used.",
            )
            return
        options = await self.lookups.retreat_and_build_options(
            event.game_id, p["phase_id"], p["power"]
        )
        change = p.get("adjustment") or 0
        if p.get("dislodged"):
            what = "must retreat or disband " + ", ".join(d["unit"] for d in p["dislodged"])
        elif change > 0:
            what = f"may build {change} unit(s) (or waive)"
        else:
            what = f"must remove {-change} unit(s)"
        await self._to_user(
            event.user_id,
            f"**{name}**, {p['phase']}: **{power}** {what}. Deadline {deadline_text(_when(p))}.\n"
            "Your options:\n" + "\n".join(f"• `{o}`" for o in options),
        )

    async def _reminder(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None
        name = await self._game_name(event)
        await self._to_user(event.user_id, reminder_text(name, p, _when(p)))

    async def _nmr(self, event: Event) -> None:
        p = event.payload
        await self._to_channel(
            event, f"No orders received from **{power_name(p['power'])}** for {p['phase']}."
        )

    async def _nmr_group(self, events: list[Event]) -> None:
        """Several powers missed the same phase: one message, not one each."""
        powers = power_list(e.payload["power"] for e in events)
        await self._to_channel(
            events[0], f"No orders received for {events[0].payload['phase']} from {powers}."
        )

    async def _civil_disorder(self, event: Event) -> None:
        p = event.payload
        if await hides(self, event):  # issue 12: the GM and the player only
            await hidden_civil_disorder(self, event)
            return
        chose = " at its player's wish" if p.get("chosen") else ""
        await self._to_channel(
            event,
            f"**{power_name(p['power'])}** is in civil disorder{chose}: its units hold, and "
            "any removals follow the civil-disorder rule. The GM may give it to a standby.",
        )

    async def _deadline_changed(self, event: Event) -> None:
        p = event.payload
        if p.get("by_match"):  # One-on-one: the other board caught up
            both = "Both boards of the match have reached this phase: the deadline is"
            await self._to_channel(event, f"{both} {deadline_text(_when(p))}.")
            return
        how = " by unanimous vote" if p.get("by_vote") else " by the GM"
        await self._to_channel(event, f"The deadline was changed{how}: {deadline_text(_when(p))}.")

    async def _setting_changed(self, event: Event) -> None:
        changed = "\n".join(f"- {line}" for line in event.payload["changed"])
        await self._to_channel(event, fit(f"The GM changed the game's settings:\n{changed}"))

    async def _paused(self, event: Event) -> None:
        who = (
            "The players have voted to pause"
            if event.payload.get("by_vote")
            else "The GM has paused"
        )
        await self._to_channel(
            event,
            f"{who} the game; the deadline is on hold and no reminder is sent. The GM "
            "(`/gm resume`) or a vote of every player (`/pause resume`) restarts it.",
        )

    async def _resumed(self, event: Event) -> None:
        p = event.payload
        by = " by the players' vote" if p.get("by_vote") else ""
        await self._to_channel(event, f"The game resumes{by}. Deadline {deadline_text(_when(p))}.")

    async def _player_replaced(self, event: Event) -> None:
        p = event.payload
        power = power_name(p["power"])
        assert event.game_id is not None
        game_id = event.game_id
        info = await self.service.lobby.game_info(game_id)
        name = info.name
        new = mention(p["new"], info.name_of(p["new"]))
        replacing = (
            f" (replacing {mention(p['old'], info.name_of(p['old']))})" if p.get("old") else ""
        )

        async def brief() -> discord.Message | None:
            try:
                text = await self._briefing(game_id, p["new"], power, name)
            except WrongState:  # the game ended since: there is nothing to take over
                return None
            if not p.get("score_from"):
                return await self._to_user(p["new"], text)
            # rules/004: the newcomer chooses, at entry only, whom the score counts for.
            replaced = mention(p["score_from"], info.name_of(p["score_from"]))
            text += "\n" + score_choice_text(power, replaced)
            return await self._to_user(
                p["new"],
                text,
                view=score_choice_view(game_id, p["power"]),
                allowed_mentions=NO_PINGS,
            )

        def told_old() -> Awaitable[discord.Message]:  # what they send now is refused
            return self._to_user(
                p["old"],
                f"**{name}**: you no longer play **{power}**; {new} has taken it over. "
                "Thank you for playing.",
                allowed_mentions=NO_PINGS,
            )

        old = told_old if p.get("old") else None
        if await hides(self, event):  # issue 12: the GM and the players concerned only
            await hidden_replaced(self, event, brief, old)
            return
        steps: list[Step] = [
            lambda: self._to_channel(event, f"{new} now plays **{power}**{replacing}."),
            brief,
            *([old] if old else []),
        ]
        await self._steps(event, *steps)

    async def _named(self, game_id: int | None, user_id: int) -> str:
        """A mention of a player with their name beside it (see `mention`)."""
        if game_id is None:
            return mention(user_id)
        return mention(user_id, (await self.service.lobby.game_info(game_id)).name_of(user_id))

    async def _briefing(self, game_id: int, user_id: int, power: str, name: str) -> str:
        """What a replacement needs to take over: the phase, the deadline, the units,
        the orders already in force, and the private threads they are added to."""
        standing = await self.service.orders.show_orders(Caller(user_id), game_id)
        threads = await self.service.talk.threads_of_user(game_id, user_id)
        lines = [
            f"You now play **{power}** in **{name}**: {Phase.parse(standing.phase).title}, "
            f"deadline {deadline_text(standing.deadline_at)}."
        ]
        if standing.orders:
            orders = ", ".join(order_text(o) for o in standing.orders)
            lines.append(f"Orders already in force: {orders}. Send new ones to change them.")
        if standing.unordered:
            units = ", ".join(readable_unit(str(u)) for u in standing.unordered)
            lines.append(f"Still without orders: {units}.")
        if threads:
            lines.append(f"You are added to the private threads {', '.join(threads)}.")
        lines.append("Send your orders to me here, one per line.")
        return "\n".join(lines)

    async def _vote_opened(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None
        name = await self._game_name(event)
        what = KIND_TITLES.get(p["kind"], p["kind"])
        if p.get("new_deadline"):
            now = f" from {deadline_text(_when(p))}" if p.get("deadline") else ""
            what += f"{now} to {deadline_text(_when(p, 'new_deadline'))}"
        text = f"**{name}**: a vote on {what}. It passes only if every surviving power agrees."
        await self._steps(
            event, lambda: self._to_user(event.user_id, text, view=vote_view(p["vote_id"]))
        )

    async def _vote_closed(self, event: Event) -> None:
        p = event.payload
        what = KIND_TITLES.get(p["kind"], p["kind"])
        result = "**passed**" if p["passed"] else "**failed**"
        tally = closed_tally_text(p)
        text = f"The vote on {what} {result}." + (f" {tally}" if tally else "")
        await self._steps(
            event,
            lambda: self._to_channel(event, text),
            lambda: self._close_ballots(event.game_id, p["vote_id"], result),
        )

    async def _close_ballots(self, game_id: int | None, vote_id: int, result: str) -> None:
        """Grey out the buttons of every ballot the vote sent: a closed vote takes no
        more votes (a click would only say so)."""
        assert game_id is not None
        for channel_id, message_id in await self.service.outbox.ballot_messages(game_id, vote_id):
            channel = self.client.get_partial_messageable(channel_id)
            with contextlib.suppress(discord.NotFound):  # the player deleted it
                await channel.get_partial_message(message_id).edit(view=closed_vote_view(vote_id))

    async def _player_kicked(self, event: Event) -> None:
        p = event.payload
        assert event.channel_id is not None
        held = p.get("powers") or []
        cd = (
            f" {power_list(held)} {'is' if len(held) == 1 else 'are'} in civil disorder."
            if held
            else ""
        )
        who = await self._named(event.game_id, p["user"])
        await self._to_channel(event, f"The GM removed {who} from the game.{cd}")

    async def _game_ended(self, event: Event) -> None:
        name = await self._game_name(event)
        assert event.game_id is not None
        game_id = event.game_id
        if event.user_id is not None:  # a player's own notice
            await self._to_user(event.user_id, game_end_dm(name, event.payload))
            return
        if event.payload.get("with_results"):  # announced by the last results post
            await self._steps(event, lambda: self.threads.lock_all(game_id))
            return
        await self._steps(
            event,
            lambda: self._to_channel(
                event, game_end_text(name, event.payload, scoring_name(event.payload))
            ),
            lambda: self.threads.lock_all(game_id),
        )

    async def _delivery_failed(self, event: Event) -> None:
        """An event Discord kept refusing was given up: the game's channel (its GM)
        is told, so that someone can act (a player with closed DMs, a lost channel)."""
        p = event.payload
        who = f" for {await self._named(event.game_id, p['user'])}" if p.get("user") else ""
        try:
            await self._to_channel(event, delivery_failed_text(p["kind"], who))
        except (discord.Forbidden, discord.NotFound) as refused:
            # The channel itself refuses (a permission taken away, the channel deleted):
            # its GM is told by DM, once, rather than never.
            await self._channel_refused(event, refused, event_words(p["kind"]) + who)

    async def _channel_refused(
        self, event: Event, refused: discord.HTTPException, what: str
    ) -> None:
        assert event.game_id is not None and event.channel_id is not None
        info = await self.service.lobby.game_info(event.game_id)
        why = why_channel_refuses(self.client.get_channel(event.channel_id), refused)
        log.warning(
            "game %s: its channel %s refuses the bot (%r): %s; the GM is told by DM",
            event.game_id,
            event.channel_id,
            refused,
            why,
        )
        gone = isinstance(refused, discord.NotFound)
        text = channel_refused_text(info.name, event.channel_id, why, what, gone=gone)
        await self._to_user(info.gm_user_id, text)

    async def _player_left(self, event: Event) -> None:
        """A player was found gone from the server: their GM is told, by a ping."""
        p = event.payload
        who = await self._named(event.game_id, p["user"])
        await self._to_channel(
            event,
            player_left_text(p["gm"], who, p["powers"]),
            allowed_mentions=pings_for([p["gm"]]),
        )

    async def _dms_closed(self, event: Event) -> None:
        """Discord refuses DMs to a player: they are told once, here, pinged alone."""
        user = event.payload["user"]
        await self._to_channel(event, dms_closed_text(user), allowed_mentions=pings_for([user]))

    async def _question(self, event: Event) -> None:
        """A player's `/ask`, by DM to the game's GM."""
        p = event.payload
        assert event.user_id is not None
        who = await self._named(event.game_id, p["user"])
        text = question_text(await self._game_name(event), who, p["powers"], p["text"])
        await self._to_user(event.user_id, text, allowed_mentions=NO_PINGS)

    async def _lateness(self, event: Event) -> None:
        """Late powers, or an excused miss spent (issue 23): the channel, the GM or the
        player concerned is told (bot/service/grace.py says who)."""
        words = {
            EventKind.LATE: late_text,
            EventKind.EXCUSED: excused_text,
            EventKind.ABSENCE: absence_text,
        }[event.kind]
        text = words(await self._game_name(event), event.payload)
        if event.user_id is None:
            await self._to_channel(event, text)
        else:
            await self._to_user(event.user_id, text, allowed_mentions=NO_PINGS)

    async def _phase_news(self, event: Event) -> None:
        """A player's own results after a phase, and what they must do next."""
        p = event.payload
        assert event.game_id is not None and event.user_id is not None
        played = await self.lookups.played_phase(event.game_id, p["phase_id"], p["next_phase_id"])
        if played is None:
            return  # rolled back meanwhile: the rollback's own notice tells them
        name = await self._game_name(event)
        if is_hidden(played.before):  # issue 12: made from the player's view alone
            await hidden_news(self, event, played, name)
            return
        if has_spies(played.before):  # issue 12: their own spy, no other
            await spy_dm(self, event, played, name)
            return
        notices = PhaseNotices(
            civil_disorder=p.get("civil_disorder", ()),
            civil_disorder_over=p.get("civil_disorder_over", ()),
            eliminated=p.get("eliminated", ()),
        )
        extra = p.get("variable_control", "")  # rules/003 MR2: whom they may also order
        over = bool(p.get("game_over"))
        text = own_news(played, p["powers"], name, _when(p), over, notices, extra)
        await self._to_user(event.user_id, text)

    async def _threads_sync(self, event: Event) -> None:
        """Who belongs in the game's private threads changed: add and remove them."""
        assert event.game_id is not None
        for missing in await self.threads.sync_game(event.game_id):
            log.warning("game %s: could not add user %s", event.game_id, missing.user_id)

    async def _proxy_ended(self, event: Event) -> None:
        p = event.payload
        assert event.user_id is not None
        name = await self._game_name(event)
        why = why_ended(ProxyEnd(p["reason"]))
        await self._to_user(
            event.user_id,
            f"**{name}**: you no longer order for **{power_name(p['power'])}**: {why}. "
            "Orders you gave for it that were not yet played are withdrawn.",
        )

    async def _rolled_back(self, event: Event) -> None:
        """The channel's announcement; with a user, that player's own DM: the orders
        they sent for the phase are wiped, and proxies given back or ended."""
        p = event.payload
        title = Phase.parse(p["phase"]).title
        deadline = deadline_text(_when(p))
        if event.user_id is None:
            plays = p.get("rolled_back") or []
            record = (
                f" The phases played since stay in the record, marked rolled back: "
                f"`/game history phase:{plays[0]}` shows the first."
                if plays
                else ""
            )
            await self._to_channel(
                event,
                f"The GM rolled the game back to the start of **{title}**.{record} Orders for "
                f"{title} must be sent again: those sent before are wiped. "
                f"Deadline {deadline}.",
            )
            return
        name = await self._game_name(event)
        lines = [f"**{name}** was rolled back to the start of **{title}**."]
        if p.get("resend"):
            lines.append(
                f"The orders you sent for {power_list(p['resend'])} in {title} are wiped: "
                "send them again."
            )
        if p.get("proxies_restored"):
            lines.append(
                f"You order for {power_list(p['proxies_restored'])} again, as you could when "
                f"{title} began."
            )
        if p.get("proxies_ended"):
            lines.append(
                f"You no longer order for {power_list(p['proxies_ended'])}: that was given "
                f"after {title} began."
            )
        lines.append(f"The deadline is {deadline}.")
        await self._to_user(event.user_id, "\n".join(lines))


def scoring_name(payload: dict) -> str:
    """The scoring system of a GAME_ENDED event, as players know it."""
    raw = payload.get("scoring")
    return SCORING_NAMES[Scoring(raw)] if raw else ""


def results_post(heading: str, body: str, said: list[str], nxt: str) -> tuple[str, bool]:
    """The text of a results post, and whether the results themselves go as a file
    (a crowded board whose results do not fit in one message)."""
    text = "\n\n".join([heading, body, *said, nxt])
    if len(text) <= MESSAGE_LIMIT:
        return text, False
    return "\n\n".join([f"{heading} (attached)", *said, nxt]), True


def _png(data: bytes, phase: str) -> discord.File:
    return discord.File(io.BytesIO(data), f"map-{phase}.png")


def _text(text: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), name)


def _pieces(text: str) -> list[str]:
    return [text] if len(text) <= MESSAGE_LIMIT else split_text(text)
