"""Where a compiled engine's time goes in random play: CPU nanoseconds per decision spent in ``legal_mask``,
``apply`` and restarting finished games (``reset`` of those games), at N=1024 games of 4 players.

    python tools/engine_steps.py [GAME ...]

A/B against another version of the package: run it with that version first on ``PYTHONPATH`` (for a checkout of an
older commit, a folder holding a link ``hustings`` -> its ``envs/``), alternating with this one.
"""
from __future__ import annotations

import sys
import time

import numpy as np

from hustings import registry
from hustings.vector import engine_class, random_legal_actions


def steps(game: str, num_envs: int = 1024, batch_steps: int = 3000) -> str:
    rules = registry.make_game(game, 4)
    engine = engine_class(game, "compiled")(rules, num_envs)
    engine.reset(np.arange(num_envs, dtype=np.int64))
    mask = np.zeros((num_envs, rules.num_actions), dtype=np.int8)
    rng = np.random.default_rng(0)
    t_mask = t_apply = t_reset = 0.0
    decisions, next_seed = 0, num_envs
    for _ in range(batch_steps):
        t0 = time.process_time()
        engine.legal_mask(mask)
        t1 = time.process_time()
        decisions += int(np.count_nonzero(engine.player >= 0))
        actions = random_legal_actions(mask, rng)
        t2 = time.process_time()
        engine.apply(actions)
        t3 = time.process_time()
        ended = np.flatnonzero(engine.player < 0)
        if len(ended):
            engine.reset(np.arange(next_seed, next_seed + len(ended), dtype=np.int64), ended)
            next_seed += len(ended)
        t4 = time.process_time()
        t_mask, t_apply, t_reset = t_mask + t1 - t0, t_apply + t3 - t2, t_reset + t4 - t3
    per = 1e9 / decisions
    return (f"{game}: per decision legal_mask {t_mask * per:.0f} ns, apply {t_apply * per:.0f} ns, "
            f"restarts {t_reset * per:.0f} ns ({next_seed - num_envs} games restarted)")


if __name__ == "__main__":
    for name in sys.argv[1:] or [i.name for i in registry.all_info() if i.engine is not None]:
        print(steps(name))
