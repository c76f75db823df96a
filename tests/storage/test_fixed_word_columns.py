"""Issue 17: the last columns holding one of a fixed set of words written in code — a
match's result, why someone is in a talk thread, a GM action in the audit log — are
read back as their enums and stored as the very strings dipgm has always written, so
rows written before (or by hand) load with no migration. The words below are the
strings the writers wrote before the enums existed: the enums must hold exactly these.

A stored word outside its enum (a database edited by hand, or written by a newer
dipgm) is refused on reading, naming the word, as for the other enum columns: the
code cannot say what an unknown word means, and guessing would hide the fault."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import text
from sqlmodel import select

import storage
from storage.db import create_engine, session_factory
from storage.enums import AuditAction, MatchResult, ThreadMemberWhy
from storage.models import AuditRow, MatchRow, ThreadMemberRow

WHEN = "'2026-01-05 12:00:00'"
NOW = datetime(2026, 1, 6, 9, 0, tzinfo=UTC)

MATCH_RESULTS = ("won", "draw")  # bot/service/variants/match/_matches.py
WHYS = ("player", "gm")  # bot/service/talk/_talk.py: a power's player, the GM copied on press
AUDIT_ACTIONS = (  # every queries.audit.add in bot/service, and /gm audit's words for them
    "adjudicate",
    "set_deadline",
    "pause",
    "resume",
    "replace",
    "standby",
    "civil_disorder",
    "chose_civil_disorder",
    "kick",
    "rollback",
    "view_orders",
    "setting",
    "end",
    "cancel",
    "cancel_absence",
    "anonymous_press",
    "score_owner",
    "spectator",  # issue 31: written by bot/service/spectators/_desk.py
)

# What a dipgm before these enums left in the database: plain string literals.
GAME_ROWS = (
    "INSERT INTO matches (id, guild_id, second_channel_id, status, created_at) "
    f"VALUES (1, 1, 11, 'active', {WHEN})",
    "INSERT INTO games (id, guild_id, channel_id, gm_user_id, name, status, settings, seed,"
    " version, created_at, match_id) "
    f"VALUES (1, 1, 10, 100, 'g', 'active', '{{}}', 7, 3, {WHEN}, 1)",
    "INSERT INTO talk_threads (id, game_id, thread_id, name, powers, created_at) "
    f"VALUES (1, 1, 500, 'England–France', '[]', {WHEN})",
)


def _match(match_id: int, result: str) -> str:
    # Ids given (as in GAME_ROWS): PostgreSQL's sequence has not counted the first row.
    return (
        "INSERT INTO matches (id, guild_id, second_channel_id, status, created_at, result) "
        f"VALUES ({match_id}, 1, 12, 'ended', {WHEN}, '{result}')"
    )


def _member(user_id: int, why: str) -> str:
    return (
        "INSERT INTO thread_members (talk_thread_id, user_id, why, wanted, on_discord,"
        f" changed_at) VALUES (1, {user_id}, '{why}', true, false, {WHEN})"
    )


def _audit(action: str) -> str:
    return (
        "INSERT INTO audit_log (game_id, actor_user_id, action, details, at) "
        f"VALUES (1, 100, '{action}', '{{}}', {WHEN})"
    )


@pytest.fixture
async def sessions(db_url):
    await storage.migrate(db_url)
    engine = create_engine(db_url)
    try:
        factory = session_factory(engine)
        async with factory() as s, s.begin():
            for statement in GAME_ROWS:
                await s.execute(text(statement))
        yield factory
    finally:
        await engine.dispose()


def test_issue17_the_enums_hold_exactly_the_words_written_before():
    assert [m.value for m in MatchResult] == list(MATCH_RESULTS)
    assert [m.value for m in ThreadMemberWhy] == list(WHYS)
    assert sorted(m.value for m in AuditAction) == sorted(AUDIT_ACTIONS)


async def test_issue17_words_written_as_plain_strings_read_back_as_their_enums(sessions):
    async with sessions() as s, s.begin():
        for match_id, word in enumerate(MATCH_RESULTS, start=2):
            await s.execute(text(_match(match_id, word)))
        for user_id, word in enumerate(WHYS, start=200):
            await s.execute(text(_member(user_id, word)))
        for word in AUDIT_ACTIONS:
            await s.execute(text(_audit(word)))
    async with sessions() as s:
        results = (await s.execute(select(MatchRow.result).order_by(MatchRow.id))).all()
        whys = (await s.execute(select(ThreadMemberRow.why).order_by(ThreadMemberRow.id))).all()
        actions = (await s.execute(select(AuditRow.action).order_by(AuditRow.id))).all()
    read = [
        *zip([r for (r,) in results], [None, *map(MatchResult, MATCH_RESULTS)], strict=True),
        *zip([w for (w,) in whys], map(ThreadMemberWhy, WHYS), strict=True),
        *zip([a for (a,) in actions], map(AuditAction, AUDIT_ACTIONS), strict=True),
    ]
    for got, wanted in read:
        assert got is wanted


async def test_issue17_the_members_are_stored_as_the_same_plain_strings(sessions):
    async with sessions() as s, s.begin():
        match = await s.get(MatchRow, 1)
        match.result = MatchResult.DRAW
        why = ThreadMemberWhy.GM_COPY
        s.add(ThreadMemberRow(talk_thread_id=1, user_id=200, why=why, changed_at=NOW))
        action = AuditAction.CHOSE_CIVIL_DISORDER
        s.add(AuditRow(game_id=1, actor_user_id=100, action=action, details={}, at=NOW))
    async with sessions() as s:
        raw = (
            await s.execute(
                text(
                    "SELECT m.result, t.why, a.action FROM matches m, thread_members t, audit_log a"
                )
            )
        ).one()
    assert tuple(raw) == ("draw", "gm", "chose_civil_disorder")


@pytest.mark.parametrize(
    ("word", "insert", "table"),
    [
        ("lost", _match(2, "lost"), MatchRow),
        ("standby", _member(200, "standby"), ThreadMemberRow),
        ("resign", _audit("resign"), AuditRow),
    ],
)
async def test_issue17_a_stored_word_outside_the_enum_is_refused_on_reading(
    sessions, word, insert, table
):
    async with sessions() as s, s.begin():
        await s.execute(text(insert))
    with pytest.raises(LookupError, match=word):
        async with sessions() as s:
            (await s.execute(select(table))).scalars().all()
