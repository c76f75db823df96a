"""Spellings players use for the standard board, beyond its codes and English names.

Board data, not code: `STANDARD_ALIASES` is meant for `Board.aliases` (spelling ->
location text "PROV" or "PROV/COAST"). Keys are written as players write them; the
name index normalises them (case, spaces and punctuation do not matter).

Sources: the province table of rules/004 (the e-mail house rules, with its own
spellings such as "Smyrnia" and "Tryolia"), judge and web-site abbreviations, and
the usual English variants. Codes and `Province.name` need not be listed here.
"""

from __future__ import annotations

# rules/004, "Here is the full list": sea provinces with 4-letter codes and a few
# land codes that differ from ours. "Liv" there is Livonia (ours LVN); rules/004
# rule 7 itself shows "A Liv-Yor [ia: A Lpl-Yor]", which the parser's correction
# handles because "Liv" also starts "Liverpool".
_RULES_004 = {
    "AdrS": "ADR", "AegS": "AEG", "BalS": "BAL", "BarS": "BAR", "BlaS": "BLA",
    "BulEC": "BUL/EC", "BulSC": "BUL/SC", "EMed": "EAS", "EnCh": "ENG", "GBot": "BOT",
    "GLyo": "LYO", "HelB": "HEL", "Helgoland Bight": "HEL", "IonS": "ION", "IriS": "IRI",
    "Liv": "LVN", "Lpl": "LVP", "MAtl": "MAO", "Mid Atlantic": "MAO", "NAtl": "NAO",
    "North Atlantic": "NAO", "NthS": "NTH", "NwgS": "NWG", "Rur": "RUH", "Skag": "SKA",
    "Smyrnia": "SMY", "SpaNC": "SPA/NC", "SpaSC": "SPA/SC", "StPNC": "STP/NC",
    "StPSC": "STP/SC", "St. Petersburg": "STP", "Tryolia": "TYR", "TyrS": "TYS",
    "WMed": "WES", "Eastern Medit.": "EAS", "Western Medit.": "WES",
}

# Other abbreviations and names seen on judges, web sites and in DATC.
_COMMON = {
    # seas
    "Adriatic": "ADR", "Aegean": "AEG", "Baltic": "BAL", "Barents": "BAR",
    "Black": "BLA", "Bothnia": "BOT", "Gulf of Bothnia": "BOT", "GoB": "BOT",
    "East Med": "EAS", "Eastern Med": "EAS", "Eastern Mediterranean Sea": "EAS",
    "EMS": "EAS", "ECH": "ENG", "Channel": "ENG", "The Channel": "ENG",
    "Heligoland": "HEL", "Helgoland": "HEL", "Heligoland Bight": "HEL", "HGB": "HEL",
    "Ionian": "ION", "Irish": "IRI", "Gulf of Lyons": "LYO", "Gulf of Lions": "LYO",
    "Gulf of Lyon": "LYO", "Lyon": "LYO", "Lyons": "LYO", "GoL": "LYO", "GLy": "LYO",
    "Mid-Atlantic": "MAO", "Mid Atlantic Ocean": "MAO", "MID": "MAO", "MAt": "MAO",
    "Mid-Atl": "MAO", "NAt": "NAO", "North Atlantic Ocean": "NAO", "NAtlantic": "NAO",
    "Nth": "NTH", "North Sea": "NTH", "NRG": "NWG", "Norwegian": "NWG", "Nwg": "NWG",
    "Norwegian Sea": "NWG", "Skagerak": "SKA", "Skagerrak": "SKA", "TYN": "TYS",
    "Tyrrhenian": "TYS", "Tyrhennian Sea": "TYS", "West Med": "WES", "Western Med": "WES",
    "WMS": "WES", "Western Mediterranean Sea": "WES",
    # land
    "Liverpool": "LVP", "Livonia": "LVN", "Lvn": "LVN", "Lvp": "LVP",
    "Marseille": "MAR", "Netherlands": "HOL", "Norway": "NWY", "Nor": "NWY",
    "Romania": "RUM", "Rumania": "RUM", "Ruhr": "RUH", "Smyrna": "SMY",
    "Sevastapol": "SEV", "Sebastopol": "SEV", "St Petersburg": "STP",
    "Saint Petersburg": "STP", "St.Petersburg": "STP", "Petersburg": "STP", "StP": "STP",
    "Tyrol": "TYR", "Tyrolia": "TYR", "Tunisia": "TUN", "N. Africa": "NAF",
    "North Africa": "NAF", "NAf": "NAF", "Istanbul": "CON", "Constantinopel": "CON",
    "Switzerland": "SWI", "Swiss": "SWI", "York": "YOR", "Edinburg": "EDI",
}

STANDARD_ALIASES: dict[str, str] = {**_RULES_004, **_COMMON}

# Power adjectives and short forms, for "S Russian A War - Pru" and "England: ...".
STANDARD_POWER_ALIASES: dict[str, str] = {
    "Austrian": "AUSTRIA", "Austro-Hungarian": "AUSTRIA", "Austria-Hungary": "AUSTRIA",
    "Aus": "AUSTRIA", "Aust": "AUSTRIA",
    "English": "ENGLAND", "British": "ENGLAND", "Britain": "ENGLAND", "Eng": "ENGLAND",
    "French": "FRANCE", "Fra": "FRANCE", "Fre": "FRANCE",
    "German": "GERMANY", "Ger": "GERMANY",
    "Italian": "ITALY", "Ita": "ITALY",
    "Russian": "RUSSIA", "Rus": "RUSSIA",
    "Turkish": "TURKEY", "Ottoman": "TURKEY", "Tur": "TURKEY", "Tky": "TURKEY",
}
