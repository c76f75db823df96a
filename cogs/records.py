"""`/game status|map|history|chart|export`: looking at a game, its state now and its
record phase by phase, as pictures, results and a file.

These are subcommands of `/game`, whose group the lobby cog (cogs/lobby.py, a
`GroupCog`) owns. discord.py gives an application-command group to one cog only (two
`GroupCog`s named `game` would register two groups of that name, which the command
tree refuses), so this extension is not a cog: its commands are plain application
commands, which `setup` adds to the `/game` group the tree already holds
(`CommandTree.get_command`, `Group.add_command`) and `teardown` takes out again. It
loads after cogs.lobby (`EXTENSIONS`' order in bot/client.py), and adds its commands
after the lobby's, so Discord sees the group exactly as when one cog held it all."""

from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands

from bot.client import DipBot
from bot.service.kernel import (
    MESSAGE_LIMIT,
    GameInfo,
    GameSettings,
    GameStatus,
    RollCall,
    code_blocks,
    count,
    deadline_text,
    end_result,
    fit,
    mention,
    orders_state,
    power_name,
    split_text,
)
from bot.service.lobby import PlayerRecord, lobby_grouping_text, record_line, status_variant_lines
from bot.service.records import (
    export_for,
    hidden_answer,
    notes_export,
    phases_listed,
    view_export_lines,
)
from bot.service.talk import PressEntry
from bot.service.variants.hidden import KeptStatus, kept_status, status_private_to
from bot.service.variants.spy import gm_sees_spies, spy_owner, with_spy_orders
from cogs._common import (
    GAME_AND_SHARE,
    GameOption,
    PhaseOption,
    caller_of,
    client_of,
    complete_game,
    complete_phase,
    game_here,
    png_file,
    send_hidden,
    text_file,
)

EMBED_COLOUR = discord.Colour.dark_gold()
# Discord's upload limit for a server without boosts: 10 MiB a file.
EXPORT_LIMIT = 10 * 1024 * 1024


def press_text(name: str, title: str, press: tuple[PressEntry, ...]) -> str:
    """The public press of one phase for `/game history`: signed by its powers, or
    "Anonymous press" — never its sender."""
    lines = [f"**{name}** — press during {title}:"]
    for entry in press:
        signed = (
            "Press from " + ", ".join(power_name(p) for p in entry.signed_by)
            if entry.signed_by
            else "Anonymous press"
        )
        lines.append(f"{signed}: {entry.text}")
    return "\n".join(lines)


def match_text(other_channel: int) -> str:
    """/game status of a one-on-one game: where the match's other board is played."""
    return (
        f"One board of a one-on-one match; the other board is <#{other_channel}>. The "
        "match is decided when both boards have finished the same year."
    )


def roll_call_lines(roll_call: RollCall, info: GameInfo) -> list[str]:
    """Issue 31: each place at the roll-call, who holds it and whether they answered."""
    lines = []
    for place in roll_call.places:
        powers = ", ".join(power_name(p) for p in place.powers)
        if place.user_id is None:
            lines.append(f"{powers}: waiting for a player (the GM's `/gm replace`)")
            continue
        answer = "in" if place.answered else "not yet answered"
        lines.append(f"{powers}: {mention(place.user_id, info.name_of(place.user_id))}, {answer}")
    return lines


def roll_call_embed(embed: discord.Embed, info: GameInfo, variant: list[str]) -> discord.Embed:
    """`/game status` while the game waits on its roll-call (issue 31): who is in."""
    roll_call = info.roll_call
    assert roll_call is not None
    if roll_call.until is not None:
        embed.description = (
            f"Roll-call before the start: answers by {deadline_text(roll_call.until)}; the "
            f"game begins when every player is in ({len(roll_call.confirmed)} of "
            f"{len(roll_call.places)} so far)."
        )
    else:
        embed.description = (
            "The roll-call's time is over: the game begins when the GM has given every "
            "empty place to a standby (`/gm replace`)."
        )
    embed.add_field(
        name="Roll-call", value=fit("\n".join(roll_call_lines(roll_call, info)), 1024), inline=False
    )
    embed.add_field(name="Variant", value=fit("\n".join(variant), 1024), inline=False)
    return embed


def status_embed(
    info: GameInfo,
    settings: GameSettings,
    private_to: frozenset[str] | None = None,
    kept: KeptStatus | None = None,
) -> discord.Embed:
    """The public state of a game: its variant and changed options, who has sent
    orders and how many, never what. `private_to`: in a hidden-information game, the
    powers whose units and orders the asker may see (the others show centres only).
    `kept`: what to say in place of a retreat phase kept from the asker (issue 29)."""
    embed = discord.Embed(title=f"{info.name} (game {info.id})", colour=EMBED_COLOUR)
    variant = status_variant_lines(settings)
    if info.status == GameStatus.LOBBY and info.roll_call is not None:
        return roll_call_embed(embed, info, variant)
    if info.status == GameStatus.LOBBY:
        players = ", ".join(mention(u, info.name_of(u)) for u in info.players) or "nobody yet"
        embed.description = f"In the lobby, {count(len(info.players), 'player')}: {players}"
        # rules/000 §14.2: what the players who joined so far would hold.
        variant.append(lobby_grouping_text(settings, len(info.players)))
        embed.add_field(name="Variant", value=fit("\n".join(variant), 1024), inline=False)
        return embed
    embed.add_field(name="Variant", value=fit("\n".join(variant), 1024), inline=False)
    over = info.status == GameStatus.ENDED
    if over:
        embed.description = f"**Over**: {end_result(info.end_kind, info.winners)}."
    else:
        state = "paused" if info.paused else "under way"
        assert info.phase is not None  # a game past its lobby has a phase in play
        embed.description = f"**{info.phase.title}**, {state}."
        deadline = deadline_text(info.deadline_at)
        if kept is not None:
            embed.description, deadline = kept.phase, kept.deadline
        embed.add_field(name="Deadline", value=deadline, inline=False)
    if not over:
        schedule = "\n".join(settings.schedule.describe())
        embed.add_field(name="Schedule", value=fit(schedule, 1024), inline=False)
    for p in info.powers:
        if not p.playable:
            line = "out of play"
        else:
            who = mention(p.user_id, info.name_of(p.user_id)) if p.user_id else "civil disorder"
            line = f"{who} · {count(p.centres, 'centre')}, {count(p.units, 'unit')}"
            hidden = private_to is not None and p.power not in private_to
            if hidden:
                line = f"{who} · {count(p.centres, 'centre')}"  # the year's public total
            if not over and not hidden:
                line += f" · {orders_state(p)}"
                if settings.schedule.excuses:
                    line += f" · {count(p.excuses_left, 'excuse')} left"
            elif over and p.score is not None:
                line += f" · score {p.score:g}"
        embed.add_field(name=power_name(p.power), value=line, inline=True)
    return embed


def add_records(embed: discord.Embed, info: GameInfo, records: tuple[PlayerRecord, ...]) -> None:
    """Issue 31: each lobby player's record, for the GM before the start, a line each
    in as many fields as Discord's 1,024 characters a field need (none without one:
    Discord refuses an empty field)."""
    if not records:
        return
    lines = "\n".join(
        f"{mention(r.user_id, info.name_of(r.user_id))}: {record_line(r)}" for r in records
    )
    for i, piece in enumerate(split_text(lines, 1024)):
        embed.add_field(name="Records" if i == 0 else "Records (more)", value=piece, inline=False)


@app_commands.command(name="status", description="Phase, deadline, who has sent orders")
@app_commands.describe(**GAME_AND_SHARE)
@app_commands.autocomplete(game=complete_game)
async def status(
    interaction: discord.Interaction,
    game: GameOption | None = None,
    share: bool = False,
) -> None:
    bot = client_of(interaction)
    info = await game_here(interaction, game)
    settings = await bot.service.lobby.game_settings(info.id)
    private = status_private_to(info, settings, caller_of(interaction), share=share)
    kept = kept_status(info, settings, caller_of(interaction), share=share)
    embed = status_embed(info, settings, private, kept)
    # Empty but for the GM of a game in its lobby (the service decides).
    add_records(embed, info, await bot.service.lobby.lobby_records(info.id, caller_of(interaction)))
    other = await bot.service.lobby.match_board(info.id)
    if other is not None:  # One-on-one: the match's other board
        embed.add_field(name="Match", value=match_text(other), inline=False)
    await interaction.response.send_message(embed=embed, ephemeral=not share)


@app_commands.command(name="map", description="The map of the current or a past phase")
@app_commands.describe(
    phase="A phase such as S1901M (default: the current one)",
    game="Game number (default: this channel's game)",
    share="Show the answer to the whole channel (default: only to you)",
)
@app_commands.autocomplete(game=complete_game)
@app_commands.autocomplete(phase=complete_phase)
async def show_map(
    interaction: discord.Interaction,
    phase: PhaseOption | None = None,
    game: GameOption | None = None,
    share: bool = False,
) -> None:
    bot = client_of(interaction)
    info = await game_here(interaction, game)
    record = await bot.lookups.find_record(info.id, phase)  # a bad phase: ephemeral
    await interaction.response.defer(thinking=True, ephemeral=not share)
    # Shown to the channel: the game's colours; to the player alone: their own.
    palette = await bot.lookups.palette_for(info.id, None if share else interaction.user.id)
    hidden = await hidden_answer(  # issue 12: a hidden-information game's views
        bot.lookups, info, record, caller_of(interaction), share=share, palette=palette
    )
    if hidden is not None:
        await send_hidden(interaction, info.name, record.phase, hidden, not share)
        return
    shown = bot.service.history.record_position(record)  # issue 12: the GM's, every spy
    whole = gm_sees_spies(info, caller_of(interaction), share, shown)
    mine = spy_owner(info, caller_of(interaction), share)
    picture = await bot.lookups.record_map(record, palette, whole_board=whole, viewer=mine)
    await interaction.followup.send(
        f"**{info.name}** — {picture.title} ({picture.phase})",
        file=png_file(picture.png, f"map-{picture.phase}.png"),
        ephemeral=not share,
    )


@app_commands.command(name="history", description="Results of a past phase, or the list")
@app_commands.describe(
    phase="A played phase such as S1901M (default: list them)",
    game="Game number (default: this channel's game)",
    share="Show the answer to the whole channel (default: only to you)",
)
@app_commands.autocomplete(game=complete_game)
@app_commands.autocomplete(phase=complete_phase)
async def history(
    interaction: discord.Interaction,
    phase: PhaseOption | None = None,
    game: GameOption | None = None,
    share: bool = False,
) -> None:
    info = await game_here(interaction, game)
    if phase is None:
        await _phases_played(interaction, info, share)
    else:
        await _phase_played(interaction, info, phase, share)


async def _phases_played(interaction: discord.Interaction, info: GameInfo, share: bool) -> None:
    """`/game history` without a phase: the phases played so far, in one message, or as
    a text file when a long game's list is too long for one."""
    bot = client_of(interaction)
    played = await phases_listed(  # issue 29: no retreat phase kept from the asker
        bot.lookups,
        info,
        caller_of(interaction),
        await bot.lookups.played_phases(info.id),
        share=share,
        played=True,
    )
    text = (
        f"**{info.name}**: {count(len(played), 'phase')} played: "
        f"{', '.join(played) or 'none yet'}. `/game history phase:<code>` shows one."
    )
    if len(text) <= MESSAGE_LIMIT:
        await interaction.response.send_message(text, ephemeral=not share)
    else:  # a long game: the list goes as a file
        listing = text_file("\n".join(played), f"phases-{info.id}.txt")
        await interaction.response.send_message(
            f"**{info.name}**: {count(len(played), 'phase')} played (list attached). "
            "`/game history phase:<code>` shows one.",
            file=listing,
            ephemeral=not share,
        )


async def _phase_played(
    interaction: discord.Interaction, info: GameInfo, phase: str, share: bool
) -> None:
    """`/game history` of one phase: its map and results as the asker may see them (a
    hidden-information game's view, the GM's every spy), then the phase's press."""
    bot = client_of(interaction)
    private = not share
    record = await bot.lookups.find_record(info.id, phase)
    await interaction.response.defer(thinking=True, ephemeral=private)
    palette = await bot.lookups.palette_for(info.id, interaction.user.id if private else None)
    hidden = await hidden_answer(  # issue 12: a hidden-information game's views
        bot.lookups, info, record, caller_of(interaction), share=share, palette=palette
    )
    if hidden is not None:
        await send_hidden(interaction, info.name, record.phase, hidden, private)
        return
    shown = bot.service.history.record_position(record)  # issue 12: the GM's, every spy
    whole = gm_sees_spies(info, caller_of(interaction), share, shown)
    mine = spy_owner(info, caller_of(interaction), share)
    picture = await bot.lookups.record_map(record, palette, whole_board=whole, viewer=mine)
    if picture.report is None:
        text = f"**{info.name}** — {picture.title} has not been played yet."
        await interaction.followup.send(
            text, file=png_file(picture.png, "map.png"), ephemeral=private
        )
    else:
        # rules/004's full notation, the retreats that followed folded in once played.
        judged = await bot.service.history.judge_text(info.id, record.id) or picture.report
        if whole:  # the GM's: every spy's orders too
            judged = await with_spy_orders(bot.service.store, record.id, judged, bot.lookups.board)
        heading = f"**{info.name}** — results of {picture.title}"
        await _send_results(interaction, heading, judged, str(picture.phase), picture.png, private)
    await _press_of(interaction, info.id, info.name, record.id, picture, private)


async def _send_results(
    interaction: discord.Interaction,
    heading: str,
    judged: str,
    phase: str,
    png: bytes,
    private: bool,
) -> None:
    """A played phase's report with its map: in one message, or as a text file beside
    the map when it is too long for one."""
    blocks = code_blocks(judged)
    mapfile = png_file(png, f"map-{phase}.png")
    if len(blocks) == 1:
        await interaction.followup.send(f"{heading}\n{blocks[0]}", file=mapfile, ephemeral=private)
    else:
        report = text_file(judged, f"results-{phase}.txt")
        await interaction.followup.send(heading, files=[report, mapfile], ephemeral=private)


async def _press_of(interaction, game_id, name, phase_id, picture, private) -> None:
    """The phase's public press, after its results: in one message, or as a text
    file when it is too long for one."""
    press = await client_of(interaction).service.press.phase_press(game_id, phase_id)
    if not press:
        return
    text = press_text(name, picture.title, press)
    if len(text) <= MESSAGE_LIMIT:
        await interaction.followup.send(
            text, ephemeral=private, allowed_mentions=discord.AllowedMentions.none()
        )
    else:
        kept = text_file(text, f"press-{picture.phase}.txt")
        await interaction.followup.send(
            f"**{name}** — press during {picture.title} (attached).",
            file=kept,
            ephemeral=private,
        )


@app_commands.command(name="chart", description="Supply centres of each power, year by year")
@app_commands.describe(**GAME_AND_SHARE)
@app_commands.autocomplete(game=complete_game)
async def chart(
    interaction: discord.Interaction,
    game: GameOption | None = None,
    share: bool = False,
) -> None:
    bot = client_of(interaction)
    info = await game_here(interaction, game)
    await interaction.response.defer(thinking=True, ephemeral=not share)
    png = await bot.lookups.centre_chart(info.id)
    await interaction.followup.send(
        f"**{info.name}**: supply centres at the start of each year.",
        file=png_file(png, f"centres-{info.id}.png"),
        ephemeral=not share,
    )


@app_commands.command(name="export", description="The whole game as a file of phases")
@app_commands.describe(**GAME_AND_SHARE)
@app_commands.autocomplete(game=complete_game)
async def export(
    interaction: discord.Interaction,
    game: GameOption | None = None,
    share: bool = False,
) -> None:
    bot = client_of(interaction)
    info = await game_here(interaction, game)
    await interaction.response.defer(thinking=True, ephemeral=not share)
    # A hidden-information game: a player's own view, after the end (issue 12).
    views = await view_export_lines(bot.lookups, info, caller_of(interaction))
    # A Spy game: the GM's whole record, a player's own spy after the end.
    lines = await export_for(bot.lookups, info, caller_of(interaction)) if views is None else views
    await _send_lines(interaction, info, lines, view=views is not None, share=share)
    # Issue 31: the caller's own notes after the end, to them alone even when shared.
    notes = await notes_export(bot.lookups, info, caller_of(interaction))
    if notes is not None:
        await interaction.followup.send(
            f"**{info.name}**: your private notes, attached for you alone.",
            file=text_file(notes, f"notes-{info.id}.txt"),
            ephemeral=True,
        )


async def _send_lines(
    interaction: discord.Interaction,
    info: GameInfo,
    lines: list[dict[str, Any]],
    *,
    view: bool,
    share: bool,
) -> None:
    """The export's lines as one file (a hidden-information game's: the player's view)."""
    data = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    if not lines:
        await interaction.followup.send(
            f"**{info.name}**: No phase has been played yet.", ephemeral=not share
        )
        return
    if len(data.encode("utf-8")) > EXPORT_LIMIT:
        await interaction.followup.send(
            f"**{info.name}** is too long to attach in one file; ask the operator "
            "for a backup of the database instead.",
            ephemeral=not share,
        )
        return
    if view:
        await interaction.followup.send(
            f"**{info.name}**: your power's view of each phase played, one JSON line "
            "each (the view as the engine's result, and its judge notation).",
            file=text_file(data, f"game-{info.id}-view.jsonl"),
            ephemeral=not share,
        )
        return
    await interaction.followup.send(
        f"**{info.name}**: {count(len(lines), 'phase')} played, one JSON line each, in "
        "the interchange format of docs/PHASES.md (each with its recorded result "
        "under `expected`): `python -m adjudication replay --compare FILE` replays it.",
        file=text_file(data, f"game-{info.id}.jsonl"),
        ephemeral=not share,
    )


RECORD_COMMANDS: tuple[app_commands.Command[Any, ..., None], ...] = (
    status,
    show_map,
    history,
    chart,
    export,
)


def game_group(bot: DipBot) -> app_commands.Group:
    """The `/game` group the lobby cog registered."""
    group = bot.tree.get_command("game")
    if not isinstance(group, app_commands.Group):
        raise RuntimeError("cogs.records adds to /game: load cogs.lobby before it")
    return group


async def setup(bot: DipBot) -> None:
    group = game_group(bot)
    for command in RECORD_COMMANDS:
        group.add_command(command)


async def teardown(bot: DipBot) -> None:
    group = bot.tree.get_command("game")
    if isinstance(group, app_commands.Group):  # gone already if cogs.lobby was unloaded
        for command in RECORD_COMMANDS:
            group.remove_command(command.name)
