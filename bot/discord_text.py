"""Text for Discord: timestamps, splitting under the 2,000-character limit, and the
echo of a submission of orders. Pure functions, shared by cogs and delivery."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from adjudication.interop import InterchangeError, read_order
from adjudication.maps import STANDARD
from adjudication.notation import format_order, unit_name
from adjudication.units import Phase, Unit
from bot.views import LineStatus, SubmissionResult

MESSAGE_LIMIT = 2000
# Leaves room for a code fence and a heading around a chunk.
CHUNK = 1800


def timestamp(when: datetime, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(when.timestamp())}:{style}>"


def deadline_text(when: datetime | None) -> str:
    if when is None:
        return "no deadline"
    return f"{timestamp(when, 'f')} ({timestamp(when, 'R')})"


def power_name(power: str) -> str:
    return power.title()


def power_list(powers: Iterable[str]) -> str:
    return ", ".join(power_name(p) for p in powers) or "nobody"


def game_end_text(name: str, payload: dict) -> str:
    """The announcement of a game's end (a GAME_ENDED event's payload)."""
    kind, winners = payload["kind"], payload.get("winners") or []
    if kind == "solo":
        result = f"{power_list(winners)} wins outright"
    elif kind == "abandoned":
        result = "the GM ended it without a result"
    elif kind == "cancelled":
        result = "the GM cancelled it before it started"
    elif winners:
        result = f"a draw ({kind.replace('_', ' ')}) between {power_list(winners)}"
    else:
        result = kind.replace("_", " ")
    scores = payload.get("scores") or {}
    table = ", ".join(f"{power_name(k)} {v:g}" for k, v in sorted(scores.items()))
    return f"**{name} is over**: {result}." + (f"\nScores: {table}" if table else "")


def fit(text: str, limit: int = MESSAGE_LIMIT) -> str:
    """`text` cut to Discord's limit if it is longer: a reply must always be sent,
    whatever a user typed into what it quotes."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def split_text(text: str, limit: int = CHUNK) -> list[str]:
    """Pieces of at most `limit` characters, broken at line ends where possible."""
    pieces: list[str] = []
    current = ""
    for line in text.splitlines():
        while len(line) > limit:  # a single overlong line: hard-wrap it
            if current:
                pieces.append(current)
                current = ""
            pieces.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            pieces.append(current)
            current = line
        else:
            current = candidate
    if current or not pieces:
        pieces.append(current)
    return pieces


def code_blocks(text: str, limit: int = CHUNK) -> list[str]:
    """`text` in fenced code blocks (judge reports are aligned in columns)."""
    return [f"```\n{piece}\n```" for piece in split_text(text, limit - 8)]


def readable(order: str, phase: str) -> str:
    """An order as the service reports it ("A BUR R PIC") in the notation players
    write ("A Bur R Pic"); unchanged if it cannot be read back."""
    try:
        return format_order(read_order(order, "", Phase.parse(phase).kind), STANDARD)
    except (InterchangeError, ValueError):  # a form this reader does not know
        return order


def readable_unit(text: str) -> str:
    """ "A MAR" as players write it ("A Mar"); other text unchanged."""
    try:
        return unit_name(Unit.parse("", text), STANDARD)
    except (ValueError, KeyError):  # not a unit: "France: 2 build(s) or waive(s)"
        return text


_MARK = {
    LineStatus.ACCEPTED: "✅",
    LineStatus.CORRECTED: "✏️",
    LineStatus.REJECTED: "❌",
    LineStatus.OVERRIDDEN: "↩️",
}


def submission_echo(result: SubmissionResult, game_name: str) -> str:
    """What the bot understood of a message of orders: every line's fate, the orders
    now in force and the units still without one."""
    out = [
        f"**{game_name}** — {power_list(result.powers)}, {result.phase}; "
        f"deadline {deadline_text(result.deadline_at)}"
    ]
    for line in result.lines:
        order = readable(line.order, result.phase) if line.order else None
        mark = _MARK[line.status]
        if line.status is LineStatus.REJECTED:
            out.append(f"{mark} `{line.text}` — rejected: {line.message}")
        elif line.status is LineStatus.OVERRIDDEN:
            out.append(f"{mark} `{line.text}` — the owner's own order for that unit stands")
        elif line.status is LineStatus.CORRECTED:
            notes = "; ".join(line.notes)
            out.append(f"{mark} `{line.text}` → **{order}** ({notes})")
        else:
            out.append(f"{mark} `{line.text}` → **{order}**")
    if result.orders:
        orders = [readable(o, result.phase) for o in result.orders]
        out.append(f"Orders in force ({len(orders)}): " + ", ".join(orders))
    else:
        out.append("No orders in force yet.")
    if result.unordered:
        out.append("Still without orders: " + ", ".join(readable_unit(u) for u in result.unordered))
    else:
        out.append("Every unit has an order.")
    return "\n".join(out)
