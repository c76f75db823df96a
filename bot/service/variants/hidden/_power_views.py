"""What a player of a hidden-information game is told of a phase, made from their
power's view alone (issue 12; DESIGN.md "Views": "Everything sent to a player is made
from that player's view").

The view (`adjudication.play.views.view_of`) is remade from the record: the position
the phase was played from, its outcomes and the position it led to, as the engine gave
them. A variant that is not `hidden_information` never comes here. Texts for the game
channel are made from the public view: rules/004's Kriegsplomacy makes public only "the
supply center chart at the end of each year (i.e., the total for each country, but not
who owns which centers)", and the end of the game.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from adjudication.model.board import Board
from adjudication.model.orders import Waive
from adjudication.model.position import Dislodgement, Position
from adjudication.model.result import Adjudication
from adjudication.model.units import Location, Phase, PhaseKind, Power
from adjudication.model.views import UNKNOWN, PowerView, PublicView
from adjudication.play.views import public_view, view_of
from adjudication.text.notation import place_name
from adjudication.text.report import adjustment_report, movement_report, retreat_report
from adjudication.variants import VARIANTS, Variant
from bot.service.kernel import PhaseNotices, PlayedPhase, next_step, power_name, standing
from bot.service.variants.hidden._words import told_in_words


@dataclass(frozen=True, slots=True)
class SeenPhase:
    """One power's view of a played phase, with the places it knows nothing of and
    the year's public centre totals (its map's key). `retreats`: for a movement phase
    told together with the retreat phase kept from the power (`with_retreats`), its
    view of those retreats."""

    view: PowerView
    unknown: frozenset[str]
    totals: Mapping[Power, int] | None = None
    retreats: Adjudication | None = None


def variant_of(position: Position) -> Variant:
    return VARIANTS[position.variant]


def is_hidden(position: Position) -> bool:
    """Whether players of `position`'s game may see only their own view."""
    return variant_of(position).hidden_information


def stored_result(played: PlayedPhase) -> Adjudication:
    """The engine's result of a played phase, as the record keeps it: every unit
    dislodged in a movement phase is in the position after it (with its retreats) or,
    with none, was disbanded at once (as `judge_text` reads the record)."""
    after = played.after
    offered = {str(d.unit): d for d in after.dislodged}
    dislodged = tuple(
        offered.get(str(o.order.unit)) or Dislodgement(o.order.unit, o.dislodged_by)
        for o in played.outcomes
        # A waive is never dislodged: the test only tells the type checker so.
        if o.dislodged_by is not None and not isinstance(o.order, Waive)
    )
    return Adjudication(played.before.phase, played.outcomes, after, dislodged=dislodged)


def seen_phase(
    played: PlayedPhase, power: Power, watched: frozenset[str] = frozenset()
) -> SeenPhase:
    """`power`'s view of `played`; `watched`: what its spies learned in the movement
    phase before, for a retreat phase (rules/004, K11)."""
    variant = variant_of(played.before)
    view = view_of(variant, played.before, stored_result(played), power, watched)
    unknown = unknown_places(view.adjudication.position, power, played.board)
    # Ownership changes only when a year ends: the counts after any phase are the
    # chart of the last year's end, public (rules/004).
    totals = played.after.centre_counts(played.board.powers)
    return SeenPhase(view, unknown - view.learned - watched, totals)


def retreats_kept_from(position: Position, powers: Collection[Power]) -> bool:
    """Whether the phase `position` is a retreat phase of a hidden-information game kept
    from a holder of `powers` (none of them has a unit to retreat), or from the channel
    (`powers` empty). rules/004 tells a power "when a unit of yours is dislodged and
    forced to retreat", and nothing else of the retreats but what its spies watched: so
    it is told nothing of the phase; the movement before it is told with it, once both
    are played, and its next phase simply opens later (docs/VARIANTS.md K14)."""
    if position.phase.kind is not PhaseKind.RETREAT or not is_hidden(position):
        return False
    return not any(d.unit.power in powers for d in position.dislodged)


def with_retreats(movement: SeenPhase, retreats: SeenPhase, board: Board) -> SeenPhase:
    """A power's view of a movement phase told once the retreat phase after it (kept
    from it) is played: the movement as it saw it, the retreats its spies watched as
    rules/004 writes them (`F MAtl-??? [r-???*]`), and the board as it knows it after
    the retreats (its own centres, the year's chart when the retreats end the Fall)."""
    seen, later = movement.view, retreats.view
    power = seen.power
    moved, retreated = seen.adjudication.position, later.adjudication.position
    mine = set(retreated.centres_of(power))
    ownership = {c: p for c, p in moved.ownership.items() if p != power and c not in mine}
    ownership |= dict.fromkeys(mine, power)
    units = {*retreated.units, *(u for u in moved.units if u.power != power)}
    after = Position(
        retreated.phase, units, ownership, (), frozenset(), retreated.variant, retreated.homes
    )
    shown = Adjudication(
        seen.adjudication.phase,
        seen.adjudication.outcomes,
        after,
        later.adjudication.game_end,
        seen.adjudication.dislodged,
    )
    view = PowerView(power, shown, seen.attacked, seen.reports, seen.learned, later.centre_counts)
    unknown = unknown_places(after, power, board) - seen.learned
    return SeenPhase(view, unknown, retreats.totals, later.adjudication)


def learned_in(played: PlayedPhase, power: Power) -> frozenset[str]:
    """What `power`'s spies learned in the movement phase `played`."""
    return seen_phase(played, power).view.learned


def unknown_places(position: Position, power: Power, board: Board) -> frozenset[str]:
    """The provinces `power` knows nothing of in its view `position`: every one but
    where a unit it knows of stands (its own, or one its spies saw) and the centres it
    owns; what its spies learned is added by the caller when it knows it."""
    known = {u.province for u in position.units}
    known |= {d.unit.province for d in position.dislodged if d.unit.power == power}
    known |= set(position.centres_of(power))
    return frozenset(board.provinces) - known


def own_position(position: Position, power: Power) -> Position:
    """What `power` knows of a position before any phase of it was played (the first
    phase, Winter 1900): its own units and centres."""
    units = position.units_of(power)
    ownership = {c: p for c, p in position.ownership.items() if p == power}
    return Position(position.phase, units, ownership, (), frozenset(), position.variant)


def view_report(seen: SeenPhase, board: Board) -> str:
    """rules/004's judge notation of the phase as the power may know it, for the judge
    file (a player's export); players read it in words (`view_words`). A movement
    phase told with its retreats (`with_retreats`) notes where the units it saw
    dislodged went (`[r-???*]`), and lists the retreats into its area of units it had
    not seen ("a previously unknown retreat occurs into your area")."""
    shown = seen.view.adjudication
    kind = shown.phase.kind
    if kind is PhaseKind.MOVEMENT:
        text = movement_report(shown, seen.retreats, board=board)
        if seen.retreats is None:
            return text
        noted = {d.unit.province for d in shown.dislodged}
        unseen = tuple(
            o
            for o in seen.retreats.outcomes
            if not isinstance(o.order, Waive) and o.order.unit.province not in noted
        )
        if not unseen:
            return text
        arrived = Adjudication(seen.retreats.phase, unseen, seen.retreats.position)
        return f"{text}\n\n{retreat_report(arrived, board=board)}"
    if kind is PhaseKind.RETREAT:
        return retreat_report(shown, board=board)
    known = shown.position.ownership  # its own centres: it knows no other's
    return adjustment_report(shown.phase.year, known, known, shown, board=board)


def centre_totals(counts: Mapping[Power, int], board: Board) -> str:
    """The year's supply-centre chart, totals only (rules/004)."""
    listed = ", ".join(f"{power_name(p)} {counts.get(p, 0)}" for p in sorted(board.powers))
    return f"Supply centres at the end of the year: {listed}."


def view_notices(
    game_name: str, phase: Phase, powers: Sequence[Power], notices: PhaseNotices
) -> str | None:
    """A player's own notices after a phase of a hidden-information game, told apart
    from the results and at once (None: none): a power kept from a retreat phase is
    told its results only once the retreats are played, and a notice sent with them
    would come late exactly when a retreat phase came between."""
    fell = [p for p in powers if p in notices.civil_disorder]
    if not fell:
        return None
    lines = [
        f"**{game_name}**, {phase.title}: no orders came from you for "
        f"**{power_name(power)}**, so it is now in civil disorder: its units hold and any "
        "removals follow the civil-disorder rule. Send orders again to take it back."
        for power in fell
    ]
    return "\n".join(lines)


def view_words(seen: SeenPhase, board: Board) -> str:
    """The phase as the power may know it, in the words and notation of the DM echo
    (issue 33): what `view_report` tells in rules/004's judge notation, for players."""
    return told_in_words(seen.view, board, seen.retreats)


def view_news(
    seen: Sequence[SeenPhase],
    board: Board,
    game_name: str,
    deadline: datetime | None,
    game_over: bool,
) -> str:
    """A player's DM after a phase of a hidden-information game: for each of their
    powers, its view in words (`view_words`), its units attacked where they stood (not
    by whom), where it stands; the year's centre totals; what to do next, with the
    options its view gives (never the true retreat options: they would tell where the
    attacker came from). Civil disorder is told on its own (`view_notices`)."""
    first = seen[0].view.adjudication
    lines = [f"**{game_name}**: {first.phase.title} has been played. What you may know of it:"]
    powers = [s.view.power for s in seen]
    for one in seen:
        view, after = one.view, one.view.adjudication.position
        if len(seen) > 1:
            lines.append(f"**{power_name(view.power)}**")
        lines.append(view_words(one, board))
        if view.attacked:
            places = ", ".join(sorted(place_name(Location(p), board) for p in view.attacked))
            lines.append(f"Attacked or opposed where they stood (not by whom): {places}.")
        lines.append(standing(after, view.power))
    if seen[0].view.centre_counts is not None:
        lines.append(centre_totals(seen[0].view.centre_counts, board))
    after = seen[0].view.adjudication.position
    lines.append(next_step(_merged(seen, after), powers, deadline, game_over, board))
    return "\n".join(lines)


def _merged(seen: Sequence[SeenPhase], after: Position) -> Position:
    """One position holding every power's own view of it (a player of several powers)."""
    if len(seen) == 1:
        return after
    units = {u for s in seen for u in s.view.adjudication.position.units}
    dislodged = {d for s in seen for d in s.view.adjudication.position.dislodged}
    ownership: dict[str, Power] = {}
    for s in seen:
        ownership |= dict(s.view.adjudication.position.ownership)
    return Position(after.phase, units, ownership, dislodged, frozenset(), after.variant)


def public_of(played: PlayedPhase) -> PublicView:
    return public_view(played.before, stored_result(played), played.board)


def public_results(played: PlayedPhase, heading: str, nxt: str, ending: str | None = None) -> str:
    """The game channel's post after a phase of a hidden-information game: that it was
    played, the year's centre totals when it ends a year, the end, and what comes next.
    No order, unit, outcome, map of the board or missed orders (rules/004: "If a
    country goes NMR, that is NOT reported")."""
    public = public_of(played)
    lines = [heading, "Each player has their own results by direct message."]
    if public.centre_counts is not None:
        lines.append(centre_totals(public.centre_counts, played.board))
    lines.append(ending or nxt)
    return "\n\n".join(lines)


def known_now(position: Position, power: Power, board: Board) -> Position:
    """What `power` surely knows of the phase in play, for what it is offered (legal
    orders in autocomplete, options, the DM preview): its own units and centres, its own
    dislodged units with every place they could reach (the true options would tell where
    the attacker came from and which spaces are held: as
    `adjudication.variants.kriegsplomacy.views` tells them). Nothing of another power: an order
    naming one is still judged as written."""
    known = own_position(position, power)
    dislodged = [
        Dislodgement(
            d.unit,
            UNKNOWN,
            tuple(
                sorted(
                    loc
                    for province in board.provinces
                    for loc in board.unit_locations(d.unit.type, province)
                    if board.can_move(d.unit.type, d.unit.location, loc)
                )
            ),
        )
        for d in position.dislodged
        if d.unit.power == power
    ]
    return Position(
        known.phase, known.units, known.ownership, dislodged, frozenset(), known.variant
    )


def offered(position: Position, power: Power, board: Board) -> Position:
    """The position `power`'s options are made from: `known_now` in a hidden-information
    game, else the position itself."""
    return known_now(position, power, board) if is_hidden(position) else position
