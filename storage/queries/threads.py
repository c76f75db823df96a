"""Private talk threads (`TalkThreadRow`, one per set of powers of a game) and their
members as dipgm keeps them (`ThreadMemberRow`: wanted, on Discord, the last error).

Each function takes the caller's session; none commits."""

from __future__ import annotations

from sqlalchemy import Row, select
from sqlalchemy.ext.asyncio import AsyncSession
from sqlmodel import col

from storage.models import TalkThreadRow, ThreadMemberRow


async def named(session: AsyncSession, game_id: int, name: str) -> TalkThreadRow | None:
    """The game's thread of that name (its powers'), open or locked."""
    found = await session.execute(
        select(TalkThreadRow).where(
            col(TalkThreadRow.game_id) == game_id, col(TalkThreadRow.name) == name
        )
    )
    return found.scalars().first()


async def by_discord_id(session: AsyncSession, thread_id: int) -> TalkThreadRow | None:
    found = await session.execute(
        select(TalkThreadRow).where(col(TalkThreadRow.thread_id) == thread_id)
    )
    return found.scalars().first()


async def members(session: AsyncSession, talk_id: int) -> list[ThreadMemberRow]:
    rows = await session.execute(
        select(ThreadMemberRow)
        .where(col(ThreadMemberRow.talk_thread_id) == talk_id)
        .order_by(col(ThreadMemberRow.id))
    )
    return list(rows.scalars().all())


async def open_of_game(session: AsyncSession, game_id: int) -> list[TalkThreadRow]:
    """The game's threads not locked."""
    talks = await session.execute(
        select(TalkThreadRow).where(
            col(TalkThreadRow.game_id) == game_id, col(TalkThreadRow.locked_at).is_(None)
        )
    )
    return list(talks.scalars().all())


async def locked_of_game(session: AsyncSession, game_id: int) -> list[TalkThreadRow]:
    talks = await session.execute(
        select(TalkThreadRow).where(
            col(TalkThreadRow.game_id) == game_id, col(TalkThreadRow.locked_at).is_not(None)
        )
    )
    return list(talks.scalars().all())


async def open_ids(session: AsyncSession, game_id: int) -> tuple[int, ...]:
    """The Discord ids of the game's threads not locked."""
    rows = await session.execute(
        select(col(TalkThreadRow.thread_id)).where(
            col(TalkThreadRow.game_id) == game_id, col(TalkThreadRow.locked_at).is_(None)
        )
    )
    return tuple(r[0] for r in rows.all())


async def names_of_user(session: AsyncSession, game_id: int, user_id: int) -> tuple[str, ...]:
    """The names of the game's open threads the user is wanted in, by name."""
    rows = await session.execute(
        select(col(TalkThreadRow.name))
        .join(ThreadMemberRow, col(ThreadMemberRow.talk_thread_id) == col(TalkThreadRow.id))
        .where(
            col(TalkThreadRow.game_id) == game_id,
            col(TalkThreadRow.locked_at).is_(None),
            col(ThreadMemberRow.user_id) == user_id,
            col(ThreadMemberRow.wanted).is_(True),
        )
        .order_by(col(TalkThreadRow.name))
    )
    return tuple(r[0] for r in rows.all())


async def out_of_step_ids(session: AsyncSession, game_id: int) -> list[int]:
    """The Discord ids of the game's open threads where a member on Discord is not as
    wanted (in no order)."""
    rows = await session.execute(
        select(col(TalkThreadRow.thread_id))
        .join(ThreadMemberRow, col(ThreadMemberRow.talk_thread_id) == col(TalkThreadRow.id))
        .where(
            col(TalkThreadRow.game_id) == game_id,
            col(TalkThreadRow.locked_at).is_(None),
            col(ThreadMemberRow.wanted) != col(ThreadMemberRow.on_discord),
        )
        .distinct()
    )
    return [r[0] for r in rows.all()]


async def member_errors(session: AsyncSession, game_id: int) -> list[Row]:
    """(thread name, user id, last error) of each member Discord refused in the game's
    open threads, by thread name."""
    gaps = await session.execute(
        select(
            col(TalkThreadRow.name), col(ThreadMemberRow.user_id), col(ThreadMemberRow.last_error)
        )
        .join(ThreadMemberRow, col(ThreadMemberRow.talk_thread_id) == col(TalkThreadRow.id))
        .where(
            col(TalkThreadRow.game_id) == game_id,
            col(TalkThreadRow.locked_at).is_(None),
            col(ThreadMemberRow.last_error).is_not(None),
        )
        .order_by(col(TalkThreadRow.name))
    )
    return list(gaps.all())
