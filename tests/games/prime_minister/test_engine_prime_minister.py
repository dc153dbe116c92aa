"""Prime Minister's compiled engine (``hustings.prime_minister.engine``) against the rules module, over what the
engine compiles so far (its ``kernels.py`` docstring): the seeded setup and Round 1's Bill Selection at 2, 3 and 4
players. Every decision compares the mover, the legal mask, the table (``state_fields``) and the Mersenne Twister's
state; the moves are ``hustings.engine.parity.random_legal``'s. The whole-game lockstep (``parity.play_both``, which
also compares observations) takes over once the engine is registered."""
from __future__ import annotations

import numpy as np
import pytest

from hustings import registry
from hustings.engine import parity
from hustings.errors import ConfigError, HustingsError
from hustings.vector import episode_seeds

pytest.importorskip("numba")

from hustings.prime_minister.engine import BatchEngine, state_fields  # noqa: E402


def lockstep(n: int, games: int, seed: int) -> tuple[int, np.ndarray]:
    """Play ``games`` seeded games through the engine and the rules side by side while the engine covers them;
    returns the decisions compared and the engine's ``covered`` at the end."""
    game = registry.make_game("prime_minister", n)
    engine = BatchEngine(game, games)
    seeds = episode_seeds(seed, np.arange(games), np.zeros(games, dtype=np.int64))
    engine.reset(seeds)
    ref = [game.new_initial_state(seed=int(s)) for s in seeds]
    rng = np.random.default_rng(seed)
    mask = np.zeros((games, game.num_actions), dtype=np.int8)
    decisions = 0
    while True:
        live = np.flatnonzero(engine.covered).tolist()
        for k in live:
            got, want = engine.fields(k), state_fields(ref[k])
            bad = sorted(key for key in want if got[key] != want[key])
            assert not bad, f"seed {int(seeds[k])}, decision {decisions}: the engine's table differs in {bad}"
            assert engine.rng_state(k) == ref[k].rng.getstate(), f"seed {int(seeds[k])}: the RNG differs"
            assert engine.player[k] == ref[k].current_player()
            assert engine.scores[k].tolist() == ref[k].scores()
        if not live:
            return decisions, engine.covered
        engine.legal_mask(mask)
        for k in live:
            assert np.array_equal(mask[k], ref[k].legal_mask()), f"seed {int(seeds[k])}: the legal mask differs"
        actions = parity.random_legal(mask, rng)
        engine.apply(actions)
        for k in live:
            ref[k].apply_unchecked(int(actions[k]))
            decisions += 1


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_and_bill_selection_match_the_rules_move_for_move(n):
    decisions, covered = lockstep(n, games=24, seed=n)
    assert decisions >= 24 * 10 and not covered.any()  # every game played to the end of what is compiled


def test_a_configuration_not_compiled_yet_is_named():
    with pytest.raises(ConfigError, match="scenario=1") as err:
        BatchEngine(registry.make_game("prime_minister", 4, {"scenario": 1}), 2)
    assert isinstance(err.value, HustingsError)
    with pytest.raises(ConfigError, match="question_time"):
        BatchEngine(registry.make_game("prime_minister", 4, {"question_time": True}), 2)


def test_a_game_beyond_what_is_compiled_is_not_played_on():
    engine = BatchEngine(registry.make_game("prime_minister", 4), 3)
    engine.reset(np.array([1, 2, 3]))
    mask = np.zeros((3, engine.num_actions), dtype=np.int8)
    rng = np.random.default_rng(0)
    while engine.covered.any():
        engine.legal_mask(mask)
        engine.apply(parity.random_legal(mask, rng))
    engine.legal_mask(mask)
    assert (engine.player == -1).all() and not mask.any()
    before = engine._st.copy()
    engine.apply(np.zeros(3, dtype=np.int64))
    assert np.array_equal(before, engine._st)
