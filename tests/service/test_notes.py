"""Issue 31, private notes: `/notes add|show|clear` per game and player, plain text,
kept with the game, read by their writer alone (never another player, the GM or a
spectator), up to a cap a player (NOTES_CAP characters); a note past it is refused
and changes nothing. Who may write: a player of the game, a current or former holder
of a power (a player replaced keeps their notes). `/game export` carries them in the
writer's own export after the end, never in anyone else's."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.app import Scheduler
from bot.service.kernel import Caller, InvalidSetting, NotAllowed, NotFound, WrongState
from bot.service.records import NOTES_CAP, GameLookups, notes_export, notes_text
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, owner, started_game

SPECTATOR = 4242  # a member of the server who takes no part in the game


async def test_issue31_notes_are_read_by_their_writer_alone(service):
    info = await started_game(service)
    france = Caller(owner(info, "FRANCE"), GUILD)
    england = Caller(owner(info, "ENGLAND"), GUILD)
    saved = await service.notes.add_note(info.id, france, "England promised Belgium.", T0)
    assert (saved.used, saved.cap, len(saved.entries)) == (25, NOTES_CAP, 1)
    shown = await service.notes.read_notes(info.id, france)
    assert [n.text for n in shown.entries] == ["England promised Belgium."]
    assert shown.entries[0].phase == "S1901M"
    # Another player reads only their own notes: none.
    assert (await service.notes.read_notes(info.id, england)).entries == ()
    await service.notes.add_note(info.id, england, "Watch France.", T0)
    assert [n.text for n in (await service.notes.read_notes(info.id, england)).entries] == [
        "Watch France."
    ]
    # The GM and a spectator play no power: they keep no notes, and read none.
    for outsider in (
        Caller(GM, GUILD),
        Caller(GM, GUILD, server_gm=True),
        Caller(SPECTATOR, GUILD),
    ):
        with pytest.raises(NotAllowed, match="play or played a power"):
            await service.notes.read_notes(info.id, outsider)
        with pytest.raises(NotAllowed):
            await service.notes.add_note(info.id, outsider, "peek", T0)
    # From a DM, someone who takes no part does not even find the game.
    with pytest.raises(NotFound):
        await service.notes.read_notes(info.id, Caller(SPECTATOR))
    # From another server, neither does a player of it.
    with pytest.raises(NotFound):
        await service.notes.read_notes(info.id, Caller(france.user_id, GUILD + 1))
    # In a DM the writer reads them.
    mine = await service.notes.read_notes(info.id, Caller(france.user_id))
    assert [n.text for n in mine.entries] == ["England promised Belgium."]


async def test_issue31_notes_past_the_cap_are_refused_and_change_nothing(service):
    info = await started_game(service)
    italy = Caller(owner(info, "ITALY"), GUILD)
    await service.notes.add_note(info.id, italy, "x" * (NOTES_CAP - 10), T0)
    with pytest.raises(InvalidSetting, match=f"{NOTES_CAP:,}") as refused:
        await service.notes.add_note(info.id, italy, "y" * 11, T0)
    assert "11 characters" in refused.value.message and "1 too many" in refused.value.message
    assert "/notes clear" in refused.value.message  # what to do next
    kept = await service.notes.read_notes(info.id, italy)
    assert (kept.used, len(kept.entries)) == (NOTES_CAP - 10, 1)
    # Exactly up to the cap fits.
    full = await service.notes.add_note(info.id, italy, "z" * 10, T0)
    assert full.used == NOTES_CAP


async def test_issue31_an_empty_note_is_refused_and_text_is_kept_clean(service):
    info = await started_game(service)
    russia = Caller(owner(info, "RUSSIA"), GUILD)
    for blank in ("", "   ", "\x00\x01"):
        with pytest.raises(InvalidSetting, match="needs some text"):
            await service.notes.add_note(info.id, russia, blank, T0)
    assert (await service.notes.read_notes(info.id, russia)).entries == ()
    # PostgreSQL refuses NUL in text: it is dropped, the rest kept as written.
    saved = await service.notes.add_note(info.id, russia, "  Turkey\x00 lies  ", T0)
    assert [n.text for n in saved.entries] == ["Turkey lies"]


async def test_issue31_no_notes_before_the_powers_are_given_out(service):
    game = await service.lobby.create_game(GUILD, 10, GM, "Lobby game", T0, None, seed=1)
    await service.lobby.join(game.id, Caller(PLAYERS[0], GUILD), T0)
    with pytest.raises(WrongState, match="has not started"):
        await service.notes.add_note(game.id, Caller(PLAYERS[0], GUILD), "hello", T0)


async def test_issue31_a_player_replaced_keeps_their_notes_and_may_still_write(service):
    info = await started_game(service)
    old = Caller(owner(info, "FRANCE"), GUILD)
    await service.notes.add_note(info.id, old, "Before I leave.", T0)
    later = T0 + timedelta(hours=1)
    await service.gm.gm_replace_player(info.id, Caller(GM, GUILD), "FRANCE", 9999, later)
    new = Caller(9999, GUILD)
    assert (await service.notes.read_notes(info.id, new)).entries == ()  # not the old notes
    kept = await service.notes.add_note(info.id, old, "Replaced.", later)
    assert [n.text for n in kept.entries] == ["Before I leave.", "Replaced."]
    await service.notes.add_note(info.id, new, "Taking over France.", later)
    assert [n.text for n in (await service.notes.read_notes(info.id, old)).entries] == [
        "Before I leave.",
        "Replaced.",
    ]


async def test_issue31_a_player_who_resigned_still_holds_a_power_in_the_record(service):
    info = await started_game(service)
    await Scheduler(service).tick(info.deadline_at)  # Spring 1901 played: the record grows
    germany = Caller(owner(info, "GERMANY"), GUILD)
    await service.gm.choose_civil_disorder(info.id, germany, "GERMANY", info.deadline_at)
    saved = await service.notes.add_note(info.id, germany, "Gave up.", info.deadline_at)
    assert saved.entries[0].phase == "F1901M"


async def test_issue31_clear_empties_only_the_callers_notes_and_gives_them_back(service):
    info = await started_game(service)
    austria = Caller(owner(info, "AUSTRIA"), GUILD)
    turkey = Caller(owner(info, "TURKEY"), GUILD)
    await service.notes.add_note(info.id, austria, "one", T0)
    await service.notes.add_note(info.id, austria, "two", T0 + timedelta(minutes=1))
    await service.notes.add_note(info.id, turkey, "mine", T0)
    cleared = await service.notes.clear_notes(info.id, austria)
    assert [n.text for n in cleared.entries] == ["one", "two"]
    assert (await service.notes.read_notes(info.id, austria)).entries == ()
    assert [n.text for n in (await service.notes.read_notes(info.id, turkey)).entries] == ["mine"]
    # The cap counts what is kept: after a clear, the whole cap is free again.
    assert (await service.notes.add_note(info.id, austria, "a" * NOTES_CAP, T0)).used == NOTES_CAP


async def test_issue31_notes_are_exported_only_in_the_writers_own_export_after_the_end(service):
    info = await started_game(service)
    france = Caller(owner(info, "FRANCE"), GUILD)
    england = Caller(owner(info, "ENGLAND"), GUILD)
    await service.notes.add_note(info.id, france, "Secret plan: Munich.", T0)
    await Scheduler(service).tick(info.deadline_at)  # Spring 1901 played
    lookups = GameLookups(service)
    running = await service.lobby.game_info(info.id)
    # The GM exports at any time, a player's notes never with it, and not before the end.
    for caller in (Caller(GM, GUILD), france):
        assert await notes_export(lookups, running, caller) is None
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), info.deadline_at, draw=True)
    ended = await service.lobby.game_info(info.id)
    mine = await notes_export(lookups, ended, france)
    assert mine is not None and "Secret plan: Munich." in mine
    assert mine == notes_text(await service.notes.read_notes(info.id, france))
    # Anyone else's export after the end: no file of notes, and never France's.
    for caller in (england, Caller(GM, GUILD), Caller(GM, GUILD, server_gm=True)):
        assert await notes_export(lookups, ended, caller) is None
    await service.notes.add_note(info.id, england, "Post-mortem.", info.deadline_at)
    theirs = await notes_export(lookups, ended, england)
    assert theirs is not None and "Munich" not in theirs and "Post-mortem." in theirs
