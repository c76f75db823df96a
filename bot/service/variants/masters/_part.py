"""The Masters Rules' part of the service (rules/003), in force in any game that plays
one of the six: how a message is read and its lines for others kept and judged, what
the writer is told beside their orders (MR2's count, the powers they may write for, a
Winter's choices), what every player is told of the rules, a phase played with every
line kept, and what each player's DM adds after it."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from adjudication.model.board import Board
from adjudication.model.optional_rules import RULE_TITLES, MastersRules
from adjudication.model.position import Position
from adjudication.model.rules import Rules
from adjudication.model.units import PhaseKind, Power
from adjudication.variants import Variant
from adjudication.variants.spy.orders import SPY_ORDERS
from bot.service.kernel import SubmissionResult, VariantName
from bot.service.variants._part import History, NewsAsked, OwnPlay, ServicePart, Standing
from bot.service.variants.masters._checks import conditional_text, written_refusal
from bot.service.variants.masters._news import news_for, written_for, written_record
from bot.service.variants.masters._orders import (
    Rewritten,
    orderable,
    orderable_text,
    own_orders,
    play_phase,
    reader,
    report_of,
    written_count,
)
from bot.service.variants.masters._winter import builds_used, winter_choices
from storage.codec import order_from_json
from storage.models import OrderRow
from storage.orders_in_force import AnyOrder

VARIABLE_CONTROL_HELP = (
    "Masters Rules: you may also write orders for the minor powers and powers in civil "
    "disorder your DMs name, the power first (`Portugal A Por - Spa`); your own orders "
    "and these together count against your supply centres."
)


def part_of(masters: MastersRules) -> ServicePart | None:
    """The Masters Rules' part, in a game that plays any of them."""
    if not masters.played:
        return None
    return ServicePart(
        name="masters",
        notes=(VARIABLE_CONTROL_HELP,) if masters.variable_control else (),
        reader=reader(masters),
        rewriting=Rewritten,
        refusal=partial(_refusal, masters),
        with_orders=partial(_with_orders, masters),
        rules_lines=partial(_named, masters),
        play=partial(_play, masters),
        news=partial(_news, masters),
    )


def _refusal(
    masters: MastersRules,
    order: AnyOrder,
    writer: Power,
    position: Position,
    board: Board,
    last_winter: Mapping[str, Power] | None,
) -> str | None:
    """A line written for another power, or a Masters order, the engine would not play,
    refused when sent with the rule's reason (docs/VARIANTS.md M24). Asked only of lines
    `written_for_others` (never a spy's order, its owner's alone)."""
    if isinstance(order, SPY_ORDERS):  # never so (see above); narrows the order's type
        return None
    return written_refusal(order, writer, position, board, masters, last_winter)


def _with_orders(
    masters: MastersRules, summary: SubmissionResult, standing: Standing
) -> SubmissionResult:
    """MR2's count, the powers in disorder one may write for, and a Winter's choices."""
    position, board, own = standing.position, standing.board, standing.own
    in_force, disorder = standing.in_force, standing.disorder
    counts = [written_count(position, board, masters, p, in_force) for p in own[:1]]
    cd = [q for p in own for q in orderable(position, board, masters, p, disorder)]
    choices = [
        winter_choices(position, p, board, masters, builds_used(p, in_force), standing.last_winter)
        for p in own
        if position.phase.kind is PhaseKind.ADJUSTMENT
    ]
    # Lines for a Great Power not in disorder now count only if it is at the deadline.
    conditional = [conditional_text(in_force, p, position, board, masters, disorder) for p in own]
    not_counted = [counts[0].not_counted] if counts else []
    return replace(
        summary,
        written_left=counts[0].left if counts and masters.variable_control else None,
        not_counted_text="\n".join(t for t in not_counted + conditional if t),
        cd_powers_text=orderable_text(sorted(set(cd))),
        winter_text="\n".join(c for c in choices if c),
    )


def _named(masters: MastersRules, lines: list[str], variant: Variant) -> list[str]:
    """The Masters Rules in force by name, after the variant's line (or in it, for the
    rulebook's game, which is then no longer "the rulebook's game")."""
    named = ", ".join(RULE_TITLES[name] for name in masters.on)
    with_masters = f"with the Masters Rules (rules/003): {named}"
    if variant.name == VariantName.STANDARD:
        return [f"**{variant.title}** {with_masters}"]
    return [*lines, with_masters[0].upper() + with_masters[1:]]


def _play(
    masters: MastersRules,
    position: Position,
    board: Board,
    rows: Sequence[OrderRow],
    variant: Variant,
    rules: Rules,
    history: History,
    disorder: Collection[Power],
) -> OwnPlay:
    """The phase played with every line kept, lines written for powers in civil
    disorder too; their outcomes said after the report (M19) and in the news."""
    kept = [(r.power, order_from_json(r.order)) for r in rows]
    played = play_phase(position, kept, variant, rules, history, disorder)
    return OwnPlay(
        played.adjudication,
        own_orders(played),
        report_of(played, board),
        written_record(played.written),
    )


def _news(masters: MastersRules, asked: NewsAsked) -> Mapping[str, Any]:
    """The lines written this phase that concern the player's powers, and what they may
    write in the phase to come."""
    told: dict[str, Any] = {}
    if asked.written:
        told["written"] = written_for(asked.written, asked.mine)
    if asked.after is not None and asked.board is not None:
        told["variable_control"] = news_for(
            asked.after,
            asked.board,
            masters,
            asked.mine,
            asked.disorder,
            asked.deadline,
            asked.last_winter,
        )
    return told
