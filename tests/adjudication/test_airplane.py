"""rules/004, Airplane Diplomacy, as the `airplane` variant.

Each test is named after the sentence of the document it pins, or (derived) the
situation the issue asks for; the readings P1-P9 are in docs/VARIANTS.md.
"""

from __future__ import annotations

from adjudication.io.interop import InterchangeError, read_record
from adjudication.io.serialize import dumps, position_from_json, position_to_json
from adjudication.model.orders import Build, Convoy, Disband, Hold, Move, Retreat, Support
from adjudication.model.outcomes import Reason
from adjudication.model.position import Position
from adjudication.model.rejections import RejectReason
from adjudication.model.units import Location, Phase, PhaseKind, Unit, UnitType
from adjudication.play.civil_disorder import civil_disorder_removals, distance_from_home
from adjudication.play.legal import legal_adjustments, legal_orders
from adjudication.play.phases import adjudicate
from adjudication.play.validate import validate
from adjudication.variants import AIRPLANE, STANDARD_GAME, VARIANTS

BOARD = AIRPLANE.board


def unit(text: str) -> Unit:
    power, rest = text.split(" ", 1)
    return Unit.parse(power, rest)


def position(phase: str, texts: list[str], centres: dict[str, list[str]] | None = None) -> Position:
    ownership = {c: p for p, cs in (centres or {}).items() for c in cs}
    return Position(Phase.parse(phase), [unit(t) for t in texts], ownership, variant="airplane")


def outcome_of(result, order):
    return next(o for o in result.outcomes if o.order == order)


def move(text: str, to: str) -> Move:
    return Move(unit(text), Location.parse(to))


def rejection(order, where: Position):
    found = validate(order, where, BOARD)
    return None if found is None else found.reason


# --- the variant ----------------------------------------------------------------------


def test_rules004_airplane_is_a_registered_variant_with_planes() -> None:
    assert VARIANTS["airplane"] is AIRPLANE
    assert UnitType.PLANE in AIRPLANE.unit_kinds and AIRPLANE.has_planes
    assert not STANDARD_GAME.has_planes
    # "The letter P is used to designate the plane on all orders."
    assert UnitType.PLANE.value == "P"


def test_rules004_airplane_start_with_none() -> None:
    """ "All countries start with no planes": the standard opening."""
    start = Position.initial(AIRPLANE)
    assert start.phase == STANDARD_GAME.start
    assert start.units == Position.initial(STANDARD_GAME).units
    assert not any(u.type is UnitType.PLANE for u in start.units)


# --- Movement and Support -------------------------------------------------------------


def test_rules004_airplane_p_war_ber_valid() -> None:
    """ "P War-Ber is a valid order; one need not specify whether the intermediate
    space is Pru or Sil.\""""
    where = position("S1901M", ["RUSSIA P WAR"])
    order = move("RUSSIA P WAR", "BER")
    assert rejection(order, where) is None
    result = adjudicate(where, [order], AIRPLANE)
    assert outcome_of(result, order).succeeded
    assert unit("RUSSIA P BER") in result.position.units


def test_rules004_airplane_moves_one_or_two_spaces_not_three() -> None:
    where = position("S1901M", ["RUSSIA P WAR"])
    assert rejection(move("RUSSIA P WAR", "SIL"), where) is None
    assert rejection(move("RUSSIA P WAR", "KIE"), where) is RejectReason.NOT_ADJACENT


def test_rules004_airplane_flies_over_water() -> None:
    """ "Planes can fly over water, making it possible to cross any body of water to
    reach a land province.\""""
    where = position("S1901M", ["ENGLAND P LON", "FRANCE P TUN"])
    orders = [move("ENGLAND P LON", "BEL"), move("FRANCE P TUN", "NAP")]
    result = adjudicate(where, orders, AIRPLANE)
    assert all(outcome_of(result, o).succeeded for o in orders)


def test_rules004_airplane_flies_over_occupied_spaces() -> None:
    where = position("S1901M", ["RUSSIA P WAR", "GERMANY A SIL", "GERMANY A PRU"])
    order = move("RUSSIA P WAR", "BER")
    result = adjudicate(where, [order], AIRPLANE)
    assert outcome_of(result, order).succeeded


def test_rules004_airplane_cannot_land_on_water() -> None:
    where = position("S1901M", ["ENGLAND P LON"])
    assert rejection(move("ENGLAND P LON", "NTH"), where) is RejectReason.WRONG_TERRAIN
    assert rejection(move("ENGLAND P LON", "ENG"), where) is RejectReason.WRONG_TERRAIN


def test_rules004_airplane_no_support_to_water() -> None:
    where = position("S1901M", ["ENGLAND P LON", "ENGLAND F NTH", "ENGLAND F EDI"])
    hold = Support(unit("ENGLAND P LON"), Location("NTH"))
    into = Support(unit("ENGLAND P LON"), Location("EDI"), Location("NWG"))
    assert rejection(hold, where) is RejectReason.SUPPORT_UNREACHABLE
    assert rejection(into, where) is RejectReason.SUPPORT_UNREACHABLE


def test_rules004_airplane_supports_any_province_it_could_move_to() -> None:
    """ "A plane can offer support to any province it could legally move to": two
    spaces away, and a fleet into a coastal province (P9)."""
    where = position(
        "S1901M",
        ["RUSSIA P WAR", "RUSSIA A SIL", "GERMANY A BER", "ENGLAND F NTH", "ENGLAND P LON"],
    )
    support = Support(unit("RUSSIA P WAR"), Location("SIL"), Location("BER"))
    attack = move("RUSSIA A SIL", "BER")
    assert rejection(support, where) is None
    fleet = Support(unit("ENGLAND P LON"), Location("NTH"), Location("HOL"))
    assert rejection(fleet, where) is None
    result = adjudicate(where, [support, attack], AIRPLANE)
    assert outcome_of(result, attack).succeeded
    assert unit("RUSSIA A BER") in result.position.units


def test_rules004_airplane_can_receive_support_and_dislodge() -> None:
    """ "Planes can receive support and can dislodge foreign units just like an army
    or fleet.\""""
    where = position("S1901M", ["RUSSIA P WAR", "RUSSIA A SIL", "GERMANY A BER"])
    attack = move("RUSSIA P WAR", "BER")
    support = Support(unit("RUSSIA A SIL"), Location("WAR"), Location("BER"))
    result = adjudicate(where, [attack, support], AIRPLANE)
    assert outcome_of(result, attack).succeeded
    assert unit("RUSSIA P BER") in result.position.units
    assert [d.unit for d in result.dislodged] == [unit("GERMANY A BER")]


# --- Standoffs ------------------------------------------------------------------------


def test_rules004_airplane_p_tri_mun_does_not_interfere_a_tyr_tri() -> None:
    where = position("S1901M", ["AUSTRIA P TRI", "ITALY A TYR"])
    orders = [move("AUSTRIA P TRI", "MUN"), move("ITALY A TYR", "TRI")]
    result = adjudicate(where, orders, AIRPLANE)
    assert all(outcome_of(result, o).succeeded for o in orders)
    assert {unit("AUSTRIA P MUN"), unit("ITALY A TRI")} == set(result.position.units)


def test_rules004_airplane_p_tri_tyr_does_not_interfere_a_tyr_tri() -> None:
    where = position("S1901M", ["AUSTRIA P TRI", "ITALY A TYR"])
    orders = [move("AUSTRIA P TRI", "TYR"), move("ITALY A TYR", "TRI")]
    result = adjudicate(where, orders, AIRPLANE)
    assert all(outcome_of(result, o).succeeded for o in orders)
    assert {unit("AUSTRIA P TYR"), unit("ITALY A TRI")} == set(result.position.units)


def test_rules004_airplane_p_tri_mun_and_p_mun_tri_both_succeed() -> None:
    where = position("S1901M", ["AUSTRIA P TRI", "GERMANY P MUN"])
    orders = [move("AUSTRIA P TRI", "MUN"), move("GERMANY P MUN", "TRI")]
    result = adjudicate(where, orders, AIRPLANE)
    assert all(outcome_of(result, o).succeeded for o in orders)
    assert {unit("AUSTRIA P MUN"), unit("GERMANY P TRI")} == set(result.position.units)


def test_rules004_airplane_swap_fails_when_opposed_at_a_final_destination() -> None:
    """ "... provided no other units oppose them at their final destinations.\""""
    where = position("S1901M", ["AUSTRIA P TRI", "GERMANY P MUN", "ITALY A VEN"])
    orders = [
        move("AUSTRIA P TRI", "MUN"),
        move("GERMANY P MUN", "TRI"),
        move("ITALY A VEN", "TRI"),
    ]
    result = adjudicate(where, orders, AIRPLANE)
    assert all(not outcome_of(result, o).succeeded for o in orders)
    assert set(result.position.units) == set(where.units)


def test_derived_airplane_plane_and_fleet_swapping() -> None:
    where = position("S1901M", ["ENGLAND P LON", "FRANCE F WAL"])
    orders = [move("ENGLAND P LON", "WAL"), move("FRANCE F WAL", "LON")]
    result = adjudicate(where, orders, AIRPLANE)
    assert all(outcome_of(result, o).succeeded for o in orders)
    assert {unit("ENGLAND P WAL"), unit("FRANCE F LON")} == set(result.position.units)


def test_derived_airplane_a_plane_beats_no_army_head_to_head() -> None:
    """P2: a supported plane and an army swapping both move: no battle, no dislodgement."""
    where = position("S1901M", ["AUSTRIA P TRI", "AUSTRIA A VIE", "ITALY A TYR"])
    orders = [
        move("AUSTRIA P TRI", "TYR"),
        Support(unit("AUSTRIA A VIE"), Location("TRI"), Location("TYR")),
        move("ITALY A TYR", "TRI"),
    ]
    result = adjudicate(where, orders, AIRPLANE)
    assert result.dislodged == ()
    assert {unit("AUSTRIA P TYR"), unit("ITALY A TRI")} <= set(result.position.units)


def test_derived_airplane_move_cut_short_by_a_standoff_leaves_a_standoff() -> None:
    """P3: a plane that fails stays where it started and its destination is left in
    standoff: no retreat there."""
    where = position(
        "S1901M",
        ["RUSSIA P WAR", "GERMANY A MUN", "GERMANY A KIE", "FRANCE A BUR", "FRANCE A RUH"],
    )
    orders = [
        move("RUSSIA P WAR", "BER"),
        move("GERMANY A KIE", "BER"),
        move("FRANCE A BUR", "MUN"),
        Support(unit("FRANCE A RUH"), Location("BUR"), Location("MUN")),
    ]
    result = adjudicate(where, orders, AIRPLANE)
    assert outcome_of(result, orders[0]).reason is Reason.BOUNCED
    assert unit("RUSSIA P WAR") in result.position.units
    assert "BER" in result.position.standoffs
    dislodged = next(d for d in result.dislodged if d.unit == unit("GERMANY A MUN"))
    assert Location("BER") not in dislodged.retreats


def test_derived_airplane_two_planes_into_one_space_stand_off() -> None:
    where = position("S1901M", ["RUSSIA P WAR", "FRANCE P MUN"])
    orders = [move("RUSSIA P WAR", "BER"), move("FRANCE P MUN", "BER")]
    result = adjudicate(where, orders, AIRPLANE)
    assert all(outcome_of(result, o).reason is Reason.BOUNCED for o in orders)
    assert set(result.position.units) == set(where.units)


def test_derived_airplane_support_by_a_plane_is_cut() -> None:
    where = position(
        "S1901M",
        ["RUSSIA P WAR", "RUSSIA A SIL", "GERMANY A BER", "GERMANY A PRU"],
    )
    support = Support(unit("RUSSIA P WAR"), Location("SIL"), Location("BER"))
    orders = [support, move("RUSSIA A SIL", "BER"), move("GERMANY A PRU", "WAR")]
    result = adjudicate(where, orders, AIRPLANE)
    assert outcome_of(result, support).reason is Reason.CUT
    assert unit("GERMANY A BER") in result.position.units


# --- Convoys (P4) ---------------------------------------------------------------------


def test_derived_airplane_planes_are_never_convoyed_and_never_convoy() -> None:
    where = position("S1901M", ["ENGLAND P LON", "ENGLAND F NTH", "ENGLAND A YOR"])
    via = Move(unit("ENGLAND P LON"), Location("BEL"), via_convoy=True)
    carry = Convoy(unit("ENGLAND F NTH"), Location("LON"), Location("BEL"))
    by_plane = Convoy(unit("ENGLAND P LON"), Location("YOR"), Location("BEL"))
    assert rejection(via, where) is RejectReason.CONVOY_NON_ARMY
    assert rejection(carry, where) is RejectReason.CONVOY_NON_ARMY
    assert rejection(by_plane, where) is RejectReason.CONVOY_BY_ARMY


# --- Retreats -------------------------------------------------------------------------


def test_rules004_airplane_dislodged_plane_disbanded() -> None:
    """ "A plane dislodged by an attack cannot retreat; it must be disbanded.\""""
    where = position("S1901M", ["GERMANY P BER", "RUSSIA A PRU", "RUSSIA A SIL"])
    attack = move("RUSSIA A PRU", "BER")
    orders = [attack, Support(unit("RUSSIA A SIL"), Location("PRU"), Location("BER"))]
    result = adjudicate(where, orders, AIRPLANE)
    assert [(d.unit, d.retreats) for d in result.dislodged] == [(unit("GERMANY P BER"), ())]
    # No retreat phase is opened for it; the plane is gone.
    assert result.position.phase == Phase.parse("F1901M")
    assert unit("GERMANY P BER") not in result.position.units


def test_derived_airplane_no_retreat_to_the_planes_origin() -> None:
    """P5: rules/000 §11, "nor to the space its attacker came from", for a plane too."""
    where = position("S1901M", ["RUSSIA P WAR", "RUSSIA A SIL", "GERMANY A BER"])
    orders = [
        move("RUSSIA P WAR", "BER"),
        Support(unit("RUSSIA A SIL"), Location("WAR"), Location("BER")),
    ]
    result = adjudicate(where, orders, AIRPLANE)
    (dislodged,) = result.dislodged
    assert dislodged.retreats and Location("WAR") not in dislodged.retreats
    assert validate(Retreat(dislodged.unit, Location("WAR")), result.position, BOARD)


# --- Control of Centers ---------------------------------------------------------------


def test_rules004_airplane_plane_cannot_claim_centre() -> None:
    """ "Planes cannot claim supply centers ... will not receive credit for occupying a
    supply center": a plane in a centre at the end of a Fall turn (P6)."""
    where = position("F1901M", ["RUSSIA P WAR"], {"AUSTRIA": ["VIE"], "GERMANY": ["BER"]})
    orders = [move("RUSSIA P WAR", "BER")]
    result = adjudicate(where, orders, AIRPLANE)
    assert unit("RUSSIA P BER") in result.position.units
    assert result.position.ownership.get("BER") == "GERMANY"
    neutral = position("F1901M", ["RUSSIA P RUM"], {"RUSSIA": ["WAR"]})
    result = adjudicate(neutral, [move("RUSSIA P RUM", "BUL")], AIRPLANE)
    assert "BUL" not in result.position.ownership


def test_rules004_airplane_plane_keeps_others_out() -> None:
    """ "... can be instrumental ... in preventing enemy takeover by simply remaining
    there": a plane holding a centre bounces an attacker, and its owner keeps it."""
    where = position("F1901M", ["TURKEY P BUL", "AUSTRIA A SER"], {"TURKEY": ["BUL"]})
    attack = move("AUSTRIA A SER", "BUL")
    result = adjudicate(where, [attack, Hold(unit("TURKEY P BUL"))], AIRPLANE)
    assert outcome_of(result, attack).reason is Reason.BOUNCED
    assert result.position.ownership["BUL"] == "TURKEY"


def test_derived_airplane_a_plane_occupies_its_owners_home_centre_for_builds() -> None:
    """P6: a home centre holding a plane is occupied: no build there."""
    where = position(
        "W1901A",
        ["RUSSIA P MOS"],
        {"RUSSIA": ["MOS", "WAR", "SEV", "STP", "RUM"]},
    )
    assert validate(Build(unit("RUSSIA A MOS")), where, BOARD).reason is (
        RejectReason.BUILD_OCCUPIED
    )


# --- Number of Planes -----------------------------------------------------------------


def test_rules004_airplane_no_limit_on_planes() -> None:
    """ "There is no limit to the number of planes that a country can build": every
    build of a winter may be a plane, each needing a centre like any unit (P7)."""
    where = position(
        "W1901A",
        [],
        {"RUSSIA": ["MOS", "WAR", "SEV", "STP"]},
    )
    builds = [Build(unit(f"RUSSIA P {c}")) for c in ("MOS", "WAR", "SEV", "STP")]
    result = adjudicate(where, builds, AIRPLANE)
    assert all(outcome_of(result, b).succeeded for b in builds)
    assert sum(u.type is UnitType.PLANE for u in result.position.units) == 4
    assert position("W1901A", ["RUSSIA P MOS"], {"RUSSIA": []}).adjustment_of("RUSSIA") == -1


def test_derived_airplane_planes_are_built_like_armies() -> None:
    """P7: where an army could be built, not on a coast."""
    where = position("W1901A", [], {"ENGLAND": ["LON", "EDI", "LVP", "NWY"]})
    assert validate(Build(unit("ENGLAND P LON")), where, BOARD) is None
    assert validate(Build(unit("ENGLAND P NWY")), where, BOARD).reason is (
        RejectReason.BUILD_NOT_HOME
    )
    spain = position("W1901A", [], {"RUSSIA": ["STP", "MOS"]})
    assert validate(Build(unit("RUSSIA P STP/NC")), spain, BOARD).reason is (
        RejectReason.UNKNOWN_COAST
    )
    offered = legal_adjustments(where, BOARD, "ENGLAND")
    assert Build(unit("ENGLAND P LON")) in offered


def test_derived_airplane_no_planes_in_the_standard_game() -> None:
    where = Position(Phase.parse("W1901A"), [], {"LON": "ENGLAND"})
    standard_build = Build(unit("ENGLAND P LON"))
    assert validate(standard_build, where, STANDARD_GAME.board).reason is (
        RejectReason.WRONG_UNIT_TYPE
    )
    assert Build(unit("ENGLAND P LON")) not in legal_adjustments(
        where, STANDARD_GAME.board, "ENGLAND"
    )
    record = {"phase": "S1901M", "units": {"ENGLAND": ["P LON"]}, "centers": {}, "orders": {}}
    try:
        read_record(record, STANDARD_GAME.board, "standard")
    except InterchangeError as err:
        assert "plane" in str(err)
    else:
        raise AssertionError("a standard record with a plane was read")
    read = read_record(record, BOARD, "airplane")
    assert read.position.units == (unit("ENGLAND P LON"),)


# --- Civil disorder (P8), legal orders, JSON ------------------------------------------


def test_derived_airplane_civil_disorder_counts_plane_moves() -> None:
    """P8: rules/000 §14.4 with a plane's distance in plane moves; at equal distance
    the fleet goes first, the plane ranks with the armies, then by name."""
    plane = unit("RUSSIA P BER")  # War-Ber is one plane move
    army = unit("RUSSIA A BER")
    assert distance_from_home(plane, BOARD) == 1
    assert distance_from_home(army, BOARD) == 2
    far = unit("RUSSIA P PAR")  # Par-Mun, Mun-War; an army needs four moves
    assert distance_from_home(far, BOARD) == 2
    assert distance_from_home(unit("RUSSIA A PAR"), BOARD) == 4
    units = [unit("RUSSIA P GAL"), unit("RUSSIA A UKR"), unit("RUSSIA F BLA")]
    assert civil_disorder_removals(units, 2, BOARD) == (unit("RUSSIA F BLA"), unit("RUSSIA P GAL"))


def test_derived_airplane_legal_orders_of_a_plane() -> None:
    where = position("S1901M", ["RUSSIA P WAR", "GERMANY A BER"])
    orders = legal_orders(where, BOARD, unit("RUSSIA P WAR"))
    assert Hold(unit("RUSSIA P WAR")) in orders
    assert move("RUSSIA P WAR", "BER") in orders
    assert not any(
        isinstance(o, Move) and BOARD.provinces[o.destination.province].is_sea for o in orders
    )
    assert Support(unit("RUSSIA P WAR"), Location("BER"), None, UnitType.ARMY) in orders
    assert all(validate(o, where, BOARD) is None for o in orders)


def test_derived_airplane_a_plane_round_trips_through_json() -> None:
    where = position("S1901M", ["RUSSIA P WAR"], {"RUSSIA": ["WAR"]})
    document = position_to_json(where)
    assert "P WAR" in dumps(document)
    assert position_from_json(document) == where


def test_derived_airplane_dislodged_plane_has_no_disband_choice_to_make() -> None:
    where = position("S1901M", ["GERMANY P BER", "RUSSIA A PRU", "RUSSIA A SIL"])
    orders = [
        move("RUSSIA A PRU", "BER"),
        Support(unit("RUSSIA A SIL"), Location("PRU"), Location("BER")),
    ]
    result = adjudicate(where, orders, AIRPLANE)
    assert result.position.phase.kind is PhaseKind.MOVEMENT
    assert Disband(unit("GERMANY P BER")) not in legal_orders(
        result.position, BOARD, unit("GERMANY P BER")
    )
