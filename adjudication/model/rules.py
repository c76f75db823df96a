"""Rule options of a game: one typed, frozen value per game."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudication.model.optional_rules import NO_MASTERS_RULES, MastersRules


class ParadoxRule(StrEnum):
    """How a convoy paradox is broken (DATC 4.A.2)."""

    SZYKMAN = "szykman"  # the convoyed army holds; DATC's preference
    RULEBOOK_1982 = "rulebook_1982"  # rules/001 XII.5; exact reading in docs/RULES.md


class YearLimitMeasure(StrEnum):
    """What decides the short game's winner (and ranks the others) once the year limit
    is reached."""

    UNITS = "units"  # rules/000 §3: "the most pieces on the board"
    CENTRES = "centres"  # rules/001: "the most supply centers after the Fall 1910 turn"


@dataclass(frozen=True, slots=True)
class Rules:
    """Options from the rules documents, all defaulting to the standard rulebook.

    - `paradox_rule`: convoy paradox resolution.
    - `victory_centres`: centres for a solo win (rules/000 §3: 18).
    - `year_limit`: the short game (rules/000 §3): after the adjustments of this year
      the power with "the most pieces on the board" wins (equal counts share the
      win); None for a full game.
    - `stalemate_winters`: rules/004 rule 6: the game ends as a draw when ownership is
      identical for this many consecutive winters; None to play on.
    - `year_limit_measure`: units on the board (rules/000 §3, the default) or supply
      centres (rules/001) decide the short game.
    - `grouping`: the variant's grouping of powers among players (rules/000 §14.2:
      "6", "5", "4", "3a", "3b"; `adjudication.variants`); None when every power is
      held by a player of its own.
    - `toss_seed`: World War I's coin (rules/000 §14.2), drawn at the game's start so
      the toss is replayable (`Variant.toss_winner`).
    - `spy_seed`: Spy Diplomacy's draw of the home centre a spy starts in when its
      owner selected none (docs/VARIANTS.md Y2), drawn at the game's start so the draw
      is replayable and no player can infer it.
    - `masters`: which of the Masters Rules (rules/003, `adjudication.variants.masters`) are
      played; none by default.
    """

    paradox_rule: ParadoxRule = ParadoxRule.SZYKMAN
    victory_centres: int = 18
    year_limit: int | None = None
    stalemate_winters: int | None = None
    year_limit_measure: YearLimitMeasure = YearLimitMeasure.UNITS
    grouping: str | None = None
    toss_seed: int = 0
    spy_seed: int = 0
    masters: MastersRules = NO_MASTERS_RULES
