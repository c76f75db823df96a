"""Which board of a one-on-one match a DM of orders is for (reading O5 in
docs/VARIANTS.md): a player holds England/France/Russia on one board and
Austria/Germany/Turkey on the other, so the units a message names say which board it
means. Asked only when the sender plays in several games and they are the two boards
of one match; any doubt leaves the choice to the player (the game menu)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from sqlalchemy import select

from bot.service.caller import Caller
from bot.service.order_senders import controls_of
from storage import order_queries
from storage.models import GameRow

if TYPE_CHECKING:
    from bot.service.orders_service import OrdersDesk

_GAMES = GameRow.__table__


async def board_named(
    desk: OrdersDesk, db: order_queries.Db, caller: Caller, text: str, game_ids: Sequence[int]
) -> int | None:
    """The one board of a match every line of `text` is for, or None: the games are
    not one match's two boards, or some line is for both boards or for neither (a unit
    the sender does not order there, or no order at all)."""
    if len(game_ids) != 2 or not await _one_match(db, game_ids):
        return None
    boards: list[set[int]] = []
    for game_id in game_ids:
        read = await order_queries.order_context(db, game_id, lock=False)
        if read is None:
            return None
        controls = controls_of(read.powers, read.grants, caller.user_id)
        if not controls:
            continue
        lines = desk._lines(await desk._position_at(db, read.game.phase_id))
        for i, (_, control, item) in enumerate(lines.read(text, controls)):
            if i == len(boards):
                boards.append(set())
            theirs = item.order is not None and item.rejection is None
            if theirs or lines.ruling(item, control) is not None:
                boards[i].add(game_id)
    named = {frozenset(claims) for claims in boards}
    if len(named) != 1:
        return None
    (only,) = named
    return next(iter(only)) if len(only) == 1 else None


async def _one_match(db: order_queries.Db, game_ids: Sequence[int]) -> bool:
    conn = await order_queries.connection(db)
    rows = await conn.execute(select(_GAMES.c.match_id).where(_GAMES.c.id.in_(game_ids)))
    matches = {m for (m,) in rows}
    return len(matches) == 1 and None not in matches
