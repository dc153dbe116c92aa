"""Event cards in positions: the order of the next Event reshuffle (``event_reshuffle``, beside
``supporter_reshuffle``) and Event cards out of the game (``out_of_play``): Scenario 5's Riots once the Second Reform
Act has passed (rulebook L1152, which the rules apply: the Riots found in the Event deck leave the game and the deck
is reshuffled) and the cards a Scenario's setup leaves out."""
from __future__ import annotations

import random

import pytest

from hustings.errors import PositionError
from hustings.prime_minister.components import EVENT_IDS, EVENT_INDEX
from hustings.prime_minister.rules import PrimeMinisterGame

RESHUFFLE = {"round": 2, "phase": "prime_minister", "decks": {"events": []}, "unplaced": {"events": "discards"},
             "event_reshuffle": ["EV05", "EV07"]}


def test_the_next_event_reshuffle_puts_the_listed_cards_on_top():
    game = PrimeMinisterGame(4)
    st = game.state_from_position(RESHUFFLE, seed=3)  # the Event deck is empty: the PM's draw turns over the discards
    assert EVENT_IDS[st.event] == "EV05" and st.pending["kind"] == "event"
    assert EVENT_IDS[st.decks["events"][-1]] == "EV07"  # next on top
    assert st.event_reshuffle == [] and len(st.decks["events"]) == 39  # used once; the rest shuffled beneath
    other = game.state_from_position(RESHUFFLE, seed=4)  # another seed: the same two, a different rest
    assert EVENT_IDS[other.event] == "EV05" and EVENT_IDS[other.decks["events"][-1]] == "EV07"


def test_the_order_is_kept_by_saved_states_and_positions_and_hidden_from_samples():
    game = PrimeMinisterGame(4)
    st = game.state_from_position({"round": 2, "event_reshuffle": ["EV05", "EV07"]}, seed=1)
    order = [EVENT_INDEX["EV05"], EVENT_INDEX["EV07"]]
    assert st.event_reshuffle == order
    assert st.to_position()["event_reshuffle"] == ["EV05", "EV07"]
    assert game.state_from_position(st.to_position(), seed=9).event_reshuffle == order
    assert game.state_from_json(st.to_json()).event_reshuffle == order and st.clone().event_reshuffle == order
    assert st.sample_hidden(st.current_player(), random.Random(0)).event_reshuffle == []  # future chance: not seen


def test_a_bad_event_reshuffle_or_out_of_play_is_refused():
    game = PrimeMinisterGame(4)
    for position, message in (
            ({"event_reshuffle": ["S01"]}, "event_reshuffle"),
            ({"event_reshuffle": ["EV05", "EV05"]}, "each Event once"),
            ({"out_of_play": {"events": ["EV05"]}}, "out_of_play.events .*this one is in play"),
            ({"out_of_play": {"supporters": ["S01"]}}, "out_of_play .*the Event cards out of the game"),
            ({"out_of_play": ["EV05"]}, "out_of_play")):
        with pytest.raises(PositionError, match=message):
            game.state_from_position(position, seed=0)


def test_the_riots_out_of_the_game_once_the_reform_act_has_passed():
    game = PrimeMinisterGame(4, scenario=5)
    riots = EVENT_INDEX["EV15"]
    with pytest.raises(PositionError, match="only once the Second Reform Act has passed \\(L1152\\)"):
        game.state_from_position({"out_of_play": {"events": ["EV15"]}}, seed=0)
    with pytest.raises(PositionError, match="not in the Event deck"):
        game.state_from_position({"out_of_play": {"events": ["EV15"]}, "passed": ["LB03"], "scenario": {
            "reform_act_passed_by": "liberal", "riots_in_event_deck": True}}, seed=0)
    with pytest.raises(PositionError, match="list it in passed"):
        game.state_from_position({"out_of_play": {"events": ["EV15"]}, "scenario": {"reform_act_passed_by": "liberal"}},
                                 seed=0)
    st = game.state_from_position({"round": 4, "out_of_play": {"events": ["EV15"]}, "passed": ["LB03"],
                                   "scenario": {"reform_act_passed_by": "liberal"}}, seed=0)
    assert not st.scen["riots_in_deck"] and riots not in st.decks["events"] + st.discards["events"]
    rng = random.Random(1)
    while not st.is_terminal():  # and they never come back
        st.apply_action(rng.choice(st.legal_actions()))
        assert riots not in st.decks["events"] and st.event != riots


def test_a_scenarios_own_left_out_events_may_be_listed():
    game = PrimeMinisterGame(4, scenario=1)  # a 9-card Event deck (L1015): the other 31 are out of the game
    st = game.new_initial_state(seed=0)
    left_out = sorted(set(range(len(EVENT_IDS))) - set(st.decks["events"]) - set(st.discards["events"]))
    assert len(left_out) == 31
    laid = game.state_from_position({"out_of_play": {"events": [EVENT_IDS[c] for c in left_out]}}, seed=0)
    assert sorted(laid.decks["events"]) == sorted(st.decks["events"])


def test_the_act_passing_takes_the_riots_out_of_the_event_deck_l1152():
    """The Act passes while the Riots lie in the Event deck (shuffled into its top six after a Bill Selection): they
    are found, removed from the game, and the Event deck is reshuffled."""
    game = PrimeMinisterGame(4, scenario=5)
    position = {"round": 3, "phase": "bill_resolution", "bills": [{"bill": "LB03", "vote_adjustment": 100}],
                "scenario": {"riots_in_event_deck": True}, "government_mps": {"A": 400, "M": 300, "P": 100}}
    st = game.state_from_position(position, seed=0)
    riots = st.scen["riots"]
    assert riots in st.decks["events"] and st.game.action_name(264) == "vote bill slot 1"
    others = sorted(c for c in st.decks["events"] if c != riots)
    st.apply_action(264)  # the PM passes the Act by Vote
    assert [e["bill"] for e in st.events() if e["type"] == "bill_passed"] == ["LB03"]
    assert st.scen["act_passed_by"] == st.gov_party and not st.scen["riots_in_deck"]
    assert sorted(st.decks["events"]) == others and "riots_floor" not in st.scen
    assert set(st.shuffle_tags["events"][c] for c in others) == {max(st.shuffle_tags["events"])}  # reshuffled
    rng = random.Random(0)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
        assert riots not in st.decks["events"] and st.event != riots
