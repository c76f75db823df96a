"""What the GM reads: the questions asked before an action is confirmed, everyone's
orders (`/gm orders`), the settings (`/gm settings`) and the audit log (`/gm audit`).
Pure functions of the service's values, one per message kind (STYLE.md rule 13)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from adjudication.model.units import Phase, PhaseKind
from bot.service.gm._orders import PowerOrders
from bot.service.gm._rollback import RollbackPlan
from bot.service.kernel import (
    GameInfo,
    GameSettings,
    GameStatus,
    GmStatus,
    Grace,
    PowerInfo,
    count,
    deadline_text,
    event_words,
    mention,
    order_text,
    orders_state,
    power_name,
    readable_unit,
    timestamp,
)
from bot.service.lobby import variant_lines
from bot.service.records import AuditEntry, AuditPage
from storage.enums import AuditAction

# What becomes of what a power has not ordered, phase by phase (rules/000 §14.3, §13.2,
# §14.4; rules/004 rule 3).
_LEFT_TO_THE_RULES = {
    PhaseKind.MOVEMENT: "Their units without an order will hold.",
    PhaseKind.RETREAT: "Their dislodged units without an order will be disbanded.",
}
_WAIVED = "Builds not given are waived."
_CHOSEN = "Removals not given follow the civil-disorder rule: the unit farthest from home first."
_WHEN_PLAYED = {
    PhaseKind.MOVEMENT: "Units without an order hold when the phase is played.",
    PhaseKind.RETREAT: "Dislodged units without an order are disbanded when the phase is played.",
    PhaseKind.ADJUSTMENT: f"{_WAIVED} {_CHOSEN}",
}


def and_list(names: Sequence[str]) -> str:
    """ "Italy", "Italy and Turkey", "Austria, Italy and Turkey"."""
    if len(names) < 2:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _title(phase: Phase | None) -> str:
    return phase.title if phase else "the game"


def _what(kind: PhaseKind, removals: bool, n: int) -> str:
    """What a power owes, counted: "3 units", "1 retreat", "2 builds", "1 removal"."""
    if kind is PhaseKind.MOVEMENT:
        return count(n, "unit")
    if kind is PhaseKind.RETREAT:
        return count(n, "retreat")
    return count(n, "removal") if removals else count(n, "build")


def behind(info: GameInfo) -> list[PowerInfo]:
    """The powers that have not ordered all they owe in the current phase."""
    return [
        p
        for p in info.powers
        if p.playable and p.owes_orders and p.progress.given < p.progress.owed
    ]


def adjudicate_question(info: GameInfo) -> str | None:
    """Asked before `/gm adjudicate` plays a phase that some power has not fully
    ordered: who, how far, and what the rules will do with the rest. None when every
    power concerned has ordered all it owes."""
    late = behind(info)
    if not late:
        return None
    assert info.phase is not None  # asked only of a game in play
    kind = info.phase.kind
    silent = [power_name(p.power) for p in late if p.progress.given == 0]
    parts = []
    if silent:
        verb = "has" if len(silent) == 1 else "have"
        parts.append(f"{and_list(silent)} {verb} sent no orders")
    for p in late:
        if p.progress.given:
            of = _what(kind, p.progress.removals_left > 0, p.progress.owed)
            parts.append(f"{power_name(p.power)} has ordered {p.progress.given} of {of}")
    rules = [_LEFT_TO_THE_RULES[kind]] if kind in _LEFT_TO_THE_RULES else []
    if kind is PhaseKind.ADJUSTMENT:
        if any(p.progress.builds_left for p in late):
            rules.append(_WAIVED)
        if any(p.progress.removals_left for p in late):
            rules.append(_CHOSEN)
    return f"Adjudicate {_title(info.phase)} now? " + "; ".join(parts) + ". " + " ".join(rules)


def rollback_question(info: GameInfo, plan: RollbackPlan) -> str:
    """Asked before `/gm rollback`: the phase played again, the one it replaces, and the
    powers whose player would change back (the GM may keep today's)."""
    title = plan.phase.title
    text = (
        f"Roll {info.name} back to the start of {title}? It is now {_title(plan.current)}. "
        f"The phases played since stay in the record, marked rolled back, and orders for "
        f"{title} must be sent again."
    )
    if not plan.changes:
        return text
    moves = [
        f"{power_name(c.power)} went from {_who(c.then, info)} to {_who(c.now, info)}"
        for c in plan.changes
    ]
    return (
        f"{text}\nSince {title} began, {and_list(moves)}. **Roll back** gives each power "
        "back to the player it had then; **keep today's players** leaves them as they are."
    )


def _who(user_id: int | None, info: GameInfo) -> str:
    if user_id is None:
        return "nobody (civil disorder)"
    return mention(user_id, info.name_of(user_id))


def end_question(info: GameInfo, draw: bool) -> str:
    how = "as a draw among the surviving powers" if draw else "without a result"
    return f"End {info.name} in {_title(info.phase)} {how}? Nothing more will be played."


def orders_text(info: GameInfo, table: Sequence[PowerOrders]) -> str:
    """`/gm orders`: every power, its orders in force and what it has still to order."""
    kind = info.phase.kind if info.phase else PhaseKind.MOVEMENT
    lines = [f"**{info.name} — {_title(info.phase)}**: the orders in force (secret until played)."]
    for row in table:
        name = f"**{power_name(row.power)}**"
        given = ", ".join(order_text(o) for o in row.orders)
        if not row.owed and not row.orders:
            lines.append(f"{name}: nothing to order")
        elif row.given >= row.owed:
            lines.append(f"{name}: {given}")
        else:
            owed = _what(kind, row.removals_left > 0, row.owed)
            units = and_list([readable_unit(u) for u in row.unordered])
            if row.given == 0:
                lines.append(f"{name}: no orders yet for {units or owed}")
                continue
            line = f"{name} ({row.given} of {owed}): {given}"
            lines.append(line + (f"; no order for {units}" if units else ""))
    lines.append(_WHEN_PLAYED[kind])
    return "\n".join(lines)


def settings_text(info: GameInfo, settings: GameSettings) -> str:
    lines = [*variant_lines(settings), *settings.describe()]  # the variant first
    return f"**{info.name}** — settings:\n" + "\n".join(lines)


def gm_status_text(status: GmStatus) -> str:
    """`/gm status`: the phase and deadline, each power's player and how far their
    orders go, then whatever needs the GM: players who can read every private thread,
    players dipgm cannot reach, deliveries it gave up, members missing from threads."""
    info = status.info
    name = lambda uid: mention(uid, info.name_of(uid))  # noqa: E731
    if info.status == GameStatus.LOBBY:
        head = f"in the lobby, {count(len(info.players), 'player')}"
    elif info.status == GameStatus.ENDED:
        head = "over"
    else:
        state = "paused" if info.paused else f"deadline {deadline_text(info.deadline_at)}"
        head = f"{_title(info.phase)}, {state}"
    lines = [f"**{info.name}** (game {info.id}): {head}."]
    for p in info.powers:
        if not p.playable:
            continue
        who = _who(p.user_id, info)
        standby = f", standby {name(p.standby_user_id)}" if p.standby_user_id else ""
        lines.append(f"**{power_name(p.power)}**: {who}{standby} · {orders_state(p)}")
    if info.thread_readers:
        readers = and_list([name(u) for u in info.thread_readers])
        lines.append(
            f"**Private threads**: {readers} can read every private thread of the game "
            "(Manage Threads or Administrator in its channel)."
        )
    unreachable = [f"{name(u)} has left the server" for u in status.left_server]
    unreachable += [f"{name(u)} has closed their DMs" for u in status.dms_closed]
    if unreachable:
        lines.append(
            f"**Cannot be reached**: {and_list(unreachable)}. What was meant for them waits "
            "until they use a command here; `/gm standby` or `/gm replace` if they are gone."
        )
    if status.given_up_count:
        what = "; ".join(
            event_words(g.kind) + (f" for {name(g.user_id)}" if g.user_id else "")
            for g in status.given_up
        )
        more = status.given_up_count - len(status.given_up)
        rest = f" and {count(more, 'other')}" if more > 0 else ""
        lines.append(
            f"**Discord kept refusing, so I gave up** ({status.given_up_count}): "
            f"{what}{rest}. Check that I can still post in the game's channel."
        )
    if status.grace is not None and status.grace.awaited:
        lines.append(
            grace_line(status.grace, info.phase.kind if info.phase else PhaseKind.MOVEMENT)
        )
    if status.thread_gaps:
        gaps = "; ".join(
            f"{name(g.user_id)} from {g.thread} ({g.reason})" for g in status.thread_gaps
        )
        lines.append(f"**Missing from private threads**: {gaps}.")
    if len(lines) == 1 + sum(p.playable for p in info.powers):
        lines.append("Nothing needs you now.")
    return "\n".join(lines)


def grace_line(grace: Grace, kind: PhaseKind) -> str:
    """The late powers a grace still waits for (issue 33): "Russia (no orders yet)",
    "Turkey (1 of 3 units)"; it ends once none is left."""
    waited = [
        f"{power_name(power)} ("
        + (
            "no orders yet"
            if done.given == 0
            else f"{done.given} of {_what(kind, done.removals_left > 0, done.owed)}"
        )
        + ")"
        for power, done in grace.awaited
    ]
    who = "it has" if len(waited) == 1 else "they have all"
    return (
        f"**In grace** until {deadline_text(grace.until)}, waiting for {and_list(waited)}. "
        f"The phase is played as soon as {who} ordered every unit or marked ready; "
        "`/gm adjudicate` plays it now."
    )


def _audit_line(entry: AuditEntry, info: GameInfo) -> str:
    """One GM action in words: "<t:…> <@1> (Gina) paused the game"."""
    d = entry.details

    def who(user_id: int | str | None) -> str:  # an id as the details keep it
        return mention(int(user_id), info.name_of(int(user_id))) if user_id else "nobody"

    def when(raw: object) -> str:
        return deadline_text(datetime.fromisoformat(str(raw))) if raw else "none"

    power = power_name(str(d.get("power", ""))) if d.get("power") else ""
    words = {
        AuditAction.ADJUDICATE: lambda: f"played {d.get('phase')} at once",
        AuditAction.SET_DEADLINE: lambda: f"moved the deadline to {when(d.get('new'))}",
        AuditAction.PAUSE: lambda: "paused the game",
        AuditAction.RESUME: lambda: "resumed the game",
        AuditAction.REPLACE: lambda: (
            f"gave {power} to {who(d.get('new'))} (was {who(d.get('old'))})"
        ),
        AuditAction.STANDBY: lambda: f"named {who(d.get('standby'))} standby for {power}",
        AuditAction.CIVIL_DISORDER: lambda: f"put {power} in civil disorder",
        AuditAction.CHOSE_CIVIL_DISORDER: lambda: (
            f"gave up {power} (civil disorder, by its player)"
        ),
        AuditAction.KICK: lambda: f"removed {who(d.get('user'))} from the game",
        AuditAction.ROLLBACK: lambda: f"rolled the game back to {d.get('to')}",
        AuditAction.VIEW_ORDERS: lambda: f"looked at everyone's orders ({d.get('phase')})",
        AuditAction.SETTING: lambda: f"set {d.get('name')} to {d.get('value')}",
        AuditAction.END: lambda: f"ended the game ({d.get('kind')})",
        AuditAction.CANCEL: lambda: "cancelled the game",
        # Not GM actions, but only the GM may know them (rules/004 ratings; anonymity).
        AuditAction.ANONYMOUS_PRESS: lambda: f"posted the anonymous press of {d.get('phase')}",
        AuditAction.SCORE_OWNER: lambda: (
            f"chose that {power}'s score counts for {who(d.get('counts_for'))}"
        ),
        AuditAction.SPECTATOR: lambda: _spectator_answer(who(d.get("user")), d.get("answer")),
    }
    said = words.get(entry.action, lambda: entry.action.replace("_", " "))()
    return f"{timestamp(entry.at, 'f')} {who(entry.actor)} {said}"


def _spectator_answer(who: str, answer: object) -> str:
    """Issue 31: the GM's answer to a member who asked to watch (`spectators.Answer`)."""
    if answer == "refuse":
        return f"did not let {who} watch (or stopped them)"
    pace = "one phase behind the players" if answer == "behind" else "as each phase is played"
    return f"let {who} watch the whole board, {pace}"


def audit_text(info: GameInfo, audit: AuditPage) -> str:
    """`/gm audit`: one page of GM actions, newest first."""
    if not audit.entries:
        return f"**{info.name}**: no GM action yet."
    heading = (
        f"**{info.name}**: GM actions, newest first "
        f"(page {audit.page} of {audit.pages}, {count(audit.total, 'action')} in all)"
    )
    return "\n".join([heading, *(_audit_line(e, info) for e in audit.entries)])
