"""The standard board as the rulebook describes it (rules/000 §4, §6.3)."""

from adjudication.maps import STANDARD
from adjudication.model.board import Terrain
from adjudication.model.units import Location, UnitType


def test_space_counts() -> None:
    provinces = STANDARD.provinces.values()
    land = [p for p in provinces if p.is_land]
    seas = [p for p in provinces if p.is_sea]
    assert (len(land), len(seas), len(STANDARD.supply_centres)) == (56, 19, 34)
    assert sum(1 for p in land if p.supply_centre) == 34
    assert STANDARD.provinces["SWI"].terrain is Terrain.IMPASSABLE


def test_adjacency_is_symmetric() -> None:
    for origin, targets in STANDARD.army_adjacency.items():
        for target in targets:
            assert origin in STANDARD.army_adjacency[target], (origin, target)
    for origin, targets in STANDARD.fleet_adjacency.items():
        for target in targets:
            assert origin in STANDARD.fleet_adjacency[target], (origin, target)


def test_terrain_matches_adjacency() -> None:
    for code, province in STANDARD.provinces.items():
        assert (code in STANDARD.army_adjacency) == province.is_land, code
        has_fleet_place = bool(STANDARD.fleet_locations(code))
        assert has_fleet_place == (province.terrain in (Terrain.COASTAL, Terrain.SEA)), code
    assert "SWI" not in STANDARD.neighbours("MUN")


def test_split_coasts() -> None:
    for code, coasts in (("STP", ("NC", "SC")), ("SPA", ("NC", "SC")), ("BUL", ("EC", "SC"))):
        assert STANDARD.provinces[code].coasts == coasts
        assert STANDARD.fleet_locations(code) == tuple(Location(code, c) for c in coasts)
    assert not STANDARD.can_move(UnitType.FLEET, Location("SPA", "SC"), Location("GAS"))
    assert STANDARD.can_move(UnitType.FLEET, Location("SPA", "NC"), Location("GAS"))


def test_canals_and_sweden_denmark() -> None:
    fleet = UnitType.FLEET
    for a, b in (("KIE", "BAL"), ("KIE", "HEL"), ("CON", "BLA"), ("CON", "AEG"), ("DEN", "SWE")):
        assert STANDARD.can_move(fleet, Location(a), Location(b)), (a, b)
    assert STANDARD.can_move(UnitType.ARMY, Location("DEN"), Location("SWE"))


def test_starting_position() -> None:
    starts = {str(u): u.power for u in STANDARD.starting_units}
    assert len(starts) == 22
    assert starts["F STP/SC"] == "RUSSIA"
    assert starts["A LVP"] == "ENGLAND"
    for power, homes in STANDARD.home_centres.items():
        assert homes <= STANDARD.supply_centres, power
    assert sum(len(h) for h in STANDARD.home_centres.values()) == 22
