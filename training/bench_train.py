"""Training throughput: our default config against the PettingZoo SB3 tutorial's setup, in one process.

    python -m hustings.training.bench_train [--game democracy] [--config configs/democracy.yaml]

*Theirs*: PettingZoo's "SB3: Action Masked PPO for Connect Four" tutorial: ``connect_four_v3``, one env, the
tutorial's wrapper (the learner plays both sides: self-play), ``ActionMasker``, ``MaskablePPO`` with SB3's default
settings (n_steps 2048, batch 64, 10 epochs). The tutorial's wrapper subclasses PettingZoo's ``BaseWrapper``, which
gymnasium >= 1.0 no longer accepts inside ``ActionMasker``; :class:`TutorialEnv` is the same wrapper as a
``gymnasium.Env`` (same calls, same observations, rewards and masks).

*Ours*: the game's default config (``configs/<game>.yaml``): vectorised self-play envs (scripted bots and snapshots
in the other seats, played inside the env), batched inference, its PPO settings.

Both count SB3 timesteps (policy decisions that enter the rollout buffer) over whole ``learn`` calls (rollouts
and updates), after one warm-up rollout each, in ``--rounds`` alternating rounds; the median ratio is
reported (ours / theirs). Target: >= 3.
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


def _timed_learn(model, steps: int) -> float:
    t = time.perf_counter()
    model.learn(steps, reset_num_timesteps=False)
    return steps / (time.perf_counter() - t)


def bench_theirs(steps: int, seed: int = 0) -> float:
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.maskable.policies import MaskableActorCriticPolicy
    from sb3_contrib.common.wrappers import ActionMasker

    env = ActionMasker(TutorialEnv(), lambda e: e.action_mask())
    model = MaskablePPO(MaskableActorCriticPolicy, env, verbose=0, seed=seed, device="cpu")
    model.learn(model.n_steps)  # warm-up: one rollout and update
    return _timed_learn(model, steps)


def bench_ours(cfg: TrainConfig, steps: int) -> float:
    """Timesteps/s of ``hustings train``'s model and envs for ``cfg`` (after one warm-up rollout)."""
    from .selfplay import make_vec_env
    from .train import build_model

    venv = make_vec_env(cfg, cfg.seed)
    model, threads = build_model(cfg, venv, cfg.seed)
    rollout = cfg.ppo.n_steps * cfg.n_envs
    model.learn(rollout, callback=threads)  # warm-up
    t = time.perf_counter()
    n = max(rollout, steps // rollout * rollout)
    model.learn(n, reset_num_timesteps=False, callback=threads)
    speed = n / (time.perf_counter() - t)
    venv.close()
    return speed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m hustings.training.bench_train", description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=DEFAULT_GAME, help=f"game for our side (default {DEFAULT_GAME})")
    parser.add_argument("--config", help="our config (default configs/<game>.yaml)")
    parser.add_argument("--ours-steps", type=int, default=4 * 4096, help="timesteps timed for ours (default 16384)")
    parser.add_argument("--theirs-steps", type=int, default=2 * 2048, help="timesteps timed for theirs "
                        "(default 4096)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds of theirs then ours; the medians "
                        "are reported (default 3: a shared 2-core machine varies by +-10%% run to run)")
    parser.add_argument("--json", metavar="OUT", help="write the numbers as JSON here")
    args = parser.parse_args(argv)

    import torch

    from .config import load_config

    path = args.config or os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "configs",
                                       f"{args.game}.yaml")
    try:
        cfg = load_config(path)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    threads = torch.get_num_threads()
    print(f"training throughput, {os.cpu_count()} CPU cores, torch {torch.__version__} ({threads} threads for "
          f"theirs, SB3's default)")
    import statistics

    if args.rounds < 1:
        print(f"error: --rounds {args.rounds} is invalid; expected an int >= 1", file=sys.stderr)
        return 2
    rows = []
    for r in range(args.rounds):
        try:
            theirs = bench_theirs(args.theirs_steps, seed=r)
        except ImportError as exc:
            print(f"error: the tutorial's setup needs pettingzoo[classic] (pip install -e '.[test]'): {exc}",
                  file=sys.stderr)
            return 2
        ours = bench_ours(cfg, args.ours_steps)
        torch.set_num_threads(threads)
        rows.append((theirs, ours, ours / theirs))
        print(f"  round {r + 1}: theirs {theirs:,.0f}, ours {ours:,.0f} timesteps/s: {ours / theirs:.2f}x")
    theirs = statistics.median(t for t, _, _ in rows)
    ours = statistics.median(o for _, o, _ in rows)
    ratio = statistics.median(x for _, _, x in rows)
    print(f"  theirs: PettingZoo SB3 tutorial (connect_four_v3, 1 env, MaskablePPO defaults): {theirs:,.0f} timesteps/s")
    print(f"  ours:   {cfg.game} {cfg.num_players}p, {os.path.relpath(path)} ({cfg.n_envs} {cfg.vec_env} "
          f"envs, batch {cfg.ppo.batch_size}): {ours:,.0f} timesteps/s")
    print(f"  ratio ours/theirs (median of {args.rounds} rounds): {ratio:.1f}x (target >= 3x)")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"game": cfg.game, "config": path, "ours_timesteps_per_s": ours,
                       "theirs_timesteps_per_s": theirs, "ratio": ratio, "rounds": [list(r) for r in rows]},
                      f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
