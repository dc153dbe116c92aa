"""Politix fuzz: mutated saved states, deals and positions are either refused with a HustingsError or play on
legally to the end with every invariant intact; no other exception, no silently corrupt state. Deterministic."""
from __future__ import annotations

import copy
import json
import os
import random
import re

from helpers import ROOT, world_matches_rebuild

from hustings.core import HustingsError
from hustings.politix import PolitixGame
from hustings.politix.rules import EVENTS, NG

CONFIGS = [(2, {}), (3, {}), (4, {}), (5, {}), (6, {}), (6, {"teams_3v3": True})]
RULES = os.path.join(ROOT, "envs", "politix", "RULES.md")
JUNK = [None, -1, 0, 1, 2, 3, 7, 8, 11, 13, 99, -999, 10 ** 30, 1.5, True, False, "", "x", "youth", "farmers",
        "debate", "coffee", "burnout", "nuclear_power", "depression", "ben", "tarja", "start", "persuade", "discard",
        "right", [], {}, [1], ["debate"], {"youth": 1}, {"group": "youth", "method": "debate", "played": 1}]


def _nodes(obj, path=()):
    """Every (path, value) in a JSON tree, the root included."""
    yield path, obj
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from _nodes(v, path + (i,))


def _get(obj, path):
    for k in path:
        obj = obj[k]
    return obj


def mutate(data, rng: random.Random, skip=("rng",)):
    """One random change: a value replaced, a list element dropped, doubled, moved to another list, or junk added,
    a dict key dropped or an unknown one added, a number nudged."""
    nodes = [(p, v) for p, v in _nodes(data) if not (p and p[0] in skip and rng.random() < 0.97)]
    path, value = nodes[rng.randrange(len(nodes))]
    op = rng.randrange(7)
    lists = [v for p, v in _nodes(data) if isinstance(v, list) and v and all(isinstance(x, str) for x in v)]
    if rng.random() < 0.45 and len(lists) >= 2:  # exchange two cards between zones: counts stay, places change
        a, b = rng.sample(lists, 2)
        i, j = rng.randrange(len(a)), rng.randrange(len(b))
        a[i], b[j] = b[j], a[i]
        return data
    if isinstance(value, list) and op < 4:
        if op == 0 and value:
            value.pop(rng.randrange(len(value)))
        elif op == 1 and value:
            value.append(copy.deepcopy(value[rng.randrange(len(value))]))
        elif op == 2 and value:  # move one element to another list of strings: a card changes zone
            lists = [v for p, v in _nodes(data) if isinstance(v, list) and v is not value
                     and all(isinstance(x, str) for x in v)]
            if lists:
                rng.choice(lists).append(value.pop(rng.randrange(len(value))))
        else:
            value.insert(rng.randrange(len(value) + 1), copy.deepcopy(rng.choice(JUNK)))
        return data
    if isinstance(value, dict) and op < 3:
        if op == 0 and value:
            del value[rng.choice(sorted(value, key=str))]
        else:
            value[rng.choice(["extra", "mood", "youth", "hands", "size", "top"])] = copy.deepcopy(rng.choice(JUNK))
        return data
    if not path:
        return data
    parent = _get(data, path[:-1])
    if isinstance(value, int) and not isinstance(value, bool) and op < 5:
        parent[path[-1]] = value + rng.choice([-2, -1, 1, 2, 5])
    else:
        parent[path[-1]] = copy.deepcopy(rng.choice(JUNK))
    return data


def check_invariants(st):
    acts, voters = st.card_totals()
    assert acts == list(st.game.kind_count) and voters == [7] * NG + [1] * len(EVENTS)
    st._check_consistent()
    assert world_matches_rebuild(st)


def play_out(st, rng: random.Random) -> None:
    """Play random legal moves to the end, checking the invariants as it goes; then the result."""
    check_invariants(st)
    data = st.to_json()
    assert st.game.state_from_json(json.loads(json.dumps(data))).to_json() == data
    steps = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        assert legal, "a state in play must have a legal action"
        st.apply_unchecked(legal[rng.randrange(len(legal))])
        steps += 1
        if steps % 7 == 0:
            check_invariants(st)
        assert steps < 5000
    check_invariants(st)
    assert len(st.returns()) == st.n and (st.truncated or st.table_total == 0)
    if not st.truncated:
        assert st.winners() or sorted(set(st.returns())) in ([-1.0, 0.0], [0.0])


def run(make, base_items, count, seed):
    """Mutate each base item 1-3 times, ``count`` cases in all; returns (refused, played, first errors)."""
    rng = random.Random(seed)
    refused = played = 0
    errors = []
    for i in range(count):
        game, item = base_items[i % len(base_items)]
        case = copy.deepcopy(item)
        for _ in range(1 if rng.random() < 0.6 else 2 + rng.randrange(2)):
            case = mutate(case, rng)
        try:
            st = make(game, case, i)
        except HustingsError:
            refused += 1
            continue
        except Exception as exc:  # noqa: BLE001 - the point of the test
            errors.append(f"{type(exc).__name__}: {exc} (case {i})")
            continue
        try:
            play_out(st, random.Random(i))
        except Exception as exc:  # noqa: BLE001
            errors.append(f"accepted but broke: {type(exc).__name__}: {exc} (case {i})")
            continue
        played += 1
    return refused, played, errors


def _saved_states():
    out = []
    rng = random.Random(11)
    for n, opts in CONFIGS:
        game = PolitixGame(n, max_turns=150, **opts)
        for g in range(5):
            st = game.new_initial_state(seed=g)
            stop = rng.randrange(1, 400)
            for _ in range(stop):
                if st.is_terminal():
                    break
                legal = st.legal_actions()
                st.apply_unchecked(legal[rng.randrange(len(legal))])
            out.append((game, st.to_json()))
    return out


def test_fuzz_saved_states():
    base = _saved_states()
    assert {d["phase"] for _, d in base} >= {"start", "persuade"} and any(d["finished"] for _, d in base)
    refused, played, errors = run(lambda game, data, i: game.state_from_json(data), base, 1200, seed=1)
    assert not errors, errors[:5]
    assert refused + played == 1200 and refused > 600 and played > 100


def _rules_example():
    text = open(RULES, encoding="utf-8").read()
    section = text[text.index("## Positions"):]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def _positions():
    out = [(PolitixGame(4, max_turns=150), _rules_example()),
           (PolitixGame(4, max_turns=150), {"table": ["youth", "youth", "farmers"], "voter_draw_pile": 0,
                                            "action_draw_pile": 12}),
           (PolitixGame(5, max_turns=150), {"parties": [{"base_support": ["farmers"] * 6}, {}]})]
    rng = random.Random(12)
    for n, opts in CONFIGS:
        game = PolitixGame(n, max_turns=150, **opts)
        st = game.new_initial_state(seed=n)
        for _ in range(rng.randrange(1, 200)):
            legal = st.legal_actions()
            st.apply_unchecked(legal[rng.randrange(len(legal))])
            if st.is_terminal():
                st = game.new_initial_state(seed=n + 100)
        out.append((game, st.to_position()))
    return out


def _deals():
    right = {"white_collar": 6, "blondes": 5, "blue_collar": 4, "hippies": 2, "farmers": 2, "youth": 0}
    left = {"youth": 6, "farmers": 5, "hippies": 5, "blue_collar": 3, "blondes": 2, "white_collar": 1}
    g4, g2, g5 = PolitixGame(4, max_turns=150), PolitixGame(2, max_turns=150), PolitixGame(5, max_turns=150)
    return [
        (g4, {"politicians": ["ben", "sauli", "tarja", "paavo"], "start": 0,
              "hands": [["intimidation"], [], [], []], "beside": [["anarchist_agenda"], [], [], []],
              "events": ["depression"],
              "table": ["youth", "youth", "youth", "youth", "farmers", "farmers", "hippies", "blondes"]}),
        (g2, {"politicians": ["ben", "tarja"], "start": 0, "hands": [["intimidation", "intimidation"], []],
              "collected": [right, left], "table": ["youth"], "events": list(EVENTS)}),
        (g5, {"base_support": ["farmers", "hippies", "youth", "youth", "blondes", "blue_collar"],
              "turns": [3, 4], "discard": ["debate", "coffee"], "action_deck_top": ["burnout", "twist"],
              "voter_deck_top": ["depression", "farmers"]}),
        (g4, {}),
    ]


def test_fuzz_deals_and_positions():
    refused, played, errors = run(lambda game, pos, i: game.state_from_position(pos, seed=i), _positions(), 700,
                                  seed=2)
    assert not errors, errors[:5]
    assert played > 70 and refused > 300
    refused, played, errors = run(lambda game, deal, i: game.new_initial_state(seed=i, deal=deal), _deals(), 500,
                                  seed=3)
    assert not errors, errors[:5]
    assert played > 50 and refused > 150


def _midgame(phase=None):
    game = PolitixGame(4)
    rng = random.Random(4)
    for g in range(50):
        st = game.new_initial_state(seed=g)
        for _ in range(200):
            if st.is_terminal() or (phase is None and rng.random() < 0.02) or PHASES[st.phase] == phase:
                break
            legal = st.legal_actions()
            st.apply_unchecked(legal[rng.randrange(len(legal))])
        if not st.is_terminal() and (phase is None or PHASES[st.phase] == phase):
            return game, st.to_json()
    raise AssertionError("no such state")


PHASES = ("start", "specials", "persuade", "discard")


def test_named_saved_state_errors():
    import pytest
    from hustings.core import StateFormatError

    game, data = _midgame("start")
    cases = [
        (lambda d: d.update(finished=True), "finished with voter cards left"),
        (lambda d: d.update(current=9), "current is 9; expected an int in 0..3"),
        (lambda d: d.update(current=True), "current is True"),
        (lambda d: d["hands"][1].extend(d["action_deck"][:11]) or d.update(action_deck=d["action_deck"][11:]),
         "holds .* cards; expected at most 10"),
        (lambda d: d["collected"][0].update(farmers=-1), r"collected\[0\].farmers is -1"),
        (lambda d: d["events"].append("farmers"), "saved events holds 'farmers'; expected a list of event ids"),
        (lambda d: d.pop("rng"), "no 'rng' field"),
        (lambda d: d.update(rng=[3, [1, 2], None]), "rng"),
        (lambda d: d.update(turns=[400, 0]), "fewer than max_turns=400"),
        (lambda d: d.update(winners=[0]), "a game in progress has no winners"),
        (lambda d: d.update(extra=1), "unknown field 'extra'"),
        (lambda d: d["beside"][0].append("debate"), r"beside\[0\] holds 'debate'"),
        (lambda d: d.update(phase="persuade"), "persuade' needs persuasion"),
    ]
    for edit, message in cases:
        d = copy.deepcopy(data)
        edit(d)
        with pytest.raises(StateFormatError, match=message):
            game.state_from_json(d)
    game, data = _midgame("persuade")
    d = copy.deepcopy(data)
    d["persuasion"]["power"] += 1
    with pytest.raises(StateFormatError, match="persuasion power"):
        game.state_from_json(d)
    st = game.state_from_json(data)
    while not st.is_terminal():
        st.apply_unchecked(st.legal_actions()[-1])
    d = st.to_json()
    d["winners"], d["returns"] = [], [0.0] * 4
    if st.winners():
        with pytest.raises(StateFormatError, match="do not follow from the voter piles"):
            game.state_from_json(d)
