"""Spellings of provinces, coasts and powers (adjudication.text.names)."""

import dataclasses

import pytest

from adjudication.maps import STANDARD
from adjudication.maps.standard_names import STANDARD_ALIASES
from adjudication.model.units import Location
from adjudication.text.names import (
    key,
    province_candidates,
    resolve_coast,
    resolve_location,
    resolve_power,
    resolve_province,
    suggest,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # codes and English names, any case or spacing
        ("PAR", "PAR"),
        ("par", "PAR"),
        ("Paris", "PAR"),
        ("  paRIS ", "PAR"),
        ("North Sea", "NTH"),
        ("northsea", "NTH"),
        ("NORTH-SEA", "NTH"),
        # rules/004's table
        ("NthS", "NTH"),
        ("GLyo", "LYO"),
        ("MAtl", "MAO"),
        ("Lpl", "LVP"),
        ("Smyrnia", "SMY"),
        ("Tryolia", "TYR"),
        ("EnCh", "ENG"),
        ("HelB", "HEL"),
        ("GBot", "BOT"),
        ("WMed", "WES"),
        ("EMed", "EAS"),
        ("Skag", "SKA"),
        ("NAtl", "NAO"),
        ("NwgS", "NWG"),
        ("AdrS", "ADR"),
        ("AegS", "AEG"),
        ("BalS", "BAL"),
        ("BarS", "BAR"),
        ("BlaS", "BLA"),
        ("IonS", "ION"),
        ("IriS", "IRI"),
        ("TyrS", "TYS"),
        ("Rur", "RUH"),
        ("Liv", "LVN"),
        ("NAf", "NAF"),
        # common alternatives
        ("NAO", "NAO"),
        ("MAO", "MAO"),
        ("MID", "MAO"),
        ("LYO", "LYO"),
        ("GOL", "LYO"),
        ("NWG", "NWG"),
        ("NRG", "NWG"),
        ("ENG", "ENG"),
        ("ECH", "ENG"),
        ("English Channel", "ENG"),
        ("Norwegian Sea", "NWG"),
        ("Mid-Atlantic", "MAO"),
        ("Mid Atlantic Ocean", "MAO"),
        ("St. Petersburg", "STP"),
        ("St Petersburg", "STP"),
        ("Saint Petersburg", "STP"),
        ("StP", "STP"),
        ("Heligoland", "HEL"),
        ("Helgoland", "HEL"),
        ("Heligoland Bight", "HEL"),
        ("Gulf of Lyons", "LYO"),
        ("Gulf of Lyon", "LYO"),
        ("Gulf of Bothnia", "BOT"),
        ("Bothnia", "BOT"),
        ("Adriatic", "ADR"),
        ("Tyrrhenian Sea", "TYS"),
        ("Marseille", "MAR"),
        ("Rumania", "RUM"),
        ("Romania", "RUM"),
        ("Nor", "NWY"),
        ("Livonia", "LVN"),
        ("Liverpool", "LVP"),
        ("Sevastopol", "SEV"),
        ("Eastern Mediterranean", "EAS"),
        ("Skagerrak", "SKA"),
        ("North Africa", "NAF"),
        ("Tyrol", "TYR"),
        ("Switzerland", "SWI"),
        # accents and odd characters do not matter
        ("Par\u00eds", "PAR"),
        ("\uff30\uff21\uff32", "PAR"),
    ],
)
def test_province_spellings(text: str, expected: str) -> None:
    assert resolve_province(text, STANDARD) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Spa/nc", "SPA/NC"),
        ("Spa (north coast)", "SPA/NC"),
        ("Spa(nc)", "SPA/NC"),
        ("StP NC", "STP/NC"),
        ("stp/sc", "STP/SC"),
        ("Bul ec", "BUL/EC"),
        ("Bul(sc)", "BUL/SC"),
        ("SpaNC", "SPA/NC"),
        ("StPSC", "STP/SC"),
        ("BulEC", "BUL/EC"),
        ("Spain south coast", "SPA/SC"),
        ("St Petersburg (north coast)", "STP/NC"),
        ("Spa n.c.", "SPA/NC"),
        ("Spa/n", "SPA/NC"),
        ("Spa", "SPA"),
        # a coast the province does not have is dropped (DATC 4.B.6)
        ("Par/nc", "PAR"),
        ("Bul/nc", "BUL"),
    ],
)
def test_location_spellings(text: str, expected: str) -> None:
    assert resolve_location(text, STANDARD) == Location.parse(expected)


@pytest.mark.parametrize(
    ("text", "coast"),
    [
        ("north coast", "NC"),
        ("n.c.", "NC"),
        ("nc", "NC"),
        ("NC", "NC"),
        ("south", "SC"),
        ("(sc)", "SC"),
        ("east coast", "EC"),
        ("e.c.", "EC"),
        ("banana", None),
        ("", None),
    ],
)
def test_coast_spellings(text: str, coast: str | None) -> None:
    assert resolve_coast(text) == coast


@pytest.mark.parametrize(
    ("text", "power"),
    [
        ("Russian", "RUSSIA"),
        ("Russia", "RUSSIA"),
        ("rus", "RUSSIA"),
        ("RUSSIA", "RUSSIA"),
        ("English", "ENGLAND"),
        ("Eng", "ENGLAND"),
        ("french", "FRANCE"),
        ("Turkish", "TURKEY"),
        ("Austrian", "AUSTRIA"),
        ("German", "GERMANY"),
        ("Italian", "ITALY"),
        ("Paris", None),
    ],
)
def test_power_spellings(text: str, power: str | None) -> None:
    assert resolve_power(text, STANDARD) == power


@pytest.mark.parametrize("text", ["", "Xyzzy", "Atlantis", "A", "-", "///"])
def test_unknown_spellings_resolve_to_nothing(text: str) -> None:
    assert resolve_location(text, STANDARD) is None


def test_every_code_and_name_resolves_to_itself() -> None:
    for code, province in STANDARD.provinces.items():
        assert resolve_province(code, STANDARD) == code
        assert resolve_province(province.name, STANDARD) == code


def test_every_alias_resolves_to_its_target() -> None:
    for spelling, target in STANDARD_ALIASES.items():
        assert resolve_location(spelling, STANDARD) == Location.parse(target), spelling


def test_no_alias_collides_with_a_code_or_name() -> None:
    codes = {key(c): c for c in STANDARD.provinces} | {
        key(p.name): c for c, p in STANDARD.provinces.items()
    }
    for spelling, target in STANDARD_ALIASES.items():
        k = key(spelling)
        if k in codes:
            assert Location.parse(target).province == codes[k], spelling


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # rules/004 rule 7's examples: the abbreviation may mean either province
        ("Liv", ("LVN", "LVP")),
        ("Tyr", ("TYR", "TYS")),
        ("Pari", ("PAR",)),
    ],
)
def test_candidates_put_the_exact_reading_first(text: str, expected: tuple[str, ...]) -> None:
    assert province_candidates(text, STANDARD)[: len(expected)] == expected


@pytest.mark.parametrize(
    ("typo", "meant"),
    [
        ("Sevastapoll", "SEV"),
        ("Burgandy", "BUR"),
        ("Edinborough", "EDI"),
        ("Constantinopl", "CON"),
        ("Pari", "PAR"),
        ("Norwy", "NWY"),
        ("Tunnis", "TUN"),
    ],
)
def test_suggest_finds_typos(typo: str, meant: str) -> None:
    assert meant in suggest(typo, STANDARD)[:3]


def test_suggest_offers_nothing_for_noise() -> None:
    assert suggest("qqqqqqqq", STANDARD) == []


def test_a_board_carries_its_own_aliases() -> None:
    variant = dataclasses.replace(STANDARD, name="variant", aliases={"Lutetia": "PAR"})
    assert resolve_province("Lutetia", variant) == "PAR"
    assert resolve_province("Paris", variant) == "PAR"  # names and codes always count
    assert resolve_province("Lutetia", STANDARD) is None
    assert resolve_province("GLyo", variant) is None  # the standard spellings are the standard's
