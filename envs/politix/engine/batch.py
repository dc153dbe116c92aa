"""Politix's compiled batched engine: N games of one configuration in arrays, stepped by the numba kernels of
``kernels.py``, move for move the same as ``rules.py`` (same deals from the same seeds, same legal moves,
observations bit for bit, same scores, returns and winners; RULES.md, "Engine").

Every table size (2-6), ``teams_3v3``, ``max_turns`` (an int or ``None``) and ``components`` (the card data is
handed to the kernels as arrays) are covered. Import it lazily: it needs numba (``hustings.vector`` falls back to
its Python backend without it).
"""
from __future__ import annotations

import operator
import random
import sys

import numpy as np

from ...errors import ConfigError, StateFormatError
from . import kernels as K
from . import rollout as R
from ..cards import COFFEE, METHOD_KIND, NB, NE, NG, NK, NUM_VOTER_CARDS, SPECIAL_KINDS
from ..rules import PolitixGame, PolitixState

_KERNELS = (K.reset_games, K.legal_mask, K.apply, K.observe)  # the ones every use of the engine compiles
_announced = False
_INT32 = 2 ** 31 - 1
_NO_RECORD = np.zeros(0, dtype=np.int64)


def _is_cached(kernel) -> bool:
    """Whether numba's on-disk cache holds ``kernel`` for the current source (numba internals, so any doubt counts as
    not cached: the worst case is an announcement too many)."""
    try:
        return bool(kernel._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - a numba without these internals
        return False


def _announce_compile() -> None:
    """One line on stderr before the first compile of the kernels (none when numba's cache holds them)."""
    global _announced
    if _announced:
        return
    _announced = True
    if not all(_is_cached(k) for k in _KERNELS):
        print("compiling the Politix engine (once; cached afterwards)...", file=sys.stderr, flush=True)


def _abs_seeds(seeds: np.ndarray) -> np.ndarray | None:
    """abs(seed) of each seed as uint64, the number ``random.Random(seed)`` seeds with; ``None`` when a seed does not
    fit in 64 bits (the rules module deals those)."""
    if seeds.dtype.kind == "i":
        return np.abs(seeds.astype(np.int64, copy=False)).view(np.uint64)  # abs(-2**63) wraps: as uint64, 2**63
    if seeds.dtype.kind == "u":
        return seeds.astype(np.uint64, copy=False)
    try:
        values = [abs(operator.index(s)) for s in seeds.tolist()]
    except TypeError:
        raise ConfigError("reset: seeds must be ints") from None
    return None if any(v >= 2 ** 64 for v in values) else np.array(values, dtype=np.uint64)


def _config(game: PolitixGame) -> np.ndarray:
    """The kernels' ``cfg``: the configuration, the game's card data and the world vector's offsets."""
    cfg = np.zeros(K.CFG, dtype=np.int64)
    cap = game.options["max_turns"]
    cfg[[K.C_N, K.C_P, K.C_HAS_BASE, K.C_CAP, K.C_D]] = [
        game.num_players, game.num_parties, game.has_base, -1 if cap is None else min(cap, 2 ** 62),
        sum(game.kind_count)]
    cfg[K.C_PARTY_OF:K.C_PARTY_OF + game.num_players] = game.party_of
    for at, table in ((K.C_SYMBOLS, game.symbols), (K.C_SKILLS, game.skills), (K.C_EVENT_MOD, game.event_mod),
                      (K.C_PARTY_MOD, game.party_mod), (K.C_POL_PARTY, game.politician_party),
                      (K.C_KIND_COUNT, game.kind_count), (K.C_SLOT_GROUP, game.slot_group),
                      (K.C_SLOT_MOD, game.slot_mod)):
        flat = np.asarray(table, dtype=np.int64).ravel()
        cfg[at:at + len(flat)] = flat
    cfg[K.C_WORLD:K.C_WORLD + len(K.WORLD_BLOCKS)] = [game.off[b] for b in K.WORLD_BLOCKS]
    return cfg


def _row_dtype(game: PolitixGame):
    """int8 for the game's row when every number play can reach fits (the shipped cards: a deck of 76, modifiers of
    a few points), else int16 (a custom card set with a big deck or big modifiers)."""
    count = game.kind_count
    mods = max(max(abs(game.party_mod[i][g]) for i in range(len(game.party_mod)))
               + sum(abs(game.slot_mod[j]) * count[SPECIAL_KINDS[j]] for j in range(NB - 1) if game.slot_group[j] == g)
               for g in range(NG))
    power = (max(abs(v) for row in game.skills for v in row) + max(abs(v) for row in game.event_mod for v in row)
             + mods + max(count[k] for k in METHOD_KIND) + count[COFFEE])
    return np.int8 if max(sum(count), power) <= 127 else np.int16


class BatchEngine:
    """N games of one configuration of Politix (every table size and option), in arrays, stepped by compiled kernels;
    the interface of :class:`hustings.core.batch.PythonBatchEngine`.

    The public arrays (``player``, ``terminated``, ``truncated``, ``scores``, ``returns``, ``winners``) are owned by
    the engine and updated in place by :meth:`reset`, :meth:`apply` and :meth:`from_state`; ``returns`` and
    ``winners`` are valid when a game is over (zeros before). Until a game is reset or loaded its ``player`` is -1 and
    :meth:`apply` leaves it alone."""

    backend = "compiled"  # as hustings.vector names its backends

    def __init__(self, game: PolitixGame, num_envs: int):
        if not isinstance(game, PolitixGame):
            raise ConfigError(f"politix engine: game must be a PolitixGame, got {game!r}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ConfigError(f"num_envs={num_envs!r} is invalid; expected an int >= 1")
        _announce_compile()
        self.game = game
        self.num_envs = size = int(num_envs)
        self.num_players = n = game.num_players
        self.num_actions = game.num_actions
        self.observation_size = game.observation_size
        self.world_size = game.world_size
        self._cfg = _config(game)
        self._deck_size = sum(game.kind_count)
        self._st = np.zeros((size, K.row_size(self._deck_size)), dtype=_row_dtype(game))
        # one row more of the generator's state than games: a spare that reset_games seeds an odd game beside
        self._big = np.zeros((size + 1, K.BIG), dtype=np.int32)
        self._mt = np.zeros((size + 1, 624), dtype=np.uint32)
        self.player = np.full(size, -1, dtype=np.int32)
        self.terminated = np.zeros(size, dtype=bool)
        self.truncated = np.zeros(size, dtype=bool)
        self.scores = np.zeros((size, n), dtype=np.float64)
        self.returns = np.zeros((size, n), dtype=np.float64)
        self.winners = np.zeros((size, n), dtype=bool)
        self._state = (self._cfg, self._st, self._big, self._mt)
        self._public = (self.player, self.terminated, self.truncated, self.scores, self.returns, self.winners)
        self._key = np.zeros(1, dtype=np.uint64)  # the moves' stream of rollout()
        self._acts = np.zeros(self.num_actions, dtype=np.int64)  # rollout()'s list of legal moves

    # --- starting games -------------------------------------------------------------------------------------------
    def reset(self, seeds: np.ndarray, envs: np.ndarray | None = None) -> None:
        """Start game ``envs[i]`` (default: all, in order) exactly as ``game.new_initial_state(seed=int(seeds[i]))``."""
        envs = np.arange(self.num_envs, dtype=np.int64) if envs is None else self._games(envs, "reset")
        seeds = np.asarray(seeds)
        if seeds.ndim != 1 or len(seeds) != len(envs):
            raise ConfigError(f"reset: {seeds.size} seeds for {len(envs)} games; expected one seed per game")
        words = _abs_seeds(seeds)
        if words is None:  # seeds beyond 64 bits: the rules module deals them
            for seed, k in zip(seeds.tolist(), envs.tolist()):
                self.from_state(k, self.game.new_initial_state(seed=seed))
            return
        K.reset_games(*self._state, *self._public, envs, words, self.num_envs)

    def from_state(self, k: int, state: PolitixState) -> None:
        """Load a rules ``state`` (any point of play: a position, a saved state, a custom deal, a game in progress) as
        game ``k``, its RNG included; the caller's state is not changed."""
        k = self._game_index(k, "from_state")
        if not isinstance(state, PolitixState) or state.game.config() != self.game.config():
            raise ConfigError(f"from_state: expected a state of {self.game!r}, got {state!r}")
        version, internal, _ = state._rng.getstate()  # reading needs no private copy (PolitixState.rng)
        if version != 3 or len(internal) != 625:
            raise StateFormatError(f"from_state: the state's RNG state has version {version}; expected "
                                   f"random.Random's (3)")
        n, P = self.num_players, self.game.num_parties
        if (len(state.deck) > self._deck_size or len(state.voter_deck) > NUM_VOTER_CARDS
                or len(state.events_out) > NE or max(state.turns) > _INT32 or state.score_version > _INT32):
            raise StateFormatError("from_state: the state holds more cards or larger counts than a game of this "
                                   "configuration can (state._check_consistent() says what is wrong)")
        row = [0] * self._st.shape[1]

        def put(at, values):
            row[at:at + len(values)] = [int(v) for v in values]

        reshuffled = state.reshuffled is not None
        put(K.CUR, [state.cur, state.phase, state.pg, state.pm, state.pplayed, state.ppower, state.event,
                    len(state.events_out), state.table_total, len(state.deck), len(state.voter_deck), state.finished,
                    state.truncated, reshuffled, 1])
        put(K.POL, state.politician)
        put(K.HAND_SIZE, state.hand_size)
        for s in range(n):
            put(K.HANDS + s * NK, state.hands[s])
            put(K.BESIDE + s * NB, state.beside[s])
            put(K.MODS + s * NG, state.mods[s])
            put(K.DRAWN + s * NK, state.drawn[s])
        put(K.DISCARD_PILE, state.discard)
        if reshuffled:
            put(K.RESHUFFLED, state.reshuffled)
        put(K.TABLE, state.table)
        for i in range(P):
            put(K.COLLECTED + i * NG, state.collected[i])
        put(K.BASE, state.base)
        put(K.EVENTS_OUT, state.events_out)
        put(K.VDECK, state.voter_deck)
        put(K.DECK, state.deck)
        info = np.iinfo(self._st.dtype)
        if not (info.min <= min(row) and max(row) <= info.max):
            raise StateFormatError(f"from_state: the state holds a number out of the range {info.min}..{info.max} "
                                   f"that a game of this configuration reaches (state._check_consistent() says what "
                                   f"is wrong)")
        self._st[k] = row
        big = [0] * K.BIG
        big[K.TURNS:K.TURNS + P] = state.turns
        big[K.TURN_COUNT], big[K.SCORE_VERSION], big[K.MTI] = state.turn_count, state.score_version, internal[624]
        self._big[k] = big
        self._mt[k] = internal[:624]
        self.returns[k] = state._returns if state.finished else 0.0
        self.winners[k] = False
        self.winners[k, state._winners] = True
        K.refresh(self._cfg, self._st, self.player, self.terminated, self.truncated, self.scores,
                  np.array([k], dtype=np.int64))

    def to_state(self, k: int) -> PolitixState:
        """Game ``k`` as an independent rules state; it plays on exactly as the engine would (same RNG). The event log
        starts empty."""
        k = self._game_index(k, "to_state")
        row, big = self._st[k].tolist(), self._big[k].tolist()
        if not row[K.STARTED]:
            raise ConfigError(f"to_state: game {k} was never started; call reset() first")
        n, P = self.num_players, self.game.num_parties
        rng = random.Random()
        rng.setstate((3, tuple(self._mt[k].tolist()) + (big[K.MTI],), None))
        st = PolitixState(self.game, rng)
        (st.cur, st.phase, st.pg, st.pm, st.pplayed, st.ppower, st.event, nevents, st.table_total, ndeck, nvdeck,
         finished, truncated, reshuffled) = row[K.CUR:K.RESHUF + 1]
        st.finished, st.truncated = bool(finished), bool(truncated)
        st.politician = row[K.POL:K.POL + n]
        st.hand_size = row[K.HAND_SIZE:K.HAND_SIZE + n]
        st.hands = [row[K.HANDS + s * NK:K.HANDS + (s + 1) * NK] for s in range(n)]
        st.beside = [row[K.BESIDE + s * NB:K.BESIDE + (s + 1) * NB] for s in range(n)]
        st.drawn = [row[K.DRAWN + s * NK:K.DRAWN + (s + 1) * NK] for s in range(n)]
        st.discard = row[K.DISCARD_PILE:K.DISCARD_PILE + NK]
        st.reshuffled = tuple(row[K.RESHUFFLED:K.RESHUFFLED + NK]) if reshuffled else None
        st.table = row[K.TABLE:K.TABLE + NG]
        st.collected = [row[K.COLLECTED + i * NG:K.COLLECTED + (i + 1) * NG] for i in range(P)]
        st.base = row[K.BASE:K.BASE + NG]
        st.events_out = row[K.EVENTS_OUT:K.EVENTS_OUT + nevents]
        st.voter_deck = row[K.VDECK:K.VDECK + nvdeck]
        st.deck = row[K.DECK:K.DECK + ndeck]
        st.turns = big[K.TURNS:K.TURNS + P]
        st.turn_count, st.score_version = big[K.TURN_COUNT], big[K.SCORE_VERSION]
        if st.finished:
            st._winners = np.flatnonzero(self.winners[k]).tolist()
            st._returns = self.returns[k].tolist()
        st._recompute_mods()
        st._rebuild_world()
        return st

    # --- stepping -------------------------------------------------------------------------------------------------
    def apply(self, actions: np.ndarray) -> None:
        """Apply ``actions[k]`` (``int64[N]``, unchecked: each must be legal) in every game still in play; games that
        are over are left alone."""
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise ConfigError(f"apply: actions of shape {actions.shape}; expected ({self.num_envs},)")
        K.apply(*self._state, *self._public, actions)

    def random_actions(self, mask: np.ndarray, out: np.ndarray) -> None:
        """``out[k]`` = a uniformly random action among ``mask[k]``'s (-1 where none), drawn in compiled code with
        numba's own generator (seed it with :meth:`seed_random`): for benchmarks and random play."""
        self._check_out(mask, (self.num_envs, self.num_actions), np.int8, "random_actions (mask)")
        self._check_out(out, (self.num_envs,), np.int64, "random_actions")
        K.random_actions(mask, out)

    @staticmethod
    def seed_random(seed: int) -> None:
        """Seed the generator :meth:`random_actions` draws from (not the games' deal generators)."""
        K.seed_random(int(seed))

    # --- search rollouts (hustings.bots.rollout) -----------------------------------------------------------------
    def seed_rollouts(self, seed: int) -> None:
        """Restart the streams of :meth:`rollout`: the moves' (splitmix64, from ``seed``) and every game's deals
        (its Mersenne Twister, as ``random.Random(seed)``)."""
        seed = int(seed) & 0xFFFFFFFFFFFFFFFF
        self._key[0] = np.uint64(seed)
        R.seed_rollouts(self._mt, self._big, np.uint64(seed))

    def rollout(self, k: int, state: PolitixState, max_steps: int = 1 << 62, stop_version: int = 1 << 62,
                record: np.ndarray | None = None) -> int:
        """Load a rules ``state`` as game ``k`` and play it on with uniformly random legal moves (a search's random
        rollout) until it ends, ``max_steps`` moves were played or ``score_version`` reaches ``stop_version``;
        returns the moves played, the first ``len(record)`` of them written into ``record`` (``int64``). The
        public arrays hold the result: ``returns[k]`` (zeros if the game is not over), ``scores[k]``, ...

        A load for play only, cheaper than :meth:`from_state`: the counts come from the state's world vector (which
        the rules keep equal to ``_rebuild_world``'s), the decks and the turn from the state; the events drawn, the
        draw-pile record since the last reshuffle and the RNG are not loaded, so game ``k`` is no longer a state for
        :meth:`to_state`. The moves come from the engine's splitmix64 stream and the reshuffles from game ``k``'s
        own Mersenne Twister, which goes on from rollout to rollout (:meth:`seed_rollouts` restarts both): a
        rollout plays as the rules would play the same moves with ``random.Random`` in that generator's state (the
        tests replay rollouts so). The state must be in play; it is not changed."""
        head = [state.cur, state.phase, state.pg, state.pm, state.pplayed, state.ppower, state.event,
                state.turn_count, state.score_version, len(state.voter_deck), len(state.deck)]
        head += state.politician
        head += state.voter_deck
        head += state.deck
        return R.rollout_game(k, np.array(head, dtype=np.int64), state.world, max_steps, stop_version, self._key,
                              _NO_RECORD if record is None else record, self._acts, *self._state, *self._public)

    # --- reading --------------------------------------------------------------------------------------------------
    def legal_mask(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's ``state.legal_mask()`` (``int8[N, num_actions]``; zeros for games that are over)."""
        self._check_out(out, (self.num_envs, self.num_actions), np.int8, "legal_mask")
        K.legal_mask(self._cfg, self._st, self.player, out)

    def observe(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's mover's ``state.observation(player)`` (``float32[N, observation_size]``; zeros for
        games that are over)."""
        self._check_out(out, (self.num_envs, self.observation_size), np.float32, "observe")
        K.observe(self._cfg, self._st, self._big, self.player, out)

    def observe_seat(self, seats: np.ndarray, out: np.ndarray) -> None:
        """``out[k]`` = ``state.observation(seats[k])`` of game k, for any seat (games over included; zeros where
        ``seats[k] < 0``)."""
        seats = np.ascontiguousarray(seats, dtype=np.int32)
        if seats.shape != (self.num_envs,) or (seats >= self.num_players).any():
            raise ConfigError(f"observe_seat: seats must be {self.num_envs} seats below {self.num_players} (or -1), "
                              f"got shape {seats.shape} with max {seats.max(initial=-1)}")
        self._check_out(out, (self.num_envs, self.observation_size), np.float32, "observe_seat")
        K.observe(self._cfg, self._st, self._big, seats, out)

    def global_observation(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's ``state.global_observation()`` (``float32[N, world_size]``: every hand included;
        zeros for a game never started)."""
        self._check_out(out, (self.num_envs, self.world_size), np.float32, "global_observation")
        K.global_observation(self._cfg, self._st, self._big, out)

    def teams(self, k: int) -> list[list[int]]:
        """Who wins together in game ``k``: the parties (``state.teams()``)."""
        return [list(seats) for seats in self.game.parties]

    # --- checks ---------------------------------------------------------------------------------------------------
    def _game_index(self, k, what: str) -> int:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < self.num_envs:
            raise ConfigError(f"{what}: game {k!r} is not an index 0..{self.num_envs - 1}")
        return int(k)

    def _games(self, envs, what: str) -> np.ndarray:
        envs = np.ascontiguousarray(envs, dtype=np.int64)
        if envs.ndim != 1 or (len(envs) and (envs.min() < 0 or envs.max() >= self.num_envs)):
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


__all__ = ["BatchEngine"]
