"""The results of a hidden-information game's phase on Discord (issue 12): the game
channel gets the public view alone (rules/004's Kriegsplomacy: the year's centre totals),
each player by DM their own results in judge notation and their own map, both made from
their power's view (the service's hidden-information package). The phase and notice
posters hand over to these when the game's variant is `hidden_information`."""

from __future__ import annotations

import io

import discord

from adjudication.model.units import Phase, PhaseKind
from adjudication.variants import VARIANTS
from bot.delivery._sender import Sender, Step
from bot.service.events import Event
from bot.service.events import payloads as ev
from bot.service.kernel import PhaseNotices, PlayedPhase, mention, power_name
from bot.service.records import GameLookups, seen_phases, seen_with_retreats, view_png
from bot.service.variants.hidden import public_results, retreats_kept_from, view_news, view_notices


class HiddenPosts:
    """What a hidden-information game says, and to whom; sent through the delivery's
    `Sender`."""

    def __init__(self, sender: Sender, lookups: GameLookups) -> None:
        self.sender = sender
        self.lookups = lookups

    async def results(
        self,
        event: Event,
        played: PlayedPhase,
        heading: str,
        nxt: str,
        ending: str | None,
    ) -> None:
        """The channel's post: no order, unit, outcome or map; the centre chart (totals
        only) at the end of a year. A retreat phase is kept from the channel (issue 29):
        the movement phase before it is posted once the retreats are played, as that
        movement's results, with the phase that follows them. `ending`: how the game
        ended, when this phase ended it."""
        assert event.game_id is not None and event.channel_id is not None
        p = event.payload_as(ev.Results)
        if retreats_kept_from(played.after, ()):
            return  # posted with the retreats
        name = await self.sender.game_name(event)
        if retreats_kept_from(played.before, ()):
            heading = f"**{name} — results of {_movement_of(played.before.phase).title}**"
        text = public_results(played, heading, nxt, ending)
        files = []
        over = ending is not None
        if over or played.after.phase.year != played.before.phase.year:
            settings = await self.sender.service.lobby.game_settings(event.game_id)
            chart = await self.lookups.centre_chart(event.game_id, settings.map_palette)
            files.append(discord.File(io.BytesIO(chart), f"centres-{p.phase}.png"))
        await self.sender.to_channel(event, text, files=files)  # pinging no one

    async def news(self, event: Event, played: PlayedPhase, name: str) -> None:
        """A player's DMs: civil disorder, at once and on its own; then their view's
        results and the map of their view, one per power. A retreat phase is kept from a
        player with nothing to retreat (issue 29): the movement before it is sent them,
        with what they may know of the retreats, once the retreats are played; never the
        retreat phase."""
        p = event.payload_as(ev.PhaseNews)
        assert event.game_id is not None and event.user_id is not None
        user_id, powers = event.user_id, list(p.powers)
        steps: list[Step] = []
        notices = view_notices(
            name, played.before.phase, powers, PhaseNotices(civil_disorder=p.civil_disorder)
        )
        if notices is not None:
            steps.append(self._dm_step(user_id, notices))
        if retreats_kept_from(played.before, powers):
            seen = await seen_with_retreats(self.lookups, event.game_id, played, powers)
            shown = _movement_of(played.before.phase)
        elif retreats_kept_from(played.after, powers):
            seen, shown = None, played.before.phase  # told when the retreats are played
        else:
            seen = await seen_phases(self.lookups, event.game_id, played, powers)
            shown = played.before.phase
        if seen is not None:
            text = view_news(seen, played.board, name, p.deadline, p.game_over)
            palette = await self.lookups.palette_for(event.game_id, user_id)
            files = [
                discord.File(
                    io.BytesIO(await view_png(self.lookups, one, palette)),
                    f"map-{shown.code}-{one.view.power.lower()}.png",
                )
                for one in seen
            ]
            steps.append(lambda: self.sender.to_user(user_id, text, files=files))
        await self.sender.steps(event, *steps)

    async def hides(self, event: Event) -> bool:
        """Whether `event`'s game is a hidden-information game (its variant says so)."""
        if event.game_id is None:
            return False
        settings = await self.sender.service.lobby.game_settings(event.game_id)
        return VARIANTS[settings.variant].hidden_information

    async def civil_disorder(self, event: Event) -> None:
        """A power fell into civil disorder in a hidden-information game: its GM and its
        player are told, the channel is not (rules/004: "If a country goes NMR, that is
        NOT reported"; civil disorder follows missed orders, so it would tell one)."""
        p = event.payload_as(ev.CivilDisorder)
        assert event.game_id is not None
        info = await self.sender.service.lobby.game_info(event.game_id)
        power = power_name(p.power)
        chose = " at its player's wish" if p.chosen else ""
        text = (
            f"**{info.name}**: **{power}** is in civil disorder{chose}: its units hold, and "
            "any removals follow the civil-disorder rule. Only the GM and its player are "
            "told: in this game missed orders are not reported."
        )
        told = [info.gm_user_id, *([p.user] if p.user else [])]
        await self.sender.steps(event, *[self._dm_step(user, text) for user in dict.fromkeys(told)])

    async def replaced(self, event: Event, brief: Step, old: Step | None) -> None:
        """A power changed hands in a hidden-information game: the new player is briefed,
        the old one and the GM are told, the channel is not (a standby takes over only
        when the player missed a deadline: announcing it would report an NMR)."""
        p = event.payload_as(ev.PlayerReplaced)
        assert event.game_id is not None
        info = await self.sender.service.lobby.game_info(event.game_id)
        new = mention(p.new, info.name_of(p.new))
        replacing = f" (replacing {mention(p.old, info.name_of(p.old))})" if p.old else ""
        text = (
            f"**{info.name}**: {new} now plays **{power_name(p.power)}**{replacing}. "
            "Not announced in the channel: in this game missed orders are not reported."
        )
        steps = [self._dm_step(info.gm_user_id, text), brief, *([old] if old else [])]
        await self.sender.steps(event, *steps)

    def _dm_step(self, user_id: int, text: str) -> Step:
        return lambda: self.sender.to_user(
            user_id, text, allowed_mentions=discord.AllowedMentions.none()
        )


def _movement_of(retreats: Phase) -> Phase:
    """The movement phase a retreat phase follows."""
    return Phase(retreats.year, retreats.season, PhaseKind.MOVEMENT)
