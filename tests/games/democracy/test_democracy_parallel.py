"""Democracy's ParallelEnv (``hustings.democracy.parallel_env``): PettingZoo's parallel API and seed tests, the
same game as the AEC env, exact masks, hidden commitments, illegal actions, determinism."""
from __future__ import annotations

import json
import os
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test, parallel_seed_test

import hustings
from hustings.core import (ActionOutOfBoundsError, ConfigError, IllegalActionError, ResetNeededError,
                           StateFormatError)
from hustings.democracy import DemocracyParallelEnv, parallel_env, parse_card
from hustings.democracy.rules import FIRST_DAY_HAND, NUM_KINDS

PLAYER_COUNTS = [2, 3, 4, 5, 6]
HUSTINGS_DIR = os.path.dirname(os.path.abspath(hustings.__file__))


def ours(records) -> list[str]:
    """The recorded warnings whose origin is a hustings file."""
    return [f"{w.filename}:{w.lineno}: {w.message}" for w in records
            if os.path.abspath(w.filename).startswith(HUSTINGS_DIR)]


def random_actions(obs, agents, rng: random.Random) -> dict:
    """A random legal card for every agent with a non-zero mask."""
    actions = {}
    for agent in agents:
        legal = np.flatnonzero(obs[agent]["action_mask"])
        if len(legal):
            actions[agent] = int(legal[rng.randrange(len(legal))])
    return actions


def play_parallel(env, seed: int, rng_seed: int, max_steps: int | None = None, last: list | None = None) -> list:
    """A whole random game (or ``max_steps`` steps); returns everything seen, as comparable bytes/values.
    ``last``, when given, receives the latest observations."""
    rng = random.Random(rng_seed)
    obs, infos = env.reset(seed=seed)
    trace = [sorted((a, o["observation"].tobytes(), o["action_mask"].tobytes()) for a, o in obs.items())]
    steps = 0
    while env.agents and (max_steps is None or steps < max_steps):
        actions = random_actions(obs, env.agents, rng)
        obs, rew, term, trunc, infos = env.step(actions)
        trace.append((sorted(actions.items()), sorted(rew.items()), sorted(term.items()), sorted(trunc.items()),
                      sorted((a, o["observation"].tobytes(), o["action_mask"].tobytes()) for a, o in obs.items())))
        steps += 1
    if last is not None:
        last.append(obs)
    return trace


def mid_game(n: int, seed: int, steps: int, **opts) -> tuple[DemocracyParallelEnv, dict]:
    """An env ``steps`` random steps into a game, and its current observations."""
    env = parallel_env(num_players=n, **opts)
    last = []
    play_parallel(env, seed, seed, max_steps=steps, last=last)
    assert env.agents, "the game ended before the wanted mid-game point"
    return env, last[0]


# --- PettingZoo's own checks ------------------------------------------------------------------------
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_pettingzoo_parallel_api_test_without_warnings(n):
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(num_players=n), num_cycles=1000)
    assert not ours(records), ours(records)
    api_warnings = [str(w.message) for w in records if "pettingzoo/test" in w.filename.replace(os.sep, "/")]
    assert not api_warnings, f"parallel_api_test warned about the env: {api_warnings}"


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_pettingzoo_parallel_seed_test_without_warnings(n):
    # parallel_seed_test samples actions from the bare action space (no mask), so most are illegal cards; under
    # illegal_action="terminate" they end the game the same way in both envs (the default would raise).
    with warnings.catch_warnings(record=True) as records:
        warnings.simplefilter("always")
        parallel_seed_test(lambda: parallel_env(num_players=n, illegal_action="terminate"), num_cycles=500)
    assert not ours(records), ours(records)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_our_step_loop_raises_no_warning(n):
    env = parallel_env(num_players=n, reward="score")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any warning fails the test
        env.reset(seed=1, options={"options": 1})  # an unknown reset option is ignored, silently
        play_parallel(env, 1, 1)
        env.state()
        env.close()


def test_metadata_spaces_agents_and_exports():
    env = parallel_env(num_players=5)
    assert env.metadata["name"] == "democracy_v1" == hustings.env_id("democracy")
    assert env.metadata["is_parallelizable"] is True
    assert env.metadata["render_modes"] == ["human", "ansi"]
    assert env.possible_agents == [f"player_{i}" for i in range(5)]
    assert env.agents == []  # before reset
    assert parallel_env().max_num_agents == 4  # default player count, like the AEC env
    aec = hustings.make("democracy", num_players=5)
    for agent in env.possible_agents:
        assert env.action_space(agent) is env.action_space("player_0")
        assert env.observation_space(agent) is env.observation_space("player_0")
        assert env.action_space(agent).n == aec.action_space(agent).n == NUM_KINDS
        assert env.observation_space(agent) == aec.observation_space(agent)
    obs, infos = env.reset(seed=3)
    assert env.agents == env.possible_agents and env.num_agents == 5
    for agent in env.agents:
        assert env.observation_space(agent).contains(obs[agent])
        assert infos[agent]["action_mask"] is obs[agent]["action_mask"]
    state = env.state()
    assert state.shape == env.state_space.shape and state.dtype == np.float32
    assert np.array_equal(state, env.game_state.global_observation())
    from hustings import democracy, democracy_v1
    assert {"parallel_env", "DemocracyParallelEnv"} <= set(democracy.__all__)
    assert democracy_v1.parallel_env is parallel_env


def test_bad_options_are_config_errors():
    for kwargs in ({"reward": "points"}, {"illegal_action": "ignore"}, {"render_mode": "rgb_array"},
                   {"illegal_penalty": "x"}, {"num_players": 7}, {"max_islands": 0}, {"colour": 1}):
        with pytest.raises(ConfigError):
            parallel_env(**kwargs)


def test_render_modes_and_use_before_reset(capsys):
    env = parallel_env(num_players=3)
    for call in (lambda: env.step({}), env.state, env.render, env.save_state):
        with pytest.raises(ResetNeededError, match="reset"):
            call()
    env.reset(seed=0)
    assert env.render() is None
    ansi = parallel_env(num_players=3, render_mode="ansi")
    ansi.reset(seed=0)
    text = ansi.render()
    assert isinstance(text, str) and text.startswith("Democracy 3p") and text == ansi.game_state.render()
    human = parallel_env(num_players=3, render_mode="human")
    capsys.readouterr()
    obs, _ = human.reset(seed=0)
    human.step(random_actions(obs, human.agents, random.Random(0)))
    printed = capsys.readouterr().out
    assert printed.count("Democracy 3p") == 2  # after reset and after the step


# --- the same game as the AEC env ---------------------------------------------------------------------
def aec_and_parallel_same(n: int, seed: int, **opts) -> int:
    """Drive the AEC env and the ParallelEnv with the same cards (random legal choices from the parallel masks):
    at every trick start the observations, masks (the AEC mask at each seat's turn), summed rewards and
    terminations agree, and so do the final states. Returns the number of parallel steps."""
    rng = random.Random(seed)
    aec = hustings.make("democracy", num_players=n, **opts)
    par = parallel_env(num_players=n, **opts)
    aec.reset(seed=seed)
    obs, infos = par.reset(seed=seed)
    steps = 0
    while par.agents:
        assert aec.save_state() == par.save_state()
        for agent in par.possible_agents:  # the trick's start: nobody has committed yet
            assert np.array_equal(obs[agent]["observation"], aec.observe(agent)["observation"]), agent
            assert np.array_equal(infos[agent]["action_mask"], obs[agent]["action_mask"])
        actions = random_actions(obs, par.agents, rng)
        assert set(actions) == set(par.agents), "every seat commits to every trick"
        summed = dict.fromkeys(par.possible_agents, 0.0)
        order = []
        for _ in range(n):
            agent = aec.agent_selection
            order.append(agent)
            # the parallel mask given at the trick's start is exactly the rules' legal set at this seat's turn
            assert np.array_equal(aec.observe(agent)["action_mask"], obs[agent]["action_mask"]), agent
            assert sorted(np.flatnonzero(obs[agent]["action_mask"]).tolist()) == aec.game_state.legal_actions()
            aec.step(actions[agent])
            for a in par.possible_agents:
                summed[a] += aec.rewards[a]
        dealer = par.game_state.dealer
        assert order == [f"player_{(dealer + 1 + i) % n}" for i in range(n)], "rules' order: dealer's left first"
        obs, rewards, terms, truncs, infos = par.step(actions)
        steps += 1
        assert rewards == summed
        assert terms == aec.terminations and truncs == aec.truncations
    assert aec.save_state() == par.save_state()
    assert all(aec.terminations[a] or aec.truncations[a] for a in aec.agents)
    assert par.game_state.winners() == aec.game_state.winners()
    for agent in par.possible_agents:
        assert np.array_equal(obs[agent]["observation"], aec.observe(agent)["observation"])
        assert not obs[agent]["action_mask"].any() and not infos[agent]["action_mask"].any()
    return steps


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_same_seed_same_cards_same_game_as_aec(n):
    assert aec_and_parallel_same(n, seed=20 + n) > 10


@pytest.mark.parametrize("n", [2, 5])
def test_same_game_as_aec_with_score_rewards(n):
    steps = aec_and_parallel_same(n, seed=7, reward="score")
    assert steps > 10


@pytest.mark.parametrize("n", [3, 6])
def test_truncation_like_the_aec_env(n):
    par = parallel_env(num_players=n, max_islands=1)  # nobody reaches 5 tribes in one island
    trace = play_parallel(par, 4, 4)
    _, rewards, terms, truncs, _ = trace[-1]
    assert all(t for _, t in truncs) and not any(t for _, t in terms)
    assert all(r == 0.0 for _, r in rewards)
    assert len(trace) - 1 == FIRST_DAY_HAND[n] + par.game.hand_size[1]  # one step per trick of the island
    aec_and_parallel_same(n, seed=4, max_islands=1)


def test_win_rewards_at_game_end():
    for seed in range(3):
        par = parallel_env(num_players=4)
        trace = play_parallel(par, seed, seed)
        rewards = dict(trace[-1][1])
        winners = par.game_state.winners()
        assert winners and all(dict(t[1]) == dict.fromkeys(par.possible_agents, 0.0) for t in trace[1:-1])
        assert rewards == {a: (1.0 if i in winners else -1.0) for i, a in enumerate(par.possible_agents)}
        assert all(t for _, t in trace[-1][2])


# --- masks -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_masks_exact(n):
    """At sampled steps, for every seat: each allowed card is accepted (the step goes through), each
    disallowed card is rejected with IllegalActionError, and the allowed set is the seat's hand."""
    rng = random.Random(n)
    env = parallel_env(num_players=n)
    trial = parallel_env(num_players=n)
    obs, _ = env.reset(seed=100 + n)
    probes = 0
    while env.agents:
        base = random_actions(obs, env.agents, rng)
        if rng.random() < 0.25:
            probes += 1
            saved = env.save_state()
            for agent in env.agents:
                p = env.possible_agents.index(agent)
                mask = obs[agent]["action_mask"]
                hand = env.game_state.hands[p]
                assert mask.tolist() == [int(hand[c] > 0) for c in range(NUM_KINDS)]
                for card in range(NUM_KINDS):
                    trial.reset(options={"state": saved})
                    if mask[card]:
                        trial.step({**base, agent: card})
                        last = trial.game_state.last_trick  # [] when the step ended the island
                        assert trial.save_state() != saved and (not last or last[p] == card)
                    else:
                        with pytest.raises(IllegalActionError):
                            trial.step({**base, agent: card})
                        assert trial.save_state() == saved
        obs, *_ = env.step(base)
    assert probes > 2


def test_masks_zero_for_everyone_once_the_game_is_over():
    env = parallel_env(num_players=2)
    final = play_parallel(env, 0, 0)[-1][-1]
    assert env.agents == [] and len(final) == 2
    assert all(mask == bytes(NUM_KINDS) for _, _, mask in final)
    with pytest.raises(ResetNeededError, match="game is over"):
        env.step({})


# --- hidden information ------------------------------------------------------------------------------
def swap_hidden(data: dict, observer: int, n: int, rng: random.Random) -> dict:
    """The saved game with cards ``observer`` cannot see changed: each other seat's committed card swapped with
    a hidden card (its own hand, else another hidden hand, the unturned pool or the undealt stub; on a day's last
    trick, with another seat's commitment), and a card swapped between two other seats' hands."""
    data = json.loads(json.dumps(data))
    st = data["state"]
    others = [p for p in range(n) if p != observer]
    for p in others:
        if st["plays"][p] is None:
            continue
        places = [st["hands"][p]] if st["hands"][p] else [st["hands"][q] for q in others if st["hands"][q]]
        places += [lst for lst in (st["stub"],) if lst]
        if len(st["pool"]) > st["trick"] + 1:
            places.append(("pool", st["trick"] + 1))
        committed = [q for q in others if q != p and st["plays"][q] is not None]
        if not places and committed:  # nothing else hidden is left (the day's last trick): trade commitments
            q = rng.choice(committed)
            st["plays"][p], st["plays"][q] = st["plays"][q], st["plays"][p]
            continue
        if not places:
            continue
        place = rng.choice(places)
        if isinstance(place, tuple):
            j = rng.randrange(place[1], len(st["pool"]))
            st["pool"][j], st["plays"][p] = st["plays"][p], st["pool"][j]
        else:
            i = rng.randrange(len(place))
            place[i], st["plays"][p] = st["plays"][p], place[i]
    holding = [p for p in others if st["hands"][p]]
    if len(holding) >= 2:
        a, b = rng.sample(holding, 2)
        i, j = rng.randrange(len(st["hands"][a])), rng.randrange(len(st["hands"][b]))
        st["hands"][a][i], st["hands"][b][j] = st["hands"][b][j], st["hands"][a][i]
    return data


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_observation_does_not_depend_on_others_hidden_commitments(n):
    """Load AEC games cut between two commitments of a trick: every seat's parallel observation and mask are the
    same whatever card the seats that committed (or the other hands) hold."""
    rng = random.Random(n)
    checked = commit_changed = 0
    for g in range(6):
        aec = hustings.make("democracy", num_players=n)
        aec.reset(seed=g)
        for _ in range(rng.randrange(2, 30) * n + rng.randrange(1, n)):  # mid-trick: 1..n-1 seats committed
            obs, *_ = aec.last()
            legal = np.flatnonzero(obs["action_mask"])
            aec.step(int(legal[rng.randrange(len(legal))]))
        if aec.game_state.is_terminal() or aec.game_state.turn == 0:
            continue
        saved = aec.save_state()
        par = parallel_env(num_players=n)
        base_obs, _ = par.reset(options={"state": saved})
        for observer in range(n):
            changed = swap_hidden(saved, observer, n, rng)
            other = parallel_env(num_players=n)
            other_obs, _ = other.reset(options={"state": changed})
            agent = par.possible_agents[observer]
            checked += 1
            assert np.array_equal(other_obs[agent]["observation"], base_obs[agent]["observation"]), \
                f"{agent}'s observation depends on cards it cannot see"
            assert np.array_equal(other_obs[agent]["action_mask"], base_obs[agent]["action_mask"])
            commit_changed += changed["state"]["plays"] != saved["state"]["plays"]
    assert checked >= 2 * n and commit_changed >= checked // 2, (checked, commit_changed)


def test_observation_before_a_step_does_not_depend_on_what_others_then_commit():
    """The same step with one seat's card varied: the others' pre-step views are untouched by it, and after the
    trick resolves the card is public (it is in every last_trick block)."""
    env = parallel_env(num_players=4)
    obs, _ = env.reset(seed=9)
    saved = env.save_state()
    mask = obs["player_2"]["action_mask"]
    base = random_actions(obs, env.agents, random.Random(0))
    results = []
    for card in np.flatnonzero(mask)[:3]:
        pre, _ = env.reset(options={"state": saved})
        assert all(np.array_equal(pre[a]["observation"], obs[a]["observation"]) for a in pre)
        assert all(np.array_equal(pre[a]["action_mask"], obs[a]["action_mask"]) for a in pre)
        after, *_ = env.step({**base, "player_2": int(card)})
        results.append(after["player_0"]["observation"])
        assert env.game_state.last_trick[2] == card
    assert not np.array_equal(results[0], results[1])  # revealed after the trick, as in the AEC env


# --- a game loaded mid-trick: only the seats still to commit act ---------------------------------------
@pytest.mark.parametrize("n", [3, 5])
def test_mid_trick_load_steps_only_the_seats_still_to_commit(n):
    aec = hustings.make("democracy", num_players=n)
    aec.reset(seed=2)
    rng = random.Random(2)
    for _ in range(3 * n + 1):  # one seat has committed to the fourth trick
        obs, *_ = aec.last()
        legal = np.flatnonzero(obs["action_mask"])
        aec.step(int(legal[rng.randrange(len(legal))]))
    saved = aec.save_state()
    dealer = aec.game_state.dealer
    first = (dealer + 1) % n
    par = parallel_env(num_players=n)
    obs, infos = par.reset(options={"state": saved})
    assert par.agents == par.possible_agents
    acting = [a for a in par.agents if obs[a]["action_mask"].any()]
    assert acting == [f"player_{p}" for p in range(n) if p != first]
    assert not infos[f"player_{first}"]["action_mask"].any()
    actions = random_actions(obs, par.agents, rng)
    assert f"player_{first}" not in actions
    aec_actions = dict(actions)
    actions[f"player_{first}"] = 48  # ignored: that seat has committed already
    for _ in range(n - 1):
        aec.step(aec_actions[aec.agent_selection])
    obs, *_ = par.step(actions)
    assert par.save_state() == aec.save_state()
    assert all(obs[a]["action_mask"].any() for a in par.agents), "the next trick: every seat commits again"


def test_save_load_round_trip_and_bad_state():
    env, obs_a = mid_game(4, seed=5, steps=9)
    data = json.loads(json.dumps(env.save_state()))
    other = parallel_env(num_players=4)
    obs_b, _ = other.reset(options={"state": data})
    assert other.save_state() == env.save_state()
    assert all(np.array_equal(obs_a[a]["observation"], obs_b[a]["observation"]) for a in obs_a)
    rng_a, rng_b = random.Random(1), random.Random(1)
    while env.agents:
        obs_a, ra, *_ = env.step(random_actions(obs_a, env.agents, rng_a))
        obs_b, rb, *_ = other.step(random_actions(obs_b, other.agents, rng_b))
        assert ra == rb
    assert env.save_state() == other.save_state()
    with pytest.raises(StateFormatError):
        parallel_env(num_players=3).reset(options={"state": data})


def test_custom_deal_option():
    n = 2
    hand0 = ["5S", "4S", "3S", "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "6S"]
    hand1 = ["5H", "4H", "3H", "AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "6H"]
    pool = ["5D", "4D", "3D", "AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D", "6D"]
    env = parallel_env(num_players=n)
    obs, _ = env.reset(options={"deal": {"dealer": 1, "hands": [hand0, hand1], "pool": pool}})
    assert np.flatnonzero(obs["player_0"]["action_mask"]).tolist() == sorted(parse_card(c) for c in hand0)
    assert np.flatnonzero(obs["player_1"]["action_mask"]).tolist() == sorted(parse_card(c) for c in hand1)


# --- illegal and malformed actions --------------------------------------------------------------------
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_illegal_action_raises_clearly_and_changes_nothing(n):
    env, obs = mid_game(n, seed=30 + n, steps=3)
    saved, world = env.save_state(), env.state()
    actions = random_actions(obs, env.agents, random.Random(0))
    bad_agent = env.agents[-1]
    bad = int(np.flatnonzero(obs[bad_agent]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError) as err:
        env.step({**actions, bad_agent: bad})
    text = str(err.value)
    assert f"action {bad} ({env.action_name(bad)}) is not legal for {bad_agent}" in text
    assert "legal actions:" in text and "not in its hand" in text
    assert env.save_state() == saved
    assert np.array_equal(env.state(), world), "a rejected step changed the world vector (every observation)"
    # two offenders: both are named, still nothing changes
    other = env.agents[0]
    bad2 = int(np.flatnonzero(obs[other]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError) as err:
        env.step({**actions, bad_agent: bad, other: bad2})
    assert f"for {bad_agent}" in str(err.value) and f"for {other}" in str(err.value)
    assert env.save_state() == saved and np.array_equal(env.state(), world)
    env.step(actions)  # the game goes on from the same point
    assert env.save_state() != saved


@pytest.mark.parametrize("bad", [49, -1, 1.0, "3", True, None, np.array([1, 2]), np.float32(2.0)])
def test_malformed_actions_raise_out_of_bounds_and_change_nothing(bad):
    env, obs = mid_game(3, seed=1, steps=2)
    saved = env.save_state()
    actions = random_actions(obs, env.agents, random.Random(0))
    actions["player_1"] = bad
    with pytest.raises(ActionOutOfBoundsError, match="player_1"):
        env.step(actions)
    assert env.save_state() == saved


def test_missing_action_and_unknown_agent_raise():
    env, obs = mid_game(3, seed=1, steps=2)
    saved = env.save_state()
    actions = random_actions(obs, env.agents, random.Random(0))
    missing = dict(actions)
    del missing["player_2"]
    with pytest.raises(ActionOutOfBoundsError, match="no action for player_2"):
        env.step(missing)
    with pytest.raises(ActionOutOfBoundsError, match="player_9"):
        env.step({**actions, "player_9": 0})
    with pytest.raises(ActionOutOfBoundsError, match="dict"):
        env.step(list(actions.values()))
    assert env.save_state() == saved
    numpy_actions = {a: np.int64(c) for a, c in actions.items()}  # numpy integers are accepted
    numpy_actions["player_0"] = np.array(actions["player_0"])
    env.step(numpy_actions)
    assert env.game_state.last_trick == [actions[f"player_{p}"] for p in range(3)]


def test_illegal_action_terminate_mode_penalises_each_offender():
    env = parallel_env(num_players=4, illegal_action="terminate", illegal_penalty=-3)
    obs, _ = env.reset(seed=2)
    saved = env.save_state()
    actions = random_actions(obs, env.agents, random.Random(0))
    offenders = ["player_1", "player_3"]
    for agent in offenders:
        actions[agent] = int(np.flatnonzero(obs[agent]["action_mask"] == 0)[0])
    obs, rewards, terms, truncs, infos = env.step(actions)
    assert rewards == {a: (-3.0 if a in offenders else 0.0) for a in env.possible_agents}
    assert all(terms.values()) and not any(truncs.values())
    assert env.agents == []
    for agent in env.possible_agents:
        assert infos[agent]["illegal_action"] is True
        assert all(f"for {o}" in infos[agent]["illegal_message"] for o in offenders)
        assert not obs[agent]["action_mask"].any()
    assert env.save_state() == saved  # the offending cards were never applied
    # the AEC env's rule for one offender: it gets the penalty, the others 0, all terminated
    aec = hustings.make("democracy", num_players=4, illegal_action="terminate", illegal_penalty=-3)
    aec.reset(seed=2)
    par = parallel_env(num_players=4, illegal_action="terminate", illegal_penalty=-3)
    obs, _ = par.reset(seed=2)
    first = aec.agent_selection
    bad = int(np.flatnonzero(aec.observe(first)["action_mask"] == 0)[0])
    aec.step(bad)
    acts = random_actions(obs, par.agents, random.Random(1))
    _, rewards, terms, _, infos = par.step({**acts, first: bad})
    assert rewards == aec.rewards and terms == aec.terminations
    assert infos[first]["illegal_action"] == aec.infos[first]["illegal_action"]


# --- determinism --------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_same_seed_same_game(n):
    a = play_parallel(parallel_env(num_players=n), seed=n, rng_seed=1)
    b = play_parallel(parallel_env(num_players=n), seed=n, rng_seed=1)
    assert a == b
    np.random.seed(123)
    random.seed(123)
    env = parallel_env(num_players=n)
    play_parallel(env, seed=99, rng_seed=5)  # reusing an env does not carry anything over
    assert play_parallel(env, seed=n, rng_seed=1) == a
    assert play_parallel(parallel_env(num_players=n), seed=n + 1, rng_seed=1)[0] != a[0]


def test_returned_arrays_are_fresh():
    env = parallel_env(num_players=3)
    obs, _ = env.reset(seed=0)
    kept = {a: o["observation"].copy() for a, o in obs.items()}
    masks = {a: o["action_mask"].copy() for a, o in obs.items()}
    env.step(random_actions(obs, env.agents, random.Random(0)))
    for a in kept:
        assert np.array_equal(obs[a]["observation"], kept[a]), "a returned observation changed after a step"
        assert np.array_equal(obs[a]["action_mask"], masks[a]), "a returned mask changed after a step"
