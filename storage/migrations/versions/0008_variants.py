"""Variants (issue 11): every game's settings name its variant, and games dealt to
fewer than seven players name their grouping of rules/000 §14.2.

Games stored before variants are standard games. Their grouping is read from how
their powers were dealt: an unplayed Italy is the six-player game, Italy and Germany
the five-player one; powers sharing a player are the four-player pairs, or three
players (the rulebook's first alternative, the only one dealt before this). With the
grouping named, the dummies follow the variant's rules from the next phase on (a
dislodged dummy unit is disbanded without a retreat phase: docs/VARIANTS.md F1).

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01 12:00:00
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

_games = sa.table("games", sa.column("id", sa.Integer), sa.column("settings", sa.JSON))
_powers = sa.table(
    "powers",
    sa.column("game_id", sa.Integer),
    sa.column("power", sa.String),
    sa.column("user_id", sa.BigInteger),
    sa.column("playable", sa.Boolean),
)


def grouping_of(seats: list[tuple[str, int | None, bool]]) -> str | None:
    """The §14.2 grouping a game's powers were dealt by (power, player, playable);
    None for seven players, or a game not started."""
    if not seats:
        return None
    unplayed = {power for power, _, playable in seats if not playable}
    if unplayed == {"ITALY"}:
        return "6"
    if unplayed == {"GERMANY", "ITALY"}:
        return "5"
    players = {user for _, user, playable in seats if playable and user is not None}
    return {4: "4", 3: "3a"}.get(len(players)) if not unplayed else None


def upgrade() -> None:
    bind = op.get_bind()
    seats: dict[int, list[tuple[str, int | None, bool]]] = {}
    for game_id, power, user_id, playable in bind.execute(
        sa.select(_powers.c.game_id, _powers.c.power, _powers.c.user_id, _powers.c.playable)
    ):
        seats.setdefault(game_id, []).append((power, user_id, bool(playable)))
    for game_id, settings in bind.execute(sa.select(_games.c.id, _games.c.settings)).all():
        settings = dict(settings or {})
        if "variant" in settings:
            continue  # a second run changes nothing
        settings["variant"] = "standard"
        grouping = grouping_of(seats.get(game_id, []))
        if grouping is not None and isinstance(settings.get("rules"), dict):
            settings["rules"] = {**settings["rules"], "grouping": grouping}
        bind.execute(_games.update().where(_games.c.id == game_id).values(settings=settings))


def downgrade() -> None:
    bind = op.get_bind()
    for game_id, settings in bind.execute(sa.select(_games.c.id, _games.c.settings)).all():
        settings = dict(settings or {})
        settings.pop("variant", None)
        if isinstance(settings.get("rules"), dict):
            settings["rules"] = {k: v for k, v in settings["rules"].items() if k != "grouping"}
        bind.execute(_games.update().where(_games.c.id == game_id).values(settings=settings))
