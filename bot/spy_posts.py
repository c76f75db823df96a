"""A Spy Diplomacy player's DM after a phase (issue 12): their own results, their spy's
orders and where it stands, and the map of the phase as they may know it (their own spy
drawn, no other), made by `bot.service.spy_news`. `EventPosts` hands over to this when
the game has spies; the game channel's post is the usual one, made from the phase with
no spy (`spy_news.public_played`)."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

import discord

from bot.service.event_payloads import PhaseNews
from bot.service.events import Event
from bot.service.phase_news import PhaseNotices, PlayedPhase
from bot.service.spy_news import seen_by, spy_news, spy_record

if TYPE_CHECKING:
    from bot.phase_posts import PhasePosts


async def spy_dm(posts: PhasePosts, event: Event, played: PlayedPhase, name: str) -> None:
    p = event.payload_as(PhaseNews)
    assert event.game_id is not None and event.user_id is not None
    powers = list(p.powers)
    notices = PhaseNotices(
        civil_disorder=p.civil_disorder,
        civil_disorder_over=p.civil_disorder_over,
        eliminated=p.eliminated,
    )
    record = await spy_record(posts.service.store, p.phase_id)
    over = p.game_over
    text = spy_news(played, record, powers, name, p.deadline, over, notices)
    palette = await posts.lookups.palette_for(event.game_id, event.user_id)
    png = await posts.lookups.results_png(seen_by(played, powers[0]), final=over, palette=palette)
    code = played.before.phase.code
    picture = discord.File(io.BytesIO(png), f"map-{code}-{powers[0].lower()}.png")
    await posts._to_user(event.user_id, text, files=[picture])
