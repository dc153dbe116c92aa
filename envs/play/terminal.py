"""A person plays against bots in the terminal (:func:`play_interactive`), seeing the table from their seat, every
other seat's moves as that seat may see them (:func:`~hustings.play.moves.move_seen_by`: a face-down card is shown as
hidden, never by name), the legal moves in columns, and typing a move by its number, its name, or as the table
shows it (:func:`~hustings.play.moves.match_move`).
"""
from __future__ import annotations

import math
from typing import Callable

from ..core.bots import Bot
from ..core.match import play_until
from ..core.rules import Game, State
from .moves import _norm, display_name, match_move, move_seen_by, revealed_by_move, short_forms

#: Width the move list is laid out for (characters).
LIST_WIDTH = 100


def columns(items: list[str], width: int = LIST_WIDTH, indent: str = "  ", gap: int = 3) -> list[str]:
    """``items`` laid out in columns (down, then across; each column as wide as its widest item) in as few lines of
    at most ``width`` characters as fit (one item per line when even two columns are too wide)."""
    if not items:
        return []
    for ncols in range(len(items), 0, -1):
        nrows = math.ceil(len(items) / ncols)
        cols = [items[c * nrows:(c + 1) * nrows] for c in range(math.ceil(len(items) / nrows))]
        widths = [max(len(s) for s in col) for col in cols]
        if ncols == 1 or len(indent) + sum(widths) + gap * (len(cols) - 1) <= width:
            break
    lines = []
    for r in range(nrows):
        row = [(col[r], w) for col, w in zip(cols, widths) if r < len(col)]
        lines.append(indent + (" " * gap).join(s.ljust(w) for s, w in row).rstrip())
    return lines


def move_list(game: Game, player: int, legal: list[int], width: int = LIST_WIDTH) -> str:
    """The legal moves as ``[number] name`` entries: on the ``Your moves:`` line when they fit in ``width``, else in
    columns below it."""
    items = [f"[{i + 1}] {display_name(game, player, a)}" for i, a in enumerate(legal)]
    one_line = "Your moves: " + "  ".join(items)
    if len(one_line) <= width:
        return one_line
    return "\n".join(["Your moves:"] + columns(items, width))


def _examples(game: Game, player: int, legal: list[int]) -> str:
    seen = []
    for a in legal:
        forms = short_forms(game, player, a)
        if forms and forms[0] not in seen and _norm(forms[0]) != _norm(game.action_name(a)):
            seen.append(forms[0])
        if len(seen) == 2:
            break
    return ", ".join(seen)


def play_interactive(game: Game, seat: int, bots: list[Bot | None], seed: int, deal: dict | None = None,
                     read: Callable[[str], str] = input, write: Callable[[str], None] = print,
                     on_action: Callable[[State, int, int], None] | None = None,
                     confirm_forced: bool = False) -> State | None:
    """A person plays ``seat`` against ``bots`` (``None`` at ``seat``) in the terminal.

    Every move is shown as it is made, from ``seat``'s point of view (:func:`move_seen_by`: a move hidden from
    ``seat`` is shown as hidden, never by name). Before each of the person's moves it shows the table from that seat
    (nothing hidden shown) and the legal moves in columns; a move is entered by number, by name or as the table shows
    it (:func:`match_move`); bad input is answered and asked again, an ambiguous one with the candidates. A forced
    move (the only legal one) is played and shown without asking, unless ``confirm_forced``.

    Returns the final state, or ``None`` when the person quits (``q``) or the input ends (``EOFError``, Ctrl-D).
    Ctrl-C (``KeyboardInterrupt``) is left to the caller; every move made so far has gone through ``on_action``
    (called before each move is applied), so the caller can keep them.
    """
    if not 0 <= seat < game.num_players:
        raise ValueError(f"{game.name}: seat {seat} does not exist; expected 0..{game.num_players - 1}")
    person = _Person(game, seat, read, write, confirm_forced)

    def show(state: State, player: int, action: int) -> None:
        if player != seat:
            write(f"  P{player}: {move_seen_by(state, player, action, seat)}")
        revealed = revealed_by_move(state, player, action)
        if revealed is not None:
            write("  " + revealed)
        if on_action is not None:
            on_action(state, player, action)

    seats = [person if i == seat else bot for i, bot in enumerate(bots)]
    state = game.new_initial_state(seed=seed, deal=deal)
    for i, bot in enumerate(bots):
        if i != seat and bot is not None:
            bot.reset(seed * 7919 + i)
    try:
        play_until(state, seats, on_action=show)
    except _Quit:
        return None
    write("\n" + state.render(player=seat))
    won = state.winners()
    verdict = ("the game was truncated: no winner" if not won else
               ("you won" + (" (shared)" if len(won) > 1 else "")) if seat in won else
               "you lost; winner(s): " + ", ".join(f"P{p}" for p in won))
    write(f"Result: {verdict}. Scores: {state.scores()}")
    return state


class _Quit(Exception):
    """The person quit (``q``) or the input ended."""


class _Person(Bot):
    """The person at the terminal, as a bot of the play loop: shows the table, asks, and says what was played."""

    def __init__(self, game: Game, seat: int, read, write, confirm_forced: bool):
        super().__init__()
        self.game, self.seat, self.read, self.write, self.confirm_forced = game, seat, read, write, confirm_forced

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1 and not self.confirm_forced:
            self.write(f"  P{player} (you): {display_name(self.game, player, legal[0])}   (your only move)")
            return legal[0]
        action = _ask_move(self.game, state, player, legal, self.read, self.write)
        if action is None:
            raise _Quit
        self.write(f"  P{player} (you): {display_name(self.game, player, action)}")
        return action

    def __repr__(self) -> str:
        return "the person"


def _ask_move(game: Game, state: State, seat: int, legal: list[int], read, write) -> int | None:
    write("\n" + state.render(player=seat))
    write(move_list(game, seat, legal))
    example = _examples(game, seat, legal)
    prompt = f"P{seat}, your move (number, name{' or as shown, e.g. ' + example if example else ''}; q to quit): "
    while True:
        try:
            text = read(prompt)
        except EOFError:
            write("\ninput ended: game abandoned")
            return None
        if text.strip().lower() in ("q", "quit", "exit"):
            write("game abandoned")
            return None
        action, candidates = match_move(text, legal, game, seat)
        if action is not None:
            return action
        if candidates:
            shown = ", ".join(f"[{legal.index(a) + 1}] {display_name(game, seat, a)}" for a in candidates[:12])
            more = f", ... ({len(candidates)} in all)" if len(candidates) > 12 else ""
            write(f"{text.strip()!r} could be: {shown}{more}; enter its number")
        else:
            write(f"{text.strip()!r} is not one of your moves: enter a number 1..{len(legal)}, a move's name or the "
                  f"move as the table shows it")
