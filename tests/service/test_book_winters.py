"""A Winter with nothing to adjust is kept in the record and posted (rules/004's
"Adjustments for 1901" block), though the engine passes over it."""

from __future__ import annotations

from bot.service.events import EventKind
from bot.service.events._codec import encode
from tests.service.book import SWAP_IN_1901, SWAP_ORDERS, play_until
from tests.service.conftest import force_position, outbox, started_game


async def test_a_winter_with_nothing_to_adjust_keeps_its_record_and_is_posted(service):
    """France takes Munich and Germany Paris in 1901: each still has three centres and
    three units, nobody builds or removes, and the engine goes from Fall 1901 to Spring
    1902. The service keeps Winter 1901 with its report and posts it."""
    info = await started_game(service)
    await force_position(service, info.id, SWAP_IN_1901)
    await play_until(service, info.id, "S1902M", SWAP_ORDERS)

    played = await service.history.phase_codes(info.id, played=True)
    assert played == ("S1901M", "F1901M", "W1901A")
    winter = await service.history.phase_record(info.id, "W1901A")
    assert winter.outcomes == ()
    report = winter.report
    assert report.startswith("Adjustments for 1901:")
    assert "France:         (3) Bre, Mar, +Mun, -Par; no change" in report
    assert "Germany:        (3) Ber, Kie, -Mun, +Par; no change" in report
    assert "England:        (3) Edi, Lon, Lpl; no change" in report

    results = [encode(e.payload) for e in await outbox(service) if e.kind is EventKind.RESULTS]
    assert [r["phase"] for r in results] == ["S1901M", "F1901M", "W1901A"]
    assert results[-1]["report"] == report
    assert results[-1]["next_phase"] == "S1902M"
    assert results[-1]["phase_id"] == winter.id
    # The Fall's post and the Winter's both lead to Spring 1902, with its deadline.
    assert results[-2]["next_phase_id"] == results[-1]["next_phase_id"]
    assert results[-2]["deadline"] == results[-1]["deadline"] is not None
    now = await service.lobby.game_info(info.id)
    assert now.phase.code == "S1902M"
