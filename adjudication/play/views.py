"""What each power, and everyone, may know of a phase: the whole result, unless the
variant carries views of its own (`Variant.views`: rules/004's hidden-information
variants, Kriegsplomacy and Spy Diplomacy). A view is in the same types as the full
result (`adjudication.model.views`), so that the report, the map and the JSON are made
from it as from the full result; the full result stays for the record and the GM.
Everything sent to a player is made from that player's view; the game channel gets
the public view.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudication.model.board import Board
from adjudication.model.position import Position
from adjudication.model.result import Adjudication
from adjudication.model.units import Power, Season
from adjudication.model.variant import Variant
from adjudication.model.views import PowerView, PublicView


def view_of(
    variant: Variant,
    before: Position,
    result: Adjudication,
    power: Power,
    watched: frozenset[str] = frozenset(),
) -> PowerView:
    """What `power` may know of `result` in `variant`: the variant's own view of it on
    the board of its phase (`watched`: for a retreat phase, what its spies learned in
    the movement phase before it), else the whole result."""
    views = variant.views
    if views is None:
        return PowerView(power, result)
    return views.power(before, result, power, variant.board_for(result.phase), watched)


def public_view(before: Position, result: Adjudication, board: Board) -> PublicView:
    """What every player, and the game channel, may know of `result` in a game whose
    results are hidden (rules/004's Kriegsplomacy): "the supply center chart at the end
    of each year (i.e., the total for each country, but not who owns which centers)",
    and the end of the game."""
    return PublicView(result.phase, year_end_counts(before, result, board), result.game_end)


def public_view_of(variant: Variant, before: Position, result: Adjudication) -> PublicView:
    """What every player, and the game channel, may know of `result` in `variant`: the
    variant's own public view, else the whole result with the centre chart at the end
    of each year."""
    board = variant.board_for(result.phase)
    views = variant.views
    if views is not None:
        return views.public(before, result, board)
    counts = year_end_counts(before, result, board)
    return PublicView(result.phase, counts, result.game_end, result)


def year_end_counts(
    before: Position, result: Adjudication, board: Board
) -> Mapping[Power, int] | None:
    """The centre chart when `result` ends the year's Fall (ownership changes then)."""
    nxt = result.position.phase
    if before.phase.season is not Season.FALL or nxt.season is Season.FALL:
        return None
    return result.position.centre_counts(board.powers)
