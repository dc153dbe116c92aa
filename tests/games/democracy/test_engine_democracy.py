"""Democracy's compiled batched engine against the rules module, move for move (RULES.md, "Engine").

Random games from seeds, positions and saved states are played through the engine (all games in one batch) and
through the rules module (one state per game), and compared at every decision: the mover, the legal mask and the
mover's observation bit for bit; every few decisions every seat's observation and the global observation; at the
end terminated/truncated, scores, returns and winners. ``to_state`` mid-game must play on in Python as the same game
(the saved JSON, RNG included, is compared). Every table size, and ``max_islands`` as an int or ``None``.
"""
from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from hustings.democracy import DemocracyGame  # noqa: E402
from hustings.democracy.engine import BatchEngine  # noqa: E402
from hustings.engine.parity import play_both  # noqa: E402
from hustings.democracy.positions import to_position  # noqa: E402
from hustings.errors import ConfigError, IllegalActionError  # noqa: E402
from test_positions_democracy import worked_example  # noqa: E402

SIZES = (2, 3, 4, 5, 6)
GAMES_PER_SIZE = {2: 2000, 3: 1000, 4: 1000, 5: 1000, 6: 1000}  # the default run; the slow sweep: 20,000 each


def compare_results(engine: BatchEngine, states: list) -> None:
    """The engine's public arrays against each state's results."""
    for k, st in enumerate(states):
        over = st.is_terminal()
        assert engine.player[k] == st.current_player()
        assert engine.terminated[k] == (over and not st.truncated) and engine.truncated[k] == st.truncated, k
        assert engine.scores[k].tolist() == [float(x) for x in st.scores()], k
        if over:
            assert engine.returns[k].tolist() == st.returns(), k
            assert np.flatnonzero(engine.winners[k]).tolist() == st.winners(), k


def from_seeds(game: DemocracyGame, seeds) -> tuple[BatchEngine, list]:
    engine = BatchEngine(game, len(seeds))
    engine.reset(np.asarray(seeds, dtype=np.int64))
    return engine, [game.new_initial_state(seed=int(s)) for s in seeds]


# --- games from seeds ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", SIZES)
def test_random_games_from_seeds_match_the_rules_module(n):
    game = DemocracyGame(n)
    engine, states = from_seeds(game, range(n * 100_000, n * 100_000 + GAMES_PER_SIZE[n]))
    assert play_both(engine, states, np.random.default_rng(n), every=17) > 0
    assert engine.terminated.any() and not (engine.player >= 0).any()


@pytest.mark.parametrize("n,cap", [(2, 1), (3, 2), (4, None), (5, 3), (6, 1), (4, 2)])
def test_max_islands_as_an_int_or_none(n, cap):
    game = DemocracyGame(n, max_islands=cap)
    engine, states = from_seeds(game, range(300))
    play_both(engine, states, np.random.default_rng(cap or 0), every=11)
    if cap is not None and cap <= 2:
        assert engine.truncated.any()  # short caps cut many games off (no winner, returns 0)


def test_seeds_of_every_kind_deal_as_random_random_does():
    """Negative seeds (CPython seeds by abs), seeds of two 32-bit words, 0, and seeds beyond int64 (dealt by the
    rules module and loaded)."""
    game = DemocracyGame(4)
    seeds = [0, 1, -1, -12345, 2**32 - 1, 2**32, 2**40 + 17, -(2**62), 2**63 - 1]
    engine, states = from_seeds(game, seeds)
    for k, st in enumerate(states):
        assert engine.to_state(k).to_json() == st.to_json(), seeds[k]
    big = [2**64 + 5, -(2**63)]
    engine = BatchEngine(game, 2)
    engine.reset(np.array(big, dtype=object))
    for k, seed in enumerate(big):
        assert engine.to_state(k).to_json() == game.new_initial_state(seed=seed).to_json()


def test_reset_of_some_games_leaves_the_others_alone():
    game = DemocracyGame(3)
    engine, states = from_seeds(game, range(6))
    rng = np.random.default_rng(0)
    play_both(engine, states, rng, max_decisions=40)
    engine.reset(np.array([100, 101]), envs=np.array([4, 1]))
    states[4], states[1] = game.new_initial_state(seed=100), game.new_initial_state(seed=101)
    play_both(engine, states, rng)


def test_games_never_started_read_as_over_and_zero():
    engine = BatchEngine(DemocracyGame(4), 3)
    engine.reset(np.array([7]), envs=np.array([1]))
    assert engine.player.tolist()[0] == -1 and engine.player[1] >= 0 and engine.player[2] == -1
    assert not engine.terminated.any()
    obs = np.ones((3, engine.observation_size), dtype=np.float32)
    engine.observe_seat(np.zeros(3), obs)
    assert not obs[0].any() and obs[1].any()
    with pytest.raises(ConfigError, match="never started"):
        engine.to_state(0)


# --- games from positions and saved states ----------------------------------------------------------------------
def test_games_from_the_rules_md_position_match():
    game = DemocracyGame(4)
    states = [game.state_from_position(worked_example(), seed=s) for s in range(200)]
    engine = BatchEngine(game, len(states))
    for k, st in enumerate(states):
        engine.from_state(k, st.clone())
    play_both(engine, states, np.random.default_rng(1), every=3)


@pytest.mark.parametrize("n", SIZES)
def test_games_from_saved_states_and_positions_mid_game_match(n):
    """States saved mid-game (``to_json``/``state_from_json``) and their positions, at every kind of point (a
    trick's middle, a second day's first trick, a new island), loaded with ``from_state``."""
    game = DemocracyGame(n)
    rng = random.Random(n)
    loaded = []
    for seed in range(60):
        st = game.new_initial_state(seed=seed)
        for _ in range(rng.randrange(1, 150)):
            if st.is_terminal():
                break
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        loaded.append(game.state_from_json(st.to_json()))
        if not st.is_terminal():
            loaded.append(game.state_from_position(to_position(st), seed=seed))
    engine = BatchEngine(game, len(loaded))
    for k, st in enumerate(loaded):
        engine.from_state(k, st)
    play_both(engine, [st.clone() for st in loaded], np.random.default_rng(n), every=3)


@pytest.mark.parametrize("n", SIZES)
def test_to_state_mid_game_plays_on_as_the_same_game(n):
    game = DemocracyGame(n, max_islands=6)
    engine, states = from_seeds(game, range(40))
    rng = np.random.default_rng(n)
    for stop in (7, 29, 150):
        play_both(engine, states, rng, max_decisions=stop * 40)
        for k, st in enumerate(states):
            copy = engine.to_state(k)
            assert copy.to_json() == st.to_json(), k  # every field, the RNG included
            assert np.array_equal(copy.world, st.world)
            states[k] = copy  # play on from the engine's copy: it must stay in step
    play_both(engine, states, rng)


def test_a_lazily_seeded_sample_loads_with_its_rng():
    """``sample_hidden`` gives states whose RNG is a seed until first used: from_state reads it without drawing."""
    game = DemocracyGame(5)
    st = game.new_initial_state(seed=3)
    for _ in range(7):
        st.apply_action(st.legal_actions()[0])
    samples = [st.sample_hidden(st.current_player(), random.Random(s)) for s in range(20)]
    engine = BatchEngine(game, len(samples))
    for k, sample in enumerate(samples):
        engine.from_state(k, sample)
    play_both(engine, samples, np.random.default_rng(0), every=2)


def test_a_custom_deal_loads_and_plays_on_from_the_seed():
    game = DemocracyGame(2)
    states = []
    for seed in range(30):
        cards = list(range(48))
        random.Random(seed).shuffle(cards)
        names = [game.action_name(c)[5:] for c in cards]
        states.append(game.new_initial_state(seed=seed, deal={"hands": [names[:12], names[12:24]],
                                                              "pool": names[24:36], "tribes": [4, 3]}))
    engine = BatchEngine(game, len(states))
    for k, st in enumerate(states):
        engine.from_state(k, st.clone())
    play_both(engine, states, np.random.default_rng(2))


def test_finished_games_round_trip():
    game = DemocracyGame(3)
    engine, states = from_seeds(game, range(20))
    play_both(engine, states, np.random.default_rng(5))
    other = BatchEngine(game, 20)
    for k in range(20):
        assert engine.to_state(k).to_json() == states[k].to_json()
        other.from_state(k, states[k])
    compare_results(other, states)


def test_the_shared_comparison_harness_agrees():
    """``hustings.engine.parity.compare_with_rules`` (which also loads ``to_state`` back with ``from_state`` mid-game)."""
    from hustings.engine.parity import compare_with_rules
    from hustings.vector import engine_class

    assert engine_class("democracy", "compiled") is BatchEngine
    for n in SIZES:
        assert compare_with_rules(BatchEngine, DemocracyGame(n), games=60, seed=n, every=7)["decisions"] > 0
    compare_with_rules(BatchEngine, DemocracyGame(4, max_islands=None), games=30, seed=9)


# --- the interface's checks -------------------------------------------------------------------------------------
def test_bad_calls_are_clear_errors():
    game = DemocracyGame(4)
    engine, _ = from_seeds(game, [1, 2])
    with pytest.raises(IllegalActionError, match="not a card id"):
        engine.apply(np.array([3, 49]))
    with pytest.raises(ConfigError, match="out must be"):
        engine.observe(np.zeros((2, 10), dtype=np.float32))
    with pytest.raises(ConfigError, match="out must be"):
        engine.legal_mask(np.zeros((2, 49), dtype=np.int64))
    with pytest.raises(ConfigError, match="seats"):
        engine.observe_seat(np.array([0, 4]), np.zeros((2, engine.observation_size), dtype=np.float32))
    with pytest.raises(ConfigError, match="expected a state of"):
        engine.from_state(0, DemocracyGame(3).new_initial_state(seed=0))
    with pytest.raises(ConfigError, match="one seed per game"):
        engine.reset(np.array([1, 2, 3]))
    with pytest.raises(ConfigError, match="game 5"):
        engine.to_state(5)
    with pytest.raises(ConfigError, match="DemocracyGame"):
        BatchEngine(object(), 2)


def test_random_actions_are_legal_and_reproducible():
    game = DemocracyGame(6)
    engine, _ = from_seeds(game, range(64))
    mask = np.zeros((64, 49), dtype=np.int8)
    a, b = np.zeros(64, dtype=np.int64), np.zeros(64, dtype=np.int64)
    for step in range(400):
        engine.legal_mask(mask)
        engine.random_actions(a, seed=step)
        engine.random_actions(b, seed=step)
        assert np.array_equal(a, b)
        live = engine.player >= 0
        assert (mask[live, a[live]] == 1).all() and (a[~live] == -1).all()
        engine.apply(a)


# --- the long sweep -----------------------------------------------------------------------------------------------
SLOW_GAMES_PER_SIZE = 20_000


@pytest.mark.slow
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("cap", [40, None, 2])
def test_many_random_games_match_the_rules_module(n, cap):
    game = DemocracyGame(n, max_islands=cap)
    for start in range(0, SLOW_GAMES_PER_SIZE, 2000):
        engine, states = from_seeds(game, range(start + 7 * n, start + 7 * n + 2000))
        play_both(engine, states, np.random.default_rng(start + n), every=13)
