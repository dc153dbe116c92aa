"""hustings: multi-agent RL environments for political card and board games.

    import hustings
    env = hustings.make("democracy", num_players=4)      # a PettingZoo AEC env
    from hustings import democracy_v1                    # PettingZoo-style versioned module
    bot = hustings.load_bot("democracy")                 # the shipped trained bot
    bot = hustings.make_bot("democracy", "ismcts:iters=200")  # IS-MCTS over the game's information-set sampler
"""
from __future__ import annotations

from . import registry
from .bots.search import ISMCTSBot, PIMCBot  # noqa: F401  (search bots: hustings.make_bot(game, "ismcts"))
from .errors import (ActionOutOfBoundsError, CheckpointError, ComponentError, ConfigError, DealError,  # noqa: F401
                     HustingsError, IllegalActionError, OnnxPolicyError, PositionError, RecordError, ResetNeededError,
                     StateFormatError, UnknownMoveError)
from .registry import game_module, games  # noqa: F401
from .version import __version__  # noqa: F401


def env_id(name: str) -> str:
    """The versioned env name of game ``name`` (``"democracy"`` -> ``"democracy_v1"``)."""
    return registry.info(name).env_id


def make(name: str, num_players: int | None = None, **options):
    """A ready-to-use AEC env of game ``name`` (``reset()`` it before use).

    ``options`` are the env's options (``render_mode``, ``reward``, ``illegal_action``, ``illegal_penalty``)
    and the game's variant options.
    """
    return game_module(name).env(num_players=num_players, **options)


def make_bot(game: str, spec: str, seed: int | None = None, num_players: int | None = None):
    """A bot of ``game`` by SPEC (:mod:`hustings.bots.spec`): a scripted bot's name (``random``, ``heuristic``, ...),
    a search bot, ``ismcts`` or ``pimc`` with optional ``:key=value,...`` (``ismcts:iters=1000,rollout=heuristic``,
    ``ismcts:seconds=0.05``; keys ``iters``, ``seconds``, ``rollout``, ``c``, ``depth``, ``leaf``, ``prior``,
    ``favourite``, ``model``: :mod:`hustings.bots.search`), ``shipped:GAME``, a policy file or your own
    ``package.module:factory``, for a table of ``num_players`` (default: the game's default size)."""
    from .bots import spec as specs

    scripted = registry.info(game).bots
    if isinstance(spec, str) and spec in scripted:  # the common case, without building a table to check against
        return scripted[spec](seed=seed)
    rules_game = registry.make_game(game, num_players)
    (recipe,) = specs.resolve(game, rules_game, [spec])
    return specs.build(registry.game_key(game), recipe, seed=seed, game=rules_game)


def load_bot(game: str, num_players: int | None = None, seed: int | None = None, search: bool = False):
    """The shipped trained bot of ``game`` (a :class:`~hustings.core.bots.Bot`: ``bot.act(state, player)``) for a
    table of ``num_players`` (default: the game's default size): its net, a fraction of a millisecond a move. Every game ships
    one bot per table size it supports (``hustings.checkpoints.sizes(game)``). Needs no torch. ``search=True``: the
    searching variant shipped beside the net where a size has one (its ``search.json``: Politrickers 4p and 5p,
    IS-MCTS whose favoured move is the net's, and Democracy 4p, PIMC whose worlds draw the other seats' face-down
    commitments as the net would have chosen them, ``model=shipped``; SPEC ``shipped-search:GAME``), a
    ``CheckpointError`` elsewhere."""
    from .bots import zoo

    return zoo.load_bot(game, num_players=num_players, seed=seed, search=search)


def _register_with_pettingzoo() -> None:
    """Put every env in PettingZoo's registry (PettingZoo >= 1.27 has one; older ones have none), namespaced:
    ``pettingzoo.make("aec", "hustings/democracy-v1")``, ``pettingzoo.make("parallel", "hustings/democracy-v1")``."""
    try:
        from pettingzoo import aec_registry, parallel_registry, register
    except ImportError:
        return
    for info in registry.all_info():
        env_id, module = f"hustings/{info.name}-v{info.version}", f"hustings.{info.env_id}"
        if env_id not in aec_registry:
            register("aec", env_id, entry_point=f"{module}:env")
        if info.parallel_env is not None and env_id not in parallel_registry:
            register("parallel", env_id, entry_point=f"{module}:parallel_env")


_register_with_pettingzoo()
