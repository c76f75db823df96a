"""Issue 17: "each event kind has a frozen payload type with one codec". Every kind has
its type; the JSON the service stores reads back, as do rows stored before the types
(each dict below written as that code's emit site wrote it); an unknown key is refused."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from pydantic import ValidationError

from bot.service.events import Nmr, VoteClosed, decode
from bot.service.events._codec import PAYLOAD_TYPES, encode
from bot.service.events.payloads import DeadlineChanged
from storage.enums import EventKind, VoteKind

WHEN = "2024-03-01T12:00:00+00:00"

# One stored payload of each kind, with the keys (and the JSON values) that the emit
# sites in bot/service wrote before the payloads were typed.
STORED: dict[EventKind, dict] = {
    EventKind.GAME_STARTED: {
        "phase_id": 1,
        "phase": "S1901M",
        "deadline": WHEN,
        "powers": {"FRANCE": 101, "ITALY": None},
        "variant": "World War I: two sides.",
    },
    EventKind.POWER_ASSIGNED: {"powers": ["FRANCE"], "deadline": WHEN},
    EventKind.RESULTS: {
        "phase_id": 1,
        "phase": "S1901M",
        "next_phase_id": 2,
        "next_phase": "F1901M",
        "report": "France: A PAR - BUR.",
        "deadline": None,
        "match_wait": True,
        "nmr": ["ITALY"],
        "civil_disorder": [],
        "eliminated": [],
        "announcements": ["The coin says: Central Powers."],
    },
    EventKind.ORDERS_NEEDED: {"power": "FRANCE", "standby": True},
    EventKind.REMINDER: {
        "power": "ITALY",
        "phase": "S1901M",
        "deadline": WHEN,
        "unordered": ["A VEN", "F NAP"],
        "given": 1,
        "owed": 3,
        "builds_left": 0,
        "removals_left": 0,
    },
    EventKind.NMR: {"power": "ITALY", "phase": "S1901M"},
    EventKind.CIVIL_DISORDER: {"power": "ITALY", "chosen": True, "user": 102},
    EventKind.DEADLINE_CHANGED: {"deadline": WHEN, "by_absence": True},
    EventKind.PAUSED: {"by_vote": True},
    EventKind.RESUMED: {"deadline": None, "by_vote": True},
    EventKind.PLAYER_REPLACED: {"power": "ITALY", "old": 102, "new": 103, "score_from": 102},
    EventKind.PLAYER_KICKED: {"user": 102, "powers": ["ITALY"]},
    EventKind.VOTE_OPENED: {"vote_id": 4, "kind": "extend", "new_deadline": WHEN, "deadline": WHEN},
    EventKind.VOTE_CLOSED: {
        "vote_id": 4,
        "kind": "draw",
        "passed": False,
        "yes": 2,
        "no": 1,
        "abstain": 0,
        "secret": True,
    },
    EventKind.GAME_ENDED: {
        "kind": "solo",
        "winners": ["FRANCE"],
        "scores": {"FRANCE": 100.0, "ITALY": 0.0},
        "scoring": "draw_size",
        "match": "<@101> wins the match.",
        "powers": ["FRANCE"],
    },
    EventKind.ROLLED_BACK: {
        "phase": "S1901M",
        "phase_id": 1,
        "deadline": WHEN,
        "resend": ["FRANCE"],
        "proxies_restored": [],
        "proxies_ended": ["ITALY"],
    },
    EventKind.PROXY_ENDED: {"power": "ITALY", "reason": "revoked"},
    EventKind.THREADS_SYNC: {},
    EventKind.PHASE_NEWS: {
        "powers": ["FRANCE"],
        "phase_id": 1,
        "next_phase_id": 2,
        "deadline": WHEN,
        "game_over": False,
        "civil_disorder": [],
        "civil_disorder_over": ["FRANCE"],
        "eliminated": [],
        "variable_control": "You may order for Italy.",
    },
    EventKind.DELIVERY_FAILED: {"kind": "power_assigned", "user": 102, "error": "403"},
    EventKind.PLAYER_LEFT: {"user": 102, "powers": ["ITALY"], "gm": 100},
    EventKind.DMS_CLOSED: {"user": 102},
    EventKind.QUESTION: {"user": 102, "powers": ["ITALY"], "text": "May I convoy?"},
    EventKind.LATE: {"to": "gm", "powers": ["ITALY"], "phase": "S1901M", "until": WHEN},
    EventKind.EXCUSED: {"to": "player", "powers": ["ITALY"], "phase": "S1901M", "deadline": WHEN},
    EventKind.ABSENCE: {
        "to": "channel",
        "powers": ["ENGLAND"],
        "first": "2024-03-02",
        "last": "2024-03-03",
        "asked_days": 5,
        "days": 2,
        "deadline": None,
    },
    EventKind.SETTING_CHANGED: {"changed": ["Press: none."]},
    EventKind.ROLL_CALL: {"powers": ["FRANCE"], "until": WHEN, "reminder": True},
    EventKind.ROLL_CALL_MISSED: {"to": "gm", "missed": {"FRANCE": 102, "ITALY": 103}},
    EventKind.WATCHED_RESULTS: {
        "phase_id": 1,
        "phase": "S1901M",
        "next_phase_id": 2,
        "next_phase": "F1901M",
        "report": "France: A PAR - BUR.",
        "deadline": WHEN,
    },
    EventKind.WATCHED_BOARD: {"phase_id": 1, "phase": "S1901M", "behind": True},
    EventKind.SPECTATING: {"user": 102, "answer": "approved", "behind": True},
}


def test_issue17_every_event_kind_has_exactly_one_payload_type():
    assert set(PAYLOAD_TYPES) == set(EventKind)
    assert len(set(PAYLOAD_TYPES.values())) == len(EventKind)
    assert all(t.kind_of is kind for kind, t in PAYLOAD_TYPES.items())


@pytest.mark.parametrize("kind", list(EventKind))
def test_issue17_a_row_stored_before_the_types_reads_back_with_its_values(kind):
    stored = STORED[kind]
    payload = decode(kind, stored)
    assert isinstance(payload, PAYLOAD_TYPES[kind])
    written = encode(payload)
    assert {key: written[key] for key in stored} == stored
    assert decode(kind, written) == payload


def test_issue17_payload_values_are_the_games_own():
    deadline = decode(EventKind.DEADLINE_CHANGED, STORED[EventKind.DEADLINE_CHANGED])
    assert isinstance(deadline, DeadlineChanged)
    assert deadline.deadline == datetime(2024, 3, 1, 12, tzinfo=UTC)
    vote = decode(EventKind.VOTE_CLOSED, STORED[EventKind.VOTE_CLOSED])
    assert isinstance(vote, VoteClosed) and vote.kind is VoteKind.DRAW and vote.yes == 2
    absence = decode(EventKind.ABSENCE, STORED[EventKind.ABSENCE])
    assert absence.first == date(2024, 3, 2)  # type: ignore[attr-defined]


def test_issue17_a_key_the_payload_type_does_not_know_is_refused():
    with pytest.raises(ValidationError):
        decode(EventKind.NMR, {"power": "ITALY", "phase": "S1901M", "orders": ["A VEN H"]})
    with pytest.raises(ValidationError):
        decode(EventKind.NMR, {"power": "ITALY"})  # and one it needs is not left out


def test_issue17_a_payload_is_frozen_and_its_times_aware():
    nmr = Nmr(power="ITALY", phase="S1901M")
    with pytest.raises(ValidationError):
        nmr.power = "FRANCE"  # type: ignore[misc]
    with pytest.raises(ValidationError):
        DeadlineChanged(deadline=datetime(2024, 3, 1, 12))  # naive: which zone?
