"""hustings: multi-agent RL environments for political card and board games.

    import hustings
    env = hustings.make("democracy", num_players=4)      # a PettingZoo AEC env
    from hustings import democracy_v1                    # PettingZoo-style versioned module
    bot = hustings.load_bot("democracy")                 # the shipped trained bot
    bot = hustings.make_bot("democracy", "ismcts:iters=200")  # IS-MCTS over the game's information-set sampler
"""
from __future__ import annotations

import importlib
import re

from .core import (ActionOutOfBoundsError, ComponentError, ConfigError, DealError, HustingsError,  # noqa: F401
                   IllegalActionError, PositionError, ResetNeededError, StateFormatError)
from .core.search import ISMCTSBot, PIMCBot  # noqa: F401  (search bots: hustings.make_bot(game, "ismcts"))
from .policy_bot import CheckpointError  # noqa: F401  (a bad policy file or checkpoint)

__version__ = "0.2.0"

#: Registered games: name -> module holding ``raw_env``, ``env``, the ``Game`` class and ``BOTS``.
GAMES: dict[str, str] = {
    "democracy": "hustings.democracy",
    "politix": "hustings.politix",
    "politrickers": "hustings.politrickers",
    "prime_minister": "hustings.prime_minister",
}

#: The env version of each game, as PettingZoo names envs (``democracy_v1``; also the module
#: ``hustings.democracy_v1`` and ``metadata["name"]``). It goes up when a change makes old results incomparable.
VERSIONS: dict[str, int] = {"democracy": 1, "politix": 1, "politrickers": 1, "prime_minister": 1}

_VERSIONED = re.compile(r"^(?P<game>[a-z_]+?)_v(?P<version>\d+)$")


def games() -> list[str]:
    """Names of the registered games."""
    return sorted(GAMES)


def env_id(name: str) -> str:
    """The versioned env name of game ``name`` (``"democracy"`` -> ``"democracy_v1"``)."""
    key = _game_key(name)
    return f"{key}_v{VERSIONS[key]}"


def _game_key(name: str) -> str:
    if not isinstance(name, str):
        raise ConfigError(f"game name {name!r} is invalid; expected one of {', '.join(games())}")
    key = name.lower()
    match = _VERSIONED.match(key)
    if match and match["game"] in GAMES:
        key, version = match["game"], int(match["version"])
        if version != VERSIONS[key]:
            raise ConfigError(f"unknown version {name!r}; this hustings has {key}_v{VERSIONS[key]} "
                              f"(make({key!r}) takes the newest)")
    if key not in GAMES:
        raise ConfigError(f"unknown game {name!r}; expected one of {', '.join(games())} "
                          f"(or their versioned names: {', '.join(f'{g}_v{VERSIONS[g]}' for g in games())})")
    return key


def game_module(name: str):
    """The package of game ``name`` (e.g. ``hustings.democracy``); ``name`` may carry the current version
    suffix (``democracy_v1``); another version raises :class:`ConfigError`."""
    return importlib.import_module(GAMES[_game_key(name)])


def make(name: str, num_players: int | None = None, **options):
    """A ready-to-use AEC env of game ``name`` (``reset()`` it before use).

    ``options`` are the env's options (``render_mode``, ``reward``, ``illegal_action``, ``illegal_penalty``)
    and the game's variant options.
    """
    return game_module(name).env(num_players=num_players, **options)


def make_bot(game: str, spec: str, seed: int | None = None):
    """A bot of ``game`` by SPEC: a scripted bot's name (``random``, ``heuristic``, ...) or a search bot, ``ismcts``
    or ``pimc`` with optional ``:key=value,...`` (``ismcts:iters=1000,rollout=heuristic``, ``ismcts:seconds=0.05``;
    keys ``iters``, ``seconds``, ``rollout``, ``c``, ``depth``, ``leaf``, ``prior``, ``favourite``, ``model``:
    :mod:`hustings.core.search`)."""
    from .core import search

    bots = game_module(game).BOTS
    if search.is_search_spec(spec):
        return search.make_search_bot(game, spec, seed=seed)
    if spec not in bots:
        raise ConfigError(f"{game}: unknown bot {spec!r}; expected one of {', '.join(sorted(bots))}, "
                          f"or a search bot ({search.spec_help()})")
    return bots[spec](seed=seed)


def load_bot(game: str, num_players: int | None = None, seed: int | None = None, search: bool = True):
    """The shipped trained bot of ``game`` (a :class:`~hustings.core.bots.Bot`: ``bot.act(state, player)``) for a
    table of ``num_players`` (default: the game's default size). Every game ships one bot per table size it
    supports (``hustings.checkpoints.sizes(game)``). Needs no torch. Where a size's bot plays with a search (its
    ``search.json``: Politrickers 4p and 5p, whose net names the move the search favours, and Democracy 4p, a
    search with an opponent model that does not use the net), ``search=False`` gives the net alone."""
    from . import checkpoints

    return checkpoints.load_bot(_game_key(game), num_players=num_players, seed=seed, search=search)


#: Games that also come as a PettingZoo ``ParallelEnv`` (``parallel_env()``).
PARALLEL_GAMES = ("democracy",)


def _register_with_pettingzoo() -> None:
    """Put every env in PettingZoo's registry (PettingZoo >= 1.27 has one; older ones have none), namespaced:
    ``pettingzoo.make("aec", "hustings/democracy-v1")``, ``pettingzoo.make("parallel", "hustings/democracy-v1")``."""
    try:
        from pettingzoo import aec_registry, parallel_registry, register
    except ImportError:
        return
    for game in GAMES:
        env_id, module = f"hustings/{game}-v{VERSIONS[game]}", f"hustings.{game}_v{VERSIONS[game]}"
        if env_id not in aec_registry:
            register("aec", env_id, entry_point=f"{module}:env")
        if game in PARALLEL_GAMES and env_id not in parallel_registry:
            register("parallel", env_id, entry_point=f"{module}:parallel_env")


_register_with_pettingzoo()
