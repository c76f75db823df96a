"""Who a message mentions, under Discord's ``allowed_mentions`` rules.

https://discord.com/developers/docs/resources/message#allowed-mentions-object.
Pure parsing; :meth:`World.apply_mentions` adds what needs the world (which
users and roles exist, who can read the channel, the bot's MENTION_EVERYONE).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .state import COMPONENTS_V2, JSON, iter_components

USER_MENTION = re.compile(r"<@!?(\d+)>")
ROLE_MENTION = re.compile(r"<@&(\d+)>")
EVERYONE_MENTION = re.compile(r"@(?:everyone|here)")

TYPES = ("users", "roles", "everyone")
# "Default Settings for Allowed Mentions": "In regular messages, all mention types are
# parsed" / "In interactions and webhooks, only user mentions are parsed".
REGULAR_DEFAULT: JSON = {"parse": ["users", "roles", "everyone"]}
INTERACTION_DEFAULT: JSON = {"parse": ["users"]}
MAX_IDS = 100  # "Array of role ids to mention, max 100" (and of user ids)


@dataclass
class Requested:
    """Mentions present in the text and allowed by ``allowed_mentions``; not yet
    checked against the world (existence, mentionable, permissions)."""

    users: list[int] = field(default_factory=list)
    roles: list[int] = field(default_factory=list)
    everyone: bool = False


def check_allowed_mentions(allowed: Any) -> list[str]:
    """Validation errors Discord answers with 400 Invalid Form Body."""
    if allowed is None:
        return []
    if not isinstance(allowed, dict):
        return ["allowed_mentions must be an object"]
    problems: list[str] = []
    parse = allowed.get("parse") or []
    for kind in parse:
        if kind not in TYPES:
            problems.append(f"allowed_mentions.parse: unknown type {kind!r}")
    for kind in ("users", "roles"):
        ids = allowed.get(kind) or []
        # "Here's an example of an invalid configuration, because it includes both
        # parse and users, despite those fields being mutually exclusive, causing a
        # validation error." ("Passing a falsy value such as null or an empty array
        # into the users field does not trigger a validation error.")
        if ids and kind in parse:
            problems.append(f"allowed_mentions: parse {kind!r} and a {kind} list are exclusive")
        if len(ids) > MAX_IDS:
            problems.append(f"allowed_mentions.{kind}: {len(ids)} ids, max {MAX_IDS}")
    return problems


def mention_text(content: str, components: list[JSON], flags: int) -> str:
    """The text mentions are parsed from: "mentions in the message content, or the
    content of components attached to that message" (Components V2 text displays).
    Embeds never mention anyone."""
    parts = [content or ""]
    if flags & COMPONENTS_V2:
        parts += [
            c.get("content") or "" for c in iter_components(components) if c.get("type") == 10
        ]
    return "\n".join(parts)


def requested(text: str, allowed: JSON | None, default: JSON) -> Requested:
    """Mentions in ``text`` that ``allowed`` (or ``default`` when absent) lets through.

    "Any entities whose id is included can be mentioned. Do note the API will silently
    ignore entities whose id are present in the allowed_mentions field, but not in the
    content of the message".
    """
    rules = default if allowed is None else allowed
    parse = set(rules.get("parse") or [])
    listed_users = {int(u) for u in rules.get("users") or []}
    listed_roles = {int(r) for r in rules.get("roles") or []}
    out = Requested()
    for raw in USER_MENTION.findall(text):
        uid = int(raw)
        if ("users" in parse or uid in listed_users) and uid not in out.users:
            out.users.append(uid)
    for raw in ROLE_MENTION.findall(text):
        rid = int(raw)
        if ("roles" in parse or rid in listed_roles) and rid not in out.roles:
            out.roles.append(rid)
    out.everyone = "everyone" in parse and bool(EVERYONE_MENTION.search(text))
    return out
