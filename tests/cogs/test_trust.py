"""Trust (issue 9): a game is reachable only from its own server, authority ends with
its holder, and nothing a user types can break a reply.

Two servers share the bot here: "Diplomacy", where the game is played, and "Elsewhere",
where `mallory` holds the GM role (and is also a plain member of "Diplomacy").
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from bot.service.kernel import Caller
from tests.cogs.conftest import PLAYERS, Clock, dm_orders, start_game
from tests.fake_discord import Driver, FakeDiscord
from tests.fake_discord import permissions as perm
from tests.fake_discord.rate_limits import TEST_TIME_SCALE


@pytest_asyncio.fixture
async def fake(clock: Clock) -> AsyncIterator[FakeDiscord]:
    fake = FakeDiscord(
        players=PLAYERS, clock=lambda: clock().timestamp(), time_scale=TEST_TIME_SCALE
    )
    fake.add_user("outsider")
    fake.add_user("standby")
    fake.add_role("Moderator", permissions=perm.MANAGE_THREADS)
    fake.add_user("moderator", roles=("Moderator",))
    elsewhere = fake.add_guild("Elsewhere", game_channel="elsewhere-games")
    mallory = fake.add_user("mallory", guild=elsewhere, roles=("GM",))
    # A plain member here, but one Discord offers `/gm` (Manage Events): the service
    # is what refuses her.
    fake.add_role("Organiser", permissions=perm.MANAGE_EVENTS)
    fake.add_member(mallory, fake.guild, roles=("Organiser",))
    await fake.start()
    try:
        yield fake
    finally:
        await fake.close()


def elsewhere(driver: Driver):
    guild = next(g for g in driver.world.guilds.values() if g.name == "Elsewhere")
    return guild.game_channel


# Every command that names a game, with options that would act on it.
NAMING_A_GAME = {
    "gm orders": {},
    "gm end": {"draw": True},
    "gm replace": {"power": "FRANCE", "player": "mallory"},
    "gm pause": {},
    "gm adjudicate": {},
    "gm rollback": {"phase": "S1901M"},
    "gm settings show": {},
    "draw propose": {},
    "game status": {},
    "game map": {},
    "game history": {},
    "game export": {},
    "game chart": {},
    "orders show": {},
}


async def answers_for(driver: Driver, user, channel, game_id: int) -> dict[str, str]:
    out = {}
    for command, options in NAMING_A_GAME.items():
        opts = {k: driver.user(v) if k == "player" else v for k, v in options.items()}
        handle = await driver.slash(user, channel, command, {**opts, "game": game_id})
        out[command] = (await handle.reply()).content
    return out


async def test_a_game_of_another_server_answers_as_one_that_does_not_exist(
    driver: Driver,
) -> None:
    powers = await start_game(driver)
    await dm_orders(driver, powers["FRANCE"], "A Par - Bur")
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    mallory = driver.user("mallory")
    there = await answers_for(driver, mallory, elsewhere(driver), info.id)
    missing = await answers_for(driver, mallory, elsewhere(driver), info.id + 1000)
    for command in NAMING_A_GAME:
        assert there[command] == missing[command].replace(str(info.id + 1000), str(info.id)), (
            command,
            there[command],
        )
        assert "Bur" not in there[command]
    after = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    assert after.status.value == "active" and not after.paused
    assert await driver.bot.service.history.audit_log(info.id) == ()


async def test_the_server_gm_role_counts_only_in_its_own_server(driver: Driver) -> None:
    await start_game(driver)
    mallory = driver.user("mallory")  # GM in Elsewhere, a plain member here
    reply = await (await driver.slash(mallory, driver.fake.game_channel, "gm pause")).reply()
    assert "Only the GM" in reply.content
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    assert not info.paused


async def test_in_a_dm_only_ones_own_games_are_found(driver: Driver) -> None:
    await start_game(driver)
    info = await driver.bot.service.lobby.game_in_channel(driver.fake.game_channel.id)
    outsider = driver.user("outsider")
    dm = driver.dm(outsider)
    seen = await (await driver.slash(outsider, dm, "game status", {"game": info.id})).reply()
    unknown = await (
        await driver.slash(outsider, dm, "game status", {"game": info.id + 1000})
    ).reply()
    assert seen.content == unknown.content.replace(str(info.id + 1000), str(info.id))
    assert not seen.embeds


# --- 3. stale buttons and menus ---------------------------------------------------------


async def test_a_stale_preference_menu_never_joins_anyone(driver: Driver) -> None:
    channel, alice = driver.fake.game_channel, driver.user("alice")
    await (await driver.slash(driver.fake.gm, channel, "game create", {"name": "G"})).reply()
    menu = await (await driver.slash(alice, channel, "game join")).reply()
    left = await (await driver.slash(alice, channel, "game leave")).reply()
    assert "You left" in left.content
    picked = await driver.click(alice, menu, "dipgm:prefs", values=["FRANCE"])
    answer = await picked.reply()
    assert answer.ephemeral and "not in the lobby" in answer.content
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    assert info.players == ()


async def test_a_confirmation_for_a_phase_since_played_does_nothing(driver: Driver, clock) -> None:
    await start_game(driver)
    gm, channel = driver.fake.gm, driver.fake.game_channel
    ask = await (await driver.slash(gm, channel, "gm end", {"draw": True})).reply()
    clock.advance(days=5)  # the deadline passes and Spring 1901 is played meanwhile
    await driver.wait_for_message(lambda m: "results of Spring 1901" in m.content, channel=channel)
    answer = await (await driver.click(gm, ask, "dipgm:confirm")).reply()
    assert "moved on to Fall 1901" in answer.content and "nothing was done" in answer.content
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    assert info.status.value == "active"


# --- 9. every reply fits --------------------------------------------------------------


async def test_an_error_that_quotes_a_long_list_still_reaches_the_user(driver: Driver) -> None:
    """A player in many games with long names asks `/game status` in a DM without
    saying which: the answer lists them all, past Discord's limit, and must still go."""
    service, alice = driver.bot.service, driver.user("alice")
    others = (driver.user("bob"), driver.user("carol"))
    now = driver.bot.now()
    for i in range(25):
        name = f"{i:02d} " + "A very long game name indeed " * 3
        game = await service.lobby.create_game(driver.guild.id, 10_000 + i, 1, name[:100], now)
        for user in (alice, *others):
            await service.lobby.join(game.id, Caller(user.id, driver.guild.id), now)
        await service.lobby.start(game.id, Caller(1, driver.guild.id), now)
    reply = await (await driver.slash(alice, driver.dm(alice), "game status")).reply()
    assert reply.content.startswith("You play in several games")
    assert len(reply.content) <= 2000


# --- 11. nobody is pinged by a name -----------------------------------------------------


async def test_the_start_announcement_pings_the_players_only(driver: Driver) -> None:
    outsider = driver.user("outsider")
    name = f"Game for {outsider.mention} and @everyone"
    powers = await start_game(driver, ("alice", "bob", "carol"), name=name)
    post = next(
        m for m in driver.bot_messages(driver.fake.game_channel) if "has begun" in m.content
    )
    assert outsider.mention in post.content  # named, but not pinged
    assert post.pinged_users == {u.id for u in powers.values()}
    assert not post.pinged_everyone and not post.pinged_roles


# --- secret ballots -------------------------------------------------------------------


async def test_the_ballot_that_closes_a_secret_vote_shows_no_names(driver: Driver) -> None:
    powers = await start_game(driver)
    channel = driver.fake.game_channel
    mark = len(driver.world.bot_messages)
    await (await driver.slash(powers["FRANCE"], channel, "draw propose")).reply()
    ballots = {}
    for power, user in powers.items():
        if power == "FRANCE":
            continue  # the proposer's vote counts as yes: no ballot
        ballots[power] = await driver.wait_for_message(
            lambda m: any(c.startswith("dipgm:vote:") for c in m.custom_ids()),
            channel=driver.dm(user),
            since=mark,
        )
    seen = []
    for power in ("ITALY", "GERMANY", "ENGLAND", "AUSTRIA", "TURKEY", "RUSSIA"):
        ballot = ballots[power]
        click = await driver.click(powers[power], ballot, ballot.custom_ids()[0])
        seen.append((await click.reply()).content)
    assert "passed" in seen[-1]
    for text in seen:
        assert not any(p.title() in text for p in powers), text
    late = await driver.click(
        powers["RUSSIA"], ballots["RUSSIA"], ballots["RUSSIA"].custom_ids()[1]
    )
    assert "This vote is closed" in (await late.reply()).content


# --- 10. bounds on what a user can send ---------------------------------------------------


def options_of(command: dict):
    for option in command.get("options", []):
        if option["type"] in (1, 2):  # subcommand (group): look inside
            yield from options_of(option)
        else:
            yield command["name"], option


async def test_every_free_text_and_number_option_is_bounded(driver: Driver) -> None:
    """Discord refuses, before the bot sees them, strings longer and numbers larger
    than a command declares: every string option declares a length, every integer a
    range within what the database holds."""
    unbounded = []
    for command in driver.world.global_commands:
        for name, option in options_of(command):
            if option["type"] == 3 and "choices" not in option and "max_length" not in option:
                unbounded.append(f"/{command['name']} {name} {option['name']}")
            if option["type"] == 4 and option.get("max_value", 2**53) > 2**31 - 1:
                unbounded.append(f"/{command['name']} {name} {option['name']}")
    assert unbounded == []


async def test_a_huge_game_number_by_dm_is_simply_not_found(driver: Driver) -> None:
    await start_game(driver)
    alice = driver.user("alice")
    await driver.user_says(alice, "dm", "map 99999999999999999999")
    answer = await driver.wait_for_message(channel=driver.dm(alice))
    assert answer.content == "There is no game number 99999999999999999999."


# --- 2. the holder of a proxy is told when it ends ------------------------------------


async def test_the_holder_of_a_proxy_is_told_when_it_ends(driver: Driver) -> None:
    powers = await start_game(driver)
    channel, germany, austria = driver.fake.game_channel, powers["GERMANY"], powers["AUSTRIA"]
    granted = await (
        await driver.slash(germany, channel, "orders proxy", {"player": austria})
    ).reply()
    assert "may now order all your units" in granted.content
    await driver.slash(
        driver.fake.gm,
        channel,
        "gm replace",
        {"power": "GERMANY", "player": driver.user("outsider")},
    )
    told = await driver.wait_for_message(
        lambda m: "no longer order for **Germany**" in m.content, channel=driver.dm(austria)
    )
    assert "new player" in told.content


# --- moderators read private threads (issue 19) -------------------------------------


async def test_a_player_who_can_read_every_thread_is_warned_and_so_is_the_gm(
    driver: Driver,
) -> None:
    channel, gm = driver.fake.game_channel, driver.fake.gm
    moderator, alice, bob = (driver.user(n) for n in ("moderator", "alice", "bob"))
    await (await driver.slash(gm, channel, "game create", {"name": "G"})).reply()
    warned = await (await driver.slash(moderator, channel, "game join")).reply()
    assert warned.ephemeral and "every private thread" in warned.content
    plain = await (await driver.slash(alice, channel, "game join")).reply()
    assert "every private thread" not in plain.content
    await (await driver.slash(bob, channel, "game join")).reply()
    started = await (await driver.slash(gm, channel, "game start")).reply()
    assert started.ephemeral and f"{moderator.mention} (Moderator) can read every private" in (
        started.content
    )
    # Why: Discord shows them a thread between two other players.
    info = await driver.bot.service.lobby.game_in_channel(channel.id)
    powers = {p.user_id: p.power for p in info.powers if p.user_id}
    talk = await (await driver.slash(alice, channel, "talk", {"power": powers[bob.id]})).reply()
    assert talk.content.startswith("Opened")
    thread = next(c for c in driver.guild.channels.values() if c.is_thread)
    assert moderator.id not in thread.member_ids and driver.can_read(moderator, thread)
