"""Issue 17: the orders in force as typed values. Each is kept under a slot (the
`orders` table's `slot` column): a unit's province (or a build's), a numbered waived
build, a power's one spy, or a numbered Masters Rules line written for a power in
disorder; stored as text, read back as the same `Slot`, and its order decoded once
through the one order codec."""

from __future__ import annotations

import pytest

from adjudication.model.orders import Build, Hold, Move, Waive
from adjudication.model.pieces import Spy
from adjudication.model.units import Location, Unit, UnitType
from adjudication.variants.masters.written import Aid
from adjudication.variants.spy.orders import PlaceSpy
from storage.codec import order_to_json
from storage.orders_in_force import OrderInForce, Slot, SlotKind, in_force_of, next_slot

PAR = Unit("FRANCE", UnitType.ARMY, Location("PAR"))
STP_SC = Unit("RUSSIA", UnitType.FLEET, Location("STP", "SC"))


@pytest.mark.parametrize(
    ("slot", "text"),
    [
        (Slot.unit("PAR"), "PAR"),
        (Slot.waive(1), "WAIVE1"),
        (Slot.waive(12), "WAIVE12"),
        (Slot.SPY, "SPY"),
        (Slot.written(3), "VC3"),
    ],
)
def test_issue17_each_slot_kind_is_kept_as_its_stored_text_and_read_back(slot, text) -> None:
    assert str(slot) == text
    assert Slot.from_text(text) == slot


def test_issue17_slot_kinds_are_told_apart() -> None:
    kinds = [Slot.from_text(t).kind for t in ("MAO", "WAIVE2", "SPY", "VC1")]
    assert kinds == [SlotKind.UNIT, SlotKind.WAIVE, SlotKind.SPY, SlotKind.WRITTEN]
    assert Slot.unit("PAR") != Slot.unit("MAR")
    assert Slot.waive(1) != Slot.written(1)


def test_issue17_a_unit_on_a_coast_is_kept_under_its_province() -> None:
    assert Slot.of_unit(STP_SC) == Slot.unit("STP")


def test_issue17_a_numbered_slot_takes_the_first_number_free() -> None:
    taken = {Slot.waive(1), Slot.waive(3), Slot.written(2), Slot.unit("PAR")}
    assert next_slot(SlotKind.WAIVE, taken) == Slot.waive(2)
    assert next_slot(SlotKind.WRITTEN, taken) == Slot.written(1)
    assert next_slot(SlotKind.WAIVE, set()) == Slot.waive(1)


def test_issue17_unit_slot_refuses_a_number_and_numbered_a_province() -> None:
    with pytest.raises(ValueError):
        Slot(SlotKind.UNIT, number=1)
    with pytest.raises(ValueError):
        Slot(SlotKind.WAIVE, province="PAR")


@pytest.mark.parametrize(
    "order",
    [
        Move(PAR, Location("BUR")),
        Hold(STP_SC),
        Build(Unit("FRANCE", UnitType.FLEET, Location("BRE"))),
        Waive("FRANCE"),
        PlaceSpy(Spy("FRANCE", "PAR")),
        Aid("ITALY"),
    ],
)
def test_issue17_an_order_row_is_decoded_once_into_its_typed_value(order) -> None:
    # A power without orders is read as a row without a slot (an outer join).
    rows = [("ITALY", None, None, None), ("FRANCE", "VC1", order_to_json(order), False)]
    in_force = in_force_of(rows)
    assert in_force == {
        ("FRANCE", Slot.written(1)): OrderInForce("FRANCE", Slot.written(1), order, False)
    }
