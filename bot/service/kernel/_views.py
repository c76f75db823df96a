"""What the service returns: plain frozen values, ready for the Discord layer to show."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from adjudication.model.result import EndKind
from adjudication.model.units import Phase, PhaseKind, Power, Unit
from storage.enums import EventKind
from storage.enums import GameStatus as GameStatus
from storage.enums import PlayerStatus as PlayerStatus
from storage.orders_in_force import AnyOrder


class LineStatus(StrEnum):
    ACCEPTED = "accepted"
    CORRECTED = "corrected"  # accepted as the parser interpreted it ([ia])
    REJECTED = "rejected"
    OVERRIDDEN = "overridden"  # a proxy's order where the owner's own order stands


@dataclass(frozen=True, slots=True)
class Progress:
    """How far a power's orders for the current phase go: `given` of the `owed`, the
    units still without an order (movement, retreats), and the builds or removals still
    to give (adjustments)."""

    given: int = 0
    owed: int = 0
    unordered: tuple[Unit, ...] = ()
    builds_left: int = 0
    removals_left: int = 0

    @property
    def partial(self) -> bool:
        """Some orders in, not all."""
        return 0 < self.given < self.owed


@dataclass(frozen=True, slots=True)
class PowerInfo:
    power: Power
    user_id: int | None
    standby_user_id: int | None
    playable: bool
    civil_disorder: bool
    missed_phases: int
    centres: int
    units: int
    submitted: bool  # has orders in for the current phase (never what they are)
    owes_orders: bool
    ready: bool
    score: float | None
    progress: Progress = Progress()  # never shown to others beyond the counts
    excuses_left: int = 0  # excused misses left (issue 23)


@dataclass(frozen=True, slots=True)
class Moment:
    """The state of a game a button or menu was made for: its status and, once it has
    started, the phase then being played. A component used after the game has moved
    on does nothing but say why (`GameService.lobby.still_current`)."""

    game_id: int
    status: GameStatus
    phase_id: int | None


@dataclass(frozen=True, slots=True)
class RollCallPlace:
    """One place at a roll-call before the first phase (issue 31): the powers dealt
    to it, its player (None: the player did not answer in time, or was removed, and
    the place waits for the GM's `/gm replace`), and whether they answered "I'm in"."""

    powers: tuple[Power, ...]
    user_id: int | None
    answered: bool


@dataclass(frozen=True, slots=True)
class RollCall:
    """A game's roll-call before its first phase (issue 31): open `until` (None once
    its time is over: the game waits for the GM to fill the empty places), and its
    places. The game begins when every place has a player who answered."""

    until: datetime | None
    places: tuple[RollCallPlace, ...]

    @property
    def confirmed(self) -> tuple[int, ...]:
        """The players who answered "I'm in" (or took a place)."""
        return tuple(p.user_id for p in self.places if p.user_id is not None and p.answered)

    @property
    def waiting(self) -> tuple[int, ...]:
        """The players who have not answered yet."""
        return tuple(p.user_id for p in self.places if p.user_id is not None and not p.answered)

    @property
    def empty(self) -> tuple[Power, ...]:
        """The powers whose place waits for a player."""
        return tuple(power for p in self.places if p.user_id is None for power in p.powers)


@dataclass(frozen=True, slots=True)
class RollCallAnswer:
    """What a player's "I'm in" did: `already` if they had answered before, how many
    players the roll-call still waits for, and whether the game `began` with it."""

    game_name: str
    powers: tuple[Power, ...]
    waiting: int
    began: bool
    already: bool = False


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    name: str
    guild_id: int
    channel_id: int
    gm_user_id: int
    status: GameStatus
    phase: Phase | None  # None before the game starts; shown as `phase.title`
    deadline_at: datetime | None
    paused: bool
    players: tuple[int, ...]  # user ids in the lobby or playing
    powers: tuple[PowerInfo, ...]
    end_kind: EndKind | None
    winners: tuple[Power, ...]
    # Players who can read every private thread (Manage Threads or Administrator in
    # the game's channel when they joined): the GM is told.
    thread_readers: tuple[int, ...] = ()
    phase_id: int | None = None  # the current phase's stored id
    # (user id, name in the server) of the players whose name is known: shown beside
    # mentions, which read as bare numbers where Discord has not loaded the user.
    names: tuple[tuple[int, str], ...] = ()
    # A roll-call before the first phase (issue 31), while the lobby waits on it.
    roll_call: RollCall | None = None

    @property
    def moment(self) -> Moment:
        return Moment(self.id, self.status, self.phase_id)

    def name_of(self, user_id: int | None) -> str | None:
        return next((name for uid, name in self.names if uid == user_id), None)


@dataclass(frozen=True, slots=True)
class GivenUp:
    """An event Discord kept refusing, given up (DELIVERY_FAILED): what and for whom."""

    kind: EventKind
    user_id: int | None
    at: datetime


@dataclass(frozen=True, slots=True)
class ThreadGap:
    """Someone dipgm could not add to a private thread, and why."""

    thread: str
    user_id: int
    reason: str


@dataclass(frozen=True, slots=True)
class Grace:
    """A phase in grace (issue 33): when the grace ends, and the late powers it still
    waits for with how far their orders go (it ends as soon as there are none)."""

    until: datetime
    awaited: tuple[tuple[Power, Progress], ...]


@dataclass(frozen=True, slots=True)
class GmStatus:
    """`/gm status`: the game as the GM needs it, with whom Discord will not let dipgm
    reach (players gone from the server, players whose DMs are closed), what it gave up
    delivering, and who is missing from the private threads."""

    info: GameInfo
    left_server: tuple[int, ...]
    dms_closed: tuple[int, ...]
    given_up: tuple[GivenUp, ...]
    given_up_count: int
    thread_gaps: tuple[ThreadGap, ...]
    grace: Grace | None = None  # the late powers a grace waits for


@dataclass(frozen=True, slots=True)
class LineResult:
    """One line of a submission as the bot understood it."""

    text: str
    status: LineStatus
    order: AnyOrder | None  # the order as accepted (a variant's own kinds too)
    message: str | None  # the rejection, for people
    reason: str | None  # the RejectReason value, for programs
    notes: tuple[str, ...] = ()  # "interpreted as …"
    power: Power | None = None


@dataclass(frozen=True, slots=True)
class SubmissionResult:
    game_id: int
    phase: Phase  # the phase the orders are for
    powers: tuple[Power, ...]
    lines: tuple[LineResult, ...]
    orders: tuple[AnyOrder, ...]  # every order now in force for these powers
    unordered: tuple[Unit, ...]  # units still without an order
    deadline_at: datetime | None
    owed: int = 0  # orders these powers owe this phase (units, builds, removals)
    builds_left: int = 0  # builds not yet given (or waived)
    removals_left: int = 0
    ends_now: bool = False  # this completed a retreat or adjustment phase: played now
    # The Masters Rules (rules/003 MR2): orders for powers in disorder left of the limit,
    # and which of those powers the sender may write for now.
    written_left: tuple[int, int] | None = None
    cd_powers_text: str = ""
    # MR2 b, MR6 a: the lines in force that will not count, said with what to do.
    not_counted_text: str = ""
    winter_text: str = ""  # MR3, MR4, MR6: what the powers may still do this Winter
    # (power, builds left, removals left) for each of the sender's powers with any.
    left_by_power: tuple[tuple[Power, int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class PhaseRecord:
    """One played (or current) phase as stored: for history, maps and reconstruction."""

    id: int
    seq: int
    phase: Phase
    position: dict
    outcomes: tuple[dict, ...] | None
    report: str | None
    orders: dict[Power, tuple[dict, ...]]
    rolled_back: bool


@dataclass(frozen=True, slots=True)
class ReadyResult:
    """A player said they are done (or took it back): whether the phase now ends,
    and what of theirs is still without an order."""

    ready: bool
    ends_phase: bool
    kind: PhaseKind
    unordered: tuple[Unit, ...] = ()
    builds_left: int = 0
    removals_left: int = 0


@dataclass(frozen=True, slots=True)
class AdjudicationResult:
    game_id: int
    phase: Phase  # the phase played
    next_phase: Phase | None  # None when the game ended
    report: str
    game_over: bool


@dataclass(frozen=True, slots=True)
class TickReport:
    adjudicated: tuple[AdjudicationResult, ...]
    reminders_sent: int
    errors: tuple[tuple[int, str], ...]  # (game id, error) for games that failed


@dataclass(frozen=True, slots=True)
class VoteInfo:
    id: int
    game_id: int
    kind: str
    status: str
    new_deadline_at: datetime | None
    voters: tuple[Power, ...]
    yes: tuple[Power, ...]  # empty when the ballot is secret from the viewer
    no: tuple[Power, ...]
    anonymous: bool
    proposer_user_id: int | None
    secret: bool = False  # who voted what is hidden from the viewer: counts only
    yes_count: int = 0
    no_count: int = 0
