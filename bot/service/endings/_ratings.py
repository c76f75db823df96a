"""Ratings (rules/004 "Player Ratings"): whom each power's score counts for, a
player's rating and the server's table.

"Your rating is then your average score for all games you have played. If a player
takes over for another who has left the game, he has the option, at the time he enters
the game only, to have the score count either for him or for the player he replaced."
The readings are in docs/RULES.md, "Ratings".
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from adjudication.model.units import Power
from bot.service.kernel import Caller, NotAllowed, Scoring, ServiceCore, WrongState
from bot.service.lobby import PlayerRecord, record_of
from storage import queries
from storage.enums import AuditAction

# Players on one page of `/leaderboard`; games listed by `/rating`.
TABLE_PAGE = 10
GAMES_SHOWN = 20


@dataclass(frozen=True, slots=True)
class ScoreChoice:
    game_id: int
    power: Power
    counts_for: int


@dataclass(frozen=True, slots=True)
class RatedGame:
    game_id: int
    name: str
    power: Power
    score: float
    ended_at: datetime | None


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's rating on one server by one scoring system: None without a rated
    game. `games`: the most recent rated powers (up to GAMES_SHOWN of `scores`).
    `record`: their record of showing up on the server (issue 31), shown beside it."""

    user_id: int
    system: Scoring
    rating: float | None
    scores: int
    games: tuple[RatedGame, ...]
    record: PlayerRecord


@dataclass(frozen=True, slots=True)
class TableRow:
    place: int
    user_id: int
    rating: float
    games: int  # scores counted: one per power held at the end


@dataclass(frozen=True, slots=True)
class Leaderboard:
    system: Scoring
    page: int
    pages: int
    players: int
    rows: tuple[TableRow, ...]


class RatingsDesk(ServiceCore):
    async def choose_score_owner(
        self, game_id: int, caller: Caller, power: Power, *, mine: bool, now: datetime
    ) -> ScoreChoice:
        """The incoming player's choice, once and at entry only: the power's score
        counts for them (`mine`) or for the player they replaced."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            row = next(
                (
                    r
                    for r in await queries.powers.of_game(session, game.id)
                    if r.power == power.upper()
                ),
                None,
            )
            if row is None or row.user_id != caller.user_id:
                raise NotAllowed(f"You do not play {power.title()} in {game.name}.")
            if row.score_choice_from is None:
                raise WrongState(
                    f"Whom {row.power.title()}'s score counts for in {game.name} is settled: "
                    "a replacement chooses once, during the phase they take over in."
                )
            if not mine:
                row.rated_user_id = row.score_choice_from
            row.score_choice_from = None
            assert row.rated_user_id is not None
            queries.audit.add(
                session,
                game.id,
                caller.user_id,
                AuditAction.SCORE_OWNER,
                now,
                {"power": row.power, "counts_for": row.rated_user_id},
            )
            return ScoreChoice(game.id, row.power, row.rated_user_id)

    async def player_rating(
        self, guild_id: int, user_id: int, system: Scoring = Scoring.HAYNES
    ) -> PlayerRating:
        """rules/004: "your average score for all games you have played" — on this
        server, one score per power counted for the player."""
        async with self.transaction() as session:
            average, scores = await queries.ratings.player_total(
                session, guild_id, system.value, user_id
            )
            rows = await queries.ratings.player_games(
                session, guild_id, system.value, user_id, GAMES_SHOWN
            )
            record = await record_of(session, self.board, guild_id, user_id)
        games = tuple(RatedGame(g, name, p, round(s, 4), at) for g, name, p, s, at in rows)
        rating = None if average is None else round(average, 4)
        return PlayerRating(user_id, system, rating, scores, games, record)

    async def rating(self, guild_id: int, user_id: int) -> float | None:
        return (await self.player_rating(guild_id, user_id)).rating

    async def leaderboard(
        self, guild_id: int, page: int = 1, system: Scoring = Scoring.HAYNES
    ) -> Leaderboard:
        """The server's players by rating, TABLE_PAGE a page; only players with a rated
        game. A page past the last shows the last."""
        async with self.transaction() as session:
            players = await queries.ratings.rated_players(session, guild_id, system.value)
            pages = max(1, -(-players // TABLE_PAGE))
            page = min(max(page, 1), pages)
            offset = (page - 1) * TABLE_PAGE
            rows = await queries.ratings.table_page(
                session, guild_id, system.value, offset, TABLE_PAGE
            )
        table = tuple(
            TableRow(offset + i + 1, user, round(average, 4), scores)
            for i, (user, average, scores) in enumerate(rows)
        )
        return Leaderboard(system, page, pages, players, table)
