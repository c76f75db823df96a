"""The Masters Rules in players' words: a message read as `Written` lines, a line
written back, and the report of what became of each line (docs/VARIANTS.md M17-M19).

rules/003 writes "Portugal A Por -S- (French) A Mar-Spa", a heading "Portugal" over
the lines that follow, "build Rebel A Mos", "Annex Serbia", "Aid Italy" and "Aid Rebel
A Arm". rules/004 rule 7 governs the rest as for any order: a line for another
power's unit needs no heading when exactly one power's unit reads it legally (France
writing "A Por - Spa" means Portugal's army); misspellings are corrected only when one
reading is legal. Whether the writer may write for that power is the engine's
settling (`control.settle`), not the parser's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from adjudication.model.board import Board
from adjudication.model.orders import Build, Disband, Order, Retreat, Waive, order_power
from adjudication.model.position import Position
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.units import Location, PhaseKind, Power, UnitType
from adjudication.play.validate import check_build
from adjudication.text.names import key, province_candidates, resolve_coast, resolve_location
from adjudication.text.notation import format_order, place_name
from adjudication.text.parse import (
    _BULLET,
    _COMMENT,
    _LINE_BREAK,
    _ORDER_BREAK,
    ParsedLine,
    parse_order,
)
from adjudication.variants.masters.minors import REBEL_PREFIX, is_rebel, rebel_power
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

_TYPES = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
_REBEL_BUILD = re.compile(r"^(?:build|construct|b)\s+rebel\s+(a|army|f|fleet)\s+(.+)$", re.I)
_ANNEX = re.compile(r"^annex\s+(.+)$", re.I)
_AID = re.compile(r"^aid\s+(.+)$", re.I)
_AID_REBEL = re.compile(r"^rebels?\s+(?:(?:a|army|f|fleet)\s+)?(.+)$", re.I)
_REBEL_UNIT = re.compile(r"^rebels?\s+(?=(?:a|army|f|fleet)\s)", re.I)
# rules/003 writes supports as "-S-" and a supported order in brackets: "F Gas -S- (A Mar-Spa)".
_DASHED_VERB = re.compile(r"\s*-([SCH])-\s*", re.I)
_BRACKETS = re.compile(r"\(([^()]*)\)")
# rules/003 heads its examples with the phase ("In Fall 1901", "Adjustments 1902 Annex
# Serbia") and the writer ("France writes: F Gas -S- (A Mar-Spa)").
_PHASE_LABEL = re.compile(
    r"^(?:in\s+)?(?:spring|summer|fall|autumn|winter|adjustments?|retreats?)"
    r"(?:\s+phase)?(?:\s+of)?\s+\d{4}\b\s*:?\s*",
    re.I,
)
_WRITES = re.compile(r"^(.+?)\s+writes\s*:\s*", re.I)
# MR3-MR6's "construct" is a build: "construct A Ser", "construct Rebel A Mos".
_CONSTRUCT = re.compile(r"^construct\b", re.I)
# A second adjustment order on the same line: "Build F Lvp Disband A Yrk" (MR5),
# "Aid Italy and Aid Rebel A Arm" (MR6). Only a line that begins with such a verb is
# split, before another such verb: "A Bel disband" stays one order.
_ADJUSTMENT_VERB = r"(?:build|construct|disband|remove|annex|aid)\s"
_STARTS_ADJUSTMENT = re.compile(_ADJUSTMENT_VERB, re.I)
_NEXT_ADJUSTMENT = re.compile(r"\s+(?:and\s+)?(?=" + _ADJUSTMENT_VERB + r"+\S)", re.I)


@dataclass(frozen=True, slots=True)
class WrittenLine:
    """One line as the player wrote it (`text`) and as it was read: `written` is None
    when nothing could be read; `rejection` says why the line is not taken."""

    text: str
    written: Written | None
    rejection: Rejection | None = None
    notes: tuple[str, ...] = ()

    @property
    def order(self) -> Order | MastersOrder | None:
        return None if self.written is None else self.written.order

    @property
    def accepted(self) -> bool:
        return self.written is not None and self.rejection is None


def read_written(text: str, position: Position, writer: Power, board: Board) -> list[WrittenLine]:
    """Read a message `writer` wrote under the Masters Rules (`board`: the played
    board, `masters.play.masters_board`). Never raises."""
    names = _power_names(position, board, writer)
    heading: Power | None = None
    out: list[WrittenLine] = []
    for piece in _pieces(text, _own_names(board, writer)):
        if piece.endswith(":") or key(piece) in names:
            named = names.get(key(piece.rstrip(":")))
            if named is not None or key(piece.rstrip(":")) == key(writer):
                heading = named  # "Portugal": the lines below are for Portugal
            continue
        line = _read_line(piece, position, writer, board, names, heading)
        out.append(line)
    return out


def _pieces(text: str, own_names: Collection[str]) -> Iterator[str]:
    for line in _LINE_BREAK.split(text)[:100]:
        stripped = _COMMENT.sub("", _BULLET.sub("", line.strip())).strip()
        if not stripped or stripped.startswith(("#", "//")):
            continue
        stripped = _unlabelled(stripped, own_names)
        for part in _ORDER_BREAK.split(stripped)[:40]:
            part = part.strip()
            orders = _NEXT_ADJUSTMENT.split(part) if _STARTS_ADJUSTMENT.match(part) else [part]
            for order in orders:
                if order.strip():
                    yield _normalised(order.strip())


def _unlabelled(line: str, own_names: Collection[str]) -> str:
    """The line without rules/003's labels: the phase ("In Fall 1901", "Adjustments
    1902") and the writer's own name ("France writes:"). Another power's name before
    "writes" is left, and the line is refused: nobody writes for another Great Power."""
    line = _PHASE_LABEL.sub("", line)
    writes = _WRITES.match(line)
    if writes and key(writes.group(1)) in own_names:
        line = line[writes.end() :]
    return _PHASE_LABEL.sub("", line)


def _own_names(board: Board, writer: Power) -> set[str]:
    from adjudication.text.names import name_index  # the Great Powers' other spellings

    return {key(writer)} | {k for k, p in name_index(board).powers.items() if p == writer}


def _normalised(text: str) -> str:
    """rules/003's own notation in the parser's: "-S-" is "S"; a bracketed word that is
    no coast ("(French)") is dropped; a bracketed order is read without its brackets."""
    text = _CONSTRUCT.sub("build", _DASHED_VERB.sub(lambda m: f" {m.group(1)} ", text))

    def unbracket(match: re.Match[str]) -> str:
        inner = match.group(1).strip()
        if resolve_coast(inner) is not None:
            return match.group(0)
        return " " if inner.isalpha() else f" {inner} "

    return " ".join(_BRACKETS.sub(unbracket, text).split())


def _power_names(position: Position, board: Board, writer: Power) -> dict[str, Power]:
    """The other powers by spelling ("portugal", "france", "french")."""
    powers = {u.power for u in position.units} | set(position.ownership.values())
    powers |= set(board.powers) | {d.unit.power for d in position.dislodged}
    names = {key(p): p for p in powers if p != writer and not is_rebel(p)}
    from adjudication.text.names import name_index  # the Great Powers' other spellings

    names.update({k: p for k, p in name_index(board).powers.items() if p != writer})
    return names


def _read_line(
    text: str,
    position: Position,
    writer: Power,
    board: Board,
    names: Mapping[str, Power],
    heading: Power | None,
) -> WrittenLine:
    masters = _masters_order(text, position, board, names)
    if masters is not None:
        order, rejection, notes = masters
        return WrittenLine(
            text, None if order is None else Written(order, writer), rejection, notes
        )
    owner, rest = heading, text
    first, _, after = text.partition(" ")
    if key(first) in names and after:
        owner, rest = names[key(first)], after  # "Portugal A Por S A Spa"
    rest = _REBEL_UNIT.sub("", rest)  # "Rebel A Arm - Sev": the rebel unit in Armenia
    if owner is not None:
        parsed = parse_order(rest, position, owner, board)
        return _line(text, parsed.order, parsed.rejection, parsed.notes, writer)
    mine = parse_order(rest, position, writer, board)
    if mine.accepted or _disarmament(mine.order, mine.rejection):
        return _line(text, mine.order, None, mine.notes, writer)
    if (disband := _voluntary_disband(rest, position, writer, board)) is not None:
        return _line(text, disband.order, None, disband.notes, writer)
    if _aided_build(mine.order, mine.rejection, position, board):
        return _line(text, mine.order, None, mine.notes, writer)
    # rules/004 rule 7: the unit of exactly one other power reads it legally.
    readings = [parse_order(rest, position, power, board) for power in _others(position, board)]
    legal = {r.order: r for r in readings if r.accepted and r.order is not None}
    if len(legal) == 1:
        (reading,) = legal.values()
        return _line(text, reading.order, None, reading.notes, writer)
    return _line(text, mine.order, mine.rejection, mine.notes, writer)


def _disarmament(order: Order | None, rejection: Rejection | None) -> bool:
    """MR5: a disband of one's own unit with no removal owed is the engine's to rule
    on (it carries it out when Disarmament is played)."""
    return (
        isinstance(order, Disband)
        and rejection is not None
        and rejection.reason is RejectReason.NO_REMOVALS_OWED
    )


def _voluntary_disband(
    text: str, position: Position, writer: Power, board: Board
) -> ParsedLine | None:
    """MR5: "Disband A Yrk" with no removal owed. rules/004 rule 7 corrects a place
    ("Yrk": York) only when the corrected order is legal, and a voluntary disband is
    not in the rulebook's game: read it as if the writer owed removals, taking only a
    disband of one of his own units (the engine rules on it, M13)."""
    if position.phase.kind is not PhaseKind.ADJUSTMENT:
        return None
    owing = Position(
        position.phase,
        position.units,
        {c: p for c, p in position.ownership.items() if p != writer},
        variant=position.variant,
        homes=position.homes,
    )
    parsed = parse_order(text, owing, writer, board)
    if parsed.accepted and isinstance(parsed.order, Disband):
        return parsed
    return None


def _aided_build(
    order: Order | None, rejection: Rejection | None, position: Position, board: Board
) -> bool:
    """MR6 b: a build on a free home centre with no build of one's own may be made with
    aid still to come ("Anticipating France's Aid, he … writes: Build A Ven"); the
    allowance is the engine's to settle (docs/VARIANTS.md M21)."""
    return (
        isinstance(order, Build)
        and rejection is not None
        and rejection.reason is RejectReason.NO_BUILDS_ALLOWED
        and check_build(order.unit, position, board) is None
    )


def _others(position: Position, board: Board) -> list[Power]:
    powers = {u.power for u in position.units} | {d.unit.power for d in position.dislodged}
    return sorted(powers | set(board.home_centres))


def _line(
    text: str,
    order: Order | None,
    rejection: Rejection | None,
    notes: Sequence[str],
    writer: Power,
) -> WrittenLine:
    written = None if order is None else Written(order, writer)
    if rejection is not None and rejection.reason is RejectReason.NOT_YOUR_UNIT:
        written = None  # read as the writer's own, and it is not: nothing was read
    return WrittenLine(text, written, rejection, tuple(notes))


def _masters_order(
    text: str, position: Position, board: Board, names: Mapping[str, Power]
) -> tuple[MastersOrder | None, Rejection | None, tuple[str, ...]] | None:
    """The three orders of MR3, MR4 and MR6, or None when the line is none of them."""
    if match := _REBEL_BUILD.match(text):
        where, notes = _place(match.group(2), board)
        if where is None:
            return None, _unknown(match.group(2)), ()
        return RebelBuild(_TYPES[match.group(1).lower()], where), None, notes
    if match := _ANNEX.match(text):
        where, notes = _place(match.group(1), board)
        if where is None:
            return None, _unknown(match.group(1)), ()
        return Annex(where.province), None, notes
    if match := _AID.match(text):
        named = match.group(1)
        if rebel := _AID_REBEL.match(named):
            where, notes = _place(rebel.group(1), board)
            if where is None:
                return None, _unknown(rebel.group(1)), ()
            unit = position.unit_in(where.province)
            power = unit.power if unit and is_rebel(unit.power) else rebel_power(where.province)
            return Aid(power), None, notes
        recipient = names.get(key(named))
        if recipient is None:
            return None, Rejection(RejectReason.UNREADABLE, f"No power is called '{named}'."), ()
        return Aid(recipient), None, ()
    return None


def _place(text: str, board: Board) -> tuple[Location | None, tuple[str, ...]]:
    exact = resolve_location(text, board)
    if exact is not None:
        return exact, ()
    candidates = province_candidates(text, board)
    if len(candidates) == 1:
        where = Location(candidates[0])
        return where, (f"interpreted as {place_name(where, board)}",)
    return None, ()


def _unknown(text: str) -> Rejection:
    return Rejection(RejectReason.UNKNOWN_PROVINCE, f"I don't know the place '{text}'.")


# --- written back ------------------------------------------------------------------


def power_name(power: Power) -> str:
    """'Portugal', 'Rebel Mos' (the rebels raised in Moscow)."""
    return power.title()


def format_written(written: Written, board: Board) -> str:
    """The line in the players' notation, read back by `read_written` as the same
    line: "Portugal A Por S A Spa", "Rebel A Arm - Sev", "Build Rebel A Mos",
    "Annex Serbia", "Aid Italy", "Aid Rebel Smy"."""
    order = written.order
    match order:
        case RebelBuild(type=kind, location=where):
            return f"Build Rebel {kind.value} {place_name(where, board)}"
        case Annex(centre=centre):  # MR4 names the centre: "Annex Serbia"
            return f"Annex {place_name(Location(centre), board, 'long')}"
        case Aid(recipient=recipient):
            return f"Aid {power_name(recipient)}"
    text = format_order(order, board)
    power = order_power(order)
    if power == written.by or isinstance(order, Waive):
        return text
    if is_rebel(power):
        return f"{REBEL_PREFIX.strip().title()} {text}"
    return f"{power_name(power)} {text}"


# --- the report --------------------------------------------------------------------

_CONTROL_WORDS = {
    Control.FOLLOWED: "followed",
    Control.OUTVOTED: "outvoted",
    Control.NOT_ELIGIBLE: "not eligible (a unit of the writer is on or next to its centres)",
    Control.NOT_IN_DISORDER: "not played (that power is not in civil disorder)",
    Control.THROUGH_CD_POWER: "not played (written by a power in civil disorder)",
    Control.ILLEGAL: "not a legal order",
}


def control_words(outcome: WrittenOutcome) -> str:
    """What became of a line, in words."""
    if outcome.control is Control.OVER_LIMIT:
        return _over_limit_words(outcome.written)
    if outcome.control is not Control.TIED:
        return _CONTROL_WORDS.get(outcome.control, "played")
    order = outcome.written.order
    if isinstance(order, Retreat | Disband) and not isinstance(order, Build):
        return "tied (the unit is disbanded)" if isinstance(order, Retreat) else "tied"
    if isinstance(order, Build | RebelBuild):
        return "tied (nothing is built)"
    return "tied (the unit holds)"


def _over_limit_words(written: Written) -> str:
    """Why a line past a limit counts for nothing, by the rule that limits it."""
    order = written.order
    if isinstance(order, Aid):
        return "not valid (aid comes only from builds left unused: rules/003 MR6 a)"
    if isinstance(order, RebelBuild | Annex | Waive) or order_power(order) == written.by:
        return "not followed (no build left)"
    if isinstance(order, Build):
        return "not followed (one per adjustment and writer: rules/003 MR2 e)"
    if isinstance(order, Retreat | Disband):
        return "not followed (one per unit and writer: rules/003 MR2 d, e)"
    return (
        "not followed (past the writer's centres, his own units' orders counted first: "
        "rules/003 MR2 b)"
    )


def written_report(outcomes: Iterable[WrittenOutcome], board: Board) -> str:
    """One line per order written for a power in civil disorder and per Masters
    order, with who wrote it how often and what became of it (M19): "Portugal A Por
    S A Spa: written by Germany and Italy 2 times; followed". Lines for the
    writer's own units are in the usual report."""
    groups: dict[tuple[object, Control], tuple[str, dict[Power, int], WrittenOutcome]] = {}
    for outcome in outcomes:
        if outcome.control is Control.OWN:
            continue
        order = outcome.written.order
        counted = same_order(order) if not isinstance(order, RebelBuild | Annex | Aid) else order
        # Annexations and aid are each writer's own: never counted together.
        by = outcome.written.by if isinstance(order, Annex | Aid) else None
        group_key = ((counted, by), outcome.control)
        text = format_written(Written(order, ""), board)
        _, writers, _ = groups.setdefault(group_key, (text, {}, outcome))
        writers[outcome.written.by] = writers.get(outcome.written.by, 0) + 1
    return "\n".join(
        f"{text}: written by {_writers(writers)}; {control_words(outcome)}"
        for text, writers, outcome in groups.values()
    )


def _writers(writers: Mapping[Power, int]) -> str:
    names = [power_name(p) + (f" {n} times" if n > 1 else "") for p, n in sorted(writers.items())]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
