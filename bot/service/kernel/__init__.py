"""What every desk stands on: the `Store` (the database, the board, the engine, the
position cache) and `ServiceCore`, the caller, the errors fit for a player, the values
the service returns (`views`), a game's settings and schedule, its state changes
(`GameState`), the words shared by several messages, and a phase's public news."""

from bot.service.kernel._caller import Caller as Caller
from bot.service.kernel._engine import Engine as Engine
from bot.service.kernel._errors import ChooseGame as ChooseGame
from bot.service.kernel._errors import InvalidSetting as InvalidSetting
from bot.service.kernel._errors import LateOrders as LateOrders
from bot.service.kernel._errors import MatchSplit as MatchSplit
from bot.service.kernel._errors import NoLongerPlaying as NoLongerPlaying
from bot.service.kernel._errors import NoOrderRead as NoOrderRead
from bot.service.kernel._errors import NotAllowed as NotAllowed
from bot.service.kernel._errors import NotFound as NotFound
from bot.service.kernel._errors import PhaseAlreadyPlayed as PhaseAlreadyPlayed
from bot.service.kernel._errors import UserError as UserError
from bot.service.kernel._errors import WrongState as WrongState
from bot.service.kernel._game_settings import MAX_ROLL_CALL_HOURS as MAX_ROLL_CALL_HOURS
from bot.service.kernel._game_settings import NEW_PLAYER_PHASES as NEW_PLAYER_PHASES
from bot.service.kernel._game_settings import SCORING_NAMES as SCORING_NAMES
from bot.service.kernel._game_settings import Assignment as Assignment
from bot.service.kernel._game_settings import GameSettings as GameSettings
from bot.service.kernel._game_settings import Press as Press
from bot.service.kernel._game_settings import ResultsNotation as ResultsNotation
from bot.service.kernel._game_settings import Scoring as Scoring
from bot.service.kernel._game_settings import VariantName as VariantName
from bot.service.kernel._game_settings import check_palette as check_palette
from bot.service.kernel._game_settings import refuse_telling_grace as refuse_telling_grace
from bot.service.kernel._game_state import GameState as GameState
from bot.service.kernel._handover import hand_over as hand_over
from bot.service.kernel._phase_names import PhasePlay as PhasePlay
from bot.service.kernel._phase_names import read_phase_name as read_phase_name
from bot.service.kernel._phase_news import PhaseNotices as PhaseNotices
from bot.service.kernel._phase_news import PlayedPhase as PlayedPhase
from bot.service.kernel._phase_news import announce_start as announce_start
from bot.service.kernel._phase_news import channel_next as channel_next
from bot.service.kernel._phase_news import channel_results as channel_results
from bot.service.kernel._phase_news import next_step as next_step
from bot.service.kernel._phase_news import notices as notices
from bot.service.kernel._phase_news import own_news as own_news
from bot.service.kernel._phase_news import result_line as result_line
from bot.service.kernel._phase_news import standing as standing
from bot.service.kernel._proxies import ProxyEnd as ProxyEnd
from bot.service.kernel._proxies import why_ended as why_ended
from bot.service.kernel._reminder_plan import read_reminder_hours as read_reminder_hours
from bot.service.kernel._schedule import MAX_ABSENCE_DAYS as MAX_ABSENCE_DAYS
from bot.service.kernel._schedule import MAX_EXCUSES as MAX_EXCUSES
from bot.service.kernel._schedule import PRESETS as PRESETS
from bot.service.kernel._schedule import WORKING_DAYS as WORKING_DAYS
from bot.service.kernel._schedule import Clock as Clock
from bot.service.kernel._schedule import Length as Length
from bot.service.kernel._schedule import Schedule as Schedule
from bot.service.kernel._schedule import duration as duration
from bot.service.kernel._schedule import read_clock as read_clock
from bot.service.kernel._schedule import read_days as read_days
from bot.service.kernel._schedule import read_timing as read_timing
from bot.service.kernel._schedule import read_zone as read_zone
from bot.service.kernel._schedule import zone_choices as zone_choices
from bot.service.kernel._start_state import PowerChange as PowerChange
from bot.service.kernel._start_state import keep_start_state as keep_start_state
from bot.service.kernel._start_state import opening_phase as opening_phase
from bot.service.kernel._start_state import order_senders as order_senders
from bot.service.kernel._start_state import player_changes as player_changes
from bot.service.kernel._start_state import restore_powers as restore_powers
from bot.service.kernel._start_state import restore_proxies as restore_proxies
from bot.service.kernel._start_state import state_now as state_now
from bot.service.kernel._store import MAX_ID as MAX_ID
from bot.service.kernel._store import HoldsStore as HoldsStore
from bot.service.kernel._store import ServiceCore as ServiceCore
from bot.service.kernel._store import Store as Store
from bot.service.kernel._store import no_such_game as no_such_game
from bot.service.kernel._store import valid_id as valid_id
from bot.service.kernel._text_input import clean_text as clean_text
from bot.service.kernel._text_input import quoted as quoted
from bot.service.kernel._views import AdjudicationResult as AdjudicationResult
from bot.service.kernel._views import GameInfo as GameInfo
from bot.service.kernel._views import GameStatus as GameStatus
from bot.service.kernel._views import GivenUp as GivenUp
from bot.service.kernel._views import GmStatus as GmStatus
from bot.service.kernel._views import Grace as Grace
from bot.service.kernel._views import LineResult as LineResult
from bot.service.kernel._views import LineStatus as LineStatus
from bot.service.kernel._views import Moment as Moment
from bot.service.kernel._views import PhaseRecord as PhaseRecord
from bot.service.kernel._views import PlayerStatus as PlayerStatus
from bot.service.kernel._views import PowerInfo as PowerInfo
from bot.service.kernel._views import Progress as Progress
from bot.service.kernel._views import ReadyResult as ReadyResult
from bot.service.kernel._views import RollCall as RollCall
from bot.service.kernel._views import RollCallAnswer as RollCallAnswer
from bot.service.kernel._views import RollCallPlace as RollCallPlace
from bot.service.kernel._views import SubmissionResult as SubmissionResult
from bot.service.kernel._views import ThreadGap as ThreadGap
from bot.service.kernel._views import TickReport as TickReport
from bot.service.kernel._views import VoteInfo as VoteInfo
from bot.service.kernel._vote_rules import lapse_open_votes as lapse_open_votes
from bot.service.kernel._words import MESSAGE_LIMIT as MESSAGE_LIMIT
from bot.service.kernel._words import channel_refused_text as channel_refused_text
from bot.service.kernel._words import code_blocks as code_blocks
from bot.service.kernel._words import coin_toss_text as coin_toss_text
from bot.service.kernel._words import count as count
from bot.service.kernel._words import deadline_text as deadline_text
from bot.service.kernel._words import delivery_failed_text as delivery_failed_text
from bot.service.kernel._words import dms_closed_text as dms_closed_text
from bot.service.kernel._words import end_result as end_result
from bot.service.kernel._words import event_words as event_words
from bot.service.kernel._words import fit as fit
from bot.service.kernel._words import game_end_dm as game_end_dm
from bot.service.kernel._words import game_end_text as game_end_text
from bot.service.kernel._words import mention as mention
from bot.service.kernel._words import no_order_text as no_order_text
from bot.service.kernel._words import order_text as order_text
from bot.service.kernel._words import orders_state as orders_state
from bot.service.kernel._words import plain_name as plain_name
from bot.service.kernel._words import player_left_text as player_left_text
from bot.service.kernel._words import power_list as power_list
from bot.service.kernel._words import power_name as power_name
from bot.service.kernel._words import question_text as question_text
from bot.service.kernel._words import readable_unit as readable_unit
from bot.service.kernel._words import ready_text as ready_text
from bot.service.kernel._words import reminder_text as reminder_text
from bot.service.kernel._words import split_text as split_text
from bot.service.kernel._words import submission_echo as submission_echo
from bot.service.kernel._words import timestamp as timestamp

__all__ = [
    "MAX_ABSENCE_DAYS",
    "MAX_EXCUSES",
    "MAX_ID",
    "MAX_ROLL_CALL_HOURS",
    "MESSAGE_LIMIT",
    "NEW_PLAYER_PHASES",
    "PRESETS",
    "SCORING_NAMES",
    "WORKING_DAYS",
    "AdjudicationResult",
    "Assignment",
    "Caller",
    "ChooseGame",
    "Clock",
    "Engine",
    "GameInfo",
    "GameSettings",
    "GameState",
    "GameStatus",
    "GivenUp",
    "GmStatus",
    "Grace",
    "HoldsStore",
    "InvalidSetting",
    "LateOrders",
    "Length",
    "LineResult",
    "LineStatus",
    "MatchSplit",
    "Moment",
    "NoLongerPlaying",
    "NoOrderRead",
    "NotAllowed",
    "NotFound",
    "PhaseAlreadyPlayed",
    "PhaseNotices",
    "PhasePlay",
    "PhaseRecord",
    "PlayedPhase",
    "PlayerStatus",
    "PowerChange",
    "PowerInfo",
    "Press",
    "Progress",
    "ProxyEnd",
    "ReadyResult",
    "ResultsNotation",
    "RollCall",
    "RollCallAnswer",
    "RollCallPlace",
    "Schedule",
    "Scoring",
    "ServiceCore",
    "Store",
    "SubmissionResult",
    "ThreadGap",
    "TickReport",
    "UserError",
    "VariantName",
    "VoteInfo",
    "WrongState",
    "announce_start",
    "channel_next",
    "channel_refused_text",
    "channel_results",
    "check_palette",
    "clean_text",
    "code_blocks",
    "coin_toss_text",
    "count",
    "deadline_text",
    "delivery_failed_text",
    "dms_closed_text",
    "duration",
    "end_result",
    "event_words",
    "fit",
    "game_end_dm",
    "game_end_text",
    "hand_over",
    "keep_start_state",
    "lapse_open_votes",
    "mention",
    "next_step",
    "no_order_text",
    "no_such_game",
    "notices",
    "opening_phase",
    "order_senders",
    "order_text",
    "orders_state",
    "own_news",
    "plain_name",
    "player_changes",
    "player_left_text",
    "power_list",
    "power_name",
    "question_text",
    "quoted",
    "read_clock",
    "read_days",
    "read_phase_name",
    "read_reminder_hours",
    "read_timing",
    "read_zone",
    "readable_unit",
    "ready_text",
    "refuse_telling_grace",
    "reminder_text",
    "restore_powers",
    "restore_proxies",
    "result_line",
    "split_text",
    "standing",
    "state_now",
    "submission_echo",
    "timestamp",
    "valid_id",
    "why_ended",
    "zone_choices",
]
