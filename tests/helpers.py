"""Test helpers: the contract every game passes is :mod:`hustings.testing` (re-exported here); the rest reach into
the rules modules for the project's own tests."""
from __future__ import annotations

import os
import random

import numpy as np

import hustings
from hustings.testing import (api_and_seed, clone_independent, cross_process_same, mask_exact,  # noqa: F401
                              play_random, random_midgame, sample_hidden_consistent, save_load_continues,
                              trajectory_digest)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tool(name: str):
    """The developer script ``tools/<name>.py`` (not installed) as a module."""
    import importlib
    import sys

    folder = os.path.join(ROOT, "tools")
    if folder not in sys.path:
        sys.path.insert(0, folder)
    return importlib.import_module(name)


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
