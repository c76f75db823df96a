"""`/gm settings set` in the service: a typed change of one setting, by name; some
only before the start; audited; a bad value refused with the reason."""

from __future__ import annotations

import pytest

from bot.service.kernel import Caller, InvalidSetting, NotAllowed, ResultsNotation
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, owner, started_game

GM_HERE = Caller(GM, GUILD)


async def test_settings_change_by_name_and_some_only_in_the_lobby(service):
    lobby = await service.lobby.create_game(GUILD, CHANNEL + 5, GM, "Lobby", T0)
    changed = await service.gm.gm_change_setting(lobby.id, GM_HERE, "year_limit", "1910", T0)
    assert changed.rules.year_limit == 1910
    changed = await service.gm.gm_change_setting(lobby.id, GM_HERE, "reminders", "48, 2", T0)
    assert changed.reminder_minutes == (120, 2880)
    info = await started_game(service)
    changed = await service.gm.gm_change_setting(info.id, GM_HERE, "results_notation", "judge", T0)
    assert changed.results_notation is ResultsNotation.JUDGE
    assert (await service.lobby.game_settings(info.id)).results_notation is ResultsNotation.JUDGE
    with pytest.raises(InvalidSetting, match="before the game starts"):
        await service.gm.gm_change_setting(info.id, GM_HERE, "year_limit", "1910", T0)
    with pytest.raises(InvalidSetting, match="whole number of hours"):
        await service.gm.gm_change_setting(info.id, GM_HERE, "movement_hours", "soon", T0)
    with pytest.raises(InvalidSetting, match="no setting"):
        await service.gm.gm_change_setting(info.id, GM_HERE, "x" * 500, "1", T0)
    with pytest.raises(NotAllowed):
        await service.gm.gm_change_setting(
            info.id, Caller(owner(info, "FRANCE"), GUILD), "press", "none", T0
        )
    audited = [(a, d) for _, a, d in await service.history.audit_log(info.id)]
    assert audited == [("setting", {"name": "results_notation", "value": "judge"})]
