"""Results of a phase in the judge notation of rules/004, and reasons in plain words.

rules/004: "Results will be indicated by a * after the province of the unit's final
location", with the notations `[r-Gas*]` (dislodged, retreated), `[d*]` (dislodged,
disbanded), `[r-otb]` (retreated off the board), `[u]`, `[NMR]`, `[NRR]`, `[NBR]`,
`[ia: …]`, `[io]`, `[nsu]`, `[nso]`, `[otm]`, and rules/004's own province
abbreviations (`NthS`, `Lpl`, `StP`, `GLyo`). A supported unit of another power is
named with its power: `A Ser* S Tur A Bul-Rum`; in a view (Kriegsplomacy), only where
its place is known, so never a hidden unit (`A Mun* S A ???-???`).

Lines are laid out as in the rules/004 example: the power's name, orders from column
16, wrapped between orders before column 78. Spaces, not tabs, so the layout survives
Discord and every editor alike.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from adjudication.maps import STANDARD
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
from adjudication.model.units import Location, Power, Unit, UnitType
from adjudication.model.views import UNKNOWN

if TYPE_CHECKING:
    from adjudication.model.result import Adjudication

# rules/004's table, as code/abbreviation pairs.
_TABLE = """
ADR AdrS AEG AegS ALB Alb ANK Ank APU Apu ARM Arm BAL BalS BAR BarS BEL Bel BER Ber
BLA BlaS BOH Boh BRE Bre BUD Bud BUL Bul BUR Bur CLY Cly CON Con DEN Den EDI Edi
EAS EMed ENG EnCh FIN Fin GAL Gal GAS Gas BOT GBot LYO GLyo GRE Gre HEL HelB HOL Hol
ION IonS IRI IriS KIE Kie LVN Liv LON Lon LVP Lpl MAR Mar MAO MAtl MOS Mos MUN Mun
NAF NAf NAP Nap NAO NAtl NTH NthS NWG NwgS NWY Nwy PAR Par PIC Pic PIE Pie POR Por
PRU Pru ROM Rom RUM Rum RUH Rur SER Ser SEV Sev SIL Sil SKA Skag SMY Smy SPA Spa
STP StP SWE Swe SYR Syr TRI Tri TUN Tun TUS Tus TYR Tyr TYS TyrS UKR Ukr VEN Ven
VIE Vie WAL Wal WAR War WES WMed YOR Yor
"""
_WORDS = _TABLE.split()
ABBREVIATIONS: Mapping[str, str] = dict(zip(_WORDS[::2], _WORDS[1::2], strict=True))
"""Province code -> rules/004 abbreviation ("NTH" -> "NthS")."""

ORDERS_COLUMN = 16
WIDTH = 78

REASON_PHRASES: Mapping[Reason, str] = {
    Reason.BOUNCED: "bounced",
    Reason.CUT: "support cut",
    Reason.DISLODGED: "dislodged",
    Reason.NO_CONVOY: "no convoy",
    Reason.VOID: "no matching order to support or convoy",
    Reason.SUPPORTED_UNIT_MOVED: "the supported unit moved instead of holding",
    Reason.DISRUPTED: "convoy disrupted",
    Reason.PARADOX: "failed by the convoy paradox rule",
    Reason.ILLEGAL: "illegal order, not followed",
    Reason.NO_SUCH_UNIT: "no such unit",
    Reason.UNORDERED: "no order received",
    Reason.RETREAT_BOUNCED: "retreats met, all disbanded",
    Reason.DISBANDED: "disbanded",
    Reason.CIVIL_DISORDER: "removed by the civil disorder rule",
    Reason.WAIVED: "build waived",
}
"""Each outcome reason in a few words for players ("bounced", "support cut")."""

_NOTATION: Mapping[Reason, str] = {
    Reason.VOID: "[nso]",
    Reason.SUPPORTED_UNIT_MOVED: "[otm]",
    Reason.ILLEGAL: "[io]",
    Reason.NO_SUCH_UNIT: "[nsu]",
    Reason.UNORDERED: "[u]",
}


def describe(outcome: Outcome) -> str:
    """An outcome in a few words for a player: "succeeded", "failed: bounced", …"""
    if outcome.reason is None:
        return "succeeded" if outcome.succeeded else "failed"
    phrase = REASON_PHRASES[outcome.reason]
    return phrase if outcome.succeeded else f"failed: {phrase}"


def place(location: Location | str, board: Board = STANDARD) -> str:
    """A location in rules/004's abbreviations: "NthS", "StPSC"; other boards' codes
    title-cased."""
    loc = Location.parse(location) if isinstance(location, str) else location
    name = ABBREVIATIONS.get(loc.province) if board.name == STANDARD.name else None
    name = name or loc.province.title()
    return f"{name}{loc.coast}" if loc.coast else name


def _power_label(power: Power) -> str:
    return power.title() + ":"


def _layout(label: str, items: Sequence[str]) -> list[str]:
    """One power's items from column 16, wrapped between items before column 78.

    Items carry their own separators ("A Tri-Bud*,"), so an item is never split.
    """
    lines: list[str] = []
    current = label.ljust(ORDERS_COLUMN - 1) + " "
    for i, item in enumerate(items):
        if i and len(current) + 1 + len(item) > WIDTH:
            lines.append(current.rstrip())
            current = " " * ORDERS_COLUMN + item
        else:
            current += (" " if i else "") + item
    lines.append(current.rstrip())
    return lines


def _with_commas(items: Sequence[str]) -> list[str]:
    return [item + ("," if i < len(items) - 1 else "") for i, item in enumerate(items)]


# --- movement ---------------------------------------------------------------------


class _UnitsSeen:
    """Which unit stood where, as the outcomes show it (to name a supported unit's power).

    Orders that were followed name their unit exactly; an illegal order may misname its
    unit's type, so it only counts where nothing better is known. A place a view hides
    (`???`) names no unit: every hidden unit stands there, so none of them can lend its
    country to another (rules/004: "the type and country of the units involved", the
    unit's own; where the unit is hidden, neither its country nor its place is shown).
    """

    def __init__(self, outcomes: Iterable[Outcome]) -> None:
        self.unit_at: dict[str, Unit] = {}
        doubtful = (Reason.NO_SUCH_UNIT, Reason.ILLEGAL)
        ranked = sorted(outcomes, key=lambda o: o.reason in doubtful)
        for outcome in ranked:
            order = outcome.order
            if isinstance(order, Waive) or outcome.reason is Reason.NO_SUCH_UNIT:
                continue
            if order.unit.province != UNKNOWN:
                self.unit_at.setdefault(order.unit.province, order.unit)


def _order_text(
    order: UnitOrder, outcome: Outcome, units: _UnitsSeen, board: Board, stays: bool
) -> str:
    """The order with the * after the unit's final place; `stays`: the unit is still on
    the board (it exists and was not dislodged)."""
    unit = order.unit
    # A star says where the unit ended: never on a place the reader does not know (`???`).
    known = unit.location.province != UNKNOWN
    here = place(unit.location, board) + (
        "*" if stays and known and not _moved(order, outcome) else ""
    )
    head = f"{unit.type.value} {here}"
    match order:
        case Move(destination=dest):
            moved = "*" if _moved(order, outcome) else ""
            return f"{head}-{place(dest, board)}{moved}"
        case Support(supported=where, destination=dest, supported_type=kind):
            return f"{head} S {_supported(order.unit.power, where, kind, units, board)}" + (
                "" if dest is None else f"-{place(dest, board)}"
            )
        case Convoy(army=army, destination=dest):
            return f"{head} C A {place(army, board)}-{place(dest, board)}"
        case Hold():
            return f"{head} H"
        case Espionage():
            return f"{head} E"
        case CounterEspionage():
            return f"{head} CE"
    return f"{head} {order}"


def _moved(order: Order, outcome: Outcome) -> bool:
    return isinstance(order, Move) and outcome.succeeded


def _supported(
    supporter: Power, where: Location, kind: UnitType | None, units: _UnitsSeen, board: Board
) -> str:
    target = units.unit_at.get(where.province)
    foreign = f"{target.power[:3].title()} " if target and target.power != supporter else ""
    type_letter = kind.value if kind is not None else (target.type.value if target else "?")
    return f"{foreign}{type_letter} {place(where, board)}"


def _retreat_notes(retreats: Adjudication | None, board: Board) -> dict[str, str]:
    """Province dislodged from -> "[r-Gas*]", "[r-otb]" or "[d*]"."""
    notes: dict[str, str] = {}
    for outcome in retreats.outcomes if retreats is not None else ():
        order = outcome.order
        if isinstance(order, Retreat) and outcome.succeeded:
            notes[order.unit.province] = f"[r-{place(order.destination, board)}*]"
        elif isinstance(order, Disband) and outcome.succeeded and outcome.reason is None:
            notes[order.unit.province] = "[r-otb]"
        elif not isinstance(order, Waive):
            nrr = " [NRR]" if outcome.reason is Reason.UNORDERED else ""
            notes.setdefault(order.unit.province, "[d*]" + nrr)
    return notes


def movement_report(
    movement: Adjudication,
    retreats: Adjudication | None = None,
    *,
    submitted: Sequence[Order] = (),
    interpreted: Mapping[Order, str] | None = None,
    nmr: Collection[Power] = (),
    board: Board = STANDARD,
) -> str:
    """ "Results for Fall 1902:" in rules/004's judge notation.

    - `movement`: the movement phase's `Adjudication`; `retreats`: the following retreat
      phase's, when played, to show where dislodged units went (`[r-Gas*]`, `[d*]`).
    - `submitted`: the orders as players sent them; a power's orders are listed in that
      sequence, then any others by place.
    - `interpreted`: order -> the text the player wrote, for orders the parser had to
      interpret: shown as `A Liv-Yor [ia: A Lpl-Yor*]`.
    - `nmr`: powers that sent no orders (`[NMR]`, their units' `[u]` left out).
    """
    units = _UnitsSeen(movement.outcomes)
    rank = {(order_power(o), _province(o)): i for i, o in reversed(list(enumerate(submitted)))}
    raw = {(order_power(o), _province(o)): text for o, text in (interpreted or {}).items()}
    dislodged = {d.unit.province: d for d in movement.dislodged}
    notes = _retreat_notes(retreats, board)
    by_power: dict[Power, list[tuple[Any, str]]] = {}
    for outcome in movement.outcomes:
        order = outcome.order
        if isinstance(order, Waive):
            continue
        power, province = order_power(order), order.unit.province
        real = outcome.reason is not Reason.NO_SUCH_UNIT
        stays = real and province not in dislodged
        text = _order_text(order, outcome, units, board, stays)
        if (power, province) in raw:
            text = f"{raw[power, province]} [ia: {text}]"
        reason = outcome.reason
        if (
            reason is not None
            and reason in _NOTATION
            and not (reason is Reason.UNORDERED and power in nmr)
        ):
            text += " " + _NOTATION[reason]
        if province in dislodged and real:
            no_retreat = "[d*]" if not dislodged[province].retreats else "[dislodged]"
            text += " " + notes.get(province, no_retreat)
        key = (rank.get((power, province), len(rank)), place(order.unit.location, board))
        by_power.setdefault(power, []).append((key, text))
    lines = [f"Results for {movement.phase.title}:", ""]
    for power in _powers(by_power, board):
        items = [text for _, text in sorted(by_power[power], key=lambda kt: kt[0])]
        if power in nmr:
            items[-1] += " [NMR]"
        lines.extend(_layout(_power_label(power), _with_commas(items)))
    return "\n".join(lines)


def _province(order: Order) -> str:
    return "" if isinstance(order, Waive) else order.unit.province


def _powers(present: Iterable[Power], board: Board) -> list[Power]:
    known = [p for p in board.powers if p in present]
    return known + sorted(set(present) - set(known))


def retreat_report(retreats: Adjudication, *, board: Board = STANDARD) -> str:
    """ "Retreats for Fall 1902:" for a retreat phase posted on its own, in the notes
    rules/004 appends to a dislodged unit's movement order.

    `A Bur [r-Gas*]` retreated to Gascony; `A Bur-Gas [d*]` the retreat bounced or was
    not allowed, so the unit was disbanded; `A Bur [r-otb]` disbanded by order;
    `A Bur [d*] [NRR]` no order received.
    """
    by_power: dict[Power, list[tuple[str, str]]] = {}
    for outcome in retreats.outcomes:
        order = outcome.order
        if isinstance(order, Waive):
            continue
        head = f"{order.unit.type.value} {place(order.unit.location, board)}"
        if isinstance(order, Retreat):
            dest = place(order.destination, board)
            text = f"{head} [r-{dest}*]" if outcome.succeeded else f"{head}-{dest} [d*]"
        elif isinstance(order, Disband) and outcome.reason is None:
            text = f"{head} [r-otb]"
        else:
            text = f"{head} [d*]"
        if outcome.reason is Reason.UNORDERED:
            text += " [NRR]"
        elif outcome.reason in (Reason.ILLEGAL, Reason.NO_SUCH_UNIT):
            text += " " + _NOTATION[outcome.reason]
        by_power.setdefault(order_power(order), []).append((head, text))
    lines = [f"Retreats for {retreats.phase.title.removesuffix(' Retreats')}:", ""]
    for power in _powers(by_power, board):
        items = [text for _, text in sorted(by_power[power])]
        lines.extend(_layout(_power_label(power), _with_commas(items)))
    return "\n".join(lines)


# --- adjustments ------------------------------------------------------------------


def adjustment_report(
    year: int,
    ownership_before: Mapping[str, Power],
    ownership_after: Mapping[str, Power],
    adjustments: Adjudication | None = None,
    *,
    nbr: Collection[Power] = (),
    board: Board = STANDARD,
) -> str:
    """ "Adjustments for 1902:" with each power's centres, `+` gained and `-` lost.

    `ownership_before`: at the start of the year's Fall movement; `ownership_after`:
    after the Fall retreats. `adjustments`: the winter phase's `Adjudication`, None when
    the winter was skipped (nobody builds or removes). `nbr`: powers that sent no
    adjustment orders (`[NBR]`).
    """
    changes: dict[Power, list[str]] = {}
    waived: dict[Power, int] = {}
    for outcome in adjustments.outcomes if adjustments is not None else ():
        order = outcome.order
        if isinstance(order, Waive) or outcome.reason is Reason.WAIVED:
            waived[order_power(order)] = waived.get(order_power(order), 0) + 1
        elif isinstance(order, Build) and outcome.succeeded:
            changes.setdefault(order.unit.power, []).append(f"builds {_unit(order.unit, board)}")
        elif isinstance(order, Disband) and outcome.succeeded:
            changes.setdefault(order.unit.power, []).append(f"disbands {_unit(order.unit, board)}")
    powers = set(ownership_before.values()) | set(ownership_after.values()) | set(changes)
    lines = [f"Adjustments for {year}:", ""]
    for power in _powers(powers, board):
        centres = _adjustment_items(power, ownership_before, ownership_after, board)
        action = _action(changes.get(power, []), waived.get(power, 0), power in nbr)
        lines.extend(_layout(_power_label(power), [*centres, action]))
    return "\n".join(lines)


def _adjustment_items(
    power: Power, before: Mapping[str, Power], after: Mapping[str, Power], board: Board
) -> list[str]:
    held_before = {c for c, p in before.items() if p == power}
    held_after = {c for c, p in after.items() if p == power}
    names = []
    for centre in held_before | held_after:
        sign = "+" if centre not in held_before else "-" if centre not in held_after else ""
        names.append((place(centre, board).lower(), sign + place(centre, board)))
    items = _with_commas([name for _, name in sorted(names)])
    count = f"({len(held_after)})"
    if not items:
        return [count + ";"]
    items[0] = f"{count} {items[0]}"
    items[-1] += ";"
    return items


def _action(changes: list[str], waived: int, no_orders: bool) -> str:
    parts = list(changes)
    if waived:
        parts.append(f"waives {waived}")
    text = ", ".join(parts) if parts else "no change"
    return text + (" [NBR]" if no_orders else "")


def _unit(unit: Unit, board: Board) -> str:
    return f"{unit.type.value} {place(unit.location, board)}"
