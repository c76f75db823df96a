"""What an exported game says of the game played: its variant and its rule options
(docs/VARIANTS.md, "Exported games"), so that `python -m adjudication replay` plays each
line as the game did. Two options are secrets while they matter: World War I's coin is
drawn from `toss_seed`, and whoever knew the seed before the toss would know which side
Italy joins; Spy Diplomacy's `spy_seed` tells where each spy not placed by its owner
starts, until the placements are played."""

from __future__ import annotations

from typing import Any

from adjudication.io.serialize import rules_to_json
from adjudication.model.units import Phase, Season
from adjudication.variants import variant_named
from bot.service.kernel import GameSettings


def exported_game(settings: GameSettings, now_at: Phase | None, ended: bool) -> dict[str, Any]:
    """The `variant` and `options` fields of each exported line of a game whose phase in
    play is `now_at`: the options exactly as stored (without their version), the coin's
    seed left out while the toss is still to come and the spies' while they are still to
    be placed, the game still on."""
    variant = variant_named(settings.variant.value)
    options = {k: v for k, v in rules_to_json(settings.rules).items() if k != "v"}
    join = variant.join
    if "toss_seed" in options and not ended:
        # The coin is flipped when the Fall of the toss year ends: by its Winter, or
        # any later year, the result is in that Fall's results post.
        tossed = (
            join is not None
            and now_at is not None
            and (
                now_at.year > join.toss_year
                or (now_at.year == join.toss_year and now_at.season is Season.WINTER)
            )
        )
        if not tossed:
            del options["toss_seed"]
    if "spy_seed" in options and not ended and (now_at is None or now_at == variant.start):
        del options["spy_seed"]
    return {"variant": variant.name, "options": options}
