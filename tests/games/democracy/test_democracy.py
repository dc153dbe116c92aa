"""Democracy: the env API, exact masks, hidden information, and each rule through hand-built deals."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from helpers import (api_and_seed, cross_process_same, heuristic_win_share, mask_exact, no_leak, play_random,
                     random_final_states, save_load_continues, world_matches_rebuild)

import hustings
from hustings.core import ConfigError, DealError, IllegalActionError, StateFormatError
from hustings.democracy import DemocracyGame, card_name, parse_card
from hustings.democracy.rules import (FIRST_DAY_HAND, JOKER, JOKERS_IN_DECK, POINTS, DemocracyState, deck,
                                  second_day_hand, trick_winner)
from hustings.play import play_game

PLAYER_COUNTS = [2, 3, 4, 5, 6]


def C(*names):
    return [parse_card(n) for n in names]


# --- a deal builder: fill what a test does not care about with cards it does not use -----------------
def build_deal(n, hands=None, pool=None, dealer=0, second_day=None, tribes=None, filler_seed=0):
    """A complete first-day deal for ``n`` players; given hand/pool prefixes are kept, the rest filled."""
    h = FIRST_DAY_HAND[n]
    hands = [list(x) for x in (hands or [[] for _ in range(n)])]
    hands += [[] for _ in range(n - len(hands))]
    pool = list(pool or [])
    used = [c for hand in hands for c in hand] + pool
    if second_day:
        used += [c for hand in second_day["hands"] for c in hand] + second_day["pool"]
    rest = deck(n)
    for c in used:
        rest.remove(parse_card(c))
    random.Random(filler_seed).shuffle(rest)
    # fill with 6s/farmers first would bias; any leftover card is fine, tests only assert on their own cards
    for hand in hands:
        while len(hand) < h:
            hand.append(card_name(rest.pop()))
    while len(pool) < h:
        pool.append(card_name(rest.pop()))
    deal = {"dealer": dealer, "hands": hands, "pool": pool}
    if second_day:
        deal["second_day"] = second_day
    if tribes:
        deal["tribes"] = tribes
    return deal


def play_trick(state, cards_by_seat):
    """Each seat plays its card, in the rules' order (left of the dealer first)."""
    for _ in range(state.n):
        p = state.current_player()
        state.apply_action(parse_card(cards_by_seat[p]))


# --- the env API ---------------------------------------------------------------------------------
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_pettingzoo_api_and_seed(n):
    api_and_seed("democracy", n)


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_mask_exact(n):
    assert mask_exact("democracy", n, games=2, seed=n) > 20


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_same_seed_same_game_across_processes(n):
    cross_process_same("democracy", n, seed=11)


@pytest.mark.parametrize("n", [3, 4])
def test_save_load_mid_game_continues_identically(n):
    save_load_continues("democracy", n, seed=3, cut=29)


def test_reset_seed_reproduces_and_differs():
    def first_hands(seed):
        env = hustings.make("democracy", num_players=4)
        env.reset(seed=seed)
        return [tuple(h) for h in env.game_state.hands], env.game_state.dealer
    assert first_hands(7) == first_hands(7)
    assert first_hands(7) != first_hands(8)


def test_own_hand_in_observation_matches_rules():
    env = hustings.make("democracy", num_players=4)
    env.reset(seed=2)
    st = env.game_state
    for p in range(4):
        obs = env.observe(f"player_{p}")["observation"]
        assert obs[:49].tolist() == st.hands[p]


# --- errors --------------------------------------------------------------------------------------
def test_illegal_action_error_names_agent_action_and_legal_moves_and_changes_nothing():
    env = hustings.make("democracy", num_players=4)
    env.reset(seed=4)
    agent = env.agent_selection
    hand = env.game_state.hands[int(agent.split("_")[1])]
    bad = next(c for c in range(49) if hand[c] == 0)
    before = env.save_state()
    with pytest.raises(IllegalActionError) as err:
        env.step(bad)
    msg = str(err.value)
    assert agent in msg and f"action {bad}" in msg and card_name(bad) in msg
    assert "legal actions" in msg and card_name(next(c for c in range(49) if hand[c])) in msg
    assert env.save_state() == before and env.agent_selection == agent


@pytest.mark.parametrize("kwargs, needle", [
    ({"num_players": 7}, "2..6"), ({"num_players": 1}, "2..6"), ({"num_players": "4"}, "int"),
    ({"num_players": 4, "max_islnds": 3}, "unknown option"), ({"num_players": 4, "max_islands": 0}, ">= 1"),
    ({"num_players": 4, "reward": "points"}, "reward"), ({"num_players": 4, "illegal_action": "ignore"}, "illegal"),
    ({"num_players": 4, "render_mode": "rgb_array"}, "render_mode"),
])
def test_bad_config_is_clear_error(kwargs, needle):
    with pytest.raises(ConfigError, match=needle):
        hustings.make("democracy", **kwargs)


def test_unknown_game_is_clear_error():
    with pytest.raises(ConfigError, match="unknown game"):
        hustings.make("monopoly")


@pytest.mark.parametrize("mutate, needle", [
    (lambda d: d["hands"][0].__setitem__(0, "2S"), "unknown card"),
    (lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]), "more than once"),
    (lambda d: d["hands"][0].pop(), "must list 6 cards"),
    (lambda d: d["pool"].append("5S"), "must list 6 cards"),
    (lambda d: d.__setitem__("dealer", 4), "dealer"),
    (lambda d: d.__setitem__("hands", d["hands"][:3]), "4 hands"),
    (lambda d: d.__setitem__("colour", "red"), "unknown deal key"),
    (lambda d: d.__setitem__("tribes", [5, 0, 0, 0]), "tribes"),
])
def test_bad_deal_is_clear_error(mutate, needle):
    deal = build_deal(4)
    mutate(deal)
    env = hustings.make("democracy", num_players=4)
    with pytest.raises(DealError, match=needle):
        env.reset(options={"deal": deal})


def test_too_many_jokers_is_clear_error():
    deal = build_deal(6, hands=[["JOKER"]])
    deal["hands"][1][0] = "JOKER"  # the 6-player deck has one joker
    with pytest.raises(DealError, match="joker"):
        hustings.make("democracy", num_players=6).reset(options={"deal": deal})


def test_corrupt_saved_state_is_clear_error():
    env = hustings.make("democracy", num_players=4)
    env.reset(seed=0)
    saved = env.save_state()
    broken = json.loads(json.dumps(saved))
    broken["state"]["hands"][0].append("5S")  # a card twice
    with pytest.raises(StateFormatError):
        env.load_state(broken)
    with pytest.raises(StateFormatError, match="format"):
        env.load_state({"hello": 1})
    other = hustings.make("democracy", num_players=3)
    with pytest.raises(StateFormatError, match="democracy"):
        other.load_state(saved)
    missing = json.loads(json.dumps(saved))
    del missing["state"]["pool"]
    with pytest.raises(StateFormatError, match="malformed"):
        env.load_state(missing)


# --- hidden information ----------------------------------------------------------------------------
def _reshuffle_hidden(data: dict, observer: int, rng: random.Random) -> dict:
    """The same game with every card ``observer`` cannot see permuted among the hidden places."""
    data = json.loads(json.dumps(data))
    n, trick = data["num_players"], data["trick"]
    slots = []  # (container, index) of each hidden card
    for p in range(n):
        if p != observer:
            slots += [(data["hands"][p], i) for i in range(len(data["hands"][p]))]
            if data["plays"][p] is not None:
                slots.append((data["plays"], p))
    slots += [(data["pool"], i) for i in range(trick + 1, len(data["pool"]))]
    slots += [(data["stub"], i) for i in range(len(data["stub"]))]
    slots += [(data["unseen_discards"], i) for i in range(len(data["unseen_discards"]))]
    cards = [box[i] for box, i in slots]
    rng.shuffle(cards)
    for (box, i), c in zip(slots, cards):
        box[i] = c
    return data


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_no_leak_of_hidden_cards(n):
    checked, changed = no_leak(DemocracyGame(n), _reshuffle_hidden, games=6, max_steps=120, seed=n)
    assert checked > 0 and changed > 0, "the reshuffle never changed the hidden cards: the test would prove nothing"


def test_commitments_are_hidden_until_the_trick_resolves():
    deal = build_deal(3, hands=[["5S"], ["4S"], ["3S"]], pool=["9H"], dealer=2)
    env = hustings.make("democracy", num_players=3)
    env.reset(options={"deal": deal})
    before = env.observe("player_1")["observation"].copy()
    env.step(parse_card("5S"))  # player 0 commits first (left of dealer 2)
    after = env.observe("player_1")["observation"]
    diff = np.flatnonzero(before != after)
    fields = {name: (start, size) for name, start, size, _ in env.game.observation_fields()}
    start, size = fields["committed"]
    # only "player 0 (two seats clockwise of player 1) has committed" changed for player 1
    assert diff.tolist() == [start + 2]
    own_start, _ = fields["own_commitment"]
    assert env.observe("player_0")["observation"][own_start + parse_card("5S")] == 1


def test_render_for_a_seat_hides_other_hands():
    env = hustings.make("democracy", num_players=3, render_mode="ansi")
    env.reset(options={"deal": build_deal(3, hands=[["5S"], ["4S"], ["3S"]])})
    full = env.render()
    assert "5S" in full and "4S" in full
    mine = env.game_state.render(player=0)
    assert "5S" in mine and "4S" not in mine and "8 cards" in mine


def test_render_human_prints(capsys):
    env = hustings.make("democracy", num_players=2, render_mode="human")
    env.reset(seed=0)
    assert "Democracy 2p" in capsys.readouterr().out


# --- the rules, through hand-built deals ---------------------------------------------------------
def test_deck_sizes_and_first_day_deal():
    for n, (size, hand) in {2: (48, 12), 3: (48, 8), 4: (50, 6), 5: (48, 4), 6: (49, 4)}.items():
        assert len(deck(n)) == size and deck(n).count(JOKER) == JOKERS_IN_DECK[n]
        st = DemocracyGame(n).new_initial_state(seed=1)
        assert [sum(h) for h in st.hands] == [hand] * n and len(st.pool) == hand
        assert len(st.stub) == size - hand * (n + 1)


@pytest.mark.parametrize("n, expected", [(2, 4), (3, 4), (4, 4), (5, 4), (6, 3)])
def test_second_day_deal_sizes(n, expected):
    assert second_day_hand(n) == expected
    st = DemocracyGame(n).new_initial_state(seed=n)
    rng = random.Random(0)
    while st.day == 0:
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    assert [sum(h) for h in st.hands] == [expected] * n
    assert len(st.pool) == expected and st.trick == 0 and st.island == 0
    assert st.unseen_discards == []  # every standard deck splits evenly (DEM-A2)


def test_rank_order_and_points():
    assert [card_name(c)[:-1] for c in range(12)] == ["6", "7", "8", "9", "10", "J", "Q", "K", "A", "3", "4", "5"]
    assert [POINTS[c] for c in range(12)] == [0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5]
    assert all(sum(POINTS[s * 12:(s + 1) * 12]) == 25 for s in range(4))
    assert POINTS[JOKER] == 0


def test_highest_trump_wins_and_upcard_does_not_compete():
    assert trick_winner(C("KH", "3H", "AS"), parse_card("5H")) == 1
    assert trick_winner(C("7C", "6H", "5S"), parse_card("4H")) == 1  # the only trump wins, even the 6
    assert trick_winner(C("QD", "KD"), parse_card("5D")) == 1  # the 5 upcard does not take the trick


def test_six_beats_five_only_when_both_are_trump_and_played():
    assert trick_winner(C("5H", "6H", "4H"), parse_card("9H")) == 1
    assert trick_winner(C("5H", "4H"), parse_card("9H")) == 0
    assert trick_winner(C("5H", "6S"), parse_card("9H")) == 0  # the 6 is not trump
    assert trick_winner(C("5S", "6S", "AH"), parse_card("9H")) == 2  # not trump: the trump ace wins
    assert trick_winner(C("4H", "6H"), parse_card("5H")) == 0  # upcard 5 does not trigger it
    assert trick_winner(C("5S", "6S"), parse_card("9H")) == 0  # no trump: 5 highest, the rule is for trumps


def test_no_trump_played_highest_rank_wins_whatever_suit():
    assert trick_winner(C("KC", "QS", "AD"), parse_card("9H")) == 2
    assert trick_winner(C("KC", "QS"), parse_card("9H")) == 0  # a king beats a queen
    assert trick_winner(C("6C", "10S"), parse_card("9H")) == 1


def test_tie_between_suits_each_keeps_own_card_and_upcard_is_discarded():
    assert trick_winner(C("KC", "KS", "QD"), parse_card("9H")) is None
    deal = build_deal(3, hands=[["KC"], ["KS"], ["QD"]], pool=["9H"], dealer=2)
    st = DemocracyGame(3).new_initial_state(deal=deal)
    play_trick(st, {0: "KC", 1: "KS", 2: "QD"})
    assert st.captured[0][parse_card("KC")] == 1 and sum(st.captured[0]) == 1
    assert st.captured[1][parse_card("KS")] == 1 and sum(st.captured[1]) == 1
    assert st.captured[2][parse_card("QD")] == 1 and sum(st.captured[2]) == 1  # DEM-A5: every player
    assert st.discards == [parse_card("9H")]
    assert st.last_winner is None


def test_winner_takes_the_trick_and_the_upcard():
    deal = build_deal(3, hands=[["3H"], ["KS"], ["QD"]], pool=["5H"], dealer=2)
    st = DemocracyGame(3).new_initial_state(deal=deal)
    play_trick(st, {0: "3H", 1: "KS", 2: "QD"})
    assert sorted(card_name(c) for c in range(49) for _ in range(st.captured[0][c])) == ["3H", "5H", "KS", "QD"]
    assert st.points[0] == [0, 2, 8, 2] and st.last_winner == 0


def test_jokers_are_non_trump_fives():
    up = parse_card("9H")
    assert trick_winner([JOKER, parse_card("AS")], up) == 0  # beats any non-trump below a 5
    assert trick_winner([JOKER, parse_card("6H")], up) == 1  # loses to any trump
    assert trick_winner([JOKER, parse_card("5S")], up) is None  # ties a non-trump 5
    assert trick_winner([JOKER, JOKER], up) is None
    deal = build_deal(4, hands=[["JOKER"], ["AS"], ["KS"], ["QS"]], pool=["9H"], dealer=3)
    st = DemocracyGame(4).new_initial_state(deal=deal)
    play_trick(st, {0: "JOKER", 1: "AS", 2: "KS", 3: "QS"})
    assert st.last_winner == 0 and st.points[0][3] == 3 + 2 + 2 + 0 and st.points[0][2] == 1


def test_joker_upcard_means_no_trump():
    assert trick_winner(C("6H", "7S"), JOKER) == 1
    deal = build_deal(4, hands=[["6H"], ["7S"], ["8C"], ["9D"]], pool=["JOKER"], dealer=3)
    st = DemocracyGame(4).new_initial_state(deal=deal)
    assert st.observation(0)[49 * 2:].sum() > 0
    play_trick(st, {0: "6H", 1: "7S", 2: "8C", 3: "9D"})
    assert st.last_winner == 3 and st.captured[3][JOKER] == 1  # the joker upcard goes to the winner


def test_play_order_left_of_dealer_first_dealer_last():
    st = DemocracyGame(4).new_initial_state(deal=build_deal(4, dealer=1))
    order = []
    for _ in range(4):
        p = st.current_player()
        order.append(p)
        st.apply_action(st.legal_actions()[0])
    assert order == [2, 3, 0, 1]


def test_scoring_threshold_is_13_points_per_suit():
    st = DemocracyGame(3).new_initial_state(seed=0)
    st.points = [[13, 12, 0, 0], [12, 13, 0, 0], [0, 0, 12, 12]]
    st._score_island()
    assert st.tribes == [1, 1, 0]


def test_a_played_island_scores_a_tribe_at_exactly_13_points_and_not_at_12():
    # Day 1, hearts are trump and nobody holds a heart, so the higher rank wins each trick. Seat 0 takes
    # 5S 4S JS QS (exactly 13 spade points) in the first four tricks; seat 1 takes the other eight.
    # Day 2, clubs are trump and nobody holds a club; seat 1's spades all outrank seat 0's, so seat 1 takes
    # every spade left: 10S KS AS 3S + 6S 7S 8S 9S = exactly 12 spade points.
    seat0_day1 = ["5S", "4S", "JS", "QS", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC"]
    seat1_day1 = ["6D", "7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD", "3D", "4D", "5D"]
    deal = {"dealer": 1, "hands": [seat0_day1, seat1_day1],
            "pool": ["6H", "7H", "8H", "9H", "10H", "JH", "QH", "KH", "AH", "3H", "4H", "5H"],
            "second_day": {"hands": [["6S", "7S", "8S", "9S"], ["10S", "KS", "AS", "3S"]],
                           "pool": ["AC", "3C", "4C", "5C"]}}
    st = DemocracyGame(2).new_initial_state(deal=deal)
    scripts = [seat0_day1 + ["6S", "7S", "8S", "9S"], seat1_day1 + ["10S", "KS", "AS", "3S"]]
    points_before_last_trick = None
    while st.island == 0:
        if st.day == 1 and st.trick == 3 and st.turn == 0:
            points_before_last_trick = [row[:] for row in st.points]
        p = st.current_player()
        st.apply_action(parse_card(scripts[p].pop(0)))
    assert points_before_last_trick[0][3] == 13
    # seat 0: spades 13 -> 1 tribe; seat 1: clubs 25, diamonds 22, hearts 22 -> 3 tribes, spades 12 -> none
    assert st.tribes == [1, 3]


def _deal_for_tribe_finish(tribes):
    """2 players; seat 0 wins 13+ points of spades on the first trick-day, seat 1 nothing."""
    pool = ["6S", "7S", "8S", "9S", "10H", "JH", "QH", "KH", "AH", "3H", "4H", "5H"]
    hands = [["5S", "4S", "3S", "AS", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"],
             ["7D", "8D", "9D", "10D", "JD", "QD", "KD", "AD", "3D", "4D", "5D", "6D"]]
    return {"dealer": 1, "hands": hands, "pool": pool, "tribes": tribes}


def _play_island_greedy(st):
    """Seat 0 plays its highest spade while it has one, then anything; seat 1 never plays a spade."""
    island = st.island
    while not st.is_terminal() and st.island == island:
        p = st.current_player()
        legal = st.legal_actions()
        spades = [c for c in legal if c != JOKER and c // 12 == 3]
        others = [c for c in legal if c not in spades]
        st.apply_action(max(spades) if (p == 0 and spades) else (min(others) if others else legal[0]))


def test_game_ends_when_a_player_reaches_five_tribes():
    env = hustings.make("democracy", num_players=2)
    env.reset(options={"deal": _deal_for_tribe_finish([4, 0])})
    st = env.game_state
    spades_points_first_day = 5 + 4 + 3 + 3 + 0 + 1 + 1 + 1
    assert spades_points_first_day == 18
    while not st.is_terminal():
        p = st.current_player()
        legal = st.legal_actions()
        spades = [c for c in legal if c != JOKER and c // 12 == 3]
        others = [c for c in legal if c not in spades]
        env.step(max(spades) if (p == 0 and spades) else (min(others) if others else legal[0]))
        if st.island > 0:
            break
    assert st.is_terminal() and st.tribes[0] >= 5 and st.winners() == [0]
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env._cumulative_rewards == {"player_0": 1.0, "player_1": -1.0}


def test_shared_win_when_two_players_reach_the_same_top():
    st = DemocracyGame(3).new_initial_state(seed=0)
    st.tribes = [4, 4, 2]
    st.points = [[13, 0, 0, 0], [0, 13, 0, 0], [0, 0, 12, 12]]
    st._score_island()
    assert st.is_terminal() and st.winners() == [0, 1] and st.returns() == [1.0, 1.0, -1.0]


def test_island_not_over_below_five_tribes_and_deal_rotates():
    st = DemocracyGame(2).new_initial_state(deal=_deal_for_tribe_finish([3, 0]), seed=2)
    _play_island_greedy(st)
    assert not st.is_terminal() and st.tribes[0] == 4 and st.island == 1
    assert st.dealer == 0 and st.day == 0 and st.trick == 0  # the deal rotated from seat 1 to seat 0
    assert [sum(h) for h in st.hands] == [12, 12]
    assert all(sum(c) == 0 for c in st.captured)


def test_truncation_at_island_cap_has_no_winner():
    env = hustings.make("democracy", num_players=6, max_islands=1)
    env.reset(seed=0)
    play_random(env, random.Random(0))
    # after one island nobody can have 5 tribes (4 suits): truncated, reward 0 for all
    assert env.agents == []
    env.reset(seed=0)
    rewards = {}
    for agent in env.agent_iter():
        obs, rew, term, trunc, info = env.last()
        if term or trunc:
            rewards[agent] = (rew, term, trunc)
            env.step(None)
            continue
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(r == (0.0, False, True) for r in rewards.values()) and len(rewards) == 6


def test_illegal_action_terminate_mode():
    env = hustings.make("democracy", num_players=3, illegal_action="terminate", illegal_penalty=-5)
    env.reset(seed=0)
    agent = env.agent_selection
    bad = int(np.flatnonzero(env.action_mask() == 0)[0])
    env.step(bad)
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -5 and sum(env._cumulative_rewards.values()) == -5
    assert env.infos[agent]["illegal_action"] is True


def test_score_reward_mode_pays_tribes_as_they_are_scored():
    env = hustings.make("democracy", num_players=2, reward="score")
    env.reset(options={"deal": _deal_for_tribe_finish([0, 0])})
    st = env.game_state
    total = {"player_0": 0.0, "player_1": 0.0}
    while st.island == 0:
        p = st.current_player()
        legal = st.legal_actions()
        spades = [c for c in legal if c != JOKER and c // 12 == 3]
        others = [c for c in legal if c not in spades]
        env.step(max(spades) if (p == 0 and spades) else (min(others) if others else legal[0]))
        for a in total:
            total[a] += env.rewards[a]
    assert total["player_0"] == st.tribes[0] >= 1 and total["player_1"] == st.tribes[1]


# --- many random games -----------------------------------------------------------------------------
@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_thousands_of_random_games_keep_invariants(n, monkeypatch):
    islands_checked = [0]
    original = DemocracyState._score_island

    def checked(self):
        # every card of the island accounted for once, 25 points per suit among the piles and discards
        self._check_consistent()
        per_suit = [sum(self.points[p][s] for p in range(self.n)) for s in range(4)]
        for c in self.discards + self.unseen_discards:
            if c != JOKER:
                per_suit[c // 12] += POINTS[c]
        assert per_suit == [25, 25, 25, 25]
        assert all(sum(h) == 0 for h in self.hands) and self.stub == []
        islands_checked[0] += 1
        original(self)

    monkeypatch.setattr(DemocracyState, "_score_island", checked)
    count = 2000
    finished = 0
    for state, steps in random_final_states("democracy", n, count, seed=n):
        assert state.is_terminal()
        if not state.truncated:
            finished += 1
            assert max(state.tribes) >= 5 and state.winners()
            assert all(state.tribes[p] == max(state.tribes) for p in state.winners())
    assert islands_checked[0] >= count * 2 and finished > count * 0.9


@pytest.mark.parametrize("n", [2, 4, 6])
def test_incremental_observation_state_matches_a_rebuild(n):
    game = DemocracyGame(n)
    rng = random.Random(n)
    for g in range(5):
        st = game.new_initial_state(seed=g)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
            assert world_matches_rebuild(st)
            st._check_consistent()


# --- bots ------------------------------------------------------------------------------------------
def test_heuristic_beats_random_clearly():
    # fair share is 0.25; 120 games give a standard error of about 0.04
    assert heuristic_win_share("democracy", 4, 120) > 0.5


def test_bots_only_choose_legal_actions_and_are_seeded():
    game = DemocracyGame(5)
    a = play_game(game, [hustings.make_bot("democracy", "heuristic", seed=i) for i in range(5)], seed=3)
    b = play_game(game, [hustings.make_bot("democracy", "heuristic", seed=i) for i in range(5)], seed=3)
    assert a.to_json() == b.to_json()


def test_unknown_bot_is_clear_error():
    with pytest.raises(ConfigError, match="heuristic"):
        hustings.make_bot("democracy", "genius")
