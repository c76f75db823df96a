"""One-on-one (rules/004) in play: what a match changes for a player ordering by DM,
for a rollback and for a replacement. Readings O5-O7 in docs/VARIANTS.md."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.caller import Caller
from bot.service.errors import ChooseGame
from tests.conftest import T0
from tests.service.test_one_on_one import _board, _match


async def test_rules004_one_on_one_orders_naming_one_boards_units_go_to_that_board(service):
    """O5: a player holds England/France/Russia on one board and Austria/Germany/Turkey
    on the other, so the units a DM names say which board it is for; no menu."""
    a, b = await _match(service)
    player = (await _board(service, a))[2]["FRANCE"]
    assert (await _board(service, b))[2]["AUSTRIA"] == player
    sent = T0 + timedelta(minutes=1)
    done = await service.submit_orders(Caller(player), "A Par-Bur", sent)
    assert done.game_id == a and [line.status.value for line in done.lines] == ["accepted"]
    done = await service.submit_orders(Caller(player), "A Vie-Bud\nF Ank-Bla", sent)
    assert done.game_id == b and len(done.lines) == 2


async def test_rules004_one_on_one_a_dm_about_both_boards_or_neither_gets_the_menu(service):
    """O5: a message whose lines are for both boards, or a line that names no unit of
    either, still asks which game."""
    a, b = await _match(service)
    player = (await _board(service, a))[2]["FRANCE"]
    sent = T0 + timedelta(minutes=1)
    for text in ("A Par-Bur\nA Vie-Bud", "A Par-Bur\nhello", "A Rom-Apu"):
        with pytest.raises(ChooseGame) as choice:
            await service.submit_orders(Caller(player), text, sent)
        assert sorted(choice.value.game_ids) == [a, b]
