"""Politrickers' compiled batched engine: N games of one table size in arrays, stepped by the numba kernels of
``kernels.py``, move for move the same as ``rules.py`` (same deals from the same seeds, same legal moves,
observations bit for bit, same scores and winners; RULES.md, "Engine").

Import it lazily: it needs numba (``hustings.vector`` falls back to its Python backend without it).
"""
from __future__ import annotations

import operator
import os
import random
import sys

import numpy as np

from ...errors import ConfigError, StateFormatError
from . import kernels as K
from ..cards import HAND_SIZE, NUM_CARDS, ROUNDS
from ..rules import PolitrickersGame, PolitrickersState

_END_KINDS = ("disgraced", "collapse", "balanced")  # saved.END_KINDS
_KERNELS = (K.reset_games, K.legal_mask, K.apply, K.observe)  # the ones every use of the engine compiles
_announced = False
_NO_RECORD = np.zeros(0, dtype=np.int64)

# the observation blocks (observe.observation_fields) and the world blocks (observe.world_layout) of each kernel
# block, in kernels' B_* order
_OBS_BLOCKS = ("hand", "own_face_down", "party", "chair", "trick_card", "trick_face_down", "trick_played",
               "face_down_count", "libra_tails", "unspent", "spent", "vp", "round_vp", "ruling_party", "ruling_suit",
               "opposition_suit", "seen", "round", "trick")
_WORLD_BLOCKS = ("hand", "hidden", "party", "chair", "trick_card", "trick_down", "trick_played", "down_count",
                 "libra", "unspent", "spent", "vp", "round_vp", "ruling_party", "ruling_suit", "opp_suit", "seen",
                 "round", "trick")


def _announce_compile() -> None:
    """One line on stderr before the first compile of the kernels (none when numba's cache holds them)."""
    global _announced
    if _announced:
        return
    _announced = True
    try:
        cached = all(os.path.exists(k._cache._cache_file._index_path) for k in _KERNELS)
    except AttributeError:  # another numba's cache internals: say it anyway
        cached = False
    if not cached:
        print("compiling the Politrickers engine (once; cached afterwards)...", file=sys.stderr, flush=True)


def _seed_words(seeds: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """abs(seed) of each seed as the 32-bit words ``random.Random(seed)`` seeds with, and how many there are."""
    if seeds.dtype.kind == "i":
        a = np.abs(seeds.astype(np.int64)).view(np.uint64)  # abs(-2**63) wraps to 2**63 as uint64: still right
    elif seeds.dtype.kind == "u":
        a = seeds.astype(np.uint64)
    else:
        try:
            a = np.array([abs(operator.index(s)) for s in seeds.tolist()], dtype=np.uint64)
        except (TypeError, OverflowError):
            raise ConfigError("seeds must be ints of at most 64 bits") from None
    keys = np.empty((len(a), 2), dtype=np.uint32)
    keys[:, 0] = a & np.uint64(0xFFFFFFFF)
    keys[:, 1] = a >> np.uint64(32)
    return keys, np.where(keys[:, 1] > 0, 2, 1).astype(np.int64)


class BatchEngine:
    """N games of one configuration of Politrickers, in arrays, stepped by compiled kernels.

    The public arrays (``player``, ``terminated``, ``truncated``, ``scores``, ``returns``, ``winners``) are owned by
    the engine and updated in place by :meth:`reset`, :meth:`apply` and :meth:`from_state`. Until a game is reset or
    loaded its ``player`` is -1 and :meth:`apply` leaves it alone."""

    def __init__(self, game: PolitrickersGame, num_envs: int):
        if not isinstance(game, PolitrickersGame):
            raise ConfigError(f"the Politrickers engine needs a PolitrickersGame, got {type(game).__name__}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ConfigError(f"num_envs={num_envs!r}; expected a positive int")
        _announce_compile()
        self.game = game
        n = self.num_players = game.num_players
        N = self.num_envs = int(num_envs)
        self.num_actions = game.num_actions
        self.observation_size = game.observation_size
        self.world_size = game.world_size
        self._deck = np.asarray(game.deck, dtype=np.int8)
        fields = {name: start for name, start, _, _ in game.fields}
        self._obs_offs = np.array([fields[b] for b in _OBS_BLOCKS], dtype=np.int64)
        self._world_offs = np.array([game.off[b] for b in _WORLD_BLOCKS], dtype=np.int64)
        self._derived = game.base_size
        self.player = np.full(N, -1, dtype=np.int32)
        self.terminated = np.zeros(N, dtype=bool)
        self.truncated = np.zeros(N, dtype=bool)  # Politrickers always ends with a result
        self.scores = np.zeros((N, n), dtype=np.float64)
        self.returns = np.zeros((N, n), dtype=np.float64)
        self.winners = np.zeros((N, n), dtype=bool)
        # each game's state: one row of each (kernels' module docstring)
        self._st = np.zeros((N, K.ROW), dtype=np.int8)
        self._big = np.zeros((N, K.BIG), dtype=np.int64)
        self._mt = np.zeros((N, 624), dtype=np.uint32)
        self._pub = (self.player, self.terminated, self.scores, self.returns, self.winners)
        self._key = np.zeros(1, dtype=np.uint64)  # the moves' stream of rollout()
        self._hand_at = int(game.off["hand"])  # the hands in the world vector, for rollout()

    # --- the batch ----------------------------------------------------------------------------------------------
    def _envs(self, envs) -> np.ndarray:
        if envs is None:
            return np.arange(self.num_envs, dtype=np.int64)
        envs = np.asarray(envs, dtype=np.int64).reshape(-1)
        if len(envs) and (envs.min() < 0 or envs.max() >= self.num_envs):
            raise ConfigError(f"envs must be game indices 0..{self.num_envs - 1}, got {envs.tolist()}")
        return envs

    def reset(self, seeds: np.ndarray, envs: np.ndarray | None = None) -> None:
        """Start game ``envs[i]`` (default: all, in order) exactly as ``game.new_initial_state(seed=int(seeds[i]))``."""
        envs = self._envs(envs)
        seeds = np.asarray(seeds).reshape(-1)
        if len(seeds) != len(envs):
            raise ConfigError(f"reset got {len(seeds)} seeds for {len(envs)} games; expected one seed per game")
        keys, lens = _seed_words(seeds)
        K.reset_games(self._st, self._big, self._mt, *self._pub, envs, keys, lens, self._deck)

    def _check_out(self, out: np.ndarray, dtype, width: int, what: str) -> None:
        if not isinstance(out, np.ndarray) or out.dtype != dtype or out.shape != (self.num_envs, width) \
                or not out.flags.c_contiguous:
            got = f"{out.dtype}{list(out.shape)}" if isinstance(out, np.ndarray) else type(out).__name__
            raise ConfigError(f"{what} needs a C-contiguous {np.dtype(dtype).name}[{self.num_envs}, {width}] array to "
                              f"write into, got {got}")

    def legal_mask(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's ``state.legal_mask()`` (int8[N, num_actions]; zeros for games that are over)."""
        self._check_out(out, np.int8, self.num_actions, "legal_mask")
        K.legal_mask(self._st, self._big, self.player, out)

    def observe(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's mover's ``state.observation(player)`` (float32[N, observation_size]; zeros for games
        that are over)."""
        self._check_out(out, np.float32, self.observation_size, "observe")
        K.observe(self._st, self._big, self.terminated, self.player, True, self._obs_offs, self._derived,
                  self.num_players, out)

    def observe_seat(self, seats: np.ndarray, out: np.ndarray) -> None:
        """``out[k]`` = ``state.observation(seats[k])`` of game k, for any seat (games over included)."""
        seats = np.asarray(seats, dtype=np.int32).reshape(-1)
        if len(seats) != self.num_envs or (len(seats) and (seats.min() < 0 or seats.max() >= self.num_players)):
            raise ConfigError(f"seats must be {self.num_envs} seats 0..{self.num_players - 1}")
        self._check_out(out, np.float32, self.observation_size, "observe_seat")
        K.observe(self._st, self._big, self.terminated, seats, False, self._obs_offs, self._derived,
                  self.num_players, out)

    def global_observation(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's ``state.global_observation()`` (float32[N, world_size]: every seat's hand included)."""
        self._check_out(out, np.float32, self.world_size, "global_observation")
        K.global_observation(self._st, self._big, self.terminated, self._world_offs, self.num_players, out)

    def apply(self, actions: np.ndarray) -> None:
        """Play ``actions[k]`` (int64[N]) in every game k that is not over. Unchecked: each must be legal."""
        actions = np.asarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise ConfigError(f"apply needs {self.num_envs} actions, got an array of shape {actions.shape}")
        K.apply(self._st, self._big, self._mt, *self._pub, actions, self._deck)

    def random_actions(self, mask: np.ndarray, out: np.ndarray) -> None:
        """``out[k]`` = a uniformly random action among ``mask[k]``'s (-1 where none), drawn in compiled code with
        numba's own generator (seed it with :meth:`seed_random`): for benchmarks and random play."""
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
        keys, lens = _seed_words(np.array([seed], dtype=np.uint64))
        K.seed_rollouts(self._mt, self._big, keys[0], lens[0])

    def rollout(self, k: int, state: PolitrickersState, max_steps: int = 1 << 62, stop_version: int = 1 << 62,
                record: np.ndarray | None = None) -> int:
        """Load a rules ``state`` as game ``k`` and play it on with uniformly random legal moves (a search's random
        rollout) until it ends, ``max_steps`` moves were played or ``score_version`` reaches ``stop_version``;
        returns the moves played, the first ``len(record)`` of them written into ``record`` (``int64``). The
        public arrays hold the result: ``returns[k]`` (zeros if the game is not over), ``scores[k]``, ...

        A load for play only, cheaper than :meth:`from_state`: the hands come from the state's world vector (which
        the rules keep equal to ``_rebuild_world``'s), and the round's record (log, seen and face-down cards, past
        results) and the RNG are not loaded, so game ``k`` is no longer a state for :meth:`to_state`. The moves come
        from the engine's splitmix64 stream and the deals from game ``k``'s own Mersenne Twister, which goes on from
        rollout to rollout (:meth:`seed_rollouts` restarts both): a rollout plays as the rules would play the same
        moves with ``random.Random`` in that generator's state (the tests replay rollouts so). The state must be
        in play; it is not changed."""
        ups, decks = state.ups, state.next_decks
        head = [state.round, state.tricks_done, state.trick_start, state.leader, state.turn, state.ruling_party,
                state.ruling_suit, state.opp_suit, state.last_winner, *state.plate, state.score_version, len(ups),
                len(state.leftovers), len(decks), *state.party, *state.plays, *state.down, *state.tokens,
                *state.spent, *state.tricks_won, *state.vp, *state.round_vp, *state.libra[0], *state.libra[1],
                *[p for p, _ in ups], *[c for _, c in ups], *state.leftovers]
        for d in decks:  # each in a row of NUM_CARDS, as st holds them
            head += d
            head += [0] * (NUM_CARDS - len(d))
        return K.rollout_game(k, np.array(head, dtype=np.int64), state.world, self._hand_at, max_steps,
                              stop_version, self._key, _NO_RECORD if record is None else record, self._st, self._big,
                              self._mt, *self._pub, self._deck)

    # --- conversion to and from rules states --------------------------------------------------------------------
    def to_state(self, k: int) -> PolitrickersState:
        """Game ``k`` as a rules state that plays on identically (the same RNG state, so the same next deals)."""
        n, row, big = self.num_players, self._st[k].tolist(), self._big[k].tolist()
        if self.player[k] < 0 and not self.terminated[k]:
            raise ConfigError(f"game {k} has not been started; reset it or load a state first")
        seats = lambda at: row[at:at + n]  # noqa: E731
        bits = lambda m: [c for c in range(NUM_CARDS) if m >> c & 1]  # noqa: E731
        rng = random.Random()
        rng.setstate((3, tuple(self._mt[k].tolist()) + (big[K.MTI],), None))
        st = PolitrickersState(self.game, rng)
        st.round, st.tricks_done = row[K.RND], row[K.TRICKS_DONE]
        st.trick_start, st.leader, st.turn = row[K.TRICK_START], row[K.LEADER], row[K.TURN]
        st.ruling_party, st.ruling_suit, st.opp_suit = row[K.RULING_PARTY], row[K.RULING_SUIT], row[K.OPP_SUIT]
        st.last_winner = row[K.LAST_WINNER]
        st.hands = [bits(big[K.HANDS + p]) for p in range(n)]
        st.leftovers = row[K.LEFT:K.LEFT + row[K.NLEFT]]
        st.party, st.plays, st.down = seats(K.PARTY), seats(K.PLAYS), [bool(x) for x in seats(K.DOWN_)]
        st.tokens, st.spent, st.tricks_won = seats(K.TOKENS_), seats(K.SPENT), seats(K.TRICKS_WON)
        st.vp, st.round_vp = seats(K.VP), seats(K.ROUND_VP)
        st.ups = list(zip(row[K.UPS_SEAT:K.UPS_SEAT + row[K.NUPS]], row[K.UPS_CARD:K.UPS_CARD + row[K.NUPS]]))
        st.seen = row[K.SEEN:K.SEEN + row[K.NSEEN]]
        st.hidden = [row[K.HIDDEN + p * HAND_SIZE:K.HIDDEN + p * HAND_SIZE + row[K.NHIDDEN + p]] for p in range(n)]
        st.libra = [seats(K.LIBRA), seats(K.LIBRA + K.MAX_SEATS)]
        st.plate = row[K.PLATE:K.PLATE + 2]
        st.history = []
        for i in range(row[K.NHIST]):
            r, end, who, tricks = row[K.HIST + 4 * i:K.HIST + 4 * i + 4]
            st.history.append({"round": r, "end": _END_KINDS[end], "who": who,
                               "points": seats(K.HIST_POINTS + i * K.MAX_SEATS), "tricks": tricks})
        st.finished = bool(self.terminated[k])
        st._winners = np.flatnonzero(self.winners[k]).tolist() if st.finished else []
        st.score_version = big[K.SCORE_VERSION]
        st.log = [tuple(row[K.LOG + 7 * i:K.LOG + 7 * i + 7]) for i in range(row[K.NLOG])]
        size = len(self.game.deck)
        st.next_decks = tuple(tuple(row[K.NEXT + i * NUM_CARDS:K.NEXT + i * NUM_CARDS + size])
                              for i in range(row[K.NNEXT]))
        st._modes = None
        st._rebuild_world()
        return st

    def from_state(self, k: int, state: PolitrickersState) -> None:
        """Load a rules state into game ``k``, at any point (positions, saved states, deals); it plays on as the
        state would, its RNG included."""
        n = self.num_players
        if not 0 <= k < self.num_envs:
            raise ConfigError(f"game index {k}; expected 0..{self.num_envs - 1}")
        if getattr(state, "game", None) is None or state.game.name != "politrickers" or state.n != n:
            raise ConfigError(f"from_state needs a {n}-player Politrickers state")
        version, internal, _ = state.rng.getstate()
        if version != 3 or len(internal) != 625:
            raise StateFormatError(f"the state's RNG state has version {version}; expected random.Random's (3)")
        if len(state.history) > ROUNDS or len(state.next_decks) > ROUNDS - 1 or len(state.log) > HAND_SIZE * n:
            raise StateFormatError(f"the state holds {len(state.history)} round results, {len(state.next_decks)} "
                                   f"stacked decks and {len(state.log)} plays this round; expected at most {ROUNDS}, "
                                   f"{ROUNDS - 1} and {HAND_SIZE * n}")
        row = [0] * K.ROW

        def put(at, values):
            row[at:at + len(values)] = [int(v) for v in values]

        put(K.RND, [state.round, state.tricks_done, state.trick_start, state.leader, state.turn, state.ruling_party,
                    state.ruling_suit, state.opp_suit, state.last_winner, len(state.ups), len(state.seen),
                    len(state.history), len(state.next_decks), len(state.log), *state.plate, len(state.leftovers)])
        for at, values in ((K.PARTY, state.party), (K.PLAYS, state.plays), (K.DOWN_, state.down),
                           (K.TOKENS_, state.tokens), (K.SPENT, state.spent), (K.TRICKS_WON, state.tricks_won),
                           (K.VP, state.vp), (K.ROUND_VP, state.round_vp), (K.UPS_SEAT, [p for p, _ in state.ups]),
                           (K.UPS_CARD, [c for _, c in state.ups]), (K.NHIDDEN, [len(h) for h in state.hidden]),
                           (K.LIBRA, state.libra[0]), (K.LIBRA + K.MAX_SEATS, state.libra[1]), (K.SEEN, state.seen),
                           (K.LEFT, state.leftovers)):
            put(at, values)
        for p, h in enumerate(state.hidden):
            put(K.HIDDEN + p * HAND_SIZE, h)
        for i, h in enumerate(state.history):
            put(K.HIST + 4 * i, [h["round"], _END_KINDS.index(h["end"]), h["who"], h["tricks"]])
            put(K.HIST_POINTS + i * K.MAX_SEATS, h["points"])
        for i, e in enumerate(state.log):
            put(K.LOG + 7 * i, e)
        for i, d in enumerate(state.next_decks):
            put(K.NEXT + i * NUM_CARDS, d)
        self._st[k] = row
        mask = lambda cards: sum(1 << int(c) for c in cards)  # noqa: E731
        big = [0] * K.BIG
        big[K.HANDS:K.HANDS + n] = [mask(h) for h in state.hands]
        big[K.SCORE_VERSION], big[K.MTI] = state.score_version, internal[624]
        self._big[k] = big
        self._mt[k] = internal[:624]
        self.terminated[k] = bool(state.finished)
        self.winners[k] = False
        self.winners[k, state.winners()] = True
        K.refresh(self._st, *self._pub, np.array([k], dtype=np.int64))


__all__ = ["BatchEngine"]
