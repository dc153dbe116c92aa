"""A deal whose random numbers run over the end of the Mersenne Twister's 624 words: the shuffle draws 10 words,
the generator refills its words (the twist), and the shuffle draws 40 more. The rules module and the compiled engine
deal the same cards from there, and the deal is the one CPython's random.shuffle gives (written out below, so a
change to either side's handling of the refill fails here)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from hustings.politrickers.rules import PolitrickersGame

# the deal of round 1 below: four hands of 9 (card ids, sorted) and the leftover card
HANDS = [[1, 3, 4, 7, 17, 22, 25, 33, 43], [5, 10, 11, 21, 23, 24, 30, 34, 40],
         [0, 2, 13, 27, 32, 35, 36, 42, 44], [12, 14, 15, 16, 20, 26, 31, 37, 41]]
LEFTOVERS = [6]
POSITION = 614  # the generator's position in its 624 words as round 1 is dealt: 10 words left before the refill


def before_the_deal():
    """Round 0 played to its last move (seed 7, moves from random.Random(0)), the generator set to word 614; and that
    last move, which deals round 1."""
    game = PolitrickersGame(4)
    st = game.new_initial_state(seed=7)
    pick = random.Random(0)
    while True:
        action = pick.choice(st.legal_actions())
        after = st.clone()
        after.apply_action(action)
        if after.round > st.round:
            break
        st = after
    saved = st.to_json()
    saved["rng"][1][624] = POSITION
    return game, game.state_from_json(saved), action


def test_the_rules_deal_across_the_refill_is_cpythons_shuffle():
    game, st, action = before_the_deal()
    st.apply_action(action)
    assert st.round == 1 and st.hands == HANDS and st.leftovers == LEFTOVERS
    words = st.to_json()["rng"][1][624]
    assert words == 40  # 10 draws before the refill and 40 after it: the refill came in the middle of the deal
    deck = list(game.deck)  # the same as random.shuffle from the same generator state
    rng = random.Random()
    version, internal, gauss = before_the_deal()[1].to_json()["rng"]
    rng.setstate((version, tuple(internal), gauss))
    rng.shuffle(deck)
    assert [sorted(deck[i * 9:(i + 1) * 9]) for i in range(4)] == HANDS and deck[36:] == LEFTOVERS


def test_the_compiled_engine_deals_the_same_across_the_refill():
    pytest.importorskip("numba")
    from hustings.politrickers.engine import BatchEngine

    game, st, action = before_the_deal()
    engine = BatchEngine(game, 3)
    for k in range(3):  # the same game in every row: each row's generator refills on its own
        engine.from_state(k, st)
    engine.apply(np.full(3, action, dtype=np.int64))
    rules = st.clone()
    rules.apply_action(action)
    for k in range(3):
        dealt = engine.to_state(k)
        assert dealt.hands == HANDS and dealt.leftovers == LEFTOVERS
        assert dealt.to_json() == rules.to_json()  # the generator too: its refilled words and its position (40)
