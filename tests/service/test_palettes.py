"""Colours chosen by whom they are for (issue 10): a player's own palette for what is
sent to them alone, the game's `map_palette` for its channel, the operator's default
when neither chose; and the supply-centre chart read from each year's first phase."""

from __future__ import annotations

import random

import pytest

from adjudication.model.units import Location
from bot.service.kernel import Caller, InvalidSetting
from bot.service.lobby import PlayerSettings
from bot.service.records import GameLookups
from render.geometry import geometry_at
from render.palette import PALETTES
from tests.conftest import T0
from tests.render.helpers import decode
from tests.service.conftest import GM, GUILD, PAR_HOLDS, PLAYERS, started_game
from tests.service.game_player import play_to_the_end
from tests.service.test_growth import Reads


def colours_at_paris(png: bytes) -> set[tuple[int, int, int]]:
    """The colours round the anchor of the French army in Paris (at the start): its
    icon, filled with France's colour."""
    image = decode(png).convert("RGB")
    x0, y0 = geometry_at(image.size[0]).anchor(Location("PAR"))
    return {image.getpixel((x, y)) for x in range(x0 - 6, x0 + 7) for y in range(y0 - 6, y0 + 7)}


def drawn_france(png: bytes) -> str:
    """Which palette's France the Paris army is drawn in."""
    (name,) = [n for n, p in PALETTES.items() if p.power("FRANCE") in colours_at_paris(png)]
    return name


async def test_a_player_chooses_a_palette_and_can_go_back_to_the_games(service):
    settings = PlayerSettings(service)
    alice = PLAYERS[0]
    assert await settings.palette(alice) is None
    await settings.set_palette(alice, "colorblind", T0)
    assert await settings.palette(alice) == "colorblind"
    await settings.set_palette(alice, "classic", T0)
    assert await settings.palette(alice) == "classic"
    await settings.set_palette(alice, None, T0)
    assert await settings.palette(alice) is None
    with pytest.raises(InvalidSetting, match="classic, colorblind"):
        await settings.set_palette(alice, "sepia", T0)


async def test_the_channel_uses_the_games_palette_a_player_their_own(service):
    info = await started_game(service)
    lookups = GameLookups(service, palette="classic")
    alice, bob = PLAYERS[:2]
    assert await lookups.palette_for(info.id) == "classic"  # the operator's
    await service.gm.gm_change_setting(info.id, Caller(GM, GUILD), "map_palette", "colorblind", T0)
    assert await lookups.palette_for(info.id) == "colorblind"
    assert await lookups.palette_for(info.id, alice) == "colorblind"  # no choice of hers
    await PlayerSettings(service).set_palette(alice, "classic", T0)
    assert await lookups.palette_for(info.id, alice) == "classic"
    assert await lookups.palette_for(info.id, bob) == "colorblind"
    await service.gm.gm_change_setting(info.id, Caller(GM, GUILD), "map_palette", "default", T0)
    assert await lookups.palette_for(info.id) == "classic"
    with pytest.raises(InvalidSetting):
        await service.gm.gm_change_setting(info.id, Caller(GM, GUILD), "map_palette", "pink", T0)


async def test_maps_and_previews_are_drawn_in_the_palette_asked_for(service):
    info = await started_game(service)
    lookups = GameLookups(service, palette="classic")
    france = PALETTES["classic"].power("FRANCE"), PALETTES["colorblind"].power("FRANCE")
    assert france[0] != france[1]
    record = await lookups.find_record(info.id)
    drawn = await lookups.record_map(record)
    assert drawn_france(drawn.png) == "classic"
    drawn = await lookups.record_map(record, palette="colorblind")
    assert drawn_france(drawn.png) == "colorblind"

    alice = PLAYERS[0]
    await PlayerSettings(service).set_palette(alice, "colorblind", T0)
    preview = await lookups.preview_map(info.id, ["FRANCE"], [PAR_HOLDS], user_id=alice)
    assert drawn_france(preview) == "colorblind"
    preview = await lookups.preview_map(info.id, ["FRANCE"], [PAR_HOLDS], user_id=PLAYERS[1])
    assert drawn_france(preview) == "classic"


async def test_the_centre_chart_reads_one_statement_whatever_the_years(service):
    """The chart behind the results post of each year's last phase: one query however
    long the game (and SQLite's BEGIN), one row per year played (and the phase in
    play)."""
    info = await started_game(service, seed=3)
    drawn: list = []
    lookups = GameLookups(service, palette="classic")
    lookups.chart_renderer = lambda history, palette: drawn.append((history, palette)) or b"PNG"
    reads = Reads(service)
    rng = random.Random(5)
    await play_to_the_end(service, info.id, rng, max_phases=6)
    early = await reads.of(lookups.centre_chart(info.id))
    await play_to_the_end(service, info.id, rng, max_phases=30)
    late = await reads.of(lookups.centre_chart(info.id))
    assert early[0] == late[0] and [s for s, _ in reads.statements if s != "BEGIN"] == ["SELECT"], (
        reads.statements
    )
    history, palette = drawn[-1]
    records = [r for r in await service.history.phase_records(info.id) if not r.rolled_back]
    years = sorted({r.phase.code[1:5] for r in records})
    assert [code for code, _ in history][: len(years)] == [f"S{y}M" for y in years]
    assert late[1] in (len(years), len(years) + 1)
    assert palette == "classic"
