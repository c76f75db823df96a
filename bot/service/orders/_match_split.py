"""Which board of a one-on-one match each line of a DM of orders is for (reading O5 in
docs/VARIANTS.md): a player holds England/France/Russia on one board and
Austria/Germany/Turkey on the other, so the units a line names say which board it means.
Asked only when the sender plays in several games and they are the two boards of one
match. A line that fits one board goes to it; a line that fits both (the sender's units
stand in the same province on each) waits for the player's choice; only a message with
no order of the sender's on either board leaves the whole choice to the player (the
game menu)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.service.kernel import Caller, ServiceCore
from bot.service.orders._lines import OrderLines
from bot.service.orders._senders import controls_of
from storage import queries
from storage.db import Db


@dataclass(slots=True)
class BoardSplit:
    """A message's lines by the boards they fit, in the order written: `parts` for
    lines that fit one board, `both` for those that fit either, `free` for those that
    fit neither (words that are no order, another power's unit)."""

    parts: dict[int, list[str]] = field(default_factory=dict)
    both: list[str] = field(default_factory=list)
    free: list[str] = field(default_factory=list)

    def one_board(self) -> int | None:
        """The board the whole message is for: every line that fits a board fits this
        one alone."""
        if len(self.parts) == 1 and not self.both:
            return next(iter(self.parts))
        return None

    def waiting(self) -> str:
        """The lines that wait for the player's choice of board; with no line for one
        board alone, the lines that fit neither wait with them."""
        return "\n".join(self.both if self.parts else [*self.both, *self.free])

    def texts(self) -> dict[int, str]:
        """Each board's lines as a message; the lines that fit neither go with the
        first board's, so that they are answered (as not read, or refused) once."""
        out = {board: "\n".join(lines) for board, lines in self.parts.items()}
        if self.free and out:
            first = next(iter(out))
            out[first] = "\n".join([out[first], *self.free])
        return out


async def split_by_board(
    desk: ServiceCore, db: Db, caller: Caller, text: str, game_ids: Sequence[int]
) -> BoardSplit | None:
    """Each line of `text` by the boards of a match it fits, or None when the games are
    not one match's two boards. A line fits a board when it reads there as an order of
    a power the sender holds, or names a unit they may order there."""
    if len(game_ids) != 2 or not await queries.matches.one_match(db, game_ids):
        return None
    lines = [line for line in text.splitlines() if line.strip()]
    fits: list[set[int]] = [set() for _ in lines]
    for game_id in game_ids:
        read = await queries.orders.context(db, game_id, lock=False)
        if read is None:
            return None
        controls = controls_of(read.powers, read.grants, caller.user_id)
        if not controls:
            continue
        position = await desk._position_at(db, read.game.phase_id)
        judge = OrderLines(position, desk.board_at(position), desk.engine.parse_orders)
        for i, line in enumerate(lines):
            for _, control, item in judge.read(line, controls):
                theirs = item.order is not None and item.rejection is None
                if theirs or judge.ruling(item, control) is not None:
                    fits[i].add(game_id)
    split = BoardSplit()
    for line, boards in zip(lines, fits, strict=True):
        if len(boards) == 1:
            split.parts.setdefault(next(iter(boards)), []).append(line)
        elif boards:
            split.both.append(line)
        else:
            split.free.append(line)
    return split
