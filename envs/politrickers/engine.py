"""Politrickers' compiled batched engine: N games of one table size in arrays, stepped by the numba kernels of
``engine_kernels.py``, move for move the same as ``rules.py`` (same deals from the same seeds, same legal moves,
observations bit for bit, same scores and winners; RULES.md, "Engine").

Import it lazily: it needs numba (``hustings.vector`` falls back to its Python backend without it).
"""
from __future__ import annotations

import os
import random
import sys

import numpy as np

from ..errors import ConfigError, StateFormatError
from . import engine_kernels as K
from .cards import HAND_SIZE, NUM_CARDS, ROUNDS
from .rules import PolitrickersGame, PolitrickersState

_END_KINDS = ("disgraced", "collapse", "balanced")  # saved.END_KINDS
_KERNELS = (K.reset_games, K.legal_mask, K.apply, K.observe)  # the ones every use of the engine compiles
_announced = False

# the observation blocks (observe.observation_fields) and the world blocks (observe.world_layout) of each kernel
# block, in engine_kernels' B_* order
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
    keys = np.zeros((len(seeds), 2), dtype=np.uint32)
    lens = np.ones(len(seeds), dtype=np.int64)
    for i, s in enumerate(seeds.tolist()):
        a = abs(int(s))
        if a >> 64:
            raise ConfigError(f"seed {s} is out of range; expected an int of at most 64 bits")
        keys[i, 0], keys[i, 1] = a & 0xFFFFFFFF, a >> 32
        lens[i] = 2 if a >> 32 else 1
    return keys, lens


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
        i8 = np.int8
        self.player = np.full(N, -1, dtype=np.int32)
        self.terminated = np.zeros(N, dtype=bool)
        self.truncated = np.zeros(N, dtype=bool)  # Politrickers always ends with a result
        self.scores = np.zeros((N, n), dtype=np.float64)
        self.returns = np.zeros((N, n), dtype=np.float64)
        self.winners = np.zeros((N, n), dtype=bool)
        self._g = K.Games(
            mt=np.zeros((N, 624), dtype=np.uint32), mti=np.zeros(N, dtype=np.int32),
            player=self.player, terminated=self.terminated, scores=self.scores, returns=self.returns,
            winners=self.winners,
            rnd=np.zeros(N, i8), tricks_done=np.zeros(N, i8), trick_start=np.zeros(N, i8), leader=np.zeros(N, i8),
            turn=np.zeros(N, i8), ruling_party=np.zeros(N, i8), ruling_suit=np.zeros(N, i8),
            opp_suit=np.zeros(N, i8), last_winner=np.zeros(N, i8),
            hands=np.zeros((N, n), np.int64), leftovers=np.zeros(N, np.int64),
            party=np.zeros((N, n), i8), plays=np.zeros((N, n), i8), down=np.zeros((N, n), bool),
            tokens=np.zeros((N, n), i8), spent=np.zeros((N, n), i8), tricks_won=np.zeros((N, n), i8),
            vp=np.zeros((N, n), i8), round_vp=np.zeros((N, n), i8),
            ups_seat=np.zeros((N, n), i8), ups_card=np.zeros((N, n), i8), nups=np.zeros(N, i8),
            seen=np.zeros((N, NUM_CARDS), i8), nseen=np.zeros(N, i8),
            hidden=np.zeros((N, n, HAND_SIZE), i8), nhidden=np.zeros((N, n), i8),
            libra=np.zeros((N, 2, n), i8), plate=np.zeros((N, 2), i8),
            hist=np.zeros((N, ROUNDS, 4), i8), hist_points=np.zeros((N, ROUNDS, n), i8), nhist=np.zeros(N, i8),
            score_version=np.zeros(N, np.int64),
            log=np.zeros((N, HAND_SIZE * n, 7), i8), nlog=np.zeros(N, np.int16),
            next_decks=np.zeros((N, ROUNDS - 1, len(game.deck)), i8), nnext=np.zeros(N, i8))

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
        K.reset_games(self._g, envs, keys, lens, self._deck)

    def legal_mask(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's ``state.legal_mask()`` (int8[N, num_actions]; zeros for games that are over)."""
        K.legal_mask(self._g, out)

    def observe(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's mover's ``state.observation(player)`` (float32[N, observation_size]; zeros for games
        that are over)."""
        K.observe(self._g, self.player, True, self._obs_offs, self._derived, out)

    def observe_seat(self, seats: np.ndarray, out: np.ndarray) -> None:
        """``out[k]`` = ``state.observation(seats[k])`` of game k, for any seat (games over included)."""
        seats = np.asarray(seats, dtype=np.int64).reshape(-1)
        if len(seats) != self.num_envs or (len(seats) and (seats.min() < 0 or seats.max() >= self.num_players)):
            raise ConfigError(f"seats must be {self.num_envs} seats 0..{self.num_players - 1}")
        K.observe(self._g, seats, False, self._obs_offs, self._derived, out)

    def global_observation(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's ``state.global_observation()`` (float32[N, world_size]: every seat's hand included)."""
        K.global_observation(self._g, self._world_offs, out)

    def apply(self, actions: np.ndarray) -> None:
        """Play ``actions[k]`` (int64[N]) in every game k that is not over. Unchecked: each must be legal."""
        K.apply(self._g, actions, self._deck)

    def random_actions(self, mask: np.ndarray, out: np.ndarray) -> None:
        """``out[k]`` = a uniformly random action among ``mask[k]``'s (-1 where none), drawn in compiled code with
        numba's own generator (seed it with :meth:`seed_random`): for benchmarks and random play."""
        K.random_actions(self._g, mask, out)

    @staticmethod
    def seed_random(seed: int) -> None:
        """Seed the generator :meth:`random_actions` draws from (not the games' deal generators)."""
        K.seed_random(int(seed))

    # --- conversion to and from rules states --------------------------------------------------------------------
    def to_state(self, k: int) -> PolitrickersState:
        """Game ``k`` as a rules state that plays on identically (the same RNG state, so the same next deals)."""
        g, n = self._g, self.num_players
        if self.player[k] < 0 and not self.terminated[k]:
            raise ConfigError(f"game {k} has not been started; reset it or load a state first")
        rng = random.Random()
        rng.setstate((3, tuple(int(x) for x in g.mt[k]) + (int(g.mti[k]),), None))
        st = PolitrickersState(self.game, rng)
        bits = lambda m: [c for c in range(NUM_CARDS) if int(m) >> c & 1]  # noqa: E731
        st.round, st.tricks_done = int(g.rnd[k]), int(g.tricks_done[k])
        st.trick_start, st.leader, st.turn = int(g.trick_start[k]), int(g.leader[k]), int(g.turn[k])
        st.hands = [bits(g.hands[k, p]) for p in range(n)]
        st.leftovers = bits(g.leftovers[k])
        st.party = g.party[k].tolist()
        st.ruling_party, st.ruling_suit = int(g.ruling_party[k]), int(g.ruling_suit[k])
        st.opp_suit = int(g.opp_suit[k])
        st.plays = g.plays[k].tolist()
        st.down = g.down[k].tolist()
        st.ups = [(int(g.ups_seat[k, i]), int(g.ups_card[k, i])) for i in range(g.nups[k])]
        st.seen = g.seen[k, :g.nseen[k]].tolist()
        st.hidden = [g.hidden[k, p, :g.nhidden[k, p]].tolist() for p in range(n)]
        st.tokens, st.spent = g.tokens[k].tolist(), g.spent[k].tolist()
        st.libra = [g.libra[k, 0].tolist(), g.libra[k, 1].tolist()]
        st.plate = g.plate[k].tolist()
        st.tricks_won = g.tricks_won[k].tolist()
        st.vp, st.round_vp = g.vp[k].tolist(), g.round_vp[k].tolist()
        st.last_winner = int(g.last_winner[k])
        st.history = [{"round": int(r), "end": _END_KINDS[e], "who": int(who), "points": g.hist_points[k, i].tolist(),
                       "tricks": int(t)} for i, (r, e, who, t) in enumerate(g.hist[k, :g.nhist[k]].tolist())]
        st.finished = bool(self.terminated[k])
        st._winners = [p for p in range(n) if self.winners[k, p]] if st.finished else []
        st.score_version = int(g.score_version[k])
        st.log = [tuple(e) for e in g.log[k, :g.nlog[k]].tolist()]
        st.next_decks = tuple(tuple(d) for d in g.next_decks[k, :g.nnext[k]].tolist())
        st._modes = None
        st._rebuild_world()
        return st

    def from_state(self, k: int, state: PolitrickersState) -> None:
        """Load a rules state into game ``k``, at any point (positions, saved states, deals); it plays on as the
        state would, its RNG included."""
        g, n = self._g, self.num_players
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
        mask = lambda cards: sum(1 << int(c) for c in cards)  # noqa: E731
        g.mt[k] = internal[:624]
        g.mti[k] = internal[624]
        g.rnd[k], g.tricks_done[k] = state.round, state.tricks_done
        g.trick_start[k], g.leader[k], g.turn[k] = state.trick_start, state.leader, state.turn
        g.ruling_party[k], g.ruling_suit[k], g.opp_suit[k] = state.ruling_party, state.ruling_suit, state.opp_suit
        g.last_winner[k] = state.last_winner
        g.hands[k] = [mask(h) for h in state.hands]
        g.leftovers[k] = mask(state.leftovers)
        g.party[k], g.plays[k], g.down[k] = state.party, state.plays, state.down
        g.tokens[k], g.spent[k], g.tricks_won[k] = state.tokens, state.spent, state.tricks_won
        g.vp[k], g.round_vp[k] = state.vp, state.round_vp
        g.nups[k] = len(state.ups)
        for i, (p, c) in enumerate(state.ups):
            g.ups_seat[k, i], g.ups_card[k, i] = p, c
        g.nseen[k] = len(state.seen)
        g.seen[k, :len(state.seen)] = state.seen
        for p in range(n):
            g.nhidden[k, p] = len(state.hidden[p])
            g.hidden[k, p, :len(state.hidden[p])] = state.hidden[p]
        g.libra[k] = state.libra
        g.plate[k] = state.plate
        g.nhist[k] = len(state.history)
        for i, h in enumerate(state.history):
            g.hist[k, i] = (h["round"], _END_KINDS.index(h["end"]), h["who"], h["tricks"])
            g.hist_points[k, i] = h["points"]
        g.score_version[k] = state.score_version
        g.nlog[k] = len(state.log)
        for i, e in enumerate(state.log):
            g.log[k, i] = e
        g.nnext[k] = len(state.next_decks)
        for i, d in enumerate(state.next_decks):
            g.next_decks[k, i] = d
        self.terminated[k] = bool(state.finished)
        self.winners[k] = False
        for p in state.winners():
            self.winners[k, p] = True
        K.refresh(g, k)


__all__ = ["BatchEngine"]
