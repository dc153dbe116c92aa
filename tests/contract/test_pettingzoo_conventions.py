"""PettingZoo's conventions, kept by every game at every size: its state, render and parallel tests pass, and an env
used after the game ended says so as PettingZoo's own envs do."""
from __future__ import annotations

import importlib
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, render_test

import hustings
from hustings import registry

# the module, not its functions: pytest would collect functions named test_* imported here
pz_state = importlib.import_module("pettingzoo.test.state_test")

TABLES = [(i.name, n) for i in registry.all_info() for n in range(i.min_players, i.max_players + 1)]


def _finished(game: str, n: int):
    env = hustings.make(game, num_players=n)
    env.reset(seed=3)
    rng = random.Random(3)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return env


@pytest.mark.parametrize("game,n", TABLES)
def test_the_state_test_passes(game, n):
    # PettingZoo's classic games end a game on an illegal move, as illegal_action="terminate" does: the test samples
    # actions without the mask
    env = hustings.make(game, num_players=n, illegal_action="terminate")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice (an unbounded space, a state of zeros) is not a failure
        pz_state.test_state_space(env)
        pz_state.test_state(env, 60)
    env.reset(seed=1)
    assert env.state().shape == env.state_space.shape and env.state_space.contains(env.state())


@pytest.mark.parametrize("n", range(2, 7))
def test_democracy_passes_the_state_and_parallel_tests_with_its_parallel_env(n):
    from hustings import democracy

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pz_state.state_test(democracy.env(num_players=n, illegal_action="terminate"), democracy.parallel_env(num_players=n))
    parallel_api_test(democracy.parallel_env(num_players=n), num_cycles=100)


@pytest.mark.parametrize("game", hustings.games())
def test_the_render_test_passes(game):
    render_test(lambda render_mode=None: hustings.make(game, render_mode=render_mode))


@pytest.mark.parametrize("game", hustings.games())
def test_a_step_after_the_game_warns_and_changes_nothing_and_last_says_to_reset(game):
    env = _finished(game, registry.info(game).default_players)
    before = env.save_state()
    with pytest.warns(UserWarning, match="step\\(\\) called after every agent is done.*call reset\\(\\) first"):
        env.step(0)
    assert env.save_state() == before and env.agents == []
    with pytest.raises(hustings.ResetNeededError, match="last\\(\\) called after every agent is done"):
        env.last()
    env.reset(seed=4)
    assert env.last()[0]["action_mask"].any()


def test_render_without_a_render_mode_warns():
    env = hustings.make("politix")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="render\\(\\) called without a render mode"):
        assert env.render() is None
