"""Boards of the game: the standard map, and variants as they come."""

from adjudication.maps.standard import STANDARD

__all__ = ["STANDARD"]
