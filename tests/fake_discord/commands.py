"""Build INTERACTION_CREATE ``data`` for a slash command from what the bot synced.

Using the synced definitions (not the bot's Python tree) means a test fails
the same way a user would: if the command was never synced, or an option is
misnamed, required, out of range or not among the choices, Discord's client
would not let the user send it, so the helper raises instead.
"""

from __future__ import annotations

from typing import Any

from .state import JSON, FakeChannel, FakeMember, FakeRole, FakeUser
from .world import World

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
) -> JSON:
    """``data`` of a type-2 (or, with ``focused``, type-4) interaction for ``/command``."""
    names = command.split()
    available = [c for c in world.commands_for(guild_id) if c.get("type", 1) == 1]
    top = next((c for c in available if c["name"] == names[0]), None)
    if top is None:
        raise LookupError(
            f"/{names[0]} is not synced for this guild (synced: {[c['name'] for c in available]}); "
            "did the bot call tree.sync()? (driver.sync_commands() does it)"
        )
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

    resolved: dict[str, dict[str, JSON]] = {}
    leaf = [
        _option(world, guild_id, command, spec, options, focused, resolved) for spec in declared
    ]
    unknown = set(options) - {o["name"] for o in declared}
    if unknown:
        raise ValueError(
            f"/{command} has no option(s) {sorted(unknown)}; it has {[o['name'] for o in declared]}"
        )
    nested: list[JSON] = [o for o in leaf if o is not None]
    for sub in reversed(chain):
        nested = [{"name": sub["name"], "type": sub["type"], "options": nested}]
    data: JSON = {"id": top["id"], "name": top["name"], "type": 1, "options": nested}
    if "guild_id" in top:
        data["guild_id"] = top["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def _option(
    world: World,
    guild_id: int | None,
    command: str,
    spec: JSON,
    given: dict[str, Any],
    focused: str | None,
    resolved: dict[str, dict[str, JSON]],
) -> JSON | None:
    name, otype = spec["name"], spec["type"]
    if name not in given:
        if spec.get("required") and focused is None:
            raise ValueError(f"/{command}: required option {name!r} missing")
        return None
    value = given[name]
    if name == focused:
        # While typing, Discord sends the raw partial text, whatever the type.
        return {"name": name, "type": otype, "value": str(value), "focused": True}
    value = _convert(world, guild_id, command, spec, value, resolved)
    return {"name": name, "type": otype, "value": value}


def _convert(
    world: World,
    guild_id: int | None,
    command: str,
    spec: JSON,
    value: Any,
    resolved: dict[str, dict[str, JSON]],
) -> Any:
    name, otype = spec["name"], spec["type"]
    where = f"/{command} {name}"
    if otype in (STRING, INTEGER, NUMBER):
        value = {STRING: str, INTEGER: int, NUMBER: float}[otype](value)
        choices = spec.get("choices")
        if choices and value not in [c["value"] for c in choices]:
            raise ValueError(f"{where}: {value!r} is not one of {[c['value'] for c in choices]}")
        if otype == STRING:
            if not spec.get("min_length", 0) <= len(value) <= spec.get("max_length", 6000):
                raise ValueError(f"{where}: length {len(value)} outside the declared bounds")
        elif (
            not spec.get("min_value", float("-inf")) <= value <= spec.get("max_value", float("inf"))
        ):
            raise ValueError(f"{where}: {value} outside the declared bounds")
        return value
    if otype == BOOLEAN:
        return bool(value)
    if otype in (USER, MENTIONABLE) and isinstance(value, (FakeUser, FakeMember)):
        user = value.user if isinstance(value, FakeMember) else value
        resolved.setdefault("users", {})[str(user.id)] = user.payload()
        member = world.member(guild_id, user.id)
        if member is not None and guild_id is not None:
            perms = world.guilds[guild_id].permissions_of(user.id)
            resolved.setdefault("members", {})[str(user.id)] = member.payload(
                with_user=False, permissions=perms
            )
        return str(user.id)
    if otype in (ROLE, MENTIONABLE) and isinstance(value, FakeRole):
        resolved.setdefault("roles", {})[str(value.id)] = value.payload()
        return str(value.id)
    if otype == CHANNEL and isinstance(value, FakeChannel):
        types = spec.get("channel_types")
        if types and value.type not in types:
            raise ValueError(f"{where}: channel type {value.type} not in {types}")
        data = value.payload(me_id=world.bot_user.id)
        data["permissions"] = (
            str(world.guilds[guild_id].permissions_of(world.bot_user.id)) if guild_id else "0"
        )
        resolved.setdefault("channels", {})[str(value.id)] = data
        return str(value.id)
    raise TypeError(f"{where}: cannot pass {value!r} for option type {otype}")
