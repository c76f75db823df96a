"""One-on-one's two boards kept together (docs/VARIANTS.md O6, O7; QUEUE "Late"): a
rollback's plan lists both boards' changes of player, and a grace moves both boards'
shared deadline."""

from __future__ import annotations

from datetime import timedelta

from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.events._codec import encode
from bot.service.kernel import Caller, GameSettings, Schedule, VariantName
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, PLAYERS, outbox
from tests.service.test_one_on_one import AGT, EFR, SECOND, _board, _match

NEWCOMER = 9001


async def test_rules004_one_on_one_a_rollback_plan_lists_both_boards_changes(service):
    a, _ = await _match(service)
    game_a = (await _board(service, a))[0]
    await Scheduler(service).tick(game_a.deadline_at)  # both boards reach Fall 1901
    later = game_a.deadline_at + timedelta(minutes=5)
    await service.gm.gm_replace_player(a, Caller(GM, GUILD), "FRANCE", NEWCOMER, later)
    plan = await service.gm.gm_rollback_plan(a, Caller(GM, GUILD), "S1901M")
    assert sorted(c.power for c in plan.changes) == sorted(EFR + AGT)
    assert {c.now for c in plan.changes} == {NEWCOMER}


async def test_queue_one_on_one_a_grace_moves_both_boards(service):
    """A power late on board A puts the match in grace: board B, where everyone has
    ordered, waits with it; both keep one deadline, the grace's end."""
    settings = GameSettings(
        variant=VariantName.ONE_ON_ONE, schedule=Schedule(grace_minutes=24 * 60)
    )
    game = await service.lobby.create_game(
        GUILD, CHANNEL, GM, "Duel", T0, settings, seed=7, second_channel_id=SECOND
    )
    for i, user in enumerate(PLAYERS[:2]):
        await service.lobby.join(game.id, Caller(user, GUILD), T0 + timedelta(seconds=i))
    await service.lobby.start(game.id, Caller(GM, GUILD), T0)
    a, b = await _ids(service)
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
    game_a, _, _ = await _board(service, a)
    game_b, _, _ = await _board(service, b)
    assert game_a.deadline_at == game_b.deadline_at == deadline + timedelta(days=1)
    late = [e for e in await outbox(service) if e.kind is EventKind.LATE and e.channel_id]
    assert [(e.channel_id, sorted(encode(e.payload)["powers"])) for e in late] == [
        (CHANNEL, sorted(EFR))
    ]


async def _ids(service) -> list[int]:
    from sqlalchemy import select

    from storage.models import GameRow

    async with service.store.transaction() as session:
        rows = await session.execute(select(GameRow).where(GameRow.match_id.is_not(None)))
        return sorted(g.id for g in rows.scalars().all())
