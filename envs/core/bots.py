"""The bot interface shared by every game's scripted baselines (and, later, by trained policies).

A bot chooses an action for one seat from the rules-module state. Scripted bots read only what that seat
may see (its own hand and the public table); they are baselines, not cheats.
"""
from __future__ import annotations

import random

from .rules import State


class Bot:
    """Base class: ``act(state, player)`` returns a legal action id for ``player`` (the player to move)."""

    name = "bot"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def reset(self, seed: int | None = None) -> None:
        """Called at the start of each game; reseeds the bot's private RNG when ``seed`` is given."""
        if seed is not None:
            self.rng.seed(seed)

    def act(self, state: State, player: int) -> int:
        """The action seat ``player`` plays in rules ``state`` (a legal one; ``state`` is not changed)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(Bot):
    """Uniformly random among the legal actions."""

    name = "random"

    def act(self, state: State, player: int) -> int:
        legal = state.legal_actions()
        return legal[self.rng.randrange(len(legal))]
