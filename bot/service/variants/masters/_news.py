"""The Masters Rules' outcomes in plain words (rules/003; issue 33, docs/VARIANTS.md M26):
the minor powers' and rebels' units and the orders that moved them, who wrote each
order for a power in civil disorder and what became of it, rebels raised, annexations,
aid given and received, and disarmament; in the channel's plain results post and in
each player's DM, not only in the judge file. And what each player may write for
others in the phase to come (MR2 a, b, d, e; MR3, MR4, MR6), with orders valid then.

The written lines are known only at adjudication: the results and news events carry
them (`written_record`), as `adjudication.variants.masters.codec` writes them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import Any

from adjudication.model.board import Board
from adjudication.model.optional_rules import MastersRules
from adjudication.model.orders import Build, Disband, Order, order_power
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.units import Location, PhaseKind, Power
from adjudication.play.legal import legal_orders
from adjudication.text.notation import place_name, unit_name
from adjudication.variants.masters.codec import written_outcome_from_json, written_outcome_to_json
from adjudication.variants.masters.words import (
    control_words,
    format_written,
    power_name,
    written_report,
)
from adjudication.variants.masters.written import (
    Aid,
    Annex,
    Control,
    MastersOrder,
    RebelBuild,
    Written,
    WrittenOutcome,
    same_order,
)
from bot.service.kernel import PlayedPhase, count, deadline_text, result_line
from bot.service.variants.masters._orders import orderable, orderable_text, retreat_writers
from bot.service.variants.masters._winter import winter_news

# --- carried by the events ------------------------------------------------------------


def written_record(written: Sequence[WrittenOutcome]) -> tuple[dict[str, Any], ...]:
    """The lines written for others and the Masters orders, with what became of each
    (the results event's `written`); a power's orders for its own units are in the
    phase's outcomes."""
    return tuple(written_outcome_to_json(w) for w in written if w.control is not Control.OWN)


def written_for(record: Sequence[Mapping[str, Any]], powers: Collection[Power]) -> tuple:
    """The part of `record` a player of `powers` is told of by DM: the lines they
    wrote, those written for their units, and the aid sent to them."""
    return tuple(w for w in record if _concerns(written_outcome_from_json(w), powers))


def _concerns(outcome: WrittenOutcome, powers: Collection[Power]) -> bool:
    order = outcome.written.order
    if outcome.written.by in powers:
        return True
    if isinstance(order, Aid):
        return order.recipient in powers
    return not isinstance(order, RebelBuild | Annex) and order_power(order) in powers


def written_lines(record: Sequence[Mapping[str, Any]]) -> list[WrittenOutcome]:
    return [written_outcome_from_json(w) for w in record]


# --- the channel's results post -------------------------------------------------------

MINOR_HEADING = "**Minor powers and rebels** (in civil disorder, rules/003 MR1, MR3)"
WRITTEN_HEADING = "**Orders written for powers in civil disorder** (rules/003 MR2)"


def masters_results(
    played: PlayedPhase, record: Sequence[Mapping[str, Any]], great: Collection[Power]
) -> str:
    """The Masters Rules' part of the plain results post ("" when there is none): what
    the Winter's orders did, then the units of the powers that are not the board's
    (minor powers, rebels), then every line written for another power, with its
    writers and what became of it."""
    written = written_lines(record)
    blocks = []
    if played.before.phase.kind is PhaseKind.ADJUSTMENT:
        done = _winter_deeds(played, written, great)
        if done:
            blocks.append("**Masters Rules** (rules/003)\n" + "\n".join(done))
    minors, inline = _minor_blocks(played, great, written)
    if minors:
        blocks.append("\n".join([MINOR_HEADING, *minors]))
    shown = [w for w in written if not _said_as_a_deed(w) and w not in inline]
    report = written_report(shown, played.board)
    if report:
        blocks.append(f"{WRITTEN_HEADING}\n{report}")
    return "\n\n".join(blocks)


def _said_as_a_deed(outcome: WrittenOutcome) -> bool:
    """A Masters order followed is said as what it did (`_winter_deeds`)."""
    return outcome.control is Control.FOLLOWED and isinstance(
        outcome.written.order, RebelBuild | Annex | Aid
    )


def _minor_blocks(
    played: PlayedPhase, great: Collection[Power], written: Sequence[WrittenOutcome]
) -> tuple[list[str], list[WrittenOutcome]]:
    """Each minor power and rebel with something to tell (an order, a dislodgement, a
    build or removal, a centre won or lost), under its name and centre count, each
    order followed with its writers ("A Por S A Spa: support given; written by Germany
    and Italy 2 times"); those whose units only held with no order, in one line. And
    the written lines said so."""
    before, after = played.before, played.after
    powers = {u.power for u in before.units} | {d.unit.power for d in before.dislodged}
    powers |= {o.order.unit.power for o in played.outcomes if hasattr(o.order, "unit")}
    powers |= set(before.ownership.values()) | set(after.ownership.values())
    by_power: dict[Power, list[Outcome]] = {}
    for outcome in played.outcomes:
        by_power.setdefault(order_power(outcome.order), []).append(outcome)
    followed = [w for w in written if w.control is Control.FOLLOWED]
    blocks, quiet, said = [], [], []
    for power in sorted(powers - set(great)):
        outcomes = sorted(by_power.get(power, []), key=lambda o: str(o.order))
        centres = len(after.centres_of(power))
        changed = centres != len(before.centres_of(power))
        if not changed and all(_quiet(o) for o in outcomes):
            quiet += [f"{power_name(power)}'s {_unit_of(o, played.board)}" for o in outcomes]
            continue
        lines = [f"**{power_name(power)}** · {count(centres, 'centre')}"]
        for outcome in outcomes:
            writers = [w for w in followed if _orders(w, outcome)]
            said += writers
            lines.append(result_line(outcome, played) + _written_by(writers, played.board))
        if not outcomes:
            lines.append("no units" if not after.units_of(power) else "no change")
        blocks.append("\n".join(lines))
    if quiet:
        blocks.append(f"No orders, so they held: {', '.join(quiet)}.")
    return blocks, said


def _orders(written: WrittenOutcome, outcome: Outcome) -> bool:
    """Whether the line `written` is the order `outcome` played."""
    order = written.written.order
    if isinstance(order, RebelBuild | Annex | Aid):
        return False
    return same_order(order) == same_order(outcome.order)


def _written_by(writers: Sequence[WrittenOutcome], board: Board) -> str:
    """ "; written by Germany and Italy 2 times" (as the report counts them), or ""."""
    if not writers:
        return ""
    report = written_report(writers, board)  # "<order>: written by …; followed"
    return "; " + report.split(": ", 1)[-1].removesuffix("; followed")


def _unit_of(outcome: Outcome, board: Board) -> str:
    return unit_name(outcome.order.unit, board)  # type: ignore[union-attr]


def _quiet(outcome: Outcome) -> bool:
    """A unit that held with no order and was not dislodged (a movement phase)."""
    return (
        outcome.reason is Reason.UNORDERED
        and outcome.dislodged_by is None
        and not isinstance(outcome.order, Build | Disband)
        and hasattr(outcome.order, "unit")
    )


def _winter_deeds(
    played: PlayedPhase, written: Sequence[WrittenOutcome], great: Collection[Power]
) -> list[str]:
    """What the Winter's Masters orders did, one sentence each: rebels raised (MR3),
    annexations (MR4), aid received (MR6) and disarmament (MR5)."""
    board = played.board
    out = []
    built = {o.order.unit for o in played.outcomes if isinstance(o.order, Build)}
    for w in written:
        order = w.written.order
        if w.control is not Control.FOLLOWED:
            continue
        by = power_name(w.written.by)
        if isinstance(order, RebelBuild):
            text = format_written(Written(order, w.written.by), board)
            if any(u.location == order.location and u.type is order.type for u in built):
                where = _place(order.location, board)
                out.append(f"{by} raised rebels in {where}: {text.removeprefix('Build ')}.")
            else:
                out.append(f"{text}: written by {by}; not built.")
        elif isinstance(order, Annex):
            out.append(
                f"{by} annexed {_place(Location(order.centre), board)}: a home centre of "
                f"{by} from the next Winter, while {by} owns it."
            )
    for recipient, donors in sorted(_aid_received(written).items()):
        out.append(
            f"{power_name(recipient)} received aid from {_names(donors)}: "
            f"{count(len(donors), 'more centre')} counted this Winter."
        )
    aid = {p: len(d) for p, d in _aid_received(written).items()}
    for power in sorted(great):
        text = _disarmament(played, power, aid.get(power, 0))
        if text:
            out.append(f"{power_name(power)} {text}.")
    return out


def _aid_received(written: Sequence[WrittenOutcome]) -> dict[Power, list[Power]]:
    received: dict[Power, list[Power]] = {}
    for w in written:
        order = w.written.order
        if isinstance(order, Aid) and w.control is Control.FOLLOWED:
            received.setdefault(order.recipient, []).append(w.written.by)
    return received


def _disarmament(played: PlayedPhase, power: Power, aid: int) -> str:
    """MR5: "disbanded A Lvp (disarmament, rules/003 MR5)" for a power's own disbands
    beyond the removals it owed (its aid counted), or ""."""
    mine = [
        o.order.unit
        for o in played.outcomes
        if isinstance(o.order, Disband)
        and not isinstance(o.order, Build)
        and o.order.unit.power == power
        and o.reason is not Reason.CIVIL_DISORDER
    ]
    owed = max(-(played.before.adjustment_of(power) + aid), 0)
    if len(mine) <= owed:
        return ""
    units = _joined([unit_name(u, played.board) for u in mine])
    if not owed:
        return f"disbanded {units} (disarmament, rules/003 MR5)"
    more = len(mine) - owed
    return (
        f"disbanded {units}: {count(owed, 'removal')} owed, {more} more by disarmament "
        "(rules/003 MR5)"
    )


# --- each player's DM -----------------------------------------------------------------


def own_masters_news(
    played: PlayedPhase, powers: Sequence[Power], record: Sequence[Mapping[str, Any]]
) -> str:
    """What a player of `powers` wrote for others and what became of it, what the
    Winter's Masters orders did for them, and the orders others wrote for their units
    while they were in civil disorder ("" when nothing)."""
    written = written_lines(record)
    mine = [w for w in written if w.written.by in powers]
    lines = []
    for_others = [w for w in mine if not isinstance(w.written.order, RebelBuild | Annex | Aid)]
    if for_others:
        lines.append("Your orders for powers in civil disorder:")
        lines += [f"• {text}" for text in _fates(for_others, played)]
    lines += _own_deeds(played, mine)
    for recipient, donors in sorted(_aid_received(written).items()):
        if recipient in powers:
            lines.append(
                f"{power_name(recipient)} received aid from {_names(donors)}: "
                f"{count(len(donors), 'more centre')} counted this Winter (rules/003 MR6)."
            )
    if played.before.phase.kind is PhaseKind.ADJUSTMENT:
        aid = {p: len(d) for p, d in _aid_received(written).items()}
        for power in powers:
            text = _disarmament(played, power, aid.get(power, 0))
            if text:
                lines.append(f"You {text}.")
    theirs = [
        w
        for w in written
        if w.written.by not in powers
        and w.control is not Control.NOT_IN_DISORDER  # written while it was not in disorder
        and not isinstance(w.written.order, RebelBuild | Annex | Aid)
        and order_power(w.written.order) in powers
    ]
    if theirs:
        lines.append("Orders others wrote for your units while you were in civil disorder:")
        lines += [f"• {line}" for line in written_report(theirs, played.board).splitlines()]
    return "\n".join(lines)


def _fates(written: Sequence[WrittenOutcome], played: PlayedPhase) -> list[str]:
    """Each order a player wrote for a power in disorder, once however often written,
    with what became of it and, if followed, what the unit did."""
    seen: dict[tuple[object, Control], int] = {}
    first: dict[tuple[object, Control], WrittenOutcome] = {}
    for w in written:
        order = w.written.order
        counted = order if isinstance(order, RebelBuild | Annex | Aid) else same_order(order)
        seen[counted, w.control] = seen.get((counted, w.control), 0) + 1
        first.setdefault((counted, w.control), w)
    out = []
    for key, w in first.items():
        text = format_written(w.written, played.board)
        times = f" (written {seen[key]} times)" if seen[key] > 1 else ""
        fate = control_words(w)
        if w.control is Control.FOLLOWED:
            did = _what_it_did(w.written.order, played)
            fate += f": {did}" if did else ""
        out.append(f"{text}{times}: {fate}.")
    return out


def _what_it_did(order: Order | MastersOrder, played: PlayedPhase) -> str:
    """The followed order's outcome in words ("support given")."""
    unit = getattr(order, "unit", None)
    for outcome in played.outcomes:
        if getattr(outcome.order, "unit", None) == unit and unit is not None:
            # `result_line` reads "<order>: <what happened>"; the order is said already.
            return result_line(outcome, played).split(": ", 1)[-1]
    return ""


def _own_deeds(played: PlayedPhase, mine: Sequence[WrittenOutcome]) -> list[str]:
    """The player's rebels, annexations and aid, and what became of each."""
    board = played.board
    built = {o.order.unit for o in played.outcomes if isinstance(o.order, Build)}
    out = []
    for w in mine:
        order: Order | MastersOrder = w.written.order
        if not isinstance(order, RebelBuild | Annex | Aid):
            continue
        text = format_written(w.written, board)
        if w.control is not Control.FOLLOWED:
            out.append(f"{text}: {control_words(w)}.")
        elif isinstance(order, RebelBuild):
            raised = any(u.location == order.location and u.type is order.type for u in built)
            where = _place(order.location, board)
            rebels = text.removeprefix("Build ")
            out.append(
                f"You raised rebels in {where}: {rebels}." if raised else f"{text}: not built."
            )
        elif isinstance(order, Annex):
            where = _place(Location(order.centre), board)
            out.append(
                f"You annexed {where}: a home centre of yours from the next Winter, while "
                "you own it (rules/003 MR4)."
            )
        else:
            out.append(f"You gave aid to {power_name(order.recipient)} (rules/003 MR6).")
    return out


# --- what each may write in the phase to come ----------------------------------------


def news_for(
    after: Position,
    board: Board,
    masters: MastersRules,
    powers: Sequence[Power],
    disorder: Collection[Power],
    deadline: datetime | None,
    last_winter: Mapping[str, Power] | None = None,
) -> str:
    """The PHASE_NEWS text for a player of `powers` on the phase to come ("" when
    nothing): whom they may write for and how many orders (MR2 a, b); the retreats of
    powers in disorder they may write, as orders to copy (MR2 d); a Winter's rebels,
    annexation and aid (MR3, MR4, MR6) and builds or removals for powers in disorder
    (MR2 e)."""
    kind = after.phase.kind
    out = []
    if kind is PhaseKind.ADJUSTMENT:
        out += [winter_news(after, p, board, masters, last_winter) for p in powers]
    if not masters.variable_control:
        return "\n".join(t for t in out if t)
    if kind is PhaseKind.RETREAT:
        out.append(_retreats_text(after, board, masters, powers, disorder, deadline))
        return "\n".join(t for t in out if t)
    mine = sorted({q for p in powers for q in orderable(after, board, masters, p, disorder)})
    text = orderable_text(mine)
    if text and kind is PhaseKind.MOVEMENT and powers:
        limit = after.centre_counts(()).get(powers[0], 0)
        text += (
            f" Your centres allow {count(limit, 'order')} this turn, your own and theirs "
            "together (rules/003 MR2 b)."
        )
    out.append(text)
    return "\n".join(t for t in out if t)


def _retreats_text(
    after: Position,
    board: Board,
    masters: MastersRules,
    powers: Sequence[Power],
    disorder: Collection[Power],
    deadline: datetime | None,
) -> str:
    """MR2 d: the dislodged units of powers in disorder the player may write for, each
    with its retreats and disband as orders to copy."""
    if not retreat_writers(after, board, masters, powers, disorder):
        return ""
    cd = set(orderable(after, board, masters, powers[0], disorder))
    for power in powers[1:]:
        cd |= set(orderable(after, board, masters, power, disorder))
    writer = powers[0]
    options = []
    for dislodged in sorted(after.dislodged, key=lambda d: str(d.unit)):
        if dislodged.unit.power not in cd or not dislodged.retreats:
            continue
        orders = legal_orders(after, board, dislodged.unit)
        said = ", ".join(f"`{format_written(Written(o, writer), board)}`" for o in orders)
        options.append(
            f"{power_name(dislodged.unit.power)}'s {unit_name(dislodged.unit, board)}: {said}"
        )
    if not options:
        return ""
    return (
        "You may write one retreat or disband for each dislodged unit of a power in civil "
        f"disorder (rules/003 MR2 d), by {deadline_text(deadline)}: " + "; ".join(options) + "."
    )


def _place(where: Location, board: Board) -> str:
    return place_name(Location(where.province), board, "long")


def _names(powers: Sequence[Power]) -> str:
    return _joined([power_name(p) for p in powers])


def _joined(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
