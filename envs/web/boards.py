"""Structured table views for the page, built from exactly what one viewer may see.

A game that has a board to draw gives it as ``State.board_view(viewer)`` (Prime Minister: tracks, Sectors, bills,
seats). The page draws every game from :mod:`hustings.web.view` (the table, the question asked, the story), which
reads this board for Prime Minister; the text rendering (``state.render(player=viewer)``) is shown beside it.
"""
from __future__ import annotations


def board_view(state, viewer: int | None) -> dict | None:
    """A JSON-able board of ``state`` as seat ``viewer`` sees it (``None``: the whole table), or ``None``."""
    return state.board_view(viewer)
