"""Who plays a one-on-one match (reading O6 in docs/VARIANTS.md): a match is between
two people ("The EFR player in one game is the AGT player in the other"), so a
replacement takes a player's whole side, on both boards, and the match's count of
units (bot/service/variants/match/_matches.py) follows the person."""

from __future__ import annotations

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.units import Power
from adjudication.variants import VARIANTS
from bot.service.kernel import GameSettings, WrongState, power_list, power_name
from bot.service.variants.match._matches import other_board
from storage import queries
from storage.models import GameRow, PowerRow


async def side_taken(
    session: AsyncSession, game: GameRow, row: PowerRow, new_user_id: int
) -> list[tuple[GameRow, PowerRow]]:
    """The powers a replacement of `row` hands to `new_user_id`, with their games: that
    power alone, or in a match the side it belongs to on this board and the other side
    on the other board."""
    if game.match_id is None:
        return [(game, row)]
    sides = match_sides(game)
    side = next(s for s in sides if row.power in s)
    rows = list(await queries.powers.of_game(session, game.id))
    if any(r.user_id == new_user_id and r.power not in side for r in rows):
        raise WrongState(f"<@{new_user_id}> plays the other side of this match.")
    taken = [(game, r) for r in rows if r.power in side]
    other = await other_board(session, game)
    if other is not None:
        swapped = sides[1 - sides.index(side)]
        taken += [
            (other, r)
            for r in await queries.powers.of_game(session, other.id)
            if r.power in swapped
        ]
    return taken


def match_sides(game: GameRow) -> tuple[tuple[Power, ...], ...]:
    """A match's two sides, as its grouping holds them (game B's are game A's, swapped:
    side i on one board is side 1 - i's player on the other)."""
    settings = GameSettings.model_validate(game.settings)
    return VARIANTS[settings.variant].grouping_for_rules(settings.rules).holdings


def replaced_text(
    who: str, handed: dict[int, tuple[str, ...]], here: int, *, standby: bool = False
) -> str:
    """`/gm replace`'s answer: the powers `who` now plays, on each board of a match;
    `/gm standby`'s (`standby`): the powers `who` stands by for."""
    does = "is standby for" if standby else "now plays"
    if len(handed) == 1:
        return f"{who} {does} {power_list(next(iter(handed.values())))}."
    parts = [
        f"{_and(powers)} {'here' if channel == here else f'in <#{channel}>'}"
        for channel, powers in handed.items()
    ]
    role = "standby stands for" if standby else "player holds"
    return f"{who} {does} {' and '.join(parts)}: a match's {role} a side on both boards."


def _and(powers: tuple[str, ...]) -> str:
    """ "England, France and Russia"."""
    names = [power_name(p) for p in powers]
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]
