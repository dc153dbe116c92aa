"""Self-play on a batched engine: N games in one SB3 ``VecEnv``, stepped together.

:class:`BatchedSelfPlayVecEnv` is what :class:`~hustings.training.selfplay.SelfPlayEnv` in a ``DummyVecEnv`` is,
for a game with a compiled batched engine (:mod:`hustings.vector`): each of its N games is one learner's game, the
learner in a seat drawn per episode and the other seats held by opponents drawn from the pool per episode, with the
same rewards, episode ends, infos and masks. But where the ``DummyVecEnv`` steps its games one by one in Python,
here one call moves every game: the learner's actions go to the engine in one ``apply``, and the other seats move
in rounds, each round one move in every game whose mover is not the learner's, until every game waits for the
learner again:

* seats of the scripted bots are played by the game's compiled bots (``hustings.<game>.engine.BatchBots``,
  move for move the Python bots of ``bots.py``), all games in one call;
* seats of frozen snapshots of the learner are played by one forward pass per snapshot over all the games whose
  mover that snapshot is.

Equivalence. With the same seed, game ``k`` draws what ``SelfPlayEnv`` ``k`` of a ``DummyVecEnv`` seeded alike
draws, from the same kind of generator in the same order (its own ``np_random``, seeded with ``seed + k`` at the
first ``reset``): the learner's seat, each opponent (and a snapshot's index), each opponent's bot seed, the game's
seed. The compiled bots play the Python bots' moves for the same bot seeds; a stochastic snapshot draws from
``numpy.random.default_rng(bot seed)``, one ``random()`` per decision, as ``PolicyBot`` does. So both envs play
the same games for the same learner actions (up to the last bits of a batched matrix product against a single-row
one in a snapshot's logits); the tests step both side by side.

Two things ``SelfPlayEnv`` offers that this env does not: Python :class:`~hustings.core.bots.Bot` objects as
opponents (``reset`` options name compiled bots only), and a ``LegalDiscrete`` action space (the space is a plain
``Discrete``; sample legal actions from :meth:`action_masks`).

Illegal learner actions are refused as ``SelfPlayEnv`` refuses them: an action out of range raises
:class:`~hustings.errors.ActionOutOfBoundsError`, an illegal one :class:`~hustings.errors.IllegalActionError`,
naming the game; all N actions are checked before any is applied, so no game changes.

The batched engine interface has no call that moves only some games; the env moves a subset by marking the others'
``player`` as over (``-1``) for the length of one ``apply``, which the interface leaves alone, and then restoring it.

:func:`compiled_bots` says whether a game has compiled bots (its compiled engine package's ``BatchBots``);
:func:`batched_support` whether a config can run on this env (``hustings train`` picks it then: ``vec_env: auto``).
"""
from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from hustings import registry
from hustings.errors import ActionOutOfBoundsError, CheckpointError, ConfigError, IllegalActionError
from hustings.vector import engine_class

from hustings.evaluation.batch_play import compiled_bots
from .policy import NumpyPolicy
from .league import draw_snapshot, snapshot_probabilities

PARTNERS = ("pool", "self")


def _vec_env_base():
    from stable_baselines3.common.vec_env import VecEnv
    return VecEnv


def batched_support(game: str, scripted: dict[str, float], num_players: int | None = None,
                    game_options: dict | None = None) -> str | None:
    """``None`` when self-play of ``game`` against the scripted pool ``scripted`` (names -> weights) can run on
    :class:`BatchedSelfPlayVecEnv`; else why not (one line)."""
    try:
        cls = engine_class(game, "compiled")
    except ConfigError as exc:
        return str(exc)
    bots = compiled_bots(game)
    if bots is None:
        return f"{registry.info(game).name} has no compiled scripted bots"
    missing = sorted(name for name, w in scripted.items() if w > 0 and name not in bots.names)
    if missing:
        return f"no compiled version of the scripted bot(s) {', '.join(missing)} (compiled: {', '.join(bots.names)})"
    try:
        cls(registry.make_game(game, num_players, game_options or {}), 1)
    except ConfigError as exc:  # an option the compiled engine does not cover
        return str(exc)
    return None


class _one_torch_thread:
    """Torch on one thread for the snapshots' small forward passes (several threads on small products cost far
    more than they give, worst on busy cores); ``hustings train`` collects rollouts on one thread anyway."""

    def __enter__(self):
        import torch

        self.threads = torch.get_num_threads()
        if self.threads != 1:
            torch.set_num_threads(1)

    def __exit__(self, *exc):
        if self.threads != 1:
            import torch

            torch.set_num_threads(self.threads)


class BatchedSelfPlayVecEnv(_vec_env_base()):
    """``num_envs`` self-play games of ``game`` on its compiled batched engine, an SB3 ``VecEnv``.

    The arguments are :class:`~hustings.training.selfplay.SelfPlayEnv`'s (``reward_mode``, ``shaping``, ``scripted``,
    ``snapshot_weight``, ``deterministic_snapshots``, ``partners``), with the number of games. ``seed(s)`` then
    ``reset()`` seeds game ``k`` with ``s + k`` as a ``DummyVecEnv`` seeds its envs; ``set_options`` takes each
    game's ``seat`` (the learner's), ``opponents`` (compiled bot names, one per seat the learner does not play) and
    ``deal`` (the game's custom deal) for its next reset, as ``SelfPlayEnv.reset`` does.

    With ``world``, each observation returned is followed by the whole table (the engine's ``global_observation``:
    every hand; ``world_size`` more numbers), for a value net that sees it (``ppo.central_critic``,
    :mod:`hustings.training.critic`); the opponents' nets, snapshots included, still see only their observations.

    ``env_method`` answers ``action_masks`` (the learner's legal actions in each game, what MaskablePPO asks for) and
    ``set_snapshots``; ``get_attr`` answers ``seat``, ``acting_seat``, ``team``, ``opponent_names`` (per game) and
    the settings. :attr:`masks` is the ``bool[N, num_actions]`` array of the masks (read only).
    """

    metadata = {"render_modes": []}
    render_mode = None

    def __init__(self, game: str, num_envs: int, num_players: int | None = None, game_options: dict | None = None,
                 reward_mode: str = "win", shaping: float = 0.0, scripted: dict[str, float] | None = None,
                 snapshot_weight: float = 0.0, deterministic_snapshots: bool = False, partners: str = "pool",
                 world: bool = False):
        if partners not in PARTNERS:
            raise ValueError(f"partners={partners!r} is invalid; expected one of {', '.join(PARTNERS)}")
        if reward_mode not in ("win", "score"):
            raise ConfigError(f"reward_mode={reward_mode!r} is invalid; expected 'win' or 'score'")
        scripted = {"random": 1.0} if scripted is None else dict(scripted)
        why = batched_support(game, scripted, num_players, game_options)
        if why is not None:
            raise ConfigError(f"batched self-play of {game}: {why}")
        self.game_name = game
        self.game = registry.make_game(game, num_players, game_options or {})
        self.n = n = self.game.num_players
        N = int(num_envs)
        self.engine = engine_class(game, "compiled")(self.game, N)
        self.bots = compiled_bots(game)(self.game, N)
        self.partners = partners
        self.reward_mode = reward_mode
        self.shaping = float(shaping)
        self._scripted_names = [k for k, w in scripted.items() if w > 0]
        self._scripted_weights = [float(scripted[k]) for k in self._scripted_names]
        self._kind_of = {name: i for i, name in enumerate(self.bots.names)}
        self.snapshot_weight = float(snapshot_weight)
        self.deterministic_snapshots = deterministic_snapshots
        self.agents = [f"player_{p}" for p in range(n)]
        # world: each observation is followed by the whole table (the engine's global observation, every hand), for
        # a value net that sees it (ppo.central_critic); the opponents' nets still see only their observations
        self.world_size = 0
        if world:
            if not hasattr(self.engine, "global_observation"):
                raise ConfigError(f"{game}'s compiled engine has no global observation: a central critic needs one")
            self.world_size = int(self.game.world_size)
        self._world = np.zeros((N, self.world_size), dtype=np.float32)
        obs_space = gym.spaces.Box(-np.inf, np.inf, (self.game.observation_size + self.world_size,), np.float32)
        super().__init__(N, obs_space, gym.spaces.Discrete(self.game.num_actions))
        # per game: the generator of its draws (SelfPlayEnv's np_random), the learner's seat and team, who holds
        # each other seat (a compiled bot kind, or a snapshot policy's handle)
        self._rngs: list[np.random.Generator | None] = [None] * N
        self.seat = np.zeros(N, dtype=np.int64)
        self.acting_seat = np.zeros(N, dtype=np.int64)
        self._learner = np.zeros((N, n), dtype=bool)
        self._kinds = np.full((N, n), -1, dtype=np.int8)
        self._handles = np.full((N, n), -1, dtype=np.int64)
        self._snap_rngs: dict[tuple[int, int], np.random.Generator] = {}
        self.opponent_names: list[list[str]] = [["learner"] * n for _ in range(N)]
        self.team: list[list[int]] = [[0] for _ in range(N)]
        self._policies: dict[int, NumpyPolicy] = {}  # handle -> a snapshot some game plays or may draw
        self._pool: list[int] = []  # the handles of the snapshots in the pool now
        self._pool_names: list[str] | None = None  # their names (None: snapshot{j})
        self._pool_p: np.ndarray | None = None  # their draw probabilities (None: uniform)
        self._torch_layers: dict[int, list] = {}  # id(policy) -> its layers as torch tensors
        self._next_handle = 0
        # buffers
        self._obs = np.zeros((N, self.game.observation_size), dtype=np.float32)
        self._mask8 = np.zeros((N, self.game.num_actions), dtype=np.int8)
        self.masks = np.zeros((N, self.game.num_actions), dtype=bool)
        self._prev_scores = np.zeros((N, n), dtype=np.float64)
        self._out = np.zeros(N, dtype=np.int64)
        self._rows = np.arange(N)
        self._actions: np.ndarray | None = None
        self._started = False

    # --- the pool ----------------------------------------------------------------------------------------------
    def set_snapshots(self, arrays: list[list[np.ndarray]], activation: str, names: list[str] | None = None,
                      weights: list[float] | None = None) -> int:
        """Replace the frozen snapshots (each as ``NumpyPolicy.to_arrays()``); returns how many there are. Games in
        progress keep the snapshots they drew until they end, as ``SelfPlayEnv``'s do. ``names`` and ``weights``
        as :meth:`SelfPlayEnv.set_snapshots <hustings.training.selfplay.SelfPlayEnv.set_snapshots>` takes them."""
        if names is not None and len(names) != len(arrays):
            raise ConfigError(f"set_snapshots: {len(names)} names for {len(arrays)} snapshots; expected one each")
        self._pool_p = snapshot_probabilities(weights, len(arrays))
        self._pool_names = None if names is None else [str(x) for x in names]
        pool = []
        for a in arrays:
            handle, self._next_handle = self._next_handle, self._next_handle + 1
            self._policies[handle] = NumpyPolicy.from_arrays(a, activation)
            pool.append(handle)
        self._pool = pool
        playing = set(np.unique(self._handles[self._handles >= 0]).tolist())
        self._policies = {h: p for h, p in self._policies.items() if h in playing or h in pool}
        self._torch_layers = {key: v for key, v in self._torch_layers.items()
                              if key in {id(p) for p in self._policies.values()}}
        return len(pool)

    def set_snapshot_weights(self, weights: list[float] | None) -> int:
        """How often each snapshot is drawn (relative ``weights``, or ``None`` for each alike), as
        :meth:`SelfPlayEnv.set_snapshot_weights <hustings.training.selfplay.SelfPlayEnv.set_snapshot_weights>`."""
        self._pool_p = snapshot_probabilities(weights, len(self._pool))
        return len(self._pool)

    # --- episodes ----------------------------------------------------------------------------------------------
    def _draw_opponent(self, rng: np.random.Generator) -> tuple[str, int]:
        """SelfPlayEnv._draw_opponent's draws: (name, snapshot index or -1)."""
        names = list(self._scripted_names)
        weights = list(self._scripted_weights)
        if self._pool and self.snapshot_weight > 0:
            names.append("snapshot")
            weights.append(self.snapshot_weight)
        w = np.asarray(weights) / sum(weights)
        name = names[int(rng.choice(len(names), p=w))]
        if name == "snapshot":
            return name, draw_snapshot(rng, len(self._pool), self._pool_p)
        return name, -1

    def _start_episodes(self, envs: list[int], options: list[dict] | None = None) -> None:
        """New episodes in games ``envs``: the draws of ``SelfPlayEnv.reset`` for each, then the engine's reset, then
        the opponents move until the learner is to move (done by the caller's round loop)."""
        n, eng = self.n, self.engine
        seats, game_seeds = {}, {}
        bot_envs, bot_seats, bot_seeds = [], [], []
        opts = [dict(options[i]) if options and options[i] else {} for i in range(len(envs))]
        for opt in opts:
            given = opt.get("opponents")
            if given is not None and any(not isinstance(b, str) or b not in self._kind_of for b in given):
                raise ConfigError(f"reset: opponents {given!r}: the batched env plays compiled bots only "
                                  f"({', '.join(self.bots.names)})")

        def draw_opponents(k: int, rng, given) -> None:
            others = [s for s in range(n) if not self._learner[k, s]]
            if given is not None and len(given) != len(others):
                raise ValueError(f"reset: {len(given)} opponents for {len(others)} seats the learner does not play; "
                                 f"expected one per seat")
            for i, s in enumerate(others):
                if given is not None:
                    name, j = given[i], -1
                else:
                    name, j = self._draw_opponent(rng)
                seed = int(rng.integers(2**31))
                if j >= 0:
                    handle = self._pool[j]
                    self._handles[k, s] = handle
                    self.opponent_names[k][s] = f"snapshot{j}" if self._pool_names is None else self._pool_names[j]
                    if not self.deterministic_snapshots:
                        self._snap_rngs[(k, s)] = np.random.default_rng(seed)
                else:
                    self._kinds[k, s] = self._kind_of[name]
                    self.opponent_names[k][s] = name
                    bot_envs.append(k)
                    bot_seats.append(s)
                    bot_seeds.append(seed)

        for i, k in enumerate(envs):
            rng = self._rngs[k]
            if rng is None:
                rng = self._rngs[k] = np.random.default_rng()
            opt = opts[i]
            seat = int(opt["seat"]) if "seat" in opt else int(rng.integers(n))
            seats[k] = seat
            self.seat[k] = self.acting_seat[k] = seat
            self._kinds[k] = -1
            self._handles[k] = -1
            for s in range(n):
                self._snap_rngs.pop((k, s), None)
            self.opponent_names[k] = ["learner"] * n
            self._learner[k] = False
            self._learner[k, seat] = True
            self.team[k] = [seat]
            if self.partners == "self":
                game_seeds[k] = int(rng.integers(2**31))
            else:
                draw_opponents(k, rng, opt.get("opponents"))
                game_seeds[k] = int(rng.integers(2**31))
        ks = np.asarray(envs, dtype=np.int64)
        eng.reset(np.array([game_seeds[k] for k in envs], dtype=np.int64), ks)
        for i, k in enumerate(envs):
            if "deal" in opts[i]:
                eng.from_state(k, self.game.new_initial_state(seed=game_seeds[k], deal=opts[i]["deal"]))
        if self.partners == "self":
            for i, k in enumerate(envs):
                team = next((sorted(t) for t in eng.teams(k) if seats[k] in t), [seats[k]])
                self.team[k] = team
                self._learner[k, team] = True
                draw_opponents(k, self._rngs[k], opts[i].get("opponents"))
        if bot_envs:
            self.bots.seed(bot_envs, bot_seats, bot_seeds)
        self._prev_scores[ks] = eng.scores[ks]

    # --- moving the other seats -------------------------------------------------------------------------------
    def _apply_rows(self, actions: np.ndarray, rows: np.ndarray) -> None:
        """Apply ``actions[k]`` in the games ``rows`` (bool) only (see the module docstring)."""
        player = self.engine.player
        if rows.all():
            self.engine.apply(actions)
            return
        rest = ~rows
        saved = player[rest]
        player[rest] = -1
        try:
            self.engine.apply(actions)
        finally:
            player[rest] = saved

    def _rewards(self, rows: np.ndarray) -> np.ndarray:
        """The learner's reward for the moves just applied in games ``rows``, as SelfPlayEnv._reward_of_last_step
        computes it (0 elsewhere). Games that did not move have not changed their scores since they were last read,
        and the games over are those that ended in these moves (the others were started again before)."""
        eng = self.engine
        seat = self.seat
        if self.reward_mode == "win":
            r = np.zeros(self.num_envs, dtype=np.float64)
            ended = eng.player < 0
            if ended.any():
                r[ended] = eng.returns[ended, seat[ended]]
            if not self.shaping:
                return r
        new = eng.scores
        delta = new - self._prev_scores
        own = delta[self._rows, seat]
        if self.reward_mode == "score":
            r = own.copy()
        if self.shaping:
            others = delta.sum(axis=1) - own
            r += self.shaping * (own - others / (self.n - 1))
        self._prev_scores[:] = new
        return r

    def _opponent_actions(self, opp: np.ndarray) -> np.ndarray:
        """The moves of the opponents to move in games ``opp`` (bool), from the movers' observations and masks in
        the buffers."""
        eng = self.engine
        player = eng.player
        movers = np.where(opp, player, 0)
        out = self._out
        kinds = np.where(opp, self._kinds[self._rows, movers], -1).astype(np.int8)
        if (kinds >= 0).any():
            self.bots.act(kinds, player, self._obs, self._mask8, out)
        handles = np.where(opp, self._handles[self._rows, movers], -1)
        snap = handles >= 0
        if snap.any():
            rows = np.flatnonzero(snap)
            out[rows] = self._snapshot_moves(rows, handles[rows], movers[rows])
        return out

    def _logits(self, policy: NumpyPolicy, obs: np.ndarray) -> np.ndarray:
        """``policy.logits(obs)`` as float64, computed with torch (its threads: one while rollouts are collected)
        rather than NumPy, whose BLAS may spread a small product over busy cores at a large cost."""
        import torch

        layers = self._torch_layers.get(id(policy))
        if layers is None:
            layers = [(torch.from_numpy(w), torch.from_numpy(b)) for w, b in policy.layers]
            self._torch_layers[id(policy)] = layers
        last = len(layers) - 1
        x = torch.from_numpy(obs)  # nothing here requires gradients
        for i, (w, b) in enumerate(layers):
            x = torch.addmm(b, x, w)
            if i < last:
                x = torch.tanh(x) if policy.activation == "tanh" else torch.relu(x)
        return x.numpy().astype(np.float64)

    def _snapshot_moves(self, rows: np.ndarray, handles: np.ndarray, seats: np.ndarray) -> np.ndarray:
        """The moves of the snapshots ``handles[i]`` in games ``rows[i]`` (seats ``seats[i]``): one forward pass per
        snapshot over its games; argmax of the masked logits, or a sample as ``NumpyPolicy.act`` draws it (one
        ``random()`` of the seat's generator)."""
        obs = self._obs[rows]
        first = int(handles[0])
        if (handles == first).all():
            logits = self._logits(self._policies[first], obs)
        else:
            logits = np.empty((len(rows), self.game.num_actions), dtype=np.float64)
            for h in np.unique(handles).tolist():
                sel = handles == h
                logits[sel] = self._logits(self._policies[h], obs[sel])
        legal = self._mask8[rows] != 0
        if not np.isfinite(logits[legal]).all():
            raise CheckpointError("snapshot: the policy's outputs are not finite (inf or NaN) for this observation: "
                                  "its weights overflow; expected a trained policy whose outputs stay finite")
        logits[~legal] = -np.inf
        if self.deterministic_snapshots:
            return np.argmax(logits, axis=1)
        p = np.exp(logits - logits.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        cdf = p.cumsum(axis=1)
        cdf /= cdf[:, -1:]
        u = np.array([self._snap_rngs[(k, s)].random() for k, s in zip(rows.tolist(), seats.tolist())])
        return (cdf <= u[:, None]).sum(axis=1)

    def _play_others(self, collecting: np.ndarray, learner_r: np.ndarray, more: np.ndarray, infos: list | None,
                     dones: np.ndarray, final_r: np.ndarray) -> None:
        """Rounds of opponent moves until every game waits for the learner; ``more`` sums the learner's rewards of
        those moves. Games that end (``collecting``: those still in the episode the learner stepped) are finished
        (reward, infos) and started again."""
        eng = self.engine
        rows_all = self._rows
        while True:
            over = eng.player < 0
            if over.any():
                self._finish(np.flatnonzero(over), collecting, learner_r, more, infos, dones, final_r)
                continue
            eng.observe(self._obs)
            eng.legal_mask(self._mask8)
            opp = ~self._learner[rows_all, eng.player]
            if not opp.any():
                return
            actions = self._opponent_actions(opp)
            self._apply_rows(actions, opp)
            r = self._rewards(opp)
            live = opp & collecting
            more[live] += r[live]

    def _finish(self, ended: np.ndarray, collecting: np.ndarray, learner_r: np.ndarray, more: np.ndarray,
                infos: list | None, dones: np.ndarray, final_r: np.ndarray) -> None:
        """Games ``ended`` are over: their step's results (reward, done, infos with the terminal observation), then
        their next episodes."""
        eng = self.engine
        mine = ended[collecting[ended]]
        if len(mine) and infos is not None:
            terminal = np.zeros_like(self._obs)
            eng.observe_seat(self.acting_seat.astype(np.int32), terminal)
            for k in mine.tolist():
                seat = int(self.seat[k])
                final_r[k] = learner_r[k] + more[k]
                dones[k] = True
                winners = np.flatnonzero(eng.winners[k]).tolist()
                truncated = bool(eng.truncated[k])
                info = infos[k]
                info["winners"] = winners
                info["win_share"] = (1.0 / len(winners)) if seat in winners else 0.0
                info["scores"] = eng.scores[k].tolist()
                info["TimeLimit.truncated"] = truncated and not bool(eng.terminated[k])
                info["terminal_observation"] = terminal[k].copy()
                info["opponents"] = list(self.opponent_names[k])
                collecting[k] = False
        self._start_episodes(ended.tolist())

    # --- the VecEnv API ---------------------------------------------------------------------------------------
    def reset(self) -> np.ndarray:
        with _one_torch_thread():
            return self._reset()

    def _reset(self) -> np.ndarray:
        from gymnasium.utils import seeding

        N = self.num_envs
        for k in range(N):
            if self._seeds[k] is not None or self._rngs[k] is None:
                self._rngs[k], _ = seeding.np_random(self._seeds[k])
        options = [self._options[k] for k in range(N)]
        self._start_episodes(list(range(N)), options)
        self._reset_seeds()
        self._reset_options()
        self._play_others(np.zeros(N, dtype=bool), np.zeros(N), np.zeros(N), None, np.zeros(N, dtype=bool),
                          np.zeros(N))
        self._started = True
        self.acting_seat[:] = self.engine.player
        self.reset_infos = [{"seat": int(self.seat[k]), "acting_seat": int(self.acting_seat[k])} for k in range(N)]
        np.not_equal(self._mask8, 0, out=self.masks)
        return self._observations()

    def _observations(self) -> np.ndarray:
        """What the learner's net gets: each game's observation (and the whole table after it, with ``world``)."""
        if not self.world_size:
            return self._obs.copy()
        self.engine.global_observation(self._world)
        return np.concatenate([self._obs, self._world], axis=1)

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self):
        with _one_torch_thread():
            return self._step_wait()

    def _step_wait(self):
        if not self._started:
            from hustings.errors import ResetNeededError
            raise ResetNeededError(f"{self.game_name}: call reset() before step()")
        N = self.num_envs
        acts = self._checked(self._actions)
        eng = self.engine
        self.engine.apply(acts)
        learner_r = self._rewards(np.ones(N, dtype=bool))
        infos: list[dict[str, Any]] = [{"seat": int(s), "acting_seat": int(a), "TimeLimit.truncated": False}
                                       for s, a in zip(self.seat.tolist(), self.acting_seat.tolist())]
        dones = np.zeros(N, dtype=bool)
        final_r = np.zeros(N, dtype=np.float64)
        collecting = np.ones(N, dtype=bool)
        more = np.zeros(N, dtype=np.float64)
        self._play_others(collecting, learner_r, more, infos, dones, final_r)
        self.acting_seat[:] = eng.player
        np.not_equal(self._mask8, 0, out=self.masks)
        if self.partners == "self":  # the seat asked next (a partner's, maybe), as SelfPlayEnv's info says
            for k in np.flatnonzero(~dones).tolist():
                infos[k]["acting_seat"] = int(self.acting_seat[k])
        for k in np.flatnonzero(dones).tolist():
            self.reset_infos[k] = {"seat": int(self.seat[k]), "acting_seat": int(self.acting_seat[k])}
        rewards = np.where(dones, final_r, learner_r + more).astype(np.float32)
        return self._observations(), rewards, dones, infos

    def _checked(self, actions) -> np.ndarray:
        arr = np.asarray(actions)
        size = self.game.num_actions
        if arr.shape != (self.num_envs,) or arr.dtype.kind not in "iu":
            try:
                arr = np.array([int(a) for a in np.asarray(actions).reshape(-1)], dtype=np.int64)
            except (TypeError, ValueError):
                raise ActionOutOfBoundsError(f"{self.game_name}: actions must be one int per game "
                                             f"({self.num_envs}); got {actions!r}") from None
            if arr.shape != (self.num_envs,):
                raise ActionOutOfBoundsError(f"{self.game_name}: actions must be one int per game, shape "
                                             f"({self.num_envs},); got shape {arr.shape}")
        arr = arr.astype(np.int64, copy=False)
        bad = (arr < 0) | (arr >= size)
        if bad.any():
            k = int(np.flatnonzero(bad)[0])
            raise ActionOutOfBoundsError(
                f"{self.game_name}: game {k}: action {int(arr[k])} for player_{int(self.engine.player[k])} is out of "
                f"bounds; expected an int in 0..{size - 1}")
        illegal = ~self.masks[self._rows, arr]
        if illegal.any():
            k = int(np.flatnonzero(illegal)[0])
            legal = np.flatnonzero(self.masks[k]).tolist()
            shown = ", ".join(f"{a} ({self.game.action_name(a)})" for a in legal[:40])
            if len(legal) > 40:
                shown += f", ... ({len(legal)} in all)"
            raise IllegalActionError(
                f"{self.game_name}: game {k}: action {int(arr[k])} ({self.game.action_name(int(arr[k]))}) is not "
                f"legal for player_{int(self.engine.player[k])}; legal actions: {shown}")
        return arr

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions in every game, ``bool[N, num_actions]`` (a copy)."""
        return self.masks.copy()

    def close(self) -> None:
        pass

    def _indices(self, indices) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, (int, np.integer)):
            return [int(indices)]
        return [int(i) for i in indices]

    _PER_GAME = ("seat", "acting_seat", "team", "opponent_names")

    def get_attr(self, attr_name: str, indices=None) -> list[Any]:
        idx = self._indices(indices)
        if attr_name == "action_masks":
            return [self.action_masks for _ in idx]
        value = getattr(self, attr_name)
        if attr_name in self._PER_GAME:
            return [value[i].tolist() if isinstance(value, np.ndarray) and value.ndim > 1 else
                    (int(value[i]) if isinstance(value, np.ndarray) else value[i]) for i in idx]
        return [value for _ in idx]

    def set_attr(self, attr_name: str, value: Any, indices=None) -> None:
        if attr_name in self._PER_GAME:
            raise AttributeError(f"{attr_name} is set by the env's episodes; use set_options for the next reset")
        setattr(self, attr_name, value)

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs) -> list[Any]:
        idx = self._indices(indices)
        if method_name == "action_masks":
            return [self.masks[i].copy() for i in idx]
        if method_name in ("set_snapshots", "set_snapshot_weights"):
            count = getattr(self, method_name)(*method_args, **method_kwargs)
            return [count for _ in idx]
        raise AttributeError(f"BatchedSelfPlayVecEnv has no per-game method {method_name!r}")

    def env_is_wrapped(self, wrapper_class, indices=None) -> list[bool]:
        return [False for _ in self._indices(indices)]

    def get_images(self):
        return [None for _ in range(self.num_envs)]
