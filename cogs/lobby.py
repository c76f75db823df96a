"""`/game create|join|leave|resign|start`: the lobby, and giving up a power. The
`/game` group is this cog's; cogs/records.py adds to it the commands that look at a
game (status, map, history, chart, export)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.gm import power_to_give_up
from bot.service.kernel import (
    MAX_ROLL_CALL_HOURS,
    Assignment,
    GameInfo,
    GameSettings,
    Moment,
    Press,
    count,
    deadline_text,
    fit,
    mention,
    power_list,
    power_name,
    zone_choices,
)
from bot.service.lobby import (
    CreationOptions,
    players_wanted,
    rules_in_force,
    schedule_at_creation,
    settings_at_creation,
    variant_choices,
)
from bot.service.records import POWERS
from bot.ui import (
    check_bot_permissions,
    check_second_board,
    edit_if_possible,
    game_channel,
    guarded,
)
from cogs._common import (
    POWER_CHOICES,
    ActionSelect,
    Confirm,
    GameOption,
    caller_of,
    client_of,
    complete_game,
    display_name,
    game_here,
    grey_out,
    server_channel,
)

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


def roll_call_opened_text(info: GameInfo) -> str:
    """`/game start`'s answer when a roll-call comes first (issue 31), for everyone."""
    assert info.roll_call is not None
    return (
        f"**{info.name}**: the powers are dealt and the roll-call is open. Each player has a "
        f"DM from me with an **I'm in** button: answer by {deadline_text(info.roll_call.until)}. "
        "The game begins as soon as every player has answered; whoever has not by then goes "
        "back to standby and the GM fills the place. `/game status` shows who is in."
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


def game_opened_text(info: GameInfo, settings: GameSettings, gm: str) -> str:
    """`/game create`'s answer, for everyone: the game is open, how to join it, its rules
    and schedule, and how to play."""
    rules = "\n".join([*rules_in_force(settings), *settings.schedule.describe()])
    return fit(
        f"**{info.name}** (game {info.id}) is open. Join with `/game join`; {gm} "
        f"starts it with `/game start` once {players_wanted(settings)} are in.\n"
        f"{rules}\n" + how_to_play(settings)
    )


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
        select = ActionSelect(
            self._picked,
            custom_id="dipgm:prefs",
            placeholder="Pick up to three powers, most wanted first",
            min_values=0,
            max_values=3,
            options=[discord.SelectOption(label=p.title(), value=p) for p in POWERS],
        )
        self.add_item(select)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.user_id

    async def on_timeout(self) -> None:
        await edit_if_possible(self.origin, view=grey_out(self))

    async def _picked(self, interaction: discord.Interaction) -> None:
        await guarded(interaction, self._save(interaction))

    async def _save(self, interaction: discord.Interaction) -> None:
        client = client_of(interaction)
        data: Mapping[str, Any] = interaction.data or {}
        values = list(data.get("values", []))
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
        grace_hours="Hours the game waits for a power that sent nothing (default 0: none)",
        masters="Masters Rules by number, e.g. 1 2 5 or all (MR2 needs MR1)",
        roll_call_hours="Roll-call: hours each player has to answer I'm in at the start, e.g. 24 "
        "(default: none)",
        min_reliability="Who may join: players who ordered on time in at least this % of their "
        "phases (default: anyone)",
        reliable_only="Refuse new players (fewer than 10 phases owed on this server)",
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
        grace_hours: app_commands.Range[int, 0, 24 * 60] = 0,
        roll_call_hours: app_commands.Range[int, 1, MAX_ROLL_CALL_HOURS] | None = None,
        min_reliability: app_commands.Range[int, 0, 100] | None = None,
        reliable_only: bool = False,
    ) -> None:
        schedule = schedule_at_creation(
            (movement_hours, retreat_hours, adjustment_hours),
            deadline_clock,
            time_zone,
            working_days,
            excuses,
            grace_hours=grace_hours,
        )
        settings = settings_at_creation(
            CreationOptions(
                schedule=schedule,
                variant=variant,
                assignment=assignment,
                press=press,
                anonymous_press=anonymous_press,
                copy_gm=copy_gm,
                secret_ballots=secret_ballots,
                year_limit=year_limit,
                short_game_winner=short_game_winner,
                stalemate_winters=stalemate_winters,
                paradox_rule=paradox_rule,
                masters=masters,
                roll_call_hours=roll_call_hours,
                min_reliability=min_reliability,
                reliable_only=reliable_only,
            )
        )
        await self._open_game(interaction, name, settings, second_channel)

    async def _open_game(
        self,
        interaction: discord.Interaction,
        name: str,
        settings: GameSettings,
        second_channel: discord.TextChannel | None,
    ) -> None:
        """`/game create`'s second step, once its options are read: the channel checked,
        the game opened there, and the channel told how to join."""
        guild_id, _ = server_channel(interaction)
        # A plain text channel (or a thread of one), where the bot may do all it must.
        channel_id = game_channel(interaction.channel, self.bot)
        check_bot_permissions(interaction.app_permissions, f"<#{channel_id}>")
        if second_channel is not None:
            check_second_board(second_channel)
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
        await interaction.response.send_message(game_opened_text(info, settings, gm))

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
        chosen = power_to_give_up(info, caller_of(interaction), power)
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
        if info.roll_call is not None:  # issue 31: the players answer first, in the channel's view
            await interaction.response.send_message(roll_call_opened_text(info))
            if readers:
                await interaction.followup.send(readers.strip(), ephemeral=True)
            return
        assert info.phase is not None  # the first phase, just written
        await interaction.response.send_message(
            f"**{info.name}** has started: {info.phase.title}, deadline "
            f"{deadline_text(info.deadline_at)}. Each player gets their power by DM.{readers}",
            ephemeral=True,
        )


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Lobby(bot))
