"""The one play loop: bots (and people, through a bot that asks them) playing a game through the rules module.

Every caller that plays games to the end uses it: terminal play, evaluation and the benchmark, pretraining's data,
training's evaluations. Each bot's move is checked before it is applied: a bot never plays an illegal action.
"""
from __future__ import annotations

from typing import Callable, Sequence

from ..errors import IllegalActionError
from .bots import Bot
from .rules import Game, State

#: ``on_action(state, player, action)``: called before each action is applied.
OnAction = Callable[[State, int, int], None]


def checked_act(state: State, bot: Bot, player: int) -> int:
    """``bot``'s move for ``player`` in ``state``; an :class:`~hustings.errors.IllegalActionError` naming the bot,
    the seat and the move when it is not legal (nothing is applied)."""
    action = bot.act(state, player)
    if not state.is_legal(action):
        try:
            name = f" ({state.game.action_name(action)})"
        except Exception:  # noqa: BLE001 - an action id out of range has no name
            name = ""
        raise IllegalActionError(f"{state.game.name}: bot {bot!r} in seat {player} chose illegal action "
                                 f"{action}{name}")
    return action


def play_until(state: State, bots: Sequence[Bot], stop: Callable[[State], bool] | None = None,
               on_action: OnAction | None = None) -> State:
    """Play ``state`` on, ``bots[p]`` choosing for seat ``p``, until the game is over or ``stop(state)`` is true
    (checked before each move); returns ``state`` (changed in place)."""
    while not state.is_terminal() and (stop is None or not stop(state)):
        player = state.current_player()
        action = checked_act(state, bots[player], player)
        if on_action is not None:
            on_action(state, player, action)
        state.apply_unchecked(action)
    return state


def play_game(game: Game, bots: Sequence[Bot], seed: int | None = None, deal: dict | None = None,
              on_action: OnAction | None = None, bot_seeds: Sequence[int | None] | None = None) -> State:
    """One game of rules ``game`` to the end, ``bots[p]`` in seat ``p``; returns the final state.

    The deal comes from ``seed`` (or ``deal``). Each bot is reset first, with ``bot_seeds[p]``, by default
    ``seed * 7919 + p`` (``None`` without a seed), so a seeded game is played the same way every time."""
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name}: {len(bots)} bots for {game.num_players} seats; expected one bot per seat")
    state = game.new_initial_state(seed=seed, deal=deal)
    if bot_seeds is None:
        bot_seeds = [None if seed is None else seed * 7919 + p for p in range(len(bots))]
    for bot, bot_seed in zip(bots, bot_seeds):
        if bot is not None:
            bot.reset(bot_seed)
    return play_until(state, bots, on_action=on_action)
