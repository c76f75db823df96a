"""rules/004's full notation as the record knows it (issue 10): `judge_text` of a
played phase adds what the report written at adjudication could not hold — the
parser's interpretations (`[ia: …]`) and, once played, the retreats that followed."""

from __future__ import annotations

from datetime import timedelta

from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from bot.service.app import Scheduler
from bot.service.kernel import Caller
from tests.conftest import T0
from tests.service.conftest import force_position, owner, started_game


async def test_an_interpreted_order_shows_what_the_player_wrote(service) -> None:
    info = await started_game(service)
    england = Caller(owner(info, "ENGLAND"))
    await service.orders.submit_orders(england, "A Liv-Yor\nF Lon - Nth", T0 + timedelta(hours=1))
    await Scheduler(service).tick(info.deadline_at)
    (spring,) = [
        r for r in await service.history.phase_records(info.id) if r.phase.code == "S1901M"
    ]
    assert spring.report is not None and "A Lpl-Yor*" in spring.report
    text = await service.history.judge_text(info.id, spring.id)
    # The same results, England's army as the player wrote it; every other power NMR.
    assert text == spring.report.replace("A Lpl-Yor*", "A Liv-Yor [ia: A Lpl-Yor*]")
    assert text.count("[NMR]") == 6


async def test_the_retreat_is_folded_into_the_movement_line_once_played(service) -> None:
    info = await started_game(service)
    # Germany takes Burgundy from France with support; France's army must retreat.
    start = Position(
        Phase.parse("S1901M"),
        (
            Unit.parse("FRANCE", "A BUR"),
            Unit.parse("GERMANY", "A MUN"),
            Unit.parse("GERMANY", "A RUH"),
        ),
        {},
    )
    await force_position(service, info.id, start)
    germany, france = Caller(owner(info, "GERMANY")), Caller(owner(info, "FRANCE"))
    await service.orders.submit_orders(germany, "A Mun - Bur\nA Ruh S A Mun - Bur", T0)
    await service.orders.submit_orders(france, "A Bur H", T0)
    scheduler = Scheduler(service)
    await scheduler.tick(info.deadline_at)
    records = await service.history.phase_records(info.id)
    movement = records[0]
    assert "A Bur H [dislodged]" in await service.history.judge_text(info.id, movement.id)
    await service.orders.submit_orders(france, "A Bur R Pic", info.deadline_at)
    after = await service.lobby.game_info(info.id)
    if after.phase.code == "S1901R":  # the retreat phase has not ended by itself
        await scheduler.tick(after.deadline_at)
    retreat = (await service.history.phase_records(info.id))[1]
    assert retreat.phase.code == "S1901R" and retreat.outcomes is not None
    folded = await service.history.judge_text(info.id, movement.id)
    assert folded.splitlines()[2] == "France:         A Bur H [r-Pic*]"
    assert await service.history.judge_text(info.id, retreat.id) == (
        "Retreats for Spring 1901:\n\nFrance:         A Bur [r-Pic*]\n\n" + folded
    )
