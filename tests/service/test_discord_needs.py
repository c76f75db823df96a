"""What the Discord layer asks of the service beyond playing: settings, autocomplete of
legal orders, the tally of a closed vote, a kick as an event, cancelling a lobby."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.events import EventKind
from bot.service.events import payloads as ev
from bot.service.events._codec import encode
from bot.service.kernel import (
    Caller,
    ChooseGame,
    GameSettings,
    GameStatus,
    NotAllowed,
    NotFound,
    Press,
    WrongState,
)
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, PLAYERS, outbox, owner, started_game

NOW = T0 + timedelta(hours=1)


async def test_game_settings_are_the_ones_chosen(service):
    chosen = GameSettings(press=Press.NONE, reminder_minutes=(90,), secret_ballots=False)
    game = await service.lobby.create_game(GUILD, CHANNEL, GM, "Gunboat", T0, chosen)
    assert await service.lobby.game_settings(game.id) == chosen
    with pytest.raises(NotFound):
        await service.lobby.game_settings(game.id + 1)


async def test_legal_orders_offer_only_the_users_own_units(service):
    info = await started_game(service)
    france = owner(info, "FRANCE")
    everything = await service.orders.legal_orders(Caller(france), "", info.id)
    assert 0 < len(everything) <= 25
    assert {t.split()[1] for t in everything} <= {"Par", "Mar", "Bre"}
    hits = await service.orders.legal_orders(Caller(france), "par bur")
    assert hits[0] == "A Par - Bur"
    assert all("par" in t.lower() and "bur" in t.lower() for t in hits)
    assert (
        await service.orders.legal_orders(Caller(france), "kie") == []
    )  # nothing French goes near Kiel
    with pytest.raises(NotFound):
        await service.orders.legal_orders(Caller(31337), "")


async def test_legal_orders_of_a_proxy_are_the_granted_units_only(service):
    info = await started_game(service)
    france, germany = owner(info, "FRANCE"), owner(info, "GERMANY")
    await service.orders.grant_proxy(Caller(france), germany, NOW, provinces=["PAR"])
    # Germany's own units, and France's army in Paris: not Marseilles nor Brest.
    offered = await service.orders.legal_orders(Caller(germany), "par", info.id)
    assert "A Par - Bur" in offered
    assert {t.split()[1] for t in offered} <= {"Par", "Ber", "Kie", "Mun"}
    marseilles = await service.orders.legal_orders(Caller(germany), "mar", info.id)
    assert marseilles and not any(t.startswith("A Mar") for t in marseilles)


async def test_legal_orders_ask_which_game_when_there_are_several(service):
    first = await started_game(service, PLAYERS[:3])
    await started_game(service, PLAYERS[:3], channel=CHANNEL + 1)
    with pytest.raises(ChooseGame):
        await service.orders.legal_orders(Caller(PLAYERS[0]), "")
    assert await service.orders.legal_orders(Caller(PLAYERS[0]), "", first.id)


@pytest.mark.parametrize("secret", [True, False])
async def test_a_closed_vote_carries_its_tally(service, secret):
    info = await started_game(service, settings=GameSettings(secret_ballots=secret))
    proposer, italy, russia = (owner(info, p) for p in ("FRANCE", "ITALY", "RUSSIA"))
    vote = await service.votes.propose_draw(info.id, Caller(proposer, GUILD), NOW)
    await service.votes.cast_ballot(vote.id, italy, True, NOW)
    closed = await service.votes.cast_ballot(vote.id, russia, False, NOW)
    assert closed.status == "failed"
    (event,) = [e for e in await outbox(service) if e.kind is EventKind.VOTE_CLOSED]
    assert event.channel_id == CHANNEL
    # A secret ballot's event, delivered to the channel, carries only the counts.
    names = {
        "yes": ["FRANCE", "ITALY"],
        "no": ["RUSSIA"],
        "abstain": ["AUSTRIA", "ENGLAND", "GERMANY", "TURKEY"],
    }
    assert encode(event.payload) == {
        "vote_id": vote.id,
        "kind": "draw",
        "passed": False,
        **({k: len(v) for k, v in names.items()} if secret else names),
        "secret": secret,
    }


async def test_a_kick_is_an_event_for_the_channel(service):
    info = await started_game(service)
    turkey = owner(info, "TURKEY")
    with pytest.raises(NotAllowed):
        await service.gm.gm_kick(info.id, Caller(owner(info, "ITALY"), GUILD), turkey, NOW)
    await service.gm.gm_kick(info.id, Caller(GM, GUILD), turkey, NOW)
    (event,) = [e for e in await outbox(service) if e.kind is EventKind.PLAYER_KICKED]
    assert event.channel_id == CHANNEL and event.user_id is None
    assert event.payload == ev.PlayerKicked(user=turkey, powers=("TURKEY",))


async def test_the_gm_cancels_a_game_in_its_lobby(service):
    game = await service.lobby.create_game(GUILD, CHANNEL, GM, "Never played", T0)
    await service.lobby.join(game.id, Caller(PLAYERS[0], GUILD), T0)
    with pytest.raises(NotAllowed):
        await service.endings.gm_end_game(game.id, Caller(PLAYERS[0], GUILD), NOW)
    await service.endings.gm_end_game(game.id, Caller(GM, GUILD), NOW)
    after = await service.lobby.game_info(game.id)
    assert after.status is GameStatus.ENDED and after.end_kind == "cancelled"
    assert after.winners == () and after.phase is None
    (event,) = [e for e in await outbox(service) if e.kind is EventKind.GAME_ENDED]
    assert event.payload == ev.GameEnded(kind="cancelled", winners=(), scores={})
    assert [a for _, a, _ in await service.history.audit_log(game.id)] == ["cancel"]
    with pytest.raises(WrongState):
        await service.lobby.join(game.id, Caller(PLAYERS[1], GUILD), NOW)
    with pytest.raises(WrongState):
        await service.endings.gm_end_game(game.id, Caller(GM, GUILD), NOW)
    # The channel is free for a new game.
    await service.lobby.create_game(GUILD, CHANNEL, GM, "Second try", NOW)
