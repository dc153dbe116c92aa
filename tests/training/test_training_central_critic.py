"""ppo.central_critic: the value net sees the whole table, the policy (and so every exported net) its observation."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("numba")

import torch  # noqa: E402

from hustings.core.rules import ConfigError  # noqa: E402
from hustings.training.batched import BatchedSelfPlayVecEnv  # noqa: E402
from hustings.training.config import validate  # noqa: E402
from hustings.training.selfplay import make_vec_env  # noqa: E402
from hustings.training.train import build_model  # noqa: E402


def config(**ppo):
    return validate({"game": "democracy", "n_envs": 4, "total_timesteps": 256,
                     "ppo": {"n_steps": 32, "batch_size": 64, "net_arch": [32, 32], "central_critic": True, **ppo}})


@pytest.mark.parametrize("game", ["democracy", "politix", "politrickers"])
def test_the_env_appends_the_whole_table_to_the_same_observations(game):
    """With ``world``, each row is the observation the plain env gives (same seeds, same moves), then the engine's
    global observation of that game (every hand)."""
    plain = BatchedSelfPlayVecEnv(game, 3, scripted={"heuristic": 1.0})
    world = BatchedSelfPlayVecEnv(game, 3, scripted={"heuristic": 1.0}, world=True)
    size = plain.observation_space.shape[0]
    assert world.observation_space.shape[0] == size + world.game.world_size
    for env in (plain, world):
        env.seed(5)
    a, b = plain.reset(), world.reset()
    rng = np.random.default_rng(0)
    for _ in range(30):
        np.testing.assert_array_equal(a, b[:, :size])
        table = np.zeros((3, world.game.world_size), dtype=np.float32)
        world.engine.global_observation(table)
        np.testing.assert_array_equal(b[:, size:], table)
        assert np.array_equal(plain.masks, world.masks)
        acts = np.array([rng.choice(np.flatnonzero(m)) for m in plain.masks])
        a, b = plain.step(acts)[0], world.step(acts)[0]


def test_the_actor_reads_the_observation_and_the_critic_the_table():
    cfg = config()
    venv = make_vec_env(cfg, seed=0)
    model, _ = build_model(cfg, venv, seed=0)
    obs = torch.as_tensor(venv.reset())
    venv.close()
    size = model.policy.actor_size
    changed = obs.clone()
    changed[:, size:] += torch.randn_like(changed[:, size:])  # other hands, other table
    with torch.no_grad():
        pol = model.policy
        assert torch.equal(pol.get_distribution(obs).distribution.logits,
                           pol.get_distribution(changed).distribution.logits)
        assert not torch.allclose(pol.predict_values(obs), pol.predict_values(changed))
    # the exported actor is the usual one: an observation in, logits out
    from hustings.bots.policy import NumpyPolicy

    net = NumpyPolicy.from_state_dict(model.policy.state_dict(), "tanh")
    assert net.to_arrays()[0].shape == (32, size)
    mine = torch.log_softmax(torch.as_tensor(net.logits(obs[:, :size].numpy())), dim=1)
    np.testing.assert_allclose(mine.numpy(), model.policy.get_distribution(obs).distribution.logits.detach().numpy(),
                               rtol=1e-4, atol=1e-4)  # (the distribution's logits are normalised)


def test_a_central_critic_needs_the_batched_env_and_no_imitation_of_the_value():
    with pytest.raises(ConfigError, match="central_critic needs the batched self-play env"):
        make_vec_env(validate({"game": "democracy", "n_envs": 2, "vec_env": "dummy",
                               "ppo": {"n_steps": 32, "batch_size": 64, "central_critic": True}}), seed=0)
    with pytest.raises(ConfigError, match="central_critic with pretrain.bot"):
        validate({"game": "democracy", "pretrain": {"bot": "heuristic"}, "ppo": {"central_critic": True}})
    with pytest.raises(ConfigError, match="central_critic needs the batched self-play env"):
        make_vec_env(validate({"game": "prime_minister", "n_envs": 2,  # (no compiled engine: Python envs)
                               "ppo": {"n_steps": 32, "batch_size": 64, "central_critic": True}}), seed=0)
