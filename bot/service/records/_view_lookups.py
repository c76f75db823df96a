"""Each player's view of a stored phase, and its map, for the Discord layer (issue 12).

Beside `lookups.GameLookups`, whose maps and options show the whole board: in a
hidden-information game those go to the GM and the record only, and everything sent to
a player comes from here, made from their power's view (`power_views`).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace

from adjudication.model.result import Adjudication
from adjudication.model.units import Phase, PhaseKind, Power
from adjudication.model.views import PowerView
from bot.service.kernel import Caller, GameInfo, NotFound, PhaseRecord, PlayedPhase
from bot.service.records._lookups import GameLookups
from bot.service.variants import parts_for
from bot.service.variants.hidden import (
    SeenPhase,
    learned_in,
    own_position,
    retreats_kept_from,
    seen_phase,
    unknown_places,
    view_words,
    with_retreats,
)
from storage.codec import outcome_from_json


async def seen_phases(
    lookups: GameLookups,
    game_id: int,
    played: PlayedPhase,
    powers: Sequence[Power],
) -> list[SeenPhase]:
    """Each of `powers`' view of `played`. A retreat phase's view shows retreats from or
    into the places the power's spies learned about in the movement phase before it
    (rules/004: "if a previously unknown retreat occurs into your area")."""
    movement = None
    if played.before.phase.kind is PhaseKind.RETREAT:
        movement = await _movement_before(lookups, game_id, played)
    return [
        seen_phase(played, power, learned_in(movement, power) if movement else frozenset())
        for power in powers
    ]


async def seen_with_retreats(
    lookups: GameLookups,
    game_id: int,
    played: PlayedPhase,
    powers: Sequence[Power],
) -> list[SeenPhase] | None:
    """Each of `powers`' view of the movement phase before the retreat phase `played`,
    told with those retreats (`power_views.with_retreats`): for powers the retreat phase
    was kept from, who are told nothing of the movement until now (issue 29). None if
    the movement phase is no longer in the live record."""
    movement = await _movement_before(lookups, game_id, played)
    if movement is None:
        return None
    seen = []
    for power in powers:
        moved = seen_phase(movement, power)
        retreats = seen_phase(played, power, moved.view.learned)
        seen.append(with_retreats(moved, retreats, played.board))
    return seen


async def _movement_before(
    lookups: GameLookups, game_id: int, retreats: PlayedPhase
) -> PlayedPhase | None:
    phase = retreats.before.phase
    movement = Phase(phase.year, phase.season, PhaseKind.MOVEMENT)
    record = await lookups.service.history.phase_record(game_id, movement)
    if record is None or record.outcomes is None:
        return None
    outcomes = tuple(outcome_from_json(o) for o in record.outcomes)
    before = lookups.service.history.record_position(record)
    return PlayedPhase(before, outcomes, retreats.before, retreats.board)


async def view_png(lookups: GameLookups, seen: SeenPhase, palette: str | None = None) -> bytes:
    """The map of one power's view: its position after the phase, the places it knows
    nothing of hatched (`render.variants.hidden`)."""
    from render.request import MapRequest
    from render.variants.hidden import render_view_map

    request = MapRequest(
        seen.view.adjudication.position,
        board=lookups.board,
        palette=palette or lookups.palette,
        width=lookups.width,
    )
    return await asyncio.to_thread(
        functools.partial(
            render_view_map, request, seen.unknown, totals=seen.totals, power=seen.view.power
        )
    )


@dataclass(frozen=True, slots=True)
class ViewAnswer:
    """What `/game map` or `/game history` shows one person of a hidden-information
    game: their view's results in words (`view_words`; None before the phase is
    played) and map, or, for anyone who holds no power there, the public view alone (no
    map). `phase`: the phase shown when it is not the one asked for (the movement phase
    before a retreat phase in play that is kept from the asker, issue 29)."""

    report: str | None
    png: bytes | None
    public: str | None = None
    phase: Phase | None = None


async def hidden_answer(
    lookups: GameLookups,
    info: GameInfo,
    record: PhaseRecord,
    caller: Caller,
    *,
    share: bool,
    palette: str | None = None,
) -> ViewAnswer | None:
    """None when the game hides nothing, or when its GM asks for themselves (the whole
    board, as in any game). A player asking for themselves: their power's view. Anyone
    else, and any answer shown to the channel: the public view.

    A retreat phase kept from the player's powers (issue 29) is not theirs to see: in
    play, they are shown the movement before it, still in play for them; once played,
    it is a phase they do not know of (NotFound), and the movement before it is shown
    told with it (`seen_with_retreats`), as their DM told it."""
    position = lookups.service.history.record_position(record)
    if not parts_for(position.variant).views_only:
        return None
    if not share and caller.is_gm_of(info.gm_user_id, info.guild_id):
        return None
    mine = [] if share else [p.power for p in info.powers if p.user_id == caller.user_id]
    if not mine:
        return ViewAnswer(None, None, PUBLIC_ONLY)
    records = await lookups.records(info.id)
    later = [r for r in records if r.seq > record.seq and not r.rolled_back]
    earlier = [r for r in records if r.seq < record.seq and not r.rolled_back]
    if retreats_kept_from(position, mine):
        if later or not earlier:
            raise NotFound(f"No phase {record.phase.code} in this game.")
        movement = earlier[-1]
        shown = await _in_play(lookups, info.id, movement, earlier[:-1], mine, palette)
        return replace(shown, phase=movement.phase)
    if later and _kept(lookups, later[0], mine):  # its retreats are kept from the player
        if later[0].outcomes is None or len(later) < 2:
            return await _in_play(lookups, info.id, record, earlier, mine, palette)
        # Told with the retreats that followed, as the player's DM told it.
        played = await lookups.played_phase(info.id, later[0].id, later[1].id)
        assert played is not None
        told = await seen_with_retreats(lookups, info.id, played, mine[:1])
        assert told is not None
        return ViewAnswer(
            view_words(told[0], played.board), await view_png(lookups, told[0], palette)
        )
    if record.outcomes is not None and later:
        played = await lookups.played_phase(info.id, record.id, later[0].id)
        assert played is not None
        seen = await seen_phases(lookups, info.id, played, mine[:1])
        return ViewAnswer(
            view_words(seen[0], played.board), await view_png(lookups, seen[0], palette)
        )
    return await _in_play(lookups, info.id, record, earlier, mine, palette)


async def phases_listed(
    lookups: GameLookups,
    info: GameInfo,
    caller: Caller,
    codes: Sequence[str],
    *,
    share: bool,
    played: bool = False,
) -> tuple[str, ...]:
    """`codes` (a game's phases, for `/game history` and the `phase:` choices; `played`:
    those played only) less the retreat phases kept from `caller` in a
    hidden-information game (issue 29): from anyone but the GM and the players whose
    powers retreated in them, and from an answer shared with the channel. While such a
    retreat phase is in play, the movement before it is in play too for them: not yet
    a played phase."""
    settings = await lookups.service.lobby.game_settings(info.id)
    if not parts_for(settings.variant).views_only:
        return tuple(codes)
    if not share and caller.is_gm_of(info.gm_user_id, info.guild_id):
        return tuple(codes)
    mine = [] if share else [p.power for p in info.powers if p.user_id == caller.user_id]
    listed = []
    for code in codes:
        if code.split("/")[0].endswith(PhaseKind.RETREAT.value):
            record = await lookups.service.history.phase_record(info.id, code)
            if record is not None and _kept(lookups, record, mine):
                continue
        listed.append(code)
    current = await lookups.service.history.phase_record(info.id)
    if played and listed and current is not None and _kept(lookups, current, mine):
        listed.pop()  # the movement the retreats in play follow
    return tuple(listed)


def _kept(lookups: GameLookups, record: PhaseRecord, powers: Sequence[Power]) -> bool:
    """Whether `record` is a retreat phase kept from a holder of `powers`."""
    return retreats_kept_from(lookups.service.history.record_position(record), powers)


async def _in_play(
    lookups: GameLookups,
    game_id: int,
    record: PhaseRecord,
    earlier: Sequence[PhaseRecord],
    mine: Sequence[Power],
    palette: str | None,
) -> ViewAnswer:
    """The map of the phase `record` in play, as the power knew it (`known_in_play`)."""
    seen = await known_in_play(lookups, game_id, record, earlier, mine)
    return ViewAnswer(None, await view_png(lookups, seen, palette))


async def known_in_play(
    lookups: GameLookups,
    game_id: int,
    record: PhaseRecord,
    earlier: Sequence[PhaseRecord],
    mine: Sequence[Power],
) -> SeenPhase:
    """`mine[0]`'s view of the phase `record` while in play (`earlier`: the live phases
    before it): as the power knew it when the last phase before it ended (a retreat
    phase kept from it: with the movement it followed); before any, its own units and
    centres."""
    position = lookups.service.history.record_position(record)
    if earlier:
        played = await lookups.played_phase(game_id, earlier[-1].id, record.id)
        if played is not None:
            if _kept(lookups, earlier[-1], mine):
                seen = await seen_with_retreats(lookups, game_id, played, mine[:1])
            else:
                seen = await seen_phases(lookups, game_id, played, mine[:1])
            if seen is not None:
                return seen[0]
    known = own_position(position, mine[0])
    return SeenPhase(
        PowerView(mine[0], Adjudication(position.phase, (), known)),
        unknown_places(known, mine[0], lookups.board),
        position.centre_counts(lookups.board.powers),
    )


PUBLIC_ONLY = (
    "In this game each player may see only what their power knows: `/game map` and "
    "`/game history` show a player their own view, to them alone (share off). The "
    "supply-centre totals of each year are in `/game chart`."
)
