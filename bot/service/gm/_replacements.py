"""Whom `/gm replace` offers as the incoming player, in the order rules/000 §14.3 prefers:
"a person who has not previously had a country (or failing that, whose country has
already been eliminated from play)". Read while the GM types (Discord's autocomplete:
25 choices, 3 seconds), so a few light queries and no lock."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.kernel import Caller, PlayerStatus, ServiceCore, power_name
from bot.service.lobby import MAX_CHOICES, choice_label
from bot.service.spectators import barred_from_playing
from storage import queries
from storage.models import GameRow, PlayerRow, PowerRow

# How many of the server's other players are looked at: the newest first.
SERVER_PEOPLE = 500


class ReplacementsDesk(ServiceCore):
    async def replacement_choices(
        self, game_id: int, caller: Caller, typed: str
    ) -> tuple[tuple[int, str], ...]:
        """(user id, label) of the people who could take over a power, first those who
        never had a country in the game (its named standbys, those who missed its
        roll-call and so never played their place (issue 31), then the server's players
        of other games), then those whose country was eliminated; nobody who holds a
        country or was replaced while theirs plays on. Empty for anyone but the GM.
        `typed` narrows them to the names that contain it or the ids that start so."""
        async with self.transaction() as session:
            game = await session.get(GameRow, game_id)
            if game is None or not caller.is_gm_of(game.gm_user_id, game.guild_id):
                return ()
            powers = await queries.powers.of_game(session, game.id)
            here = {p.user_id: p for p in await queries.players.of_game(session, game.id)}
            rows = await queries.players.names_in_server(
                session, game.guild_id, game.id, SERVER_PEOPLE
            )
            names: dict[int, str] = {}
            for user, name in rows:  # newest first: the name last seen
                names.setdefault(user, name or "")
            # Issue 31: whoever watched the whole board of a hidden game is never offered.
            barred = await barred_from_playing(session, game)
        for user, player in here.items():
            if player.display_name:
                names[user] = player.display_name
        offered = _offers_in_order(powers, here, names, barred, game.gm_user_id)
        return _matching(offered, typed)


def _offers_in_order(
    powers: Sequence[PowerRow],
    here: dict[int, PlayerRow],
    names: dict[int, str],
    barred: set[int],
    gm_user_id: int,
) -> dict[int, str]:
    """Each person who may take over a power, and why, in rules/000 §14.3's order:
    those who never had a country here first, then those whose country fell."""
    # An eliminated power keeps its last player's id: holding it is no country.
    holders = {p.user_id for p in powers if p.user_id is not None and p.eliminated_year is None}
    fallen = {
        who
        for p in powers
        if p.eliminated_year is not None
        for who in (p.user_id, p.rated_user_id)
        if who is not None
    }
    offered: dict[int, str] = {}  # in the order offered

    def offer(user: int, why: str) -> None:
        if user in barred:
            return
        if user not in holders and user != gm_user_id and user not in offered:
            offered[user] = f"{names.get(user) or f'user {user}'} — {why}"

    never = "never had a country here"
    for p in powers:
        if p.standby_user_id is not None and p.standby_user_id not in here:
            offer(p.standby_user_id, f"standby for {power_name(p.power)}, {never}")
    for user, player in here.items():  # issue 31: their place was never played
        if player.status is PlayerStatus.STANDBY:
            offer(user, "missed the roll-call, back to standby")
    for user in sorted((u for u in names if u not in here), key=lambda u: names[u].lower()):
        offer(user, never)
    for user in sorted(fallen & set(here), key=lambda u: (names.get(u) or "").lower()):
        offer(user, "their country was eliminated")
    return offered


def _matching(offered: dict[int, str], typed: str) -> tuple[tuple[int, str], ...]:
    """The offers whose name contains what the GM typed, or whose id starts with it, as
    many as Discord shows."""
    wanted = typed.strip().lower()
    found = [
        (user, label)
        for user, label in offered.items()
        if not wanted or wanted in label.split(" — ")[0].lower() or str(user).startswith(wanted)
    ]
    return tuple((user, choice_label(label)) for user, label in found[:MAX_CHOICES])
