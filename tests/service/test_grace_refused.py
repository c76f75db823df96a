"""Issue 33 with the project's ruling: "Grace in Kriegsplomacy and Spy: refused at
`/game create` and `/gm settings set`, with the reason (rules/004: missed orders are
not reported, and a grace would show that someone was late)." Kriegsplomacy: "If a
country goes NMR, that is NOT reported.\""""

from __future__ import annotations

import pytest

from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, InvalidSetting, Schedule, VariantName
from bot.service.lobby import (
    CreationOptions,
    change_setting,
    schedule_at_creation,
    settings_at_creation,
)
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, started_game

HIDING = ["kriegsplomacy", "spy"]


def created(variant: str, grace_hours: int) -> GameSettings:
    """The settings `/game create` makes from these options."""
    schedule = schedule_at_creation((96, 24, 24), None, "UTC", False, grace_hours=grace_hours)
    return settings_at_creation(CreationOptions(schedule=schedule, variant=variant))


@pytest.mark.parametrize("variant", HIDING)
def test_issue33_grace_is_refused_at_game_create_with_the_reason(variant):
    with pytest.raises(InvalidSetting) as refused:
        created(variant, 24)
    why = str(refused.value)
    assert "not reported" in why and "late" in why and "rules/004" in why
    assert created(variant, 0).schedule.grace_minutes == 0  # no grace: made as before


def test_issue33_grace_at_game_create_is_kept_in_other_variants():
    assert created("standard", 24).schedule.grace_minutes == 24 * 60


@pytest.mark.parametrize("variant", HIDING)
def test_issue33_grace_is_refused_by_gm_settings_set_with_the_reason(variant):
    settings = GameSettings(variant=VariantName(variant))
    with pytest.raises(InvalidSetting, match="not reported"):
        change_setting(settings, "grace_hours", "24", started=True)
    assert change_setting(settings, "grace_hours", "0", started=True) == settings


async def test_issue33_gm_settings_set_refuses_grace_in_a_kriegsplomacy_lobby(service):
    lobby = await service.lobby.create_game(
        GUILD, 77, GM, "Fog", T0, GameSettings(variant=VariantName.KRIEGSPLOMACY)
    )
    with pytest.raises(InvalidSetting, match="not reported"):
        await service.gm.gm_change_setting(lobby.id, Caller(GM, GUILD), "grace_hours", "24", T0)
    assert (await service.lobby.game_settings(lobby.id)).schedule.grace_minutes == 0


async def test_issue33_a_kriegsplomacy_game_stored_with_a_grace_plays_at_the_deadline(service):
    """A game stored before the ruling with a grace: no grace is waited (nobody would
    learn who was late from the deadline moving)."""
    settings = GameSettings(
        variant=VariantName.KRIEGSPLOMACY, schedule=Schedule(grace_minutes=24 * 60)
    )
    info = await started_game(service, settings=settings)
    report = await Scheduler(service).tick(info.deadline_at)
    assert [r.phase.code for r in report.adjudicated] == [info.phase.code]


@pytest.mark.parametrize("variant", HIDING)
def test_issue33_excused_misses_are_refused_too_where_lateness_is_not_told(variant):
    """An excused miss moves everyone's deadline by the schedule, which tells them as
    plainly as a grace that someone missed it: refused alike, for the same reason."""
    with pytest.raises(InvalidSetting, match="not reported"):
        change_setting(GameSettings(variant=VariantName(variant)), "excuses", "1", started=False)
    assert change_setting(GameSettings(), "excuses", "1", started=False).schedule.excuses == 1
