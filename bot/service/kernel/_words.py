"""Text for Discord: timestamps, splitting under the 2,000-character limit, and the
echo of a submission of orders. Pure functions, shared by cogs and delivery."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from adjudication.maps import STANDARD
from adjudication.model.orders import order_power
from adjudication.model.rejections import RejectReason
from adjudication.model.result import EndKind
from adjudication.model.units import Phase, PhaseKind, Power, Season, Unit
from adjudication.text.notation import format_order, unit_name
from adjudication.variants import CoinToss
from adjudication.variants.masters.words import format_written
from adjudication.variants.masters.written import Aid, Annex, RebelBuild, Written
from adjudication.variants.spy.orders import SPY_ORDERS
from adjudication.variants.spy.words import format_spy_order
from bot.service.events import GameEnded, Reminder
from bot.service.kernel._views import (
    LineResult,
    LineStatus,
    PowerInfo,
    ReadyResult,
    SubmissionResult,
)
from storage.orders_in_force import AnyOrder

MESSAGE_LIMIT = 2000
# Leaves room for a code fence and a heading around a chunk.
CHUNK = 1800


def timestamp(when: datetime, style: str = "R") -> str:
    """A Discord timestamp: every reader sees it in their own time zone."""
    return f"<t:{int(when.timestamp())}:{style}>"


def deadline_text(when: datetime | None) -> str:
    if when is None:
        return "no deadline"
    return f"{timestamp(when, 'F')} ({timestamp(when, 'R')})"


def mention(user_id: int, name: str | None = None) -> str:
    """A mention with the person's name beside it, "<@123> (Alice)": a mention that
    pings nobody, or one in an embed, shows only a number to readers whose Discord has
    not loaded that user; the name always reads."""
    if not name:
        return f"<@{user_id}>"
    return f"<@{user_id}> ({plain_name(name)})"


def plain_name(name: str) -> str:
    """A display name as plain text: no markdown, no mention, at most 32 characters."""
    cleaned = "".join(c for c in name if c not in "*_~`|>\\<@#:").strip()
    return cleaned[:32] or "?"


def power_name(power: str) -> str:
    return power.title()


def power_list(powers: Iterable[str]) -> str:
    return ", ".join(power_name(p) for p in powers) or "nobody"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """ "1 unit", "2 units": a real plural, never "unit(s)"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


# How each kind of ending reads, with the winners (solo) or the powers sharing a draw.
_ENDINGS: dict[str, str] = {
    EndKind.SOLO: "{winners} won outright, holding a majority of the supply centres",
    EndKind.YEAR_LIMIT: "the year limit was reached: {result}",
    EndKind.STALEMATE: "a stalemate: no centre changed hands for the agreed number of years; "
    "a draw between {winners}",
    EndKind.DRAW: "a draw between {winners}",
    EndKind.SIDE_UNITS: "{winners} won, with 24 units on the board (rules/000 §14.2)",
    EndKind.MATCH_UNITS: "{winners} won, their player having won the one-on-one match",
    EndKind.ABANDONED: "the GM ended it without a result",
    EndKind.CANCELLED: "the GM cancelled it before it started",
}


def coin_toss_text(season: Phase, toss: CoinToss) -> str:
    """World War I's coin (rules/000 §14.2, W2), said when `season` (the Fall of the
    toss year) ends: who won it, and when the joining power joins them."""
    names = [power_name(p) for p in toss.side]
    side = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
    return (
        f"{_SEASON_WORDS[season.season]} {season.year} is over: the coin was flipped "
        f"(rules/000 §14.2) and {side} won it. {power_name(toss.power)} joins "
        f"{side} in {toss.joins_at.title}."
    )


_SEASON_WORDS = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}


def end_result(kind: str | None, winners: Iterable[str]) -> str:
    """How a game ended, in words: "a draw between France and Russia"."""
    names = power_list(winners)
    if kind == EndKind.YEAR_LIMIT:
        result = f"{names} won" if len(list(winners)) == 1 else f"a draw between {names}"
        return _ENDINGS[EndKind.YEAR_LIMIT].format(result=result)
    template = _ENDINGS.get(kind or "", "{winners}")
    return template.format(winners=names)


def orders_state(p: PowerInfo) -> str:
    """How far a power's orders go, without a word of what they are."""
    if not p.owes_orders:
        return "nothing to order"
    done = p.progress
    ready = ", ready" if p.ready else ""
    if done.given >= done.owed and done.owed:
        return "orders in" + ready
    if done.given:
        return f"{done.given} of {done.owed} ordered{ready}"
    return "orders sent, none usable yet" if p.submitted else "waiting for orders"


def ready_text(result: ReadyResult) -> str:
    """The answer to `/orders ready`: done, and what still has no order and what will
    happen to it."""
    if not result.ready:
        return "You are no longer marked ready. Change your orders as you like."
    text = "You are marked ready."
    missing = [unit_name(u, STANDARD) for u in result.unordered]
    if missing:
        fate = "be disbanded" if result.kind is PhaseKind.RETREAT else "hold"
        has = "has" if len(missing) == 1 else "have"
        text += f" But {', '.join(missing)} {has} no order: {_it_they(missing)} will {fate}."
    if result.builds_left:
        text += f" {count(result.builds_left, 'build')} not given will be waived."
    if result.removals_left:
        text += (
            f" {count(result.removals_left, 'removal')} not given will be chosen by the "
            "civil-disorder rule."
        )
    if result.ends_phase:
        text += " Everyone is ready: the phase will be played in a moment."
    return text


def _it_they(items: list) -> str:
    return "it" if len(items) == 1 else "they"


def reminder_text(game_name: str, reminder: Reminder, deadline: datetime | None) -> str:
    """A REMINDER event for its player: what is still missing ("3 of 5 units ordered;
    no build yet"), and by when."""
    power = power_name(reminder.power)
    phase = Phase.parse(reminder.phase).title
    text = (
        f"Reminder, **{game_name}**, {phase}: **{power}**: {_missing(reminder)}. "
        f"Deadline {deadline_text(deadline)}. Send the orders here by DM."
    )
    if reminder.unsaved:
        when = timestamp(reminder.unsaved_at, "f") if reminder.unsaved_at else "earlier"
        quoted = fit(reminder.unsaved, UNSAVED_SHOWN).replace("`", "'")
        text += (
            f"\nYour message of {when} is **not saved** yet: it waits for you to choose "
            f"the game it is for (the buttons under it), or send it again.\n```\n{quoted}\n```"
        )
    return text


UNSAVED_SHOWN = 600  # characters of an unsaved message a reminder quotes


def _missing(reminder: Reminder) -> str:
    missing = [readable_unit(u) for u in reminder.unordered]
    builds, removals = reminder.builds_left, reminder.removals_left
    given, owed = reminder.given, reminder.owed
    if given is None or owed is None:  # queued before the counts were kept
        if missing:
            return f"{', '.join(missing)} still {'has' if len(missing) == 1 else 'have'} no order"
        if builds or removals:
            noun = "build" if builds else "removal"
            return f"{count(builds or removals, noun)} not yet given"
        return "no orders yet"
    if builds or removals:
        noun = "build" if builds else "removal"
        return f"no {noun} yet" if not given else f"{given} of {count(owed, noun)} given"
    said = f"{given} of {count(owed, 'unit')} ordered"
    return f"{said}; still without an order: {', '.join(missing)}" if missing else said


# What a given-up event was, for the GM (DELIVERY_FAILED).
_EVENT_WORDS = {
    "power_assigned": "the message telling a player their power",
    "phase_news": "a player's results after a phase",
    "reminder": "a reminder",
    "vote_opened": "a ballot",
    "player_replaced": "the notice of a replacement",
    "proxy_ended": "the notice that a proxy ended",
    "orders_needed": "a request for orders",
    "game_started": "the announcement of the start",
    "results": "a phase's results",
    "nmr": "a notice of missing orders",
    "civil_disorder": "a notice of civil disorder",
    "deadline_changed": "the notice of a new deadline",
    "paused": "the notice of a pause",
    "resumed": "the notice that the game resumes",
    "player_kicked": "the notice of a removal",
    "vote_closed": "the result of a vote",
    "game_ended": "the announcement of the end",
    "rolled_back": "the notice of a rollback",
    "threads_sync": "a change of the private threads' members",
    "player_left": "the notice that a player left",
    "dms_closed": "a notice about closed DMs",
    "late": "a notice of late orders",
    "excused": "a notice of an excused miss",
    "absence": "a notice of an absence",
    "roll_call": "a roll-call's question before the start",
    "roll_call_missed": "the notice of an unanswered roll-call",
}


def event_words(kind: str) -> str:
    """What an event of `kind` was, in words ("a reminder")."""
    return _EVENT_WORDS.get(kind, "a message")


def delivery_failed_text(kind: str, who: str) -> str:
    what = event_words(kind)
    return (
        f"Discord kept refusing {what}{who}; I have stopped trying. If it was a direct "
        "message, the player may have closed their DMs to this server's members: GM, "
        "please check with them."
    )


def player_left_text(gm_user_id: int, who: str, powers: list[str]) -> str:
    """For the GM: a player seems to have left the server (PLAYER_LEFT)."""
    held = power_list(powers)
    it = "it" if len(powers) == 1 else "them"
    return (
        f"<@{gm_user_id}>: I cannot reach {who}, who plays {held}: they seem to have left "
        f"the server. GM: `/gm standby` names someone whose orders for {it} are used if "
        f"none come, or `/gm replace` gives {it} to someone else."
    )


def question_text(game: str, who: str, powers: list[str], question: str) -> str:
    """For the GM: a player's `/ask`, quoted line by line (it cannot pass for dipgm's
    own words), with whom to answer."""
    playing = f" ({power_list(powers)})" if powers else ""
    quoted = "\n".join(f"> {line}" for line in question.splitlines())
    return (
        f"**{game}**: a question for the GM from {who}{playing}:\n{quoted}\n"
        "Nobody else sees it. Answer them by DM, or in the game's channel if everyone "
        "should know."
    )


def dms_closed_text(user_id: int) -> str:
    """For a player whose DMs Discord refuses (DMS_CLOSED): told once, in the channel."""
    return (
        f"<@{user_id}>, I can't DM you — allow direct messages from this server's members "
        "(click the server's name, then Privacy Settings). Then use any command of mine "
        "here, and I'll send you what I kept for you: your orders, results and notices "
        "come by DM."
    )


def game_end_text(name: str, ended: GameEnded, scoring: str = "") -> str:
    """The announcement of a game's end (a GAME_ENDED event's payload); `scoring`
    names the game's scoring system."""
    result = end_result(ended.kind, ended.winners)
    match = f"\n{ended.match}" if ended.match else ""  # One-on-one
    return f"**{name} is over**: {result}.{match}" + _scores_line(ended, scoring)


def game_end_dm(name: str, ended: GameEnded) -> str:
    """A player's own notice of the game's end: the result, their powers' scores."""
    kind, winners = ended.kind, ended.winners
    scores = ended.scores
    own = [f"{power_name(p)} {scores[p]:g}" for p in ended.powers if p in scores]
    yours = f"\nYour score: {', '.join(own)}." if own else ""
    if ended.match:  # One-on-one: the match's result
        yours = f"\n{ended.match}{yours}"
    return (
        f"**{name} is over**: {end_result(kind, winners)}.{yours}\n"
        "Thank you for playing. The whole game stays in `/game history`."
    )


def _scores_line(ended: GameEnded, scoring: str) -> str:
    scores = ended.scores
    if not scores:
        return ""
    table = ", ".join(f"{power_name(k)} {v:g}" for k, v in sorted(scores.items()))
    return f"\nScores ({scoring}): {table}" if scoring else f"\nScores: {table}"


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


def order_text(order: AnyOrder, writers: Sequence[Power] = ()) -> str:
    """An order in the notation players write ("A Bur R Pic"; a spy's "Spy Mar - Spa";
    the Masters Rules' "Annex Serbia"). `writers`: the powers of the player who wrote
    it; an order for another power's unit (rules/003 MR2) names that power, as the
    player may write it: "Portugal A Por S A Spa"."""
    if isinstance(order, SPY_ORDERS):
        return format_spy_order(order, STANDARD)
    if isinstance(order, RebelBuild | Annex | Aid):  # the Masters Rules' own orders
        return format_written(Written(order, ""), STANDARD)
    if writers and order_power(order) not in writers:
        return format_written(Written(order, writers[0]), STANDARD)
    return format_order(order, STANDARD)


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
    heading = f"**{game_name}** — {power_list(result.powers)}, {result.phase.title}"
    if not result.ends_now:
        heading += f"; deadline {deadline_text(result.deadline_at)}"
    out = [heading]

    def whose(line: LineResult) -> str:
        # A sender of several powers reads which power a refusal is about.
        if len(result.powers) > 1 and line.power is not None:
            return f" ({power_name(line.power)})"
        return ""

    for line in result.lines:
        order = order_text(line.order, result.powers) if line.order is not None else None
        mark = _MARK[line.status]
        if line.status is LineStatus.REJECTED and line.reason == RejectReason.UNREADABLE:
            # Words among the orders ("sorry", "was away."): said, so nothing the
            # player wrote goes unmentioned, but not as a refused order.
            out.append(f"➖ `{line.text}` — not an order, so not read")
        elif line.status is LineStatus.REJECTED:
            out.append(f"{mark} `{line.text}`{whose(line)} — rejected: {line.message}")
        elif line.status is LineStatus.OVERRIDDEN:
            out.append(f"{mark} `{line.text}` — the owner's own order for that unit stands")
        elif line.status is LineStatus.CORRECTED:
            notes = "; ".join(line.notes)
            out.append(f"{mark} `{line.text}` → **{order}** ({notes})")
        else:
            out.append(f"{mark} `{line.text}` → **{order}**")
    if result.orders:
        orders = [order_text(o, result.powers) for o in result.orders]
        out.append(f"Orders in force ({len(orders)}): " + ", ".join(orders))
    out += masters_echo(result)
    if not result.owed and not result.unordered:
        # Under the Masters Rules a Winter may hold choices the usual count has not.
        out.append(result.winter_text or ECHO_NOTHING_TO_ORDER)
    elif result.unordered or result.builds_left or result.removals_left:
        out.append(STILL_WITHOUT + _still_missing(result) + ".")
    else:
        out.append(ECHO_COMPLETE)
    if result.ends_now:
        phase = result.phase.title
        out.append(f"All orders are in: {phase} is complete and is being played now.")
    return "\n".join(out)


def no_order_text(message: str, games: Sequence[tuple[str, SubmissionResult]]) -> str:
    """The answer to a DM in which no order could be read (`NoOrderRead`): that nothing
    was saved, then for each game it could have been for what the player orders, the
    phase and when it ends, and what is still to order."""
    out = [message]
    for name, result in games:
        line = f"**{name}**: you play {power_list(result.powers)}, {result.phase.title}"
        if result.deadline_at is not None:
            line += f"; deadline {deadline_text(result.deadline_at)}"
        if result.unordered or result.builds_left or result.removals_left:
            line += ". " + STILL_WITHOUT + _still_missing(result)
        out.append(line + ".")
    return "\n".join(out)


def masters_echo(result: SubmissionResult) -> list[str]:
    """rules/003 MR2: how many orders are left this turn, which lines will not count
    (MR2 b, MR6 a), and for whom one may write."""
    out = []
    if result.written_left is not None:
        left, limit = result.written_left
        out.append(
            f"{left} of {count(limit, 'order')} left this turn, your own and those for "
            "civil-disorder powers together."
        )
    if result.not_counted_text:
        out.append(result.not_counted_text)
    if result.cd_powers_text:
        out.append(result.cd_powers_text)
    if result.winter_text and (result.owed or result.unordered):
        out.append(result.winter_text)  # else the echo's last line says it
    return out


# The last line of an echo (tests wait for one of these).
ECHO_COMPLETE = "Every unit has an order."
ECHO_NOTHING_TO_ORDER = "You have nothing to order in this phase."
STILL_WITHOUT = "Still without orders: "


def _still_missing(result: SubmissionResult) -> str:
    """The units without an order and the builds or removals still to give; power by
    power ("England: F Edi; Russia: 1 build (or waive)") for a sender of several."""
    if len(result.powers) > 1:
        lefts = {power: (builds, removals) for power, builds, removals in result.left_by_power}
        by_power = []
        for power in result.powers:
            units = [u for u in result.unordered if u.power == power]
            missing = _missing_parts(units, *lefts.get(power, (0, 0)))
            if missing:
                by_power.append(f"{power_name(power)}: {', '.join(missing)}")
        if by_power:
            return "; ".join(by_power)
    parts = _missing_parts(result.unordered, result.builds_left, result.removals_left)
    return ", ".join(parts)


def _missing_parts(units: Iterable[Unit], builds: int, removals: int) -> list[str]:
    parts = [unit_name(u, STANDARD) for u in units]
    if builds:
        parts.append(f"{count(builds, 'build')} (or waive)")
    if removals:
        parts.append(count(removals, "removal"))
    return parts


def channel_refused_text(
    game_name: str, channel_id: int, why: str, what: str, *, gone: bool
) -> str:
    """For a game's GM, by DM: the game's channel refuses the bot, so what it could
    not post there is said here instead (DELIVERY_FAILED)."""
    fix = (
        ""
        if gone
        else "A moderator can give my role View Channels, Send Messages, Embed Links and "
        "Attach Files in that channel's settings (Permissions). "
    )
    return (
        f"**{game_name}**: I cannot post in <#{channel_id}>: {why}. I have given up "
        f"posting {what} there. {fix}The game goes on meanwhile, orders still come by "
        "DM, and `/gm status` shows what I could not deliver."
    )
