"""The search's world samplers: ``State.world_sampler(p)`` draws the very worlds ``sample_hidden`` draws (the
position's work done once), and each card game's compiled sampler (``sampling=compiled``) draws worlds that seat ``p``
cannot tell from the real game, deterministically per seed, with the Python sampler's distribution (Politrickers'
exact uniformity over the consistent worlds is checked in its own tests, for both samplers)."""
from __future__ import annotations

import random

import numpy as np
import pytest

from hustings import registry
from hustings.bots.search import ISMCTSBot, compiled_sampler
from hustings.engine import engine_module
from hustings.errors import ConfigError
from hustings.testing import random_midgame

SAMPLED = [("democracy", 2), ("democracy", 4), ("democracy", 6), ("politrickers", 3), ("politrickers", 5),
           ("politix", 2), ("politix", 4), ("politix", 5), ("politix", 6), ("prime_minister", 3)]
COMPILED = [(g, n) for g, n in SAMPLED if g != "prime_minister"]


def positions(game_name: str, n: int, count: int, seed: int) -> list:
    game = registry.make_game(game_name, n)
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        st = random_midgame(game, rng.randrange(1 << 30), rng, 0, 250)
        if not st.is_terminal():
            out.append(st)
    return out


@pytest.mark.parametrize("game_name,n", SAMPLED)
def test_world_sampler_draws_what_sample_hidden_draws(game_name, n):
    for i, st in enumerate(positions(game_name, n, 6, seed=n)):
        before = st.to_json()
        for p in range(n):
            sampler = st.world_sampler(p)
            a, b = random.Random(i * 10 + p), random.Random(i * 10 + p)
            for _ in range(3):
                x, y = st.sample_hidden(p, a), sampler.draw(b)
                assert x.to_json() == y.to_json()
                assert np.array_equal(x.global_observation(), y.global_observation())
            assert a.random() == b.random()  # the same random numbers used, no more
        assert st.to_json() == before


def _kind_counts(game_name: str, st, seat: int) -> list:
    """What a world deals seat ``seat``, as counts per card (kind)."""
    if game_name == "politrickers":
        out = [0] * st.game.num_actions
        for c in st.hands[seat]:
            out[c] += 1
        return out
    return list(st.hands[seat])


@pytest.mark.parametrize("game_name,n", COMPILED)
def test_compiled_worlds_are_indistinguishable_and_deterministic(game_name, n):
    cls = engine_module(game_name).CompiledSampler
    for st in positions(game_name, n, 5, seed=100 + n):
        for p in range(n):
            first = [cls(st, p, 7).draw(random.Random(1)) for _ in range(1)]
            again = cls(st, p, 7).draw(random.Random(1))
            assert first[0].to_json() == again.to_json()  # the same seed, the same world
            sampler = cls(st, p, 8)
            for _ in range(3):
                w = sampler.draw(random.Random(2))
                assert np.array_equal(w.observation(p), st.observation(p))
                assert w.current_player() == st.current_player()
                if st.current_player() == p:
                    assert w.legal_actions() == st.legal_actions()
                assert _kind_counts(game_name, w, p) == _kind_counts(game_name, st, p)
                clone = registry.make_game(game_name, n).state_from_json(w.to_json())  # a whole, loadable state
                assert np.array_equal(clone.world, w.world)


@pytest.mark.parametrize("game_name,n", [("democracy", 4), ("politix", 4), ("politix", 5), ("politrickers", 4)])
def test_compiled_worlds_have_the_python_samplers_distribution(game_name, n):
    """The mean of every (seat, card) count the two samplers deal agree within 5 standard errors."""
    cls = engine_module(game_name).CompiledSampler
    draws = 1500
    for st in positions(game_name, n, 2, seed=200 + n):
        p = st.current_player()
        seats = [q for q in range(n) if q != p]
        python, compiled = st.world_sampler(p), cls(st, p, 5)
        rng = random.Random(3)
        sums = {}
        for name, sampler in (("python", python), ("compiled", compiled)):
            rows = np.array([[c for q in seats for c in _kind_counts(game_name, sampler.draw(rng), q)]
                             for _ in range(draws)], dtype=float)
            sums[name] = (rows.mean(axis=0), rows.var(axis=0))
        (m1, v1), (m2, v2) = sums["python"], sums["compiled"]
        se = np.sqrt((v1 + v2) / draws) + 1e-12
        z = np.abs(m1 - m2) / se
        assert z.max() < 5, (game_name, float(z.max()))
        assert (v1 > 0).any()  # the hands do vary


def test_search_sampling_option():
    state = registry.make_game("politrickers", 4).new_initial_state(seed=3)
    me = state.current_player()
    # python: the worlds of sample_hidden, drawn once per position (the same search as a per-world sampler)
    plain = ISMCTSBot("politrickers", iterations=60, seed=5, backend="python")
    per_world = ISMCTSBot("politrickers", iterations=60, seed=5, backend="python",
                          sampler=lambda s, p, r: s.sample_hidden(p, r))
    assert plain.act(state, me) == per_world.act(state, me)
    assert plain.visit_counts() == per_world.visit_counts()
    # compiled: deterministic per seed
    a = ISMCTSBot("politrickers", iterations=60, seed=5, sampling="compiled")
    b = ISMCTSBot("politrickers", iterations=60, seed=5, sampling="compiled")
    assert a.act(state, me) == b.act(state, me) and a.visit_counts() == b.visit_counts()
    # a game without a compiled sampler: compiled is an error naming it, auto the Python sampler
    with pytest.raises(ConfigError, match="sampling=compiled"):
        ISMCTSBot("prime_minister", iterations=5, sampling="compiled")
    assert compiled_sampler("prime_minister", "auto") is None
    assert compiled_sampler("democracy", "auto") is engine_module("democracy").CompiledSampler
    with pytest.raises(ConfigError, match="sampling"):
        ISMCTSBot("democracy", iterations=5, sampling="numba")
