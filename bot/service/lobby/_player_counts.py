"""How many players a variant is played by, and the lobby's refusals of a count: a
World War I or One-on-one lobby takes two, the others what their groupings allow
(rules/000 §14.2), a standard game of two being World War I."""

from __future__ import annotations

from adjudication.variants import Variant
from bot.service.kernel import WrongState, count
from bot.service.lobby._assignment import MAX_PLAYERS, variant_played

_WORDS = {1: "one", 2: "two", 3: "three"}


def counts_allowed(variant: Variant) -> tuple[int, ...]:
    """The numbers of players a lobby of `variant` may start with."""
    return tuple(
        n for n in range(1, MAX_PLAYERS + 1) if n in variant_played(n, variant).player_counts
    )


def played_by(variant: Variant) -> str:
    """ "World War I is played by two players", "Diplomacy is played by 2 to 7 players"."""
    counts = counts_allowed(variant)
    if len(counts) == 1:
        many = f"{_WORDS.get(counts[0], counts[0])} players"
    else:
        many = f"{min(counts)} to {max(counts)} players"
    return f"{variant.title} is played by {many}"


def check_room(variant: Variant, name: str, joined: int) -> None:
    """Refuse one more player when the lobby already holds the most `variant` takes."""
    if joined >= max(counts_allowed(variant)):
        raise WrongState(f"{name} is full: {played_by(variant)}.")


def check_start(variant: Variant, joined: int) -> None:
    """Refuse the start when `joined` players cannot play `variant`, saying how many can
    and what to do."""
    counts = counts_allowed(variant)
    if joined in counts:
        return
    verb = "has" if joined == 1 else "have"
    then = (
        "Wait for more players to `/game join`, then start."
        if joined < min(counts)
        else "The extra players may `/game leave`; then start."
    )
    raise WrongState(f"{played_by(variant)}; {count(joined, 'player')} {verb} joined. {then}")
