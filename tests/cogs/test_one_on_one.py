"""One-on-one (rules/004) through Discord: `/game create variant:one_on_one
second_channel:` opens one lobby; the start begins a game in each channel with the
sides swapped; `/game status` names the match and the other channel; the first player
to 24 units on a board wins the match, said in both channels."""

from __future__ import annotations

from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.variants import ONE_ON_ONE
from tests.cogs.conftest import create_game, join_all
from tests.fake_discord import Driver
from tests.service.conftest import force_position

EFR = ("ENGLAND", "FRANCE", "RUSSIA")
AGT = ("AUSTRIA", "GERMANY", "TURKEY")


def _armies(powers, provinces):
    return [Unit.parse(powers[i % len(powers)], f"A {p}") for i, p in enumerate(provinces)]


def _owned(units):
    return {u.location.province: u.power for u in units}


async def test_a_one_on_one_match_in_two_channels_to_a_decided_result(
    driver: Driver, clock
) -> None:
    here = driver.fake.game_channel
    there = driver.guild.channel_named("second-game")
    created = await create_game(driver, "Duel", variant="one_on_one", second_channel=there)
    assert "once 2 players are in" in created.content
    await join_all(driver, ("alice", "bob"))
    handle = await driver.slash(driver.fake.gm, here, "game start")
    assert "has started" in (await handle.reply()).content
    for channel in (here, there):
        begun = await driver.wait_for_message(lambda m: "has begun" in m.content, channel=channel)
        assert "One-on-one" in begun.content

    service = driver.bot.service
    game_a = await service.lobby.game_in_channel(here.id)
    game_b = await service.lobby.game_in_channel(there.id)
    holder_a = {p.power: p.user_id for p in game_a.powers}
    holder_b = {p.power: p.user_id for p in game_b.powers}
    assert holder_b["ENGLAND"] == holder_a["AUSTRIA"] and holder_b["AUSTRIA"] == holder_a["ENGLAND"]

    status = await driver.slash(driver.user("alice"), here, "game status")
    embed = (await status.reply()).embeds[0]
    match = next(f for f in embed["fields"] if f["name"] == "Match")
    assert f"<#{there.id}>" in match["value"]

    # Fall 1905 on both boards: in game A the EFR player has 24 armies, each on a
    # centre its country owns (Winter has nothing to adjust); in game B 10 to 3.
    centres = sorted(ONE_ON_ONE.board.supply_centres)
    side_a = _armies(EFR, centres[:24]) + _armies(AGT, centres[24:26])
    side_b = _armies(AGT, centres[:10]) + _armies(EFR, centres[10:13])
    fall = Phase.parse("F1905M")
    await force_position(
        service, game_a.id, Position(fall, side_a, _owned(side_a), variant=ONE_ON_ONE.name)
    )
    await force_position(
        service, game_b.id, Position(fall, side_b, _owned(side_b), variant=ONE_ON_ONE.name)
    )
    mark = len(driver.world.bot_messages)
    clock.advance(hours=100)
    winner = holder_a["ENGLAND"]
    for channel in (here, there):
        over = await driver.wait_for_message(
            lambda m: "wins the match" in m.content, channel=channel, since=mark, timeout=10
        )
        assert f"<@{winner}> wins the match" in over.content
        assert f"<@{winner}> 24" in over.content and f"<@{holder_a['AUSTRIA']}> 3" in over.content
    assert (await service.lobby.game_info(game_a.id)).status == "ended"
    assert (await service.lobby.game_info(game_b.id)).status == "ended"
