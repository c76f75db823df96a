"""`/gm audit` in the service: the GM's alone, scoped to the game's server, paged."""

from __future__ import annotations

import pytest

from bot.service.kernel import Caller, NotAllowed, NotFound
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, started_game


async def test_the_audit_log_is_the_gms_alone(service) -> None:
    info = await started_game(service)
    await service.gm.gm_pause(info.id, Caller(GM, GUILD), T0)
    with pytest.raises(NotAllowed):
        await service.history.gm_audit(info.id, Caller(PLAYERS[0], GUILD))
    with pytest.raises(NotFound):  # another server's GM: as if there were no such game
        await service.history.gm_audit(info.id, Caller(GM, GUILD + 1, server_gm=True))
    audit = await service.history.gm_audit(info.id, Caller(GM, GUILD))
    assert [(e.actor, e.action) for e in audit.entries] == [(GM, "pause")]


async def test_pages_run_newest_first_and_a_page_too_far_is_the_last(service) -> None:
    info = await started_game(service)
    gm = Caller(GM, GUILD)
    for _ in range(20):
        await service.gm.gm_pause(info.id, gm, T0)
        await service.gm.gm_resume(info.id, gm, T0)
    first = await service.history.gm_audit(info.id, gm, 1)
    assert (first.page, first.pages, first.total) == (1, 3, 40)
    assert [e.action for e in first.entries[:2]] == ["resume", "pause"]
    last = await service.history.gm_audit(info.id, gm, 99)
    assert last.page == 3 and len(last.entries) == 10 and last.entries[-1].action == "pause"
