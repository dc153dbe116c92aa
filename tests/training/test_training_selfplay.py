"""The self-play env: the learner gets its own seat's reward (also when the game ends on another seat's move),
masks come from the env itself, and vectorised envs (in-process and sub-process) agree on them."""
from __future__ import annotations

import numpy as np
import pytest

from hustings.training.config import validate
from hustings.training.selfplay import SelfPlayEnv, make_vec_env

# Seat 1 holds six clubs and the voting pool is the other six clubs: clubs are trumps on every first-day trick, no
# one else holds a club, so seat 1 wins every trick, takes all 25 club points, scores its fifth tribe and wins when
# the island ends. The dealer is seat 0, who plays last: the game ends on seat 0's move.
CLUB_DEAL = {
    "dealer": 0,
    "tribes": [0, 4, 0, 0],
    "hands": [["6D", "7D", "8D", "9D", "10D", "JD"],
              ["5C", "4C", "3C", "AC", "KC", "QC"],
              ["QD", "KD", "AD", "3D", "4D", "5D"],
              ["6H", "7H", "8H", "9H", "10H", "JH"]],
    "pool": ["JC", "10C", "9C", "8C", "7C", "6C"],
}


def _play(env: SelfPlayEnv, options: dict, seed: int = 0):
    obs, info = env.reset(seed=seed, options=options)
    rewards, moves = [], []
    while True:
        mask = env.action_masks()
        assert mask.dtype == bool and mask.any()
        assert np.array_equal(mask, info["action_mask"])
        assert env.aec.agent_selection == env.learner  # the env only stops on the learner's turn
        action = int(np.flatnonzero(mask)[0])
        moves.append(action)
        obs, r, term, trunc, info = env.step(action)
        rewards.append(r)
        if term or trunc:
            return rewards, info, env.aec.game_state


@pytest.mark.parametrize("seat, expected", [(1, 1.0), (0, -1.0), (2, -1.0), (3, -1.0)])
def test_learner_gets_its_own_seats_reward(seat, expected):
    env = SelfPlayEnv("democracy", 4, scripted={"random": 1.0})
    rewards, info, state = _play(env, {"deal": CLUB_DEAL, "seat": seat, "opponents": ["random"] * 3})
    assert state.winners() == [1]
    assert info["winners"] == [1] and info["seat"] == seat
    assert rewards[-1] == expected  # the final step's reward: the game ended on seat 0's move
    assert all(r == 0.0 for r in rewards[:-1])  # win/loss only at the end
    assert info["win_share"] == (1.0 if seat == 1 else 0.0)
    assert len(rewards) == 6 + 4  # one decision per trick: 6 first-day tricks, 4 second-day tricks


def test_game_ends_on_an_opponents_move():
    env = SelfPlayEnv("democracy", 4, scripted={"random": 1.0})
    env.reset(seed=3, options={"deal": CLUB_DEAL, "seat": 1, "opponents": ["random"] * 3})
    moved = []
    real_step = env.aec.step

    def spy(action):
        moved.append(env.aec.agent_selection)
        real_step(action)
    env.aec.step = spy
    while True:
        _, r, term, trunc, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        if term or trunc:
            break
    assert moved[-1] == "player_0" != env.learner and r == 1.0


def test_score_reward_and_shaping_follow_the_learners_seat():
    # Score mode: the learner's rewards add up to its own tribes gained, whatever seat it is in.
    for seat in range(4):
        env = SelfPlayEnv("democracy", 4, reward_mode="score", scripted={"heuristic": 1.0})
        rewards, info, state = _play(env, {"seat": seat}, seed=seat)
        assert sum(rewards) == pytest.approx(state.scores()[seat])
    # Shaping: + own tribe change - the others' mean change, on top of the win/loss.
    env = SelfPlayEnv("democracy", 4, shaping=0.5, scripted={"random": 1.0})
    rewards, info, state = _play(env, {"deal": CLUB_DEAL, "seat": 1, "opponents": ["random"] * 3})
    own = state.scores()[1] - 4  # started with 4 tribes
    others = sum(state.scores()) - state.scores()[1]
    assert own >= 1 and sum(rewards) == pytest.approx(1.0 + 0.5 * (own - others / 3))


def test_random_seats_and_pool_draws():
    env = SelfPlayEnv("democracy", 4, scripted={"random": 1.0, "heuristic": 1.0})
    seats, names = set(), set()
    for s in range(30):
        env.reset(seed=s)
        seats.add(env.seat)
        names.update(n for i, n in enumerate(env.opponent_names) if i != env.seat)
        assert env.opponent_names[env.seat] == "learner"
    assert seats == {0, 1, 2, 3} and names == {"random", "heuristic"}
    # Snapshots join the pool once set.
    from hustings.training.policy import NumpyPolicy
    rng = np.random.default_rng(0)
    pol = NumpyPolicy([(rng.normal(size=(8, 629)), np.zeros(8)), (rng.normal(size=(49, 8)), np.zeros(49))], "tanh")
    env = SelfPlayEnv("democracy", 4, scripted={"random": 1.0}, snapshot_weight=100.0)
    assert env.set_snapshots([pol.to_arrays()], "tanh") == 1
    env.reset(seed=1)
    assert any(n.startswith("snapshot") for n in env.opponent_names)
    rewards, info, state = _play(env, {}, seed=2)
    assert state.is_terminal()


@pytest.mark.parametrize("kind", ["dummy", "subproc"])
def test_vectorised_masks(kind):
    cfg = validate({"game": "democracy", "n_envs": 2, "ppo": {"n_steps": 8, "batch_size": 8},
                    "opponents": {"scripted": {"random": 1.0}}})
    venv = make_vec_env(cfg, seed=0, kind=kind)
    try:
        obs = venv.reset()
        assert obs.shape == (2, 629)
        rng = np.random.default_rng(0)
        for _ in range(120):  # long enough for games to end and auto-reset
            cached = np.stack(venv.env_method("action_masks"))
            fresh = np.stack(venv.venv.env_method("action_masks"))  # asks the envs themselves
            assert np.array_equal(cached, fresh)
            actions = [int(rng.choice(np.flatnonzero(m))) for m in cached]
            obs, rewards, dones, infos = venv.step(np.array(actions))
    finally:
        venv.close()


@pytest.mark.parametrize("game", ["democracy", "politrickers", "politix", "prime_minister"])
def test_sb3_env_checker_passes(game):
    """SB3's check_env, with every warning an error: it steps with action_space.sample(), which draws legal
    actions (LegalDiscrete); the space still equals and pickles as a plain Discrete."""
    import pickle
    import warnings

    import gymnasium as gym
    import hustings
    from stable_baselines3.common.env_checker import check_env

    env = SelfPlayEnv(game)
    assert env.n == hustings.game_module(game).raw_env.default_players
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env, warn=True, skip_render_check=False)
    env.reset(seed=1)
    for _ in range(20):
        assert env.action_masks()[env.action_space.sample()]
    space = env.action_space
    assert space == gym.spaces.Discrete(space.n)
    copy = pickle.loads(pickle.dumps(space))  # what sub-process workers send back: no env attached
    assert copy == space and copy._env is None and 0 <= copy.sample() < space.n
