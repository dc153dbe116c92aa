"""LeanMaskablePPO (``training/lean.py``) is MaskablePPO: the same update from the same rollout, the same
rollout data for the same actions, the same files."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from hustings.training.config import validate
from hustings.training.lean import LeanMaskablePPO
from hustings.training.selfplay import make_vec_env
from hustings.training.train import build_model


def _cfg(**ppo):
    return validate({"game": "democracy", "n_envs": 4, "total_timesteps": 512, "vec_env": "auto",
                     "ppo": {"n_steps": 64, "batch_size": 128, "n_epochs": 2, "net_arch": [32, 32], **ppo},
                     "opponents": {"scripted": {"heuristic": 1.0}}})


def _models(**ppo):
    cfg = _cfg(**ppo)
    lean, _ = build_model(cfg, make_vec_env(cfg, seed=0), seed=0)
    sb3, _ = build_model(cfg.replace({"ppo.implementation": "sb3"}), make_vec_env(cfg, seed=0), seed=0)
    assert type(lean) is LeanMaskablePPO and type(sb3) is not LeanMaskablePPO
    sb3.policy.load_state_dict(lean.policy.state_dict())
    sb3.policy.optimizer.load_state_dict(lean.policy.optimizer.state_dict())
    return lean, sb3


@pytest.mark.parametrize("ppo", [{}, {"target_kl": 1e-4}, {"ent_coef": 0.05, "n_epochs": 3}])
def test_the_update_is_maskableppos(ppo):
    lean, sb3 = _models(**ppo)
    from stable_baselines3.common.utils import configure_logger
    for m in (lean, sb3):
        m._setup_learn(512, None)  # noqa: SLF001  (what learn() does first: the logger, the first observation)
        m.set_logger(configure_logger(0, None, "", False))
    torch.manual_seed(1)
    lean.collect_rollouts(lean.env, _Nop(), lean.rollout_buffer, lean.n_steps)
    for name in ("observations", "actions", "rewards", "episode_starts", "values", "log_probs", "advantages",
                 "returns", "action_masks"):
        setattr(sb3.rollout_buffer, name, getattr(lean.rollout_buffer, name).copy())
    sb3.rollout_buffer.full, sb3.rollout_buffer.pos = True, lean.rollout_buffer.pos
    sb3.rollout_buffer.generator_ready = False
    lean.rollout_buffer.generator_ready = False
    results = []
    for m in (lean, sb3):
        np.random.seed(3)  # the minibatch order
        m.train()
        results.append(({k: v.detach().clone() for k, v in m.policy.state_dict().items()},
                        dict(m.logger.name_to_value)))
    (w1, log1), (w2, log2) = results
    for k in w1:
        assert torch.allclose(w1[k], w2[k], atol=2e-6, rtol=1e-4), k
    for k in ("train/policy_gradient_loss", "train/value_loss", "train/entropy_loss", "train/approx_kl",
              "train/clip_fraction", "train/n_updates"):
        assert log1[k] == pytest.approx(log2[k], rel=1e-4, abs=1e-6), k


def test_rollout_data_are_what_the_policy_says():
    lean, sb3 = _models()
    lean._setup_learn(512, None)
    torch.manual_seed(0)
    lean.collect_rollouts(lean.env, _Nop(), lean.rollout_buffer, lean.n_steps)
    buf = lean.rollout_buffer
    obs = torch.as_tensor(buf.observations.reshape(-1, buf.observations.shape[-1]))
    masks = buf.action_masks.reshape(-1, buf.action_masks.shape[-1]).astype(bool)
    actions = torch.as_tensor(buf.actions.reshape(-1)).long()
    assert masks[np.arange(len(masks)), actions.numpy()].all()  # every action legal
    with torch.no_grad():
        values, log_prob, _ = sb3.policy.evaluate_actions(obs, actions, action_masks=masks)
    assert np.allclose(buf.values.reshape(-1), values.numpy().reshape(-1), atol=1e-5)
    assert np.allclose(buf.log_probs.reshape(-1), log_prob.numpy(), atol=1e-4)
    assert buf.full and buf.episode_starts[0].all() and buf.rewards.any()


def test_a_lean_model_saves_and_loads_as_maskableppo(tmp_path):
    from sb3_contrib import MaskablePPO

    lean, _ = _models()
    lean.learn(512)
    path = tmp_path / "model.zip"
    lean.save(path)
    loaded = MaskablePPO.load(path, device="cpu")
    for k, v in lean.policy.state_dict().items():
        assert torch.equal(v, loaded.policy.state_dict()[k])


class _Nop:
    """A callback that does nothing (collect_rollouts' interface)."""

    def on_rollout_start(self):
        pass

    def on_rollout_end(self):
        pass

    def update_locals(self, _):
        pass

    def on_step(self):
        return True
