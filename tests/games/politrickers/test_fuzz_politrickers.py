"""Fuzzing every route that builds a Politrickers state: saved state JSON, custom deals and positions.

Each mutated input (a key deleted, a value out of range / negative / huge / of the wrong type / None, a card
duplicated or dropped, two fields or two cards swapped, an entry added) must either be refused with a
``HustingsError`` or load and play on with random legal actions, every invariant intact (cards conserved, tokens
and VP in range, the legal actions sound) and every state on the way loadable again by the strict loader. Any other
exception fails. Deterministic seeds; some games are played to the end, the rest for a bounded number of steps.
"""
from __future__ import annotations

import copy
import json
import random

from test_politrickers import DIAGRAM_HANDS, ECONOMY_HANDS, WELFARE_HANDS
from test_positions_politrickers import midgame, position_of, rules_md_example

import hustings
from hustings.core import HustingsError
from hustings.politrickers import PolitrickersGame, card_name, parse_card
from hustings.politrickers.rules import HAND_SIZE, NUM_ACTIONS, TOKENS

GAMES = {n: PolitrickersGame(n) for n in (3, 4, 5)}
CARD_NAMES = [card_name(c) for c in range(45)] + ["Hea9", "Env10", "Eco5", "Migration", "Health 2", "Zzz1"]
ODD_VALUES = [None, -1, 0, 1, 2, 7, 9, 10 ** 9, -10 ** 9, 2 ** 70, 1.5, True, False, "x", "", "Tails", "Claws",
              "Health", [], {}, [0], {"card": "Env1"}, "face down"]


def _is_card(x) -> bool:
    try:
        parse_card(x)
        return True
    except (HustingsError, TypeError):
        return False


def _slots(obj, out=None):
    """Every (container, key) of a nested JSON value."""
    out = [] if out is None else out
    items = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else ()
    for k, v in items:
        out.append((obj, k))
        _slots(v, out)
    return out


def mutate(obj, rng: random.Random) -> tuple:
    """A copy of ``obj`` with 1..3 random mutations, and their descriptions."""
    data = json.loads(json.dumps(obj))
    done = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        slots = _slots(data)
        if not slots:
            break
        box, key = rng.choice(slots)
        cards = [(b, k) for b, k in slots if isinstance(b[k], str) and _is_card(b[k])]
        kind = rng.randrange(8)
        if kind == 0:  # delete a key / drop an entry (a card dropped, often)
            if isinstance(box, dict):
                del box[key]
            else:
                box.pop(key)
            done.append(f"delete {key!r}")
        elif kind in (1, 2):  # an odd value
            value = rng.choice(ODD_VALUES)
            if isinstance(box[key], int) and not isinstance(box[key], bool) and rng.random() < 0.5:
                value = box[key] + rng.choice((-1, 1, -5, 5, 100))
            box[key] = copy.deepcopy(value)
            done.append(f"set {key!r}={value!r}")
        elif kind == 3 and len(cards) >= 2:  # duplicate a card (one overwritten)
            (b1, k1), (b2, k2) = rng.sample(cards, 2)
            b2[k2] = b1[k1]
            done.append(f"duplicate {b1[k1]}")
        elif kind == 4 and len(cards) >= 2:  # swap two cards (conserves them: often still loads)
            (b1, k1), (b2, k2) = rng.sample(cards, 2)
            b1[k1], b2[k2] = b2[k2], b1[k1]
            done.append(f"swap cards {b1[k1]} {b2[k2]}")
        elif kind == 5:  # swap two fields of a dict
            dicts = [b[k] for b, k in slots if isinstance(b[k], dict) and len(b[k]) >= 2]
            if isinstance(data, dict) and len(data) >= 2:
                dicts.append(data)
            if dicts:
                d = rng.choice(dicts)
                k1, k2 = rng.sample(sorted(d, key=str), 2)
                d[k1], d[k2] = d[k2], d[k1]
                done.append(f"swap fields {k1} {k2}")
        elif kind == 6 and isinstance(box[key], list):  # add an entry: a card, or a copy of one
            extra = rng.choice(CARD_NAMES) if rng.random() < 0.6 or not box[key] else copy.deepcopy(box[key][0])
            box[key].append(extra)
            done.append(f"append {extra!r} to {key!r}")
        elif kind == 7 and cards:  # a card replaced by another name
            b, k = rng.choice(cards)
            b[k] = rng.choice(CARD_NAMES)
            done.append(f"card -> {b[k]}")
    return data, done


def check_invariants(st) -> None:
    g, n = st.game, st.n
    cards = sorted(sum(st.hands, []) + st.seen + sum(st.hidden, []) + st.leftovers + [c for c in st.plays if c >= 0])
    assert cards == g.deck, "cards not conserved"
    for p in range(n):
        assert 0 <= st.tokens[p] <= TOKENS and 0 <= st.spent[p] <= TOKENS
        assert st.tokens[p] + st.spent[p] + st.libra[0][p] + st.libra[1][p] == TOKENS
        assert st.tricks_won[p] == st.libra[0][p] + st.libra[1][p]
        assert st.party[p] in (0, 1) and st.vp[p] >= -3
    assert 0 <= st.round < 3
    if st.is_terminal():
        assert st.winners() and max(st.plate) <= 7
        return
    assert max(st.plate) <= 6 and 0 <= st.tricks_done < 9
    legal = st.legal_actions()
    assert legal and all(0 <= a < NUM_ACTIONS for a in legal)
    for p in range(n):
        assert len(st.hands[p]) == HAND_SIZE - st.tricks_done - (st.plays[p] >= 0)


def play_on(st, rng: random.Random, max_steps: int) -> None:
    """Random legal play with the invariants checked at every step and the strict loader at a few."""
    game = st.game
    check_invariants(st)
    for step in range(max_steps):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
        check_invariants(st)
        if step % 25 == 0:
            assert game.state_from_json(json.loads(json.dumps(st.to_json()))).to_json() == st.to_json()
    assert game.state_from_json(json.loads(json.dumps(st.to_json()))).to_json() == st.to_json()


def fuzz(bases, build, count: int, seed: int) -> tuple[int, int]:
    """``count`` mutations of the ``bases`` through ``build(game, data, seed)``: (loaded, refused)."""
    rng = random.Random(seed)
    loaded = refused = 0
    for i in range(count):
        n, base = bases[i % len(bases)]
        game = GAMES[n]
        data, what = mutate(base, rng)
        try:
            st = build(game, data, i)
        except HustingsError:
            refused += 1
            continue
        except Exception as exc:  # noqa: BLE001 - the point of the test
            raise AssertionError(f"{n}p case {i} ({'; '.join(what)}) raised {type(exc).__name__}: {exc}") from exc
        try:
            play_on(st, random.Random(i), 400 if i % 4 == 0 else 40)
        except Exception as exc:  # noqa: BLE001
            raise AssertionError(f"{n}p case {i} ({'; '.join(what)}) loaded but then: {type(exc).__name__}: "
                                 f"{exc}") from exc
        loaded += 1
    return loaded, refused


def _saved_bases():
    bases = []
    for n in (3, 4, 5):
        for seed, steps in ((0, 0), (1, 5), (2, 14), (3, 30), (4, 47), (5, 70), (6, 120)):
            st = GAMES[n].new_initial_state(seed=seed)
            r = random.Random(seed)
            for _ in range(steps):
                if st.is_terminal():
                    break
                st.apply_action(r.choice(st.legal_actions()))
            bases.append((n, st.to_json()))
        st = GAMES[n].new_initial_state(seed=9)
        r = random.Random(9)
        while not st.is_terminal():
            st.apply_action(r.choice(st.legal_actions()))
        bases.append((n, st.to_json()))  # a finished game
    bases.append((4, GAMES[4].state_from_position(rules_md_example(), seed=0).to_json()))
    return bases


def test_fuzz_saved_states():
    loaded, refused = fuzz(_saved_bases(), lambda game, data, i: game.state_from_json(data), 1000, seed=16)
    assert loaded + refused == 1000 and loaded >= 100 and refused >= 400, (loaded, refused)


def test_fuzz_saved_env_files():
    env = hustings.make("politrickers", num_players=4)
    env.reset(seed=3)
    for a in (0, 0, 0, 0, 0, 0):
        env.step(env.game_state.legal_actions()[a % len(env.game_state.legal_actions())])
    saved = env.save_state()

    def build(game, data, i):
        env.load_state(data)
        return env.game_state

    loaded, refused = fuzz([(4, saved)], build, 150, seed=17)
    assert loaded >= 10 and refused >= 50, (loaded, refused)


def _deal_bases():
    figures = [
        {"hands": [["Eco1", "Eco2", "Eco3"], ["Env1", "Env2", "Env3"], ["Hea1", "Hea2", "Hea3"],
                   ["Saf1", "Saf2", "Saf3"]], "chair": 0, "tokens": [0, 5, 3, 2], "spent": [2, 0, 1, 1],
         "libra": {"Tails": [3, 0, 0, 0], "Claws": [0, 0, 1, 2]}},
        {"hands": [["Env1"], ["Env2"], ["Hea1"], ["Eco1"]], "chair": 3, "tokens": [2, 4, 3, 3],
         "vp": [0, 0, 0, -2], "libra": {"Tails": [2, 0, 2, 2], "Claws": [1, 1, 0, 0]}},
        {"hands": [["Eco1"], ["Env2"], ["Hea1"], ["Saf1"]], "chair": 0, "tokens": [3, 1, 5, 3], "round": 3,
         "vp": [3, 6, 5, 3], "parties": ["Tails", "Claws", "Claws", "Tails"],
         "libra": {"Tails": [2, 0, 0, 2], "Claws": [0, 4, 0, 0]}},
    ]
    bases = [(4, {"hands": h, "chair": 0}) for h in (DIAGRAM_HANDS, WELFARE_HANDS, ECONOMY_HANDS)]
    bases += [(4, d) for d in figures]
    for n in (3, 5):
        cards = [card_name(c) for c in GAMES[n].deck]
        random.Random(n).shuffle(cards)
        bases.append((n, {"hands": [cards[9 * p:9 * p + 9] for p in range(n)], "chair": 1}))
    return bases


def test_fuzz_deals():
    loaded, refused = fuzz(_deal_bases(), lambda game, data, i: game.new_initial_state(seed=i, deal=data), 500,
                           seed=18)
    assert loaded >= 60 and refused >= 200, (loaded, refused)


def _position_bases():
    bases = [(4, rules_md_example()),
             (4, {"round": 3, "vp": [4, 1, -3, 6], "chair": 2, "parties": ["Claws", "Claws", "Tails", "Tails"],
                  "libra": {"Tails": [0, 0, 2, 1], "Claws": [1, 2, 0, 0]}, "spent_tokens": [1, 0, 0, 2],
                  "face_down": [["Wel8"], [], [None], []], "trick": ["Saf2", "Saf5"]})]
    for n in (3, 4, 5):
        for seed, form in ((1, "full"), (2, "summary"), (3, "full")):
            st = midgame(n, seed, 6 * seed + 5)
            if not st.is_terminal():
                bases.append((n, position_of(st, form, hidden_hands=(0,), hide_face_down=(1,))))
    return bases


def test_fuzz_positions():
    loaded, refused = fuzz(_position_bases(), lambda game, data, i: game.state_from_position(data, seed=i), 500,
                           seed=19)
    assert loaded >= 60 and refused >= 200, (loaded, refused)
