"""The Ray RLlib route (``hustings train-rllib``): config checks, the env adapter, and a tiny run end to end whose
policy file is evaluated against random and matches the RLlib module's logits. Skipped without the
``distributed`` extra (``pip install -e ".[train,test,distributed]"``)."""
from __future__ import annotations

import json
import os

import numpy as np
import pytest

ray = pytest.importorskip("ray")
pytest.importorskip("ray.rllib")
pytest.importorskip("torch")

import hustings  # noqa: E402
from hustings.core.rules import ConfigError  # noqa: E402
from hustings.training import rllib_train  # noqa: E402
from hustings.training.policy import load_checkpoint, policy_from_checkpoint  # noqa: E402
from helpers import ROOT

SMOKE = os.path.join(ROOT, "configs", "rllib", "smoke.yaml")


# --- config ---------------------------------------------------------------------------------------------------------
def test_shipped_configs_load():
    for name in ("smoke.yaml", "democracy.yaml"):
        cfg = rllib_train.load_config(os.path.join(ROOT, "configs", "rllib", name))
        assert isinstance(cfg, rllib_train.RLlibConfig)
        assert cfg.game == "democracy" and cfg.num_players == 4
        assert cfg.ray.address is None  # local by default


@pytest.mark.parametrize("raw, words", [
    ({"game": "democracy", "iterationz": 3}, ["unknown key 'iterationz'"]),
    ({"game": "democracy", "ppo": {"lr": 0.1}}, ["unknown key 'ppo.lr'", "ppo.learning_rate"]),
    ({"game": "democracy", "ppo": {"net_arch": "64"}}, ["ppo.net_arch='64'", "list of layer widths"]),
    ({"game": "democracy", "iterations": 0}, ["iterations=0", "an int > 0"]),
    ({"game": "democracy", "league": {"main_share": 1.5}}, ["league.main_share=1.5", "[0, 1]"]),
    ({"game": "democracy", "env_runners": {"num_env_runners": True}}, ["env_runners.num_env_runners=True"]),
    ({"game": "democracy", "ppo": {"train_batch_size": 256, "minibatch_size": 512}}, ["ppo.minibatch_size=512"]),
    ({"game": "democracy", "iterations": None}, ["iterations and total_timesteps are both null"]),
    ({"game": "democracy", "eval": {"baselines": ["nobody"]}}, ["unknown bot 'nobody'"]),
    ({"game": "chess"}, ["game='chess'"]),
    ({"iterations": 3}, ["missing key 'game'"]),
])
def test_config_errors_name_the_key(raw, words):
    with pytest.raises(ConfigError) as err:
        rllib_train.validate(raw, source="cfg")
    for w in words:
        assert w in str(err.value)


def test_cli_reports_a_bad_config(tmp_path, capsys):
    from hustings.cli import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("game: democracy\nray: {adress: auto}\n")
    assert main(["train-rllib", str(bad)]) == 2
    assert "unknown key 'ray.adress'" in capsys.readouterr().err


def test_resume_without_a_checkpoint_fails_before_starting_ray(tmp_path):
    from hustings.training.policy import CheckpointError

    cfg = rllib_train.load_config(SMOKE).replace({"output_dir": str(tmp_path / "empty")})
    with pytest.raises(CheckpointError, match="cannot resume: .*rllib_checkpoint is not an RLlib checkpoint"):
        rllib_train.train_rllib(cfg, progress=False, resume=True)
    assert not ray.is_initialized()


def test_too_many_env_runners_for_the_cpus_is_an_error_not_a_hang():
    cfg = rllib_train.load_config(SMOKE)
    rllib_train._check_resources(cfg, 2, {"CPU": 2.0})
    with pytest.raises(ConfigError, match=r"env_runners.num_env_runners=3 .* need 3 CPUs; this Ray cluster has 2"):
        rllib_train._check_resources(cfg, 3, {"CPU": 2.0})


# --- the env adapter and the league mapping -------------------------------------------------------------------------
@pytest.mark.parametrize("game, n, reward", [("democracy", 4, "win"), ("politrickers", 3, "win"),
                                             ("democracy", 3, "score")])
def test_env_renames_keys_and_pays_every_agent_at_the_end(game, n, reward):
    env = rllib_train.make_env({"game": game, "num_players": n, "reward": reward})
    space = env.observation_spaces["player_0"]
    assert set(space.spaces) == {"observations", "action_mask"}
    obs, _ = env.reset(seed=5)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    while True:
        (agent, o), = obs.items()
        assert set(o) == {"observations", "action_mask"} and o["action_mask"].dtype == np.float32
        assert space.contains(o)
        obs, rew, term, trunc, _ = env.step({agent: int(rng.choice(np.flatnonzero(o["action_mask"])))})
        for a, r in rew.items():
            totals[a] += r
        steps += 1
        if term["__all__"] or trunc["__all__"]:
            break
    assert steps > n
    st = env.env.unwrapped.game_state
    # Every agent has its final observation and reward in the last step; each agent's rewards add up to its
    # result (win: the game's +1/-1 returns; score: its points, paid as they changed, even while others moved).
    assert set(obs) == set(env.possible_agents)
    expected = st.returns() if reward == "win" else st.scores()
    assert [totals[f"player_{i}"] for i in range(n)] == pytest.approx([float(x) for x in expected])
    if reward == "score":
        assert sum(totals.values()) > 0


def test_league_mapping_keeps_main_in_every_game():
    class Ep:
        def __init__(self, i):
            self.id_ = f"episode{i}"

    m = rllib_train.LeagueMapping(4, [], 0.5, seed=1)
    assert {m(f"player_{s}", Ep(0)) for s in range(4)} == {"main"}
    m = rllib_train.LeagueMapping(4, ["main_v1", "main_v2"], 0.0, seed=1)
    seen = set()
    for i in range(50):
        mods = [m(f"player_{s}", Ep(i)) for s in range(4)]
        assert mods.count("main") == 1 and mods == [m(f"player_{s}", Ep(i)) for s in range(4)]
        seen.update(mods)
    assert seen == {"main", "main_v1", "main_v2"}


# --- a tiny run end to end ------------------------------------------------------------------------------------------
def test_tiny_run_evaluates_against_random_and_matches_the_module(tmp_path):
    """3 iterations with one env-runner process, two snapshots (the first dropped again: pool of 1), RLlib's
    checkpoint; then a tournament against random with the written policy.pt, the policy file's NumPy logits
    against the RLlib module's own, and a resume from RLlib's checkpoint."""
    from ray.rllib.core.rl_module.rl_module import RLModule

    from hustings.evaluation.evaluate import tournament

    cfg = rllib_train.load_config(SMOKE).replace({
        "output_dir": str(tmp_path / "run"), "iterations": 3,
        "env_runners.num_env_runners": 1, "env_runners.num_envs_per_env_runner": 2,
        "ppo.train_batch_size": 512, "ppo.minibatch_size": 256, "ppo.num_epochs": 1, "ppo.net_arch": [32, 32],
        "league.snapshot_every": 1, "league.pool_size": 1, "ray.num_cpus": 2})
    logs = []
    try:
        report = rllib_train.train_rllib(cfg, progress=False, log=logs.append, evaluate=False)
    finally:
        if ray.is_initialized():
            ray.shutdown()
    assert not ray.is_initialized()
    out = tmp_path / "run"
    assert report["iterations"] == 3 and report["timesteps"] >= 3 * 512
    assert 0 < report["main_timesteps"] < report["timesteps"]  # snapshots played some seats
    assert report["league"] == ["main_v2"]  # v1 was dropped when v2 joined
    assert report["timesteps_per_second"] > 0
    assert json.loads((out / "report.json").read_text())["iterations"] == 3

    data = load_checkpoint(str(out / "policy.pt"))
    assert data["kind"] == "policy" and data["game"] == "democracy" and data["num_players"] == 4
    assert data["net"] == {"net_arch": [32, 32], "activation": "tanh"}
    assert {"mlp_extractor.policy_net.0.weight", "mlp_extractor.policy_net.2.bias", "action_net.weight"} <= set(
        data["policy_state"])

    result = tournament("democracy", [str(out / "policy.pt"), "random", "random", "random"], 16, num_players=4,
                        seed=3, workers=1, progress=False)
    assert result["games"] == 16 and set(result["bots"]) == {"policy.pt", "random#1", "random#2", "random#3"}
    me = result["bots"]["policy.pt"]
    assert me["games"] == 16 and 0.0 <= me["ci95"][0] <= me["win_rate"] <= me["ci95"][1] <= 1.0
    # Shared wins split: the win rates add up to the share of games that had a winner.
    assert sum(r["win_rate"] for r in result["bots"].values()) == pytest.approx(1 - result["truncated"] / 16)

    # The policy file computes exactly the logits of the trained module (restored from RLlib's checkpoint).
    module = RLModule.from_checkpoint(os.path.join(report["rllib_checkpoint"], "learner_group", "learner",
                                                   "rl_module", "main"))
    env = hustings.make("democracy", num_players=4)
    env.reset(seed=11)
    obs = []
    for agent in env.agent_iter(60):
        o, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        obs.append(o["observation"])
        env.step(int(np.flatnonzero(o["action_mask"])[0]))
    obs = np.stack(obs)
    np.testing.assert_allclose(policy_from_checkpoint(data).logits(obs), rllib_train.module_logits(module, obs),
                               rtol=1e-5, atol=1e-5)

    # --resume restores the league and the weights (no iteration left to run: the same policy is written again),
    # here with sampling moved into the driver.
    cfg = cfg.replace({"env_runners.num_env_runners": 0})
    try:
        again = rllib_train.train_rllib(cfg, progress=False, log=logs.append, evaluate=False, resume=True)
    finally:
        if ray.is_initialized():
            ray.shutdown()
    assert again["iterations"] == 3 and again["iterations_this_run"] == 0 and again["league"] == ["main_v2"]
    assert again["timesteps"] == report["timesteps"]
    resumed = load_checkpoint(str(out / "policy.pt"))
    for key, value in data["policy_state"].items():
        np.testing.assert_array_equal(resumed["policy_state"][key].numpy(), value.numpy())
