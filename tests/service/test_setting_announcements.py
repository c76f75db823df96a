"""Issue 10: each change of a game setting is in the audit log and announced in the
game's channel (an outbox event in the same transaction as the change)."""

from __future__ import annotations

from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, outbox, started_game

GM_HERE = Caller(GM, GUILD)


async def test_a_changed_setting_is_announced_with_what_it_now_says(service):
    info = await started_game(service)
    await service.gm.gm_change_setting(info.id, GM_HERE, "results_notation", "judge", T0)
    (event,) = [e for e in await outbox(service) if e.kind is EventKind.SETTING_CHANGED]
    assert event.channel_id == CHANNEL and event.game_id == info.id
    assert encode(event.payload)["changed"] == [
        "Results in the channel: rules/004's judge notation (A Par-Bur*)"
    ]


async def test_a_lobby_change_is_announced_and_setting_what_is_already_set_is_not(service):
    lobby = await service.lobby.create_game(GUILD, CHANNEL + 3, GM, "Lobby", T0)
    await service.gm.gm_change_setting(lobby.id, GM_HERE, "year_limit", "1910", T0)
    await service.gm.gm_change_setting(lobby.id, GM_HERE, "year_limit", "1910", T0)
    events = [e for e in await outbox(service) if e.kind is EventKind.SETTING_CHANGED]
    assert [encode(e.payload)["changed"] for e in events] == [
        ["Short game: the game ends with 1910; the most units on the board wins"]
    ]
    # Both are audited: the GM did set it twice.
    assert [a for _, a, _ in await service.history.audit_log(lobby.id)] == ["setting", "setting"]
