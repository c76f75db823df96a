"""One-on-one's maps as the service asks for them (rules/004; issue 33, "Maps"): "each
map says which board it shows; the key marks civil disorder for every power in it".

A PNG cannot be read as text, so these tests read the request the renderer gets (its
title's second line, the powers it marks), draw with the real renderer, and decode the
bytes it returns. Every map of a board: the start and results posts, `/game map`,
`/game history` and a player's DM preview."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import fields
from datetime import timedelta
from typing import Any

from PIL import Image
from sqlalchemy import select

from adjudication.model.variant import PowerStatus
from bot.service.app import Scheduler
from bot.service.kernel import Caller, GameSettings, VariantName
from bot.service.records import GameLookups, unheld_powers
from render.map import render_map
from render.request import MapRequest, ResultsRequest
from render.results import render_results
from storage.models import GameRow, PowerRow
from tests.conftest import T0
from tests.service.conftest import CHANNEL, GM, GUILD, PAR_HOLDS, PLAYERS, started_game

SECOND = CHANNEL + 1
MATCH = GameSettings(variant=VariantName.ONE_ON_ONE)
BOARDS = ("First board of Duel", "Second board of Duel")
ITALY = {"ITALY": PowerStatus.DUMMY}
ENGLAND_HOLDS = ("F LON H", "F EDI H", "A LVP H")
FRANCE_HOLDS = ("F BRE H", "A PAR H", "A MAR H")
RUSSIA_HOLDS = ("A MOS H", "A WAR H", "F SEV H", "F STP/SC H")
EFR_HOLD = "\n".join((*ENGLAND_HOLDS, *FRANCE_HOLDS, *RUSSIA_HOLDS))


class Recorder:
    """The real renderer, with the options every request sets (those not left at
    their defaults) kept."""

    def __init__(self, real: Callable[[Any], bytes]) -> None:
        self.real = real
        self.asked: list[dict[str, Any]] = []

    def __call__(self, request: MapRequest) -> bytes:
        options = {f.name: getattr(request, f.name) for f in fields(request)}
        self.asked.append({k: v for k, v in options.items() if v != _DEFAULTS.get(k)})
        return self.real(request)

    def last(self) -> dict[str, Any]:
        return self.asked[-1]


_DEFAULTS = {f.name: f.default for f in fields(ResultsRequest)}


def _decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.format == "PNG" and image.mode == "P" and image.width == 1600, image
    return image


async def _match(service) -> tuple[int, int]:
    game = await service.lobby.create_game(
        GUILD, CHANNEL, GM, "Duel", T0, MATCH, seed=7, second_channel_id=SECOND
    )
    for i, user in enumerate(PLAYERS[:2]):
        await service.lobby.join(game.id, Caller(user, GUILD), T0 + timedelta(seconds=i))
    await service.lobby.start(game.id, Caller(GM, GUILD), T0)
    async with service.store.transaction() as session:
        rows = await session.execute(select(GameRow).where(GameRow.match_id.is_not(None)))
        first, second = sorted(g.id for g in rows.scalars().all())
    return first, second


async def _holder(service, game_id: int, power: str) -> int:
    async with service.store.transaction() as session:
        rows = await session.execute(
            select(PowerRow.user_id).where(PowerRow.game_id == game_id, PowerRow.power == power)
        )
        return rows.scalar_one()


def _lookups(service) -> tuple[GameLookups, Recorder, Recorder]:
    maps, results = Recorder(render_map), Recorder(render_results)
    return GameLookups(service, renderer=maps, results_renderer=results), maps, results


async def test_issue33_one_on_one_each_boards_maps_say_which_board(service) -> None:
    games = await _match(service)
    lookups, maps, results = _lookups(service)
    for game_id, board in zip(games, BOARDS, strict=True):
        start = (await service.history.phase_records(game_id))[0]
        # The game's start post, `/game map`, `/game history` of the phase, a DM preview.
        _decoded((await lookups.results_map(game_id, start.id)).png)
        assert maps.last()["subtitle"] == board
        _decoded((await lookups.phase_map(game_id)).png)
        assert maps.last()["subtitle"] == board
        _decoded((await lookups.record_map(start)).png)
        assert maps.last()["subtitle"] == board
        efr = await _holder(service, game_id, "FRANCE")
        _decoded(await lookups.preview_map(game_id, ["FRANCE"], [PAR_HOLDS], user_id=efr))
        assert maps.last()["subtitle"] == board
    deadline = (await service.lobby.game_info(games[0])).deadline_at
    await Scheduler(service).tick(deadline)
    for game_id, board in zip(games, BOARDS, strict=True):
        records = await service.history.phase_records(game_id)
        played = await lookups.played_phase(game_id, records[0].id, records[1].id)
        assert played is not None
        # As the results post asks for it (bot/delivery/_phase_posts.py).
        settings = await service.lobby.game_settings(game_id)
        unheld = unheld_powers(settings, played.after.phase)
        _decoded(await lookups.results_png(played, final=False, statuses=unheld))
        assert results.last()["subtitle"] == board
    # Only a match's boards say so: another game's maps are asked for as before.
    other = await started_game(service, channel=CHANNEL + 2)
    await lookups.phase_map(other.id)
    assert "subtitle" not in maps.last()


async def test_issue33_one_on_one_the_key_marks_every_power_in_civil_disorder(service) -> None:
    """Italy in every map; a player who missed the first Spring's orders has their three
    countries fall into civil disorder (rules/000 §14.3, `civil_disorder_after` 1), and
    every map from then on marks them too, on each board as it stands there."""
    first, second = await _match(service)
    lookups, maps, results = _lookups(service)
    efr = await _holder(service, first, "ENGLAND")
    deadline = (await service.lobby.game_info(first)).deadline_at
    await service.orders.submit_orders(Caller(efr), EFR_HOLD, deadline - timedelta(hours=1), first)
    # On the second board the same player holds Austria, Germany and Turkey: no orders
    # sent there, so nobody's were, and all six fall.
    await Scheduler(service).tick(deadline)
    fallen = {
        first: dict.fromkeys(("AUSTRIA", "GERMANY", "TURKEY"), PowerStatus.DUMMY),
        second: dict.fromkeys(
            ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "RUSSIA", "TURKEY"), PowerStatus.DUMMY
        ),
    }
    for game_id in (first, second):
        marked = ITALY | fallen[game_id]
        records = await service.history.phase_records(game_id)
        played = await lookups.played_phase(game_id, records[0].id, records[1].id)
        assert played is not None
        settings = await service.lobby.game_settings(game_id)
        unheld = unheld_powers(settings, played.after.phase)
        assert unheld == ITALY  # what the results post passes, as before
        png = await lookups.results_png(played, final=False, statuses=unheld)
        assert dict(results.last()["statuses"]) == marked
        assert png != render_results(
            ResultsRequest(
                played.before,
                played.after,
                orders=[o.order for o in played.outcomes],
                outcomes=list(played.outcomes),
                statuses=ITALY,
                subtitle=results.last()["subtitle"],
            )
        )
        _decoded(png)
        _decoded((await lookups.phase_map(game_id)).png)  # `/game map` now
        assert dict(maps.last()["statuses"]) == marked
        user = await _holder(service, game_id, "FRANCE")
        await lookups.preview_map(game_id, ["FRANCE"], [PAR_HOLDS], user_id=user)
        assert dict(maps.last()["statuses"]) == marked
        # `/game history` of Spring 1901: as it stood then, Italy alone.
        await lookups.record_map(records[0])
        assert dict(maps.last()["statuses"]) == ITALY
