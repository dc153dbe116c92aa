"""The search bots' random rollouts in a game's compiled engine (the ``backend`` search option).

A random rollout plays a sampled world to the end with uniformly random legal moves and values where it stops
(:mod:`hustings.bots.search`, step 4). With ``backend=python`` that is the game's ``State.random_rollout``, Python
over the rules module; with ``backend=compiled`` the world is loaded into one slot of the game's compiled batched
engine (``GameInfo.engine``, numba) and played there by one kernel call, move for move the rules' play (the tests
replay compiled rollouts through the rules and compare); ``backend=auto`` (the default) takes the compiled engine
where the game has one with rollouts and numba imports, else Python.

An engine takes part when its ``BatchEngine`` has the two methods this module calls (Democracy's and
Politrickers' have them; another game's engine plugs in by adding them):

* ``seed_rollouts(seed)``: restart the rollout streams (the moves', and the deals' generator) from a 64-bit seed;
* ``rollout(k, state, max_steps, stop_version) -> moves played``: load the rules ``state`` as game ``k`` and play it
  on with uniformly random legal moves until it ends, ``max_steps`` moves were played or ``score_version`` reaches
  ``stop_version``; ``player[k]`` (-1 once over), ``returns[k]`` and ``scores[k]`` hold the result.

The compiled rollout draws its moves and its deals from the engine's own streams, reseeded from the bot's RNG at
each search, not from ``rng.random()`` and the world's ``random.Random`` as the Python rollout does: the same
distribution of playouts, not the same playouts. So a search is deterministic per seed *and backend*; the two
backends choose different moves from the same seed.
"""
from __future__ import annotations

import sys

from .. import registry
from ..errors import ConfigError
from .search_spec import BACKENDS  # noqa: F401 - the ``backend`` option's values

_announced: set = set()


def engine_class(game_name: str, required: bool = False):
    """The game's compiled ``BatchEngine`` class when it has rollouts (and numba imports), else ``None``; with
    ``required`` a :class:`ConfigError` saying why there is none."""
    from ..vector import engine_class as vector_engine_class

    info = registry.info(game_name)
    if info.engine is None:
        if required:
            raise ConfigError(f"{info.name}: search option backend=compiled needs a compiled engine, which "
                              f"{info.name} does not have; expected backend=python or auto")
        return None
    try:
        cls = vector_engine_class(info.name, "compiled")
    except ConfigError:  # numba is not installed
        if required:
            raise ConfigError(f"{info.name}: search option backend=compiled needs numba, which is not installed "
                              f"(pip install numba); or use backend=python or auto") from None
        return None
    if not (hasattr(cls, "rollout") and hasattr(cls, "seed_rollouts")):
        if required:
            raise ConfigError(f"{info.name}: its compiled engine has no rollouts yet; expected backend=python "
                              f"or auto")
        return None
    return cls


def _is_cached(kernel) -> bool:
    """Whether numba's on-disk cache holds ``kernel`` (numba internals, so any doubt counts as not cached)."""
    try:
        return bool(kernel._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - a numba without these internals
        return False


class CompiledRollouts:
    """Random rollouts of one game's rules states in slot 0 of its compiled engine (one engine per game
    configuration met, made at the first rollout of a table). Call :meth:`reseed` before a search."""

    def __init__(self, game_name: str, cls, required: bool):
        self.game_name = game_name
        self._cls = cls
        self._required = required
        self._engines: dict = {}  # game config -> engine (None: the engine does not cover that configuration)
        self._game = None  # the game object of the last rollout, and its engine and result rows
        self._engine = None
        self._seed = 0

    @classmethod
    def for_game(cls, game_name: str, backend: str) -> "CompiledRollouts | None":
        """The compiled rollouts of ``backend`` (``auto``: when the game has them, else ``None``)."""
        if backend == "python":
            return None
        engine = engine_class(game_name, required=backend == "compiled")
        return None if engine is None else cls(game_name, engine, backend == "compiled")

    def reseed(self, seed: int) -> None:
        """Restart the engines' rollout streams from ``seed`` (a search draws it from its RNG)."""
        self._seed = seed
        if self._engine is not None:
            self._engine.seed_rollouts(seed)
        for eng in self._engines.values():
            if eng is not None and eng is not self._engine:
                eng.seed_rollouts(seed)

    def engine(self, game):
        """The engine for ``game``'s configuration, or ``None`` when it does not cover it (then the search rolls out
        in Python; with ``backend=compiled`` that is a :class:`ConfigError`)."""
        if game is self._game:
            return self._engine
        key = repr(sorted(game.config().items())) if hasattr(game, "config") else id(game)
        if key not in self._engines:
            try:
                eng = self._cls(game, 1)
            except ConfigError as exc:
                if self._required:
                    raise ConfigError(f"{self.game_name}: search option backend=compiled: {exc}") from None
                eng = None
            if eng is not None:
                self._warm_up(eng, game)
                eng.seed_rollouts(self._seed)
            self._engines[key] = eng
        self._game, self._engine = game, self._engines[key]
        return self._engine

    def _warm_up(self, eng, game) -> None:
        """Compile (or load from numba's cache) the rollout kernel before the first search's clock starts,
        announced on stderr when it is a compile (a while, once per machine)."""
        module = sys.modules[type(eng).__module__]
        # the engine module's kernel modules, under the names the engines import them as
        kernel = next((getattr(module, name).rollout_game for name in ("K", "kern", "R")
                       if hasattr(getattr(module, name, None), "rollout_game")), None)
        if kernel is not None and module.__name__ not in _announced and not _is_cached(kernel):
            _announced.add(module.__name__)
            print(f"compiling the {self.game_name} rollout kernel (once; cached afterwards)...", file=sys.stderr,
                  flush=True)
        state = game.new_initial_state(seed=0)
        state.record_events = False
        eng.rollout(0, state, 1, 1 << 62)
