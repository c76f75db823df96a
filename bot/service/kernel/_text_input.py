"""Text typed by users, made safe to store and to quote back.

PostgreSQL refuses the NUL character in text and JSON, and no database takes a lone
UTF-16 surrogate (Discord passes both through): such characters, and the other control
characters that have no place in orders, names or press, are dropped, keeping line
breaks and tabs. Whatever is quoted back in a reply is clipped to a length that leaves
room for the rest of the message within Discord's limits.
"""

from __future__ import annotations

import re

_REFUSED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ud800-\udfff]")
QUOTE_LIMIT = 100


def clean_text(text: str) -> str:
    """`text` without the characters a database refuses or that mean nothing here."""
    return _REFUSED.sub("", text)


def quoted(text: str, limit: int = QUOTE_LIMIT) -> str:
    """User text for quoting in a reply: cleaned, on one line, at most `limit` chars."""
    flat = " ".join(clean_text(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
