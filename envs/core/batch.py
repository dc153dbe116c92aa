"""The batched engine interface, implemented by N rules states stepped in a loop.

:class:`PythonBatchEngine` is the Python backend of :mod:`hustings.vector`: every game has it, and a game without a
compiled engine (``GameInfo.engine is None``, or numba missing) is stepped by it. A game's compiled engine
(``hustings.<game>.engine.BatchEngine``) implements the same interface over arrays; the two are interchangeable,
move for move (``hustings.engine.parity.compare_with_rules`` checks an engine against the rules module).
"""
from __future__ import annotations

import numpy as np

from ..errors import ConfigError
from .rules import Game, State


class PythonBatchEngine:
    """N games of one configuration of ``game`` (a rules :class:`~hustings.core.rules.Game`), one rules
    :class:`~hustings.core.rules.State` each, stepped in a Python loop.

    Public arrays, owned by the engine and updated in place by :meth:`reset`, :meth:`apply` and :meth:`from_state`
    (callers only read them):

    * ``player``: ``int32[N]``, the seat to move, ``-1`` when that game is over (or was never started);
    * ``terminated``: ``bool[N]``, over with a result; ``truncated``: ``bool[N]``, cut off (``state.truncated``);
    * ``scores``: ``float64[N, n]``, ``state.scores()``;
    * ``returns``: ``float64[N, n]``, ``state.returns()``, and ``winners``: ``bool[N, n]``, the seats in
      ``state.winners()``; both valid when the game is over (zeros before).
    """

    backend = "python"

    def __init__(self, game: Game, num_envs: int):
        if not isinstance(game, Game):
            raise ConfigError(f"game must be a rules Game (e.g. registry.make_game(name)), got {game!r}")
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ConfigError(f"num_envs={num_envs!r} is invalid; expected an int >= 1")
        self.game = game
        self.num_envs = n_envs = int(num_envs)
        n = game.num_players
        self.states: list[State | None] = [None] * n_envs
        self.player = np.full(n_envs, -1, dtype=np.int32)
        self.terminated = np.zeros(n_envs, dtype=bool)
        self.truncated = np.zeros(n_envs, dtype=bool)
        self.scores = np.zeros((n_envs, n), dtype=np.float64)
        self.returns = np.zeros((n_envs, n), dtype=np.float64)
        self.winners = np.zeros((n_envs, n), dtype=bool)
        self._score_versions = [-1] * n_envs

    # --- starting games -------------------------------------------------------------------------
    def reset(self, seeds: np.ndarray, envs: np.ndarray | None = None) -> None:
        """Start game ``envs[i]`` (default: all, in order) exactly as ``game.new_initial_state(seed=int(seeds[i]))``."""
        envs = range(self.num_envs) if envs is None else envs
        seeds = np.asarray(seeds)
        if len(seeds) != len(envs):
            raise ConfigError(f"reset: {len(seeds)} seeds for {len(envs)} games; expected one seed per game")
        for seed, k in zip(seeds, envs):
            self._install(int(k), self.game.new_initial_state(seed=int(seed)))

    def from_state(self, k: int, state: State) -> None:
        """Load a rules ``state`` (any point of play: a position, a saved state, a game in progress) as game ``k``.
        The engine keeps a copy: the caller's state is not changed by later steps."""
        if not isinstance(state, State) or state.game.config() != self.game.config():
            raise ConfigError(f"from_state: expected a state of {self.game!r}, got {state!r}")
        self._install(int(k), state.clone())

    def to_state(self, k: int) -> State:
        """Game ``k`` as an independent rules state; it plays on exactly as the engine would (same RNG)."""
        st = self.states[k]
        if st is None:
            raise ConfigError(f"to_state: game {k} was never started; call reset() first")
        return st.clone()

    def _install(self, k: int, state: State) -> None:
        state.record_events = False  # the log is not part of play; the loop is faster without it
        state.event_log = []
        self.states[k] = state
        self._score_versions[k] = -1
        self.returns[k] = 0.0
        self.winners[k] = False
        self._sync(k)

    def _sync(self, k: int) -> None:
        st = self.states[k]
        if st.score_version != self._score_versions[k]:
            self.scores[k] = st.scores()
            self._score_versions[k] = st.score_version
        if st.is_terminal():
            self.player[k] = -1
            self.truncated[k] = bool(st.truncated)
            self.terminated[k] = not st.truncated
            self.returns[k] = st.returns()
            self.winners[k] = False
            self.winners[k, st.winners()] = True
        else:
            self.player[k] = st.current_player()
            self.terminated[k] = self.truncated[k] = False

    # --- stepping ---------------------------------------------------------------------------------
    def apply(self, actions: np.ndarray) -> None:
        """Apply ``actions[k]`` (``int64[N]``, unchecked) in every game still in play; games that are over are left
        alone."""
        states, player = self.states, self.player
        for k in np.flatnonzero(player >= 0).tolist():
            states[k].apply_unchecked(int(actions[k]))
            self._sync(k)

    # --- reading ----------------------------------------------------------------------------------
    def legal_mask(self, out: np.ndarray) -> None:
        """Write each game's legal actions as 0/1 into ``out`` (``int8[N, num_actions]``; zeros for games that are
        over)."""
        out[:] = 0
        states = self.states
        for k in np.flatnonzero(self.player >= 0).tolist():
            out[k, states[k].legal_actions()] = 1

    def observe(self, out: np.ndarray) -> None:
        """Write each game's mover's ``state.observation(player)`` into ``out`` (``float32[N, observation_size]``;
        zeros for games that are over)."""
        self.observe_seat(self.player, out)

    def observe_seat(self, seats: np.ndarray, out: np.ndarray) -> None:
        """Write ``state.observation(seats[k])`` of every game ``k`` into ``out`` (zeros where ``seats[k] < 0``)."""
        states = self.states
        for k, seat in enumerate(np.asarray(seats).tolist()):
            if seat < 0 or states[k] is None:
                out[k] = 0.0
            else:
                out[k] = states[k].observation(seat)

    def global_observation(self, out: np.ndarray) -> None:
        """Write ``state.global_observation()`` of every game into ``out`` (zeros for a game never started)."""
        for k, st in enumerate(self.states):
            if st is None:
                out[k] = 0.0
            else:
                out[k] = st.global_observation()

    def teams(self, k: int) -> list[list[int]]:
        """Who wins together in game ``k`` (``state.teams()``)."""
        st = self.states[k]
        return st.teams() if st is not None else [[p] for p in range(self.game.num_players)]
