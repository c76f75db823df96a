"""Test-side helpers: act as users, then wait for and read what the bot did.

A :class:`Driver` is yielded by ``FakeDiscord.run_bot``. Every helper that
makes a user act returns something to await on; nothing here sleeps.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

import discord

from . import mentions as mention_rules
from . import permissions as perm
from .commands import CannotSend, build_command_data
from .state import (
    GUILD_CATEGORY,
    GUILD_FORUM,
    JSON,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    iter_components,
)
from .world import InteractionRecord, Violation

if TYPE_CHECKING:
    from .capture import CapturedError, ErrorCollector
    from .server import FakeDiscord

DEFAULT_TIMEOUT = 5.0
COMPONENT_INTERACTION = 3
APPLICATION_COMMAND, AUTOCOMPLETE = 2, 4


class InteractionHandle:
    """What a test gets back from :meth:`Driver.slash`, ``click``, ``autocomplete``…

    ``await handle.response()`` waits for the initial callback; ``reply()`` /
    ``replies(n)`` wait for visible messages (the response and follow-ups,
    skipping a deferred "thinking…" placeholder until it is filled in).
    """

    def __init__(self, driver: Driver, record: InteractionRecord) -> None:
        self.driver = driver
        self.record = record

    @property
    def id(self) -> int:
        return self.record.id

    @property
    def callback_type(self) -> int | None:
        return self.record.callback_type

    @property
    def deferred(self) -> bool:
        return self.record.callback_type in (5, 6)

    @property
    def ephemeral(self) -> bool:
        """Whether the initial response (or deferral) was ephemeral."""
        original = self.record.original
        return bool(
            original is not None
            and original.ephemeral
            and original is not self.record.source_message
        )

    @property
    def messages(self) -> list[FakeMessage]:
        """Visible messages so far: the response message, then follow-ups."""
        rec = self.record
        out = []
        if (
            rec.original is not None
            and not rec.original.loading
            and rec.original is not rec.source_message
        ):
            out.append(rec.original)
        return out + [m for m in rec.followups if not m.deleted]

    async def response(self, *, timeout: float = DEFAULT_TIMEOUT) -> InteractionRecord:
        """Wait for the bot's initial callback (or for Discord refusing it)."""
        rec = self.record
        return await self.driver.wait_until(
            lambda: rec if rec.callback_type is not None or rec.refused else None,
            timeout=timeout,
            what=f"a response to interaction {rec.id} ({_label(rec)})",
        )

    async def replies(self, n: int = 1, *, timeout: float = DEFAULT_TIMEOUT) -> list[FakeMessage]:
        return await self.driver.wait_until(
            lambda: self.messages if len(self.messages) >= n else None,
            timeout=timeout,
            what=f"{n} visible repl(ies) to interaction {self.id} ({_label(self.record)})",
        )

    async def reply(self, *, timeout: float = DEFAULT_TIMEOUT) -> FakeMessage:
        return (await self.replies(1, timeout=timeout))[0]

    async def choices(self, *, timeout: float = DEFAULT_TIMEOUT) -> list[JSON]:
        """Autocomplete result (callback type 8)."""
        rec = await self.response(timeout=timeout)
        assert rec.choices is not None, (
            f"expected autocomplete choices, got callback {rec.callback_type}"
        )
        return rec.choices

    async def modal(self, *, timeout: float = DEFAULT_TIMEOUT) -> JSON:
        rec = await self.response(timeout=timeout)
        assert rec.modal is not None, f"expected a modal, got callback {rec.callback_type}"
        return rec.modal


class Driver:
    """Drives one connected bot: simulate users, wait for the bot, read results."""

    def __init__(self, fake: FakeDiscord, bot: discord.Client, collector: ErrorCollector) -> None:
        self.fake = fake
        self.bot = bot
        self.world = fake.world
        self.collector = collector
        self._mark = 0  # index into world.bot_messages at the last user action

    # -- convenience -----------------------------------------------------------

    @property
    def guild(self) -> FakeGuild:
        """The default guild of the fake."""
        return self.fake.guild

    def user(self, name: str) -> FakeUser:
        return self.fake.user(name)

    def dm(self, user: FakeUser) -> FakeChannel:
        """The DM channel between ``user`` and the bot."""
        return self.world.dm_channel(user)

    def bot_messages(self, channel: FakeChannel | None = None) -> list[FakeMessage]:
        return [m for m in self.world.bot_messages if channel is None or m.channel_id == channel.id]

    def take_violations(self, code: int | None = None) -> list[Violation]:
        return self.world.take_violations(code)

    @property
    def refusals(self) -> list[Violation]:
        """Every request Discord refused so far (violations or not), oldest first."""
        return self.world.refusals

    def can_read(self, user: FakeUser, channel: FakeChannel) -> bool:
        """Whether ``user`` can see ``channel``: VIEW_CHANNEL (on the parent, for a
        thread); for a private thread also membership or MANAGE_THREADS."""
        return self.world.can_read(user.id, channel)

    def permissions_in(self, user: FakeUser, channel: FakeChannel) -> int:
        """``user``'s permissions in ``channel`` (overwrites and implicit rules applied)."""
        return self.world.permissions_in(user.id, channel)

    async def set_overwrite(
        self,
        channel: FakeChannel,
        target: FakeRole | FakeUser | FakeMember | FakeGuild,
        *,
        allow: Any = 0,
        deny: Any = 0,
    ) -> None:
        """A moderator changes ``channel``'s overwrite while the bot runs (CHANNEL_UPDATE)."""
        self.world.set_overwrite(channel, target, allow=allow, deny=deny)
        await self.fake.gateway.dispatch("CHANNEL_UPDATE", channel.payload())

    async def add_member(
        self, user: FakeUser, guild: FakeGuild, *, roles: tuple[str, ...] = ()
    ) -> FakeMember:
        """``user`` joins ``guild`` while the bot runs (GUILD_MEMBER_ADD, which Discord
        sends only with the GUILD_MEMBERS intent)."""
        member = self.world.add_member(user, guild, roles=roles)
        await self.fake.gateway.dispatch(
            "GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(guild.id)}
        )
        return member

    async def remove_member(self, user: FakeUser, guild: FakeGuild) -> None:
        """``user`` leaves ``guild`` while the bot runs. Discord sends GUILD_MEMBER_REMOVE
        only with the GUILD_MEMBERS intent (gateway-events, Guild Member Remove): without
        it, as dipgm runs, the bot is told nothing."""
        self.world.remove_member(user, guild)
        await self.fake.gateway.dispatch(
            "GUILD_MEMBER_REMOVE", {"guild_id": str(guild.id), "user": user.payload()}
        )

    async def delete_channel(self, channel: FakeChannel) -> None:
        """A moderator deletes ``channel`` while the bot runs (CHANNEL_DELETE, sent with
        the GUILDS intent). Afterwards every route naming it answers 404, code 10003
        "Unknown Channel" (opcodes-and-status-codes)."""
        assert not channel.is_thread and channel.guild_id is not None, channel
        data = channel.payload()
        del self.world.channels[channel.id]
        guild = self.world.guild_of(channel)
        assert guild is not None
        del guild.channels[channel.id]
        self.world.changes.notify()
        await self.fake.gateway.dispatch("CHANNEL_DELETE", data)

    async def user_edits(self, message: FakeMessage, content: str) -> FakeMessage:
        """The author edits their message (resources/message, Edit Message: "the
        content, embeds, and flags of a message" may be edited by its author): Discord
        sends MESSAGE_UPDATE, whose payload is the whole message object "with the same
        extra fields as MESSAGE_CREATE" (events/gateway-events, Message Update), with
        ``edited_timestamp`` set (the time of the edit on Discord's clock)."""
        world = self.world
        channel = world.channels[message.channel_id]
        assert message.author.id != world.bot_user.id, "the bot edits its own messages"
        assert world.can_read(message.author.id, channel), "the author cannot see it any more"
        message.history.append(world.message_payload(message))
        message.content = content
        message.edited_at = world.ids.clock()
        world.apply_mentions(message, None, default=mention_rules.REGULAR_DEFAULT)
        world.changes.notify()
        payload = world.message_payload(message)
        guild = channel.guild_id is not None
        mentioned = any(u.id == world.bot_user.id for u in message.mentions)
        if guild and not mentioned and not self.fake.gateway.wants_content():
            payload.update(content="", embeds=[], attachments=[], components=[])
        self._mark = len(world.bot_messages)
        await self.fake.gateway.dispatch("MESSAGE_UPDATE", payload, guild=guild)
        return message

    def take_errors(self) -> list[CapturedError]:
        return self.collector.take()

    async def sync_commands(self) -> None:
        """Run ``bot.tree.sync()`` globally and for every guild with local commands."""
        tree = getattr(self.bot, "tree", None)
        assert tree is not None, "bot has no app command tree"
        await tree.sync()
        for guild_id in self.world.guilds:
            guild = discord.Object(guild_id)
            if tree.get_commands(guild=guild):
                await tree.sync(guild=guild)

    async def archive(self, thread: FakeChannel) -> None:
        """Discord archives a thread after its quiet period (``auto_archive_duration``)."""
        assert thread.is_thread, thread
        thread.archived = True
        self.world.changes.notify()
        payload = thread.payload(me_id=self.world.bot_user.id)
        await self.fake.gateway.dispatch("THREAD_UPDATE", payload)

    # -- users acting ------------------------------------------------------------

    async def user_says(
        self, user: FakeUser, where: FakeChannel | Literal["dm"], content: str
    ) -> FakeMessage:
        """``user`` posts ``content`` in a channel, or (``"dm"``) in a DM to the bot."""
        channel = self.dm(user) if where == "dm" else where
        assert isinstance(channel, FakeChannel)
        world = self.world
        guild = world.guild_of(channel)
        label = channel.name or channel.id
        if guild is not None and user.id not in guild.members:
            raise AssertionError(f"{user.name} is not a member of {guild.name}")
        if not world.can_read(user.id, channel):
            raise AssertionError(f"{user.name} cannot see #{label}")
        perms = world.permissions_in(user.id, channel)
        if guild is not None:
            if channel.type in (GUILD_FORUM, 16):
                raise AssertionError(f"#{label} is a forum: {user.name} can post only in a thread")
            if channel.type == GUILD_CATEGORY:
                raise AssertionError(f"#{label} is a category, not a place to post")
            # topics/permissions: "users must have SEND_MESSAGES_IN_THREADS to send a message
            # in a thread"
            send = perm.SEND_MESSAGES_IN_THREADS if channel.is_thread else perm.SEND_MESSAGES
            if not perms & send:
                raise AssertionError(f"{user.name} may not send messages in #{label}")
        if channel.locked and not perms & perm.MANAGE_THREADS:
            raise AssertionError(f"thread {channel.name} is locked; {user.name} cannot post")
        if channel.archived:
            channel.archived = False  # posting in an archived thread unarchives it
        message = FakeMessage(
            id=world.ids.next(),
            channel_id=channel.id,
            author=user,
            guild_id=channel.guild_id,
            content=content,
        )
        # A user's message parses every mention type (no allowed_mentions).
        world.apply_mentions(message, None, default=mention_rules.REGULAR_DEFAULT)
        world.add_message(message)
        payload = world.message_payload(message)
        # Without the MESSAGE_CONTENT intent a bot sees guild messages empty,
        # unless it is mentioned (DMs always carry content).
        mentioned = any(u.id == world.bot_user.id for u in message.mentions)
        if guild is not None and not mentioned and not self.fake.gateway.wants_content():
            payload.update(content="", embeds=[], attachments=[], components=[])
        self._mark = len(world.bot_messages)
        sent = await self.fake.gateway.dispatch("MESSAGE_CREATE", payload, guild=guild is not None)
        if world.can_read(world.bot_user.id, channel):
            assert sent, "bot is not subscribed to MESSAGE_CREATE here (missing messages intent?)"
        return message

    async def slash(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        unchecked: bool = False,
    ) -> InteractionHandle:
        """Invoke ``/command`` (space-separated: ``"game create"``) as ``user``.

        Option values are plain Python values; pass a ``FakeUser`` for user
        options, a ``FakeChannel`` for channel options, a ``FakeRole`` for roles.
        Values are checked as the Discord client checks them; what it would not send
        raises :class:`CannotSend` (an ``AssertionError``). ``unchecked=True`` skips
        the bounds the command declares (choices, min/max value and length, channel
        types) to simulate a client that ignores them; type ranges are always checked.
        See ``commands.py``.
        """
        data = build_command_data(
            self.world,
            channel.guild_id,
            command,
            options or {},
            user=user,
            channel=channel,
            unchecked=unchecked,
        )
        return await self._interact(APPLICATION_COMMAND, user, channel, data)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: FakeChannel,
        command: str,
        focused: str,
        value: str,
        options: dict[str, Any] | None = None,
        *,
        unchecked: bool = False,
    ) -> InteractionHandle:
        """The user is typing ``value`` into option ``focused``; await ``.choices()``.

        The other ``options`` are checked as in :meth:`slash`; ``value`` must be
        something the user can type there (a number for a number option, within
        ``max_length``), and the option must have ``autocomplete`` on."""
        data = build_command_data(
            self.world,
            channel.guild_id,
            command,
            {**(options or {}), focused: value},
            focused=focused,
            user=user,
            channel=channel,
            unchecked=unchecked,
        )
        return await self._interact(AUTOCOMPLETE, user, channel, data)

    async def click(
        self,
        user: FakeUser,
        message: FakeMessage,
        custom_id: str,
        *,
        values: list[str] | None = None,
    ) -> InteractionHandle:
        """Press a button (or pick ``values`` in a select) on a message the bot sent."""
        component = next(
            (c for c in iter_components(message.components) if c.get("custom_id") == custom_id),
            None,
        )
        if component is None:
            raise AssertionError(
                f"no component {custom_id!r} on message; has {message.custom_ids()}"
            )
        if component.get("disabled"):
            raise AssertionError(f"component {custom_id!r} is disabled; a user cannot use it")
        data: JSON = {"custom_id": custom_id, "component_type": component["type"]}
        if component["type"] != 2:
            data["values"] = list(values or [])
        channel = self.world.channels[message.channel_id]
        return await self._interact(COMPONENT_INTERACTION, user, channel, data, message=message)

    async def submit_modal(
        self, user: FakeUser, handle: InteractionHandle, values: dict[str, str]
    ) -> InteractionHandle:
        """Fill in and submit the modal the bot opened in response to ``handle``."""
        modal = await handle.modal()
        rows = []
        for top in modal["components"]:
            inner = top.get("component") or (top.get("components") or [{}])[0]
            filled = {"type": inner.get("type", 4), "custom_id": inner["custom_id"]}
            filled["value"] = values.get(inner["custom_id"], "")
            rows.append(
                {
                    "type": top["type"],
                    **({"component": filled} if "component" in top else {"components": [filled]}),
                }
            )
        data = {"custom_id": modal["custom_id"], "components": rows}
        channel = self.world.channels[handle.record.channel_id]
        return await self._interact(5, user, channel, data, message=handle.record.source_message)

    async def _interact(
        self,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: JSON,
        *,
        message: FakeMessage | None = None,
    ) -> InteractionHandle:
        world = self.world
        guild = world.guild_of(channel)
        iid = world.ids.next()
        payload: JSON = {
            "id": str(iid),
            "application_id": str(world.application_id),
            "type": itype,
            "data": data,
            "token": f"fake-interaction-token-{iid}",
            "version": 1,
            "channel_id": str(channel.id),
            "channel": channel.payload(me_id=world.bot_user.id),
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "context": 0 if guild else 1,
            "authorizing_integration_owners": {"0": str(guild.id)}
            if guild
            else {"1": str(user.id)},
        }
        if guild is not None:
            member = guild.members.get(user.id)
            if member is None:
                raise CannotSend(f"{user.name} is not a member of {guild.name}")
            if not world.can_read(user.id, channel):
                raise CannotSend(f"{user.name} cannot see #{channel.name}")
            if itype in (APPLICATION_COMMAND, AUTOCOMPLETE):
                if not world.permissions_in(user.id, channel) & perm.USE_APPLICATION_COMMANDS:
                    # USE_APPLICATION_COMMANDS: "Allows members to use application commands,
                    # including slash commands and context menu commands."
                    raise CannotSend(f"{user.name} may not use commands in #{channel.name}")
                if channel.is_thread and channel.archived:
                    # topics/threads: "Users cannot edit messages, add reactions, use
                    # application commands, or join archived threads."
                    raise CannotSend(f"thread {channel.name} is archived: no commands there")
            # receiving-and-responding: member is "Guild member data for the invoking user,
            # including permissions" (guild member object: "total permissions of the member
            # in the channel, including overwrites"); app_permissions: "Bitwise set of
            # permissions the app has in the source location of the interaction".
            payload.update(
                guild_id=str(guild.id),
                guild_locale="en-US",
                app_permissions=str(
                    world.permissions_in(world.bot_user.id, channel, implicit=False)
                ),
                member=member.payload(
                    permissions=world.permissions_in(user.id, channel, implicit=False)
                ),
            )
        else:
            payload["user"] = user.payload()
            payload["app_permissions"] = str(perm.DM_APP_PERMISSIONS)
        if message is not None:
            payload["message"] = world.message_payload(message)
        record = InteractionRecord(
            id=iid,
            token=payload["token"],
            type=itype,
            user=user,
            channel_id=channel.id,
            guild_id=None if guild is None else guild.id,
            dispatched_at=asyncio.get_running_loop().time(),
            payload=payload,
            source_message=message,
            created_at=world.ids.clock(),
        )
        world.interactions[iid] = record
        self._mark = len(world.bot_messages)
        sent = await self.fake.gateway.dispatch("INTERACTION_CREATE", payload)
        assert sent, "bot is not connected to the fake gateway"
        return InteractionHandle(self, record)

    # -- waiting for the bot -------------------------------------------------------

    async def wait_until(
        self,
        predicate: Callable[[], Any],
        *,
        timeout: float = DEFAULT_TIMEOUT,
        what: str = "a condition",
    ) -> Any:
        """Wait until ``predicate()`` is truthy (re-checked whenever the fake changes)."""
        return await self.world.changes.wait_until(
            predicate, timeout=timeout, what=what, explain=self.world.summary
        )

    async def wait_for_messages(
        self,
        n: int = 1,
        *,
        channel: FakeChannel | None = None,
        predicate: Callable[[FakeMessage], bool] | None = None,
        since: int | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> list[FakeMessage]:
        """Wait until the bot has sent ``n`` matching messages; return them all.

        Only messages sent since the last user action count, unless ``since``
        (an index into ``world.bot_messages``; 0 = from the start) is given.
        Deferred placeholders still "thinking" are not counted.
        """
        start = self._mark if since is None else since

        def matching() -> list[FakeMessage] | None:
            found = [
                m
                for m in self.world.bot_messages[start:]
                if not m.loading
                and not m.deleted
                and (channel is None or m.channel_id == channel.id)
                and (predicate is None or predicate(m))
            ]
            return found if len(found) >= n else None

        where = f" in {channel.name or channel.id}" if channel is not None else ""
        return await self.wait_until(matching, timeout=timeout, what=f"{n} bot message(s){where}")

    async def wait_for_message(
        self,
        predicate: Callable[[FakeMessage], bool] | None = None,
        *,
        channel: FakeChannel | None = None,
        since: int | None = None,
        timeout: float = DEFAULT_TIMEOUT,
    ) -> FakeMessage:
        """The first bot message (since the last user action) matching the filters."""
        found = await self.wait_for_messages(
            1, channel=channel, predicate=predicate, since=since, timeout=timeout
        )
        return found[0]

    def problems(self) -> str:
        """Everything that should fail the test: handler errors, violations, fake bugs."""
        parts = [f"exception in bot handler: {e}" for e in self.collector.errors]
        parts += [f"Discord would refuse: {v}" for v in self.world.violations]
        parts += [f"fake discord internal error: {u}" for u in self.world.unexpected]
        return "\n\n".join(parts)


def _label(rec: InteractionRecord) -> str:
    data = rec.payload.get("data") or {}
    return str(data.get("name") or data.get("custom_id") or rec.type)
