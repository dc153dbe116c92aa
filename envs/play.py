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
