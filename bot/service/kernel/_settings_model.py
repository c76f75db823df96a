"""The base of a game's settings values (`GameSettings`, `Schedule` and its timings):
frozen pydantic models whose JSON codec is pydantic's, stored in the game's row.

`extra="forbid"`: every key a settings document was ever written with is a field, or
read by the model's own fallback (`GameSettings` reads the lengths of games stored
before schedules), so an unknown key is a mistake to see, not to drop: a misspelt
change in `changed` is refused rather than lost.
"""

from __future__ import annotations

from typing import Any, Self

from pydantic import BaseModel, ConfigDict


class SettingsModel(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    def changed(self, **update: Any) -> Self:
        """This value with `update`, checked as a whole as when it was made: pydantic's
        `model_copy(update=…)` checks nothing, so a reminder 0 minutes before the
        deadline would pass it. The fields already held are taken as they are."""
        return self.model_validate({**dict(self), **update})
