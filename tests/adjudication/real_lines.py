"""The positions and checks shared by the tests of orders as real players write them
(tests/adjudication/test_parse_real_lines.py, test_parse_real_lines_chat.py)."""

from __future__ import annotations

from adjudication.maps import STANDARD
from adjudication.model.position import Dislodgement, Position
from adjudication.model.rejections import RejectReason
from adjudication.model.units import Phase, Unit
from adjudication.text.parse import ParsedLine, parse_order
from adjudication.variants import AIRPLANE, STANDARD_GAME

OPENING = Position.initial(STANDARD_GAME)


def position(
    phase: str,
    units: dict[str, list[str]],
    centres: dict[str, list[str]] | None = None,
    dislodged: tuple[Dislodgement, ...] = (),
    variant: str = STANDARD_GAME.name,
) -> Position:
    """A position from interchange text; ownership defaults to the opening's."""
    ownership = dict(OPENING.ownership)
    for power, provinces in (centres or {}).items():
        ownership.update(dict.fromkeys(provinces, power))
    return Position(
        phase=Phase.parse(phase),
        units=tuple(Unit.parse(p, u) for p, us in units.items() for u in us),
        ownership=ownership,
        dislodged=dislodged,
        variant=variant,
    )


# A Spring 1902 board with a unit wherever the examples need one.
REAL = position(
    "S1902M",
    {
        "AUSTRIA": ["A GAL", "A VIE", "A BUD"],
        "ENGLAND": ["A EDI", "F NTH", "A WAL"],
        "FRANCE": ["A PIC", "A PAR", "F ENG", "A MAR"],
        "GERMANY": ["A SIL", "A BER", "A MUN", "F KIE"],
        "ITALY": ["A VEN", "F ROM"],
        "RUSSIA": ["F RUM", "A MOS", "A WAR", "F SEV"],
        "TURKEY": ["F AEG", "A BUL", "A SMY"],
    },
)
# The same, but an army in Rumania, or nothing there at all.
ARMY_IN_RUMANIA = position(
    "S1902M", {"AUSTRIA": ["A GAL"], "RUSSIA": ["A RUM", "F SEV"], "TURKEY": ["F BLA"]}
)
NOTHING_IN_RUMANIA = position("S1902M", {"AUSTRIA": ["A GAL"], "RUSSIA": ["F SEV"]})
FLYING = position(
    "S1902M",
    {"GERMANY": ["P RUH", "A MUN"], "FRANCE": ["A BUR"]},
    variant=AIRPLANE.name,
)


def read(line: str, power: str, where: Position = REAL) -> ParsedLine:
    board = AIRPLANE.board if where.variant == AIRPLANE.name else STANDARD
    return parse_order(line, where, power, board)


def assert_read(parsed: ParsedLine, expected: str, noted: bool) -> None:
    assert parsed.rejection is None, (parsed.text, parsed.rejection)
    assert str(parsed.order) == expected, parsed.text
    assert bool(parsed.notes) == noted, (parsed.text, parsed.notes)
    if noted:
        assert parsed.notes[0].startswith("interpreted as "), parsed.notes


def assert_refused(parsed: ParsedLine, reason: RejectReason) -> None:
    assert parsed.rejection is not None, (parsed.text, parsed.order)
    assert parsed.rejection.reason is reason, (parsed.text, parsed.rejection)
    assert parsed.rejection.message
