"""The Masters Rules (rules/003): minor powers, variable control, rebellion,
annexation, disarmament and foreign aid, played on any variant.

Readings of the document are in docs/VARIANTS.md ("Masters Rules").
"""
