"""Orders: free text by DM, and `/orders submit|show|clear|ready`.

Every answer about orders is private (a DM or an ephemeral reply): orders stay
secret until the phase is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import DipBot
from bot.service.kernel import (
    Caller,
    ChooseGame,
    MatchSplit,
    NoLongerPlaying,
    NoOrderRead,
    NotFound,
    SubmissionResult,
    UserError,
    fit,
    no_order_text,
    power_list,
    ready_text,
    split_text,
    submission_echo,
)
from bot.service.kernel import count as count_of
from bot.service.lobby import player_notes
from bot.service.orders import DmKind, read_direct_message
from bot.ui import guarded_dm
from cogs._common import (
    GameOption,
    GamePicker,
    PickGame,
    caller_of,
    channel_id_of,
    client_of,
    complete_game,
    png_file,
    require_sees_game,
)

HELP = (
    "Send me your orders here, one per line, for example:\n"
    "```\n{examples}\n```\n"
    "A new order for a unit replaces its old one. `map` shows your orders on the map. "
    "In a server, `/orders show` lists them and `/orders ready` says you are done."
)
NOT_PLAYING = (
    "You are not playing in any running game, so there is nothing to order. To play, "
    "use `/game join` in a server channel where a game is open."
)
# An edit read as new orders is echoed with this first; an edit of an older DM is
# answered with the other (cogs/orders.py `on_raw_message_edit` says why).
EDITED = "Your edited message is read as new orders:\n"
OLD_EDIT_NOT_READ = (
    "Edits of earlier messages are not read: your orders stand as your messages since "
    "left them. To change an order, send it again as a new message (`/orders show` "
    "lists them)."
)
GENERIC_EXAMPLES = "A Par - Bur\nF Lon S F Edi - Nth\nA Ven H"
WHICH_GAME = (
    "You play in several games. Which one are these orders for? Nothing is saved until you choose."
)
BOTH_BOARDS = (
    "These lines fit both boards of your match:\n```\n{lines}\n```\nNothing of them is "
    "saved until you choose the board they are for:"
)


class Orders(commands.GroupCog, group_name="orders", group_description="Your orders"):
    def __init__(self, bot: DipBot) -> None:
        self.bot = bot
        # Older DMs whose edit was answered already ("edits of older messages are not
        # read"): told once a message.
        self._edits_answered: set[int] = set()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(PickGame)  # its buttons call `submit_pending`

    # --- orders by DM -------------------------------------------------------------

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or message.guild is not None:
            return
        await self.bot.delivery.reach.seen(message.author.id, None)
        # Their DM channel, shown: what the bot sends them later need not open it.
        await self.bot.delivery.dm_channels.seen(message.author.id, message.channel.id)
        try:
            await guarded_dm(message.channel, self._direct_message(message))
        except discord.Forbidden as refused:  # DM_REFUSED: no answer can reach them
            await self.bot.delivery.reach.dm_refused(message.author.id, refused.code, None)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Anyone using dipgm is back within reach: what was held for them goes out."""
        await self.bot.delivery.reach.seen(interaction.user.id, interaction.guild_id)

    async def _direct_message(self, message: discord.Message) -> None:
        dm = read_direct_message(message.content)
        if dm.kind is DmKind.HELP:
            await self._help(message)
        elif dm.kind is DmKind.PREVIEW:
            await self._preview(message, dm.game_id)
        else:
            await self._submit_dm(message, dm.text)

    async def _submit_dm(
        self, message: discord.Message, text: str, *, edited: bool = False
    ) -> None:
        user_id = message.author.id
        # Discord's own time for the message (for an edit, the edit's): orders sent
        # before the deadline are judged as such, however late they reach the bot.
        sent_at = (message.edited_at if edited else None) or message.created_at
        try:
            result = await self.bot.service.orders.submit_orders(
                Caller(user_id), text, self.bot.now(), sent_at=sent_at
            )
        except MatchSplit as split:
            await self._split(message, split, sent_at, EDITED if edited else "")
            return
        except ChooseGame as choose:
            await self._ask_which_game(message, choose.game_ids, text, sent_at, WHICH_GAME)
            return
        except NoOrderRead as nothing:
            await message.channel.send(await self._no_order_text(nothing))
            return
        except NoLongerPlaying as gone:
            await message.channel.send(gone.message)
            return
        except NotFound:
            await message.channel.send(NOT_PLAYING)
            return
        await self._echo(message.channel, result, EDITED if edited else "")

    async def _ask_which_game(
        self,
        message: discord.Message,
        game_ids: Sequence[int],
        text: str,
        sent_at: datetime,
        question: str,
    ) -> None:
        """Keep `text` until the player picks its game (bot/service/orders/_pending.py),
        and ask with one button per game."""
        user_id = message.author.id
        await self.bot.service.pending_orders.keep_pending_orders(
            user_id, text, sent_at, self.bot.now()
        )
        games = [(g, (await self.bot.service.lobby.game_info(g)).name) for g in game_ids]
        picker = GamePicker(games)
        picker.message = await message.channel.send(question, view=picker)

    async def _split(
        self, message: discord.Message, split: MatchSplit, sent_at: datetime, prefix: str
    ) -> None:
        """O5: a match's player wrote for both boards. Each board's own lines are saved
        to it now and echoed; lines that fit both wait for the player's choice."""
        caller, now = Caller(message.author.id), self.bot.now()
        for game_id, part in split.parts.items():
            result = await self.bot.service.orders.submit_orders(
                caller, part, now, game_id, sent_at=sent_at
            )
            await self._echo(message.channel, result, prefix)
        if split.both:
            question = BOTH_BOARDS.format(lines=split.both)
            await self._ask_which_game(message, split.game_ids, split.both, sent_at, question)

    async def _no_order_text(self, nothing: NoOrderRead) -> str:
        """No order in the DM: nothing saved; each game's phase, deadline and what is
        still to order; then how to write orders, with the first game's own examples."""
        named = [
            ((await self.bot.service.lobby.game_info(g.game_id)).name, g) for g in nothing.games
        ]
        first = nothing.games[0]
        examples = await self.bot.lookups.order_examples(first.game_id, first.powers)
        how = HELP.format(examples="\n".join(examples or GENERIC_EXAMPLES.splitlines()))
        return no_order_text(nothing.message, named) + "\n" + how

    @commands.Cog.listener()
    async def on_raw_message_edit(self, payload: discord.RawMessageUpdateEvent) -> None:
        """A player edited a DM. An edit of their latest message is read as a new
        submission (echoed as such, judged by the time of the edit): they see the
        corrected text, and ignoring it would leave in force orders they no longer
        see. Rereading an older message would undo what they sent since: that edit is
        answered, once, with how to change orders instead. (Discord also sends
        MESSAGE_UPDATE when it fills in a link's preview: no `edited_at`, no edit.)"""
        message = payload.message
        if payload.guild_id is not None or message.author.bot or message.edited_at is None:
            return
        try:
            await guarded_dm(message.channel, self._edited(message))
        except discord.Forbidden as refused:  # DM_REFUSED: no answer can reach them
            await self.bot.delivery.reach.dm_refused(message.author.id, refused.code, None)

    async def _edited(self, message: discord.Message) -> None:
        later = [
            m
            async for m in message.channel.history(after=message, limit=50)
            if m.author.id == message.author.id
        ]
        if later:
            if message.id not in self._edits_answered:
                self._edits_answered.add(message.id)
                await message.channel.send(OLD_EDIT_NOT_READ)
            return
        dm = read_direct_message(message.content)
        if dm.kind is DmKind.ORDERS:
            await self._submit_dm(message, dm.text, edited=True)

    async def _help(self, message: discord.Message) -> None:
        """How to write orders, shown with the player's own units: a question or a
        greeting gets this rather than a parser's objections."""
        try:
            result = await self.bot.service.orders.show_orders(Caller(message.author.id))
        except ChooseGame:
            await message.channel.send(HELP.format(examples=GENERIC_EXAMPLES))
            return
        except NotFound:
            await message.channel.send(HELP.format(examples=GENERIC_EXAMPLES) + "\n" + NOT_PLAYING)
            return
        examples = await self.bot.lookups.order_examples(result.game_id, result.powers)
        notes = player_notes(await self.bot.service.lobby.game_settings(result.game_id))
        await message.channel.send(
            fit(
                f"You play {power_list(result.powers)}. "
                + HELP.format(examples="\n".join(examples or GENERIC_EXAMPLES.splitlines()))
                + "".join(f"\n{note}" for note in notes)
            )
        )

    async def submit_pending(self, interaction: discord.Interaction, game_id: int) -> None:
        pending = await self.bot.service.pending_orders.take_pending_orders(interaction.user.id)
        if pending is None:
            raise NotFound("I no longer have those orders; please send them again.")
        text, sent_at = pending
        result = await self.bot.service.orders.submit_orders(
            Caller(interaction.user.id), text, self.bot.now(), game_id, sent_at=sent_at
        )
        echo = await self._echo_text(result)
        await interaction.response.send_message(echo[0])
        for piece in echo[1:]:
            await interaction.followup.send(piece)

    async def _preview(self, message: discord.Message, game_id: int | None) -> None:
        result = await self.bot.service.orders.show_orders(Caller(message.author.id), game_id)
        png = await self.bot.lookups.preview_map(
            result.game_id, result.powers, result.orders, user_id=message.author.id
        )
        await message.channel.send(
            f"Your orders for {result.phase} as they stand (only you see this).",
            file=png_file(png, f"preview-{result.phase}.png"),
        )

    async def _echo_text(self, result: SubmissionResult, note: str = "") -> list[str]:
        name = (await self.bot.service.lobby.game_info(result.game_id)).name
        return split_text(note + submission_echo(result, name))

    async def _echo(
        self, channel: discord.abc.Messageable, result: SubmissionResult, note: str = ""
    ) -> None:
        for piece in await self._echo_text(result, note):
            await channel.send(piece)

    # --- /orders ----------------------------------------------------------------------

    async def _game_id(self, interaction: discord.Interaction, game: int | None) -> int | None:
        """The game option, else this channel's game, else let the service decide."""
        if game is not None:
            return game
        channel_id = channel_id_of(interaction)
        if channel_id is None:
            return None
        return (await self.bot.service.lobby.game_in_channel(channel_id)).id

    async def _reply(self, interaction: discord.Interaction, result: SubmissionResult) -> None:
        pieces = await self._echo_text(result)
        await interaction.response.send_message(pieces[0], ephemeral=True)
        for piece in pieces[1:]:
            await interaction.followup.send(piece, ephemeral=True)

    @app_commands.command(name="submit", description="Give one order (pick from the list)")
    @app_commands.describe(order="Start typing: a unit or a place", game="Game number")
    @app_commands.autocomplete(game=complete_game)
    async def submit(
        self,
        interaction: discord.Interaction,
        order: app_commands.Range[str, 1, 200],
        game: GameOption | None = None,
    ) -> None:
        game_id = await self._game_id(interaction, game)
        result = await self.bot.service.orders.submit_orders(
            caller_of(interaction),
            order,
            self.bot.now(),
            game_id,
            sent_at=interaction.created_at,
        )
        await self._reply(interaction, result)

    @submit.autocomplete("order")
    async def _complete_order(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        client = client_of(interaction)
        try:
            game_id = await self._game_id(interaction, interaction.namespace.game)
            texts = await client.service.orders.legal_orders(
                caller_of(interaction), current, game_id
            )
        except UserError:
            return []  # no game here, or not one of its players: nothing to offer
        return [app_commands.Choice(name=t, value=t) for t in texts]

    @app_commands.command(name="show", description="Your orders in force (only you see them)")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=complete_game)
    async def show(self, interaction: discord.Interaction, game: GameOption | None = None) -> None:
        game_id = await self._game_id(interaction, game)
        await self._reply(
            interaction, await self.bot.service.orders.show_orders(caller_of(interaction), game_id)
        )

    @app_commands.command(name="clear", description="Withdraw all your orders for this phase")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=complete_game)
    async def clear(self, interaction: discord.Interaction, game: GameOption | None = None) -> None:
        game_id = await self._game_id(interaction, game)
        result = await self.bot.service.orders.clear_orders(
            caller_of(interaction), self.bot.now(), game_id
        )
        await self._reply(interaction, result)

    @app_commands.command(name="ready", description="Say you are done (or not) for this phase")
    @app_commands.describe(ready="False to take it back", game="Game number")
    @app_commands.autocomplete(game=complete_game)
    async def ready(
        self, interaction: discord.Interaction, ready: bool = True, game: GameOption | None = None
    ) -> None:
        game_id = await self._game_id(interaction, game)
        result = await self.bot.service.orders.set_ready(
            caller_of(interaction), self.bot.now(), ready, game_id
        )
        await interaction.response.send_message(ready_text(result), ephemeral=True)

    @app_commands.command(name="proxy", description="Let another player order your units")
    @app_commands.describe(
        player="Who may order for you (your own orders always win)",
        provinces="Only these units, e.g. 'Par Bre' (default: all)",
        game="Game number",
    )
    @app_commands.autocomplete(game=complete_game)
    async def proxy(
        self,
        interaction: discord.Interaction,
        player: discord.User,
        provinces: app_commands.Range[str, 1, 200] | None = None,
        game: GameOption | None = None,
    ) -> None:
        game_id = await self._game_id(interaction, game)
        if game_id is not None:
            info = await self.bot.service.lobby.game_info(game_id)
            await require_sees_game(interaction, player, info)
        where = provinces.replace(",", " ").split() if provinces else None
        given = await self.bot.service.orders.grant_proxy(
            caller_of(interaction), player.id, self.bot.now(), where, game_id
        )
        units = ", ".join(given) if given else "all your units"
        await interaction.response.send_message(
            f"{player.mention} may now order {units} for you (rules/004 rule 10). Your own "
            "orders always win. `/orders unproxy` takes it back.",
            ephemeral=True,
        )

    @app_commands.command(name="unproxy", description="Take back every proxy you gave")
    @app_commands.describe(game="Game number")
    @app_commands.autocomplete(game=complete_game)
    async def unproxy(
        self, interaction: discord.Interaction, game: GameOption | None = None
    ) -> None:
        game_id = await self._game_id(interaction, game)
        count = await self.bot.service.orders.revoke_proxies(
            caller_of(interaction), self.bot.now(), game_id
        )
        await interaction.response.send_message(
            f"{count_of(count, 'proxy grant')} withdrawn.", ephemeral=True
        )


async def setup(bot: DipBot) -> None:
    await bot.add_cog(Orders(bot))
