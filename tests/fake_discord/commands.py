"""Build INTERACTION_CREATE ``data`` for a slash command from what the bot synced.

Using the synced definitions (not the bot's Python tree) means a test fails
the same way a user would: if the command was never synced, or an option is
misnamed, required, out of range or not among the choices, Discord's client
would not let the user send it, so the helper raises :class:`CannotSend` (an
``AssertionError``) instead.

Two layers of checks (interactions/application-commands, "Application Command
Option Structure" and "Application Command Option Type"):

* always: the command and option exist, required options are present, the value
  has the option's type and lies in the type's documented range (INTEGER "Any
  integer between -2^53+1 and 2^53-1", NUMBER "Any double between -2^53 and
  2^53", a string at most 6000 characters, the largest ``max_length`` allowed),
  and the command may be used here (``contexts``, ``default_member_permissions``);
* unless ``unchecked=True``: the bounds the *command* declares, which Discord's
  client enforces as the user types: ``choices`` ("If you specify choices for an
  option, they are the only valid values for a user to pick"), ``min_value`` /
  ``max_value``, ``min_length`` / ``max_length``, ``channel_types``, and that a
  picked channel is one the user can see. The documentation does not say that
  Discord's API re-checks these when the interaction arrives, so a modified or
  outdated client may send values outside them; ``unchecked=True`` simulates that,
  for tests of the bot's own validation.
"""

from __future__ import annotations

import math
import re
from typing import Any

from . import permissions as perm
from .state import JSON, FakeChannel, FakeMember, FakeRole, FakeUser
from .world import World


class CannotSend(AssertionError):
    """A real user could not send this interaction (Discord's client would not let them)."""


MAX_INTEGER = 2**53 - 1  # "Any integer between -2^53+1 and 2^53-1"
MAX_NUMBER = 2**53  # "Any double between -2^53 and 2^53"
MAX_STRING = 6000  # max_length: "(minimum of 1, maximum of 6000)"
PARTIAL_NUMBER = re.compile(r"^-?\d*(\.\d*)?$")
GUILD_CONTEXT, BOT_DM_CONTEXT = 0, 1

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)


def build_command_data(
    world: World,
    guild_id: int | None,
    command: str,
    options: dict[str, Any],
    *,
    focused: str | None = None,
    user: FakeUser | None = None,
    channel: FakeChannel | None = None,
    unchecked: bool = False,
) -> JSON:
    """``data`` of a type-2 (or, with ``focused``, type-4) interaction for ``/command``,
    invoked by ``user`` in ``channel`` (both optional for older callers)."""
    names = command.split()
    available = [c for c in world.commands_for(guild_id) if c.get("type", 1) == 1]
    top = next((c for c in available if c["name"] == names[0]), None)
    if top is None:
        raise LookupError(
            f"/{names[0]} is not synced for this guild (synced: {[c['name'] for c in available]}); "
            "did the bot call tree.sync()? (driver.sync_commands() does it)"
        )
    _check_usable(world, guild_id, top, user)
    ctx = _Context(world, guild_id, command, user, channel, unchecked)
    chain: list[JSON] = []
    node = top
    for name in names[1:]:
        sub = next(
            (
                o
                for o in node.get("options") or []
                if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) and o["name"] == name
            ),
            None,
        )
        if sub is None:
            raise LookupError(f"/{command}: no subcommand {name!r} under {node['name']!r}")
        chain.append(sub)
        node = sub
    declared = node.get("options") or []
    if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in declared):
        raise LookupError(f"/{command} is a group; name one of its subcommands")

    unknown = set(options) - {o["name"] for o in declared}
    if unknown:
        raise CannotSend(
            f"/{command} has no option(s) {sorted(unknown)}; it has {[o['name'] for o in declared]}"
        )
    resolved: dict[str, dict[str, JSON]] = {}
    leaf = [_option(ctx, spec, options, focused, resolved) for spec in declared]
    nested: list[JSON] = [o for o in leaf if o is not None]
    for sub in reversed(chain):
        nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
    data: JSON = {"id": top["id"], "name": top["name"], "type": 1, "options": nested}
    if "guild_id" in top:
        data["guild_id"] = top["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


class _Context:
    """Who invokes the command where, and how strictly to check what they send."""

    def __init__(
        self,
        world: World,
        guild_id: int | None,
        command: str,
        user: FakeUser | None,
        channel: FakeChannel | None,
        unchecked: bool,
    ) -> None:
        self.world = world
        self.guild_id = guild_id
        self.command = command
        self.user = user
        self.channel = channel
        self.unchecked = unchecked


def _check_usable(world: World, guild_id: int | None, cmd: JSON, user: FakeUser | None) -> None:
    """Whether the Discord client offers the command here at all."""
    contexts = cmd.get("contexts")
    if guild_id is None and (
        cmd.get("dm_permission") is False
        or (contexts is not None and BOT_DM_CONTEXT not in contexts)
    ):
        raise CannotSend(f"/{cmd['name']} cannot be used in DMs (contexts {contexts})")
    if guild_id is not None and contexts is not None and GUILD_CONTEXT not in contexts:
        raise CannotSend(f"/{cmd['name']} cannot be used in a server (contexts {contexts})")
    required = cmd.get("default_member_permissions")
    if guild_id is not None and user is not None and required is not None:
        # "The default_member_permissions field can be used when creating a command to set
        # the permissions a user must have to use it. [...] Setting it to "0" will prohibit
        # anyone in a guild from using the command unless [...] the user has admin
        # permissions."
        have = world.guilds[guild_id].permissions_of(user.id)
        needed = int(required)
        if not have & perm.ADMINISTRATOR and (needed == 0 or have & needed != needed):
            raise CannotSend(
                f"{user.name} lacks {perm.names(needed & ~have) if needed else 'ADMINISTRATOR'}"
                f" required by /{cmd['name']} (default_member_permissions)"
            )


def _option(
    ctx: _Context,
    spec: JSON,
    given: dict[str, Any],
    focused: str | None,
    resolved: dict[str, dict[str, JSON]],
) -> JSON | None:
    name, otype = spec["name"], spec["type"]
    if name not in given:
        if spec.get("required") and focused is None:
            raise CannotSend(f"/{ctx.command}: required option {name!r} missing")
        return None
    value = given[name]
    if name == focused:
        return {"name": name, "type": otype, "value": _partial(ctx, spec, value), "focused": True}
    value = _convert(ctx, spec, value, resolved)
    return {"name": name, "type": otype, "value": value}


def _partial(ctx: _Context, spec: JSON, value: Any) -> str:
    """The text of the option being typed, as an autocomplete interaction carries it:
    "you may receive partial strings, but not invalid numbers"."""
    where = f"/{ctx.command} {spec['name']}"
    if not spec.get("autocomplete"):
        raise CannotSend(f"{where} has no autocomplete; the client sends no autocomplete for it")
    text = str(value)
    if spec["type"] in (INTEGER, NUMBER) and not PARTIAL_NUMBER.match(text):
        raise CannotSend(f"{where}: {text!r} is not a number; the client does not send it")
    if spec["type"] == INTEGER and "." in text:
        raise CannotSend(f"{where}: {text!r} is not an integer; the client does not send it")
    limit = MAX_STRING if ctx.unchecked else min(spec.get("max_length", MAX_STRING), MAX_STRING)
    if len(text) > limit:
        raise CannotSend(f"{where}: {len(text)} characters typed, the box takes at most {limit}")
    return text


def _convert(
    ctx: _Context,
    spec: JSON,
    value: Any,
    resolved: dict[str, dict[str, JSON]],
) -> Any:
    name, otype = spec["name"], spec["type"]
    where = f"/{ctx.command} {name}"
    world, guild_id = ctx.world, ctx.guild_id
    if otype in (STRING, INTEGER, NUMBER):
        value = _typed(where, otype, value)
        if not ctx.unchecked:
            _within_declared(where, spec, otype, value)
        return value
    if otype == BOOLEAN:
        if not isinstance(value, bool):
            raise CannotSend(f"{where}: {value!r} is not a boolean")
        return value
    if otype in (USER, MENTIONABLE) and isinstance(value, (FakeUser, FakeMember)):
        user = value.user if isinstance(value, FakeMember) else value
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        member = world.member(guild_id, user.id)
        if member is not None and guild_id is not None:
            # resolved members: "total permissions of the member in the channel, including
            # overwrites" (the interaction's channel).
            perms = _perms_here(ctx, user.id)
            resolved.setdefault("members", {})[str(user.id)] = member.payload(
                with_user=False, permissions=perms
            )
        return str(user.id)
    if otype in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        if guild_id is None or value.id not in world.guilds[guild_id].roles:
            raise CannotSend(f"{where}: role {value.name} is not in this server")
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        return str(value.id)
    if otype == CHANNEL and isinstance(value, FakeChannel):
        types = spec.get("channel_types")
        if not ctx.unchecked:
            if types and value.type not in types:
                raise CannotSend(f"{where}: channel type {value.type} not in {types}")
            if ctx.user is not None and not world.can_read(ctx.user.id, value):
                raise CannotSend(f"{where}: {ctx.user.name} cannot see #{value.name} to pick it")
        if value.guild_id != guild_id:
            raise CannotSend(f"{where}: #{value.name} is not in this server")
        data = value.payload(me_id=world.bot_user.id)
        bot = world.bot_user.id
        # resources/channel: permissions, "computed permissions for the invoking user in
        # the channel, including overwrites, only included when part of the resolved
        # data"; app_permissions the same for the bot user. "This does not include
        # implicit permissions".
        invoker = ctx.user.id if ctx.user is not None else bot
        data["permissions"] = str(world.permissions_in(invoker, value, implicit=False))
        data["app_permissions"] = str(world.permissions_in(bot, value, implicit=False))
        resolved.setdefault("channels", {})[str(value.id)] = data
        return str(value.id)
    raise CannotSend(f"{where}: cannot pass {value!r} for option type {otype}")


def _perms_here(ctx: _Context, user_id: int) -> int:
    if ctx.channel is not None:
        return ctx.world.permissions_in(user_id, ctx.channel, implicit=False)
    assert ctx.guild_id is not None
    return ctx.world.guilds[ctx.guild_id].permissions_of(user_id)


def _typed(where: str, otype: int, value: Any) -> Any:
    """The value as the option's type carries it, within the type's documented range."""
    if otype == STRING:
        text = str(value)
        if len(text) > MAX_STRING:
            raise CannotSend(f"{where}: {len(text)} characters; a string option holds {MAX_STRING}")
        return text
    if isinstance(value, bool):
        raise CannotSend(f"{where}: {value!r} is not a number")
    if otype == INTEGER:
        if isinstance(value, float) and not value.is_integer():
            raise CannotSend(f"{where}: {value!r} is not an integer")
        try:
            number = int(value)
        except (TypeError, ValueError):
            raise CannotSend(f"{where}: {value!r} is not an integer") from None
        if not -MAX_INTEGER <= number <= MAX_INTEGER:
            raise CannotSend(f"{where}: {number} outside Discord's integer range ±(2^53-1)")
        return number
    try:
        real = float(value)
    except (TypeError, ValueError):
        raise CannotSend(f"{where}: {value!r} is not a number") from None
    if not math.isfinite(real) or not -MAX_NUMBER <= real <= MAX_NUMBER:
        raise CannotSend(f"{where}: {real} outside Discord's number range ±2^53")
    return real


def _within_declared(where: str, spec: JSON, otype: int, value: Any) -> None:
    """The bounds the command declares, which the Discord client enforces."""
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise CannotSend(f"{where}: {value!r} is not one of {[c['value'] for c in choices]}")
    if otype == STRING:
        low, high = spec.get("min_length", 0), spec.get("max_length", MAX_STRING)
        if not low <= len(value) <= high:
            raise CannotSend(
                f"{where}: {len(value)} characters, the command allows {low}..{high} "
                "(pass unchecked=True to simulate a client that ignores it)"
            )
        return
    low, high = spec.get("min_value"), spec.get("max_value")
    if (low is not None and value < low) or (high is not None and value > high):
        raise CannotSend(
            f"{where}: {value} outside the command's range {low}..{high} "
            "(pass unchecked=True to simulate a client that ignores it)"
        )
