"""The shared core and the tools around it: registry, options, errors, CLI, bench script."""
from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
import pytest
from helpers import ROOT, play_random

import hustings
from hustings.core import ActionOutOfBoundsError, ConfigError, Option, ResetNeededError
from hustings.core.rules import StateFormatError, new_rng, rng_from_json, rng_to_json



def test_registry_lists_games_and_accepts_versioned_names():
    assert "democracy" in hustings.games()
    assert hustings.make("democracy_v1", num_players=3).game.num_players == 3
    assert hustings.make("Democracy").game.num_players == 4  # the game's default
    assert hustings.make("democracy").metadata["name"] == hustings.env_id("democracy") == "democracy_v1"


@pytest.mark.parametrize("name", ["democracy_v0", "democracy_v2", "politix_v17"])
def test_make_refuses_a_version_this_hustings_does_not_have(name):
    game = name.rsplit("_v", 1)[0]
    with pytest.raises(ConfigError, match=f"unknown version '{name}'; this hustings has {game}_v1"):
        hustings.make(name)


def test_versioned_modules_are_the_game_packages():
    from hustings import democracy, democracy_v1, prime_minister_v1

    assert democracy_v1.env is democracy.env and democracy_v1.raw_env is democracy.raw_env
    assert prime_minister_v1.env(num_players=2).metadata["name"] == "prime_minister_v1"


def test_envs_are_in_pettingzoos_registry():
    import pettingzoo

    if not hasattr(pettingzoo, "aec_registry"):
        pytest.skip(f"PettingZoo {pettingzoo.__version__} has no env registry")
    for game in hustings.games():
        env = pettingzoo.make("aec", f"hustings/{game}-v1", num_players=3)
        assert isinstance(env, hustings.game_module(game).raw_env) and env.game.num_players == 3
    with pytest.raises(Exception, match="democracy"):
        pettingzoo.make("aec", "hustings/democracy-v9")


def test_reset_ignores_unknown_options_without_a_warning():
    import warnings

    env = hustings.make("democracy")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env.reset(seed=1, options={"options": 1})
    assert env.agent_selection in env.agents


def test_each_game_package_exposes_env_raw_env_and_bots():
    for name in hustings.games():
        module = hustings.game_module(name)
        env = module.env()
        assert isinstance(env, module.raw_env)
        assert env.metadata["name"].startswith(name)
        assert set(env.metadata["render_modes"]) == {"human", "ansi"}
        assert env.metadata["is_parallelizable"] is False
        assert {"random", "heuristic"} <= set(module.BOTS)


def test_option_validation_messages():
    opt = Option(3, int, "a count", check=lambda v: v > 0, expected="an int > 0")
    assert opt.validate("g", "count", 5) == 5
    with pytest.raises(ConfigError, match=r"count=0 is invalid; expected an int > 0"):
        opt.validate("g", "count", 0)
    with pytest.raises(ConfigError, match="count=True"):
        opt.validate("g", "count", True)  # bools are not ints here


def test_rng_is_private_and_serialisable():
    random.seed(1)
    a = new_rng(5)
    random.seed(2)
    b = new_rng(5)
    assert [a.random() for _ in range(3)] == [b.random() for _ in range(3)]
    c = rng_from_json(rng_to_json(a))
    assert c.random() == a.random()
    with pytest.raises(ConfigError, match="seed"):
        new_rng("7")
    with pytest.raises(StateFormatError, match="RNG"):
        rng_from_json([3, "x"])


def test_every_env_entry_point_needs_reset_first():
    env = hustings.make("democracy")
    for call in (env.state, env.render, env.save_state, env.action_mask, lambda: env.game_state):
        with pytest.raises(ResetNeededError, match="reset"):
            call()


def test_cli_demo_plays_a_full_game():
    out = subprocess.run([sys.executable, "-m", "hustings.cli", "demo", "democracy", "--players", "4", "--seed", "2"],
                         capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert "trick 1/6" in out and "game over" in out and "; winner" in out
    assert "      > Trick 1 (upcard" in out and "wins with" in out  # the demo says who won each trick


def test_cli_bad_input_is_a_clear_error():
    proc = subprocess.run([sys.executable, "-m", "hustings.cli", "demo", "democracy", "--players", "9"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "num_players=9" in proc.stderr and "2..6" in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "hustings.cli", "demo", "democracy", "--bots", "genius"],
                          capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2 and "unknown bot" in proc.stderr


def test_bench_script_prints_ratios():
    out = subprocess.run([sys.executable, "-m", "hustings.bench", "democracy", "--seconds", "0.1", "--rounds", "1"],
                         capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert "rules module" in out and "env ratio" in out and "peak memory" in out


# --- the env guarantees, for every registered game ---------------------------------------------------
GAMES = hustings.games()


@pytest.mark.parametrize("game", GAMES)
def test_step_and_observe_before_reset_are_clear_errors(game):
    env = hustings.make(game)
    with pytest.raises(ResetNeededError, match="reset"):
        env.step(0)
    with pytest.raises(ResetNeededError, match="reset"):
        env.observe("player_0")
    with pytest.raises(ResetNeededError, match="reset"):
        env.last()


@pytest.mark.parametrize("game", GAMES)
def test_out_of_range_action_is_clear_error_and_changes_nothing(game):
    env = hustings.make(game)
    env.reset(seed=0)
    n = env.action_space(env.agent_selection).n
    before = env.save_state()
    for action in (n, -1, n + 1000):
        with pytest.raises(ActionOutOfBoundsError, match=f"0..{n - 1}"):
            env.step(action)
    assert env.save_state() == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", [1.0, "3", True, None, np.array([1, 2])])
def test_wrong_action_type_is_clear_error(game, action):
    env = hustings.make(game)
    env.reset(seed=0)
    before = env.save_state()
    with pytest.raises(ActionOutOfBoundsError, match="integer"):
        env.step(action)
    assert env.save_state() == before


@pytest.mark.parametrize("game", GAMES)
def test_numpy_integer_actions_are_accepted(game):
    env = hustings.make(game)
    env.reset(seed=0)
    env.step(np.int64(np.flatnonzero(env.action_mask())[0]))
    env.step(np.array(np.flatnonzero(env.action_mask())[0]))
    assert len(env.game_state.to_json()) > 0 and not env.game_state.is_terminal()


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_wrappers_still_work(game):
    from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper, TerminateIllegalWrapper
    env = OrderEnforcingWrapper(AssertOutOfBoundsWrapper(TerminateIllegalWrapper(hustings.make(game), illegal_reward=-1)))
    env.reset(seed=1)
    trace = play_random(env, random.Random(1))
    assert trace[-1][4] or trace[-1][5]  # the game ended
    assert env.unwrapped.game_state.is_terminal()


@pytest.mark.parametrize("game", GAMES)
def test_observation_layout_documented_exactly(game):
    module = hustings.game_module(game)
    for n in range(module.raw_env.game_class.min_players, module.raw_env.game_class.max_players + 1):
        g = module.raw_env.game_class(n)
        fields = g.observation_fields()
        assert fields and fields[0][1] == 0
        for (_, start, size, _), (_, nxt, _, _) in zip(fields, fields[1:]):
            assert nxt == start + size
        assert fields[-1][1] + fields[-1][2] == g.observation_size
        env = hustings.make(game, num_players=n)
        env.reset(seed=0)
        assert env.observe("player_0")["observation"].shape == (g.observation_size,)


def test_teams_partition_the_seats_in_every_game_and_table_size():
    expected = {("politix", 4): [[0, 1], [2, 3]], ("politix", 5): [[0, 1], [2, 3, 4]],
                ("politix", 6): [[0, 1], [2, 3], [4, 5]], ("prime_minister", 4, 4): "two parties of two"}
    for name in hustings.games():
        cls = hustings.game_module(name).raw_env.game_class
        for n in range(cls.min_players, cls.max_players + 1):
            for scenario in ([None, 4] if name == "prime_minister" and n == 4 else [None]):
                opts = {} if scenario is None else {"scenario": scenario}
                env = hustings.make(name, num_players=n, **opts)
                env.reset(seed=n)
                teams = env.game_state.teams()
                assert sorted(s for t in teams for s in t) == list(range(n)) and teams == sorted(teams)
                assert env.teams() == [[env.possible_agents[s] for s in t] for t in teams]
                assert all(env.game_state.team_of(s) == t for t in teams for s in t)
                want = expected.get((name, n, scenario) if scenario else (name, n), [[s] for s in range(n)])
                if want == "two parties of two":
                    assert sorted(len(t) for t in teams) == [2, 2]
                else:
                    assert teams == want, (name, n, scenario)


@pytest.mark.parametrize("game", hustings.games())
def test_the_shared_all_zero_mask_cannot_be_written(game):
    """Every seat not to move is handed the same all-zero mask: writing into it would change every such seat's."""
    env = hustings.make(game)
    env.reset(seed=0)
    idle = next(a for a in env.agents if a != env.agent_selection)
    mask = env.observe(idle)["action_mask"]
    assert not mask.any()
    with pytest.raises(ValueError, match="read-only"):
        mask[0] = 1
    with pytest.raises(ValueError, match="read-only"):
        env.infos[idle]["action_mask"][0] = 1
