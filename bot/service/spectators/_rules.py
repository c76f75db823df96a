"""Who may watch a game and who, having watched, may never play in it (issue 31).

In a game that hides nothing (the standard game and its public variants) watching shows
nothing the channel does not, so anyone may watch and still play later. In Kriegsplomacy
and Spy a spectator the GM lets in sees the whole board, what no player may know: such a
member is kept from every power of the game for ever (join, standby, replacement), even
after they stop watching."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.variants import VARIANTS
from bot.service.kernel import (
    Caller,
    GameSettings,
    GameStatus,
    NotAllowed,
    PlayerStatus,
    mention,
    power_list,
)
from bot.service.variants import parts_for
from storage import queries
from storage.models import GameRow


def needs_approval(settings: GameSettings) -> bool:
    """Whether watching the game needs its GM's approval: a game in which each player
    may know only part of the board (Kriegsplomacy's views, Spy's secret spies)."""
    return parts_for(settings.variant).hides_the_board


def variant_title(settings: GameSettings) -> str:
    return VARIANTS[settings.variant].title


@dataclass(frozen=True, slots=True)
class Part:
    """What a member has to do with a game as a player: the powers they hold, those
    they stand by for, or a place in its lobby."""

    powers: tuple[str, ...] = ()
    standby: tuple[str, ...] = ()
    in_lobby: bool = False

    def __bool__(self) -> bool:
        return bool(self.powers or self.standby or self.in_lobby)

    def said(self, game_name: str, *, you: bool, user_id: int) -> str:
        """ "You play France in G", "<@1> is the standby for Italy in G", …"""
        who, verb, be = ("You", "play", "are") if you else (mention(user_id), "plays", "is")
        if self.powers:
            return f"{who} {verb} {power_list(self.powers)} in {game_name}"
        if self.standby:
            return f"{who} {be} the standby for {power_list(self.standby)} in {game_name}"
        return f"{who} {verb} in {game_name}"


async def part_in(session: AsyncSession, game: GameRow, user_id: int) -> Part:
    """`user_id`'s part in `game` as a player now (an eliminated power is none)."""
    powers = await queries.powers.of_game(session, game.id)
    held = tuple(p.power for p in powers if p.user_id == user_id and p.eliminated_year is None)
    standby = tuple(p.power for p in powers if p.standby_user_id == user_id)
    in_lobby = False
    if game.status == GameStatus.LOBBY:
        player = await queries.players.one(session, game.id, user_id)
        in_lobby = player is not None and player.status == PlayerStatus.JOINED
    return Part(held, standby, in_lobby)


async def players_now(session: AsyncSession, game: GameRow) -> set[int]:
    """Everyone who plays the game now, or stands by to: they are told as players."""
    powers = await queries.powers.of_game(session, game.id)
    held = {p.user_id for p in powers if p.user_id is not None and p.eliminated_year is None}
    return held | {p.standby_user_id for p in powers if p.standby_user_id is not None}


async def barred_from_playing(session: AsyncSession, game: GameRow) -> set[int]:
    """The members who may never hold a power in `game`: those its GM let see the whole
    board of a Kriegsplomacy or Spy game."""
    if not needs_approval(GameSettings.model_validate(game.settings)):
        return set()
    return await queries.spectators.ever_approved(session, game.id)


async def refuse_spectator(
    session: AsyncSession, game: GameRow, user_id: int, caller: Caller
) -> None:
    """`NotAllowed`, saying why, when `user_id` watched `game`'s whole board: they may not
    join it, stand by in it, or take a power over (issue 31). `caller`: who asks (the
    member themselves, or the GM)."""
    if user_id not in await barred_from_playing(session, game):
        return
    title = variant_title(GameSettings.model_validate(game.settings))
    you = caller.user_id == user_id
    who = "You" if you else mention(user_id)
    then = "You may still watch it." if you else "Choose someone else."
    raise NotAllowed(
        f"{who} watched {game.name} with its whole board in view: in {title} each player "
        f"sees only their own part, so someone who has watched the game may never play in "
        f"it. {then}"
    )


async def refuse_former_player(
    session: AsyncSession, game: GameRow, user_id: int, title: str
) -> None:
    """`NotAllowed` when `user_id` held a power of `game`, a running game that hides part
    of its board: they knew their own part only, and seeing the whole board now they
    could be handed a power back (a rollback to before they were replaced) knowing what
    no player may know. After the end everything is told, and watching adds nothing."""
    if game.status == GameStatus.ENDED:
        return
    if await queries.players.held_a_power(session, game.id, user_id):
        raise NotAllowed(
            f"You played in {game.name}: in {title} each player sees only their own part, "
            "so someone who has played the game may not watch its whole board while it runs."
        )
