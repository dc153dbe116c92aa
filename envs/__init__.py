"""hustings: multi-agent RL environments for political card and board games.

    import envs
    env = envs.make("democracy", num_players=4)
"""
from __future__ import annotations

import importlib

from .core import ConfigError

__version__ = "0.1.0"

#: Registered games: name -> module holding ``raw_env``, ``env``, the ``Game`` class and ``BOTS``.
GAMES: dict[str, str] = {
    "democracy": "envs.democracy",
    "politix": "envs.politix",
    "politrickers": "envs.politrickers",
    "prime_minister": "envs.prime_minister",
}


def games() -> list[str]:
    """Names of the registered games."""
    return sorted(GAMES)


def game_module(name: str):
    """The package of game ``name`` (e.g. ``envs.democracy``)."""
    key = name.lower().split("_v")[0] if isinstance(name, str) else name
    if key not in GAMES:
        raise ConfigError(f"unknown game {name!r}; expected one of {', '.join(games())}")
    return importlib.import_module(GAMES[key])


def make(name: str, num_players: int | None = None, **options):
    """A ready-to-use AEC env of game ``name`` (``reset()`` it before use).

    ``options`` are the env's options (``render_mode``, ``reward``, ``illegal_action``, ``illegal_penalty``)
    and the game's variant options.
    """
    return game_module(name).env(num_players=num_players, **options)


def make_bot(game: str, spec: str, seed: int | None = None):
    """A scripted bot of ``game`` by name (``random``, ``heuristic``, ...)."""
    bots = game_module(game).BOTS
    if spec not in bots:
        raise ConfigError(f"{game}: unknown bot {spec!r}; expected one of {', '.join(sorted(bots))}")
    return bots[spec](seed=seed)
