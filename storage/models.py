"""The tables: everything a GM keeps to reconstruct a game, kept for ever (but for the
outbox of messages to Discord, pruned once delivered and old: bot/service/records/_outbox.py).

Positions, orders and outcomes are stored as the plain JSON of `storage.codec`.
Discord ids are 64-bit, hence BigInteger columns. Times are UTC.
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, Index, Text, UniqueConstraint, text
from sqlmodel import Field, SQLModel

from adjudication.model.result import EndKind
from storage.enums import (
    AuditAction,
    EventKind,
    GameStatus,
    MatchResult,
    PlayerStatus,
    ProxyEnd,
    Scoring,
    ThreadMemberWhy,
    VoteKind,
    VoteStatus,
)
from storage.types import UTCDateTime, row_id, words


def _big(**kw: Any) -> Any:
    return Field(sa_column=Column(BigInteger, **kw))


def _when(nullable: bool = True, index: bool = False) -> Any:
    return Field(default=None, sa_column=Column(UTCDateTime(), nullable=nullable, index=index))


def _json(nullable: bool = False) -> Any:
    return Field(default=None, sa_column=Column(JSON, nullable=nullable))


def _word(enum: type[StrEnum], length: int, nullable: bool = False) -> Any:
    return Field(default=None, sa_column=Column(words(enum, length), nullable=nullable))


class GameRow(SQLModel, table=True):
    """A game in a channel. `version` grows by one with every change of phase: the
    compare-and-set that makes adjudication happen exactly once."""

    __tablename__ = "games"
    __table_args__ = (
        Index("ix_games_due", "status", "deadline_at"),
        # One unfinished game per channel, however many processes create one at once.
        Index(
            "ux_games_open_channel",
            "channel_id",
            unique=True,
            sqlite_where=text("status != 'ended'"),
            postgresql_where=text("status != 'ended'"),
        ),
    )

    id: int = row_id()
    guild_id: int = _big(nullable=False, index=True)
    channel_id: int = _big(nullable=False, index=True)
    gm_user_id: int = _big(nullable=False)
    name: str = Field(max_length=100)
    status: GameStatus = _word(GameStatus, 16)
    settings: dict = _json()
    seed: int = _big(nullable=False)
    version: int = Field(default=0)
    current_phase_id: int | None = Field(default=None)
    deadline_at: datetime | None = _when()
    paused_at: datetime | None = _when()
    created_at: datetime = _when(nullable=False)
    ended_at: datetime | None = _when()
    end_kind: EndKind | None = _word(EndKind, 16, nullable=True)
    winners: list | None = _json(nullable=True)
    # The scoring system of the scores given at the end (Scoring), for the ratings:
    # scores of different systems are never averaged together. None: not scored.
    scoring: Scoring | None = _word(Scoring, 16, nullable=True)
    # One-on-one (rules/004): the match this game is one board of; None for most games.
    match_id: int | None = Field(default=None, foreign_key="matches.id", index=True)
    # Issue 31, a roll-call before the first phase: when `/game start` dealt the powers
    # and called it (kept: the record); until when the players may answer, and when
    # those who have not are reminded (each None once done, or once the game began).
    roll_called_at: datetime | None = _when()
    roll_call_until: datetime | None = _when()
    roll_call_reminder_at: datetime | None = _when()


class MatchRow(SQLModel, table=True):
    """One-on-one (rules/004): two games played in parallel by two players. Created
    with the first game's lobby (its `second_channel_id` holds the other board once
    started); ended with a result for both games at once."""

    __tablename__ = "matches"

    id: int = row_id()
    guild_id: int = _big(nullable=False, index=True)
    second_channel_id: int = _big(nullable=False)
    status: GameStatus = _word(GameStatus, 16)  # lobby, active, ended
    created_at: datetime = _when(nullable=False)
    ended_at: datetime | None = _when()
    # "won" or "draw", and the winning players' user ids (both for a draw).
    result: MatchResult | None = _word(MatchResult, 16, nullable=True)
    winners: list | None = _json(nullable=True)
    # Each player's score when it ended (user id -> units in their better game).
    scores: dict | None = _json(nullable=True)


class PlayerRow(SQLModel, table=True):
    """A person in a game: joined in the lobby, a standby, or a replacement."""

    __tablename__ = "players"
    __table_args__ = (UniqueConstraint("game_id", "user_id"),)

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    user_id: int = _big(nullable=False, index=True)
    status: PlayerStatus = _word(PlayerStatus, 16)
    preferences: list = _json()
    joined_at: datetime = _when(nullable=False)
    # Held Manage Threads or Administrator in the game's channel when they joined:
    # Discord lets them read every private thread, other players' negotiations included.
    reads_private_threads: bool = Field(default=False)
    # Their name in the game's server when last seen, shown beside mentions of them
    # (a mention in an embed, or one that pings nobody, shows only a number to people
    # whose Discord has not loaded that user).
    display_name: str | None = Field(default=None, max_length=100)
    # Found gone from the game's server (a DM or a thread refused them as unknown):
    # nobody can reach them; the GM is told and may call a standby. Cleared when they
    # are seen in the server again.
    left_server_at: datetime | None = _when()
    # Answered a roll-call before the first phase "I'm in", or took a dropped player's
    # place at it (issue 31).
    confirmed_at: datetime | None = _when()


class PowerRow(SQLModel, table=True):
    """A great power in a game and who plays it. `user_id` None: nobody (an
    eliminated power of the fewer-player rules, or a power in civil disorder)."""

    __tablename__ = "powers"
    __table_args__ = (UniqueConstraint("game_id", "power"),)

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    power: str = Field(max_length=32)
    user_id: int | None = _big(nullable=True, index=True)
    standby_user_id: int | None = _big(nullable=True)
    playable: bool = Field(default=True)  # False: held by rules/000 §14.2
    civil_disorder: bool = Field(default=False)
    missed_phases: int = Field(default=0)
    ready: bool = Field(default=False)
    score: float | None = Field(default=None)
    eliminated_year: int | None = Field(default=None)
    # Whom the score counts for (rules/004 "Player Ratings"): the power's last player,
    # kept when it falls into civil disorder; on a replacement, the incoming player or,
    # by their choice at entry, the player replaced.
    rated_user_id: int | None = _big(nullable=True, index=True)
    # Set while a replacement may still make that choice: whom the score counted for
    # before they came in. Cleared by the choice and when the phase they entered in ends.
    score_choice_from: int | None = _big(nullable=True)
    # Excused misses left (issue 23): spent one a phase the power would miss.
    excuses_left: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class PhaseRow(SQLModel, table=True):
    """One phase of a game: the position it starts from and, once played, its outcomes.

    `seq` counts phases from 0; after a rollback the replayed phases get new rows with
    the same `seq` and the abandoned ones keep `rolled_back_at`. `start_state`: each
    power's state and the proxies in force when the phase began
    (bot/service/kernel/_start_state.py), for a rollback to restore; None for phases
    begun before it was kept."""

    __tablename__ = "phases"
    __table_args__ = (
        Index("ix_phases_game_seq", "game_id", "seq"),
        Index("ix_phases_game_code", "game_id", "code"),  # a phase by its code
    )

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id")
    seq: int
    code: str = Field(max_length=8)
    position: dict = _json()
    started_at: datetime = _when(nullable=False)
    deadline_at: datetime | None = _when()
    adjudicated_at: datetime | None = _when()
    outcomes: list | None = _json(nullable=True)
    report: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    rolled_back_at: datetime | None = _when()
    # Set when the deadline passed with powers late (issue 23): the game waits for them
    # until then, and plays the phase at that time whatever is missing.
    grace_until: datetime | None = _when()
    # The powers that spent an excused miss in this phase (issue 23), for the record.
    excused: list | None = _json(nullable=True)
    # The powers marked ready when the phase was played (issue 31's quickness); None for
    # phases played before it was kept (migration 0020): not known, not "none ready".
    ready: list | None = _json(nullable=True)
    start_state: dict | None = _json(nullable=True)
    # Spy Diplomacy's record of the spies' orders and sabotage (`spy_json`): the GM's and,
    # cut to its own spy, each owner's; never anyone else's. None in other variants.
    spies: dict | None = _json(nullable=True)


class SubmissionRow(SQLModel, table=True):
    """A message of orders exactly as received, with what the parser made of each line."""

    __tablename__ = "submissions"

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    phase_id: int = Field(foreign_key="phases.id", index=True)
    power: str = Field(max_length=32)
    sender_user_id: int = _big(nullable=False)
    raw_text: str = Field(sa_column=Column(Text, nullable=False))
    received_at: datetime = _when(nullable=False)
    lines: list = _json()


class OrderRow(SQLModel, table=True):
    """The order in force for one unit (or one build site, or one waive) of a phase."""

    __tablename__ = "orders"
    __table_args__ = (UniqueConstraint("phase_id", "power", "slot"),)

    id: int = row_id()
    phase_id: int = Field(foreign_key="phases.id", index=True)
    power: str = Field(max_length=32)
    slot: str = Field(max_length=16)  # province of the unit or build; "WAIVE1", …
    order: dict = _json()
    submission_id: int = Field(foreign_key="submissions.id")
    by_owner: bool = Field(default=True)


class ProxyGrantRow(SQLModel, table=True):
    """rules/004 rule 10: a power lets another player order some (or all) of its units.

    The grant is its grantor's: it ends (`revoked_at`, with `end_reason`) when they take
    it back or stop holding the power (replaced, removed, in civil disorder, eliminated,
    the game over). `grantor_user_id` is None only for grants made before it was kept."""

    __tablename__ = "proxy_grants"

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    power: str = Field(max_length=32)
    grantor_user_id: int | None = _big(nullable=True)
    grantee_user_id: int = _big(nullable=False)
    provinces: list | None = _json(nullable=True)  # None: every unit
    granted_at: datetime = _when(nullable=False)
    revoked_at: datetime | None = _when()
    end_reason: ProxyEnd | None = _word(ProxyEnd, 16, nullable=True)


class VoteRow(SQLModel, table=True):
    """A draw proposal or a deadline change, decided by the surviving powers."""

    __tablename__ = "votes"

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    phase_id: int = Field(foreign_key="phases.id")
    kind: VoteKind = _word(VoteKind, 16)
    proposer_user_id: int | None = _big(nullable=True)  # None when anonymous
    anonymous: bool = Field(default=False)
    new_deadline_at: datetime | None = _when()
    status: VoteStatus = _word(VoteStatus, 16)
    created_at: datetime = _when(nullable=False)
    closed_at: datetime | None = _when()


class BallotRow(SQLModel, table=True):
    __tablename__ = "ballots"
    __table_args__ = (UniqueConstraint("vote_id", "power"),)

    id: int = row_id()
    vote_id: int = Field(foreign_key="votes.id", index=True)
    power: str = Field(max_length=32)
    user_id: int = _big(nullable=False)
    yes: bool
    cast_at: datetime = _when(nullable=False)


class ReminderRow(SQLModel, table=True):
    """A reminder due before a phase's deadline; `sent_at` makes it go once. `skipped`:
    not sent, because a later reminder of the phase was due at the same time."""

    __tablename__ = "reminders"

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    phase_id: int = Field(foreign_key="phases.id")
    due_at: datetime = _when(nullable=False, index=True)
    sent_at: datetime | None = _when()
    skipped: bool = Field(default=False)
    # The player it is for (issue 23: each chooses their times); None: every player
    # who still owes orders (the game's own times, and a grace's daily reminders).
    user_id: int | None = _big(nullable=True)


class TalkThreadRow(SQLModel, table=True):
    """A private thread opened with `/talk` for a set of powers of a game.

    dipgm keeps who belongs in it (ThreadMemberRow) rather than asking Discord: listing
    a thread's members needs the privileged members intent, which dipgm does without."""

    __tablename__ = "talk_threads"
    __table_args__ = (UniqueConstraint("game_id", "name"),)

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    thread_id: int = _big(nullable=False, unique=True)
    name: str = Field(max_length=100)  # "England–France": the powers, sorted
    powers: list = _json()
    created_at: datetime = _when(nullable=False)
    locked_at: datetime | None = _when()


class ThreadMemberRow(SQLModel, table=True):
    """Someone who belongs (`wanted`) or belonged in a talk thread, and whether dipgm
    has them in it on Discord (`on_discord`); the two differ until the next sync."""

    __tablename__ = "thread_members"
    __table_args__ = (UniqueConstraint("talk_thread_id", "user_id"),)

    id: int = row_id()
    talk_thread_id: int = Field(foreign_key="talk_threads.id", index=True)
    user_id: int = _big(nullable=False)
    why: ThreadMemberWhy = _word(ThreadMemberWhy, 16)  # a power's player, or the GM copied
    wanted: bool = Field(default=True)
    on_discord: bool = Field(default=False)
    changed_at: datetime = _when(nullable=False)
    last_error: str | None = Field(default=None, max_length=200)


class AuditRow(SQLModel, table=True):
    """Every GM action, with who did it and when."""

    __tablename__ = "audit_log"

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    actor_user_id: int = _big(nullable=False)
    action: AuditAction = _word(AuditAction, 32)
    details: dict = _json()
    at: datetime = _when(nullable=False)


class OutboxRow(SQLModel, table=True):
    """An event to deliver to Discord, written in the transaction that caused it.

    An event may take several steps (a post, then a DM, …): `steps_done` counts those
    done, so a retry resumes after the last one instead of posting twice; `sent` keeps
    the ids of the messages it sent ([channel id, message id], as strings), for later
    edits (a closed vote disables its ballots). After too many failed attempts it is
    given up (`given_up_at`) and the GM is told."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_pending", "delivered_at", "next_attempt_at"),)

    id: int = row_id()
    game_id: int | None = Field(default=None, foreign_key="games.id", index=True)
    kind: EventKind = _word(EventKind, 32)
    channel_id: int | None = _big(nullable=True)
    user_id: int | None = _big(nullable=True)
    payload: dict = _json()
    created_at: datetime = _when(nullable=False)
    attempts: int = Field(default=0)
    next_attempt_at: datetime | None = _when()
    last_error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    delivered_at: datetime | None = _when()
    steps_done: int = Field(default=0)
    sent: list | None = _json(nullable=True)
    given_up_at: datetime | None = _when()
    # A direct message held until its user opens their DMs to the server's members
    # (Discord refused it: 50007); then `next_attempt_at` is None, and the event is
    # offered again when the user next uses dipgm (bot/service/gm/_reach.py).
    held_for_user_id: int | None = _big(nullable=True, index=True)


class PressRow(SQLModel, table=True):
    """Public press as posted in the game's channel, kept in the game's record.
    `signed_by` empty: anonymous; its sender is kept for the GM alone."""

    __tablename__ = "press"

    id: int = row_id()
    game_id: int = Field(foreign_key="games.id", index=True)
    phase_id: int = Field(foreign_key="phases.id", index=True)
    signed_by: list = _json()
    sender_user_id: int = _big(nullable=False)
    text: str = Field(sa_column=Column(Text, nullable=False))
    message_id: int = _big(nullable=False)
    posted_at: datetime = _when(nullable=False)


# The bot's own keeping, apart from any game, in its own module too (re-exported:
# `from storage.models import BotStateRow` works as before).
from storage.bot_models import (  # noqa: E402, F401
    BotStateRow,
    ClosedDmRow,
    PendingOrdersRow,
    UserSettingsRow,
)

# Issue 23's absences and reminder choices, in their own module; imported here so that
# every user of the metadata sees them.
from storage.deadline_models import AbsenceRow, ReminderChoiceRow  # noqa: E402, F401

# Issue 31's private notes, in their own module likewise.
from storage.notes_models import NoteRow  # noqa: E402, F401

# Issue 31's sandboxes, in their own module likewise.
from storage.sandbox_models import SandboxPositionRow, SandboxRow  # noqa: E402, F401

# Issue 31's spectators, in their own module likewise.
from storage.spectator_models import SpectatorRow  # noqa: E402, F401
