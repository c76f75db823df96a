"""Issue 33, "Send your orders by no deadline." when one board's Winter ends first: a
sentence for each case (docs/VARIANTS.md O4; docs/DEADLINES.md, "One-on-one"). Board
A's Fall leaves France a build, board B's nothing to adjust: B passes over its Winter
and waits at Spring 1902 with no deadline while A plays its Winter; then A reaches
Spring 1902 and both boards get one deadline."""

from __future__ import annotations

from dataclasses import replace

from adjudication.model.position import Position
from adjudication.model.units import Phase, Unit
from adjudication.variants import ONE_ON_ONE
from bot.service.kernel import Caller
from tests.cogs.conftest import create_game, join_all
from tests.fake_discord import Driver
from tests.service.conftest import force_position

FALL = Phase.parse("F1901M")


async def _a_build_on_board_a_only(driver: Driver, clock):
    """The match at Fall 1901, France with a build to come on board A only; the Fall's
    deadline passed. Returns (channel A, channel B, the mark before the Fall)."""
    here = driver.fake.game_channel
    there = driver.guild.channel_named("second-game")
    await create_game(driver, "Duel", variant="one_on_one", second_channel=there)
    await join_all(driver, ("alice", "bob"))
    assert (
        "has started"
        in (await (await driver.slash(driver.fake.gm, here, "game start")).reply()).content
    )
    for channel in (here, there):
        await driver.wait_for_message(lambda m: "has begun" in m.content, channel=channel)
    service = driver.bot.service
    opening = Position.initial(ONE_ON_ONE)
    game_a = await service.lobby.game_in_channel(here.id)
    game_b = await service.lobby.game_in_channel(there.id)
    # A: the French army of Marseilles stands in Spain, French: one build, at Marseilles.
    units_a = [
        Unit.parse("FRANCE", "A SPA") if (u.power, str(u)) == ("FRANCE", "A MAR") else u
        for u in opening.units
    ]
    owned_a = {**opening.ownership, "SPA": "FRANCE"}
    a = Position(FALL, units_a, owned_a, variant=ONE_ON_ONE.name)
    b = replace(opening, phase=FALL)
    await force_position(service, game_a.id, a)
    await force_position(service, game_b.id, b)
    for game, position in ((game_a, a), (game_b, b)):  # every unit holds: nobody misses
        for user in {p.user_id for p in game.powers if p.user_id is not None}:
            mine = {p.power for p in game.powers if p.user_id == user}
            holds = [f"{u} H" for u in position.units if u.power in mine]
            await service.orders.submit_orders(Caller(user), "\n".join(holds), clock(), game.id)
    mark = len(driver.world.bot_messages)
    clock.advance(hours=97)
    await driver.wait_for_message(
        lambda m: "results of Fall 1901" in m.content, channel=there, since=mark
    )
    return here, there, mark


def _news(driver: Driver, board: str, played: str, since: int) -> list[str]:
    """Each player's DM after `played` on the board named `board`."""
    return [
        m.content
        for m in driver.world.bot_messages[since:]
        if f"**{board}**: {played} has been played" in m.content
    ]


async def test_issue33_the_board_waiting_for_the_other_says_when_its_deadline_comes(
    driver: Driver, clock
) -> None:
    _, _, mark = await _a_build_on_board_a_only(driver, clock)
    await driver.wait_until(
        lambda: len(_news(driver, "Duel (second board)", "Fall 1901", mark)) == 2,
        what="both players' news of board B",
    )
    for text in _news(driver, "Duel (second board)", "Fall 1901", mark):
        assert "no deadline" not in text
        assert text.endswith(
            "Next: **Spring 1902**. Its deadline is set when the match's other board "
            "reaches Spring 1902 too; you may send your orders now."
        )


async def test_issue33_the_board_that_catches_up_gives_both_one_deadline(
    driver: Driver, clock
) -> None:
    here, there, _ = await _a_build_on_board_a_only(driver, clock)
    mark = len(driver.world.bot_messages)
    clock.advance(hours=25)  # A's Winter deadline passes: the build is waived
    both = await driver.wait_for_message(
        lambda m: "Both boards of the match have reached this phase" in m.content,
        channel=there,
        since=mark,
    )
    deadline = both.content.split("the deadline is ")[1]
    await driver.wait_until(
        lambda: len(_news(driver, "Duel", "Winter 1901 Adjustments", mark)) == 2,
        what="both players' news of board A",
    )
    for text in _news(driver, "Duel", "Winter 1901 Adjustments", mark):
        assert f"Next: **Spring 1902**. Send your orders by {deadline}" in text
    results = await driver.wait_for_message(
        lambda m: "results of Winter 1901" in m.content, channel=here, since=mark
    )
    assert "deadline <t:" in results.content
