"""`/game export` of a Masters Rules game (rules/003; docs/PHASES.md "The Masters
Rules"): besides the board, each exported line names what the game knew when the phase
was played, so that `python -m adjudication replay --compare` plays it as the game did.

- the lines written for powers in civil disorder and the Masters orders, each with its
  writer (`variable_control`), apart from the powers' own orders (`orders`);
- the Great Powers in civil disorder then (`disorder`, MR2 a): those the game had in
  disorder once the phase's missed orders were counted, which is the state the next
  phase began with (`PhaseRow.start_state`, written in the adjudication's transaction);
- under MR4, the home centres with those annexed (`homes`, MR4 c) and, in a Winter after
  the first year, the ownership at the previous Winter (`last_winter_centers`, MR4 a),
  which is that year's Spring ownership, as the adjudicator reads it
  (bot/service/deadlines/_winter_record.py).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.optional_rules import MastersRules
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import PhaseKind, Power, Season
from adjudication.variants import Variant, variant_named
from adjudication.variants.masters.codec import written_to_json
from adjudication.variants.masters.play import masters_board, winter_played
from adjudication.variants.masters.written import Written
from bot.service.kernel import PhaseRecord
from bot.service.variants.masters._orders import written_for_others
from storage import queries
from storage.codec import order_from_json
from storage.orders_in_force import AnyOrder


@dataclass(frozen=True, slots=True)
class MastersExport:
    """What a Masters game's export adds to each line, read once for the game."""

    rules: Rules
    variant: Variant
    disorder: Mapping[int, tuple[Power, ...]]  # phase id -> Great Powers in disorder
    springs: Mapping[int, Mapping[str, Power]]  # year -> ownership of its Spring

    @property
    def masters(self) -> MastersRules:
        return self.rules.masters

    def line(
        self, record: PhaseRecord, position: Position
    ) -> tuple[list[AnyOrder], dict[str, Any]]:
        """The powers' own orders of `record` (its `orders`) and the line's Masters
        fields."""
        own: list[AnyOrder] = []
        written: list[Written] = []
        for writer, orders in record.orders.items():
            for document in orders:  # in the order written, as the engine counts them
                order = order_from_json(document)
                if written_for_others(order, writer):
                    written.append(Written(order, writer))
                else:
                    own.append(order)
        fields: dict[str, Any] = {}
        if written:
            fields["variable_control"] = [written_to_json(w) for w in written]
        if self.disorder.get(record.id):
            fields["disorder"] = list(self.disorder[record.id])
        if self.masters.annexation:
            fields |= self._annexation(position)
        return own, fields

    def _annexation(self, position: Position) -> dict[str, Any]:
        fields: dict[str, Any] = {}
        if position.homes:
            base = self.variant.board_for(position.phase)
            board = masters_board(base, self.masters, position.homes)
            powers = sorted(set(base.powers) | set(position.homes.values()))
            fields["homes"] = {p: sorted(board.home_centres.get(p, ())) for p in powers}
        phase = position.phase
        last = self.springs.get(phase.year)
        if phase.kind is PhaseKind.ADJUSTMENT and phase.year > self.variant.start.year and last:
            by_power: dict[str, list[str]] = {}
            for centre, owner in sorted(last.items()):
                by_power.setdefault(owner, []).append(centre)
            fields["last_winter_centers"] = dict(sorted(by_power.items()))
        return fields

    def winter_played(self, winter: Position, fall_id: int) -> bool:
        """Whether the engine plays `winter` (PHASES.md passes over one in which nobody
        adjusts), after the Fall phase stored as `fall_id`: on the Masters board, and
        with the Winters only the Masters Rules open (M15)."""
        return winter_played(winter, self.variant, self.rules, self.disorder.get(fall_id, ()))


class RecordReader(Protocol):
    """The history desk as the export needs it (`History`): a transaction, and the
    position a phase's record holds."""

    def transaction(self) -> AbstractAsyncContextManager[AsyncSession]: ...

    def record_position(self, record: PhaseRecord) -> Position: ...


async def masters_export(
    history: RecordReader, game_id: int, records: Sequence[PhaseRecord], rules: Rules, variant: str
) -> MastersExport | None:
    """What the export of a game playing `rules.masters` adds to its lines (None when
    it plays no Masters Rules): read from the game's live phases `records`, in order."""
    if not rules.masters.played:
        return None
    positions = {r.id: history.record_position(r) for r in records}
    springs = {
        p.phase.year: p.ownership
        for p in positions.values()
        if p.phase.season is Season.SPRING and p.phase.kind is PhaseKind.MOVEMENT
    }
    async with history.transaction() as session:
        states = {row.id: row.start_state for row in await queries.phases.of_game(session, game_id)}
    disorder = {
        played.id: _in_disorder(states.get(following.id))
        for played, following in itertools.pairwise(records)
    }
    return MastersExport(rules, variant_named(variant), disorder, springs)


def _in_disorder(state: Mapping[str, Any] | None) -> tuple[Power, ...]:
    """The powers a phase's start state has in civil disorder."""
    powers = (state or {}).get("powers", {})
    return tuple(sorted(p for p, s in powers.items() if s.get("civil_disorder")))
