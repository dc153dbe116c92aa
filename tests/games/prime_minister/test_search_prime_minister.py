"""Prime Minister for search: ``State.clone()`` (fast, independent, plays on identically) and the information-set
sampler ``State.sample_hidden(player, rng)`` (RULES.md "Information-set sampling", ``envs/prime_minister/sample.py``).

Random mid-game states at 2, 3 and 4 players, in the standard game, with Prime Minister's Question Time and in the
Scenarios; for every seat: the observation and (to move) the legal actions unchanged, public state unchanged,
components conserved, hidden cards and deck orders varying, a fresh RNG, the original untouched, play on to the end.
Then small constructed positions whose consistent worlds are enumerated exactly: the sampled worlds are uniform
(chi-square) and inconsistent worlds never appear.
"""
from __future__ import annotations

import itertools
import json
import random
from collections import Counter

import numpy as np
import pytest

from hustings.prime_minister import rules as R
from hustings.prime_minister.saved import OPTIONAL_FIELDS, STATE_FIELDS
from hustings.prime_minister.rules import A_DISCARD, A_KEEP, A_PLAY, NO, PrimeMinisterGame

BY_ELECTIONS = {i for i, e in enumerate(R.EVENT_LIST) if e["kind"] == "by_election"}

CONFIGS = [
    (2, {}), (3, {}), (4, {}), (4, {"question_time": True}), (4, {"scenario": 6, "question_time": True}),
    (4, {"scenario": 1}), (2, {"scenario": 2}), (2, {"scenario": 3}), (2, {"scenario": 4}), (4, {"scenario": 4}),
    (3, {"scenario": 5}), (3, {"scenario": 7}),
]
CONFIG_IDS = [f"{n}p-" + ("-".join(f"{k}={v}" for k, v in o.items()) or "standard") for n, o in CONFIGS]

# where each hidden-or-not component can be; the fields that only the sampler may change
HIDDEN_FIELDS = {"hand", "bill_hand", "qt_hands", "decks", "proposed", "pending", "tasks", "turn", "scen",
                 "unc_stack"}
RARE = {"keep": 0.3, "propose": 0.3, "draw_bill": 0.08, "permit": 0.5, "discard": 0.3, "qt_card": 0.5,
        "qt_call": 0.3, "ia_play": 0.5}


def random_states(game, count, seed):
    """``count`` states of random legal play, more often at the decisions where hidden cards are in play."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        st = game.new_initial_state(seed=rng.randrange(1 << 30))
        while not st.is_terminal() and len(out) < count:
            if rng.random() < (0.1 if st.scen.get("under_ia") else RARE.get(st.pending["kind"], 0.01)):
                out.append(st.clone())
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
    return out


def supporters_of(st):
    out = [c for h in st.hand for c in h] + st.decks["supporters"] + st.discards["supporters"]
    out += st.scen.get("under_ia", [])
    if st.pending is not None and st.pending["kind"] == "keep":
        out += st.pending["drawn"]
    out += [c for t in st.tasks if t[0] == "keep" for c in t[2]]
    return out


def events_of(st):
    out = [e for h in st.qt_hands for e in h] + st.decks["events"] + st.discards["events"]
    return out + ([st.event] if st.event >= 0 else [])


def bills_of(st):
    out = [b for h in st.bill_hand for b in h] + [b for b, _ in st.proposed] + [b["bill"] for b in st.bills]
    out += st.scen.get("aside", [])
    for d in R.DECKS:
        out += st.decks[d] + st.discards[d]
    return out


def hidden_bill_places(st, player):
    """The bills ``player`` cannot see: (seat, place, deck of the card) for each, and the cards."""
    places, cards = [], []
    for q in range(st.n):
        if q != player:
            for i, b in enumerate(st.bill_hand[q]):
                places.append((q, "hand", i, R.BILL_DECK[b]))
                cards.append(b)
    if not st.revealed_ok:
        pm = st.seat_of("pm")
        for k, (b, s) in enumerate(st.proposed):
            if s != player and s != pm:
                places.append((s, "proposal", k, R.BILL_DECK[b]))
                cards.append(b)
    return places, cards


def hidden_signature(st, player):
    """Everything ``player`` cannot see, outside the decks."""
    return (tuple(tuple(sorted(st.hand[q])) for q in range(st.n) if q != player),
            tuple(hidden_bill_places(st, player)[1]),
            tuple(tuple(st.qt_hands[q]) for q in range(st.n) if q != player),
            tuple(sorted(st.scen.get("under_ia", []))))


def has_hidden(st, player):
    return any(st.hand[q] or st.qt_hands[q] for q in range(st.n) if q != player) or bool(
        hidden_bill_places(st, player)[1]) or bool(st.scen.get("under_ia"))


def check_sample(st, s, player):
    """The contract of ``sample_hidden`` for one sample ``s`` of ``st`` for ``player``."""
    assert np.array_equal(s.observation(player), st.observation(player))
    assert s.current_player() == st.current_player() and s.is_terminal() == st.is_terminal()
    if st.current_player() == player:
        assert s.legal_actions() == st.legal_actions()
        assert s.pending == st.pending
    a, b = st.to_json(), s.to_json()
    for k in STATE_FIELDS:  # public state and the viewer's own cards untouched
        if k not in HIDDEN_FIELDS:
            assert a[k] == b[k], k
    assert s.hand[player] == st.hand[player] and s.bill_hand[player] == st.bill_hand[player]
    assert s.qt_hands[player] == st.qt_hands[player]
    for q in range(st.n):  # hand sizes; cards known to be in a hand stay there
        assert len(s.hand[q]) == len(st.hand[q]) and len(s.bill_hand[q]) == len(st.bill_hand[q])
        assert len(s.qt_hands[q]) == len(st.qt_hands[q])
        assert set(st.shown[q]) <= set(s.hand[q])
        if q != player:
            assert not set(s.qt_hands[q]) & BY_ELECTIONS  # PMQT hands never hold a By-Election
    for k in R.DECK_KEYS:
        assert len(s.decks[k]) == len(st.decks[k]) and s.discards[k] == st.discards[k]
    # components conserved, every card exactly once
    for of in (supporters_of, events_of, bills_of):
        assert sorted(of(s)) == sorted(of(st)) and len(set(of(s))) == len(of(s))
    # a hidden bill stays a card of the deck it was drawn from (and of the same seat and place)
    assert [p for p in hidden_bill_places(s, player)[0]] == hidden_bill_places(st, player)[0]
    assert [(b, q) for b, q in s.proposed if q == player or q == s.seat_of("pm") or s.revealed_ok] == \
        [(b, q) for b, q in st.proposed if q == player or q == st.seat_of("pm") or st.revealed_ok]
    # the Riots (Scenario 5) stay above their floor
    if s.scen.get("num") == 5 and s.scen.get("riots_in_deck"):
        assert s.decks["events"].index(s.scen["riots"]) >= s.scen["riots_floor"]
    # the Father of the House's doubled cards are still the turn player's (relabelled with the hand)
    if s.turn is not None:
        assert set(s.turn["doubled"]) <= set(s.hand[s.turn["seat"]])
        assert len(s.turn["doubled"]) == len(st.turn["doubled"])
        assert s.turn["denied"] == st.turn["denied"]
    assert not s.unc_stack
    # the pending decision is the one the engine would ask in the sampled world
    pend = s.pending
    if pend is not None:
        assert s.legal_actions() == sorted(set(pend["legal"])) and s._legal_set == set(pend["legal"])
        q, kind = pend["player"], pend["kind"]
        if kind == "main" and sorted(set(st._main_options(q))) == st.legal_actions():
            assert sorted(set(s._main_options(q))) == s.legal_actions()
        if kind == "discard":
            assert s.legal_actions() == sorted(A_DISCARD + c for c in s.hand[q])
        if kind == "keep":
            assert s.legal_actions() == sorted(A_KEEP + c for c in pend["drawn"])
        if kind == "propose":
            assert s.legal_actions() == sorted(R.A_BILL + b for b in s.bill_hand[q])
    # a fresh RNG
    assert s.rng.getstate() != st.rng.getstate()


def play_out(st, rng, limit=5000):
    """Random legal moves to the end; returns the number of moves."""
    steps = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        assert legal and legal == sorted(legal)
        st.observation(st.current_player())
        st.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
        assert steps < limit
    return steps


# ==============================================================================================================
# sample_hidden over random mid-game states, every seat, every configuration
# ==============================================================================================================
@pytest.mark.parametrize("n,opts", CONFIGS, ids=CONFIG_IDS)
def test_sample_hidden_random_states(n, opts):
    game = PrimeMinisterGame(n, **opts)
    states = random_states(game, 14, seed=n * 100 + 7 * len(opts) + opts.get("scenario", 0))
    rng = random.Random(5)
    varied = with_hidden = 0
    same_order = orders = 0
    played = 0
    for st in states:
        before = json.dumps(st.to_json(), sort_keys=True)
        for player in range(n):
            samples = [st.sample_hidden(player, rng) for _ in range(5)]
            for s in samples:
                check_sample(st, s, player)
                for k in R.DECK_KEYS:  # deck orders are redrawn (the real one is not peeked at)
                    if len(st.decks[k]) >= 6 and not (k == "events" and s.scen.get("riots_in_deck")):
                        orders += 1
                        same_order += s.decks[k] == st.decks[k]
            if has_hidden(st, player):
                with_hidden += 1
                varied += len({hidden_signature(s, player) for s in samples}) > 1
            assert len({json.dumps(s.rng.getstate()) for s in samples}) == len(samples)
            if played < 3:  # play on from a sample to the end
                play_out(samples[0], random.Random(played))
                played += 1
        assert json.dumps(st.to_json(), sort_keys=True) == before  # the original is untouched
    assert orders > 0 and same_order <= orders * 0.02
    if with_hidden:
        assert varied >= 0.75 * with_hidden, (varied, with_hidden)


def test_hidden_cards_of_every_kind_vary():
    """Each kind of hidden card is redealt somewhere: Supporters, bills (hand and hidden proposals), PMQT Events,
    the Supporters under the Importation Act (hidden from the PM too), a keep choice's drawn cards."""
    seen = Counter()
    rng = random.Random(3)
    for n, opts in [(4, {"question_time": True}), (2, {"scenario": 4}), (3, {})]:
        for st in random_states(PrimeMinisterGame(n, **opts), 40, seed=11):
            for player in range(n):
                samples = [st.sample_hidden(player, rng) for _ in range(6)]
                others = [q for q in range(n) if q != player]
                if len({tuple(tuple(s.hand[q]) for q in others) for s in samples}) > 1:
                    seen["supporters"] += 1
                if len({tuple(hidden_bill_places(s, player)[1]) for s in samples}) > 1:
                    kinds = {p[1] for p in hidden_bill_places(st, player)[0]}
                    seen.update(f"bill {k}" for k in kinds)
                if len({tuple(tuple(s.qt_hands[q]) for q in others) for s in samples}) > 1:
                    seen["qt"] += 1
                if len({tuple(s.scen.get("under_ia", [])) for s in samples}) > 1:
                    seen["under_ia" + (" (PM)" if player == st.seat_of("pm") else "")] += 1
                if st.pending["kind"] == "keep" and st.pending["player"] != player and len(
                        {tuple(s.pending["drawn"]) for s in samples}) > 1:
                    seen["keep"] += 1
    for kind in ("supporters", "bill hand", "bill proposal", "qt", "under_ia", "under_ia (PM)", "keep"):
        assert seen[kind] > 0, (kind, seen)


def test_sample_is_deterministic_given_rng_and_leaves_the_original():
    st = random_states(PrimeMinisterGame(4, question_time=True), 1, seed=2)[0]
    before = st.to_json()
    a = st.sample_hidden(1, random.Random(9))
    b = st.sample_hidden(1, random.Random(9))
    assert a.to_json() == b.to_json()
    assert st.to_json() == before
    # the sample's future chance is its own: the real game's next draws are not the sample's
    st2, a2 = st.clone(), st.sample_hidden(1, random.Random(9))
    assert st2.rng.getstate() != a2.rng.getstate()
    with pytest.raises(ValueError):
        st.sample_hidden(4, random.Random(0))


def test_sample_of_a_saved_state_without_the_new_fields():
    """A state saved before ``shown`` / ``shuffle_tags`` existed loads with their defaults and samples."""
    st = random_states(PrimeMinisterGame(3), 1, seed=4)[0]
    d = json.loads(json.dumps(st.to_json()))
    for k in OPTIONAL_FIELDS:
        del d[k]
    old = PrimeMinisterGame(3).state_from_json(d)
    assert old.shown == [[], [], []] and old.shuffle_tags == R.new_shuffle_tags()
    check_sample(old, old.sample_hidden(0, random.Random(1)), 0)


# ==============================================================================================================
# what the sampler keeps: cards shown in a hand, reshuffle classes
# ==============================================================================================================
def _pact_opposition_main():
    """A 4-player state at an Opposition player's main menu in a Pact (Influence needs the PM's permission)."""
    g = PrimeMinisterGame(4)
    rng = random.Random(0)
    for seed in range(50):
        st = g.new_initial_state(seed=seed)
        while not st.is_terminal():
            p = st.pending
            if (p["kind"] == "main" and st.pact and st.role[p["player"]] in ("ol", "obb")
                    and st.decks["supporters"]):
                return st
            st.apply_action(rng.choice(st.legal_actions()))
    raise AssertionError("no such state")


def test_a_refused_supporter_stays_known_in_the_hand():
    st = _pact_opposition_main()
    s = st.pending["player"]
    wellington = R.SUP_INDEX[R.SUPPORTER_LIST[2]["id"]]
    for where in (st.decks["supporters"], st.discards["supporters"]):  # the Duke of Wellington (Influence) in hand
        if wellington in where:
            where.remove(wellington)
    for h in st.hand:
        if wellington in h:
            h.remove(wellington)
    st.hand[s].append(wellington)
    st._ask("main", s, st._main_options(s))
    st.apply_action(A_PLAY + 2 * wellington)  # its Influence option: the PM is asked
    assert st.pending["kind"] == "permit"
    pm = st.current_player()
    for player in range(4):
        if player != s:
            for smp in (st.sample_hidden(player, random.Random(k)) for k in range(10)):
                assert wellington in smp.hand[s]  # the request showed the card
    st.apply_action(NO)
    assert st.shown[s] == [wellington] and wellington in st.hand[s]
    twin = PrimeMinisterGame(4).state_from_json(json.loads(json.dumps(st.to_json())))
    assert twin.shown == st.shown
    for player in (pm, (s + 2) % 4):
        for k in range(10):
            smp = st.sample_hidden(player, random.Random(k))
            assert wellington in smp.hand[s]
            check_sample(st, smp, player)
    st.apply_action(A_DISCARD + wellington)  # discarded face up: no longer a known card of the hand
    assert st.shown[s] == []


def test_reshuffle_tags_the_turned_over_discard_pile():
    """A discard pile turned over gets a new tag (the sampler's classes); clones keep the tags they had."""
    st = PrimeMinisterGame(4).new_initial_state(seed=3)
    twin = st.clone()
    deck = list(st.decks["supporters"])
    pile, rest = deck[:5], deck[5:]
    st.decks["supporters"], st.discards["supporters"] = [], list(pile)
    assert st._draw_supporter() in pile
    tags = st.shuffle_tags["supporters"]
    assert {i for i, t in enumerate(tags) if t == 1} == set(pile) and max(tags) == 1
    assert twin.shuffle_tags["supporters"] == [0] * len(R.SUP_IDS)  # replaced, not changed in place
    st.decks["supporters"], st.discards["supporters"] = [], rest[:3]
    st._draw_supporter()
    tags = st.shuffle_tags["supporters"]
    assert {i for i, t in enumerate(tags) if t == 2} == set(rest[:3])
    assert {i for i, t in enumerate(tags) if t == 1} == set(pile)
    bills = st.shuffle_tags["bills"]
    st.decks["liberal"], st.discards["liberal"] = [], [R.BILL_INDEX[R.BILL_IDS[45]]]
    st._draw("liberal")
    assert st.shuffle_tags["bills"][45] == 1 and bills[45] == 0


# ==============================================================================================================
# clone()
# ==============================================================================================================
@pytest.mark.parametrize("n,opts", [(2, {}), (3, {}), (4, {}), (4, {"question_time": True}), (2, {"scenario": 4}),
                                    (3, {"scenario": 5}), (3, {"scenario": 7})])
def test_clone_is_independent_and_plays_on_identically(n, opts):
    game = PrimeMinisterGame(n, **opts)
    rng = random.Random(n)
    for st in random_states(game, 6, seed=n + 50):
        before = st.to_json()
        c = st.clone()
        assert c.to_json() == before
        play_out(c, random.Random(1))  # playing the clone to the end never changes the original
        assert st.to_json() == before
        # the original, a clone and a clone of the clone, played in an interleaved order with the same actions
        a, b = st.clone(), st.clone()
        d = b.clone()
        seq_rng = random.Random(rng.randrange(1 << 30))
        for step in range(3000):
            if a.is_terminal():
                break
            legal = a.legal_actions()
            x = legal[seq_rng.randrange(len(legal))]
            for s in ((d, a, b) if step % 2 else (b, d, a)):
                assert s.legal_actions() == legal
                s.apply_action(x)
        assert a.is_terminal() and a.to_json() == b.to_json() == d.to_json()
        assert json.dumps(st.to_json()) == json.dumps(before)


def test_clone_containers_are_not_shared():
    """Changing, in place, every container that the rules change in place never changes the original."""
    for n, opts in [(4, {"question_time": True}), (2, {"scenario": 4}), (3, {"scenario": 5})]:
        for st in random_states(PrimeMinisterGame(n, **opts), 6, seed=8):
            before = json.dumps(st.to_json(), sort_keys=True)
            c = st.clone()
            for field in ("pol", "party", "role", "standing", "favour", "vp", "cubes", "refused_agreement",
                          "unc_stack", "won", "proposed", "tasks"):
                getattr(c, field).append(7)
            for field in ("hand", "bill_hand", "qt_hands", "shown", "sector_pos"):
                for h in getattr(c, field):
                    h.append(7)
            for field in ("decks", "discards"):
                for v in getattr(c, field).values():
                    v.append(7)
            c.mps["A"] += 1
            for car in c.careers:
                car["x"] = 1
            for b in c.bills:
                b["adj"] += 1
                b["debate"].append(["x", 0, "pact"])
            for t in c.tasks[:-1]:
                if t[0] == "eff":
                    t[2]["_sector"] = 3
                else:
                    t.append(1)
            if c.pending is not None:
                c.pending["x"] = 1
            if c.turn is not None:
                c.turn["doubled"].append(7)
                c.turn["denied"].append(7)
                c.turn["acted"] = "x"
            for v in c.scen.values():
                if isinstance(v, list):
                    v.append(7)
                elif isinstance(v, dict):
                    v["x"] = 1
            c.scen["y"] = 1
            c.rng.random()
            assert json.dumps(st.to_json(), sort_keys=True) == before


# ==============================================================================================================
# uniformity over the consistent worlds of small constructed positions (chi-square)
# ==============================================================================================================
# chi-square critical values at significance 0.001 (scipy.stats.chi2.ppf(0.999, df))
CHI2_999 = {3: 16.266, 47: 82.720}


def chi_square(counts: Counter, worlds: set, total: int) -> float:
    expected = total / len(worlds)
    return sum((counts.get(w, 0) - expected) ** 2 / expected for w in worlds)


def _bare_state(n=4, seed=0, **opts):
    st = PrimeMinisterGame(n, **opts).new_initial_state(seed=seed)
    return st, st.current_player()


def test_supporters_uniform_within_reshuffle_classes():
    """Seat q1 holds a (known: a refused request showed it) and one hidden card; q2 one, q3 two; the deck two. Cards
    c, d were drawn before the last reshuffle (tag 0), b, e, f, g belong to it (tag 1): q2's card and q3's first are
    tag 0, the rest tag 1. Consistent worlds: {c, d} over the two tag-0 places (2) x {b, e, f, g} over q1's hidden
    place, q3's second and the deck in order (24) = 48."""
    st, player = _bare_state()
    q1, q2, q3 = [(player + k) % 4 for k in (1, 2, 3)]
    a, b, c, d, e, f, g = range(7)
    st.hand = [[] for _ in range(4)]
    st.hand[q1], st.hand[q2], st.hand[q3] = [a, b], [c], [d, e]
    st.shown[q1] = [a]
    st.decks["supporters"] = [f, g]
    st.discards["supporters"] = list(range(7, len(R.SUP_IDS)))
    tags = [0] * len(R.SUP_IDS)
    for x in (b, e, f, g) + tuple(range(7, len(R.SUP_IDS))):
        tags[x] = 1
    st.shuffle_tags = dict(st.shuffle_tags, supporters=tags)
    st.turn = {"seat": q3, "acted": True, "doubled": [d], "denied": []}  # Father of the House: d held at the start
    tag_of = {x: tags[x] for x in range(7)}
    places = [(q1, 1), (q2, 0), (q3, 0), (q3, 1), ("deck", 0), ("deck", 1)]
    want = {(q1, 1): 1, (q2, 0): 0, (q3, 0): 0, (q3, 1): 1, ("deck", 0): 1, ("deck", 1): 1}

    def world(hands, deck):
        return tuple(sorted(hands[q1])), tuple(hands[q2]), tuple(sorted(hands[q3])), tuple(deck)

    worlds = set()
    for perm in itertools.permutations([b, c, d, e, f, g]):
        if all(tag_of[x] == want[p] for x, p in zip(perm, places)):
            hands = {q1: [a, perm[0]], q2: [perm[1]], q3: [perm[2], perm[3]]}
            worlds.add(world(hands, perm[4:]))
    assert len(worlds) == 48
    rng = random.Random(2024)
    counts = Counter()
    total = 48 * 120
    for _ in range(total):
        s = st.sample_hidden(player, rng)
        w = world(s.hand, s.decks["supporters"])
        assert w in worlds, w  # never an inconsistent world
        assert s.turn["doubled"] == [s.hand[q3][0]]  # the card held since the start of the turn
        counts[w] += 1
    assert len(counts) == 48
    assert chi_square(counts, worlds, total) < CHI2_999[47]


def test_question_time_hands_uniform_without_by_elections():
    """PMQT: q1 holds 2 Event cards, q2 one, the deck two, one of them a By-Election, which no PMQT hand can hold.
    Consistent worlds: the 3 hand places from the 4 other Events in order (24) x the deck's 2 cards in order (2)."""
    st, player = _bare_state(question_time=True)
    q1, q2, q3 = [(player + k) % 4 for k in (1, 2, 3)]
    x, y, z, w_, bye = 0, 1, 2, 3, min(BY_ELECTIONS)
    st.qt_hands = [[] for _ in range(4)]
    st.qt_hands[q1], st.qt_hands[q2] = [x, y], [z]
    st.decks["events"] = [bye, w_]
    st.discards["events"] = [e for e in range(len(R.EVENT_IDS)) if e not in (x, y, z, w_, bye)]
    st.event = -1

    def world(s):
        return tuple(s.qt_hands[q1]), tuple(s.qt_hands[q2]), tuple(s.decks["events"])

    worlds = set()
    for perm in itertools.permutations([x, y, z, w_, bye]):
        if bye not in perm[:3]:
            worlds.add((perm[:2], perm[2:3], perm[3:]))
    assert len(worlds) == 48
    rng = random.Random(77)
    counts = Counter()
    total = 48 * 120
    for _ in range(total):
        w = world(st.sample_hidden(player, rng))
        assert w in worlds, w
        counts[w] += 1
    assert len(counts) == 48
    assert chi_square(counts, worlds, total) < CHI2_999[47]


def test_riots_uniform_above_their_floor():
    """Scenario 5: the Riots were shuffled into the top six Events over 4 cards; two have been drawn since, so the
    Riots are at one of the 4 places above the floor, uniformly; never below."""
    st, player = _bare_state(3, scenario=5)
    riots = st.scen["riots"]
    others = [e for e in range(len(R.EVENT_IDS)) if e != riots][:7]
    st.decks["events"] = others[:4] + [others[4], riots, others[5], others[6]]
    st.discards["events"] = [e for e in range(len(R.EVENT_IDS)) if e != riots and e not in others]
    st.scen["riots_in_deck"] = True
    st.scen["riots_floor"] = 4
    rng = random.Random(5)
    counts = Counter()
    total = 4000
    for _ in range(total):
        pos = st.sample_hidden(player, rng).decks["events"].index(riots)
        assert pos >= 4
        counts[pos] += 1
    assert chi_square(counts, {4, 5, 6, 7}, total) < CHI2_999[3]
