"""Lines written under the Masters Rules (rules/003), judged when sent: a line the
engine would not play is refused at once with the rule's reason, never accepted and
dropped at adjudication (issue 33; docs/VARIANTS.md M24).

What is known when a line is sent is judged then: whether Variable Control is played
(MR2), whether the writer may write for that power now (MR2 a: his units and its
centres stand as they will at the deadline), where a rebel may be raised (MR3 b),
what may be annexed (MR4 a) and whom aid may reach (MR6). Whether a Great Power is in
civil disorder is known only at the deadline: a line for its unit is kept, and the
echo says on what it depends (`conditional_text`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from adjudication.model.board import Board
from adjudication.model.optional_rules import RULE_TITLES, MastersRules
from adjudication.model.orders import Order, order_power
from adjudication.model.position import Position
from adjudication.model.units import Location, PhaseKind, Power
from adjudication.text.notation import place_name, unit_name
from adjudication.variants import VARIANTS
from adjudication.variants.masters.control import watching_unit
from adjudication.variants.masters.minors import is_rebel
from adjudication.variants.masters.play import in_disorder
from adjudication.variants.masters.play import masters_board as played_board
from adjudication.variants.masters.rebels import RebelSite, owner_next_to, rebel_site_refusal
from adjudication.variants.masters.words import power_name
from adjudication.variants.masters.written import Aid, Annex, MastersOrder, RebelBuild
from storage.orders_in_force import InForce, SlotKind

_RULE = {RebelBuild: "rebellion", Annex: "annexation", Aid: "foreign_aid"}
_WHAT = {RebelBuild: "A rebel build", Annex: "An annexation", Aid: "Aid"}


def written_refusal(
    order: Order | MastersOrder,
    writer: Power,
    position: Position,
    board: Board,
    masters: MastersRules,
    last_winter: Mapping[str, Power] | None = None,
) -> str | None:
    """Why the engine would not play `order`, a line `writer` wrote for another power's
    unit or a Masters order, in words for the player; None if it may. `last_winter`:
    the ownership at the previous adjustments (MR4 a), when the service knows it."""
    played = played_board(board, masters, position.homes)
    if isinstance(order, RebelBuild | Annex | Aid):
        return _masters_order_refusal(order, writer, position, played, masters, last_winter)
    if not masters.variable_control:
        return (
            "Variable Control (rules/003 MR2) is not played in this game: you may order "
            "only your own units."
        )
    power = order_power(order)
    watched = watching_unit(writer, power, position, played)
    if watched is None:
        return None
    unit, centre = watched
    verb = "stands in" if unit.province == centre else "could move into"
    name = power_name(power)
    return (
        f"You may not write orders for {name} now: your {unit_name(unit, played)} {verb} "
        f"{_place(centre, played)}, a centre {name} owns (rules/003 MR2 a: no unit of yours "
        "may occupy or be next to a supply centre of a power you write for)."
    )


def _masters_order_refusal(
    order: MastersOrder,
    writer: Power,
    position: Position,
    board: Board,
    masters: MastersRules,
    last_winter: Mapping[str, Power] | None,
) -> str | None:
    rule = _RULE[type(order)]
    title = RULE_TITLES[rule]
    if not getattr(masters, rule):
        return f"{title} (rules/003) is not played in this game."
    if position.phase.kind is not PhaseKind.ADJUSTMENT:
        return (
            f"{_WHAT[type(order)]} is written in a Winter's adjustments only "
            f"(rules/003 {title.split()[0]})."
        )
    if isinstance(order, RebelBuild):
        return _rebel_refusal(order, writer, position, board, masters)
    if isinstance(order, Annex):
        return _annex_refusal(order, writer, position, board, last_winter)
    return _aid_refusal(order, position, board)


def _rebel_refusal(
    order: RebelBuild, writer: Power, position: Position, board: Board, masters: MastersRules
) -> str | None:
    why = rebel_site_refusal(order, writer, position, board, masters)
    if why is None:
        return None
    where = _place(order.location.province, board)
    rule = "(rules/003 MR3 a: rebels are raised in a supply centre of another power)"
    if why is RebelSite.NOT_A_CENTRE:
        return f"{where} is not a supply centre {rule}."
    if why is RebelSite.UNOWNED:
        return f"No power owns {where} {rule}."
    if why is RebelSite.OWN_CENTRE:
        return f"{where} is your own centre {rule}."
    if why is RebelSite.OCCUPIED:
        there = position.unit_in(order.location.province)
        assert there is not None
        return (
            f"{power_name(there.power)}'s {unit_name(there, board)} stands in {where}: a rebel "
            "unit is raised only in an empty centre (rules/003 MR3 b)."
        )
    if why is RebelSite.CANNOT_STAND:
        kind = "an army" if order.type.value == "A" else "a fleet"
        return f"{kind.capitalize()} cannot stand in {where}."
    watcher = owner_next_to(order.location.province, position, board)
    assert watcher is not None
    return (
        f"{power_name(watcher.power)}'s {unit_name(watcher, board)} could move into {where} "
        "(rules/003 MR3 b: a rebel unit is raised only in a centre neither occupied by, nor "
        "next to, a unit of the power which owns it)."
    )


def _annex_refusal(
    order: Annex,
    writer: Power,
    position: Position,
    board: Board,
    last_winter: Mapping[str, Power] | None,
) -> str | None:
    where = _place(order.centre, board)
    rule = "(rules/003 MR4 a: a centre your power owns, and owned at the previous adjustments)"
    if position.ownership.get(order.centre) != writer:
        return f"{where} is not yours {rule}."
    if board.home_owner.get(order.centre) == writer:
        return f"{where} is already one of your home centres."
    if position.phase.year <= VARIANTS[position.variant].start.year:
        return f"No centre can be annexed in the first Winter {rule}."
    if last_winter is not None and last_winter.get(order.centre) != writer:
        return f"{where} was not yours at the previous adjustments {rule}."
    return None


def _aid_refusal(order: Aid, position: Position, board: Board) -> str | None:
    recipient = order.recipient
    powers = set(board.powers) | {u.power for u in position.units}
    if recipient in powers | set(position.ownership.values()):
        return None
    if is_rebel(recipient):
        return "No rebel unit stands there: there is nobody to aid (rules/003 MR6 a)."
    return f"{power_name(recipient)} has no units and no centres: there is nobody to aid."


def conditional_text(
    in_force: InForce,
    power: Power,
    position: Position,
    board: Board,
    masters: MastersRules,
    disorder: Collection[Power],
) -> str:
    """For the echo: the lines `power` has in force for units of Great Powers not in
    civil disorder now; they are followed only if that power is in disorder at the
    deadline (it may miss its orders meanwhile: MR2 a), or ""."""
    if not masters.variable_control:
        return ""
    cd = in_disorder(position, board, masters, disorder)
    units = [
        getattr(kept.order, "unit", None)  # a Masters order names no unit
        for (p, slot), kept in in_force.items()
        if p == power and slot.kind is SlotKind.WRITTEN
    ]
    held = sorted({u.power for u in units if u is not None and u.power not in cd | {power}})
    if not held:
        return ""
    names = " and ".join(power_name(p) for p in held)
    each = "it is" if len(held) == 1 else "they are"
    return (
        f"Your orders for {names}'s units are followed only if {names} "
        f"{'is' if len(held) == 1 else 'are'} in civil disorder at the deadline; {each} "
        "not now (rules/003 MR2)."
    )


def _place(province: str, board: Board) -> str:
    return place_name(Location(province), board, "long")
