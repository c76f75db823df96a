"""Smoke tests of the fake's stricter rules: intents, members endpoints, private
thread visibility, permissions with overwrites, channel kinds, pings and slash
option limits. A tiny bot defined here (not dipgm's) drives each rule; see
docs/DISCORD.md for the documentation each rule follows.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import AsyncIterator

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from tests.fake_discord import (
    GUILD_ANNOUNCEMENT,
    GUILD_CATEGORY,
    GUILD_FORUM,
    GUILD_MEMBERS,
    GUILD_PRESENCES,
    GUILD_VOICE,
    MESSAGE_CONTENT,
    CannotSend,
    Driver,
    FakeChannel,
    FakeDiscord,
)
from tests.fake_discord import permissions as perm
from tests.fake_discord.plugin import fake_discord  # noqa: F401  (fixture)

pytestmark = pytest.mark.asyncio

NO_PINGS = discord.AllowedMentions.none()
KINDS = [app_commands.Choice(name="Army", value="A"), app_commands.Choice(name="Fleet", value="F")]


class StrictBot(commands.Bot):
    """Like dipgm: no privileged intent, no pings unless a message asks for them."""

    def __init__(
        self,
        intents: discord.Intents | None = None,
        allowed_mentions: discord.AllowedMentions | None = NO_PINGS,
    ) -> None:
        if intents is None:
            intents = discord.Intents.none()
            intents.guilds = True
            intents.dm_messages = True
            intents.guild_messages = True  # so that user_says in a server reaches it
        super().__init__(command_prefix="!", intents=intents, allowed_mentions=allowed_mentions)
        self.seen: dict[str, object] = {}
        self.thread_member_events: list[int] = []
        bot = self

        @self.tree.command(name="order", description="Bounded options")
        @app_commands.choices(kind=KINDS)
        async def order(
            interaction: discord.Interaction,
            text: app_commands.Range[str, 1, 5],
            count: app_commands.Range[int, 1, 10],
            kind: str = "A",
            note: str | None = None,
        ) -> None:
            bot.seen["order"] = (text, count, kind, note)
            await interaction.response.send_message("ok", ephemeral=True)

        @self.tree.command(name="pick", description="Autocomplete")
        async def pick(interaction: discord.Interaction, unit: str, hours: int = 1) -> None:
            await interaction.response.send_message(unit, ephemeral=True)

        @pick.autocomplete("unit")
        async def pick_unit(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            return [
                app_commands.Choice(name=u, value=u) for u in ("A Par", "F Bre") if current in u
            ]

        @pick.autocomplete("hours")
        async def pick_hours(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[int]]:
            return [app_commands.Choice(name="one", value=1)]

        @self.tree.command(name="perms", description="Records the interaction's permissions")
        async def perms(interaction: discord.Interaction) -> None:
            bot.seen["perms"] = (interaction.permissions.value, interaction.app_permissions.value)
            await interaction.response.send_message("noted", ephemeral=True)

        @self.tree.command(name="hello", description="Says hello to someone")
        async def hello(interaction: discord.Interaction, who: discord.User) -> None:
            await interaction.response.send_message(f"Hello {who.mention}")

        @self.tree.command(name="mods", description="Mods only")
        @app_commands.default_permissions(manage_threads=True)
        async def mods(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("mods", ephemeral=True)

        @self.tree.command(name="serveronly", description="Not in DMs")
        @app_commands.guild_only()
        async def serveronly(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("here", ephemeral=True)

    async def on_thread_member_join(self, member: discord.ThreadMember) -> None:
        self.thread_member_events.append(member.id)


@contextlib.asynccontextmanager
async def running(fake: FakeDiscord, bot: discord.Client | None = None) -> AsyncIterator[Driver]:
    """Start ``fake`` (if needed), run ``bot`` against it, sync its commands."""
    started = fake.port == 0
    if started:
        await fake.start()
    try:
        async with fake.run_bot(bot or StrictBot()) as driver:
            await driver.sync_commands()
            yield driver
    finally:
        if started:
            await fake.close()


def channel_of(driver: Driver, fake_channel: FakeChannel):
    channel = driver.bot.get_channel(fake_channel.id)
    assert channel is not None
    return channel


async def private_thread(driver: Driver, *members: str) -> tuple[discord.Thread, FakeChannel]:
    parent = channel_of(driver, driver.fake.game_channel)
    thread = await parent.create_thread(
        name="talk", type=discord.ChannelType.private_thread, invitable=False
    )
    for name in members:
        await thread.add_user(discord.Object(driver.user(name).id))
    return thread, driver.world.channels[thread.id]


# -- 1. privileged intents -----------------------------------------------------------


async def test_a_privileged_intent_not_granted_closes_the_gateway_with_4014() -> None:
    intents = discord.Intents.default()
    intents.members = True
    fake = FakeDiscord()
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(fake, StrictBot(intents=intents)):
            pass
    assert closed.value.code == 4014


async def test_message_content_is_privileged_too() -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(FakeDiscord(), StrictBot(intents=intents)):
            pass
    assert closed.value.code == 4014


async def test_an_undocumented_intent_bit_closes_with_4013() -> None:
    intents = discord.Intents.none()
    intents.value = 1 << 30
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(FakeDiscord(), StrictBot(intents=intents)):
            pass
    assert closed.value.code == 4013


async def test_granted_intents_are_accepted_and_presences_bring_every_member() -> None:
    intents = discord.Intents.default()
    intents.members = True
    intents.presences = True
    fake = FakeDiscord(granted_intents=GUILD_MEMBERS | GUILD_PRESENCES)
    async with running(fake, StrictBot(intents=intents)) as driver:
        guild = driver.bot.get_guild(fake.guild.id)
        assert guild is not None and guild.chunked
        assert {m.id for m in guild.members} == set(fake.guild.members)


async def test_members_intent_without_presences_chunks_at_startup() -> None:
    intents = discord.Intents.default()
    intents.members = True
    fake = FakeDiscord(granted_intents=GUILD_MEMBERS)
    async with running(fake, StrictBot(intents=intents)) as driver:
        guild = driver.bot.get_guild(fake.guild.id)
        assert guild is not None and guild.chunked
        assert guild.get_member(fake.gm.id) is not None


async def test_without_presences_guild_create_holds_only_the_bot(driver_default: Driver) -> None:
    driver = driver_default
    guild = driver.bot.get_guild(driver.guild.id)
    assert guild is not None
    assert [m.id for m in guild.members] == [driver.world.bot_user.id]
    assert guild.member_count == len(driver.guild.members)  # the real count
    assert not guild.chunked  # and discord.py does not try to chunk without the intent


# -- 2. endpoints behind GUILD_MEMBERS -------------------------------------------------


async def test_list_thread_members_and_guild_members_need_the_members_intent(
    driver_default: Driver,
) -> None:
    driver = driver_default
    thread, _ = await private_thread(driver, "alice")
    with pytest.raises(discord.Forbidden) as refused:
        await thread.fetch_members()
    assert refused.value.status == 403 and refused.value.code == 50001
    with pytest.raises(discord.Forbidden) as refused_guild:
        await driver.bot.http.get_members(driver.guild.id, 10, None)
    assert refused_guild.value.code == 50001
    taken = driver.take_violations(50001)
    assert [v.route.split("/")[-1] for v in taken] == ["thread-members", "members"]
    # One member at a time is not restricted.
    alice = await thread.fetch_member(driver.user("alice").id)
    assert alice.id == driver.user("alice").id
    with pytest.raises(discord.NotFound):
        await thread.fetch_member(driver.user("bob").id)


async def test_the_members_endpoints_follow_the_app_setting_not_the_session() -> None:
    # "HTTP API restrictions are independent of Gateway restrictions": the intent is
    # enabled for the app, the bot does not ask for it on the gateway.
    fake = FakeDiscord(granted_intents=GUILD_MEMBERS)
    async with running(fake) as driver:
        thread, _ = await private_thread(driver, "alice", "bob")
        members = await thread.fetch_members()
        assert {m.id for m in members} == {
            driver.world.bot_user.id,
            driver.user("alice").id,
            driver.user("bob").id,
        }
        listed = await driver.bot.http.get_members(fake.guild.id, 1000, None)
        assert len(listed) == len(fake.guild.members)


async def test_thread_members_update_about_others_needs_the_members_intent() -> None:
    fake = FakeDiscord()
    async with running(fake) as driver:
        thread, _ = await private_thread(driver, "alice")
        await driver.wait_until(
            lambda: driver.user("alice").id in driver.world.channels[thread.id].member_ids
        )
        assert driver.bot.thread_member_events == []  # not told about alice
    intents = discord.Intents.none()
    intents.guilds = True
    intents.members = True
    fake = FakeDiscord(granted_intents=GUILD_MEMBERS)
    async with running(fake, StrictBot(intents=intents)) as driver:
        thread, _ = await private_thread(driver, "alice")
        alice = driver.user("alice").id
        await driver.wait_until(lambda: alice in driver.bot.thread_member_events)


# -- 3. who can read a channel ---------------------------------------------------------


async def test_private_threads_are_seen_by_members_and_moderators(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    alice, carol, gm = driver.user("alice"), driver.user("carol"), fake.gm
    _, thread = await private_thread(driver, "alice")
    assert driver.can_read(alice, thread)
    assert not driver.can_read(carol, thread) and not driver.can_read(gm, thread)
    with pytest.raises(AssertionError, match="cannot see"):
        await driver.user_says(carol, thread, "let me in")
    # topics/threads: "or be a moderator (MANAGE_THREADS permission)".
    fake.add_role("Moderator", permissions=perm.MANAGE_THREADS)
    fake.add_member(gm, fake.guild, roles=("Moderator",))
    assert driver.can_read(gm, thread)
    fake.add_role("Admin", permissions=perm.ADMINISTRATOR)
    fake.add_member(carol, fake.guild, roles=("Admin",))
    assert driver.can_read(carol, thread)
    await driver.user_says(carol, thread, "admins see everything")
    # The owner holds every permission.
    assert driver.can_read(driver.world.owner, thread)
    # "Users must have the VIEW_CHANNEL permission to view any threads in the channel,
    # even if they are directly mentioned or added to the thread."
    await driver.set_overwrite(fake.game_channel, alice, deny=perm.VIEW_CHANNEL)
    assert not driver.can_read(alice, thread)


# -- 4. permissions --------------------------------------------------------------------


async def test_the_bot_holds_exactly_the_readme_permissions(driver_default: Driver) -> None:
    driver = driver_default
    role = driver.fake.bot_role()
    assert role.permissions == 360777305088 and role.bot_id == driver.world.bot_user.id
    guild = driver.bot.get_guild(driver.guild.id)
    assert guild is not None and guild.owner_id == driver.world.owner.id
    me = guild.me
    assert not me.guild_permissions.administrator
    assert me.guild_permissions.manage_threads and not me.guild_permissions.manage_channels


async def test_permission_computation_follows_the_documented_order() -> None:
    fake = FakeDiscord()
    world, guild, channel = fake.world, fake.guild, fake.game_channel
    alice = fake.user("alice")
    gm_role = guild.role_named("GM")
    everyone = perm.DEFAULT_PERMISSIONS
    assert world.permissions_in(alice.id, channel) == everyone
    # @everyone deny, a role's allow wins over it, the member's deny wins over both.
    fake.set_overwrite(channel, guild, deny=perm.SEND_MESSAGES)
    assert not world.permissions_in(alice.id, channel) & perm.SEND_MESSAGES
    fake.add_member(alice, guild, roles=("GM",))
    fake.set_overwrite(channel, gm_role, allow=perm.SEND_MESSAGES)
    assert world.permissions_in(alice.id, channel) & perm.SEND_MESSAGES
    fake.set_overwrite(channel, alice, deny=perm.SEND_MESSAGES)
    assert not world.permissions_in(alice.id, channel) & perm.SEND_MESSAGES
    # Implicit: no SEND_MESSAGES, no ATTACH_FILES/EMBED_LINKS; no VIEW_CHANNEL, nothing.
    assert not world.permissions_in(alice.id, channel) & perm.ATTACH_FILES
    assert world.permissions_in(alice.id, channel, implicit=False) & perm.ATTACH_FILES
    fake.set_overwrite(channel, alice, deny=perm.VIEW_CHANNEL)
    assert world.permissions_in(alice.id, channel) & perm.CHANNEL_PERMISSIONS == 0
    # Administrator and the owner: every permission, overwrites or not.
    admin = fake.add_role("Admin", permissions=perm.ADMINISTRATOR)
    fake.add_member(alice, guild, roles=(admin.name,))
    assert world.permissions_in(alice.id, channel) == perm.ALL
    assert world.permissions_in(world.owner.id, channel) == perm.ALL
    assert world.permissions_in(fake.user("bob").id, fake.add_guild("Other").general) == 0


async def test_sending_without_a_permission_is_refused_as_discord_does(
    driver_default: Driver,
) -> None:
    driver = driver_default
    fake = driver.fake
    bot_role = fake.bot_role()
    general = channel_of(driver, fake.general)
    # A server removing a permission the README asks for: a plain 403, not a violation.
    await driver.set_overwrite(fake.general, bot_role, deny=perm.SEND_MESSAGES)
    with pytest.raises(discord.Forbidden) as refused:
        await general.send("results")
    assert refused.value.code == 50013
    assert driver.refusals[-1].code == 50013 and "SEND_MESSAGES" in driver.refusals[-1].detail
    await driver.set_overwrite(fake.general, bot_role, deny=perm.ATTACH_FILES)
    await general.send("text is fine")
    with pytest.raises(discord.Forbidden):
        await general.send("map", file=discord.File(io.BytesIO(b"png"), "map.png"))
    await driver.set_overwrite(fake.general, bot_role, deny=perm.EMBED_LINKS)
    with pytest.raises(discord.Forbidden):
        await general.send(embed=discord.Embed(title="Status"))
    await driver.set_overwrite(fake.general, bot_role, deny=perm.VIEW_CHANNEL)
    with pytest.raises(discord.Forbidden) as hidden:
        await general.send("anyone?")
    assert hidden.value.code == 50001
    assert driver.world.violations == []


async def test_a_thread_needs_send_messages_in_threads_not_send_messages(
    driver_default: Driver,
) -> None:
    driver = driver_default
    fake = driver.fake
    thread, _ = await private_thread(driver, "alice")
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.SEND_MESSAGES)
    await thread.send("still allowed in the thread")
    await driver.set_overwrite(
        fake.game_channel, fake.bot_role(), deny=perm.SEND_MESSAGES_IN_THREADS
    )
    with pytest.raises(discord.Forbidden) as refused:
        await thread.send("not any more")
    assert refused.value.code == 50013


async def test_thread_routes_check_the_permission_each_page_names(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    parent = channel_of(driver, fake.game_channel)
    thread, fake_thread = await private_thread(driver, "alice")
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.MANAGE_THREADS)
    # Adding to a non-invitable private thread needs a moderator.
    with pytest.raises(discord.Forbidden):
        await thread.add_user(discord.Object(driver.user("bob").id))
    # Removing: "Requires the MANAGE_THREADS permission, or the creator of the thread if
    # it is a PRIVATE_THREAD" - the bot created it.
    await thread.remove_user(discord.Object(driver.user("alice").id))
    # Locking needs MANAGE_THREADS; renaming is the creator's right.
    with pytest.raises(discord.Forbidden):
        await thread.edit(locked=True)
    await thread.edit(name="renamed")
    assert fake_thread.name == "renamed"
    # Listing joined archived private threads needs READ_MESSAGE_HISTORY, which the
    # README no longer asks for: refused without it, as a bot bug (a violation).
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.READ_MESSAGE_HISTORY)
    with pytest.raises(discord.Forbidden):
        [t async for t in parent.archived_threads(private=True, joined=True)]
    assert [v.code for v in driver.take_violations()] == [50013]
    # Creating a private thread needs CREATE_PRIVATE_THREADS.
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.CREATE_PRIVATE_THREADS)
    with pytest.raises(discord.Forbidden):
        await parent.create_thread(name="x", type=discord.ChannelType.private_thread)
    assert driver.world.violations == []


async def test_locked_and_archived_threads_refuse_what_discord_refuses(
    driver_default: Driver,
) -> None:
    driver = driver_default
    fake = driver.fake
    thread, fake_thread = await private_thread(driver, "alice")
    posted = await thread.send("before the quiet week")
    await driver.archive(fake_thread)
    # "Users cannot edit messages [...] in archived threads" (50083)...
    with pytest.raises(discord.HTTPException) as archived:
        await posted.edit(content="edited")
    assert archived.value.code == 50083
    # ...but "Sending a message will automatically unarchive the thread".
    await thread.send("awake")
    assert not fake_thread.archived
    await thread.edit(locked=True)
    # A moderator still posts in a locked thread; without MANAGE_THREADS nobody does.
    await thread.send("the bot moderates")
    await driver.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.MANAGE_THREADS)
    with pytest.raises(discord.Forbidden) as locked:
        await thread.send("not any more")
    assert locked.value.code == 160005
    with pytest.raises(AssertionError, match="locked"):
        await driver.user_says(driver.user("alice"), fake_thread, "hello?")
    assert driver.world.violations == []


async def test_reading_messages_follows_history_and_content_rules(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    general = channel_of(driver, fake.general)
    await driver.user_says(fake.user("alice"), fake.general, "my secret plan")
    own = await general.send("the bot's own post")
    history = [m async for m in general.history(limit=10)]
    # No MESSAGE_CONTENT intent: a member's message reads empty, the bot's own does not.
    assert [m.content for m in history] == ["the bot's own post", ""]
    fake.granted_intents = MESSAGE_CONTENT
    history = [m async for m in general.history(limit=10)]
    assert [m.content for m in history] == ["the bot's own post", "my secret plan"]
    # "If the current user is missing the READ_MESSAGE_HISTORY permission in the channel,
    # then no messages will be returned." (The README asks for it no more.)
    await driver.set_overwrite(fake.general, fake.bot_role(), deny=perm.READ_MESSAGE_HISTORY)
    assert [m async for m in general.history(limit=10)] == []
    with pytest.raises(discord.Forbidden):
        await general.fetch_message(own.id)
    assert [v.code for v in driver.take_violations()] == [50013]
    fetched = await driver.bot.fetch_guild(fake.guild.id)
    assert fetched.name == fake.guild.name


async def test_a_permission_outside_the_readme_is_a_bot_bug(driver_default: Driver) -> None:
    driver = driver_default
    general = channel_of(driver, driver.fake.general)
    with pytest.raises(discord.Forbidden):
        await general.edit(name="renamed")  # MANAGE_CHANNELS
    message = await general.send("pin me")
    with pytest.raises(discord.Forbidden):
        await message.pin()  # PIN_MESSAGES
    said = await driver.user_says(driver.user("alice"), driver.fake.general, "hi")
    with pytest.raises(discord.Forbidden):
        await general.get_partial_message(said.id).delete()  # MANAGE_MESSAGES
    taken = driver.take_violations(50013)
    assert [v.detail.split()[2] for v in taken] == [
        "MANAGE_CHANNELS",
        "PIN_MESSAGES",
        "MANAGE_MESSAGES",
    ]


async def test_interactions_carry_the_permissions_in_their_channel(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    fake.set_overwrite(fake.game_channel, fake.bot_role(), deny=perm.ATTACH_FILES)
    fake.set_overwrite(fake.game_channel, fake.user("alice"), deny=perm.EMBED_LINKS)
    await (await driver.slash(fake.user("alice"), fake.game_channel, "perms")).reply()
    member_perms, app_perms = driver.bot.seen["perms"]
    assert not member_perms & perm.EMBED_LINKS and member_perms & perm.SEND_MESSAGES
    assert not app_perms & perm.ATTACH_FILES and app_perms & perm.MANAGE_THREADS
    await (await driver.slash(fake.user("alice"), fake.general, "perms")).reply()
    member_perms, app_perms = driver.bot.seen["perms"]
    assert member_perms & perm.EMBED_LINKS and app_perms & perm.ATTACH_FILES


async def test_a_second_server_shares_users_with_the_first() -> None:
    fake = FakeDiscord()
    other = fake.add_guild("Other Server")
    alice = fake.user("alice")
    fake.add_member(alice, other, roles=("GM",))
    stranger = fake.add_user("stranger", guild=other)
    async with running(fake) as driver:
        assert {g.id for g in driver.bot.guilds} == {fake.guild.id, other.id}
        assert other.game_channel is not None and other.general is not None
        handle = await driver.slash(alice, other.game_channel, "perms")
        await handle.reply()
        assert handle.record.guild_id == other.id
        roles = handle.record.payload["member"]["roles"]
        assert roles == [str(other.role_named("GM").id)]
        with pytest.raises(AssertionError, match="not a member"):
            await driver.slash(stranger, fake.game_channel, "perms")


async def test_channel_kinds_behave_as_on_discord() -> None:
    fake = FakeDiscord()
    forum = fake.add_channel("forum", type=GUILD_FORUM)
    voice = fake.add_channel("voice", type=discord.ChannelType.voice)
    news = fake.add_channel("news", type=GUILD_ANNOUNCEMENT)
    category = fake.add_channel("category", type=GUILD_CATEGORY)
    assert voice.type == GUILD_VOICE
    async with running(fake) as driver:
        bot = driver.bot
        assert isinstance(bot.get_channel(forum.id), discord.ForumChannel)
        assert isinstance(bot.get_channel(voice.id), discord.VoiceChannel)
        text_news = bot.get_channel(news.id)
        assert isinstance(text_news, discord.TextChannel) and text_news.is_news()
        # Voice channels have a text chat; announcement channels take messages.
        await bot.get_channel(voice.id).send("in the voice chat")
        await text_news.send("news")
        # Forums only hold threads (40058); categories hold nothing (50008).
        with pytest.raises(discord.HTTPException) as forum_refused:
            await bot.http.send_message(forum.id, params=_text("hello"))
        assert forum_refused.value.code == 40058
        with pytest.raises(discord.HTTPException) as category_refused:
            await bot.http.send_message(category.id, params=_text("hello"))
        assert category_refused.value.code == 50008
        # "Private threads [...] can only be created in GUILD_TEXT channels."
        with pytest.raises(discord.HTTPException) as news_refused:
            await text_news.create_thread(name="secret", type=discord.ChannelType.private_thread)
        assert news_refused.value.code == 50024
        # A forum post is a thread with its first message.
        post = await bot.get_channel(forum.id).create_thread(name="Game 1", content="Rules")
        assert post.thread.parent_id == forum.id and post.message.content == "Rules"
        # A user cannot post in a forum or a category either.
        with pytest.raises(AssertionError, match="forum"):
            await driver.user_says(fake.user("alice"), forum, "hello")
        assert sorted(v.code for v in driver.take_violations()) == [40058, 50008, 50024]


def _text(content: str):
    from discord.http import handle_message_parameters

    return handle_message_parameters(content=content)


# -- 5. pings ------------------------------------------------------------------------


async def test_pings_follow_allowed_mentions(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    alice, bob = fake.user("alice"), fake.user("bob")
    general = channel_of(driver, fake.general)
    # The client default is AllowedMentions.none(): nobody is pinged.
    silent = await general.send(f"{alice.mention} and {bob.mention}")
    fake_silent = driver.world.messages[silent.id]
    assert fake_silent.pinged_users == set() and fake_silent.mentions == []
    loud = await general.send(
        f"{alice.mention} and {bob.mention}", allowed_mentions=discord.AllowedMentions(users=True)
    )
    assert driver.world.messages[loud.id].pinged_users == {alice.id, bob.id}
    only_bob = await general.send(
        f"{alice.mention} and {bob.mention}",
        allowed_mentions=discord.AllowedMentions(users=[discord.Object(bob.id)]),
    )
    assert driver.world.messages[only_bob.id].pinged_users == {bob.id}
    # An edit rebuilds the mentions from the new content.
    await loud.edit(
        content=f"only {bob.mention} now", allowed_mentions=discord.AllowedMentions(users=True)
    )
    assert driver.world.messages[loud.id].pinged_users == {bob.id}


async def test_everyone_and_roles_need_permission_or_a_mentionable_role(
    driver_default: Driver,
) -> None:
    driver = driver_default
    fake = driver.fake
    general = channel_of(driver, fake.general)
    quiet = fake.add_role("Quiet", mentionable=False)
    loud = fake.add_role("Loud", mentionable=True)
    everything = discord.AllowedMentions.all()
    sent = await general.send(
        f"@everyone <@&{quiet.id}> <@&{loud.id}>", allowed_mentions=everything
    )
    message = driver.world.messages[sent.id]
    assert not message.pinged_everyone and message.pinged_roles == {loud.id}
    fake.bot_role().permissions |= perm.MENTION_EVERYONE
    sent = await general.send(f"@here <@&{quiet.id}>", allowed_mentions=everything)
    message = driver.world.messages[sent.id]
    assert message.pinged_everyone and message.pinged_roles == {quiet.id}
    assert driver.world.notified(message) >= {fake.user("alice").id, fake.gm.id}


async def test_a_user_who_cannot_read_the_thread_is_not_pinged(driver_default: Driver) -> None:
    driver = driver_default
    thread, _ = await private_thread(driver, "alice")
    alice, carol = driver.user("alice"), driver.user("carol")
    sent = await thread.send(
        f"{alice.mention} {carol.mention}", allowed_mentions=discord.AllowedMentions(users=True)
    )
    message = driver.world.messages[sent.id]
    assert {u.id for u in message.mentions} == {alice.id, carol.id}
    assert message.pinged_users == {alice.id}


async def test_interaction_replies_ping_users_by_default() -> None:
    fake = FakeDiscord()
    bob = fake.user("bob")
    # A client without a default allowed_mentions sends none: Discord's default for
    # interactions parses users only.
    async with running(fake, StrictBot(allowed_mentions=None)) as driver:
        reply = await (
            await driver.slash(fake.user("alice"), fake.game_channel, "hello", {"who": bob})
        ).reply()
        assert reply.pinged_users == {bob.id}
    fake = FakeDiscord()
    async with running(fake) as driver:  # AllowedMentions.none() as dipgm sets it
        reply = await (
            await driver.slash(fake.user("alice"), fake.game_channel, "hello", {"who": bob})
        ).reply()
        assert reply.pinged_users == set() and reply.content == f"Hello <@{bob.id}>"


async def test_parse_and_a_list_of_the_same_type_is_refused(driver_default: Driver) -> None:
    driver = driver_default
    route = Route("POST", "/channels/{channel_id}/messages", channel_id=driver.fake.general.id)
    body = {"content": "<@1>", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}
    with pytest.raises(discord.HTTPException) as refused:
        await driver.bot.http.request(route, json=body)
    assert refused.value.code == 50035
    assert driver.take_violations(50035)


# -- 6. slash option limits ------------------------------------------------------------


async def test_slash_options_are_checked_as_the_client_checks_them(driver_default: Driver) -> None:
    driver = driver_default
    alice, channel = driver.user("alice"), driver.fake.game_channel
    await (await driver.slash(alice, channel, "order", {"text": "A Par", "count": 10})).reply()
    assert driver.bot.seen["order"] == ("A Par", 10, "A", None)
    for options, match in (
        ({"text": "A Par", "count": 11}, "range 1..10"),
        ({"text": "A Paris", "count": 1}, "1..5"),
        ({"text": "", "count": 1}, "1..5"),
        ({"text": "x", "count": 1, "kind": "Z"}, "not one of"),
        ({"text": "x", "count": 1.5}, "not an integer"),
        ({"text": "x", "count": 2**53}, "integer range"),
        ({"text": "x"}, "required option 'count' missing"),
        ({"text": "x", "count": 1, "colour": "red"}, "no option"),
        ({"text": "x", "count": 1, "note": "n" * 6001}, "6000"),
    ):
        with pytest.raises(CannotSend, match=match):
            await driver.slash(alice, channel, "order", options)


async def test_unchecked_lets_through_what_a_client_might_still_send(
    driver_default: Driver,
) -> None:
    driver = driver_default
    alice, channel = driver.user("alice"), driver.fake.game_channel
    handle = await driver.slash(
        alice, channel, "order", {"text": "A Paris", "count": 99, "kind": "Z"}, unchecked=True
    )
    await handle.reply()
    assert driver.bot.seen["order"] == ("A Paris", 99, "Z", None)
    # The type ranges stay: no client can send them.
    with pytest.raises(CannotSend):
        await driver.slash(
            alice, channel, "order", {"text": "x", "count": -(2**53)}, unchecked=True
        )


async def test_autocomplete_sends_partial_text_only_where_it_is_on(driver_default: Driver) -> None:
    driver = driver_default
    alice, channel = driver.user("alice"), driver.fake.game_channel
    choices = await (await driver.autocomplete(alice, channel, "pick", "unit", "Par")).choices()
    assert [c["value"] for c in choices] == ["A Par"]
    await (await driver.autocomplete(alice, channel, "pick", "hours", "-1")).choices()
    with pytest.raises(CannotSend, match="not a number"):
        await driver.autocomplete(alice, channel, "pick", "hours", "1x")
    with pytest.raises(CannotSend, match="no autocomplete"):
        await driver.autocomplete(alice, channel, "order", "text", "A")


async def test_where_a_command_may_be_used(driver_default: Driver) -> None:
    driver = driver_default
    fake = driver.fake
    alice = fake.user("alice")
    with pytest.raises(CannotSend, match="default_member_permissions"):
        await driver.slash(alice, fake.game_channel, "mods")
    fake.add_role("Moderator", permissions=perm.MANAGE_THREADS)
    fake.add_member(alice, fake.guild, roles=("Moderator",))
    await (await driver.slash(alice, fake.game_channel, "mods")).reply()
    with pytest.raises(CannotSend, match="DMs"):
        await driver.slash(alice, driver.dm(alice), "serveronly")
    fake.set_overwrite(fake.general, fake.guild, deny=perm.VIEW_CHANNEL)
    with pytest.raises(CannotSend, match="cannot see"):
        await driver.slash(alice, fake.general, "perms")
    _, thread = await private_thread(driver, "alice")
    await driver.archive(thread)
    with pytest.raises(CannotSend, match="archived"):
        await driver.slash(alice, thread, "perms")


# -- fixtures --------------------------------------------------------------------------


@pytest_asyncio.fixture
async def driver_default(fake_discord: FakeDiscord) -> AsyncIterator[Driver]:  # noqa: F811
    async with running(fake_discord) as driver:
        yield driver
