"""A power changing hands (a replacement, a standby taking over): whom its score counts
for from then on (rules/004: a replacement chooses "at the time he enters the game
only")."""

from __future__ import annotations

from storage.models import PowerRow


def hand_over(row: PowerRow, new_user_id: int) -> None:
    """A power changes hands (a replacement, or a standby taking over): the score is the
    newcomer's unless they choose, at entry, to leave it with whom it counted for."""
    before = row.rated_user_id
    row.rated_user_id = new_user_id
    row.score_choice_from = before if before not in (None, new_user_id) else None
