"""Errors the service raises for people: each message is fit to show a player as is."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.service.kernel._views import SubmissionResult


class UserError(Exception):
    """Something the user asked for cannot be done; `message` says why, politely."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotFound(UserError):
    """No such game, player, vote or phase."""


class NotAllowed(UserError):
    """The user may not do this (not the GM, not a player of the game)."""


class NoLongerPlaying(NotFound):
    """The user played in a running game until someone took their place."""


class WrongState(UserError):
    """The game is not in a state that allows this (lobby closed, game over, paused)."""


class LateOrders(UserError):
    """Orders arrived after the deadline (rules/000: orders must be in on time)."""


class ChooseGame(UserError):
    """The user plays in several games and must say which one; `game_ids` lists them."""

    def __init__(self, message: str, game_ids: tuple[int, ...]) -> None:
        super().__init__(message)
        self.game_ids = game_ids


class NoOrderRead(UserError):
    """A DM of orders from which no order at all could be read (only chat, a question):
    nothing was kept. `games`: the sender's powers, phase and deadline in each game the
    message could have been for, so the answer can say what is expected and by when."""

    def __init__(self, message: str, games: tuple[SubmissionResult, ...]) -> None:
        super().__init__(message)
        self.games = games


class MatchSplit(ChooseGame):
    """A One-on-one player's DM about both boards of their match (O5): `parts`, each
    board's lines (those that fit it alone, words that are no order kept with the
    first), to be saved to it; `both`, the lines that fit either board, which wait for
    the player to choose one (nothing of them is saved until then)."""

    def __init__(
        self, message: str, game_ids: tuple[int, ...], parts: dict[int, str], both: str
    ) -> None:
        super().__init__(message, game_ids)
        self.parts = parts
        self.both = both


class InvalidSetting(UserError):
    """A game setting or argument is out of range."""


class PhaseAlreadyPlayed(UserError):
    """Orders sent while a phase was open reached the game only after it was played:
    they are refused, not applied to the next phase."""
