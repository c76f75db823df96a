"""Issue 33, "The rules in force, announced": the create post, the start post, `/game
status` and `/gm settings show` name the variant and its options (the Masters Rules in
force, Spy, Kriegsplomacy), and the schedule once, not twice."""

from __future__ import annotations

from tests.cogs.conftest import channel_posts, create_game, join_all, visible_text
from tests.fake_discord import Driver

MASTERS = (
    "MR1 Minor Powers",
    "MR2 Variable Control",
    "MR3 Rebellion",
    "MR4 Annexation",
    "MR5 Disarmament",
    "MR6 Foreign Aid",
)


async def test_issue33_a_masters_game_names_its_rules_everywhere(driver: Driver) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    created = await create_game(driver, "Puppets", masters="all", stalemate_winters=2)
    for rule in MASTERS:
        assert rule in created.content, created.content
    assert "Stalemate rule" in created.content, created.content
    await join_all(driver)
    await (await driver.slash(gm, channel, "game start")).reply()
    begun = await driver.wait_for_message(lambda m: "has begun" in m.content, channel=channel)
    for rule in MASTERS:
        assert rule in begun.content, begun.content
    assert "rulebook's game" not in begun.content, begun.content

    status = visible_text(await (await driver.slash(gm, channel, "game status")).reply())
    for rule in MASTERS:
        assert rule in status, status
    assert status.count("Moves:") == 1, status  # the schedule once

    shown = (await (await driver.slash(gm, channel, "gm settings show")).reply()).content
    assert "Diplomacy" in shown.split("\n")[1], shown  # the variant first
    for rule in MASTERS:
        assert rule in shown, shown


async def test_issue33_a_spy_game_tells_every_player_what_a_spy_may_do_to_them(
    driver: Driver,
) -> None:
    gm, channel = driver.fake.gm, driver.fake.game_channel
    created = await create_game(driver, "Shadows", variant="spy")
    assert "Spy Diplomacy" in created.content
    mark = len(driver.world.bot_messages)
    await join_all(driver)
    await (await driver.slash(gm, channel, "game start")).reply()
    begun = await driver.wait_for_message(lambda m: "has begun" in m.content, channel=channel)
    assert "Spy Diplomacy" in begun.content
    # rules/004: a foreign spy sharing a unit's space may order it, and "No indication of
    # the sabotage is given in the results": every player is warned once, privately too.
    for name in ("alice", "bob"):
        first = await driver.wait_for_message(
            lambda m: "You play" in m.content, channel=driver.dm(driver.user(name)), since=mark
        )
        text = first.content.lower()
        assert "a foreign spy" in text and "may order" in text, first.content
        # Its examples place the player's spy (it read "for example ." before).
        assert "for example `spy " in text and " b`" in text, first.content
    assert any("may order" in visible_text(m) for m in channel_posts(driver))
