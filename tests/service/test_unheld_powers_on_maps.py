"""rules/000 §14.2 on the maps dipgm sends: a power no player holds is named so in the
legend ("civil disorder" for the fewer-player games' dummies, "neutral" for World War
I's Italy before it joins), on the game's start map and results maps in the channel and
on a player's DM preview. Each map's bytes are those of the renderer given the game's
unheld powers (`Variant.statuses` of its rules at the phase drawn)."""

from __future__ import annotations

import random

from adjudication.model.variant import PowerStatus
from bot.service.records import GameLookups
from render.map import render_map
from render.request import MapRequest, ResultsRequest
from render.results import render_results
from tests.service.conftest import PAR_HOLDS, PLAYERS, owner, started_game
from tests.service.game_player import play_to_the_end


async def test_rules000_14_2_a_six_player_games_maps_name_italy_in_civil_disorder(service):
    info = await started_game(service, PLAYERS[:6])
    lookups = GameLookups(service)
    position = await service.history.current_position(info.id)
    dummy = {"ITALY": PowerStatus.DUMMY}
    start = (await service.history.phase_records(info.id))[0]
    # The game's first post (its start map) and `/game map` asked with the game.
    picture = await lookups.results_map(info.id, start.id)
    assert picture.png == render_map(MapRequest(position, statuses=dummy))
    assert picture.png != render_map(MapRequest(position))
    asked = await lookups.record_map(start, game_id=info.id)
    assert asked.png == picture.png
    france = owner(info, "FRANCE")
    preview = await lookups.preview_map(info.id, ["FRANCE"], [PAR_HOLDS], user_id=france)
    assert preview != await GameLookups(service).draw(position, None, None)

    await play_to_the_end(service, info.id, random.Random(2), max_phases=1)
    records = await service.history.phase_records(info.id)
    done = await lookups.played_phase(info.id, records[0].id, records[1].id)
    assert done is not None
    unheld = await lookups.unheld_powers(info.id, done.after.phase)
    assert unheld == dummy
    # As the results post asks for it (bot/delivery/_sender.py).
    png = await lookups.results_png(done, final=False, statuses=unheld)
    assert png == render_results(
        ResultsRequest(
            done.before,
            done.after,
            orders=[o.order for o in done.outcomes],
            outcomes=list(done.outcomes),
            statuses=dummy,
        )
    )


async def test_rules000_14_2_world_war_i_maps_name_italy_neutral(service):
    info = await started_game(service, PLAYERS[:2])
    position = await service.history.current_position(info.id)
    start = (await service.history.phase_records(info.id))[0]
    picture = await GameLookups(service).results_map(info.id, start.id)
    assert picture.png == render_map(MapRequest(position, statuses={"ITALY": PowerStatus.NEUTRAL}))


async def test_a_seven_player_game_has_no_unheld_power(service):
    info = await started_game(service)
    position = await service.history.current_position(info.id)
    assert await GameLookups(service).unheld_powers(info.id, position.phase) == {}
    assert (await GameLookups(service).phase_map(info.id)).png == render_map(MapRequest(position))
