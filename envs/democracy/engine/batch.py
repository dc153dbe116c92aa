"""Democracy's compiled batched engine: N games of one configuration in arrays, stepped by numba kernels.

:class:`BatchEngine` implements the batched engine interface of :class:`hustings.core.batch.PythonBatchEngine`
over arrays; the transitions are the kernels of :mod:`.kernels`. It is move for move the rules module
(``rules.py``): the same mover, legal actions, observations (bit for bit, the world vector of ``observe.py``),
scores and winners, and the same deals, because each game keeps the Mersenne Twister state of the rules state's
``random.Random`` and draws from it exactly as CPython does. :meth:`BatchEngine.to_state` and
:meth:`BatchEngine.from_state` carry a game, RNG included, to and from a rules state (RULES.md, "Engine").

This module needs numba; :mod:`hustings.vector` imports it lazily and falls back to the Python backend without it.
"""
from __future__ import annotations

import random
import sys

import numpy as np

from ...errors import ConfigError, IllegalActionError
from . import kernels as kern
from ..bots import FIGHT_THRESHOLD, HeuristicBot
from ..cards import NUM_KINDS
from ..rules import DemocracyGame, DemocracyState

_ENTRY_KERNELS = (kern.reset_games, kern.apply_actions, kern.legal_masks, kern.observe_seats, kern.global_worlds,
                  kern.sync_game, kern.random_actions)
_compiled = False
_NO_RECORD = np.zeros(0, dtype=np.int64)
_NO_SEED = np.zeros(2, dtype=np.int64)
_NO_WORDS = np.zeros(625, dtype=np.int64)


def _is_cached(kernel) -> bool:
    """Whether numba's on-disk cache holds ``kernel`` for the current source (numba internals, so any doubt
    counts as not cached: the worst case is an announcement too many)."""
    try:
        return bool(kernel._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - a numba without these internals
        return False


def _ensure_compiled() -> None:
    """Compile (or load from numba's cache) every kernel once per process, by playing one small game; a compile
    is announced on stderr first, since it takes a while."""
    global _compiled
    if _compiled:
        return
    _compiled = True
    if not all(_is_cached(k) for k in _ENTRY_KERNELS):
        print("compiling the Democracy engine (once; cached afterwards)...", file=sys.stderr, flush=True)
    eng = BatchEngine(DemocracyGame(2), 1)
    eng.reset(np.zeros(1, dtype=np.int64))
    mask = np.zeros((1, NUM_KINDS), dtype=np.int8)
    obs = np.zeros((1, eng.observation_size), dtype=np.float32)
    world = np.zeros((1, eng.game.world_size), dtype=np.float32)
    actions = np.zeros(1, dtype=np.int64)
    eng.legal_mask(mask)
    eng.observe(obs)
    eng.global_observation(world)
    eng.random_actions(actions, seed=0)
    eng.apply(actions)
    eng.from_state(0, eng.to_state(0))


class BatchEngine:
    """N games of one configuration of Democracy (every table size, every ``max_islands``), in arrays, stepped by
    compiled kernels; the interface of :class:`hustings.core.batch.PythonBatchEngine`.

    Public arrays, owned by the engine and updated in place by :meth:`reset`, :meth:`apply` and :meth:`from_state`
    (callers only read them): ``player`` (``int32[N]``, the seat to move, ``-1`` when the game is over or was never
    started), ``terminated`` and ``truncated`` (``bool[N]``), ``scores`` (``float64[N, n]``: tribes),
    ``returns`` (``float64[N, n]``) and ``winners`` (``bool[N, n]``), the last two valid when the game is over.
    """

    backend = "compiled"  # as hustings.vector names its backends
    #: The search rollouts :meth:`rollout` plays (``policy``; hustings.bots.rollout).
    rollout_policies = ("random", "heuristic")
    rollout_heuristic = HeuristicBot  # the bot ``policy="heuristic"`` plays

    def __init__(self, game: DemocracyGame, num_envs: int):
        if not isinstance(game, DemocracyGame):
            raise ConfigError(f"democracy engine: game must be a DemocracyGame, got {game!r}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ConfigError(f"num_envs={num_envs!r} is invalid; expected an int >= 1")
        _ensure_compiled()
        self.game = game
        self.num_envs = size = int(num_envs)
        self.num_players = n = game.num_players
        self.num_actions = NUM_KINDS
        self.observation_size = game.observation_size
        h1, h2 = game.hand_size
        cap = game.options["max_islands"]
        self._cfg = np.array([n, h1, h2, -1 if cap is None else cap] + [game.off[b] for b in kern.WORLD_BLOCKS],
                             dtype=np.int64)
        self._mt = np.zeros((size, 624), dtype=np.uint32)
        self._ints = np.zeros((size, kern.NUM_INTS), dtype=np.int32)
        self._hands = np.zeros((size, n, NUM_KINDS), dtype=np.int8)
        self._captured = np.zeros((size, n, NUM_KINDS), dtype=np.int8)
        self._points = np.zeros((size, n, 4), dtype=np.int32)
        self._tribes = np.zeros((size, n), dtype=np.int32)
        self._plays = np.full((size, n), -1, dtype=np.int8)
        self._pool = np.zeros((size, 12), dtype=np.int8)
        self._stub = np.zeros((size, kern.MAX_CARDS), dtype=np.int8)
        self._discards = np.zeros((size, kern.MAX_CARDS), dtype=np.int8)
        self._last_trick = np.full((size, n), -1, dtype=np.int8)
        self._key = np.zeros(1, dtype=np.uint64)
        self.player = np.full(size, -1, dtype=np.int32)
        self.terminated = np.zeros(size, dtype=bool)
        self.truncated = np.zeros(size, dtype=bool)
        self.scores = np.zeros((size, n), dtype=np.float64)
        self.returns = np.zeros((size, n), dtype=np.float64)
        self.winners = np.zeros((size, n), dtype=bool)
        # the argument lists of the kernels: the game state, the public arrays, what the world vector is made of
        self._state = (self._cfg, self._mt, self._ints, self._hands, self._captured, self._points, self._tribes,
                       self._plays, self._pool, self._stub, self._discards, self._last_trick, self.winners)
        self._public = (self.player, self.terminated, self.truncated, self.scores, self.returns)
        self._world_parts = (self._cfg, self._ints, self._hands, self._captured, self._points, self._tribes,
                             self._plays, self._pool, self._discards, self._last_trick)

    # --- starting games -------------------------------------------------------------------------
    def reset(self, seeds: np.ndarray, envs: np.ndarray | None = None) -> None:
        """Start game ``envs[i]`` (default: all, in order) exactly as ``game.new_initial_state(seed=int(seeds[i]))``."""
        envs = np.arange(self.num_envs, dtype=np.int64) if envs is None else self._games(envs, "reset")
        seeds = np.asarray(seeds)
        if seeds.ndim != 1 or len(seeds) != len(envs):
            raise ConfigError(f"reset: {seeds.size} seeds for {len(envs)} games; expected one seed per game")
        try:
            packed = seeds.astype(np.int64, casting="safe") if seeds.dtype != object else \
                np.array([int(s) for s in seeds], dtype=np.int64)
        except (TypeError, OverflowError):
            packed = None
        if packed is None or (packed == np.iinfo(np.int64).min).any():  # beyond int64: the rules module deals it
            for seed, k in zip(seeds.tolist(), envs.tolist()):
                self.from_state(k, self.game.new_initial_state(seed=seed))
            return
        kern.reset_games(packed, envs, *self._state, *self._public)

    def from_state(self, k: int, state: DemocracyState) -> None:
        """Load a rules ``state`` (any point of play: a position, a saved state, a game in progress) as game ``k``,
        its RNG included; the caller's state is not changed."""
        k = self._game_index(k, "from_state")
        if not isinstance(state, DemocracyState) or state.game.config() != self.game.config():
            raise ConfigError(f"from_state: expected a state of {self.game!r}, got {state!r}")
        if state.unseen_discards:
            raise ConfigError("from_state: a state with unseen second-day leftovers cannot be loaded (no standard "
                              "deck leaves any)")
        n, ints = self.num_players, self._ints[k]
        _, words, _ = state._rng_state()
        self._mt[k] = words[:624]
        ints[kern.MT_INDEX] = words[624]
        for col, value in ((kern.ISLAND, state.island), (kern.DAY, state.day), (kern.TRICK, state.trick),
                           (kern.DEALER, state.dealer), (kern.TURN, state.turn), (kern.STUB_LEN, len(state.stub)),
                           (kern.NUM_DISCARDS, len(state.discards)), (kern.HAS_LAST, bool(state.last_trick)),
                           (kern.LAST_WINNER, -1 if state.last_winner is None else state.last_winner),
                           (kern.FINISHED, state.finished), (kern.TRUNCATED, state.truncated),
                           (kern.VERSION, state.score_version), (kern.STARTED, 1)):
            ints[col] = value
        self._hands[k] = state.hands
        self._captured[k] = state.captured
        self._points[k] = state.points
        self._tribes[k] = state.tribes
        self._plays[k] = state.plays
        self._pool[k] = 0
        self._pool[k, :len(state.pool)] = state.pool
        self._stub[k, :len(state.stub)] = state.stub
        self._discards[k, :len(state.discards)] = state.discards
        self._last_trick[k] = state.last_trick if state.last_trick else [-1] * n
        self.winners[k] = False
        self.winners[k, list(state.winners())] = True
        kern.sync_game(k, self._cfg, self._ints, self._tribes, self.winners, *self._public)

    def to_state(self, k: int) -> DemocracyState:
        """Game ``k`` as an independent rules state; it plays on exactly as the engine would (same RNG). The event
        log starts empty."""
        k = self._game_index(k, "to_state")
        ints = self._ints[k].tolist()
        if not ints[kern.STARTED]:
            raise ConfigError(f"to_state: game {k} was never started; call reset() first")
        n = self.num_players
        rng = random.Random()
        rng.setstate((3, tuple(self._mt[k].tolist()) + (ints[kern.MT_INDEX],), None))
        st = DemocracyState(self.game, rng)
        st.island, st.day, st.trick = ints[kern.ISLAND], ints[kern.DAY], ints[kern.TRICK]
        st.dealer, st.turn, st.score_version = ints[kern.DEALER], ints[kern.TURN], ints[kern.VERSION]
        st.hands = self._hands[k].tolist()
        st.pool = self._pool[k, :self.game.hand_size[st.day]].tolist()
        st.stub = self._stub[k, :ints[kern.STUB_LEN]].tolist()
        st.plays = self._plays[k].tolist()
        st.captured = self._captured[k].tolist()
        st.points = self._points[k].tolist()
        st.discards = self._discards[k, :ints[kern.NUM_DISCARDS]].tolist()
        st.tribes = self._tribes[k].tolist()
        st.last_trick = self._last_trick[k].tolist() if ints[kern.HAS_LAST] else []
        st.last_winner = None if ints[kern.LAST_WINNER] < 0 else ints[kern.LAST_WINNER]
        st.finished, st.truncated = bool(ints[kern.FINISHED]), bool(ints[kern.TRUNCATED])
        st._winners = np.flatnonzero(self.winners[k]).tolist()
        st._order = [(st.dealer + 1 + i) % n for i in range(n)]
        st._rebuild_world()
        return st

    # --- stepping ---------------------------------------------------------------------------------
    def apply(self, actions: np.ndarray) -> None:
        """Apply ``actions[k]`` (``int64[N]``, card ids, not checked against the hand) in every game still in play;
        games that are over are left alone. An action that is not a card id raises
        :class:`~hustings.errors.IllegalActionError` and nothing is applied."""
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise ConfigError(f"apply: actions of shape {actions.shape}; expected ({self.num_envs},)")
        bad = kern.apply_actions(actions, *self._state, *self._public)
        if bad >= 0:
            raise IllegalActionError(f"democracy: action {int(actions[bad])} of game {bad} is not a card id; "
                                     f"expected 0..{NUM_KINDS - 1}")

    def random_actions(self, out: np.ndarray, seed: int | None = None) -> None:
        """Write a uniformly random legal action of every game in play into ``out`` (``int64[N]``; ``-1`` for games
        that are over), from the engine's own random stream (``seed`` restarts it): a fast random policy for
        benchmarks and tests."""
        if seed is not None:
            self._key[0] = np.uint64(int(seed) & 0xFFFFFFFFFFFFFFFF)
        self._check_out(out, (self.num_envs,), np.int64, "random_actions")
        kern.random_actions(self.player, self._hands, self._key, out)

    # --- search rollouts (hustings.bots.rollout) ------------------------------------------------------
    def seed_rollouts(self, seed: int) -> None:
        """Restart the streams of :meth:`rollout`: the moves' (splitmix64, from ``seed``) and every game's deals
        (its Mersenne Twister, as ``random.Random(seed)``)."""
        seed = int(seed) & 0xFFFFFFFFFFFFFFFF
        self._key[0] = np.uint64(seed)
        kern.seed_rollouts(np.array([seed & 0xFFFFFFFF, seed >> 32], dtype=np.int64), self._mt, self._ints)

    def rollout(self, k: int, state: DemocracyState, max_steps: int = 1 << 62, stop_version: int = 1 << 62,
                record: np.ndarray | None = None, policy: str = "random") -> int:
        """Load a rules ``state`` as game ``k`` and play it on with uniformly random legal moves (a search's random
        rollout; ``policy="heuristic"``: the heuristic's moves, see below) until it ends, ``max_steps`` moves were
        played or ``score_version`` reaches ``stop_version``; returns the moves played, the first ``len(record)`` of
        them written into ``record`` (``int64``). The public arrays hold the result: ``returns[k]`` (zeros if the
        game is not over), ``scores[k]``, ...

        A load for play only, cheaper than :meth:`from_state`: it reads what play needs (the hands, captured cards
        and points from the state's world vector, which the rules keep equal to ``_rebuild_world``'s), not the
        discards, the last trick or the RNG, so game ``k`` is no longer a state for :meth:`to_state`. The moves
        come from the engine's splitmix64 stream and the deals from game ``k``'s own Mersenne Twister, which goes
        on from rollout to rollout (:meth:`seed_rollouts` restarts both): a rollout plays as the rules would play
        the same moves with ``random.Random`` in that generator's state (the tests replay rollouts so). The
        state must be in play, without unseen second-day leftovers; it is not changed.

        With ``policy="heuristic"`` every move is the one :class:`~hustings.democracy.bots.HeuristicBot` plays (it
        draws no random numbers), and when a deal can be followed by moves before ``stop_version``
        (``stop_version - state.score_version >= 2``) game ``k``'s generator is first set to the state's own RNG
        (its seed or its words), so the rollout is the rules' heuristic play from ``state``, deals included; with
        a nearer stop a deal ends the rollout and draws from game ``k``'s generator, which then does not matter."""
        head = [state.island, state.day, state.trick, state.dealer, state.turn, state.score_version,
                len(state.pool), len(state.stub), *state.tribes, *state.plays, *state.pool, *state.stub]
        record = _NO_RECORD if record is None else record
        if policy == "random":
            return kern.rollout_game(k, np.array(head, dtype=np.int64), state.world, max_steps, stop_version,
                                     self._key, record, *self._state, *self._public)
        if policy != "heuristic":
            raise ConfigError(f"rollout: policy={policy!r} is invalid; expected one of "
                              f"{', '.join(self.rollout_policies)}")
        mode, seed, words = 0, _NO_SEED, _NO_WORDS
        if stop_version - state.score_version >= 2:  # deals that moves follow: the state's own RNG
            r = state._rng
            if type(r) is int and -(1 << 64) < r < 1 << 64:  # a seed not yet used (sample_hidden's worlds)
                r = abs(r)
                mode, seed = 1, np.array([r & 0xFFFFFFFF, r >> 32], dtype=np.int64)
            else:
                internal = (random.Random(r) if type(r) is int else r).getstate()[1]
                mode, words = 2, np.array(internal, dtype=np.int64)
        return kern.heuristic_rollout_game(k, np.array(head, dtype=np.int64), state.world, max_steps, stop_version,
                                           FIGHT_THRESHOLD, mode, seed, words, record, *self._state, *self._public)

    # --- reading ----------------------------------------------------------------------------------
    def legal_mask(self, out: np.ndarray) -> None:
        """Write each game's legal actions as 0/1 into ``out`` (``int8[N, 49]``; zeros for games that are over)."""
        self._check_out(out, (self.num_envs, NUM_KINDS), np.int8, "legal_mask")
        kern.legal_masks(self.player, self._hands, out)

    def observe(self, out: np.ndarray) -> None:
        """Write each game's mover's ``state.observation(player)`` into ``out`` (``float32[N, observation_size]``;
        zeros for games that are over)."""
        self._check_out(out, (self.num_envs, self.observation_size), np.float32, "observe")
        kern.observe_seats(self.player, *self._world_parts, out)

    def observe_seat(self, seats: np.ndarray, out: np.ndarray) -> None:
        """Write ``state.observation(seats[k])`` of every game ``k`` into ``out`` (zeros where ``seats[k] < 0``)."""
        seats = np.ascontiguousarray(seats, dtype=np.int32)
        if seats.shape != (self.num_envs,) or (seats >= self.num_players).any():
            raise ConfigError(f"observe_seat: seats must be {self.num_envs} seats below {self.num_players} "
                              f"(or -1), got shape {seats.shape} with max {seats.max(initial=-1)}")
        self._check_out(out, (self.num_envs, self.observation_size), np.float32, "observe_seat")
        kern.observe_seats(seats, *self._world_parts, out)

    def global_observation(self, out: np.ndarray) -> None:
        """Write ``state.global_observation()`` (the world vector) of every game into ``out``
        (``float32[N, world_size]``; zeros for a game never started)."""
        self._check_out(out, (self.num_envs, self.game.world_size), np.float32, "global_observation")
        kern.global_worlds(*self._world_parts, out)

    def teams(self, k: int) -> list[list[int]]:
        """Who wins together in game ``k``: every seat for itself."""
        return [[p] for p in range(self.num_players)]

    # --- checks -----------------------------------------------------------------------------------
    def _game_index(self, k, what: str) -> int:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < self.num_envs:
            raise ConfigError(f"{what}: game {k!r} is not an index 0..{self.num_envs - 1}")
        return int(k)

    def _games(self, envs, what: str) -> np.ndarray:
        envs = np.ascontiguousarray(envs, dtype=np.int64)
        if envs.ndim != 1 or ((envs < 0) | (envs >= self.num_envs)).any():
            raise ConfigError(f"{what}: envs must be game indices 0..{self.num_envs - 1}, got {envs!r}")
        return envs

    @staticmethod
    def _check_out(out, shape: tuple, dtype, what: str) -> None:
        # the kernels do not check bounds: a wrong buffer would be written past its end
        if not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != dtype or not out.flags.c_contiguous \
                or not out.flags.writeable:
            got = f"{out.dtype}{list(out.shape)}" if isinstance(out, np.ndarray) else type(out).__name__
            raise ConfigError(f"{what}: out must be a writable C-contiguous {np.dtype(dtype)}{list(shape)} array, "
                              f"got {got}")
