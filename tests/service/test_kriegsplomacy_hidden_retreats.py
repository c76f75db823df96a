"""No hint of hidden retreats (issue 29, rules/004 Kriegsplomacy): "Other than the above,
the only information you get is: ... when a unit of yours is dislodged and forced to
retreat, and whether the subsequent retreat was successful". A retreat phase is told
only to the powers that retreat; every other power is told the movement phase, and
what it may know of the retreats (K11), once the retreats are played, with the next
phase and its deadline: for it, the next phase simply opens later (K14)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adjudication.maps import STANDARD
from adjudication.model.orders import Espionage, Move, Retreat, Support
from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.play.phases import adjudicate
from adjudication.variants import KRIEGSPLOMACY
from adjudication.variants.kriegsplomacy.views import power_view
from bot.service.app import Scheduler
from bot.service.events import EventKind, Reminder
from bot.service.kernel import (
    Caller,
    GameSettings,
    PhaseNotices,
    PlayedPhase,
    VariantName,
    WrongState,
    next_step,
)
from bot.service.variants.hidden import (
    retreats_kept_from,
    seen_phase,
    view_news,
    view_notices,
    with_retreats,
)
from bot.service.variants.hidden._power_views import stored_result
from bot.service.variants.hidden._status import kept_phase
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, outbox, owner, started_game
from tests.service.test_hidden_leaks import known_places, named_places

BOARD = KRIEGSPLOMACY.board
L = Location


def _unit(text: str) -> Unit:
    power, rest = text.split(" ", 1)
    return Unit.parse(power, rest)


def _spa_sc_example() -> tuple[PlayedPhase, PlayedPhase]:
    """rules/004's "F SpaSC E might learn" example as two played phases: Fall 1901, in
    which France's fleet in the Mid-Atlantic is dislodged, and its retreat to Brest."""
    units = ["GERMANY F SPA/SC", "ITALY F TYS", "ENGLAND F WES", "ENGLAND F NAO", "FRANCE F MAO"]
    before = Position(
        Phase.parse("F1901M"),
        [_unit(u) for u in units],
        {"SPA": "GERMANY", "BRE": "FRANCE", "LON": "ENGLAND", "NAP": "ITALY"},
        variant=KRIEGSPLOMACY.name,
    )
    orders = [
        Espionage(_unit("GERMANY F SPA/SC")),
        Move(_unit("ITALY F TYS"), L("WES")),
        Move(_unit("ENGLAND F WES"), L("MAO")),
        Support(_unit("ENGLAND F NAO"), L("WES"), L("MAO"), UnitType.FLEET),
        Move(_unit("FRANCE F MAO"), L("NAO")),
    ]
    movement = adjudicate(before, orders, KRIEGSPLOMACY)
    retreats = adjudicate(
        movement.position, [Retreat(_unit("FRANCE F MAO"), L("BRE"))], KRIEGSPLOMACY
    )
    return (
        PlayedPhase(before, movement.outcomes, movement.position, BOARD),
        PlayedPhase(movement.position, retreats.outcomes, retreats.position, BOARD),
    )


def _told_with_retreats(power: str) -> str:
    movement, retreats = _spa_sc_example()
    seen = seen_phase(movement, power)
    after = seen_phase(retreats, power, seen.view.learned)
    return view_news([with_retreats(seen, after, BOARD)], BOARD, "G", T0, False)


def test_rules004_krieg_a_retreat_phase_is_kept_from_the_powers_with_nothing_to_retreat() -> None:
    movement, _ = _spa_sc_example()
    assert movement.after.phase == Phase.parse("F1901R")
    assert not retreats_kept_from(movement.after, ["FRANCE"])  # it retreats
    for power in ("GERMANY", "ENGLAND", "ITALY"):
        assert retreats_kept_from(movement.after, [power])
    assert retreats_kept_from(movement.after, [])  # the channel
    assert not retreats_kept_from(movement.before, ["ITALY"])  # a movement phase


def test_rules004_krieg_the_standard_game_tells_everyone_of_the_retreats() -> None:
    retreat = Position(
        Phase.parse("F1901R"),
        [_unit("ITALY F WES")],
        {},
        [Dislodgement(_unit("FRANCE F MAO"), "WES", (L("BRE"),))],
    )
    assert not retreats_kept_from(retreat, ["ITALY"])
    text = next_step(retreat, ["ITALY"], T0, False, STANDARD)
    assert text == "Next: the retreats of **Fall 1901 Retreats**; you have nothing to retreat."


def test_rules004_krieg_the_uninvolved_are_told_the_movement_with_its_retreats() -> None:
    # Germany's spy saw France's fleet dislodged; once the retreats are played it is
    # told the movement, the retreat as the document tells it ("Fre F MAtl-???
    # [r-???*]", in the echo's words: issue 33), the year's totals and the next phase
    # with its deadline; never that a retreat phase came between.
    text = _told_with_retreats("GERMANY")
    assert text.startswith("**G**: Fall 1901 has been played.")
    seen = "• France's F Mao - ???: failed; dislodged, then retreated to ???"
    assert seen in text and "• F Spa/sc E: spied" in text
    assert "Supply centres at the end of the year" in text
    assert "Next: **Winter 1901 Adjustments**" in text
    assert "etreat" not in text.replace("retreated to ???", ""), text


def test_rules004_krieg_the_movement_told_with_its_retreats_names_only_what_was_seen() -> None:
    # The leak property of tests/service/test_hidden_leaks.py, on a game with retreats
    # (its random games rarely dislodge): the DM names no place that the power's views
    # of the two phases, made by the engine alone, do not hold.
    movement, retreats = _spa_sc_example()
    for power in ("GERMANY", "ITALY", "ENGLAND"):
        moved = power_view(movement.before, stored_result(movement), power, BOARD)
        later = power_view(retreats.before, stored_result(retreats), power, BOARD, moved.learned)
        known = known_places(moved) | known_places(later) | moved.learned
        told = _told_with_retreats(power)
        assert named_places(told) <= known, (power, named_places(told) - known, told)


def test_rules004_krieg_a_power_that_saw_nothing_is_told_its_own_and_the_next_phase() -> None:
    text = _told_with_retreats("ITALY")
    report = "\n".join(line for line in text.splitlines() if line.startswith("• "))
    assert report == "• F Tys - Wes: moved", text
    assert "Mao" not in text
    assert "Next: **Winter 1901 Adjustments**" in text and "etreat" not in text


def test_rules004_krieg_civil_disorder_is_told_in_its_own_message() -> None:
    # Told as soon as the phase is played, apart from the results: a power kept from a
    # retreat phase learns it at the same moment as in a phase without retreats.
    notices = PhaseNotices(civil_disorder=("ITALY",))
    text = view_notices("G", Phase.parse("F1901M"), ["ITALY"], notices)
    assert text is not None and "Italy" in text and "civil disorder" in text
    assert view_notices("G", Phase.parse("F1901M"), ["FRANCE"], notices) is None
    movement, _ = _spa_sc_example()
    seen = seen_phase(movement, "ITALY")
    news = view_news([seen], BOARD, "G", T0, False)
    assert "civil disorder" not in news


# --- the game in its retreat phase ----------------------------------------------------

_KRIEG = GameSettings(variant=VariantName.KRIEGSPLOMACY, reminder_minutes=(60,))
_BUILDS = {
    "FRANCE": "A Par B\nA Mar B\nF Bre B",
    "GERMANY": "A Mun B\nA Ber B\nF Kie B",
}


async def _to_fall_retreats(service):
    """A Kriegsplomacy game played into Fall 1901's retreats: Germany dislodges France's
    army in Burgundy. Returns the game's info then."""
    info = await started_game(service, settings=_KRIEG)
    scheduler = Scheduler(service)
    rounds = [
        _BUILDS,
        {"FRANCE": "A Par - Bur", "GERMANY": "A Mun - Ruh\nA Ber - Mun"},
        {"GERMANY": "A Mun - Bur\nA Ruh S A Mun - Bur"},
    ]
    for orders in rounds:
        info = await service.lobby.game_info(info.id)
        at = info.deadline_at - timedelta(hours=2)
        for power, text in orders.items():
            await service.orders.submit_orders(Caller(owner(info, power), GUILD), text, at)
        await scheduler.tick(info.deadline_at)
    info = await service.lobby.game_info(info.id)
    assert info.phase == Phase.parse("F1901R")
    return info


async def test_rules004_krieg_orders_in_a_kept_retreat_phase_never_name_it(service) -> None:
    info = await _to_fall_retreats(service)
    italy = Caller(owner(info, "ITALY"), GUILD)
    asks = (
        lambda: service.orders.show_orders(italy, info.id),
        lambda: service.orders.submit_orders(italy, "A Ven H", info.deadline_at, info.id),
        lambda: service.orders.legal_orders(italy, "", info.id),
    )
    for ask in asks:
        with pytest.raises(WrongState) as refused:
            await ask()
        said = refused.value.message
        assert "Fall 1901 has been played" in said and "etreat" not in said, said
    france = Caller(owner(info, "FRANCE"), GUILD)
    shown = await service.orders.show_orders(france, info.id)
    assert shown.phase == Phase.parse("F1901R")  # France retreats: it is told


async def test_rules004_krieg_reminders_of_a_retreat_phase_go_to_who_retreats(service) -> None:
    info = await _to_fall_retreats(service)
    before = {e.id for e in await outbox(service)}
    await Scheduler(service).tick(info.deadline_at - timedelta(minutes=59))
    reminded = [
        e for e in await outbox(service) if e.kind is EventKind.REMINDER and e.id not in before
    ]
    assert [e.user_id for e in reminded] == [owner(info, "FRANCE")]
    assert isinstance(reminded[0].payload, Reminder)


async def test_rules004_krieg_status_shows_a_kept_retreat_phase_as_the_movement_played(
    service,
) -> None:
    info = await _to_fall_retreats(service)
    settings = await service.lobby.game_settings(info.id)
    fall = Phase.parse("F1901M")
    italy = Caller(owner(info, "ITALY"), GUILD)
    assert kept_phase(info, settings, italy, share=False) == fall
    assert kept_phase(info, settings, italy, share=True) == fall  # the channel
    france = Caller(owner(info, "FRANCE"), GUILD)
    assert kept_phase(info, settings, france, share=False) is None
    assert kept_phase(info, settings, france, share=True) == fall
    assert kept_phase(info, settings, Caller(GM, GUILD), share=False) is None
