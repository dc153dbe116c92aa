"""``python -m hustings.bench --vector``: the batched engine (:mod:`hustings.vector`) in CPU time of the process
(``time.process_time``): N games (``--num-envs``, default 1024) of each game stepped together with uniformly random
legal actions, finished games started again, in decisions per CPU-second, without and with the mover's observation
written each step; one line per game, e.g. ``vector democracy 4p N=1024: 6,100,000 random decisions/s/core,
2,400,000 with observations (compiled)``, then, alternating rounds in the same run, the references on lines of their
own: OpenSpiel's C++ ``hearts`` through pyspiel (plain random play, and with the information-state tensor to NumPy
each decision; skipped without open_spiel) and the game's AEC env (the ``agent_iter`` loop). Targets (compiled,
N=1024, 4 players): >= 5,000,000 random decisions/s and >= 2,000,000 with observations (``--check``: exit 1 when a
compiled engine misses them at N >= 1024). Then the batched API's own loop (``VectorEnv.step`` +
``random_legal_actions``, with observations) beside the engine's loop with observations, and their ratio, at
N=``--num-envs`` and N=1, where the AEC env's rate is beside them too: e.g. ``api democracy 4p N=1024: 2,000,000
decisions/s/core through VectorEnv.step + random_legal_actions, 2,300,000 the engine's own (compiled; both with
observations): 0.87x``; targets (compiled): >= 0.8x the engine at N >= 1024, and at N=1 >= 1x the AEC env
(``--check`` counts them too). ``--vector --scaling`` (:mod:`hustings.bench.scaling`) adds how random
play scales from one process to two.

The stepping loops here are the measurement (the engine's own calls, batch step by batch step), so they are raw
loops; the AEC reference is :func:`hustings.bench.env.env_loop`, PettingZoo's standard loop.
"""
from __future__ import annotations

import statistics
import time

import numpy as np

from .. import registry
from .env import env_loop
from .openspiel import openspiel_hearts_play

VECTOR_TARGETS = (5_000_000, 2_000_000)  # random decisions/s, with observations (compiled, N=1024, 4 players)


def random_picker(seed: int = 0):
    """``pick(mask) -> int64[N]``: a uniformly random legal action per game, :func:`hustings.vector.random_legal_actions`
    (compiled where numba imports, so that the policy does not dominate what is measured; else NumPy): the same pick
    the batched API's rate below is measured with."""
    from ..vector import random_legal_actions

    rng = np.random.default_rng(seed)
    return lambda mask: random_legal_actions(mask, rng)


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


def _aec_rate(make, seconds: float, seed: int) -> float:
    env, rng = make(), np.random.default_rng(seed)
    steps, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        steps += env_loop(env, rng)
    return steps / (time.process_time() - t0)


def _api_rate(venv, seconds: float, seed: int, until_end: bool = False) -> float:
    """Decisions per CPU-second of the batched API's own loop (docs/vector.md): ``venv.step`` with
    ``random_legal_actions`` of the mask it returned, observations included (every game moves every step). With
    ``until_end`` (a warm-up) it goes on until a game has ended and been started again, so that every kernel of
    the step has been compiled or loaded."""
    from ..vector import random_legal_actions

    rng = np.random.default_rng(seed)
    _, mask, _ = venv.reset(seed=seed)
    steps, t0, ended = 0, time.process_time(), not until_end
    while time.process_time() - t0 < seconds or not ended:
        _, mask, _, _, _, _, info = venv.step(random_legal_actions(mask, rng))
        ended = ended or bool(info["final"].any())
        steps += 1
    return steps * venv.num_envs / (time.process_time() - t0)


API_TARGETS = (0.8, 1.0)  # compiled: the API against its engine at N >= 1024, against the AEC env at N=1


def api_lines(name: str, players: int | None = None, sizes: tuple = (1024, 1), seconds: float = 2.0, rounds: int = 3,
              backend: str = "auto", misses: list | None = None) -> list[str]:
    """The batched API (:class:`hustings.vector.VectorEnv`: ``step`` + ``random_legal_actions``, with observations)
    beside its engine's own loop with observations (the same pick), per N of ``sizes``, and at N=1 the AEC env too;
    medians over ``rounds`` alternating rounds of ``seconds`` CPU-seconds each, ratios per round. A compiled engine's
    API below :data:`API_TARGETS` is added to ``misses``."""
    import hustings
    from .. import vector

    players = players or registry.info(name).default_players
    game = registry.make_game(name, players)
    aec = lambda: hustings.make(name, num_players=players, events=False)  # noqa: E731
    pick = random_picker()
    lines = []
    for n in sizes:
        venv = vector.make_vector(name, n, players, backend=backend)
        engine = vector.engine_class(name, venv.backend)(game, n)
        engine.reset(vector.episode_seeds(0, np.arange(n), np.zeros(n, dtype=np.int64)))
        t0 = time.process_time()
        _api_rate(venv, min(seconds, 0.2), 0, until_end=True)
        _vector_rate(engine, game, pick, time.process_time() - t0, True, 0)  # as long: through a restart too
        eng, api, aec_rates = [], [], []
        for r in range(rounds):
            eng.append(_vector_rate(engine, game, pick, seconds, True, r + 1))
            api.append(_api_rate(venv, seconds, r + 1))
            if n == 1:
                aec_rates.append(_aec_rate(aec, seconds, r))
        ratio = statistics.median(a / e for a, e in zip(api, eng))
        line = (f"api {name} {players}p N={n}: {statistics.median(api):,.0f} decisions/s/core through "
                f"VectorEnv.step + random_legal_actions, {statistics.median(eng):,.0f} the engine's own "
                f"({venv.backend}; both with observations): {ratio:.2f}x")
        slow = n >= 1024 and ratio < API_TARGETS[0]
        if n == 1:
            against_aec = statistics.median(a / b for a, b in zip(api, aec_rates))
            line += f"; aec env {statistics.median(aec_rates):,.0f} ({against_aec:.2f}x)"
            slow = against_aec < API_TARGETS[1]
        if misses is not None and venv.backend == "compiled" and slow:
            misses.append(f"{name} api N={n}")
        lines.append(line)
    return lines


def vector_lines(name: str, players: int | None = None, num_envs: int = 1024, seconds: float = 2.0, rounds: int = 3,
                 refs: bool = True, backend: str = "auto", misses: list | None = None, api: bool = True) -> list[str]:
    """The ``--vector`` report of game ``name``: its line, then (``refs``) the references' lines, then (``api``)
    :func:`api_lines` at N=``num_envs`` and N=1; medians over ``rounds`` alternating rounds of ``seconds``
    CPU-seconds each. A compiled engine below :data:`VECTOR_TARGETS` at N >= 1024 is added to ``misses``."""
    import hustings
    from .. import vector

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
    plain, seen, hearts, hearts_tensor, hearts_observer, aec_rates = [], [], [], [], [], []
    for r in range(rounds):
        plain.append(_vector_rate(engine, game, pick, seconds, False, r + 1))
        seen.append(_vector_rate(engine, game, pick, seconds, True, r + 1))
        if refs:
            hearts.append(openspiel_hearts_play(seconds, r, tensor=False))
            hearts_tensor.append(openspiel_hearts_play(seconds, r, tensor=True))
            hearts_observer.append(openspiel_hearts_play(seconds, r, tensor="observer"))
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
                         f"{statistics.median(hearts_tensor):,.0f} with information_state_tensor to numpy, "
                         f"{statistics.median(hearts_observer):,.0f} through its Observer API (set_from, in place)")
        lines.append(f"reference aec {name} {players}p: {statistics.median(aec_rates):,.0f} random decisions/s/core "
                     f"(agent_iter/last/step, with observations and masks)")
    if api:
        lines += api_lines(name, players, tuple(dict.fromkeys((num_envs, 1))), seconds, rounds, backend, misses)
    return lines

