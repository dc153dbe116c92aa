"""The SB3 model file a training run writes: ``model.zip`` loads with ``sb3_contrib.MaskablePPO.load`` and plays
exactly as the run's ``policy.pt`` and ``policy.npz``; it is written atomically."""
from __future__ import annotations

import os

import numpy as np
import pytest

import hustings
from hustings.training.config import validate


def tiny_cfg(out_dir, total: int = 256):
    """A run of a few rollouts (128 timesteps each: 2 in-process envs x 64 steps)."""
    return validate({"game": "democracy", "total_timesteps": total, "n_envs": 2, "vec_env": "dummy",
                     "output_dir": str(out_dir), "ppo": {"n_steps": 64, "batch_size": 64, "n_epochs": 1,
                                                         "net_arch": [32, 16]},
                     "opponents": {"scripted": {"random": 1.0}},
                     "eval": {"every": 256, "games": 2, "final_games": 4, "baselines": ["random"]},
                     "checkpoint": {"every": 128}})


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory):
    from hustings.training.train import train

    out = tmp_path_factory.mktemp("sb3") / "run"
    report = train(tiny_cfg(out), progress=False, log=lambda *a: None)
    assert report["model"] == str(out / "model.zip") and report["policy_npz"] == str(out / "policy.npz")
    assert "SB3 model: `" in (out / "report.md").read_text()
    return out


def test_model_zip_predicts_like_the_policy_files(run_dir):
    import gymnasium as gym
    from sb3_contrib import MaskablePPO

    from hustings.training.policy import load_policy_bot

    model = MaskablePPO.load(str(run_dir / "model.zip"), device="cpu")
    assert model.num_timesteps == 256
    assert type(model.action_space) is gym.spaces.Discrete  # a plain space: loads without hustings' classes
    game = hustings.game_module("democracy").raw_env.game_class(4)
    pt = load_policy_bot(str(run_dir / "policy.pt"), game)
    npz = load_policy_bot(str(run_dir / "policy.npz"), game)
    compared = 0
    for g in range(4):  # real games (scripted bots move; every seat's decisions are compared)
        state = game.new_initial_state(seed=100 + g)
        bots = [hustings.make_bot("democracy", "heuristic" if s % 2 else "random") for s in range(4)]
        for s, b in enumerate(bots):
            b.reset(10 * g + s)
        while not state.is_terminal():
            p = state.current_player()
            obs, mask = state.observation(p), state.legal_mask().astype(bool)
            action, _ = model.predict(obs, action_masks=mask, deterministic=True)
            assert mask[int(action)]
            assert int(action) == pt.act(state, p) == npz.act(state, p)
            compared += 1
            state.apply_unchecked(bots[p].act(state, p))
    assert compared >= 150


def test_model_zip_is_written_atomically(run_dir, tmp_path, monkeypatch):
    from sb3_contrib import MaskablePPO

    from hustings.training.train import save_sb3_model

    model = MaskablePPO.load(str(run_dir / "model.zip"), device="cpu")
    target = tmp_path / "model.zip"
    save_sb3_model(model, str(target))
    before = target.read_bytes()

    def broken_save(f, *a, **k):
        f.write(b"half a zip")
        raise KeyboardInterrupt  # interrupted half-way through the write

    monkeypatch.setattr(model, "save", broken_save)
    with pytest.raises(KeyboardInterrupt):
        save_sb3_model(model, str(target))
    assert target.read_bytes() == before and os.listdir(tmp_path) == ["model.zip"]  # the old file, whole
    assert np.array_equal(MaskablePPO.load(str(target), device="cpu").policy.action_net.weight.detach().numpy(),
                          model.policy.action_net.weight.detach().numpy())
