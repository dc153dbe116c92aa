"""The perfect-information bound (tools/ceiling.py): its search sees the real cards, not a sample."""
from __future__ import annotations

import random

import pytest

import hustings
from helpers import tool
from hustings.evaluation import evaluate as ev

ceiling_mod = tool("ceiling")


def _midgame(seed: int = 3):
    st = hustings.game_module("politrickers").raw_env.game_class(4).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(7):
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    return st


def test_reveal_shows_every_card_and_keeps_the_future_unknown():
    st = _midgame()
    me = st.current_player()
    world = ceiling_mod.reveal(st, me, random.Random(1))
    assert world.hands == st.hands and world.hidden == st.hidden and world.leftovers == st.leftovers
    sample = st.sample_hidden(me, random.Random(1))
    assert sample.hands != st.hands  # what a fair search would see instead
    assert world.rng is not st.rng and world.rng.random() != st.clone().rng.random()
    world.apply_action(world.legal_actions()[0])
    assert st.hands != world.hands or st.current_player() != world.current_player()  # a copy, not the game


def test_ceiling_search_sees_the_real_position_and_restores_the_builder(monkeypatch):
    seen, reveal = [], ceiling_mod.reveal

    def spy(state, player, rng):
        world = reveal(state, player, rng)
        seen.append(world.hands == state.hands)
        return world
    monkeypatch.setattr(ceiling_mod, "reveal", spy)
    build = ev.build_bot
    res = ceiling_mod.ceiling("politrickers", 4, seed=2, spec="ismcts:iters=8", progress=False)
    assert ev.build_bot is build
    assert res["games"] == 4 and "ismcts:iters=8" in res["bots"]
    assert seen and all(seen)


def test_ceiling_refuses_a_search_other_than_ismcts():
    with pytest.raises(hustings.ConfigError, match="must be an ismcts SPEC, got 'pimc'"):
        ceiling_mod.ceiling("politrickers", 4, spec="pimc")


def _democracy_mid_trick(seed: int = 5):
    """A Democracy position where at least two other seats have committed to the current trick."""
    st = hustings.game_module("democracy").raw_env.game_class(4).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while sum(1 for q in range(4) if st.plays[q] >= 0 and q != st.current_player()) < 2:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    return st


def test_democracy_bound_sees_the_hands_but_not_the_commitments_or_the_future():
    st = _democracy_mid_trick()
    me = st.current_player()
    committed = [q for q in range(4) if q != me and st.plays[q] >= 0]
    seen_plays, seen_future = set(), set()
    for i in range(40):
        world = st.reveal_hands(me, random.Random(i))
        assert (world.observation(me) == st.observation(me)).all()  # the searcher's own view is the real one
        for q in range(4):
            if q == me or q not in committed:
                assert world.hands[q] == st.hands[q] and world.plays[q] == st.plays[q]
            else:  # the seat's cards are the real ones; which of them it committed is drawn
                held, real = world.hands[q][:], st.hands[q][:]
                held[world.plays[q]] += 1
                real[st.plays[q]] += 1
                assert held == real
        t = st.trick + 1
        assert world.pool[:t] == st.pool[:t]
        assert sorted(world.pool[t:] + world.stub + world.unseen_discards) == \
            sorted(st.pool[t:] + st.stub + st.unseen_discards)
        seen_plays.add(tuple(world.plays))
        seen_future.add(tuple(world.pool[t:] + world.stub))
        world.apply_action(world.legal_actions()[0])  # a playable copy
    assert len(seen_plays) > 1 and len(seen_future) > 1


def test_the_ceiling_uses_the_democracy_sampler(monkeypatch):
    used = []
    state_class = type(_democracy_mid_trick())
    monkeypatch.setattr(state_class, "reveal_hands", lambda s, p, r: used.append(1) or ceiling_mod.reveal(s, p, r))
    ceiling_mod.ceiling("democracy", 4, seed=2, spec="ismcts:iters=4", progress=False)
    assert used
