"""The words stored in the tables' enum columns (storage/types.py `words`): each a
StrEnum whose values are exactly the strings the columns have always held.

They live here, below the service, so that storage may type its columns with them
(DESIGN's layers: storage imports no `bot`); their old homes in `bot/service` re-export
them. `EndKind` is the engine's (`adjudication.play.game_end`).
"""

from __future__ import annotations

from enum import StrEnum


class GameStatus(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    ENDED = "ended"


class PlayerStatus(StrEnum):
    JOINED = "joined"  # in the lobby or playing
    LEFT = "left"
    KICKED = "kicked"
    REPLACED = "replaced"
    # Did not answer a roll-call before the first phase in time (issue 31): holds no
    # power, and may be given one again (`/gm replace`).
    STANDBY = "standby"


class VoteKind(StrEnum):
    DRAW = "draw"
    EXTEND = "extend"  # move the deadline later
    SHORTEN = "shorten"  # move the deadline earlier
    PAUSE = "pause"  # stop the clock (issue 23); abstention counts yes, as for EXTEND
    RESUME = "resume"  # restart it


class VoteStatus(StrEnum):
    OPEN = "open"
    PASSED = "passed"
    FAILED = "failed"
    LAPSED = "lapsed"  # still open when the phase was played


class ProxyEnd(StrEnum):
    REVOKED = "revoked"  # the grantor took it back
    REPLACED = "replaced"  # another player (a replacement, a standby) took the power
    REMOVED = "removed"  # the GM removed the grantor (or the holder) from the game
    CIVIL_DISORDER = "civil_disorder"  # nobody orders the power now
    ELIMINATED = "eliminated"  # the power has no units or centres left
    GAME_OVER = "game_over"
    ROLLED_BACK = "rolled_back"  # given after the phase the GM rolled the game back to


class Scoring(StrEnum):
    HAYNES = "haynes"  # rules/004 player ratings: BasicScore ± Time
    DRAW_SIZE = "draw_size"
    SUM_OF_SQUARES = "sum_of_squares"


class EventKind(StrEnum):
    """What an event is (stored in `outbox.kind`). Where each goes and what its payload
    carries is documented on its payload type, in bot/service/events/payloads.py
    (`event_codec.PAYLOAD_TYPES` maps each kind to it)."""

    GAME_STARTED = "game_started"
    POWER_ASSIGNED = "power_assigned"
    RESULTS = "results"
    ORDERS_NEEDED = "orders_needed"
    REMINDER = "reminder"
    NMR = "nmr"
    CIVIL_DISORDER = "civil_disorder"
    DEADLINE_CHANGED = "deadline_changed"
    PAUSED = "paused"
    RESUMED = "resumed"
    PLAYER_REPLACED = "player_replaced"
    PLAYER_KICKED = "player_kicked"
    VOTE_OPENED = "vote_opened"
    VOTE_CLOSED = "vote_closed"
    GAME_ENDED = "game_ended"
    ROLLED_BACK = "rolled_back"
    PROXY_ENDED = "proxy_ended"
    THREADS_SYNC = "threads_sync"
    PHASE_NEWS = "phase_news"
    DELIVERY_FAILED = "delivery_failed"
    PLAYER_LEFT = "player_left"
    DMS_CLOSED = "dms_closed"
    QUESTION = "question"
    LATE = "late"
    EXCUSED = "excused"
    ABSENCE = "absence"
    SETTING_CHANGED = "setting_changed"
    # Issue 31's spectators: the channel's results post copied to one, the GM's whole
    # board to one the GM let watch, and a request to watch with the GM's answer.
    WATCHED_RESULTS = "watched_results"
    WATCHED_BOARD = "watched_board"
    SPECTATING = "spectating"
    ROLL_CALL = "roll_call"  # issue 31: a player asked (or reminded) to answer "I'm in"
    ROLL_CALL_MISSED = "roll_call_missed"  # issue 31: who did not answer in time


class MatchResult(StrEnum):
    """How a One-on-one match ended (rules/004): `MatchRow.winners` holds its winner, or
    both players for a draw."""

    WON = "won"
    DRAW = "draw"


class ThreadMemberWhy(StrEnum):
    """Why someone belongs in a talk thread (`ThreadMemberRow.why`)."""

    PLAYER = "player"  # plays one of its powers
    GM_COPY = "gm"  # the GM, copied on press (`copy_gm_on_press`)


class AuditAction(StrEnum):
    """What a GM did (`AuditRow.action`), and the two things only the GM may know that
    the log keeps too; `/gm audit` says each in words (bot/service/gm/_text.py)."""

    ADJUDICATE = "adjudicate"
    SET_DEADLINE = "set_deadline"
    PAUSE = "pause"
    RESUME = "resume"
    REPLACE = "replace"
    STANDBY = "standby"
    CIVIL_DISORDER = "civil_disorder"
    CHOSE_CIVIL_DISORDER = "chose_civil_disorder"  # by the power's own player
    KICK = "kick"
    ROLLBACK = "rollback"
    VIEW_ORDERS = "view_orders"
    SETTING = "setting"
    END = "end"
    CANCEL = "cancel"
    CANCEL_ABSENCE = "cancel_absence"
    ANONYMOUS_PRESS = "anonymous_press"  # rules/004: an anonymous press's sender
    SCORE_OWNER = "score_owner"  # rules/004 ratings: whose score a power's counts for
    SPECTATOR = "spectator"  # issue 31: let someone watch a hidden game, or not


class SpectatorStatus(StrEnum):
    """Where a member who asked to watch a game stands (`SpectatorRow.status`, issue 31)."""

    ASKED = "asked"  # waits for the GM (Kriegsplomacy, Spy)
    WATCHING = "watching"  # told of each phase
    REFUSED = "refused"  # the GM said no, or stopped it
    STOPPED = "stopped"  # the member stopped watching (`/game unwatch`)
