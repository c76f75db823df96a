"""One-on-one (rules/004) through the service: one lobby, two games in two channels,
the sides swapped, movement deadlines shared, and the match decided after a year both
games have finished. Readings O1-O4 in docs/VARIANTS.md."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.variants import ONE_ON_ONE
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, GameSettings, InvalidSetting, VariantName, WrongState
from storage.codec import position_from_json
from storage.models import GameRow, MatchRow, PhaseRow, PowerRow
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, PLAYERS, force_position, outbox

SECOND = CHANNEL + 1
EFR = ("ENGLAND", "FRANCE", "RUSSIA")
AGT = ("AUSTRIA", "GERMANY", "TURKEY")
MATCH = GameSettings(variant=VariantName.ONE_ON_ONE)


async def _match(service, players=PLAYERS[:2]):
    """A one-on-one lobby in CHANNEL with SECOND as its second board, joined by
    `players` and started at T0; returns the ids of games A and B."""
    game = await service.lobby.create_game(
        GUILD, CHANNEL, GM, "Duel", T0, MATCH, seed=7, second_channel_id=SECOND
    )
    for i, user in enumerate(players):
        await service.lobby.join(game.id, Caller(user, GUILD), T0 + timedelta(seconds=i))
    await service.lobby.start(game.id, Caller(GM, GUILD), T0)
    async with service.store.transaction() as session:
        rows = await session.execute(select(GameRow).where(GameRow.match_id.is_not(None)))
        games = sorted(rows.scalars().all(), key=lambda g: g.id)
    return [g.id for g in games]


async def _board(service, game_id):
    async with service.store.transaction() as session:
        game = await session.get(GameRow, game_id)
        phase = await session.get(PhaseRow, game.current_phase_id)
        rows = await session.execute(select(PowerRow).where(PowerRow.game_id == game_id))
        powers = {r.power: r.user_id for r in rows.scalars().all()}
        return game, position_from_json(phase.position), powers


async def test_rules004_one_on_one_needs_a_second_channel(service):
    with pytest.raises(InvalidSetting, match="second"):
        await service.lobby.create_game(GUILD, CHANNEL, GM, "Duel", T0, MATCH)
    with pytest.raises(InvalidSetting, match="channel of its own"):
        await service.lobby.create_game(
            GUILD, CHANNEL, GM, "Duel", T0, MATCH, second_channel_id=CHANNEL
        )
    with pytest.raises(InvalidSetting, match="one-on-one"):
        await service.lobby.create_game(GUILD, CHANNEL, GM, "Duel", T0, second_channel_id=SECOND)
    await service.lobby.create_game(GUILD, SECOND, GM, "Other", T0)
    with pytest.raises(WrongState, match="already has a game"):
        await service.lobby.create_game(
            GUILD, CHANNEL, GM, "Duel", T0, MATCH, second_channel_id=SECOND
        )


async def test_rules004_one_on_one_two_games_the_efr_player_in_one_is_agt_in_the_other(service):
    """ "Two games are played in parallel ... The EFR player in one game is the AGT
    player in the other." One lobby of two; the start makes both games, Italy held by
    no one in either (its three units on the board)."""
    a, b = await _match(service)
    game_a, start_a, powers_a = await _board(service, a)
    game_b, start_b, powers_b = await _board(service, b)
    assert (game_a.channel_id, game_b.channel_id) == (CHANNEL, SECOND)
    assert game_a.match_id == game_b.match_id is not None
    efr_a = {powers_a[p] for p in EFR}
    agt_a = {powers_a[p] for p in AGT}
    assert len(efr_a) == len(agt_a) == 1 and efr_a | agt_a == set(PLAYERS[:2])
    assert {powers_b[p] for p in EFR} == agt_a and {powers_b[p] for p in AGT} == efr_a
    assert powers_a["ITALY"] is None and powers_b["ITALY"] is None
    assert start_a == start_b and start_a.variant == ONE_ON_ONE.name
    assert len(start_a.units_of("ITALY")) == 3
    assert game_a.deadline_at == game_b.deadline_at is not None  # "orders due simultaneously"
    started = [e for e in await outbox(service) if e.kind is EventKind.GAME_STARTED]
    assert [e.channel_id for e in started] == [CHANNEL, SECOND]


async def test_rules004_one_on_one_movement_deadlines_are_shared(service):
    """O4: both games' movement phases are played at the shared deadline, each once;
    a game with retreats plays them on its own deadline while the other waits at its
    next movement phase, and both then get one deadline."""
    a, b = await _match(service)
    game_a, *_ = await _board(service, a)
    scheduler = Scheduler(service)
    report = await scheduler.tick(game_a.deadline_at)
    assert sorted(r.game_id for r in report.adjudicated) == [a, b]
    assert not (await scheduler.tick(game_a.deadline_at)).adjudicated  # exactly once
    game_a, pos_a, _ = await _board(service, a)
    game_b, pos_b, _ = await _board(service, b)
    assert pos_a.phase == pos_b.phase == Phase.parse("F1901M")
    assert game_a.deadline_at == game_b.deadline_at
    # Game A's Fall leaves a dislodged French army with a retreat; B's Fall leaves
    # nothing to retreat or adjust (its units as many as its centres).
    units = [
        Unit.parse(*t.split(" ", 1)) for t in ("FRANCE A BUR", "GERMANY A MUN", "GERMANY A RUH")
    ]
    german = {"MUN": "GERMANY", "BER": "GERMANY"}
    await force_position(service, a, Position(pos_a.phase, units, german, variant="one_on_one"))
    both = {"PAR": "FRANCE", **german}
    await force_position(service, b, Position(pos_b.phase, units, both, variant="one_on_one"))
    german_a = (await _board(service, a))[2]["GERMANY"]
    deadline = game_a.deadline_at
    await service.orders.submit_orders(
        Caller(german_a), "A MUN-BUR\nA RUH S A MUN-BUR", deadline - timedelta(hours=1), a
    )
    await scheduler.tick(deadline)
    game_a, pos_a, _ = await _board(service, a)
    game_b, pos_b, _ = await _board(service, b)
    assert pos_a.phase == Phase.parse("F1901R") and game_a.deadline_at is not None
    assert pos_b.phase == Phase.parse("S1902M") and game_b.deadline_at is None  # waits
    results_b = [e for e in await outbox(service) if e.kind is EventKind.RESULTS and e.game_id == b]
    assert results_b[-1].payload.match_wait is True and results_b[-1].payload.deadline is None
    retreats = await scheduler.tick(deadline + timedelta(days=2))
    assert [r.game_id for r in retreats.adjudicated] == [a]
    game_a, pos_a, _ = await _board(service, a)
    game_b, pos_b, _ = await _board(service, b)
    assert pos_a.phase == pos_b.phase == Phase.parse("S1902M")
    assert game_a.deadline_at == game_b.deadline_at is not None
    told = [e for e in await outbox(service) if e.kind is EventKind.DEADLINE_CHANGED]
    assert [(e.channel_id, encode(e.payload)["by_match"]) for e in told] == [(SECOND, True)]
    assert encode(told[0].payload)["deadline"] == game_b.deadline_at.isoformat()


def _armies(powers, provinces):
    return [Unit.parse(powers[i % len(powers)], f"A {p}") for i, p in enumerate(provinces)]


async def test_rules004_one_on_one_first_to_24_units_wins_the_match(service):
    """ "The winner is the first player whose combined countries have at least 24 units
    on the board ... in one game or the other": decided when both games have finished
    the year; the result and the scores said in both channels, both games and the
    match over."""
    a, b = await _match(service)
    game_a, _, powers_a = await _board(service, a)
    centres = sorted(ONE_ON_ONE.board.supply_centres)
    # Each army on a centre its country owns: the Fall changes no owner and Winter 1905
    # has nothing to adjust. Game A: the EFR player 24 armies, the AGT player 2. Game B:
    # the same player (AGT there) 10, the other 3.
    side_a = _armies(EFR, centres[:24]) + _armies(AGT, centres[24:26])
    owned_a = {u.location.province: u.power for u in side_a}
    side_b = _armies(AGT, centres[:10]) + _armies(EFR, centres[10:13])
    owned_b = {u.location.province: u.power for u in side_b}
    fall = Phase.parse("F1905M")
    await force_position(service, a, Position(fall, side_a, owned_a, variant="one_on_one"))
    await force_position(service, b, Position(fall, side_b, owned_b, variant="one_on_one"))
    scheduler = Scheduler(service)
    await scheduler.tick(game_a.deadline_at)
    game_a, _, _ = await _board(service, a)
    game_b, _, _ = await _board(service, b)
    winner = powers_a["ENGLAND"]
    assert game_a.status == game_b.status == "ended"
    assert game_a.end_kind == game_b.end_kind == "match_units"
    assert game_a.winners == list(EFR) and game_b.winners == list(AGT)
    async with service.store.transaction() as session:
        match = await session.get(MatchRow, game_a.match_id)
    assert match.status == "ended" and match.result == "won" and match.winners == [winner]
    assert match.scores == {str(winner): 24, str(powers_a["AUSTRIA"]): 3}
    ended = [e for e in await outbox(service) if e.kind is EventKind.GAME_ENDED and e.channel_id]
    assert sorted(e.channel_id for e in ended) == [CHANNEL, SECOND]
    assert all(f"<@{winner}> wins the match" in encode(e.payload)["match"] for e in ended)


async def test_rules004_one_on_one_an_agreed_draw_is_one_vote_for_the_match(service):
    """O4: the two players agree a draw once, in either game's vote: the match is a
    draw, and both games end drawn (the six countries sharing each)."""
    a, b = await _match(service)
    _, _, powers_a = await _board(service, a)
    efr, agt = powers_a["ENGLAND"], powers_a["AUSTRIA"]
    vote = await service.votes.propose_draw(b, Caller(agt, GUILD), T0 + timedelta(hours=1))
    await service.votes.cast_ballot(vote.id, efr, True, T0 + timedelta(hours=2))
    game_a, _, _ = await _board(service, a)
    game_b, _, _ = await _board(service, b)
    assert game_a.status == game_b.status == "ended"
    assert game_a.end_kind == game_b.end_kind == "draw"
    assert sorted(game_a.winners) == sorted(EFR + AGT) == sorted(game_b.winners)
    async with service.store.transaction() as session:
        match = await session.get(MatchRow, game_a.match_id)
    assert match.status == "ended" and match.result == "draw"
    assert sorted(match.winners) == sorted((efr, agt))


async def test_queue_one_on_one_an_excuse_moves_both_boards(service):
    """QUEUE ("Late"): "in one-on-one an excuse or absence moves both boards". A power
    late on board A spends its excuse; board B, where everyone has ordered, waits with
    it: neither is played, and both keep one deadline, moved by the schedule."""
    from bot.service.kernel import Schedule

    settings = GameSettings(variant=VariantName.ONE_ON_ONE, schedule=Schedule(excuses=1))
    game = await service.lobby.create_game(
        GUILD, CHANNEL, GM, "Duel", T0, settings, seed=7, second_channel_id=SECOND
    )
    for i, user in enumerate(PLAYERS[:2]):
        await service.lobby.join(game.id, Caller(user, GUILD), T0 + timedelta(seconds=i))
    await service.lobby.start(game.id, Caller(GM, GUILD), T0)
    async with service.store.transaction() as session:
        rows = await session.execute(select(GameRow).where(GameRow.match_id.is_not(None)))
        a, b = sorted(g.id for g in rows.scalars().all())
    game_a, _, holders_a = await _board(service, a)
    _, _, holders_b = await _board(service, b)
    deadline = game_a.deadline_at
    at = deadline - timedelta(hours=1)
    efr, agt = "F LON H\nA PAR H\nA MOS H", "A VIE H\nA BER H\nA CON H"
    await service.orders.submit_orders(
        Caller(holders_a["AUSTRIA"], GUILD), agt, at, a
    )  # EFR late on A
    await service.orders.submit_orders(Caller(holders_b["AUSTRIA"], GUILD), agt, at, b)
    await service.orders.submit_orders(Caller(holders_b["ENGLAND"], GUILD), efr, at, b)
    report = await Scheduler(service).tick(deadline)
    assert report.adjudicated == ()
    game_a, pos_a, _ = await _board(service, a)
    game_b, pos_b, _ = await _board(service, b)
    assert pos_a.phase == pos_b.phase == Phase.parse("S1901M")
    assert game_a.deadline_at == game_b.deadline_at == deadline + timedelta(days=4)


async def test_a_side_no_one_holds_cannot_win_or_lose_the_match(service):
    """A kicked player's countries are held by no one until the GM replaces them: the
    year's end does not fail on them; the match plays on (no winner, no loser) and
    the other board's counts still come from its sides."""
    a, b = await _match(service)
    game_a, _, powers_a = await _board(service, a)
    centres = sorted(ONE_ON_ONE.board.supply_centres)
    side_a = _armies(EFR, centres[:24]) + _armies(AGT, centres[24:26])
    owned_a = {u.location.province: u.power for u in side_a}
    side_b = _armies(AGT, centres[:10]) + _armies(EFR, centres[10:13])
    owned_b = {u.location.province: u.power for u in side_b}
    fall = Phase.parse("F1905M")
    await force_position(service, a, Position(fall, side_a, owned_a, variant="one_on_one"))
    await force_position(service, b, Position(fall, side_b, owned_b, variant="one_on_one"))
    await service.gm.gm_kick(a, Caller(GM, GUILD), powers_a["ENGLAND"], T0)
    report = await Scheduler(service).tick(game_a.deadline_at)
    assert sorted(r.game_id for r in report.adjudicated) == [a, b]
    game_a, position_a, _ = await _board(service, a)
    game_b, position_b, _ = await _board(service, b)
    assert game_a.status == game_b.status == "active"
    assert position_a.phase == position_b.phase == Phase.parse("S1906M")
