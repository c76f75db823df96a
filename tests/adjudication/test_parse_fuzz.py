"""Fuzzing the order parser: whatever a player sends, `parse_orders` answers and never raises.

100,000 seeded inputs (the first 5,000 in a developer's default run; CI, or
`pytest -m slow`, runs them all): real orders with random edits, shuffled words, random
unicode, control characters, huge lines and empty messages, read in movement, retreat
and adjustment phases. Every line that comes back is either accepted (and then legal)
or rejected with a reason and a message; the parser's last-resort guard never fires.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from adjudication.maps import STANDARD
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase, Unit
from adjudication.play.legal import legal_orders
from adjudication.play.validate import validate
from adjudication.text.names import resolve_province
from adjudication.text.notation import format_order
from adjudication.text.parse import INTERNAL_ERROR, ParsedLine, parse_order, parse_orders
from adjudication.variants import STANDARD_GAME

OPENING = Position.initial(STANDARD_GAME)
RETREATING = Position(
    Phase.parse("F1901R"),
    (Unit.parse("GERMANY", "A BUR"), Unit.parse("FRANCE", "A MAR")),
    dict(OPENING.ownership),
    (Dislodgement(Unit.parse("FRANCE", "A BUR"), "MUN", (Location("GAS"), Location("PIC"))),),
)
BUILDING = Position(
    Phase.parse("W1901A"),
    (Unit.parse("FRANCE", "A BUR"), Unit.parse("RUSSIA", "A WAR")),
    dict(OPENING.ownership),
)
POSITIONS = (OPENING, RETREATING, BUILDING)

EXTRA_ORDERS = [
    "F North Sea Convoys A London - Belgium",
    "A Holland Supports A Ruhr - Belgium",
    "F Spain(nc) - Mid-Atlantic Ocean",
    "F St Petersburg(sc) - Gulf of Bothnia",
    "S RUSSIAN A War-Pru",
    "England: F Lon - NTH",
    "build fleet St Petersburg south coast",
    "A Par B",
    "B A Par",
    "F StP/sc B",
    "remove A Bur",
    "waive",
    "A Bur retreats to Gas",
    "A Lon - Bel via convoy",
    "A Liv - Yor",
    "F Nap - Tyr",
    "A Pari - Bur",
    "F Gas - Spa",
    "Venetian army wanders into Trieste (A Ven-Tri)",
    "A Bur D",
    "W",
    "no builds",
]
NOISE = (
    "-/:,;()[]{}*.'\"!?#<>=|\\~`@$%^&_+ \t"
    "\u2192\u21d2\u2013\u2014\u00e9\u00fc\u00df\u0416\u4e2d\u0627\ud83d\ude00"
    "\x00\x01\x07\x08\x1b\x7f\u200b\u200e\u202e\ufeff\u0301\u2028\r\n\x0b\x0c"
)


def corpus() -> list[str]:
    texts = list(EXTRA_ORDERS)
    for position in (OPENING,):
        for unit in position.units:
            for order in legal_orders(position, STANDARD, unit):
                texts.append(format_order(order, STANDARD, "short"))
                texts.append(format_order(order, STANDARD, "long"))
    return texts


def random_char(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.5:
        return rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
    if roll < 0.8:
        return rng.choice(NOISE)
    if roll < 0.95:
        return chr(rng.randrange(0x20, 0x3000))
    return chr(rng.randrange(0, 0x110000))  # anything, lone surrogates included


def garble(text: str, rng: random.Random) -> str:
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        at = rng.randrange(len(chars) + 1)
        if op < 0.3:
            chars.insert(at, random_char(rng))
        elif op < 0.55 and chars:
            del chars[min(at, len(chars) - 1)]
        elif op < 0.8 and chars:
            chars[min(at, len(chars) - 1)] = random_char(rng)
        elif len(chars) > 1:
            i = rng.randrange(len(chars) - 1)
            chars[i], chars[i + 1] = chars[i + 1], chars[i]
    return "".join(chars)


def shuffle_words(text: str, rng: random.Random) -> str:
    words = text.split()
    rng.shuffle(words)
    return " ".join(words)


def generate(rng: random.Random, texts: list[str]) -> str:
    kind = rng.random()
    if kind < 0.45:
        return garble(rng.choice(texts), rng)
    if kind < 0.55:
        return shuffle_words(rng.choice(texts), rng)
    if kind < 0.7:
        separators = ["\n", ", ", "; ", "\r\n", "\n\n", " , "]
        parts = [rng.choice(texts) for _ in range(rng.randint(2, 6))]
        return "".join(p + rng.choice(separators) for p in parts)
    if kind < 0.85:
        return "".join(random_char(rng) for _ in range(rng.randint(0, 40)))
    if kind < 0.9:
        return rng.choice(["", " ", "\n", "\t\t", "\x00", ",,,", ";", "-", "/", ":", "()", "#"])
    if kind < 0.95:
        # a line of orders joined with random words: readings multiply
        words = " ".join(rng.choice(texts) for _ in range(rng.randint(2, 5)))
        return words[: rng.randint(1, 320)]
    if kind < 0.995:
        return rng.choice(texts) * rng.randint(10, 60)  # well over 300 characters
    return "\n".join(rng.choice(texts) for _ in range(rng.randint(95, 140)))  # over the limit


def check(lines: list[ParsedLine], position: Position) -> None:
    for line in lines:
        assert isinstance(line.text, str)
        assert all(isinstance(n, str) for n in line.notes)
        if line.rejection is None:
            assert line.order is not None
            assert validate(line.order, position, STANDARD) is None, line
        else:
            assert line.rejection.message, line
            assert INTERNAL_ERROR not in line.rejection.message, line


@pytest.mark.parametrize(
    "messages",
    [
        # A developer's run: the first 5,000 of the same seeded stream.
        5_000,
        # CI's run (`.ci/run` selects the slow tests too): the whole stream.
        pytest.param(100_000, marks=pytest.mark.slow),
    ],
)
def test_parser_never_raises_on_generated_messages(messages: int) -> None:
    rng = random.Random(20261121)
    texts = corpus()
    powers = STANDARD.powers
    count = 0
    for count in range(1, messages + 1):
        text = generate(rng, texts)
        position = POSITIONS[count % len(POSITIONS)]
        power = powers[count % len(powers)]
        lines = parse_orders(text, position, power, STANDARD)
        check(lines, position)
    assert count == messages


def test_huge_and_hostile_inputs() -> None:
    hostile = [
        "A Par - Bur" * 100_000,
        "\n" * 1_000_000,
        "A Par H\n" * 50_000,
        ",".join(["A Par H"] * 5_000),
        "\ud800\udfff\x00" * 1000,
        "-" * 299,
        "A " * 150,
        "S " * 150,
        "Liv Liv Liv Liv Liv Liv Liv Liv - Nor Nor Nor Nor S Tyr Tyr Tyr Tyr - Nor",
    ]
    for text in hostile:
        for position in POSITIONS:
            lines = parse_orders(text, position, "FRANCE", STANDARD)
            assert len(lines) <= 100 * 41 + 1
            check(lines, position)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200))
def test_any_text_gives_an_answer(text: str) -> None:
    check(parse_orders(text, OPENING, "ENGLAND", STANDARD), OPENING)
    single = parse_order(text, OPENING, "ENGLAND", STANDARD)
    assert single.accepted or (single.rejection is not None and single.rejection.message)


_LEGAL = [(u, o) for u in OPENING.units for o in legal_orders(OPENING, STANDARD, u)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_LEGAL), st.randoms(use_true_random=False))
def test_case_and_spacing_do_not_matter(unit_and_order: tuple, rng: random.Random) -> None:
    unit, order = unit_and_order
    text = format_order(order, STANDARD, rng.choice(["short", "long"]))
    mangled = "".join(c.upper() if rng.random() < 0.5 else c.lower() for c in text)
    spaced = "  " + mangled.replace(" ", " " * rng.randint(1, 4)) + "\t"
    parsed = parse_order(spaced, OPENING, unit.power, STANDARD)
    assert parsed.accepted and parsed.order == order, (spaced, parsed)


_ORDER_WORDS = {"Army", "Fleet", "supports", "convoys", "holds", "via", "convoy", "to", "hold"}


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_LEGAL), st.randoms(use_true_random=False))
def test_a_typo_is_never_silently_another_order(unit_and_order: tuple, rng: random.Random) -> None:
    """rules/004 rule 7: a misspelt place name is read as written, corrected with a
    note, or rejected; never quietly turned into a different order."""
    unit, order = unit_and_order
    words = format_order(order, STANDARD, "long").split()
    names = [i for i, w in enumerate(words) if len(w) >= 4 and w not in _ORDER_WORDS]
    assume(names)
    i = rng.choice(names)
    letters = list(words[i])
    j = rng.randrange(len(letters))
    letters[j] = rng.choice("abcdefghijklmnopqrstuvwxyz")
    typo = "".join(letters)
    assume(resolve_province(typo, STANDARD) is None)  # a typo that is itself a name is no typo
    words[i] = typo
    parsed = parse_order(" ".join(words), OPENING, unit.power, STANDARD)
    if parsed.accepted and parsed.order != order:
        assert parsed.notes, (" ".join(words), parsed)
