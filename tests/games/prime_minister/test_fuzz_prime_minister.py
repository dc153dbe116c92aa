"""Prime Minister: fuzzing the routes that build a state from outside data (issue 16, part 1).

Saved states (``state_from_json`` / ``env.load_state``) and opening deals (``new_initial_state(deal=...)``) are
mutated at random: a value replaced (by an out-of-range int, a wrong type, another field's value), a card
duplicated, moved or dropped, a key removed or added, a list truncated. Each mutant is either refused with a
:class:`HustingsError` or it loads, and then plays on with random legal actions with every invariant intact: each
action applied is in the recomputed legal list, and the state it reaches passes the strict validation again
(components conserved, values in range, the pending decision the one the rules ask). No other exception, ever.
Deterministic (fixed seeds); the whole file runs in well under a minute on one core.
"""
from __future__ import annotations

import copy
import json
import random

import pytest

from hustings.core.rules import HustingsError
from hustings.prime_minister.rules import (BILL_DECK, BILL_IDS, EVENT_IDS, POLITICIANS, SUP_IDS, UNC_IDS,
                                           PrimeMinisterGame)

CONFIGS = [(2, {}), (3, {}), (4, {}), (4, {"question_time": True}), (4, {"scenario": 1}), (2, {"scenario": 2}),
           (2, {"scenario": 3}), (4, {"scenario": 4}), (3, {"scenario": 5}), (3, {"scenario": 7}),
           (4, {"scenario": 6, "question_time": True})]
STEPS = 150          # random legal actions after a mutant loads (most of them) ...
TO_END_EVERY = 25    # ... and every 25th one to the end of the game


def base_states(count_per_config: int, seed: int):
    """Saved states of random play at random points, over every configuration (JSON round-tripped)."""
    rng = random.Random(seed)
    out = []
    for n, o in CONFIGS:
        g = PrimeMinisterGame(n, **o)
        for _ in range(count_per_config):
            st = g.new_initial_state(seed=rng.randrange(1 << 30))
            for _ in range(rng.randrange(1, 400)):
                if st.is_terminal():
                    break
                legal = st.legal_actions()
                st.apply_action(legal[rng.randrange(len(legal))])
            out.append((g, json.loads(json.dumps(st.to_json()))))
    return out


def _paths(node, prefix=()):
    """Every (path, value) in a JSON tree, containers included."""
    yield prefix, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _get(root, path):
    for k in path:
        root = root[k]
    return root


def _set(root, path, value):
    _get(root, path[:-1])[path[-1]] = value


WEIRD = [None, True, False, -1, 0, 1, 2, 3, 7, 11, 12, 99, 100, 101, 250, -250, 10 ** 9, 0.5, "x", "pm", "P01",
         [], {}, [0], [0, 0], {"a": 1}, "liberal", "main", "yesno", "eff"]


def mutate(data: dict, rng: random.Random) -> dict:
    """One to three random mutations of a saved state (a deep copy)."""
    d = copy.deepcopy(data)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        paths = [p for p, _ in _paths(d) if p and p[0] != "rng"]
        path = rng.choice(paths)
        value = _get(d, path)
        r = rng.random()
        parent = _get(d, path[:-1])
        if r < 0.30:  # a weird value
            _set(d, path, copy.deepcopy(rng.choice(WEIRD)))
        elif r < 0.45 and isinstance(value, int) and not isinstance(value, bool):  # off by a little
            _set(d, path, value + rng.choice((-2, -1, 1, 2, 10)))
        elif r < 0.55 and isinstance(value, bool):
            _set(d, path, not value)
        elif r < 0.65:  # another field's value
            _set(d, path, copy.deepcopy(_get(d, rng.choice(paths))))
        elif r < 0.75 and isinstance(parent, list) and parent:  # duplicate or drop a list item
            if rng.random() < 0.5:
                parent.insert(rng.randrange(len(parent) + 1), copy.deepcopy(value))
            else:
                del parent[path[-1]]
        elif r < 0.85 and isinstance(value, list) and value:  # move an item to another list
            item = value.pop(rng.randrange(len(value)))
            lists = [p for p, v in _paths(d) if isinstance(v, list) and p and p[0] != "rng"]
            target = _get(d, rng.choice(lists))
            target.insert(rng.randrange(len(target) + 1), item)
        elif r < 0.93 and isinstance(parent, dict):  # drop a key / add one
            if rng.random() < 0.7:
                del parent[path[-1]]
            else:
                parent["extra_" + str(rng.randrange(3))] = 1
        else:  # swap two values
            other = rng.choice(paths)
            try:
                a, b = copy.deepcopy(_get(d, other)), copy.deepcopy(value)
                _set(d, path, a)
                _set(d, other, b)
            except (KeyError, IndexError, TypeError):
                pass
    return d


def play_on(st, rng: random.Random, steps: int | None) -> int:
    """Random legal actions (``steps`` of them, or to the end); the state stays valid."""
    g = st.game
    done = 0
    while not st.is_terminal() and (steps is None or done < steps):
        legal = st.legal_actions()
        assert legal, "a live state with no legal action"
        a = legal[rng.randrange(len(legal))]
        assert st.is_legal(a)
        st.apply_action(a)
        done += 1
        assert done < 20000
    again = g.state_from_json(json.loads(json.dumps(st.to_json())))  # every invariant, strictly
    assert again.legal_actions() == st.legal_actions()
    assert st.is_terminal() == again.is_terminal()
    if st.is_terminal():
        assert st.winners() or st.truncated
    return done


def test_fuzz_saved_states():
    rng = random.Random(20261201)
    bases = base_states(3, seed=5)
    refused = loaded = 0
    for i in range(1100):
        g, data = bases[i % len(bases)]
        mutant = mutate(data, rng)
        try:
            st = g.state_from_json(mutant)
        except HustingsError:
            refused += 1
            continue
        loaded += 1
        play_on(st, random.Random(i), None if i % TO_END_EVERY == 0 else STEPS)
    assert refused + loaded == 1100
    assert refused > 300 and loaded > 100  # both outcomes exercised


def test_unmutated_saved_states_all_load_and_play_on():
    for k, (g, data) in enumerate(base_states(1, seed=9)):
        st = g.state_from_json(copy.deepcopy(data))
        play_on(st, random.Random(k), 60)


def random_deal(g: PrimeMinisterGame, rng: random.Random) -> object:
    """A plausible deal, then one or two mutations of it (or something that is not a deal at all)."""
    n = g.num_players
    pols = [p for p, v in POLITICIANS.items() if "number" in v]
    deal = {}
    if rng.random() < 0.5:
        lib = [p for p in pols if POLITICIANS[p]["party"] == "liberal"]
        con = [p for p in pols if POLITICIANS[p]["party"] == "conservative"]
        mix = {2: (1, 1), 3: (1, 2), 4: (2, 2)}[n]
        deal["politicians"] = rng.sample(lib, mix[0]) + rng.sample(con, mix[1])
        rng.shuffle(deal["politicians"])
    for key, ids in (("supporters", SUP_IDS), ("events", EVENT_IDS), ("uncertainty", UNC_IDS),
                     ("cross_party", [b for i, b in enumerate(BILL_IDS) if BILL_DECK[i] == 0]),
                     ("liberal", [b for i, b in enumerate(BILL_IDS) if BILL_DECK[i] == 1]),
                     ("conservative", [b for i, b in enumerate(BILL_IDS) if BILL_DECK[i] == 2])):
        if rng.random() < 0.4 and ids:
            deal[key] = rng.sample(list(ids), min(len(ids), rng.randrange(1, 6)))
    for _ in range(rng.choice((0, 1, 1, 2))):
        r = rng.random()
        keys = list(deal)
        if r < 0.25 and keys:
            deal[rng.choice(keys)] = copy.deepcopy(rng.choice(WEIRD))
        elif r < 0.45 and keys:
            k = rng.choice(keys)
            if isinstance(deal[k], list) and deal[k]:
                deal[k].append(deal[k][0])
        elif r < 0.6 and keys:
            k = rng.choice(keys)
            if isinstance(deal[k], list) and deal[k]:
                deal[k][rng.randrange(len(deal[k]))] = copy.deepcopy(rng.choice(WEIRD))
        elif r < 0.7:
            deal[rng.choice(["Politicians", "bills", "deck", 3])] = []
        elif r < 0.8:
            return copy.deepcopy(rng.choice(WEIRD + [[("supporters", [])]]))
        elif r < 0.9 and keys:
            a, b = rng.sample(keys + ["supporters"], 2)
            deal[a], deal[b] = deal.get(b), deal.get(a)
    return deal


def test_fuzz_deals():
    rng = random.Random(77)
    games = [PrimeMinisterGame(n, **o) for n, o in CONFIGS]
    refused = played = 0
    for i in range(1100):
        g = games[i % len(games)]
        deal = random_deal(g, rng)
        try:
            st = g.new_initial_state(seed=i, deal=deal)
        except HustingsError:
            refused += 1
            continue
        played += 1
        play_on(st, random.Random(i), None if i % (4 * TO_END_EVERY) == 0 else STEPS)
    assert refused > 200 and played > 200


@pytest.mark.parametrize("field,value,words", [
    ("vp", [250, 0, 0, 0], "vp[0]"), ("cubes", [-1, 0, 0, 0], "cubes[0]"), ("favour", [0, 0, 0, 99], "favour[3]"),
    ("round", 0, "round"), ("over", "yes", "over"), ("gov_party", 2, "gov_party"),
])
def test_out_of_range_fields_are_named(field, value, words):
    g = PrimeMinisterGame(4)
    data = g.new_initial_state(seed=3).to_json()
    data[field] = value
    with pytest.raises(HustingsError, match=r"field " + words.replace("[", r"\[").replace("]", r"\]")):
        g.state_from_json(data)


def test_duplicated_card_and_forged_legal_list_are_refused():
    g = PrimeMinisterGame(4)
    st = g.new_initial_state(seed=3)
    data = st.to_json()
    data["hand"][0].append(data["decks"]["supporters"][-1])  # a card in a hand and in the deck at once
    with pytest.raises(HustingsError, match="Supporters.*exactly one place"):
        g.state_from_json(data)
    data = st.to_json()
    forged = sorted(set(range(g.num_actions)) - set(st.legal_actions()))[0]
    data["pending"]["legal"] = sorted(data["pending"]["legal"] + [forged])  # an illegal action offered as legal
    with pytest.raises(HustingsError, match="pending.legal"):
        g.state_from_json(data)


def test_bad_deal_fields_are_deal_errors():
    from hustings.core.rules import DealError
    g = PrimeMinisterGame(4)
    for deal in ({"supporters": 5}, {"politicians": "P01"}, {"uncertainty": [None]}, ["supporters"],
                 {"events": [["EV01"]]}, {"politicians": ["P01", "P01", "P02", "P03"]}):
        with pytest.raises(DealError):
            g.new_initial_state(seed=1, deal=deal)


def test_env_load_state_route_is_checked_too():
    import hustings
    from hustings.core.rules import StateFormatError
    env = hustings.make("prime_minister", num_players=4)
    env.reset(seed=2)
    saved = env.save_state()
    with pytest.raises(StateFormatError, match="state"):
        env.load_state({k: v for k, v in saved.items() if k != "state"})
    bad = copy.deepcopy(saved)
    bad["state"]["vp"][1] = 250
    with pytest.raises(StateFormatError, match=r"vp\[1\]"):
        env.load_state(bad)
    bad = copy.deepcopy(saved)
    bad["state"]["cubes"][0] = -1
    with pytest.raises(StateFormatError, match=r"cubes\[0\]"):
        env.load_state(bad)
    env.load_state(saved)  # the untouched save still loads
