"""What `/game status` may show of each power in a hidden-information game (issue 12).

rules/004's Kriegsplomacy makes public "the supply center chart at the end of each
year (i.e., the total for each country ...)" and says "If a country goes NMR, that is
NOT reported": a power's units, its orders so far and its excuses are shown to the GM
and to its own player, privately; the centre totals to everyone (the current
position's ownership is the last year's, so its counts are the year's chart).
"""

from __future__ import annotations

from adjudication.units import Power
from adjudication.variants import VARIANTS
from bot.service.caller import Caller
from bot.service.game_settings import GameSettings
from bot.service.views import GameInfo


def status_private_to(
    info: GameInfo, settings: GameSettings, caller: Caller, *, share: bool
) -> frozenset[Power] | None:
    """The powers whose units and orders `/game status` may show `caller`: None in a
    game that hides nothing (every power); in a hidden-information game, every power to
    its GM, their own powers to a player, none in an answer shown to the channel; so
    too in a Spy game while the spies are being placed."""
    variant = VARIANTS[settings.variant]
    # Spy Diplomacy's start: each power's one order is its spy's secret placement, and
    # "waiting for orders" beside a power would tell that its spy will be drawn.
    placing = variant.spies and info.phase == variant.start
    if not variant.hidden_information and not placing:
        return None
    if share:
        return frozenset()
    if caller.is_gm_of(info.gm_user_id, info.guild_id):
        return frozenset(p.power for p in info.powers)
    return frozenset(p.power for p in info.powers if p.user_id == caller.user_id)
