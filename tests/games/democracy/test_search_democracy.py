"""Democracy: the search contracts, ``State.clone()`` and ``State.sample_hidden(player, rng)``.

What a seat cannot see in Democracy (RULES.md, DEM-A9 and "Information-set sampling"): the other seats' hands, the
cards they have committed to the current trick, the unturned voting-pool cards and the undealt stub (in order),
and any unseen second-day leftovers. Any card may be played at any time, so no play reveals a void: the only
constraints on a sample are the sizes of those places.
"""
from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest

from hustings.bench.clone import midgame_states
from hustings.democracy import DemocracyGame, card_name, parse_card
from hustings.democracy.rules import JOKER, JOKERS_IN_DECK, NUM_KINDS

PLAYER_COUNTS = [2, 3, 4, 5, 6]


def C(*names):
    return [parse_card(x) for x in names]


def unpack(counts):
    return tuple(c for c in range(NUM_KINDS) for _ in range(counts[c]))


def hidden_of(st, player):
    """Where every card hidden from ``player`` is: the other seats' hands and commitments, the unturned pool (in
    order), the stub (in order) and the unseen leftovers."""
    others = [q for q in range(st.n) if q != player]
    return (tuple(unpack(st.hands[q]) for q in others), tuple(st.plays[q] for q in others),
            tuple(st.pool[st.trick + 1:]), tuple(st.stub), tuple(sorted(st.unseen_discards)))


def public_of(st, player):
    """Everything ``player`` knows, beyond the observation vector: the layout of the hidden places and history."""
    return (st.n, st.island, st.day, st.trick, st.dealer, st.turn, st.current_player(), st.finished,
            st.truncated, tuple(st.tribes), tuple(st.hands[player]), st.plays[player],
            tuple(sum(h) for h in st.hands), tuple(c >= 0 for c in st.plays), tuple(st.pool[:st.trick + 1]),
            len(st.pool), len(st.stub), len(st.unseen_discards), tuple(map(tuple, st.captured)),
            tuple(map(tuple, st.points)), tuple(st.discards), tuple(st.last_trick), st.last_winner,
            st.score_version, tuple(st.winners()))


def card_counts(st):
    seen = [0] * NUM_KINDS
    for group in (*st.hands, *st.captured):
        for c, k in enumerate(group):
            seen[c] += k
    for c in (*st.pool[st.trick:], *st.stub, *st.discards, *st.unseen_discards, *(c for c in st.plays if c >= 0)):
        seen[c] += 1
    return seen


def full_deck(n):
    return [1] * 48 + [JOKERS_IN_DECK[n]]


def play_random_to_end(st, rng, legal_check=True, limit=100_000):
    steps = 0
    while not st.is_terminal() and steps < limit:
        legal = st.legal_actions()
        assert legal, "a seat to move must have a legal action"
        st.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    assert st.is_terminal()
    return steps


@pytest.fixture(scope="module", params=PLAYER_COUNTS)
def table(request):
    n = request.param
    game = DemocracyGame(n)
    return game, midgame_states(game, 30, seed=100 + n)


# --- sample_hidden at every table size, every seat, many mid-game states ------------------------------
def test_sample_keeps_what_the_player_knows_and_conserves_cards(table):
    game, states = table
    rng = random.Random(1)
    for st in states:
        before = st.to_json()
        for p in range(game.num_players):
            s = st.sample_hidden(p, rng)
            assert np.array_equal(s.observation(p), st.observation(p))
            assert public_of(s, p) == public_of(st, p)
            if st.current_player() == p:
                assert s.legal_actions() == st.legal_actions()
                assert np.array_equal(s.legal_mask(), st.legal_mask())
            assert card_counts(s) == full_deck(game.num_players)
            # the world vector (every seat's blocks, the global observation) is consistent with the new deal
            rebuilt = game.state_from_json(s.to_json())
            assert np.array_equal(rebuilt.world, s.world)
            assert np.array_equal(s.global_observation(), rebuilt.global_observation())
            assert s.rng is not st.rng
        assert st.to_json() == before, "sample_hidden must leave the real state unchanged"


def test_sample_varies_the_hidden_cards(table):
    game, states = table
    rng = random.Random(2)
    checked = 0
    for st in states:
        for p in range(game.num_players):
            real = hidden_of(st, p)
            kinds = {c for part in real[0] for c in part} | {c for c in real[1] if c >= 0} | set(real[2]) \
                | set(real[3])
            if len(kinds) < 2:
                continue  # at most one kind of hidden card: nothing can vary
            seen = {hidden_of(st.sample_hidden(p, rng), p) for _ in range(12)}
            assert len(seen) > 1, f"sampler did not vary the hidden cards of seat {p}"
            checked += 1
    assert checked >= len(states)


def test_sample_depends_only_on_the_information_set(table):
    """Two states the player cannot tell apart give the same sample from the same rng seed: the sampler never
    reads where the hidden cards really are."""
    game, states = table
    for i, st in enumerate(states[:10]):
        for p in range(game.num_players):
            twin = st.sample_hidden(p, random.Random(i))
            a = st.sample_hidden(p, random.Random(1000 + i))
            b = twin.sample_hidden(p, random.Random(1000 + i))
            assert a.to_json() == b.to_json()


def test_sample_future_chance_is_fresh(table):
    game, states = table
    rng = random.Random(3)
    stub_differs = stub_checked = 0
    for st in states:
        p = st.current_player()
        real_rng = st.rng.getstate()
        samples = [st.sample_hidden(p, rng) for _ in range(6)]
        rngs = [s.rng.getstate() for s in samples]
        assert all(r != real_rng for r in rngs), "the sample must not continue the real game's RNG"
        assert len(set(rngs)) == len(rngs), "each sample gets its own RNG"
        assert st.rng.getstate() == real_rng
        if len(st.stub) >= 2:  # the second-day deal is hidden: its order is redrawn
            stub_checked += 1
            stub_differs += any(s.stub != st.stub for s in samples)
        # the next island's deal comes from the sample's own RNG: the same play gives different next deals
        a, b = samples[0].clone(), samples[1].clone()
        island = a.island
        while not a.is_terminal() and a.island == island:
            a.apply_unchecked(a.legal_actions()[0])
        while not b.is_terminal() and b.island == island:
            b.apply_unchecked(b.legal_actions()[0])
        if not a.is_terminal() and not b.is_terminal():
            assert (a.hands, a.pool, a.stub) != (b.hands, b.pool, b.stub)
    assert stub_differs == stub_checked


def test_sample_same_seed_same_sample(table):
    game, states = table
    for st in states[:5]:
        for p in range(game.num_players):
            assert st.sample_hidden(p, random.Random(7)).to_json() == st.sample_hidden(p, random.Random(7)).to_json()


def test_play_from_a_sample_continues_legally_to_the_end(table):
    game, states = table
    rng = random.Random(4)
    for st in states[:8]:
        before = st.to_json()
        for p in range(game.num_players):
            s = st.sample_hidden(p, rng)
            play_random_to_end(s, rng)
            assert s.winners() or s.truncated
        assert st.to_json() == before


def test_sample_of_a_finished_game():
    game = DemocracyGame(3)
    st = game.new_initial_state(seed=5)
    play_random_to_end(st, random.Random(5))
    s = st.sample_hidden(0, random.Random(0))
    assert s.is_terminal() and s.winners() == st.winners()
    assert np.array_equal(s.observation(0), st.observation(0))


def test_sample_rejects_a_bad_seat():
    st = DemocracyGame(3).new_initial_state(seed=1)
    for bad in (-1, 3, True, "0"):
        with pytest.raises(ValueError):
            st.sample_hidden(bad, random.Random(0))


# --- clone ---------------------------------------------------------------------------------------------
def test_clone_is_independent_and_plays_on_identically(table):
    game, states = table
    rng = random.Random(5)
    for st in states[:10]:
        orig = st.clone()  # the fixture's states are shared by the other tests: play on a copy of each
        before = orig.to_json()
        c, other = orig.clone(), orig.clone()
        assert c.to_json() == before and other.to_json() == before
        assert np.array_equal(c.world, orig.world)
        # play one clone to the end through later deals (the RNG is shared copy-on-write)
        probe = orig.clone()
        actions = []
        while not probe.is_terminal():
            legal = probe.legal_actions()
            actions.append(legal[rng.randrange(len(legal))])
            probe.apply_action(actions[-1])
        assert orig.to_json() == before, "playing a clone must not change the original"
        for a in actions:
            c.apply_action(a)
        assert c.to_json() == probe.to_json()
        assert np.array_equal(c.world, probe.world)
        assert orig.to_json() == before
        # now the original itself plays first; the clone made before still follows it exactly
        for a in actions:
            orig.apply_action(a)
        assert orig.to_json() == probe.to_json()
        for a in actions:
            other.apply_action(a)
        assert other.to_json() == probe.to_json()
        assert st.to_json() == game.state_from_json(st.to_json()).to_json()


def test_clone_of_clone_and_world_independence():
    game = DemocracyGame(4)
    st = game.new_initial_state(seed=9)
    rng = random.Random(9)
    for _ in range(37):
        st.apply_action(st.legal_actions()[rng.randrange(len(st.legal_actions()))])
    before = st.to_json()
    a = st.clone()
    b = a.clone()
    a.world[:] = 7
    a.hands[0][0] += 5
    a.captured[1].append(0)
    a.pool.append(3)
    a.tribes[2] = 4
    a.rng.random()
    assert st.to_json() == before and b.to_json() == before
    assert not np.array_equal(st.world, a.world)
    assert b.rng.getstate() == st.rng.getstate()


# --- exact uniformity on small constructed positions --------------------------------------------------
def chi2_critical(df: int, z: float = 3.090232) -> float:
    """The chi-square critical value at significance 0.001 (z = 3.0902 is the normal's 0.999 quantile), by the
    Wilson-Hilferty approximation (within 0.1% of the exact value for df >= 30): 98.4 at df = 59."""
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def position(n, first_day, second_day, dealer, tricks_day2, moves):
    """A hand-built deal played through the whole first day (each seat plays its cards in the given order),
    ``tricks_day2`` second-day tricks and ``moves`` extra commitments."""
    game = DemocracyGame(n)
    deal = {"dealer": dealer, "hands": [[card_name(c) for c in h] for h in first_day["hands"]],
            "pool": [card_name(c) for c in first_day["pool"]],
            "second_day": {"hands": [[card_name(c) for c in h] for h in second_day["hands"]],
                           "pool": [card_name(c) for c in second_day["pool"]]}}
    st = game.new_initial_state(seed=0, deal=deal)
    queues = [list(h) for h in first_day["hands"]]
    while st.day == 0:
        p = st.current_player()
        st.apply_action(queues[p].pop(0))
    queues = [list(h) for h in second_day["hands"]]
    for _ in range(tricks_day2 * n + moves):
        p = st.current_player()
        st.apply_action(queues[p].pop(0))
    return st


def exact_worlds(st, player):
    """Every arrangement of the hidden cards that ``player`` cannot rule out, with its exact probability under a
    fair deal: the hidden physical cards (two jokers are two cards) in every order, dealt into the same places."""
    others = [q for q in range(st.n) if q != player]
    sizes = [sum(st.hands[q]) for q in others]
    committed = [q for q in others if st.plays[q] >= 0]
    tail, stub = len(st.pool) - st.trick - 1, len(st.stub)
    cards = [c for q in others for c in unpack(st.hands[q])] + [st.plays[q] for q in committed] \
        + st.pool[st.trick + 1:] + st.stub + st.unseen_discards
    freq = Counter()
    for perm in itertools.permutations(range(len(cards))):
        seq = [cards[i] for i in perm]
        pos, hands, plays = 0, [], dict.fromkeys(others, -1)
        for size in sizes:
            hands.append(tuple(sorted(seq[pos:pos + size])))
            pos += size
        for q in committed:
            plays[q] = seq[pos]
            pos += 1
        key = (tuple(hands), tuple(plays[q] for q in others), tuple(seq[pos:pos + tail]),
               tuple(seq[pos + tail:pos + tail + stub]), tuple(sorted(seq[pos + tail + stub:])))
        freq[key] += 1
    total = sum(freq.values())
    return {k: v / total for k, v in freq.items()}


def chi_square(st, player, samples, seed):
    worlds = exact_worlds(st, player)
    rng = random.Random(seed)
    got = Counter(hidden_of(st.sample_hidden(player, rng), player) for _ in range(samples))
    assert set(got) <= set(worlds), "the sampler produced a world the player has ruled out"
    stat = sum((got.get(k, 0) - samples * p) ** 2 / (samples * p) for k, p in worlds.items())
    return stat, len(worlds) - 1, worlds, got


def three_player_position():
    """3 players, second day, trick 3 of 4: seat 0 (the dealer, last to act) holds 2 cards; seat 1 has
    committed and holds 1 more; seat 2 holds 2; one pool card is unturned. Seat 1 played only diamonds to the
    first day's spade-trump tricks: no void follows from that (there is no duty to follow suit)."""
    first = {"hands": [C("6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"),
                       C("6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD"),
                       C("6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH")],
             "pool": C("6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS")}
    second = {"hands": [C("AC", "3C", "5S", "4S"), C("AD", "4C", "3S", "AS"), C("AH", "3D", "3H", "4D")],
              "pool": C("4H", "5C", "5D", "5H")}
    return position(3, first, second, dealer=0, tricks_day2=2, moves=1)


def test_uniform_over_the_consistent_worlds_3p():
    st = three_player_position()
    assert (st.day, st.trick, st.current_player()) == (1, 2, 2)
    for player in range(3):
        stat, df, worlds, got = chi_square(st, player, samples=100 * (len(exact_worlds(st, player))), seed=player)
        assert len(set(worlds.values())) == 1, "distinct cards: every consistent world is equally likely"
        assert len(got) == len(worlds), "every consistent world must be reachable"
        assert stat < chi2_critical(df), f"seat {player}: chi-square {stat:.1f} >= {chi2_critical(df):.1f} (df {df})"
    # seat 0's view: 5 hidden cards in places of sizes 1 (seat 1's hand), 2 (seat 2's), 1 (seat 1's commitment),
    # 1 (the unturned pool card): 5! / 2! = 60 worlds, and seat 1 may well hold the spades it never showed
    worlds = exact_worlds(st, 0)
    assert len(worlds) == 60
    assert any(any(c // 12 == 3 for c in k[0][0]) for k in worlds)


def four_player_joker_position():
    """4 players, second day, trick 3 of 4, both jokers hidden from seat 0 in other seats' hands or the pool;
    seat 2 has committed."""
    n = 4
    first = {"hands": [C("6C", "7C", "8C", "9C", "10C", "JC"), C("QC", "KC", "AC", "3C", "4C", "5C"),
                       C("6D", "7D", "8D", "9D", "10D", "JD"), C("QD", "KD", "AD", "3D", "4D", "5D")],
             "pool": C("6H", "7H", "8H", "9H", "10H", "JH")}
    second = {"hands": [C("QH", "KH", "AS", "3S"), C("AH", "3H", "JOKER", "4S"),
                        C("4H", "5H", "5S", "JOKER"), C("6S", "7S", "8S", "9S")],
              "pool": C("10S", "JS", "QS", "KS")}
    return position(n, first, second, dealer=1, tricks_day2=2, moves=1)


def test_uniform_with_two_hidden_jokers_4p():
    """The two jokers are two physical cards: a world with both in one hand is half as likely as one with them
    in two places (as in a real shuffle); the sampler matches these exact weights."""
    st = four_player_joker_position()
    assert (st.day, st.trick) == (1, 2) and sum(c >= 0 for c in st.plays) == 1
    worlds = exact_worlds(st, 0)
    hidden = Counter(c for part in hidden_of(st, 0)[0] for c in part)
    assert hidden[JOKER] + list(hidden_of(st, 0)[1]).count(JOKER) + list(hidden_of(st, 0)[2]).count(JOKER) == 2
    assert len(set(worlds.values())) == 2  # together (one weight) or apart (twice that)
    samples = 25 * len(worlds)
    stat, df, worlds, got = chi_square(st, 0, samples=samples, seed=11)
    assert stat < chi2_critical(df), f"chi-square {stat:.1f} >= {chi2_critical(df):.1f} (df {df})"
    together = sum(p for k, p in worlds.items() if any(h.count(JOKER) == 2 for h in k[0]))
    got_together = sum(v for k, v in got.items() if any(h.count(JOKER) == 2 for h in k[0])) / samples
    assert abs(got_together - together) < 4 * math.sqrt(together * (1 - together) / samples)


def test_the_hidden_places_are_exactly_the_documented_ones():
    """A seat that sees the same observation may hold any unseen card: the unseen cards are the deck minus the
    observer's hand and commitment, the won piles, the discards and the upcard."""
    st = three_player_position()
    for player in range(3):
        known = [0] * NUM_KINDS
        for c in unpack(st.hands[player]):
            known[c] += 1
        if st.plays[player] >= 0:
            known[st.plays[player]] += 1
        for pile in st.captured:
            for c, k in enumerate(pile):
                known[c] += k
        for c in st.discards + [st.pool[st.trick]]:
            known[c] += 1
        unseen = Counter({c: 1 - known[c] for c in range(48) if known[c] == 0})
        places = hidden_of(st, player)
        flat = Counter([c for part in places[0] for c in part] + [c for c in places[1] if c >= 0]
                       + list(places[2]) + list(places[3]) + list(places[4]))
        assert flat == unseen


# --- recommit: the other seats' hidden commitments as a model would have chosen them (search model=heuristic) -----
def _pending(states, player):
    """States where some other seat has committed to the current trick."""
    return [st for st in states if not st.finished and any(c >= 0 for q, c in enumerate(st.plays) if q != player)]


def test_recommit_redraws_each_commitment_as_the_model_chooses_from_what_the_seat_held(table):
    from hustings.democracy.bots import HeuristicBot

    game, states = table
    model = HeuristicBot(seed=0)
    rng = random.Random(7)
    checked = changed = 0
    for st in states:
        for p in range(game.num_players):
            if not _pending([st], p):
                continue
            s = st.sample_hidden(p, rng)
            uniform_plays = list(s.plays)
            expected = {}
            for q, c in enumerate(s.plays):  # what each seat would choose, from its own copy of the table
                if q != p and c >= 0:
                    alone = s.clone()
                    alone.hands[q][c] += 1
                    alone._rebuild_world()
                    expected[q] = model.act(alone, q)
            s.recommit(p, model.act)
            for q, c in enumerate(s.plays):
                if q == p or c < 0:
                    assert c == uniform_plays[q]  # own commitment and seats yet to commit untouched
                else:
                    assert c == expected[q]
                    checked += 1
                    changed += c != uniform_plays[q]
            assert np.array_equal(s.observation(p), st.observation(p))  # still p's information set
            assert public_of(s, p) == public_of(st, p)
            assert card_counts(s) == full_deck(game.num_players)
            assert np.array_equal(game.state_from_json(s.to_json()).world, s.world)
    assert checked >= 10 and changed > 0


@pytest.mark.parametrize("n", [3, 4, 6])
def test_while_the_model_chooses_the_state_is_what_that_seat_saw_when_it_committed(n):
    """A model that is a trained net reads the seat's observation and legal mask: during ``choose`` they must be
    exactly those of the real game at that seat's commitment (own card back, no own commitment, later seats not
    yet committed, that seat to move), and everything is back as it was afterwards."""
    game = DemocracyGame(n)
    rng = random.Random(n)
    st = game.new_initial_state(seed=11 * n)
    seen: dict[int, tuple] = {}  # seat -> (observation, mask) at its commitment to the current trick
    checked = 0
    while not st.is_terminal():
        q = st.current_player()
        if st.turn == 0:
            seen.clear()
        seen[q] = (st.observation(q).copy(), st.legal_mask().copy())
        if st.turn >= 2:
            me = st.current_player()
            world = st.clone()
            before = world.world.copy()
            calls = []

            def choose(s, seat):
                calls.append(seat)
                assert s.current_player() == seat
                obs, mask = seen[seat]
                assert np.array_equal(s.observation(seat), obs)
                assert np.array_equal(s.legal_mask(), mask)
                return s.plays[seat] if s.plays[seat] >= 0 else next(c for c in range(NUM_KINDS) if s.hands[seat][c])

            played = {r: world.plays[r] for r in range(n)}
            world.recommit(me, lambda s, seat: played[seat])  # the real choices: nothing may change
            assert np.array_equal(world.world, before) and world.current_player() == me
            world.recommit(me, lambda s, seat: (choose(s, seat), played[seat])[1])
            assert calls == [r for r in st._order[:st.turn] if r != me]
            assert np.array_equal(world.world, before)
            checked += len(calls)
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    assert checked >= 20


def test_recommit_keeps_a_card_the_seat_could_not_have_chosen():
    game = DemocracyGame(4)
    st = next(s for s in midgame_states(game, 30, seed=3) if s.turn >= 2)
    p = st.current_player()
    before = list(st.plays)
    committed = [q for q in range(4) if q != p and before[q] >= 0]
    assert committed
    not_held = lambda state, q: next(c for c in range(NUM_KINDS) if state.hands[q][c] == 0)  # noqa: E731
    st.recommit(p, not_held)
    assert st.plays == before
    assert np.array_equal(game.state_from_json(st.to_json()).world, st.world)


def test_the_modelled_search_samples_heuristic_commitments():
    from hustings.bots.search import make_search_bot
    from hustings.democracy.bots import HeuristicBot

    game = DemocracyGame(4)
    st = next(s for s in midgame_states(game, 30, seed=5) if s.turn >= 2)
    me = st.current_player()
    bot = make_search_bot("democracy", "pimc:iters=8,model=heuristic", seed=1)
    plain = make_search_bot("democracy", "pimc:iters=8", seed=1)
    model = HeuristicBot(seed=0)
    differs = False
    for i in range(20):
        world = bot.sampler(st, me, random.Random(i))
        uniform = plain.sampler(st, me, random.Random(i))
        assert [world.hands[q] for q in range(4) if world.plays[q] < 0] == \
            [uniform.hands[q] for q in range(4) if uniform.plays[q] < 0]  # the same draw, then the model
        for q in range(4):
            if q != me and world.plays[q] >= 0:
                alone = world.clone()
                alone.hands[q][alone.plays[q]] += 1
                alone._rebuild_world()
                assert model.act(alone, q) == world.plays[q]
                differs |= world.plays[q] != uniform.plays[q]
    assert differs
    assert bot.act(st, me) in st.legal_actions()


def test_the_search_can_model_the_other_seats_as_the_shipped_net():
    from hustings.bots.policy import shipped_net
    from hustings.bots.search import make_search_bot

    game = DemocracyGame(4)
    states = [s for s in midgame_states(game, 40, seed=6) if s.turn >= 2]
    bot = make_search_bot("democracy", "pimc:iters=8,model=shipped", seed=1)
    plain = make_search_bot("democracy", "pimc:iters=8", seed=1)
    by_heuristic = make_search_bot("democracy", "pimc:iters=8,model=heuristic", seed=1)
    net = shipped_net("democracy", num_players=4, seed=0)
    redrawn = unlike_heuristic = 0
    for i, st in enumerate(states):
        me = st.current_player()
        world = bot.sampler(st, me, random.Random(i))
        expected = plain.sampler(st, me, random.Random(i))  # the same draw ...
        uniform = list(expected.plays)
        expected.recommit(me, net.act)  # ... then each committed seat as the net chooses from what it saw
        assert world.plays == expected.plays
        assert np.array_equal(world.world, expected.world)
        redrawn += world.plays != uniform
        unlike_heuristic += world.plays != by_heuristic.sampler(st, me, random.Random(i)).plays
        assert np.array_equal(world.observation(me), st.observation(me))  # still the searcher's information set
    assert redrawn > 0 and unlike_heuristic > 0
    st = states[0]
    assert bot.act(st, st.current_player()) in st.legal_actions()
