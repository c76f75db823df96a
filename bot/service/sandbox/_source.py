"""Where a sandbox starts: the standard opening, or a phase of a game the asker may see,
as much of it as they may see.

Who may (issue 31): a game is found as anywhere in dipgm (from its own server, or in a
DM by those who take part in it: `Store.game_for`); while it runs, only its GM and the
players holding a power in it ("a sandbox made from a running game of another person
is refused"); once it has ended, anyone who finds it. What they get: the whole board,
but for a player of a running hidden-information game (QUEUE.md: "Sandbox of a hidden
game: only the asker's own view while the game runs; the whole board after its end"):
in Kriegsplomacy the position as their power knew it when the phase was in play (the
view `/game map` shows them: `records.known_in_play`), in Spy Diplomacy the board with
their own spy and no other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudication.model.position import Dislodgement, Position
from adjudication.model.rules import Rules
from adjudication.model.units import Power
from adjudication.model.views import UNKNOWN
from adjudication.variants import STANDARD_GAME
from bot.service.kernel import (
    Caller,
    GameStatus,
    NotAllowed,
    NotFound,
    PhaseRecord,
    WrongState,
    power_name,
    quoted,
)
from bot.service.records import GameLookups, known_in_play
from bot.service.variants import parts_for
from bot.service.variants.hidden import retreats_kept_from
from storage import queries

STANDARD_OPENING = "the standard opening"


@dataclass(frozen=True, slots=True)
class Source:
    """A sandbox's first position, the rules it is played by, and where it came from in
    words ("Test game (game 3), Spring 1902, France's view")."""

    position: Position
    rules: Rules
    words: str


def standard_opening() -> Source:
    return Source(Position.initial(STANDARD_GAME), Rules(), STANDARD_OPENING)


async def game_source(
    lookups: GameLookups, caller: Caller, game_id: int, phase: str | None
) -> Source:
    """The phase `phase` (None: the phase in play) of game `game_id` as `caller` may
    see it; refused as the module's docstring says, and nothing is changed."""
    store = lookups.service.store
    async with store.transaction() as session:
        game = await store.game_for(session, game_id, caller, lock=False)
        powers = await queries.powers.of_game(session, game_id)
    if game.status == GameStatus.LOBBY:
        raise WrongState(
            f"{game.name} has not started yet, so it has no position to make a sandbox "
            "from. Make one from the standard opening: `/sandbox new` without a game."
        )
    mine = [row.power for row in powers if row.user_id == caller.user_id]
    whole = game.status == GameStatus.ENDED or caller.is_gm_of(game.gm_user_id, game.guild_id)
    if not whole and not mine:
        raise NotAllowed(
            f"{game.name} is still being played, and you play no power in it: a sandbox of "
            "a running game is only for its players and its GM. Make one from a finished "
            "game, or from the standard opening (`/sandbox new` without a game)."
        )
    record = await lookups.service.history.phase_record(game_id, phase)
    if record is None:
        raise _no_phase(phase, game.name)
    rules = store.settings(game).rules
    position = lookups.service.history.record_position(record)
    named = f"{game.name} (game {game_id})"
    if whole or not parts_for(position.variant).hides_the_board:
        return Source(position, rules, f"{named}, {position.phase.title}, the whole board")
    seen = await _seen(lookups, game_id, record, mine, phase, game.name)
    return Source(seen, rules, f"{named}, {seen.phase.title}, {power_name(mine[0])}'s view")


async def _seen(
    lookups: GameLookups,
    game_id: int,
    record: PhaseRecord,
    mine: Sequence[Power],
    asked: str | None,
    game: str,
) -> Position:
    """The phase as the player's power may know it, ready to be played."""
    position = lookups.service.history.record_position(record)
    parts = parts_for(position.variant)
    if not parts.views_only:
        return parts.drawn_for(position, mine[0])  # Spy Diplomacy: their own spy only
    records = [r for r in await lookups.records(game_id) if not r.rolled_back]
    earlier = [r for r in records if r.seq < record.seq]
    if retreats_kept_from(position, mine):
        # A retreat phase they are not told of (issue 29): while in play, the movement
        # before it is still in play for them; once played, it is no phase of theirs.
        if any(r.seq > record.seq for r in records) or not earlier:
            raise _no_phase(asked or record.phase.code, game)
        record, earlier = earlier[-1], earlier[:-1]
    seen = await known_in_play(lookups, game_id, record, earlier, mine)
    return _playable(seen.view.adjudication.position)


def _playable(view: Position) -> Position:
    """A power's view as a board to play on: a dislodged unit may retreat only to the
    places the view names that are empty there (never `???`, never a standoff), so
    that no retreat can land on a unit of the sandbox."""
    if not view.dislodged:
        return view
    dislodged = [
        Dislodgement(
            d.unit,
            d.attacker_from,
            tuple(
                place
                for place in d.retreats
                if place.province != UNKNOWN
                and view.unit_in(place.province) is None
                and place.province not in view.standoffs
            ),
            d.via_convoy,
        )
        for d in view.dislodged
    ]
    return Position(
        view.phase,
        view.units,
        view.ownership,
        dislodged,
        view.standoffs,
        view.variant,
        view.homes,
        view.spies,
    )


def _no_phase(asked: str | None, game: str) -> NotFound:
    return NotFound(
        f"No phase {quoted(asked or '', 16)} in {game}. `/game history` lists its phases."
    )
