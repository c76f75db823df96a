"""Reading one order line into a draft: what the player wrote, before any board check.

A small tokenizer and a recursive-descent reader. The draft keeps every place as
written (`PlaceText`); deciding which province it is, and whether the order is
legal, is `adjudication.text.parse`'s job. Syntax problems raise `OrderSyntaxError`,
which only `parse` catches.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, replace
from enum import StrEnum

from adjudication.model.board import Board
from adjudication.model.rejections import RejectReason
from adjudication.model.units import Location, Power, UnitType
from adjudication.text.names import COAST_WORDS, SLASH_COAST_LETTERS, key, name_index


class OrderSyntaxError(Exception):
    """The line could not be read as an order; `reason` and `message` say why."""

    def __init__(self, reason: RejectReason, message: str, candidates: tuple[str, ...] = ()):
        super().__init__(message)
        self.reason = reason
        self.message = message
        self.candidates = candidates


class Verb(StrEnum):
    NONE = "none"  # a unit and nothing else
    HOLD = "hold"
    MOVE = "move"
    SUPPORT = "support"
    CONVOY = "convoy"
    RETREAT = "retreat"
    DISBAND = "disband"
    BUILD = "build"
    WAIVE = "waive"
    # rules/004 Kriegsplomacy (read only on a board with them: `Board.holding_orders`).
    ESPIONAGE = "espionage"
    COUNTER_ESPIONAGE = "counter-espionage"


# Order words, by key. Single letters are the judge abbreviations (rules/000 §7).
_VERBS: dict[str, Verb] = {
    **dict.fromkeys(("h", "hold", "holds", "stand", "stands", "stay", "stays"), Verb.HOLD),
    **dict.fromkeys(
        (
            "-",
            "m",
            "mv",
            "move",
            "moves",
            "moving",
            "to",
            "attack",
            "attacks",
            "attacking",
            "go",
            "goes",
            "advance",
            "advances",
            "invade",
            "invades",
            "enter",
            "enters",
            "into",
        ),
        Verb.MOVE,
    ),
    **dict.fromkeys(
        ("s", "sup", "supp", "support", "supports", "supporting", "sa", "sf"), Verb.SUPPORT
    ),
    **dict.fromkeys(("c", "convoy", "convoys", "convoying", "cvy", "ca"), Verb.CONVOY),
    **dict.fromkeys(("r", "retreat", "retreats", "retreating"), Verb.RETREAT),
    **dict.fromkeys(
        ("d", "disband", "disbands", "disbanded", "remove", "removes", "destroy", "delete"),
        Verb.DISBAND,
    ),
    **dict.fromkeys(("b", "build", "builds", "building"), Verb.BUILD),
    **dict.fromkeys(("w", "waive", "waives", "waived", "waiving"), Verb.WAIVE),
    # rules/004 rule 7: "special order such as espionage ... the precise format is
    # unimportant": "A Mun E", "A Mun spies"; "A Rur CE", "A Rur counter-espionage".
    **dict.fromkeys(("e", "esp", "espionage", "spy", "spies", "spying"), Verb.ESPIONAGE),
    **dict.fromkeys(
        ("ce", "counter", "counterespionage", "counterspy", "counterspies"),
        Verb.COUNTER_ESPIONAGE,
    ),
}
# Electronic-protocol and judge-report abbreviations name the other unit's type with the
# order word: "A Pic SA Par-Bur" (supports army), "A Gal SF Rum" (supports fleet),
# "F Eng CA Wal-Bre" (convoys army).
_TYPE_IN_VERB = {"sa": UnitType.ARMY, "sf": UnitType.FLEET, "ca": UnitType.ARMY}
_TYPES = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
# A variant's kinds of unit are words only on a board that has them (`UnitKind.words`:
# rules/004's "The letter P is used to designate the plane on all orders"): in the
# standard game "P" is no unit.
_types_by_board: dict[int, tuple[Board, dict[str, UnitType]]] = {}


def _unit_types(board: Board) -> dict[str, UnitType]:
    """The unit words of `board`: the rulebook's, and those of its kinds of unit."""
    if not board.kinds:
        return _TYPES
    cached = _types_by_board.get(id(board))
    if cached is None or cached[0] is not board:
        words = {w: kind for kind, rules in board.kinds.items() for w in rules.words}
        cached = _types_by_board[id(board)] = (board, {**_TYPES, **words})
    return cached[1]


_AFTER_MOVE = frozenset(("to", "into", "on", "towards"))  # "moves to", "attacks into"
_FILLER = frozenset(("the", "in", "at", "from", "an"))  # "build a fleet in Brest"
_VIA = frozenset(("via", "convoyed", "vc"))
_MAX_SPAN = 6  # tokens in the longest place name ("Gulf of Lyon", "St. Pete'g No. Coast")
_MAX_KEY = 40  # letters in the longest spelling worth looking up

_ARROWS = re.compile(r"->|=>|-->|[\u2192\u27f6\u2794\u21d2\u2013\u2014\u2212\u2010\u2011]")
_TOKEN = re.compile(r"[^\W_]+(?:[.'\u2019][^\W_]+)*[.]?|[-/:]")


@dataclass(frozen=True, slots=True)
class PlaceText:
    """A place as written: `text`, the board location it names exactly (if any), a coast."""

    text: str
    exact: Location | None
    coast: str | None = None  # coast code as written, "?" for a coast the reader did not know


@dataclass(frozen=True, slots=True)
class UnitText:
    """A unit as written: optional nationality, optional type, and its place."""

    place: PlaceText
    type: UnitType | None = None
    power: Power | None = None


@dataclass(frozen=True, slots=True)
class Draft:
    """One order as written. `target` is the supported or convoyed unit."""

    verb: Verb
    unit: UnitText | None = None
    target: UnitText | None = None
    destination: PlaceText | None = None
    via_convoy: bool = False
    power: Power | None = None  # "England: ..." prefix
    # A support written with a protocol abbreviation ("SA", "SF"), whose reports write
    # a support of a hold as a move to its own place: "A Gal SF Rum-Rum".
    abbreviated: bool = False


def tokenize(line: str) -> tuple[list[str], list[str]]:
    """The keys of the words of `line` ("-", "/" and ":" kept as tokens), and the
    words as written, for messages."""
    text = _ARROWS.sub(" - ", unicodedata.normalize("NFKC", line))
    keys: list[str] = []
    words: list[str] = []
    for raw in _TOKEN.findall(text):
        k = raw if raw in "-/:" else key(raw)
        if k:
            keys.append(k)
            words.append(raw)
    return keys, words


class _Reader:
    """Recursive descent over the tokens of one line."""

    def __init__(self, tokens: list[str], words: list[str], board: Board):
        self.tokens = tokens
        self.words = words
        self.i = 0
        self.board = board
        self.index = name_index(board)
        self.types = _unit_types(board)

    # -- helpers -----------------------------------------------------------------------
    def peek(self, ahead: int = 0) -> str | None:
        j = self.i + ahead
        return self.tokens[j] if j < len(self.tokens) else None

    def take(self) -> str:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def at_end(self) -> bool:
        return self.i >= len(self.tokens)

    def verb_here(self) -> Verb | None:
        token = self.peek()
        return _VERBS.get(token) if token is not None else None

    def fail(self, message: str) -> OrderSyntaxError:
        return OrderSyntaxError(RejectReason.UNREADABLE, message)

    # -- grammar -----------------------------------------------------------------------
    def draft(self) -> Draft:
        power = self.power_prefix()
        first = self.verb_here()
        if first is Verb.WAIVE or (self.peek() == "no" and self.peek(1) in ("build", "builds")):
            self.i = len(self.tokens)
            return Draft(Verb.WAIVE, power=power)
        if first in (Verb.BUILD, Verb.DISBAND, Verb.RETREAT, Verb.HOLD):
            self.take()
            unit = self.unit()
            power = power or unit.power
            if first is Verb.RETREAT:
                # "R A Bur - Gas", "R A Bur Gas": a retreat always names where to.
                if self.verb_here() in (Verb.MOVE, Verb.RETREAT):
                    self.take()
                return self.finish(Draft(first, unit, destination=self.place(), power=power))
            return self.finish(Draft(first, unit, power=power))
        unit = self.unit()
        # "the French army in Paris - Burgundy": the nationality of the ordered unit
        # is checked as a "France:" prefix is.
        return self.finish(self.tail(unit, power or unit.power))

    def power_prefix(self) -> Power | None:
        token = self.peek()
        if token is None or token not in self.index.powers:
            return None
        following = self.peek(1)
        named_place = token in self.index.locations
        if following == ":" or following in self.types or not named_place:
            self.take()
            if self.peek() == ":":
                self.take()
            return self.index.powers[token]
        return None

    def tail(self, unit: UnitText, power: Power | None) -> Draft:
        verb = self.verb_here()
        if verb is None:
            if self.at_end():
                return Draft(Verb.NONE, unit, power=power)
            raise self.fail(f"I don't know what '{self.words[self.i]}' means here.")
        word = self.take()
        if verb in (Verb.ESPIONAGE, Verb.COUNTER_ESPIONAGE) and not self.board.holding_orders:
            raise self.fail("Espionage (E) and counter-espionage (CE) are Kriegsplomacy orders.")
        if verb in (Verb.HOLD, Verb.DISBAND, Verb.BUILD, Verb.ESPIONAGE):
            return Draft(verb, unit, power=power)
        if verb is Verb.COUNTER_ESPIONAGE:
            # "counter-espionage", "counter espionage": one order in two words.
            if self.peek() == "-":
                self.take()
            if self.verb_here() is Verb.ESPIONAGE:
                self.take()
            return Draft(verb, unit, power=power)
        if verb in (Verb.MOVE, Verb.RETREAT):
            if word == "-" and self.hold_ends_here():
                return Draft(Verb.HOLD, unit, power=power)  # "A Mos-H", "A Edi-holds"
            if self.peek() in _AFTER_MOVE:
                self.take()
            destination = self.place()
            via = False
            # A written convoy route "A Lon - Nth - Bel": the army expects a convoy.
            while self.verb_here() is Verb.MOVE:
                self.take()
                destination = self.place()
                via = True
            via = self.via() or via
            return Draft(verb, unit, destination=destination, via_convoy=via, power=power)
        if verb is Verb.SUPPORT:
            draft = self.support(unit, power, _TYPE_IN_VERB.get(word))
            return replace(draft, abbreviated=word in _TYPE_IN_VERB)
        if verb is Verb.CONVOY:
            target = self.unit(_TYPE_IN_VERB.get(word))
            if self.verb_here() is not Verb.MOVE:
                raise self.fail("A convoy order says where the army goes: F Nth C A Lon - Bel.")
            self.take()
            if self.peek() in _AFTER_MOVE:
                self.take()
            return Draft(verb, unit, target=target, destination=self.place(), power=power)
        raise self.fail(f"'{verb.value}' cannot follow a unit here.")

    def hold_ends_here(self) -> bool:
        """A hold word that ends the line, after a dash: judges' "A Mos-H", "F Aeg-holds".
        No place is spelt like a hold word, so the dash cannot have meant a move."""
        if self.verb_here() is Verb.HOLD and self.peek(1) is None:
            self.take()
            return True
        return False

    def support(self, unit: UnitText, power: Power | None, kind: UnitType | None) -> Draft:
        """The rest of a support: "S A Bul - Gre", "S A Bul" (to hold), and the prose
        forms "support TO Gre from Bul", "supports the move from Bul to Gre"."""
        while self.peek() == "the" and self.peek(1) is not None:
            self.take()
        word = self.peek()
        if word != "-" and word is not None and _VERBS.get(word) is Verb.MOVE:
            self.take()  # "supports the move ...", "support TO Gre ..."
            if self.peek() in ("of", "from"):
                self.take()  # "the move of A Bul to Gre", "the move from Bul to Gre"
                return self.supported_move(unit, power, self.unit(kind))
            if self.peek() in _AFTER_MOVE:
                self.take()  # "the attack on Gre"
            into = self.place()
            if self.peek() != "from":
                raise self.fail("Say which unit moves there: F Aeg S A Bul - Gre.")
            self.take()
            target = self.unit(kind)
            return Draft(Verb.SUPPORT, unit, target=target, destination=into, power=power)
        if word == "from":
            # "S from Bul to Gre": a support from a place is for a move from it.
            self.take()
            target = self.unit(kind)
            if self.verb_here() is not Verb.MOVE:
                raise self.fail("Say where the supported unit moves: F Aeg S A Bul - Gre.")
            return self.supported_move(unit, power, target)
        target = self.unit(kind)
        if self.peek() == "to" and _VERBS.get(self.peek(1) or "") is Verb.HOLD:
            self.take()  # "supports A Vie to hold"
        if self.verb_here() is Verb.MOVE:
            return self.supported_move(unit, power, target)
        if self.verb_here() is Verb.HOLD:
            self.take()
        return Draft(Verb.SUPPORT, unit, target=target, power=power)

    def supported_move(self, unit: UnitText, power: Power | None, target: UnitText) -> Draft:
        """The supported unit's move, from its order word on: "- Gre", "to Gre", "-H"."""
        into: PlaceText | None = None  # None: support to hold
        if self.verb_here() is not Verb.MOVE:
            raise self.fail("Say where the supported unit moves: F Aeg S A Bul - Gre.")
        word = self.take()
        if not (word == "-" and self.hold_ends_here()):  # "A Sil S A Ber-H": to hold
            if self.peek() in _AFTER_MOVE:
                self.take()
            into = self.place()
            self.via()
        return Draft(Verb.SUPPORT, unit, target=target, destination=into, power=power)

    def via(self) -> bool:
        token = self.peek()
        if token in _VIA or (token == "by" and self.peek(1) in ("convoy", "sea", "c")):
            self.i = len(self.tokens)  # "via convoy", or a route after it: all of it is the tag
            return True
        return False

    def unit(self, implied: UnitType | None = None) -> UnitText:
        """A unit: its place, after an optional type and nationality in either order
        ("German A Ber", "A German Ber", "the German army in Berlin", "Germany's A Ber").
        `implied`: the type an order word named ("SA", "SF", "CA")."""
        while self.peek() == "the" and self.peek(1) is not None:
            self.take()
        power: Power | None = None
        unit_type: UnitType | None = None
        while (token := self.peek()) is not None:
            if token in self.types:
                unit_type = self.types[self.take()]
            elif power is None and (named := self.nationality(token)) is not None:
                self.take()
                power = named
            else:
                break
        return UnitText(self.place(), unit_type or implied, power)

    def nationality(self, token: str) -> Power | None:
        """The power a word names before a unit's place, if it is no place itself."""
        powers = self.index.powers
        named = powers.get(token)
        if named is None and token.endswith("s"):
            named = powers.get(token[:-1])  # "Germany's A Ber": a power's possessive
        if named is None:
            return None
        # "English Channel" is a place, "German Sil" is not.
        if self.peek(1) in self.types or self.longest_place(self.i) is None:
            return named
        return None

    def place(self) -> PlaceText:
        while self.peek() in _FILLER and self.peek(1) is not None:
            self.take()
        start = self.i
        found = self.longest_place(start)
        if found is None:
            words = self.unknown_words(start)
            if not words:
                token = self.words[self.i] if not self.at_end() else None
                before = f"'{token}'" if token else "the end of the line"
                raise self.fail(f"Expected a province before {before}.")
            text = " ".join(self.words[start : self.i])
            return PlaceText(text, None, self.coast())
        end, where = found
        text = " ".join(t for t in self.words[start:end] if t != "-")
        self.i = end
        coast = self.coast()
        if where.coast is not None:
            coast = where.coast
            where = where.province_only()
        return PlaceText(text, where, coast)

    def longest_place(self, start: int) -> tuple[int, Location] | None:
        tokens = self.tokens
        if start >= len(tokens) or tokens[start] in "-/:":
            return None
        first = tokens[start]
        # Grow the span one token at a time, remembering the longest that names a place.
        best: tuple[int, Location] | None = None
        joined = first
        hyphen = False
        where = self.index.locations.get(joined)
        if where is not None:
            best = (start + 1, where)
        for end in range(start + 1, min(len(tokens), start + _MAX_SPAN)):
            token = tokens[end]
            # A later one-letter token is an order word ("F Nth S ..." is not "NthS").
            if token in "/:" or (len(token) == 1 and token != "-") or len(joined) > _MAX_KEY:
                break
            if token == "-":
                hyphen = True
                continue
            joined += token
            if hyphen and joined not in self.index.hyphenated:
                continue
            where = self.index.locations.get(joined)
            if where is not None:
                best = (end + 1, where)
        return best

    def unknown_words(self, start: int) -> list[str]:
        words: list[str] = []
        while self.i < len(self.tokens) and len(words) < 3:
            token = self.tokens[self.i]
            if token in "-/:" or token in _VERBS or token in self.types or token in COAST_WORDS:
                break
            if token in _VIA or (words and token in self.index.powers):
                break
            words.append(self.take())
        return words

    def coast(self) -> str | None:
        token = self.peek()
        if token is None:
            return None
        if token == "/":
            self.take()
            word = self.peek()
            if word is None:
                return "?"
            self.take()
            if self.peek() == "coast":
                self.take()
            return COAST_WORDS.get(word) or SLASH_COAST_LETTERS.get(word) or "?"
        if token in COAST_WORDS:
            self.take()
            if self.peek() == "coast":
                self.take()
            return COAST_WORDS[token]
        if token in ("nc", "sc", "ec", "wc"):
            self.take()
            return token.upper()
        return None

    def finish(self, draft: Draft) -> Draft:
        if not self.at_end():
            rest = " ".join(self.words[self.i :])
            raise self.fail(f"I read the order but not what follows it: '{rest[:40]}'.")
        return draft


def read_draft(line: str, board: Board) -> Draft:
    """The order `line` states, as written. Raises `OrderSyntaxError`."""
    tokens, words = tokenize(line)
    if not tokens:
        raise OrderSyntaxError(RejectReason.EMPTY, "The line is empty.")
    return _Reader(tokens, words, board).draft()
