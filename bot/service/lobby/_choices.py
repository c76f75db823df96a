"""What the `game:` and `phase:` options offer while the user types (Discord's
autocomplete: at most 25 choices of 100 characters, answered within 3 seconds, so one
light query each)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.service.kernel import Caller, ServiceCore, read_phase_name
from storage import queries

MAX_CHOICES = 25  # Discord's limit
MAX_CHOICE_TEXT = 100
# How many of the caller's unfinished games are looked at: the newest first.
GAMES_LOOKED_AT = 500


def choice_label(text: str) -> str:
    return text if len(text) <= MAX_CHOICE_TEXT else text[: MAX_CHOICE_TEXT - 1] + "…"


class ChoicesDesk(ServiceCore):
    async def game_choices(
        self, caller: Caller, typed: str, *, as_gm: bool = False
    ) -> tuple[tuple[int, str], ...]:
        """The unfinished games of the caller's server (in a DM: of any server) that
        are the caller's: those they play in or run, or with `as_gm` those they may
        moderate. Newest first, as (id, "Name (game 12)"); `typed` (the digits typed
        so far) narrows them to the numbers that start so."""
        user = caller.user_id
        # A server's GM may moderate any game of the server; another GM, their own.
        server_gm = caller.server_gm and caller.guild_id is not None
        gm = None if not as_gm or server_gm else user
        member = None if as_gm else user
        async with self.transaction() as session:
            rows = await queries.games.unfinished(
                session, caller.guild_id, GAMES_LOOKED_AT, gm=gm, member=member
            )
        wanted = typed.strip()
        found = [(i, n) for i, n in rows if not wanted or str(i).startswith(wanted)]
        return tuple((i, choice_label(f"{n} (game {i})")) for i, n in found[:MAX_CHOICES])


def phase_choices(codes: Iterable[str], typed: str) -> list[tuple[str, str]]:
    """A game's phases, newest first, as (code, "F1901M — Fall 1901"), those whose code
    starts with what was typed."""
    wanted = typed.strip().upper()
    found = [c for c in reversed(list(codes)) if c.upper().startswith(wanted)]
    return [(c, choice_label(f"{c} — {_title(c)}")) for c in found[:MAX_CHOICES]]


def _title(code: str) -> str:
    named = read_phase_name(code)
    return named.phase.title if named else code
