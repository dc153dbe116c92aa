"""Self-play for single-agent RL libraries: one learner seat in a hustings AEC env, the other seats played inside.

:class:`SelfPlayEnv` is a ``gymnasium.Env``: each episode (one whole game) the learner takes a random seat and every
other seat gets an opponent drawn from the pool (scripted bots by weight, and frozen snapshots of the learner).
``step`` plays the learner's action, then the opponents' actions until the learner is to move again or the game is
over. The reward is the learner's own seat's reward summed over all those actions, so a game that ends while
others move still pays the learner. ``action_masks()`` is a method of the env itself, which is what
sb3-contrib's MaskablePPO asks every (sub-process) env for.

Team games (Politix's parties; Prime Minister's Scenario 4 with 4 players, Conservatives against Liberals): the
learner's *partners* (the other seats of its team, ``State.team_of``) are played either by pool bots like the
opponents (``partners="pool"``) or by the learner itself (``partners="self"``): then every decision of the party is a
learner decision, ``step`` stops whenever any seat of the party is to move, and the observation and the mask are
that seat's (``acting_seat``). Either way the reward is the learner's seat's, which in these games is its party's
result (every member gets the party's +1/-1).

Games with a compiled batched engine and compiled scripted bots train on
:class:`~hustings.training.batched.BatchedSelfPlayVecEnv` instead (``vec_env: auto``, the default, picks it where it
applies; :func:`make_vec_env`): the same episodes, all games stepped in one call.

:class:`MaskCacheVecEnv` saves that extra round trip to the workers: the env also puts its mask in ``info``, and
the wrapper answers ``env_method("action_masks")`` from the last step's infos.
"""
from __future__ import annotations

import weakref
from typing import Any

import gymnasium as gym
import numpy as np

import hustings
from hustings.core.bots import Bot
from hustings.errors import ConfigError

from .config import TrainConfig
from .league import draw_snapshot, snapshot_probabilities
from .policy import NumpyPolicy, PolicyBot

PARTNERS = ("pool", "self")


def team_of(state, seat: int) -> list[int]:
    """The seats of ``seat``'s team, ``seat`` included, in seat order: the rules state's own
    :meth:`~hustings.core.rules.State.team_of` (``[seat]`` in games without parties)."""
    return state.team_of(seat)


class LegalDiscrete(gym.spaces.Discrete):
    """A ``Discrete`` action space whose :meth:`sample` without a mask draws a *legal* action of its env's current
    position (the env's ``action_masks()``), so generic tools that step with ``action_space.sample()`` (SB3's
    ``check_env``, random-action smoke loops) play legal games. Everything else is plain ``Discrete``: it equals a
    ``Discrete(n)``, and pickling (sub-process workers, saved models) drops the link to the env."""

    def __init__(self, n: int, env: "SelfPlayEnv | None" = None, seed: int | None = None):
        super().__init__(n, seed=seed)
        self._env = weakref.ref(env) if env is not None else None

    def sample(self, mask: np.ndarray | None = None, probability: np.ndarray | None = None) -> np.int64:
        """A uniformly random legal action (or, given ``mask``/``probability``, what ``Discrete.sample`` draws)."""
        env = self._env() if self._env is not None else None
        if mask is None and probability is None and env is not None:
            mask = env.action_masks().astype(np.int8)
        return super().sample(mask=mask, probability=probability)

    def __getstate__(self) -> dict:
        state = dict(self.__dict__)
        state["_env"] = None
        return state

    def __setstate__(self, state) -> None:
        state = dict(state)
        state.setdefault("_env", None)
        super().__setstate__(state)


class SelfPlayEnv(gym.Env):
    """The learner's view of a multi-player hustings game.

    Args:
        game: registered game name.
        num_players: seats (the game's default when ``None``).
        game_options: the game's variant options.
        reward_mode: the AEC env's reward, ``"win"`` or ``"score"``.
        shaping: extra reward per point of the learner's score change minus the mean change of the others.
        scripted: scripted-bot name -> pool weight.
        snapshot_weight: pool weight of all snapshots together (used once there are snapshots).
        deterministic_snapshots: snapshots play argmax instead of sampling.
        partners: in team games, who plays the learner's partners: ``"pool"`` (bots drawn like the opponents) or
            ``"self"`` (the learner: its policy acts for every seat of its party). No effect without parties.

    ``reset(options=...)`` accepts ``deal`` (the game's custom deal), ``seat`` (the learner's seat) and
    ``opponents`` (one bot per seat the learner does not play, in seat order: scripted names or
    :class:`~hustings.core.bots.Bot` objects; with ``partners="self"`` that is the seats outside its party).
    ``seat`` stays the learner's own seat for the episode; ``acting_seat`` is the seat whose decision is asked now
    (``team`` lists the seats the learner plays).
    """

    metadata = {"render_modes": []}

    def __init__(self, game: str, num_players: int | None = None, game_options: dict | None = None,
                 reward_mode: str = "win", shaping: float = 0.0, scripted: dict[str, float] | None = None,
                 snapshot_weight: float = 0.0, deterministic_snapshots: bool = False, mask_in_info: bool = True,
                 partners: str = "pool"):
        super().__init__()
        if partners not in PARTNERS:
            raise ValueError(f"partners={partners!r} is invalid; expected one of {', '.join(PARTNERS)}")
        self.partners = partners
        self.mask_in_info = mask_in_info  # sub-process workers send masks back in info; in-process envs need not
        self.aec = hustings.make(game, num_players=num_players, reward=reward_mode, events=False, **(game_options or {}))
        self.game_name = game
        self.n = self.aec.game.num_players
        self.agents = self.aec.possible_agents
        self.observation_space = gym.spaces.Box(-np.inf, np.inf, (self.aec.game.observation_size,), np.float32)
        self.action_space = LegalDiscrete(self.aec.game.num_actions, self)
        self.shaping = float(shaping)
        scripted = {"random": 1.0} if scripted is None else scripted
        self._scripted_names = [k for k, w in scripted.items() if w > 0]
        self._scripted_weights = [float(scripted[k]) for k in self._scripted_names]
        # One bot object per (name, seat): bots may keep per-game state.
        self._bots = {(name, s): hustings.make_bot(game, name) for name in self._scripted_names for s in range(self.n)}
        self.snapshot_weight = float(snapshot_weight)
        self.deterministic_snapshots = deterministic_snapshots
        self._snapshots: list[NumpyPolicy] = []
        self._snapshot_names: list[str] | None = None
        self._snapshot_p: np.ndarray | None = None  # draw probabilities within the pool (None: uniform)
        self.seat = self.acting_seat = 0
        self.team = [0]
        self.learner = self.agents[0]
        self.opponents: list[Bot | None] = [None] * self.n
        self.opponent_names: list[str] = [""] * self.n

    # --- the pool --------------------------------------------------------------------------------------------
    def set_snapshots(self, arrays: list[list[np.ndarray]], activation: str, names: list[str] | None = None,
                      weights: list[float] | None = None) -> int:
        """Replace the frozen snapshots (each as ``NumpyPolicy.to_arrays()``); returns how many there are.
        ``names``: what ``opponent_names`` (and the ``opponents`` of a finished game's info) call each (default
        ``snapshot{k}``); ``weights``: how often each is drawn (see :meth:`set_snapshot_weights`; default alike)."""
        if names is not None and len(names) != len(arrays):
            raise ConfigError(f"set_snapshots: {len(names)} names for {len(arrays)} snapshots; expected one each")
        self._snapshots = [NumpyPolicy.from_arrays(a, activation) for a in arrays]
        self._snapshot_names = None if names is None else [str(x) for x in names]
        self.set_snapshot_weights(weights)
        return len(self._snapshots)

    def set_snapshot_weights(self, weights: list[float] | None) -> int:
        """How often each snapshot is drawn when the pool gives a seat to a snapshot: relative ``weights`` (one
        per snapshot, >= 0, not all 0), or ``None`` for each alike; returns how many snapshots there are."""
        self._snapshot_p = snapshot_probabilities(weights, len(self._snapshots))
        return len(self._snapshots)

    def _draw_opponent(self, seat: int) -> tuple[Bot, str]:
        names = list(self._scripted_names)
        weights = list(self._scripted_weights)
        if self._snapshots and self.snapshot_weight > 0:
            names.append("snapshot")
            weights.append(self.snapshot_weight)
        w = np.asarray(weights) / sum(weights)
        name = names[int(self.np_random.choice(len(names), p=w))]
        if name == "snapshot":
            k = draw_snapshot(self.np_random, len(self._snapshots), self._snapshot_p)
            label = f"snapshot{k}" if self._snapshot_names is None else self._snapshot_names[k]
            return PolicyBot(self._snapshots[k], deterministic=self.deterministic_snapshots), label
        return self._bots[(name, seat)], name

    # --- gymnasium API -----------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        options = dict(options or {})
        rng = self.np_random
        self.seat = int(options["seat"]) if "seat" in options else int(rng.integers(self.n))
        self.learner = self.agents[self.seat]
        aec_options = {"deal": options["deal"]} if "deal" in options else None
        if self.partners == "self":  # the party is known once the game is dealt (Prime Minister draws politicians)
            self.aec.reset(seed=int(rng.integers(2**31)), options=aec_options)
            self.team = team_of(self.aec.game_state, self.seat)
        else:
            self.team = [self.seat]
        given = options.get("opponents")
        others = [s for s in range(self.n) if s not in self.team]
        if given is not None and len(given) != len(others):
            raise ValueError(f"reset: {len(given)} opponents for {len(others)} seats the learner does not play; "
                             f"expected one per seat")
        self.opponents = [None] * self.n
        self.opponent_names = ["learner"] * self.n
        for i, s in enumerate(others):
            if given is not None:
                bot = given[i]
                bot, name = (hustings.make_bot(self.game_name, bot), bot) if isinstance(bot, str) else (bot, repr(bot))
            else:
                bot, name = self._draw_opponent(s)
            bot.reset(int(rng.integers(2**31)))
            self.opponents[s], self.opponent_names[s] = bot, name
        if self.partners != "self":
            self.aec.reset(seed=int(rng.integers(2**31)), options=aec_options)
        self.acting_seat = self.seat
        self._scores = list(self.aec.game_state.scores())
        self._version = self.aec.game_state.score_version
        _, done = self._play_others()  # games end only after every seat has moved, so done is False here
        return self._obs(), self._info(done)

    def step(self, action):
        self.aec.step(int(action))
        reward = self._reward_of_last_step()
        more, done = self._play_others()
        reward += more
        if done:
            aec = self.aec
            terminated = bool(aec.terminations[self.learner])
            truncated = bool(aec.truncations[self.learner])
        else:
            terminated = truncated = False
        return self._obs(), reward, terminated, truncated, self._info(done)

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions (what MaskablePPO asks for)."""
        return self.aec.action_mask().astype(bool)

    # --- inside ------------------------------------------------------------------------------------------------
    def _reward_of_last_step(self) -> float:
        aec = self.aec
        r = aec.rewards[self.learner]
        if self.shaping:
            st = aec.game_state
            if st.score_version != self._version:
                new = st.scores()
                delta = [new[p] - self._scores[p] for p in range(self.n)]
                others = sum(delta) - delta[self.seat]
                r += self.shaping * (delta[self.seat] - others / (self.n - 1))
                self._scores, self._version = list(new), st.score_version
        return float(r)

    def _play_others(self) -> tuple[float, bool]:
        """Opponents move until it is the learner's turn or the game is over; the learner's reward meanwhile."""
        aec = self.aec
        reward = 0.0
        while True:
            agent = aec.agent_selection
            if aec.terminations[agent] or aec.truncations[agent]:
                return reward, True
            seat = aec._seat[agent]
            if self.opponents[seat] is None:  # the learner's seat, or a partner's it plays itself
                self.acting_seat = seat
                return reward, False
            aec.step(self.opponents[seat].act(aec.game_state, seat))
            reward += self._reward_of_last_step()

    def _obs(self) -> np.ndarray:
        return self.aec.game_state.observation(self.acting_seat)

    def _info(self, done: bool) -> dict[str, Any]:
        info: dict[str, Any] = {"seat": self.seat, "acting_seat": self.acting_seat}
        if self.mask_in_info:
            info["action_mask"] = self.action_masks()
        if done:
            st = self.aec.game_state
            winners = st.winners()
            info["winners"] = winners
            info["win_share"] = (1.0 / len(winners)) if self.seat in winners else 0.0
            info["scores"] = list(st.scores())
            info["opponents"] = list(self.opponent_names)
        return info


def make_env_fn(cfg: TrainConfig, rank: int, mask_in_info: bool = True):
    """A picklable factory for vectorised envs (``SubprocVecEnv`` pickles it into the worker): it holds the
    env's arguments from ``cfg`` as plain values, not the config."""
    opp = cfg.opponents
    kwargs = {"game": cfg.game, "num_players": cfg.num_players, "game_options": dict(cfg.game_options),
              "reward_mode": cfg.reward.mode, "shaping": cfg.reward.shaping, "scripted": dict(opp.scripted),
              "snapshot_weight": opp.snapshots, "deterministic_snapshots": opp.deterministic,
              "mask_in_info": mask_in_info, "partners": opp.partners}

    def _make() -> SelfPlayEnv:
        return SelfPlayEnv(**kwargs)
    return _make


def vec_env_kind(cfg: TrainConfig, kind: str | None = None) -> str:
    """How ``make_vec_env`` steps the games of ``cfg``: ``"batched"``, ``"dummy"`` or ``"subproc"``; ``"auto"``
    (``cfg.vec_env``'s default) resolves to ``"batched"`` where it applies
    (:func:`hustings.training.batched.batched_support`), else ``"dummy"``. ``"batched"`` where it does not apply is
    a :class:`~hustings.errors.ConfigError` saying why."""
    kind = cfg.vec_env if kind is None else kind
    if kind not in ("auto", "batched"):
        return kind
    from .batched import batched_support

    why = batched_support(cfg.game, cfg.opponents.scripted, cfg.num_players, cfg.game_options)
    if why is None:
        return "batched"
    if kind == "batched":
        raise ConfigError(f"vec_env: batched: {why}; use vec_env: auto or dummy")
    return "dummy"


def make_vec_env(cfg: TrainConfig, seed: int, n_envs: int | None = None, kind: str | None = None):
    """``n_envs`` self-play games, monitored (``VecMonitor``): all in one :class:`BatchedSelfPlayVecEnv
    <hustings.training.batched.BatchedSelfPlayVecEnv>` (``batched``), or one :class:`SelfPlayEnv` each, vectorised
    (``dummy`` or ``subproc``) with cached masks; ``kind`` (default ``cfg.vec_env``) as :func:`vec_env_kind`
    resolves it. Game ``k`` is seeded with ``seed + k`` either way."""
    from stable_baselines3.common.vec_env import DummyVecEnv, SubprocVecEnv, VecMonitor

    n_envs = cfg.n_envs if n_envs is None else n_envs
    kind = vec_env_kind(cfg, kind)
    if kind == "batched":
        from .batched import BatchedSelfPlayVecEnv

        opp = cfg.opponents
        venv = BatchedSelfPlayVecEnv(cfg.game, n_envs, cfg.num_players, dict(cfg.game_options), cfg.reward.mode,
                                     cfg.reward.shaping, dict(opp.scripted), opp.snapshots, opp.deterministic,
                                     opp.partners, world=cfg.ppo.central_critic)
        venv.seed(seed)
        return VecMonitor(venv)
    if cfg.ppo.central_critic:
        raise ConfigError(f"ppo.central_critic needs the batched self-play env (the whole table comes from the compiled "
                          f"engine); this config steps {kind} envs: expected vec_env auto or batched, with scripted "
                          f"opponents the engine has")
    subproc = kind == "subproc" and n_envs > 1
    fns = [make_env_fn(cfg, i, mask_in_info=subproc) for i in range(n_envs)]
    if subproc:
        venv = SubprocVecEnv(fns, start_method="fork")
    else:
        venv = DummyVecEnv(fns)
    venv.seed(seed)
    return MaskCacheVecEnv(VecMonitor(venv))


def _mask_cache_base():
    from stable_baselines3.common.vec_env import VecEnvWrapper
    return VecEnvWrapper


class MaskCacheVecEnv(_mask_cache_base()):
    """Answers ``env_method("action_masks")`` from the masks the envs put in their infos (no extra round trip to
    sub-process workers); in-process envs (``DummyVecEnv``) are asked directly."""

    def reset(self):
        obs = self.venv.reset()
        self._local = getattr(self.venv.unwrapped, "envs", None)
        if self._local is not None:
            self._masks = np.stack([e.action_masks() for e in self._local])
        else:
            self._masks = np.stack([info["action_mask"] for info in self.venv.unwrapped.reset_infos])
        return obs

    def step_wait(self):
        obs, rewards, dones, infos = self.venv.step_wait()
        if self._local is not None:
            for i, e in enumerate(self._local):
                self._masks[i] = e.action_masks()
        else:
            reset_infos = self.venv.unwrapped.reset_infos
            for i, info in enumerate(infos):
                self._masks[i] = (reset_infos[i] if dones[i] else info)["action_mask"]
        return obs, rewards, dones, infos

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs):
        if method_name == "action_masks":
            idx = range(self.num_envs) if indices is None else ([indices] if isinstance(indices, int) else indices)
            return [self._masks[i].copy() for i in idx]
        return self.venv.env_method(method_name, *method_args, indices=indices, **method_kwargs)
