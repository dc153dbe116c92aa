"""Politix search interface: fast ``clone()`` and information-set sampling (``sample_hidden``).

What a seat sees is its observation (its own hand, hand sizes, every public zone, its party's base support at 5
players) plus the public record of the draw pile since the last reshuffle; see RULES.md, "Information-set
sampling". The chi-square tests enumerate the consistent worlds of small constructed positions exactly.
"""
from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest

from hustings.bench.clone import midgame_states
from hustings.politix import PolitixGame
from hustings.politix.rules import EVENTS, GROUP_COUNT, KIND_COUNT, KINDS, NG, NK, PERSUADE

CONFIGS = [(2, {}), (3, {}), (4, {}), (5, {}), (6, {}), (6, {"teams_3v3": True})]
IDS = ["2p", "3p", "4p", "5p", "6p", "6p-3v3"]
FULL_VOTERS = list(GROUP_COUNT) + [1] * len(EVENTS)


# --- helpers -----------------------------------------------------------------------------------------------
def positions(game, seed: int, games: int = 3) -> list:
    """Per random game: a state before the first reshuffle of the action deck, one after it, and one with a
    persuasion in progress (where the game has them), plus a few states from ``hustings.bench.clone.midgame_states``."""
    rng = random.Random(seed)
    out = list(midgame_states(game, 3, seed))
    for _ in range(games):
        st = game.new_initial_state(seed=rng.randrange(1 << 30))
        seen = []
        while not st.is_terminal():
            seen.append(st.clone())
            legal = st.legal_actions()
            st.apply_unchecked(legal[rng.randrange(len(legal))])
        for pick in (lambda s: s.reshuffled is None, lambda s: s.reshuffled is not None, lambda s: s.phase == PERSUADE):
            chosen = [s for s in seen if pick(s)]
            if chosen:
                out.append(chosen[rng.randrange(len(chosen))])
    return out


def unknown_pool(st, player: int) -> list[int]:
    """Action cards per kind that ``player`` cannot place: the other hands and the draw pile."""
    pool = [0] * NK
    for k in st.deck:
        pool[k] += 1
    for q in range(st.n):
        if q != player:
            for k in range(NK):
                pool[k] += st.hands[q][k]
    return pool


def avail_for(st, player: int) -> list[int]:
    """Per kind, the most cards of it the draw pile can hold as far as ``player`` knows."""
    pool = unknown_pool(st, player)
    if st.reshuffled is None:
        return pool
    return [min(pool[k], st.reshuffled[k] - st.drawn[player][k]) for k in range(NK)]


HIDDEN_KEYS = {"hands", "action_deck", "voter_deck", "base_support", "drawn", "rng"}


def check_sample(st, sample, player: int) -> None:
    """Everything ``player`` knows is the same in ``sample``, and ``sample`` is a complete, consistent state."""
    assert np.array_equal(sample.observation(player), st.observation(player))
    if st.current_player() == player:
        assert sample.legal_actions() == st.legal_actions()
    assert sample.legal_actions(), "a sampled world must have a legal move"
    acts, voters = sample.card_totals()
    assert acts == list(KIND_COUNT) and voters == FULL_VOTERS
    assert sample.hand_size == [sum(h) for h in sample.hands] == st.hand_size
    assert sample.hands[player] == st.hands[player]
    kept = sample.world.copy()  # the world vector is what a rebuild from the Python state gives
    sample._rebuild_world()
    assert np.array_equal(kept, sample.world)
    a, b = st.to_json(), sample.to_json()
    for key in a:
        if key not in HIDDEN_KEYS:
            assert a[key] == b[key], key
    if not (st.game.has_base and st.party_of[player] != 0):
        assert a["base_support"] == b["base_support"]
    assert b["drawn"][player] == a["drawn"][player]
    assert [len(d) for d in b["drawn"]] == [len(d) for d in a["drawn"]]
    # the pile record still accounts for the pile, and the pile holds only what it can hold
    assert sample.reshuffled == st.reshuffled
    record = (sample.reshuffled, [d[:] for d in sample.drawn])
    sample._check_pile_record()
    assert (sample.reshuffled, sample.drawn) == record
    cap = avail_for(st, player)
    pile = Counter(sample.deck)
    assert all(pile[k] <= cap[k] for k in range(NK))
    c, kinds, need = st.persuader_need(player)
    if need:
        assert sum(sample.hands[c][k] for k in kinds) >= need


def hidden_part(st, player: int) -> tuple:
    return (tuple(tuple(h) for q, h in enumerate(st.hands) if q != player), tuple(st.deck))


def play_out(st, rng: random.Random) -> None:
    """Random legal moves (checked) to the end."""
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    acts, voters = st.card_totals()
    assert acts == list(KIND_COUNT) and voters == FULL_VOTERS


# --- sample_hidden over random mid-game states ------------------------------------------------------------
@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_sample_hidden_keeps_what_the_player_knows(n, opts):
    game = PolitixGame(n, **opts)
    rng = random.Random(100 + n)
    states = positions(game, seed=n)
    assert any(s.reshuffled is not None for s in states) and any(s.reshuffled is None for s in states)
    rich = varied = deck_rich = deck_varied = voters_rich = voters_varied = base_varied = 0
    for st in states:
        before = st.to_json()
        for p in range(n):
            samples = [st.sample_hidden(p, rng) for _ in range(4)]
            for sample in samples:
                check_sample(st, sample, p)
            assert st.to_json() == before  # the original is untouched
            pool = unknown_pool(st, p)
            if sum(pool) >= 6 and sum(1 for v in pool if v) >= 3:  # plenty hidden: the samples must differ
                rich += 1
                varied += any(hidden_part(s, p) != hidden_part(st, p) for s in samples)
            if len(st.deck) >= 3 and len(set(st.deck)) >= 2:  # future draws: not the real deck's order
                deck_rich += 1
                deck_varied += any(s.deck != st.deck for s in samples)
            if len(st.voter_deck) >= 3 and len(set(st.voter_deck)) >= 2:
                voters_rich += 1
                voters_varied += any(s.voter_deck != st.voter_deck for s in samples)
            if game.has_base and game.party_of[p] != 0:
                base_varied += any(s.base != st.base for s in samples)
            assert all(s.rng.getstate() != st.rng.getstate() for s in samples)  # a fresh RNG for future chance
            assert len({s.rng.getstate() for s in samples}) == len(samples)
    assert rich > 0 and varied == rich
    assert deck_rich > 0 and deck_varied == deck_rich
    assert voters_rich > 0 and voters_varied == voters_rich
    assert base_varied > 0 or not game.has_base


@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_play_from_a_sample_continues_legally_to_the_end(n, opts):
    game = PolitixGame(n, **opts)
    rng = random.Random(200 + n)
    for st in positions(game, seed=50 + n, games=2):
        before = st.to_json()
        for p in range(n):
            play_out(st.sample_hidden(p, rng), rng)
        assert st.to_json() == before


@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_sample_depends_only_on_the_players_information(n, opts):
    """Two states ``player`` cannot tell apart (the real one and a sample of it; with another game RNG) give the
    same sample from the same seed: the sampler reads neither the real hidden cards nor the real RNG."""
    game = PolitixGame(n, **opts)
    for st in positions(game, seed=70 + n, games=2):
        for p in range(n):
            other = st.sample_hidden(p, random.Random(p))
            other.rng = random.Random(12345)
            a = st.sample_hidden(p, random.Random(99)).to_json()
            b = other.sample_hidden(p, random.Random(99)).to_json()
            assert a == b


def test_persuader_keeps_the_cards_its_persuasion_needs():
    """While another seat persuades, its hand still reaches the power for one card (PTX-A7): every sample keeps
    that many politicking cards of the method and coffee and cake there, so the persuader can go on."""
    game = PolitixGame(4)
    rng = random.Random(3)
    checked = 0
    for st in positions(game, seed=9, games=8):
        if st.phase != PERSUADE:
            continue
        for p in range(4):
            c, kinds, need = st.persuader_need(p)
            assert c == st.cur and (need == 0 or p != st.cur)
            for _ in range(5):
                s = st.sample_hidden(p, rng)
                assert sum(s.hands[c][k] for k in kinds) >= need
                assert s.legal_actions()
            checked += need > 0
    assert checked > 0


# --- clone ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_clone_is_independent_and_plays_on_identically(n, opts):
    game = PolitixGame(n, **opts)
    for i, st in enumerate(positions(game, seed=30 + n, games=2)):
        before = st.to_json()
        a, b = st.clone(), st.clone()
        assert a.to_json() == before and b.to_json() == before
        assert np.array_equal(a.world, st.world) and a.world is not st.world
        actions, rng = [], random.Random(i)
        while not a.is_terminal():  # play the clone to the end (through reshuffles)
            legal = a.legal_actions()
            actions.append(legal[rng.randrange(len(legal))])
            a.apply_action(actions[-1])
        assert st.to_json() == before  # the original is unchanged
        assert b.to_json() == before  # and so is the other clone
        for x in actions:  # then the original, then the other clone, with the same actions: the same game
            st.apply_action(x)
        for x in actions:
            b.apply_action(x)
        assert st.to_json() == a.to_json() == b.to_json()
        assert a.rng is not st.rng and st.rng is not b.rng


def test_clone_rng_is_copied_on_first_use():
    """clone() shares the game RNG copy-on-write: whichever side draws from it first gets a private copy."""
    st = PolitixGame(3).new_initial_state(seed=4)
    start = st.rng.getstate()
    c = st.clone()
    assert c.rng.getstate() == start
    first = c.rng.random()  # the clone draws: the original's RNG stays where it was
    assert st.rng.getstate() == start and c.rng.getstate() != start
    d = st.clone()
    assert st.rng.random() == first  # the original draws the same number, from its own copy
    assert d.rng.getstate() == start  # and the later clone still starts where the original was cloned
    assert d.rng.random() == first


# --- the public record of the draw pile ----------------------------------------------------------------------
def test_pile_record_round_trips_and_is_dropped_when_it_does_not_fit():
    game = PolitixGame(4)
    st = next(s for s in positions(game, seed=5) if s.reshuffled is not None)
    data = st.to_json()
    back = game.state_from_json(data)
    assert back.reshuffled == st.reshuffled and back.drawn == st.drawn and back.to_json() == data
    assert (back.sample_hidden(1, random.Random(4)).to_json() == st.sample_hidden(1, random.Random(4)).to_json())
    old = dict(data)  # a save from before the record existed loads (and samples) without it
    del old["reshuffled"], old["drawn"]
    loaded = game.state_from_json(old)
    assert loaded.reshuffled is None and loaded.drawn == [[0] * NK for _ in range(4)]
    check_sample(loaded, loaded.sample_hidden(0, random.Random(1)), 0)
    edited = dict(data)  # the pile's cards swapped with a hand: the record no longer accounts for the pile
    hands = [list(h) for h in data["hands"]]
    deck = list(data["action_deck"])
    i = next(i for i, k in enumerate(deck) if k not in hands[1])
    hands[1][0], deck[i] = deck[i], hands[1][0]
    edited["hands"], edited["action_deck"] = hands, deck
    assert game.state_from_json(edited).reshuffled is None


def test_draws_after_a_reshuffle_are_recorded():
    game = PolitixGame(2)
    st = game.new_initial_state(seed=0, deal={"politicians": ["sauli", "tarja"], "start": 0})
    data = st.to_json()
    data["discard"] = data["action_deck"][:-1]
    data["action_deck"] = data["action_deck"][-1:]
    st = game.state_from_json(data)
    pile = Counter(data["discard"])
    st.apply_action(0)  # draw 3: one from the old pile, then the discard pile is reshuffled and two come from it
    assert st.reshuffled == tuple(pile[k] for k in KINDS)
    assert sum(st.drawn[0]) == 2 and sum(st.drawn[1]) == 0
    assert Counter(st.deck) == +Counter({k: st.reshuffled[k] - st.drawn[0][k] for k in range(NK)})
    st.apply_action(0)  # seat 1 draws 3 from the reshuffled pile: recorded too
    assert sum(st.drawn[1]) == 3
    assert Counter(st.deck) == +Counter({k: st.reshuffled[k] - st.drawn[0][k] - st.drawn[1][k] for k in range(NK)})


# --- exact uniformity on small constructed positions ------------------------------------------------------
def build(n, politicians, hands, beside, deck, cur, phase="start", persuasion=None, reshuffled=None, drawn=None,
          deal=None):
    """A position with the given action cards (the rest in the discard pile) and the voter side of ``deal``."""
    game = PolitixGame(n)
    d = game.new_initial_state(seed=0, deal={"politicians": politicians, "start": cur, **(deal or {})}).to_json()
    d["hands"], d["beside"], d["action_deck"] = hands, beside, deck
    used = Counter(c for zone in hands + beside + [deck] for c in zone)
    d["discard"] = [k for i, k in enumerate(KINDS) for _ in range(KIND_COUNT[i] - used[k])]
    d["current"], d["phase"], d["persuasion"] = cur, phase, persuasion
    d["reshuffled"], d["drawn"] = reshuffled, drawn or [[] for _ in range(n)]
    st = game.state_from_json(d)
    assert st.reshuffled == (None if reshuffled is None else tuple(Counter(reshuffled)[k] for k in KINDS))
    return st


TABLE = {"table": ["white_collar"] * 2 + ["farmers"] * 3 + ["hippies"] * 3}
WHITE_BY_DEBATE = {"group": "white_collar", "method": "debate"}  # 4 symbols; Tarja's debate skill is +1


def position_a(persuading: bool):
    """3 players, no reshuffle yet; seat 0 observes; 7 unknown cards: seat 1 holds 3, seat 2 two, the pile two.
    Persuading, seat 1 has played one debate card (power 2 of 4): it still holds >= 2 debate / coffee cards."""
    return build(3, ["sauli", "tarja", "matti"], [["burnout"], ["debate", "twist", "coffee"], ["twist", "charming"]],
                 [[], [], []], ["debate", "burnout"], 1 if persuading else 0, "persuade" if persuading else "start",
                 {**WHITE_BY_DEBATE, "played": 1, "power": 2} if persuading else None, deal=TABLE)


def position_b(persuading: bool):
    """3 players after a reshuffle of 7 cards (2 debate, coffee, 2 Burnout, twist, charming). Seat 0 (observing)
    drew the twist; seat 1 drew two and has played a Burnout onto seat 0; seat 2 drew two; 2 are left in the pile.
    The 7 unknown cards are 2 debate, coffee, Burnout, charming, twist, intimidation: the pile can hold no twist
    (seat 0 drew the reshuffled one), no intimidation (never reshuffled) and only one Burnout (one is out), a
    binding cap. Persuading (power 3 of 4 after two cards), seat 1 still holds >= 1 debate / coffee card."""
    return build(3, ["sauli", "tarja", "matti"], [["twist", "debate"], ["debate", "intimidation"],
                                                  ["coffee", "charming", "twist"]],
                 [["burnout"], [], []], ["debate", "burnout"], 1 if persuading else 0,
                 "persuade" if persuading else "start", {**WHITE_BY_DEBATE, "played": 2, "power": 3} if persuading
                 else None, reshuffled=["debate", "debate", "coffee", "burnout", "burnout", "twist", "charming"],
                 drawn=[["twist"], ["debate", "burnout"], ["coffee", "charming"]], deal=TABLE)


def position_c():
    """5 players near the end: the voter deck holds 2 group cards and the last event; with the 6 base-support
    cards that is 8 group cards (3 farmers, 2 hippies, 2 youth, 1 blondes) the second party cannot place."""
    col0 = {"farmers": 2, "white_collar": 2, "blue_collar": 1, "hippies": 3, "blondes": 3, "youth": 2}
    col1 = {"farmers": 2, "white_collar": 1, "blue_collar": 2, "hippies": 2, "blondes": 3, "youth": 3}
    deal = {"table": ["white_collar"] * 4 + ["blue_collar"] * 4, "events": list(EVENTS[:3]),
            "collected": [col0, col1], "base_support": ["farmers", "farmers", "hippies", "youth", "youth", "blondes"]}
    st = PolitixGame(5).new_initial_state(seed=0, deal={"start": 0, **deal})
    assert sorted(st.voter_deck) == [0, 3, NG + 3]
    return st


def action_worlds(st, player: int) -> Counter:
    """Every consistent world (pile order, other hands) weighted by its number of physical arrangements in the
    sampling model (RULES.md): the pile an ordered set of the reshuffled cards ``player`` did not draw (all
    unknown cards before any reshuffle) that the unknown cards can supply; the other unknown cards arranged over
    the other hands in every order; the persuader's minimum held. Enumerated by brute force."""
    others = [q for q in range(st.n) if q != player]
    pool = unknown_pool(st, player)
    avail = pool if st.reshuffled is None else [st.reshuffled[k] - st.drawn[player][k] for k in range(NK)]
    cards = [k for k in range(NK) for _ in range(avail[k])]
    c, kinds, need = st.persuader_need(player)
    out = Counter()
    for idx in itertools.permutations(range(len(cards)), len(st.deck)):
        deck = tuple(cards[i] for i in idx)
        x = Counter(deck)
        if any(x[k] > pool[k] for k in x):
            continue
        rest = [k for k in range(NK) for _ in range(pool[k] - x[k])]
        for perm in itertools.permutations(rest):
            hands, i = {}, 0
            for q in others:
                h = [0] * NK
                for k in perm[i:i + st.hand_size[q]]:
                    h[k] += 1
                hands[q], i = tuple(h), i + st.hand_size[q]
            if need and sum(hands[c][k] for k in kinds) < need:
                continue
            out[(deck, tuple(hands[q] for q in others))] += 1
    return out


def voter_worlds(st) -> Counter:
    """(base support, voter deck order) for a second-party observer: every 6-subset of the unknown group cards as
    the base, the rest with the events in every order; all physical arrangements equally likely."""
    groups = [g for g in st.voter_deck if g < NG] + [g for g in range(NG) for _ in range(st.base[g])]
    events = [v for v in st.voter_deck if v >= NG]
    out = Counter()
    for chosen in itertools.combinations(range(len(groups)), sum(st.base)):
        base = [0] * NG
        for i in chosen:
            base[groups[i]] += 1
        rest = [groups[i] for i in range(len(groups)) if i not in chosen] + events
        for perm in itertools.permutations(rest):
            out[(tuple(base), tuple(perm))] += 1
    return out


def chi_square_critical(df: int, z: float = 3.0902) -> float:
    """The chi-square quantile at 1 - 0.001 (z = 3.0902), by the Wilson-Hilferty approximation (good to ~1% for
    df >= 3): df (1 - 2/(9 df) + z sqrt(2/(9 df)))^3."""
    a = 2.0 / (9.0 * df)
    return df * (1.0 - a + z * math.sqrt(a)) ** 3


def assert_matches(expected: Counter, observed: Counter, samples: int) -> None:
    assert set(observed) <= set(expected), f"inconsistent worlds sampled: {set(observed) - set(expected)}"
    total = sum(expected.values())
    stat = sum((observed[w] - samples * c / total) ** 2 / (samples * c / total) for w, c in expected.items())
    assert min(samples * c / total for c in expected.values()) >= 5  # the chi-square approximation holds
    crit = chi_square_critical(len(expected) - 1)
    assert stat < crit, f"chi-square {stat:.1f} >= {crit:.1f} over {len(expected)} worlds"


@pytest.mark.parametrize("make, samples", [
    (lambda: position_a(True), 6000), (lambda: position_a(False), 6000),
    (lambda: position_b(True), 6000), (lambda: position_b(False), 6000)],
    ids=["no-reshuffle-persuading", "no-reshuffle", "reshuffled-persuading", "reshuffled"])
def test_action_cards_are_sampled_exactly(make, samples):
    st = make()
    expected = action_worlds(st, 0)
    rng = random.Random(2024)
    observed = Counter()
    others = [q for q in range(st.n) if q != 0]
    for _ in range(samples):
        s = st.sample_hidden(0, rng)
        observed[(tuple(s.deck), tuple(tuple(s.hands[q]) for q in others))] += 1
        if st.reshuffled is not None:  # the others drew between them what the pile and seat 0 do not hold
            got = Counter()
            for q in others:
                got.update({k: s.drawn[q][k] for k in range(NK)})
            left = Counter({k: st.reshuffled[k] - st.drawn[0][k] for k in range(NK)}) - Counter(s.deck)
            assert +got == +left and [sum(s.drawn[q]) for q in others] == [sum(st.drawn[q]) for q in others]
    assert len(expected) > 3
    assert_matches(expected, observed, samples)


def test_position_b_excludes_what_the_pile_cannot_hold():
    st = position_b(False)
    worlds = action_worlds(st, 0)
    assert all(KINDS.index("twist") not in deck and KINDS.index("intimidation") not in deck
               and deck.count(KINDS.index("burnout")) <= 1 for deck, _ in worlds)
    rng = random.Random(7)
    for _ in range(300):
        deck = st.sample_hidden(0, rng).deck
        assert KINDS.index("twist") not in deck and KINDS.index("intimidation") not in deck
        assert deck.count(KINDS.index("burnout")) <= 1


def test_base_support_is_sampled_exactly_for_the_second_party():
    st = position_c()
    expected = voter_worlds(st)
    rng = random.Random(11)
    observed = Counter()
    samples = 6000
    for _ in range(samples):
        s = st.sample_hidden(3, rng)
        observed[(tuple(s.base), tuple(s.voter_deck))] += 1
    assert len(expected) > 20
    assert_matches(expected, observed, samples)
    for p in (0, 1):  # the first party knows its base support: only the deck's order is drawn
        for _ in range(20):
            s = st.sample_hidden(p, rng)
            assert s.base == st.base and sorted(s.voter_deck) == sorted(st.voter_deck)
