"""The search bots' rollouts in a game's compiled engine (the ``backend`` search option).

A random rollout plays a sampled world to the end with uniformly random legal moves and values where it stops
(:mod:`hustings.bots.search`, step 4). With ``backend=python`` that is the game's ``State.random_rollout``, Python
over the rules module; with ``backend=compiled`` the world is loaded into one slot of the game's compiled batched
engine (``GameInfo.engine``, numba) and played there by one kernel call, move for move the rules' play (the tests
replay compiled rollouts through the rules and compare); ``backend=auto`` (the default) takes the compiled engine
where the game has one with rollouts and numba imports, else Python.

A heuristic rollout (``rollout=heuristic``) plays the game's heuristic bot instead; with ``backend=python`` it is a
loop over ``heuristic.act`` and ``apply_unchecked``, with ``compiled`` (or ``auto``) one kernel call of an engine
whose ``rollout_policies`` include ``"heuristic"`` (Democracy's), which plays the heuristic's own moves over the
engine's arrays.

An engine takes part when its ``BatchEngine`` has the two methods this module calls (Democracy's,
Politrickers' and Politix's have them; another game's engine plugs in by adding them):

* ``seed_rollouts(seed)``: restart the rollout streams (the moves', and the deals' generator) from a 64-bit seed;
* ``rollout(k, state, max_steps, stop_version) -> moves played``: load the rules ``state`` as game ``k`` and play it
  on with uniformly random legal moves until it ends, ``max_steps`` moves were played or ``score_version`` reaches
  ``stop_version``; ``player[k]`` (-1 once over), ``returns[k]`` and ``scores[k]`` hold the result. An engine
  with heuristic rollouts lists ``rollout_policies = ("random", "heuristic")``, names the bot it plays
  (``rollout_heuristic``, the game's ``heuristic`` bot class) and takes ``policy="heuristic"``.

The compiled random rollout draws its moves and its deals from the engine's own streams, reseeded from the bot's RNG
at each search, not from ``rng.random()`` and the world's ``random.Random`` as the Python rollout does: the same
distribution of playouts, not the same playouts. So a search with random rollouts is deterministic per seed *and
backend*; the two backends choose different moves from the same seed.

A heuristic draws no random numbers, so a compiled heuristic rollout is the Python one: the same moves, and the same
deals, since where a new island's deal can be followed by moves before the rollout stops (``horizon`` of 2 or more,
or none) the engine takes the world's own generator (its seed, or its Mersenne Twister words) for the deals; with
``horizon=1`` (Democracy's default) a deal ends the rollout and is never played. The search draws no seed from its
RNG for these rollouts: with heuristic rollouts the two backends choose the same move from the same seed.
"""
from __future__ import annotations

import sys

import numpy as np

from .. import registry
from ..errors import ConfigError
from .search_spec import BACKENDS  # noqa: F401 - the ``backend`` option's values

_announced: set = set()


def engine_class(game_name: str, required: bool = False):
    """The game's compiled ``BatchEngine`` class when it has rollouts (and numba imports), else ``None``; with
    ``required`` a :class:`ConfigError` saying why there is none."""
    from ..engine import INSTALL, engine_module, numba_error

    info = registry.info(game_name)
    if info.engine is None:
        if required:
            raise ConfigError(f"{info.name}: search option backend=compiled needs a compiled engine, which "
                              f"{info.name} does not have; expected backend=python or auto")
        return None
    if required and numba_error() is not None:
        raise ConfigError(f"{info.name}: search option backend=compiled needs numba, which does not import here "
                          f"({INSTALL}); or use backend=python or auto")
    module = engine_module(info.name)
    if module is None:
        return None
    cls = module.BatchEngine
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


#: The kernel of each rollout policy in an engine's kernel module (for the compile announcement).
_KERNELS = {"random": "rollout_game", "heuristic": "heuristic_rollout_game"}


class CompiledRollouts:
    """Rollouts (``policy``: random or heuristic) of one game's rules states in slot 0 of its compiled engine (one
    engine per game configuration met, made at the first rollout of a table). With random rollouts call
    :meth:`reseed` before a search (``needs_seed``)."""

    def __init__(self, game_name: str, cls, required: bool, policy: str = "random"):
        self.game_name = game_name
        self._cls = cls
        self._required = required
        self.policy = policy
        #: Whether the rollouts draw from the engine's streams (random moves); heuristic ones play the world's deals.
        self.needs_seed = policy == "random"
        self._first = np.zeros(1, dtype=np.int64)  # heuristic_move's record
        self._engines: dict = {}  # game config -> engine (None: the engine does not cover that configuration)
        self._game = None  # the game object of the last rollout, and its engine and result rows
        self._engine = None
        self._seed = 0

    @classmethod
    def for_game(cls, game_name: str, backend: str, policy: str = "random",
                 heuristic=None) -> "CompiledRollouts | None":
        """The compiled rollouts of ``policy`` (``random``, or ``heuristic``: the search's ``heuristic`` bot) with
        ``backend`` (``auto``: when the game's engine has them, else ``None``). An engine plays the heuristic of its
        class attribute ``rollout_heuristic`` only: another bot in its place rolls out in Python."""
        if backend == "python":
            return None
        required = backend == "compiled"
        engine = engine_class(game_name, required=required)
        if engine is None:
            return None
        why = None
        if policy not in getattr(engine, "rollout_policies", ("random",)):
            why = f"its compiled engine has no {policy} rollouts"
        elif policy == "heuristic" and type(heuristic) is not getattr(engine, "rollout_heuristic", None):
            why = f"its compiled engine plays {engine.rollout_heuristic.__name__}, not {type(heuristic).__name__}"
        if why is None:
            return cls(game_name, engine, required, policy)
        if required:
            raise ConfigError(f"{registry.info(game_name).name}: search option backend=compiled: {why}; expected "
                              f"backend=python or auto")
        return None

    def play(self, eng, world, max_steps: int, stop_version: int) -> int:
        """One rollout of ``world`` in game 0 of ``eng`` (:meth:`engine`); the result is in ``eng``'s arrays."""
        if self.policy == "random":
            return eng.rollout(0, world, max_steps, stop_version)
        return eng.rollout(0, world, max_steps, stop_version, policy=self.policy)

    def heuristic_move(self, eng, world) -> int:
        """The heuristic's move in ``world`` (in play), from ``eng``: the first move of a one-move heuristic
        rollout (the search's expansion guide)."""
        eng.rollout(0, world, 1, world.score_version + 1, self._first, policy="heuristic")
        return int(self._first[0])

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
        name = _KERNELS[self.policy]
        kernel = next((getattr(getattr(module, k), name) for k in ("K", "kern", "R")
                       if hasattr(getattr(module, k, None), name)), None)
        if kernel is not None and (module.__name__, name) not in _announced and not _is_cached(kernel):
            _announced.add((module.__name__, name))
            what = "rollout" if self.policy == "random" else f"{self.policy} rollout"
            print(f"compiling the {self.game_name} {what} kernel (once; cached afterwards)...", file=sys.stderr,
                  flush=True)
        state = game.new_initial_state(seed=0)
        state.record_events = False
        self.play(eng, state, 1, 1 << 62)
