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
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Protocol, TypeVar

from adjudication.maps import STANDARD
from adjudication.model.board import Board
from adjudication.model.orders import ORDERS, Espionage, Hold, Move, Order, Support, UnitOrder
from adjudication.model.outcomes import Outcome
from adjudication.model.position import Position
from adjudication.model.units import Phase, PhaseKind, Power, UnitType
from adjudication.model.variant import PowerStatus
from adjudication.play.legal import legal_orders
from adjudication.text.notation import format_order
from adjudication.variants.spy.orders import PlaceSpy, Protect, SpyMove
from adjudication.variants.spy.words import format_spy_order
from bot.service.kernel import GameSettings, NotFound, PhaseRecord, PlayedPhase, Store
from bot.service.lobby import Lobby
from bot.service.records._history import History
from bot.service.records._map_marks import BoardPhase
from bot.service.variants import MapMarks, parts_for, unheld_powers
from bot.service.variants.hidden import offered
from bot.service.variants.spy import spy_orders_for
from storage import queries
from storage.codec import outcome_from_json, position_from_json
from storage.orders_in_force import AnyOrder

if TYPE_CHECKING:
    from render.request import MapRequest, ResultsRequest

log = logging.getLogger(__name__)

# render_map(MapRequest(position, board=..., orders=..., ...)) -> PNG bytes
MapRenderer = Callable[["MapRequest"], bytes]
# render_results(ResultsRequest(before, after, board=..., ..., final=...)) -> PNG bytes
ResultsRenderer = Callable[["ResultsRequest"], bytes]
Request = TypeVar("Request", bound="MapRequest")


def default_renderer() -> MapRenderer:
    """The project's renderer, imported when first needed (it loads map data)."""
    from render.map import render_map

    return render_map


def default_results_renderer() -> ResultsRenderer:
    """The project's map of a played phase's outcome, imported when first needed."""
    from render.results import render_results

    return render_results


@dataclass(frozen=True, slots=True)
class MapImage:
    phase: Phase
    title: str  # "Spring 1901", or "Spring 1901 (rolled back)"
    png: bytes
    report: str | None  # the phase's results, if it has been played


class ReadsGames(Protocol):
    """The service as the lookups read it (`GameService`): its store, the history of
    every game and the lobby's answers; typed by what is used, so the lookups, which
    the composition root does not build, need nothing above the records. Read-only: an
    attribute or a property will do."""

    @property
    def store(self) -> Store: ...

    @property
    def history(self) -> History: ...

    @property
    def lobby(self) -> Lobby: ...


class GameLookups:
    """Answers for cogs and delivery about one service's games."""

    def __init__(
        self,
        service: ReadsGames,
        *,
        board: Board = STANDARD,
        renderer: MapRenderer | None = None,
        results_renderer: ResultsRenderer | None = None,
        palette: str = "classic",
        width: int = 1600,
    ) -> None:
        self.service = service
        self.board = board
        self._renderer = renderer
        self._results_renderer = results_renderer
        self.palette = palette  # the operator's MAP_PALETTE
        self.width = width
        # render_sc_chart(history, palette) -> PNG bytes; imported when first needed
        self.chart_renderer: Callable[..., bytes] | None = None

    async def records(self, game_id: int) -> tuple[PhaseRecord, ...]:
        """The whole game, every phase with its orders: it grows with the game, so
        nothing made after each phase or on each request should need it (a list of
        the phases played is `played_phases`)."""
        return await self.service.history.phase_records(game_id)

    async def played_phases(self, game_id: int) -> tuple[str, ...]:
        """The codes of the phases played so far, in order (for `/game history`)."""
        return await self.service.history.phase_codes(game_id, played=True)

    async def current_position(self, game_id: int) -> Position:
        position = await self.service.history.current_position(game_id)
        if position is None:
            raise NotFound("That game has not started yet.")
        return position

    async def find_record(self, game_id: int, phase: str | None = None) -> PhaseRecord:
        """A stored phase by code (the latest play of it; when all its plays were
        rolled back, the latest of those), "S1901M/2" for its second play, or the
        current phase."""
        wanted = phase.strip().upper() if phase else None
        record = await self.service.history.phase_record(game_id, wanted)
        if record is not None:
            return record
        # Only a phase not found needs the list of the others.
        codes = await self.service.history.phase_codes(game_id)
        if not codes:
            raise NotFound("That game has not started yet.")
        played = ", ".join(codes)
        raise NotFound(f"No phase {wanted} in this game. Phases so far: {played}.")

    async def palette_for(self, game_id: int, user_id: int | None = None) -> str:
        """The palette of a map of this game: the one `user_id` chose when it is sent
        to them alone, else the game's `map_palette`, else the operator's. One
        statement."""
        async with self.service.store.core_transaction() as conn:
            found = await queries.games.map_palettes(conn, game_id, user_id)
        return self._palette_of(found)

    def _palette_of(self, found: tuple[int | None, dict, str | None] | None) -> str:
        if found is None:
            return self.palette
        _phase_id, settings, chosen = found
        return chosen or (settings or {}).get("map_palette") or self.palette

    async def centre_chart(self, game_id: int, palette: str | None = None) -> bytes:
        """The supply-centre chart: each power's centres at the start of every year
        played (and at the phase in play), as a PNG. One statement, one row a year."""
        async with self.service.store.core_transaction() as conn:
            openings = await queries.phases.year_openings(conn, game_id)
        if not openings:
            raise NotFound("That game has not started yet.")
        history = [
            (code, dict(Counter(position_from_json(position).ownership.values())))
            for code, position in openings
        ]
        if self.chart_renderer is None:
            from render.chart import render_sc_chart

            self.chart_renderer = render_sc_chart
        return await asyncio.to_thread(self.chart_renderer, history, palette or self.palette)

    async def phase_map(self, game_id: int, phase: str | None = None) -> MapImage:
        """The map of a phase: the current one, or a played one with its orders and
        results drawn on it."""
        return await self.record_map(await self.find_record(game_id, phase))

    async def unheld_powers(self, game_id: int, phase: Phase) -> Mapping[Power, PowerStatus]:
        """The powers no player holds in `phase`, for the legend (one read of the
        game's settings)."""
        return unheld_powers(await self.service.lobby.game_settings(game_id), phase)

    async def results_map(self, game_id: int, phase_id: int) -> MapImage:
        """The map of one played phase (by its stored id), for the results post."""
        found = await self.service.history.phase_results(game_id, phase_id)
        if found is None:
            raise NotFound(f"No phase {phase_id} in game {game_id}.")
        unheld = await self.unheld_powers(game_id, found.position.phase)
        marks = await self._board_marks(found.position, phase_id)  # One-on-one's boards
        return await self._map(
            found.phase, found.position, found.outcomes, found.report, statuses=unheld, marks=marks
        )

    async def _board_marks(self, position: Position, phase_id: int) -> MapMarks | None:
        """What the game's parts say on its maps beyond the position (a match's board's
        title line and marks: one read; none, and no read, for a game without them)."""
        parts = parts_for(position.variant)
        if not parts.marks_maps:
            return None
        async with self.service.store.core_transaction() as conn:
            return await parts.map_marks(conn, phase_id)

    async def record_map(
        self,
        record: PhaseRecord,
        palette: str | None = None,
        *,
        game_id: int | None = None,
        whole_board: bool = False,
        viewer: Power | None = None,
    ) -> MapImage:
        """The map of a stored phase; the title of a play since rolled back says so.
        With `game_id`, the legend names the powers no player holds; `whole_board`: the
        GM's, every spy drawn; else only `viewer`'s spy (a player asking alone), or none."""
        position = self.service.history.record_position(record)
        if not whole_board:  # issue 12: only a spy's owner sees it
            position = parts_for(position.variant).drawn_for(position, viewer)
        unheld = None if game_id is None else await self.unheld_powers(game_id, position.phase)
        marks = await self._board_marks(position, record.id)  # One-on-one's boards
        picture = await self._map(
            record.phase,
            position,
            record.outcomes,
            record.report,
            palette,
            statuses=unheld,
            marks=marks,
        )
        if record.rolled_back:
            return replace(picture, title=f"{picture.title} (rolled back)")
        return picture

    async def _map(
        self,
        phase: Phase,
        position: Position,
        stored_outcomes: Sequence[dict] | None,
        report: str | None,
        palette: str | None = None,
        *,
        statuses: Mapping[Power, PowerStatus] | None = None,
        marks: MapMarks | None = None,
    ) -> MapImage:
        outcomes: list[Outcome] | None = None
        orders: list[Order] | None = None
        if stored_outcomes is not None:
            outcomes = [outcome_from_json(o) for o in stored_outcomes]
            orders = [o.order for o in outcomes]
        png = await self.draw(
            position, orders, outcomes, palette=palette, statuses=statuses, marks=marks
        )
        return MapImage(phase, position.phase.title, png, report)

    async def preview_map(
        self,
        game_id: int,
        powers: Sequence[Power],
        orders: Sequence[AnyOrder],
        *,
        user_id: int | None = None,
    ) -> bytes:
        """The current position with one player's own pending orders drawn on it, in
        the palette of `user_id`, to whom it is sent (else the game's). The orders are
        drawn as the service holds them: never read again from text."""
        # The palette with the current phase, in the one statement that finds it.
        async with self.service.store.core_transaction() as conn:
            found = await queries.games.map_palettes(conn, game_id, user_id)
            if found is None:
                raise NotFound(f"There is no game number {game_id}.")
            if found[0] is None:
                raise NotFound("That game has not started yet.")
            position = await self.service.store.position_at(conn, found[0])
            parts = parts_for(position.variant)
            marks = await parts.map_marks(conn, found[0])
        palette = self._palette_of(found)
        unheld = unheld_powers(GameSettings.model_validate(found[1]), position.phase)
        # Issue 12: only what the player's powers know (Kriegsplomacy), their own spy and
        # no other (Spy Diplomacy).
        position = parts.known_now(position, powers[0], self.service.store.board_at(position))
        # The orders given to units are drawn; a variant's own (a spy's, the Masters
        # Rules' aid, annexations and rebel builds) are in the DM's echo, not on the map.
        drawn = [o for o in orders if isinstance(o, ORDERS)]
        return await self.draw(position, drawn, None, palette=palette, statuses=unheld, marks=marks)

    async def order_examples(self, game_id: int, powers: Sequence[Power]) -> list[str]:
        """Three orders the player could give now, made from their own units (a move,
        a support of it, a hold; or a retreat, a build, a removal), in the notation of
        the DM echo."""
        position = await self.current_position(game_id)
        board = self.service.store.board_at(position)
        seen = [(p, offered(position, p, board)) for p in powers]
        options = [o for power, known in seen for o in legal_orders(known, board, power)]
        # A Spy game's spy orders (its placement at the start): the player's own spy's,
        # a protect or a move rather than staying put.
        spy_orders = [o for power, known in seen for o in spy_orders_for(known, power, board)]
        spy_orders.sort(key=lambda o: not isinstance(o, Protect | SpyMove | PlaceSpy))
        spies = [format_spy_order(o, board) for o in spy_orders]
        if position.phase.kind is not PhaseKind.MOVEMENT:
            return ([format_order(o, board) for o in options] + spies)[:3]
        moves = [o for o in options if isinstance(o, Move) and not o.via_convoy]
        # The variant's own kind of order, shown first if the player has one: a plane
        # flying (Airplane), spying (Kriegsplomacy's E).
        own: list[UnitOrder] = []
        own += [o for o in moves if o.unit.type is UnitType.PLANE][:1]
        own += [o for o in options if isinstance(o, Espionage)][:1]
        chosen: list[UnitOrder] = [*own, *[o for o in moves if o not in own][: 1 if not own else 0]]
        move = next((o for o in chosen if isinstance(o, Move)), None)
        if move is not None:
            chosen += [
                o
                for o in options
                if isinstance(o, Support)
                and o.destination == move.destination
                and o.supported == move.unit.location
            ][:1]
        used = {o.unit for o in chosen}
        chosen += [o for o in options if isinstance(o, Hold) and o.unit not in used][:1]
        return [format_order(o, board) for o in chosen[:3]] + spies[:1]

    async def retreat_and_build_options(
        self, game_id: int, phase_id: int, power: Power
    ) -> list[str]:
        """Every retreat, disband, build or removal open to `power` in that phase."""
        found = await self.service.history.phase_results(game_id, phase_id)
        if found is None:
            return []
        board = self.service.store.board_at(found.position)
        options = legal_orders(offered(found.position, power, board), board, power)
        return [format_order(o, board) for o in options]

    async def played_phase(
        self, game_id: int, phase_id: int, next_phase_id: int
    ) -> PlayedPhase | None:
        """A played phase with the position it led to, for its results post and each
        player's DM; None if either is no longer in the live record (rolled back)."""
        before = await self.service.history.phase_results(game_id, phase_id)
        after = await self.service.history.phase_results(game_id, next_phase_id)
        if before is None or after is None or before.outcomes is None:
            return None
        outcomes = tuple(outcome_from_json(o) for o in before.outcomes)
        # The board of the phase that follows: its options (an Airplane game's plane
        # builds) are read on it.
        board = self.service.store.board_at(after.position)
        marks = await self._board_marks(after.position, next_phase_id)  # One-on-one's
        if marks is not None:
            return BoardPhase(before.position, outcomes, after.position, board, marks)
        return PlayedPhase(before.position, outcomes, after.position, board)

    async def results_png(
        self,
        played: PlayedPhase,
        *,
        final: bool,
        palette: str | None = None,
        statuses: Mapping[Power, PowerStatus] | None = None,
    ) -> bytes:
        """The position after the phase, its moves drawn lightly under it (the final
        position when the game ended with it); `statuses` as `draw`'s; a match's board
        (`BoardPhase`) says so and marks its powers in civil disorder."""
        if self._results_renderer is None:
            self._results_renderer = default_results_renderer()
        from render.request import ResultsRequest

        request = ResultsRequest(
            played.before,
            played.after,
            board=self.board,
            orders=[o.order for o in played.outcomes],
            outcomes=played.outcomes,
            palette=palette or self.palette,
            width=self.width,
            final=final,
        )
        board = played.marks if isinstance(played, BoardPhase) else None
        return await asyncio.to_thread(self._results_renderer, _marked(request, statuses, board))

    async def draw(
        self,
        position: Position,
        orders: Sequence[Order] | None,
        outcomes: Sequence[Outcome] | None,
        viewer: Power | None = None,
        *,
        palette: str | None = None,
        statuses: Mapping[Power, PowerStatus] | None = None,
        marks: MapMarks | None = None,
    ) -> bytes:
        """`statuses`: the powers no player holds, named in the legend (set on the
        request only when there are some). `marks`: a match's board's (its title's
        second line, its powers in disorder)."""
        if self._renderer is None:
            self._renderer = default_renderer()
        from render.request import MapRequest

        request = MapRequest(
            position,
            board=self.board,
            orders=orders or (),
            outcomes=outcomes or (),
            viewer=viewer,
            palette=palette or self.palette,
            width=self.width,
        )
        return await asyncio.to_thread(self._renderer, _marked(request, statuses, marks))


def _marked(
    request: Request, statuses: Mapping[Power, PowerStatus] | None, board: MapMarks | None
) -> Request:
    """`request` with the powers no player holds (`statuses`, left unset for a game
    that has none) for the legend; a match's board's title line and marks."""
    if board is not None:
        return board.on(request, statuses)
    return replace(request, statuses=statuses) if statuses else request


# The standard map's powers, for static slash-command choices.
POWERS: tuple[Power, ...] = tuple(sorted(STANDARD.powers))
