"""What a spectator and the GM read about watching (issue 31): one function per message
kind, as STYLE.md's rule 13 asks, used by the Discord side's posters and replies."""

from __future__ import annotations

from bot.service.events import payloads as ev
from bot.service.kernel import mention


def watching_note(game_id: int) -> str:
    """Said under everything a spectator is sent: what to do to stop it (the game's
    number, for a spectator who watches several)."""
    return f"You watch this game: `/game unwatch game:{game_id}` stops these messages."


def pace(behind: bool) -> str:
    """When a spectator of a hidden game is told of a phase, as the GM chose."""
    if behind:
        return "one phase behind the players (each phase once the next one is played)"
    return "as soon as each phase is played"


def spectating_text(game_name: str, game_id: int, told: ev.Spectating, variant_title: str) -> str:
    """A request to watch, to the GM; the GM's answer, to the member."""
    if told.answer == "asked":
        return (
            f"**{game_name}**: {mention(told.user, told.name)} asks to watch the game. In "
            f"{variant_title} a spectator you let in sees the whole board as you do, by "
            "direct message, one phase behind the players or as soon as each phase is "
            "played (you choose), and may never play in this game. Answer with "
            "`/gm spectator`; `/gm spectators` lists everyone who asked."
        )
    if told.answer == "approved":
        return (
            f"The GM of **{game_name}** lets you watch it: after each phase I send you the "
            f"whole board as the GM sees it, {pace(told.behind)}. Having seen it, you may "
            f"never play in this game. {watching_note(game_id)}"
        )
    if told.answer == "stopped":
        return (
            f"The GM of **{game_name}** stopped your watching: no more boards will come. "
            "Having seen the whole board, you still may never play in this game."
        )
    return (
        f"The GM of **{game_name}** did not let you watch it. You were shown nothing, so "
        "you may still play in it: `/game join` while its lobby is open, or ask the GM "
        "about a place."
    )


def watched_board_heading(game_name: str, phase_title: str, behind: bool) -> str:
    """The first line of the GM's whole board sent to a spectator."""
    late = " (one phase behind the players)" if behind else ""
    return f"**{game_name}** — the whole board of {phase_title}, as the GM sees it{late}"
