"""The standard board of the rulebook (rules/000 §4, §6.3).

Adjacency is written out in full for every location; a test checks that it is
symmetric, so a typo on one side shows up at once.
"""

from __future__ import annotations

from adjudication.maps.standard_names import STANDARD_ALIASES, STANDARD_POWER_ALIASES
from adjudication.model.board import Board, Province, Terrain, build_adjacency
from adjudication.model.units import Unit

_I, _C, _S, _X = Terrain.INLAND, Terrain.COASTAL, Terrain.SEA, Terrain.IMPASSABLE

# code, English name, terrain, supply centre, coasts
_PROVINCES: tuple[tuple[str, str, Terrain, bool, tuple[str, ...]], ...] = (
    ("ADR", "Adriatic Sea", _S, False, ()),
    ("AEG", "Aegean Sea", _S, False, ()),
    ("ALB", "Albania", _C, False, ()),
    ("ANK", "Ankara", _C, True, ()),
    ("APU", "Apulia", _C, False, ()),
    ("ARM", "Armenia", _C, False, ()),
    ("BAL", "Baltic Sea", _S, False, ()),
    ("BAR", "Barents Sea", _S, False, ()),
    ("BEL", "Belgium", _C, True, ()),
    ("BER", "Berlin", _C, True, ()),
    ("BLA", "Black Sea", _S, False, ()),
    ("BOH", "Bohemia", _I, False, ()),
    ("BOT", "Gulf of Bothnia", _S, False, ()),
    ("BRE", "Brest", _C, True, ()),
    ("BUD", "Budapest", _I, True, ()),
    ("BUL", "Bulgaria", _C, True, ("EC", "SC")),
    ("BUR", "Burgundy", _I, False, ()),
    ("CLY", "Clyde", _C, False, ()),
    ("CON", "Constantinople", _C, True, ()),
    ("DEN", "Denmark", _C, True, ()),
    ("EAS", "Eastern Mediterranean", _S, False, ()),
    ("EDI", "Edinburgh", _C, True, ()),
    ("ENG", "English Channel", _S, False, ()),
    ("FIN", "Finland", _C, False, ()),
    ("GAL", "Galicia", _I, False, ()),
    ("GAS", "Gascony", _C, False, ()),
    ("GRE", "Greece", _C, True, ()),
    ("HEL", "Heligoland Bight", _S, False, ()),
    ("HOL", "Holland", _C, True, ()),
    ("ION", "Ionian Sea", _S, False, ()),
    ("IRI", "Irish Sea", _S, False, ()),
    ("KIE", "Kiel", _C, True, ()),
    ("LON", "London", _C, True, ()),
    ("LVN", "Livonia", _C, False, ()),
    ("LVP", "Liverpool", _C, True, ()),
    ("LYO", "Gulf of Lyon", _S, False, ()),
    ("MAO", "Mid-Atlantic Ocean", _S, False, ()),
    ("MAR", "Marseilles", _C, True, ()),
    ("MOS", "Moscow", _I, True, ()),
    ("MUN", "Munich", _I, True, ()),
    ("NAF", "North Africa", _C, False, ()),
    ("NAO", "North Atlantic Ocean", _S, False, ()),
    ("NAP", "Naples", _C, True, ()),
    ("NTH", "North Sea", _S, False, ()),
    ("NWG", "Norwegian Sea", _S, False, ()),
    ("NWY", "Norway", _C, True, ()),
    ("PAR", "Paris", _I, True, ()),
    ("PIC", "Picardy", _C, False, ()),
    ("PIE", "Piedmont", _C, False, ()),
    ("POR", "Portugal", _C, True, ()),
    ("PRU", "Prussia", _C, False, ()),
    ("ROM", "Rome", _C, True, ()),
    ("RUH", "Ruhr", _I, False, ()),
    ("RUM", "Rumania", _C, True, ()),
    ("SER", "Serbia", _I, True, ()),
    ("SEV", "Sevastopol", _C, True, ()),
    ("SIL", "Silesia", _I, False, ()),
    ("SKA", "Skagerrak", _S, False, ()),
    ("SMY", "Smyrna", _C, True, ()),
    ("SPA", "Spain", _C, True, ("NC", "SC")),
    ("STP", "St Petersburg", _C, True, ("NC", "SC")),
    ("SWE", "Sweden", _C, True, ()),
    ("SWI", "Switzerland", _X, False, ()),
    ("SYR", "Syria", _C, False, ()),
    ("TRI", "Trieste", _C, True, ()),
    ("TUN", "Tunis", _C, True, ()),
    ("TUS", "Tuscany", _C, False, ()),
    ("TYR", "Tyrolia", _I, False, ()),
    ("TYS", "Tyrrhenian Sea", _S, False, ()),
    ("UKR", "Ukraine", _I, False, ()),
    ("VEN", "Venice", _C, True, ()),
    ("VIE", "Vienna", _I, True, ()),
    ("WAL", "Wales", _C, False, ()),
    ("WAR", "Warsaw", _I, True, ()),
    ("WES", "Western Mediterranean", _S, False, ()),
    ("YOR", "Yorkshire", _C, False, ()),
)

# Provinces an army may move to, for every land province.
_ARMY = """
ALB: GRE SER TRI
ANK: ARM CON SMY
APU: NAP ROM VEN
ARM: ANK SEV SMY SYR
BEL: BUR HOL PIC RUH
BER: KIE MUN PRU SIL
BOH: GAL MUN SIL TYR VIE
BRE: GAS PAR PIC
BUD: GAL RUM SER TRI VIE
BUL: CON GRE RUM SER
BUR: BEL GAS MAR MUN PAR PIC RUH
CLY: EDI LVP
CON: ANK BUL SMY
DEN: KIE SWE
EDI: CLY LVP YOR
FIN: NWY STP SWE
GAL: BOH BUD RUM SIL UKR VIE WAR
GAS: BRE BUR MAR PAR SPA
GRE: ALB BUL SER
HOL: BEL KIE RUH
KIE: BER DEN HOL MUN RUH
LON: WAL YOR
LVN: MOS PRU STP WAR
LVP: CLY EDI WAL YOR
MAR: BUR GAS PIE SPA
MOS: LVN SEV STP UKR WAR
MUN: BER BOH BUR KIE RUH SIL TYR
NAF: TUN
NAP: APU ROM
NWY: FIN STP SWE
PAR: BRE BUR GAS PIC
PIC: BEL BRE BUR PAR
PIE: MAR TUS TYR VEN
POR: SPA
PRU: BER LVN SIL WAR
ROM: APU NAP TUS VEN
RUH: BEL BUR HOL KIE MUN
RUM: BUD BUL GAL SER SEV UKR
SER: ALB BUD BUL GRE RUM TRI
SEV: ARM MOS RUM UKR
SIL: BER BOH GAL MUN PRU WAR
SMY: ANK ARM CON SYR
SPA: GAS MAR POR
STP: FIN LVN MOS NWY
SWE: DEN FIN NWY
SYR: ARM SMY
TRI: ALB BUD SER TYR VEN VIE
TUN: NAF
TUS: PIE ROM VEN
TYR: BOH MUN PIE TRI VEN VIE
UKR: GAL MOS RUM SEV WAR
VEN: APU PIE ROM TRI TUS TYR
VIE: BOH BUD GAL TRI TYR
WAL: LON LVP YOR
WAR: GAL LVN MOS PRU SIL UKR
YOR: EDI LON LVP WAL
"""

# Locations a fleet may move to, for every location a fleet may occupy.
_FLEET = """
ADR: ALB APU ION TRI VEN
AEG: BUL/SC CON EAS GRE ION SMY
ALB: ADR GRE ION TRI
ANK: ARM BLA CON
APU: ADR ION NAP VEN
ARM: ANK BLA SEV
BAL: BER BOT DEN KIE LVN PRU SWE
BAR: NWG NWY STP/NC
BEL: ENG HOL NTH PIC
BER: BAL KIE PRU
BLA: ANK ARM BUL/EC CON RUM SEV
BOT: BAL FIN LVN STP/SC SWE
BRE: ENG GAS MAO PIC
BUL/EC: BLA CON RUM
BUL/SC: AEG CON GRE
CLY: EDI LVP NAO NWG
CON: AEG ANK BLA BUL/EC BUL/SC SMY
DEN: BAL HEL KIE NTH SKA SWE
EAS: AEG ION SMY SYR
EDI: CLY NTH NWG YOR
ENG: BEL BRE IRI LON MAO NTH PIC WAL
FIN: BOT STP/SC SWE
GAS: BRE MAO SPA/NC
GRE: AEG ALB BUL/SC ION
HEL: DEN HOL KIE NTH
HOL: BEL HEL KIE NTH
ION: ADR AEG ALB APU EAS GRE NAP TUN TYS
IRI: ENG LVP MAO NAO WAL
KIE: BAL BER DEN HEL HOL
LON: ENG NTH WAL YOR
LVN: BAL BOT PRU STP/SC
LVP: CLY IRI NAO WAL
LYO: MAR PIE SPA/SC TUS TYS WES
MAO: BRE ENG GAS IRI NAF NAO POR SPA/NC SPA/SC WES
MAR: LYO PIE SPA/SC
NAF: MAO TUN WES
NAO: CLY IRI LVP MAO NWG
NAP: APU ION ROM TYS
NTH: BEL DEN EDI ENG HEL HOL LON NWG NWY SKA YOR
NWG: BAR CLY EDI NAO NTH NWY
NWY: BAR NTH NWG SKA STP/NC SWE
PIC: BEL BRE ENG
PIE: LYO MAR TUS
POR: MAO SPA/NC SPA/SC
PRU: BAL BER LVN
ROM: NAP TUS TYS
RUM: BLA BUL/EC SEV
SEV: ARM BLA RUM
SKA: DEN NTH NWY SWE
SMY: AEG CON EAS SYR
SPA/NC: GAS MAO POR
SPA/SC: LYO MAO MAR POR WES
STP/NC: BAR NWY
STP/SC: BOT FIN LVN
SWE: BAL BOT DEN FIN NWY SKA
SYR: EAS SMY
TRI: ADR ALB VEN
TUN: ION NAF TYS WES
TUS: LYO PIE ROM TYS
TYS: ION LYO NAP ROM TUN TUS WES
VEN: ADR APU TRI
WAL: ENG IRI LON LVP
WES: LYO MAO NAF SPA/SC TUN TYS
YOR: EDI LON NTH
"""

# Impassable Switzerland borders these provinces on the drawn map; no unit crosses.
SWITZERLAND_BORDERS = frozenset({"BUR", "MAR", "MUN", "PIE", "TYR"})

_HOMES = {
    "AUSTRIA": ("BUD", "TRI", "VIE"),
    "ENGLAND": ("EDI", "LON", "LVP"),
    "FRANCE": ("BRE", "MAR", "PAR"),
    "GERMANY": ("BER", "KIE", "MUN"),
    "ITALY": ("NAP", "ROM", "VEN"),
    "RUSSIA": ("MOS", "SEV", "STP", "WAR"),
    "TURKEY": ("ANK", "CON", "SMY"),
}

# rules/000 §6.3
_START = {
    "AUSTRIA": ("A VIE", "A BUD", "F TRI"),
    "ENGLAND": ("F LON", "F EDI", "A LVP"),
    "FRANCE": ("F BRE", "A PAR", "A MAR"),
    "GERMANY": ("F KIE", "A BER", "A MUN"),
    "ITALY": ("F NAP", "A ROM", "A VEN"),
    "RUSSIA": ("F STP/SC", "A MOS", "A WAR", "F SEV"),
    "TURKEY": ("F ANK", "A CON", "A SMY"),
}


def _parse_lists(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in text.strip().splitlines():
        key, _, rest = line.partition(":")
        out[key.strip()] = rest.split()
    return out


def _build() -> Board:
    provinces = {
        code: Province(code, name, terrain, sc, coasts)
        for code, name, terrain, sc, coasts in _PROVINCES
    }
    army, fleet = build_adjacency(_parse_lists(_ARMY), _parse_lists(_FLEET))
    start = tuple(
        sorted(Unit.parse(power, text) for power, units in _START.items() for text in units)
    )
    return Board(
        name="standard",
        provinces=provinces,
        powers=tuple(sorted(_HOMES)),
        home_centres={p: frozenset(c) for p, c in _HOMES.items()},
        starting_units=start,
        army_adjacency=army,
        fleet_adjacency=fleet,
        first_year=1901,
        aliases=STANDARD_ALIASES,
        power_aliases=STANDARD_POWER_ALIASES,
    )


STANDARD = _build()
"""The standard board. Build your own `Board` for a variant."""
