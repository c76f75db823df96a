"""A replay line of a Masters game names what the game knew besides the board
(docs/PHASES.md): the Great Powers in civil disorder (MR2 a), the annexed home centres
(MR4 c, in `homes`) and the ownership at the previous Winter (MR4 a)."""

from __future__ import annotations

from typing import Any

from adjudication.model.orders import Move
from adjudication.model.units import Location
from adjudication.replay import replay_record
from adjudication.variants.masters.codec import written_to_json
from adjudication.variants.masters.written import Written
from tests.adjudication.masters.test_examples import unit

MR4 = {"masters": ["annexation"]}
AUSTRIA_HOMES = ["BUD", "TRI", "VIE"]


def winter(year: int, units: list[str], centres: list[str], orders: list[str]) -> dict[str, Any]:
    return {
        "id": f"austria-{year}",
        "phase": f"W{year}A",
        "units": {"AUSTRIA": units},
        "centers": {"AUSTRIA": centres},
        "orders": {"AUSTRIA": orders},
        "options": MR4,
    }


def test_rules003_mr4a_an_annexation_replays_with_last_winters_ownership() -> None:
    record = winter(1902, ["A BUD", "A GAL"], ["BUD", "SER", "TRI", "VIE"], [])
    record["variable_control"] = [{"by": "AUSTRIA", "order": {"type": "annex", "centre": "SER"}}]
    missing = replay_record(record)
    assert "last_winter_centers" in missing["error"]
    owned = replay_record(record | {"last_winter_centers": {"AUSTRIA": ["SER", "VIE"]}})
    assert [w["control"] for w in owned["variable_control"]] == ["followed"]
    not_then = replay_record(record | {"last_winter_centers": {"AUSTRIA": ["VIE"]}})
    assert [w["control"] for w in not_then["variable_control"]] == ["illegal"]


def test_rules003_mr4c_an_annexed_home_named_in_homes_is_built_on() -> None:
    record = winter(1903, ["A BUD"], ["BUD", "SER", "TRI", "VIE"], ["A SER B"])
    record["last_winter_centers"] = {"AUSTRIA": ["BUD", "SER", "TRI", "VIE"]}
    unannexed = replay_record(record | {"homes": {"AUSTRIA": AUSTRIA_HOMES}})
    assert unannexed["units"]["AUSTRIA"] == ["A BUD"]
    annexed = replay_record(record | {"homes": {"AUSTRIA": [*AUSTRIA_HOMES, "SER"]}})
    assert annexed["units"]["AUSTRIA"] == ["A BUD", "A SER"]


def test_rules003_mr4c_a_home_annexed_from_another_great_power_is_no_longer_its() -> None:
    record = {
        "id": "venice",
        "phase": "W1904A",
        "units": {"ITALY": ["A ROM"]},
        "centers": {"ITALY": ["NAP", "ROM", "VEN"]},
        "homes": {"ITALY": ["NAP", "ROM"], "AUSTRIA": ["BUD", "TRI", "VEN", "VIE"]},
        "orders": {"ITALY": ["A VEN B", "F NAP B"]},
        "last_winter_centers": {"ITALY": ["NAP", "ROM", "VEN"]},
        "options": MR4,
    }
    assert replay_record(record)["units"]["ITALY"] == ["A ROM", "F NAP"]


def test_rules003_mr2a_a_great_power_in_disorder_is_written_for() -> None:
    # Turkey missed its orders: Russia (no unit near Turkey's centres) writes for it.
    to_arm = Move(unit("TURKEY", "A SMY"), Location("ARM"))
    record = {
        "id": "turkey",
        "phase": "S1901M",
        "units": {"TURKEY": ["A SMY", "F ANK"], "RUSSIA": ["A MOS"]},
        "centers": {"TURKEY": ["ANK", "CON", "SMY"], "RUSSIA": ["MOS", "WAR"]},
        "orders": {"RUSSIA": ["A MOS H"]},
        "options": {"masters": ["minor_powers", "variable_control"]},
        "variable_control": [written_to_json(Written(to_arm, "RUSSIA"))],
    }
    held = replay_record(record)
    assert held["units"]["TURKEY"] == ["A SMY", "F ANK"]
    assert [w["control"] for w in held["variable_control"]] == ["not_in_disorder"]
    moved = replay_record(record | {"disorder": ["TURKEY"]})
    assert moved["units"]["TURKEY"] == ["A ARM", "F ANK"]
    assert [w["control"] for w in moved["variable_control"]] == ["followed"]


def test_rules003_a_masters_record_with_bad_fields_is_an_error_of_that_line_only() -> None:
    record = winter(1902, ["A BUD"], ["BUD", "TRI", "VIE"], [])
    for field, value in (
        ("disorder", "TURKEY"),
        ("last_winter_centers", ["VIE"]),
        ("homes", {"AUSTRIA": "SER"}),
    ):
        result = replay_record(record | {field: value})
        assert field in result["error"], (field, result)
