"""Which power a player gives up with `/game resign` (rules/004 rule 9: a country whose
player "chooses to go CD"). Decided here, not in the cog (issue 17); whether the power
is still theirs is checked when they confirm (`choose_civil_disorder`), since the game
may change between the question and the click."""

from __future__ import annotations

from adjudication.model.units import Power
from bot.service.kernel import Caller, GameInfo, WrongState


def power_to_give_up(info: GameInfo, caller: Caller, named: str | None) -> Power:
    """The power named, else the caller's only one. A player of several powers (fewer
    players, rules/001) must name one: giving up one of them by default could be the
    wrong one."""
    if named is not None:
        return named.upper()
    mine = [p.power for p in info.powers if p.user_id == caller.user_id]
    if len(mine) != 1:
        raise WrongState(
            "Name the power to give up." if mine else f"You play no power in {info.name}."
        )
    return mine[0]
