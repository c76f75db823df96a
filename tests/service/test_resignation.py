"""`/game resign`'s choice of power, decided by the service (issue 17: rules that lived
in cogs move into the service): rules/004 rule 9, a country whose player "chooses to go
CD" — the player names the power they give up, or gives up the only one they play."""

from __future__ import annotations

import pytest

from bot.service.gm import power_to_give_up
from bot.service.kernel import Caller, WrongState
from tests.service.conftest import GUILD, PLAYERS, owner, started_game


async def test_rules004_9_a_player_chooses_to_go_cd_with_their_only_power(service) -> None:
    info = await started_game(service)
    for power in ("FRANCE", "TURKEY"):
        player = Caller(owner(info, power), GUILD)
        assert power_to_give_up(info, player, None) == power


async def test_rules004_9_a_named_power_is_the_one_given_up(service) -> None:
    info = await started_game(service)
    player = Caller(owner(info, "FRANCE"), GUILD)
    assert power_to_give_up(info, player, "france") == "FRANCE"
    # Whether it is theirs is checked when they confirm (choose_civil_disorder), as the
    # game may have changed hands by then.
    assert power_to_give_up(info, player, "Italy") == "ITALY"


async def test_rules004_9_a_player_of_several_powers_must_name_one(service) -> None:
    info = await started_game(service, PLAYERS[:3])  # rules/001: 3 players hold several
    holder = next(p.user_id for p in info.powers if p.user_id is not None)
    assert sum(p.user_id == holder for p in info.powers) > 1
    with pytest.raises(WrongState, match=r"^Name the power to give up\.$"):
        power_to_give_up(info, Caller(holder, GUILD), None)


async def test_rules004_9_someone_who_plays_no_power_has_none_to_give_up(service) -> None:
    info = await started_game(service)
    with pytest.raises(WrongState, match=rf"^You play no power in {info.name}\.$"):
        power_to_give_up(info, Caller(4242, GUILD), None)
