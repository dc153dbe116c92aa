"""Democracy fuzz: thousands of mutated saved states, positions and deals (a key deleted, a value made
out of range, negative, huge, of the wrong type or None, a card duplicated, dropped or moved, two fields
swapped). Each must either be refused with a HustingsError, or load and play on with random legal actions to a
legal end with every invariant intact (every card once, scores in range, the end matching the tribes, the state
saving and reloading to itself). Any other exception fails. Seeded, so every run checks the same cases."""
from __future__ import annotations

import copy
import json
import random
import time

import hustings
from hustings.core import HustingsError
from hustings.democracy import DemocracyGame, card_name
from hustings.democracy.checks import check_state
from hustings.democracy.positions import to_position
from hustings.democracy.rules import NUM_KINDS, TRIBES_TO_WIN, deck

CASES = 2000  # mutated saved states; and as many positions and as many deals
WEIRD = [-1, -2, -(2 ** 63), 2 ** 63, 10 ** 9, 999, 0, 1, 2, 3, 4, 5, 6, 12, 48, 49, None, "x", "", "5S", "JOKER",
         "2S", 3.5, -0.0, True, False, [], {}, [None], ["5S"], [[]], {"a": 1}, [0, 0, 0, 0]]
CARD_NAMES = [card_name(c) for c in range(NUM_KINDS)] + ["2S", "5s", " 10H"]


# --- generic mutation of JSON-like data ---------------------------------------------------------------
def _paths(obj, prefix=()):
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield prefix + (k,)
            if k != "rng":  # the 625 ints of the RNG state would swamp the rest; mutated whole instead
                yield from _paths(v, prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


def _get(obj, path):
    for k in path:
        obj = obj[k]
    return obj


def mutate(data, rng: random.Random):
    """One random mutation of ``data`` in place (it may also replace the whole thing: the result is returned)."""
    paths = list(_paths(data))
    if not paths or rng.random() < 0.01:
        return rng.choice(WEIRD)
    path = rng.choice(paths)
    parent, key = _get(data, path[:-1]), path[-1]
    value = parent[key]
    op = rng.choice(["delete", "weird", "weird", "card", "dup", "swap", "int", "int", "move"])
    if op == "delete":
        del parent[key]
    elif op == "weird":
        parent[key] = copy.deepcopy(rng.choice(WEIRD))
    elif op == "card":
        parent[key] = rng.choice(CARD_NAMES)
    elif op == "dup" and isinstance(parent, list):
        parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(value))
    elif op == "int" and type(value) is int:
        parent[key] = value + rng.choice([-1, 1, -2, 2, 5, -5, 40])
    elif op == "move":  # a card from one list to another: the deck is conserved, the places change
        lists = [p for p in paths if isinstance(_get(data, p), list) and p[:1] != ("rng",)]
        src = [p for p in lists if _get(data, p) and all(isinstance(x, str) for x in _get(data, p))]
        if src and lists:
            a, b = rng.choice(src), rng.choice(lists)
            from_list, to_list = _get(data, a), _get(data, b)
            if from_list is not to_list:
                to_list.append(from_list.pop(rng.randrange(len(from_list))))
    else:  # swap two fields or entries (neither inside the other)
        other = rng.choice(paths)
        if other[:len(path)] != path and path[:len(other)] != other:
            other_parent = _get(data, other[:-1])
            parent[key], other_parent[other[-1]] = other_parent[other[-1]], value
    return data


# --- the outcome of one case ----------------------------------------------------------------------------
def play_on(st, rng: random.Random, whole_game: bool) -> bool:
    """Random legal play to the end of the island (or of the game), checking the invariants as it goes."""
    check_state(st)
    start = st.score_version
    steps = 0
    while not st.is_terminal() and (whole_game or st.score_version == start):
        legal = st.legal_actions()
        assert legal and all(st.is_legal(a) for a in legal)
        st.apply_action(legal[int(rng.random() * len(legal))])
        steps += 1
        if steps % 7 == 0:
            st._check_consistent()
        assert steps < 20_000
    check_state(st)
    assert all(0 <= t <= 2 * (TRIBES_TO_WIN - 1) for t in st.tribes)
    if st.is_terminal():
        if st.truncated:
            assert st.winners() == []
        else:
            assert st.winners() and all(st.tribes[p] == max(st.tribes) >= TRIBES_TO_WIN for p in st.winners())
    saved = st.to_json()
    assert st.game.state_from_json(json.loads(json.dumps(saved))).to_json() == saved
    return st.is_terminal()


def outcome(build, rng: random.Random, whole_game: bool) -> str:
    try:
        st = build()
    except HustingsError:
        return "refused"
    return "ended" if play_on(st, rng, whole_game) else "played"


# --- the base material --------------------------------------------------------------------------------
GAMES = {(n, cap): DemocracyGame(n, max_islands=cap) for n in (2, 3, 4, 5, 6) for cap in (40, 2)}


def base_states(seed: int):
    """States from random games at every kind of point: openings, mid-trick, second days, ends (won and
    truncated at max_islands=2)."""
    rng = random.Random(seed)
    out = []
    for (n, cap), game in GAMES.items():
        for g in range(2):
            st = game.new_initial_state(seed=seed * 100 + n * 10 + g)
            while True:
                if rng.random() < 0.04 or st.is_terminal():
                    out.append(st.clone())
                if st.is_terminal():
                    break
                legal = st.legal_actions()
                st.apply_action(legal[rng.randrange(len(legal))])
    return out


def random_deal(game, rng: random.Random) -> dict:
    n, (h1, h2) = game.num_players, game.hand_size
    cards = [card_name(c) for c in deck(n)]
    rng.shuffle(cards)
    deal = {"hands": [cards[i * h1:(i + 1) * h1] for i in range(n)], "pool": cards[n * h1:(n + 1) * h1]}
    if rng.random() < 0.5:
        deal["dealer"] = rng.randrange(n)
    if rng.random() < 0.5:
        deal["tribes"] = [rng.randrange(TRIBES_TO_WIN) for _ in range(n)]
    if rng.random() < 0.5:
        rest = cards[(n + 1) * h1:]
        deal["second_day"] = {"hands": [rest[i * h2:(i + 1) * h2] for i in range(n)],
                              "pool": rest[n * h2:(n + 1) * h2]}
    return deal


# --- the tests ------------------------------------------------------------------------------------------
def test_mutated_saved_states_are_refused_or_play_on_legally():
    start = time.perf_counter()
    rng = random.Random(2026)
    states = base_states(1)
    counts = {"refused": 0, "played": 0, "ended": 0}
    for i in range(CASES):
        st = rng.choice(states)
        game = st.game
        data = json.loads(json.dumps(st.to_json()))
        for _ in range(1 + (rng.random() < 0.2)):
            data = mutate(data, rng)
        if i % 4 == 0:  # through the env: the wrapper and the event log are mutated too
            env = hustings.make("democracy", num_players=game.num_players,
                                max_islands=game.options["max_islands"])
            wrapper = {"format": "hustings-state", "version": 1, "config": game.config(), "state": data,
                       "events": st.events_to_json()}
            if rng.random() < 0.3:
                wrapper = mutate(wrapper, rng)

            def build(env=env, wrapper=wrapper):
                env.load_state(wrapper)
                return env.game_state
        else:
            def build(game=game, data=data):
                return game.state_from_json(data)
        counts[outcome(build, rng, whole_game=i % 10 == 0)] += 1
    elapsed = time.perf_counter() - start
    loaded = counts["played"] + counts["ended"]
    assert counts["refused"] > CASES // 2 and loaded > CASES // 25 and counts["ended"] > 10, counts
    assert elapsed < 60, f"{elapsed:.1f} s"


def test_mutated_positions_and_deals_are_refused_or_play_on_legally():
    start = time.perf_counter()
    rng = random.Random(16)
    positions = [(st.game, to_position(st)) for st in base_states(2) if not st.is_terminal()]
    counts = {"refused": 0, "played": 0, "ended": 0}
    for i in range(2 * CASES):
        if i % 2:
            game, pos = rng.choice(positions)
            pos = copy.deepcopy(pos)
            for key in list(pos):  # leave some fields out: drawn from the seed
                if rng.random() < 0.15:
                    del pos[key]
            for _ in range(1 + (rng.random() < 0.2)):
                pos = mutate(pos, rng)

            def build(game=game, pos=pos, seed=i):
                return game.state_from_position(pos, seed=seed)
        else:
            game = GAMES[(rng.randrange(2, 7), 40)]
            deal = random_deal(game, rng)
            for _ in range(1 + (rng.random() < 0.2)):
                deal = mutate(deal, rng)

            def build(game=game, deal=deal, seed=i):
                return game.new_initial_state(seed=seed, deal=deal)
        counts[outcome(build, rng, whole_game=i % 10 == 0)] += 1
    elapsed = time.perf_counter() - start
    loaded = counts["played"] + counts["ended"]
    assert counts["refused"] > CASES // 3 and loaded > CASES // 25 and counts["ended"] > 10, counts
    assert elapsed < 60, f"{elapsed:.1f} s"
