"""Issue 23 through the fake Discord: the pause vote with ballots by DM, the channel
told, and a vote that resumes."""

from __future__ import annotations

from tests.cogs.conftest import start_game
from tests.fake_discord import Driver


async def _vote_all_yes(driver: Driver, players: dict, proposer, mark: int) -> None:
    for user in players.values():
        if user is proposer:
            continue  # the proposer's vote counts as yes
        ballot = await driver.wait_for_message(
            lambda m: any(c.startswith("dipgm:vote:") for c in m.custom_ids()),
            channel=driver.dm(user),
            since=mark,
        )
        click = await driver.click(user, ballot, ballot.custom_ids()[0])
        assert "You voted **yes**" in (await click.reply()).content


async def test_issue23_pause_by_unanimous_vote_then_a_vote_resumes(driver: Driver, clock) -> None:
    powers = await start_game(driver, ("alice", "bob", "carol"))
    channel = driver.fake.game_channel
    players = {u.name: u for u in powers.values()}
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    mark = len(driver.world.bot_messages)
    proposed = await (await driver.slash(players["alice"], channel, "pause propose")).reply()
    assert proposed.ephemeral and "counts as yes" in proposed.content
    ballot = await driver.wait_for_message(
        lambda m: "a vote on pausing the game" in m.content,
        channel=driver.dm(players["bob"]),
        since=mark,
    )
    assert ballot.custom_ids()
    await _vote_all_yes(driver, players, players["alice"], mark)
    await driver.wait_for_message(
        lambda m: "The players have voted to pause the game" in m.content,
        channel=channel,
        since=mark,
    )
    assert (await driver.bot.service.lobby.game_info(info.id)).paused
    clock.advance(hours=2)
    mark = len(driver.world.bot_messages)
    await (await driver.slash(players["bob"], channel, "pause resume")).reply()
    await _vote_all_yes(driver, players, players["bob"], mark)
    resumed = await driver.wait_for_message(
        lambda m: "The game resumes by the players' vote" in m.content, channel=channel, since=mark
    )
    after = await driver.bot.service.lobby.game_info(info.id)
    assert not after.paused
    assert (after.deadline_at - info.deadline_at).total_seconds() == 2 * 3600
    assert f"<t:{int(after.deadline_at.timestamp())}:F>" in resumed.content


async def test_issue23_resume_vote_refused_when_not_paused(driver: Driver) -> None:
    powers = await start_game(driver, ("alice", "bob", "carol"))
    user = next(iter(powers.values()))
    reply = await (await driver.slash(user, driver.fake.game_channel, "pause resume")).reply()
    assert reply.ephemeral and "is not paused" in reply.content
