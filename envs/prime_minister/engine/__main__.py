"""``python -m hustings.prime_minister.engine [--num-envs N] [--seconds S] [PLAYERS ...]``: Prime Minister's compiled
engine in random play, in decisions per CPU-second of this process (``time.process_time``): N games (default 1024)
of each table size stepped together with uniformly random legal actions (``hustings.vector.random_legal_actions``),
finished games started again, without and with the mover's observation written each step. The loop is the one
``python -m hustings.bench --vector`` measures the registered engines with (``hustings.bench.vector``)."""
from __future__ import annotations

import argparse
import time

import numpy as np

from ... import registry
from ...vector import random_legal_actions
from .batch import BatchEngine


def rate(num_players: int, num_envs: int, seconds: float, observe: bool) -> float:
    """Random decisions per CPU-second of ``num_envs`` games of ``num_players`` (after a warm-up of ``seconds``)."""
    game = registry.make_game("prime_minister", num_players)
    engine = BatchEngine(game, num_envs)
    engine.reset(np.arange(num_envs, dtype=np.int64))
    mask = np.zeros((num_envs, game.num_actions), dtype=np.int8)
    obs = np.zeros((num_envs, game.observation_size), dtype=np.float32) if observe else None
    rng = np.random.default_rng(0)
    next_seed = num_envs
    out = 0.0
    for measured in (False, True):
        start, decisions = time.process_time(), 0
        while time.process_time() - start < seconds:
            engine.legal_mask(mask)
            if obs is not None:
                engine.observe(obs)
            decisions += int(np.count_nonzero(engine.player >= 0))
            engine.apply(random_legal_actions(mask, rng))
            ended = np.flatnonzero(engine.player < 0)
            if len(ended):
                engine.reset(np.arange(next_seed, next_seed + len(ended), dtype=np.int64), ended)
                next_seed += len(ended)
        if measured:
            out = decisions / (time.process_time() - start)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m hustings.prime_minister.engine",
                                     description="Prime Minister's compiled engine in random play (decisions/s).")
    parser.add_argument("players", nargs="*", type=int, default=[4], help="table sizes (2-4; default 4)")
    parser.add_argument("--num-envs", type=int, default=1024, help="games stepped together (default 1024)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU-seconds per measurement (default 3)")
    args = parser.parse_args(argv)
    for n in args.players:
        plain = rate(n, args.num_envs, args.seconds, observe=False)
        with_obs = rate(n, args.num_envs, args.seconds, observe=True)
        print(f"prime_minister {n}p N={args.num_envs}: {plain:,.0f} random decisions/s/core, {with_obs:,.0f} with "
              f"observations (compiled)")


if __name__ == "__main__":
    main()
