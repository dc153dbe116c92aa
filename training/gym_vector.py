"""One learning seat of N games as a Gymnasium vector env (``gymnasium.vector.VectorEnv``), for trainers written
to Gymnasium's vector API (CleanRL-style scripts, TorchRL's Gymnasium wrappers, your own loop).

:class:`SelfPlayVectorEnv` is :class:`~hustings.training.batched.BatchedSelfPlayVecEnv` (the compiled batched engine,
the other seats played by the game's compiled bots, all N games moved in one call) behind Gymnasium's vector API:

* ``single_observation_space`` is a ``Dict`` of ``"observation"`` (the learner's observation, ``float32``) and
  ``"action_mask"`` (``MultiBinary``, 1 = legal), as PettingZoo's classic envs give it; ``observation_space`` is its
  batch over N games. The masks are also ``infos["action_mask"]`` (``bool[N, num_actions]``) after every
  ``reset`` and ``step``, and :meth:`action_masks` (what sb3-contrib's MaskablePPO asks for).
* ``single_action_space`` is ``Discrete(num_actions)``; ``step`` takes one action per game. An illegal action
  raises :class:`~hustings.errors.IllegalActionError` and no game changes.
* ``metadata["autoreset_mode"]`` is ``AutoresetMode.SAME_STEP``: a game that ends in a step is reset in that step;
  the step returns the new game's first observation, and ``infos["final_obs"]`` / ``infos["final_info"]`` (with
  ``infos["_final_obs"]`` saying which games ended) hold the ended game's last observation and info (its
  ``win_share``, ``scores``, ``opponents``).
* ``reset(seed=s)`` seeds game ``k`` with ``s + k`` (or ``seed=[s0, s1, ...]``, one per game): the same seeds play
  the same games. ``terminated`` is a game's end, ``truncated`` a cut-off by a turn limit.

Games without compiled bots (Prime Minister) run the same API over N Python
:class:`~hustings.training.selfplay.SelfPlayEnv` in one process (``backend == "python"``, slower).
"""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium.vector import AutoresetMode

from hustings import registry
from hustings.errors import ConfigError


class SelfPlayVectorEnv(gym.vector.VectorEnv):
    """``num_envs`` games of ``game`` in which the learner holds one seat (drawn per game) and the other seats are
    played by the scripted bots named in ``opponents`` (names -> weights, drawn per seat and game; default
    ``{"heuristic": 1.0}``), as a ``gymnasium.vector.VectorEnv``. ``reward_mode`` ``"win"`` (the learner's share of
    the win at the end) or ``"score"``; ``backend`` ``"auto"`` (the batched engine where the game has compiled bots,
    else Python envs), ``"batched"`` or ``"python"``."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game: str, num_envs: int, num_players: int | None = None,
                 opponents: dict[str, float] | None = None, reward_mode: str = "win",
                 game_options: dict | None = None, backend: str = "auto"):
        from .batched import BatchedSelfPlayVecEnv, batched_support

        if backend not in ("auto", "batched", "python"):
            raise ConfigError(f"backend={backend!r} is invalid; expected 'auto', 'batched' or 'python'")
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ConfigError(f"num_envs={num_envs!r} is invalid; expected an int >= 1")
        opponents = {"heuristic": 1.0} if opponents is None else dict(opponents)
        self.game_name = registry.game_key(game)
        why = batched_support(self.game_name, opponents, num_players, game_options) if backend != "python" else ""
        if backend == "batched" and why:
            raise ConfigError(f"the batched engine cannot play {self.game_name} here: {why}")
        self.backend = "batched" if not why else "python"
        if self.backend == "batched":
            self.venv = BatchedSelfPlayVecEnv(self.game_name, int(num_envs), num_players, game_options, reward_mode,
                                              scripted=opponents)
        else:
            from stable_baselines3.common.vec_env import DummyVecEnv

            from .selfplay import SelfPlayEnv

            def make(k: int):
                return lambda: SelfPlayEnv(self.game_name, num_players, game_options, reward_mode,
                                           scripted=opponents)

            self.venv = DummyVecEnv([make(k) for k in range(int(num_envs))])
        self.num_envs = int(num_envs)
        rules = registry.make_game(self.game_name, num_players, game_options or {})
        self.num_players, self.num_actions = rules.num_players, int(rules.num_actions)
        size = int(rules.observation_size)
        self.single_observation_space = gym.spaces.Dict({
            "observation": gym.spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": gym.spaces.MultiBinary(self.num_actions)})
        self.single_action_space = gym.spaces.Discrete(self.num_actions)
        self.observation_space = gym.vector.utils.batch_space(self.single_observation_space, self.num_envs)
        self.action_space = gym.vector.utils.batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self.closed = False
        self._masks = np.zeros((self.num_envs, self.num_actions), dtype=bool)

    # --- the vector API ------------------------------------------------------------------------------------------
    def reset(self, *, seed: int | list[int] | None = None, options: dict | None = None):
        """The first observation of N new games and their infos (``seat``, ``action_mask``)."""
        if seed is not None:
            if isinstance(seed, (int, np.integer)):
                seeds = [int(seed) + k for k in range(self.num_envs)]
            else:
                seeds = [None if s is None else int(s) for s in seed]
                if len(seeds) != self.num_envs:
                    raise ConfigError(f"reset(seed=[...]) takes one seed per game ({self.num_envs}); got "
                                      f"{len(seeds)}")
            self.venv._seeds = seeds  # what VecEnv.seed() sets: used by the next reset, game k its own seed
        if options:
            raise ConfigError(f"reset(options=...) is not supported by SelfPlayVectorEnv; got {sorted(options)}")
        obs = self.venv.reset()
        infos: dict[str, Any] = {}
        for k, info in enumerate(getattr(self.venv, "reset_infos", [{}] * self.num_envs)):
            infos = self._add_info(infos, dict(info), k)
        return self._observation(obs), self._with_masks(infos)

    def step(self, actions):
        """One learner move in every game (then the other seats' moves until each game waits for the learner
        again): ``(observations, rewards, terminated, truncated, infos)``."""
        obs, rewards, dones, sb3_infos = self.venv.step(np.asarray(actions).reshape(self.num_envs))
        truncated = np.array([bool(i.get("TimeLimit.truncated", False)) for i in sb3_infos]) & dones
        terminated = dones & ~truncated
        infos: dict[str, Any] = {}
        final_obs = np.full(self.num_envs, None, dtype=object)
        final_info = np.full(self.num_envs, None, dtype=object)
        for k, info in enumerate(sb3_infos):
            info = dict(info)
            last = info.pop("terminal_observation", None)
            info.pop("TimeLimit.truncated", None)
            info.pop("action_mask", None)
            if dones[k]:
                final_obs[k] = {"observation": np.asarray(last, dtype=np.float32),
                                "action_mask": np.zeros(self.num_actions, dtype=np.int8)}
                final_info[k] = info
            else:
                infos = self._add_info(infos, info, k)
        if dones.any():
            infos.update({"final_obs": final_obs, "_final_obs": dones.copy(), "final_info": final_info,
                          "_final_info": dones.copy()})
        return (self._observation(obs), rewards.astype(np.float64), terminated, truncated,
                self._with_masks(infos))

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions in every game, ``bool[N, num_actions]`` (a copy)."""
        return self._masks.copy()

    def close_extras(self, **kwargs) -> None:
        """Close the games (nothing to close when the constructor refused its arguments)."""
        venv = getattr(self, "venv", None)
        if venv is not None:
            venv.close()

    # --- helpers ---------------------------------------------------------------------------------------------------
    def _observation(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        if self.backend == "batched":
            self._masks[:] = self.venv.masks
        else:
            self._masks[:] = np.stack(self.venv.env_method("action_masks"))
        return {"observation": np.asarray(obs, dtype=np.float32), "action_mask": self._masks.astype(np.int8)}

    def _with_masks(self, infos: dict) -> dict:
        infos["action_mask"] = self._masks.copy()
        infos["_action_mask"] = np.ones(self.num_envs, dtype=bool)
        return infos


__all__ = ["SelfPlayVectorEnv"]
