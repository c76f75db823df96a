"""Province, coast and power names as players write them.

Every spelling is reduced to a *key* (lower case, accents and punctuation and spaces
removed: "St. Petersburg" -> "stpetersburg") and looked up in an index built from the
board: its codes, its English names, and its players' spellings of places and powers
(`Board.aliases`, `Board.power_aliases`: the standard board's are
`adjudication.maps.standard_names`). Nothing here guesses
between provinces: `province_candidates` lists every plausible reading and the
parser keeps the one legal reading, as rules/004 rule 7 asks.
"""

from __future__ import annotations

import bisect
import difflib
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from adjudication.model.board import Board
from adjudication.model.units import Location, Power

# Coast spellings (as keys) -> the board's coast code.
COAST_WORDS: Mapping[str, str] = {
    "nc": "NC",
    "north": "NC",
    "northcoast": "NC",
    "ncoast": "NC",
    "northern": "NC",
    "sc": "SC",
    "south": "SC",
    "southcoast": "SC",
    "scoast": "SC",
    "southern": "SC",
    "ec": "EC",
    "east": "EC",
    "eastcoast": "EC",
    "ecoast": "EC",
    "eastern": "EC",
    "wc": "WC",
    "west": "WC",
    "westcoast": "WC",
    "wcoast": "WC",
    "western": "WC",
}
# One-letter coasts only after a slash ("Spa/n"), never free-standing: "S" is support.
SLASH_COAST_LETTERS: Mapping[str, str] = {"n": "NC", "s": "SC", "e": "EC", "w": "WC"}

_MIN_PREFIX = 3  # shorter fragments match too many provinces to be worth offering


_ASCII_PUNCTUATION = "".join(chr(c) for c in range(128) if not chr(c).isalnum())
_DROP_ASCII = str.maketrans("", "", _ASCII_PUNCTUATION)


def key(text: str) -> str:
    """The lookup key of a spelling: lower case ASCII letters and digits only."""
    if text.isascii():  # the common case, without the cost of normalising
        return text.lower().translate(_DROP_ASCII)
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed.lower() if ch.isascii() and ch.isalnum())


def _coastless_sea_names(name: str) -> list[str]:
    """'Adriatic Sea' -> 'Adriatic'; 'Gulf of Bothnia' -> 'Bothnia', where unambiguous."""
    words = name.replace("-", " ").split()
    out = []
    if len(words) > 1 and words[-1].lower() in ("sea", "ocean", "bight"):
        out.append(" ".join(words[:-1]))
    if len(words) > 2 and [w.lower() for w in words[:2]] == ["gulf", "of"]:
        out.append(" ".join(words[2:]))
    return out


@dataclass(frozen=True)
class NameIndex:
    """All spellings of one board, by key.

    `locations`: key -> location ("STP/SC" for a coast form such as "StPSC").
    `spellings`: key -> province, for every key (used for prefix and fuzzy matching).
    `powers`: key -> power.
    """

    locations: Mapping[str, Location]
    spellings: tuple[tuple[str, str], ...]
    powers: Mapping[str, Power]
    # Keys of spellings written with a hyphen ("Mid-Atlantic"): only these may be read
    # across a "-", which otherwise means a move ("Swe-Den" is not "Sweden").
    hyphenated: frozenset[str]


def _build_index(board: Board) -> NameIndex:
    locations: dict[str, Location] = {}

    hyphenated: set[str] = set()

    def add(spelling: str, where: Location, override: bool = False) -> None:
        k = key(spelling)
        if "-" in spelling:
            hyphenated.add(k)
        # Power words and coast words must stay free for the grammar.
        if not k or k in COAST_WORDS or (k in locations and not override):
            return
        locations[k] = where

    for code, province in board.provinces.items():
        add(code, Location(code), override=True)
        add(province.name, Location(code), override=True)
    for spelling, target in board.aliases.items():
        where = Location.parse(target)
        if where.province in board.provinces:
            add(spelling, where)
    for code, province in board.provinces.items():
        for short in _coastless_sea_names(province.name):
            add(short, Location(code))
    powers = _power_keys(board)
    for k in powers:
        # "English" would read as the English Channel; powers win single words.
        if k in locations and k not in {key(c) for c in board.provinces}:
            del locations[k]
    spellings = tuple(sorted((k, loc.province) for k, loc in locations.items()))
    return NameIndex(locations, spellings, powers, frozenset(hyphenated))


def _power_keys(board: Board) -> dict[str, Power]:
    out: dict[str, Power] = {}
    for power in board.powers:
        out[key(power)] = power
    for spelling, power in board.power_aliases.items():
        out[key(spelling)] = power
    return out


_INDEXES: dict[int, tuple[Board, NameIndex]] = {}


def name_index(board: Board) -> NameIndex:
    """The (cached) spelling index of `board`."""
    hit = _INDEXES.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    index = _build_index(board)
    _INDEXES[id(board)] = (board, index)
    return index


def resolve_coast(text: str) -> str | None:
    """ "north coast", "n.c.", "NC", "(sc)" -> "NC"/"SC"; None if not a coast."""
    k = key(text)
    if k.endswith("coast") and k[:-5] in SLASH_COAST_LETTERS:
        return SLASH_COAST_LETTERS[k[:-5]]
    return COAST_WORDS.get(k)


def resolve_province(text: str, board: Board) -> str | None:
    """The province a spelling names exactly ("Mid-Atlantic" -> "MAO"), else None."""
    where = resolve_location(text, board)
    return where.province if where else None


def resolve_location(text: str, board: Board) -> Location | None:
    """A spelling with an optional coast: "Spa/nc", "Spa (north coast)", "StP NC", "BulEC".

    The coast is kept only when the province has it; None when the text names no
    province exactly (see `suggest` for typos).
    """
    index = name_index(board)
    k = key(text)
    where = index.locations.get(k)
    if where is not None:
        return where
    for split in _coast_splits(text):
        head, coast = split
        base = index.locations.get(key(head))
        if base is not None and coast in board.provinces[base.province].coasts:
            return Location(base.province, coast)
        if base is not None:
            return base
    return None


def _coast_splits(text: str) -> list[tuple[str, str]]:
    """Ways to read the end of `text` as a coast: "Spa/nc", "Spa (nc)", "StP north coast"."""
    out = []
    for sep in ("/", "("):
        head, found, tail = text.rpartition(sep)
        if found:
            coast = resolve_coast(tail.strip(" )")) or SLASH_COAST_LETTERS.get(key(tail))
            if coast:
                out.append((head, coast))
    words = text.replace("/", " ").replace("(", " ").replace(")", " ").split()
    for n in (2, 1):
        if len(words) > n:
            coast = resolve_coast(" ".join(words[-n:]))
            if coast:
                out.append((" ".join(words[:-n]), coast))
    k = key(text)
    for suffix, coast in (("nc", "NC"), ("sc", "SC"), ("ec", "EC"), ("wc", "WC")):
        if len(k) > 2 and k.endswith(suffix):
            out.append((k[:-2], coast))
    return out


def resolve_power(text: str, board: Board) -> Power | None:
    """ "Russian", "Rus", "russia" -> "RUSSIA"; None if not a power."""
    return name_index(board).powers.get(key(text))


def province_candidates(text: str, board: Board) -> tuple[str, ...]:
    """Every province `text` may mean, the exact reading first.

    Exact spelling first; then provinces whose spellings begin with the text
    ("Liv" -> Livonia, Liverpool; "Tyr" -> Tyrolia, Tyrrhenian Sea); then, for a text
    that names no province, abbreviations one letter off ("Tyl" -> Tyrolia, Tyrrhenian
    Sea) and close misspellings ("Pari" -> Paris). Empty when nothing is close.
    """
    name_index(board)  # the cache below finds the board's index by id
    return _candidates_cached(key(text), id(board))


@lru_cache(maxsize=4096)
def _candidates_cached(k: str, board_id: int) -> tuple[str, ...]:
    _, index = _INDEXES[board_id]
    if not k:
        return ()
    out: list[str] = []
    exact = index.locations.get(k)
    if exact is not None:
        out.append(exact.province)
    if len(k) >= _MIN_PREFIX:
        # Spellings are sorted: those starting with k form one run from its insertion point.
        i = bisect.bisect_left(index.spellings, (k, ""))
        while i < len(index.spellings) and index.spellings[i][0].startswith(k):
            province = index.spellings[i][1]
            if province not in out:
                out.append(province)
            i += 1
    if not out:
        out.extend(_one_letter_off(k, index))
        out.extend(p for p in _fuzzy_cached(k, board_id, 4) if p not in out)
    return tuple(out)


_ABBREVIATION = 3  # letters in the usual province abbreviation ("Tyr", "Boh", "Nwy")


def _one_letter_off(k: str, index: NameIndex) -> list[str]:
    """Provinces with a three-letter spelling one letter from `k` ("Tyl": Tyrolia and the
    Tyrrhenian Sea; "Hal": Holland, Heligoland, the Baltic). Every one is a candidate:
    which of them the unit can reach decides (rules/004 rule 7)."""
    if len(k) != _ABBREVIATION:
        return []
    out: list[str] = []
    for spelling, province in index.spellings:
        if len(spelling) != _ABBREVIATION or province in out:
            continue
        if sum(a != b for a, b in zip(k, spelling, strict=True)) == 1:
            out.append(province)
    return out


def _bigrams(k: str) -> frozenset[str]:
    padded = f"^{k}$"
    return frozenset(padded[i : i + 2] for i in range(len(padded) - 1))


@lru_cache(maxsize=8)
def _spelling_bigrams(board_id: int) -> dict[int, list[tuple[str, frozenset[str]]]]:
    """The board's spellings with their letter pairs, by length."""
    _, index = _INDEXES[board_id]
    by_length: dict[int, list[tuple[str, frozenset[str]]]] = {}
    for spelling, _ in index.spellings:
        by_length.setdefault(len(spelling), []).append((spelling, _bigrams(spelling)))
    return by_length


@lru_cache(maxsize=4096)
def _fuzzy_cached(k: str, board_id: int, limit: int) -> tuple[str, ...]:
    if len(k) < _MIN_PREFIX or len(k) > 40:
        return ()
    _, index = _INDEXES[board_id]
    # Short keys are codes: a stricter cutoff keeps "xyz" from matching half the map.
    cutoff = 0.75 if len(k) <= 4 else 0.7
    grams = _bigrams(k)
    slack = max(2, len(k) // 3)
    scored: list[tuple[float, str]] = []
    by_length = _spelling_bigrams(board_id)
    nearby = (
        entry for n in range(len(k) - slack, len(k) + slack + 1) for entry in by_length.get(n, ())
    )
    for spelling, spelling_grams in nearby:
        # Shared letter pairs first: cheap, and it rules out almost every spelling.
        if 4 * len(grams & spelling_grams) < len(grams) + len(spelling_grams):
            continue
        ratio = difflib.SequenceMatcher(None, k, spelling).ratio()
        if ratio >= cutoff:
            scored.append((-ratio, spelling))
    provinces: list[str] = []
    for _, spelling in sorted(scored):
        province = index.locations[spelling].province
        if province not in provinces:
            provinces.append(province)
    return tuple(provinces[:limit])


def _fuzzy(k: str, board: Board, limit: int = 4) -> tuple[str, ...]:
    name_index(board)
    return _fuzzy_cached(k, id(board), limit)


def suggest(text: str, board: Board, limit: int = 5) -> list[str]:
    """Province codes close to a misspelt `text`, best first ("Pari" -> ["PAR", ...])."""
    found = list(province_candidates(text, board))
    for p in _fuzzy(key(text), board, limit):
        if p not in found:
            found.append(p)
    return found[:limit]
