"""The parts in force for a game (`parts_for`), asked as one (`Parts`): the variant's own
part, if it has one (Spy Diplomacy, Kriegsplomacy's views, a One-on-one match), then the
Masters Rules' where they are played. Each part says itself whether it is in force (its
`part_of`); this is the one module of the service that imports every variant's part."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from adjudication.model.board import Board
from adjudication.model.optional_rules import NO_MASTERS_RULES, MastersRules
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import Phase, Power
from adjudication.variants import VARIANTS, Variant
from bot.service.events import payloads as ev
from bot.service.kernel import SubmissionResult
from bot.service.variants import hidden, masters, match, spy
from bot.service.variants._legend import MapMarks
from bot.service.variants._part import (
    History,
    Line,
    NewsAsked,
    OwnPlay,
    Reader,
    Rewriting,
    ServicePart,
    Standing,
)
from storage.models import GameRow, OrderRow, PhaseRow, PowerRow
from storage.orders_in_force import AnyOrder, InForce


@cache
def parts_for(variant: str, masters_rules: MastersRules | None = None) -> Parts:
    """The parts in force in a game of `variant` played with `masters_rules` (None: as
    none are played; the parts asked of a position alone, which are the variant's)."""
    played = VARIANTS[variant]
    found = (
        spy.part_of(played),
        hidden.part_of(played),
        match.part_of(played),
        masters.part_of(masters_rules or NO_MASTERS_RULES),
    )
    return Parts(tuple(part for part in found if part is not None))


@dataclass(frozen=True, slots=True)
class Parts:
    """The parts in force for one game, in order, asked as one: each hook of
    `ServicePart` answered by every part that changes it. A question is true when any
    part says so; a text or a value goes through each part in turn (the news: each
    part's entries, a later one's winning); a parser, a rewriting, a play, a refusal
    or the maps' marks is the first part's that has one; a draw is the first part's
    that ends the game its own way; the deadline after a phase goes through each part
    until one ends the game."""

    parts: tuple[ServicePart, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(part.name for part in self.parts)

    @property
    def hides_the_board(self) -> bool:
        """Whether a player may know only part of the board (Kriegsplomacy's views, Spy's
        secret spies): spectators need the GM's leave, a player's record counts the game
        once it is over, a sandbox of the running game is the asker's own view."""
        return any(part.hides_the_board for part in self.parts)

    @property
    def views_only(self) -> bool:
        """Whether a player may know only their power's view of each phase, never the
        whole result (Kriegsplomacy)."""
        return any(part.views_only for part in self.parts)

    @property
    def player_notes(self) -> tuple[str, ...]:
        return tuple(note for part in self.parts for note in part.notes)

    # --- the orders desk ---------------------------------------------------------------

    def owes_a_secret_order(self, position: Position) -> bool:
        """Whether each power owes an order beyond its units' in this phase, which no
        one else may learn it missed (Spy Diplomacy's placement of its spy, Y1): owed,
        and never an NMR nor a miss on the player's record."""
        return any(part.owes_a_secret_order(position) for part in self.parts)

    @property
    def reader(self) -> Reader | None:
        """The game's own parser (the Masters Rules'); None: the engine's."""
        return next((part.reader for part in self.parts if part.reader is not None), None)

    def choices(self, position: Position, power: Power, board: Board) -> list[str]:
        return [c for part in self.parts for c in part.choices(position, power, board)]

    def rewriting(self, in_force: InForce) -> Rewriting | None:
        for part in self.parts:
            found = part.rewriting(in_force)
            if found is not None:
                return found
        return None

    def refusal(
        self,
        order: AnyOrder,
        writer: Power,
        position: Position,
        board: Board,
        last_winter: Mapping[str, Power] | None,
    ) -> str | None:
        for part in self.parts:
            said = part.refusal(order, writer, position, board, last_winter)
            if said:
                return said
        return None

    def with_orders(self, summary: SubmissionResult, standing: Standing) -> SubmissionResult:
        for part in self.parts:
            summary = part.with_orders(summary, standing)
        return summary

    # --- the lobby ----------------------------------------------------------------------

    def rules_lines(self, lines: list[str], variant: Variant) -> list[str]:
        for part in self.parts:
            lines = part.rules_lines(lines, variant)
        return lines

    def dealt(self, rules: Rules) -> Rules:
        for part in self.parts:
            rules = part.dealt(rules)
        return rules

    async def after_start(
        self,
        core: Any,
        session: AsyncSession,
        game: GameRow,
        groups: dict[int, tuple[Power, ...]],
        deadline: datetime,
        now: datetime,
    ) -> None:
        for part in self.parts:
            await part.after_start(core, session, game, groups, deadline, now)

    # --- the adjudicator, the votes, an absence ------------------------------------------

    def play(
        self,
        position: Position,
        board: Board,
        rows: Sequence[OrderRow],
        variant: Variant,
        rules: Rules,
        history: History,
        disorder: frozenset[Power],
    ) -> OwnPlay | None:
        """The phase played by the first part that plays it itself; None: the engine's
        pipeline as it comes."""
        for part in self.parts:
            if part.play is not None:
                return part.play(position, board, rows, variant, rules, history, disorder)
        return None

    def news(self, asked: NewsAsked) -> dict[str, Any]:
        return {key: said for part in self.parts for key, said in part.news(asked).items()}

    async def side_follows(
        self,
        desk: Any,
        session: AsyncSession,
        game: GameRow,
        powers: list[PowerRow],
        played: str,
        events: list[ev.Payload],
        now: datetime,
    ) -> list[ev.Payload]:
        taken: list[ev.Payload] = []
        for part in self.parts:
            taken += await part.side_follows(desk, session, game, powers, played, events, now)
        return taken

    async def after_phase(
        self,
        endings: Any,
        session: AsyncSession,
        game: GameRow,
        new_phase: PhaseRow,
        played: Phase,
        nxt: Position,
        deadline: datetime | None,
        now: datetime,
    ) -> tuple[datetime | None, bool]:
        """The next phase's deadline (None: it waits), and whether the game ended."""
        for part in self.parts:
            deadline, over = await part.after_phase(
                endings, session, game, new_phase, played, nxt, deadline, now
            )
            if over:
                return deadline, True
        return deadline, False

    async def other_boards(self, session: AsyncSession, game: GameRow) -> list[GameRow]:
        return [other for part in self.parts for other in await part.other_boards(session, game)]

    async def draw(self, endings: Any, session: AsyncSession, game: GameRow, now: datetime) -> bool:
        """Whether a part ended the game on a passed draw its own way."""
        for part in self.parts:
            if await part.draw(endings, session, game, now):
                return True
        return False

    # --- the records, the sandbox, the spectators ------------------------------------------

    def drawn_for(self, position: Position, viewer: Power | None) -> Position:
        for part in self.parts:
            position = part.drawn_for(position, viewer)
        return position

    def known_now(self, position: Position, power: Power, board: Board) -> Position:
        for part in self.parts:
            position = part.known_now(position, power, board)
        return position

    @property
    def marks_maps(self) -> bool:
        """Whether a part says more on the game's maps than the position (asked before a
        read is opened for `map_marks`)."""
        return any(part.map_marks is not None for part in self.parts)

    async def map_marks(self, conn: AsyncConnection, phase_id: int) -> MapMarks | None:
        """A One-on-one board's title line and marks; None for a game without them."""
        for part in self.parts:
            if part.map_marks is not None:
                marks = await part.map_marks(conn, phase_id)
                if marks is not None:
                    return marks
        return None

    def exported_for(self, lines: list[Line], mine: Collection[Power]) -> list[Line]:
        for part in self.parts:
            lines = part.exported_for(lines, mine)
        return lines
