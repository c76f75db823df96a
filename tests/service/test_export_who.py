"""QUEUE ("Export"): the GM may export a game at any time, its players after the end;
never the open phase's orders. Checked on the standard game (the hidden-information
variants' own rules are in test_spy_export.py and test_hidden_information.py)."""

from __future__ import annotations

import pytest

from bot.service.app import Scheduler
from bot.service.kernel import Caller, NotAllowed, WrongState
from bot.service.records import GameLookups, export_for
from tests.service.conftest import GM, GUILD, owner, started_game


async def test_queue_a_player_exports_only_after_the_end_the_gm_at_any_time(service):
    info = await started_game(service)
    await Scheduler(service).tick(info.deadline_at)  # Spring 1901 played
    lookups = GameLookups(service)
    info = await service.lobby.game_info(info.id)
    player = Caller(owner(info, "FRANCE"), GUILD)
    assert len(await export_for(lookups, info, Caller(GM, GUILD))) == 1
    with pytest.raises(WrongState, match="after the game ends"):
        await export_for(lookups, info, player)
    with pytest.raises(NotAllowed):
        await export_for(lookups, info, Caller(999_999, GUILD))  # not in the game
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), info.deadline_at, draw=True)
    ended = await service.lobby.game_info(info.id)
    assert len(await export_for(lookups, ended, player)) == 1
