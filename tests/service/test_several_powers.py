"""Issue 33, "Orders for several powers": a player holding several powers (three
players: England+France+Germany) reads which power each line, refusal and missing order
is about, and is never told that their own unit "belongs to" them."""

from __future__ import annotations

from datetime import timedelta

from bot.service.kernel import Caller, submission_echo
from tests.conftest import T0
from tests.service.conftest import PLAYERS, owner, started_game

SOON = T0 + timedelta(minutes=1)


async def _three_powers(service):
    info = await started_game(service, PLAYERS[:3])
    user = owner(info, "ENGLAND")
    held = sorted(p.power for p in info.powers if p.user_id == user)
    assert held == ["ENGLAND", "FRANCE", "GERMANY"]  # rules/000 §14.2, three players
    return info, user


async def test_issue33_a_heading_naming_one_of_the_players_powers_is_no_refusal(service):
    info, user = await _three_powers(service)
    for text in ("France:\nA Par - Bur\nA Lvp - Yor", "England:\nA Par - Bur"):
        result = await service.orders.submit_orders(Caller(user), text, SOON, game_id=info.id)
        echo = submission_echo(result, info.name)
        assert "belongs to" not in echo, echo
        assert all(line.message is None for line in result.lines), echo
        read = {line.text: str(line.order) for line in result.lines}
        assert read["A Par - Bur"] == "A PAR - BUR", echo  # its text is its own line's
        assert "France:" not in read and "England:" not in read, echo


async def test_issue33_what_is_missing_is_said_power_by_power(service):
    info, user = await _three_powers(service)
    result = await service.orders.submit_orders(
        Caller(user), "A Par - Bur\nA Mun - Ruh", SOON, game_id=info.id
    )
    echo = submission_echo(result, info.name)
    missing = echo.split("Still without orders: ")[1].rstrip(".")
    by_power = dict(part.split(": ") for part in missing.split("; "))
    assert set(by_power["England"].split(", ")) == {"F Edi", "F Lon", "A Lvp"}, echo
    assert set(by_power["France"].split(", ")) == {"A Mar", "F Bre"}, echo
    assert set(by_power["Germany"].split(", ")) == {"A Ber", "F Kie"}, echo


async def test_issue33_a_refusal_names_the_power_it_is_about(service):
    info, user = await _three_powers(service)
    result = await service.orders.submit_orders(Caller(user), "A Par - Mos", SOON, game_id=info.id)
    echo = submission_echo(result, info.name)
    assert "❌ `A Par - Mos` (France) — rejected" in echo, echo
