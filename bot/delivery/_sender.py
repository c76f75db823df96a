"""Where an outbox event's messages go (the game's channel, a player's DMs) and how an
event of several messages is sent step by step: the `Sender`, which every poster of
the delivery holds. What each event kind says is in the posters (`_phase_posts.py`: a
game's phases; `_notice_posts.py`: everything else; `_spy_posts.py` and
`_hidden_posts.py`: a Spy or a hidden-information game's own versions); the loop,
`_loop.py`, picks the poster of each kind.

Every message of an event is created through `Sender._create`, with the nonce of its
event and part (`_nonces.py`): sent again after a crash, it is not created twice. A DM
goes straight to the user's DM channel kept by `DmChannels` (one request, not two),
opened first only for a user Discord gave none yet, or again when it says it is gone.

Texts live beside the code that sends them (STYLE.md rule 13), or in the service's
kernel (bot/service/kernel) when several places share them.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.delivery._dm_channels import DmChannels
from bot.delivery._nonces import next_nonce, step
from bot.delivery._reach import ReachWatch, Unreachable
from bot.service.events import Event
from bot.service.kernel import MESSAGE_LIMIT, mention, split_text
from bot.ui import DM_REFUSED

if TYPE_CHECKING:
    from bot.service import GameService

log = logging.getLogger(__name__)

NO_PINGS = discord.AllowedMentions.none()
# opcodes-and-status-codes: "10003 Unknown channel".
UNKNOWN_CHANNEL = 10003
# A user's DM channel: kept (its id alone) or just opened (discord.py's).
DmChannel = discord.PartialMessageable | discord.DMChannel
# One step of an event's delivery (see `Sender.steps`).
Step = Callable[[], Awaitable[discord.Message | None]]
# What a poster offers the loop for an event kind (`PhasePosts.handlers`, …).
Handler = Callable[[Event], Awaitable[None]]


def pings_for(user_ids) -> discord.AllowedMentions:
    """Pings for exactly these users: whoever else a game's name or a player's text
    mentions (a user, a role, @everyone) is not pinged."""
    return discord.AllowedMentions(
        users=[discord.Object(u) for u in sorted(set(user_ids))], roles=False, everyone=False
    )


class Sender:
    """Where the messages of each event kind go. One per delivery loop, handed to each
    poster; it knows the Discord connection, the service (the outbox's steps, a game's
    name), the users Discord will not let dipgm reach (`reach`) and each user's DM
    channel (`dm_channels`)."""

    def __init__(
        self,
        client: discord.Client,
        service: GameService,
        reach: ReachWatch,
        dm_channels: DmChannels,
    ) -> None:
        self.client = client
        self.service = service
        self.reach = reach
        self.dm_channels = dm_channels

    async def steps(self, event: Event, *steps: Step) -> None:
        """Run an event's steps in order, each once: a step done is recorded at once,
        and a retry resumes after the last one done (the same post never goes twice).
        A step may return the message it sent, kept with the event for later edits."""
        for number, one in enumerate(steps, 1):
            if number <= event.steps_done:
                continue
            step(number)  # its messages' nonces
            sent = await one()
            where = (sent.channel.id, sent.id) if isinstance(sent, discord.Message) else None
            await self.service.outbox.mark_step(event.id, number, where)

    # --- where messages go ------------------------------------------------------------

    def channel(self, channel_id: int) -> discord.abc.Messageable:
        """The channel as discord.py knows it, or else (a process without a gateway
        session knows none) by its id alone: posting to it is the one Create Message
        request, without fetching the channel first (issue 32). A channel gone or closed
        to the bot answers the post as it would have answered the fetch."""
        channel = self.client.get_channel(channel_id)
        if channel is None:
            return self.client.get_partial_messageable(channel_id)
        assert isinstance(channel, discord.abc.Messageable)
        return channel

    async def dm(self, user_id: int) -> DmChannel:
        """The user's DM channel: the one kept, as it is (no request), else opened."""
        kept = await self.dm_channels.of(user_id)
        if kept is not None:
            return self.client.get_partial_messageable(kept, type=discord.ChannelType.private)
        return await self._open_dm(user_id)

    async def _open_dm(self, user_id: int) -> DmChannel:
        # From the id alone (discord.py answers a DM channel it remembers without a
        # request): fetching the user first would spend a request of Get User's small
        # bucket (30 per 30 s) per DM.
        channel = await self.client.create_dm(discord.Object(user_id))
        await self.dm_channels.opened(user_id, channel.id)
        return channel

    async def to_channel(self, event: Event, text: str, **kwargs) -> discord.Message:
        assert event.channel_id is not None
        channel = self.channel(event.channel_id)
        kwargs.setdefault("allowed_mentions", NO_PINGS)
        return await _create(channel, text, next_nonce(), **kwargs)

    async def to_user(self, user_id: int, text: str, **kwargs) -> discord.Message:
        """A DM, in several messages if it is long; returns the first. Raises
        `Unreachable` when Discord refuses it because of the user."""
        first = None
        try:
            for piece in _pieces(text):
                sent = await self._to_dm(user_id, piece, next_nonce(), **kwargs)
                first = first or sent
                kwargs = {}  # attachments and buttons go with the first message only
        except discord.Forbidden as exc:
            if exc.code in DM_REFUSED:
                raise Unreachable(user_id, exc.code, repr(exc)) from exc
            raise
        assert first is not None
        await self.reach.reached(user_id)
        return first

    async def _to_dm(self, user_id: int, text: str, nonce: str | None, **kwargs) -> discord.Message:
        """One message to the user's DM channel; if Discord says the channel is gone
        (10003), it is forgotten and opened again, once, and the message sent there."""
        dm = await self.dm(user_id)
        try:
            return await _create(dm, text, nonce, **kwargs)
        except discord.NotFound as exc:
            if exc.code != UNKNOWN_CHANNEL:
                raise
            log.info("DM channel %s of user %s is gone; opening another", dm.id, user_id)
        await self.dm_channels.gone(user_id, dm.id)
        return await _create(await self._open_dm(user_id), text, nonce, **kwargs)

    async def game_name(self, event: Event) -> str:
        if event.game_id is None:
            return "your game"
        return (await self.service.lobby.game_info(event.game_id)).name

    async def named(self, game_id: int | None, user_id: int) -> str:
        """A mention of a player with their name beside it (see `mention`)."""
        if game_id is None:
            return mention(user_id)
        return mention(user_id, (await self.service.lobby.game_info(game_id)).name_of(user_id))


def png_file(data: bytes, phase: str) -> discord.File:
    return discord.File(io.BytesIO(data), f"map-{phase}.png")


def text_file(text: str, name: str) -> discord.File:
    return discord.File(io.BytesIO(text.encode("utf-8")), name)


async def _create(
    where: discord.abc.Messageable, text: str, nonce: str | None, **kwargs
) -> discord.Message:
    """Create Message, with the nonce of the event's part when there is one."""
    if nonce is not None:
        kwargs["nonce"] = nonce
    return await where.send(text, **kwargs)


def _pieces(text: str) -> list[str]:
    return [text] if len(text) <= MESSAGE_LIMIT else split_text(text)
