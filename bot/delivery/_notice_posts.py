"""What the notices between phases say on Discord: civil disorder, deadlines moved, the
game paused or resumed, players replaced, kicked or gone, votes opened and closed,
proxies ended, a player's question to the GM, lateness, settings changed, an event
given up. One method per event kind, offered to the loop by `NoticePosts.handlers`;
where the messages go is the `Sender`'s."""

from __future__ import annotations

import contextlib
import logging

import discord

from adjudication.variants import VARIANTS, Disclosure
from bot.delivery._hidden_posts import HiddenPosts
from bot.delivery._roll_call_posts import place_given_text
from bot.delivery._sender import NO_PINGS, Handler, Sender, Step, pings_for
from bot.service.deadlines import absence_text, excused_text, late_text
from bot.service.events import Event, EventKind
from bot.service.events import payloads as ev
from bot.service.kernel import (
    Caller,
    WrongState,
    channel_refused_text,
    deadline_text,
    delivery_failed_text,
    dms_closed_text,
    event_words,
    fit,
    mention,
    order_text,
    player_left_text,
    power_list,
    power_name,
    question_text,
    readable_unit,
    why_ended,
)
from bot.ui import (
    KIND_TITLES,
    TalkThreads,
    closed_tally_text,
    closed_vote_view,
    score_choice_text,
    score_choice_view,
    vote_view,
    why_channel_refuses,
)

log = logging.getLogger(__name__)


def deadline_changed_text(p: ev.DeadlineChanged, *, absence_told: bool = True) -> str:
    """The channel's word on a deadline moved, saying who moved it (issue 29): the GM, a
    vote, an absence (its reason left out where absences are told to the GM and the
    player alone), or the match's other board catching up."""
    deadline = deadline_text(p.deadline)
    if p.by_match:  # One-on-one: the other board caught up
        return f"Both boards of the match have reached this phase: the deadline is {deadline}."
    if p.by_absence:
        why = " to the end of a player's absence" if absence_told else ""
        return f"The deadline moves{why}: {deadline}."
    how = " by unanimous vote" if p.by_vote else " by the GM"
    return f"The deadline was changed{how}: {deadline}."


class NoticePosts:
    """The notices between phases, sent through the delivery's `Sender`; a
    hidden-information game's own versions by `HiddenPosts`."""

    def __init__(self, sender: Sender, threads: TalkThreads, hidden: HiddenPosts) -> None:
        self.sender = sender
        self.service = sender.service
        self.threads = threads
        self.hidden = hidden

    def handlers(self) -> dict[EventKind, Handler]:
        """The event kinds these notices tell, each with its method."""
        return {
            EventKind.CIVIL_DISORDER: self._civil_disorder,
            EventKind.DEADLINE_CHANGED: self._deadline_changed,
            EventKind.PAUSED: self._paused,
            EventKind.RESUMED: self._resumed,
            EventKind.PLAYER_REPLACED: self._player_replaced,
            EventKind.PLAYER_KICKED: self._player_kicked,
            EventKind.VOTE_OPENED: self._vote_opened,
            EventKind.VOTE_CLOSED: self._vote_closed,
            EventKind.PROXY_ENDED: self._proxy_ended,
            EventKind.THREADS_SYNC: self._threads_sync,
            EventKind.DELIVERY_FAILED: self._delivery_failed,
            EventKind.PLAYER_LEFT: self._player_left,
            EventKind.DMS_CLOSED: self._dms_closed,
            EventKind.QUESTION: self._question,
            EventKind.LATE: self._lateness,
            EventKind.EXCUSED: self._lateness,
            EventKind.ABSENCE: self._lateness,
            EventKind.SETTING_CHANGED: self._setting_changed,
        }

    async def _civil_disorder(self, event: Event) -> None:
        p = event.payload_as(ev.CivilDisorder)
        if await self.hidden.hides(event):  # issue 12: the GM and the player only
            await self.hidden.civil_disorder(event)
            return
        chose = " at its player's wish" if p.chosen else ""
        await self.sender.to_channel(
            event,
            f"**{power_name(p.power)}** is in civil disorder{chose}: its units hold, and "
            "any removals follow the civil-disorder rule. The GM may give it to a standby.",
        )

    async def _deadline_changed(self, event: Event) -> None:
        p = event.payload_as(ev.DeadlineChanged)
        told = True
        if p.by_absence and event.game_id is not None:
            # Who will be away is told as lateness is (Variant.lateness_told).
            settings = await self.service.lobby.game_settings(event.game_id)
            told = VARIANTS[settings.variant].lateness_told is Disclosure.PUBLIC
        await self.sender.to_channel(event, deadline_changed_text(p, absence_told=told))

    async def _setting_changed(self, event: Event) -> None:
        p = event.payload_as(ev.SettingChanged)
        changed = "\n".join(f"- {line}" for line in p.changed)
        await self.sender.to_channel(event, fit(f"The GM changed the game's settings:\n{changed}"))

    async def _paused(self, event: Event) -> None:
        p = event.payload_as(ev.Paused)
        who = "The players have voted to pause" if p.by_vote else "The GM has paused"
        await self.sender.to_channel(
            event,
            f"{who} the game; the deadline is on hold and no reminder is sent. The GM "
            "(`/gm resume`) or a vote of every player (`/pause resume`) restarts it.",
        )

    async def _resumed(self, event: Event) -> None:
        p = event.payload_as(ev.Resumed)
        by = " by the players' vote" if p.by_vote else ""
        await self.sender.to_channel(
            event, f"The game resumes{by}. Deadline {deadline_text(p.deadline)}."
        )

    async def _player_replaced(self, event: Event) -> None:
        p = event.payload_as(ev.PlayerReplaced)
        power = power_name(p.power)
        assert event.game_id is not None
        game_id = event.game_id
        info = await self.service.lobby.game_info(game_id)
        name = info.name
        new = mention(p.new, info.name_of(p.new))
        replacing = f" (replacing {mention(p.old, info.name_of(p.old))})" if p.old else ""

        async def brief() -> discord.Message | None:
            if p.roll_call:  # issue 31: the first deadline comes with the game's start
                return await self.sender.to_user(p.new, place_given_text(name, power))
            try:
                text = await self._briefing(game_id, p.new, power, name)
            except WrongState:  # the game ended since: there is nothing to take over
                return None
            if not p.score_from:
                return await self.sender.to_user(p.new, text)
            # rules/004: the newcomer chooses, at entry only, whom the score counts for.
            replaced = mention(p.score_from, info.name_of(p.score_from))
            text += "\n" + score_choice_text(power, replaced)
            return await self.sender.to_user(
                p.new,
                text,
                view=score_choice_view(game_id, p.power),
                allowed_mentions=NO_PINGS,
            )

        def told_old(old_id: int) -> Step:  # what they send now is refused
            return lambda: self.sender.to_user(
                old_id,
                f"**{name}**: you no longer play **{power}**; {new} has taken it over. "
                "Thank you for playing.",
                allowed_mentions=NO_PINGS,
            )

        old = told_old(p.old) if p.old else None
        if await self.hidden.hides(event):  # issue 12: the GM and the players concerned only
            await self.hidden.replaced(event, brief, old)
            return
        steps: list[Step] = [
            lambda: self.sender.to_channel(event, f"{new} now plays **{power}**{replacing}."),
            brief,
            *([old] if old else []),
        ]
        await self.sender.steps(event, *steps)

    async def _briefing(self, game_id: int, user_id: int, power: str, name: str) -> str:
        """What a replacement needs to take over: the phase, the deadline, the units,
        the orders already in force, and the private threads they are added to."""
        standing = await self.service.orders.show_orders(Caller(user_id), game_id)
        threads = await self.service.talk.threads_of_user(game_id, user_id)
        lines = [
            f"You now play **{power}** in **{name}**: {standing.phase.title}, "
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
        p = event.payload_as(ev.VoteOpened)
        user_id = event.user_id
        assert user_id is not None
        name = await self.sender.game_name(event)
        what = KIND_TITLES.get(p.kind, p.kind)
        if p.new_deadline:
            now = f" from {deadline_text(p.deadline)}" if p.deadline else ""
            what += f"{now} to {deadline_text(p.new_deadline)}"
        text = f"**{name}**: a vote on {what}. It passes only if every surviving power agrees."
        await self.sender.steps(
            event, lambda: self.sender.to_user(user_id, text, view=vote_view(p.vote_id))
        )

    async def _vote_closed(self, event: Event) -> None:
        p = event.payload_as(ev.VoteClosed)
        what = KIND_TITLES.get(p.kind, p.kind)
        result = "**passed**" if p.passed else "**failed**"
        tally = closed_tally_text(p)
        text = f"The vote on {what} {result}." + (f" {tally}" if tally else "")
        await self.sender.steps(
            event,
            lambda: self.sender.to_channel(event, text),
            lambda: self._close_ballots(event.game_id, p.vote_id, result),
        )

    async def _close_ballots(self, game_id: int | None, vote_id: int, result: str) -> None:
        """Grey out the buttons of every ballot the vote sent: a closed vote takes no
        more votes (a click would only say so)."""
        assert game_id is not None
        for channel_id, message_id in await self.service.outbox.ballot_messages(game_id, vote_id):
            channel = self.sender.client.get_partial_messageable(channel_id)
            with contextlib.suppress(discord.NotFound):  # the player deleted it
                await channel.get_partial_message(message_id).edit(view=closed_vote_view(vote_id))

    async def _player_kicked(self, event: Event) -> None:
        p = event.payload_as(ev.PlayerKicked)
        assert event.channel_id is not None
        held = p.powers
        cd = (
            f" {power_list(held)} {'is' if len(held) == 1 else 'are'} in civil disorder."
            if held
            else ""
        )
        who = await self.sender.named(event.game_id, p.user)
        await self.sender.to_channel(event, f"The GM removed {who} from the game.{cd}")

    async def _delivery_failed(self, event: Event) -> None:
        """An event Discord kept refusing was given up: the game's channel (its GM)
        is told, so that someone can act (a player with closed DMs, a lost channel)."""
        p = event.payload_as(ev.DeliveryFailed)
        who = f" for {await self.sender.named(event.game_id, p.user)}" if p.user else ""
        try:
            await self.sender.to_channel(event, delivery_failed_text(p.kind, who))
        except (discord.Forbidden, discord.NotFound) as refused:
            # The channel itself refuses (a permission taken away, the channel deleted):
            # its GM is told by DM, once, rather than never.
            await self._channel_refused(event, refused, event_words(p.kind) + who)

    async def _channel_refused(
        self, event: Event, refused: discord.HTTPException, what: str
    ) -> None:
        assert event.game_id is not None and event.channel_id is not None
        info = await self.service.lobby.game_info(event.game_id)
        why = why_channel_refuses(self.sender.client.get_channel(event.channel_id), refused)
        log.warning(
            "game %s: its channel %s refuses the bot (%r): %s; the GM is told by DM",
            event.game_id,
            event.channel_id,
            refused,
            why,
        )
        gone = isinstance(refused, discord.NotFound)
        text = channel_refused_text(info.name, event.channel_id, why, what, gone=gone)
        await self.sender.to_user(info.gm_user_id, text)

    async def _player_left(self, event: Event) -> None:
        """A player was found gone from the server: their GM is told, by a ping."""
        p = event.payload_as(ev.PlayerLeft)
        who = await self.sender.named(event.game_id, p.user)
        await self.sender.to_channel(
            event,
            player_left_text(p.gm, who, list(p.powers)),
            allowed_mentions=pings_for([p.gm]),
        )

    async def _dms_closed(self, event: Event) -> None:
        """Discord refuses DMs to a player: they are told once, here, pinged alone."""
        user = event.payload_as(ev.DmsClosed).user
        await self.sender.to_channel(
            event, dms_closed_text(user), allowed_mentions=pings_for([user])
        )

    async def _question(self, event: Event) -> None:
        """A player's `/ask`, by DM to the game's GM."""
        p = event.payload_as(ev.Question)
        assert event.user_id is not None
        who = await self.sender.named(event.game_id, p.user)
        text = question_text(await self.sender.game_name(event), who, list(p.powers), p.text)
        await self.sender.to_user(event.user_id, text, allowed_mentions=NO_PINGS)

    async def _lateness(self, event: Event) -> None:
        """Late powers, or an excused miss spent (issue 23): the channel, the GM or the
        player concerned is told (bot/service/deadlines/_grace.py says who)."""
        name = await self.sender.game_name(event)
        p = event.payload
        if isinstance(p, ev.Late):
            text = late_text(name, p)
        elif isinstance(p, ev.Excused):
            text = excused_text(name, p)
        else:
            text = absence_text(name, event.payload_as(ev.Absence))
        if event.user_id is None:
            await self.sender.to_channel(event, text)
        else:
            await self.sender.to_user(event.user_id, text, allowed_mentions=NO_PINGS)

    async def _threads_sync(self, event: Event) -> None:
        """Who belongs in the game's private threads changed: add and remove them."""
        assert event.game_id is not None
        for missing in await self.threads.sync_game(event.game_id):
            log.warning("game %s: could not add user %s", event.game_id, missing.user_id)

    async def _proxy_ended(self, event: Event) -> None:
        p = event.payload_as(ev.ProxyEnded)
        assert event.user_id is not None
        name = await self.sender.game_name(event)
        why = why_ended(p.reason)
        await self.sender.to_user(
            event.user_id,
            f"**{name}**: you no longer order for **{power_name(p.power)}**: {why}. "
            "Orders you gave for it that were not yet played are withdrawn.",
        )
