"""The words stored in the tables' enum columns (storage/types.py `words`): each a
StrEnum whose values are exactly the strings the columns have always held.

They live here, below the service, so that storage may type its columns with them
(DESIGN's layers: storage imports no `bot`); their old homes in `bot/service` re-export
them. `EndKind` is the engine's (`adjudication.game_end`).
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
    """What an event is, where it goes, and its payload keys (times are ISO 8601 UTC).

    - GAME_STARTED (channel): phase_id, phase, deadline, powers {power: user id | None},
      variant (title and summary; only when not the standard game)
    - POWER_ASSIGNED (DM): powers [power], deadline
    - RESULTS (channel): phase_id, phase (played), next_phase_id, next_phase, report
      (judge notation), deadline (of the next phase; None when the game ended),
      announcements [text] (a variant's events, e.g. World War I's coin; only if any)
    - ORDERS_NEEDED (DM): power, phase_id, phase, adjustment (+builds / −removals),
      dislodged [{unit, retreats}], deadline; or power, standby=True for a standby
    - REMINDER (DM): power, phase, deadline, unordered [unit] (still without an order),
      builds_left, removals_left
    - NMR (channel): power, phase
    - CIVIL_DISORDER (channel): power, chosen (its player asked for it: `/game resign`),
      user (who held it, when anyone did); in a hidden-information game told to the GM
      and that player by DM instead, as is PLAYER_REPLACED (issue 12)
    - DEADLINE_CHANGED (channel): deadline, by_vote (when set by a vote)
    - PAUSED (channel): {} / RESUMED (channel): deadline
    - PLAYER_REPLACED (channel): power, old, new (user ids); score_from: whom the score
      counted for before, when the newcomer may choose it stays theirs (rules/004)
    - VOTE_OPENED (DM, to each voter but the proposer): vote_id, kind
      (draw/extend/shorten), new_deadline, deadline (the current one)
    - VOTE_CLOSED (channel): vote_id, kind, passed, yes [power], no [power], abstain
      [power] (voters who had not voted), secret; with secret ballots yes, no and
      abstain are counts, not names
    - PLAYER_KICKED (channel): user (id), powers [power] (now in civil disorder)
    - GAME_ENDED (channel, and a DM to each player): kind
      (solo/year_limit/stalemate/draw/abandoned/cancelled), winners, scores {power:
      score}, scoring (the system's name); the DM's also powers [the player's]
    - ROLLED_BACK (channel): phase, phase_id, deadline, rolled_back ["F1901M/1": each
      play rolled back, as `/game history phase:` names it]; (DM, with a user) phase,
      phase_id, deadline, resend [power] (their orders for the phase, wiped),
      proxies_restored [power], proxies_ended [power]
    - PROXY_ENDED (DM to the holder): power, reason (a `bot.service.proxies.ProxyEnd` value)
    - PHASE_NEWS (DM, to each player after each phase, after RESULTS): powers [power],
      phase_id, next_phase_id, deadline (of the next phase), game_over
    - DELIVERY_FAILED (the game's channel): kind, user (or None), error — an event
      Discord kept refusing was given up
    - THREADS_SYNC (channel): {} — who belongs in the game's private threads changed
      (bot/service/talk.py); the Discord layer brings them in line
    - PLAYER_LEFT (channel): user, powers [power], gm (user id) — a player was found
      gone from the server (bot/service/reach.py); the GM is told, to call a standby
    - DMS_CLOSED (channel): user — Discord refuses DMs to this player; told once, with
      a ping of them only, how to open them
    - QUESTION (DM to the GM): user (the player asking), powers [power], text — `/ask`
    - LATE (channel, or DM): to ("channel", "gm" or "player"), powers [power] (late:
      nothing sent at all; a player's own only), phase, until (the grace's end) —
      bot/service/grace.py
    - EXCUSED (channel, or DM): to ("channel", "gm" or "player"), powers [power] (each
      spent an excused miss), phase, deadline (the moved one) — bot/service/excuses.py
    - ABSENCE (channel, or DM): to ("channel", "gm" or "player"), powers [power] (away),
      first, last (days, ISO), days, asked_days (more: the cap cut it), deadline (the
      game's now) — bot/service/absences.py
    - SETTING_CHANGED (channel): changed [line] — what the changed settings now say, as
      `/gm settings show` says it (`/gm settings set`)
    """

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
