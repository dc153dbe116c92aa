"""``python -m hustings.bench --vector --scaling``: how random play through the batched engine scales from one
process to two (each with its own N games, as process-parallel training runs them), in decisions per wall-clock
second: target >= 1.7x on 2 idle cores.
"""
from __future__ import annotations

import os
import statistics
import time

import numpy as np

from .. import registry
from .vector import _random_step, random_picker

SCALING_TARGET = 1.7  # 2 processes' decisions against one process's, in the same wall time


def _scaling_worker(job: tuple) -> int:
    """Random decisions one process makes through game ``name``'s batched engine in ``seconds`` of wall time (after
    a warm-up: compiling or loading the kernels is not counted)."""
    from .. import vector

    name, players, num_envs, seconds, seed = job
    game = registry.make_game(name, players)
    engine = vector.engine_class(name)(game, num_envs)
    engine.reset(vector.episode_seeds(seed, np.arange(num_envs), np.zeros(num_envs, dtype=np.int64)))
    pick = random_picker(seed)
    mask = np.zeros((num_envs, game.num_actions), dtype=np.int8)
    next_seed = (seed + 1) * 1_000_003
    decisions, t0, warm = 0, time.perf_counter(), min(seconds, 0.3)
    while True:
        elapsed = time.perf_counter() - t0
        if elapsed >= warm + seconds:
            return decisions
        live, next_seed = _random_step(engine, pick, mask, None, next_seed)
        if elapsed >= warm:
            decisions += live


def scaling_line(name: str, players: int | None = None, num_envs: int = 1024, seconds: float = 2.0, rounds: int = 3,
                 misses: list | None = None) -> str:
    """How random play through the batched engine scales to 2 cores: two processes (each its own ``num_envs``
    games, as ``SubprocVecEnv``-style training runs them) against one, in decisions per wall-clock second; medians
    over ``rounds`` alternating rounds. Wall time, so other work on the machine lowers it: run it on idle cores."""
    import multiprocessing

    players = players or registry.info(name).default_players
    ctx = multiprocessing.get_context("spawn")  # the same on Linux, macOS and Windows
    ratios = []
    with ctx.Pool(2) as pool:
        pool.map(_scaling_worker, [(name, players, num_envs, 0.2, 0)] * 2)  # both workers import and compile
        for r in range(rounds):
            one = pool.apply(_scaling_worker, ((name, players, num_envs, seconds, r),))
            two = sum(pool.map(_scaling_worker, [(name, players, num_envs, seconds, r), (name, players, num_envs,
                                                                                          seconds, r + 100)]))
            ratios.append(two / one)
    ratio = statistics.median(ratios)
    if misses is not None and ratio < SCALING_TARGET:
        misses.append(f"{name} scaling")
    return (f"scaling {name} {players}p N={num_envs}: 2 processes {ratio:.2f}x one (decisions per wall-clock second, "
            f"target >= {SCALING_TARGET}; {os.cpu_count()} cores, load average {_load()})")


def _load() -> str:
    try:
        return f"{os.getloadavg()[0]:.1f}"
    except (AttributeError, OSError):  # Windows
        return "unknown"

