"""Hidden-information games in the service (issue 12)."""

from __future__ import annotations

from adjudication.variants import KRIEGSPLOMACY
from adjudication.variants.model import Disclosure


def test_rules004_kriegsplomacy_if_a_country_goes_nmr_that_is_not_reported() -> None:
    # "If a country goes NMR, that is NOT reported": late powers, spent excuses and who
    # has ordered are told to the GM and the player concerned only (QUEUE.md).
    assert KRIEGSPLOMACY.lateness_told is Disclosure.GM_AND_PLAYER
