"""Dealing the powers at a game's start: the players' wishes (up to three powers,
rules/001), the variant played for the number who joined (rules/000 §14.2), its
grouping, and the draw (`assignment.py`), written as the game's power rows."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import replace

from sqlalchemy.ext.asyncio import AsyncSession

from adjudication.model.board import Board
from adjudication.model.units import Power
from adjudication.variants import VARIANTS, Variant
from bot.service.kernel import Assignment, GameSettings, InvalidSetting, VariantName
from bot.service.lobby._assignment import assign, power_groups, variant_played
from bot.service.lobby._player_counts import check_start
from bot.service.variants import parts_for
from storage.models import GameRow, PlayerRow, PowerRow


def check_preferences(board: Board, preferences: Sequence[Power]) -> tuple[Power, ...]:
    """A player's wishes (`Lobby.join`, `Lobby.set_preferences`), read as powers."""
    prefs = tuple(p.strip().upper() for p in preferences)
    unknown = [p for p in prefs if p not in board.powers]
    if unknown:
        raise InvalidSetting(f"Not a power: {', '.join(unknown)}.")
    if len(set(prefs)) != len(prefs) or len(prefs) > 3:
        raise InvalidSetting("Name up to three different powers, most wanted first.")
    return prefs


def deal_powers(
    board: Board,
    session: AsyncSession,
    game: GameRow,
    settings: GameSettings,
    joined: Sequence[PlayerRow],
) -> tuple[Variant, GameSettings, dict[int, tuple[Power, ...]], dict[Power, int]]:
    """The variant played, the settings it is played with (the grouping and the coin's
    seed kept), each player's powers and each power's player; the powers' rows added."""
    users = [p.user_id for p in joined]
    check_start(VARIANTS[settings.variant], len(users))
    variant = variant_played(len(users), VARIANTS[settings.variant])
    grouping = power_groups(len(users), variant, settings.rules.grouping)
    rules = settings.rules
    if variant.join is not None:
        # World War I's coin (W2), drawn now and kept with the rules so the
        # toss is recorded before it is made and replayable after.
        rules = replace(rules, toss_seed=secrets.randbits(62))
    # A part's own draws (Spy Diplomacy: where a spy whose owner selects no home centre
    # starts, Y2), kept with the rules, secret to the players.
    rules = parts_for(variant.name, rules.masters).dealt(rules)
    settings = settings.changed(variant=VariantName(variant.name), rules=rules)
    groups = assign(
        users,
        {p.user_id: tuple(p.preferences) for p in joined},
        game.seed,
        by_lots=settings.assignment is Assignment.LOTS,
        grouping=grouping,
    )
    # The grouping played is a rule option from now on (its dummies' rules);
    # one power per player is the variant's own game and names none.
    shared = grouping.dummies or any(len(h) > 1 for h in grouping.holdings)
    settings = settings.changed(
        rules=replace(settings.rules, grouping=grouping.key if shared else None)
    )
    game.settings = settings.model_dump(mode="json")
    owner = {power: user for user, group in groups.items() for power in group}
    for power in board.powers:
        session.add(
            PowerRow(
                game_id=game.id,
                power=power,
                user_id=owner.get(power),
                rated_user_id=owner.get(power),
                playable=power in owner,
                excuses_left=settings.schedule.excuses,
            )
        )
    return variant, settings, groups, owner
