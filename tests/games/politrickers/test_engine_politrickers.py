"""Politrickers' compiled batched engine against the rules module, move for move: random games from seeds at every
table size, games loaded from positions, deals and saved states, and engine games handed back to Python mid-game.
At every decision: the seat to move, the legal mask and the mover's observation (bit for bit); every few decisions
every seat's observation and the global observation; at the end the results and the whole state."""
from __future__ import annotations

import json
import os
import random
import re

import numpy as np
import pytest

pytest.importorskip("numba")

from hustings.politrickers import PolitrickersGame, card_name  # noqa: E402
from hustings.politrickers.engine import BatchEngine  # noqa: E402
from hustings.engine.parity import play_both  # noqa: E402
from helpers import ROOT  # noqa: E402

SIZES = (3, 4, 5)


def rules_md_positions() -> list[dict]:
    """The JSON blocks of RULES.md's "Positions" section (the worked example, a 4-player position)."""
    text = open(os.path.join(ROOT, "envs", "politrickers", "RULES.md"), encoding="utf-8").read()
    section = text.split("## Positions", 1)[1].split("\n## ", 1)[0]
    return [json.loads(block) for block in re.findall(r"```json\n(.*?)```", section, re.S)]


def seeded_games(n: int, count: int, first_seed: int, seed: int) -> int:
    """``count`` games from seeds, through the engine (one batch) and the rules module; the decisions compared."""
    game = PolitrickersGame(n)
    engine = BatchEngine(game, count)
    seeds = np.arange(first_seed, first_seed + count, dtype=np.int64) * 7919 - 3 * count
    engine.reset(seeds)
    states = [game.new_initial_state(seed=int(s)) for s in seeds]
    return play_both(engine, states, random.Random(seed))


@pytest.mark.parametrize("n", SIZES)
def test_random_games_from_seeds_match_the_rules_move_for_move(n):
    decisions = seeded_games(n, 1500, 0, n)
    assert decisions > 1500 * 40


@pytest.mark.slow
@pytest.mark.parametrize("n", SIZES)
def test_many_more_random_games_match_the_rules(n):
    for batch in range(10):
        seeded_games(n, 2000, 10_000 + 2000 * batch, 100 * n + batch)


def test_seeds_reset_games_as_new_initial_state_does():
    game = PolitrickersGame(4)
    seeds = np.array([0, 1, -1, 2**31, 2**32 + 5, -(2**40), 2**63 - 1, 123456789], dtype=np.int64)
    engine = BatchEngine(game, len(seeds))
    engine.reset(seeds)
    for k, s in enumerate(seeds):
        assert engine.to_state(k).to_json() == game.new_initial_state(seed=int(s)).to_json(), int(s)
    # resetting some games leaves the others alone
    engine.reset(np.array([77, 78]), envs=np.array([5, 1]))
    assert engine.to_state(5).to_json() == game.new_initial_state(seed=77).to_json()
    assert engine.to_state(1).to_json() == game.new_initial_state(seed=78).to_json()
    assert engine.to_state(0).to_json() == game.new_initial_state(seed=0).to_json()


@pytest.mark.parametrize("n", SIZES)
def test_saved_states_mid_game_load_and_play_on_identically(n):
    game, rng = PolitrickersGame(n), random.Random(n)
    states = []
    for g in range(150):
        st = game.new_initial_state(seed=5000 + g)
        for _ in range(rng.randrange(1, 200)):
            if st.is_terminal():
                break
            st.apply_action(rng.choice(st.legal_actions()))
        # through JSON for half of them, the state itself for the others
        states.append(game.state_from_json(json.loads(json.dumps(st.to_json()))) if g % 2 else st)
    engine = BatchEngine(game, len(states))
    for k, st in enumerate(states):
        engine.from_state(k, st)
    play_both(engine, states, random.Random(n), every=3)


@pytest.mark.parametrize("n", SIZES)
def test_engine_games_handed_to_python_mid_game_play_on_identically(n):
    game = PolitrickersGame(n)
    engine = BatchEngine(game, 200)
    seeds = np.arange(200) + 900
    engine.reset(seeds)
    states = [game.new_initial_state(seed=int(s)) for s in seeds]
    play_both(engine, states, random.Random(1), max_decisions=60)  # rounds end and new ones are dealt on the way
    handed = [engine.to_state(k) for k in range(200)]
    for st, twin in zip(handed, states):
        assert st.to_json() == twin.to_json()
    play_both(engine, handed, random.Random(2))  # the engine and the handed-over states play on, dealing alike


def test_positions_and_deals_load_and_play_on():
    game = PolitrickersGame(4)
    positions = rules_md_positions()
    assert positions, "RULES.md has a worked example"
    states = [game.state_from_position(pos, seed=seed) for pos in positions for seed in range(20)]
    # a stacked deck dealt at the next round, a position with only the Chair, and deals mid-game
    deck = list(reversed(game.deck))
    stacked = {"chair": 0, "hands": [["Eco1"], ["Env2"], ["Hea1"], ["Saf1"]],
               "libra": {"Tails": [2, 0, 0, 2], "Claws": [0, 4, 0, 0]}, "spent_tokens": [0, 0, 0, 0],
               "deck": [card_name(c) for c in deck]}
    states += [game.state_from_position(stacked, seed=s) for s in range(5)]
    states += [game.state_from_position({"chair": s % 4}, seed=s) for s in range(5)]
    hands = [[card_name(c) for c in game.deck[9 * p:9 * p + 9]] for p in range(4)]
    states += [game.new_initial_state(seed=s, deal={"hands": hands, "vp": [0, 3, 6, -2], "round": 2})
               for s in range(5)]
    mid_round = {"hands": [h[:6] for h in hands], "chair": 2, "tokens": [4, 4, 4, 5],
                 "libra": {"Tails": [1, 0, 1, 0], "Claws": [0, 1, 0, 0]}, "round": 3, "vp": [1, 2, 0, 5]}
    states += [game.new_initial_state(seed=s, deal=mid_round) for s in range(5)]
    engine = BatchEngine(game, len(states))
    for k, st in enumerate(states):
        engine.from_state(k, st)
    play_both(engine, states, random.Random(3), every=2)


def test_over_games_are_left_alone_and_show_zeros():
    game = PolitrickersGame(3)
    engine = BatchEngine(game, 4)
    engine.reset(np.arange(4))
    states = [game.new_initial_state(seed=s) for s in range(4)]
    play_both(engine, states, random.Random(0))
    assert (engine.player == -1).all() and engine.terminated.all()
    before = [engine.to_state(k).to_json() for k in range(4)]
    engine.apply(np.zeros(4, np.int64))
    assert [engine.to_state(k).to_json() for k in range(4)] == before
    mask = np.ones((4, game.num_actions), np.int8)
    obs = np.ones((4, game.observation_size), np.float32)
    engine.legal_mask(mask)
    engine.observe(obs)
    assert not mask.any() and not obs.any()
