"""Generic checks every game's tests run through the public env API (and the rules module where noted)."""
from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys

import numpy as np
from pettingzoo.test import api_test, seed_test

import hustings
from hustings.core import IllegalActionError

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def api_and_seed(game_name: str, num_players: int, num_cycles: int = 300, **opts) -> None:
    """PettingZoo's ``api_test`` and ``seed_test`` on a fresh env."""
    api_test(hustings.make(game_name, num_players=num_players, **opts), num_cycles=num_cycles)
    seed_test(lambda: hustings.make(game_name, num_players=num_players, **opts), num_cycles=num_cycles)


def _random_action(obs, rng: random.Random) -> int:
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[rng.randrange(len(legal))])


def mask_exact(game_name: str, num_players: int, games: int = 3, seed: int = 0, probe_rate: float = 0.2,
               illegal_per_probe: int = 8, **opts) -> int:
    """At sampled states of random games: the mask equals the rules' legal actions, every allowed action
    applies, and every disallowed action (a sample of them) raises ``IllegalActionError`` and leaves the game
    exactly as it was. Returns the number of states probed."""
    rng = random.Random(seed)
    env = hustings.make(game_name, num_players=num_players, **opts)
    trial = hustings.make(game_name, num_players=num_players, **opts)
    probes = 0
    for g in range(games):
        env.reset(seed=seed * 1000 + g)
        for agent in env.agent_iter():
            obs, _, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            mask = obs["action_mask"]
            assert np.array_equal(mask, info["action_mask"]), "info['action_mask'] must mirror the observation's"
            for other in env.agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any(), f"{other} is not to move but has a mask"
            legal = np.flatnonzero(mask)
            assert len(legal) > 0, f"{agent} must move but has no legal action"
            assert sorted(legal.tolist()) == env.game_state.legal_actions(), "mask differs from the rules' actions"
            if rng.random() < probe_rate:
                probes += 1
                saved = env.save_state()
                for a in legal:
                    trial.load_state(saved)
                    trial.step(int(a))
                illegal = np.flatnonzero(mask == 0).tolist()
                rng.shuffle(illegal)
                before_obs = {a: env.observe(a)["observation"].copy() for a in env.agents}
                for a in illegal[:illegal_per_probe]:
                    try:
                        env.step(int(a))
                    except IllegalActionError:
                        pass
                    else:
                        raise AssertionError(f"illegal action {a} ({env.action_name(a)}) was accepted")
                    assert env.save_state() == saved, "a rejected action changed the game"
                    assert env.agent_selection == agent
                for a in env.agents:
                    assert np.array_equal(env.observe(a)["observation"], before_obs[a])
            env.step(_random_action(obs, rng))
    return probes


def play_random(env, rng: random.Random, max_steps: int | None = None) -> list:
    """Step random legal actions until the game ends (or ``max_steps``); returns a trace of what was seen."""
    trace = []
    steps = 0
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        trace.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), float(rew), term, trunc))
        if term or trunc:
            env.step(None)
            continue
        if max_steps is not None and steps >= max_steps:
            break
        env.step(_random_action(obs, rng))
        steps += 1
    return trace


def save_load_continues(game_name: str, num_players: int, seed: int = 0, cut: int = 37, **opts) -> None:
    """Save mid-game to JSON text, load into a fresh env, and play both on: everything seen is identical."""
    a = hustings.make(game_name, num_players=num_players, **opts)
    a.reset(seed=seed)
    play_random(a, random.Random(seed), max_steps=cut)
    saved = json.loads(json.dumps(a.save_state()))
    b = hustings.make(game_name, num_players=num_players, **opts)
    b.reset(options={"state": saved})
    assert b.save_state() == a.save_state()
    ta = play_random(a, random.Random(seed + 1))
    tb = play_random(b, random.Random(seed + 1))
    assert ta == tb, "the loaded game went differently"


def trajectory_digest(game_name: str, num_players: int, seed: int, **opts) -> str:
    """SHA-256 of a whole random game (observations, masks, rewards) from ``reset(seed=seed)``."""
    env = hustings.make(game_name, num_players=num_players, **opts)
    env.reset(seed=seed)
    h = hashlib.sha256()
    for item in play_random(env, random.Random(seed)):
        h.update(repr(item).encode())
    return h.hexdigest()


def cross_process_same(game_name: str, num_players: int, seed: int = 5, **opts) -> None:
    """The same seed gives the same game in two processes with different PYTHONHASHSEED."""
    code = ("import sys, json; sys.path.insert(0, %r); sys.path.insert(0, %r); import helpers; "
            "print(helpers.trajectory_digest(%r, %d, %d, **json.loads(%r)))"
            % (ROOT, os.path.join(ROOT, "tests"), game_name, num_players, seed, json.dumps(opts)))
    digests = set()
    for hashseed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1, f"games differ across processes: {digests}"
    np.random.seed(99)
    random.seed(99)
    assert trajectory_digest(game_name, num_players, seed, **opts) in digests, "global RNG state changed the game"


def random_final_states(game_name: str, num_players: int, count: int, seed: int = 0, **opts):
    """Final rules-module states of ``count`` random games (fast: no env). Yields ``(state, steps)``."""
    game = hustings.game_module(game_name).raw_env.game_class(num_players, **opts)
    rng = random.Random(seed)
    for g in range(count):
        state = game.new_initial_state(seed=seed * 100_003 + g)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            steps += 1
        yield state, steps


def world_matches_rebuild(state) -> bool:
    """Whether the incrementally kept world vector equals one rebuilt from the Python state."""
    kept = state.world.copy()
    state._rebuild_world()
    rebuilt = state.world.copy()
    state.world[:] = kept
    return bool(np.array_equal(kept, rebuilt))


def heuristic_win_share(game_name: str, num_players: int, games: int, **opts) -> float:
    """Win share (shared wins split) of one heuristic bot among random bots, its seat rotating each game."""
    from hustings.play import play_game

    game = hustings.game_module(game_name).raw_env.game_class(num_players, **opts)
    share = 0.0
    for s in range(games):
        seat = s % num_players
        bots = [hustings.make_bot(game_name, "heuristic" if i == seat else "random", seed=s * 10 + i)
                for i in range(num_players)]
        won = play_game(game, bots, seed=s).winners()
        share += (seat in won) / max(1, len(won))
    return share / games


def random_midgame(game, seed: int, rng: random.Random, min_steps: int, max_steps: int):
    """A new game (deal ``seed``) after ``rng.randrange(min_steps, max_steps)`` random legal moves, or fewer if it
    ends first (check ``is_terminal()``)."""
    st = game.new_initial_state(seed=seed)
    for _ in range(rng.randrange(min_steps, max_steps)):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    return st


def no_leak(game, reshuffle_hidden, games: int, max_steps: int, seed: int = 0) -> tuple[int, int]:
    """At random mid-game states, rebuild the game with every card seat ``p`` cannot see permuted
    (``reshuffle_hidden(state_json, p, rng)``) and require ``p``'s observation to stay identical.

    Returns ``(checked, changed)``: observations compared, and rebuilt games whose hidden cards really differed
    (a test should require ``changed > 0``, or it proves nothing)."""
    rng = random.Random(seed)
    checked = changed = 0
    for g in range(games):
        st = random_midgame(game, g, rng, 1, max_steps)
        if st.is_terminal():
            continue
        data = st.to_json()
        for observer in range(game.num_players):
            other = game.state_from_json(reshuffle_hidden(data, observer, rng))
            checked += 1
            assert np.array_equal(other.observation(observer), st.observation(observer)), \
                f"player {observer}'s observation depends on cards it cannot see"
            changed += not np.array_equal(other.global_observation(), st.global_observation())
    return checked, changed
