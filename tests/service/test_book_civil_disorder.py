"""Civil disorder by the book: rules/000 §14.3 puts in civil disorder a player who "fails
to submit orders in a given Spring or Fall season"; a missed retreat or build does not
count."""

from __future__ import annotations

from bot.service.kernel import Caller, GameSettings
from tests.service.book import DISLODGED_IN_FALL, ORDERS_DISLODGING_FRANCE, play_until
from tests.service.conftest import GM, GUILD, force_position, started_game


def power(info, name):
    return next(p for p in info.powers if p.power == name)


async def test_a_missed_retreat_and_build_do_not_count_towards_civil_disorder(service):
    info = await started_game(service)
    await force_position(service, info.id, DISLODGED_IN_FALL)
    at = await play_until(service, info.id, "S1902M", ORDERS_DISLODGING_FRANCE)
    played = await service.history.phase_codes(info.id, played=True)
    assert played == ("S1901M", "F1901M", "F1901R", "W1901A")
    france = power(at, "FRANCE")
    # France sent orders in Spring and Fall and nothing for its retreat or its build.
    assert not france.civil_disorder and france.missed_phases == 0


async def test_one_missed_movement_phase_is_civil_disorder_by_default(service):
    """The rulebook's "a given Spring or Fall season": one is enough by default."""
    assert GameSettings().civil_disorder_after == 1
    info = await started_game(service)
    await force_position(service, info.id, DISLODGED_IN_FALL)
    at = await play_until(service, info.id, "F1901M", {"S1901M": {"FRANCE": "A Bur H"}})
    assert power(at, "GERMANY").civil_disorder and power(at, "GERMANY").missed_phases == 1
    assert not power(at, "FRANCE").civil_disorder


async def test_rules_004_two_seasons_count_movement_seasons_only(service):
    """With rules/004 rule 10's "after two seasons": France misses its retreat, its
    build and Spring 1902: one season missed, not yet in civil disorder."""
    info = await started_game(service, settings=GameSettings(civil_disorder_after=2))
    await force_position(service, info.id, DISLODGED_IN_FALL)
    at = await play_until(service, info.id, "F1902M", ORDERS_DISLODGING_FRANCE)
    france = power(at, "FRANCE")
    assert france.missed_phases == 1 and not france.civil_disorder


async def test_a_retreat_nobody_can_order_is_played_at_once(service):
    """rules/004 rule 3: retreats end once everyone concerned has ordered. France, in
    civil disorder, is the only power with a unit dislodged: nobody can order its
    retreat, so the retreat phase is played at once, not a day later."""
    info = await started_game(service)
    await force_position(service, info.id, DISLODGED_IN_FALL)
    at = await play_until(service, info.id, "F1901M", ORDERS_DISLODGING_FRANCE)
    await service.gm.gm_civil_disorder(info.id, Caller(GM, GUILD), "FRANCE", at.deadline_at)
    fall_played_at = at.deadline_at
    fall = {p: o for p, o in ORDERS_DISLODGING_FRANCE["F1901M"].items() if p != "FRANCE"}
    at = await play_until(service, info.id, "F1901R", {"F1901M": fall})
    assert at.phase.code == "F1901R" and at.deadline_at == fall_played_at
    at = await play_until(service, info.id, "W1901A")
    assert "F1901R" in await service.history.phase_codes(info.id, played=True)


async def test_a_retreat_someone_can_order_waits_for_the_deadline(service):
    info = await started_game(service)
    await force_position(service, info.id, DISLODGED_IN_FALL)
    at = await play_until(service, info.id, "F1901M", ORDERS_DISLODGING_FRANCE)
    fall_played_at = at.deadline_at
    at = await play_until(service, info.id, "F1901R", ORDERS_DISLODGING_FRANCE)
    assert at.deadline_at > fall_played_at
