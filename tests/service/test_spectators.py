"""Issue 31's spectators, through the service on both databases, written from the
issue's sentences:

- "`/game watch` lets a member follow a game: in the standard game and its public
  variants it adds them to nothing secret ... but sends them the results DM a player
  would get without the private parts" (QUEUE.md: "watching asks nothing of the GM; the
  DM a spectator gets is the channel's results ..., never a player's private results");
- "In Kriegsplomacy and Spy, watching needs the GM's approval; an approved spectator
  sees the whole board from the GM's view, by DM, one phase behind or at once as the GM
  chooses. A member who has watched a hidden-information game can never be given a
  power in it (join, standby, replacement all refuse, saying why). Spectators never
  enter private threads."
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.events import EventKind
from bot.service.events import payloads as ev
from bot.service.kernel import Caller, GameSettings, NotAllowed, NotFound, VariantName, WrongState
from bot.service.spectators import Answer
from storage.enums import AuditAction
from tests.conftest import T0
from tests.service.conftest import GM, GUILD, PLAYERS, outbox, owner, started_game

WATCHER = 3001  # a member of the server who plays in no game
OTHER = 3002
KRIEG = GameSettings(variant=VariantName.KRIEGSPLOMACY)
SPY = GameSettings(variant=VariantName.SPY)


async def _play(service, game_id: int, minutes: int) -> None:
    """The GM plays the phase in play now (orders or none)."""
    await service.gm.gm_adjudicate_now(game_id, Caller(GM, GUILD), T0 + timedelta(minutes=minutes))


def _to(events, user_id: int) -> list:
    return [e for e in events if e.user_id == user_id]


async def _boards(service, user_id: int = WATCHER) -> list:
    """The GM's boards queued for a spectator so far."""
    return [e for e in _to(await outbox(service), user_id) if e.kind is EventKind.WATCHED_BOARD]


async def _phase_ids(service, game_id: int) -> dict[str, int]:
    return {r.phase.code: r.id for r in await service.history.phase_records(game_id)}


# --- who may watch ---------------------------------------------------------------------


async def test_issue31_a_player_of_the_game_cannot_watch_it_they_play_it(service) -> None:
    info = await started_game(service)
    france = owner(info, "FRANCE")
    with pytest.raises(NotAllowed, match="You play France in Test game") as refused:
        await service.spectators.watch(info.id, Caller(france, GUILD), T0)
    assert "your own results come by DM" in refused.value.message
    with pytest.raises(NotAllowed, match="You are the GM"):
        await service.spectators.watch(info.id, Caller(GM, GUILD), T0)
    # A member of another server does not even see the game.
    with pytest.raises(NotFound):
        await service.spectators.watch(info.id, Caller(WATCHER, GUILD + 1), T0)
    assert await service.spectators.spectators_of(info.id, Caller(GM, GUILD)) == ()


async def test_issue31_one_who_played_a_hidden_game_cannot_watch_its_whole_board(service) -> None:
    """A player replaced in a Kriegsplomacy game knew their own part only: seeing the
    whole board now, they could be handed a power back (a rollback to before the
    replacement) knowing what no player may know."""
    info = await started_game(service, settings=KRIEG)
    france = owner(info, "FRANCE")
    await service.gm.gm_replace_player(info.id, Caller(GM, GUILD), "FRANCE", OTHER, T0)
    with pytest.raises(NotAllowed, match="You played in Test game") as refused:
        await service.spectators.watch(info.id, Caller(france, GUILD), T0)
    assert "Kriegsplomacy" in refused.value.message
    assert await service.spectators.spectators_of(info.id, Caller(GM, GUILD)) == ()
    assert _to(await outbox(service), GM) == [
        e for e in _to(await outbox(service), GM) if e.kind is not EventKind.SPECTATING
    ]


async def test_issue31_a_lobby_player_cannot_watch_and_a_named_standby_neither(service) -> None:
    lobby = await service.lobby.create_game(GUILD, 11, GM, "Lobby", T0, KRIEG)
    await service.lobby.join(lobby.id, Caller(PLAYERS[0], GUILD), T0)
    with pytest.raises(NotAllowed, match="You play in Lobby"):
        await service.spectators.watch(lobby.id, Caller(PLAYERS[0], GUILD), T0)
    info = await started_game(service, settings=KRIEG)
    await service.gm.gm_call_standby(info.id, Caller(GM, GUILD), "FRANCE", OTHER, T0)
    with pytest.raises(NotAllowed, match="standby for France"):
        await service.spectators.watch(info.id, Caller(OTHER, GUILD), T0)


# --- a public game ---------------------------------------------------------------------


async def test_issue31_a_spectator_of_a_public_game_gets_the_channels_results_by_dm(
    service,
) -> None:
    info = await started_game(service)
    watching = await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0, "Wanda")
    assert watching.watching and not watching.asked  # asks nothing of the GM
    assert _to(await outbox(service), GM) == []
    assert await service.history.audit_log(info.id) == ()
    france = owner(info, "FRANCE")
    await service.orders.submit_orders(Caller(france, GUILD), "A Par - Bur", T0)
    await _play(service, info.id, 1)
    events = await outbox(service)
    channel = [e for e in events if e.kind is EventKind.RESULTS]
    mine = _to(events, WATCHER)
    assert [e.kind for e in mine] == [EventKind.WATCHED_RESULTS]
    # The channel's own post, word for word: the same phase, report and notices.
    assert mine[0].payload.model_dump() == channel[0].payload.model_dump()
    assert isinstance(mine[0].payload, ev.WatchedResults)
    # France's player gets their own news; the spectator none of a player's kinds.
    assert any(e.kind is EventKind.PHASE_NEWS for e in _to(events, france))
    listed = await service.spectators.spectators_of(info.id, Caller(GM, GUILD))
    assert [(s.user_id, s.name, s.watching) for s in listed] == [(WATCHER, "Wanda", True)]


async def test_issue31_unwatch_stops_it(service) -> None:
    info = await started_game(service)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await _play(service, info.id, 1)
    said = await service.spectators.unwatch(info.id, Caller(WATCHER, GUILD), T0)
    assert "no longer watch" in said
    before = len(_to(await outbox(service), WATCHER))
    await _play(service, info.id, 2)
    assert len(_to(await outbox(service), WATCHER)) == before == 1
    with pytest.raises(NotFound, match="You do not watch Test game"):
        await service.spectators.unwatch(info.id, Caller(WATCHER, GUILD), T0)
    # Watching again is one command away, and the results come again.
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await _play(service, info.id, 3)
    assert len(_to(await outbox(service), WATCHER)) == 2


async def test_issue31_unwatch_from_a_dm_where_the_messages_come(service) -> None:
    # In a DM the game is one the spectator takes no part in as a player: found by the
    # spectator's own watching, never any other game.
    first = await started_game(service)
    second = await started_game(service, channel=12)
    for game in (first, second):
        await service.spectators.watch(game.id, Caller(WATCHER, GUILD), T0)
    with pytest.raises(NotFound, match=f"say which with the `game` option [(]{first.id}, "):
        await service.spectators.unwatch(None, Caller(WATCHER), T0)
    said = await service.spectators.unwatch(second.id, Caller(WATCHER), T0)
    assert "no longer watch" in said
    assert "no longer watch" in await service.spectators.unwatch(None, Caller(WATCHER), T0)
    with pytest.raises(NotFound, match="You watch no game now"):
        await service.spectators.unwatch(None, Caller(WATCHER), T0)
    with pytest.raises(NotFound, match="There is no game number"):  # never watched it
        await service.spectators.unwatch(first.id, Caller(OTHER), T0)


async def test_issue31_the_gm_has_nothing_to_approve_in_a_public_game(service) -> None:
    info = await started_game(service)
    with pytest.raises(WrongState, match="anyone may watch"):
        await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.AT_ONCE, T0)


async def test_issue31_a_public_spectator_who_comes_to_play_gets_a_players_news_only(
    service,
) -> None:
    # Nothing secret was seen: a public game's spectator may take a power; from then on
    # their own results come as a player's, and the channel's copy no more.
    info = await started_game(service)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await service.gm.gm_replace_player(info.id, Caller(GM, GUILD), "FRANCE", WATCHER, T0)
    await _play(service, info.id, 1)
    kinds = [e.kind for e in _to(await outbox(service), WATCHER)]
    assert EventKind.PHASE_NEWS in kinds and EventKind.WATCHED_RESULTS not in kinds


# --- Kriegsplomacy and Spy: the GM's approval, the GM's view -------------------------


async def test_issue31_a_hidden_game_spectator_gets_nothing_before_the_gm_approves(
    service,
) -> None:
    info = await started_game(service, settings=KRIEG)
    watching = await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0, "Wanda")
    assert watching.asked and not watching.watching
    asked = [e for e in _to(await outbox(service), GM) if e.kind is EventKind.SPECTATING]
    assert [(e.payload.user, e.payload.answer) for e in asked] == [(WATCHER, "asked")]
    await _play(service, info.id, 1)  # Winter 1900
    await _play(service, info.id, 2)  # Spring 1901
    assert _to(await outbox(service), WATCHER) == []
    listed = await service.spectators.spectators_of(info.id, Caller(GM, GUILD))
    assert [(s.user_id, s.asked, s.watching) for s in listed] == [(WATCHER, True, False)]


async def test_issue31_then_the_gms_view_one_phase_behind(service) -> None:
    info = await started_game(service, settings=KRIEG)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await _play(service, info.id, 1)  # Winter 1900, before the approval
    with pytest.raises(NotAllowed, match="Only the GM"):
        await service.spectators.decide(
            info.id, Caller(owner(info, "FRANCE"), GUILD), WATCHER, Answer.AT_ONCE, T0
        )
    await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.BEHIND, T0)
    told = [e for e in _to(await outbox(service), WATCHER)]
    assert [(e.kind, e.payload.answer, e.payload.behind) for e in told] == [
        (EventKind.SPECTATING, "approved", True)
    ]
    audit = await service.history.audit_log(info.id)
    assert audit[-1] == (GM, AuditAction.SPECTATOR, {"user": WATCHER, "answer": "behind"})
    shown: list[str] = []
    for minutes, played, told_now in (
        (2, "S1901M", "W1900A"),  # after Spring, the Winter before it
        (3, "F1901M", "S1901M"),
    ):
        await _play(service, info.id, minutes)
        ids = await _phase_ids(service, info.id)
        boards = await _boards(service)
        shown = [e.payload.phase for e in boards]
        assert shown[-1] == told_now, (played, shown)
        assert boards[-1].payload.phase_id == ids[told_now] and boards[-1].payload.behind
        assert played not in shown  # never the phase just played
    assert shown == ["W1900A", "S1901M"]


async def test_issue31_or_at_once_as_the_gm_chooses(service) -> None:
    info = await started_game(service, settings=SPY)  # Spy asks the GM too
    watching = await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    assert watching.asked
    await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.AT_ONCE, T0)
    await _play(service, info.id, 1)
    boards = await _boards(service)
    assert [(e.payload.phase, e.payload.behind) for e in boards] == [("W1900A", False)]
    # The GM changes their mind: one phase behind from now on, nothing told twice.
    await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.BEHIND, T0)
    await _play(service, info.id, 2)
    await _play(service, info.id, 3)
    boards = await _boards(service)
    assert [e.payload.phase for e in boards] == ["W1900A", "S1901M"]


async def test_issue31_the_last_phases_are_told_when_the_game_ends(service) -> None:
    # One phase behind keeps nothing back once the game is over.
    info = await started_game(service, settings=KRIEG)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.BEHIND, T0)
    await _play(service, info.id, 1)
    await service.endings.gm_end_game(info.id, Caller(GM, GUILD), T0 + timedelta(minutes=2))
    boards = await _boards(service)
    assert [e.payload.phase for e in boards] == ["W1900A"]


async def test_issue31_a_rollback_tells_the_phases_played_again(service) -> None:
    info = await started_game(service, settings=KRIEG)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.AT_ONCE, T0)
    await _play(service, info.id, 1)  # W1900A
    await _play(service, info.id, 2)  # S1901M
    await service.gm.gm_rollback(info.id, Caller(GM, GUILD), "S1901M", T0 + timedelta(minutes=3))
    await _play(service, info.id, 4)  # S1901M again
    boards = await _boards(service)
    assert [e.payload.phase for e in boards] == ["W1900A", "S1901M", "S1901M"]
    assert boards[1].payload.phase_id != boards[2].payload.phase_id


async def test_issue31_refused_or_stopped_the_spectator_is_told_and_gets_nothing(
    service,
) -> None:
    info = await started_game(service, settings=KRIEG)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.REFUSE, T0)
    await service.spectators.watch(info.id, Caller(OTHER, GUILD), T0)
    await service.spectators.decide(info.id, Caller(GM, GUILD), OTHER, Answer.AT_ONCE, T0)
    await service.spectators.decide(info.id, Caller(GM, GUILD), OTHER, Answer.REFUSE, T0)
    await _play(service, info.id, 1)
    events = await outbox(service)
    assert [e.payload.answer for e in _to(events, WATCHER)] == ["refused"]
    assert [e.payload.answer for e in _to(events, OTHER)] == ["approved", "stopped"]
    with pytest.raises(NotFound, match="has not asked to watch"):
        await service.spectators.decide(info.id, Caller(GM, GUILD), 4444, Answer.AT_ONCE, T0)


async def test_issue31_a_withdrawn_request_is_not_answered(service) -> None:
    info = await started_game(service, settings=KRIEG)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    said = await service.spectators.unwatch(info.id, Caller(WATCHER, GUILD), T0)
    assert said.startswith("You withdrew your request to watch Test game")
    for answer in (Answer.AT_ONCE, Answer.REFUSE):
        with pytest.raises(NotFound, match="has not asked to watch"):
            await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, answer, T0)
    assert [e.payload.answer for e in _to(await outbox(service), WATCHER)] == []
    assert (await service.spectators.spectators_of(info.id, Caller(GM, GUILD)))[0].approved is False


async def test_issue31_the_gm_cannot_approve_a_player(service) -> None:
    lobby = await service.lobby.create_game(GUILD, 11, GM, "Lobby", T0, KRIEG)
    await service.spectators.watch(lobby.id, Caller(WATCHER, GUILD), T0)
    await service.lobby.join(lobby.id, Caller(WATCHER, GUILD), T0)  # never approved: may play
    with pytest.raises(NotAllowed, match="plays in Lobby"):
        await service.spectators.decide(lobby.id, Caller(GM, GUILD), WATCHER, Answer.AT_ONCE, T0)


# --- never given a power ---------------------------------------------------------------


async def test_issue31_a_spectator_of_a_hidden_game_refused_as_a_standby(service) -> None:
    info = await started_game(service, settings=KRIEG)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.BEHIND, T0)
    with pytest.raises(NotAllowed) as refused:
        await service.gm.gm_call_standby(info.id, Caller(GM, GUILD), "FRANCE", WATCHER, T0)
    assert "watched Test game" in refused.value.message
    assert "may never play in it" in refused.value.message
    # Nothing changed: France has no standby.
    powers = (await service.lobby.game_info(info.id)).powers
    assert all(p.standby_user_id is None for p in powers)


async def test_issue31_and_as_a_replacement(service) -> None:
    info = await started_game(service, settings=SPY)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.AT_ONCE, T0)
    france = owner(info, "FRANCE")
    with pytest.raises(NotAllowed, match="watched Test game"):
        await service.gm.gm_replace_player(info.id, Caller(GM, GUILD), "FRANCE", WATCHER, T0)
    assert owner(await service.lobby.game_info(info.id), "FRANCE") == france
    # Even after they stopped watching, and never offered as a replacement.
    await service.spectators.unwatch(info.id, Caller(WATCHER, GUILD), T0)
    with pytest.raises(NotAllowed, match="watched Test game"):
        await service.gm.gm_replace_player(info.id, Caller(GM, GUILD), "FRANCE", WATCHER, T0)
    # Both play in another game of the server: the one who watched is not offered.
    other = await service.lobby.create_game(GUILD, 12, GM, "Other", T0)
    for user, name in ((WATCHER, "Wanda"), (OTHER, "Otto")):
        await service.lobby.join(other.id, Caller(user, GUILD), T0, display_name=name)
    offered = await service.replacements.replacement_choices(info.id, Caller(GM, GUILD), "")
    assert [user for user, _ in offered if user in (WATCHER, OTHER)] == [OTHER]


async def test_issue31_and_at_join(service) -> None:
    lobby = await service.lobby.create_game(GUILD, 11, GM, "Lobby", T0, KRIEG)
    await service.spectators.watch(lobby.id, Caller(WATCHER, GUILD), T0)
    await service.spectators.decide(lobby.id, Caller(GM, GUILD), WATCHER, Answer.BEHIND, T0)
    with pytest.raises(NotAllowed, match="You watched Lobby") as refused:
        await service.lobby.join(lobby.id, Caller(WATCHER, GUILD), T0)
    assert "Kriegsplomacy" in refused.value.message
    assert (await service.lobby.game_info(lobby.id)).players == ()


async def test_issue31_a_request_never_approved_bars_nobody(service) -> None:
    info = await started_game(service, settings=KRIEG)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await service.gm.gm_call_standby(info.id, Caller(GM, GUILD), "FRANCE", WATCHER, T0)
    powers = (await service.lobby.game_info(info.id)).powers
    assert [p.power for p in powers if p.standby_user_id == WATCHER] == ["FRANCE"]


# --- no private thread, no secret ------------------------------------------------------


async def test_issue31_spectators_never_enter_private_threads(service) -> None:
    info = await started_game(service, settings=KRIEG)
    await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
    await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.AT_ONCE, T0)
    france = owner(info, "FRANCE")
    plan = await service.talk.plan_talk(Caller(france, GUILD), info.id, ["GERMANY"])
    await service.talk.record_talk_thread(info.id, 555, plan.powers, T0)
    members = await service.talk.thread_members(555)
    assert WATCHER not in {m.user_id for m in members} and members
    with pytest.raises(NotAllowed, match="Only the players"):
        await service.talk.plan_talk(Caller(WATCHER, GUILD), info.id, ["GERMANY"])


async def test_issue31_nothing_a_spectator_is_sent_carries_a_players_private_results(
    service,
) -> None:
    """Over a few phases of each kind of game: a spectator's events are only the
    spectators' kinds; a public game's are the channel's posts as queued for the
    channel; a hidden game's name only phases played before the one just played (one
    phase behind), never the phase in play, whose orders are not played yet."""
    for n, settings in enumerate((GameSettings(), KRIEG)):
        info = await started_game(service, settings=settings, channel=20 + n)
        await service.spectators.watch(info.id, Caller(WATCHER, GUILD), T0)
        if settings.variant is VariantName.KRIEGSPLOMACY:
            await service.spectators.decide(info.id, Caller(GM, GUILD), WATCHER, Answer.BEHIND, T0)
        told = 0
        for minutes in range(1, 6):
            before = {e.id for e in await outbox(service)}
            records = await service.history.phase_records(info.id)
            played = [r.seq for r in records if r.outcomes is not None]
            played_before = max(played, default=-1)  # in earlier rounds
            await _play(service, info.id, 10 * n + minutes)
            records = await service.history.phase_records(info.id)
            seq = {r.id: r.seq for r in records}
            current = records[-1]
            new = [
                e
                for e in await outbox(service)
                if e.id not in before and e.user_id == WATCHER and e.game_id == info.id
            ]
            channel = [
                e.payload.model_dump()
                for e in await outbox(service)
                if e.id not in before and e.kind is EventKind.RESULTS and e.game_id == info.id
            ]
            told += len(new)
            for e in new:
                assert e.kind in {EventKind.WATCHED_RESULTS, EventKind.WATCHED_BOARD}, e.kind
                assert e.payload.phase_id != current.id  # never the phase in play
                if e.kind is EventKind.WATCHED_RESULTS:
                    assert e.payload.model_dump() in channel
                else:
                    # One phase behind: only phases played in earlier rounds.
                    assert seq[e.payload.phase_id] <= played_before
        assert told >= 4, settings.variant  # the spectator was told something each round
