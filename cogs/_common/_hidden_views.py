"""`/game map` and `/game history` in a hidden-information game (issue 12): a player is
shown their power's view, anyone else, and any answer shared with the channel, the
public view alone (the service's `hidden_answer` decides)."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.service.kernel import MESSAGE_LIMIT
from bot.service.records import ViewAnswer
from cogs._common._interaction import png_file, text_file


class ShownPhase(Protocol):
    """What the answer needs of a phase: its title, and its code as `str` gives it (the
    engine's `Phase`, which cogs do not import: they reach the engine only through the
    service)."""

    @property
    def title(self) -> str: ...


async def send_hidden(
    interaction: discord.Interaction,
    name: str,
    phase: ShownPhase,
    answer: ViewAnswer,
    private: bool,
) -> None:
    """The answer, after the interaction was deferred; of `answer.phase` when it says
    (a retreat phase kept from the asker shows the movement before it, issue 29)."""
    phase = answer.phase or phase
    if answer.public is not None:
        await interaction.followup.send(f"**{name}**: {answer.public}", ephemeral=private)
        return
    heading = f"**{name}** — {phase.title}, as your power may know it"
    files = [png_file(answer.png, f"map-{phase}.png")] if answer.png is not None else []
    # The results in words, as the player's DM said them (issue 33); too long for one
    # message, they go as a file.
    text = "\n".join([heading, answer.report]) if answer.report else heading
    if len(text) > MESSAGE_LIMIT:
        assert answer.report is not None
        files.append(text_file(answer.report, f"results-{phase}.txt"))
        text = heading
    await interaction.followup.send(text, files=files, ephemeral=private)
