"""Politrickers' compiled scripted bots (``engine/bots.py``) against the Python bots (``bots.py``), move for move.

Tables of the compiled engine are played to the end with a scripted bot at every seat (heuristic and random mixed,
each seat's kind drawn per table); beside each table a rules state plays the same moves, with the Python bot of that
seat, seeded with the same number, choosing on it. At every decision the two bots' moves must be the same.
"""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from hustings.core.bots import RandomBot  # noqa: E402
from hustings.politrickers import PolitrickersGame  # noqa: E402
from hustings.politrickers.bots import HeuristicBot  # noqa: E402
from hustings.politrickers.engine import BatchEngine  # noqa: E402
from hustings.politrickers.engine import NAMES, BatchBots  # noqa: E402

PYTHON = {"random": RandomBot, "heuristic": HeuristicBot}


def play_side_by_side(n: int, tables: int, seed: int, kinds_p=(0.3, 0.7)) -> int:
    """Play ``tables`` games of ``n`` seats to the end, compiled and Python bots side by side; returns the number of
    decisions compared (each one asserted equal)."""
    game = PolitrickersGame(n)
    rng = np.random.default_rng(seed)
    engine = BatchEngine(game, tables)
    seeds = rng.integers(0, 2**40, size=tables)
    engine.reset(seeds)
    states = [game.new_initial_state(seed=int(s)) for s in seeds]
    kinds = rng.choice(len(NAMES), size=(tables, n), p=kinds_p).astype(np.int8)
    bot_seeds = rng.integers(0, 2**31, size=(tables, n))
    bots = BatchBots(game, tables)
    python = []
    for k in range(tables):
        row = []
        for s in range(n):
            bot = PYTHON[NAMES[kinds[k, s]]]()
            bot.reset(int(bot_seeds[k, s]))
            row.append(bot)
        python.append(row)
    envs, seats = np.meshgrid(np.arange(tables), np.arange(n), indexing="ij")
    bots.seed(envs.ravel(), seats.ravel(), bot_seeds.ravel())
    obs = np.zeros((tables, game.observation_size), dtype=np.float32)
    mask = np.zeros((tables, game.num_actions), dtype=np.int8)
    out = np.zeros(tables, dtype=np.int64)
    decisions = 0
    while (engine.player >= 0).any():
        engine.observe(obs)
        engine.legal_mask(mask)
        live = engine.player >= 0
        movers = np.where(live, engine.player, 0)
        mover_kinds = np.where(live, kinds[np.arange(tables), movers], -1).astype(np.int8)
        out[:] = -1
        bots.act(mover_kinds, engine.player, obs, mask, out)
        for k in np.flatnonzero(live).tolist():
            p = int(engine.player[k])
            want = python[k][p].act(states[k], p)
            assert out[k] == want, (f"{n}p table {k} (seed {int(seeds[k])}), seat {p} ({NAMES[kinds[k, p]]}), "
                                    f"decision {decisions}: compiled {int(out[k])}, Python {want}")
            states[k].apply_unchecked(want)
            decisions += 1
        engine.apply(out)
    for k, st in enumerate(states):
        assert st.is_terminal() and np.flatnonzero(engine.winners[k]).tolist() == st.winners()
    return decisions


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_compiled_bots_play_the_python_bots_moves(n):
    assert play_side_by_side(n, tables=40, seed=n) > 2000


def test_heuristic_only_tables_and_random_only_tables():
    assert play_side_by_side(4, tables=24, seed=11, kinds_p=(0.0, 1.0)) > 2000
    assert play_side_by_side(4, tables=30, seed=12, kinds_p=(1.0, 0.0)) > 2000


def test_seeding_restarts_a_bot_as_random_random_does():
    game = PolitrickersGame(4)
    engine = BatchEngine(game, 2)
    engine.reset(np.array([5, 5]))
    bots = BatchBots(game, 2)
    obs = np.zeros((2, game.observation_size), dtype=np.float32)
    mask = np.zeros((2, game.num_actions), dtype=np.int8)
    engine.observe(obs)
    engine.legal_mask(mask)
    kinds = np.zeros(2, dtype=np.int8)
    got = []
    for _ in range(2):
        bots.seed([0, 1], engine.player.astype(np.int64), [2**40 + 3, 2**40 + 3])
        draws = []
        for _ in range(20):
            out = np.full(2, -1, dtype=np.int64)
            bots.act(kinds, engine.player, obs, mask, out)
            draws.append(out.tolist())
        got.append(draws)
    assert got[0] == got[1] and all(a == b for a, b in got[0])
    bot = RandomBot()
    bot.reset(2**40 + 3)
    st = game.new_initial_state(seed=5)
    assert [d[0] for d in got[0]] == [bot.act(st, st.current_player()) for _ in range(20)]
