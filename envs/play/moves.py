"""Moves as people read and type them: what a seat sees of a move, and the one reader of typed moves.

:func:`match_move` reads what a person or an agent typed: the lenient way for people at the terminal (a number, a
name, or a short form as the table shows the card, ``3C`` in Democracy, ``Env6`` in Politrickers; several matches
are offered as candidates, nothing is played on a guess), the strict way for agents that read text
(``strict=True``: only a legal move's exact name, ignoring case, or its number). Each game's own words come from
its ``Game.display_name`` / ``Game.move_forms`` and ``State.hidden_move`` / ``State.revealed_by_move``.
"""
from __future__ import annotations

import re

from ..core.rules import Game, State

#: Events that only echo a move (the line that shows the move says it already): narrators of a game's events (the
#: terminal demo, the web app's story) leave them out.
QUIET_EVENTS = ("card_played", "move", "action")


# --- what a seat sees of a move ------------------------------------------------------------------------------------
def hidden_move(state: State, player: int, action: int) -> str | None:
    """If ``action`` of ``player`` (about to be applied to ``state``) is hidden from the other seats, a description of
    it that names nothing hidden (``"play a card face down"``); ``None`` when every seat sees the move (the game's
    ``State.hidden_move``)."""
    return state.hidden_move(player, action)


def revealed_by_move(state: State, player: int, action: int) -> str | None:
    """What ``action`` of ``player`` (about to be applied to ``state``) turns face up for every seat, as a line of
    text, or ``None`` (the game's ``State.revealed_by_move``: the last commitment of a Democracy trick turns the
    whole trick up)."""
    return state.revealed_by_move(player, action)


def display_name(game: Game, player: int, action: int) -> str:
    """The action's name as the table shows it to ``player`` (the game's ``Game.display_name``)."""
    return game.display_name(player, action)


def move_seen_by(state: State, player: int, action: int, viewer: int | None) -> str:
    """``action`` of ``player`` (about to be applied to ``state``) as seat ``viewer`` sees it: its name when the move
    is public, ``viewer`` made it, or ``viewer`` is ``None`` (everything shown); otherwise a description that names
    nothing hidden, ending in ``(hidden)`` (see :func:`hidden_move`)."""
    if viewer is not None and viewer != player:
        hidden = hidden_move(state, player, action)
        if hidden is not None:
            return hidden + " (hidden)"
    return display_name(state.game, player, action)


# --- typing a move -------------------------------------------------------------------------------------------------
def _norm(text: str) -> str:
    return " ".join(text.lower().replace("_", " ").split())


def _words(text: str) -> list[str]:
    return re.sub(r"[,()]", " ", _norm(text)).split()


def short_forms(game: Game, player: int, action: int) -> list[str]:
    """The short ways to type ``action`` for ``player``, as the table shows the card or the target; the first is the
    one offered as an example (the game's ``Game.move_forms``). Matched case-insensitively, ``_`` and spaces alike.

    Democracy ``3C`` / ``JOKER``; Politrickers ``Env6``, ``Mig``, ``switch Env6`` (the paid switch); Politix
    ``draw``, ``rest``, ``end``, ``farmers debate``, ``add``, ``coffee``, ``take 2``, ``beauty_salon P2``,
    ``gwtw curfew P1``, and the card's kind to discard it (``twist``); Prime Minister ``y`` / ``n``, ``end``,
    ``campaign 1``, ``<Supporter> 1`` (play it with option 1), ``<Supporter>`` to keep it, ``<bill>``, ``<sector>``,
    ``liberal``, ``seat 2``, ``slot 1``, ``vote 1``, ``hold`` ...
    """
    return game.move_forms(player, action)


def match_move(text: str, legal: list[int], game: Game, player: int) -> tuple[int | None, list[int]]:
    """Read a typed move: ``(action, [])`` when ``text`` names one legal move, else ``(None, candidates)``.

    ``text`` may be the move's number in the list (1-based), its full name, or a short form (:func:`short_forms`),
    all case-insensitive. A short form that fits several moves, or a text that only partly fits (its words all
    appear in a move, or it begins one), gives those moves as candidates: nothing is played on a guess.
    """
    text = text.strip()
    if text.isdigit():
        return (legal[int(text) - 1], []) if 1 <= int(text) <= len(legal) else (None, [])
    want = _norm(text)
    if not want:
        return None, []
    names = {a: (_norm(game.action_name(a)), _norm(display_name(game, player, a))) for a in legal}
    exact = [a for a in legal if want in names[a]]
    if len(exact) == 1:
        return exact[0], []
    forms = {a: [_norm(f) for f in short_forms(game, player, a)] for a in legal}
    exact = [a for a in legal if want in forms[a]]
    if len(exact) == 1:
        return exact[0], []
    if exact:
        return None, exact
    words = set(_words(text))
    loose = [a for a in legal
             if any(f.startswith(want) for f in (*names[a], *forms[a]))
             or any(words <= set(_words(f)) for f in (*names[a], *forms[a]))]
    return None, loose



def read_strict(text, legal: list[int], game: Game) -> int | None:
    """The legal action ``text`` names exactly, or ``None``: stripped of surrounding white space, quotes, back-ticks
    and a final full stop, it is a legal move's name ignoring case, or the move's number in ``legal`` (1-based)."""
    if not isinstance(text, str):
        return None
    clean = text.strip()
    if clean.endswith("."):
        clean = clean[:-1].strip()
    clean = clean.strip("`'\"").strip()
    if clean.isdigit():
        i = int(clean)
        return legal[i - 1] if 1 <= i <= len(legal) else None
    by_fold = {game.action_name(a).casefold(): a for a in legal}
    return by_fold.get(clean.casefold())
