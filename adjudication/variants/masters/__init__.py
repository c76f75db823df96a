"""The Masters Rules (rules/003): minor powers, variable control, rebellion,
annexation, disarmament and foreign aid, played on any variant.

Readings of the document are in docs/VARIANTS.md ("Masters Rules"). The engine plays
them by the step and the opening the registry gives every variant: `play_masters` and
`with_minor_powers`.
"""

from adjudication.variants.masters.minors import with_minor_powers
from adjudication.variants.masters.play import play_masters

__all__ = ["play_masters", "with_minor_powers"]
