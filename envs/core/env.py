"""One PettingZoo AEC environment for every hustings game, built on the plain-Python rules interface.

The env gives the guarantees of PettingZoo's ``OrderEnforcingWrapper`` and ``AssertOutOfBoundsWrapper``
itself (clear errors for use before ``reset`` and for bad actions) without their per-step cost, and the
guarantee of ``TerminateIllegalWrapper`` as the option ``illegal_action="terminate"``.
"""
from __future__ import annotations

import math
import warnings
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..errors import (ActionOutOfBoundsError, ConfigError, IllegalActionError, PositionError,
                      ResetNeededError, StateFormatError, show)
from .rules import Game, State, illegal_action_message

STATE_FORMAT = "hustings-state"
STATE_FORMAT_VERSION = 1
REWARD_MODES = ("win", "score")
ILLEGAL_MODES = ("raise", "terminate")


def check_reward_options(reward, illegal_action, illegal_penalty) -> None:
    """The checks of the options every env of a game shares (AEC, parallel, vector): a
    :class:`~hustings.errors.ConfigError` naming the bad one."""
    if reward not in REWARD_MODES:
        raise ConfigError(f"reward={show(reward)} is invalid; expected one of {REWARD_MODES}")
    if illegal_action not in ILLEGAL_MODES:
        raise ConfigError(f"illegal_action={show(illegal_action)} is invalid; expected one of {ILLEGAL_MODES}")
    if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, (int, float)) \
            or not _finite(illegal_penalty):
        raise ConfigError(f"illegal_penalty={show(illegal_penalty)} is invalid; expected a finite number")


def _finite(value) -> bool:
    """Whether the number ``value`` is a finite float (not nan, not +-inf, not an int beyond the floats)."""
    try:
        return math.isfinite(value)
    except OverflowError:
        return False


def _zero_mask(n: int) -> np.ndarray:
    mask = np.zeros(n, dtype=np.int8)
    mask.flags.writeable = False
    return mask


class HustingsEnv(AECEnv):
    """PettingZoo AEC env over a hustings :class:`~hustings.core.rules.Game`.

    Args:
        num_players: seats at the table (``game_class.default_players`` when omitted).
        render_mode: ``None``, ``"human"`` (print) or ``"ansi"`` (return the text).
        reward: ``"win"`` (default; at game end +1 for each winner, -1 for the others, 0 for all when the
            game is truncated without a winner) or ``"score"`` (each step, every player's change in the
            game's own score, e.g. tribes or VP; nothing extra at the end).
        illegal_action: ``"raise"`` (default; :class:`IllegalActionError`, state unchanged) or
            ``"terminate"`` (the game ends; the offender gets ``illegal_penalty``, the others 0, and
            ``info["illegal_action"]`` is set).
        illegal_penalty: reward of the offender under ``illegal_action="terminate"``.
        events: record the game's event log (default ``True``: :meth:`events`, :meth:`new_events`, ``render``);
            ``False`` skips it (training does: a few per cent of a step).
        **options: the game's variant options (see the game's ``OPTIONS``).

    Agents are ``player_0`` .. ``player_{n-1}``, in seat order. Observations are dicts with
    ``observation`` (``float32`` vector) and ``action_mask`` (``int8``, all zeros for agents not to move);
    the mask is mirrored in ``info["action_mask"]``.
    """

    game_class: ClassVar[type[Game]]
    default_players: ClassVar[int] = 2
    metadata: ClassVar[dict] = {"name": "hustings", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(self, num_players: int | None = None, render_mode: str | None = None, reward: str = "win",
                 illegal_action: str = "raise", illegal_penalty: float = -1.0, events: bool = True, **options: Any):
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ConfigError(f"render_mode={render_mode!r} is invalid; expected None, 'human' or 'ansi'")
        check_reward_options(reward, illegal_action, illegal_penalty)
        if not isinstance(events, bool):
            raise ConfigError(f"events={events!r} is invalid; expected True or False")
        self.record_events = events
        self.game: Game = self.game_class(self.default_players if num_players is None else num_players, **options)
        self.render_mode = render_mode
        self.reward_mode = reward
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)

        n = self.game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        self._zero = _zero_mask(self.game.num_actions)
        self._action_space = spaces.Discrete(self.game.num_actions)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.game.observation_size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.game.num_actions,), np.int8),
        })
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self._state_space = None
        self._state: State | None = None

    # --- spaces ----------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Dict:
        """``Dict(observation=Box(float32), action_mask=Box(0, 1, int8))``, the same object for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete(game.num_actions)``, the same object for every agent."""
        return self._action_space

    # --- lifecycle ---------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Start a game. ``options`` may hold ``deal`` (a custom opening deal), ``position`` (any point of play,
        in the format of the game's RULES.md "Positions"; what it leaves out is filled from ``seed``) or ``state``
        (a dict from :meth:`save_state`); other keys are ignored."""
        # Other keys are ignored, as Gymnasium and PettingZoo envs do (PettingZoo's api_test resets with one).
        options = options or {}
        if "state" in options:
            self.load_state(options["state"])
            return
        if "position" in options:
            position = options["position"]
            if not isinstance(position, dict):
                raise PositionError(f"{self.game.name}: position must be a dict, got {type(position).__name__}")
            self._install(self.game.state_from_position(position, seed=seed))
            return
        self._install(self.game.new_initial_state(seed=seed, deal=options.get("deal")))

    def _install(self, state: State) -> None:
        state.record_events = self.record_events
        if not self.record_events:
            state.event_log = []  # what the constructor logged before the flag reached it
        self._state = state
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {"action_mask": self._zero} for a in self.agents}
        self._rewards_dirty = False
        self._skip_agent_selection = None
        self._scores = list(state.scores())
        self._score_version = state.score_version
        self._mover = None
        self._mask = self._zero
        self._events_mark = 0
        if state.is_terminal():
            self._finish()
        else:
            self._select_next()
        if self.render_mode == "human":
            self.render()

    def _select_next(self) -> None:
        st = self._state
        if self._mover is not None:
            self.infos[self._mover]["action_mask"] = self._zero
        agent = self.possible_agents[st.current_player()]
        self._mask = st.legal_mask()
        self.infos[agent]["action_mask"] = self._mask
        self._mover = self.agent_selection = agent

    def _finish(self, rewards: list[float] | None = None, info: dict | None = None) -> None:
        st = self._state
        if rewards is None and self.reward_mode == "win":
            rewards = st.returns()
        if rewards is not None:
            for agent, r in zip(self.possible_agents, rewards):
                self.rewards[agent] = float(r)
                self._cumulative_rewards[agent] += float(r)
            self._rewards_dirty = True
        done = self.truncations if (st.truncated and info is None) else self.terminations
        for agent in self.agents:
            done[agent] = True
            self.infos[agent] = {"action_mask": self._zero, **(info or {})}
        self._mover = None
        self._mask = self._zero
        self.agent_selection = self.agents[0]

    # --- the hot path ------------------------------------------------------------------------------
    def step(self, action: Any) -> None:
        """Apply the current agent's action. Terminated agents must step ``None``."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before step()")
        if not self.agents:  # as PettingZoo's own envs: a warning, and nothing changes
            warnings.warn(f"{self.game.name}: step() called after every agent is done (the game is over); call "
                          f"reset() first", UserWarning, stacklevel=2)
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if type(action) is not int:
            action = self._coerce_action(action)
        if not 0 <= action < self.game.num_actions:
            raise ActionOutOfBoundsError(
                f"{self.game.name}: action {action} for {agent} is out of bounds; expected an int in "
                f"0..{self.game.num_actions - 1}")
        if not self._mask[action]:
            self._illegal(agent, action)
            return
        self._cumulative_rewards[agent] = 0.0
        if self._rewards_dirty:
            self._clear_rewards()
            self._rewards_dirty = False
        st = self._state
        self._events_mark = len(st.event_log)
        st.apply_unchecked(action)
        if self.reward_mode == "score" and st.score_version != self._score_version:
            self._reward_score_change()
        if st.is_terminal():
            self._finish()
        else:
            self._select_next()
        if self.render_mode == "human":
            self.render()

    def _coerce_action(self, action: Any) -> int:
        if isinstance(action, np.ndarray) and action.shape in ((), (1,)) and np.issubdtype(action.dtype, np.integer):
            return int(action.reshape(()))
        if isinstance(action, np.integer):
            return int(action)
        raise ActionOutOfBoundsError(
            f"{self.game.name}: action {action!r} ({type(action).__name__}) for {self.agent_selection} is not "
            f"an integer; expected an int in 0..{self.game.num_actions - 1} (or None for a finished agent)")

    def _reward_score_change(self) -> None:
        st = self._state
        new = st.scores()
        for i, agent in enumerate(self.possible_agents):
            delta = float(new[i] - self._scores[i])
            self.rewards[agent] = delta
            self._cumulative_rewards[agent] += delta
        self._scores = list(new)
        self._score_version = st.score_version
        self._rewards_dirty = True

    def _illegal(self, agent: str, action: int) -> None:
        message = illegal_action_message(self._state, action, who=agent)
        if self.illegal_action == "raise":
            raise IllegalActionError(message)
        self._cumulative_rewards[agent] = 0.0
        rewards = [0.0] * self.game.num_players
        rewards[self._seat[agent]] = self.illegal_penalty
        self._finish(rewards, info={"illegal_action": True, "illegal_message": message})

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation (a fresh array: safe to keep) and action mask (all zeros unless it moves)."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before observe()/last()")
        seat = self._seat[agent]
        return {"observation": self._state.observation(seat),
                "action_mask": self._mask if agent == self._mover else self._zero}

    def last(self, observe: bool = True):
        """``(observation, cumulative reward, terminated, truncated, info)`` of the agent to act."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before last()")
        if not self.agents:
            raise ResetNeededError(f"{self.game.name}: last() called after every agent is done (the game is over); "
                                   f"call reset() first")
        return super().last(observe)

    def action_mask(self) -> np.ndarray:
        """The current agent's action mask (what ``sb3_contrib`` and vectorised wrappers ask for)."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before action_mask()")
        return self._mask

    def teams(self) -> list[list[str]]:
        """Who wins together, as agent names (the rules state's :meth:`~hustings.core.rules.State.teams`): one
        agent per team unless the game has parties that win jointly."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before teams()")
        return [[self.possible_agents[p] for p in team] for team in self._state.teams()]

    @property
    def state_space(self) -> spaces.Box:
        """The space of :meth:`state` (a float32 vector; its size depends on the table size and options)."""
        if self._state_space is None:
            size = (self._state or self.game.new_initial_state(seed=0)).global_observation().shape
            self._state_space = spaces.Box(-np.inf, np.inf, size, np.float32)
        return self._state_space

    def state(self) -> np.ndarray:
        """The global state (every player's private information too), for centralised critics."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before state()")
        return self._state.global_observation()

    # --- events ------------------------------------------------------------------------------------
    def events(self, agent: str | None = None, since: int = 0) -> list[dict]:
        """The game's event log from index ``since`` on (tricks won, rounds scored, bills passed, elections, ...;
        each a dict with a ``type``), as ``agent`` saw it: only what that seat may see. ``agent=None`` is the
        omniscient view, with what seats saw privately under ``"private"``."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before events()")
        return self._state.events(None if agent is None else self._seat[agent], since)

    def new_events(self, agent: str | None = None) -> list[dict]:
        """The events of the last :meth:`step` (all since ``reset`` right after a reset), as ``agent`` saw them."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before new_events()")
        return self._state.events(None if agent is None else self._seat[agent], self._events_mark)

    # --- rendering ---------------------------------------------------------------------------------
    def render(self) -> str | None:
        """The whole table as text: printed (``human``) or returned (``ansi``); ``None`` without a render mode."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before render()")
        if self.render_mode is None:  # as PettingZoo's own envs
            warnings.warn(f"{self.game.name}: render() called without a render mode; make the env with "
                          f"render_mode='ansi' (returns the text) or 'human' (prints it)", UserWarning, stacklevel=2)
            return None
        text = self._state.render()
        latest = self._state.events(None, self._events_mark)
        if latest:
            text += "\n" + "\n".join("> " + self.game.describe_event(e) for e in latest)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release (no windows, no processes)."""

    # --- access, save and load ---------------------------------------------------------------------
    @property
    def game_state(self) -> State:
        """The rules-module state (read it; change it only through ``step``)."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before game_state")
        return self._state

    def action_name(self, action: int) -> str:
        """Human-readable name of action id ``action`` (e.g. ``"play 5S"``)."""
        return self.game.action_name(action)

    def save_state(self) -> dict:
        """The whole game as JSON-able data; ``load_state`` (or ``reset(options={"state": ...})``) continues it."""
        if self._state is None:
            raise ResetNeededError(f"{self.game.name}: call reset() before save_state()")
        return {"format": STATE_FORMAT, "version": STATE_FORMAT_VERSION, "config": self.game.config(),
                "state": self._state.to_json(), "events": self._state.events_to_json()}

    def load_state(self, data: dict) -> None:
        """Continue the game saved by :meth:`save_state` (checked: format, version, game config, contents)."""
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise StateFormatError(f"{self.game.name}: not a saved hustings state (expected format {STATE_FORMAT!r})")
        if data.get("version") != STATE_FORMAT_VERSION:
            raise StateFormatError(
                f"{self.game.name}: saved state version {data.get('version')!r}, expected {STATE_FORMAT_VERSION}")
        if data.get("config") != self.game.config():
            raise StateFormatError(
                f"saved state is for {data.get('config')!r}, but this env is {self.game.config()!r}")
        if not isinstance(data.get("state"), dict):
            raise StateFormatError(f"{self.game.name}: saved state has no 'state' dict (expected the rules state)")
        state = self.game.state_from_json(data["state"])
        if "events" in data:
            state.events_from_json(data["events"])
        self._install(state)
        self._events_mark = len(state.event_log)


def env_class(info, doc: str = "") -> type[HustingsEnv]:
    """The AEC env class (PettingZoo's ``raw_env``) of the game declared by ``info`` (a
    :class:`~hustings.core.info.GameInfo`): :class:`HustingsEnv` over its ``game_class``, with its default size and
    its versioned name in ``metadata``. ``doc`` adds the game's own notes (its options) to the docstring."""
    namespace = {
        "game_class": info.game_class,
        "default_players": info.default_players,
        "metadata": {"name": info.env_id, "render_modes": ["human", "ansi"], "is_parallelizable": False},
        "__doc__": (f"{info.title} as a PettingZoo AEC env (see :class:`hustings.core.env.HustingsEnv` for the "
                    f"arguments). Default {info.default_players} players.\n\n{doc}").rstrip(),
        "__module__": f"hustings.{info.name}",
        "__qualname__": "raw_env",
    }
    return type("raw_env", (HustingsEnv,), namespace)
