"""What a played phase means, in plain words: for the game channel (every order and its
outcome, in the notation of the DM echo: "A Par - Bur: moved") and for each player
(their own units, where they now stand, their centres, and what they must do next).

Pure functions of the phase's positions (before and after) and outcomes, so that the
channel post, the players' DMs and the tests read the same words. rules/004's judge
notation stays in `adjudication/text/report.py`: it goes with the results as a text file and
is shown by `/game history`.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TypedDict

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.board import Board
from adjudication.model.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    Waive,
    order_power,
)
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Position
from adjudication.model.units import Location, Phase, PhaseKind, Power, Unit, UnitType
from adjudication.play.legal import legal_orders
from adjudication.text.notation import format_order, place_name, unit_name
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel._words import count, deadline_text, power_list, power_name


@dataclass(frozen=True, slots=True)
class PhaseNotices:
    """What befell the powers in a phase besides their orders: no orders received,
    put in (or taken out of) civil disorder, eliminated."""

    nmr: Sequence[Power] = ()
    civil_disorder: Sequence[Power] = ()
    civil_disorder_over: Sequence[Power] = ()
    eliminated: Sequence[Power] = ()

    def channel(self) -> dict[str, list[Power]]:
        """The results event's payload keys (the channel post)."""
        return {
            "nmr": list(self.nmr),
            "civil_disorder": list(self.civil_disorder),
            "eliminated": list(self.eliminated),
        }

    def for_powers(self, powers: Sequence[Power]) -> OwnNews:
        """A player's news event's payload keys: only their own powers'."""
        return OwnNews(
            civil_disorder=tuple(p for p in self.civil_disorder if p in powers),
            civil_disorder_over=tuple(p for p in self.civil_disorder_over if p in powers),
            eliminated=tuple(p for p in self.eliminated if p in powers),
        )


class OwnNews(TypedDict):
    """`PhaseNotices.for_powers`: the keys of a player's news event (`PhaseNews`)."""

    civil_disorder: tuple[Power, ...]
    civil_disorder_over: tuple[Power, ...]
    eliminated: tuple[Power, ...]


@dataclass(frozen=True, slots=True)
class PlayedPhase:
    """A phase as played: the position it started from, every order's outcome, and
    the position it led to (the engine gives one even when the game ends with it)."""

    before: Position
    outcomes: tuple[Outcome, ...]
    after: Position
    board: Board


def result_line(outcome: Outcome, played: PlayedPhase, viewer: Power | None = None) -> str:
    """One order and what became of it: "A Par - Bur: moved", "A Vie - Gal: bounced
    (Russia also moved there)". `viewer`: words for that power's player ("your")."""
    order = outcome.order
    if outcome.reason is Reason.UNORDERED and not isinstance(order, Waive):
        text = unit_name(order.unit, played.board)  # it was given no order to quote
    else:
        text = format_order(order, played.board)
    return f"{text}: {_what_happened(outcome, played, viewer)}"


def _what_happened(outcome: Outcome, played: PlayedPhase, viewer: Power | None) -> str:
    order, reason = outcome.order, outcome.reason
    if reason is Reason.UNORDERED:
        said = {
            PhaseKind.MOVEMENT: "no order, so it held",
            PhaseKind.RETREAT: "no order, so it was disbanded",
            PhaseKind.ADJUSTMENT: "no order: removed by the civil disorder rule",
        }[played.before.phase.kind]
        return _with_dislodgement(said, outcome, played, viewer)
    if reason is Reason.ILLEGAL:
        return _with_dislodgement("not a legal order, so the unit held", outcome, played, viewer)
    if reason is Reason.NO_SUCH_UNIT:
        return "there is no such unit"
    if isinstance(order, Move | Hold | Support | Convoy):
        return _movement_words(outcome, played, viewer)
    return _other_words(outcome, played)


def _movement_words(outcome: Outcome, played: PlayedPhase, viewer: Power | None) -> str:
    """A movement phase's order: moved, bounced (and against whom), held, support
    given or cut, convoyed; then a dislodgement, if any."""
    order, reason = outcome.order, outcome.reason
    if isinstance(order, Move):
        if outcome.succeeded:
            return "moved"
        if reason is Reason.BOUNCED:
            said = "bounced" + _rivals(order, played, viewer)
        elif reason is Reason.NO_CONVOY:
            said = "no convoy reached it, so it stayed"
        elif reason is Reason.PARADOX:
            said = "failed by the convoy paradox rule, so it stayed"
        else:
            said = "failed"
    elif isinstance(order, Hold):
        if _was_dislodged(outcome):  # it did not hold: dislodged (issue 33)
            return _dislodgement(outcome, played, viewer)
        return "held"
    elif isinstance(order, Support):
        said = {
            None: "support given",
            Reason.CUT: "support cut",
            Reason.VOID: "no matching order to support",
            Reason.SUPPORTED_UNIT_MOVED: "the supported unit moved instead of holding",
            Reason.DISLODGED: "support given",
        }.get(reason, "support failed")
        if not outcome.succeeded and reason is Reason.DISLODGED:
            said = "support cut"
    else:
        said = "convoyed" if outcome.succeeded else "the convoy failed"
        if reason is Reason.VOID:
            said = "no matching army to convoy"
    return _with_dislodgement(said, outcome, played, viewer)


def _other_words(outcome: Outcome, played: PlayedPhase) -> str:
    """A retreat, a disband or removal, a build or a waive."""
    order, reason = outcome.order, outcome.reason
    if isinstance(order, Retreat):
        if outcome.succeeded:
            return "retreated"
        if reason is Reason.RETREAT_BOUNCED:
            return "disbanded: another unit retreated there too"
        return "disbanded"
    if isinstance(order, Disband):
        if played.before.phase.kind is PhaseKind.RETREAT:
            return "disbanded"
        if reason is Reason.CIVIL_DISORDER:
            return "removed by the civil disorder rule"
        return "removed"
    if isinstance(order, Build):
        return "built" if outcome.succeeded else "not built"
    if isinstance(order, Waive):
        return "build waived"
    return "succeeded" if outcome.succeeded else "failed"


def _rivals(move: Move, played: PlayedPhase, viewer: Power | None) -> str:
    """Who else went for, or stayed in, the province a bounced move aimed at."""
    target = move.destination.province
    others = [
        o.order.unit
        for o in played.outcomes
        if isinstance(o.order, Move)
        and o.order.destination.province == target
        and o.order.unit != move.unit
    ]
    if others:
        who = " and ".join(_whose(u, played.board, viewer) for u in others)
        return f" ({who} also moved there)"
    stayer = played.before.unit_in(target)
    if stayer is not None:
        return f" ({_whose(stayer, played.board, viewer)} stayed there)"
    return ""


def _with_dislodgement(said: str, outcome: Outcome, played: PlayedPhase, viewer) -> str:
    if not _was_dislodged(outcome):
        return said
    return f"{said}; {_dislodgement(outcome, played, viewer)}"


def _was_dislodged(outcome: Outcome) -> bool:
    return outcome.reason is Reason.DISLODGED or outcome.dislodged_by is not None


def _dislodgement(outcome: Outcome, played: PlayedPhase, viewer) -> str:
    """ "dislodged by Russia's A War", and, when the unit cannot retreat, that it was
    destroyed and why (issue 33: a destroyed unit is not "held")."""
    said = "dislodged"
    if outcome.dislodged_by is not None:
        attacker = played.before.unit_in(outcome.dislodged_by)
        if attacker is None:
            said += f" from {place_name(Location(outcome.dislodged_by), played.board)}"
        else:
            said += f" by {_whose(attacker, played.board, viewer)}"
    unit = getattr(outcome.order, "unit", None)
    if unit is None or played.before.phase.kind is not PhaseKind.MOVEMENT:
        return said
    if any(d.unit == unit for d in played.after.dislodged):
        return said  # its retreat is to come
    if unit.type is UnitType.PLANE:
        return f"{said}, and destroyed: a plane cannot retreat"
    return f"{said}, and destroyed: it had nowhere to retreat"


def _whose(unit: Unit, board: Board, viewer: Power | None) -> str:
    """ "Russia's A War", or "your A War" for the viewer's own."""
    owner = "your" if unit.power == viewer else power_name(unit.power) + "'s"
    return f"{owner} {unit_name(unit, board)}"


# --- the game channel ---------------------------------------------------------------


def channel_results(
    played: PlayedPhase, powers: Sequence[Power], unheld: Collection[Power] = ()
) -> str:
    """Every power's orders and outcomes, one order a line, under the power's name and
    its centre count after the phase. A power no player holds (`unheld`: a neutral,
    a dummy) is marked as not played, with no "no orders" notice: it never orders, and
    saying so in every post means nothing (issue 33)."""
    by_power: dict[Power, list[Outcome]] = {}
    for outcome in played.outcomes:
        by_power.setdefault(order_power(outcome.order), []).append(outcome)
    blocks = []
    for power in powers:
        outcomes = by_power.get(power, [])
        centres = len(played.after.centres_of(power))
        if not outcomes and not played.before.units_of(power) and not centres:
            continue  # out of the game before this phase
        lines = [f"**{power_name(power)}** · {count(centres, 'centre')}"]
        quiet = all(o.reason is Reason.UNORDERED for o in outcomes)
        if power in unheld and quiet:
            lines[0] += " · not played"
        elif outcomes and quiet:
            lines.append(_no_orders(played.before.phase.kind))
        else:
            lines += [result_line(o, played) for o in _in_board_order(outcomes)]
        if not outcomes and power not in unheld:
            lines.append(_nothing_to_order(played.before.phase.kind))
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def channel_next(
    phase: Phase, deadline: datetime | None, played_at: datetime, match_wait: bool = False
) -> str:
    """The results post's last line: the next phase and its deadline; or that it waits
    for the match's other board (One-on-one); or, when no one has anything to order in
    it (a retreat of a power no one plays), that it is played at once, not "deadline in
    0 seconds" (issue 33)."""
    if match_wait:
        return (
            f"Next: **{phase.title}**; its deadline is set when the match's other board "
            "reaches it too. Orders may be sent now."
        )
    if deadline is not None and deadline <= played_at:
        return (
            f"Next: **{phase.title}**: no one has anything to order in it, so it is played at once."
        )
    return f"Next: **{phase.title}**, deadline {deadline_text(deadline)}."


def _no_orders(kind: PhaseKind) -> str:
    return {
        PhaseKind.MOVEMENT: "no orders: every unit held",
        PhaseKind.RETREAT: "no orders: its dislodged units were disbanded",
        PhaseKind.ADJUSTMENT: "no orders: removals by the civil disorder rule",
    }[kind]


def _nothing_to_order(kind: PhaseKind) -> str:
    return {
        PhaseKind.MOVEMENT: "no units",
        PhaseKind.RETREAT: "nothing to retreat",
        PhaseKind.ADJUSTMENT: "no builds or removals",
    }[kind]


def _in_board_order(outcomes: Iterable[Outcome]) -> list[Outcome]:
    def key(o: Outcome) -> tuple[int, str]:
        order = o.order
        if isinstance(order, Waive):
            return (1, "")
        return (0, order.unit.location.province)

    return sorted(outcomes, key=key)


# --- one player's DM ------------------------------------------------------------------


def own_news(
    played: PlayedPhase,
    powers: Sequence[Power],
    game_name: str,
    deadline: datetime | None,
    game_over: bool,
    notices: PhaseNotices = PhaseNotices(),
    extra: str = "",
) -> str:
    """A player's own results, where their units now stand, their centre count, what
    befell their powers (civil disorder in or out), and what they must do next
    (`extra`: a variant's word before it, e.g. the Masters Rules' powers to write for)."""
    before = played.before
    lines = [f"**{game_name}**: {before.phase.title} has been played."]
    for power in powers:
        mine = [o for o in played.outcomes if order_power(o.order) == power]
        if len(powers) > 1:
            lines.append(f"**{power_name(power)}**")
        lines += [f"• {own_line(o, played, power)}" for o in _in_board_order(mine)]
        lines.append(standing(played.after, power))
        if power in notices.civil_disorder:
            lines.append(
                f"No orders came from you for {power_name(power)}, so it is now in civil "
                "disorder: its units hold and any removals follow the civil-disorder rule. "
                "Send orders again to take it back."
            )
        if power in notices.civil_disorder_over:
            lines.append(f"{power_name(power)} is no longer in civil disorder.")
    if extra:
        lines.append(extra)
    lines.append(next_step(played.after, powers, deadline, game_over, played.board))
    return "\n".join(lines)


def own_line(outcome: Outcome, played: PlayedPhase, power: Power) -> str:
    """One of the player's orders, and where the unit is now."""
    line = result_line(outcome, played, viewer=power)
    order = outcome.order
    if isinstance(order, Move) and not outcome.succeeded and outcome.dislodged_by is None:
        return f"{line}; still in {place_name(order.unit.location, played.board, 'long')}."
    if isinstance(order, Move) and outcome.succeeded:
        return f"{line}, now in {place_name(order.destination, played.board, 'long')}."
    return f"{line}."


def standing(after: Position, power: Power) -> str:
    centres, units = len(after.centres_of(power)), len(after.units_of(power))
    dislodged = sum(1 for d in after.dislodged if d.unit.power == power)
    if not centres and not units and not dislodged:
        return f"{power_name(power)} has no units and no centres left: it is out of the game."
    return f"{power_name(power)} now has {count(centres, 'centre')} and {count(units, 'unit')}."


def match_wait_step(phase_title: str) -> str:
    """What a player reads after a phase of a board that now waits at its movement
    phase for the match's other board (O4: its deadline is not set yet). Once the other
    board reaches it, both have one deadline, and the usual "Send your orders by …"
    is said with it (the board that caught up; the waiting board's channel is told)."""
    return (
        f"Next: **{phase_title}**. Its deadline is set when the match's other board "
        f"reaches {phase_title} too; you may send your orders now."
    )


def next_step(
    after: Position,
    powers: Sequence[Power],
    deadline: datetime | None,
    game_over: bool,
    board: Board,
) -> str:
    """What the player must do now, and by when."""
    if game_over:
        return "The game is over."
    by = deadline_text(deadline)
    phase = after.phase.title
    kind = after.phase.kind
    if kind is PhaseKind.MOVEMENT:
        if any(after.units_of(p) for p in powers):
            if deadline is None:  # One-on-one: the board waits for the match's other
                return match_wait_step(phase)
            return f"Next: **{phase}**. Send your orders by {by}."
        return f"Next: **{phase}**. You have no units to order."
    if kind is PhaseKind.RETREAT:
        mine = [d for d in after.dislodged if d.unit.power in powers]
        if not mine:
            return f"Next: the retreats of **{phase}**; you have nothing to retreat."
        return f"Next: **{phase}**. Retreat or disband by {by}. Your options: " + _options(
            after, powers, board
        )
    todo = []
    for power in powers:
        change = after.adjustment_of(power)
        if change > 0:
            todo.append(f"{power_name(power)} may build {count(change, 'unit')}")
        elif change < 0:
            todo.append(f"{power_name(power)} must remove {count(-change, 'unit')}")
    if not todo:
        return f"Next: **{phase}**; you have nothing to build or remove."
    return (
        f"Next: **{phase}**. "
        + "; ".join(todo)
        + f", by {by}. Your options: "
        + _options(after, powers, board)
    )


def _options(position: Position, powers: Sequence[Power], board: Board) -> str:
    """Every retreat, disband, build or removal open to the powers, as orders to copy;
    for several powers, power by power, each waive naming its power (issue 33)."""
    if len(powers) == 1:
        orders = legal_orders(position, board, powers[0])
        return ", ".join(f"`{format_order(o, board)}`" for o in orders) + "."
    groups = []
    for power in powers:
        orders = legal_orders(position, board, power)
        if orders:
            shown = [_option(o, board) for o in orders]
            groups.append(f"{power_name(power)}: " + ", ".join(shown))
    return "; ".join(groups) + "."


def _option(order: Order, board: Board) -> str:
    if isinstance(order, Waive):
        return f"`{power_name(order.power)} waives`"
    return f"`{format_order(order, board)}`"


def notices(
    nmr: Sequence[Power], civil_disorder: Sequence[Power], eliminated: Sequence[Power]
) -> list[str]:
    """The phase's notices for the channel, merged into its results post."""
    out = []
    if nmr:
        out.append(f"No orders from {power_list(nmr)}.")
    if civil_disorder:
        verb = "is" if len(civil_disorder) == 1 else "are"
        out.append(f"{power_list(civil_disorder)} {verb} now in civil disorder.")
    if eliminated:
        verb = "is" if len(eliminated) == 1 else "are"
        out.append(f"{power_list(eliminated)} {verb} eliminated.")
    return out


def announce_start(
    session: AsyncSession,
    game_id: int,
    channel_id: int,
    phase_id: int,
    phase_code: str,
    deadline: datetime,
    powers: Iterable[Power],
    owner: Mapping[Power, int],
    holdings: Mapping[int, Sequence[Power]],
    variant: str | None,
    now: datetime,
) -> None:
    """A game's first phase begun (the lobby's start, a match's second board): the start
    post in its channel naming who plays each of `powers` (`owner`; none: not in play),
    and each player's DM of the powers they hold (`holdings`, by user)."""
    started = ev.GameStarted(
        phase_id=phase_id,
        phase=phase_code,
        deadline=deadline,
        powers={p: owner.get(p) for p in powers},
        variant=variant,
    )
    add_event(session, started, now, game_id=game_id, channel_id=channel_id)
    for user, held in sorted(holdings.items()):
        assigned = ev.PowerAssigned(powers=tuple(held), deadline=deadline)
        add_event(session, assigned, now, game_id=game_id, user_id=user)
