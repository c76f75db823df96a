"""The two-player game (rules/000 §14.2) through the service: a standard game started
by two players becomes World War I; the coin is flipped when Fall 1914 ends, recorded
with the phase and announced with its results; Italy's units pass to the winner's
player in Spring 1915. Readings W1-W4 in docs/VARIANTS.md."""

from __future__ import annotations

from datetime import timedelta

from adjudication.model.units import Phase
from adjudication.variants import WORLD_WAR_I
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, LineStatus
from storage.codec import position_from_json
from storage.models import GameRow, PhaseRow, PowerRow
from tests.conftest import T0
from tests.service.conftest import GUILD, PLAYERS, force_position, outbox, started_game

EFR = ("ENGLAND", "FRANCE", "RUSSIA")
AGT = ("AUSTRIA", "GERMANY", "TURKEY")


async def _game(service, game_id):
    """The game's settings, its current position and its powers' rows."""
    from sqlalchemy import select

    async with service.store.transaction() as session:
        game = await session.get(GameRow, game_id)
        phase = await session.get(PhaseRow, game.current_phase_id)
        rows = await session.execute(select(PowerRow).where(PowerRow.game_id == game_id))
        powers = {r.power: r for r in rows.scalars().all()}
        return service.store.settings(game), position_from_json(phase.position), powers


async def test_a_standard_game_started_by_two_players_is_world_war_i(service):
    """rules/000 §14.2: "One player plays England/France/Russia and the other plays
    Austria/Germany/Turkey. Italy is neutral ... The game begins in 1914." The lobby
    test `test_two_players_are_refused_until_the_variant_exists` became this one."""
    info = await started_game(service, PLAYERS[:2])
    settings, position, powers = await _game(service, info.id)
    assert settings.variant == "world_war_i" and settings.rules.grouping == "2"
    assert position.phase == Phase.parse("S1914M") and position.variant == "world_war_i"
    holders = {side: {powers[p].user_id for p in side} for side in (EFR, AGT)}
    assert len(holders[EFR]) == 1 and len(holders[AGT]) == 1
    assert holders[EFR] | holders[AGT] == set(PLAYERS[:2])
    assert powers["ITALY"].user_id is None and not powers["ITALY"].playable
    started = next(e for e in await outbox(service) if e.kind is EventKind.GAME_STARTED)
    assert "World War I" in encode(started.payload)["variant"]


async def test_a_world_war_i_game_through_the_toss_to_italy_joining(service):
    """W2, W3: the coin at the end of Fall 1914, in the phase's record and its
    results post; from Spring 1915 the winner's player orders Italy."""
    info = await started_game(service, PLAYERS[:2])
    settings, position, powers = await _game(service, info.id)
    winner_side = WORLD_WAR_I.toss_winner(settings.rules)
    winner = powers[winner_side[0]].user_id
    agt_player = powers["AUSTRIA"].user_id
    await force_position(service, info.id, position.at_phase(Phase.parse("F1914M")))
    await service.orders.submit_orders(Caller(agt_player, GUILD), "A BUD - SER", T0, info.id)
    fall = await service.adjudicator.adjudicate_game(info.id, T0 + timedelta(days=5))
    assert fall is not None and fall.next_phase.code == "W1914A"  # Austria builds
    sides = {EFR: "England, France and Russia", AGT: "Austria, Germany and Turkey"}
    # Recorded with the phase: its report carries the toss.
    assert sides[winner_side] in fall.report and "coin" in fall.report.lower()
    results = [e for e in await outbox(service) if e.kind is EventKind.RESULTS]
    assert encode(results[-1].payload)["phase"] == "F1914M"
    (said,) = encode(results[-1].payload)["announcements"]
    assert sides[winner_side] in said and "Italy" in said
    # Italy is still neutral in the winter; it joins in Spring 1915.
    _, _, powers = await _game(service, info.id)
    assert powers["ITALY"].user_id is None
    winter = await service.adjudicator.adjudicate_game(info.id, T0 + timedelta(days=10))
    assert winter is not None and winter.next_phase.code == "S1915M"
    _, position, powers = await _game(service, info.id)
    assert powers["ITALY"].user_id == winner and powers["ITALY"].playable
    # The winner's orders for Italy are followed, into land closed until now.
    sent = T0 + timedelta(days=10, minutes=1)
    await service.orders.submit_orders(Caller(winner, GUILD), "A VEN - PIE", sent, info.id)
    spring = await service.adjudicator.adjudicate_game(info.id, T0 + timedelta(days=20))
    assert spring is not None
    _, position, _ = await _game(service, info.id)
    assert any(u.power == "ITALY" and u.province == "PIE" for u in position.units)


async def test_orders_into_italy_are_refused_when_sent_before_1915(service):
    """W1 at the door: a move into Italian land is refused when the order is sent
    (rules/004 rule 7's reply), not only when the phase is played."""
    info = await started_game(service, PLAYERS[:2])
    _, _, powers = await _game(service, info.id)
    agt_player = powers["AUSTRIA"].user_id
    result = await service.orders.submit_orders(
        Caller(agt_player, GUILD), "F TRI - VEN\nA VIE - TYR", T0, info.id
    )
    venice, tyrolia = result.lines
    assert venice.status is LineStatus.REJECTED
    assert tyrolia.status is LineStatus.ACCEPTED


async def test_a_side_with_24_units_wins_the_game(service):
    """W4 through the service: the game ends with the side's powers as its winners
    (Italy with them when it joined them), and is said to end by 24 units."""
    from adjudication.model.position import Position
    from adjudication.model.units import Unit
    from bot.service.kernel import end_result

    info = await started_game(service, PLAYERS[:2])
    settings, _, _ = await _game(service, info.id)
    side = WORLD_WAR_I.toss_winner(settings.rules)
    # The winning side: 21 armies, seven a country, each with as many centres (Winter
    # 1914 changes nothing); with Italy's three from Spring 1915, 24 units.
    closed = {"PIE", "VEN", "TUS", "ROM", "APU", "NAP"}
    land = sorted(WORLD_WAR_I.board.land_provinces - closed)
    units = [Unit.parse(side[i % 3], f"A {land[i]}") for i in range(21)]
    centres = sorted(WORLD_WAR_I.board.supply_centres - closed)[:21]
    ownership = {c: side[i % 3] for i, c in enumerate(centres)}
    ownership |= {c: "ITALY" for c in ("VEN", "ROM", "NAP")}
    italy = [Unit.parse("ITALY", t) for t in ("A VEN", "A ROM", "F NAP")]
    winter = Position(Phase.parse("W1914A"), [*units, *italy], ownership, variant=WORLD_WAR_I.name)
    await force_position(service, info.id, winter)
    done = await service.adjudicator.adjudicate_game(info.id, T0 + timedelta(days=5))
    assert done is not None and done.game_over
    final = await service.lobby.game_info(info.id)
    assert final.end_kind == "side_units"
    assert tuple(final.winners) == tuple(sorted((*side, "ITALY")))
    assert "24 units" in end_result(final.end_kind, final.winners)


async def test_scores_count_the_winters_from_1914(service):
    """rules/004 "Player Ratings": Time counts the Winters a player was in the game; a
    World War I game begins in 1914, so a draw voted in its first Spring has one."""
    from bot.service.kernel import Caller as GmCaller
    from tests.service.conftest import GM

    info = await started_game(service, PLAYERS[:2])
    await service.endings.gm_end_game(info.id, GmCaller(GM, GUILD), T0, draw=True)
    ended = next(e for e in await outbox(service) if e.kind is EventKind.GAME_ENDED)
    scores = {p: s for p, s in encode(ended.payload)["scores"].items() if s is not None}
    # Each power drawing gets the n-way draw's BasicScore less Time: 1914 alone is one
    # Winter, 0.25 (counted from 1901, it would be fourteen).
    basic = {2: 16, 3: 13, 4: 10, 5: 7, 6: 4, 7: 2}[len(scores)]
    assert all(s == basic - 0.25 for s in scores.values()), scores
