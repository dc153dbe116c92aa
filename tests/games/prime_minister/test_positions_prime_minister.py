"""Prime Minister positions (issue 16, part 3): ``state_from_position`` / ``reset(options={"position": ...})``.

The worked example of RULES.md "Positions" (the Example of Play's Round 3 Challenge, L1473-1500) is parsed from the
file verbatim and played on. Then every supported phase, the middle of a turn, stacked decks, what is left out being
filled from the seed, strict validation naming the field, and a small fuzz of mutated positions.
"""
from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest

import hustings
from hustings.core.rules import HustingsError, PositionError
from hustings.prime_minister import rules as R
from hustings.prime_minister.rules import A_ELECTION, END_TURN, YES, PrimeMinisterGame

RULES_MD = Path(R.__file__).with_name("RULES.md")


def worked_example() -> dict:
    text = RULES_MD.read_text()
    section = text[text.index("## Positions"):text.index("## The env")]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def test_worked_example_from_rules_md_verbatim():
    env = hustings.make("prime_minister", num_players=4)
    env.reset(seed=0, options={"position": worked_example()})
    st = env.game_state
    assert env.agent_selection == "player_2" and st.pending["q"] == "challenge" and st.pending["target"] == 3
    assert st.projected(R.CON) == 294 and st.projected(R.LIB) == 364  # L1496
    env.step(YES)  # Derby challenges Russell (L1480)
    assert st.role == ["obb", "gbb", "pm", "ol"] and st.standing[2] == 11  # L1484, L1488
    assert st.vp == [11, 18, 18, 11]  # the 6 VP Replacement Bonus, pooled with Peel (L1487)
    assert st.pending["kind"] == "election" and st.legal_actions() == [A_ELECTION]  # no Marker: an Election now
    env.step(A_ELECTION)
    election = [e for e in env.events() if e["type"] == "election"][0]
    assert (election["government_seats"], election["opposition_seats"]) == (285, 373)  # L1496
    assert election["vp"] == {"government": 0, "opposition": 6}  # L1500
    table = [e for e in env.events() if e["type"] == "round_end"][0]["table"]  # Round 3 as it ended
    assert [p["vp"] for p in table["players"]] == [17, 18, 18, 17]
    assert table["players"][2]["role"] == "pm"  # a minority Government by Challenge stays (11.2.1)
    assert table["government_mps"] == {"A": 290, "M": 230, "P": 60}  # L1500
    assert st.round == 4 and st.vp == [19, 22, 22, 19]  # then Round 4's round-start VP: 4 / 2 (4.0(1)(a))


@pytest.mark.parametrize("phase,kind,role", [
    ("round_start", "draw_bill", "ol"), ("bill_selection", "draw_bill", "ol"),
    ("government_backbencher", "main", "gbb"),
    ("opposition", "yesno", "ol"), ("prime_minister", "event", "pm"), ("election", "election", "pm"),
])
def test_each_phase_starts_with_its_first_decision(phase, kind, role):
    g = PrimeMinisterGame(4)
    st = g.state_from_position({"phase": phase, "decks": {"events": ["EV01"]}}, seed=4)  # an action Event first
    assert st.pending["kind"] == kind and st.current_player() == st.seat_of(role)
    assert g.state_from_json(json.loads(json.dumps(st.to_json()))).legal_actions() == st.legal_actions()


def test_bill_resolution_and_challenges_with_bills_on_the_board():
    g = PrimeMinisterGame(4)
    st = g.state_from_position({"phase": "bill_resolution", "pact": False,
                                "bills": [{"bill": "CP02", "vote_adjustment": 40}, "LB01"]}, seed=1)
    assert st.pending["kind"] == "resolve" and st.current_player() == st.seat_of("pm")
    assert [(R.BILL_IDS[b["bill"]], b["adj"]) for b in st.bills] == [("CP02", 40), ("LB01", R.BILL_LIST[
        R.BILL_INDEX["LB01"]]["adjustment"])]
    st = g.state_from_position({"phase": "challenges", "bills": ["CP05"], "players": [
        {"politician": p, "role": r, "standing": s, "favour": 2}
        for p, r, s in (("P03", "gbb", 8), ("P10", "obb", 4), ("P07", "ol", 5), ("P02", "pm", 6))]}, seed=1)
    assert st.pending["q"] == "challenge" and st.current_player() == 0 and st.pending["target"] == 3  # 10.1 order


def test_middle_of_a_turn_and_what_follows():
    g = PrimeMinisterGame(4)
    pos = {"phase": "turn", "turn": {"player": 1, "acted": True, "opposition_still_to_play": True},
           "players": [{"politician": "P03", "role": "gbb"}, {"politician": "P10", "role": "obb", "action_cubes": 0},
                       {"politician": "P07", "role": "ol"}, {"politician": "P02", "role": "pm"}],
           "bills": ["CP03"], "pact": False}
    st = g.state_from_position(pos, seed=3)
    assert st.pending["kind"] == "main" and st.current_player() == 1 and st.legal_actions() == [END_TURN]
    st.apply_action(END_TURN)
    assert st.current_player() == st.seat_of("ol") and st.pending["kind"] == "main"  # the OL still to play
    pos["turn"]["opposition_still_to_play"] = False
    st = g.state_from_position(pos, seed=3)
    st.apply_action(END_TURN)
    assert st.current_player() == st.seat_of("pm") and st.pending["kind"] == "event"  # then the PM's Event


def test_stacked_decks_and_uncertainty():
    g = PrimeMinisterGame(4)
    pos = {"phase": "prime_minister", "decks": {"events": ["EV05", "EV07"], "supporters": ["S10", "S11"]},
           "uncertainty": ["U03", "U04"], "bills": ["CP01"]}
    st = g.state_from_position(pos, seed=8)
    assert R.EVENT_IDS[st.event] == "EV05" and R.EVENT_IDS[st.decks["events"][-1]] == "EV07"
    assert [R.SUP_IDS[c] for c in st.decks["supporters"][-2:]] == ["S11", "S10"]  # the top card last
    assert [R.UNC_IDS[u] for u in st.unc_stack] == ["U03", "U04"]
    assert st.events() == [{"type": "event_drawn", "event": "EV05"}]


def test_left_out_parts_come_from_the_seed_and_given_parts_stay():
    g = PrimeMinisterGame(4)
    pos = {"round": 4, "phase": "opposition", "players": [{"vp": 20, "supporters": ["S01"]}, {}, {}, {}],
           "discards": {"supporters": ["S02", "S03"]}}
    a, b, c = (g.state_from_position(pos, seed=s) for s in (1, 1, 2))
    assert a.to_json() == b.to_json()
    assert a.decks["supporters"] != c.decks["supporters"] or a.pol != c.pol
    for st in (a, c):
        assert st.round == 4 and st.vp[0] == 20 and [R.SUP_IDS[x] for x in st.hand[0]] == ["S01"]
        assert [R.SUP_IDS[x] for x in st.discards["supporters"]] == ["S02", "S03"]
        every = sorted(st.decks["supporters"] + st.discards["supporters"] + [x for h in st.hand for x in h])
        assert every == list(range(len(R.SUP_IDS)))  # each Supporter once


BAD = [
    ({"phase": "lunch"}, "phase"),
    ({"round": 0}, "round"),
    ({"players": [{}, {}, {}]}, "players"),
    ({"players": [{"vp": 250}, {}, {}, {}]}, r"players\[0\]\.vp"),
    ({"players": [{"standing": 99}, {}, {}, {}]}, r"players\[0\]\.standing"),
    ({"players": [{"favour": -1}, {}, {}, {}]}, r"players\[0\]\.favour"),
    ({"players": [{"action_cubes": -3}, {}, {}, {}]}, r"players\[0\]\.action_cubes"),
    ({"players": [{"supporters": ["S01", "S01"]}, {}, {}, {}]}, r"players\[0\]\.supporters"),
    ({"players": [{"supporters": ["S01"]}, {"supporters": ["S01"]}, {}, {}]}, "supporters"),
    ({"players": [{"politician": "P01"}, {}, {}, {}]}, "politician"),
    ({"players": [{"role": "pm"}, {"role": "pm"}, {"role": "ol"}, {"role": "obb"}]}, "role"),
    ({"players": [{"politician": p, "role": r} for p, r in (("P03", "obb"), ("P10", "gbb"), ("P07", "ol"),
                                                            ("P02", "pm"))]}, r"players\[0\]\.role"),
    ({"players": [{"colour": "red"}, {}, {}, {}]}, r"players\[0\]"),
    ({"sectors": {"Ireland": {"liberal": 3}}}, r"sectors\.Ireland\.liberal"),
    ({"sectors": {"Wales": {"liberal": 0}}}, r"sectors\.Wales"),
    ({"government_mps": {"A": 330, "M": 300, "P": 10}}, "government_mps"),
    ({"bills": ["CP01", "CP01"]}, "bills"),
    ({"bills": ["XX99"]}, r"bills\[0\]\.bill"),
    ({"bills": [{"bill": "CP01", "vote_adjustment": 500}]}, r"vote_adjustment"),
    ({"phase": "bill_selection", "bills": ["CP01"]}, "phase"),
    ({"bills": ["CP01"], "passed": ["CP01"]}, "bills"),
    ({"decks": {"events": ["EV01"]}, "discards": {"events": ["EV01"]}}, "events"),
    ({"discards": {"liberal": ["CP01"]}}, r"discards\.liberal"),
    ({"uncertainty": ["U99"]}, r"uncertainty\[0\]"),
    ({"government": "whig"}, "government"),
    ({"to_move": 9}, "to_move"),
    ({"phase": "turn"}, "turn"),
    ({"pact": "yes"}, "pact"),
    ({"weather": "rain"}, "keys"),
]


@pytest.mark.parametrize("position,field", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_positions_name_the_field(position, field):
    with pytest.raises(PositionError, match=field):
        PrimeMinisterGame(4).state_from_position(position, seed=0)


def test_government_must_be_the_pms_party():
    g = PrimeMinisterGame(4)
    st = g.state_from_position({}, seed=0)
    other = "conservative" if st.gov_party == R.LIB else "liberal"
    with pytest.raises(PositionError, match="government"):
        g.state_from_position({"government": other}, seed=0)


@pytest.mark.parametrize("n,opts", [(2, {}), (3, {}), (4, {"question_time": True}), (4, {"scenario": 1}),
                                    (2, {"scenario": 2}), (3, {"scenario": 5}), (3, {"scenario": 7})])
def test_positions_in_every_configuration_play_on(n, opts):
    g = PrimeMinisterGame(n, **opts)
    rng = random.Random(n)
    for phase in ("round_start", "government_backbencher", "opposition", "prime_minister", "bill_resolution",
                  "challenges", "election"):
        try:
            st = g.state_from_position({"phase": phase, "round": 2}, seed=n)
        except PositionError as exc:  # a phase this table does not have (no Government Backbencher)
            assert "Government Backbencher" in str(exc)
            continue
        for _ in range(60):
            if st.is_terminal():
                break
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        g.state_from_json(json.loads(json.dumps(st.to_json())))


def _mutate(pos, rng):
    d = copy.deepcopy(pos)
    paths = []

    def walk(node, path):
        paths.append(path)
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, path + (k,))
        elif isinstance(node, list):
            for i, v in enumerate(node):
                walk(v, path + (i,))
    walk(d, ())
    path = rng.choice(paths[1:])
    parent = d
    for k in path[:-1]:
        parent = parent[k]
    r = rng.random()
    if r < 0.5:
        parent[path[-1]] = rng.choice([None, -1, 0, 1, 3, 12, 99, 250, "x", "P01", "S01", "CP01", [], {}, True])
    elif r < 0.7 and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[path[-1]]))
    elif r < 0.85 and isinstance(parent, dict):
        del parent[path[-1]]
    elif isinstance(parent[path[-1]], int) and not isinstance(parent[path[-1]], bool):
        parent[path[-1]] += rng.choice((-1, 1, 5))
    return d


def test_fuzz_mutated_positions_refused_or_legal():
    g = PrimeMinisterGame(4)
    rng = random.Random(11)
    base = worked_example()
    ok = bad = 0
    for i in range(300):
        pos = _mutate(base, rng)
        try:
            st = g.state_from_position(pos, seed=i)
        except HustingsError:
            bad += 1
            continue
        ok += 1
        for _ in range(30):
            if st.is_terminal():
                break
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        g.state_from_json(json.loads(json.dumps(st.to_json())))
    assert ok > 30 and bad > 30


def test_debate_card_on_a_bill_needs_its_owner():
    g = PrimeMinisterGame(4)
    st = g.state_from_position({}, seed=0)
    gbb = st.seat_of("gbb")
    pos = {"phase": "bill_resolution", "pact": True, "bills": [
        {"bill": "CP01", "debate_cards": [{"card": "debate_gov_backbencher", "owner": gbb, "side": "pact"}]}]}
    st = g.state_from_position(pos, seed=0)
    assert st.bills[0]["debate"] == [["debate_gov_backbencher", gbb, "pact"]]
    pos["bills"][0]["debate_cards"][0]["owner"] = st.seat_of("pm")
    with pytest.raises(PositionError, match="owner"):
        g.state_from_position(pos, seed=0)
