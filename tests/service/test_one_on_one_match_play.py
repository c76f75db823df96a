"""One-on-one (rules/004) in play: what a match changes for a player ordering by DM,
for a rollback and for a replacement. Readings O5-O7 in docs/VARIANTS.md."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.variants import ONE_ON_ONE
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, ChooseGame, MatchSplit, WrongState
from storage.models import MatchRow
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, force_position, outbox
from tests.service.test_one_on_one import AGT, EFR, SECOND, _armies, _board, _match


async def test_rules004_one_on_one_orders_naming_one_boards_units_go_to_that_board(service):
    """O5: a player holds England/France/Russia on one board and Austria/Germany/Turkey
    on the other, so the units a DM names say which board it is for; no menu."""
    a, b = await _match(service)
    player = (await _board(service, a))[2]["FRANCE"]
    assert (await _board(service, b))[2]["AUSTRIA"] == player
    sent = T0 + timedelta(minutes=1)
    done = await service.orders.submit_orders(Caller(player), "A Par-Bur", sent)
    assert done.game_id == a and [line.status.value for line in done.lines] == ["accepted"]
    done = await service.orders.submit_orders(Caller(player), "A Vie-Bud\nF Ank-Bla", sent)
    assert done.game_id == b and len(done.lines) == 2


async def test_issue33_one_on_one_lines_for_different_boards_each_go_to_their_board(service):
    """O5 (issue 33): orders that fit only one board go to it, even with lines for the
    other board or words that are no order in the same message; only a message with
    no order of the sender's on either board asks which game."""
    a, b = await _match(service)
    player = (await _board(service, a))[2]["FRANCE"]
    sent = T0 + timedelta(minutes=1)
    with pytest.raises(MatchSplit) as split:
        await service.orders.submit_orders(Caller(player), "A Par-Bur\nA Vie-Bud", sent)
    assert split.value.parts == {a: "A Par-Bur", b: "A Vie-Bud"} and split.value.both == ""
    done = await service.orders.submit_orders(Caller(player), "A Par-Bur\nhello", sent)
    assert done.game_id == a
    assert [line.reason for line in done.lines] == [None, "unreadable"]
    with pytest.raises(ChooseGame) as choice:  # another power's unit on both boards
        await service.orders.submit_orders(Caller(player), "A Rom-Apu", sent)
    assert not isinstance(choice.value, MatchSplit)
    assert sorted(choice.value.game_ids) == [a, b]


async def test_issue33_one_on_one_a_line_that_fits_both_boards_waits_for_the_player(service):
    """O5 (issue 33): where a line fits both boards (a unit in the same province on
    each, of a power the sender holds there), only that line waits for the player's
    choice; the lines that fit one board are for it."""
    a, b = await _match(service)
    _, position_a, powers_a = await _board(service, a)
    _, position_b, _ = await _board(service, b)
    player = powers_a["FRANCE"]
    # The player's French army in Munich on board A, their German one on board B.
    munich = [u for u in position_a.units if u.province != "MUN"]
    munich.append(Unit.parse("FRANCE", "A MUN"))
    await force_position(
        service, a, Position(position_a.phase, munich, position_a.ownership, variant="one_on_one")
    )
    sent = T0 + timedelta(minutes=1)
    with pytest.raises(MatchSplit) as split:
        await service.orders.submit_orders(Caller(player), "A Mun-Ruh\nA Par-Bur", sent)
    assert split.value.parts == {a: "A Par-Bur"} and split.value.both == "A Mun-Ruh"
    assert sorted(split.value.game_ids) == [a, b]
    assert position_b.unit_in("MUN").power == "GERMANY"


NEWCOMER = 3001


async def test_rules004_one_on_one_a_replacement_takes_the_players_side_on_both_boards(service):
    """O6: a match is between two people ("The EFR player in one game is the AGT player
    in the other"), so `/gm replace` of one of a player's powers hands the newcomer
    that player's side on both boards, and the old player leaves both games."""
    a, b = await _match(service)
    old = (await _board(service, a))[2]["FRANCE"]
    await service.gm.gm_replace_player(a, Caller(GM, GUILD), "FRANCE", NEWCOMER, T0)
    powers_a = (await _board(service, a))[2]
    powers_b = (await _board(service, b))[2]
    assert {powers_a[p] for p in EFR} == {NEWCOMER} == {powers_b[p] for p in AGT}
    assert old not in powers_a.values() and old not in powers_b.values()
    replaced = [e for e in await outbox(service) if e.kind is EventKind.PLAYER_REPLACED]
    assert {(e.channel_id, encode(e.payload)["power"]) for e in replaced} == {
        *((CHANNEL, p) for p in EFR),
        *((SECOND, p) for p in AGT),
    }


async def test_rules004_one_on_one_the_opponent_cannot_take_a_side(service):
    a, _ = await _match(service)
    opponent = (await _board(service, a))[2]["AUSTRIA"]
    with pytest.raises(WrongState, match="other side"):
        await service.gm.gm_replace_player(a, Caller(GM, GUILD), "FRANCE", opponent, T0)


async def test_rules004_one_on_one_the_match_counts_the_replacements_units(service):
    """O6: the match's count follows the person: the newcomer wins with the side they
    took over on the second board."""
    a, b = await _match(service)
    game_a, _, powers_a = await _board(service, a)
    old, other = powers_a["FRANCE"], powers_a["AUSTRIA"]
    await service.gm.gm_replace_player(b, Caller(GM, GUILD), "GERMANY", NEWCOMER, T0)
    centres = sorted(ONE_ON_ONE.board.supply_centres)
    # Game A: the newcomer's EFR 5 armies, the other 3; game B: the newcomer's AGT 24.
    side_a = _armies(EFR, centres[:5]) + _armies(AGT, centres[5:8])
    side_b = _armies(AGT, centres[:24]) + _armies(EFR, centres[24:26])
    fall = Phase.parse("F1905M")
    for game_id, units in ((a, side_a), (b, side_b)):
        owned = {u.location.province: u.power for u in units}
        await force_position(service, game_id, Position(fall, units, owned, variant="one_on_one"))
    await Scheduler(service).tick(game_a.deadline_at)
    async with service.store.transaction() as session:
        match = await session.get(MatchRow, game_a.match_id)
    assert match.result == "won" and match.winners == [NEWCOMER]
    assert match.scores == {str(NEWCOMER): 24, str(other): 3} and str(old) not in match.scores


async def _code(service, game_id):
    game, position, _ = await _board(service, game_id)
    return game, position.phase.code


async def test_rules004_one_on_one_a_rollback_takes_both_boards_back(service):
    """O7: "orders due simultaneously in each": a rollback of one board to a movement
    phase takes the other back to it too, both with one deadline."""
    a, b = await _match(service)
    game_a, _ = await _code(service, a)
    await Scheduler(service).tick(game_a.deadline_at)
    assert (await _code(service, b))[1] == "F1901M"
    later = game_a.deadline_at + timedelta(minutes=5)
    await service.gm.gm_rollback(b, Caller(GM, GUILD), "S1901M", later)
    (game_a, code_a), (game_b, code_b) = await _code(service, a), await _code(service, b)
    assert code_a == code_b == "S1901M"
    assert game_a.deadline_at == game_b.deadline_at is not None
    rolled = [e for e in await outbox(service) if e.kind is EventKind.ROLLED_BACK and e.channel_id]
    assert sorted(e.channel_id for e in rolled) == [CHANNEL, SECOND]


async def test_rules004_one_on_one_no_rollback_to_one_boards_retreats(service):
    """O7: a retreat or adjustment phase is one board's own; the two boards go back
    together only to a movement phase both have played, and the GM is told why."""
    a, b = await _match(service)
    game_a, _, _ = await _board(service, a)
    scheduler = Scheduler(service)
    await scheduler.tick(game_a.deadline_at)
    fall = Phase.parse("F1901M")
    units = [
        Unit.parse(*t.split(" ", 1)) for t in ("FRANCE A BUR", "GERMANY A MUN", "GERMANY A RUH")
    ]
    owned = {"MUN": "GERMANY", "BER": "GERMANY", "PAR": "FRANCE"}
    for game_id in (a, b):
        await force_position(service, game_id, Position(fall, units, owned, variant="one_on_one"))
    german = (await _board(service, a))[2]["GERMANY"]
    deadline = (await _board(service, a))[0].deadline_at
    orders = "A MUN-BUR\nA RUH S A MUN-BUR"
    await service.orders.submit_orders(Caller(german), orders, deadline - timedelta(hours=1), a)
    await scheduler.tick(deadline)
    assert (await _code(service, a))[1] == "F1901R"
    assert (await _code(service, b))[1] == "S1902M"
    with pytest.raises(WrongState, match="movement phase"):
        await service.gm.gm_rollback(a, Caller(GM, GUILD), "F1901R", deadline)
    with pytest.raises(WrongState, match="has not reached"):
        await service.gm.gm_rollback(b, Caller(GM, GUILD), "S1902M", deadline)
    assert [(await _code(service, g))[1] for g in (a, b)] == ["F1901R", "S1902M"]


async def test_rules004_one_on_one_a_rollback_reopens_an_ended_match(service):
    """O7: rolling back a board of a match that ended undoes the match's result too."""
    a, b = await _match(service)
    powers = (await _board(service, a))[2]
    vote = await service.votes.propose_draw(
        a, Caller(powers["ENGLAND"], GUILD), T0 + timedelta(hours=1)
    )
    await service.votes.cast_ballot(vote.id, powers["AUSTRIA"], True, T0 + timedelta(hours=2))
    assert (await _board(service, b))[0].status == "ended"
    await service.gm.gm_rollback(a, Caller(GM, GUILD), "S1901M", T0 + timedelta(hours=3))
    game_a, game_b = (await _board(service, a))[0], (await _board(service, b))[0]
    assert game_a.status == game_b.status == "active"
    async with service.store.transaction() as session:
        match = await session.get(MatchRow, game_a.match_id)
    assert match.status == "active" and match.result is None and match.winners is None
