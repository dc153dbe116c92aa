"""hustings.vector: N games stepped together equal N AEC envs stepped with the same actions (observations, masks,
rewards in both modes, ends, across auto-resets); seeding, illegal actions, states, backends, the differential
check, and the training example."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

import numpy as np
import pytest
from helpers import ROOT

import hustings
from hustings import registry, vector
from hustings.core.batch import PythonBatchEngine
from hustings.errors import ConfigError, HustingsError, IllegalActionError, ResetNeededError, StateFormatError
from hustings.engine.parity import compare_with_rules
from hustings.vector import episode_seed, make_vector, random_legal_actions

SIZES = [(i.name, n) for i in registry.all_info() for n in sorted({i.default_players, i.min_players})]
OPTIONS = [("democracy", 3, {"max_islands": 2}), ("politix", 6, {"teams_3v3": True, "max_turns": 60}),
           ("prime_minister", 4, {"scenario": 4, "max_rounds": 3})]
N = 16


def aec_run(venv, envs, steps: int, rng) -> int:
    """Step ``venv`` and the AEC ``envs`` (one per game, reset to each game's episode seed) with the same random legal
    actions for ``steps`` steps, comparing everything; returns the number of episodes that ended."""
    agents = envs[0].possible_agents
    obs, mask, player = venv.reset()
    for k, env in enumerate(envs):
        env.reset(seed=episode_seed(0, k, 0))
    ended = 0
    for step in range(steps):
        for k, env in enumerate(envs):
            where = f"step {step}, game {k}"
            assert player[k] == agents.index(env.agent_selection), where
            seen = env.observe(env.agent_selection)
            assert np.array_equal(obs[k], seen["observation"]), where
            assert np.array_equal(mask[k], seen["action_mask"]), where
        actions = random_legal_actions(mask, rng)
        obs, mask, player, rewards, terminated, truncated, info = venv.step(actions)
        assert rewards.dtype == np.float32 and rewards.shape == (venv.num_envs, venv.num_players)
        for k, env in enumerate(envs):
            env.step(int(actions[k]))
            want = np.array([env.rewards[a] for a in agents], dtype=np.float32)
            assert np.array_equal(rewards[k], want), (step, k, rewards[k], want)
            assert terminated[k] == env.terminations[agents[0]] and truncated[k] == env.truncations[agents[0]]
            if terminated[k] or truncated[k]:
                st = env.game_state
                assert info["final"][k]
                assert np.array_equal(info["final_scores"][k], np.array(st.scores(), dtype=np.float64))
                assert np.array_equal(info["final_returns"][k], np.array(st.returns(), dtype=np.float64))
                assert sorted(np.flatnonzero(info["final_winners"][k]).tolist()) == sorted(st.winners())
                ended += 1
                env.reset(seed=episode_seed(0, k, int(venv.episodes[k])))
                assert venv.episode_seeds[k] == episode_seed(0, k, int(venv.episodes[k]))
            else:
                assert not info["final"][k]
    return ended


def _envs(game: str, n: int, reward: str, options: dict) -> list:
    return [hustings.make(game, num_players=n, reward=reward, events=False, **options) for _ in range(N)]


@pytest.mark.parametrize("game,n", SIZES)
def test_a_batch_equals_aec_envs_across_auto_resets_in_both_reward_modes(game, n):
    rng = np.random.default_rng(1)
    for reward, steps in (("win", 600), ("score", 250)):
        venv = make_vector(game, N, num_players=n, reward=reward, backend="python")
        assert venv.backend == "python" and venv.num_envs == N and venv.num_players == n
        ended = aec_run(venv, _envs(game, n, reward, {}), steps, rng)
        assert ended > 0 or reward == "score"  # long games may not end in the shorter score run


@pytest.mark.parametrize("game,n,options", OPTIONS)
def test_a_batch_with_options_equals_aec_envs(game, n, options):
    venv = make_vector(game, N, num_players=n, reward="score", backend="python", **options)
    assert aec_run(venv, _envs(game, n, "score", options), 250, np.random.default_rng(2)) > 0


def _play(venv, steps: int, seed: int):
    rng, trace = np.random.default_rng(seed), []
    obs, mask, player = venv.reset()
    for _ in range(steps):
        out = venv.step(random_legal_actions(mask, rng))
        obs, mask, player = out[:3]
        trace.append((obs, mask, player, out[3]))
    return trace


def test_seeding_reproduces_every_game_and_names_each_episodes_seed():
    a, b = (make_vector("politrickers", 8, seed=5, backend="python") for _ in range(2))
    for x, y in zip(_play(a, 120, 0), _play(b, 120, 0)):
        assert all(np.array_equal(p, q) for p, q in zip(x, y))
    assert a.episodes.max() > 0  # auto-resets happened, and went on with the next episode's seed
    assert [int(s) for s in a.episode_seeds] == [episode_seed(5, k, int(j)) for k, j in enumerate(a.episodes)]
    first = a.reset(seed=5)
    assert np.array_equal(first[0], make_vector("politrickers", 8, seed=5, backend="python").reset()[0])
    assert not np.array_equal(first[0], a.reset(seed=6)[0])
    again = a.reset()  # no seed: every game's next episode
    assert a.episodes.tolist() == [1] * 8 and not np.array_equal(again[0], a.reset(seed=6)[0])
    seeds = vector.episode_seeds(-3, np.arange(4), np.array([0, 1, 2, 3]))
    assert seeds.tolist() == [episode_seed(-3, k, k) for k in range(4)]
    assert all(0 <= s < 2 ** 63 for s in seeds.tolist())


def _snapshot(venv) -> list:
    return [st.to_json() for st in venv.states()]


def test_an_illegal_action_of_any_kind_raises_naming_the_game_and_changes_nothing():
    venv = make_vector("democracy", 4, seed=3, backend="python")
    obs, mask, player = venv.reset()
    before = _snapshot(venv)
    good = random_legal_actions(mask, np.random.default_rng(0))
    illegal = int(np.flatnonzero(mask[2] == 0)[0])
    cases = [(np.where(np.arange(4) == 2, illegal, good), "game 2: action .* is not legal for player_"),
             (np.where(np.arange(4) == 1, venv.num_actions, good), "game 1: action .* out of range"),
             (np.where(np.arange(4) == 3, -1, good), "game 3: action -1 is out of range"),
             ([int(good[0]), 1.5, int(good[2]), int(good[3])], "game 1: action 1.5 .*not an integer"),
             (good.astype(np.float64), "game 0: action .* not an integer"),
             (good[:3], r"shape \(4,\)")]
    for actions, message in cases:
        with pytest.raises(IllegalActionError, match=message) as caught:
            venv.step(actions)
        assert "legal actions" in str(caught.value) or "shape" in message
        assert _snapshot(venv) == before
    out = venv.step(good)  # the env is as it was: the legal step goes through
    assert out[2].shape == (4,)
    with pytest.raises(ResetNeededError):
        make_vector("democracy", 2, backend="python").step([0, 0])


def test_terminate_mode_ends_only_the_offending_game_with_the_penalty():
    venv = make_vector("politix", 3, illegal_action="terminate", illegal_penalty=-5.0, seed=1,
                       backend="python")
    obs, mask, player = venv.reset()
    others = [st.to_json() for st in venv.states()]
    actions = random_legal_actions(mask, np.random.default_rng(0))
    actions[1] = int(np.flatnonzero(mask[1] == 0)[0])
    offender = int(player[1])
    obs, mask, player, rewards, terminated, truncated, info = venv.step(actions)
    assert terminated.tolist() == [False, True, False] and not truncated.any()
    want = np.zeros(venv.num_players, dtype=np.float32)
    want[offender] = -5.0
    assert np.array_equal(rewards[1], want) and info["illegal"].tolist() == [False, True, False]
    assert np.array_equal(info["final_returns"][1], want) and not info["final_winners"][1].any()
    assert "not legal" in info["illegal_messages"][1]
    assert venv.episodes.tolist() == [0, 1, 0]
    fresh = hustings.make("politix", reward="win")
    fresh.reset(seed=episode_seed(1, 1, 1))
    assert np.array_equal(obs[1], fresh.observe(fresh.agent_selection)["observation"])
    for k in (0, 2):  # the others moved on as the rules say
        st = registry.make_game("politix").state_from_json(others[k])
        st.apply_unchecked(int(actions[k]))
        assert venv.states()[k].to_json() == st.to_json()


def test_states_and_set_state_round_trip():
    venv = make_vector("prime_minister", 4, num_players=3, seed=2)
    rng = np.random.default_rng(0)
    obs, mask, player = venv.reset()
    for _ in range(30):
        obs, mask, player = venv.step(random_legal_actions(mask, rng))[:3]
    saved = venv.states()

    def play_on(mask) -> list:
        rng, out = np.random.default_rng(1), []
        for _ in range(20):
            out.append(venv.step(random_legal_actions(mask, rng)))
            mask = out[-1][1]
        return out

    later = play_on(mask)
    for k, st in enumerate(saved):
        venv.set_state(k, st)
    assert [s.to_json() for s in venv.states()] == [s.to_json() for s in saved]
    assert np.array_equal(venv.observe()[0], obs)
    for a, b in zip(play_on(mask), later):  # plays on exactly as before (the same RNG)
        assert all(np.array_equal(x, y) for x, y in zip(a[:6], b[:6]))
    glob = venv.state()
    assert glob.shape[0] == 4 and np.array_equal(glob[2], venv.states()[2].global_observation())
    assert venv.teams()[0] == venv.states()[0].teams()
    with pytest.raises(ConfigError, match="game index"):
        venv.set_state(4, saved[0])
    with pytest.raises(ConfigError, match="expected a state of"):
        venv.set_state(0, registry.make_game("prime_minister", 4).new_initial_state(seed=0))


def test_bad_arguments_are_config_errors():
    for kwargs, message in (({"reward": "points"}, "reward="), ({"illegal_action": "ignore"}, "illegal_action="),
                            ({"backend": "gpu"}, "backend="), ({"seed": 1.5}, "seed="), ({"bogus": 1}, "bogus"),
                            ({"num_players": 9}, "num_players")):
        with pytest.raises(ConfigError, match=message):
            make_vector("democracy", 2, **kwargs)
    with pytest.raises(ConfigError, match="num_envs"):
        make_vector("democracy", 0)
    for absurd in (2 ** 63, 2 ** 24 + 1, np.uint64(2 ** 63)):  # past any memory: refused before anything is made
        with pytest.raises(ConfigError, match="num_envs=.*expected an int in 1..16777216"):
            make_vector("democracy", absurd)
    for penalty in (float("nan"), float("inf"), -float("inf"), 10 ** 400):  # a penalty must be a finite number
        with pytest.raises(ConfigError, match="illegal_penalty=.*finite"):
            make_vector("democracy", 2, illegal_action="terminate", illegal_penalty=penalty)
        with pytest.raises(ConfigError, match="illegal_penalty=.*finite"):
            hustings.make("democracy", illegal_action="terminate", illegal_penalty=penalty)


def test_a_ragged_or_shapeless_action_list_is_an_illegal_action_error():
    venv = make_vector("democracy", 3, seed=0)
    venv.reset()
    before = [s.to_json() for s in venv.states()]
    for actions in ([[1, 2], [3], 4], [[0]] * 2 + [[1, 2]], [object(), [1], "x"]):
        with pytest.raises(IllegalActionError, match="one int per game"):
            venv.step(actions)
    assert [s.to_json() for s in venv.states()] == before


# Hand edits that contradict the rules or the rest of the state: a seat beyond the table, a derived field that
# disagrees with what it is derived from, a value of the wrong type.
EDITS = {"democracy": [("dealer", 8), ("points", [[99, 0, 0, 0]] * 4), ("hands", "all of them")],
         "politix": [("cur", 8), ("table_total", [99] * 4), ("phase", None)],
         "politrickers": [("leader", 8), ("vp", [999, 0, 0, 0]), ("hands", [[0]] * 4)],
         "prime_minister": [("gov_party", 8), ("standing", [99, 0, 0, 0]), ("party", [1, 1, 1, 1])]}


@pytest.mark.parametrize("game", sorted(EDITS))
@pytest.mark.parametrize("backend", ["python", "auto"])
def test_set_state_refuses_a_hand_edited_state_and_leaves_the_game_exactly_as_it_was(game, backend):
    venv, twin = (make_vector(game, 3, num_players=4, seed=5, backend=backend) for _ in range(2))
    rng = np.random.default_rng(0)
    mask = venv.reset()[1]
    twin.reset()
    for _ in range(6):
        actions = random_legal_actions(mask, rng)
        mask = venv.step(actions)[1]
        twin.step(actions)
    for field, value in EDITS[game]:
        edited = venv.states()[1]
        setattr(edited, field, value)
        with pytest.raises(StateFormatError, match=f"{game}: set_state: game 1: .*game 1 is unchanged"):
            venv.set_state(1, edited)
    assert [s.to_json() for s in venv.states()] == [s.to_json() for s in twin.states()]
    for _ in range(40):  # and game 1 plays on as if nothing had been tried, move for move
        actions = random_legal_actions(mask, rng)
        a, b = venv.step(actions), twin.step(actions)
        assert all(np.array_equal(x, y) for x, y in zip(a[:6], b[:6]))
        mask = a[1]
    ok = venv.states()[0]  # a state as the rules left it is taken, and plays on as that rules state does
    venv.set_state(2, ok)
    assert venv.states()[2].to_json() == ok.to_json()


@pytest.mark.parametrize("game", sorted(EDITS))
def test_set_state_refuses_a_finished_game_so_it_cannot_end_and_pay_twice(game):
    g = registry.make_game(game, 4)
    over = g.new_initial_state(seed=3)
    rng = np.random.default_rng(3)
    while not over.is_terminal():
        legal = over.legal_actions()
        over.apply_action(legal[int(rng.integers(len(legal)))])
    venv = make_vector(game, 2, num_players=4, seed=1)
    mask = venv.reset()[1]
    before = [s.to_json() for s in venv.states()]
    with pytest.raises(StateFormatError, match="the game is over.*game 0 is unchanged.*expected a state still in play"):
        venv.set_state(0, over)
    assert [s.to_json() for s in venv.states()] == before
    info = venv.step(random_legal_actions(mask, np.random.default_rng(0)))[6]
    assert not info["final"][0] or venv.episodes[0] == 1  # a game that ends ends once, by play


def test_set_state_of_a_state_that_cannot_be_read_is_a_hustings_error():
    venv = make_vector("politrickers", 2, seed=0)
    venv.reset()
    st = venv.states()[0]
    st.hands = object()
    with pytest.raises(HustingsError, match="set_state: game 0"):
        venv.set_state(0, st)


@pytest.mark.parametrize("game,n", SIZES)
def test_the_python_backend_passes_the_differential_check(game, n):
    counts = compare_with_rules(PythonBatchEngine, registry.make_game(game, n), games=6, seed=n, every=10)
    assert counts["games"] == 6 and counts["decisions"] > 6 * 20


def test_the_differential_check_starts_from_given_states():
    game = registry.make_game("democracy", 5)
    starts = []
    for seed in range(4):
        st = game.new_initial_state(seed=seed)
        for _ in range(7 * seed):
            st.apply_unchecked(st.legal_actions()[0])
        starts.append(st)
    assert compare_with_rules(PythonBatchEngine, game, games=4, states=starts)["games"] == 4


class _WrongObservation(PythonBatchEngine):
    def observe(self, out):
        super().observe(out)
        out[3, 7] += 1.0


class _WrongRewards(PythonBatchEngine):
    def apply(self, actions):
        super().apply(actions)
        self.winners[:] = False


def test_the_differential_check_names_the_game_and_decision_that_differ():
    with pytest.raises(AssertionError, match=r"game 3 \(seed \d+\), decision 0: observation of the mover .*index 7"):
        compare_with_rules(_WrongObservation, "politrickers", games=5)
    with pytest.raises(AssertionError, match="winners"):
        compare_with_rules(_WrongRewards, "politrickers", games=5)


def test_backends_a_compiled_engine_plugs_in_and_numba_missing_falls_back(monkeypatch, tmp_path):
    assert make_vector("prime_minister", 2).backend == "python"
    (tmp_path / "fake_engine.py").write_text(
        "from hustings.core.batch import PythonBatchEngine\n\nclass BatchEngine(PythonBatchEngine):\n    pass\n")
    (tmp_path / "fake_nonumba.py").write_text("import numba\n")
    (tmp_path / "fake_lazy.py").write_text(
        "class BatchEngine:\n    def __init__(self, game, num_envs):\n        import numba  # noqa: F401\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    real = registry.info

    def info_with(engine):
        return lambda name: dataclasses.replace(real(name), engine=engine)

    monkeypatch.setattr(registry, "info", info_with(None))
    with pytest.raises(ConfigError, match="no compiled engine"):
        make_vector("politrickers", 2, backend="compiled")
    monkeypatch.setattr(registry, "info", info_with("fake_engine"))
    venv = make_vector("politrickers", 2, backend="auto")
    assert venv.backend == "compiled" and type(venv.engine).__name__ == "BatchEngine"
    assert make_vector("politrickers", 2, backend="python").backend == "python"
    monkeypatch.setitem(sys.modules, "numba", None)  # as if numba were not installed
    monkeypatch.setattr(registry, "info", info_with("fake_nonumba"))
    assert make_vector("politrickers", 2, backend="auto").backend == "python"
    with pytest.raises(ConfigError, match="needs numba"):
        make_vector("politrickers", 2, backend="compiled")
    monkeypatch.setattr(registry, "info", info_with("fake_lazy"))
    assert make_vector("politrickers", 2, backend="auto").backend == "python"


def test_the_training_example_runs():
    script = os.path.join(ROOT, "docs", "examples", "vector_reinforce.py")
    pytest.importorskip("torch")
    done = subprocess.run([sys.executable, script, "--num-envs", "8", "--updates", "2", "--steps", "16",
                           "--eval-games", "4"],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    assert "update 2" in done.stdout


def test_bench_vector_prints_one_line_per_game():
    from hustings.bench import vector as bench

    lines = bench.vector_lines("politrickers", players=4, num_envs=8, seconds=0.05, rounds=1, refs=False,
                               backend="python")
    assert lines[0].startswith("vector politrickers 4p N=8: ") and lines[0].endswith("(python)")
    assert "random decisions/s/core" in lines[0] and "with observations" in lines[0]


def test_random_legal_actions_are_uniform_over_the_legal_ones():
    mask = np.zeros((3, 5), dtype=np.int8)
    mask[0, [1, 3]] = 1
    mask[2, 4] = 1
    rng = np.random.default_rng(0)
    picks = np.stack([random_legal_actions(mask, rng) for _ in range(2000)])
    assert set(picks[:, 0].tolist()) == {1, 3} and 900 < (picks[:, 0] == 1).sum() < 1100
    assert (picks[:, 1] == 0).all() and (picks[:, 2] == 4).all()  # no legal action: 0


COMPILED = [i.name for i in registry.all_info() if i.engine is not None]


@pytest.mark.parametrize("game", COMPILED or [pytest.param(None, marks=pytest.mark.skip("no compiled engine yet"))])
def test_a_compiled_batch_equals_aec_envs_too(game):
    pytest.importorskip("numba")
    n = registry.info(game).default_players
    for reward in ("win", "score"):
        venv = make_vector(game, N, num_players=n, reward=reward, backend="compiled")
        assert venv.backend == "compiled"
        aec_run(venv, _envs(game, n, reward, {}), 300, np.random.default_rng(3))
