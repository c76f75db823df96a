"""Absences declared ahead (issue 23): `/absence 24-27 Dec`.

A player says ahead on which days of the game's calendar they will be away; a deadline
that would fall inside moves to the end of the absence (in a fixed-clock game to the
first clock time after it), however it is set or moved (the rule is
bot/service/timing/_moves.py's; here, the deadline running when one is declared). Only
powers that owe orders in the phase hold a deadline back, as for excuses. Days are
counted per power against the game's cap (`absence_days`, 0: no absences): a
replacement inherits what is left (QUEUE). An absence longer than what is left is cut
there and the GM is told a standby may be needed (rules/004 rule 9). Announced without
reasons (none is asked); who is told follows `Variant.lateness_told`. In a One-on-one
match the player's powers on both boards are away, and both boards' deadlines move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from functools import partial
from zoneinfo import ZoneInfo

from sqlalchemy.ext.asyncio import AsyncSession

from bot.service.deadlines._grace import tell
from bot.service.events import add_event
from bot.service.events import payloads as ev
from bot.service.kernel import (
    Caller,
    InvalidSetting,
    NotAllowed,
    NotFound,
    Schedule,
    ServiceCore,
    WrongState,
    count,
    deadline_text,
    power_list,
    valid_id,
)
from bot.service.timing import absences_in_force, move_deadline, outside_absences, read_absence
from bot.service.variants import parts_for
from storage import queries
from storage.enums import AuditAction
from storage.models import AbsenceRow, GameRow, PowerRow


@dataclass(frozen=True, slots=True)
class AbsenceInfo:
    id: int
    game_id: int
    powers: tuple[str, ...]
    user_id: int
    first_day: date
    last_day: date  # included; the last day counted when the cap cut it
    days: int
    asked_days: int
    deadline_at: datetime | None  # the game's deadline after it was declared
    cancelled: bool = False

    @property
    def cut(self) -> bool:
        return self.days < self.asked_days


class AbsenceDesk(ServiceCore):
    async def declare_absence(
        self, game_id: int, caller: Caller, text: str, now: datetime
    ) -> AbsenceInfo:
        """Record the caller's absence for each power they hold in the game (and, in a
        match, on the other board), and move the running deadline if it falls inside.
        Bad dates raise `InvalidSetting` with the valid range, changing nothing."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            self._require_active(game)
            settings = self._settings(game)
            schedule = settings.schedule
            if not schedule.absence_days:
                raise WrongState(
                    f"{game.name} takes no absences: its GM has set no absence days "
                    "(`/gm settings set absence_days`)."
                )
            zone = ZoneInfo(schedule.zone)
            first, last = read_absence(text, now.astimezone(zone).date())
            # The boards the player is away on: a One-on-one match's both.
            parts = parts_for(settings.variant, settings.rules.masters)
            boards = [game, *await parts.other_boards(session, game)]
            held = {
                g.id: _held(await queries.powers.of_game(session, g.id), caller.user_id)
                for g in boards
            }
            if not held[game.id]:
                raise NotAllowed(f"You hold no power in {game.name}, so you cannot be away.")
            asked = (last - first).days + 1
            days = await _days_granted(session, game, schedule, boards, held, first, last, zone)
            away = _Away(caller.user_id, first, days, asked)
            rows = [row for g in boards for row in away.rows(session, g, held[g.id], zone, now)]
            await session.flush()
            for g in boards:
                await self._hold_running_deadline(session, g, now)
                tell(session, g, held[g.id], away.notice(g), now, self._settings(g).variant)
            return _info(rows[0], [r.power for r in held[game.id]], game.deadline_at, zone)

    async def cancel_absence(self, game_id: int, caller: Caller, absence_id: int, now) -> None:
        """The GM cancels an absence (every power of it, on every board): its days
        are given back; the deadline stays where it is (`/gm deadline` moves it)."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller)
            self._require_gm(game, caller)
            found = await session.get(AbsenceRow, absence_id) if valid_id(absence_id) else None
            if found is None or found.game_id != game.id or found.cancelled_at is not None:
                raise NotFound(f"There is no absence number {absence_id} in force in {game.name}.")
            for row in await _same_declaration(session, found):
                row.cancelled_at = now
            queries.audit.add(
                session,
                game.id,
                caller.user_id,
                AuditAction.CANCEL_ABSENCE,
                now,
                {"power": found.power},
            )

    async def absences(self, game_id: int, caller: Caller) -> tuple[AbsenceInfo, ...]:
        """The absences in force of the game: all for its GM, a player's own else."""
        async with self.transaction() as session:
            game = await self._game_for(session, game_id, caller, lock=False)
            gm = caller.is_gm_of(game.gm_user_id, game.guild_id)
            zone = ZoneInfo(self._settings(game).schedule.zone)
            rows = [
                r
                for r in await absences_in_force(session, game.id)
                if gm or r.user_id == caller.user_id
            ]
            by_declaration: dict[tuple, list[AbsenceRow]] = {}
            for r in rows:
                by_declaration.setdefault((r.user_id, r.starts_at, r.created_at), []).append(r)
            return tuple(
                _info(group[0], [r.power for r in group], game.deadline_at, zone)
                for group in by_declaration.values()
            )

    async def _hold_running_deadline(self, session: AsyncSession, game: GameRow, now) -> None:
        """The deadline running now, if it falls inside the absence (while paused it is
        the resume that moves it: bot/service/timing/_pausing.py)."""
        if game.deadline_at is None or game.paused_at is not None:
            return
        position = self._position(await self._current_phase(session, game))
        held = await outside_absences(self, session, game, position, game.deadline_at)
        if held == game.deadline_at:
            return
        moved = await move_deadline(self, session, [game], held, now)
        told = ev.DeadlineChanged(deadline=moved, by_absence=True)
        add_event(session, told, now, game_id=game.id, channel_id=game.channel_id)


def absence_text(game_name: str, away: ev.Absence) -> str:
    """The ABSENCE notice, without reasons: who is away and the deadline now."""
    first, last = away.first, away.last
    days = f"{first:%d %b}" if first == last else f"{first:%d %b} to {last:%d %b}"
    then = f" The deadline is {deadline_text(away.deadline)}." if away.deadline else ""
    powers = power_list(away.powers)
    if away.to == "player":
        cut = ""
        if away.days < away.asked_days:
            cut = (
                f" The game allows {count(away.days, 'more day')}, so the absence "
                "stops there; the GM is told and may call a standby."
            )
        return f"**{game_name}**: noted, {powers} away {days}.{cut}{then}"
    if away.to == "gm" and away.days < away.asked_days:
        return (
            f"GM: in **{game_name}** {powers} asked to be away "
            f"{count(away.asked_days, 'day')} from {first:%d %b}; the cap allowed "
            f"{count(away.days, 'day')}. You may want to call a standby "
            f"(rules/004 rule 9: `/gm standby`).{then}"
        )
    who = "GM: in" if away.to == "gm" else "In"
    return f"{who} **{game_name}** {powers} will be away {days}.{then}"


def _held(powers: Sequence[PowerRow], user_id: int) -> list[PowerRow]:
    return [r for r in powers if r.user_id == user_id and r.playable]


def _midnight(day: date, zone: ZoneInfo) -> datetime:
    return datetime.combine(day, time(0), zone).astimezone(UTC)


def _days_of(row: AbsenceRow, zone: ZoneInfo) -> tuple[date, date]:
    """The first and last day away (included), on the game's calendar."""
    first = row.starts_at.astimezone(zone).date()
    return first, row.ends_at.astimezone(zone).date() - timedelta(days=1)


def _info(
    row: AbsenceRow, powers: list[str], deadline: datetime | None, zone: ZoneInfo
) -> AbsenceInfo:
    assert row.id is not None
    first, last = _days_of(row, zone)
    return AbsenceInfo(
        id=row.id,
        game_id=row.game_id,
        powers=tuple(sorted(powers)),
        user_id=row.user_id,
        first_day=first,
        last_day=last,
        days=row.days,
        asked_days=row.asked_days,
        deadline_at=deadline,
        cancelled=row.cancelled_at is not None,
    )


async def _days_used(session: AsyncSession, game_id: int, held: Sequence[PowerRow]) -> int:
    """The most days any of the powers has used: the cap is per power."""
    mine = {r.power for r in held}
    used: dict[str, int] = {}
    for r in await absences_in_force(session, game_id):
        if r.power in mine:
            used[r.power] = used.get(r.power, 0) + r.days
    return max(used.values(), default=0)


async def _refuse_overlap(
    session: AsyncSession,
    game_id: int,
    held: Sequence[PowerRow],
    first: date,
    last: date,
    zone: ZoneInfo,
) -> None:
    mine = {r.power for r in held}
    for r in await absences_in_force(session, game_id):
        r_first, r_last = _days_of(r, zone)
        if r.power in mine and r_first <= last and first <= r_last:
            raise InvalidSetting(
                "That overlaps an absence already declared; the GM can cancel one "
                "(`/absence cancel`) if the dates changed."
            )


async def _same_declaration(session: AsyncSession, found: AbsenceRow) -> list[AbsenceRow]:
    """The rows of one declaration: its player's powers, on each board of a match."""
    return await queries.absences.of_declaration(session, found)


@dataclass(frozen=True, slots=True)
class _Away:
    """One declaration: who, from which day, the days granted and the days asked."""

    user_id: int
    first: date
    days: int
    asked: int

    def rows(
        self,
        session: AsyncSession,
        game: GameRow,
        held: Sequence[PowerRow],
        zone: ZoneInfo,
        now: datetime,
    ) -> list[AbsenceRow]:
        """The absence kept for each power held on one board."""
        starts = _midnight(self.first, zone)
        ends = _midnight(self.first + timedelta(days=self.days), zone)
        rows = [
            AbsenceRow(
                game_id=game.id,
                power=row.power,
                user_id=self.user_id,
                starts_at=starts,
                ends_at=ends,
                days=self.days,
                asked_days=self.asked,
                created_at=now,
            )
            for row in held
        ]
        session.add_all(rows)
        return rows

    def notice(self, game: GameRow) -> partial[ev.Absence]:
        """The ABSENCE notice of one board, its deadline as it now stands."""
        return partial(
            ev.Absence,
            first=self.first,
            last=self.first + timedelta(days=self.days - 1),
            asked_days=self.asked,
            days=self.days,
            deadline=game.deadline_at,
        )


async def _days_granted(
    session: AsyncSession,
    game: GameRow,
    schedule: Schedule,
    boards: Sequence[GameRow],
    held: dict[int, list[PowerRow]],
    first: date,
    last: date,
    zone: ZoneInfo,
) -> int:
    """The days of the absence the game's cap grants (the days asked, cut at what is
    left); refused when it overlaps one declared, or when none are left."""
    asked = (last - first).days + 1
    left = schedule.absence_days - await _days_used(session, game.id, held[game.id])
    for g in boards:
        await _refuse_overlap(session, g.id, held[g.id], first, last, zone)
    if left <= 0:
        raise WrongState(
            f"Your {count(schedule.absence_days, 'day')} of absence in {game.name} "
            "are used up. Tell the GM, who may call a standby for your power."
        )
    return min(asked, left)
