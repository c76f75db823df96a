"""A player's record on a server (issue 31), and how players read it."""

from __future__ import annotations

from dataclasses import dataclass

from bot.service.kernel import NEW_PLAYER_PHASES, count

# Reliability is over the player's last phases owed, this many at most (issue 31).
WINDOW = 100


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """A player's record on one server. `owed`: the phases they owed orders in, the
    last WINDOW at most, leaving out those they missed with an excused miss spent or a
    declared absence; `ordered`: of those, the phases they sent orders in before the
    deadline (for every power they owed them for). `finished`: games they held a power
    in at the end; `left`: games in which they held one and hold none now. Quickness:
    `ready_known`, of the phases ordered, those played since the ready marks were kept;
    `ready`, of those, the phases they had marked ready before the deadline (for every
    power they owed orders for)."""

    user_id: int
    owed: int
    ordered: int
    finished: int
    left: int
    ready: int
    ready_known: int

    @property
    def new(self) -> bool:
        """Too few phases owed for a figure to mean much (issue 31: fewer than 10)."""
        return self.owed < NEW_PLAYER_PHASES

    @property
    def reliability(self) -> int | None:
        """ordered / owed in whole percent, rounded down, so that a figure shown beside
        a game's minimum never reads as reaching it when it does not; None before any
        phase owed."""
        return self.ordered * 100 // self.owed if self.owed else None

    @property
    def quickness(self) -> int | None:
        """ready / ordered in whole percent, rounded down as `reliability` is, over the
        phases ordered whose marks are known; None while none is known."""
        return self.ready * 100 // self.ready_known if self.ready_known else None

    def meets(self, minimum: int) -> bool:
        """At least `minimum` percent, counted exactly."""
        return self.ordered * 100 >= minimum * self.owed


def record_line(record: PlayerRecord) -> str:
    """The record in a line, for `/rating` and the GM's `/game status` of a lobby."""
    if record.new:
        shown = (
            f"new here, {count(record.owed, 'phase')} owed so far "
            f"(a record needs {NEW_PLAYER_PHASES})"
        )
    else:
        shown = (
            f"ordered before the deadline in {record.reliability}% of the last "
            f"{count(record.owed, 'phase')} owed ({record.ordered} of {record.owed})"
        )
    finished, left = count(record.finished, "game"), count(record.left, "game")
    return f"{shown}; {quickness_words(record)}; {finished} finished, {left} left"


def quickness_words(record: PlayerRecord) -> str:
    if record.quickness is None:
        return "quickness: not known yet"
    return (
        f"quickness: marked ready before the deadline in {record.quickness}% of "
        f"{count(record.ready_known, 'phase')} ordered ({record.ready} of {record.ready_known})"
    )
