"""hustings.training.gym_vector: one learning seat of N games as a Gymnasium vector env, checked with Gymnasium's
own spaces and vector wrappers, for every game; and the CleanRL-style example runs."""
from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("stable_baselines3")
import gymnasium as gym  # noqa: E402

import hustings  # noqa: E402
from hustings.errors import ConfigError, IllegalActionError  # noqa: E402
from hustings.training.gym_vector import SelfPlayVectorEnv  # noqa: E402
from helpers import ROOT  # noqa: E402

N = 4


def _play(env, seed: int, steps: int):
    """Random legal moves from reset(seed); the observations, rewards and episode ends seen."""
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = [obs["observation"].copy()]
    for _ in range(steps):
        assert env.observation_space.contains(obs)
        assert np.array_equal(obs["action_mask"].astype(bool), info["action_mask"])
        assert np.array_equal(info["action_mask"], env.action_masks())
        assert info["action_mask"].any(axis=1).all(), "a game waits for the learner with no legal move"
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        assert env.action_space.contains(actions)
        obs, reward, term, trunc, info = env.step(actions)
        seen.append((obs["observation"].copy(), reward.copy(), term.copy(), trunc.copy()))
    return seen


@pytest.mark.parametrize("game", hustings.games())
def test_a_gymnasium_vector_env_for_every_game(game):
    env = SelfPlayVectorEnv(game, N)
    assert isinstance(env, gym.vector.VectorEnv)
    assert env.metadata["autoreset_mode"] == gym.vector.AutoresetMode.SAME_STEP
    assert env.observation_space == gym.vector.utils.batch_space(env.single_observation_space, N)
    assert env.action_space == gym.vector.utils.batch_space(env.single_action_space, N)
    assert env.backend == ("python" if game == "prime_minister" else "batched")
    # Gymnasium's own episode statistics wrapper reads the autoreset mode and counts the games that end
    stats = gym.wrappers.vector.RecordEpisodeStatistics(env)
    obs, info = stats.reset(seed=1)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        obs, reward, term, trunc, info = stats.step([rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]])
        done = term | trunc
        if done.any():
            assert np.array_equal(info["_final_obs"], done) and np.array_equal(info["_episode"], done)
            for k in np.flatnonzero(done):
                final = info["final_info"][k]
                assert final["win_share"] in (0.0, 1.0) or 0 < final["win_share"] < 1
                assert len(final["scores"]) == env.num_players and final["opponents"].count("learner") == 1
                assert env.single_observation_space["observation"].contains(info["final_obs"][k]["observation"])
                assert -1.0 <= reward[k] <= 1.0  # win rewards: the learner's result at the end
            ended += int(done.sum())
            if ended >= 2:
                break
    assert ended >= 2, "no game ended in 400 steps"
    stats.close()


def test_the_same_seed_plays_the_same_games_and_another_seed_others():
    a, b = SelfPlayVectorEnv("politrickers", N), SelfPlayVectorEnv("politrickers", N)
    first, again = _play(a, 7, 30), _play(b, 7, 30)
    assert np.array_equal(first[0], again[0])
    for x, y in zip(first[1:], again[1:]):
        for u, v in zip(x, y):
            assert np.array_equal(u, v)
    other = _play(a, 8, 0)
    assert not np.array_equal(first[0], other[0])
    obs, _ = a.reset(seed=[7, 8, 9, 10])  # one seed per game: game 0 with seed 7 is the game seeded 7 above
    assert np.array_equal(obs["observation"][0], first[0][0])


def test_bad_input_is_a_hustings_error_and_changes_no_game():
    env = SelfPlayVectorEnv("democracy", N)
    obs, info = env.reset(seed=0)
    illegal = [int(np.flatnonzero(~m)[0]) for m in info["action_mask"]]
    with pytest.raises(IllegalActionError, match="not legal"):
        env.step(illegal)
    legal = [int(np.flatnonzero(m)[0]) for m in info["action_mask"]]
    after = env.step(legal)[0]
    fresh = SelfPlayVectorEnv("democracy", N)
    fresh.reset(seed=0)
    assert np.array_equal(fresh.step(legal)[0]["observation"], after["observation"])
    with pytest.raises(ConfigError, match="one seed per game"):
        env.reset(seed=[1, 2])
    with pytest.raises(ConfigError, match="num_envs"):
        SelfPlayVectorEnv("democracy", 0)
    with pytest.raises(ConfigError, match="batched engine cannot play prime_minister"):
        SelfPlayVectorEnv("prime_minister", 2, backend="batched")


def test_the_cleanrl_style_example_runs_a_few_updates():
    pytest.importorskip("torch")
    script = os.path.join(ROOT, "docs", "examples", "cleanrl_ppo.py")
    done = subprocess.run([sys.executable, script, "--num-envs", "8", "--steps", "16", "--updates", "2"],
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "update 2: 256 steps" in done.stdout


def test_the_readmes_sb3_snippet_trains_on_the_batched_env_and_prints_progress(tmp_path):
    """The README's Stable-Baselines3 lines, with 8 games and a few hundred timesteps."""
    import re

    pytest.importorskip("sb3_contrib")
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        (code,) = [b for b in re.findall(r"^```python\n(.*?)^```", f.read(), flags=re.S | re.M)
                   if "BatchedSelfPlayVecEnv" in b]
    small = code.replace('"democracy", 64,', '"democracy", 8,').replace("batch_size=512", "batch_size=64").replace(
        "total_timesteps=100_000", "total_timesteps=512")
    assert small.count("8,") >= 1 and "total_timesteps=512" in small, "the snippet changed: update this test"
    done = subprocess.run([sys.executable, "-c", small], cwd=tmp_path, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "total_timesteps" in done.stdout  # verbose=1: a table per rollout
    assert (tmp_path / "democracy_ppo.zip").is_file()
