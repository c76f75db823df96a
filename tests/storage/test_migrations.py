from __future__ import annotations

from datetime import UTC, datetime

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text
from sqlmodel import SQLModel

import storage
import storage.models
from storage.db import create_engine
from storage.schema import alembic_config


def _diff(connection):
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    return compare_metadata(context, SQLModel.metadata)


async def test_migrations_produce_exactly_the_models_schema(db_url):
    await storage.migrate(db_url)
    await storage.migrate(db_url)  # a second start-up changes nothing
    engine = create_engine(db_url)
    try:
        async with engine.connect() as conn:
            assert await conn.run_sync(_diff) == []
            tables = await conn.run_sync(lambda c: set(inspect(c).get_table_names()))
            version = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar()
    finally:
        await engine.dispose()
    assert set(SQLModel.metadata.tables) <= tables
    # The last migration written (one head: the chain has no branches).
    assert version == ScriptDirectory.from_config(alembic_config()).get_current_head()


async def test_sqlite_connections_use_wal_foreign_keys_and_a_busy_timeout(tmp_path):
    url = f"sqlite+aiosqlite:///{tmp_path / 'sub' / 'x.sqlite3'}"
    await storage.migrate(url)
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            assert (await conn.execute(text("PRAGMA journal_mode"))).scalar() == "wal"
            assert (await conn.execute(text("PRAGMA foreign_keys"))).scalar() == 1
            assert (await conn.execute(text("PRAGMA busy_timeout"))).scalar() >= 1000
    finally:
        await engine.dispose()


async def test_times_come_back_aware_and_naive_times_are_refused(db_url):
    from sqlalchemy.exc import StatementError

    from storage.db import session_factory
    from storage.models import GameRow

    await storage.migrate(db_url)
    engine = create_engine(db_url)
    sessions = session_factory(engine)
    moment = datetime(2026, 3, 1, 9, 30, 15, tzinfo=UTC)
    try:
        async with sessions() as s, s.begin():
            row = GameRow(
                guild_id=2**62,
                channel_id=2**60,
                gm_user_id=2**61,
                name="g",
                status="lobby",
                settings={"a": [1, 2]},
                seed=2**62 - 1,
                created_at=moment,
            )
            s.add(row)
        async with sessions() as s:
            back = await s.get(GameRow, row.id)
            assert back.created_at == moment and back.created_at.tzinfo is not None
            assert back.guild_id == 2**62  # Discord snowflakes need 64 bits
        with pytest.raises(StatementError):
            async with sessions() as s, s.begin():
                s.add(
                    GameRow(
                        guild_id=1,
                        channel_id=1,
                        gm_user_id=1,
                        name="n",
                        status="lobby",
                        settings={},
                        seed=1,
                        created_at=datetime(2026, 1, 1),
                    )
                )
    finally:
        await engine.dispose()


async def test_0008_old_games_load_as_the_standard_variant_with_their_grouping(db_url):
    """Games stored before variants name none: 0008 records the standard variant in each
    game's settings, and the grouping of rules/000 §14.2 its powers were dealt by (an
    unplayed Italy: six players; Italy and Germany: five; powers sharing a player: four
    or three), so their dummies follow the variant's rules from then on."""
    from alembic import command

    from storage.schema import alembic_config
    from storage.types import UTCDateTime

    def upgrade_to(revision):
        def run(connection):
            command.upgrade(alembic_config(connection), revision)

        return run

    from sqlalchemy import JSON, bindparam

    engine = create_engine(db_url)
    settings = {"rules": {"v": 1, "paradox_rule": "szykman"}, "press": "full"}
    # game -> (power, user, playable)
    seats = {
        1: [(p, i, True) for i, p in enumerate(SEVEN)],
        2: [(p, i, p != "ITALY") for i, p in enumerate(SEVEN)],
        3: [(p, i, p not in ("ITALY", "GERMANY")) for i, p in enumerate(SEVEN)],
        4: [
            (
                p,
                {"ENGLAND": 1, "AUSTRIA": 2, "FRANCE": 2, "GERMANY": 3, "TURKEY": 3}.get(p, 4),
                True,
            )
            for p in SEVEN
        ],
        5: [
            (p, 1 if p == "RUSSIA" else 2 if p in ("ENGLAND", "FRANCE", "GERMANY") else 3, True)
            for p in SEVEN
        ],
        6: [],  # a game still in its lobby: no powers dealt yet
    }
    try:
        async with engine.begin() as conn:
            await conn.run_sync(upgrade_to("0007"))
            for game, rows in seats.items():
                await conn.execute(
                    text(
                        "INSERT INTO games (id, guild_id, channel_id, gm_user_id, name, status,"
                        " settings, seed, version, created_at) VALUES (:id, 1, :c, 1, 'g',"
                        " 'active', :s, 1, 0, :t)"
                    ).bindparams(bindparam("s", type_=JSON), bindparam("t", type_=UTCDateTime)),
                    {"id": game, "c": game, "s": settings, "t": datetime(2026, 1, 1, tzinfo=UTC)},
                )
                for power, user, playable in rows:
                    await conn.execute(
                        text(
                            "INSERT INTO powers (game_id, power, user_id, playable, missed_phases,"
                            " civil_disorder, ready) VALUES (:g, :p, :u, :pl, 0, false, false)"
                        ),
                        {"g": game, "p": power, "u": user if playable else None, "pl": playable},
                    )
            await conn.run_sync(upgrade_to("head"))
            rows = (
                await conn.execute(
                    text("SELECT id, settings FROM games ORDER BY id").columns(settings=JSON)
                )
            ).all()
    finally:
        await engine.dispose()
    stored = dict(rows)
    assert {game: s["variant"] for game, s in stored.items()} == dict.fromkeys(seats, "standard")
    assert {game: s["rules"].get("grouping") for game, s in stored.items()} == {
        1: None,
        2: "6",
        3: "5",
        4: "4",
        5: "3a",
        6: None,
    }
    assert stored[2]["press"] == "full" and stored[2]["rules"]["paradox_rule"] == "szykman"


SEVEN = ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY")


async def test_0009_old_scores_count_for_the_player_who_held_the_power_at_the_end(db_url):
    """Before 0009 a score counted for whoever held the power at the end: that player
    becomes whom it is rated for, and a scored game's system is read from its settings
    (an unscored one keeps none)."""
    from alembic import command
    from sqlalchemy import JSON, bindparam

    from storage.schema import alembic_config
    from storage.types import UTCDateTime

    def upgrade_to(revision):
        def run(connection):
            command.upgrade(alembic_config(connection), revision)

        return run

    engine = create_engine(db_url)
    games = {1: ({"scoring": "draw_size"}, 0.5), 2: ({}, None)}
    try:
        async with engine.begin() as conn:
            await conn.run_sync(upgrade_to("0008"))
            for game, (settings, score) in games.items():
                await conn.execute(
                    text(
                        "INSERT INTO games (id, guild_id, channel_id, gm_user_id, name, status,"
                        " settings, seed, version, created_at) VALUES (:id, 1, :c, 1, 'g',"
                        " 'ended', :s, 1, 0, :t)"
                    ).bindparams(bindparam("s", type_=JSON), bindparam("t", type_=UTCDateTime)),
                    {"id": game, "c": game, "s": settings, "t": datetime(2026, 1, 1, tzinfo=UTC)},
                )
                for i, power in enumerate(SEVEN):
                    await conn.execute(
                        text(
                            "INSERT INTO powers (game_id, power, user_id, playable, missed_phases,"
                            " civil_disorder, ready, score) VALUES (:g, :p, :u, true, 0, false,"
                            " false, :s)"
                        ),
                        {"g": game, "p": power, "u": None if i == 0 else 10 + i, "s": score},
                    )
            await conn.run_sync(upgrade_to("head"))
            powers = (
                await conn.execute(
                    text("SELECT game_id, power, rated_user_id FROM powers ORDER BY id")
                )
            ).all()
            scoring = dict((await conn.execute(text("SELECT id, scoring FROM games"))).all())
    finally:
        await engine.dispose()
    assert [(g, p, u) for g, p, u in powers if g == 1] == [
        (1, power, None if i == 0 else 10 + i) for i, power in enumerate(SEVEN)
    ]
    assert scoring == {1: "draw_size", 2: None}


async def test_0011_games_of_a_0010_database_belong_to_no_match(db_url):
    """One-on-one (rules/004) keeps two games in a match: 0011 adds the `matches` table
    and each game's `match_id`; a game stored before it belongs to none and loads as
    before."""
    from alembic import command
    from sqlalchemy import JSON, bindparam

    from storage.schema import alembic_config
    from storage.types import UTCDateTime

    def upgrade_to(revision):
        def run(connection):
            command.upgrade(alembic_config(connection), revision)

        return run

    engine = create_engine(db_url)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(upgrade_to("0010"))
            await conn.execute(
                text(
                    "INSERT INTO games (id, guild_id, channel_id, gm_user_id, name, status,"
                    " settings, seed, version, created_at) VALUES (1, 1, 1, 1, 'g', 'active',"
                    " :s, 1, 0, :t)"
                ).bindparams(bindparam("s", type_=JSON), bindparam("t", type_=UTCDateTime)),
                {"s": {"variant": "standard"}, "t": datetime(2026, 1, 1, tzinfo=UTC)},
            )
            await conn.run_sync(upgrade_to("head"))
            match_ids = (await conn.execute(text("SELECT match_id FROM games"))).scalars().all()
            matches = (await conn.execute(text("SELECT count(*) FROM matches"))).scalar()
    finally:
        await engine.dispose()
    assert match_ids == [None] and matches == 0


async def test_0012_games_of_0010_keep_their_settings_and_powers_get_no_excuses(db_url):
    """Issue 23 from a 0010 database: the stored settings (phase minutes) still load,
    as lengths; every power starts with no excuses and no phase is in grace."""
    from alembic import command
    from sqlalchemy import JSON, bindparam

    from bot.service.kernel import GameSettings, Length
    from storage.schema import alembic_config
    from storage.types import UTCDateTime

    def upgrade_to(revision):
        return lambda connection: command.upgrade(alembic_config(connection), revision)

    settings = GameSettings().model_dump(mode="json")
    del settings["schedule"]
    settings["phase_minutes"] = {"M": 2880, "R": 600, "A": 720}
    engine = create_engine(db_url)
    at = datetime(2026, 1, 1, tzinfo=UTC)
    try:
        async with engine.begin() as conn:
            await conn.run_sync(upgrade_to("0010"))
            await conn.execute(
                text(
                    "INSERT INTO games (id, guild_id, channel_id, gm_user_id, name, status,"
                    " settings, seed, version, created_at) VALUES (1, 1, 1, 1, 'g',"
                    " 'active', :s, 1, 0, :t)"
                ).bindparams(bindparam("s", type_=JSON), bindparam("t", type_=UTCDateTime)),
                {"s": settings, "t": at},
            )
            await conn.execute(
                text(
                    "INSERT INTO powers (game_id, power, user_id, playable, missed_phases,"
                    " civil_disorder, ready) VALUES (1, 'FRANCE', 5, true, 0, false, false)"
                )
            )
            await conn.execute(
                text(
                    "INSERT INTO phases (game_id, seq, code, position, started_at)"
                    " VALUES (1, 0, 'S1901M', :p, :t)"
                ).bindparams(bindparam("p", type_=JSON), bindparam("t", type_=UTCDateTime)),
                {"p": {}, "t": at},
            )
            await conn.run_sync(upgrade_to("head"))
            stored = (
                await conn.execute(text("SELECT settings FROM games").columns(settings=JSON))
            ).scalar_one()
            excuses = (await conn.execute(text("SELECT excuses_left FROM powers"))).scalar_one()
            grace = (await conn.execute(text("SELECT grace_until FROM phases"))).scalar_one()
    finally:
        await engine.dispose()
    schedule = GameSettings.model_validate(stored).schedule
    assert (schedule.movement, schedule.retreat) == (Length(2880), Length(600))
    assert (excuses, grace) == (0, None)
