"""Who may join a game by their record (issue 31): the game's `min_reliability`, and
"reliable only", which turns new players away."""

from __future__ import annotations

from bot.service.kernel import NEW_PLAYER_PHASES, GameSettings, NotAllowed, count
from bot.service.lobby._reliability_record import PlayerRecord


def check_admission(game_name: str, settings: GameSettings, record: PlayerRecord) -> None:
    """`/game join`: `NotAllowed`, saying the player's figures and the game's minimum,
    when the record falls short. A new player may join whatever the minimum, unless
    the GM chose "reliable only"."""
    if record.new:
        if settings.reliable_only:
            raise NotAllowed(new_player_refused(game_name, record))
        return
    minimum = settings.min_reliability
    if minimum is not None and not record.meets(minimum):
        raise NotAllowed(below_minimum(game_name, minimum, record))


def below_minimum(game_name: str, minimum: int, record: PlayerRecord) -> str:
    return (
        f"**{game_name}** takes players who ordered before the deadline in at least "
        f"{minimum}% of the phases they owed. You did in {record.reliability}%: "
        f"{record.ordered} of your last {count(record.owed, 'phase')} owed on this server. "
        "Order before each deadline in your other games to raise it, or ask the GM."
    )


def new_player_refused(game_name: str, record: PlayerRecord) -> str:
    return (
        f"**{game_name}** takes reliable players only, and you are new here: "
        f"{count(record.owed, 'phase')} owed on this server so far, fewer than "
        f"{NEW_PLAYER_PHASES}. Play a game that welcomes new players first, or ask the GM."
    )
