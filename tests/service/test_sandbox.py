"""Issue 31: a sandbox from any position. `/sandbox new` opens a private board for the
one who asks, from the standard opening or from a phase of a game they may see; they
order for every power, adjudicate at will, step back a phase and get the map each
time. It never touches the real game. QUEUE.md: "Sandbox of a hidden game: only the
asker's own view while the game runs; the whole board after its end.\""""

from __future__ import annotations

import io
from datetime import timedelta

import pytest
from PIL import Image

from adjudication.model.position import Dislodgement, Position
from adjudication.model.units import Location, Phase, Unit, UnitType
from adjudication.variants import STANDARD_GAME
from bot.service import open_service
from bot.service.app import Scheduler
from bot.service.kernel import (
    Caller,
    GameSettings,
    InvalidSetting,
    NotAllowed,
    NotFound,
    UserError,
    VariantName,
    WrongState,
)
from bot.service.sandbox import DEFAULT_CAP, UNUSED_DAYS
from tests.conftest import T0
from tests.service.conftest import (
    GM,
    GUILD,
    PLAYERS,
    force_position,
    outbox,
    owner,
    started_game,
)

ALICE = 5001  # no part in any game
OTHER_GUILD = 2


def _png(data: bytes) -> Image.Image:
    """The PNG decoded, all of it: real image bytes, not a placeholder."""
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    image.load()
    assert image.width > 100 and image.height > 100
    return image


def _unit(power: str, kind: str, where: str) -> Unit:
    return Unit(power, UnitType(kind), Location(where))


async def _play_phase_at_deadline(service, game_id: int) -> None:
    info = await service.lobby.game_info(game_id)
    await Scheduler(service).tick(info.deadline_at)


async def _listed(service, user: int, now) -> tuple[int, ...]:
    return tuple(s.id for s in (await service.sandbox.sandboxes(Caller(user), now)).items)


# --- from the standard opening: orders for every power, adjudicate, a PNG ----------


async def test_issue31_a_sandbox_from_the_standard_opening_holds_every_power(service) -> None:
    made = await service.sandbox.new_sandbox(Caller(ALICE), T0)
    assert made.position == Position.initial(STANDARD_GAME)
    assert made.position.phase == Phase.parse("S1901M")
    assert {u.power for u in made.position.units} == set(STANDARD_GAME.board.powers)
    assert "standard opening" in made.text and "/sandbox orders" in made.text
    _png(made.png)


async def test_issue31_orders_for_every_power_with_a_prefix_or_power_then_adjudicated(
    service,
) -> None:
    box = await service.sandbox.new_sandbox(Caller(ALICE), T0)
    sent = await service.sandbox.sandbox_orders(
        Caller(ALICE),
        "France: A Par - Bur, A Mar - Spa; Germany: A Mun - Ruh\nF Lon - Eng",
        T0,
        box.id,
    )
    # A line with no prefix is read for the power whose unit it names (England's fleet).
    assert {str(o) for o in sent.orders} == {
        "A PAR - BUR",
        "A MAR - SPA",
        "A MUN - RUH",
        "F LON - ENG",
    }
    assert {o.unit.power for o in sent.orders} == {"FRANCE", "GERMANY", "ENGLAND"}
    _png(sent.png)
    italy = await service.sandbox.sandbox_orders(Caller(ALICE), "A Ven - Tyr", T0, power="ITALY")
    assert "A VEN - TYR" in {str(o) for o in italy.orders} and len(italy.orders) == 5

    played = await service.sandbox.adjudicate_sandbox(Caller(ALICE), T0, box.id)
    after = played.position
    assert after.phase == Phase.parse("F1901M")
    for unit in ("FRANCE A BUR", "FRANCE A SPA", "GERMANY A RUH", "ENGLAND F ENG", "ITALY A TYR"):
        power, kind, where = unit.split()
        assert after.unit_in(where) == _unit(power, kind, where)
    assert played.orders == ()  # the new phase starts with no orders
    assert played.report is not None and "moved" in played.report
    assert "Fall 1901" in played.text
    _png(played.png)


async def test_issue31_a_line_naming_no_power_and_no_unit_is_refused_with_what_to_do(
    service,
) -> None:
    box = await service.sandbox.new_sandbox(Caller(ALICE), T0)
    sent = await service.sandbox.sandbox_orders(Caller(ALICE), "A Bur - Mun", T0, box.id)
    assert sent.orders == ()
    assert "France: A Par - Bur" in sent.text  # says how to name the power
    given = await service.sandbox.sandbox_orders(Caller(ALICE), "France: A Par H", T0, box.id)
    with pytest.raises(InvalidSetting, match=r"no power Narnia\. Use one of Austria"):
        await service.sandbox.sandbox_orders(Caller(ALICE), "A Par - Bur", T0, power="Narnia")
    back = await service.sandbox.sandbox_orders(Caller(ALICE), "# nothing", T0, box.id)
    assert back.orders == given.orders  # nothing changed


async def test_issue31_step_back_returns_to_the_phase_before_with_its_orders(service) -> None:
    box = await service.sandbox.new_sandbox(Caller(ALICE), T0)
    with pytest.raises(WrongState, match="first phase"):
        await service.sandbox.step_back(Caller(ALICE), T0, box.id)
    await service.sandbox.sandbox_orders(Caller(ALICE), "France: A Par - Bur", T0, box.id)
    await service.sandbox.adjudicate_sandbox(Caller(ALICE), T0, box.id)
    back = await service.sandbox.step_back(Caller(ALICE), T0, box.id)
    assert back.position == Position.initial(STANDARD_GAME)
    assert tuple(str(o) for o in back.orders) == ("A PAR - BUR",)
    assert "Spring 1901" in back.text
    _png(back.png)
    # Played again with another order: the branch is replaced.
    await service.sandbox.sandbox_orders(Caller(ALICE), "France: A Par - Pic", T0, box.id)
    again = await service.sandbox.adjudicate_sandbox(Caller(ALICE), T0, box.id)
    assert again.position.unit_in("PIC") == _unit("FRANCE", "A", "PIC")
    assert again.position.unit_in("BUR") is None


# --- from a game: who may, and what they see ------------------------------------------


async def test_issue31_a_player_starts_from_a_past_phase_of_their_own_game(service) -> None:
    info = await started_game(service)
    france = owner(info, "FRANCE")
    await service.orders.submit_orders(Caller(france, GUILD), "A Par - Bur", T0)
    await _play_phase_at_deadline(service, info.id)
    spring = service.history.record_position(await service.history.phase_record(info.id, "S1901M"))
    now = await service.history.current_position(info.id)
    past = await service.sandbox.new_sandbox(Caller(france), T0, info.id, "S1901M")
    assert past.position == spring
    current = await service.sandbox.new_sandbox(Caller(france, GUILD), T0, info.id)
    assert current.position == now and now.unit_in("BUR") is not None
    assert "Test game" in current.text and "Fall 1901" in current.text


async def test_issue31_a_sandbox_of_a_game_you_cannot_see_is_refused_and_changes_nothing(
    service,
) -> None:
    info = await started_game(service)
    with pytest.raises(NotFound, match=f"no game number {info.id}"):  # another server's
        await service.sandbox.new_sandbox(Caller(ALICE, OTHER_GUILD), T0, info.id)
    with pytest.raises(NotFound, match=f"no game number {info.id}"):  # a DM, no part in it
        await service.sandbox.new_sandbox(Caller(ALICE), T0, info.id)
    with pytest.raises(NotAllowed, match="still being played"):  # the server's, not theirs
        await service.sandbox.new_sandbox(Caller(ALICE, GUILD), T0, info.id)
    with pytest.raises(NotFound, match="No phase F1999M"):
        await service.sandbox.new_sandbox(Caller(GM, GUILD), T0, info.id, "F1999M")
    with pytest.raises(NotFound, match="no game number 999"):
        await service.sandbox.new_sandbox(Caller(ALICE, GUILD), T0, 999)
    for user in (ALICE, GM):
        assert await _listed(service, user, T0) == ()
    lobby = await service.lobby.create_game(GUILD, 77, GM, "Lobby", T0)
    with pytest.raises(WrongState, match="not started"):
        await service.sandbox.new_sandbox(Caller(GM, GUILD), T0, lobby.id)


async def test_issue31_the_gm_may_start_from_any_phase_of_their_game(service) -> None:
    info = await started_game(service)
    made = await service.sandbox.new_sandbox(Caller(GM, GUILD), T0, info.id, "S1901M")
    assert made.position == await service.history.current_position(info.id)


async def test_issue31_anyone_who_sees_a_finished_game_may_start_from_it(service) -> None:
    info = await started_game(service)
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), T0 + timedelta(hours=1))
    made = await service.sandbox.new_sandbox(Caller(ALICE, GUILD), T0, info.id, "S1901M")
    assert len(made.position.units) == 22


KRIEG = GameSettings(variant=VariantName.KRIEGSPLOMACY)


async def _krieg_spring(service):
    """A Kriegsplomacy game in Spring 1901: France and Germany built in Winter 1900
    ("The game starts in Winter 1900. Each country owns its home supply centers and has
    NO units")."""
    info = await started_game(service, settings=KRIEG)
    builds = {"FRANCE": "Build A Par\nBuild A Mar\nBuild F Bre", "GERMANY": "Build A Mun"}
    for power, text in builds.items():
        await service.orders.submit_orders(Caller(owner(info, power), GUILD), text, T0)
    await _play_phase_at_deadline(service, info.id)  # Winter 1900 → Spring 1901
    return info, owner(info, "FRANCE")


async def test_issue31_a_kriegsplomacy_sandbox_holds_only_the_players_own_view(service) -> None:
    info, france = await _krieg_spring(service)
    real = await service.history.current_position(info.id)
    assert real.phase == Phase.parse("S1901M")
    assert real.unit_in("MUN") == _unit("GERMANY", "A", "MUN")
    made = {}
    for asked in (None, "S1901M", "W1900A"):
        made[asked] = mine = await service.sandbox.new_sandbox(Caller(france), T0, info.id, asked)
        # Nothing France could not see: its own units and centres alone.
        assert {u.power for u in mine.position.units} <= {"FRANCE"}, asked
        assert mine.position.unit_in("MUN") is None
        assert set(mine.position.ownership.values()) == {"FRANCE"}
        assert "France's view" in mine.text
        _png(mine.png)
        if asked != "W1900A":
            assert mine.position.unit_in("PAR") == _unit("FRANCE", "A", "PAR")
    # The GM sees the whole board of the running game.
    whole = await service.sandbox.new_sandbox(Caller(GM, GUILD), T0, info.id)
    assert whole.position == real
    # The sandbox is played by the variant's rules, from the view.
    box = made[None].id
    await service.sandbox.sandbox_orders(Caller(france), "France: A Par - Bur", T0, box)
    played = await service.sandbox.adjudicate_sandbox(Caller(france), T0, box)
    assert played.position.unit_in("BUR") == _unit("FRANCE", "A", "BUR")


async def test_issue31_a_kriegsplomacy_sandbox_shows_the_whole_board_after_the_end(
    service,
) -> None:
    info, france = await _krieg_spring(service)
    real = await service.history.current_position(info.id)
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), T0 + timedelta(days=3))
    made = await service.sandbox.new_sandbox(Caller(france), T0, info.id, "S1901M")
    assert made.position.unit_in("MUN") == _unit("GERMANY", "A", "MUN")
    assert made.position == real
    assert "whole board" in made.text


async def test_issue31_a_retreat_phase_kept_from_the_player_is_not_their_sandbox(service) -> None:
    # K14: a retreat phase is told only to the powers that retreat. France, with nothing
    # to retreat, starts from the phase still in play for it, never from the retreat
    # phase, and never sees Germany's dislodged army.
    info, france = await _krieg_spring(service)
    real = await service.history.current_position(info.id)
    german = _unit("GERMANY", "A", "MUN")
    kept = Position(
        Phase.parse("S1901R"),
        [u for u in real.units if u != german],
        real.ownership,
        [Dislodgement(german, "BOH", (Location("RUH"), Location("KIE")))],
        variant=real.variant,
    )
    await force_position(service, info.id, kept)
    for asked in (None, "S1901R"):
        made = await service.sandbox.new_sandbox(Caller(france), T0, info.id, asked)
        assert made.position.phase != kept.phase, asked
        assert not made.position.dislodged and made.position.unit_in("MUN") is None
        assert "Retreat" not in made.text
    gm = await service.sandbox.new_sandbox(Caller(GM, GUILD), T0, info.id)
    assert gm.position == kept


async def test_issue31_a_dislodged_unit_of_a_view_retreats_only_where_the_view_is_empty(
    service,
) -> None:
    # France's view offers its dislodged army every place it could reach (D1: the true
    # options would tell where the attacker came from); in the sandbox it may retreat
    # to any of them that its view shows empty, never onto a unit of the sandbox.
    info, france = await _krieg_spring(service)
    real = await service.history.current_position(info.id)
    bur = _unit("FRANCE", "A", "BUR")
    units = [u for u in real.units if u.location.province not in ("PAR", "MUN")]
    retreat = Position(
        Phase.parse("S1901R"),
        [*units, _unit("GERMANY", "A", "BUR"), _unit("FRANCE", "A", "PAR")],
        real.ownership,
        [Dislodgement(bur, "MUN", (Location("GAS"), Location("PIC")))],
        variant=real.variant,
    )
    await force_position(service, info.id, retreat)
    made = await service.sandbox.new_sandbox(Caller(france), T0, info.id)
    assert made.position.phase == retreat.phase
    (offered,) = made.position.dislodged
    assert offered.unit == bur and Location("MUN") in offered.retreats
    assert Location("PAR") not in offered.retreats and Location("MAR") not in offered.retreats
    assert "???" not in {p.province for p in offered.retreats}
    refused = await service.sandbox.sandbox_orders(Caller(france), "A Bur - Par", T0, made.id)
    assert refused.orders == ()
    await service.sandbox.sandbox_orders(Caller(france), "A Bur - Mun", T0, made.id)
    played = await service.sandbox.adjudicate_sandbox(Caller(france), T0, made.id)
    assert played.position.unit_in("MUN") == bur.at(Location("MUN"))


async def test_issue31_a_spy_sandbox_holds_the_players_own_spy_alone(service) -> None:
    # Spy Diplomacy: "Only the owner of a spy knows where it is"; the units are public.
    info = await started_game(service, settings=GameSettings(variant=VariantName.SPY))
    france = owner(info, "FRANCE")
    await _play_phase_at_deadline(service, info.id)  # the spies, drawn where not chosen
    real = await service.history.current_position(info.id)
    assert len(real.spies) == 7
    mine = await service.sandbox.new_sandbox(Caller(france), T0, info.id)
    assert [s.power for s in mine.position.spies] == ["FRANCE"]
    assert mine.position.units == real.units and "France's view" in mine.text
    whole = await service.sandbox.new_sandbox(Caller(GM, GUILD), T0, info.id)
    assert whole.position == real


# --- the real game untouched; never in anyone's record --------------------------------


async def _game_record(service, game_id: int):
    records = await service.history.phase_records(game_id)
    info = await service.lobby.game_info(game_id)
    return records, info, await outbox(service)


async def test_issue31_the_real_game_is_untouched(service) -> None:
    info = await started_game(service)
    france = owner(info, "FRANCE")
    await service.orders.submit_orders(Caller(france, GUILD), "A Par - Bur", T0)
    before = await _game_record(service, info.id)
    box = await service.sandbox.new_sandbox(Caller(france), T0, info.id)
    await service.sandbox.sandbox_orders(
        Caller(france), "France: A Par - Pic, Germany: A Mun - Bur", T0, box.id
    )
    await service.sandbox.adjudicate_sandbox(Caller(france), T0, box.id)
    await service.sandbox.step_back(Caller(france), T0, box.id)
    await service.sandbox.adjudicate_sandbox(Caller(france), T0, box.id)
    await service.sandbox.delete_sandbox(Caller(france), T0, box.id)
    assert await _game_record(service, info.id) == before


# --- cheap: a cap per user, deleted after 30 days unused, listed and deleted ---------


async def test_issue31_a_user_keeps_at_most_the_operators_cap(migrated_db_url) -> None:
    service = await open_service(migrated_db_url, sandbox_cap=2)
    try:
        first = await service.sandbox.new_sandbox(Caller(ALICE), T0)
        await service.sandbox.new_sandbox(Caller(ALICE), T0)
        with pytest.raises(UserError, match="2 sandboxes") as refused:
            await service.sandbox.new_sandbox(Caller(ALICE), T0)
        assert "/sandbox delete" in refused.value.message
        assert len(await _listed(service, ALICE, T0)) == 2  # nothing made
        await service.sandbox.new_sandbox(Caller(PLAYERS[0]), T0)  # the cap is per user
        await service.sandbox.delete_sandbox(Caller(ALICE), T0, first.id)
        await service.sandbox.new_sandbox(Caller(ALICE), T0)
        assert len(await _listed(service, ALICE, T0)) == 2
    finally:
        await service.store.db.dispose()


def test_issue31_five_sandboxes_by_default_and_thirty_days() -> None:
    from bot.settings import Settings

    assert DEFAULT_CAP == 5 and UNUSED_DAYS == 30
    assert Settings(_env_file=None).sandbox_cap == 5
    assert Settings(_env_file=None, SANDBOX_CAP="3").sandbox_cap == 3


async def test_issue31_list_and_delete_only_ones_own(service) -> None:
    mine = await service.sandbox.new_sandbox(Caller(ALICE), T0)
    theirs = await service.sandbox.new_sandbox(Caller(PLAYERS[0]), T0)
    listed = await service.sandbox.sandboxes(Caller(ALICE), T0)
    assert [s.id for s in listed.items] == [mine.id]
    assert f"Sandbox {mine.id}" in listed.text and "Spring 1901" in listed.text
    for act in (
        service.sandbox.delete_sandbox(Caller(ALICE), T0, theirs.id),
        service.sandbox.sandbox_orders(Caller(ALICE), "France: A Par H", T0, theirs.id),
        service.sandbox.adjudicate_sandbox(Caller(ALICE), T0, theirs.id),
    ):
        with pytest.raises(NotFound, match=f"no sandbox {theirs.id}"):
            await act
    assert await _listed(service, PLAYERS[0], T0) == (theirs.id,)
    said = await service.sandbox.delete_sandbox(Caller(ALICE), T0, mine.id)
    assert f"Sandbox {mine.id}" in said and "deleted" in said
    assert await _listed(service, ALICE, T0) == ()
    empty = await service.sandbox.sandboxes(Caller(ALICE), T0)
    assert "/sandbox new" in empty.text


async def test_issue31_a_sandbox_unused_for_30_days_is_deleted_by_the_scheduler(
    service,
) -> None:
    old = await service.sandbox.new_sandbox(Caller(ALICE), T0)
    used = await service.sandbox.new_sandbox(Caller(ALICE), T0)
    later = T0 + timedelta(days=10)
    await service.sandbox.sandbox_orders(Caller(ALICE), "France: A Par - Bur", later, used.id)
    await Scheduler(service).tick(T0 + timedelta(days=UNUSED_DAYS) - timedelta(seconds=1))
    assert await _listed(service, ALICE, T0 + timedelta(days=29)) == (old.id, used.id)
    expiry = T0 + timedelta(days=UNUSED_DAYS)
    await Scheduler(service).tick(expiry)
    assert await _listed(service, ALICE, later) == (used.id,)  # gone, not only hidden
    with pytest.raises(NotFound):
        await service.sandbox.adjudicate_sandbox(Caller(ALICE), expiry, old.id)
    await Scheduler(service).tick(later + timedelta(days=UNUSED_DAYS))
    assert await _listed(service, ALICE, later) == ()


# --- words that fit ------------------------------------------------------------------


async def test_issue31_every_reply_fits_a_discord_message_whatever_was_typed(service) -> None:
    box = await service.sandbox.new_sandbox(Caller(ALICE), T0)
    flood = "\n".join(f"France: A Par - Xyzzy{i} " + "x" * 250 for i in range(150))
    sent = await service.sandbox.sandbox_orders(Caller(ALICE), flood, T0, box.id)
    assert len(sent.text) <= 2000 and sent.orders == ()
    for _ in range(3):
        await service.sandbox.new_sandbox(Caller(ALICE), T0)
    assert len((await service.sandbox.sandboxes(Caller(ALICE), T0)).text) <= 2000
