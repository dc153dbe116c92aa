"""The contract every hustings game passes, for the project's tests and for yours.

One call checks a game at one table size, like OpenSpiel's ``random_sim_test``::

    from hustings import testing
    testing.check_game("democracy", num_players=4)

It runs PettingZoo's ``api_test`` and ``seed_test``; checks the action mask is exact both ways (every allowed action
applies, a sample of the others raise :class:`~hustings.errors.IllegalActionError` and leave the game exactly as it
was); saves mid-game, loads, and plays both on identically; checks a clone is independent of its original; checks
``sample_hidden`` draws worlds the sampling seat cannot tell from the real one (its observation and legal moves); and
plays the same seed in two processes with different hash seeds. Each check is also a function of its own. A game you
add, or an env you wrap, can be checked the same way (needs ``pettingzoo``'s test module, part of PettingZoo).
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys

import numpy as np
from pettingzoo.test import api_test, seed_test

from . import registry
from .errors import IllegalActionError
from .registry import make_game


def make(game_name: str, num_players: int, **opts):
    """A fresh AEC env of the game (``hustings.make``)."""
    return registry.game_module(game_name).env(num_players=num_players, **opts)


def api_and_seed(game_name: str, num_players: int, num_cycles: int = 300, **opts) -> None:
    """PettingZoo's ``api_test`` and ``seed_test`` on a fresh env."""
    api_test(make(game_name, num_players=num_players, **opts), num_cycles=num_cycles)
    seed_test(lambda: make(game_name, num_players=num_players, **opts), num_cycles=num_cycles)


def _random_action(obs, rng: random.Random) -> int:
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[rng.randrange(len(legal))])


def mask_exact(game_name: str, num_players: int, games: int = 3, seed: int = 0, probe_rate: float = 0.2,
               illegal_per_probe: int = 8, **opts) -> int:
    """At sampled states of random games: the mask equals the rules' legal actions, every allowed action
    applies, and every disallowed action (a sample of them) raises ``IllegalActionError`` and leaves the game
    exactly as it was. Returns the number of states probed."""
    rng = random.Random(seed)
    env = make(game_name, num_players=num_players, **opts)
    trial = make(game_name, num_players=num_players, **opts)
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
    a = make(game_name, num_players=num_players, **opts)
    a.reset(seed=seed)
    play_random(a, random.Random(seed), max_steps=cut)
    saved = json.loads(json.dumps(a.save_state()))
    b = make(game_name, num_players=num_players, **opts)
    b.reset(options={"state": saved})
    assert b.save_state() == a.save_state()
    ta = play_random(a, random.Random(seed + 1))
    tb = play_random(b, random.Random(seed + 1))
    assert ta == tb, "the loaded game went differently"


def trajectory_digest(game_name: str, num_players: int, seed: int, **opts) -> str:
    """SHA-256 of a whole random game (observations, masks, rewards) from ``reset(seed=seed)``."""
    env = make(game_name, num_players=num_players, **opts)
    env.reset(seed=seed)
    h = hashlib.sha256()
    for item in play_random(env, random.Random(seed)):
        h.update(repr(item).encode())
    return h.hexdigest()


def cross_process_same(game_name: str, num_players: int, seed: int = 5, **opts) -> None:
    """The same seed gives the same game in two processes with different PYTHONHASHSEED."""
    code = ("import json; from hustings import testing; "
            "print(testing.trajectory_digest(%r, %d, %d, **json.loads(%r)))"
            % (game_name, num_players, seed, json.dumps(opts)))
    digests = set()
    for hashseed in ("0", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        digests.add(out.stdout.strip())
    assert len(digests) == 1, f"games differ across processes: {digests}"
    np.random.seed(99)
    random.seed(99)
    assert trajectory_digest(game_name, num_players, seed, **opts) in digests, "global RNG state changed the game"


def random_midgame(game, seed: int, rng: random.Random, min_steps: int, max_steps: int):
    """A new game of rules ``game`` (deal ``seed``) after ``rng.randrange(min_steps, max_steps)`` random legal
    moves, or fewer if it ends first (check ``is_terminal()``)."""
    st = game.new_initial_state(seed=seed)
    for _ in range(rng.randrange(min_steps, max_steps)):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    return st


def clone_independent(game_name: str, num_players: int, games: int = 5, seed: int = 0, **opts) -> None:
    """A clone plays on without changing its original, and the other way round."""
    game = make_game(game_name, num_players, opts)
    rng = random.Random(seed)
    for g in range(games):
        st = random_midgame(game, seed * 1000 + g, rng, 1, 60)
        if st.is_terminal():
            continue
        before = json.dumps(st.to_json(), sort_keys=True)
        twin = st.clone()
        assert json.dumps(twin.to_json(), sort_keys=True) == before, "a clone differs from its original"
        for _ in range(20):
            if twin.is_terminal():
                break
            legal = twin.legal_actions()
            twin.apply_action(legal[rng.randrange(len(legal))])
        assert json.dumps(st.to_json(), sort_keys=True) == before, "playing a clone changed its original"


def sample_hidden_consistent(game_name: str, num_players: int, games: int = 5, draws: int = 3, seed: int = 0,
                             **opts) -> int:
    """Every world ``sample_hidden(p, rng)`` draws looks the same to seat ``p`` as the real game: the same
    observation, the same seat to move, and (when ``p`` is to move) the same legal actions. Returns the number of
    worlds checked (0 for a game without a sampler)."""
    game = make_game(game_name, num_players, opts)
    rng = random.Random(seed)
    checked = 0
    for g in range(games):
        st = random_midgame(game, seed * 1000 + g, rng, 1, 80)
        if st.is_terminal():
            continue
        for p in range(num_players):
            for _ in range(draws):
                try:
                    world = st.sample_hidden(p, random.Random(rng.getrandbits(32)))
                except NotImplementedError:
                    return 0
                assert np.array_equal(world.observation(p), st.observation(p)), \
                    f"seat {p} can tell a sampled world from the real game by its observation"
                assert world.current_player() == st.current_player()
                if st.current_player() == p:
                    assert world.legal_actions() == st.legal_actions(), "a sampled world has other legal moves"
                checked += 1
    return checked


def check_game(game_name: str, num_players: int | None = None, cross_process: bool = True, **opts) -> None:
    """The whole contract for one game at one table size (default: the game's default size); raises
    ``AssertionError`` naming the first thing that fails."""
    n = registry.info(game_name).default_players if num_players is None else num_players
    api_and_seed(game_name, n, **opts)
    assert mask_exact(game_name, n, **opts) > 0, "no state was probed"
    save_load_continues(game_name, n, **opts)
    clone_independent(game_name, n, **opts)
    sample_hidden_consistent(game_name, n, **opts)
    if cross_process:
        cross_process_same(game_name, n, **opts)
