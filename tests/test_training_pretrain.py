"""The warm start (config ``pretrain``): the data are the scripted bot's own legal decisions with their seats'
results, and cloning makes the policy pick the bot's moves."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")

from hustings.training.config import validate  # noqa: E402
from hustings.training.pretrain import collect, pretrain  # noqa: E402
from hustings.training.selfplay import make_vec_env  # noqa: E402
from hustings.training.train import build_model  # noqa: E402


def config(game="politrickers", **pretrain_keys):
    return validate({"game": game, "n_envs": 2, "ppo": {"n_steps": 64, "batch_size": 64, "gamma": 1.0},
                     "pretrain": {"bot": "heuristic", **pretrain_keys}})


def test_collect_records_legal_bot_moves_and_each_seats_result():
    obs, masks, actions, returns = collect(config("democracy"), games=3, seed=1)
    assert len(obs) == len(masks) == len(actions) == len(returns) > 100
    assert masks[np.arange(len(actions)), actions].all()  # every recorded move was legal
    assert set(np.unique(returns)) <= {-1.0, 0.0, 1.0}  # win reward, gamma 1, no shaping: the seat's result
    assert (returns == 1.0).any() and (returns == -1.0).any()


def agreement(policy, obs, masks, actions) -> float:
    import torch
    with torch.no_grad():
        logits = policy.get_distribution(torch.as_tensor(obs), action_masks=masks).distribution.logits
    return float((logits.argmax(1).numpy() == actions).mean())


def test_pretraining_makes_the_policy_play_like_the_bot():
    cfg = config(games=60, epochs=4)
    venv = make_vec_env(cfg, seed=0)
    model, _ = build_model(cfg, venv, seed=0)
    obs, masks, actions, _ = collect(cfg, games=20, seed=99)  # held-out games
    choice = masks.sum(1) > 1  # decisions with a choice
    obs, masks, actions = obs[choice], masks[choice], actions[choice]
    before = agreement(model.policy, obs, masks, actions)
    stats = pretrain(model, cfg, seed=0, log=lambda *a: None)
    after = agreement(model.policy, obs, masks, actions)
    venv.close()
    assert stats["decisions"] > 5000 and stats["accuracy"] > 0.5
    assert after > before + 0.2 and after > 0.45, (before, after)
