"""The first phase begins: Spring 1901 (or the variant's opening) written with its
deadline, the lobby closed, the channel and each player told. At `/game start` itself,
or (issue 31) when the last place of a roll-call is answered for."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.position import Position
from adjudication.model.units import Power
from adjudication.variants import VARIANTS, UnknownGrouping, Variant
from bot.service.kernel import (
    GameSettings,
    GameState,
    ServiceCore,
    announce_start,
    opening_phase,
)
from bot.service.lobby._variant_text import player_notes, rules_in_force
from bot.service.variants import parts_for
from storage import queries
from storage.models import GameRow, PowerRow


async def begin_game(
    core: ServiceCore,
    session: AsyncSession,
    game: GameRow,
    groups: dict[int, tuple[Power, ...]],
    now: datetime,
) -> None:
    """Write the first phase of `game`, whose powers are dealt (`groups`: each player's),
    with its deadline counted from `now`, and announce it."""
    settings = core._settings(game)
    position = Position.initial(VARIANTS[settings.variant], settings.rules)
    deadline = core._deadline(settings, position.phase.kind, now)
    assert game.id is not None
    phase = await opening_phase(session, game.id, position, deadline, now)
    assert phase.id is not None
    GameState(game).start(phase.id, deadline)
    await core._schedule_reminders(session, game, phase.id, deadline, now)
    owner = {power: user for user, group in groups.items() for power in group}
    # The rules in force, said in the start post unless they are the rulebook's game
    # unchanged (two players make World War I).
    announced = _rules_announced(settings)
    announce_start(
        session,
        game.id,
        game.channel_id,
        phase.id,
        phase.code,
        deadline,
        core.board.powers,
        owner,
        groups,
        announced,
        now,
    )
    # What the game's parts begin with it (One-on-one: the match's second board).
    parts = parts_for(settings.variant, settings.rules.masters)
    await parts.after_start(core, session, game, groups, deadline, now)


async def groups_dealt(session: AsyncSession, game: GameRow) -> dict[int, tuple[Power, ...]]:
    """Each player's powers as they stand after the deal (and any replacement since),
    each as its grouping holds it: a One-on-one match seats its second board by the
    side (`start_second_game`)."""
    settings = GameSettings.model_validate(game.settings)
    rows = await queries.powers.of_game(session, game.id)
    return _as_held(VARIANTS[settings.variant], settings, rows)


def _as_held(
    variant: Variant, settings: GameSettings, rows: Sequence[PowerRow]
) -> dict[int, tuple[Power, ...]]:
    held: dict[int, list[Power]] = {}
    for row in rows:
        if row.user_id is not None and row.playable:
            held.setdefault(row.user_id, []).append(row.power)
    try:
        holdings = variant.grouping_for_rules(settings.rules).holdings
    except UnknownGrouping:  # one power each: the variant's own game names no grouping
        holdings = ()
    by_set = {frozenset(h): h for h in holdings}
    return {user: by_set.get(frozenset(p), tuple(p)) for user, p in held.items()}


def _rules_announced(settings: GameSettings) -> str | None:
    """The start post's lines on the rules (issue 33): the variant, the Masters Rules
    in force and the options changed, and what every player must know (a spy's
    power); None for the rulebook's game as it comes."""
    lines = [*rules_in_force(settings), *player_notes(settings)]
    if lines == rules_in_force(GameSettings()):
        return None
    return "\n".join(lines)
