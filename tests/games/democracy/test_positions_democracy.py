"""Democracy positions (RULES.md, "Positions"): the worked example verbatim, filling from the seed, stacking the
undealt cards, round trips from real games, and one clear PositionError per kind of mistake."""
from __future__ import annotations

import copy
import json
import os
import random
import re

import pytest

import hustings
from hustings.core import PositionError, StateFormatError
from hustings.democracy import DemocracyGame, card_name, parse_card
from hustings.democracy.checks import check_state
from hustings.democracy.positions import to_position
from hustings.democracy.rules import JOKERS_IN_DECK, NUM_KINDS
from helpers import ROOT



def C(*names):
    return [parse_card(n) for n in names]


def worked_example() -> dict:
    """The JSON block of RULES.md's "Positions" section, parsed as it is printed."""
    with open(os.path.join(ROOT, "envs", "democracy", "RULES.md"), encoding="utf-8") as f:
        text = f.read()
    section = text[text.index("## Positions"):text.index("## Events")]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def hand_of(state, seat):
    return sorted(card_name(c) for c in range(NUM_KINDS) for _ in range(state.hands[seat][c]))


def pile_of(state, seat):
    return sorted(card_name(c) for c in range(NUM_KINDS) for _ in range(state.captured[seat][c]))


def play_to_end(state, rng, max_steps=10_000):
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        state._check_consistent()
        steps += 1
    return steps


# --- the worked example ------------------------------------------------------------------------------
def test_rules_md_worked_example_sets_up_that_table():
    env = hustings.make("democracy", num_players=4)
    env.reset(seed=11, options={"position": worked_example()})
    st = env.game_state
    assert (st.island, st.day, st.trick, st.dealer) == (1, 0, 3, 3)  # island 2, first day, trick 4; P3 dealt
    assert env.agent_selection == "player_1" and st.current_player() == 1
    assert st.plays == [parse_card("AD"), -1, -1, -1] and st.turn == 1
    assert hand_of(st, 0) == sorted(["3H", "7C"]) and hand_of(st, 1) == sorted(["4H", "KC", "JOKER"])
    assert [sum(h) for h in st.hands] == [2, 3, 3, 3]
    assert card_name(st.pool[st.trick]) == "QH" and [card_name(c) for c in st.pool[st.trick + 1:]] == ["4C", "9D"]
    assert pile_of(st, 0) == sorted(["KD", "6C", "5C", "JC", "QD", "10C"]) and pile_of(st, 3) == ["10D"]
    assert st.points == [[8, 4, 0, 0], [0, 0, 2, 0], [3, 3, 0, 4], [0, 1, 0, 0]]
    assert [card_name(c) for c in st.discards] == ["8C"] and st.tribes == [1, 0, 0, 0]
    # the previous trick: the rulebook's 6 of trump beating the 5 of trump (L29)
    assert [card_name(c) for c in st.last_trick] == ["6C", "5C", "JC", "QD"] and st.last_winner == 0
    assert [card_name(c) for c in st.stub[:4]] == ["5S", "4S", "3S", "AS"] and len(st.stub) == 20
    assert st.score_version == 1
    # the observation says the same: P1's own hand, P0 committed (not which card), the last winner, the upcard
    obs = st.observation(1)
    fields = {name: (start, length) for name, start, length, _ in env.game.observation_fields()}
    start, _ = fields["hand"]
    assert [card_name(c) for c in range(NUM_KINDS) if obs[start + c]] == ["KC", "4H", "JOKER"]
    start, _ = fields["committed"]
    assert list(obs[start:start + 4]) == [0, 0, 0, 1]  # P1 first, then clockwise: P2, P3, P0
    start, _ = fields["last_winner"]
    assert list(obs[start:start + 4]) == [0, 0, 0, 1]
    start, _ = fields["upcard"]
    assert obs[start + parse_card("QH")] == 1
    check_state(st)
    assert env.game.state_from_json(st.to_json()).to_json() == st.to_json()


def test_worked_example_plays_on_and_deals_the_stacked_second_day():
    env = hustings.make("democracy", num_players=4)
    env.reset(seed=5, options={"position": worked_example()})
    st = env.game_state
    rng = random.Random(0)
    while st.day == 0:
        legal = st.legal_actions()
        env.step(legal[rng.randrange(len(legal))])
    assert hand_of(st, 0) == sorted(["5S", "4S", "3S", "AS"])  # the stacked top of the stub
    assert sum(sum(p) for p in st.captured) + len(st.discards) == 6 * 5
    play_to_end(st, rng)
    assert st.is_terminal()


def test_left_out_cards_are_drawn_from_the_seed():
    game = DemocracyGame(4)
    a = game.state_from_position(worked_example(), seed=1)
    b = game.state_from_position(worked_example(), seed=1)
    c = game.state_from_position(worked_example(), seed=2)
    assert a.to_json() == b.to_json()
    assert (hand_of(a, 2), hand_of(a, 3), a.stub) != (hand_of(c, 2), hand_of(c, 3), c.stub)
    for st in (a, c):  # what the position gives is fixed
        assert hand_of(st, 1) == sorted(["4H", "KC", "JOKER"]) and st.stub[:4] == C("5S", "4S", "3S", "AS")
        named = {card_name(x) for x in st.stub} | set(hand_of(st, 2)) | set(hand_of(st, 3))
        assert not named & {"AD", "3H", "7C", "4H", "KC", "QH", "4C", "9D", "8C", "KD", "10D"}
        check_state(st)


def test_empty_position_is_an_opening_deal():
    for n in (2, 3, 4, 5, 6):
        st = DemocracyGame(n).state_from_position({}, seed=n)
        assert (st.island, st.day, st.trick, st.turn) == (0, 0, 0, 0) and not any(map(sum, st.captured))
        assert sorted(c for h in st.hands for c in range(NUM_KINDS) for _ in range(h[c])) != []
        check_state(st)
        assert play_to_end(st, random.Random(n)) > 0 and st.is_terminal()


def test_second_day_position_with_drawn_piles_and_hidden_commitment():
    game = DemocracyGame(3)
    pos = {"island": 3, "day": 2, "trick": 3, "dealer": 0, "tribes": [2, 1, 3], "discards": ["9C"],
           "committed": [None, "?", None], "hands": [None, ["5S"], None]}
    # dealer 0: P1 plays first; P1 has put a card face down that the position does not name
    st = game.state_from_position(pos, seed=7)
    check_state(st)
    assert st.current_player() == 2 and st.plays[1] >= 0 and hand_of(st, 1) == ["5S"]
    assert [sum(h) for h in st.hands] == [2, 1, 2]  # 4 cards on the second day, 2 tricks played, P1 committed
    # 8 first-day tricks + 2 second-day tricks: 4 cards each into the piles and discards
    assert sum(map(sum, st.captured)) + len(st.discards) == 10 * 4
    assert all((sum(pile) - 1) % 4 == 0 for pile in st.captured)  # one tie: 1 + a multiple of 4 each
    assert st.stub == [] and st.score_version == 2
    saved = st.to_json()
    assert game.state_from_json(saved).to_json() == saved
    assert play_to_end(st, random.Random(1)) > 0 and st.is_terminal()


def test_positions_round_trip_real_games():
    for n in (2, 4, 6):
        game = DemocracyGame(n)
        rng = random.Random(n)
        st = game.new_initial_state(seed=n)
        checked = 0
        while not st.is_terminal() and checked < 25:
            if rng.random() < 0.15:
                rebuilt = game.state_from_position(to_position(st), seed=0)
                a, b = st.to_json(), rebuilt.to_json()
                for key in a:
                    if key not in ("rng", "pool", "last_trick", "last_winner"):
                        assert a[key] == b[key], key
                assert a["pool"][st.trick:] == b["pool"][st.trick:]
                if st.trick:
                    assert (a["last_trick"], a["last_winner"]) == (b["last_trick"], b["last_winner"])
                assert (rebuilt.observation(0) == st.observation(0)).all() or not st.trick
                checked += 1
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        assert checked > 5


def test_position_through_reset_refuses_a_non_dict():
    env = hustings.make("democracy", num_players=4)
    with pytest.raises(PositionError, match="dict"):
        env.reset(options={"position": [1, 2]})


# --- every kind of mistake is a PositionError naming the field --------------------------------------
def _set(key, value):
    return lambda p: p.__setitem__(key, value)


def _hand0(value):
    return lambda p: p["hands"].__setitem__(0, value)


BAD = [
    (_set("isle", 2), "unknown position field"),
    (_set("island", 0), "'island'"),
    (_set("island", "2"), "'island'"),
    (_set("island", True), "'island'"),
    (_set("island", 41), "'island'"),  # beyond the default max_islands=40
    (_set("day", 3), "'day'"),
    (_set("trick", 7), "'trick'"),
    (_set("trick", -1), "'trick'"),
    (_set("dealer", 4), "'dealer'"),
    (_set("tribes", [5, 0, 0, 0]), r"'tribes\[0\]'"),
    (_set("tribes", [1, 0, 0]), "'tribes'"),
    (_hand0(["3H"]), r"'hands\[0\]'.*exactly 2"),
    (_hand0(["3H", "KD"]), "KD is already in"),
    (_hand0(["3H", "2S"]), "unknown card"),
    (_hand0(["JOKER", "JOKER"]), "joker"),
    (_set("hands", [["3H", "7C"]]), "'hands'"),
    (_set("committed", [None, "KS", None, None]), "'committed'"),
    (_set("committed", ["AD", "?", "?", "?"]), "'committed'"),
    (_set("to_play", 2), "'to_play'"),
    (_set("upcard", "3H"), "already in"),
    (_set("voting_pool", ["4C"]), "'voting_pool'.*exactly 2"),
    (lambda p: p["points"][0].__setitem__(0, 9), r"'points\[0\]'"),
    (lambda p: p.__setitem__("won_piles", None), "'points'"),
    (lambda p: p["won_piles"][3].append("8D"), "'won_piles'"),
    (lambda p: (p["won_piles"][3].append("8D"), p["won_piles"][1].remove("KH"), p["discards"].append("KH"),
                p.pop("points")), "'won_piles'"),
    (lambda p: (p["won_piles"][0].remove("10C"), p["won_piles"][1].append("10C"), p.pop("points")),
     r"won_piles\[0\]|won_piles"),
    (_set("discards", ["8C", "KS", "9S", "8H"]), "'discards'"),
    (lambda p: p["last_trick"].__setitem__("plays", ["6C", "5C", "JC", "KS"]), "'last_trick'"),
    (lambda p: p["last_trick"].__setitem__("upcard", "3C"), "'last_trick'"),
    (_set("last_trick", {"plays": ["6C", "5C", "JC", "QD"]}), "'last_trick'"),
    (lambda p: p["undealt"].append("AD"), "already in"),
    (_set("undealt", ["KS"] * 2), "already in"),
    (lambda p: p.update(day=2, trick=1, hands=None, committed=None, won_piles=None, points=None,
                        last_trick=None, upcard=None, voting_pool=None, to_play=None), "'undealt'"),
    (_set("undealt", [card_name(c) for c in range(21)]), "'undealt'"),
]


@pytest.mark.parametrize("mutate, needle", BAD)
def test_bad_position_is_a_clear_error(mutate, needle):
    pos = copy.deepcopy(worked_example())
    mutate(pos)
    with pytest.raises(PositionError, match=needle):
        DemocracyGame(4).state_from_position(pos, seed=0)


def test_last_trick_needs_a_trick_and_a_tie_needs_its_discard():
    game = DemocracyGame(2)
    with pytest.raises(PositionError, match="last_trick"):
        game.state_from_position({"last_trick": {"upcard": "5S", "plays": ["6S", "7S"]}}, seed=0)
    with pytest.raises(PositionError, match="discards"):
        game.state_from_position({"trick": 2, "last_trick": {"upcard": "9C", "plays": ["KD", "KH"]}}, seed=0)
    st = game.state_from_position({"trick": 2, "discards": ["9C"],
                                   "last_trick": {"upcard": "9C", "plays": ["KD", "KH"]}}, seed=0)
    assert st.last_winner is None and st.captured[0][parse_card("KD")] == 1 and st.captured[1][parse_card("KH")]
    check_state(st)


def test_joker_counts_follow_the_deck():
    for n in (2, 3, 4, 5, 6):
        game = DemocracyGame(n)
        jokers = ["JOKER"] * JOKERS_IN_DECK[n]
        pos = {"hands": [jokers + [card_name(c) for c in range(game.hand_size[0] - len(jokers))]] + [None] * (n - 1)}
        game.state_from_position(pos, seed=0)
        pos["hands"][0][-1] = "JOKER"
        with pytest.raises(PositionError, match="joker|JOKER"):
            game.state_from_position(pos, seed=0)


def test_saved_state_errors_name_the_field():
    env = hustings.make("democracy", num_players=4)
    env.reset(seed=0, options={"position": worked_example()})
    saved = env.save_state()
    for key, value, needle in [("trick", -1, "'trick'"), ("tribes", [999, 0, 0, 0], r"'tribes\[0\]'"),
                               ("island", "1", "'island'"), ("dealer", 1.0, "'dealer'"),
                               ("turn", 2, "'plays'"), ("score_version", 0, "'score_version'"),
                               ("last_winner", 3, "'last_winner'"), ("finished", 1, "'finished'")]:
        broken = copy.deepcopy(saved)
        broken["state"][key] = value
        with pytest.raises(StateFormatError, match=needle):
            env.load_state(broken)
    broken = copy.deepcopy(saved)
    broken["state"]["finished"] = True
    with pytest.raises(StateFormatError, match="finished"):
        env.load_state(broken)
    broken = copy.deepcopy(saved)
    del broken["state"]["rng"]
    with pytest.raises(StateFormatError, match="missing field.*'rng'"):
        env.load_state(broken)
    env.load_state(saved)  # the untouched save still loads
    assert env.agent_selection == "player_1"
