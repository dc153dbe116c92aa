"""Throughput and memory of hustings games, as ratios against a reference run in the same process.

    python -m hustings.bench                       # every registered game at its default player count
    python -m hustings.bench democracy --players 6 --seconds 3 --rounds 5
    python -m hustings.bench prime_minister --ref hanabi_v5 --min-ratio 3.5

Training throughput is the training tools' benchmark: ``python -m hustings.training.bench_train``.

For each game it measures, alternating A/B runs so that machine noise hits both sides alike:

* the rules module alone: random legal play, decision steps per CPU-second of the process (target >= 50,000);
* the AEC env through the standard ``agent_iter`` / ``last`` / ``step`` loop with masks, against PettingZoo's
  ``connect_four_v3`` through the same loop, per CPU-second of the process (``time.process_time``, so that other
  work on the machine cancels out; targets: ours >= 3x, Politrickers >= 3.3x, Prime Minister >= 2x);
* for games with a ``parallel_env`` (Democracy), the ParallelEnv through its ``step(actions)`` loop with masks:
  decisions (seat commitments) per second and ``step()`` calls per second, and the decision rate's ratio to the
  AEC env's (no target; the same random-play work per decision);
* memory: peak bytes allocated (tracemalloc) to build an env and play one game, ours and the reference.

It prints medians over rounds and the ratios; ``--check`` exits 1 when a target is missed.

``--search`` measures IS-MCTS (:mod:`hustings.bots.search`, random rollouts to the end of the game, the game's own
``sample_hidden``) in iterations per CPU-second (``time.process_time``) from the first decision of seeded deals at the
default table, with the rollouts in the game's compiled engine (``backend=compiled``, where it has one) and in
Python (``backend=python``), and in the same run, alternating, OpenSpiel's Python ``ISMCTSBot``
(``open_spiel.python.algorithms.ismcts``) over its C++ ``hearts`` (4 players, one random rollout per iteration);
target: ours (the default ``backend=auto``, so compiled where there is an engine) >= 4x on Democracy and
Politrickers, >= 2x on Politix (``GameInfo.search_speed_target``). An iteration is the same on both sides: one
sampled world (ours: ``State.sample_hidden`` in Python; theirs: ``resample_from_infostate`` in C++), one walk down the tree (Python on both sides) and one uniformly random
rollout to the end of the game (ours: one kernel call of the compiled engine, or ``State.random_rollout``, the game's
own loop in Python; theirs: ``RandomRolloutEvaluator``, a Python loop over C++ ``legal_actions``/``apply_action``),
valued by the final returns.
Where the game's default search rolls out with its heuristic and its engine plays it (Democracy), a line more
measures that search (the game's ``GAME_INFO.search``, ``hustings.make_bot(game, "ismcts")``) with its rollouts in
the compiled engine and in Python (``backend=python``): the same moves on both sides, so the ratio is the speed-up
alone.
The games differ in length: the report gives each side's mean random playout in decisions (Democracy's runs over
several islands, ~260 decisions at 4 players, against ~60 for a hand of hearts) and the decisions/s that makes.
The OpenSpiel row is skipped, with a message, when ``open_spiel`` is not installed (``pip install open-spiel``).

``--clone`` measures instead what search needs from the rules interface, on random mid-game states of each game:
``State.clone()`` against the JSON round trip ``game.state_from_json(state.to_json())`` in the same process
(target: clone >= 20x faster), and ``State.sample_hidden(player, rng)`` per second where the game has one.

``--vector`` measures the batched engine (:mod:`hustings.vector`) in CPU time of the process (``time.process_time``):
N games (``--num-envs``, default 1024) of each game stepped together with uniformly random legal actions, finished
games started again, in decisions per CPU-second, without and with the mover's observation written each step; one
line per game, e.g. ``vector democracy 4p N=1024: 6,100,000 random decisions/s/core, 2,400,000 with observations
(compiled)``, then, alternating rounds in the same run, the references on lines of their own: OpenSpiel's C++
``hearts`` through pyspiel (plain random play, and with the information-state tensor to NumPy each decision; skipped
without open_spiel) and the game's AEC env (the ``agent_iter`` loop). Targets (compiled, N=1024, 4 players):
>= 5,000,000 random decisions/s and >= 2,000,000 with observations (``--check``: exit 1 when a compiled engine
misses them at N >= 1024). ``--vector --scaling`` adds how random play scales from one process to two (each with its
own N games, as process-parallel training runs them), in decisions per wall-clock second: target >= 1.7x on 2 idle
cores.
"""
from __future__ import annotations

import argparse
import importlib
import os
import random
import statistics
import sys
import time
import tracemalloc

import numpy as np

from . import registry

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
    """One game through the standard AEC loop with random legal actions; returns the decisions made."""
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
    game = module.raw_env.game_class(players)
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


CLONE_RATIO_TARGET = 20.0


def midgame_states(game, count: int, seed: int) -> list:
    """``count`` states of random legal play, each stopped at a random point of its game (not terminal)."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        history = []
        while not state.is_terminal() and len(history) < 2000:
            history.append(state.clone() if len(history) % 7 == 0 else None)
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        kept = [h for h in history if h is not None]
        out.append(kept[rng.randrange(len(kept))])
    return out


def _per_second(fn, items: list, seconds: float) -> float:
    done, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for item in items:
            fn(item)
        done += len(items)
    return done / (time.perf_counter() - t0)


def bench_clone(name: str, players: int | None, seconds: float, rounds: int) -> dict:
    """Clones/s and JSON round trips/s of the same mid-game states, alternating; sample_hidden/s if there is one."""
    import hustings

    module = hustings.game_module(name)
    game = module.raw_env.game_class(players or module.raw_env.default_players)
    states = midgame_states(game, 20, seed=1)
    clone_rates, json_rates = [], []
    for _ in range(rounds):
        clone_rates.append(_per_second(lambda st: st.clone(), states, seconds))
        json_rates.append(_per_second(lambda st: game.state_from_json(st.to_json()), states, seconds))
    out = {"game": name, "players": game.num_players, "clone_per_s": statistics.median(clone_rates),
           "json_per_s": statistics.median(json_rates),
           "clone_ratio": statistics.median(c / j for c, j in zip(clone_rates, json_rates))}
    rng = random.Random(0)
    try:
        states[0].sample_hidden(states[0].current_player(), rng)
    except NotImplementedError:
        out["sample_per_s"] = None
    else:
        out["sample_per_s"] = statistics.median(
            _per_second(lambda st: st.sample_hidden(st.current_player(), rng), states, seconds) for _ in range(rounds))
    return out


def report_clone(res: dict) -> list[str]:
    ok = res["clone_ratio"] >= CLONE_RATIO_TARGET
    print(f"{res['game']} {res['players']}p")
    print(f"  clone()      : {res['clone_per_s']:>10,.0f} /s")
    print(f"  JSON trip    : {res['json_per_s']:>10,.0f} /s (to_json + state_from_json, same states, same process)")
    print(f"  clone ratio  : {res['clone_ratio']:>10.1f}x (target >= {CLONE_RATIO_TARGET:.0f}: "
          f"{'ok' if ok else 'MISSED'})")
    sample = res["sample_per_s"]
    print(f"  sample_hidden: {'(none)' if sample is None else f'{sample:>10,.0f} /s'}")
    return [] if ok else [f"{res['game']} clone ratio"]


SEARCH_ITERATIONS = 100  # per search; a timed run repeats searches over its positions


def first_decisions(game, count: int, seed: int) -> list:
    """The first position of ``count`` seeded deals where the player to move has two or more legal actions."""
    out, rng = [], random.Random(seed)
    while len(out) < count:
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        while not state.is_terminal() and len(state.legal_actions()) < 2:
            state.apply_unchecked(state.legal_actions()[0])
        if not state.is_terminal():
            out.append(state)
    return out


def _search_rate(search, states: list, seconds: float) -> float:
    """Iterations per CPU-second of ``search(state) -> iterations done`` cycled over ``states`` for about
    ``seconds`` of CPU time."""
    done, i, t0 = 0, 0, time.process_time()
    while time.process_time() - t0 < seconds or done == 0:
        done += search(states[i % len(states)])
        i += 1
    return done / (time.process_time() - t0)


def openspiel_hearts(iterations: int, seed: int):
    """``(search, positions)`` for OpenSpiel's Python IS-MCTS over C++ hearts, or ``None`` without open_spiel."""
    try:
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rs = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs), uct_c=2.0,
                           max_simulations=iterations, random_state=rs)
    states = []
    for k in range(20):
        r = np.random.RandomState(seed * 1000 + k)
        st = game.new_initial_state()
        while st.is_chance_node():  # the deal (and pass direction): then the first decision
            outcomes, probs = zip(*st.chance_outcomes())
            st.apply_action(int(r.choice(outcomes, p=probs)))
        states.append(st)

    def search(st) -> int:
        bot.step(st)
        return iterations

    def playout_length(st) -> int:  # decisions of one random playout (what a rollout plays), chance not counted
        st, steps = st.clone(), 0
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes, probs = zip(*st.chance_outcomes())
                st.apply_action(int(rs.choice(outcomes, p=probs)))
                continue
            legal = st.legal_actions()
            st.apply_action(legal[rs.randint(len(legal))])
            steps += 1
        return steps
    return search, states, statistics.mean(playout_length(st) for st in states for _ in range(5))


def playout_length(states: list, seed: int = 0) -> float:
    """Mean decisions of a random playout from ``states`` to the end (what a full random rollout plays)."""
    rng, total = random.Random(seed), 0
    for state in states:
        for _ in range(5):
            st = state.clone()
            while not st.is_terminal():
                legal = st.legal_actions()
                st.apply_unchecked(legal[rng.randrange(len(legal))])
                total += 1
    return total / (5 * len(states))


def bench_search(name: str, players: int | None, seconds: float, rounds: int, ref=None) -> dict:
    """IS-MCTS iterations/s of game ``name`` and, alternating in the same process, of OpenSpiel over hearts."""
    import hustings
    from hustings.bots.rollout import engine_class
    from hustings.bots.search import ISMCTSBot

    module = hustings.game_module(name)
    game = module.raw_env.game_class(players or module.raw_env.default_players)
    states = first_decisions(game, 20, seed=1)
    out = {"game": name, "players": game.num_players, "iterations": SEARCH_ITERATIONS}
    try:
        states[0].sample_hidden(states[0].current_player(), random.Random(0))
    except NotImplementedError:
        out["ours"] = None
        return out
    out["playout"] = playout_length(states)
    # Random rollouts to the end, whatever the game's default search settings are; the default backend (auto) first.
    backends = ["compiled", "python"] if engine_class(name) is not None else ["python"]
    out["backend"] = backends[0]
    searches = []
    for backend in backends:
        bot = ISMCTSBot(name, iterations=SEARCH_ITERATIONS, rollout="random", depth=None, horizon=None,
                        leaf="returns", fpu=None, seed=0, backend=backend)
        searches.append(lambda st, bot=bot: bot.search(st, st.current_player())[1])
    ref = openspiel_hearts(SEARCH_ITERATIONS, seed=0) if ref is None else ref
    for search in searches:
        _search_rate(search, states, 0.3)  # warm up (the compiled rollout kernel: compiled or loaded here)
    if ref:
        _search_rate(ref[0], ref[1], 0.3)
    mine = [[] for _ in searches]
    theirs = []
    for _ in range(rounds):
        for rates, search in zip(mine, searches):
            rates.append(_search_rate(search, states, seconds))
        if ref:
            theirs.append(_search_rate(ref[0], ref[1], seconds))
    out["ours"] = statistics.median(mine[0])
    out["python"] = statistics.median(mine[-1])
    out["speedup"] = statistics.median(a / b for a, b in zip(mine[0], mine[-1]))
    if registry.info(name).search.get("rollout") == "heuristic" and backends[0] == "compiled":
        default = [ISMCTSBot(name, seed=0, backend=b) for b in backends]
        if default[0]._compiled is not None:  # the engine plays the heuristic: the game's default search, both ways
            searches = [lambda st, bot=bot: bot.search(st, st.current_player())[1] for bot in default]
            for search in searches:
                _search_rate(search, states, 0.3)
            rates = [[_search_rate(search, states, seconds) for search in searches] for _ in range(rounds)]
            out["default"] = {"iterations": default[0].iterations,
                              "compiled": statistics.median(r[0] for r in rates),
                              "python": statistics.median(r[1] for r in rates),
                              "speedup": statistics.median(r[0] / r[1] for r in rates)}
    if ref:
        out["openspiel"] = statistics.median(theirs)
        out["openspiel_playout"] = ref[2]
        out["ratio"] = statistics.median(a / b for a, b in zip(mine[0], theirs))
    return out


def report_search(res: dict) -> list[str]:
    print(f"{res['game']} {res['players']}p")
    if res["ours"] is None:
        print("  IS-MCTS      : (skipped: the game has no State.sample_hidden yet)")
        return []
    print(f"  IS-MCTS      : {res['ours']:>10,.0f} iterations/s (backend={res['backend']}: random rollouts to the end "
          f"in {'the compiled engine' if res['backend'] == 'compiled' else 'Python'}, {res['iterations']} per "
          f"search, first decisions of 20 deals; a random playout from there is {res['playout']:.0f} decisions: "
          f"{res['ours'] * res['playout']:,.0f} playout decisions/s)")
    if res["backend"] == "compiled":
        print(f"  python       : {res['python']:>10,.0f} iterations/s (backend=python: the same search, rollouts "
              f"through State.random_rollout; compiled {res['speedup']:.2f}x)")
    if "default" in res:
        d = res["default"]
        print(f"  default      : {d['compiled']:>10,.0f} iterations/s (the game's default IS-MCTS, {d['iterations']} per "
              f"search: heuristic rollouts in the compiled engine; backend=python {d['python']:,.0f}/s, the same "
              f"moves: compiled {d['speedup']:.2f}x)")
    if "openspiel" not in res:
        print("  OpenSpiel    : (skipped: open_spiel is not installed; pip install open-spiel)")
        return []
    target = registry.info(res["game"]).search_speed_target
    ok = target is not None and res["ratio"] >= target
    verdict = f" (target >= {target:g}: {'ok' if ok else 'MISSED'})" if target is not None else " (no target)"
    print(f"  OpenSpiel    : {res['openspiel']:>10,.0f} iterations/s (Python ISMCTSBot over C++ hearts 4p, "
          f"same process, alternating; playouts of {res['openspiel_playout']:.0f} decisions: "
          f"{res['openspiel'] * res['openspiel_playout']:,.0f} playout decisions/s)")
    print(f"  search ratio : {res['ratio']:>10.2f}x{verdict}")
    return [] if ok or target is None else [f"{res['game']} search ratio"]


VECTOR_TARGETS = (5_000_000, 2_000_000)  # random decisions/s, with observations (compiled, N=1024, 4 players)


def random_picker(seed: int = 0):
    """``pick(mask) -> int64[N]``: a uniformly random legal action per game; a small numba kernel where numba is
    installed (so that the policy does not dominate what is measured), else NumPy."""
    from .vector import random_legal_actions

    try:
        import numba
    except ImportError:
        rng = np.random.default_rng(seed)
        return lambda mask: random_legal_actions(mask, rng)
    kernel = numba.njit(cache=True)(_pick_kernel)
    state = np.array([0x9E3779B97F4A7C15 ^ seed or 1], dtype=np.uint64)
    out = np.zeros(0, dtype=np.int64)

    def pick(mask):
        nonlocal out
        if len(out) != len(mask):
            out = np.zeros(len(mask), dtype=np.int64)
        kernel(mask, state, out)
        return out
    return pick


def _pick_kernel(mask, state, out):
    x = state[0]
    legal = np.empty(mask.shape[1], dtype=np.int64)
    for k in range(mask.shape[0]):
        row = mask[k]
        count = 0
        for a in range(mask.shape[1]):  # the legal actions in order, without a branch to mispredict
            legal[count] = a
            count += row[a] != 0
        out[k] = 0
        if count == 0:
            continue
        x ^= x << np.uint64(13)  # xorshift64
        x ^= x >> np.uint64(7)
        x ^= x << np.uint64(17)
        out[k] = legal[np.int64(x % np.uint64(count))]
    state[0] = x


def _random_step(engine, pick, mask, obs, next_seed: int) -> tuple[int, int]:
    """One batch step of random play through ``engine`` (the movers' observations written into ``obs`` unless it is
    None), finished games started again from seeds counted up from ``next_seed``; returns (decisions, next_seed)."""
    engine.legal_mask(mask)
    if obs is not None:
        engine.observe(obs)
    live = int(np.count_nonzero(engine.player >= 0))
    engine.apply(pick(mask))
    ended = np.flatnonzero(engine.player < 0)
    if len(ended):
        engine.reset(np.arange(next_seed, next_seed + len(ended), dtype=np.int64), ended)
        next_seed += len(ended)
    return live, next_seed


def _vector_rate(engine, game, pick, seconds: float, observe: bool, seed: int) -> float:
    """Decisions per CPU-second of random play through ``engine`` (games of ``game``; finished games started
    again)."""
    n_envs = len(engine.player)
    mask = np.zeros((n_envs, game.num_actions), dtype=np.int8)
    obs = np.zeros((n_envs, game.observation_size), dtype=np.float32) if observe else None
    next_seed = seed * 1_000_003
    decisions, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        live, next_seed = _random_step(engine, pick, mask, obs, next_seed)
        decisions += live
    return decisions / (time.process_time() - t0)


def openspiel_hearts_play(seconds: float, seed: int, tensor: bool) -> float | None:
    """Decisions per CPU-second of random play of OpenSpiel's C++ hearts through pyspiel (chance moves not counted),
    with the mover's information-state tensor to NumPy each decision if ``tensor``; ``None`` without open_spiel."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    decisions, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            if tensor:
                np.asarray(st.information_state_tensor(), dtype=np.float32)
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (time.process_time() - t0)


def _aec_rate(make, seconds: float, seed: int) -> float:
    env, rng = make(), np.random.default_rng(seed)
    steps, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        steps += env_loop(env, rng)
    return steps / (time.process_time() - t0)


def vector_lines(name: str, players: int | None = None, num_envs: int = 1024, seconds: float = 2.0, rounds: int = 3,
                 refs: bool = True, backend: str = "auto", misses: list | None = None) -> list[str]:
    """The ``--vector`` report of game ``name``: its line, then (``refs``) the references' lines; medians over
    ``rounds`` alternating rounds of ``seconds`` CPU-seconds each. A compiled engine below :data:`VECTOR_TARGETS`
    at N >= 1024 is added to ``misses``."""
    import hustings
    from . import vector

    players = players or registry.info(name).default_players
    game = registry.make_game(name, players)
    cls = vector.engine_class(name, backend)
    engine = cls(game, num_envs)
    kind = "python" if cls is vector.PythonBatchEngine else "compiled"
    engine.reset(vector.episode_seeds(0, np.arange(num_envs), np.zeros(num_envs, dtype=np.int64)))
    pick = random_picker()
    aec = lambda: hustings.make(name, num_players=players, events=False)  # noqa: E731
    warm = min(seconds, 0.2)
    _vector_rate(engine, game, pick, warm, True, 0)
    plain, seen, hearts, hearts_tensor, aec_rates = [], [], [], [], []
    for r in range(rounds):
        plain.append(_vector_rate(engine, game, pick, seconds, False, r + 1))
        seen.append(_vector_rate(engine, game, pick, seconds, True, r + 1))
        if refs:
            hearts.append(openspiel_hearts_play(seconds, r, tensor=False))
            hearts_tensor.append(openspiel_hearts_play(seconds, r, tensor=True))
            aec_rates.append(_aec_rate(aec, seconds, r))
    lines = [f"vector {name} {players}p N={num_envs}: {statistics.median(plain):,.0f} random decisions/s/core, "
             f"{statistics.median(seen):,.0f} with observations ({kind})"]
    slow = statistics.median(plain) < VECTOR_TARGETS[0] or statistics.median(seen) < VECTOR_TARGETS[1]
    if misses is not None and kind == "compiled" and num_envs >= 1024 and slow:
        misses.append(f"{name} vector")
    if refs:
        if hearts[0] is None:
            lines.append("reference openspiel hearts 4p: skipped (open_spiel is not installed; pip install open-spiel)")
        else:
            lines.append(f"reference openspiel hearts 4p: {statistics.median(hearts):,.0f} random decisions/s/core, "
                         f"{statistics.median(hearts_tensor):,.0f} with information_state_tensor to numpy")
        lines.append(f"reference aec {name} {players}p: {statistics.median(aec_rates):,.0f} random decisions/s/core "
                     f"(agent_iter/last/step, with observations and masks)")
    return lines


SCALING_TARGET = 1.7  # 2 processes' decisions against one process's, in the same wall time


def _scaling_worker(job: tuple) -> int:
    """Random decisions one process makes through game ``name``'s batched engine in ``seconds`` of wall time (after
    a warm-up: compiling or loading the kernels is not counted)."""
    from . import vector

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


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    import hustings

    parser = argparse.ArgumentParser(prog="python -m hustings.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help=f"games to measure (default: all of {', '.join(hustings.games())})")
    parser.add_argument("--players", type=int, default=None, help="player count (default: each game's default)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per timed run (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; medians are reported (default 3)")
    parser.add_argument("--ref", default="connect_four_v3", help="PettingZoo classic env to compare with")
    parser.add_argument("--min-ratio", type=float, default=None,
                        help=f"env ratio target (default against connect_four_v3: {ENV_RATIO_TARGET}, Politrickers 3.3, "
                             f"Prime Minister 2; against another --ref: 1)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--clone", action="store_true",
                        help="measure State.clone() against the JSON round trip, and sample_hidden (for search)")
    parser.add_argument("--search", action="store_true",
                        help="measure IS-MCTS iterations per CPU-second (compiled and Python rollouts) against "
                             "OpenSpiel's Python ISMCTSBot over hearts")
    parser.add_argument("--vector", action="store_true",
                        help="measure the batched engine (hustings.vector) in decisions per CPU-second")
    parser.add_argument("--num-envs", type=int, default=1024,
                        help="games stepped together with --vector (default 1024)")
    parser.add_argument("--scaling", action="store_true",
                        help="with --vector: also how random play scales from one process to two (wall time)")
    args = parser.parse_args(argv)
    if not (args.search or args.clone or args.vector):
        problem = reference_problem(args.ref)
        if problem is not None:
            print(f"error: {problem}", file=sys.stderr)
            return 2
    misses = []
    ref = None
    if args.search:
        ref = openspiel_hearts(SEARCH_ITERATIONS, seed=0) or False
    for name in args.games or hustings.games():
        if args.vector:
            for line in vector_lines(name, args.players, args.num_envs, args.seconds, args.rounds, misses=misses):
                print(line, flush=True)
            if args.scaling:
                print(scaling_line(name, args.players, args.num_envs, args.seconds, args.rounds, misses), flush=True)
            continue
        if args.search:
            misses += report_search(bench_search(name, args.players, args.seconds, args.rounds, ref))
            continue
        if args.clone:
            misses += report_clone(bench_clone(name, args.players, args.seconds, args.rounds))
            continue
        target = args.min_ratio
        if target is None:  # the targets are against connect_four_v3; against another reference: at least as fast
            target = registry.info(name).env_speed_target if args.ref == "connect_four_v3" else 1.0
        misses += report(bench_game(name, args.players, args.seconds, args.rounds, args.ref), target)
    if misses:
        print("missed targets: " + ", ".join(misses))
    return 1 if (args.check and misses) else 0


if __name__ == "__main__":
    sys.exit(main())
