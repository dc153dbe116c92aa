"""The default mode of ``python -m hustings.bench`` (no mode flag): the rules module, the AEC env and the ParallelEnv
in random play, and memory, against a PettingZoo reference in the same process, alternating A/B runs so that machine
noise hits both sides alike:

* the rules module alone: random legal play, decision steps per CPU-second of the process (target >= 50,000);
* the AEC env through the standard ``agent_iter`` / ``last`` / ``step`` loop with masks, against PettingZoo's
  ``connect_four_v3`` through the same loop, per CPU-second of the process (``time.process_time``, so that other
  work on the machine cancels out; targets: ours >= 3x, Politrickers >= 3.3x, Prime Minister >= 2x);
* for games with a ``parallel_env`` (Democracy), the ParallelEnv through its ``step(actions)`` loop with masks:
  decisions (seat commitments) per second and ``step()`` calls per second, and the decision rate's ratio to the
  AEC env's (no target; the same random-play work per decision);
* memory: peak bytes allocated (tracemalloc) to build an env and play one game, ours and the reference.

It prints medians over rounds and the ratios; ``--check`` exits 1 when a target is missed.

The loops here are the measurement itself, so they stay raw rather than going through the project's play loop
(:mod:`hustings.core.match`): ``rules_steps_per_s`` times the rules module's own ``legal_actions`` /
``apply_unchecked`` (``play_until``'s bot call and legality check per move would be counted as rules time), and
``env_loop`` / ``parallel_loop`` are the envs' standard PettingZoo loops, the same for ours and the reference (the
match loop plays rules states, not envs).
"""
from __future__ import annotations

import importlib
import random
import statistics
import time
import tracemalloc

import numpy as np

from .. import registry

RULES_TARGET = 50_000
ENV_RATIO_TARGET = 3.0  # AEC env against connect_four_v3, unless the game declares its own (env_speed_target)


def classic_env(name: str):
    """PettingZoo classic env ``name`` (e.g. ``connect_four_v3``): from PettingZoo's registry where it has one
    (>= 1.27, where importing the env's module directly is deprecated), else from its module."""
    import pettingzoo

    if hasattr(pettingzoo, "aec_registry"):
        base, version = name.rsplit("_v", 1)
        return pettingzoo.make("aec", f"classic/{base}-v{version}")
    return importlib.import_module(f"pettingzoo.classic.{name}").env()


def reference_problem(name: str) -> str | None:
    """Why PettingZoo's ``name`` cannot be built here, in one line (``None`` when it can): most often its
    dependencies are missing (``pettingzoo[classic]``: pygame, ...)."""
    try:
        classic_env(name).close()
    except Exception as exc:  # noqa: BLE001 - PettingZoo's registry wraps the ImportError in FailedToImport
        cause = exc if isinstance(exc, ImportError) else exc.__cause__
        if isinstance(cause, ImportError):
            return (f"python -m hustings.bench compares with PettingZoo's {name}, which needs pettingzoo[classic] "
                    f"(no module named {cause.name!r}): pip install \"pettingzoo[classic]\" (the test extra has it: "
                    f"pip install \"hustings[test]\"); --clone, --search and --vector need no reference")
        return f"--ref {name}: {type(exc).__name__}: {exc}"
    return None


def rules_steps_per_s(game, seconds: float, seed: int) -> float:
    """Decision steps per CPU-second of uniformly random legal play in the rules module alone. A raw loop, not
    :func:`hustings.core.match.play_until`: the rules' own calls are what is timed."""
    rng = random.Random(seed)
    steps, t0, c0 = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.process_time() - c0)


def env_loop(env, rng: np.random.Generator) -> int:
    """One game through the standard AEC loop with random legal actions; returns the decisions made. The loop is
    what is measured (the same for ours and PettingZoo's reference), so it is PettingZoo's, not the match loop."""
    steps = 0
    env.reset(seed=int(rng.integers(1 << 30)))
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
    return steps


def env_steps_per_s(make, seconds: float, seed: int) -> tuple[float, float]:
    env = make()
    rng = np.random.default_rng(seed)
    steps, games, t0, c0 = 0, 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        steps += env_loop(env, rng)
        games += 1
    elapsed = time.process_time() - c0
    return steps / elapsed, games / elapsed


def parallel_loop(env, rng: np.random.Generator) -> tuple[int, int]:
    """One game through the ParallelEnv loop with random legal actions; returns (decisions, step() calls)."""
    decisions = calls = 0
    obs, _ = env.reset(seed=int(rng.integers(1 << 30)))
    while env.agents:
        actions = {}
        for agent in env.agents:
            legal = np.flatnonzero(obs[agent]["action_mask"])
            if len(legal):
                actions[agent] = int(legal[rng.integers(len(legal))])
        obs, _, _, _, _ = env.step(actions)
        decisions += len(actions)
        calls += 1
    return decisions, calls


def parallel_steps_per_s(make, seconds: float, seed: int) -> tuple[float, float]:
    """``(decisions/s, step() calls/s)`` of random play through a ParallelEnv."""
    env = make()
    rng = np.random.default_rng(seed)
    decisions, calls, t0, c0 = 0, 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        d, c = parallel_loop(env, rng)
        decisions += d
        calls += c
    elapsed = time.process_time() - c0
    return decisions / elapsed, calls / elapsed


def peak_bytes(make, seed: int = 0) -> int:
    tracemalloc.start()
    env = make()
    env_loop(env, np.random.default_rng(seed))
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del env
    return peak


def bench_game(name: str, players: int | None, seconds: float, rounds: int, ref: str) -> dict:
    import hustings

    module = hustings.game_module(name)
    players = players or module.raw_env.default_players
    game = registry.make_game(name, players)
    ours = lambda: hustings.make(name, num_players=players)  # noqa: E731
    ref_env = lambda: classic_env(ref)  # noqa: E731
    par_make = getattr(module, "parallel_env", None)
    par = None if par_make is None else (lambda: par_make(num_players=players))  # noqa: E731

    rules_steps_per_s(game, 0.3, 0)  # warm up
    env_steps_per_s(ours, 0.3, 0)
    env_steps_per_s(ref_env, 0.3, 0)
    if par is not None:
        parallel_steps_per_s(par, 0.3, 0)
    rules, ours_rates, games_rates, ref_rates, ratios = [], [], [], [], []
    par_rates, par_calls, par_ratios = [], [], []
    for r in range(rounds):
        rules.append(rules_steps_per_s(game, seconds, r))
        a, g = env_steps_per_s(ours, seconds, r)
        b, _ = env_steps_per_s(ref_env, seconds, r)
        ours_rates.append(a)
        games_rates.append(g)
        ref_rates.append(b)
        ratios.append(a / b)
        if par is not None:
            d, c = parallel_steps_per_s(par, seconds, r)
            par_rates.append(d)
            par_calls.append(c)
            par_ratios.append(d / a)
    mem_ours, mem_ref = peak_bytes(ours), peak_bytes(ref_env)
    extra = {} if par is None else {
        "parallel_steps_per_s": statistics.median(par_rates),
        "parallel_calls_per_s": statistics.median(par_calls),
        "parallel_ratio": statistics.median(par_ratios),
    }
    return {
        "game": name, "players": players, "ref": ref,
        "rules_steps_per_s": statistics.median(rules),
        "env_steps_per_s": statistics.median(ours_rates),
        "env_games_per_s": statistics.median(games_rates),
        "ref_steps_per_s": statistics.median(ref_rates),
        "env_ratio": statistics.median(ratios),
        "peak_bytes": mem_ours, "ref_peak_bytes": mem_ref, **extra,
    }


def report(res: dict, min_ratio: float = ENV_RATIO_TARGET) -> list[str]:
    ok_rules = res["rules_steps_per_s"] >= RULES_TARGET
    ok_env = res["env_ratio"] >= min_ratio
    misses = []
    print(f"{res['game']} {res['players']}p")
    print(f"  rules module : {res['rules_steps_per_s']:>10,.0f} decision steps/s "
          f"(target >= {RULES_TARGET:,}: {'ok' if ok_rules else 'MISSED'})")
    print(f"  AEC env      : {res['env_steps_per_s']:>10,.0f} steps/s, {res['env_games_per_s']:,.1f} games/s")
    print(f"  {res['ref'][:13]:<13}: {res['ref_steps_per_s']:>10,.0f} steps/s (same loop, same process)")
    print(f"  env ratio    : {res['env_ratio']:>10.2f}x (target >= {min_ratio}: {'ok' if ok_env else 'MISSED'})")
    if "parallel_ratio" in res:
        print(f"  parallel env : {res['parallel_steps_per_s']:>10,.0f} decision steps/s, "
              f"{res['parallel_calls_per_s']:,.0f} step() calls/s; {res['parallel_ratio']:.2f}x the AEC env "
              f"(same process)")
    print(f"  peak memory  : {res['peak_bytes'] / 1024:>10,.0f} KiB to build + play a game "
          f"({res['ref']}: {res['ref_peak_bytes'] / 1024:,.0f} KiB, ratio {res['peak_bytes'] / res['ref_peak_bytes']:.2f})")
    if not ok_rules:
        misses.append(f"{res['game']} rules")
    if not ok_env:
        misses.append(f"{res['game']} env ratio")
    return misses
