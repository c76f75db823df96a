"""A Spy Diplomacy player's DM after a phase (issue 12): their own results, their spy's
orders and where it stands, and the map of the phase as they may know it (their own spy
drawn, no other), made by the service's Spy package (`spy_news`). The phase posts hand
over to this when the game has spies; the game channel's post is the usual one, made
from the phase with no spy (`public_played`)."""

from __future__ import annotations

import io

import discord

from bot.delivery._sender import Sender
from bot.service.events import Event, PhaseNews
from bot.service.kernel import PhaseNotices, PlayedPhase
from bot.service.records import GameLookups
from bot.service.variants.spy import seen_by, spy_news, spy_record


class SpyPosts:
    """What a Spy game's players are told by DM; sent through the delivery's `Sender`."""

    def __init__(self, sender: Sender, lookups: GameLookups) -> None:
        self.sender = sender
        self.lookups = lookups

    async def news(self, event: Event, played: PlayedPhase, name: str) -> None:
        p = event.payload_as(PhaseNews)
        assert event.game_id is not None and event.user_id is not None
        powers = list(p.powers)
        notices = PhaseNotices(
            civil_disorder=p.civil_disorder,
            civil_disorder_over=p.civil_disorder_over,
            eliminated=p.eliminated,
        )
        record = await spy_record(self.sender.service.store, p.phase_id)
        over = p.game_over
        text = spy_news(played, record, powers, name, p.deadline, over, notices)
        palette = await self.lookups.palette_for(event.game_id, event.user_id)
        png = await self.lookups.results_png(
            seen_by(played, powers[0]), final=over, palette=palette
        )
        code = played.before.phase.code
        picture = discord.File(io.BytesIO(png), f"map-{code}-{powers[0].lower()}.png")
        await self.sender.to_user(event.user_id, text, files=[picture])
