"""`/gm …`: the Games Master's tools. The service checks the permission of every
action (the game's GM or the server's GM role) and records it in the audit log; this
cog asks it for the game first (`find_gm_game`) so that a refused user never sees a
confirmation button.
Every answer is ephemeral; dangerous actions wait for a confirming button."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.gm import (
    adjudicate_question,
    audit_text,
    end_question,
    gm_status_text,
    orders_text,
    rollback_question,
    settings_text,
)
from bot.service.kernel import (
    GameInfo,
    GameStatus,
    Moment,
    NotAllowed,
    deadline_text,
    fit,
    mention,
    power_name,
)
from bot.service.lobby import CHANGES, change_setting
from bot.service.variants.match import replaced_text
from cogs._common import (
    POWER_CHOICES,
    ActionButton,
    Confirm,
    GameOption,
    PhaseOption,
    caller_of,
    channel_id_of,
    complete_gm_game,
    complete_phase,
    complete_replacement,
    display_name,
    incoming_player,
    require_sees_game,
)

NO_PINGS = discord.AllowedMentions.none()


# Every setting `/gm settings set` changes, with the form of its value: offered by
# autocomplete as typed, since there are more than the 25 fixed choices Discord allows.
SETTING_CHOICES = [
    app_commands.Choice(name=f"{name} ({change.form})"[:100], value=name)
    for name, change in CHANGES.items()
]


async def complete_setting(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    typed = current.strip().lower()
    return [c for c in SETTING_CHOICES if typed in c.value][:25]


# Discord shows `/gm` only in servers, and there only to members holding Manage Events
# (or allowed by an admin under Server Settings → Integrations). Manage Events because it
# grants nothing that touches a game: no private thread (unlike Manage Threads), no
# message of anyone else; the README asks operators to give it to the GM role. This
# only hides the commands from players: the service itself checks every GM action.
@app_commands.guild_only()
@app_commands.default_permissions(manage_events=True)
class GameMaster(commands.GroupCog, group_name="gm", group_description="GM tools"):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot

    async def _game(self, interaction: discord.Interaction, game: int | None) -> GameInfo:
        return await self.bot.service.lobby.find_gm_game(
            caller_of(interaction), game, channel_id_of(interaction)
        )

    async def _confirm(
        self,
        interaction: discord.Interaction,
        info: GameInfo,
        question: str,
        label: str,
        action: Callable[[discord.Interaction], Awaitable[None]],
    ) -> None:
        view = Confirm(interaction, label, action, info.moment)
        await interaction.response.send_message(question, view=view, ephemeral=True)

    async def _check_gm_copy(
        self, interaction: discord.Interaction, info: GameInfo, setting: str, value: str
    ) -> None:
        """The game's GM is to be added to every private thread: only if they can see
        the game's channel (a thread shows nothing to a member who cannot)."""
        if setting != "copy_gm":
            return
        old = await self.bot.service.lobby.game_settings(info.id)
        new = change_setting(old, setting, value, started=info.status != GameStatus.LOBBY)
        if old.copy_gm_on_press or not new.copy_gm_on_press:
            return
        gm: discord.abc.User = interaction.user
        if gm.id != info.gm_user_id:
            assert interaction.guild is not None  # GM commands are used in a server
            try:
                gm = await interaction.guild.fetch_member(info.gm_user_id)
            except discord.NotFound:
                raise NotAllowed(
                    f"The GM of {info.name} is no longer in this server: nobody to copy."
                ) from None
        await require_sees_game(interaction, gm, info)

    @app_commands.command(name="adjudicate", description="Play the current phase now")
    @app_commands.describe(game="Game number (default: this channel's game)")
    @app_commands.autocomplete(game=complete_gm_game)
    async def adjudicate(
        self, interaction: discord.Interaction, game: GameOption | None = None
    ) -> None:
        info = await self._game(interaction, game)

        async def play(click: discord.Interaction) -> None:
            await click.response.defer(ephemeral=True, thinking=True)
            # The phase the GM saw, and that one only: if it was played meanwhile (its
            # deadline, everyone's orders in), the service says so and plays nothing.
            result = await self.bot.service.gm.gm_adjudicate_now(
                info.id, caller_of(click), self.bot.now(), expected_phase_id=info.phase_id
            )
            text = (
                f"{result.phase} is played; the results are on their way to the channel."
                if result is not None
                else "Nothing to play: the phase was played already or the game is paused."
            )
            await click.followup.send(text, ephemeral=True)

        question = adjudicate_question(info)
        if question is None:
            await play(interaction)
            return
        await self._confirm(interaction, info, question, "Adjudicate anyway", play)

    @app_commands.command(name="extend", description="Move the deadline (negative: earlier)")
    @app_commands.describe(hours="Hours to add to the deadline", game="Game number")
    @app_commands.autocomplete(game=complete_gm_game)
    async def extend(
        self,
        interaction: discord.Interaction,
        hours: app_commands.Range[int, -24 * 14, 24 * 60],
        game: GameOption | None = None,
    ) -> None:
        info = await self._game(interaction, game)
        new = await self.bot.service.gm.gm_set_deadline(
            info.id, caller_of(interaction), timedelta(hours=hours), self.bot.now()
        )
        await interaction.response.send_message(
            f"The deadline is now {deadline_text(new)}.", ephemeral=True
        )

    @app_commands.command(name="pause", description="Stop the clock")
    @app_commands.autocomplete(game=complete_gm_game)
    async def pause(self, interaction: discord.Interaction, game: GameOption | None = None) -> None:
        info = await self._game(interaction, game)
        await self.bot.service.gm.gm_pause(info.id, caller_of(interaction), self.bot.now())
        await interaction.response.send_message(f"{info.name} is paused.", ephemeral=True)

    @app_commands.command(name="resume", description="Restart the clock")
    @app_commands.autocomplete(game=complete_gm_game)
    async def resume(
        self, interaction: discord.Interaction, game: GameOption | None = None
    ) -> None:
        info = await self._game(interaction, game)
        deadline = await self.bot.service.gm.gm_resume(
            info.id, caller_of(interaction), self.bot.now()
        )
        await interaction.response.send_message(
            f"{info.name} resumes; deadline {deadline_text(deadline)}.", ephemeral=True
        )

    @app_commands.command(name="replace", description="Give a power to another player")
    @app_commands.choices(power=POWER_CHOICES)
    @app_commands.autocomplete(game=complete_gm_game)
    @app_commands.autocomplete(suggested=complete_replacement)
    @app_commands.describe(
        player="Anyone in the server", suggested="Or: who never had a country here, first"
    )
    async def replace(
        self,
        interaction: discord.Interaction,
        power: str,
        player: discord.User | None = None,
        suggested: app_commands.Range[str, 1, 100] | None = None,
        game: GameOption | None = None,
    ) -> None:
        info = await self._game(interaction, game)
        incoming = await incoming_player(interaction, player, suggested)
        await require_sees_game(interaction, incoming, info)
        handed = await self.bot.service.gm.gm_replace_player(
            info.id,
            caller_of(interaction),
            power,
            incoming.id,
            self.bot.now(),
            display_name=display_name(incoming),
        )
        who = mention(incoming.id, display_name(incoming))
        await interaction.response.send_message(
            replaced_text(who, handed, info.channel_id), ephemeral=True
        )

    @app_commands.command(name="standby", description="Call a standby for a power")
    @app_commands.choices(power=POWER_CHOICES)
    @app_commands.autocomplete(game=complete_gm_game)
    async def standby(
        self,
        interaction: discord.Interaction,
        power: str,
        player: discord.User,
        game: GameOption | None = None,
    ) -> None:
        info = await self._game(interaction, game)
        await require_sees_game(interaction, player, info)
        stands = await self.bot.service.gm.gm_call_standby(
            info.id, caller_of(interaction), power, player.id, self.bot.now()
        )
        who = mention(player.id, display_name(player))
        await interaction.response.send_message(
            replaced_text(who, stands, info.channel_id, standby=True), ephemeral=True
        )

    @app_commands.command(name="cd", description="Put a power in civil disorder")
    @app_commands.choices(power=POWER_CHOICES)
    @app_commands.autocomplete(game=complete_gm_game)
    async def cd(
        self, interaction: discord.Interaction, power: str, game: GameOption | None = None
    ) -> None:
        info = await self._game(interaction, game)
        await self.bot.service.gm.gm_civil_disorder(
            info.id, caller_of(interaction), power, self.bot.now()
        )
        await interaction.response.send_message(
            f"{power_name(power)} is in civil disorder.", ephemeral=True
        )

    @app_commands.command(name="kick", description="Remove a player from the game")
    @app_commands.autocomplete(game=complete_gm_game)
    async def kick(
        self, interaction: discord.Interaction, player: discord.User, game: GameOption | None = None
    ) -> None:
        info = await self._game(interaction, game)
        # The service takes the player out of the game's threads (a THREADS_SYNC event).
        await self.bot.service.gm.gm_kick(
            info.id, caller_of(interaction), player.id, self.bot.now()
        )
        await interaction.response.send_message(
            f"{mention(player.id, display_name(player))} is out of {info.name}.", ephemeral=True
        )

    @app_commands.command(name="rollback", description="Go back to the start of a phase")
    @app_commands.describe(phase="The phase to play again, such as F1901M")
    @app_commands.autocomplete(game=complete_gm_game)
    @app_commands.autocomplete(phase=complete_phase)
    async def rollback(
        self,
        interaction: discord.Interaction,
        phase: PhaseOption,
        game: GameOption | None = None,
    ) -> None:
        info = await self._game(interaction, game)
        plan = await self.bot.service.gm.gm_rollback_plan(info.id, caller_of(interaction), phase)

        async def roll(click: discord.Interaction, keep_players: bool) -> None:
            await click.response.defer(ephemeral=True, thinking=True)  # may take a while
            code = await self.bot.service.gm.gm_rollback(
                info.id,
                caller_of(click),
                plan.phase.code,
                self.bot.now(),
                keep_players=keep_players,
                expected_phase_id=info.phase_id,
            )
            kept = " Every power keeps today's player." if keep_players and plan.changes else ""
            await click.followup.send(
                f"Rolled back to the start of {plan.phase.title} ({code}); the players are told to "
                f"send their orders again.{kept}",
                ephemeral=True,
            )

        view = RollbackConfirm(interaction, roll, info.moment, keep=bool(plan.changes))
        await interaction.response.send_message(
            rollback_question(info, plan), view=view, ephemeral=True, allowed_mentions=NO_PINGS
        )

    @app_commands.command(name="end", description="End the game (draw or no result)")
    @app_commands.describe(
        draw="A draw among the survivors (otherwise: no result; not for a game in its lobby)"
    )
    @app_commands.autocomplete(game=complete_gm_game)
    async def end(
        self, interaction: discord.Interaction, draw: bool = False, game: GameOption | None = None
    ) -> None:
        info = await self._game(interaction, game)
        lobby = info.status == GameStatus.LOBBY

        async def finish(click: discord.Interaction) -> None:
            await self.bot.service.endings.gm_end_game(
                info.id,
                caller_of(click),
                self.bot.now(),
                draw=draw,
                expected_phase_id=info.phase_id,
            )
            done = "is cancelled" if lobby else "is over"
            await click.response.send_message(f"{info.name} {done}.", ephemeral=True)

        if lobby:
            question = f"Cancel {info.name}? It has not started yet."
            await self._confirm(interaction, info, question, "Cancel the game", finish)
            return
        await self._confirm(interaction, info, end_question(info, draw), "End the game", finish)

    @app_commands.command(name="status", description="The game as the GM needs to see it")
    @app_commands.describe(game="Game number (default: this channel's game)")
    @app_commands.autocomplete(game=complete_gm_game)
    async def status(
        self, interaction: discord.Interaction, game: GameOption | None = None
    ) -> None:
        info = await self._game(interaction, game)
        status = await self.bot.service.reach.gm_status(info.id, caller_of(interaction))
        await interaction.response.send_message(
            fit(gm_status_text(status)), ephemeral=True, allowed_mentions=NO_PINGS
        )

    @app_commands.command(name="orders", description="Everyone's current orders (GM only)")
    @app_commands.autocomplete(game=complete_gm_game)
    async def orders(
        self, interaction: discord.Interaction, game: GameOption | None = None
    ) -> None:
        info = await self._game(interaction, game)
        table = await self.bot.service.gm.gm_all_orders(
            info.id, caller_of(interaction), now=self.bot.now()
        )
        await interaction.response.send_message(
            fit(orders_text(info, table)), ephemeral=True, allowed_mentions=NO_PINGS
        )

    @app_commands.command(name="audit", description="Every GM action of the game (GM only)")
    @app_commands.describe(
        page="Page, newest actions first (default: 1)", game="Game number (default: here)"
    )
    @app_commands.autocomplete(game=complete_gm_game)
    async def audit(
        self,
        interaction: discord.Interaction,
        page: app_commands.Range[int, 1, 10_000] = 1,
        game: GameOption | None = None,
    ) -> None:
        info = await self._game(interaction, game)
        audit = await self.bot.service.history.gm_audit(info.id, caller_of(interaction), page)
        await interaction.response.send_message(
            fit(audit_text(info, audit)), ephemeral=True, allowed_mentions=NO_PINGS
        )

    settings = app_commands.Group(name="settings", description="The game's settings")

    @settings.command(name="show", description="The game's settings")
    @app_commands.autocomplete(game=complete_gm_game)
    async def settings_show(
        self, interaction: discord.Interaction, game: GameOption | None = None
    ) -> None:
        info = await self._game(interaction, game)
        settings = await self.bot.service.lobby.game_settings(info.id)
        await interaction.response.send_message(fit(settings_text(info, settings)), ephemeral=True)

    @settings.command(name="set", description="Change one of the game's settings")
    @app_commands.describe(
        setting="Which setting (some only before the game starts)",
        value="The new value: see the setting's description",
        game="Game number (default: this channel's game)",
    )
    @app_commands.autocomplete(setting=complete_setting)
    @app_commands.autocomplete(game=complete_gm_game)
    async def settings_set(
        self,
        interaction: discord.Interaction,
        setting: app_commands.Range[str, 1, 40],
        value: app_commands.Range[str, 1, 100],
        game: GameOption | None = None,
    ) -> None:
        info = await self._game(interaction, game)
        await self._check_gm_copy(interaction, info, setting, value)
        settings = await self.bot.service.gm.gm_change_setting(
            info.id, caller_of(interaction), setting, value, self.bot.now()
        )
        await interaction.response.send_message(
            fit(f"Changed. {info.name} now has:\n" + "\n".join(settings.describe())),
            ephemeral=True,
        )


class RollbackConfirm(Confirm):
    """`/gm rollback`'s buttons: roll back giving every power back to the player it had
    when the phase began, or (offered when that would change someone) keep today's."""

    def __init__(
        self,
        origin: discord.Interaction,
        action: Callable[[discord.Interaction, bool], Awaitable[None]],
        made_for: Moment,
        *,
        keep: bool,
    ) -> None:
        super().__init__(origin, "Roll back", lambda click: action(click, False), made_for)
        if keep:
            button = ActionButton(
                self._keep,
                label="Roll back, keep today's players",
                style=discord.ButtonStyle.secondary,
                custom_id="dipgm:confirm-keep",
            )
            self.add_item(button)
        self._with_players = action

    async def _keep(self, interaction: discord.Interaction) -> None:
        self.action = lambda click: self._with_players(click, True)
        await self._pressed(interaction)


async def setup(bot: DipBot) -> None:
    await bot.add_cog(GameMaster(bot))
