"""What a DM to the bot means (bot/service/orders/_direct_messages.py) and a DM of orders in
which no order could be read (issue 33): nothing is kept, and the answer names the
phase and deadline of every game it could have been for."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.kernel import Caller, ChooseGame, NoOrderRead
from bot.service.orders import DmKind, read_direct_message
from tests.conftest import T0
from tests.service.conftest import owner, started_game

NOW = T0 + timedelta(hours=1)


@pytest.mark.parametrize(
    ("text", "kind", "game"),
    [
        ("", DmKind.HELP, None),
        ("  help me", DmKind.HELP, None),
        ("?", DmKind.HELP, None),
        ("map", DmKind.PREVIEW, None),
        ("Map 12", DmKind.PREVIEW, 12),
        ("preview", DmKind.PREVIEW, None),
        ("map of the Balkans please", DmKind.ORDERS, None),
        ("hello", DmKind.ORDERS, None),  # read for orders: the desk answers chat
        ("sorry, was away. A Con B", DmKind.ORDERS, None),
        ("Which units can I move?", DmKind.ORDERS, None),
    ],
)
def test_issue33_a_dm_is_help_a_map_or_orders(text: str, kind: DmKind, game: int | None) -> None:
    dm = read_direct_message(text)
    assert (dm.kind, dm.game_id) == (kind, game)


async def test_issue33_chat_alone_is_not_kept_and_names_the_phase_and_deadline(service):
    info = await started_game(service)
    france = owner(info, "FRANCE")
    with pytest.raises(NoOrderRead) as nothing:
        await service.orders.submit_orders(Caller(france), "hello! what do I do now?", NOW)
    (game,) = nothing.value.games
    assert game.game_id == info.id and game.powers == ("FRANCE",)
    assert game.phase.code == "S1901M" and game.deadline_at == info.deadline_at
    assert len(game.unordered) == 3  # what France still has to order
    # Nothing kept: no message in the record, so it does not count as orders sent.
    record = await service.history.phase_record(info.id, "S1901M")
    assert record.orders.get("FRANCE", ()) == ()
    shown = await service.orders.show_orders(Caller(france))
    assert shown.orders == ()


async def test_issue33_an_order_among_chat_is_kept(service):
    info = await started_game(service)
    france = owner(info, "FRANCE")
    result = await service.orders.submit_orders(Caller(france), "hi all\nA Par - Bur", NOW)
    assert [str(o) for o in result.orders] == ["A PAR - BUR"]


async def test_issue33_a_player_of_two_games_is_not_asked_which_game_about_chat(service):
    a = await started_game(service, channel=21)
    b = await started_game(service, channel=22)
    user = owner(a, "FRANCE")
    with pytest.raises(NoOrderRead) as nothing:
        await service.orders.submit_orders(Caller(user), "sorry, I was away", NOW)
    assert {g.game_id for g in nothing.value.games} == {a.id, b.id}
    # An order in the message: which game is asked as before.
    with pytest.raises(ChooseGame):
        await service.orders.submit_orders(Caller(user), "sorry\nA Par H", NOW)
