"""One-on-one matches (rules/004): "Two games are played in parallel, with orders due
simultaneously in each ... The EFR player in one game is the AGT player in the other."

A match is a `MatchRow` and two games: game A in the channel where `/game create` was
asked (its lobby is the match's), game B in the second channel, made at the start.
Readings O1-O4 in docs/VARIANTS.md; what happens here:

- at the start, game B gets the same players with the sides swapped;
- movement deadlines are the match's: a game reaching a movement phase waits there
  (no deadline) until the other reaches the same one, then both get one deadline;
  retreats and adjustments keep each game's own deadline (O4);
- when both games stand at the same Spring (both finished the year), `match_end`
  decides on their units (O2-O3); a result ends the match and both games.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Protocol

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.result import EndKind
from adjudication.model.units import Phase, PhaseKind, Power, Season
from adjudication.variants import VARIANTS
from adjudication.variants.one_on_one import MatchEnd, match_end, player_units
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    GameSettings,
    GameState,
    GameStatus,
    InvalidSetting,
    PlayerStatus,
    VariantName,
    WrongState,
    announce_start,
    opening_phase,
)
from storage import queries
from storage.enums import MatchResult
from storage.models import GameRow, MatchRow, PhaseRow, PlayerRow, PowerRow

if TYPE_CHECKING:
    from bot.service.kernel import ServiceCore


def check_second_channel(settings: GameSettings, channel_id: int, second: int | None) -> None:
    """A one-on-one game needs a second channel, another than its own; no other game
    takes one."""
    if settings.variant is not VariantName.ONE_ON_ONE:
        if second is not None:
            raise InvalidSetting("Only a one-on-one match is played in a second channel.")
        return
    if second is None:
        raise InvalidSetting(
            "One-on-one is two games at once: give the channel of the second board "
            "(`second_channel`)."
        )
    if second == channel_id:
        raise InvalidSetting("The second board needs a channel of its own.")


class Finishing(Protocol):
    """The endings desk as a match needs it (`Endings`): the store's helpers every desk
    holds, and `finish`, which ends one board's game. Typed by what is used, so this
    module needs no desk's module."""

    board: Board

    # Methods, not attributes, as `talk.TalkingDesk`'s.
    async def _current_phase(self, session: AsyncSession, game: GameRow) -> PhaseRow: ...

    def _position(self, phase: PhaseRow) -> Position: ...

    async def _schedule_reminders(
        self, session: AsyncSession, game: GameRow, phase_id: int, deadline: datetime, now: datetime
    ) -> None: ...

    async def finish(
        self,
        session: AsyncSession,
        game: GameRow,
        position: Position,
        kind: EndKind,
        winners: tuple[Power, ...],
        now: datetime,
        *,
        last_year: int | None = None,
        in_results: bool = False,
        match: str | None = None,
    ) -> None: ...


async def open_match(session: AsyncSession, game: GameRow, second: int, now: datetime) -> None:
    """The match of a one-on-one lobby, its second channel kept for the start."""
    await _require_free(session, second)
    match = MatchRow(
        guild_id=game.guild_id, second_channel_id=second, status=GameStatus.LOBBY, created_at=now
    )
    session.add(match)
    await session.flush()
    game.match_id = match.id


async def _require_free(session: AsyncSession, channel_id: int) -> None:
    if any(
        g.status != GameStatus.ENDED for g in await queries.games.in_channel(session, channel_id)
    ):
        raise WrongState(f"<#{channel_id}> already has a game; choose another channel.")


async def _seat_players(
    core: ServiceCore,
    session: AsyncSession,
    game: GameRow,
    other: GameRow,
    swapped: dict[int, tuple[Power, ...]],
) -> dict[Power, int]:
    """Game A's players in game B, each holding the side `swapped` gives them there;
    returns each power's player in B (a power no one holds is not played)."""
    for row in await queries.players.of_game(session, game.id):
        if row.status == PlayerStatus.JOINED:
            session.add(
                PlayerRow(
                    game_id=other.id,
                    user_id=row.user_id,
                    status=row.status,
                    preferences=list(row.preferences),
                    joined_at=row.joined_at,
                    reads_private_threads=row.reads_private_threads,
                    display_name=row.display_name,
                )
            )
    owner = {power: user for user, side in swapped.items() for power in side}
    for power in core.board.powers:
        held = owner.get(power)
        session.add(
            PowerRow(
                game_id=other.id,
                power=power,
                user_id=held,
                rated_user_id=held,
                playable=held is not None,
            )
        )
    return owner


async def start_second_game(
    core: ServiceCore,
    session: AsyncSession,
    game: GameRow,
    groups: dict[int, tuple[Power, ...]],
    deadline: datetime,
    now: datetime,
) -> GameRow:
    """Game B of the match whose game A (`game`) has just started: the same players,
    each holding in B the side the other holds in A, the same opening and deadline.
    Movement phases end only at the match's deadline (orders are "due simultaneously
    in each"), so neither board ends early when its players are ready."""
    match = await session.get(MatchRow, game.match_id)
    assert match is not None
    await _require_free(session, match.second_channel_id)
    settings = GameSettings.model_validate(game.settings)
    settings = settings.changed(end_when_ready=False)
    game.settings = settings.model_dump(mode="json")
    other = await _second_game_row(session, game, match, settings, now)
    sides = VARIANTS[settings.variant].grouping_for_rules(settings.rules).holdings
    swapped = {user: sides[1 - sides.index(side)] for user, side in groups.items()}
    owner = await _seat_players(core, session, game, other, swapped)
    phase = await _opening_phase(session, other, settings, deadline, now)
    other.current_phase_id, other.deadline_at, other.version = phase.id, deadline, 1
    match.status = GameStatus.ACTIVE
    await core._schedule_reminders(session, other, phase.id, deadline, now)
    announce_start(
        session,
        other.id,
        other.channel_id,
        phase.id,
        phase.code,
        deadline,
        core.board.powers,
        owner,
        swapped,
        _variant_line(game),
        now,
    )
    return other


async def _second_game_row(
    session: AsyncSession, game: GameRow, match: MatchRow, settings: GameSettings, now: datetime
) -> GameRow:
    """Game B's row, running from the start in the match's second channel."""
    other = GameRow(
        guild_id=game.guild_id,
        channel_id=match.second_channel_id,
        gm_user_id=game.gm_user_id,
        name=f"{game.name} (second board)"[:100],
        status=GameStatus.ACTIVE,
        settings=settings.model_dump(mode="json"),
        seed=game.seed,
        created_at=now,
        match_id=match.id,
    )
    session.add(other)
    await session.flush()
    assert other.id is not None
    return other


async def _opening_phase(
    session: AsyncSession, other: GameRow, settings: GameSettings, deadline: datetime, now: datetime
) -> PhaseRow:
    """Game B's first phase, the variant's opening, with game A's deadline."""
    position = Position.initial(VARIANTS[settings.variant], settings.rules)
    assert other.id is not None
    return await opening_phase(session, other.id, position, deadline, now)


def _variant_line(game: GameRow) -> str:
    variant = VARIANTS[VariantName.ONE_ON_ONE]
    return f"{variant.title}: {variant.summary} The first board is <#{game.channel_id}>."


async def other_board(session: AsyncSession, game: GameRow) -> GameRow | None:
    """The match's other game (None before the start)."""
    return await queries.matches.other_board(session, game)


async def other_channel(session: AsyncSession, game: GameRow) -> int | None:
    """The channel of the match's other board: game B's once made, else the second
    channel the lobby keeps; None outside a match."""
    if game.match_id is None:
        return None
    other = await other_board(session, game)
    if other is not None:
        return other.channel_id
    match = await session.get(MatchRow, game.match_id)
    return None if match is None else match.second_channel_id


async def after_phase(
    core: Finishing,
    session: AsyncSession,
    game: GameRow,
    new_phase: PhaseRow,
    played: Phase,
    nxt: Position,
    deadline: datetime | None,
    now: datetime,
) -> tuple[datetime | None, bool]:
    """The match's say once a game of it has played the phase `played` and written
    `new_phase` (`nxt`): its deadline (None: it waits for the other board), and whether
    the match ended (both games are then over)."""
    if nxt.phase.kind is not PhaseKind.MOVEMENT:
        return deadline, False  # retreats and adjustments: the game's own deadline
    other = await other_board(session, game)
    if other is None or other.status != GameStatus.ACTIVE:
        return deadline, False
    other_phase = await core._current_phase(session, other)
    other_position = core._position(other_phase)
    if other_position.phase == played and _due(other, now):
        # The other board is played at this same shared deadline, in this same round:
        # this one keeps its deadline, which the other's adjudication then confirms.
        return deadline, False
    if other_position.phase != nxt.phase:
        _set_deadline(game, new_phase, None)  # O4: waits at its movement phase
        return None, False
    if nxt.phase.season is Season.SPRING:
        ended = await _year_end(core, session, game, nxt, other, other_position, now)
        if ended:
            return None, True
    assert deadline is not None
    waited = other.deadline_at is None
    other_phase.deadline_at = deadline
    GameState(other).set_deadline(deadline)  # buttons made for the old one are stale
    await core._schedule_reminders(session, other, other_phase.id, deadline, now)
    if not waited:
        return deadline, False  # played in the same round: the same deadline, give or take
    caught_up = ev.DeadlineChanged(deadline=deadline, by_match=True)
    add_event(session, caught_up, now, game_id=other.id, channel_id=other.channel_id)
    return deadline, False


def _due(game: GameRow, now: datetime) -> bool:
    return game.deadline_at is not None and game.deadline_at <= now


def _set_deadline(game: GameRow, phase: PhaseRow, deadline: datetime | None) -> None:
    game.deadline_at = deadline
    phase.deadline_at = deadline


async def draw_match(core: Finishing, session: AsyncSession, game: GameRow, now: datetime) -> None:
    """O4: "an agreed draw is one vote of the two players for the match": a draw
    passed in either game ends the match drawn, and both games with it."""
    other = await other_board(session, game)
    if other is None:
        return
    boards = []
    for g in sorted((game, other), key=lambda g: g.id or 0):
        boards.append((g, core._position(await core._current_phase(session, g))))
    users, games = await _counts(session, boards)
    best = (max(u for u, _ in games), max(u for _, u in games))  # O3's scores
    await _end_match(core, session, boards, users, MatchEnd(None, best), now, agreed=True)


async def _year_end(
    core: Finishing,
    session: AsyncSession,
    game: GameRow,
    nxt: Position,
    other: GameRow,
    other_position: Position,
    now: datetime,
) -> bool:
    """O2-O3: both games have finished the year; `match_end` on their units. The
    first player is the one holding England in game A (the game created first)."""
    boards = sorted(((game, nxt), (other, other_position)), key=lambda b: b[0].id or 0)
    users, games = await _counts(session, boards)
    end = match_end(games)
    if end is None or None in users:
        # A side without a player (kicked, not yet replaced) cannot win or lose: the
        # match plays on and is decided at the first year's end after the GM replaces.
        return False
    await _end_match(core, session, boards, users, end, now)
    return True


async def _counts(
    session: AsyncSession, boards: Sequence[tuple[GameRow, Position]]
) -> tuple[tuple[int | None, int | None], list[tuple[int, int]]]:
    """The two players (the first holds England/France/Russia in game A; None: a side
    no one holds now) and, per game, their units."""
    held = await _holders(session, boards[0][0])
    sides = VARIANTS[boards[0][1].variant].grouping_for(2).holdings
    # A side's player is whoever holds any of its countries (a kicked player's powers
    # are held by no one until the GM replaces them: None).
    first, second = (next((held[p] for p in side if p in held), None) for side in sides)
    # "The EFR player in one game is the AGT player in the other" (a replacement takes
    # the whole side on both boards): game B's sides are game A's, swapped.
    (_, position_a), (_, position_b) = boards
    efr_a, agt_a = player_units(position_a, sides)
    efr_b, agt_b = player_units(position_b, sides)
    return (first, second), [(efr_a, agt_a), (agt_b, efr_b)]


async def _holders(session: AsyncSession, game: GameRow) -> dict[Power, int]:
    """Who holds each played power of `game` (user ids); the side a player holds is
    theirs for the whole game, a replacement taking it whole."""
    return {
        row.power: row.user_id
        for row in await queries.powers.of_game(session, game.id)
        if row.user_id is not None and row.playable
    }


async def _end_match(
    core: Finishing,
    session: AsyncSession,
    boards: Sequence[tuple[GameRow, Position]],
    users: tuple[int | None, int | None],
    end: MatchEnd,
    now: datetime,
    *,
    agreed: bool = False,
) -> None:
    """The match's result in both games: the winner's three countries win each game
    (a draw: the six share it), so each game is scored by its own scoring system as a
    game won by those countries; the match's scores are each player's better board."""
    # A side no one holds (an agreed draw while it awaits a replacement) wins nothing.
    winners = tuple(u for u in (users if end.winner is None else (users[end.winner],)) if u)
    match = await session.get(MatchRow, boards[0][0].match_id)
    assert match is not None
    match.status = GameStatus.ENDED
    match.ended_at = now
    match.result = MatchResult.DRAW if end.winner is None else MatchResult.WON
    match.winners = list(winners)
    match.scores = {str(u): s for u, s in zip(users, end.scores, strict=True) if u}
    said = match_result_text(users, end, agreed=agreed)
    for game, position in boards:
        held = await _holders(session, game)
        powers = tuple(sorted(p for p, u in held.items() if u in winners))
        kind = EndKind.DRAW if end.winner is None else EndKind.MATCH_UNITS
        # A year's end is found at the next Spring: the last year played is the one
        # before; an agreed draw ends in the phase under way.
        last = position.phase.year if agreed else position.phase.year - 1
        await core.finish(session, game, position, kind, powers, now, last_year=last, match=said)


def match_result_text(
    users: tuple[int | None, int | None], end: MatchEnd, *, agreed: bool = False
) -> str:
    """The match's result as both channels read it (rules/004 One-on-one)."""
    scores = " to ".join(
        f"<@{u}> {s}" if u else f"a side no one holds {s}"
        for u, s in zip(users, end.scores, strict=True)
    )
    if agreed:
        return (
            f"The match is a draw, agreed by both players ({scores} units on their better board)."
        )
    if end.winner is None:
        return (
            f"The match is a draw: both players have 34 units on a board ({scores}; "
            "each player's better board counts)."
        )
    return (
        f"<@{users[end.winner]}> wins the match with 24 units or more on a board "
        f"({scores}; each player's better board counts)."
    )
