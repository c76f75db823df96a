"""`/game create|join|leave|start|status|map|history|chart|export`: the lobby, and
looking at a game."""

from __future__ import annotations

import json

import discord
from discord import app_commands
from discord.ext import commands

from bot.channel_checks import check_bot_permissions, check_second_board, game_channel
from bot.client import DipBot
from bot.errors_handler import edit_if_possible, guarded
from bot.service.errors import WrongState
from bot.service.game_settings import Assignment, GameSettings, Press
from bot.service.hidden_status import status_private_to
from bot.service.lookups import POWERS
from bot.service.masters_orders import masters_option
from bot.service.schedule import zone_choices
from bot.service.schedule_changes import schedule_at_creation
from bot.service.spy_export import export_for
from bot.service.spy_history import gm_sees_spies, spy_owner, with_spy_orders
from bot.service.variant_text import (
    lobby_grouping_text,
    players_wanted,
    read_variant,
    status_variant_lines,
    variant_choices,
)
from bot.service.view_export import view_export_lines
from bot.service.view_lookups import hidden_answer
from bot.service.views import GameInfo, GameStatus, Moment
from bot.service.words import (
    MESSAGE_LIMIT,
    code_blocks,
    count,
    deadline_text,
    end_result,
    fit,
    mention,
    orders_state,
    power_list,
    power_name,
)
from cogs.common import (
    POWER_CHOICES,
    Confirm,
    GameOption,
    PhaseOption,
    caller_of,
    client_of,
    complete_game,
    complete_phase,
    display_name,
    game_here,
    grey_out,
    png_file,
    server_channel,
    text_file,
)
from cogs.diplomacy import press_text
from cogs.hidden_views import send_hidden

EMBED_COLOUR = discord.Colour.dark_gold()
# The options of the commands that look at a game: which one, and who sees the answer.
GAME_AND_SHARE = {
    "game": "Game number (default: this channel's game)",
    "share": "Show the answer to the whole channel (default: only to you)",
}
# Discord's upload limit for a server without boosts: 10 MiB a file.
EXPORT_LIMIT = 10 * 1024 * 1024
# Phase lengths and press options a GM picks at creation (rules/004 rule 3 defaults).
PRESS_CHOICES = [
    app_commands.Choice(name="Full press (private threads and public)", value="full"),
    app_commands.Choice(name="Public press only", value="public_only"),
    app_commands.Choice(name="No press (gunboat)", value="none"),
]
PARADOX_CHOICES = [
    app_commands.Choice(name="Szykman (DATC's preference)", value="szykman"),
    app_commands.Choice(name="1982 rulebook (XII.5)", value="rulebook_1982"),
]
ASSIGNMENT_CHOICES = [
    app_commands.Choice(name="By preferences (three powers in priority)", value="preferences"),
    app_commands.Choice(name="By lots", value="lots"),
]


# Discord shows every private thread to holders of Manage Threads or Administrator.
THREAD_READER_WARNING = (
    "Note: you hold Manage Threads or Administrator in this channel, so Discord shows "
    "you every private thread of this game, other players' negotiations included. The "
    "GM is told when the game starts."
)


def how_to_play(settings: GameSettings) -> str:
    """The short "how to play here" that ends `/game create`: what a player does, as
    far as the game's press setting allows."""
    steps = [
        "send me your orders by direct message, one per line (`A Par - Pic`)",
    ]
    if settings.press is Press.FULL:
        steps.append("negotiate in private threads with `/talk`, or publicly with `/press`")
    elif settings.press is Press.PUBLIC_ONLY:
        steps.append("make public announcements with `/press`")
    steps.append("`/game status` shows the phase, the deadline and who has ordered")
    return "**How to play here**: " + "; ".join(steps) + "."


async def complete_zone(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """`/game create time_zone:`: the common zones, or those matching what is typed."""
    return [app_commands.Choice(name=z, value=z) for z in zone_choices(current)]


async def complete_variant(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """`/game create variant:`: the registered variants, each with what it is."""
    return [app_commands.Choice(name=label, value=name) for label, name in variant_choices(current)]


def match_text(other_channel: int) -> str:
    """/game status of a one-on-one game: where the match's other board is played."""
    return (
        f"One board of a one-on-one match; the other board is <#{other_channel}>. The "
        "match is decided when both boards have finished the same year."
    )


def status_embed(
    info: GameInfo, settings: GameSettings, private_to: frozenset[str] | None = None
) -> discord.Embed:
    """The public state of a game: its variant and changed options, who has sent
    orders and how many, never what. `private_to`: in a hidden-information game, the
    powers whose units and orders the asker may see (the others show centres only)."""
    embed = discord.Embed(title=f"{info.name} (game {info.id})", colour=EMBED_COLOUR)
    variant = status_variant_lines(settings)
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
        embed.description = f"**{info.phase_title}**, {state}."
        embed.add_field(name="Deadline", value=deadline_text(info.deadline_at), inline=False)
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


class PreferenceMenu(discord.ui.View):
    """Up to three powers, most wanted first (rules/001). Greyed out after TIMEOUT
    seconds (within the 15 minutes the answer can still be edited): `/game join`
    again shows a new one."""

    TIMEOUT = 600.0

    def __init__(self, made_for: Moment, origin: discord.Interaction) -> None:
        super().__init__(timeout=self.TIMEOUT)
        self.made_for = made_for
        self.game_id = made_for.game_id
        self.origin = origin
        self.user_id = origin.user.id
        select: discord.ui.Select = discord.ui.Select(
            custom_id="dipgm:prefs",
            placeholder="Pick up to three powers, most wanted first",
            min_values=0,
            max_values=3,
            options=[discord.SelectOption(label=p.title(), value=p) for p in POWERS],
        )
        select.callback = self._picked
        self.add_item(select)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.user_id

    async def on_timeout(self) -> None:
        await edit_if_possible(self.origin, view=grey_out(self))

    async def _picked(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._save(interaction))

    async def _save(self, interaction: discord.Interaction) -> None:
        client = client_of(interaction)
        values = list((interaction.data or {}).get("values", []))
        # Only a player still in the lobby: a menu left open after `/game leave` or
        # the start refuses, saying why, and never joins anyone.
        await client.service.lobby.still_current(self.made_for)
        await client.service.lobby.set_preferences(self.game_id, caller_of(interaction), values)
        wish = power_list(values) if values else "no preference (powers by lot)"
        await interaction.response.send_message(f"Your preferences: {wish}.", ephemeral=True)


class Lobby(commands.GroupCog, group_name="game", group_description="Diplomacy games"):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    @app_commands.command(name="create", description="Open a new game in this channel")
    @app_commands.describe(
        name="The game's name",
        movement_hours="Hours for each movement phase (default 96)",
        retreat_hours="Hours for retreats (default 24)",
        adjustment_hours="Hours for builds and removals (default 24)",
        assignment="How powers are given out",
        press="What negotiation is allowed",
        anonymous_press="Allow unsigned public press",
        copy_gm="Add the GM to every private thread",
        secret_ballots="Hide how each power voted until a vote closes",
        year_limit="Short game: the game ends after this year's adjustments",
        short_game_winner="Short game: what decides the winner and the places",
        stalemate_winters="Draw when ownership is unchanged for this many winters",
        paradox_rule="How a convoy paradox is broken",
        variant="The game played (default: standard Diplomacy; 2 players make World War I)",
        second_channel="One-on-one: the channel of the match's second board",
        deadline_clock="Deadlines at this time of day, e.g. 20:00 (default: by the hours)",
        time_zone="The game's time zone for deadlines, e.g. Europe/Paris (default UTC)",
        working_days="Deadlines fall Monday to Friday only (rules/004 rule 3)",
        excuses="Excused missed phases per power: each moves the deadline once (default 0)",
        masters="Masters Rules by number, e.g. 1 2 5 or all (MR2 needs MR1)",
    )
    @app_commands.autocomplete(variant=complete_variant, time_zone=complete_zone)
    @app_commands.choices(
        assignment=ASSIGNMENT_CHOICES,
        press=PRESS_CHOICES,
        paradox_rule=PARADOX_CHOICES,
        short_game_winner=[
            app_commands.Choice(name="Most units on the board", value="units"),
            app_commands.Choice(name="Most supply centres", value="centres"),
        ],
    )
    async def create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, 100],
        movement_hours: app_commands.Range[int, 1, 24 * 60] = 96,
        retreat_hours: app_commands.Range[int, 1, 24 * 60] = 24,
        adjustment_hours: app_commands.Range[int, 1, 24 * 60] = 24,
        assignment: str = "preferences",
        press: str = "full",
        anonymous_press: bool = False,
        copy_gm: bool = False,
        secret_ballots: bool = True,
        year_limit: app_commands.Range[int, 1901, 2100] | None = None,
        short_game_winner: str = "units",
        stalemate_winters: app_commands.Range[int, 1, 20] | None = None,
        paradox_rule: str = "szykman",
        variant: app_commands.Range[str, 1, 100] = "standard",
        second_channel: discord.TextChannel | None = None,
        deadline_clock: app_commands.Range[str, 1, 40] | None = None,
        time_zone: app_commands.Range[str, 1, 60] = "UTC",
        working_days: bool = False,
        excuses: app_commands.Range[int, 0, 10] = 0,
        masters: app_commands.Range[str, 1, 40] | None = None,
    ) -> None:
        schedule = schedule_at_creation(
            (movement_hours, retreat_hours, adjustment_hours),
            deadline_clock,
            time_zone,
            working_days,
            excuses,
        )
        data = GameSettings(variant=read_variant(variant), schedule=schedule).to_json()
        if masters is not None:
            data["rules"]["masters"] = masters_option(masters)
        data["rules"].update(
            year_limit=year_limit,
            year_limit_measure=short_game_winner,
            stalemate_winters=stalemate_winters,
            paradox_rule=paradox_rule,
        )
        data.update(
            assignment=assignment,
            press=press,
            anonymous_press=anonymous_press,
            copy_gm_on_press=copy_gm,
            secret_ballots=secret_ballots,
        )
        guild_id, _ = server_channel(interaction)
        # A plain text channel (or a thread of one), where the bot may do all it must.
        channel_id = game_channel(interaction.channel, self.bot)
        check_bot_permissions(interaction.app_permissions, f"<#{channel_id}>")
        if second_channel is not None:
            check_second_board(second_channel)
        settings = GameSettings.from_json(data)
        info = await self.bot.service.lobby.create_game(
            guild_id,
            channel_id,
            interaction.user.id,
            name,
            self.bot.now(),
            settings,
            second_channel_id=None if second_channel is None else second_channel.id,
        )
        gm = mention(info.gm_user_id, display_name(interaction.user))
        await interaction.response.send_message(
            f"**{info.name}** (game {info.id}) is open. Join with `/game join`; {gm} starts "
            f"it with `/game start` once {players_wanted(settings)} are in.\n"
            + how_to_play(settings)
        )

    @app_commands.command(name="join", description="Join the game in this channel")
    async def join(self, interaction: discord.Interaction) -> None:
        server_channel(interaction)
        game = await game_here(interaction)
        perms = interaction.permissions  # the member's, in this channel
        reads_threads = perms.manage_threads or perms.administrator
        again = interaction.user.id in game.players
        info = await self.bot.service.lobby.join(
            game.id,
            caller_of(interaction),
            self.bot.now(),
            reads_private_threads=reads_threads,
            display_name=display_name(interaction.user),
        )
        settings = await self.bot.service.lobby.game_settings(info.id)
        warning = f"\n{THREAD_READER_WARNING}" if reads_threads else ""
        if again:
            wishes = await self.bot.service.lobby.preferences_of(info.id, interaction.user.id)
            wish = power_list(wishes) if wishes else "none (powers by lot)"
            await interaction.response.send_message(
                f"You are already in **{info.name}**; your preferences are: {wish}.{warning}",
                ephemeral=True,
            )
            return
        text = f"You joined **{info.name}** ({count(len(info.players), 'player')} so far)."
        if settings.assignment is Assignment.LOTS:
            await interaction.response.send_message(
                text + f" Powers are drawn by lots.{warning}", ephemeral=True
            )
            return
        await interaction.response.send_message(
            text + f" Pick the powers you would most like to play, or leave it to chance.{warning}",
            view=PreferenceMenu(info.moment, interaction),
            ephemeral=True,
        )

    @app_commands.command(name="leave", description="Leave the lobby of this channel's game")
    async def leave(self, interaction: discord.Interaction) -> None:
        server_channel(interaction)
        game = await game_here(interaction)
        info = await self.bot.service.lobby.leave(game.id, caller_of(interaction), self.bot.now())
        await interaction.response.send_message(f"You left **{info.name}**.", ephemeral=True)

    @app_commands.command(name="resign", description="Put a power you play in civil disorder")
    @app_commands.describe(
        power="The power to give up (default: your only one)",
        game="Game number (default: this channel's game)",
    )
    @app_commands.choices(power=POWER_CHOICES)
    @app_commands.autocomplete(game=complete_game)
    async def resign(
        self,
        interaction: discord.Interaction,
        power: str | None = None,
        game: GameOption | None = None,
    ) -> None:
        info = await game_here(interaction, game)
        mine = [p.power for p in info.powers if p.user_id == interaction.user.id]
        if power is None and len(mine) != 1:
            raise WrongState(
                "Name the power to give up." if mine else f"You play no power in {info.name}."
            )
        chosen = (power or mine[0]).upper()
        game_id = info.id

        async def give_up(click: discord.Interaction) -> None:
            await self.bot.service.gm.choose_civil_disorder(
                game_id, caller_of(click), chosen, self.bot.now()
            )
            await click.response.send_message(
                f"You no longer play {power_name(chosen)} in **{info.name}**.", ephemeral=True
            )

        await interaction.response.send_message(
            f"Put **{power_name(chosen)}** in civil disorder in **{info.name}**? You will no "
            "longer play it: its units hold, its removals follow the civil-disorder rule, "
            "and you leave its private threads. Only the GM can give it to a player again "
            "(rules/004 rule 9).",
            view=Confirm(interaction, "Give it up", give_up, info.moment),
            ephemeral=True,
        )

    @app_commands.command(name="start", description="GM: assign powers and start the game")
    async def start(self, interaction: discord.Interaction) -> None:
        server_channel(interaction)
        game = await game_here(interaction)
        info = await self.bot.service.lobby.start(game.id, caller_of(interaction), self.bot.now())
        readers = ""
        if info.thread_readers:
            names = ", ".join(mention(u, info.name_of(u)) for u in info.thread_readers)
            readers = (
                f"\nWarning: {names} can read every private thread of this game (Manage "
                "Threads or Administrator in this channel), other players' negotiations "
                "included. Take that permission away for the game, or tell the players."
            )
        await interaction.response.send_message(
            f"**{info.name}** has started: {info.phase_title}, deadline "
            f"{deadline_text(info.deadline_at)}. Each player gets their power by DM.{readers}",
            ephemeral=True,
        )

    @app_commands.command(name="status", description="Phase, deadline, who has sent orders")
    @app_commands.describe(**GAME_AND_SHARE)
    @app_commands.autocomplete(game=complete_game)
    async def status(
        self,
        interaction: discord.Interaction,
        game: GameOption | None = None,
        share: bool = False,
    ) -> None:
        info = await game_here(interaction, game)
        settings = await self.bot.service.lobby.game_settings(info.id)
        private = status_private_to(info, settings, caller_of(interaction), share=share)
        embed = status_embed(info, settings, private)
        other = await self.bot.service.lobby.match_board(info.id)
        if other is not None:  # One-on-one: the match's other board
            embed.add_field(name="Match", value=match_text(other), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=not share)

    @app_commands.command(name="map", description="The map of the current or a past phase")
    @app_commands.describe(
        phase="A phase such as S1901M (default: the current one)",
        game="Game number (default: this channel's game)",
        share="Show the answer to the whole channel (default: only to you)",
    )
    @app_commands.autocomplete(game=complete_game, phase=complete_phase)
    async def map(
        self,
        interaction: discord.Interaction,
        phase: PhaseOption | None = None,
        game: GameOption | None = None,
        share: bool = False,
    ) -> None:
        info = await game_here(interaction, game)
        record = await self.bot.lookups.find_record(info.id, phase)  # a bad phase: ephemeral
        await interaction.response.defer(thinking=True, ephemeral=not share)
        # Shown to the channel: the game's colours; to the player alone: their own.
        palette = await self.bot.lookups.palette_for(
            info.id, None if share else interaction.user.id
        )
        hidden = await hidden_answer(  # issue 12: a hidden-information game's views
            self.bot.lookups, info, record, caller_of(interaction), share=share, palette=palette
        )
        if hidden is not None:
            await send_hidden(interaction, info.name, record.phase, hidden, not share)
            return
        shown = self.bot.service.history.record_position(record)  # issue 12: the GM's, every spy
        whole = gm_sees_spies(info, caller_of(interaction), share, shown)
        mine = spy_owner(info, caller_of(interaction), share)
        picture = await self.bot.lookups.record_map(record, palette, whole_board=whole, viewer=mine)
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
    @app_commands.autocomplete(game=complete_game, phase=complete_phase)
    async def history(
        self,
        interaction: discord.Interaction,
        phase: PhaseOption | None = None,
        game: GameOption | None = None,
        share: bool = False,
    ) -> None:
        info = await game_here(interaction, game)
        private = not share
        if phase is None:
            played = await self.bot.lookups.played_phases(info.id)
            text = (
                f"**{info.name}**: {count(len(played), 'phase')} played: "
                f"{', '.join(played) or 'none yet'}. `/game history phase:<code>` shows one."
            )
            if len(text) <= MESSAGE_LIMIT:
                await interaction.response.send_message(text, ephemeral=private)
            else:  # a long game: the list goes as a file
                listing = text_file("\n".join(played), f"phases-{info.id}.txt")
                await interaction.response.send_message(
                    f"**{info.name}**: {count(len(played), 'phase')} played (list attached). "
                    "`/game history phase:<code>` shows one.",
                    file=listing,
                    ephemeral=private,
                )
            return
        record = await self.bot.lookups.find_record(info.id, phase)
        await interaction.response.defer(thinking=True, ephemeral=private)
        palette = await self.bot.lookups.palette_for(
            info.id, interaction.user.id if private else None
        )
        hidden = await hidden_answer(  # issue 12: a hidden-information game's views
            self.bot.lookups, info, record, caller_of(interaction), share=share, palette=palette
        )
        if hidden is not None:
            await send_hidden(interaction, info.name, record.phase, hidden, private)
            return
        shown = self.bot.service.history.record_position(record)  # issue 12: the GM's, every spy
        whole = gm_sees_spies(info, caller_of(interaction), share, shown)
        mine = spy_owner(info, caller_of(interaction), share)
        picture = await self.bot.lookups.record_map(record, palette, whole_board=whole, viewer=mine)
        if picture.report is None:
            text = f"**{info.name}** — {picture.title} has not been played yet."
            await interaction.followup.send(
                text, file=png_file(picture.png, "map.png"), ephemeral=private
            )
            await self._press_of(interaction, info.id, info.name, record.id, picture, private)
            return
        # rules/004's full notation, the retreats that followed folded in once played.
        judged = await self.bot.service.history.judge_text(info.id, record.id) or picture.report
        if whole:  # the GM's: every spy's orders too
            judged = await with_spy_orders(
                self.bot.service.store, record.id, judged, self.bot.lookups.board
            )
        blocks = code_blocks(judged)
        heading = f"**{info.name}** — results of {picture.title}"
        mapfile = png_file(picture.png, f"map-{picture.phase}.png")
        if len(blocks) == 1:
            await interaction.followup.send(
                f"{heading}\n{blocks[0]}", file=mapfile, ephemeral=private
            )
        else:
            report = text_file(judged, f"results-{picture.phase}.txt")
            await interaction.followup.send(heading, files=[report, mapfile], ephemeral=private)
        await self._press_of(interaction, info.id, info.name, record.id, picture, private)

    async def _press_of(self, interaction, game_id, name, phase_id, picture, private) -> None:
        """The phase's public press, after its results: in one message, or as a text
        file when it is too long for one."""
        press = await self.bot.service.press.phase_press(game_id, phase_id)
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
        self,
        interaction: discord.Interaction,
        game: GameOption | None = None,
        share: bool = False,
    ) -> None:
        info = await game_here(interaction, game)
        await interaction.response.defer(thinking=True, ephemeral=not share)
        png = await self.bot.lookups.centre_chart(info.id)
        await interaction.followup.send(
            f"**{info.name}**: supply centres at the start of each year.",
            file=png_file(png, f"centres-{info.id}.png"),
            ephemeral=not share,
        )

    @app_commands.command(name="export", description="The whole game as a file of phases")
    @app_commands.describe(**GAME_AND_SHARE)
    @app_commands.autocomplete(game=complete_game)
    async def export(
        self,
        interaction: discord.Interaction,
        game: GameOption | None = None,
        share: bool = False,
    ) -> None:
        info = await game_here(interaction, game)
        await interaction.response.defer(thinking=True, ephemeral=not share)
        # A hidden-information game: a player's own view, after the end (issue 12).
        views = await view_export_lines(self.bot.lookups, info, caller_of(interaction))
        # A Spy game: the GM's whole record, a player's own spy after the end.
        lines = (
            await export_for(self.bot.lookups, info, caller_of(interaction))
            if views is None
            else views
        )
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
        if views is not None:
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


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Lobby(bot))
