"""What a roll-call before the first phase says on Discord (issue 31): each player's DM
with its "I'm in" button (and the one reminder), and, when its time is over, a DM to
each player who did not answer and one to the GM naming them. One method per event
kind, offered to the loop by `RollCallPosts.handlers`; where messages go is the
`Sender`'s. The channel hears of the roll-call from `/game start`'s own answer, and of
the game's start from its usual post."""

from __future__ import annotations

from bot.delivery._sender import NO_PINGS, Handler, Sender
from bot.service.events import Event, EventKind
from bot.service.events import payloads as ev
from bot.service.kernel import deadline_text, power_list
from bot.ui import roll_call_view


def roll_call_text(name: str, p: ev.RollCall) -> str:
    """The roll-call's DM to a player, or its one reminder."""
    powers = power_list(p.powers)
    if p.reminder:
        return (
            f"Reminder: **{name}** is waiting for your answer to its roll-call, for "
            f"**{powers}**. Click **I'm in** below by {deadline_text(p.until)}, or your place "
            "goes to a standby."
        )
    return (
        f"**{name}** is about to start, and you are to play **{powers}**. Click **I'm in** "
        f"below by {deadline_text(p.until)} to keep your place. The game begins when every "
        "player has answered; if you have not by then, your place goes to a standby."
    )


def place_given_text(name: str, power: str) -> str:
    """To a standby given a place at the roll-call (`/gm replace`; told by NoticePosts
    with the other replacements): taking it was their answer (QUEUE.md)."""
    return (
        f"You now play **{power}** in **{name}**: taking the place counts as your answer to "
        "its roll-call. The game begins when every place has a player who answered; your "
        "first deadline then comes by DM."
    )


def missed_text(name: str, p: ev.RollCallMissed) -> str:
    """To a player who did not answer in time: their place is gone, and what they may do."""
    return (
        f"The roll-call of **{name}** has closed and you had not answered, so your place "
        f"({power_list(p.missed)}) goes to a standby, and you are on the standby list. If you "
        "still want to play, ask the GM, who may give you a place with `/gm replace`."
    )


def missed_gm_text(name: str, missed: list[str], places: int) -> str:
    """To the GM: who did not answer (`missed`: each with their powers), and what now."""
    wait = "Their places wait" if places > 1 else "The place waits"
    return (
        f"The roll-call of **{name}** has closed without an answer from {', '.join(missed)}; "
        f"each is told and goes back to standby. {wait} for you: give each with `/gm replace` "
        "(whoever takes a place is counted in), or wait. The game begins when every place "
        "has a player who answered; `/game status` shows the places."
    )


class RollCallPosts:
    """A roll-call's DMs, sent through the delivery's `Sender`."""

    def __init__(self, sender: Sender) -> None:
        self.sender = sender

    def handlers(self) -> dict[EventKind, Handler]:
        """The event kinds of a roll-call, each with its method."""
        return {
            EventKind.ROLL_CALL: self._asked,
            EventKind.ROLL_CALL_MISSED: self._missed,
        }

    async def _asked(self, event: Event) -> None:
        p = event.payload_as(ev.RollCall)
        assert event.user_id is not None and event.game_id is not None
        name = await self.sender.game_name(event)
        await self.sender.to_user(
            event.user_id, roll_call_text(name, p), view=roll_call_view(event.game_id)
        )

    async def _missed(self, event: Event) -> None:
        p = event.payload_as(ev.RollCallMissed)
        assert event.user_id is not None
        name = await self.sender.game_name(event)
        if p.to == "player":
            await self.sender.to_user(event.user_id, missed_text(name, p))
            return
        by_user: dict[int, list[str]] = {}
        for power, user in sorted(p.missed.items()):
            by_user.setdefault(user, []).append(power)
        missed = [
            f"{await self.sender.named(event.game_id, user)} for {power_list(powers)}"
            for user, powers in by_user.items()
        ]
        text = missed_gm_text(name, missed, len(p.missed))
        await self.sender.to_user(event.user_id, text, allowed_mentions=NO_PINGS)
