"""Prime Minister's compiled engine (``hustings.prime_minister.engine``) against the rules module: whole standard games
at 2, 3 and 4 players from seeded deals. Every decision compares the mover, the legal mask, the mover's observation
(bit for bit), the scores, the table (``state_fields``) and the Mersenne Twister's state; every few decisions every
seat's observation and the global observation; at the end the ends, returns and winners. The moves are
``hustings.engine.parity.random_legal``'s. The generic lockstep (``parity.play_both``, which also compares
observations and saved states) runs too, from seeds and from mid-game saved states."""
from __future__ import annotations

import random

import numpy as np
import pytest

from hustings import registry
from hustings.engine import parity
from hustings.errors import ConfigError, HustingsError
from hustings.vector import episode_seeds

pytest.importorskip("numba")

from hustings.prime_minister.engine import BatchEngine, state_fields  # noqa: E402


def lockstep(n: int, games: int, seed: int, max_rounds: int = 50) -> int:
    """Play ``games`` seeded games through the engine and the rules side by side to the end; returns the decisions
    compared."""
    game = registry.make_game("prime_minister", n, {"max_rounds": max_rounds})
    engine = BatchEngine(game, games)
    seeds = episode_seeds(seed, np.arange(games), np.zeros(games, dtype=np.int64))
    engine.reset(seeds)
    ref = [game.new_initial_state(seed=int(s)) for s in seeds]
    for st in ref:
        st.record_events = False
    rng = np.random.default_rng(seed)
    mask = np.zeros((games, game.num_actions), dtype=np.int8)
    obs = np.zeros((games, game.observation_size), dtype=np.float32)
    glob = np.zeros((games, n * game.observation_size), dtype=np.float32)
    decisions = step = 0
    while True:
        assert engine.covered.all()
        live = [k for k, st in enumerate(ref) if not st.is_terminal()]
        for k in live:
            got, want = engine.fields(k), state_fields(ref[k])
            bad = sorted(key for key in want if got[key] != want[key])
            assert not bad, f"seed {int(seeds[k])}, decision {decisions}: the engine's table differs in {bad}"
            assert engine.rng_state(k) == ref[k].rng.getstate(), f"seed {int(seeds[k])}: the RNG differs"
            assert engine.player[k] == ref[k].current_player()
            assert engine.scores[k].tolist() == ref[k].scores()
        engine.legal_mask(mask)
        assert not mask[[k for k in range(games) if k not in live]].any()
        if not live:
            break
        for k in live:
            assert np.array_equal(mask[k], ref[k].legal_mask()), f"seed {int(seeds[k])}: the legal mask differs"
        engine.observe(obs)
        for k, st in enumerate(ref):
            want = st.observation(st.current_player()) if k in live else np.zeros_like(obs[k])
            assert np.array_equal(obs[k], want), f"seed {int(seeds[k])}: the mover's observation differs"
        if step % 5 == 0:
            seats = np.full(games, step // 5 % n, dtype=np.int32)
            engine.observe_seat(seats, obs)
            engine.global_observation(glob)
            for k, st in enumerate(ref):
                assert np.array_equal(obs[k], st.observation(int(seats[k]))), f"seed {int(seeds[k])}: a seat's view"
                assert np.array_equal(glob[k], st.global_observation()), f"seed {int(seeds[k])}: the global view"
        step += 1
        actions = parity.random_legal(mask, rng)
        engine.apply(actions)
        for k in live:
            ref[k].apply_unchecked(int(actions[k]))
            decisions += 1
    for k, st in enumerate(ref):
        assert engine.player[k] == -1 and bool(engine.truncated[k]) == st.truncated
        assert bool(engine.terminated[k]) == (not st.truncated)
        assert engine.returns[k].tolist() == st.returns() and engine.scores[k].tolist() == st.scores()
        assert np.flatnonzero(engine.winners[k]).tolist() == st.winners()
    return decisions


@pytest.mark.parametrize("n", [2, 3, 4])
def test_whole_games_match_the_rules_move_for_move(n):
    assert lockstep(n, games=16, seed=n) >= 16 * 100


@pytest.mark.parametrize("n", [2, 3, 4])
def test_truncated_games_match_the_rules(n):
    assert lockstep(n, games=6, seed=10 + n, max_rounds=2) >= 6 * 20


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_many_whole_games_match_the_rules(n):
    assert lockstep(n, games=400, seed=100 + n) >= 400 * 200


def test_a_configuration_not_compiled_yet_is_named():
    with pytest.raises(ConfigError, match="scenario=1") as err:
        BatchEngine(registry.make_game("prime_minister", 4, {"scenario": 1}), 2)
    assert isinstance(err.value, HustingsError)
    with pytest.raises(ConfigError, match="question_time"):
        BatchEngine(registry.make_game("prime_minister", 4, {"question_time": True}), 2)


def test_games_over_are_left_alone_and_play_is_deterministic():
    runs = []
    for _ in range(2):
        engine = BatchEngine(registry.make_game("prime_minister", 3), 3)
        engine.reset(np.array([1, 2, 3]))
        mask = np.zeros((3, engine.num_actions), dtype=np.int8)
        out = np.zeros(3, dtype=np.int64)
        engine.seed_random(5)
        while (engine.player >= 0).any():
            engine.legal_mask(mask)
            engine.random_actions(mask, out)
            assert all(mask[k, out[k]] for k in range(3) if engine.player[k] >= 0)
            engine.apply(out)
        before = engine._st.copy()
        engine.apply(np.zeros(3, dtype=np.int64))
        assert np.array_equal(before, engine._st)
        runs.append(engine.scores.copy())
    assert np.array_equal(runs[0], runs[1])


def mid_game_states(game, count: int, seed: int) -> list:
    """Saved states from random play, some near the start and some late, loaded back from their JSON."""
    rng = random.Random(seed)
    out = []
    for g in range(count):
        st = game.new_initial_state(seed=seed * 1000 + g)
        for _ in range(rng.randrange(0, 400)):
            if st.is_terminal():
                break
            st.apply_unchecked(rng.choice(st.legal_actions()))
        if st.is_terminal():
            st = game.new_initial_state(seed=seed * 1000 + g)
        out.append(game.state_from_json(st.to_json()))
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_generic_lockstep_from_seeds_and_from_saved_states(n):
    rules = registry.make_game("prime_minister", n)
    assert parity.compare_with_rules(BatchEngine, rules, games=6, seed=n, every=5)["decisions"] > 6 * 100
    states = mid_game_states(rules, 6, seed=n)
    assert parity.compare_with_rules(BatchEngine, rules, games=6, seed=n, every=3, states=states)["games"] == 6


def test_to_state_and_from_state_round_trip():
    rules = registry.make_game("prime_minister", 4)
    states = mid_game_states(rules, 4, seed=9)
    engine = BatchEngine(rules, 4)
    for k, st in enumerate(states):
        engine.from_state(k, st)
        back = engine.to_state(k).to_json()
        want = st.to_json()
        assert {key: v for key, v in back.items() if key != "score_version"} == \
            {key: v for key, v in want.items() if key != "score_version"}
    with pytest.raises(ConfigError, match="game 7"):
        engine.to_state(7)
    other = registry.make_game("prime_minister", 3).new_initial_state(seed=1)
    with pytest.raises(ConfigError, match="expected a state of"):
        engine.from_state(0, other)


@pytest.mark.slow
@pytest.mark.parametrize("n", [2, 3, 4])
def test_long_generic_sweep(n):
    rules = registry.make_game("prime_minister", n)
    done = parity.compare_with_rules(BatchEngine, rules, games=1000, seed=20_000 + n, every=50)
    assert done["games"] == 1000 and done["decisions"] > 1000 * 200


def positions(game, count: int, seed: int) -> list:
    """Tables from positions (RULES.md "Positions"): a phase with a stacked Uncertainty deck, a mid-game table
    written as a position and read back, an order for the next Supporter and Event reshuffles."""
    from hustings.prime_minister.components import EVENT_IDS, SUP_IDS

    rng = random.Random(seed)
    phases = ["round_start", "bill_selection", "opposition", "prime_minister", "election"]
    out = []
    for g in range(count):
        if g % 3 == 0:
            pos = {"phase": rng.choice(phases), "round": rng.randrange(1, 5),
                   "uncertainty": [f"U{rng.randrange(1, 19):02d}" for _ in range(3)]}
        elif g % 3 == 1:
            pos = mid_game_states(game, 1, seed * 100 + g)[0].to_position()
        else:
            pos = {"phase": "prime_minister", "round": 3, "decks": {"supporters": [], "events": []},
                   "supporter_reshuffle": rng.sample(list(SUP_IDS), 5),
                   "event_reshuffle": rng.sample(list(EVENT_IDS), 5)}
        out.append(game.state_from_position(pos, seed=g))
    return out


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_generic_lockstep_from_positions(n):
    rules = registry.make_game("prime_minister", n)
    states = positions(rules, 6, seed=n)
    assert any(st.unc_stack for st in states) and any(st.supporter_reshuffle for st in states)
    assert parity.compare_with_rules(BatchEngine, rules, games=6, seed=n, every=3, states=states)["games"] == 6
