"""Prime Minister events (issue 16, part 2): what the table sees happen, as structured events.

The rulebook's Example of Play (rounds 1-6, replayed through stacked decks by ``test_prime_minister_rules``) is the
constructed situation: its bill votes with their projections and Uncertainty cards, its By-Election, the Challenge
that makes Derby Prime Minister, the Election that follows (285 seats to 373, the Opposition's 6 VP), and the tables
at the ends of rounds. Then: hidden cards only in their owner's private fields (a seat's view of the log does not
change when cards it cannot see change), save / load keeps the log, ``env.new_events()``, ``render()``, and every
event of random games JSON-able and described in words.
"""
from __future__ import annotations

import json
import random

import pytest

import hustings
from hustings.prime_minister import rules as R
from hustings.prime_minister.rules import PrimeMinisterGame
from test_prime_minister_rules import BY_NAME, SUP_BY, act
from test_prime_minister_rules_example import DERBY, PEEL, ROSEBERY, RUSSELL, example_state, rounds_1_to_6


def of_type(events, *types):
    return [e for e in events if e["type"] in types]


@pytest.fixture(scope="module")
def example():
    st = example_state()
    rounds_1_to_6(st)
    return st


def test_example_of_play_bill_votes_with_projection_and_uncertainty(example):
    ev = example.events(None)
    resolved = of_type(ev, "bill_passed", "bill_failed")
    first = resolved[0]  # Round 1: Public Health Act at 330, Uncertainty -1: 329 fails (L1399)
    assert first == {"type": "bill_failed", "bill": BY_NAME["Public Health Act"], "slot": 1, "how": "vote",
                     "projection": 330, "uncertainty": "U01", "uncertainty_vote": -1}
    # Round 2: the Copyright Act at 360 cannot fail: no Uncertainty card is drawn (L1433)
    assert resolved[1] == {"type": "bill_passed", "bill": BY_NAME["Copyright Act"], "slot": 2, "how": "vote",
                           "projection": 360, "uncertainty": None, "uncertainty_vote": None}
    assert all(e["projection"] >= 350 or e["uncertainty"] is not None for e in resolved if e["how"] == "vote")


def test_example_of_play_by_election(example):
    # Round 2: the Government's projection 325 rounds to 330 = its MPs: the By-Election is held (L1429)
    assert of_type(example.events(None), "by_election")[0] == {
        "type": "by_election", "event": "BY1", "projection": 330, "projection_raw": 325, "government_mps": 330,
        "lost": False}


@pytest.mark.parametrize("mps,lost", [(330, False), (340, True)])
def test_by_election_logs_the_rounded_projection_it_compares(mps, lost):
    # a constructed table: the Liberal Government projects 325 seats; 8.2 compares 330 (L770) with its MPs
    sectors = {"Liberals": {"liberal": 0, "conservative": 0}, "Workers": {"liberal": 5, "conservative": 3},
               "Ireland": {"liberal": 9, "conservative": 2}, "Conservatives": {"liberal": 0, "conservative": 6}}
    pos = {"phase": "prime_minister", "players": [
        {"politician": p, "role": r} for p, r in (("P03", "gbb"), ("P10", "obb"), ("P07", "ol"), ("P02", "pm"))],
        "sectors": sectors, "government_mps": {"A": mps, "M": mps, "P": 0}, "bills": ["CP01"],
        "decks": {"events": ["BY1"]}}
    st = PrimeMinisterGame(4).state_from_position(pos, seed=0)
    assert st.projected(R.LIB) == 325
    by = of_type(st.events(None), "by_election")[0]
    assert by == {"type": "by_election", "event": "BY1", "projection": 330, "projection_raw": 325,
                  "government_mps": mps, "lost": lost}
    assert "projection 330 (rounded from 325) vs" in st.game.describe_event(by)


def test_example_of_play_challenge_office_and_election(example):
    ev = example.events(None)
    made = [e for e in of_type(ev, "challenge") if e["made"]]
    assert made[0] == {"type": "challenge", "challenger": DERBY, "target": RUSSELL, "made": True}
    i = ev.index(made[0])
    office = ev[i + 1]  # Derby becomes PM, the Backbenchers change sides (L1488)
    assert office["type"] == "office" and office["cause"] == "challenge" and office["prime_minister"] == DERBY
    assert office["roles"][DERBY] == "pm" and office["roles"][RUSSELL] == "ol"
    assert office["roles"][PEEL] == "gbb" and office["roles"][ROSEBERY] == "obb"
    assert office["government"] == "conservative"
    election = next(e for e in ev[i:] if e["type"] == "election")
    # projected 294, Uncertainty -9: 285 seats to 373; the Liberals gain 40 seats: 6 VP; Derby stays PM (L1496-1500)
    assert election["projection"] == 294 and election["uncertainty_seats"] == -9
    assert election["government_seats"] == 285 and election["opposition_seats"] == 373
    assert election["vp"] == {"government": 0, "opposition": 6} and election["winner"] == "government"
    assert sorted(election["pools"]["opposition"]) == sorted([RUSSELL, ROSEBERY])


def test_round_end_carries_the_table_as_it_stood(example):
    ends = of_type(example.events(None), "round_end")
    assert [e["round"] for e in ends[:5]] == [1, 2, 3, 4, 5]
    t1 = ends[0]["table"]
    vp = {p["seat"]: p["vp"] for p in t1["players"]}
    # after Round 1's failed vote (L1399) and before Round 2's round-start VP (Russell 5, Derby 6, L1411)
    assert vp[DERBY] == 4 and vp[PEEL] == 4 and vp[RUSSELL] == 1
    assert {p["seat"]: p["standing"] for p in t1["players"]}[ROSEBERY] == 0  # L1403
    assert {p["seat"]: p["favour"] for p in t1["players"]}[PEEL] == 2
    assert t1["government"] == "liberal" and not t1["pact"] and t1["government_mps"] == {"A": 330, "M": 330, "P": 0}
    assert [b["bill"] for b in t1["bills"]] == [BY_NAME["Elementary Education Act"], BY_NAME["Copyright Act"]]
    assert t1["projected_seats"]["conservative"] + t1["projected_seats"]["liberal"] == 658
    json.dumps(t1)
    # the table of a live state is the same function
    st = example_state()
    assert st.table()["round"] == 1 and len(st.table()["players"]) == 4


def test_game_end_event_names_the_winners():
    g = PrimeMinisterGame(3)
    for seed in range(3):
        st = g.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        end = st.events(None)[-1]
        assert end["type"] == "game_end" and end["winners"] == st.winners() and end["truncated"] == st.truncated
        assert end["round"] == st.round and len(end["vp"]) == 3  # VP at the moment the game ended


# --- hidden things only in their owner's private fields --------------------------------------------------------------
def _round_1_bills(deal_liberal):
    """The Example of Play's Round 1 Bill Selection with Derby's two Liberal draws replaced by ``deal_liberal``."""
    g = PrimeMinisterGame(4)
    deal = {"politicians": ["P03", "P10", "P07", "P02"], "liberal": deal_liberal}
    st = g.new_initial_state(seed=0, deal=deal)
    act(st, DERBY, "draw Party bill"); act(st, DERBY, "draw Party bill")
    act(st, DERBY, "bill Universities Tests Act")
    return st


def test_a_seat_does_not_see_another_seats_hidden_bills_in_the_log():
    a = _round_1_bills([BY_NAME["Ballot Act"], BY_NAME["Universities Tests Act"]])
    b = _round_1_bills([BY_NAME["Penal Servitude Act"], BY_NAME["Universities Tests Act"]])
    assert a.bill_hand[DERBY] != b.bill_hand[DERBY]  # the card Derby keeps differs ...
    for seat in (ROSEBERY, PEEL, RUSSELL):  # ... and no other seat can tell from the log
        assert a.events(seat) == b.events(seat)
    assert a.events(DERBY) != b.events(DERBY)
    drawn = of_type(a.events(DERBY), "bill_drawn")
    assert [e["bill"] for e in drawn] == [BY_NAME["Ballot Act"], BY_NAME["Universities Tests Act"]]
    assert all("bill" not in e for e in of_type(a.events(PEEL), "bill_drawn", "bill_proposed"))
    prop = of_type(a.events(None), "bill_proposed")[0]
    assert prop["private"] == {DERBY: {"bill": BY_NAME["Universities Tests Act"]}} and "bill" not in prop


def test_a_seat_does_not_see_another_seats_supporter_draw():
    # Rosebery's Round 2 Hobnob draws the deck's top Supporter (L1425): Mary Shelley, or another card
    worlds = []
    for first in ("Mary Shelley", "William Booth"):
        st = example_state()
        data = st.to_json()
        i, j = st.decks["supporters"].index(R.SUP_INDEX[SUP_BY["Mary Shelley"]]), \
            st.decks["supporters"].index(R.SUP_INDEX[SUP_BY[first]])
        data["decks"]["supporters"][i], data["decks"]["supporters"][j] = \
            data["decks"]["supporters"][j], data["decks"]["supporters"][i]
        st = st.game.state_from_json(data)
        rounds_to_round_2_hobnob(st)
        worlds.append(st)
    a, b = worlds
    assert a.hand[ROSEBERY] != b.hand[ROSEBERY]
    for seat in (PEEL, DERBY, RUSSELL):
        assert a.events(seat) == b.events(seat)
    mine = of_type(a.events(ROSEBERY), "supporters_drawn")[-1]
    assert mine["cards"] == [SUP_BY["Mary Shelley"]] and mine["count"] == 1
    assert "cards" not in of_type(a.events(PEEL), "supporters_drawn")[-1]


def rounds_to_round_2_hobnob(st):
    """The Example of Play up to Rosebery's Round 2 Hobnob (the moves of ``rounds_1_to_6``)."""
    act(st, DERBY, "draw Party bill"); act(st, DERBY, "draw Party bill"); act(st, DERBY, "bill Universities Tests Act")
    act(st, PEEL, "draw Party bill"); act(st, PEEL, "draw Party bill")
    act(st, PEEL, "bill Representation of the People Act")
    act(st, ROSEBERY, "draw Cross-Party bill"); act(st, ROSEBERY, "draw Cross-Party bill")
    act(st, ROSEBERY, "bill Elementary Education Act")
    for _ in range(3):
        act(st, RUSSELL, "draw Cross-Party bill")
    for name in ("Public Health Act", "Elementary Education Act", "Copyright Act"):
        act(st, RUSSELL, "bill " + name)
    act(st, ROSEBERY, "play Debate Card"); act(st, ROSEBERY, "bill slot 1"); act(st, ROSEBERY, "end turn")
    act(st, DERBY, "yes"); act(st, DERBY, "no"); act(st, DERBY, "Backbencher first")
    act(st, PEEL, "play Debate Card"); act(st, PEEL, "bill slot 1"); act(st, PEEL, "end turn")
    for _ in range(2):
        act(st, DERBY, "debate level 2"); act(st, DERBY, "down"); act(st, DERBY, "bill slot 1")
    act(st, DERBY, "end turn")
    act(st, RUSSELL, "option 1"); act(st, RUSSELL, "no")
    for _ in range(3):
        act(st, RUSSELL, "influence level 2"); act(st, RUSSELL, "to Moderate")
    act(st, RUSSELL, "end turn"); act(st, RUSSELL, "vote bill slot 1")
    act(st, ROSEBERY, "option 1"); act(st, PEEL, "option 2")
    act(st, ROSEBERY, "hobnob level 1")


# --- the env: new_events, save / load, render -------------------------------------------------------------------
def test_env_new_events_save_load_and_render():
    env = hustings.make("prime_minister", num_players=4, render_mode="ansi")
    env.reset(seed=3)
    rng = random.Random(3)
    assert env.new_events() == env.events() and env.events()[0] == {"type": "round_start", "round": 1}
    seen = 0
    for _ in range(300):
        if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
            break
        before = len(env.events())
        mask = env.infos[env.agent_selection]["action_mask"]
        env.step(int(rng.choice([a for a in range(len(mask)) if mask[a]])))
        assert env.new_events() == env.events(since=before)
        seen += bool(env.new_events())
        if env.new_events():
            text = env.render()
            assert "> " + env.game.describe_event(env.new_events()[-1]) in text
    assert seen > 10
    saved = env.save_state()
    json.dumps(saved)
    other = hustings.make("prime_minister", num_players=4)
    other.load_state(json.loads(json.dumps(saved)))
    assert other.events() == env.events()
    for agent in env.possible_agents:
        assert other.events(agent) == env.events(agent)
    assert other.new_events() == []  # nothing happened since the load


def test_no_events_when_recording_is_off_and_play_is_unchanged():
    g = PrimeMinisterGame(4)
    a, b = g.new_initial_state(seed=5), g.new_initial_state(seed=5)
    b.record_events = False
    b.event_log = []
    rng = random.Random(1)
    for _ in range(400):
        if a.is_terminal():
            break
        legal = a.legal_actions()
        assert legal == b.legal_actions()
        x = legal[rng.randrange(len(legal))]
        a.apply_action(x)
        b.apply_action(x)
    assert b.event_log == [] and a.event_log and a.to_json() == b.to_json()


KNOWN_TYPES = {
    "round_start", "bill_drawn", "bill_proposed", "proposals_revealed", "bill_selected", "pact_ended",
    "pact_restarted", "event_drawn", "event_option", "by_election", "question_called", "supporter_played",
    "supporter_discarded", "supporters_drawn", "supporter_kept", "supporters_discarded", "permission", "debate_card",
    "resigned", "rejoin", "bill_passed", "bill_failed", "agreement_refused", "challenge", "royal_interference",
    "election", "election_postponed", "office", "round_end", "game_end",
}


@pytest.mark.parametrize("n,opts", [(2, {}), (3, {}), (4, {"question_time": True}), (3, {"scenario": 7}),
                                    (2, {"scenario": 4})])
def test_random_games_events_are_json_and_described(n, opts):
    g = PrimeMinisterGame(n, **opts)
    types = set()
    for seed in range(2):
        st = g.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        json.dumps(st.events_to_json())
        for e in st.events(None):  # what is face down at the table is in the owner's private fields only
            hidden = {"bill_proposed": "bill", "supporter_kept": "card", "supporter_discarded": "card",
                      "supporters_drawn": "cards", "supporters_discarded": "cards"}.get(e["type"])
            if hidden:
                assert hidden not in e and hidden in e["private"][e["player"]]
        for p in [None] + list(range(n)):
            for e in st.events(p):
                assert e["type"] in KNOWN_TYPES
                text = g.describe_event(e)
                assert text and not text.startswith(e["type"] + ":")
                if p is not None:
                    assert "private" not in e
                types.add(e["type"])
        # a seat's own view holds its private fields, nobody else's
        views = [st.events(q) for q in range(n)]
        for k, (public, private) in enumerate(st.event_log):
            for seat, fields in (private or {}).items():
                assert views[seat][k] == {**public, **fields}
                for q in range(n):
                    if q != seat:
                        assert views[q][k] == public
    assert {"round_start", "round_end", "game_end", "bill_selected"} <= types


def test_an_information_set_sample_keeps_only_what_the_seat_saw():
    st = _round_1_bills([BY_NAME["Ballot Act"], BY_NAME["Universities Tests Act"]])
    for seat in range(4):
        sample = st.sample_hidden(seat, random.Random(seat))
        assert sample.events(seat) == st.events(seat)
        for e in sample.events(None):  # no other seat's private fields (they name the real hidden bills)
            assert set(e.get("private", {})) <= {seat}
