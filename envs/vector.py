"""N games of one hustings game stepped together: the batched API, in the spirit of pgx and Gymnasium's vector envs.

    from hustings.vector import make_vector
    venv = make_vector("democracy", num_envs=1024, num_players=4, seed=0)
    obs, mask, player = venv.reset()
    while training:
        actions = policy(obs, mask)          # one action per game: the mover's
        obs, mask, player, rewards, terminated, truncated, info = venv.step(actions)

Every game is turn-based: in each of the N games one seat moves per step, so ``obs`` is the mover's observation
and ``rewards`` pays every seat of every game (``float32[N, num_players]``), exactly as the AEC env
(``hustings.make``) would pay them over that step. A game that ends is started again in the same step
(auto-reset); its result is in ``info``. Game ``k``'s ``j``-th episode is seeded with :func:`episode_seed`
(``seed``, ``k``, ``j``), so a run is reproducible and any of its games can be replayed alone.

Backends: a game's compiled engine (``GameInfo.engine``, numba) where it has one and numba is installed, else
:class:`~hustings.core.batch.PythonBatchEngine` (the rules states in a loop). Both implement the batched engine
interface; :func:`hustings.engine.parity.compare_with_rules` checks an engine move for move against the rules module.
``docs/vector.md`` has the whole story.
"""
from __future__ import annotations

import numpy as np

from . import registry
from .core.batch import PythonBatchEngine
from .core.env import check_reward_options
from .core.rules import State
from .errors import ConfigError, HustingsError, IllegalActionError, ResetNeededError, StateFormatError, show

BACKENDS = ("auto", "python", "compiled")
MAX_ENVS = 2 ** 24  # the most games one vector env steps (16,777,216: far past any machine's memory for most games)
_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MUL1, _MUL2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_SPLITMIX = np.array([_GOLDEN, _MUL1, _MUL2], dtype=np.uint64)  # for the compiled episode seeds (bookkeeping)


# --- seeding ---------------------------------------------------------------------------------------------
def _mix(x: int) -> int:
    """SplitMix64's finaliser of ``x + golden`` (64-bit wraparound)."""
    z = (x + _GOLDEN) & _MASK64
    z = ((z ^ (z >> 30)) * _MUL1) & _MASK64
    z = ((z ^ (z >> 27)) * _MUL2) & _MASK64
    return z ^ (z >> 31)


def mix64(x: int) -> int:
    """SplitMix64's step at ``x``: add 0x9E3779B97F4A7C15, then its finaliser (64-bit wraparound); the one pure-Python
    SplitMix64 of the package (:func:`episode_seed` and the evaluation's fixed seed streams build on it)."""
    return _mix(int(x) & _MASK64)


def episode_seed(seed: int, k: int, j: int) -> int:
    """The seed of game ``k``'s ``j``-th episode (``j`` from 0) in a vector env made with ``seed``:
    ``mix(mix(mix(seed mod 2**64) ^ k) ^ j) >> 1``, where ``mix`` is SplitMix64's step (add 0x9E3779B97F4A7C15, then
    its finaliser), all modulo 2**64. An int in ``0 .. 2**63 - 1``; ``hustings.make(game).reset(seed=...)`` with it
    plays the same game."""
    return _mix(_mix(_mix(int(seed) & _MASK64) ^ int(k)) ^ int(j)) >> 1


def _mix_array(x: np.ndarray) -> np.ndarray:
    z = x + np.uint64(_GOLDEN)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(_MUL1)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(_MUL2)
    return z ^ (z >> np.uint64(31))


def episode_seeds(seed: int, games: np.ndarray, episodes: np.ndarray) -> np.ndarray:
    """:func:`episode_seed` for many games at once: ``int64`` seeds of game ``games[i]``'s episode ``episodes[i]``."""
    base = _mix_array(np.array([int(seed) & _MASK64], dtype=np.uint64))[0]
    with np.errstate(over="ignore"):
        z = _mix_array(base ^ np.asarray(games, dtype=np.uint64))
        z = _mix_array(z ^ np.asarray(episodes, dtype=np.uint64))
    return (z >> np.uint64(1)).astype(np.int64)


# --- backends --------------------------------------------------------------------------------------------
def engine_class(game: str, backend: str = "auto"):
    """The batched engine class for game ``game``: its compiled ``BatchEngine`` (found by
    :func:`hustings.engine.engine_module`, imported here, lazily) or :class:`~hustings.core.batch.PythonBatchEngine`.

    ``backend="auto"`` takes the compiled engine where the game has one and numba imports (else the Python loop, and
    where numba is the reason one line on stderr says so); ``"python"`` always the loop; ``"compiled"`` the compiled
    engine or :class:`~hustings.errors.ConfigError` naming what to install."""
    if backend not in BACKENDS:
        raise ConfigError(f"backend={backend!r} is invalid; expected one of {BACKENDS}")
    if backend == "python":
        return PythonBatchEngine
    from .engine import engine_module

    module = engine_module(game, required=backend == "compiled")
    return PythonBatchEngine if module is None else module.BatchEngine


_PICK: list = []  # [the compiled pick (hustings.engine.pick.pick_legal), or None without numba], once looked up


def _compiled_pick():
    if not _PICK:
        try:
            from .engine.pick import pick_legal
        except ImportError:  # numba does not import: the NumPy version, the same actions
            pick_legal = None
        _PICK.append(pick_legal)
    return _PICK[0]


def random_legal_actions(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``mask`` (``int8[N, A]``), as ``int64[N]`` (0 where a row has
    none). Draws ``N`` uniforms from ``rng`` (``rng.random(N)``): row ``k`` takes its ``floor(u[k] * count)``-th
    legal action. Compiled (:func:`hustings.engine.pick.pick_legal`) where numba imports, else NumPy: the two give the
    same actions for the same ``rng`` state, bit for bit, and leave ``rng`` in the same state."""
    mask = np.asarray(mask)
    uniforms = rng.random(len(mask))
    pick = _PICK[0] if _PICK else _compiled_pick()
    if pick is not None and mask.ndim == 2:
        actions = np.empty(len(mask), dtype=np.int64)
        pick(mask, uniforms, actions)
        return actions
    return _numpy_pick(mask, uniforms)


def _numpy_pick(mask: np.ndarray, uniforms: np.ndarray) -> np.ndarray:
    """:func:`random_legal_actions` in NumPy, from the uniforms drawn."""
    counts = mask.sum(axis=1, dtype=np.int64)
    pick = (uniforms * counts).astype(np.int64)
    actions = (np.cumsum(mask, axis=1, dtype=np.int32) <= pick[:, None]).sum(axis=1).astype(np.int64)
    actions[counts == 0] = 0
    return actions


class _NumpyBook:
    """:mod:`hustings.engine.bookkeeping`'s kernels in NumPy (where numba does not import): the same results."""

    @staticmethod
    def check_actions(actions, mask, player):
        size = mask.shape[1]
        out = np.flatnonzero((actions < 0) | (actions >= size))
        if len(out):
            return 1, int(out[0]), 1
        bad = np.flatnonzero((player >= 0) & (mask[np.arange(len(mask)), actions] == 0))
        return (2 if len(bad) else 0), (int(bad[0]) if len(bad) else -1), len(bad)

    @staticmethod
    def finish_step(win, player, terminated, truncated, scores, returns, winners, prev_scores, rewards, term_out,
                    trunc_out, done_out, final_scores, final_returns, final_winners):
        np.less(player, 0, out=done_out)
        term_out[:] = terminated
        trunc_out[:] = truncated
        done = done_out[:, None]
        rewards[:] = np.where(done, returns, 0.0) if win else scores - prev_scores
        final_scores[:] = np.where(done, scores, 0.0)
        final_returns[:] = np.where(done, returns, 0.0)
        np.logical_and(winners, done, out=final_winners)
        return int(np.count_nonzero(done_out))

    @staticmethod
    def episode_seeds(base, games, episodes, out, consts):
        with np.errstate(over="ignore"):
            z = _mix_array(base ^ np.asarray(games, dtype=np.uint64))
            z = _mix_array(z ^ np.asarray(episodes, dtype=np.uint64))
        out[:] = (z >> np.uint64(1)).astype(np.int64)


_BOOK: list = []  # [hustings.engine.bookkeeping, or _NumpyBook without numba], once looked up


def _bookkeeping():
    if not _BOOK:
        try:
            from .engine import bookkeeping
        except ImportError:  # numba does not import: the same bookkeeping in NumPy
            bookkeeping = _NumpyBook
        _BOOK.append(bookkeeping)
    return _BOOK[0]


# What set_state's check of a state leaves out: the event log and the caches the rules rebuild (they are checked
# through what the rules make of the state: whose turn, the legal actions, the scores, the observations).
_NOT_PLAY = frozenset(("event_log", "record_events", "_rng_shared", "_rng_box", "_legal", "_legal_set", "_modes",
                       "_careers_seen", "_obs_cache"))
_PLAIN = (int, float, str, list, tuple, dict, set, type(None), np.ndarray, np.generic)
_MISSING = object()


# --- the vector env --------------------------------------------------------------------------------------
class VectorEnv:
    """``num_envs`` games of one configuration, stepped together; made by :func:`make_vector` (see there)."""

    def __init__(self, game: str, num_envs: int, num_players: int | None = None, seed: int = 0, reward: str = "win",
                 illegal_action: str = "raise", illegal_penalty: float = -1.0, backend: str = "auto", **options):
        check_reward_options(reward, illegal_action, illegal_penalty)
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or not 1 <= num_envs <= MAX_ENVS:
            raise ConfigError(f"num_envs={show(num_envs)} is invalid; expected an int in 1..{MAX_ENVS}")
        self._check_seed(seed)
        self.info = registry.info(game)
        self.game = registry.make_game(game, num_players, options)
        self.reward_mode, self.illegal_action, self.illegal_penalty = reward, illegal_action, float(illegal_penalty)
        n, self._n_envs = self.game.num_players, int(num_envs)
        try:
            self.engine = self._make_engine(backend, self._n_envs)
            self._episode = np.zeros(self._n_envs, dtype=np.int64)
            self._seeds = np.zeros(self._n_envs, dtype=np.int64)
            self._mask = np.zeros((self._n_envs, self.game.num_actions), dtype=np.int8)
            self._prev_scores = np.zeros((self._n_envs, n), dtype=np.float64)
        except MemoryError:
            raise ConfigError(f"num_envs={self._n_envs} is too large: the arrays of that many {self.info.name} games "
                              f"do not fit in memory; expected fewer games") from None
        self._seed = int(seed)
        self._obs_size, self._n_players = self.game.observation_size, n
        self._win = reward == "win"
        self._book = _bookkeeping()
        self._base = self._mixed_seed()
        self._global_size: int | None = None
        self._started = False

    def _mixed_seed(self) -> np.uint64:
        """``mix(seed mod 2**64)``: what every episode seed of this run is mixed from (:func:`episode_seed`)."""
        return np.uint64(_mix(self._seed & _MASK64))

    def _make_engine(self, backend: str, num_envs: int):
        cls = engine_class(self.info.name, backend)
        self._backend = "python" if cls is PythonBatchEngine else "compiled"
        try:
            return cls(self.game, num_envs)
        except ConfigError as exc:
            # With "auto": an option the compiled engine does not cover; said in one line, then the Python loop.
            if backend != "auto" or cls is PythonBatchEngine:
                raise
            from .engine import warn_once

            warn_once(f"{self.info.name}: the compiled engine does not cover this configuration ({exc}); "
                      f"stepping the rules module in Python")
            self._backend = "python"
            return PythonBatchEngine(self.game, num_envs)

    @staticmethod
    def _check_seed(seed) -> None:
        if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
            raise ConfigError(f"seed={seed!r} is invalid; expected an int")

    # --- properties ------------------------------------------------------------------------------
    @property
    def num_envs(self) -> int:
        """The number of games stepped together (N)."""
        return self._n_envs

    @property
    def num_players(self) -> int:
        """Seats at each table."""
        return self.game.num_players

    @property
    def observation_size(self) -> int:
        """Length of one observation vector (the AEC env's ``observation``)."""
        return self.game.observation_size

    @property
    def num_actions(self) -> int:
        """Size of the flat action space (the AEC env's ``Discrete(n)``)."""
        return self.game.num_actions

    @property
    def backend(self) -> str:
        """``"python"`` (the rules states in a loop) or ``"compiled"`` (the game's numba engine)."""
        return self._backend

    @property
    def episode_seeds(self) -> np.ndarray:
        """``int64[N]``: the seed each game's current episode started from (:func:`episode_seed`)."""
        return self._seeds.copy()

    @property
    def episodes(self) -> np.ndarray:
        """``int64[N]``: the index ``j`` of each game's current episode (0 for the first after ``reset(seed)``)."""
        return self._episode.copy()

    # --- lifecycle -------------------------------------------------------------------------------
    def reset(self, seed: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Start every game. With ``seed``, game ``k`` starts episode 0 of ``seed`` (the first reset without one uses
        the ``seed`` the env was made with); without, every game starts its next episode. Returns
        ``(obs, mask, player)``: ``float32[N, observation_size]`` (each mover's observation), ``int8[N, num_actions]``
        and ``int32[N]``."""
        if seed is not None:
            self._check_seed(seed)
            self._seed = int(seed)
            self._base = self._mixed_seed()
            self._episode[:] = 0
        elif self._started:
            self._episode += 1
        self._seeds = episode_seeds(self._seed, np.arange(self._n_envs), self._episode)
        self.engine.reset(self._seeds)
        self._prev_scores[:] = self.engine.scores
        self._started = True
        return self._observe()

    def observe(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``(obs, mask, player)`` of the games as they are now (fresh arrays: safe to keep)."""
        self._need_reset("observe")
        return self._observe()

    def _observe(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        obs = np.empty((self._n_envs, self._obs_size), dtype=np.float32)
        self.engine.observe(obs)
        self.engine.legal_mask(self._mask)
        return obs, self._mask.copy(), self.engine.player.copy()

    def _need_reset(self, what: str) -> None:
        if not self._started:
            raise ResetNeededError(f"{self.info.name}: call reset() before {what}()")

    def step(self, actions) -> tuple:
        """Apply ``actions[k]`` (an int action id) for the mover of every game ``k``; games that end are started
        again (their next episode) in the same call.

        Returns ``(obs, mask, player, rewards, terminated, truncated, info)``: the new games' observations, masks
        and movers where a game ended; ``rewards`` ``float32[N, num_players]``; ``terminated``/``truncated``
        ``bool[N]``, whether game ``k`` ended in this step; ``info`` holds ``final`` (``bool[N]``: ended in this
        step), ``final_scores`` (``float64[N, n]``), ``final_returns`` (``float64[N, n]``), ``final_winners``
        (``bool[N, n]``), valid in the rows of the games that ended (zeros elsewhere), ``illegal`` (``bool[N]``,
        games ended by an illegal action under ``illegal_action="terminate"``) and ``illegal_messages``
        (``{k: message}``).

        An action that is not an integer, out of range or illegal raises
        :class:`~hustings.errors.IllegalActionError` naming the first such game, with no game changed; under
        ``illegal_action="terminate"`` an illegal (in-range) action ends that game instead: the offender is paid
        ``illegal_penalty`` and the other seats 0, its final returns are those rewards, and no seat won."""
        self._need_reset("step")
        eng, n_envs, book = self.engine, self._n_envs, self._book
        acts = self._checked_actions(actions)
        # one pass (compiled where numba imports): out of range anywhere first, then illegal in a live game
        kind, first, _ = book.check_actions(acts, self._mask, eng.player)
        if kind == 1:
            raise IllegalActionError(self._out_of_range_message(first, int(acts[first])))
        illegal, messages = None, {}
        if kind == 2:
            if self.illegal_action == "raise":
                raise IllegalActionError(self._illegal_message(first, int(acts[first])))
            illegal = (eng.player >= 0) & (self._mask[np.arange(n_envs), acts] == 0)
            for k in np.flatnonzero(illegal).tolist():
                messages[k] = self._illegal_message(k, int(acts[k]))
            offenders = eng.player[illegal].astype(np.int64)
            illegal_scores = eng.scores[illegal].copy()
            # The game is started again below, so what it is stepped with here does not matter: a legal action.
            acts = acts.copy()
            acts[illegal] = np.argmax(self._mask[illegal], axis=1)
        eng.apply(acts)
        n = self._n_players
        rewards = np.empty((n_envs, n), dtype=np.float32)
        terminated = np.empty(n_envs, dtype=bool)
        truncated = np.empty(n_envs, dtype=bool)
        done = np.empty(n_envs, dtype=bool)
        final_scores = np.empty((n_envs, n))
        final_returns = np.empty((n_envs, n))
        final_winners = np.empty((n_envs, n), dtype=bool)
        # rewards, ends and final results in one pass (compiled where numba imports), into the fresh arrays
        ended = book.finish_step(self._win, eng.player, eng.terminated, eng.truncated, eng.scores, eng.returns,
                                 eng.winners, self._prev_scores, rewards, terminated, truncated, done, final_scores,
                                 final_returns, final_winners)
        if illegal is None:
            illegal = np.zeros(n_envs, dtype=bool)
        else:
            penalties = np.zeros((len(offenders), n))
            penalties[np.arange(len(offenders)), offenders] = self.illegal_penalty
            rewards[illegal] = penalties
            final_scores[illegal] = illegal_scores
            final_returns[illegal] = penalties
            final_winners[illegal] = False
            terminated |= illegal
            truncated &= ~illegal
            done |= illegal
            ended = int(np.count_nonzero(done))
        info = {"final": done, "final_scores": final_scores, "final_returns": final_returns,
                "final_winners": final_winners, "illegal": illegal, "illegal_messages": messages}
        if ended:
            games = np.flatnonzero(done)
            self._episode[games] += 1
            seeds = np.empty(len(games), dtype=np.int64)
            book.episode_seeds(self._base, games, self._episode[games], seeds, _SPLITMIX)
            self._seeds[games] = seeds
            eng.reset(seeds, games)
        if not self._win:  # what reward="score" pays the next step from
            np.copyto(self._prev_scores, eng.scores)
        obs, mask, player = self._observe()
        return obs, mask, player, rewards, terminated, truncated, info

    def _checked_actions(self, actions) -> np.ndarray:
        n_envs, size = self._n_envs, self.game.num_actions
        try:
            arr = np.asarray(actions)
        except (ValueError, TypeError, OverflowError, RecursionError):  # ragged, or not array-like at all
            raise IllegalActionError(f"{self.info.name}: actions must be one int per game, shape ({n_envs},); got "
                                     f"{show(actions)}, which is not a flat list of ints") from None
        if arr.shape != (n_envs,):
            raise IllegalActionError(f"{self.info.name}: actions must be one int per game, shape ({n_envs},); "
                                     f"got shape {arr.shape}")
        if arr.dtype.kind not in "iu":
            items = arr.tolist() if isinstance(actions, np.ndarray) else list(actions)
            for k, a in enumerate(items):
                if isinstance(a, bool) or not isinstance(a, (int, np.integer)):
                    raise IllegalActionError(
                        f"{self.info.name}: game {k}: action {a!r} ({type(a).__name__}) is not an integer; expected an "
                        f"int in 0..{size - 1}; legal actions: {self._legal_text(k)}")
            for k, a in enumerate(items):
                if not 0 <= a < size:
                    raise IllegalActionError(f"{self.info.name}: game {k}: action {a} is out of range; expected an "
                                             f"int in 0..{size - 1}; legal actions: {self._legal_text(k)}")
            arr = np.array(items, dtype=np.int64)
        if arr.dtype != np.int64:  # int64 arrays are range-checked in step (check_actions), others here
            out_of_range = np.flatnonzero((arr < 0) | (arr >= size))
            if len(out_of_range):
                k = int(out_of_range[0])
                raise IllegalActionError(self._out_of_range_message(k, int(arr[k])))
            arr = arr.astype(np.int64)
        return arr

    def _out_of_range_message(self, k: int, action: int) -> str:
        return (f"{self.info.name}: game {k}: action {action} is out of range; expected an int in "
                f"0..{self.game.num_actions - 1}; legal actions: {self._legal_text(k)}")

    def _legal_text(self, k: int) -> str:
        legal = np.flatnonzero(self._mask[k]).tolist()
        shown = ", ".join(f"{a} ({self.game.action_name(a)})" for a in legal[:40])
        return shown + (f", ... ({len(legal)} in all)" if len(legal) > 40 else "") if legal else "none"

    def _illegal_message(self, k: int, action: int) -> str:
        return (f"{self.info.name}: game {k}: action {action} ({self.game.action_name(action)}) is not legal for "
                f"player_{int(self.engine.player[k])}; legal actions: {self._legal_text(k)}")

    # --- states ----------------------------------------------------------------------------------
    def states(self) -> list:
        """Every game as an independent rules :class:`~hustings.core.rules.State` (they play on as the games would)."""
        self._need_reset("states")
        return [self.engine.to_state(k) for k in range(self._n_envs)]

    def set_state(self, k: int, state) -> None:
        """Continue game ``k`` from a rules ``state`` of this configuration (any point of play); :meth:`observe`
        gives the new observations. Its episode seed stays what it was.

        The state is checked in full first, as the game's saved-state loader checks a saved state: it is written
        out (``state.to_json()``), read back strictly (``game.state_from_json``), and what the copy read back
        does (whose turn, the legal actions, the scores, every seat's observation, the global state) must be what
        ``state`` does, so a hand-edited field that contradicts the others is caught. A game that is over is
        refused too: a vector env's games are always in play between steps (one that ends is started again in the
        same step), so a finished game would end, and pay its result, a second time. A refused state raises
        :class:`~hustings.errors.StateFormatError` (:class:`~hustings.errors.ConfigError` for a state of another
        game or configuration) naming what was wrong, and game ``k`` is left exactly as it was."""
        self._need_reset("set_state")
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < self._n_envs:
            raise ConfigError(f"set_state: game index {show(k)} is invalid; expected an int in 0..{self._n_envs - 1}")
        k = int(k)
        clean = self._checked_state(k, state)
        before = self.engine.to_state(k)
        try:
            self.engine.from_state(k, clean)
        except Exception as exc:  # noqa: BLE001 (the engine refused a checked state: game k goes back as it was)
            self.engine.from_state(k, before)
            if isinstance(exc, HustingsError):
                raise
            raise StateFormatError(f"{self.info.name}: set_state: game {k}: the {self.backend} engine cannot load "
                                   f"this state ({type(exc).__name__}: {show(str(exc), 200)}); game {k} is "
                                   f"unchanged") from None
        self._prev_scores[k] = self.engine.scores[k]
        self.engine.legal_mask(self._mask)

    def _checked_state(self, k: int, state) -> State:
        """``state`` read back through the game's saved-state loader, if it is a consistent state of this
        configuration still in play; else the error :meth:`set_state` describes."""
        where = f"{self.info.name}: set_state: game {k}"
        if not isinstance(state, State) or state.game.config() != self.game.config():
            raise ConfigError(f"{where}: expected a state of {self.game!r}, got {show(state, 200)}")
        try:
            clean = self.game.state_from_json(state.to_json())
        except HustingsError as exc:
            raise StateFormatError(f"{where}: the state is refused and game {k} is unchanged: {exc}") from None
        except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, RecursionError) as exc:
            raise StateFormatError(f"{where}: the state cannot be written out ({type(exc).__name__}: "
                                   f"{show(str(exc), 200)}); game {k} is unchanged; expected a state as the rules "
                                   f"leave it (from play, state_from_json or state_from_position)") from None
        if clean.is_terminal():
            raise StateFormatError(f"{where}: the game is over (its result is already decided) and game {k} is "
                                   f"unchanged; expected a state still in play (a vector env starts a game that "
                                   f"ends again at once, so a finished game cannot be set in)")
        differs = self._differs(state, clean)
        if differs:
            raise StateFormatError(f"{where}: the state's fields contradict each other: its {differs} is not what "
                                   f"its own saved form gives; game {k} is unchanged; expected a state as the rules "
                                   f"leave it (from play, state_from_json or state_from_position)")
        return clean

    def _differs(self, state: State, clean: State) -> str | None:
        """What ``state`` holds or does differently from ``clean`` (its copy read back from its saved form), or
        ``None``: every plain field (numbers, lists, dicts, arrays: the rules' data, derived fields included) but the
        caches and the log, then what the rules make of it."""
        mine, theirs = vars(state), vars(clean)
        for key in sorted(theirs):  # what the loader sets (a cache that the rules add when first asked is not)
            if key in _NOT_PLAY:
                continue
            a, b = mine.get(key, _MISSING), theirs.get(key, _MISSING)
            if isinstance(a, _PLAIN) or isinstance(b, _PLAIN):
                try:
                    same = np.array_equal(a, b) if isinstance(a, np.ndarray) else type(a) is type(b) and a == b
                except Exception:  # noqa: BLE001 (a hand-edited value that cannot even be compared)
                    same = False
                if not same:
                    return f"field {key!r}"
        try:
            checks = [("whether the game is over", state.is_terminal, clean.is_terminal),
                      ("seat to move", state.current_player, clean.current_player),
                      ("legal actions", state.legal_actions, clean.legal_actions),
                      ("scores", state.scores, clean.scores),
                      ("global state", state.global_observation, clean.global_observation)]
            checks += [(f"observation of seat {p}", lambda p=p: state.observation(p), lambda p=p: clean.observation(p))
                       for p in range(self._n_players)]
            for what, mine, theirs in checks:
                a, b = np.asarray(mine()), np.asarray(theirs())
                if a.shape != b.shape or not np.array_equal(a, b):
                    return what
        except Exception as exc:  # noqa: BLE001 (a hand-edited field the rules cannot even read)
            return f"play (reading it raised {type(exc).__name__}: {show(str(exc), 120)})"
        return None

    def state(self) -> np.ndarray:
        """The global state of every game (every seat's private information too), ``float32[N, ...]``: the AEC
        env's ``state()``, for centralised critics."""
        self._need_reset("state")
        if self._global_size is None:
            self._global_size = int(np.asarray(self.engine.to_state(0).global_observation()).size)
        out = np.zeros((self._n_envs, self._global_size), dtype=np.float32)
        self.engine.global_observation(out)
        return out

    def teams(self) -> list[list[list[int]]]:
        """Who wins together, per game: the rules state's ``teams()`` (lists of seats)."""
        self._need_reset("teams")
        own = getattr(self.engine, "teams", None)
        if own is not None:
            return [own(k) for k in range(self._n_envs)]
        return [self.engine.to_state(k).teams() for k in range(self._n_envs)]

    def __repr__(self) -> str:
        return (f"VectorEnv({self.info.name!r}, num_envs={self._n_envs}, num_players={self.num_players}, "
                f"backend={self.backend!r})")


def make_vector(game: str, num_envs: int, num_players: int | None = None, seed: int = 0, reward: str = "win",
                illegal_action: str = "raise", illegal_penalty: float = -1.0, backend: str = "auto",
                **options) -> VectorEnv:
    """``num_envs`` games of ``game`` stepped together (a :class:`VectorEnv`; ``reset()`` it before use).

    ``num_players`` (default: the game's default size), ``reward`` (``"win"``: at game end ``state.returns()``;
    ``"score"``: each step every seat's change of ``state.scores()``), ``illegal_action`` (``"raise"`` or
    ``"terminate"``) and ``illegal_penalty`` are the AEC env's (``hustings.make``); ``seed`` seeds every episode of
    every game (:func:`episode_seed`); ``backend`` is ``"auto"``, ``"python"`` or ``"compiled"`` (:func:`engine_class`);
    ``options`` are the game's variant options."""
    return VectorEnv(game, num_envs, num_players=num_players, seed=seed, reward=reward, illegal_action=illegal_action,
                     illegal_penalty=illegal_penalty, backend=backend, **options)
