"""Issue 17: the service alone decides who may use a GM tool on a game. `/gm` commands
ask it for the game (`find_gm_game`) before they show a confirming button, so a
refused user never sees one; the cog only says which game is meant."""

from __future__ import annotations

import pytest

from bot.service.kernel import Caller, NotAllowed, NotFound
from tests.service.conftest import CHANNEL, GM, GUILD, owner, started_game


async def test_issue17_the_games_gm_finds_it_by_number_or_by_its_channel(service):
    info = await started_game(service)
    assert (await service.lobby.find_gm_game(Caller(GM, GUILD), info.id)).id == info.id
    assert (await service.lobby.find_gm_game(Caller(GM, GUILD), None, CHANNEL)).id == info.id


async def test_issue17_a_player_is_refused_a_gm_tool_on_the_game(service):
    info = await started_game(service)
    with pytest.raises(NotAllowed, match="Only the GM of Test game may do that"):
        await service.lobby.find_gm_game(Caller(owner(info, "FRANCE"), GUILD), None, CHANNEL)


async def test_issue17_the_servers_gm_role_counts_in_that_server_only(service):
    info = await started_game(service)
    role_holder = 4242
    found = await service.lobby.find_gm_game(Caller(role_holder, GUILD, server_gm=True), info.id)
    assert found.id == info.id
    # From another server the game is not even seen, let alone run.
    with pytest.raises(NotFound):
        await service.lobby.find_gm_game(Caller(role_holder, GUILD + 1, server_gm=True), info.id)
