"""A seven-player game of random legal orders through the service to its end, then
reconstructed from storage phase by phase."""

from __future__ import annotations

import itertools
import random

from adjudication.model.rules import Rules
from adjudication.play.phases import adjudicate
from adjudication.variants import STANDARD_GAME
from bot.service.kernel import GameSettings
from storage.codec import order_from_json, outcome_from_json, position_from_json
from tests.service.conftest import started_game
from tests.service.game_player import play_to_the_end


async def test_random_game_to_its_end_is_reconstructed_identically(service):
    settings = GameSettings(rules=Rules(year_limit=1904, stalemate_winters=3))
    info = await started_game(service, settings=settings, seed=11)
    played, rejected = await play_to_the_end(service, info.id, random.Random(5))
    assert rejected == []
    final = await service.lobby.game_info(info.id)
    assert final.status.value == "ended" and final.end_kind in ("year_limit", "solo", "stalemate")
    assert final.winners
    assert all(p.score is not None for p in final.powers)
    assert played[0] == "S1901M" and played[-1].startswith(("W1904", "F1904"))

    records = await service.history.phase_records(info.id)
    # A Winter with nothing to adjust is kept in the record (its report, no orders),
    # though the engine goes from the Fall straight to the next Spring.
    kept = [r for r in records if r.phase.code.startswith("W") and r.outcomes == ()]
    assert kept, "this game has a Winter in which nobody builds or removes"
    played_line = [r for r in records if r not in kept]
    assert [r.phase.code for r in played_line[:-1]] == played
    for winter in kept:
        spring = records[records.index(winter) + 1]
        assert position_from_json(winter.position).units == (
            position_from_json(spring.position).units
        )
    history = []
    for before, after in itertools.pairwise(played_line):
        position = position_from_json(before.position)
        orders = [order_from_json(o) for power in before.orders.values() for o in power]
        again = adjudicate(position, orders, STANDARD_GAME, settings.rules, list(history))
        assert again.position == position_from_json(after.position), before.phase
        assert list(again.outcomes) == [outcome_from_json(o) for o in before.outcomes]
        if after.phase.code.startswith("S"):
            history.append(dict(position_from_json(after.position).ownership))
