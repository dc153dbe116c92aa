"""The parity ladder: every compiled engine against its game's rules module through the one checker
(:mod:`hustings.engine.parity`), at every table size and variant family.

Fast suite: the golden trajectories recorded from the rules modules (``tests/golden/``, ``tools/record_golden.py``)
replayed through each engine, and a short lockstep run from seeds and from mid-game saved states at every size.
Slow suite: the long sweep (thousands of games per size).
"""
from __future__ import annotations

import copy
import glob
import os
import random

import pytest

from hustings import registry
from hustings.engine import parity

pytest.importorskip("numba")

GOLDEN = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "golden")
ENGINES = [i.name for i in registry.all_info() if i.engine is not None]
FILES = sorted(glob.glob(os.path.join(GOLDEN, "*.json.gz")))


def engine_of(game: str):
    from hustings.engine import engine_module

    return engine_module(game, required=True).BatchEngine


def sizes(game: str) -> list[int]:
    cls = registry.info(game).game_class
    return list(range(cls.min_players, cls.max_players + 1))


def test_every_engine_has_golden_trajectories_at_every_size():
    have = {(g["game"], g["num_players"]) for g in map(parity.read_golden, FILES)}
    assert ENGINES and {(g, n) for g in ENGINES for n in sizes(g)} <= have


@pytest.mark.parametrize("path", FILES, ids=os.path.basename)
def test_the_engine_replays_the_rules_modules_recorded_play(path):
    golden = parity.read_golden(path)
    assert parity.replay_golden(engine_of(golden["game"]), golden) == \
        sum(len(t["actions"]) for t in golden["trajectories"])


def test_a_replay_that_differs_is_caught():
    golden = parity.read_golden(FILES[0])
    bad = copy.deepcopy(golden)
    bad["trajectories"][0]["digests"][5] = "0" * 16
    with pytest.raises(AssertionError, match=r"decision 5 differs from the recorded rules play"):
        parity.replay_golden(engine_of(golden["game"]), bad)
    bad = copy.deepcopy(golden)
    bad["trajectories"][1]["returns"] = [9.0] * golden["num_players"]
    with pytest.raises(AssertionError, match="returns"):
        parity.replay_golden(engine_of(golden["game"]), bad)


def mid_game_states(game, count: int, seed: int) -> list:
    """Saved states from random play, some near the start and some late, loaded back from their JSON."""
    rng = random.Random(seed)
    out = []
    for g in range(count):
        st = game.new_initial_state(seed=seed * 1000 + g)
        for _ in range(rng.randrange(0, 150)):
            if st.is_terminal():
                break
            st.apply_unchecked(rng.choice(st.legal_actions()))
        if st.is_terminal():
            st = game.new_initial_state(seed=seed * 1000 + g)
        out.append(game.state_from_json(st.to_json()))
    return out


@pytest.mark.parametrize("game,n", [(g, n) for g in ENGINES for n in sizes(g)])
def test_lockstep_from_seeds_and_from_saved_states(game, n):
    rules = registry.make_game(game, n)
    assert parity.compare_with_rules(engine_of(game), rules, games=12, seed=n, every=5)["decisions"] > 12 * 10
    states = mid_game_states(rules, 8, seed=n)
    assert parity.compare_with_rules(engine_of(game), rules, games=8, seed=n, every=3, states=states)["games"] == 8


@pytest.mark.slow
@pytest.mark.parametrize("game,n", [(g, n) for g in ENGINES for n in sizes(g)])
def test_long_sweep(game, n):
    rules = registry.make_game(game, n)
    done = parity.compare_with_rules(engine_of(game), rules, games=2000, seed=10_000 + n, every=50)
    assert done["games"] == 2000 and done["decisions"] > 2000 * 10


def test_the_lockstep_sees_a_wrong_score():
    from hustings.core.batch import PythonBatchEngine

    class WrongScores(PythonBatchEngine):
        def apply(self, actions):
            super().apply(actions)
            self.scores[1] += 1.0

    with pytest.raises(AssertionError, match=r"game 1 .*scores"):
        parity.compare_with_rules(WrongScores, "politrickers", games=3)
