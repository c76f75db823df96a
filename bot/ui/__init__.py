"""The Discord pieces that cogs and the delivery loop share: the one error handler
(guarded replies, Discord's refusal codes), what a game's channel needs (channel
checks), the private threads for negotiation (`TalkThreads`), and the buttons that
outlive a restart (a vote's ballot, a replacement's score choice, a roll-call's "I'm
in").

Below the delivery loop and the client: nothing here imports them (each piece is
handed what it needs, or reaches it through `interaction.client`)."""

from bot.ui._channel_checks import INVITE_PERMISSIONS as INVITE_PERMISSIONS
from bot.ui._channel_checks import check_bot_permissions as check_bot_permissions
from bot.ui._channel_checks import check_second_board as check_second_board
from bot.ui._channel_checks import game_channel as game_channel
from bot.ui._channel_checks import invite_permissions as invite_permissions
from bot.ui._channel_checks import sees_channel as sees_channel
from bot.ui._channel_checks import why_channel_refuses as why_channel_refuses
from bot.ui._errors import DM_REFUSED as DM_REFUSED
from bot.ui._errors import NO_MUTUAL_GUILDS as NO_MUTUAL_GUILDS
from bot.ui._errors import edit_if_possible as edit_if_possible
from bot.ui._errors import guarded as guarded
from bot.ui._errors import guarded_dm as guarded_dm
from bot.ui._errors import install as install_error_handler
from bot.ui._roll_call_button import RollCallButton as RollCallButton
from bot.ui._roll_call_button import roll_call_view as roll_call_view
from bot.ui._score_buttons import ScoreButton as ScoreButton
from bot.ui._score_buttons import score_choice_text as score_choice_text
from bot.ui._score_buttons import score_choice_view as score_choice_view
from bot.ui._talk_threads import TalkThreads as TalkThreads
from bot.ui._vote_buttons import KIND_TITLES as KIND_TITLES
from bot.ui._vote_buttons import Ballots as Ballots
from bot.ui._vote_buttons import VoteButton as VoteButton
from bot.ui._vote_buttons import closed_tally_text as closed_tally_text
from bot.ui._vote_buttons import closed_vote_view as closed_vote_view
from bot.ui._vote_buttons import tally_text as tally_text
from bot.ui._vote_buttons import vote_view as vote_view

__all__ = [
    "DM_REFUSED",
    "INVITE_PERMISSIONS",
    "KIND_TITLES",
    "NO_MUTUAL_GUILDS",
    "Ballots",
    "RollCallButton",
    "ScoreButton",
    "TalkThreads",
    "VoteButton",
    "check_bot_permissions",
    "check_second_board",
    "closed_tally_text",
    "closed_vote_view",
    "edit_if_possible",
    "game_channel",
    "guarded",
    "guarded_dm",
    "install_error_handler",
    "invite_permissions",
    "roll_call_view",
    "score_choice_text",
    "score_choice_view",
    "sees_channel",
    "tally_text",
    "vote_view",
    "why_channel_refuses",
]
