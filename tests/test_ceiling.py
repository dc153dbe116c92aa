"""The perfect-information bound (hustings.training.ceiling): its search sees the real cards, not a sample."""
from __future__ import annotations

import random

import pytest

import hustings
from hustings.training import ceiling as ceiling_mod
from hustings.training import evaluate as ev


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
