"""Democracy events (RULES.md, "Events"): trick results, deals, island ends with the table as it stood, the end
of the game; every event public, a seat's view unchanged by cards it cannot see; kept by save/load."""
from __future__ import annotations

import copy
import json
import random

from test_positions_democracy import worked_example

import hustings
from hustings.democracy import DemocracyGame, card_name, parse_card
from hustings.democracy.rules import NUM_KINDS, POINTS, trick_winner


def full_example() -> dict:
    """The RULES.md worked example with P2's and P3's hands given too."""
    pos = copy.deepcopy(worked_example())
    pos["hands"][2] = ["5H", "10H", "8S"]
    pos["hands"][3] = ["7H", "5D", "6H"]
    return pos


def step_cards(env, *cards):
    for c in cards:
        env.step(parse_card(c))


def test_tricks_of_the_worked_example_are_recorded_at_the_reveal():
    env = hustings.make("democracy", num_players=4)
    env.reset(seed=0, options={"position": full_example()})
    assert env.events() == [] and env.new_events() == []
    env.step(parse_card("4H"))  # P1, face down: nothing the table can report
    assert env.new_events() == [] and env.events() == []
    step_cards(env, "5H")
    assert env.new_events() == []
    step_cards(env, "7H")  # P3, the dealer, last: the reveal
    (trick,) = env.new_events()
    assert trick == {"type": "trick", "trick": 4, "upcard": "QH", "trump": "Hearts",
                     "plays": ["AD", "4H", "5H", "7H"], "winner": 2, "how": "trump", "discarded": []}
    # trick 5 under the 4C: nobody plays a club; the joker (a non-trump 5, L30) ties P3's 5D: each keeps its card
    step_cards(env, "3H", "JOKER", "8S", "5D")
    (trick,) = env.new_events("player_0")
    assert (trick["winner"], trick["how"], trick["discarded"]) == (None, "tie", ["4C"])
    assert trick["plays"] == ["3H", "JOKER", "8S", "5D"] and trick["upcard"] == "4C" and trick["trump"] == "Clubs"
    # trick 6 under the 9D: no diamond, the highest rank wins (a king); then the second day is dealt
    step_cards(env, "7C", "KC", "10H", "6H")
    trick, deal = env.new_events()
    assert (trick["winner"], trick["plays"][1], trick["how"], trick["trump"]) == (1, "KC", "highest", "Diamonds")
    st = env.game_state
    assert deal == {"type": "deal", "island": 2, "day": 2, "dealer": 3, "cards_each": 4,
                    "upcard": card_name(st.pool[0])}
    text = [env.game.describe_event(e) for e in env.events()]
    assert text[0] == ("Trick 4 (upcard QH, trump Hearts): P0 AD, P1 4H, P2 5H, P3 7H -> P2 wins with 5H "
                       "(highest trump)")
    assert "tie between P1 and P3" in text[1] and "upcard 4C discarded" in text[1]
    assert text[3].startswith("Island 2, second day: P3 deals 4 cards")


def two_player_last_trick(tribes) -> dict:
    """2 players, the last trick of an island: P0 holds the 6S, P1 the 5S, the upcard is the 9S (trump Spades).
    P0's pile has all the clubs, the AS and 4S (7 spade points) and the 6H; P1's has the rest."""
    spades = ["3S", "KS", "QS", "JS", "10S", "8S", "7S"]
    p0 = [r + "C" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A", "3", "4", "5")] + ["AS", "4S", "6H"]
    p1 = spades + [r + s for s in "DH" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A", "3", "4", "5")]
    p1.remove("6H")
    return {"island": 2, "day": 2, "trick": 4, "dealer": 1, "tribes": tribes, "hands": [["6S"], ["5S"]],
            "upcard": "9S", "voting_pool": [], "won_piles": [p0, p1]}


def test_island_end_carries_the_table_before_the_next_deal():
    env = hustings.make("democracy", num_players=2)
    env.reset(seed=3, options={"position": two_player_last_trick([0, 1])})
    step_cards(env, "6S", "5S")
    trick, island, deal = env.new_events()
    # the rulebook's 6 of trump beating the 5 of trump (L29)
    assert (trick["winner"], trick["plays"], trick["how"]) == (0, ["6S", "5S"], "six_beats_five")
    assert island["type"] == "island" and island["island"] == 2
    assert island["points"] == [[25, 0, 0, 13], [0, 25, 25, 12]]  # 6S + 5S + 9S bring P0 to 13 spades
    assert island["scored"] == {"Clubs": 0, "Diamonds": 1, "Hearts": 1, "Spades": 0}
    assert island["gained"] == [2, 2] and island["tribes"] == [2, 3]
    assert island["discards"] == []
    # the state has moved on to island 3, but the event kept island 2's table
    st = env.game_state
    assert st.island == 2 and not any(map(sum, st.captured)) and st.tribes == [2, 3]
    assert deal["type"] == "deal" and (deal["island"], deal["day"], deal["dealer"]) == (3, 1, 0)
    assert env.game.describe_event(island) == ("Island 2 scored: Clubs to P0, Diamonds to P1, Hearts to P1, "
                                               "Spades to P0; tribes P0=2 P1=3")


def test_game_end_event_names_the_winners():
    env = hustings.make("democracy", num_players=2)
    env.reset(seed=3, options={"position": two_player_last_trick([4, 0])})
    step_cards(env, "6S", "5S")
    trick, island, end = env.new_events()
    assert island["tribes"] == [6, 2]
    assert end == {"type": "game_end", "winners": [0], "tribes": [6, 2], "truncated": False, "islands": 2}
    assert all(env.terminations.values()) and env.game_state.winners() == [0]
    assert env.game.describe_event(end) == "Game over after 2 island(s): P0 won; tribes P0=6 P1=2"
    trunc = hustings.make("democracy", num_players=2, max_islands=2)
    trunc.reset(seed=3, options={"position": two_player_last_trick([2, 0])})
    step_cards(trunc, "6S", "5S")
    assert trunc.new_events()[-1] == {"type": "game_end", "winners": [], "tribes": [4, 2], "truncated": True,
                                      "islands": 2}


def test_events_of_random_games_match_the_play():
    for n in (2, 3, 4, 5, 6):
        game = DemocracyGame(n)
        st = game.new_initial_state(seed=n)
        rng = random.Random(n)
        tribes = [0] * n
        while not st.is_terminal():
            before = len(st.event_log)
            plays_before = st.plays[:]
            mover = st.current_player()
            legal = st.legal_actions()
            card = legal[rng.randrange(len(legal))]
            st.apply_action(card)
            new = st.events(since=before)
            if not new:
                continue
            trick = new[0]
            assert trick["type"] == "trick" and trick["plays"][mover] == card_name(card)
            assert all(trick["plays"][p] == card_name(c) for p, c in enumerate(plays_before) if c >= 0)
            ids, upcard = [parse_card(c) for c in trick["plays"]], parse_card(trick["upcard"])
            assert trick["winner"] == trick_winner(ids, upcard)
            assert (trick["how"] == "tie") == (trick["winner"] is None) and (trick["discarded"] != []) == (
                trick["winner"] is None)
            if trick["how"] == "six_beats_five":
                assert ids[trick["winner"]] % 12 == 0 and ids[trick["winner"]] + 11 in ids
            assert game.describe_event(trick).startswith(f"Trick {trick['trick']} (upcard {trick['upcard']}")
            for e in new[1:]:
                if e["type"] == "island":
                    per_suit = [sum(e["points"][p][s] for p in range(n)) for s in range(4)]
                    for c in e["discards"]:
                        if c != "JOKER":
                            per_suit["CDHS".index(c[-1])] += POINTS[parse_card(c)]
                    assert per_suit == [25] * 4
                    for suit, seat in e["scored"].items():
                        s = ("Clubs", "Diamonds", "Hearts", "Spades").index(suit)
                        assert (seat is None) == (max(e["points"][p][s] for p in range(n)) < 13)
                    tribes = [t + g for t, g in zip(tribes, e["gained"])]
                    assert e["tribes"] == tribes
        assert st.events()[-1]["type"] == "game_end" and st.events()[-1]["winners"] == st.winners()
        counts = {}
        for e in st.events():
            counts[e["type"]] = counts.get(e["type"], 0) + 1
        assert counts["deal"] == 2 * st.island and counts["island"] == st.island
        assert counts["trick"] == st.island * sum(game.hand_size)
        json.dumps(st.events_to_json())  # JSON-able


def test_every_event_is_public_and_a_seat_view_ignores_cards_it_cannot_see():
    # two tables that differ only in what P1 cannot see: P2 and P3 swap two cards, and P0's face-down card is
    # another card of P0's hand; P1's view of the log is the same at every step up to the reveal
    a_pos, b_pos = full_example(), full_example()
    b_pos["hands"][2], b_pos["hands"][3] = ["5H", "10H", "6H"], ["7H", "5D", "8S"]
    b_pos["hands"][0], b_pos["committed"][0] = ["AD", "7C"], "3H"
    envs = []
    for pos in (a_pos, b_pos):
        env = hustings.make("democracy", num_players=4)
        env.reset(seed=0, options={"position": pos})
        envs.append(env)
    for card in ("4H", "5H"):
        for env in envs:
            env.step(parse_card(card))
        assert envs[0].events("player_1") == envs[1].events("player_1")
    # a whole game: no event has private fields, so every seat sees the whole log, as the table does
    st = DemocracyGame(4).new_initial_state(seed=9)
    rng = random.Random(9)
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    everyone = st.events()
    assert everyone and all("private" not in e for e in everyone)
    assert all(st.events(p) == everyone for p in range(4))


def test_the_second_day_deal_event_does_not_depend_on_the_hidden_stub():
    game = DemocracyGame(4)
    st = game.new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(4 * 3 + 2):  # mid-way through the first day
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    other = st.clone()
    # the stub deals seat 0's hand, seat 1's, seat 2's, seat 3's, then the pool (4 cards each): shuffle the cards
    # going to P0, P2 and P3, all hidden from P1 (its own second-day hand and the pool stay as they are)
    hidden = list(range(0, 4)) + list(range(8, 16))
    cards = [other.stub[i] for i in hidden]
    random.Random(1).shuffle(cards)
    for i, c in zip(hidden, cards):
        other.stub[i] = c
    assert other.stub != st.stub
    while st.day == 0:
        legal = st.legal_actions()
        card = legal[rng.randrange(len(legal))]
        st.apply_action(card)
        other.apply_action(card)
        assert st.events(1) == other.events(1)
    assert st.hands[0] != other.hands[0] and st.hands[1] == other.hands[1]
    assert st.events(1)[-1]["type"] == "deal"


def test_save_and_load_keep_the_log_and_new_events_is_the_last_step():
    env = hustings.make("democracy", num_players=3)
    env.reset(seed=2)
    assert [e["type"] for e in env.new_events()] == ["deal"]  # after a reset: everything since the reset
    rng = random.Random(2)
    for _ in range(40):
        before = len(env.events())
        env.step(int(rng.choice([a for a in range(NUM_KINDS) if env.action_mask()[a]])))
        assert env.new_events() == env.events(since=before)
    saved = json.loads(json.dumps(env.save_state()))
    other = hustings.make("democracy", num_players=3)
    other.load_state(saved)
    assert other.events() == env.events() and other.events("player_2") == env.events("player_2")
    assert other.new_events() == []
    while not any(env.terminations.values()) and not any(env.truncations.values()):
        action = int(rng.choice([a for a in range(NUM_KINDS) if env.action_mask()[a]]))
        env.step(action)
        other.step(action)
        assert other.new_events() == env.new_events()
    assert other.events() == env.events() and other.events()[-1]["type"] == "game_end"


def test_render_shows_the_last_step_events_and_rollouts_record_nothing():
    env = hustings.make("democracy", num_players=4, render_mode="ansi")
    env.reset(seed=0, options={"position": full_example()})
    step_cards(env, "4H", "5H", "7H")
    assert "> Trick 4 (upcard QH, trump Hearts)" in env.render()
    st = env.game_state.clone()
    st.record_events = False
    mark = len(st.event_log)
    rng = random.Random(0)
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    assert len(st.event_log) == mark
