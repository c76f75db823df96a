"""The Yes/No buttons of a vote (draw or deadline change), sent by DM to each voter.

The vote's id and the choice live in the button's custom id, so a button keeps
working after the bot restarts (discord.py's dynamic items match it by pattern).
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

import discord

from bot.service.events import VoteClosed
from bot.service.kernel import VoteInfo, power_list
from bot.ui._errors import guarded

if TYPE_CHECKING:
    from bot.service import GameService

KIND_TITLES = {
    "draw": "a draw among the surviving powers",
    "extend": "extending the deadline",
    "shorten": "moving the deadline earlier",
    "pause": "pausing the game (no deadline passes until it resumes)",
    "resume": "resuming the game (the deadline moves later by the pause)",
}


def tally_text(vote: VoteInfo) -> str:
    """The tally as the game's secrecy setting allows: with secret ballots only the
    counts (the service hides who voted what from everyone but the GM)."""
    if vote.secret:
        waiting = len(vote.voters) - vote.yes_count - vote.no_count
        counts = f"{vote.yes_count} yes, {vote.no_count} no"
        if vote.status == "open":
            counts += f", {waiting} not yet voted"
        return f"Secret ballot: {counts}."
    not_voted = [p for p in vote.voters if p not in vote.yes and p not in vote.no]
    parts = [f"yes: {power_list(vote.yes)}", f"no: {power_list(vote.no)}"]
    if vote.status == "open":
        parts.append(f"not yet voted: {power_list(not_voted)}")
    return "; ".join(parts)


def closed_tally_text(closed: VoteClosed) -> str:
    """The final tally of a VOTE_CLOSED event for the game channel: who voted how, or
    with secret ballots only how many did (the event carries only the counts)."""
    sides = [(closed.yes, "yes"), (closed.no, "no"), (closed.abstain, "did not vote")]
    if closed.secret:
        # (Events queued before counts were kept carry the names: count them.)
        counts = [f"{_count(side)} {label}" for side, label in sides]
        return "Secret ballots: " + ", ".join(counts) + "."
    # Open ballots carry the names (a count is only ever a secret ballot's).
    parts = [
        f"{label}: {power_list(side)}" for side, label in sides if side and isinstance(side, tuple)
    ]
    return "; ".join(parts) + "." if parts else ""


def _count(side: int | tuple[str, ...]) -> int:
    return side if isinstance(side, int) else len(side)


class Ballots(Protocol):
    """What a click on a ballot needs of the client that received it: the service that
    counts the vote, and the time. discord.py builds the button from its custom id
    alone (after a restart too), so it reaches them through `interaction.client`;
    dipgm's client (bot/client.py) has both."""

    service: GameService

    def now(self) -> datetime: ...


class VoteButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"dipgm:vote:(?P<vote>[0-9]+):(?P<choice>[yn])",
):
    def __init__(self, vote_id: int, yes: bool) -> None:
        super().__init__(
            discord.ui.Button(
                label="Yes" if yes else "No",
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                custom_id=f"dipgm:vote:{vote_id}:{'y' if yes else 'n'}",
            )
        )
        self.vote_id = vote_id
        self.yes = yes

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> VoteButton:
        return cls(int(match["vote"]), match["choice"] == "y")

    async def callback(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._vote(interaction))

    async def _vote(self, interaction: discord.Interaction) -> None:
        # discord.py types it as any Client; dipgm's is the one with a service and a clock.
        client: Ballots = interaction.client  # type: ignore[assignment]
        vote = await client.service.votes.cast_ballot(
            self.vote_id, interaction.user.id, self.yes, client.now()
        )
        said = "yes" if self.yes else "no"
        closed = "" if vote.status == "open" else f" The vote has {vote.status}."
        await interaction.response.send_message(
            f"You voted **{said}**.{closed}\n{tally_text(vote)}", ephemeral=True
        )


def vote_view(vote_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(vote_id, True))
    view.add_item(VoteButton(vote_id, False))
    return view


def closed_vote_view(vote_id: int) -> discord.ui.View:
    """The ballot's buttons, greyed out: the vote is closed."""
    view = vote_view(vote_id)
    for item in view.children:
        if isinstance(item, discord.ui.DynamicItem):
            item.item.disabled = True
    return view
