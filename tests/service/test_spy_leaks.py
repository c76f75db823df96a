"""Leak property through the service for Spy Diplomacy (issue 12, "Leak tests": random
games of each variant). rules/004: "Only the owner of a spy is told its location", and
"No indication of the sabotage is given in the results". Over random Spy games with
spy moves, protections and sabotage, after every phase:

- a player's DM (`spy_news`) speaks of spies only in their own spy's lines, and the
  phase it is made from (`seen_by`) holds their own spies and no other;
- the channel's results (`channel_results` of `public_played`) name no spy;
- autocomplete offers a player orders for their own spy only.

What a power may know is computed here from the engine's record (each spy's owner),
not from the service's own view-making, which is what is under test."""

from __future__ import annotations

import random
import re
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudication.model.units import PhaseKind
from adjudication.play.legal import legal_orders
from adjudication.variants import SPY
from bot.service import open_service
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, VariantName, channel_results
from bot.service.records import GameLookups
from bot.service.variants.spy import public_played, seen_by, spy_choices, spy_news, spy_record
from tests.service.conftest import GUILD, started_game
from tests.service.game_player import random_orders

BOARD = SPY.board
SPY_WORD = re.compile(r"\bspy\b|\bspies\b|sabot", re.IGNORECASE)


async def _play_phase(service, info, rng: random.Random) -> None:
    records = await service.history.phase_records(info.id)
    position = service.history.record_position(records[-1])
    info = await service.lobby.game_info(info.id)
    at = info.deadline_at - timedelta(minutes=30)
    for p in info.powers:
        lines: list[str] = []
        if position.phase.kind is PhaseKind.MOVEMENT:
            lines += [
                str(rng.choice(legal_orders(position, BOARD, u)))
                for u in position.units_of(p.power)
            ]
        elif position.units or position.dislodged:
            lines += [str(o) for o in random_orders(position, BOARD, p.power, rng)]
        spy = spy_choices(position, p.power, BOARD)
        if spy:
            lines.append(rng.choice(spy))
        if lines:
            await service.orders.submit_orders(Caller(p.user_id, GUILD), "\n".join(lines), at)
            if (await service.lobby.game_info(info.id)).deadline_at <= at:
                break  # everyone concerned has ordered: the phase ends now
    deadline = (await service.lobby.game_info(info.id)).deadline_at
    await Scheduler(service).tick(deadline)


@settings(
    max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(seed=st.integers(0, 2**16))
async def test_rules004_spy_nothing_sent_to_a_player_tells_of_anothers_spy(
    tmp_path_factory, seed: int
) -> None:
    rng = random.Random(seed)
    url = f"sqlite+aiosqlite:///{tmp_path_factory.mktemp('spyleaks')}/game.db"
    service = await open_service(url)
    try:
        await _check_game(service, rng)
    finally:
        await service.store.db.dispose()


async def _check_game(service, rng: random.Random) -> None:
    info = await started_game(service, settings=GameSettings(variant=VariantName.SPY))
    lookups = GameLookups(service)
    for _ in range(5):
        await _play_phase(service, info, rng)
        info = await service.lobby.game_info(info.id)
        records = [r for r in await service.history.phase_records(info.id) if not r.rolled_back]
        before, after = records[-2], records[-1]
        played = await lookups.played_phase(info.id, before.id, after.id)
        assert played is not None
        public = public_played(played)
        assert not public.before.spies and not public.after.spies
        channel = channel_results(public, BOARD.powers)
        assert not SPY_WORD.search(channel), channel
        record = await spy_record(service.store, before.id)
        for p in info.powers:
            mine = seen_by(played, p.power)
            for position, full in ((mine.before, played.before), (mine.after, played.after)):
                assert set(position.spies) == {s for s in full.spies if s.power == p.power}
            text = spy_news(played, record, [p.power], "G", None, False)
            own = {s.province for s in played.after.spies if s.power == p.power}
            own |= {s.province for s in played.before.spies if s.power == p.power}
            for line in text.splitlines():
                if SPY_WORD.search(line):
                    assert any(re.search(rf"\b{c}\b", line, re.IGNORECASE) for c in own), (
                        p.power,
                        line,
                    )
            caller = Caller(p.user_id, GUILD)
            for offer in await service.orders.legal_orders(caller, "", info.id):
                if offer.lower().startswith("spy "):
                    assert offer.split()[1].rstrip(":").upper() in {
                        s.province for s in played.after.spies if s.power == p.power
                    } or offer.endswith(" B"), (p.power, offer)
        if info.status.value != "active":
            return
