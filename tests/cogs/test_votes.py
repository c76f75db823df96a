"""Draw and deadline votes with buttons in DMs."""

from __future__ import annotations

from tests.cogs.conftest import start_game
from tests.fake_discord import Driver


async def ballots(driver: Driver, powers: dict, mark: int, proposer=None) -> dict:
    """Each voter's ballot; the proposer gets none (their vote counts as yes)."""
    found = {}
    for power, user in powers.items():
        if user is proposer:
            continue
        found[power] = await driver.wait_for_message(
            lambda m: any(c.startswith("dipgm:vote:") for c in m.custom_ids()),
            channel=driver.dm(user),
            since=mark,
        )
    return found


async def test_deadline_extension_by_unanimous_vote(driver: Driver) -> None:
    powers = await start_game(driver, ("alice", "bob", "carol"))
    channel = driver.fake.game_channel
    players = {u.name: u for u in powers.values()}
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    mark = len(driver.world.bot_messages)
    handle = await driver.slash(players["alice"], channel, "deadline propose extend", {"hours": 12})
    proposed = await handle.reply()
    assert proposed.ephemeral and "Your own vote counts as yes." in proposed.content
    by_user = {}
    for user in players.values():
        if user is players["alice"]:
            continue  # the proposer gets no ballot
        by_user[user.name] = await driver.wait_for_message(
            lambda m: any(c.startswith("dipgm:vote:") for c in m.custom_ids()),
            channel=driver.dm(user),
            since=mark,
        )
    # The ballot shows the deadline as it stands and as proposed.
    assert "extending the deadline from <t:" in by_user["bob"].content
    assert by_user["bob"].content.count("<t:") == 4
    for name in ("bob", "carol"):
        ballot = by_user[name]
        click = await driver.click(players[name], ballot, ballot.custom_ids()[0])
        assert "You voted **yes**" in (await click.reply()).content
    await driver.wait_for_message(
        lambda m: "changed by unanimous vote" in m.content, channel=channel, since=mark
    )
    after = await driver.bot.service.lobby.game_info(info.id)
    assert (after.deadline_at - info.deadline_at).total_seconds() == 12 * 3600


async def test_one_no_fails_a_draw_and_secret_tally(driver: Driver) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    mark = len(driver.world.bot_messages)
    await (await driver.slash(powers["FRANCE"], channel, "draw propose")).reply()
    found = await ballots(driver, powers, mark, proposer=powers["FRANCE"])
    yes = await driver.click(powers["ITALY"], found["ITALY"], found["ITALY"].custom_ids()[0])
    answer = (await yes.reply()).content
    assert "Secret ballot: 2 yes, 0 no, 5 not yet voted." in answer and "France" not in answer
    no = await driver.click(powers["RUSSIA"], found["RUSSIA"], found["RUSSIA"].custom_ids()[1])
    assert "You voted **no**" in (await no.reply()).content
    closed = await driver.wait_for_message(
        lambda m: "vote on a draw" in m.content and "failed" in m.content, channel=channel
    )
    # The channel learns how many voted which way, not who.
    assert "Secret ballots: 2 yes, 1 no, 4 did not vote." in closed.content
    assert not any(p.title() in closed.content for p in powers)
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    assert info.status == "active"


async def test_open_tally_when_ballots_are_not_secret(driver: Driver) -> None:
    powers = await start_game(driver, secret_ballots=False)
    mark = len(driver.world.bot_messages)
    await (await driver.slash(powers["FRANCE"], driver.fake.game_channel, "draw propose")).reply()
    found = await ballots(driver, powers, mark, proposer=powers["FRANCE"])
    click = await driver.click(powers["ITALY"], found["ITALY"], found["ITALY"].custom_ids()[0])
    answer = (await click.reply()).content
    assert "yes: France, Italy" in answer and "not yet voted: Austria" in answer
    click = await driver.click(powers["TURKEY"], found["TURKEY"], found["TURKEY"].custom_ids()[1])
    assert "You voted **no**" in (await click.reply()).content
    closed = await driver.wait_for_message(
        lambda m: "vote on a draw" in m.content, channel=driver.fake.game_channel
    )
    assert "**failed**. yes: France, Italy; no: Turkey; did not vote: Austria," in closed.content


async def test_outsider_cannot_propose_a_draw(driver: Driver) -> None:
    await start_game(driver)
    reply = await (
        await driver.slash(driver.user("outsider"), driver.fake.game_channel, "draw propose")
    ).reply()
    assert reply.ephemeral and "Only players" in reply.content
