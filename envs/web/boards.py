"""Structured table views for the page, built from exactly what one viewer may see.

A game that has a board to draw gives it as ``State.board_view(viewer)`` (Prime Minister: tracks, Sectors, bills,
seats); the card games are shown by their text rendering (``state.render(player=viewer)``), which already hides
what the viewer may not see.
"""
from __future__ import annotations


def board_view(state, viewer: int | None) -> dict | None:
    """A JSON-able board of ``state`` as seat ``viewer`` sees it (``None``: the whole table), or ``None``."""
    return state.board_view(viewer)
