"""Playing whole games between bots through the rules module (no env overhead)."""
from __future__ import annotations

from typing import Callable

from .core.bots import Bot
from .core.rules import Game, IllegalActionError, State


def play_game(game: Game, bots: list[Bot], seed: int | None = None, deal: dict | None = None,
              on_action: Callable[[State, int, int], None] | None = None) -> State:
    """Play one game to the end with one bot per seat; returns the final state.

    ``on_action(state, player, action)`` is called before each action is applied.
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name}: {len(bots)} bots for {game.num_players} seats; expected one bot per seat")
    state = game.new_initial_state(seed=seed, deal=deal)
    for i, bot in enumerate(bots):
        bot.reset(None if seed is None else seed * 7919 + i)
    while not state.is_terminal():
        player = state.current_player()
        action = bots[player].act(state, player)
        if not state.is_legal(action):
            raise IllegalActionError(f"{game.name}: bot {bots[player]!r} in seat {player} chose illegal action "
                                     f"{action} ({game.action_name(action)})")
        if on_action is not None:
            on_action(state, player, action)
        state._apply(action)
    return state


def _parse_move(text: str, legal: list[int], game: Game) -> int | None:
    text = text.strip()
    if text.isdigit() and 1 <= int(text) <= len(legal):
        return legal[int(text) - 1]
    by_name = {game.action_name(a).lower(): a for a in legal}
    return by_name.get(text.lower())


def play_interactive(game: Game, seat: int, bots: list[Bot | None], seed: int, deal: dict | None = None,
                     read: Callable[[str], str] = input, write: Callable[[str], None] = print,
                     on_action: Callable[[State, int, int], None] | None = None) -> State | None:
    """A person plays ``seat`` against ``bots`` (``None`` at ``seat``) in the terminal.

    Before each of the person's moves it shows the table from that seat's point of view (nothing hidden shown)
    and the legal moves by number and name; a move is entered by number or by name, and bad input is answered and
    asked again. Returns the final state, or ``None`` when the input ends (``EOFError``) or the person quits.
    """
    if not 0 <= seat < game.num_players:
        raise ValueError(f"{game.name}: seat {seat} does not exist; expected 0..{game.num_players - 1}")
    state = game.new_initial_state(seed=seed, deal=deal)
    for i, bot in enumerate(bots):
        if i != seat and bot is not None:
            bot.reset(seed * 7919 + i)
    while not state.is_terminal():
        player = state.current_player()
        if player != seat:
            action = bots[player].act(state, player)
        else:
            legal = state.legal_actions()
            write("\n" + state.render(player=seat))
            write("Your moves: " + "  ".join(f"[{i + 1}] {game.action_name(a)}" for i, a in enumerate(legal)))
            while True:
                try:
                    text = read(f"P{seat}, your move (number or name, q to quit): ")
                except EOFError:
                    write("\ninput ended: game abandoned")
                    return None
                if text.strip().lower() in ("q", "quit", "exit"):
                    write("game abandoned")
                    return None
                action = _parse_move(text, legal, game)
                if action is not None:
                    break
                write(f"{text.strip()!r} is not one of your moves: enter a number 1..{len(legal)} or a move's name")
        if on_action is not None:
            on_action(state, player, action)
        state._apply(action)
    write("\n" + state.render(player=seat))
    won = state.winners()
    verdict = ("the game was truncated: no winner" if not won else
               ("you won" + (" (shared)" if len(won) > 1 else "")) if seat in won else
               "you lost; winner(s): " + ", ".join(f"P{p}" for p in won))
    write(f"Result: {verdict}. Scores: {state.scores()}")
    return state
