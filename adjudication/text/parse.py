"""Orders as players type them, read against the position.

`parse_orders` takes a whole message (orders separated by new lines, commas or
semicolons) and returns one `ParsedLine` per order. Each line is read into a draft
(`adjudication.text.tokens`), every plausible reading of its place names is built, and
`adjudication.play.validate` decides which readings are legal. rules/004 rule 7 governs
corrections: a misspelling or a missing or wrong detail is corrected only when
exactly one legal reading exists ("interpreted as …" note); with several legal
readings the line is rejected as AMBIGUOUS and the unit holds. An exact reading
that is legal is always taken as written ("if you … order A Bur-Mun instead of
A Ber-Mun, you're out of luck").

Empty lines and comment lines (starting with "#" or "//") are skipped and not
returned; a line ending in ":" is a heading ("England:", "Spring 1901 orders:")
and is skipped too, unless it names another power than the one ordering.

Lines real players write (issue 29): a line copied from a results report is read for
its order and the outcome after it ignored, with a note saying so ("A Ven -> Tyr
Bounced with Vie"); a piece that reads as no order as a whole is read again sentence
by sentence (issue 33: "sorry, was away. A Con B"), its chat kept as UNREADABLE lines.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.orders import Order, Waive
from adjudication.model.position import Position
from adjudication.model.rejections import Rejection, RejectReason
from adjudication.model.units import Location, PhaseKind, Power
from adjudication.play.validate import validate, validate_all
from adjudication.text.names import name_index, suggest
from adjudication.text.notation import format_order, place_name
from adjudication.text.readings import Reading, all_readings, literal_readings
from adjudication.text.tokens import Draft, OrderSyntaxError, PlaceText, Verb, read_draft

__all__ = ["OrderSyntaxError", "ParsedLine", "parse_order", "parse_orders"]

log = logging.getLogger(__name__)

MAX_LINE_CHARS = 300
MAX_LINES = 100
_MAX_ORDERS_PER_LINE = 40  # a 300-character line cannot hold more real orders
_MAX_READINGS = 96  # enough for three misspelt names; more is noise, not an order
_MAX_SHOWN = 6  # candidates named in an AMBIGUOUS message
INTERNAL_ERROR = "internal error while reading this line"
_TOO_LONG_LINE = Rejection(
    RejectReason.TOO_LONG, f"Lines over {MAX_LINE_CHARS} characters are not read."
)

_LINE_BREAK = re.compile(r"\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")
_ORDER_BREAK = re.compile(r"[,;]")
# Discord list and quote markers before an order: "- A Par - Bur", "1. A Par H", "> ..."
_BULLET = re.compile(r"^(?:[-*\u2022\u00b7>]+|\d{1,3}[.)])\s+")
_COMMENT = re.compile(r"\s(?:#|//).*$")
# Issue 33: a full stop, "!" or "?" and a space end a sentence ("sorry, was away. A Con B").
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_NO_ORDER = (RejectReason.UNREADABLE, RejectReason.UNKNOWN_PROVINCE)
_MAX_SENTENCES = 12  # more in one piece is a letter, not orders with a greeting
_MAX_JOINED = 3  # sentences one order may span: "F St. Petersburg No. Coast - Bot"
# What a results report writes after an order: rules/004's marks in square brackets
# ("[d*]", "[r-Gas*]", "[nso]"), judges' "(*bounce*)", other bots' "Bounced with Vie",
# godip's "ErrBounce", dipgm's own "bounced", "support cut".
_RESULT = re.compile(
    r"""\[\s*\*?\s*(?:d|r|u|nso|nsu|otm|io|ia|nmr|nrr|nbr|otb|dislodged)\b
    | \b(?:bounced?|bounces|stand-?off|fail(?:s|ed|ure)?|succeed(?:s|ed)?|success(?:ful)?
        |dislodged|destroyed|annihilated|cut|void|illegal|invalid|disrupted|moved|held
        |retreated|no\s+convoy|no\s+such\s+(?:unit|order)|nso|nsu
        |support\s+(?:cut|given|failed|broken)|convoy\s+(?:failed|disrupted)|err[a-z]+)\b""",
    re.IGNORECASE | re.VERBOSE,
)
_RESULT_SHOWN = 60  # characters of an ignored result quoted in the note


@dataclass(frozen=True, slots=True)
class ParsedLine:
    """One order as the player wrote it (`text`) and as it was read.

    `order` is what was read, set even when the order is then found illegal;
    `rejection` is None when the order is accepted; `notes` say how the line was
    interpreted ("interpreted as F Gas - Spa/nc").
    """

    text: str
    order: Order | None
    rejection: Rejection | None = None
    notes: tuple[str, ...] = ()

    @property
    def accepted(self) -> bool:
        return self.order is not None and self.rejection is None


def parse_orders(
    text: str, position: Position, power: Power, board: Board = STANDARD
) -> list[ParsedLine]:
    """Read a message of orders for `power`. Never raises.

    Only the first 100 lines are read; one extra `ParsedLine` (TOO_LONG) says how
    many were left. Limits that span orders (duplicates, too many builds) are
    checked with `validate_all`: the last order for a unit stands.
    """
    if not isinstance(text, str):
        text = "" if text is None else str(text)
    lines = _LINE_BREAK.split(text, maxsplit=MAX_LINES)
    rest = ""
    if len(lines) > MAX_LINES:
        rest = lines.pop()
    out: list[ParsedLine] = []
    for line in lines:
        out.extend(_parse_physical_line(line, position, power, board))
    if rest.strip():
        skipped = len(_LINE_BREAK.findall(rest)) + 1
        out.append(
            ParsedLine(
                rest[:40],
                None,
                Rejection(
                    RejectReason.TOO_LONG,
                    f"Only the first {MAX_LINES} lines are read; {skipped} more were ignored. "
                    "Send the rest in another message.",
                ),
            )
        )
    return _check_together(out, position, board)


def parse_order(line: str, position: Position, power: Power, board: Board = STANDARD) -> ParsedLine:
    """Read one order. An empty line gives an EMPTY rejection. Never raises."""
    try:
        return _parse_one(line, position, power, board)
    except Exception:  # the last guard: a player's message must never crash the bot
        log.exception("order parser failed on %r", line[:MAX_LINE_CHARS])
        return ParsedLine(line, None, Rejection(RejectReason.UNREADABLE, INTERNAL_ERROR))


def _parse_physical_line(
    line: str, position: Position, power: Power, board: Board
) -> Iterator[ParsedLine]:
    stripped = _COMMENT.sub("", _BULLET.sub("", line.strip())).strip()
    if not stripped or stripped.startswith(("#", "//")):
        return
    if len(stripped) > MAX_LINE_CHARS:
        yield ParsedLine(stripped[:60] + "…", None, _TOO_LONG_LINE)
        return
    if stripped.endswith(":"):
        heading = _heading_power(stripped, power, board)
        if heading is not None:
            yield heading
        return
    parts = [p for p in _ORDER_BREAK.split(stripped) if p.strip()]
    for part in parts[:_MAX_ORDERS_PER_LINE]:
        yield from _parse_piece(part.strip(), position, power, board)
    if len(parts) > _MAX_ORDERS_PER_LINE:
        extra = len(parts) - _MAX_ORDERS_PER_LINE
        message = f"Only {_MAX_ORDERS_PER_LINE} orders per line are read; {extra} more were not."
        yield ParsedLine(
            parts[_MAX_ORDERS_PER_LINE].strip()[:40],
            None,
            Rejection(RejectReason.TOO_LONG, message),
        )


def _parse_piece(piece: str, position: Position, power: Power, board: Board) -> list[ParsedLine]:
    """One piece between commas: one order, or (issue 33) orders among chat sentences.

    A piece that reads as no order as a whole ("was away. A Con B") is read again
    sentence by sentence; when one sentence is an order, each sentence is its own line
    and the chat stays UNREADABLE, so the echo says it was not read. A piece that reads
    as a whole is never split ("A St. Petersburg - Mos").
    """
    parsed = parse_order(piece, position, power, board)
    rejection = parsed.rejection
    if rejection is not None and rejection.reason is RejectReason.EMPTY:
        return []
    if parsed.order is None and rejection is not None and rejection.reason in _NO_ORDER:
        return _sentences(piece, position, power, board) or [parsed]
    return [parsed]


def _sentences(piece: str, position: Position, power: Power, board: Board) -> list[ParsedLine]:
    """The piece read sentence by sentence, or nothing when no sentence is an order.

    From the first sentence on, the longest run of at most three sentences that reads
    as an order is one line ("sorry. F St. Petersburg/sc - Bot": the full stop of
    "St." does not end a sentence); a sentence that starts no such run is chat."""
    bounds = [0]
    for match in _SENTENCE_END.finditer(piece):
        bounds += [match.start(), match.end()]
    bounds.append(len(piece))
    spans = list(zip(bounds[::2], bounds[1::2], strict=True))
    if not 1 < len(spans) <= _MAX_SENTENCES:
        return []
    out: list[ParsedLine] = []
    found = False
    i = 0
    while i < len(spans):
        order = _longest_order(piece, spans, i, position, power, board)
        if order is not None:
            j, line = order
            out.append(line)
            found = True
            i = j
        else:
            sentence = piece[spans[i][0] : spans[i][1]]
            out.extend(_chat(sentence, parse_order(sentence, position, power, board)))
            i += 1
    return out if found else []


def _longest_order(
    piece: str,
    spans: list[tuple[int, int]],
    i: int,
    position: Position,
    power: Power,
    board: Board,
) -> tuple[int, ParsedLine] | None:
    """The longest run of sentences from the i-th that reads as an order, and its end."""
    for j in range(min(len(spans), i + _MAX_JOINED), i, -1):
        if (i, j) == (0, len(spans)):
            continue  # the whole piece, read already
        text = piece[spans[i][0] : spans[j - 1][1]]
        line = parse_order(text, position, power, board)
        if _is_order(line) and not _only_a_place(text, board):
            return j, line
    return None


def _is_order(line: ParsedLine) -> bool:
    """Read as an order: followed, refused as illegal, or refused as ambiguous."""
    rejection = line.rejection
    return line.order is not None or (
        rejection is not None and rejection.reason is RejectReason.AMBIGUOUS
    )


def _only_a_place(text: str, board: Board) -> bool:
    """A sentence that is a place name alone ("Thanks! Moscow?"): among chat it is no
    order, though a piece of its own ("Mos") is read as the unit there holding."""
    try:
        draft = read_draft(text, board)
    except OrderSyntaxError:
        return False
    unit = draft.unit
    return draft.verb is Verb.NONE and (unit is None or unit.type is None)


def _chat(text: str, read: ParsedLine) -> list[ParsedLine]:
    """A sentence that is no order: an UNREADABLE line with the player's words. An
    order with a misspelt place keeps its "Did you mean …?" ("A Par - Marseile.")."""
    rejection = read.rejection
    if rejection is not None and rejection.reason is RejectReason.EMPTY:
        return []
    if rejection is not None and read.order is None:
        suggested = rejection.reason is RejectReason.UNKNOWN_PROVINCE and rejection.candidates
        if rejection.reason is RejectReason.UNREADABLE or suggested:
            return [read]
    # Chat read otherwise ("Moscow." alone would be a hold): said as not read.
    message = f"No order could be read from '{text[:60]}'."
    return [ParsedLine(text, None, Rejection(RejectReason.UNREADABLE, message))]


def _heading_power(line: str, power: Power, board: Board) -> ParsedLine | None:
    """A heading naming another power is rejected: these orders are not yours."""
    words = line.rstrip(":").split()
    named = name_index(board).powers.get(words[0].lower()) if len(words) == 1 else None
    if named is None or named == power:
        return None
    return ParsedLine(line, None, _not_yours(named, power))


def _not_yours(named: Power, power: Power) -> Rejection:
    return Rejection(
        RejectReason.NOT_YOUR_UNIT,
        f"These orders are for {named.title()}, but you play {power.title()}.",
    )


def _check_together(lines: list[ParsedLine], position: Position, board: Board) -> list[ParsedLine]:
    accepted = [i for i, line in enumerate(lines) if line.accepted]
    # Every accepted line has an order: the test drops none, it only tells mypy so.
    orders = [order for i in accepted if (order := lines[i].order) is not None]
    try:
        rejections = validate_all(orders, position, board)
    except Exception:
        log.exception("validate_all failed")
        return lines
    out = list(lines)
    for k, rejection in rejections.items():
        i = accepted[k]
        out[i] = ParsedLine(out[i].text, out[i].order, rejection, out[i].notes)
    return out


# --- one line -----------------------------------------------------------------------


def _parse_one(line: str, position: Position, power: Power, board: Board) -> ParsedLine:
    text = line.strip()
    if len(text) > MAX_LINE_CHARS:
        return ParsedLine(text[:60] + "…", None, _TOO_LONG_LINE)
    try:
        draft = read_draft(text, board)
    except OrderSyntaxError as error:
        fallback = _parenthetical(text, position, power, board) or _with_result(
            text, position, power, board
        )
        if fallback is not None:
            return fallback
        return ParsedLine(text, None, Rejection(error.reason, error.message, error.candidates))
    owner = draft.power or power
    if draft.verb is Verb.WAIVE:
        waive = Reading(Waive(owner), True, False)
        if draft.power is not None and draft.power != power:
            return ParsedLine(text, waive.order, _not_yours(draft.power, power))
        return _finish(text, [(waive, validate(waive.order, position, board))], board, draft)
    if draft.verb is Verb.NONE and position.phase.kind is PhaseKind.RETREAT:
        return ParsedLine(
            text,
            None,
            Rejection(
                RejectReason.UNREADABLE,
                "Say where the unit retreats (A Bur - Gas) or that it disbands (A Bur D).",
            ),
        )
    literal = literal_readings(draft, position, owner, board)
    # Unknown words with no unit type and no order word: not an order at all.
    bare = draft.verb is Verb.NONE and draft.unit is not None and draft.unit.type is None
    if bare and not literal:
        return ParsedLine(
            text,
            None,
            Rejection(RejectReason.UNREADABLE, f"No order could be read from '{text[:60]}'."),
        )
    if draft.power is not None and draft.power != power:
        order = literal[0].order if literal else None
        return ParsedLine(text, order, _not_yours(draft.power, power))
    verdicts = [(r, validate(r.order, position, board)) for r in literal]
    if not any(v is None for _, v in verdicts):
        # rules/004 rule 7: look for similar names and details, keep a unique legal one.
        alternatives = all_readings(draft, position, owner, board, _MAX_READINGS)[len(literal) :]
        verdicts += [(r, validate(r.order, position, board)) for r in alternatives]
    return _finish(text, verdicts, board, draft)


def _parenthetical(text: str, position: Position, power: Power, board: Board) -> ParsedLine | None:
    """rules/004 rule 7: an amusing order may carry a plain one in brackets."""
    match = re.search(r"[(\[]([^()\[\]]{3,80})[)\]]\s*$", text)
    if match is None or match.start() == 0:
        return None
    inner = parse_order(match.group(1), position, power, board)
    if inner.order is None:
        return None
    note = f"interpreted as {format_order(inner.order, board)}"
    return ParsedLine(text, inner.order, inner.rejection, (note,))


def _with_result(text: str, position: Position, power: Power, board: Board) -> ParsedLine | None:
    """A line copied from a results report: the order, then its outcome ("A Ven -> Tyr
    Bounced with Vie (1 against 1)."). The order is read, the outcome ignored, and the
    note says both. The words before the outcome must be a whole order with an order
    word (a bare "A Par" before "bounced" is no order), and the outcome one sentence: a
    further sentence may be an order, which the sentence reading finds."""
    for match in _RESULT.finditer(text):
        head = text[: match.start()].rstrip(" \t([*:,;")
        rest = text[len(head) :].strip()
        if _SENTENCE_END.search(rest) is not None:
            return None
        try:
            if read_draft(head, board).verb is Verb.NONE:
                continue
        except OrderSyntaxError:
            continue
        read = _parse_one(head, position, power, board)
        shown = rest if len(rest) <= _RESULT_SHOWN else rest[:_RESULT_SHOWN] + "…"
        ignored = f"the rest of the line, '{shown}', is a result, not an order, and was ignored"
        if read.order is None:
            return ParsedLine(text, None, read.rejection, (ignored,))
        said = read.notes or (f"interpreted as {format_order(read.order, board)}",)
        return ParsedLine(text, read.order, read.rejection, (*said, ignored))
    return None


def _finish(
    text: str,
    verdicts: list[tuple[Reading, Rejection | None]],
    board: Board,
    draft: Draft,
) -> ParsedLine:
    literal_legal = _distinct([r for r, v in verdicts if r.literal and v is None])
    chosen = literal_legal or _distinct([r for r, v in verdicts if v is None])
    if len(chosen) == 1:
        reading = chosen[0]
        notes = (
            (f"interpreted as {format_order(reading.order, board)}",)
            if (reading.changed or not reading.literal)
            else ()
        )
        return ParsedLine(text, reading.order, None, notes)
    if len(chosen) > 1:
        options = tuple(format_order(r.order, board) for r in chosen)
        shown = " or ".join(options[:_MAX_SHOWN]) + (" or …" if len(options) > _MAX_SHOWN else "")
        return ParsedLine(
            text,
            None,  # nothing definite was read; the candidates say what might have been
            Rejection(
                RejectReason.AMBIGUOUS,
                f"'{text}' could mean {shown}; the unit holds. Say which.",
                options,
            ),
        )
    # Nothing legal: report the reading closest to what was written.
    literal = [(r, v) for r, v in verdicts if r.literal]
    if not literal:
        unknown = _unknown_place(draft, board)
        return ParsedLine(
            text, None, unknown or Rejection(RejectReason.UNREADABLE, "No order could be read.")
        )
    first, verdict = literal[0]
    return ParsedLine(text, first.order, verdict)


def _distinct(readings: list[Reading]) -> list[Reading]:
    seen: dict[Order, Reading] = {}
    for r in readings:
        seen.setdefault(r.order, r)
    return list(seen.values())


def _unknown_place(draft: Draft, board: Board) -> Rejection | None:
    for place in _places(draft):
        if place.exact is None:
            options = tuple(place_name(Location(p), board) for p in suggest(place.text, board))
            hint = f" Did you mean {', '.join(options)}?" if options else ""
            return Rejection(
                RejectReason.UNKNOWN_PROVINCE,
                f"I don't know the place '{place.text}'.{hint}",
                options,
            )
    return None


def _places(draft: Draft) -> list[PlaceText]:
    places = [u.place for u in (draft.unit, draft.target) if u is not None]
    return places + ([draft.destination] if draft.destination is not None else [])
