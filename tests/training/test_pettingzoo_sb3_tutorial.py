"""PettingZoo's Stable-Baselines3 action-mask tutorial (``tutorials/SB3/connect_four/sb3_connect_four_action_mask.py``)
on every game: its wrapper as published is refused by sb3-contrib's ``ActionMasker`` under Gymnasium 1.x, for
PettingZoo's own Connect Four as for hustings' games ("Expected env to be a `gymnasium.Env`"); with the one-line fix
docs/env-api.md gives (the wrapper also a ``gymnasium.Env``) it trains on every game."""
from __future__ import annotations

import gymnasium as gym
import pytest

import hustings

pytest.importorskip("sb3_contrib")
import pettingzoo.utils  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402
from sb3_contrib.common.wrappers import ActionMasker  # noqa: E402


class SB3ActionMaskWrapper(pettingzoo.utils.BaseWrapper):
    """The tutorial's wrapper, as published."""

    def reset(self, seed=None, options=None):
        super().reset(seed, options)
        self.observation_space = super().observation_space(self.possible_agents[0])["observation"]
        self.action_space = super().action_space(self.possible_agents[0])
        return self.observe(self.agent_selection), {}

    def step(self, action):
        current_agent = self.agent_selection
        super().step(action)
        next_agent = self.agent_selection
        return (self.observe(next_agent), self._cumulative_rewards[current_agent], self.terminations[current_agent],
                self.truncations[current_agent], self.infos[current_agent])

    def observe(self, agent):
        return super().observe(agent)["observation"]

    def action_mask(self):
        return super().observe(self.agent_selection)["action_mask"]


class FixedWrapper(SB3ActionMaskWrapper, gym.Env):
    """The one-line fix: ``class SB3ActionMaskWrapper(pettingzoo.utils.BaseWrapper, gymnasium.Env)``."""


def mask_fn(env):
    return env.action_mask()


def test_the_published_wrapper_is_refused_for_pettingzoos_own_env_too():
    from pettingzoo.classic import connect_four_v3

    for env in (connect_four_v3.env(), hustings.make("democracy")):
        wrapped = SB3ActionMaskWrapper(env)
        wrapped.reset(seed=0)
        with pytest.raises(AssertionError, match="Expected env to be a `gymnasium.Env`"):
            ActionMasker(wrapped, mask_fn)


@pytest.mark.parametrize("game", hustings.games())
def test_with_the_one_line_fix_the_tutorial_trains_on_every_game(game):
    env = FixedWrapper(hustings.make(game))
    env.reset(seed=0)
    env = ActionMasker(env, mask_fn)
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, n_epochs=1, seed=0, verbose=0)
    model.learn(total_timesteps=64)
    assert model.num_timesteps >= 64
