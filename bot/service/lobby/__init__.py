"""Opening a game and starting it: the lobby (`Lobby`), the deal of powers (rules/000
§14.2 for fewer players, rules/001's preferences), a roll-call before the first phase
(`RollCallDesk`, issue 31), who may join by their record of showing up (issue 31:
`PlayerRecord`, `record_of`, `check_admission`), `/game create`'s settings and every
later change of a setting, the variants as players read them, autocomplete's choices."""

from bot.service.lobby._choices import MAX_CHOICES as MAX_CHOICES
from bot.service.lobby._choices import ChoicesDesk as ChoicesDesk
from bot.service.lobby._choices import choice_label as choice_label
from bot.service.lobby._choices import phase_choices as phase_choices
from bot.service.lobby._creation import CreationOptions as CreationOptions
from bot.service.lobby._creation import settings_at_creation as settings_at_creation
from bot.service.lobby._lobby import Lobby as Lobby
from bot.service.lobby._reliability_admission import check_admission as check_admission
from bot.service.lobby._reliability_record import WINDOW as WINDOW
from bot.service.lobby._reliability_record import PlayerRecord as PlayerRecord
from bot.service.lobby._reliability_record import record_line as record_line
from bot.service.lobby._reliability_window import record_of as record_of
from bot.service.lobby._roll_call import RollCallDesk as RollCallDesk
from bot.service.lobby._roll_call import in_roll_call as in_roll_call
from bot.service.lobby._roll_call import place_taken as place_taken
from bot.service.lobby._schedule_changes import schedule_at_creation as schedule_at_creation
from bot.service.lobby._setting_changes import CHANGES as CHANGES
from bot.service.lobby._setting_changes import change_setting as change_setting
from bot.service.lobby._setting_changes import setting_news as setting_news
from bot.service.lobby._user_settings import PlayerSettings as PlayerSettings
from bot.service.lobby._variant_text import lobby_grouping_text as lobby_grouping_text
from bot.service.lobby._variant_text import player_notes as player_notes
from bot.service.lobby._variant_text import players_wanted as players_wanted
from bot.service.lobby._variant_text import rules_in_force as rules_in_force
from bot.service.lobby._variant_text import status_variant_lines as status_variant_lines
from bot.service.lobby._variant_text import unheld_power_text as unheld_power_text
from bot.service.lobby._variant_text import variant_choices as variant_choices
from bot.service.lobby._variant_text import variant_lines as variant_lines
from bot.service.lobby._variant_text import variants_help as variants_help

__all__ = [
    "CHANGES",
    "MAX_CHOICES",
    "WINDOW",
    "ChoicesDesk",
    "CreationOptions",
    "Lobby",
    "PlayerRecord",
    "PlayerSettings",
    "RollCallDesk",
    "change_setting",
    "check_admission",
    "choice_label",
    "in_roll_call",
    "lobby_grouping_text",
    "phase_choices",
    "place_taken",
    "player_notes",
    "players_wanted",
    "record_line",
    "record_of",
    "rules_in_force",
    "schedule_at_creation",
    "setting_news",
    "settings_at_creation",
    "status_variant_lines",
    "unheld_power_text",
    "variant_choices",
    "variant_lines",
    "variants_help",
]
