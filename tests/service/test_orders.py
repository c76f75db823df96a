from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.kernel import Caller, ChooseGame, LateOrders, LineStatus, NotAllowed, NotFound
from tests.conftest import T0
from tests.service.conftest import GUILD, PLAYERS, owner, started_game, texts

NOW = T0 + timedelta(hours=1)


async def test_lines_are_accepted_corrected_or_rejected_and_stored_raw(service):
    info = await started_game(service)
    england = owner(info, "ENGLAND")
    text = "A Liv-Yor\nF Edi - Nwg\nhello there\nA Bur-Mun"
    result = await service.orders.submit_orders(Caller(england), text, NOW)
    statuses = [line.status for line in result.lines]
    assert statuses == [
        LineStatus.CORRECTED,
        LineStatus.ACCEPTED,
        LineStatus.REJECTED,
        LineStatus.REJECTED,
    ]
    assert result.lines[0].notes and "Lvp" in result.lines[0].notes[0]
    assert result.lines[2].reason == "unreadable"
    assert result.lines[3].reason == "no_such_unit"
    assert texts(result.orders) == ("A LVP - YOR", "F EDI - NWG")
    assert tuple(str(u) for u in result.unordered) == ("F LON",)
    records = await service.history.phase_records(info.id)
    assert sorted(o["unit"] for o in records[0].orders["ENGLAND"]) == ["A LVP", "F EDI"]
    # The message itself is in the record, raw.
    from storage import queries

    async with service.store.transaction() as session:
        subs = await queries.submissions.of_phase(session, records[0].id)
    assert [s.raw_text for s in subs] == [text]
    assert subs[0].sender_user_id == england


async def test_a_new_order_for_a_unit_replaces_the_old(service):
    info = await started_game(service)
    france = owner(info, "FRANCE")
    await service.orders.submit_orders(Caller(france), "A PAR - BUR\nA MAR H", NOW)
    result = await service.orders.submit_orders(
        Caller(france), "A PAR - PIC", NOW + timedelta(minutes=1)
    )
    assert texts(result.orders) == ("A MAR H", "A PAR - PIC")
    shown = await service.orders.show_orders(Caller(france))
    assert shown.orders == result.orders
    cleared = await service.orders.clear_orders(Caller(france), NOW)
    assert texts(cleared.orders) == ()
    assert len(cleared.unordered) == 3


async def test_late_orders_are_refused(service):
    info = await started_game(service)
    with pytest.raises(LateOrders, match="deadline"):
        await service.orders.submit_orders(
            Caller(owner(info, "ITALY")), "A ROM H", info.deadline_at
        )


async def test_outsiders_and_players_in_several_games(service):
    a = await started_game(service, channel=21)
    with pytest.raises(NotFound):
        await service.orders.submit_orders(Caller(424242), "A PAR H", NOW)
    b = await started_game(service, channel=22)
    user = owner(a, "FRANCE")
    with pytest.raises(ChooseGame) as choose:
        await service.orders.submit_orders(Caller(user), "A PAR H", NOW)
    assert set(choose.value.game_ids) == {a.id, b.id}
    power_b = next(p.power for p in b.powers if p.user_id == user)
    unit = {"FRANCE": "A PAR", "ENGLAND": "F LON"}.get(power_b)
    result = await service.orders.submit_orders(Caller(user), f"{unit or 'x'} H", NOW, game_id=b.id)
    assert result.game_id == b.id
    # A stranger naming a game by DM finds nothing; in the game's server, it exists
    # but they have no power in it.
    with pytest.raises(NotFound, match="no game number"):
        await service.orders.submit_orders(Caller(424242), "A PAR H", NOW, game_id=a.id)
    with pytest.raises(NotAllowed):
        await service.orders.submit_orders(Caller(424242, GUILD), "A PAR H", NOW, game_id=a.id)


async def test_proxy_orders_yield_to_the_owners(service):
    info = await started_game(service)
    germany, austria = owner(info, "GERMANY"), owner(info, "AUSTRIA")
    await service.orders.grant_proxy(
        Caller(germany), austria, NOW, provinces=["MUN", "BER"], game_id=info.id
    )
    await service.orders.submit_orders(Caller(germany), "A MUN - BUR", NOW, game_id=info.id)
    proxy = await service.orders.submit_orders(
        Caller(austria), "A MUN - RUH\nA BER - KIE\nF KIE - HOL\nA VIE - GAL", NOW, game_id=info.id
    )
    by_text = {line.text: line for line in proxy.lines}
    assert by_text["A MUN - RUH"].status is LineStatus.OVERRIDDEN
    assert by_text["A BER - KIE"].status is LineStatus.ACCEPTED
    assert by_text["F KIE - HOL"].status is LineStatus.REJECTED  # not granted
    assert (
        by_text["A VIE - GAL"].status is LineStatus.ACCEPTED
        and by_text["A VIE - GAL"].power == "AUSTRIA"
    )
    table = await service.gm.gm_all_orders(info.id, Caller(info.gm_user_id, GUILD))
    orders = {row.power: texts(row.orders) for row in table}
    assert orders["GERMANY"] == ("A BER - KIE", "A MUN - BUR")
    # The owner's later order replaces the proxy's.
    await service.orders.submit_orders(Caller(germany), "A BER H", NOW, game_id=info.id)
    table = await service.gm.gm_all_orders(info.id, Caller(info.gm_user_id, GUILD))
    orders = {row.power: texts(row.orders) for row in table}
    assert orders["GERMANY"] == ("A BER H", "A MUN - BUR")


async def test_player_not_in_game_cannot_see_orders(service):
    await started_game(service)
    with pytest.raises(NotFound):
        await service.orders.show_orders(Caller(PLAYERS[0] + 100))
