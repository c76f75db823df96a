"""The orders a phase plays, and the NMR bookkeeping at its deadline (rules/000
§14.3, rules/004 rules 9 and 10): who missed orders, whose standby takes over, who
falls into civil disorder. Read by the adjudicator (`Adjudicator.play_phase`) before
the engine plays the phase."""

from __future__ import annotations

from collections.abc import Sequence

from adjudication.model.board import Board
from adjudication.model.optional_rules import NO_MASTERS_RULES
from adjudication.model.orders import Order
from adjudication.model.position import Position
from adjudication.model.units import PhaseKind, Power
from bot.service.events import payloads as ev
from bot.service.kernel import hand_over
from bot.service.orders import owes_orders
from bot.service.variants import parts_for
from storage.codec import order_from_json
from storage.models import OrderRow, PowerRow, SubmissionRow


def orders_and_nmr(
    position: Position,
    powers: list[PowerRow],
    subs: Sequence[SubmissionRow],
    rows: Sequence[OrderRow],
    settings,
    board: Board,
) -> tuple[list[Order], list[OrderRow], list[ev.Payload]]:
    """The orders to play, and the NMR bookkeeping (rules/000 §14.3, rules/004
    rules 9 and 10): a power whose own player sent nothing it owed is NMR; its
    standby's orders, if any, are used and the standby takes over; proxies' orders
    are used but do not save the owner from NMR; after `civil_disorder_after`
    missed movement phases (Spring or Fall) the power is in civil disorder."""
    senders_by_power: dict[Power, set[int]] = {}
    for s in subs:
        senders_by_power.setdefault(s.power, set()).add(s.sender_user_id)
    events: list[ev.Payload] = []
    takeover: set[Power] = set()
    for row in powers:
        if not row.playable or row.user_id is None:
            continue
        sent = senders_by_power.get(row.power, set())
        if row.user_id in sent:
            row.missed_phases = 0
            row.civil_disorder = False
        elif not owes_orders(position, row.power, board, NO_MASTERS_RULES):
            # Missed orders are those the rulebook's game asks for: under the Masters
            # Rules a Winter may offer choices a power may leave unused (aid to receive, a
            # surplus with no home centre free), and leaving them is no NMR (issue 33).
            continue
        elif row.standby_user_id is not None and row.standby_user_id in sent:
            takeover.add(row.power)
            events.append(_standby_takes_over(row))
        else:
            events += _orders_missed(row, position, settings)
    orders, unused = _orders_played(powers, subs, rows, takeover)
    return orders, unused, events


def _standby_takes_over(row: PowerRow) -> ev.PlayerReplaced:
    """rules/004 rule 10: the standby who sent the orders the player did not becomes
    the power's player."""
    assert row.user_id is not None and row.standby_user_id is not None
    hand_over(row, row.standby_user_id)
    replaced = ev.PlayerReplaced(
        power=row.power,
        old=row.user_id,
        new=row.standby_user_id,
        score_from=row.score_choice_from,
    )
    row.user_id, row.standby_user_id = row.standby_user_id, None
    row.missed_phases, row.civil_disorder = 0, False
    return replaced


def _orders_missed(row: PowerRow, position: Position, settings) -> list[ev.Payload]:
    """A power that owed orders and sent none: NMR, and after `civil_disorder_after`
    missed movement phases, civil disorder (rules/000 §14.3)."""
    if parts_for(position.variant).owes_a_secret_order(position):
        # Spy Diplomacy's start owes only the spy's placement, which is secret: a
        # spy not placed is drawn (Y2, told to its owner alone), and "no orders
        # from Turkey" would tell everyone whose spy was drawn.
        return []
    events: list[ev.Payload] = [ev.Nmr(power=row.power, phase=position.phase.code)]
    if position.phase.kind is not PhaseKind.MOVEMENT:
        # rules/000 §14.3: civil disorder follows orders missed "in a given Spring
        # or Fall season"; an unordered retreat is disbanded and an unused build
        # waived, but neither counts towards it.
        return events
    row.missed_phases += 1
    if not row.civil_disorder and row.missed_phases >= settings.civil_disorder_after:
        row.civil_disorder = True
        events.append(ev.CivilDisorder(power=row.power))
    return events


def _orders_played(
    powers: list[PowerRow],
    subs: Sequence[SubmissionRow],
    rows: Sequence[OrderRow],
    takeover: set[Power],
) -> tuple[list[Order], list[OrderRow]]:
    """The orders in force to play, and those left unused: a standby's orders count
    only when the standby took the power over (or sent them as the owner)."""
    sender = {s.id: s.sender_user_id for s in subs}
    owner = {r.power: r for r in powers}
    orders: list[Order] = []
    unused: list[OrderRow] = []
    for r in rows:
        p = owner.get(r.power)
        from_standby = p is not None and sender.get(r.submission_id) == p.standby_user_id
        if r.by_owner or r.power in takeover or not from_standby:
            orders.append(order_from_json(r.order))  # Masters lines too
        else:
            unused.append(r)
    return orders, unused
