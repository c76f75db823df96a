"""The one protocol the variants' parts implement (issue 30): `ServicePart`, a variant's
part of the service as a value, the functions it carries for the points where the
feature packages ask (godip's `Variant` carries its phases, orders and winner alike).

Every hook has a neutral default, what a game without the part does, so a part names
only what it changes: Spy Diplomacy's spies, Kriegsplomacy's views (`hidden`), a
One-on-one match's two boards and the Masters Rules (rules/003, an option of any game).
The feature code asks the parts in force for a game (`Parts`, from `parts_for`), never
which variant it plays.

The hooks, by who asks:

- what each power owes (`orders`, the NMR bookkeeping, a player's record):
  `owes_a_secret_order` (one order more than its units', which no one else may learn
  was missed: Spy Diplomacy's placement);
- the orders desk (`orders`): `reader` (the game's own parser), `choices` (more orders
  autocomplete offers), `rewriting` (how the lines written for others are kept),
  `refusal` (why such a line is refused when sent), `with_orders` (what the writer is
  told beside their orders);
- the lobby: `notes` (what every player is told at the start and in `/help`),
  `rules_lines` (the rules in force as the posts say them), `dealt` (the rules as the
  powers are dealt), `after_start` (what follows the first phase's start);
- the adjudicator (`deadlines`): `play` (a phase the part plays itself), `news` (what
  each player's DM adds), `side_follows` (a standby's takeover of a whole side),
  `after_phase` (the deadline after a phase, and an end of its own), and for an absence
  `other_boards`;
- the votes (`endings`): `draw` (a draw ended the part's own way);
- the records, the sandbox and the spectators: `hides_the_board` (a player may know
  only part of the board), `views_only` (only their power's view of each phase),
  `drawn_for` and `known_now` (a position as one power may see it), `map_marks` (what a
  map says beyond the position) and `exported_for` (a player's `/game export`).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncSession

from adjudication.model.board import Board
from adjudication.model.orders import Order
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.rules import Rules
from adjudication.model.units import Phase, Power
from adjudication.variants import Variant
from bot.service.events import payloads as ev
from bot.service.kernel import SubmissionResult
from bot.service.variants._legend import MapMarks
from storage.models import GameRow, OrderRow, PhaseRow, PowerRow
from storage.orders_in_force import AnyOrder, InForce, Slot

Reader = Callable[[str, Position, Power, Board], list[Any]]
"""A parser of a message's lines for one power, as `Engine.parse_orders` is."""

History = Sequence[Mapping[str, Power]]
"""Centre ownership of the earlier winters, oldest first."""

Line = dict[str, Any]
"""One line of `/game export` (the interchange format of interop/PHASES.md)."""


class Rewriting(Protocol):
    """How a message's lines written for other powers are kept (the Masters Rules'
    `Rewritten`): the key of each line, and the slots its earlier ones left."""

    @property
    def dropped(self) -> Mapping[Power, set[Slot]]: ...

    def key(
        self, power: Power, changed: dict[tuple[str, Slot], Power], order: Any = None
    ) -> tuple[str, Slot]: ...


@dataclass(frozen=True, slots=True)
class Standing:
    """A sender's orders as they stand (after a message, or shown): the position and its
    board, the sender's own powers, the game's powers in civil disorder, the orders in
    force, and the ownership an annexation is judged by (rules/003 MR4 a)."""

    position: Position
    board: Board
    own: tuple[Power, ...]
    disorder: frozenset[Power]
    in_force: InForce
    last_winter: Mapping[str, Power] | None = None


@dataclass(frozen=True, slots=True)
class OwnPlay:
    """A phase a part played itself (the Masters Rules play every line kept): the
    engine's result, the orders the usual report reads, what the report adds, and the
    record of the lines written for others, told in the results and the DMs."""

    adjudication: Adjudication
    orders: Sequence[Order]
    report: str = ""
    written: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class NewsAsked:
    """What one player's DM after a phase is made from: their powers, the lines written
    this phase (`OwnPlay.written`), the phase to come and its board (None once the game
    is over), the powers in civil disorder, the deadline, last Winter's ownership."""

    mine: Sequence[Power]
    written: tuple[dict[str, Any], ...]
    after: Position | None
    board: Board | None
    disorder: frozenset[Power]
    deadline: datetime | None
    last_winter: Mapping[str, Power] | None


# --- the neutral hooks: what a game without the part does --------------------------------


def _no_choices(position: Position, power: Power, board: Board) -> Sequence[str]:
    return ()


def _no_secret_order(position: Position) -> bool:
    return False


def _no_rewriting(in_force: InForce) -> Rewriting | None:
    return None


def _no_refusal(
    order: AnyOrder,
    writer: Power,
    position: Position,
    board: Board,
    last_winter: Mapping[str, Power] | None,
) -> str | None:
    return None


def _as_told(summary: SubmissionResult, standing: Standing) -> SubmissionResult:
    return summary


def _same_lines(lines: list[str], variant: Variant) -> list[str]:
    return lines


def _same_rules(rules: Rules) -> Rules:
    return rules


async def _nothing_after_start(
    core: Any,
    session: AsyncSession,
    game: GameRow,
    groups: dict[int, tuple[Power, ...]],
    deadline: datetime,
    now: datetime,
) -> None:
    return None


def _no_news(asked: NewsAsked) -> Mapping[str, Any]:
    return {}


async def _no_takeover(
    desk: Any,
    session: AsyncSession,
    game: GameRow,
    powers: list[PowerRow],
    played: str,
    events: list[ev.Payload],
    now: datetime,
) -> Sequence[ev.Payload]:
    return ()


async def _same_deadline(
    endings: Any,
    session: AsyncSession,
    game: GameRow,
    new_phase: PhaseRow,
    played: Phase,
    nxt: Position,
    deadline: datetime | None,
    now: datetime,
) -> tuple[datetime | None, bool]:
    return deadline, False


async def _no_other_board(session: AsyncSession, game: GameRow) -> Sequence[GameRow]:
    return ()


async def _no_draw_of_its_own(
    endings: Any, session: AsyncSession, game: GameRow, now: datetime
) -> bool:
    return False


def _whole_board(position: Position, viewer: Power | None) -> Position:
    return position


def _whole_now(position: Position, power: Power, board: Board) -> Position:
    return position


def _every_line(lines: list[Line], mine: Collection[Power]) -> list[Line]:
    return lines


AfterStart = Callable[
    [Any, AsyncSession, GameRow, dict[int, tuple[Power, ...]], datetime, datetime],
    Awaitable[None],
]
"""What follows a game's first phase: the desk, the session, the game, each player's
powers, the first deadline, now."""

SideFollows = Callable[
    [Any, AsyncSession, GameRow, list[PowerRow], str, list[ev.Payload], datetime],
    Awaitable[Sequence[ev.Payload]],
]
"""A standby's takeover of a whole side: the desk, the session, the game, its powers,
the phase played, the events queued so far, now; the events it adds."""

AfterPhase = Callable[
    [Any, AsyncSession, GameRow, PhaseRow, Phase, Position, datetime | None, datetime],
    Awaitable[tuple[datetime | None, bool]],
]
"""The deadline after a phase: the endings, the session, the game, the new phase's row,
the phase played, the next position, the deadline so far, now; the deadline, and
whether the part ended the game."""

OwnDraw = Callable[[Any, AsyncSession, GameRow, datetime], Awaitable[bool]]
"""A passed draw ended the part's own way (the endings, the session, the game, now)."""

Play = Callable[
    [Position, Board, Sequence[OrderRow], Variant, Rules, History, frozenset[Power]], OwnPlay
]
"""A phase played by a part: the position, its board, the orders in force kept (rows),
the variant, the game's rules, the winter history and the powers in civil disorder."""


@dataclass(frozen=True, slots=True)
class ServicePart:
    """A variant's part of the service: its name, and the hooks it changes (see the
    module's docstring for who asks each)."""

    name: str
    hides_the_board: bool = False
    views_only: bool = False
    notes: tuple[str, ...] = ()
    # The orders desk, and what each power owes.
    reader: Reader | None = None
    owes_a_secret_order: Callable[[Position], bool] = _no_secret_order
    choices: Callable[[Position, Power, Board], Sequence[str]] = _no_choices
    rewriting: Callable[[InForce], Rewriting | None] = _no_rewriting
    refusal: Callable[
        [AnyOrder, Power, Position, Board, Mapping[str, Power] | None], str | None
    ] = _no_refusal
    with_orders: Callable[[SubmissionResult, Standing], SubmissionResult] = _as_told
    # The lobby.
    rules_lines: Callable[[list[str], Variant], list[str]] = _same_lines
    dealt: Callable[[Rules], Rules] = _same_rules
    after_start: AfterStart = _nothing_after_start
    # The adjudicator, the votes, an absence.
    play: Play | None = None
    news: Callable[[NewsAsked], Mapping[str, Any]] = _no_news
    side_follows: SideFollows = _no_takeover
    after_phase: AfterPhase = _same_deadline
    other_boards: Callable[[AsyncSession, GameRow], Awaitable[Sequence[GameRow]]] = _no_other_board
    draw: OwnDraw = _no_draw_of_its_own
    # The records, the sandbox, the spectators.
    drawn_for: Callable[[Position, Power | None], Position] = _whole_board
    known_now: Callable[[Position, Power, Board], Position] = _whole_now
    # None: the game's maps say nothing beyond the position (no read is made for them).
    map_marks: Callable[[AsyncConnection, int], Awaitable[MapMarks | None]] | None = None
    exported_for: Callable[[list[Line], Collection[Power]], list[Line]] = _every_line
