"""Create Message's `nonce` with `enforce_nonce` (resources/message, Create Message).

"nonce? integer or string — Can be used to verify a message was sent (up to 25
characters). Value will appear in the Message Create event." "enforce_nonce? boolean —
If true and nonce is present, it will be checked for uniqueness in the past few
minutes. If another message was created by the same author with the same nonce, that
message will be returned and no new message will be created." (The change log of
2024-02-12 says the same: "deduped for the same sender within a few minutes".)
discord.py documents the other case: NotFound when "You sent a message with the same
nonce as one that has been explicitly deleted shortly earlier" (10008).

discord.py sends every message with a nonce (random unless given) and `enforce_nonce`
true. "A few minutes" is taken at its shortest, two: a bot that retries within that
window is deduplicated on Discord whatever the window really is.
"""

from __future__ import annotations

from .state import JSON, FakeMessage

# "within a few minutes", on Discord's clock (`World.ids.clock`), at its shortest.
NONCE_WINDOW = 120.0
MAX_NONCE_LENGTH = 25
_INT64 = 2**63


def check_nonce(payload: JSON) -> list[str]:
    """Problems with a Create Message payload's nonce ("integer or string … up to 25
    characters")."""
    nonce = payload.get("nonce")
    if nonce is None:
        return []
    if isinstance(nonce, bool) or not isinstance(nonce, int | str):
        return [f"nonce: must be an integer or a string, not {type(nonce).__name__}"]
    if isinstance(nonce, int) and not -_INT64 <= nonce < _INT64:
        return ["nonce: integer out of range"]
    if isinstance(nonce, str) and len(nonce) > MAX_NONCE_LENGTH:
        return [f"nonce: {len(nonce)} characters, limit {MAX_NONCE_LENGTH}"]
    return []


class Nonces:
    """The messages created with an enforced nonce, by author and nonce."""

    def __init__(self) -> None:
        self._created: dict[tuple[int, str], FakeMessage] = {}

    def first(self, author_id: int, payload: JSON, now: float) -> FakeMessage | None:
        """The message already created by `author_id` with this payload's nonce within
        the window (deleted or not), if the payload enforces its nonce."""
        key = _key(author_id, payload)
        if key is None:
            return None
        found = self._created.get(key)
        if found is None or now - found.created_at >= NONCE_WINDOW:
            return None
        return found

    def created(self, message: FakeMessage, payload: JSON) -> None:
        key = _key(message.author.id, payload)
        if key is not None:
            self._created[key] = message


def _key(author_id: int, payload: JSON) -> tuple[int, str] | None:
    nonce = payload.get("nonce")
    if nonce is None or not payload.get("enforce_nonce"):
        return None
    return author_id, str(nonce)
