"""What a game's page words build on: the web page asks each game's ``web.py`` (named by ``GameInfo.web``) for them.

The web app (:mod:`hustings.web.view`, :mod:`hustings.web.reference`) reaches a game's page only through these
names, the same in every game's ``web.py``:

==============================  ======================================================================================
``LAYOUT``                      the kind of table the page draws (the view's ``layout``; the page draws one board per
                                kind and keys its styles by it, never by a game's name)
``HEADS``, ``MAJOR``            event types that open a new part of the game (a day of an island, a round), and those
                                that change the score or decide something (the story's tones ``head`` and ``major``)
``STORY_LABELS``                whether the story names each public move as its question offered it (the choice's
                                label, read from the state before the move) rather than by the move's own name
``QUICK_RULES``                 a few lines a new player reads first
``table(state, viewer)``        the table as seat ``viewer`` sees it (``None``: the whole table), JSON-able
``prompt(state, player)``       the question asked of the seat to move: ``{"question", "choices"}``, one
                                :func:`choice` per legal move (``"about"``: what a sub-choice is about, for the story)
``waiting(state, player)``      what the seat to move is deciding, in words that name nothing hidden
``end(state, names)``           ``{"headline", "why", "standings"}`` of a finished game (``names``: the seats' names)
``story_line(game, events, i)`` the story's line for ``events[i]`` (earlier events may be read for context); the
                                game's own ``describe_event`` reworded for the page where that reads better
``cards()``                     every card's (politician's, event's...) text by name, of the component set installed
``setup_words()``               the set-up form's words per option: ``label``, ``help``, ``requires`` (the table
                                sizes or other options' values it needs), ``choices``, ``advanced``
==============================  ======================================================================================

Everything here is read from what the viewer may see: the public table, the viewer's own cards and decision, and
``state.events(viewer)``.
"""
from __future__ import annotations


def choice(action: int, label: str, detail: str = "", group: str = "", **more) -> dict:
    """One move as a question offers it: ``{action, label, detail, group}`` and any more fields (``card``: the card
    whose text the page shows beside it)."""
    out = {"action": action, "label": label, "detail": detail, "group": group}
    out.update(more)
    return out


def seats_named(names: list[str] | None, seats) -> str:
    """``"P0 (you) and P2 (random)"``: the seats with the names the table gave them, where it gave any."""
    return " and ".join(f"P{p}" + (f" ({names[p]})" if names and p < len(names) else "") for p in seats)
