"""Training throughput: our default config against the PettingZoo SB3 tutorial's setup, in one process.

    python -m hustings.training.bench_train [--game democracy] [--config configs/democracy.yaml] [--set KEY=VALUE ...]
        [--torch-threads 1] [--rounds 3]

*Theirs*: PettingZoo's "SB3: Action Masked PPO for Connect Four" tutorial: ``connect_four_v3``, one env, the
tutorial's wrapper (the learner plays both sides: self-play), ``ActionMasker``, ``MaskablePPO`` with SB3's default
settings (n_steps 2048, batch 64, 10 epochs). The tutorial's wrapper subclasses PettingZoo's ``BaseWrapper``, which
gymnasium >= 1.0 no longer accepts inside ``ActionMasker``; :class:`TutorialEnv` is the same wrapper as a
``gymnasium.Env`` (same calls, same observations, rewards and masks).

*Ours*: the game's default config (``configs/<game>.yaml``, with ``--set`` changes): ``hustings train``'s envs
(the batched self-play env where the game has a compiled engine and bots, else one Python self-play env per game;
scripted bots in the other seats, and ``--pool`` snapshots: none by default, as a run starts) and its PPO.

Both sides run on ``--torch-threads`` torch threads (default 1; our rollouts always use 1) and count SB3 timesteps
(policy decisions that enter the rollout buffer) over whole ``learn`` calls (rollouts and updates), after one
warm-up rollout each, in ``--rounds`` alternating rounds, per wall second and per CPU second of the process
(``time.process_time``: what a shared machine's other load changes least); the median ratios are reported
(ours / theirs). Target: >= 5x. Our CPU time is split into its parts (:data:`PARTS`): the PPO update, the env's
own stepping, the opponents' decisions (scripted bots, snapshots) and the rest of the rollouts (the learner's
forward passes, SB3's bookkeeping).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import gymnasium as gym

from hustings.bench import classic_env
from hustings.registry import DEFAULT_GAME

from .config import TrainConfig


class TutorialEnv(gym.Env):
    """The tutorial's ``SB3ActionMaskWrapper`` around ``connect_four_v3.env()``, as a gymnasium Env."""

    def __init__(self):
        self.env = classic_env("connect_four_v3")
        self.env.reset()
        self.observation_space = self.env.observation_space(self.env.possible_agents[0])["observation"]
        self.action_space = self.env.action_space(self.env.possible_agents[0])

    def reset(self, seed=None, options=None):
        self.env.reset(seed, options)
        return self.env.observe(self.env.agent_selection)["observation"], {}

    def step(self, action):
        current = self.env.agent_selection
        self.env.step(action)
        nxt = self.env.agent_selection
        return (self.env.observe(nxt)["observation"], self.env._cumulative_rewards[current],
                self.env.terminations[current], self.env.truncations[current], self.env.infos[current])

    def action_mask(self):
        return self.env.observe(self.env.agent_selection)["action_mask"]


def _timed_learn(model, steps: int) -> tuple[float, float]:
    """(timesteps per wall second, per CPU second of the process) of ``model.learn(steps)``."""
    t, c = time.perf_counter(), time.process_time()
    model.learn(steps, reset_num_timesteps=False)
    return steps / (time.perf_counter() - t), steps / (time.process_time() - c)


def bench_theirs(steps: int, seed: int = 0) -> tuple[float, float]:
    """Timesteps/s (wall, CPU) of the tutorial's setup, after one warm-up rollout and update."""
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from sb3_contrib.common.wrappers import ActionMasker

    env = ActionMasker(TutorialEnv(), lambda e: e.action_mask())
    model = MaskablePPO(MaskableActorCriticPolicy, env, verbose=0, seed=seed, device="cpu")
    model.learn(model.n_steps)  # warm-up: one rollout and update
    return _timed_learn(model, steps)


#: The parts of our CPU time: PPO update, the env's own stepping, the opponents' decisions, the rest of the
#: rollouts (the learner's forward passes, SB3's bookkeeping); each a share of the timed ``learn`` call.
PARTS = ("update", "env", "opponents", "learner")


class _Clock:
    """CPU seconds (``time.process_time``) spent in the functions it wraps, by part, while it is on."""

    def __init__(self):
        self.seconds = dict.fromkeys(("update", "rollout", "step", "opponents"), 0.0)
        self._undo = []
        self.on = False

    def wrap(self, owner, name: str, part: str) -> None:
        original = getattr(owner, name)
        seconds = self.seconds

        def timed(*args, **kwargs):
            if not self.on:
                return original(*args, **kwargs)
            c = time.process_time()
            try:
                return original(*args, **kwargs)
            finally:
                seconds[part] += time.process_time() - c
        self._undo.append((owner, name, owner.__dict__.get(name)))
        setattr(owner, name, timed)

    def undo(self) -> None:
        for owner, name, before in reversed(self._undo):
            if before is None:
                delattr(owner, name)
            else:
                setattr(owner, name, before)
        self._undo = []

    def shares(self, total: float) -> dict[str, float]:
        """Each part's share of ``total`` CPU seconds."""
        s = self.seconds
        env = s["step"] - s["opponents"]
        learner = s["rollout"] - s["step"]
        return {"update": s["update"] / total, "env": env / total, "opponents": s["opponents"] / total,
                "learner": learner / total}


def _watch(clock: _Clock, cfg: TrainConfig, model, venv) -> None:
    """Wrap what ``clock`` times: the update and the rollouts of ``model``, the steps of ``venv``, and the opponents'
    decisions (the batched env's, or the act() of each kind of bot the Python envs play)."""
    import hustings
    from hustings.bots.policy import PolicyBot

    from .batched import BatchedSelfPlayVecEnv

    clock.wrap(model, "train", "update")
    clock.wrap(model, "collect_rollouts", "rollout")
    clock.wrap(venv, "step", "step")
    inner = venv.unwrapped
    if isinstance(inner, BatchedSelfPlayVecEnv):
        clock.wrap(inner, "_opponent_actions", "opponents")
        return
    kinds = {PolicyBot} | {type(hustings.make_bot(cfg.game, name)) for name in cfg.opponents.scripted}
    for cls in kinds:
        clock.wrap(cls, "act", "opponents")


def bench_ours(cfg: TrainConfig, steps: int, breakdown: bool = True,
               pool: int = 0) -> tuple[float, float, dict[str, float]]:
    """Timesteps/s (wall, CPU) of ``hustings train``'s model and envs for ``cfg`` (after one warm-up rollout), and
    the parts' shares of the CPU time (:data:`PARTS`; empty without ``breakdown``). ``pool``: snapshots in the
    opponent pool (copies of the initial policy), as a run holds them after ``pool`` snapshot intervals."""
    from .policy import NumpyPolicy
    from .selfplay import make_vec_env
    from .train import build_model

    venv = make_vec_env(cfg, cfg.seed)
    model, threads = build_model(cfg, venv, cfg.seed)
    if pool:
        arrays = NumpyPolicy.from_state_dict(model.policy.state_dict(), cfg.ppo.activation).to_arrays()
        venv.env_method("set_snapshots", [arrays] * pool, cfg.ppo.activation)
    rollout = cfg.ppo.n_steps * cfg.n_envs
    model.learn(rollout, callback=threads)  # warm-up
    clock = _Clock()
    if breakdown:
        _watch(clock, cfg, model, venv)
    n = max(rollout, steps // rollout * rollout)
    clock.on = True
    t, c = time.perf_counter(), time.process_time()
    try:
        model.learn(n, reset_num_timesteps=False, callback=threads)
    finally:
        wall, cpu = time.perf_counter() - t, time.process_time() - c
        clock.on = False
        clock.undo()
        venv.close()
    return n / wall, n / cpu, (clock.shares(cpu) if breakdown else {})


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hustings.training.bench_train", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"game for our side (default {DEFAULT_GAME})")
    parser.add_argument("--config", help="our config (default configs/<game>.yaml)")
    parser.add_argument("--set", nargs="+", default=[], metavar="KEY=VALUE",
                        help="change keys of our config (YAML values; dotted keys for sections), e.g. --set "
                             "vec_env=dummy ppo.implementation=sb3 n_envs=16 ppo.n_steps=256 ppo.n_epochs=8")
    parser.add_argument("--torch-threads", type=int, default=1,
                        help="torch threads for both sides (default 1; 0: torch's default, every core)")
    parser.add_argument("--pool", type=int, default=0,
                        help="snapshots in our opponent pool (default 0, as a run starts; a run holds "
                             "opponents.pool_size of them after that many snapshot intervals)")
    parser.add_argument("--ours-steps", type=int, default=4 * 4096, help="timesteps timed for ours (default 16384)")
    parser.add_argument("--theirs-steps", type=int, default=2 * 2048, help="timesteps timed for theirs "
                        "(default 4096)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds of theirs then ours; the medians "
                        "are reported (default 3: a shared 2-core machine varies by +-10%% run to run)")
    parser.add_argument("--json", metavar="OUT", help="write the numbers as JSON here")
    args = parser.parse_args(argv)

    import statistics

    import torch
    import yaml

    from .config import load_config
    from .selfplay import vec_env_kind

    path = args.config or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "configs",
                                       f"{args.game}.yaml")
    try:
        cfg = load_config(path)
        changes = {}
        for item in args.set:
            name, sep, value = item.partition("=")
            if not sep:
                raise ValueError(f"--set {item!r}: expected KEY=VALUE")
            changes[name] = yaml.safe_load(value)
        if args.torch_threads > 0:
            changes["torch_threads"] = args.torch_threads
        if changes:
            cfg = cfg.replace(changes, source=f"config {path} (with --set)")
        kind = vec_env_kind(cfg)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.rounds < 1:
        print(f"error: --rounds {args.rounds} is invalid; expected an int >= 1", file=sys.stderr)
        return 2
    if args.torch_threads > 0:
        torch.set_num_threads(args.torch_threads)
    threads = torch.get_num_threads()
    print(f"training throughput, {os.cpu_count()} CPU cores, torch {torch.__version__}, {threads} torch thread(s) "
          f"for theirs and for our updates (our rollouts: 1)")
    rows, parts = [], []
    for r in range(args.rounds):
        try:
            theirs, theirs_cpu = bench_theirs(args.theirs_steps, seed=r)
        except ImportError as exc:
            print(f"error: the tutorial's setup needs pettingzoo[classic] (pip install -e '.[test]'): {exc}",
                  file=sys.stderr)
            return 2
        ours, ours_cpu, shares = bench_ours(cfg, args.ours_steps, pool=args.pool)
        torch.set_num_threads(threads)
        rows.append((theirs, ours, ours / theirs, theirs_cpu, ours_cpu, ours_cpu / theirs_cpu))
        parts.append(shares)
        print(f"  round {r + 1}: theirs {theirs:,.0f}, ours {ours:,.0f} timesteps/s: {ours / theirs:.2f}x; per CPU "
              f"second {theirs_cpu:,.0f} and {ours_cpu:,.0f}: {ours_cpu / theirs_cpu:.2f}x")

    def med(i: int) -> float:
        return statistics.median(row[i] for row in rows)

    share = {p: statistics.median(x[p] for x in parts) for p in PARTS}
    print(f"  theirs: PettingZoo SB3 tutorial (connect_four_v3, 1 env, MaskablePPO defaults): {med(0):,.0f} "
          f"timesteps/s, {med(3):,.0f} per CPU second")
    print(f"  ours:   {cfg.game} {cfg.num_players}p, {os.path.relpath(path)}{' (with --set)' if args.set else ''} "
          f"({cfg.n_envs} {kind} envs, {cfg.ppo.implementation} PPO, rollout {cfg.ppo.n_steps * cfg.n_envs}, batch "
          f"{cfg.ppo.batch_size}, {cfg.ppo.n_epochs} epochs, {args.pool} snapshots in the pool): {med(1):,.0f} timesteps/s, {med(4):,.0f} per CPU second")
    print(f"  our CPU time (median shares): PPO update {share['update']:.0%}, env {share['env']:.0%}, opponents "
          f"{share['opponents']:.0%}, learner's rollout passes and bookkeeping {share['learner']:.0%}")
    print(f"  ratio ours/theirs (median of {args.rounds} rounds): {med(2):.1f}x wall, {med(5):.1f}x per CPU second "
          f"(target >= 5x)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"game": cfg.game, "config": path, "set": args.set, "pool": args.pool, "torch_threads": threads,
                       "vec_env": kind, "ours_timesteps_per_s": med(1), "theirs_timesteps_per_s": med(0),
                       "ratio": med(2), "ours_timesteps_per_cpu_s": med(4), "theirs_timesteps_per_cpu_s": med(3),
                       "ratio_cpu": med(5), "cpu_shares": share,
                       "rounds": [list(r) for r in rows], "round_shares": parts}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
