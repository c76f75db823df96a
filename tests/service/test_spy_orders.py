"""Spy Diplomacy's orders through the service (issue 12, rules/004 "Rules for Spy
Diplomacy"): read from a player's message, kept with the orders in force, echoed in
the notation players write, offered by autocomplete to the spy's owner only, and
played at the deadline."""

from __future__ import annotations

from datetime import timedelta

from adjudication.maps import STANDARD
from adjudication.model.pieces import Spy
from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from bot.service.app import Scheduler
from bot.service.events import EventKind
from bot.service.kernel import Caller, GameSettings, LineStatus, VariantName, submission_echo
from storage.codec import position_from_json
from tests.conftest import T0
from tests.service.conftest import force_position, outbox, owner, started_game

SPY_GAME = GameSettings(variant=VariantName.SPY)
SOON = T0 + timedelta(minutes=5)


async def _current(service, game_id) -> Position:
    records = await service.history.phase_records(game_id)
    return position_from_json(records[-1].position)


async def test_rules004_each_spy_starts_in_a_home_centre_selected_by_its_owner_by_dm(service):
    """ "Each Spy starts out in one of its home supply centers, selected by the owning
    player": the game opens in Winter 1900, each player owes the placement, and the
    phase ends once all seven are in."""
    info = await started_game(service, settings=SPY_GAME)
    assert info.phase.code == "W1900A"
    assert all(p.owes_orders for p in info.powers)
    france = owner(info, "FRANCE")
    result = await service.orders.submit_orders(Caller(france), "Spy Mar B", SOON, game_id=info.id)
    assert [line.status for line in result.lines] == [LineStatus.ACCEPTED]
    echo = submission_echo(result, info.name)
    assert "**Spy Mar B**" in echo and "SPY" not in echo
    assert "Spy Mar B" in echo.split("Orders in force")[1]
    for p in info.powers:
        if p.power != "FRANCE":
            home = min(STANDARD.home_centres[p.power]).title()
            sent = await service.orders.submit_orders(
                Caller(p.user_id), f"Build spy in {home}", SOON, game_id=info.id
            )
            assert sent.lines[0].status is LineStatus.ACCEPTED, sent.lines[0].message
    deadline = (await service.lobby.game_info(info.id)).deadline_at
    assert deadline == SOON  # everyone concerned has ordered: it ends at once
    await Scheduler(service).tick(deadline)
    after = await _current(service, info.id)
    assert after.phase == Phase.parse("S1901M")
    assert Spy("FRANCE", "MAR") in after.spies
    assert len(after.spies) == 7


async def test_rules004_spy_orders_are_kept_and_a_sabotaged_unit_obeys_the_spy(service):
    """ "Any season in which a Spy is not ordered to move, it may infiltrate whatever
    non-Spy unit (if any) shares its location. The player owning the Spy issues an
    order to the unit." The order is kept with the orders in force until the
    deadline, then played."""
    info = await started_game(service, settings=SPY_GAME)
    start = await _current(service, info.id)
    spring = Position(
        Phase.parse("S1901M"),
        start.units,
        start.ownership,
        variant="spy",
        spies=[Spy("ITALY", "MAR"), Spy("FRANCE", "PAR")],
    )
    await force_position(service, info.id, spring)
    italy, france = owner(info, "ITALY"), owner(info, "FRANCE")
    sent = await service.orders.submit_orders(
        Caller(italy), "Spy Mar: A Mar - Pie", SOON, game_id=info.id
    )
    assert sent.lines[0].status is LineStatus.ACCEPTED, sent.lines[0].message
    assert "**Spy Mar: A Mar - Pie**" in submission_echo(sent, info.name)
    shown = await service.orders.show_orders(Caller(italy), game_id=info.id)
    assert any("SPY MAR" in str(o) for o in shown.orders)
    mine = await service.orders.show_orders(Caller(france), game_id=info.id)
    assert not any("SPY" in str(o) for o in mine.orders)  # the French player sees nothing of it
    await service.orders.submit_orders(
        Caller(france), "A Mar H\nSpy Par - Bur", SOON, game_id=info.id
    )
    deadline = (await service.lobby.game_info(info.id)).deadline_at
    await Scheduler(service).tick(deadline)
    after = await _current(service, info.id)
    assert Unit.parse("FRANCE", "A PIE") in after.units
    assert Spy("FRANCE", "BUR") in after.spies and Spy("ITALY", "MAR") in after.spies


async def test_rules004_only_the_owner_of_a_spy_is_offered_its_orders(service):
    """ "Only the owner of a spy is told its location": autocomplete offers a player
    their own spy's orders, never another's."""
    info = await started_game(service, settings=SPY_GAME)
    france, italy = owner(info, "FRANCE"), owner(info, "ITALY")
    placing = await service.orders.legal_orders(Caller(france), "spy", game_id=info.id)
    assert set(placing) == {"Spy Bre B", "Spy Mar B", "Spy Par B"}
    start = await _current(service, info.id)
    spring = Position(
        Phase.parse("S1901M"),
        start.units,
        start.ownership,
        variant="spy",
        spies=[Spy("ITALY", "MAR"), Spy("FRANCE", "PAR")],
    )
    await force_position(service, info.id, spring)
    french = await service.orders.legal_orders(Caller(france), "spy", game_id=info.id)
    italian = await service.orders.legal_orders(Caller(italy), "spy mar", game_id=info.id)
    assert "Spy Par - Bur" in french and "Spy Par H" in french
    assert not any("Mar" in t.split(":")[0] for t in french)
    assert "Spy Mar: A Mar - Pie" in await service.orders.legal_orders(
        Caller(italy), "spy mar pie", game_id=info.id
    )
    assert "Spy Mar - Pie" in italian
    assert not any("Par" in t.split(" -")[0].split(":")[0] for t in italian)


async def test_rules004_a_spy_order_from_where_the_spy_is_not_is_refused_naming_no_other_spy(
    service,
):
    """ "Only the owner of a spy is told its location": an order for a spy where the
    sender has none is refused without saying whose spy stands there."""
    info = await started_game(service, settings=SPY_GAME)
    start = await _current(service, info.id)
    spring = Position(
        Phase.parse("S1901M"),
        start.units,
        start.ownership,
        variant="spy",
        spies=[Spy("ITALY", "MAR"), Spy("FRANCE", "PAR")],
    )
    await force_position(service, info.id, spring)
    sent = await service.orders.submit_orders(
        Caller(owner(info, "GERMANY")), "Spy Mar - Pie", SOON, game_id=info.id
    )
    assert sent.lines[0].status is LineStatus.REJECTED
    assert "ital" not in (sent.lines[0].message or "").lower()
    assert not sent.orders


async def test_issue33_an_unplaced_spy_is_drawn_and_nothing_public_says_who_did_not_choose(
    service,
):
    """rules/004: each spy starts "in one of its home supply centers, selected by the
    owning player"; one not selected by the deadline starts in one drawn at random from
    the game's secret seed (the draw in the GM's record), and no NMR is announced for
    it: "No orders from Turkey" in Winter 1900 would say whose spy was drawn."""
    info = await started_game(service, settings=SPY_GAME)
    settings = await service.lobby.game_settings(info.id)
    assert settings.rules.spy_seed != 0  # drawn at the start, kept with the rules
    for p in info.powers:
        if p.power != "TURKEY":
            home = min(STANDARD.home_centres[p.power]).title()
            await service.orders.submit_orders(
                Caller(p.user_id), f"Spy {home} B", SOON, game_id=info.id
            )
    deadline = (await service.lobby.game_info(info.id)).deadline_at
    await Scheduler(service).tick(deadline)
    after = await _current(service, info.id)
    (turkish,) = (s for s in after.spies if s.power == "TURKEY")
    assert turkish.province in STANDARD.home_centres["TURKEY"]
    events = await outbox(service)
    assert EventKind.NMR not in [e.kind for e in events]
    (results,) = [e.payload for e in events if e.kind is EventKind.RESULTS]
    assert results.nmr == ()  # the channel's post names no one
    record = await service.history.phase_record(info.id, "W1900A")
    assert "[NBR]" not in record.report  # nor does the judge notation
