"""A Kriegsplomacy power's results in words (issue 33, "Kriegsplomacy in words").

STYLE.md rule 13: "one notation everywhere (the one the DM echo uses), outcomes in
words". Each order its power's view holds is one line in the echo's notation ("F Bre -
Mao", "A StP", "Ruh"), with what became of it: "moved", "bounced", "dislodged, then
retreated to ???". A place the view does not hold stays `???`, said once in a legend.

The words tell exactly what rules/004's judge notation of the same view told
(`power_views.view_report`, kept for the judge file), never more: a foreign move
"failed", never why (its reason is the engine's, not the spy's); a support "ordered",
never whether it was cut (K12); a dislodgement, never by whom. Readings: docs/VARIANTS.md
D8.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudication.model.board import Board
from adjudication.model.orders import (
    Build,
    Convoy,
    CounterEspionage,
    Disband,
    Espionage,
    Hold,
    Move,
    Order,
    Retreat,
    Support,
    UnitOrder,
    Waive,
    order_power,
)
from adjudication.model.outcomes import Outcome, Reason
from adjudication.model.position import Dislodgement
from adjudication.model.result import Adjudication
from adjudication.model.units import Location, PhaseKind, Power, Unit
from adjudication.model.views import UNKNOWN, PowerView
from adjudication.text.notation import format_order, place_name, unit_name
from bot.service.kernel import count, power_name

LEGEND = f"{UNKNOWN}: a place you could not see."
SEEN = "Seen by your spies:"
SEEN_RETREATING = "Retreats your spies saw after the moves:"


def told_in_words(view: PowerView, board: Board, retreats: Adjudication | None = None) -> str:
    """`view` in words, one line per order, then the legend if a place is hidden.
    `retreats`: the retreat phase kept from the power, told with the movement
    (`power_views.with_retreats`): where the units it saw dislodged went, and the
    retreats its spies saw of units it had not seen ("a previously unknown retreat
    occurs into your area")."""
    shown = view.adjudication
    kind = shown.phase.kind
    if kind is PhaseKind.ADJUSTMENT:
        return "\n".join(_adjustment_lines(shown, view.power, board))
    if kind is PhaseKind.RETREAT:
        mine, seen = _retreat_lines(shown.outcomes, view.power, board)
        lines = (mine or ["You had nothing to retreat."]) + ([SEEN, *seen] if seen else [])
    else:
        lines = _movement_lines(shown, view.power, board, retreats)
    if any(UNKNOWN in line for line in lines):
        lines.append(LEGEND)
    return "\n".join(lines)


# --- movement ------------------------------------------------------------------------


def _movement_lines(
    shown: Adjudication, power: Power, board: Board, retreats: Adjudication | None
) -> list[str]:
    units = _units_seen(shown.outcomes)
    dislodged = {d.unit.province: d for d in shown.dislodged}
    notes = _retreat_notes(retreats.outcomes if retreats is not None else (), board)
    mine, theirs = _split(shown.outcomes, power)
    lines = []
    for outcome in _in_board_order(mine):
        said = _own_move_words(outcome)
        lines.append(_line(outcome, said, power, units, dislodged, notes, board))
    if not lines:
        lines.append("You had no units to order.")
    seen = [
        _line(o, _foreign_move_words(o), power, units, dislodged, notes, board)
        for o in _by_power(theirs, board)
    ]
    if seen:
        lines += [SEEN, *seen]
    if retreats is not None:  # those its spies saw of units it had not seen dislodged
        arrived = [
            o
            for o in retreats.outcomes
            if not isinstance(o.order, Waive) and o.order.unit.province not in dislodged
        ]
        own, others = _retreat_lines(arrived, power, board)
        if own or others:
            lines += [SEEN_RETREATING, *own, *others]
    return lines


def _line(
    outcome: Outcome,
    said: str,
    viewer: Power,
    units: dict[str, Unit],
    dislodged: dict[str, Dislodgement],
    notes: dict[str, str],
    board: Board,
) -> str:
    """ "• Italy's F ??? - Wes: moved": the order, whose it is, and what became of it,
    with its unit's dislodgement (the judge's `[dislodged]`, `[r-Gas*]`, `[d*]`)."""
    order = outcome.order
    assert not isinstance(order, Waive)
    province = order.unit.province
    if province in dislodged and outcome.reason is not Reason.NO_SUCH_UNIT:
        fate = notes.get(province) or _dislodged(dislodged[province])
        said = f"{said}; {fate}" if said else fate
    if outcome.reason is Reason.UNORDERED:
        text = unit_name(order.unit, board)  # it was given no order to quote
    else:
        text = _order_text(order, viewer, units, board)
    return f"• {_whose(order.unit.power, viewer)}{text}: {said}"


def _own_move_words(outcome: Outcome) -> str:
    """A power's own order: what its view tells of it (K12). Empty: a unit that stood
    and was dislodged is told only that."""
    order, reason = outcome.order, outcome.reason
    if reason is Reason.UNORDERED:
        return "no order, so it held"
    if reason is Reason.ILLEGAL:
        return "not a legal order, so the unit held"
    if reason is Reason.NO_SUCH_UNIT:
        return "there is no such unit"
    if reason is Reason.DISLODGED and isinstance(order, Hold | Espionage | CounterEspionage):
        return ""
    if isinstance(order, Move):
        if outcome.succeeded:
            return "moved"
        return "bounced" if reason is Reason.BOUNCED else "failed"
    if isinstance(order, Espionage):
        return "spied" if outcome.succeeded else "cut by an attack, so it learned nothing"
    if isinstance(order, CounterEspionage):
        return "counter-spied" if outcome.succeeded else "cut by an attack"
    return _stood(order)


def _foreign_move_words(outcome: Outcome) -> str:
    """Another power's order its spies saw: as much as the judge's star tells (moved
    or not), and its `[nso]` and `[otm]`; never why a move failed or whether a support
    or an espionage was cut, which the view's outcome holds but rules/004 does not tell."""
    order, reason = outcome.order, outcome.reason
    if isinstance(order, Move):
        return "moved" if outcome.succeeded else "failed"
    if isinstance(order, Hold) and reason is Reason.DISLODGED:
        return ""
    if isinstance(order, Support) and reason is Reason.VOID:
        return "support ordered, but no such order was given"
    if isinstance(order, Support) and reason is Reason.SUPPORTED_UNIT_MOVED:
        return "support ordered, but the supported unit moved instead of holding"
    if isinstance(order, Convoy) and reason is Reason.VOID:
        return "convoy ordered, but no such army move was given"
    if isinstance(order, Espionage):
        return "attempted espionage"
    if isinstance(order, CounterEspionage):
        return "attempted counter-espionage"
    return _stood(order)


def _stood(order: Order) -> str:
    if isinstance(order, Support):
        return "support ordered"
    if isinstance(order, Convoy):
        return "convoy ordered"
    return "held"


def _dislodged(dislodgement: Dislodgement) -> str:
    if not dislodgement.retreats:
        return "dislodged and disbanded: it could not retreat"
    return "dislodged"


def _retreat_notes(outcomes: Iterable[Outcome], board: Board) -> dict[str, str]:
    """Province dislodged from -> where its unit went, as the judge's `[r-Gas*]`,
    `[r-otb]` and `[d*]` told it."""
    notes: dict[str, str] = {}
    for outcome in outcomes:
        order = outcome.order
        if isinstance(order, Retreat) and outcome.succeeded:
            where = place_name(order.destination, board)
            notes[order.unit.province] = f"dislodged, then retreated to {where}"
        elif isinstance(order, Disband) and outcome.succeeded and outcome.reason is None:
            notes[order.unit.province] = "dislodged, then disbanded by order"
        elif not isinstance(order, Waive):
            notes.setdefault(order.unit.province, "dislodged, then disbanded")
    return notes


# --- retreats ------------------------------------------------------------------------


def _retreat_lines(
    outcomes: Iterable[Outcome], power: Power, board: Board
) -> tuple[list[str], list[str]]:
    """A retreat phase: the power's own retreats, and those its spies watched (K11)."""
    mine, theirs = _split(outcomes, power)
    own = [_retreat_line(o, power, board) for o in _in_board_order(mine)]
    return own, [_retreat_line(o, power, board) for o in _by_power(theirs, board)]


def _retreat_line(outcome: Outcome, viewer: Power, board: Board) -> str:
    order, reason = outcome.order, outcome.reason
    assert not isinstance(order, Waive)
    own = order.unit.power == viewer
    if own and reason is Reason.UNORDERED:
        return f"• {unit_name(order.unit, board)}: no order, so it was disbanded"
    if own and reason is Reason.NO_SUCH_UNIT:
        said = "there is no such unit"
    elif isinstance(order, Retreat) and outcome.succeeded:
        said = "retreated"
    elif own and reason is Reason.ILLEGAL:
        said = "not a possible retreat, so it was disbanded"
    else:  # never why (K12): "retreating to an occupied space results in ... disbanding"
        said = "disbanded"
    return f"• {_whose(order.unit.power, viewer)}{format_order(order, board)}: {said}"


# --- adjustments ---------------------------------------------------------------------


def _adjustment_lines(shown: Adjudication, power: Power, board: Board) -> list[str]:
    """A Winter: the power's centres (the judge's "(3) Bre, Mar, Par"), its builds and
    removals; nothing of another power's."""
    centres = sorted(
        (c for c, p in shown.position.ownership.items() if p == power),
        key=lambda c: place_name(Location(c), board),
    )
    names = [place_name(Location(c), board) for c in centres]
    if not names:
        lines = ["You own no supply centres."]
    else:
        listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        noun = "centre" if len(names) == 1 else "centres"
        lines = [f"Your supply {noun}: {listed}."]
    mine = [o for o in shown.outcomes if order_power(o.order) == power]
    waived = sum(1 for o in mine if isinstance(o.order, Waive) or o.reason is Reason.WAIVED)
    done = [o for o in mine if not isinstance(o.order, Waive) and o.reason is not Reason.WAIVED]
    lines += [_adjustment_line(o, board) for o in _in_board_order(done)]
    if waived:
        lines.append(f"• {count(waived, 'build')} waived")
    if len(lines) == 1:
        lines.append("No builds or removals.")
    return lines


def _adjustment_line(outcome: Outcome, board: Board) -> str:
    order, reason = outcome.order, outcome.reason
    if reason is Reason.CIVIL_DISORDER:
        assert not isinstance(order, Waive)
        return f"• {unit_name(order.unit, board)}: removed by the civil disorder rule"
    if isinstance(order, Build):
        said = "built" if outcome.succeeded else "not built"
    elif isinstance(order, Disband):
        said = "removed" if outcome.succeeded else "not removed"
    else:
        said = "done" if outcome.succeeded else "not done"
    return f"• {format_order(order, board)}: {said}"


# --- shared --------------------------------------------------------------------------


def _order_text(order: UnitOrder, viewer: Power, units: dict[str, Unit], board: Board) -> str:
    """The order as the echo writes it; a supported unit of another power named with
    its country, only where its place is known (K9: never a hidden unit's)."""
    if not isinstance(order, Support):
        return format_order(order, board)
    target = units.get(order.supported.province)
    kind = order.supported_type or (target.type if target is not None else None)
    supported = place_name(order.supported, board)
    if kind is not None:
        supported = f"{kind.value} {supported}"
    if target is not None and target.power != order.unit.power:
        supported = _whose(target.power, viewer) + supported
    text = f"{unit_name(order.unit, board)} S {supported}"
    if order.destination is not None:
        text += f" - {place_name(order.destination, board)}"
    return text


def _units_seen(outcomes: Iterable[Outcome]) -> dict[str, Unit]:
    """Which unit stood where, as the view's orders show it (as `report._UnitsSeen`):
    a followed order names its unit exactly, an illegal one only where nothing better
    is known; a place written `???` names no unit."""
    doubtful = (Reason.NO_SUCH_UNIT, Reason.ILLEGAL)
    unit_at: dict[str, Unit] = {}
    for outcome in sorted(outcomes, key=lambda o: o.reason in doubtful):
        order = outcome.order
        if isinstance(order, Waive) or outcome.reason is Reason.NO_SUCH_UNIT:
            continue
        if order.unit.province != UNKNOWN:
            unit_at.setdefault(order.unit.province, order.unit)
    return unit_at


def _whose(power: Power, viewer: Power) -> str:
    """ "Italy's " before another power's unit; nothing before the viewer's own."""
    return "" if power == viewer else f"{power_name(power)}'s "


def _split(outcomes: Iterable[Outcome], power: Power) -> tuple[list[Outcome], list[Outcome]]:
    """A movement or retreat phase's orders: the power's own, and the others'."""
    mine: list[Outcome] = []
    theirs: list[Outcome] = []
    for outcome in outcomes:
        if not isinstance(outcome.order, Waive):
            (mine if order_power(outcome.order) == power else theirs).append(outcome)
    return mine, theirs


def _in_board_order(outcomes: Sequence[Outcome]) -> list[Outcome]:
    def key(o: Outcome) -> tuple[bool, str]:
        order = o.order
        return (True, "") if isinstance(order, Waive) else (False, order.unit.province)

    return sorted(outcomes, key=key)


def _by_power(outcomes: Sequence[Outcome], board: Board) -> list[Outcome]:
    """Another power's orders, power by power as the board lists them, each power's
    known places first."""
    rank = {p: i for i, p in enumerate(board.powers)}

    def key(o: Outcome) -> tuple[int, bool, str, str]:
        order = o.order
        assert not isinstance(order, Waive)
        province = order.unit.province
        return (rank.get(order.unit.power, len(rank)), province == UNKNOWN, province, str(order))

    return sorted(outcomes, key=key)
