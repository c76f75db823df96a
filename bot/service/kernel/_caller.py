"""Who asks the service for something, and from where.

Every service operation a person starts takes a `Caller`. The service, not Discord,
decides what the caller may see and do: a game is visible only from its own server
(or, in a direct message, to the people who take part in it), and the server's GM role
counts only in the server where it is held.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Caller:
    """`guild_id`: the server the command was used in; None for a direct message.
    `server_gm`: holds the GM role of that server (the Discord layer reads the role;
    the service decides what it allows, and only in that server's games)."""

    user_id: int
    guild_id: int | None = None
    server_gm: bool = False

    def is_gm_of(self, game_gm_user_id: int, game_guild_id: int) -> bool:
        """The game's own GM, or a holder of the GM role of the game's server, asking
        from that server."""
        if self.user_id == game_gm_user_id:
            return True
        return self.server_gm and self.guild_id == game_guild_id
