"""Smoke test of the fake Discord with a throwaway bot defined here.

The bot is deliberately tiny and unrelated to dipgm's cogs: it only proves
that the real discord.py client connects to the fake and that every helper
(``slash``, ``autocomplete``, ``click``, ``user_says``) and every enforced
rule (limits, single acknowledgement, deadline) behaves like Discord.
"""

from __future__ import annotations

import asyncio
import io
import struct
import zlib
from collections.abc import AsyncIterator

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands

from tests.fake_discord import Driver, FakeDiscord
from tests.fake_discord.plugin import fake_discord  # noqa: F401  (fixture)

pytestmark = pytest.mark.asyncio

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
ORDERS = ["A Par - Bur", "A Par - Pic", "A Par - Gas", "F Bre - MAO", "A Mar - Spa"]


def tiny_png(width: int = 4, height: int = 3) -> bytes:
    """A valid greyscale PNG built by hand, so the test needs no Pillow."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    rows = b"".join(b"\x00" + bytes(range(width)) for _ in range(height))
    return (
        PNG_MAGIC
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


class VoteView(discord.ui.View):
    @discord.ui.button(label="Draw", custom_id="vote:draw", style=discord.ButtonStyle.primary)
    async def draw(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(
            f"{interaction.user.name} votes draw", ephemeral=True
        )


class PowerSelect(discord.ui.View):
    @discord.ui.select(
        custom_id="prefer:power",
        options=[discord.SelectOption(label=p, value=p) for p in ("ENG", "FRA", "GER")],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(
            f"{interaction.user.name} prefers {select.values[0]}", ephemeral=True
        )


class RenameModal(discord.ui.Modal, title="Rename the game"):
    name = discord.ui.TextInput(label="New name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Renamed to {self.name.value}", ephemeral=True)


class SmokeBot(commands.Bot):
    """Just enough bot to exercise the fake."""

    def __init__(self, intents: discord.Intents | None = None) -> None:
        # Intents.default() holds no privileged intent, as the fake grants none by default
        # (a DM's content arrives without MESSAGE_CONTENT).
        super().__init__(command_prefix="!", intents=intents or discord.Intents.default())
        self.seen: dict[str, object] = {}
        self.tree.add_command(self.game_group())
        self.tree.add_command(self.orders_group())

    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is not None:
            return
        await message.channel.send(f"Understood: {message.content}")

    def game_group(self) -> app_commands.Group:
        game = app_commands.Group(name="game", description="Game commands")
        bot = self

        @game.command(name="ping", description="Ephemeral pong")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pong", ephemeral=True)

        @game.command(name="map", description="Deferred map")
        async def map_(interaction: discord.Interaction) -> None:
            await interaction.response.defer(thinking=True)
            await interaction.followup.send(
                "Spring 1901", file=discord.File(io.BytesIO(tiny_png()), "map.png")
            )

        @game.command(name="vote", description="Vote buttons")
        async def vote(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Vote on a draw", view=VoteView())

        @game.command(name="press", description="Open a private thread with a player")
        @app_commands.describe(player="Who to talk to")
        async def press(interaction: discord.Interaction, player: discord.Member) -> None:
            assert isinstance(interaction.channel, discord.TextChannel)
            thread = await interaction.channel.create_thread(
                name="press-france-germany", invitable=False
            )
            await thread.add_user(interaction.user)
            await thread.add_user(player)
            await interaction.response.send_message(f"Opened {thread.mention}", ephemeral=True)

        @game.command(name="long", description="Too long a message")
        async def long(interaction: discord.Interaction) -> None:
            try:
                await interaction.response.send_message("x" * 2001)
            except discord.HTTPException as exc:
                bot.seen["long"] = exc
                await interaction.response.send_message("Report too long; attached instead.")

        @game.command(name="twice", description="Answers twice")
        async def twice(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("first")
            # Bypass discord.py's own guard to see Discord's answer.
            interaction.response._response_type = None
            try:
                await interaction.response.send_message("second")
            except discord.HTTPException as exc:
                bot.seen["twice"] = exc

        @game.command(name="slow", description="Answers too late")
        async def slow(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.2)
            try:
                await interaction.response.send_message("late")
            except discord.NotFound as exc:
                bot.seen["slow"] = exc

        @game.command(name="report", description="Deferred ephemeral, then edited")
        async def report(interaction: discord.Interaction) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            embed = discord.Embed(title="Spring 1901", description="All orders succeeded.")
            await interaction.edit_original_response(content="Report", embed=embed)

        @game.command(name="rename", description="Opens a modal")
        async def rename(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(RenameModal())

        @game.command(name="prefer", description="Power preference select")
        async def prefer(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("Pick a power", view=PowerSelect())

        @game.command(name="announce", description="File in the response, then a channel post")
        async def announce(interaction: discord.Interaction) -> None:
            orders = discord.File(io.BytesIO(b"A Par - Bur"), "orders.txt")
            await interaction.response.send_message("Announcing", file=orders)
            assert isinstance(interaction.channel, discord.TextChannel)
            message = await interaction.channel.send("Deadline <t:0:R>")
            await message.edit(content="Deadline extended")

        @game.command(name="crash", description="Raises")
        async def crash(interaction: discord.Interaction) -> None:
            raise RuntimeError("boom in handler")

        return game

    def orders_group(self) -> app_commands.Group:
        orders = app_commands.Group(name="orders", description="Orders")

        @orders.command(name="add", description="Add an order")
        async def add(interaction: discord.Interaction, order: str) -> None:
            await interaction.response.send_message(f"Order: {order}", ephemeral=True)

        @add.autocomplete("order")
        async def complete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            hits = [o for o in ORDERS if current.lower() in o.lower()]
            return [app_commands.Choice(name=o, value=o) for o in hits]

        return orders


def _bytes_io(data: bytes):
    import io

    return io.BytesIO(data)


@pytest_asyncio.fixture
async def driver(fake_discord: FakeDiscord) -> AsyncIterator[Driver]:  # noqa: F811
    bot = SmokeBot()
    async with fake_discord.run_bot(bot) as drv:
        await drv.sync_commands()
        yield drv


async def test_connects_and_sees_the_guild(driver: Driver) -> None:
    bot = driver.bot
    assert bot.is_ready()
    assert bot.user is not None and bot.user.id == driver.world.bot_user.id
    guild = bot.get_guild(driver.guild.id)
    assert guild is not None and guild.name == "Diplomacy"
    assert {c.name for c in guild.text_channels} == {"general", "diplomacy"}
    gm_role = discord.utils.get(guild.roles, name="GM")
    # Without GUILD_PRESENCES, GUILD_CREATE carries only the bot's own member.
    assert guild.get_member(driver.user("gm").id) is None
    gm = await guild.fetch_member(driver.user("gm").id)
    assert gm_role in gm.roles
    assert {c["name"] for c in driver.world.global_commands} == {"game", "orders"}


async def test_slash_subcommand_ephemeral(driver: Driver) -> None:
    handle = await driver.slash(driver.user("alice"), driver.fake.game_channel, "game ping")
    reply = await handle.reply()
    assert reply.content == "pong"
    assert handle.callback_type == 4 and handle.ephemeral and reply.ephemeral


async def test_deferred_followup_with_png(driver: Driver) -> None:
    handle = await driver.slash(driver.user("bob"), driver.fake.game_channel, "game map")
    rec = await handle.response()
    assert rec.callback_type == 5
    reply = await handle.reply()
    assert reply.content == "Spring 1901" and not reply.ephemeral
    (png,) = reply.attachments
    assert png.filename == "map.png"
    assert png.data.startswith(PNG_MAGIC) and png.data == tiny_png()
    width, height = struct.unpack(">II", png.data[16:24])
    assert (width, height) == (4, 3)


async def test_dm_on_message_reply(driver: Driver) -> None:
    alice = driver.user("alice")
    await driver.user_says(alice, "dm", "A Par - Bur")
    reply = await driver.wait_for_message(channel=driver.dm(alice))
    assert reply.content == "Understood: A Par - Bur"


async def test_button_click(driver: Driver) -> None:
    carol = driver.user("carol")
    handle = await driver.slash(carol, driver.fake.game_channel, "game vote")
    vote = await handle.reply()
    assert vote.custom_ids() == ["vote:draw"]
    click = await driver.click(carol, vote, "vote:draw")
    answer = await click.reply()
    assert answer.content == "carol votes draw" and answer.ephemeral


async def test_autocomplete(driver: Driver) -> None:
    handle = await driver.autocomplete(
        driver.user("alice"), driver.fake.game_channel, "orders add", focused="order", value="par"
    )
    choices = await handle.choices()
    assert [c["value"] for c in choices] == ORDERS[:3]


async def test_private_thread_with_members(driver: Driver) -> None:
    alice, bob = driver.user("alice"), driver.user("bob")
    handle = await driver.slash(alice, driver.fake.game_channel, "game press", {"player": bob})
    reply = await handle.reply()
    (thread,) = [c for c in driver.guild.channels.values() if c.is_thread]
    assert thread.type == 12 and thread.name == "press-france-germany" and not thread.invitable
    assert thread.member_ids == {driver.world.bot_user.id, alice.id, bob.id}
    assert reply.content == f"Opened <#{thread.id}>"
    cached = driver.bot.get_channel(thread.id)
    assert isinstance(cached, discord.Thread) and cached.parent_id == driver.fake.game_channel.id


async def test_archived_private_threads_are_listed_and_guarded_as_discord_does(
    driver: Driver,
) -> None:
    parent = driver.bot.get_channel(driver.fake.game_channel.id)
    assert isinstance(parent, discord.TextChannel)
    made = [
        await parent.create_thread(name=f"t{i}", type=discord.ChannelType.private_thread)
        for i in range(4)
    ]
    fakes = [driver.world.channels[t.id] for t in made]
    for fake in fakes[:3]:
        await driver.archive(fake)
    listed = [t async for t in parent.archived_threads(private=True, joined=True, limit=None)]
    assert [t.id for t in listed] == [t.id for t in reversed(made[:3])]  # newest first
    assert all(t.archived for t in listed)
    # Paged by id, two at a time, as discord.py asks when given a small limit.
    http = driver.bot.http
    first = await http.get_joined_private_archived_threads(parent.id, limit=2)
    assert [int(t["id"]) for t in first["threads"]] == [made[2].id, made[1].id]
    assert first["has_more"]
    rest = await http.get_joined_private_archived_threads(
        parent.id, before=first["threads"][-1]["id"], limit=2
    )
    assert [int(t["id"]) for t in rest["threads"]] == [made[0].id] and not rest["has_more"]
    # Discord changes the members of an unarchived thread only, and edits an archived
    # one only in the request that unarchives it.
    alice = driver.user("alice")
    with pytest.raises(discord.HTTPException) as refused:
        await listed[0].add_user(discord.Object(alice.id))
    assert refused.value.code == 50083
    with pytest.raises(discord.HTTPException):
        await listed[0].edit(locked=True)
    awake = await listed[0].edit(archived=False, locked=True)
    assert not awake.archived and awake.locked and not fakes[2].archived


async def test_too_long_message_is_refused_and_recorded(driver: Driver) -> None:
    handle = await driver.slash(driver.user("alice"), driver.fake.game_channel, "game long")
    reply = await handle.reply()
    assert reply.content.startswith("Report too long")
    exc = driver.bot.seen["long"]
    assert isinstance(exc, discord.HTTPException) and exc.status == 400 and exc.code == 50035
    (violation,) = driver.take_violations(50035)
    assert "content is 2001 chars, limit 2000" in violation.detail


async def test_double_response_refused(driver: Driver) -> None:
    handle = await driver.slash(driver.user("bob"), driver.fake.game_channel, "game twice")
    assert (await handle.reply()).content == "first"
    await driver.wait_until(
        lambda: driver.bot.seen.get("twice"), what="the second response to fail"
    )
    exc = driver.bot.seen["twice"]
    assert isinstance(exc, discord.HTTPException) and exc.code == 40060
    assert len(handle.messages) == 1
    assert [v.code for v in driver.take_violations()] == [40060]


async def test_late_response_is_unknown_interaction(driver: Driver) -> None:
    driver.fake.api.interaction_deadline = 0.05  # the real 3 s, shortened
    await driver.slash(driver.user("bob"), driver.fake.game_channel, "game slow")
    await driver.wait_until(lambda: driver.bot.seen.get("slow"), what="the late response to fail")
    assert driver.bot.seen["slow"].code == 10062
    assert [v.code for v in driver.take_violations()] == [10062]


async def test_handler_exception_fails_the_run(fake_discord: FakeDiscord) -> None:  # noqa: F811
    with pytest.raises(AssertionError, match="boom in handler"):
        async with fake_discord.run_bot(SmokeBot()) as drv:
            await drv.sync_commands()
            await drv.slash(drv.user("alice"), fake_discord.game_channel, "game crash")
            await drv.wait_until(lambda: drv.collector.errors, what="the handler error")


async def test_unsynced_command_is_a_clear_error(fake_discord: FakeDiscord) -> None:  # noqa: F811
    async with fake_discord.run_bot(SmokeBot()) as drv:
        with pytest.raises(LookupError, match=r"tree\.sync"):
            await drv.slash(drv.user("alice"), fake_discord.game_channel, "game ping")


async def test_gateway_uses_zlib_stream(driver: Driver) -> None:
    session = driver.fake.gateway.session
    assert session is not None and session.compressed


async def test_deferred_ephemeral_then_edit_original(driver: Driver) -> None:
    handle = await driver.slash(driver.user("gm"), driver.fake.game_channel, "game report")
    reply = await handle.reply()
    assert handle.ephemeral and reply.ephemeral and handle.deferred
    assert reply.content == "Report" and reply.embeds[0]["title"] == "Spring 1901"
    assert not reply.history[-1]["content"]  # it was the "thinking…" placeholder


async def test_modal_open_and_submit(driver: Driver) -> None:
    alice = driver.user("alice")
    handle = await driver.slash(alice, driver.fake.game_channel, "game rename")
    modal = await handle.modal()
    assert modal["title"] == "Rename the game"
    submitted = await driver.submit_modal(alice, handle, {"name": "Autumn Game"})
    assert (await submitted.reply()).content == "Renamed to Autumn Game"


async def test_select_menu(driver: Driver) -> None:
    bob = driver.user("bob")
    handle = await driver.slash(bob, driver.fake.game_channel, "game prefer")
    menu = await handle.reply()
    picked = await driver.click(bob, menu, "prefer:power", values=["FRA"])
    answer = await picked.reply()
    assert answer.content == "bob prefers FRA" and answer.ephemeral


async def test_response_with_file_then_channel_post_edited(driver: Driver) -> None:
    channel = driver.fake.game_channel
    handle = await driver.slash(driver.user("gm"), channel, "game announce")
    reply = await handle.reply()
    assert [(a.filename, a.data) for a in reply.attachments] == [("orders.txt", b"A Par - Bur")]
    post = await driver.wait_for_message(lambda m: m.edited_at is not None, channel=channel)
    assert post.interaction_id is None and post.content == "Deadline extended"
    assert [v["content"] for v in post.history] == ["Deadline <t:0:R>"]
