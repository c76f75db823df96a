"""What players read of lateness (STYLE.md rule 13: "no internal names or raw order
codes"): the late and excused notices name the phase as people say it, "Spring 1901",
never its code "S1901M"."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from bot.service.deadlines import excused_text, late_text
from bot.service.events import payloads as ev

WHEN = datetime(2026, 1, 9, 12, tzinfo=UTC)


@pytest.mark.parametrize("to", ["channel", "gm", "player"])
def test_late_and_excused_notices_name_the_phase_in_words(to):
    late = late_text("Test", ev.Late(to=to, powers=("RUSSIA",), phase="F1901R", until=WHEN))
    excused = excused_text(
        "Test", ev.Excused(to=to, powers=("RUSSIA",), phase="S1901M", deadline=WHEN)
    )
    assert "Fall 1901 Retreats" in late and "F1901R" not in late
    assert "Spring 1901" in excused and "S1901M" not in excused
