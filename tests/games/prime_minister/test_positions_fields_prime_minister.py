"""Prime Minister positions: the fields added for Question Time, the Scenarios' own state, a Scenario bill on the
board and the end of a round ("Every position, every input"), and ``to_position``.

Each example of RULES.md "Positions" is loaded from the file verbatim; every new field is validated naming it
(``PositionError``) and comes back from ``to_position`` of the state it builds. States of random play written with
``to_position`` lay the same table again.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from hustings.core.rules import PositionError
from hustings.prime_minister import rules as R
from hustings.prime_minister.rules import YES, PrimeMinisterGame

RULES_MD = Path(R.__file__).with_name("RULES.md")


def example(name: str) -> dict:
    """The JSON block that follows "Example `name`" in RULES.md "Positions", verbatim."""
    text = RULES_MD.read_text()
    section = text[text.index("## Positions"):text.index("## Saved states")]
    start = section.index(f"Example `{name}`")
    return json.loads(re.search(r"```json\n(.*?)```", section[start:], re.S).group(1))


def test_question_time_hands_at_the_pms_turn():
    pos = example("question_time")
    g = PrimeMinisterGame(4, question_time=True)
    st = g.state_from_position(pos, seed=0)
    assert st.pending["kind"] == "yesno" and st.pending["q"] == "question" and st.current_player() == 2
    assert [[R.EVENT_IDS[e] for e in h] for h in st.qt_hands] == [["EV04"], [], ["EV02", "EV11"], []]
    assert [p["question_cards"] for p in st.to_position()["players"]] == [
        p.get("question_cards", []) for p in pos["players"]]
    st.apply_action(YES)  # Derby signals; Rosebery is asked next
    assert st.pending["q"] == "question" and st.current_player() == 0


@pytest.mark.parametrize("name,n,opts", [("scenario_2", 2, {"scenario": 2}), ("scenario_7", 3, {"scenario": 7}),
                                         ("scenario_5", 4, {"scenario": 5})])
def test_scenario_examples_round_trip(name, n, opts):
    pos = example(name)
    st = PrimeMinisterGame(n, **opts).state_from_position(pos, seed=0)
    assert st.current_player() == pos["to_move"]
    back = st.to_position()
    assert {k: v for k, v in back["scenario"].items() if k in pos["scenario"]} == pos["scenario"]
    assert [b["bill"] for b in back["bills"]] == pos["bills"] and back["passed"] == pos.get("passed", [])
    assert not set(st.scen["aside"]) & {R.BILL_INDEX[b] for b in pos["bills"] + pos.get("passed", [])}


def test_scenario_state_reaches_the_rules():
    st = PrimeMinisterGame(2, scenario=2).state_from_position(example("scenario_2"), seed=0)
    assert st.scen["elections"] == 1 and st.scen["glad_was_pm"] and st.scen["agenda_passed"] == [R.BILL_INDEX["LB08"]]
    st = PrimeMinisterGame(3, scenario=7).state_from_position(example("scenario_7"), seed=0)
    assert st.party[1] == R.CON and st.role[1] == "gbb" and st.scen["dpl"] == 0 and st.scen["ppa_passed"]
    assert st.to_position()["scenario"]["deputy_party_leader"] == 0
    st = PrimeMinisterGame(4, scenario=5).state_from_position(example("scenario_5"), seed=0)
    assert st.bills[0].get("icon") == "M" and st.scen["workers_doubled"]  # L1135, L1147


def test_scenario_flags_and_the_queens_bill_selector():
    text = RULES_MD.read_text()
    para = text[text.index("`queens_bills_selected_by` (Scenario 3"):]
    pos = json.loads(re.search(r"`(\{\"phase\".*?\}\}\})`", para, re.S).group(1).replace("\n  ", " "))
    st = PrimeMinisterGame(2, scenario=3).state_from_position(pos, seed=0)
    assert st.scen["queen_selected_by"] == {str(R.BILL_INDEX["CP16"]): 1}
    assert st.to_position()["scenario"]["queens_bills_selected_by"] == {"CP16": 1}
    flags = {"reform_act_passed_by": "liberal", "workers_action_used": True, "act_lowered_by_opposition": True}
    st = PrimeMinisterGame(3, scenario=5).state_from_position({"scenario": flags}, seed=0)
    assert (st.scen["act_passed_by"], st.scen["workers_used"], st.scen["opp_lowered"]) == (R.LIB, True, True)
    back = st.to_position()["scenario"]
    assert {k: back[k] for k in flags} == flags
    st = PrimeMinisterGame(4, scenario=4).state_from_position({"scenario": {"importation_act_passed": True,
                                                                             "importation_marker": 3}}, seed=0)
    assert st.scen["ia_passed"] and st.scen["marker"] == 3
    st = PrimeMinisterGame(4, scenario=4).state_from_position(
        {"players": [{"supporters": []}] * 4, "scenario": {"supporters_under_importation_act": ["S01", "S02"]}}, seed=0)
    assert st.scen["under_ia"] == [0, 1] and 0 not in st.decks["supporters"]
    assert st.to_position()["scenario"]["supporters_under_importation_act"] == ["S01", "S02"]
    riots = {"riots_in_event_deck": True, "riots_floor": 30}
    st = PrimeMinisterGame(3, scenario=5).state_from_position({"scenario": riots}, seed=0)
    assert st.decks["events"].index(st.scen["riots"]) >= 30 and st.scen["riots_floor"] == 30
    assert {k: st.to_position()["scenario"][k] for k in riots} == riots
    st = PrimeMinisterGame(3, scenario=7).state_from_position({"scenario": {"devonshire_campaign_used": True}}, seed=0)
    assert st.scen["campaign_used"]


def test_devonshire_conservative_without_roles_takes_the_backbench_of_his_new_side():
    g = PrimeMinisterGame(3, scenario=7)
    st = g.state_from_position({"scenario": {"devonshire_side": "conservative"}}, seed=0)
    dev = st.pol.index("devonshire")
    want = "gbb" if st.role[st.pol.index("P06")] == "pm" else "obb"
    assert st.party[dev] == R.CON and st.role[dev] == want and st.scen["dpl"] == st.pol.index("P04")


def test_importation_act_on_the_board_under_a_conservative_government():
    g = PrimeMinisterGame(4, scenario=4)
    players = [{"politician": p, "role": r} for p, r in (("P06", "pm"), ("P02", "ol"), ("P05", "obb"),
                                                         ("P10", "gbb"))]
    st = g.state_from_position({"phase": "bill_resolution", "players": players, "bills": ["LB06"]}, seed=0)
    assert st.bills[0] == {"bill": R.BILL_INDEX["LB06"], "adj": 40, "debate": [], "icon": "M"}  # L1105
    assert st.scen["aside"] == [] and st.to_position()["bills"][0]["vote_adjustment"] == 40


def test_round_end_sets_up_the_next_round():
    st = PrimeMinisterGame(4).state_from_position(example("round_end"), seed=0)
    ends = [e for e in st.events() if e["type"] == "round_end"]
    assert len(ends) == 1 and ends[0]["round"] == 2 and st.round == 3 and st.pending["kind"] == "draw_bill"


def test_inside_bill_selection_example():
    pos = example("bill_selection")
    st = PrimeMinisterGame(4).state_from_position(pos, seed=0)
    assert st.pending["kind"] == "draw_bill" and st.current_player() == 1
    assert [[R.BILL_IDS[b] for b in h] for h in st.bill_hand] == [[], ["CP05"], ["CP07"], []]
    assert st.proposed == [[R.BILL_INDEX["CP06"], 2]] and not st.revealed_ok
    assert st.to_position()["selection"] == pos["selection"]
    st.apply_action(st.legal_actions()[0])  # Disraeli's second draw; then his proposal
    assert st.pending["kind"] == "propose" and st.current_player() == 1


def selection_states(n, opts, games=4):
    """Real states at every decision of Bill Selection (tables a position can write: no Supporter under the
    Importation Act, VP below 100)."""
    g = PrimeMinisterGame(n, **opts)
    rng = random.Random(n + 7 * opts.get("scenario", 0))
    for _ in range(games):
        st = g.new_initial_state(seed=rng.randrange(1 << 30))
        for _ in range(300):
            if st.is_terminal():
                break
            if ("selection_end" in [t[0] for t in st.tasks] and not st.scen.get("under_ia")
                    and max(st.vp) < 100):
                yield g, st
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("n,opts", [(4, {}), (3, {}), (2, {}), (2, {"scenario": 2}),
                                                         (4, {"scenario": 4}), (3, {"scenario": 7})])
def test_every_point_of_bill_selection_written_and_laid_again(n, opts):
    count = 0
    for g, st in selection_states(n, opts):
        pos = st.to_position()
        again = g.state_from_position(dict(pos, phase="bill_selection"), seed=1)
        assert again.to_position() == pos and again.tasks == st.tasks and again.pending == st.pending
        assert again.revealed_ok == st.revealed_ok and again.selected_count == st.selected_count
        count += 1
    assert count > 20


def test_a_deck_holding_only_some_cards():
    text = RULES_MD.read_text()
    para = text[text.index("* `unplaced`:"):]
    pos = json.loads(re.search(r"`(\{\"decks\".*?\})`", para, re.S).group(1).replace("\n  ", " "))
    st = PrimeMinisterGame(4).state_from_position(dict(pos, phase="opposition"), seed=0)
    assert [R.SUP_IDS[c] for c in reversed(st.decks["supporters"])] == ["S01", "S02"]
    assert st.to_position()["decks"]["supporters"] == ["S01", "S02"]
    held = sum(len(h) for h in st.hand)
    assert len(st.discards["supporters"]) == len(R.SUP_IDS) - 2 - held
    assert [R.SUP_IDS[st._draw_supporter()] for _ in range(2)] == ["S01", "S02"]
    st._draw_supporter()  # the third draw turns the discards over into a new deck
    assert st.discards["supporters"] == [] and len(st.decks["supporters"]) == len(R.SUP_IDS) - 3 - held


SEL = {"phase": "bill_selection", "players": [{"politician": p, "role": r} for p, r in (
    ("P03", "gbb"), ("P10", "obb"), ("P07", "ol"), ("P02", "pm"))]}
def test_the_pms_event_example_and_its_chosen_option():
    pos = example("event")
    g = PrimeMinisterGame(4)
    st = g.state_from_position(pos, seed=0)
    assert st.pending["kind"] == "event" and st.current_player() == 3 and R.EVENT_IDS[st.event] == "EV12"
    assert st.to_position()["event"] == {"card": "EV12"}
    workers, farmers = R.SECTOR_INDEX["Workers"], R.SECTOR_INDEX["Farmers"]
    before = list(st.sector_pos[R.LIB])
    st.apply_action(R.A_OPTION + 2)  # Suspend Grain Duties: 2 cubes, Workers +1, Farmers -1 (own party)
    after = [p["action_cubes"] for p in st.to_position()["players"]], list(st.sector_pos[R.LIB])
    assert after[1][workers] == before[workers] + 1
    for done, want in ((0, after[1]), (1, [after[1][farmers] if i == farmers else x for i, x in enumerate(before)]),
                       (2, before)):  # the effects from the done-th on run
        chosen = dict(pos, event={"card": "EV12", "option": 2, "effects_done": done})
        chosen["players"] = [dict(p) for p in pos["players"]]
        chosen["players"][3]["action_cubes"] = 1  # after paying
        st2 = g.state_from_position(chosen, seed=0)
        assert st2.cubes[3] == 1 and st2.event == -1 and R.EVENT_INDEX["EV12"] in st2.discards["events"]
        assert st2.sector_pos[R.LIB] == want
        assert [p["action_cubes"] for p in st2.to_position()["players"]] == after[0]


@pytest.mark.parametrize("n,opts", [(4, {}), (3, {}), (4, {"question_time": True}), (2, {"scenario": 2}),
                                    (3, {"scenario": 7})])
def test_every_event_of_random_play_written_and_laid_again(n, opts):
    g = PrimeMinisterGame(n, **opts)
    rng = random.Random(n)
    count = 0
    for _ in range(5):
        st = g.new_initial_state(seed=rng.randrange(1 << 30))
        for _ in range(400):
            if st.is_terminal():
                break
            if st.event >= 0 and max(st.vp) < 100:
                pos = st.to_position()
                again = g.state_from_position(dict(pos, phase="prime_minister"), seed=1)
                assert again.to_position() == pos and again.tasks == st.tasks and again.pending == st.pending
                count += 1
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
    assert count >= 5


def test_a_supporter_played_stands_at_its_first_sub_choice():
    pos = example("playing")
    g = PrimeMinisterGame(4)
    st = g.state_from_position(pos, seed=0)
    assert st.pending["kind"] == "eff_sign" and st.current_player() == 1
    assert [R.SUP_IDS[c] for c in st.hand[1]] == ["S06"] and R.SUP_IDS[st.discards["supporters"][-1]] == "S05"
    back = st.to_position()
    assert back["playing"] == dict(pos["playing"], effects_done=0, doubled=False)
    assert back["players"][1]["supporters"] == ["S06", "S05"]  # written back in the hand it is played from
    rest = dict(pos, playing=dict(pos["playing"], effects_done=1))  # the Votes done: only Farmers -1 is left
    st = g.state_from_position(rest, seed=0)
    assert st.pending["kind"] == "main" and st.current_player() == 1


@pytest.mark.parametrize("n,opts", [(4, {}), (3, {}), (2, {}), (2, {"scenario": 2})])
def test_every_supporter_sub_choice_of_random_play_written_and_laid_again(n, opts):
    g = PrimeMinisterGame(n, **opts)
    rng = random.Random(n)
    count = 0
    for _ in range(6):
        st = g.new_initial_state(seed=rng.randrange(1 << 30))
        for _ in range(600):
            if st.is_terminal():
                break
            pos = st.to_position() if st.pending["kind"].startswith("eff_") and max(st.vp) < 100 else {}
            if "playing" in pos:
                again = g.state_from_position(pos, seed=1)
                assert again.to_position() == pos and again.tasks == st.tasks and again.pending == st.pending
                count += 1
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
    assert count >= 3


def test_the_order_of_the_next_supporter_reshuffle():
    text = RULES_MD.read_text()
    para = text[text.index("* `supporter_reshuffle`:"):]
    pos = json.loads(re.search(r"E\.g\. `(\{.*?\})`", para, re.S).group(1).replace("\n  ", " "))
    g = PrimeMinisterGame(4)
    st = g.state_from_position(dict(pos, phase="opposition"), seed=0)
    assert st.to_position()["supporter_reshuffle"] == ["S05", "S04"]
    saved = json.loads(json.dumps(st.to_json()))
    assert g.state_from_json(saved).supporter_reshuffle == st.supporter_reshuffle
    assert st.sample_hidden(0, random.Random(0)).supporter_reshuffle == []  # future chance, hidden
    assert [R.SUP_IDS[st._draw_supporter()] for _ in range(3)] == ["S01", "S05", "S04"]
    assert st.supporter_reshuffle == []  # used once
    with pytest.raises(R.StateFormatError, match="supporter_reshuffle"):
        g.state_from_json(dict(saved, supporter_reshuffle=[0, 0]))


PLAY = {"phase": "turn", "turn": {"player": 1}, "players": [
    {"politician": p, "role": r, "supporters": h} for p, r, h in (
        ("P03", "gbb", []), ("P10", "obb", ["S05", "S06"]), ("P07", "ol", []), ("P02", "pm", []))],
    "pact": False, "bills": ["CP01"]}
BAD = [
    (4, {}, {"players": [{"question_cards": ["EV01"]}, {}, {}, {}]}, r"players\[0\]\.question_cards"),
    (4, {"question_time": True}, {"players": [{"question_cards": ["EV01", "EV02", "EV03"]}, {}, {}, {}]},
     r"players\[0\]\.question_cards"),
    (4, {"question_time": True}, {"players": [{"question_cards": ["BY1"]}, {}, {}, {}]},
     r"players\[0\]\.question_cards"),
    (4, {"question_time": True}, {"players": [{"question_cards": ["EV99"]}, {}, {}, {}]},
     r"players\[0\]\.question_cards\[0\]"),
    (4, {"question_time": True}, {"players": [{"question_cards": ["EV01"]}, {}, {}, {}],
                                  "discards": {"events": ["EV01"]}}, "events"),
    (4, {}, {"scenario": {"elections_held": 1}}, "scenario"),
    (2, {"scenario": 2}, {"scenario": {"workers_doubled": True}}, "scenario"),
    (2, {"scenario": 2}, {"scenario": {"elections_held": -1}}, r"scenario\.elections_held"),
    (2, {"scenario": 2}, {"scenario": {"gladstone_was_pm": 1}}, r"scenario\.gladstone_was_pm"),
    (2, {"scenario": 2}, {"scenario": {"agenda_passed": ["LB08"]}}, r"scenario\.agenda_passed\[0\]"),
    (2, {"scenario": 2}, {"passed": ["CP01"], "scenario": {"agenda_passed": ["CP01"]}},
     r"scenario\.agenda_passed\[0\]"),
    (3, {"scenario": 7}, {"scenario": {"devonshire_side": "tory"}}, r"scenario\.devonshire_side"),
    (3, {"scenario": 7}, {"scenario": {"deputy_party_leader": 3}}, r"scenario\.deputy_party_leader"),
    (3, {"scenario": 7}, {"scenario": {"devonshire_side": "conservative"}, "players": [
        {"politician": "P04", "role": "pm"}, {"politician": "devonshire", "role": "gbb"},
        {"politician": "P06", "role": "ol"}]}, r"players\[1\]\.role"),
    (3, {"scenario": 5}, {"scenario": {"workers_doubled": "yes"}}, r"scenario\.workers_doubled"),
    (3, {"scenario": 5}, {"scenario": {"reform_act_passed_by": "whig"}}, r"scenario\.reform_act_passed_by"),
    (3, {"scenario": 5}, {"scenario": {"riots_in_event_deck": True, "riots_floor": 45}}, r"scenario\.riots_floor"),
    (3, {"scenario": 5}, {"scenario": {"riots_in_event_deck": True, "riots_floor": 40}, "decks": {"events": ["EV15"]}},
     r"decks\.events"),
    (3, {"scenario": 5}, {"decks": {"events": ["EV15"]}}, "events"),
    (4, {"scenario": 4}, {"scenario": {"supporters_under_importation_act": ["S99"]}},
     r"scenario\.supporters_under_importation_act\[0\]"),
    (4, {"scenario": 4}, {"players": [{"supporters": ["S01"]}, {}, {}, {}],
                          "scenario": {"supporters_under_importation_act": ["S01"]}}, "supporters"),
    (2, {"scenario": 3}, {"passed": ["CP16"], "scenario": {"queens_bills_selected_by": {"CP16": 1}}},
     r"scenario\.queens_bills_selected_by\.CP16"),
    (2, {"scenario": 3}, {"bills": ["CP16", "CB05"], "scenario": {"queens_bills_selected_by": {"CP16": 1}}},
     r"scenario\.queens_bills_selected_by"),
    (2, {"scenario": 3}, {"bills": ["CP16"], "scenario": {"queens_bills_selected_by": {"CP16": 5}}},
     r"scenario\.queens_bills_selected_by\.CP16"),
    (4, {}, {"phase": "round_over"}, "phase"),
    (4, {}, {"unplaced": {"supporters": "box"}}, "unplaced"),
    (4, {}, {"selection": {"hands": [[], [], [], []]}}, "selection"),
    (4, {}, {"phase": "bill_selection", "selection": {"hands": [[], []]}}, r"selection\.hands"),
    (4, {}, dict(SEL, selection={"hands": [[], ["CP05"], [], []]}), "selection"),
    (4, {}, dict(SEL, selection={"hands": [[], [], [], ["CP05"]]}), r"selection\.hands\[3\]"),
    (4, {}, dict(SEL, selection={"hands": [[], [], ["CB01"], []]}), "selection"),
    (4, {}, dict(SEL, selection={"proposed": [{"bill": "CP05"}]}), r"selection\.proposed\[0\]"),
    (4, {}, dict(SEL, selection={"proposed": [{"bill": "CP05", "by": 3}]}), "selection"),
    (4, {}, dict(SEL, bills=["CP01"], selection={"hands": [[], [], ["CP05", "CP06"], []]}), r"selection\.hands\[0\]"),
    (4, {}, {"unplaced": {"hands": "deck"}}, "unplaced"),
    (4, {}, {"supporter_reshuffle": ["S99"]}, r"supporter_reshuffle\[0\]"),
    (4, {}, {"phase": "election", "event": {"card": "EV01"}}, "event"),
    (4, {}, dict(PLAY, playing={"player": 1, "supporter": "S07", "option": 0}), r"playing\.supporter"),
    (4, {}, dict(PLAY, playing={"player": 2, "supporter": "S05", "option": 0}), r"playing\.player"),
    (4, {}, dict(PLAY, playing={"player": 1, "supporter": "S05", "option": 2}), r"playing\.option"),
    (4, {}, dict(PLAY, playing={"player": 1, "supporter": "S05", "option": 0, "effects_done": 3}),
     r"playing\.effects_done"),
    (4, {}, dict(PLAY, playing={"player": 1, "supporter": "S05", "option": 0, "doubled": True}), r"playing\.doubled"),
    (4, {}, dict(PLAY, phase="opposition", playing={"player": 1, "supporter": "S05", "option": 0}), "playing"),
    (4, {}, {"phase": "prime_minister", "event": {"card": "EV99"}}, r"event\.card"),
    (4, {}, {"phase": "prime_minister", "event": {"card": "EV01", "option": 7}}, r"event\.option"),
    (4, {}, {"phase": "prime_minister", "event": {"card": "EV01", "option": 0, "effects_done": 5}},
     r"event\.effects_done"),
    (4, {}, {"phase": "prime_minister", "event": {"card": "EV01", "effects_done": 0}}, r"event\.effects_done"),
    (4, {}, {"phase": "prime_minister", "event": {"card": "BY1", "option": 0}}, "event"),
    (4, {}, {"phase": "prime_minister", "event": {"card": "EV01"}, "discards": {"events": ["EV01"]}}, "events"),
    (3, {"scenario": 5}, {"phase": "prime_minister", "bills": ["LB03"], "event": {"card": "EV15"}}, r"event\.card"),
    (4, {}, {"supporter_reshuffle": ["S01", "S01"]}, "supporter_reshuffle"),
]


@pytest.mark.parametrize("n,opts,position,field", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_new_fields_name_the_field(n, opts, position, field):
    with pytest.raises(PositionError, match=field):
        PrimeMinisterGame(n, **opts).state_from_position(position, seed=0)


PROGRESS = {"phase", "step", "turn", "selection", "questions", "event", "playing", "effects", "pending"}


def table_of(pos: dict) -> dict:
    """A position's table: its fields less where the round stands."""
    out = {k: v for k, v in pos.items() if k not in PROGRESS}
    if "scenario" in out:
        out["scenario"] = {k: v for k, v in out["scenario"].items() if k != "devonshire_turn_taken"}
    return out


CONFIGS = [(4, {}), (3, {}), (2, {}), (4, {"question_time": True}), (2, {"scenario": 2}), (2, {"scenario": 3}),
           (4, {"scenario": 4}), (3, {"scenario": 5}), (4, {"scenario": 6}), (3, {"scenario": 7})]


@pytest.mark.parametrize("n,opts", CONFIGS)
def test_to_position_of_random_play_lays_the_same_table(n, opts):
    g = PrimeMinisterGame(n, **opts)
    rng = random.Random(n * 10 + opts.get("scenario", 0))
    checked = 0
    for _ in range(12):
        st = g.new_initial_state(seed=rng.randrange(1 << 30))
        steps = rng.randrange(1, 150)
        while not st.is_terminal() and (steps > 0 or st.pending["kind"] != "main"):  # on to an action menu: no card
            legal = st.legal_actions()  # is in a sub-choice's hands (an Event, a proposal, a keep choice)
            st.apply_action(legal[rng.randrange(len(legal))])
            steps -= 1
        if st.is_terminal():
            continue
        pos = st.to_position()
        pm = st.seat_of("pm")
        again = g.state_from_position(dict(table_of(pos), phase="turn", turn={"player": pm, "acted": True}), seed=1)
        assert table_of(again.to_position()) == table_of(pos)
        assert again.pending["kind"] == "main" and again.current_player() == pm
        checked += 1
    assert checked >= 2
