"""Hidden-information games in the service (issue 12)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase, Unit
from adjudication.model.variant import Disclosure
from adjudication.variants import KRIEGSPLOMACY
from bot.service.kernel import (
    Caller,
    GameSettings,
    NotAllowed,
    VariantName,
    WrongState,
    submission_echo,
)
from tests.conftest import T0
from tests.service.conftest import GUILD, force_position, owner, started_game


def test_rules004_kriegsplomacy_if_a_country_goes_nmr_that_is_not_reported() -> None:
    # "If a country goes NMR, that is NOT reported": late powers, spent excuses and who
    # has ordered are told to the GM and the player concerned only (QUEUE.md).
    assert KRIEGSPLOMACY.lateness_told is Disclosure.GM_AND_PLAYER


# --- what a player is told of their own orders (issue 12: "autocomplete, echoes,
# previews and error messages never reveal a hidden unit") --------------------------

KRIEG = GameSettings(variant=VariantName.KRIEGSPLOMACY)


async def _kriegsplomacy(service) -> tuple[object, int]:
    info = await started_game(service, settings=KRIEG)
    return info, owner(info, "FRANCE")


def _units(*specs: str) -> list[Unit]:
    return [Unit.parse(spec.split()[0], " ".join(spec.split()[1:])) for spec in specs]


async def _echo(service, info, user: int, position: Position, line: str) -> str:
    await force_position(service, info.id, position)
    await service.orders.clear_orders(Caller(user, GUILD), T0, info.id)
    return submission_echo(await service.orders.submit_orders(Caller(user, GUILD), line, T0), "G")


@pytest.mark.parametrize(
    "line",
    ["A Par S A Bur", "A Par S F Bur", "A Par S Bur", "A Par S Bur H", "A Par S A Bur - Gas"],
)
async def test_rules004_supporting_a_hidden_unit_reads_the_same_as_supporting_an_empty_space(
    service, line: str
) -> None:
    # "you don't know where (or what) anybody else's units are": the echo of a support
    # of Burgundy never says whether a German army stands there (nor corrects its kind).
    info, france = await _kriegsplomacy(service)
    start = service.history.record_position(await service.history.phase_record(info.id, "W1900A"))
    own = _units("FRANCE A PAR", "FRANCE A MAR", "FRANCE F BRE")
    empty = Position(Phase.parse("S1901M"), own, start.ownership, variant=start.variant)
    held = Position(
        empty.phase, [*own, *_units("GERMANY A BUR")], start.ownership, variant=start.variant
    )
    assert await _echo(service, info, france, held, line) == await _echo(
        service, info, france, empty, line
    )


async def test_rules004_a_retreat_is_never_refused_with_the_true_options(service) -> None:
    # "when a unit of yours is dislodged ... and whether the subsequent retreat was
    # successful" (not from where): refusing A Bur R Mun or R Pic would tell France
    # the attacker came from Munich and that Picardy is held.
    info, france = await _kriegsplomacy(service)
    start = service.history.record_position(await service.history.phase_record(info.id, "W1900A"))
    bur = _units("FRANCE A BUR")[0]
    retreat = Position(
        Phase.parse("F1901R"),
        _units("FRANCE A PAR", "GERMANY A BUR", "ENGLAND A PIC"),
        start.ownership,
        [
            Dislodgement(bur, "MUN", (Location("GAS"), Location("MAR"), Location("BEL"))),
            Dislodgement(_units("GERMANY A HOL")[0], "BEL", (Location("KIE"),)),  # still owed
        ],
        variant=start.variant,
    )
    for line in ("A Bur R Mun", "A Bur R Pic", "A Bur R Gas"):
        echo = await _echo(service, info, france, retreat, line)
        assert "✅" in echo and "rejected" not in echo, echo
    refused = await _echo(service, info, france, retreat, "A Bur R Lon")
    assert "Gascony" not in refused or "Picardy" in refused, refused


# --- export (QUEUE.md: "the GM at any time, players after the end ... per view in
# hidden-information games") -------------------------------------------------------


async def test_rules004_export_is_the_gms_whole_record_and_a_players_own_view_after_the_end(
    service,
) -> None:
    import random

    from bot.service.records import GameLookups, view_export_lines
    from tests.service.conftest import GM
    from tests.service.game_player import play_to_the_end

    info, france = await _kriegsplomacy(service)
    await play_to_the_end(service, info.id, random.Random(3), max_phases=3)
    lookups = GameLookups(service)
    info = await service.lobby.game_info(info.id)
    assert await view_export_lines(lookups, info, Caller(GM, GUILD)) is None  # the whole
    with pytest.raises(WrongState, match="after the game ends"):
        await view_export_lines(lookups, info, Caller(france, GUILD))
    with pytest.raises(NotAllowed):
        await view_export_lines(lookups, info, Caller(999, GUILD))
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), T0 + timedelta(days=30))
    info = await service.lobby.game_info(info.id)
    lines = await view_export_lines(lookups, info, Caller(france, GUILD))
    assert [line["phase"] for line in lines] == ["W1900A", "S1901M", "F1901M"]
    for line in lines:  # France's view of each phase: its own units and no other's
        assert line["power"] == "FRANCE"
        assert set(line["view"]["position"]["units"]) <= {"FRANCE"}
        assert "GERMANY" not in line["report"] or "???" in line["report"]
    whole = await service.history.export_lines(info.id)
    assert any("GERMANY" in json.dumps(w) for w in whole)
