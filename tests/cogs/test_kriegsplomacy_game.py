"""A whole Kriegsplomacy game through Discord (issue 12, rules/004): the Winter 1900
builds, E and CE orders, a dislodgement and its retreat, a Winter's builds and the next
year, every player's DM checked against their power's view of each phase ("You always
know where your own units are, but in general you don't know where (or what) anybody
else's units are"), in the words and notation of the DM echo (issue 33)."""

from __future__ import annotations

from adjudication.model.units import Phase, PhaseKind
from bot.service.kernel import power_name
from bot.service.records import seen_phases, seen_with_retreats, view_png
from bot.service.variants.hidden import view_words
from bot.service.variants.hidden._words import LEGEND
from tests.cogs.conftest import dm_orders
from tests.cogs.test_kriegsplomacy import start_kriegsplomacy
from tests.fake_discord import Driver


async def _dms_of(
    driver: Driver, powers: dict, code: str, next_code: str, *, kept: bool = False
) -> dict:
    """Each player's DM of the phase `code`, checked against their power's view: its
    words in the text (never rules/004's judge notation), the map of the view attached,
    no other power named that the view does not show (but the public centre totals).
    `kept`: `code` is a retreat phase kept from these players, who are sent the
    movement before it, told with it (issue 29). Returns {power: DM text}."""
    phase = Phase.parse(code)
    if kept:
        phase = Phase(phase.year, phase.season, PhaseKind.MOVEMENT)
    dms = {
        power: await driver.wait_for_message(
            lambda m: f"{phase.title} has been played." in m.content,
            channel=driver.dm(user),
            since=0,
            timeout=30,
        )
        for power, user in powers.items()
    }
    service, lookups = driver.bot.service, driver.bot.lookups
    info = await service.lobby.game_in_channel(driver.fake.game_channel.id)
    record = await service.history.phase_record(info.id, code)
    following = await service.history.phase_record(info.id, next_code)
    played = await lookups.played_phase(info.id, record.id, following.id)
    assert played is not None
    texts = {}
    for power, user in powers.items():
        dm = dms[power]
        if kept:
            (seen,) = await seen_with_retreats(lookups, info.id, played, [power])
        else:
            (seen,) = await seen_phases(lookups, info.id, played, [power])
        assert view_words(seen, played.board) in dm.content, (power, dm.content)
        assert "```" not in dm.content and "[" not in dm.content, dm.content
        palette = await lookups.palette_for(info.id, user.id)
        assert [a.data for a in dm.attachments] == [await view_png(lookups, seen, palette)]
        shown = seen.view.adjudication
        known = {o.order.unit.power for o in shown.outcomes if hasattr(o.order, "unit")}
        known |= {u.power for u in shown.position.units}
        # The year's centre totals are public (rules/004); nothing else names a power
        # the view does not show.
        told = "\n".join(
            line for line in dm.content.splitlines() if not line.startswith("Supply centres")
        )
        for other in set(played.board.powers) - known - {power}:
            assert power_name(other) not in told, (power, other, dm.content)
        texts[power] = dm.content
    return texts


def _results(dm: str) -> str:
    """The results of a DM: its lines of orders, without the options of what to do next
    (which offer every place a dislodged unit could reach, D1)."""
    return "\n".join(line for line in dm.splitlines() if line.startswith("• "))


async def _play(
    driver: Driver, clock, powers: dict, orders: dict, code: str, nxt: str, told=None
) -> dict:
    """Play `code` with `orders`; returns the DMs of the players `told` of it (all)."""
    # A movement phase is played at its deadline: the clock goes there and no further
    # (a later phase's must not pass with it). A retreat or adjustment phase ends as
    # soon as everyone concerned has ordered, which the orders below all do: the clock
    # stays, since moving it to the old deadline could pass the next phase's, set from
    # whatever moment the delivery loop played this one.
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    assert info.phase.code == code, (info.phase, code)
    for power, text in orders.items():
        echo = await dm_orders(driver, powers[power], text)
        assert "rejected" not in echo.lower(), echo
    if info.phase.kind is PhaseKind.MOVEMENT:
        clock.now = max(clock.now, info.deadline_at)
    told = powers if told is None else {p: powers[p] for p in told}
    return await _dms_of(driver, told, code, nxt)


async def test_rules004_krieg_a_game_over_years_each_player_told_only_their_view(
    driver: Driver, clock
) -> None:
    powers = await start_kriegsplomacy(driver, clock)
    winter = await _dms_of(driver, powers, "W1900A", "S1901M")
    assert "A Par" in winter["FRANCE"] and "Mun" not in winter["FRANCE"]

    spring = await _play(
        driver,
        clock,
        powers,
        {
            "FRANCE": "A Par - Bur\nA Mar E\nF Bre - Mao",
            "ITALY": "A Ven - Pie\nF Nap - Ion",
            "GERMANY": "A Mun - Ruh\nA Ber - Mun\nF Kie CE",
        },
        "S1901M",
        "F1901M",
    )
    # France's spy in Marseilles covers Piedmont: it learns an Italian army moved there,
    # not whence (K9), in the echo's notation, the unknown said in a legend.
    assert "• Italy's A ??? - Pie: moved" in spring["FRANCE"], spring["FRANCE"]
    assert LEGEND in spring["FRANCE"] and "• F Bre - Mao: moved" in spring["FRANCE"]
    assert "• A Mar E: spied" in spring["FRANCE"]
    assert "Ruh" not in spring["FRANCE"] and "Kie" not in spring["FRANCE"]
    assert "Bur" not in spring["ITALY"] and "Mar" not in spring["ITALY"]
    assert "• F Kie CE: counter-spied" in spring["GERMANY"] and "Bur" not in spring["GERMANY"]
    assert "• A Mun - Ruh: moved" in spring["GERMANY"]  # "Ruh", as the echo writes it
    assert LEGEND not in spring["GERMANY"]  # nothing it could not see

    fall = await _play(
        driver,
        clock,
        powers,
        {
            "FRANCE": "A Bur E\nA Mar - Spa\nF Mao - Por",
            "ITALY": "A Pie E\nF Ion - Tun",
            "GERMANY": "A Mun - Bur\nA Ruh S A Mun - Bur\nF Kie - Hol",
        },
        "F1901M",
        "F1901R",
        told=["FRANCE"],  # the retreat phase is kept from the others (issue 29)
    )
    # France's army in Burgundy is dislodged; its spy, attacked, learns nothing.
    report = _results(fall["FRANCE"])
    assert "• A Bur E: dislodged" in report
    assert "(not by whom): Bur." in fall["FRANCE"]
    for hidden in ("Ruh", "Mun", "Germany"):
        assert hidden not in report, hidden
    # Its options are every place the army could reach, never the true ones (D1).
    assert "`A Bur R Mun`" in fall["FRANCE"] and "`A Bur R Ruh`" in fall["FRANCE"]

    retreat = await _play(
        driver, clock, powers, {"FRANCE": "A Bur R Pic"}, "F1901R", "W1901A", told=["FRANCE"]
    )
    assert "• A Bur R Pic: retreated" in retreat["FRANCE"]
    # Germany and Italy hear of Fall 1901 only now, with Winter 1901 next.
    others = {p: powers[p] for p in ("GERMANY", "ITALY")}
    fall = await _dms_of(driver, others, "F1901R", "W1901A", kept=True)
    # Italy's spy in Piedmont covers Marseilles: the French army leaving it is seen.
    assert "• France's A Mar - ???: moved" in fall["ITALY"], fall["ITALY"]  # not where to
    for power in others:
        assert "Pic" not in fall[power] and "etreat" not in fall[power], fall[power]
        assert "Next: **Winter 1901 Adjustments**" in fall[power]

    builds = await _play(
        driver,
        clock,
        powers,
        {"FRANCE": "A Par B\nA Mar B", "GERMANY": "A Ber B", "ITALY": "F Nap B"},
        "W1901A",
        "S1902M",
    )
    assert "• Build A Mar: built" in builds["FRANCE"] and "Ber" not in builds["FRANCE"]
    assert "• Build A Ber: built" in builds["GERMANY"] and "Mar" not in builds["GERMANY"]

    spring = await _play(
        driver, clock, powers, {"ITALY": "A Pie - Mar", "FRANCE": "A Mar H"}, "S1902M", "F1902M"
    )
    # Italy's attack is bounced: France is told it was opposed, not by whom.
    assert "(not by whom): Mar." in spring["FRANCE"] and "Ital" not in spring["FRANCE"]
    assert "Pie" not in spring["FRANCE"]
