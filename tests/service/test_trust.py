"""Trust (issue 9) in the service: what a caller may see and do, proxies that end
with their grantor's authority, stale menus, the pause, orders that missed their
phase, and input a database would refuse. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import (
    Caller,
    InvalidSetting,
    LineStatus,
    NotAllowed,
    NotFound,
    PhaseAlreadyPlayed,
    WrongState,
)
from storage import queries
from tests.conftest import T0
from tests.service.conftest import (
    CHANNEL,
    GM,
    GUILD,
    PLAYERS,
    outbox,
    owner,
    started_game,
    texts,
)

NOW = T0 + timedelta(hours=1)
OTHER_GUILD = GUILD + 1
GM_HERE = Caller(GM, GUILD)


# --- 1. a game belongs to its server --------------------------------------------------


async def test_a_game_of_another_server_is_not_found_and_its_gm_role_counts_only_there(
    service,
):
    info = await started_game(service)
    stranger_gm = Caller(9999, OTHER_GUILD, server_gm=True)
    calls = [
        service.lobby.find_game(stranger_gm, info.id),
        service.gm.gm_all_orders(info.id, stranger_gm),
        service.endings.gm_end_game(info.id, stranger_gm, NOW, draw=True),
        service.gm.gm_replace_player(info.id, stranger_gm, "FRANCE", 9999, NOW),
        service.gm.gm_pause(info.id, stranger_gm, NOW),
        service.votes.propose_draw(info.id, stranger_gm, NOW),
        service.orders.show_orders(Caller(owner(info, "FRANCE"), OTHER_GUILD), info.id),
    ]
    for call in calls:
        with pytest.raises(NotFound, match=f"^There is no game number {info.id}.$"):
            await call
    # The same role holder in the game's own server is a GM there.
    here = Caller(9999, GUILD, server_gm=True)
    await service.gm.gm_pause(info.id, here, NOW)
    assert (await service.lobby.game_info(info.id)).paused
    assert [a[:2] for a in await service.history.audit_log(info.id)] == [(9999, "pause")]


async def test_in_a_dm_only_the_callers_own_games_are_found(service):
    info = await started_game(service)
    with pytest.raises(NotFound, match="no game number"):
        await service.lobby.find_game(Caller(424242), info.id)
    for user in (GM, owner(info, "ITALY")):
        assert (await service.lobby.find_game(Caller(user), info.id)).id == info.id


async def test_ids_beyond_the_database_columns_are_simply_not_found(service):
    info = await started_game(service)
    france = Caller(owner(info, "FRANCE"))
    for huge in (2**31, 2**63, 10**20):
        with pytest.raises(NotFound):
            await service.lobby.find_game(france, huge)
        with pytest.raises(NotFound):
            await service.orders.show_orders(france, huge)
        with pytest.raises(NotFound):
            await service.votes.cast_ballot(huge, france.user_id, True, NOW)


# --- 2. proxies end with their grantor's authority ------------------------------------


async def test_no_one_is_their_own_proxy(service):
    info = await started_game(service)
    france = owner(info, "FRANCE")
    with pytest.raises(InvalidSetting):
        await service.orders.grant_proxy(Caller(france), france, NOW, game_id=info.id)


async def proxied(service):
    """Germany lets Austria order its units; Austria has sent an order for Munich."""
    info = await started_game(service)
    germany, austria = owner(info, "GERMANY"), owner(info, "AUSTRIA")
    await service.orders.grant_proxy(Caller(germany), austria, NOW, game_id=info.id)
    result = await service.orders.submit_orders(Caller(austria), "A MUN - RUH", NOW, info.id)
    assert "GERMANY" in result.powers and "A MUN - RUH" in texts(result.orders)
    return info, germany, austria


def ended_for(events, austria) -> list[str]:
    return [
        encode(e.payload)["reason"]
        for e in events
        if e.kind is EventKind.PROXY_ENDED and e.user_id == austria
    ]


@pytest.mark.parametrize("how", ["replaced", "removed", "civil_disorder"])
async def test_a_proxy_ends_when_its_grantor_stops_holding_the_power(service, how):
    info, germany, austria = await proxied(service)
    if how == "replaced":
        await service.gm.gm_replace_player(info.id, GM_HERE, "GERMANY", 7777, NOW)
    elif how == "removed":
        await service.gm.gm_kick(info.id, GM_HERE, germany, NOW)
    else:
        await service.gm.gm_civil_disorder(info.id, GM_HERE, "GERMANY", NOW)
    shown = await service.orders.show_orders(Caller(austria), info.id)
    assert shown.powers == ("AUSTRIA",)
    refused = await service.orders.submit_orders(Caller(austria), "A BER - KIE", NOW, info.id)
    assert refused.lines[0].status is LineStatus.REJECTED
    assert ended_for(await outbox(service), austria) == [how]
    # The order Austria gave for Germany on the ended authority is withdrawn.
    records = await service.history.phase_records(info.id)
    assert "GERMANY" not in records[-1].orders


async def test_a_proxy_ends_when_the_power_falls_into_civil_disorder_for_missing_orders(
    service,
):
    info, _germany, austria = await proxied(service)
    scheduler = Scheduler(service)
    # Germany itself never orders: two missed phases put it in civil disorder
    # (the proxy's orders do not save the owner from NMR, rules/004 rule 10).
    for _ in range(2):
        deadline = (await service.lobby.game_info(info.id)).deadline_at
        await scheduler.tick(deadline)
    game = await service.lobby.game_info(info.id)
    assert next(p for p in game.powers if p.power == "GERMANY").civil_disorder
    assert ended_for(await outbox(service), austria) == ["civil_disorder"]
    assert (await service.orders.show_orders(Caller(austria), info.id)).powers == ("AUSTRIA",)


async def test_a_proxy_ends_with_the_game(service):
    info, _germany, austria = await proxied(service)
    await service.endings.gm_end_game(info.id, GM_HERE, NOW, draw=True)
    assert ended_for(await outbox(service), austria) == ["game_over"]


async def test_a_proxy_limited_to_some_units_sees_and_changes_only_those(service):
    info = await started_game(service)
    germany, austria = owner(info, "GERMANY"), owner(info, "AUSTRIA")
    await service.orders.submit_orders(Caller(germany), "A BER - KIE\nF KIE - DEN", NOW, info.id)
    await service.orders.grant_proxy(Caller(germany), austria, NOW, ["MUN"], info.id)
    shown = await service.orders.show_orders(Caller(austria), info.id)
    germans = [o for o in texts(shown.orders) if o.split()[1] in {"BER", "KIE", "MUN"}]
    assert germans == []  # Germany's own orders for other units stay hidden
    unordered = [str(u) for u in shown.unordered]
    assert "A MUN" in unordered and "A BER" not in unordered
    echo = await service.orders.submit_orders(Caller(austria), "A MUN - RUH\nA BER H", NOW, info.id)
    assert [line.status for line in echo.lines] == [LineStatus.ACCEPTED, LineStatus.REJECTED]
    assert "A MUN - RUH" in texts(echo.orders) and "A BER - KIE" not in texts(echo.orders)
    assert "F KIE - DEN" not in texts(echo.orders)


# --- 3. stale menus ----------------------------------------------------------------


async def test_preferences_after_leaving_or_starting_never_join_anyone(service):
    game = await service.lobby.create_game(GUILD, CHANNEL, GM, "Lobby", T0)
    alice = Caller(PLAYERS[0], GUILD)
    await service.lobby.join(game.id, alice, T0)
    await service.lobby.set_preferences(game.id, alice, ["FRANCE"])
    await service.lobby.leave(game.id, alice, T0)
    with pytest.raises(WrongState, match="not in the lobby"):
        await service.lobby.set_preferences(game.id, alice, ["ITALY"])
    assert (await service.lobby.game_info(game.id)).players == ()
    for user in PLAYERS[1:4]:
        await service.lobby.join(game.id, Caller(user, GUILD), T0)
    await service.lobby.start(game.id, GM_HERE, T0)
    with pytest.raises(WrongState, match="already started"):
        await service.lobby.set_preferences(game.id, Caller(PLAYERS[1], GUILD), ["ITALY"])


async def test_joining_again_keeps_the_preferences(service):
    game = await service.lobby.create_game(GUILD, CHANNEL, GM, "Lobby", T0)
    alice = Caller(PLAYERS[0], GUILD)
    await service.lobby.join(game.id, alice, T0, ["ENGLAND", "FRANCE"])
    await service.lobby.join(game.id, alice, T0)
    assert await service.lobby.preferences_of(game.id, alice.user_id) == ("ENGLAND", "FRANCE")


async def test_a_replaced_player_has_no_vote(service):
    info = await started_game(service)
    italy = owner(info, "ITALY")
    vote = await service.votes.propose_draw(info.id, GM_HERE, NOW)
    await service.gm.gm_replace_player(info.id, GM_HERE, "ITALY", 7777, NOW)
    with pytest.raises(NotAllowed, match="no vote"):
        await service.votes.cast_ballot(vote.id, italy, True, NOW)


# --- 7. the pause --------------------------------------------------------------------


async def test_the_gm_cannot_play_a_paused_phase(service):
    info = await started_game(service)
    await service.gm.gm_pause(info.id, GM_HERE, NOW)
    with pytest.raises(WrongState, match="paused"):
        await service.gm.gm_adjudicate_now(info.id, GM_HERE, NOW)
    game = await service.lobby.game_info(info.id)
    assert game.phase.code == "S1901M" and game.paused


async def test_resume_never_adds_the_pause_to_a_deadline_already_played(service):
    """The GM tries to play the paused phase, then resumes: the pause moves the
    deadline of the phase it stopped, which is still the one being played."""
    info = await started_game(service)
    await service.gm.gm_pause(info.id, GM_HERE, NOW)
    with pytest.raises(WrongState):
        await service.gm.gm_adjudicate_now(info.id, GM_HERE, NOW + timedelta(hours=1))
    await service.gm.gm_resume(info.id, GM_HERE, NOW + timedelta(hours=5))
    game = await service.lobby.game_info(info.id)
    assert game.phase.code == "S1901M"
    assert game.deadline_at == info.deadline_at + timedelta(hours=5)


# --- 8. orders that missed their phase ----------------------------------------------


async def test_orders_sent_before_the_deadline_that_miss_the_adjudication_are_refused(service):
    info = await started_game(service)
    france = Caller(owner(info, "FRANCE"))
    await Scheduler(service).tick(info.deadline_at)
    sent_at = info.deadline_at - timedelta(seconds=2)
    with pytest.raises(PhaseAlreadyPlayed) as refused:
        await service.orders.submit_orders(
            france, "A PAR - BUR", info.deadline_at + timedelta(seconds=1), sent_at=sent_at
        )
    assert refused.value.message == (
        "Spring 1901 was already played; these orders were not applied — send them again "
        "for Fall 1901."
    )
    records = await service.history.phase_records(info.id)
    assert records[-1].phase.code == "F1901M" and "FRANCE" not in records[-1].orders
    # Recorded against the phase it was meant for.
    async with service.store.transaction() as session:
        kept = await queries.submissions.of_phase(session, records[0].id, "FRANCE")
    assert [s.raw_text for s in kept] == ["A PAR - BUR"]
    assert kept[0].lines[0]["reason"] == "phase_played"


async def test_orders_sent_after_the_deadline_are_for_the_new_phase(service):
    info = await started_game(service)
    france = Caller(owner(info, "FRANCE"))
    await Scheduler(service).tick(info.deadline_at)
    later = info.deadline_at + timedelta(seconds=5)
    result = await service.orders.submit_orders(france, "A PAR - BUR", later, sent_at=later)
    assert result.phase.code == "F1901M" and texts(result.orders) == ("A PAR - BUR",)


async def test_orders_sent_before_the_deadline_reaching_it_after_are_still_played(service):
    info = await started_game(service)
    france = Caller(owner(info, "FRANCE"))
    sent_at = info.deadline_at - timedelta(seconds=1)
    arrival = info.deadline_at + timedelta(seconds=3)
    result = await service.orders.submit_orders(france, "A PAR - BUR", arrival, sent_at=sent_at)
    assert result.phase.code == "S1901M"
    await Scheduler(service).tick(arrival)
    records = await service.history.phase_records(info.id)
    assert [
        f"{o['unit']} - {o['to']}" for o in records[0].orders["FRANCE"] if o["type"] == "move"
    ] == ["A PAR - BUR"]


# --- 10. characters a database refuses ------------------------------------------------


async def test_a_nul_byte_never_loses_a_message(service):
    info = await started_game(service)
    france = Caller(owner(info, "FRANCE"))
    result = await service.orders.submit_orders(france, "A PAR - BUR\x00\nA MAR\ud800 - SPA", NOW)
    assert [line.status for line in result.lines] == [LineStatus.ACCEPTED] * 2
    assert texts(result.orders) == ("A MAR - SPA", "A PAR - BUR")


async def test_a_game_name_with_refused_characters_is_cleaned(service):
    game = await service.lobby.create_game(GUILD, CHANNEL, GM, "Nul\x00 game\ud83d", T0)
    assert game.name == "Nul game"
