"""Politix's compiled batched engine against the rules module, move for move (RULES.md, "Engine"): random games from
seeds at every table size and option (``teams_3v3``, ``max_turns``, ``components``), games loaded from positions,
custom deals, saved states and information-set samples, and engine games handed back to Python mid-game. At every
decision: the seat to move, the legal mask and the mover's observation (bit for bit); every few decisions every seat's
observation, the global observation and the scores; at the end the results (scores, returns, winners) and the whole
saved state, RNG included."""
from __future__ import annotations

import json
import os
import random
import re

import numpy as np
import pytest

pytest.importorskip("numba")

from hustings.errors import ConfigError, StateFormatError  # noqa: E402
from hustings.politix import PolitixGame, components  # noqa: E402
from hustings.politix.engine import BatchEngine  # noqa: E402
from hustings.engine.parity import play_both  # noqa: E402
from helpers import ROOT  # noqa: E402

SIZES = [(2, {}), (3, {}), (4, {}), (5, {}), (6, {}), (6, {"teams_3v3": True})]
GAMES_PER_SIZE = 40  # about 8,000 decisions per size in the default run; the slow sweep: 10,000 games per size


def compare_results(engine: BatchEngine, states: list) -> None:
    """The engine's public arrays and whole states against the rules states'."""
    for k, st in enumerate(states):
        over = st.is_terminal()
        assert engine.player[k] == st.current_player(), f"game {k}: player"
        assert engine.terminated[k] == (over and not st.truncated) and engine.truncated[k] == st.truncated, k
        assert engine.scores[k].tolist() == [float(x) for x in st.scores()], f"game {k}: scores"
        assert engine.returns[k].tolist() == st.returns(), f"game {k}: returns"
        assert np.flatnonzero(engine.winners[k]).tolist() == st.winners(), f"game {k}: winners"
        assert engine.to_state(k).to_json() == st.to_json(), f"game {k}: the state"


def from_seeds(game: PolitixGame, seeds) -> tuple[BatchEngine, list]:
    engine = BatchEngine(game, len(seeds))
    engine.reset(np.asarray(seeds, dtype=np.int64))
    states = [game.new_initial_state(seed=int(s)) for s in seeds]
    for st in states:
        st.record_events = False
    return engine, states


def loaded(game: PolitixGame, states: list) -> BatchEngine:
    engine = BatchEngine(game, len(states))
    for k, st in enumerate(states):
        engine.from_state(k, st.clone())
    return engine


def midgame(game: PolitixGame, count: int, seed: int, longest: int = 300) -> list:
    """``count`` states of random play, each stopped after a random number of decisions (some of them over)."""
    rng, out = random.Random(seed), []
    for g in range(count):
        st = game.new_initial_state(seed=seed * 1000 + g)
        for _ in range(rng.randrange(1, longest)):
            if st.is_terminal():
                break
            st.apply_unchecked(rng.choice(st.legal_actions()))
        out.append(st)
    return out


# --- games from seeds ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n,options", SIZES)
def test_random_games_from_seeds_match_the_rules_move_for_move(n, options):
    engine, states = from_seeds(PolitixGame(n, **options), range(n * 1000, n * 1000 + GAMES_PER_SIZE))
    assert play_both(engine, states, random.Random(n)) > GAMES_PER_SIZE * 100
    assert engine.terminated.all()


@pytest.mark.slow
@pytest.mark.parametrize("n,options", SIZES)
def test_many_more_random_games_match_the_rules(n, options):
    game = PolitixGame(n, **options)
    for batch in range(10):
        engine, states = from_seeds(game, range(50_000 + 1000 * batch, 51_000 + 1000 * batch))
        play_both(engine, states, random.Random(100 * n + batch), every=23)


@pytest.mark.parametrize("n,cap", [(2, 12), (4, 30), (5, 1), (6, None), (3, 61)])
def test_max_turns_truncates_as_the_rules_do(n, cap):
    engine, states = from_seeds(PolitixGame(n, max_turns=cap), range(30))
    play_both(engine, states, random.Random(cap or 0), every=5)
    if cap is not None and cap <= 30:
        assert engine.truncated.all() and not engine.returns.any() and not engine.winners.any()


def test_seeds_of_every_kind_deal_as_random_random_does():
    """Negative seeds (CPython seeds with abs), seeds of two 32-bit words, 0, -2**63, and seeds beyond 64 bits (dealt
    by the rules module and loaded); resetting some games leaves the others alone, the same game twice keeps the
    later seed."""
    game = PolitixGame(5)
    seeds = [0, 1, -1, -12345, 2**31, 2**32 - 1, 2**32, 2**40 + 17, -(2**62), 2**63 - 1, -(2**63)]
    engine, states = from_seeds(game, seeds)
    for k, st in enumerate(states):
        assert engine.to_state(k).to_json() == st.to_json(), seeds[k]
    engine.reset(np.array([77, 78, 79]), envs=np.array([5, 1, 5]))
    for k, seed in ((5, 79), (1, 78), (0, 0), (2, -1)):
        assert engine.to_state(k).to_json() == game.new_initial_state(seed=seed).to_json(), k
    engine.reset(np.array([2**64 + 5, -(2**70)], dtype=object), envs=np.array([3, 4]))
    assert engine.to_state(3).to_json() == game.new_initial_state(seed=2**64 + 5).to_json()
    assert engine.to_state(4).to_json() == game.new_initial_state(seed=-(2**70)).to_json()


# --- games from positions, deals, saved states, samples ------------------------------------------------------------
def rules_md_examples(heading: str) -> list[dict]:
    """The JSON blocks and inline ``{"...": ...}`` examples of a RULES.md section (the ones that are JSON)."""
    text = open(os.path.join(ROOT, "envs", "politix", "RULES.md"), encoding="utf-8").read()
    section = text.split(heading, 1)[1].split("\n## ", 1)[0]
    blocks = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", section, re.S)]
    inline = []
    for b in re.findall(r"`(\{\".*?\})`", section, re.S):
        try:
            inline.append(json.loads(b.replace("\n", " ")))
        except json.JSONDecodeError:  # a form described, not an example: {"top": [...], "size": n}
            pass
    return blocks + inline


def test_positions_of_rules_md_and_of_random_states_load_and_play_on():
    game = PolitixGame(4)
    examples = rules_md_examples("## Positions")
    assert len(examples) >= 2, "RULES.md has the worked example and the short table"
    states = [game.state_from_position(pos, seed=s) for pos in examples for s in range(15)]
    for st in midgame(game, 40, 7):
        if not st.is_terminal():
            states.append(game.state_from_position(st.to_position(), seed=3))
    play_both(loaded(game, states), states, random.Random(3), every=2)


@pytest.mark.parametrize("n,options", SIZES)
def test_saved_states_mid_game_load_and_play_on_identically(n, options):
    """Saved states at every kind of point (mid-persuasion, over the hand limit, after a reshuffle, over), through
    JSON for half of them."""
    game = PolitixGame(n, **options)
    states = [game.state_from_json(json.loads(json.dumps(st.to_json()))) if g % 2 else st
              for g, st in enumerate(midgame(game, 30, n))]
    assert any(st.reshuffled is not None for st in states) and any(st.is_terminal() for st in states)
    play_both(loaded(game, states), states, random.Random(n), every=3)


def test_custom_deals_and_samples_load_and_play_on():
    game = PolitixGame(4)
    deal = rules_md_examples("## Custom deals")[0]
    states = [game.new_initial_state(seed=s, deal=deal) for s in range(10)]
    states += [game.new_initial_state(seed=s, deal={"discard": ["debate"] * 10, "action_deck_top": ["coffee"],
                                                    "turns": [3, 4], "start": 2}) for s in range(5)]
    five = PolitixGame(5)
    st = five.new_initial_state(seed=2)
    for _ in range(40):
        st.apply_unchecked(st.legal_actions()[-1])
    samples = [st.sample_hidden(p, random.Random(s)) for s in range(6) for p in range(5)]
    play_both(loaded(game, states), states, random.Random(4), every=3)
    play_both(loaded(five, samples), samples, random.Random(5), every=3)


@pytest.mark.parametrize("n,options", SIZES)
def test_engine_games_handed_to_python_mid_game_play_on_identically(n, options):
    game = PolitixGame(n, **options)
    engine, states = from_seeds(game, range(700, 730))
    rng = random.Random(n)
    for stop in (3, 40, 90):  # reshuffles, event draws and game ends happen on the way
        play_both(engine, states, rng, every=11, max_steps=stop)
        handed = [engine.to_state(k) for k in range(len(states))]
        for k, (st, twin) in enumerate(zip(handed, states)):
            assert st.to_json() == twin.to_json(), k  # every field, the RNG and the draw-pile record included
            assert np.array_equal(st.world, twin.world), k
        states = handed  # play on from the engine's copies: they must stay in step
    play_both(engine, states, rng, every=11)


def test_the_shared_comparison_harness_agrees():
    """``hustings.engine.parity.compare_with_rules`` (which also loads ``to_state`` back with ``from_state`` mid-game)."""
    from hustings.engine.parity import compare_with_rules
    from hustings.vector import engine_class

    assert engine_class("politix", "compiled") is BatchEngine
    for n, options in SIZES:
        assert compare_with_rules(BatchEngine, PolitixGame(n, **options), games=12, seed=n, every=9)["decisions"] > 0


# --- custom components ---------------------------------------------------------------------------------------------
def card(data, section, ident):
    return next(e for e in data[section] if e["id"] == ident)


def modified_cards() -> dict:
    """Changed skills, symbols, party and event modifiers, deck composition (int8 rows)."""
    data = components.shipped()
    card(data, "politicians", "sauli")["skills"] = {"debate": 3, "twist": -2, "charming": -1, "intimidation": 2}
    card(data, "politicians", "matti")["party"] = "left"
    card(data, "voter_groups", "farmers")["symbols"]["debate"] = 5
    card(data, "parties", "left")["group"] = None
    card(data, "parties", "right")["modifier"] = -2
    card(data, "events", "doping_scandal").update(method="debate", modifier=-3)
    card(data, "action_cards", "curfew")["count"] = 0
    card(data, "action_cards", "coffee")["count"] = 2
    card(data, "action_cards", "tax_cut").update(count=4, group="hippies", modifier=3)
    card(data, "action_cards", "gone_with_the_wind")["count"] = 9
    return data


def big_cards() -> dict:
    """A deck of hundreds of cards with stacked modifiers: numbers beyond int8 (int16 rows)."""
    data = components.shipped()
    for c in data["action_cards"]:
        c["count"] = 60 if c["kind"] in ("politicking", "wild", "special") else c["count"]
    card(data, "action_cards", "wealth_tax")["modifier"] = 3
    return data


def tiny_cards() -> dict:
    """The smallest deck there may be (24 cards: the six-player deal takes all of it; draws find nothing, PTX-A17)."""
    data = components.shipped()
    for c in data["action_cards"]:
        c["count"] = 0 if c["kind"] == "special" and c["id"] not in ("nuclear_power", "anarchist_agenda") else 1
    card(data, "action_cards", "debate")["count"] = 9
    card(data, "action_cards", "twist")["count"] = 7
    card(data, "action_cards", "charming")["count"] = 2
    return data


@pytest.mark.parametrize("cards,n,dtype", [(modified_cards, 4, np.int8), (modified_cards, 5, np.int8),
                                           (big_cards, 3, np.int16), (big_cards, 6, np.int16),
                                           (tiny_cards, 6, np.int8), (tiny_cards, 2, np.int8)])
def test_custom_components_play_as_the_rules_do(cards, n, dtype):
    data = cards()
    game = PolitixGame(n, components=data)
    engine, states = from_seeds(game, range(25))
    assert engine._st.dtype == dtype
    play_both(engine, states, random.Random(n), every=5)
    mid = midgame(game, 20, 9)
    play_both(loaded(game, mid), mid, random.Random(1), every=5)


# --- the interface ------------------------------------------------------------------------------------------------
def test_over_and_never_started_games_are_left_alone_and_show_zeros():
    game = PolitixGame(3)
    engine, states = from_seeds(game, range(4))
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
    fresh = BatchEngine(game, 3)
    fresh.reset(np.array([7]), envs=np.array([1]))
    assert fresh.player.tolist()[0] == -1 and fresh.player[1] >= 0 and fresh.player[2] == -1
    assert not fresh.terminated.any()
    fresh.observe_seat(np.zeros(3), obs[:3])
    world = np.ones((3, game.world_size), np.float32)
    fresh.global_observation(world)
    assert not obs[0].any() and obs[1].any() and not world[2].any() and world[1].any()
    with pytest.raises(ConfigError, match="never started"):
        fresh.to_state(0)


def test_bad_calls_are_clear_errors():
    game = PolitixGame(4)
    engine, _ = from_seeds(game, [1, 2])
    with pytest.raises(ConfigError, match="out must be"):
        engine.observe(np.zeros((2, 10), dtype=np.float32))
    with pytest.raises(ConfigError, match="out must be"):
        engine.legal_mask(np.zeros((2, game.num_actions), dtype=np.int64))
    with pytest.raises(ConfigError, match="seats"):
        engine.observe_seat(np.array([0, 4]), np.zeros((2, engine.observation_size), dtype=np.float32))
    with pytest.raises(ConfigError, match="expected a state of"):
        engine.from_state(0, PolitixGame(4, max_turns=9).new_initial_state(seed=0))
    with pytest.raises(ConfigError, match="one seed per game"):
        engine.reset(np.array([1, 2, 3]))
    with pytest.raises(ConfigError, match="envs must be"):
        engine.reset(np.array([1]), envs=np.array([2]))
    with pytest.raises(ConfigError, match="game 5"):
        engine.to_state(5)
    with pytest.raises(ConfigError, match="actions of shape"):
        engine.apply(np.zeros(3, np.int64))
    with pytest.raises(ConfigError, match="PolitixGame"):
        BatchEngine(object(), 2)
    with pytest.raises(ConfigError, match="num_envs"):
        BatchEngine(game, 0)
    st = game.new_initial_state(seed=1)
    st.hands[0][0] = 200  # beyond any reachable state (and the row's int8)
    with pytest.raises(StateFormatError, match="out of the range"):
        engine.from_state(0, st)


def test_random_actions_are_legal_and_reproducible():
    game = PolitixGame(6)
    engine, _ = from_seeds(game, range(64))
    mask = np.zeros((64, game.num_actions), dtype=np.int8)
    a, b = np.zeros(64, dtype=np.int64), np.zeros(64, dtype=np.int64)
    for step in range(300):
        engine.legal_mask(mask)
        engine.seed_random(step)
        engine.random_actions(mask, a)
        engine.seed_random(step)
        engine.random_actions(mask, b)
        assert np.array_equal(a, b)
        live = engine.player >= 0
        assert (mask[live, a[live]] == 1).all() and (a[~live] == -1).all()
        engine.apply(a)


def test_memory_stays_small_and_teams_are_the_parties():
    engine = BatchEngine(PolitixGame(6), 4096)
    arrays = [engine._st, engine._big, engine._mt, engine._cfg, engine.player, engine.terminated, engine.truncated,
              engine.scores, engine.returns, engine.winners]
    assert sum(a.nbytes for a in arrays) < 64 * 2**20
    assert engine.teams(0) == PolitixGame(6).new_initial_state(seed=0).teams() == [[0, 1], [2, 3], [4, 5]]
    assert BatchEngine(PolitixGame(6, teams_3v3=True), 1).teams(0) == [[0, 1, 2], [3, 4, 5]]
