"""What the GM reads: the questions asked before an action is confirmed, everyone's
orders (`/gm orders`) and the settings (`/gm settings`). Pure functions of the service's
values, one per message kind (STYLE.md rule 13)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudication.units import Phase, PhaseKind
from bot.discord_text import count, power_name, readable, readable_unit
from bot.game_settings import GameSettings
from bot.gm import PowerOrders
from bot.rollback import RollbackPlan
from bot.views import GameInfo, PowerInfo

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


def _title(code: str | None) -> str:
    return Phase.parse(code).title if code else "the game"


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
    kind = Phase.parse(info.phase).kind
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
    title = plan.title
    text = (
        f"Roll {info.name} back to the start of {title}? It is now {_title(plan.current)}. "
        f"The phases played since stay in the record, marked rolled back, and orders for "
        f"{title} must be sent again."
    )
    if not plan.changes:
        return text
    moves = [
        f"{power_name(c.power)} went from {_who(c.then)} to {_who(c.now)}" for c in plan.changes
    ]
    return (
        f"{text}\nSince {title} began, {and_list(moves)}. **Roll back** gives each power "
        "back to the player it had then; **keep today's players** leaves them as they are."
    )


def _who(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id is not None else "nobody (civil disorder)"


def end_question(info: GameInfo, draw: bool) -> str:
    how = "as a draw among the surviving powers" if draw else "without a result"
    return f"End {info.name} in {_title(info.phase)} {how}? Nothing more will be played."


def orders_text(info: GameInfo, table: Sequence[PowerOrders]) -> str:
    """`/gm orders`: every power, its orders in force and what it has still to order."""
    phase = info.phase or ""
    kind = Phase.parse(phase).kind if phase else PhaseKind.MOVEMENT
    lines = [f"**{info.name} — {_title(phase)}**: the orders in force (secret until played)."]
    for row in table:
        name = f"**{power_name(row.power)}**"
        given = ", ".join(readable(o, phase) for o in row.orders)
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
    return f"**{info.name}** — settings:\n" + "\n".join(settings.describe())
