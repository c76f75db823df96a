"""What the cogs share, so that no cog imports another (Red's rule; python-discord's
extensions likewise): the bot behind an interaction and the caller, the game of a
channel, the options and their completion, small reply helpers (files, greyed-out
views, a confirm button), and the pieces that are no cog of their own: the "which
game?" picker of a DM of orders (cogs/orders.py), the incoming player of
`/gm replace` (cogs/gm.py), `/game map` and `/game history` of a hidden-information
game (cogs/records.py).

Above the client (`client_of` gives the `DipBot`), below every cog."""

from cogs._common._game_picker import GamePicker as GamePicker
from cogs._common._game_picker import PickGame as PickGame
from cogs._common._hidden_views import send_hidden as send_hidden
from cogs._common._interaction import GAME_AND_SHARE as GAME_AND_SHARE
from cogs._common._interaction import POWER_CHOICES as POWER_CHOICES
from cogs._common._interaction import ActionButton as ActionButton
from cogs._common._interaction import ActionSelect as ActionSelect
from cogs._common._interaction import Confirm as Confirm
from cogs._common._interaction import GameOption as GameOption
from cogs._common._interaction import PhaseOption as PhaseOption
from cogs._common._interaction import caller_of as caller_of
from cogs._common._interaction import channel_id_of as channel_id_of
from cogs._common._interaction import client_of as client_of
from cogs._common._interaction import complete_game as complete_game
from cogs._common._interaction import complete_gm_game as complete_gm_game
from cogs._common._interaction import complete_phase as complete_phase
from cogs._common._interaction import display_name as display_name
from cogs._common._interaction import game_here as game_here
from cogs._common._interaction import grey_out as grey_out
from cogs._common._interaction import png_file as png_file
from cogs._common._interaction import require_sees_game as require_sees_game
from cogs._common._interaction import server_channel as server_channel
from cogs._common._interaction import text_file as text_file
from cogs._common._replacement_pick import complete_replacement as complete_replacement
from cogs._common._replacement_pick import incoming_player as incoming_player

__all__ = [
    "GAME_AND_SHARE",
    "POWER_CHOICES",
    "ActionButton",
    "ActionSelect",
    "Confirm",
    "GameOption",
    "GamePicker",
    "PhaseOption",
    "PickGame",
    "caller_of",
    "channel_id_of",
    "client_of",
    "complete_game",
    "complete_gm_game",
    "complete_phase",
    "complete_replacement",
    "display_name",
    "game_here",
    "grey_out",
    "incoming_player",
    "png_file",
    "require_sees_game",
    "send_hidden",
    "server_channel",
    "text_file",
]
