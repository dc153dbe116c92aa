"""Training throughput of the RLlib route next to the SB3 route, for the same game, in one process.

    python tools/bench_rllib.py [--sb3-config configs/democracy.yaml]
        [--rllib-config configs/rllib/democracy.yaml] [--num-env-runners K] [--torch-threads T] [--iterations 3]
        [--sb3-steps 16384] [--json OUT]

*SB3* (``hustings train``): :func:`hustings.training.bench_train.bench_ours` on the SB3 config: vectorised self-play envs
(scripted bots and snapshots played inside the envs), MaskablePPO; timesteps are the learner's decisions.

*RLlib* (``hustings train-rllib``): the RLlib config's algorithm (its env runners, envs per runner, batch and
epochs), on a local Ray; one warm-up iteration, then ``--iterations`` timed ones. Its *env steps* are every
decision at the table; *main steps* are the decisions of the learning module ``main`` (the samples it learns from,
what SB3 counts). The league is empty during the benchmark (no snapshot is due yet), so main plays every seat and
both counts are equal: the comparison is per learner decision, rollouts and updates included on both sides.

Both are timed over whole training iterations (sampling and updates), SB3 first, then RLlib (Ray's processes
would otherwise share the cores with SB3's run). Ray's start-up (seconds) is not counted.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import TYPE_CHECKING

from hustings.registry import DEFAULT_GAME

if TYPE_CHECKING:
    from hustings.training.rllib_train import RLlibConfig


def bench_rllib(cfg: RLlibConfig, iterations: int, num_env_runners: int | None = None) -> dict:
    """Env steps/s and main steps/s of ``iterations`` RLlib training iterations after one warm-up iteration."""
    import ray

    from hustings.training.rllib_train import _counts, build_algorithm, init_ray

    started = init_ray(cfg.ray.address, cfg.ray.num_cpus)
    try:
        algo = build_algorithm(cfg, num_env_runners)
        env0, main0 = _counts(algo.train())  # warm-up: actors up, first sample and update
        t = time.perf_counter()
        for _ in range(iterations):
            env1, main1 = _counts(algo.train())
        seconds = time.perf_counter() - t
        runners = algo.config.num_env_runners
        algo.stop()
    finally:
        if started:
            ray.shutdown()
    return {"env_steps_per_s": (env1 - env0) / seconds, "main_steps_per_s": (main1 - main0) / seconds,
            "env_steps": env1 - env0, "main_steps": main1 - main0, "seconds": seconds, "num_env_runners": runners}


def main(argv: list[str] | None = None) -> int:
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(prog="python tools/bench_rllib.py", description=__doc__.splitlines()[0])
    parser.add_argument("--sb3-config", default=os.path.join(root, "configs", f"{DEFAULT_GAME}.yaml"),
                        help=f"the SB3 route's config (default configs/{DEFAULT_GAME}.yaml)")
    parser.add_argument("--rllib-config", default=os.path.join(root, "configs", "rllib", f"{DEFAULT_GAME}.yaml"),
                        help=f"the RLlib route's config (default configs/rllib/{DEFAULT_GAME}.yaml)")
    parser.add_argument("--num-env-runners", type=int, default=None,
                        help="override the RLlib config's env_runners.num_env_runners")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs of the local Ray (default: the config's)")
    parser.add_argument("--iterations", type=int, default=3, help="timed RLlib iterations (default 3)")
    parser.add_argument("--sb3-steps", type=int, default=4 * 4096, help="timed SB3 timesteps (default 16384)")
    parser.add_argument("--torch-threads", type=int, default=None,
                        help="torch threads for both routes' PPO updates (default: each config's torch_threads; "
                             "1 is much faster on a busy machine)")
    parser.add_argument("--json", metavar="OUT", help="write the numbers as JSON here")
    args = parser.parse_args(argv)

    import torch

    from hustings.training import rllib_train
    from hustings.training.bench_train import bench_ours
    from hustings.training.config import load_config

    try:
        sb3_cfg = load_config(args.sb3_config)
        rl_cfg = rllib_train.load_config(args.rllib_config)
        if args.torch_threads is not None:
            sb3_cfg = sb3_cfg.replace({"torch_threads": args.torch_threads}, source="--torch-threads")
            rl_cfg = rl_cfg.replace({"torch_threads": args.torch_threads}, source="--torch-threads")
        if args.num_cpus is not None:
            rl_cfg = rl_cfg.replace({"ray.num_cpus": args.num_cpus}, source="--num-cpus")
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if (sb3_cfg.game, sb3_cfg.num_players) != (rl_cfg.game, rl_cfg.num_players):
        print(f"error: the configs train different games ({sb3_cfg.game} {sb3_cfg.num_players}p vs "
              f"{rl_cfg.game} {rl_cfg.num_players}p)", file=sys.stderr)
        return 2
    import ray

    threads = torch.get_num_threads()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"training throughput, {rl_cfg.game} {rl_cfg.num_players}p, {os.cpu_count()} CPU cores (load "
          f"{load:.1f} at the start), torch {torch.__version__}, Ray {ray.__version__}")
    sb3 = bench_ours(sb3_cfg, args.sb3_steps)
    torch.set_num_threads(threads)
    print(f"  SB3 route   ({os.path.relpath(args.sb3_config)}: {sb3_cfg.n_envs} envs, rollout "
          f"{sb3_cfg.ppo.n_steps * sb3_cfg.n_envs}, {sb3_cfg.torch_threads or os.cpu_count()} torch "
          f"thread(s) for updates): {sb3:,.0f} learner timesteps/s")
    torch.set_num_threads(rl_cfg.torch_threads or os.cpu_count() or 1)  # the learner runs in this process
    rl = bench_rllib(rl_cfg, args.iterations, args.num_env_runners)
    torch.set_num_threads(threads)
    print(f"  RLlib route ({os.path.relpath(args.rllib_config)}: {rl['num_env_runners']} env runner(s) x "
          f"{rl_cfg.env_runners.num_envs_per_env_runner} envs, batch {rl_cfg.ppo.train_batch_size}, "
          f"{rl_cfg.torch_threads or os.cpu_count()} torch thread(s) for updates): "
          f"{rl['main_steps_per_s']:,.0f} learner (main) timesteps/s, {rl['env_steps_per_s']:,.0f} env steps/s")
    ratio = rl["main_steps_per_s"] / sb3
    print(f"  ratio RLlib/SB3 (learner timesteps/s): {ratio:.2f}x")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"game": rl_cfg.game, "num_players": rl_cfg.num_players, "cpu_count": os.cpu_count(),
                       "torch_threads": {"sb3": sb3_cfg.torch_threads, "rllib": rl_cfg.torch_threads},
                       "load_at_start": load, "sb3_timesteps_per_s": sb3, "rllib": rl, "ratio": ratio,
                       "sb3_config": args.sb3_config, "rllib_config": args.rllib_config}, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
