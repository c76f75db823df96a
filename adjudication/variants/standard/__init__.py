"""The standard game of the rulebook (rules/000): seven powers, armies and fleets. Its
value is the engine's own default game (`adjudication.maps.rulebook`), registered here
as every other variant is."""

from __future__ import annotations

from adjudication.maps.rulebook import RULEBOOK_GAME

STANDARD_GAME = RULEBOOK_GAME
