"""What each outbox event carries: one frozen type per `EventKind`, its fields the
payload keys stored as JSON in `outbox.payload` (bot/service/events/_codec.py writes and
reads them). Every field that an older row may lack has a default, so rows queued
before a key was added still read. Where an event goes (the game's channel, a DM) is
said on each type; the service queues them (`event_codec.add_event`), the Discord
layer (bot/delivery/_sender.py and its neighbours) turns them into messages.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, PlainSerializer

from adjudication.model.result import EndKind
from adjudication.model.units import Power
from storage.enums import EventKind, ProxyEnd, Scoring, VoteKind

# Times are aware (UTC) and stored as `datetime.isoformat()` writes them ("…+00:00"),
# the form every row stored before these types holds.
Moment = Annotated[AwareDatetime, PlainSerializer(datetime.isoformat, when_used="json")]
Powers = tuple[Power, ...]
# Who a LATE, EXCUSED or ABSENCE notice is for (bot/service/deadlines/_grace.py `tell`).
Audience = Literal["channel", "gm", "player"]


class Payload(BaseModel):
    """One event's payload; `kind_of` names the event kind it is the payload of (a
    field `kind` is some events' own: a vote's, an ending's)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    kind_of: ClassVar[EventKind]


class GameStarted(Payload):
    """(channel) The game began: its first phase, deadline and who plays what."""

    kind_of = EventKind.GAME_STARTED
    phase_id: int
    phase: str
    deadline: Moment
    powers: dict[Power, int | None]  # None: not in play
    variant: str | None = None  # title and summary; only when not the standard game


class PowerAssigned(Payload):
    """(DM) The powers a player plays, and the first deadline."""

    kind_of = EventKind.POWER_ASSIGNED
    powers: Powers
    deadline: Moment


class Results(Payload):
    """(channel) A phase was played: `phase` the played one, `report` its judge
    notation, `deadline` the next phase's (None when the game ended, or with
    `match_wait`: One-on-one's next board waits for the match's other one)."""

    kind_of = EventKind.RESULTS
    phase_id: int
    phase: str
    next_phase_id: int
    next_phase: str
    report: str
    deadline: Moment | None
    match_wait: bool = False
    # The phase's notices (`phase_news.PhaseNotices.channel`); none for a Winter
    # played with it.
    nmr: Powers = ()
    civil_disorder: Powers = ()
    eliminated: Powers = ()
    announcements: tuple[str, ...] = ()  # a variant's events (World War I's coin)
    # rules/003: the lines written for others and the Masters orders, with what became
    # of each (`masters_news.written_record`).
    written: tuple[dict[str, Any], ...] = ()


class Dislodged(BaseModel):
    """A dislodged unit and where it may retreat (in ORDERS_NEEDED rows of old)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    unit: str
    retreats: tuple[str, ...] = ()


class OrdersNeeded(Payload):
    """(DM) A standby called by the GM (`standby`); rows of old also told a player what
    a retreat or adjustment phase asked of them (+builds / −removals, dislodged)."""

    kind_of = EventKind.ORDERS_NEEDED
    power: Power
    standby: bool = False
    phase_id: int | None = None
    phase: str | None = None
    adjustment: int = 0
    dislodged: tuple[Dislodged, ...] = ()
    deadline: Moment | None = None


class Reminder(Payload):
    """(DM) A player who still owes orders: what is missing. `given`/`owed` are None in
    rows queued before they were counted."""

    kind_of = EventKind.REMINDER
    power: Power
    phase: str
    deadline: Moment | None = None
    unordered: tuple[str, ...] = ()  # units still without an order
    given: int | None = None
    owed: int | None = None
    builds_left: int = 0
    removals_left: int = 0
    # A DM of orders not saved yet, waiting for its sender to say which game it is for
    # (issue 33), and when it was sent.
    unsaved: str = ""
    unsaved_at: Moment | None = None


class Nmr(Payload):
    """(channel) No orders received from a power for a phase."""

    kind_of = EventKind.NMR
    power: Power
    phase: str


class CivilDisorder(Payload):
    """(channel) A power is in civil disorder; `chosen`: its player asked for it
    (`/game resign`); `user`: who held it. In a hidden-information game told to the GM
    and that player by DM instead, as is PLAYER_REPLACED (issue 12)."""

    kind_of = EventKind.CIVIL_DISORDER
    power: Power
    chosen: bool = False
    user: int | None = None


class DeadlineChanged(Payload):
    """(channel) The deadline moved: by the GM, or by a vote, or because the match's
    other board caught up (One-on-one), or to hold for an absence."""

    kind_of = EventKind.DEADLINE_CHANGED
    deadline: Moment
    by_vote: bool = False
    by_match: bool = False
    by_absence: bool = False


class Paused(Payload):
    """(channel) The game is paused, by the GM or by a vote."""

    kind_of = EventKind.PAUSED
    by_vote: bool = False


class Resumed(Payload):
    """(channel) The game resumes, with its deadline moved by the pause."""

    kind_of = EventKind.RESUMED
    deadline: Moment | None
    by_vote: bool = False


class PlayerReplaced(Payload):
    """(channel) A power changed hands: `old` and `new` are user ids; `score_from`:
    whom the score counted for before, when the newcomer may choose it stays theirs
    (rules/004)."""

    kind_of = EventKind.PLAYER_REPLACED
    power: Power
    old: int | None
    new: int
    score_from: int | None = None
    # Given at a roll-call before the first phase (issue 31): the newcomer's briefing
    # is the roll-call's, the first deadline coming with the game's start.
    roll_call: bool = False


class PlayerKicked(Payload):
    """(channel) The GM removed a player; `powers` are now in civil disorder."""

    kind_of = EventKind.PLAYER_KICKED
    user: int
    powers: Powers


class VoteOpened(Payload):
    """(DM, to each voter but the proposer) A vote to cast; `deadline` the current one,
    `new_deadline` the one proposed (extend, shorten)."""

    kind_of = EventKind.VOTE_OPENED
    vote_id: int
    kind: VoteKind
    new_deadline: Moment | None = None
    deadline: Moment | None = None


class VoteClosed(Payload):
    """(channel) A vote's result; `abstain` the voters who had not voted. With secret
    ballots yes, no and abstain are counts, not names."""

    kind_of = EventKind.VOTE_CLOSED
    vote_id: int
    kind: VoteKind
    passed: bool
    yes: Powers | int = ()
    no: Powers | int = ()
    abstain: Powers | int = ()
    secret: bool = False


class GameEnded(Payload):
    """(channel, and a DM to each player) How the game ended, its scores and the
    scoring system; the DM's also `powers`, the player's own. `with_results`: the
    last results post said it already. `match`: One-on-one's result of the match."""

    kind_of = EventKind.GAME_ENDED
    kind: EndKind
    winners: Powers = ()
    scores: dict[Power, float | None] = {}
    scoring: Scoring | None = None
    match: str | None = None
    with_results: bool = False
    powers: Powers = ()


class RolledBack(Payload):
    """(channel) The GM rolled the game back to the start of `phase`; `rolled_back`
    each play undone ("F1901M/1", as `/game history phase:` names it). (DM, with a
    user) their orders for the phase wiped (`resend`), proxies restored or ended."""

    kind_of = EventKind.ROLLED_BACK
    phase: str
    phase_id: int
    deadline: Moment
    rolled_back: tuple[str, ...] = ()
    resend: Powers = ()
    proxies_restored: Powers = ()
    proxies_ended: Powers = ()


class ProxyEnded(Payload):
    """(DM to the holder) A proxy for `power` ended, and why."""

    kind_of = EventKind.PROXY_ENDED
    power: Power
    reason: ProxyEnd


class ThreadsSync(Payload):
    """(channel) Who belongs in the game's private threads changed
    (bot/service/talk/_talk.py); the Discord layer brings them in line."""

    kind_of = EventKind.THREADS_SYNC


class PhaseNews(Payload):
    """(DM, to each player after each phase, after RESULTS) Their own powers' news;
    `deadline` the next phase's; `variable_control`: whom they may also order
    (rules/003 MR2)."""

    kind_of = EventKind.PHASE_NEWS
    powers: Powers
    phase_id: int
    next_phase_id: int
    deadline: Moment | None = None
    game_over: bool = False
    civil_disorder: Powers = ()
    civil_disorder_over: Powers = ()
    eliminated: Powers = ()
    variable_control: str = ""
    written: tuple[dict[str, Any], ...] = ()  # rules/003: theirs (`masters_news.written_for`)


class DeliveryFailed(Payload):
    """(the game's channel) An event of `kind` (to `user`, if a DM) that Discord kept
    refusing was given up, with the error."""

    kind_of = EventKind.DELIVERY_FAILED
    kind: EventKind
    user: int | None = None
    error: str = ""


class PlayerLeft(Payload):
    """(channel) A player was found gone from the server (bot/service/gm/_reach.py); the
    GM (`gm`, a user id) is told, to call a standby."""

    kind_of = EventKind.PLAYER_LEFT
    user: int
    powers: Powers
    gm: int


class DmsClosed(Payload):
    """(channel) Discord refuses DMs to `user`; told once, with a ping of them only,
    how to open them."""

    kind_of = EventKind.DMS_CLOSED
    user: int


class Question(Payload):
    """(DM to the GM) A player's `/ask`: who asks, for which powers, and the text."""

    kind_of = EventKind.QUESTION
    user: int
    powers: Powers
    text: str


class Late(Payload):
    """(channel, or DM) Powers late (nothing sent at all; a player's own only) for
    `phase`; `until` the grace's end (bot/service/deadlines/_grace.py)."""

    kind_of = EventKind.LATE
    to: Audience
    powers: Powers
    phase: str
    until: Moment


class Excused(Payload):
    """(channel, or DM) Powers that each spent an excused miss for `phase`; `deadline`
    the moved one (bot/service/deadlines/_excuses.py)."""

    kind_of = EventKind.EXCUSED
    to: Audience
    powers: Powers
    phase: str
    deadline: Moment
    # The excused misses each of `powers` has left (issue 33); empty in rows queued
    # before it was kept.
    left: tuple[tuple[Power, int], ...] = ()


class Absence(Payload):
    """(channel, or DM) Powers away from `first` to `last`; `asked_days` more than
    `days` when the cap cut it; `deadline` the game's now (bot/service/deadlines/_absences.py)."""

    kind_of = EventKind.ABSENCE
    to: Audience
    powers: Powers
    first: date
    last: date
    days: int
    asked_days: int
    deadline: Moment | None = None


class SettingChanged(Payload):
    """(channel) What the changed settings now say, as `/gm settings show` says it
    (`/gm settings set`)."""

    kind_of = EventKind.SETTING_CHANGED
    changed: tuple[str, ...]


# --- issue 31's roll-call before the first phase -------------------------------------


class RollCall(Payload):
    """(DM, with the "I'm in" button) A player asked to answer the roll-call of a game
    about to start, for the `powers` dealt to them, by `until`; `reminder`: the one
    reminder to those who have not answered (bot/service/lobby/_roll_call.py)."""

    kind_of = EventKind.ROLL_CALL
    powers: Powers
    until: Moment
    reminder: bool = False


class RollCallMissed(Payload):
    """(DM) The roll-call's time is over: `missed` holds each power whose player did
    not answer, with that player, who now stands by. To each of them (`to` "player",
    their own powers only) and to the GM (`to` "gm", all of them)."""

    kind_of = EventKind.ROLL_CALL_MISSED
    to: Literal["gm", "player"]
    missed: dict[Power, int]


# --- issue 31's spectators -------------------------------------------------------------


class WatchedResults(Results):
    """(DM, to a spectator of a game that hides nothing) The channel's results post of
    a phase, copied: the same payload as the channel's RESULTS, never a player's own
    news (QUEUE.md: "the channel's results ..., never a player's private results")."""

    kind_of = EventKind.WATCHED_RESULTS


class WatchedBoard(Payload):
    """(DM, to a spectator the GM let watch a Kriegsplomacy or Spy game) The whole
    board of the played phase `phase_id` as its GM sees it; `behind`: told one phase
    late, as the GM chose."""

    kind_of = EventKind.WATCHED_BOARD
    phase_id: int
    phase: str
    behind: bool = False


class Spectating(Payload):
    """(DM) A request to watch a Kriegsplomacy or Spy game: to its GM, that `user`
    asks (`answer` "asked"; `name`, theirs in the server); to `user`, the GM's answer:
    "approved" (with `behind`, the GM's choice), "refused", or "stopped" (approved
    before, no more now)."""

    kind_of = EventKind.SPECTATING
    user: int
    answer: Literal["asked", "approved", "refused", "stopped"]
    behind: bool = False
    name: str | None = None
