from __future__ import annotations

from datetime import timedelta

import pytest

from adjudication.maps import STANDARD
from adjudication.model.position import Position
from adjudication.variants import STANDARD_GAME
from bot.service.events import EventKind
from bot.service.kernel import Caller, GameStatus, InvalidSetting, NotAllowed, WrongState
from storage.codec import position_from_json
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, PLAYERS, outbox, started_game


async def test_seven_players_get_their_first_choice_when_all_differ(service):
    powers = list(STANDARD.powers)
    prefs = {user: [powers[(i + 3) % 7], powers[i]] for i, user in enumerate(PLAYERS)}
    info = await started_game(service, prefs=prefs)
    assert info.status is GameStatus.ACTIVE
    assert info.phase.code == "S1901M"
    got = {p.user_id: p.power for p in info.powers}
    assert got == {user: prefs[user][0] for user in PLAYERS}
    assert info.deadline_at == T0 + timedelta(days=4)  # rules/004 rule 3


async def test_assignment_is_deterministic_for_a_seed_and_varies_with_it(service):
    a = await started_game(service, seed=1, channel=11)
    b = await started_game(service, seed=1, channel=12)
    c = await started_game(service, seed=2, channel=13)
    seat = lambda info: [(p.power, p.user_id) for p in info.powers]  # noqa: E731
    assert seat(a) == seat(b)
    assert sorted(u for _, u in seat(c)) == sorted(PLAYERS)
    # Seven players with no wishes: 1/5040 chance two seeds give the same deal.
    assert seat(a) != seat(c)


async def test_initial_position_and_events_are_stored(service):
    info = await started_game(service)
    records = await service.history.phase_records(info.id)
    assert len(records) == 1
    assert position_from_json(records[0].position) == Position.initial(STANDARD_GAME)
    events = await outbox(service)
    kinds = [e.kind for e in events]
    assert kinds.count(EventKind.GAME_STARTED) == 1
    assert kinds.count(EventKind.POWER_ASSIGNED) == 7
    started = next(e for e in events if e.kind is EventKind.GAME_STARTED)
    assert started.channel_id == CHANNEL


async def test_six_players_leave_italy_unplayed(service):
    info = await started_game(service, PLAYERS[:6])
    italy = next(p for p in info.powers if p.power == "ITALY")
    assert italy.user_id is None and not italy.playable
    assert sorted(p.user_id for p in info.powers if p.playable) == sorted(PLAYERS[:6])


async def test_five_players_leave_italy_and_germany_unplayed(service):
    info = await started_game(service, PLAYERS[:5])
    unplayed = sorted(p.power for p in info.powers if not p.playable)
    assert unplayed == ["GERMANY", "ITALY"]


async def test_four_players_play_the_rulebook_pairs(service):
    info = await started_game(service, PLAYERS[:4])
    by_user: dict[int, set[str]] = {}
    for p in info.powers:
        by_user.setdefault(p.user_id, set()).add(p.power)
    assert sorted(map(sorted, by_user.values())) == sorted(
        [["ENGLAND"], ["AUSTRIA", "FRANCE"], ["GERMANY", "TURKEY"], ["ITALY", "RUSSIA"]]
    )


async def test_a_lone_player_is_refused(service):
    """Two players once were refused here until the two-player game existed; they now
    play World War I (tests/service/test_world_war_i.py). One is too few."""
    with pytest.raises(WrongState):
        await started_game(service, PLAYERS[:1])


async def test_only_the_gm_starts_and_lobby_rules(service):
    game = await service.lobby.create_game(GUILD, CHANNEL, GM, "Lobby", T0)
    with pytest.raises(WrongState):
        await service.lobby.create_game(GUILD, CHANNEL, GM, "Second", T0)
    with pytest.raises(InvalidSetting):
        await service.lobby.join(game.id, Caller(PLAYERS[0], GUILD), T0, ["NARNIA"])
    for user in PLAYERS:
        await service.lobby.join(game.id, Caller(user, GUILD), T0)
    with pytest.raises(WrongState):
        await service.lobby.join(game.id, Caller(9999, GUILD), T0)  # an eighth player
    await service.lobby.leave(game.id, Caller(PLAYERS[0], GUILD), T0)
    assert len((await service.lobby.game_info(game.id)).players) == 6
    with pytest.raises(NotAllowed):
        await service.lobby.start(game.id, Caller(PLAYERS[1], GUILD), T0)
    info = await service.lobby.start(game.id, Caller(PLAYERS[1], GUILD, server_gm=True), T0)
    assert info.status is GameStatus.ACTIVE
    with pytest.raises(WrongState):
        await service.lobby.join(game.id, Caller(PLAYERS[0], GUILD), T0)
    assert (await service.lobby.game_in_channel(CHANNEL)).id == game.id


async def test_six_player_games_record_their_grouping_and_italy_is_a_dummy(service):
    """rules/000 §14.2 "If they are forced to retreat, they are disbanded": the game
    started by six players plays the "6" grouping, so a dislodged Italian unit opens
    no retreat phase."""
    from adjudication.model.units import Phase
    from tests.service.conftest import force_position

    info = await started_game(service, PLAYERS[:6])
    async with service.store.transaction() as session:
        from storage.models import GameRow

        settings = service.store.settings(await session.get(GameRow, info.id))
    assert settings.variant == "standard" and settings.rules.grouping == "6"
    spring = Position.initial(STANDARD_GAME)
    venice = Position(
        spring.phase,
        [u for u in spring.units if u.province not in ("VIE", "TRI")]
        + [unit_of("AUSTRIA A TYR"), unit_of("AUSTRIA A TRI")],
        spring.ownership,
    )
    await force_position(service, info.id, venice)
    austria = next(p.user_id for p in info.powers if p.power == "AUSTRIA")
    await service.orders.submit_orders(
        Caller(austria, GUILD), "A TYR - VEN\nA TRI S A TYR - VEN", T0, info.id
    )
    result = await service.adjudicator.adjudicate_game(info.id, T0 + timedelta(days=5))
    assert result is not None
    async with service.store.transaction() as session:
        from storage.models import GameRow, PhaseRow

        game = await session.get(GameRow, info.id)
        phase = await session.get(PhaseRow, game.current_phase_id)
        now = position_from_json(phase.position)
    assert now.phase == Phase.parse("F1901M")
    assert all(u.power != "ITALY" or u.province != "VEN" for u in now.units)


def unit_of(text: str):
    from adjudication.model.units import Unit

    power, rest = text.split(" ", 1)
    return Unit.parse(power, rest)


async def test_a_seven_player_game_keeps_its_settings_without_a_grouping(service):
    info = await started_game(service, PLAYERS[:7])
    async with service.store.transaction() as session:
        from storage.models import GameRow

        game = await session.get(GameRow, info.id)
    assert game.settings["variant"] == "standard"
    assert "grouping" not in game.settings["rules"]
