"""What Discord needs of a game's channel and of the people in it.

A game lives in a plain text channel: private threads exist only there, a forum holds
no messages, and voice, stage and announcement channels allow no private threads. In
that channel the bot needs every permission the README's invite asks for, and whoever
takes part must be able to see the channel (a member added to a thread sees nothing
without View Channel on its parent). The interaction carries what is needed to check
both: the bot's permissions where it was used (`app_permissions`) and each member
picked in an option with their roles.
"""

from __future__ import annotations

import discord

from bot.service.kernel import NotAllowed, WrongState

# The invite's permissions (README, "Invite the bot"), as Discord's settings name them.
# Read Message History is not among them: dipgm reads no message history (it lists no
# archived threads and replies to no message), and Discord asks it of nothing else it does.
INVITE_PERMISSIONS = {
    "view_channel": "View Channels",
    "send_messages": "Send Messages",
    "embed_links": "Embed Links",
    "attach_files": "Attach Files",
    "create_private_threads": "Create Private Threads",
    "send_messages_in_threads": "Send Messages in Threads",
    "manage_threads": "Manage Threads",
}


def invite_permissions() -> discord.Permissions:
    """The permissions integer of the README's invite link."""
    return discord.Permissions(**dict.fromkeys(INVITE_PERMISSIONS, True))


def missing_permissions(have: discord.Permissions) -> list[str]:
    """The invite's permissions that `have` lacks, by their names in Discord's settings."""
    if have.administrator:
        return []
    return [name for flag, name in INVITE_PERMISSIONS.items() if not getattr(have, flag)]


# Why a channel of each kind cannot hold a game.
_WRONG_KIND = {
    discord.ChannelType.voice: "This is the chat of a voice channel",
    discord.ChannelType.stage_voice: "This is the chat of a stage channel",
    discord.ChannelType.news: "This is an announcement channel, where Discord allows no "
    "private threads",
    discord.ChannelType.forum: "This is a post of a forum, which holds no messages but its posts",
    discord.ChannelType.media: "This is a post of a media channel, which holds no messages "
    "but its posts",
}


def game_channel(channel: object, client: discord.Client) -> int:
    """The id of the text channel a game made in `channel` belongs to: the channel
    itself, or the text channel of a thread. Any other kind is refused, saying why."""
    text = channel
    if isinstance(channel, discord.Thread):
        text = channel.parent or client.get_channel(channel.parent_id)
    if isinstance(text, discord.TextChannel) and text.type == discord.ChannelType.text:
        return text.id
    kind = getattr(text, "type", None)
    why = _WRONG_KIND.get(kind, "This channel cannot hold a game") if kind else None
    why = why or "This channel cannot hold a game"
    raise WrongState(
        f"{why}. A game needs a text channel, where I post the results and open the "
        "private threads for negotiation: use `/game create` in one."
    )


def check_second_board(channel: discord.abc.GuildChannel) -> None:
    """One-on-one's second board (`/game create second_channel:`) needs what the first
    does: a plain text channel (an option for text channels also offers announcement
    ones), where the bot holds every invite permission. Discord tells an interaction the
    bot's permissions only where it was used; here they are computed from the bot's
    roles and the channel's overwrites."""
    if channel.type != discord.ChannelType.text:
        raise WrongState(
            f"<#{channel.id}> is an announcement channel, where Discord allows no private "
            "threads: the second board needs a plain text channel. Use `/game create` "
            "again with another `second_channel`."
        )
    me = channel.guild.me
    if me is not None:  # None only before the server is cached; the first post then tells
        check_bot_permissions(channel.permissions_for(me), f"<#{channel.id}>")


def check_bot_permissions(have: discord.Permissions, where: str) -> None:
    """Refuse, naming what is missing, unless the bot holds every invite permission."""
    missing = missing_permissions(have)
    if missing:
        raise NotAllowed(
            f"I lack these permissions in {where}: {', '.join(missing)}. A moderator can "
            "grant them to my role in the channel's settings (Permissions); then use "
            "`/game create` again."
        )


def sees_channel(
    person: discord.abc.User, channel: discord.abc.GuildChannel | None, here: int | None
) -> bool | None:
    """Whether `person` (a member picked in a command option) can see the game's
    `channel`: their permissions as the interaction resolved them when the command was
    used in that channel (`here`), else as computed from their roles and the channel's
    overwrites. None when the channel is not known to the bot."""
    if not isinstance(person, discord.Member):
        return False
    if channel is not None and here == channel.id and person.resolved_permissions is not None:
        perms = person.resolved_permissions
    elif channel is not None:
        perms = channel.permissions_for(person)
    else:
        return None
    return perms.administrator or perms.view_channel


# Discord's answers when the game's channel itself refuses the bot
# (topics/opcodes-and-status-codes): it is gone, or the bot may not see it.
UNKNOWN_CHANNEL = 10003
MISSING_ACCESS = 50001


def why_channel_refuses(channel: object, error: discord.HTTPException) -> str:
    """Why Discord refuses the bot's posts in a game's `channel` (None if it could
    not be found), for the GM: it no longer exists, or which of the invite's
    permissions the bot lacks there (computed from its roles and the channel's
    overwrites, as Discord's answer does not name them)."""
    if isinstance(error, discord.NotFound) or channel is None:
        return "it no longer exists"
    me = getattr(getattr(channel, "guild", None), "me", None)
    if isinstance(channel, discord.abc.GuildChannel) and me is not None:
        missing = missing_permissions(channel.permissions_for(me))
        if missing:
            return f"my role lacks {', '.join(missing)} there"
    if error.code == MISSING_ACCESS:
        return "I can no longer see it"
    return f"Discord refuses me there ({error.text or error.status})"
