"""Read-only views the Discord layer needs besides the service's own operations: maps
of stored phases (the current one, a played one, a player's pending orders) and the
retreat and build options of a phase.

Cogs may import only `discord` and `bot`, so this is where rules-engine and render
values are turned into text and bytes for them. Nothing here writes to the database.
Drawing a map is CPU work, so it runs in a worker thread, off the event loop.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from adjudication.board import Board
from adjudication.maps import STANDARD
from adjudication.notation import format_order
from adjudication.orders import Order
from adjudication.outcomes import Outcome
from adjudication.position import Position
from adjudication.units import Power
from bot.errors import NotFound
from bot.service import GameService
from bot.views import PhaseRecord
from storage.codec import outcome_from_json

log = logging.getLogger(__name__)

# render_map(position, board, orders, outcomes, viewer, palette, width) -> PNG bytes
MapRenderer = Callable[..., bytes]


def default_renderer() -> MapRenderer:
    """The project's renderer, imported when first needed (it loads map data)."""
    from render.map import render_map

    return render_map


@dataclass(frozen=True, slots=True)
class MapImage:
    phase: str  # "S1901M"
    title: str  # "Spring 1901"
    png: bytes
    report: str | None  # the phase's results, if it has been played


class GameLookups:
    """Answers for cogs and delivery about one service's games."""

    def __init__(
        self,
        service: GameService,
        *,
        board: Board = STANDARD,
        renderer: MapRenderer | None = None,
        palette: str = "classic",
        width: int = 1600,
    ) -> None:
        self.service = service
        self.board = board
        self._renderer = renderer
        self.palette = palette
        self.width = width

    async def records(self, game_id: int) -> tuple[PhaseRecord, ...]:
        """The whole game, every phase with its orders: it grows with the game, so
        nothing made after each phase or on each request should need it (a list of
        the phases played is `played_phases`)."""
        return await self.service.phase_records(game_id)

    async def played_phases(self, game_id: int) -> tuple[str, ...]:
        """The codes of the phases played so far, in order (for `/game history`)."""
        return await self.service.phase_codes(game_id, played=True)

    async def current_position(self, game_id: int) -> Position:
        position = await self.service.current_position(game_id)
        if position is None:
            raise NotFound("That game has not started yet.")
        return position

    async def find_record(self, game_id: int, phase: str | None = None) -> PhaseRecord:
        """A stored phase by code (the latest play of it), or the current phase."""
        wanted = phase.strip().upper() if phase else None
        record = await self.service.phase_record(game_id, wanted)
        if record is not None:
            return record
        # Only a phase not found needs the list of the others.
        codes = await self.service.phase_codes(game_id)
        if not codes:
            raise NotFound("That game has not started yet.")
        played = ", ".join(codes)
        raise NotFound(f"No phase {wanted} in this game. Phases so far: {played}.")

    async def phase_map(self, game_id: int, phase: str | None = None) -> MapImage:
        """The map of a phase: the current one, or a played one with its orders and
        results drawn on it."""
        return await self.record_map(await self.find_record(game_id, phase))

    async def results_map(self, game_id: int, phase_id: int) -> MapImage:
        """The map of one played phase (by its stored id), for the results post."""
        found = await self.service.phase_results(game_id, phase_id)
        if found is None:
            raise NotFound(f"No phase {phase_id} in game {game_id}.")
        return await self._map(found.phase, found.position, found.outcomes, found.report)

    async def record_map(self, record: PhaseRecord) -> MapImage:
        position = self.service.record_position(record)
        return await self._map(record.phase, position, record.outcomes, record.report)

    async def _map(
        self,
        phase: str,
        position: Position,
        stored_outcomes: Sequence[dict] | None,
        report: str | None,
    ) -> MapImage:
        outcomes: list[Outcome] | None = None
        orders: list[Order] | None = None
        if stored_outcomes is not None:
            outcomes = [outcome_from_json(o) for o in stored_outcomes]
            orders = [o.order for o in outcomes]
        png = await self.draw(position, orders, outcomes)
        return MapImage(phase, position.phase.title, png, report)

    async def preview_map(
        self, game_id: int, powers: Sequence[Power], orders: Sequence[str]
    ) -> bytes:
        """The current position with one player's own pending orders drawn on it."""
        from adjudication.parse import parse_orders

        position = await self.current_position(game_id)
        parsed: list[Order] = []
        for power in powers:
            lines = parse_orders("\n".join(orders), position, power, self.board)
            parsed += [line.order for line in lines if line.order is not None]
        return await self.draw(position, parsed, None)

    async def retreat_and_build_options(
        self, game_id: int, phase_id: int, power: Power
    ) -> list[str]:
        """Every retreat, disband, build or removal open to `power` in that phase."""
        from adjudication.legal import legal_orders

        found = await self.service.phase_results(game_id, phase_id)
        if found is None:
            return []
        options = legal_orders(found.position, self.board, power)
        return [format_order(o, self.board) for o in options]

    async def draw(
        self,
        position: Position,
        orders: Sequence[Order] | None,
        outcomes: Sequence[Outcome] | None,
        viewer: Power | None = None,
    ) -> bytes:
        if self._renderer is None:
            self._renderer = default_renderer()
        return await asyncio.to_thread(
            self._renderer,
            position,
            self.board,
            list(orders) if orders is not None else None,
            list(outcomes) if outcomes is not None else None,
            viewer,
            self.palette,
            self.width,
        )


# The standard map's powers, for static slash-command choices.
POWERS: tuple[Power, ...] = tuple(sorted(STANDARD.powers))
