"""Prime Minister positions at any decision (issue 38): where the round stands (``progress.py``) and ``to_position``.

Each new example of RULES.md "Positions" is loaded verbatim, asks the decision it describes, comes back from
``to_position`` and plays on to the end with every invariant of a saved state intact. Each new field is validated
naming it. Then the property: at random decisions of seeded random play in every configuration (every Scenario, every
table size, Question Time), ``state_from_position(state.to_position())`` shows every seat the same observation and
offers the same legal actions (``to_position`` itself lays its position again and compares the state field by field);
the default run samples a few games per configuration, ``-m slow`` many more.
"""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import numpy as np
import pytest

from hustings.core.rules import PositionError
from hustings.prime_minister import rules as R
from hustings.prime_minister.rules import A_OPTION, NO, YES, PrimeMinisterGame

RULES_MD = Path(R.__file__).with_name("RULES.md")


def example(name: str) -> dict:
    """The JSON block that follows "Example `name`" in RULES.md "Positions", verbatim."""
    text = RULES_MD.read_text()
    section = text[text.index("## Positions"):text.index("## Saved states")]
    start = section.index(f"Example `{name}`")
    return json.loads(re.search(r"```json\n(.*?)```", section[start:], re.S).group(1))


def contains(want, got, path="") -> None:
    """``got`` (written by ``to_position``) says at least what ``want`` (a hand-written position) says."""
    if isinstance(want, dict):
        assert isinstance(got, dict), path
        for k, v in want.items():
            assert k in got, f"{path}.{k} missing"
            contains(v, got[k], f"{path}.{k}")
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), path
        for i, (a, b) in enumerate(zip(want, got)):
            contains(a, b, f"{path}[{i}]")
    elif isinstance(want, str) and isinstance(got, dict) and "bill" in got:  # a bill id for a bill slot
        assert got["bill"] == want, path
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


def play_to_end(g, st, seed: int) -> None:
    """Random legal moves to the end of the game; every 20 moves the state passes the saved-state check (every
    field in range, components conserved, the pending decision the one the rules ask)."""
    rng = random.Random(seed)
    moves = 0
    while not st.is_terminal():
        legal = st.legal_actions()
        assert legal
        st.apply_action(legal[rng.randrange(len(legal))])
        moves += 1
        if moves % 20 == 0:
            g.state_from_json(json.loads(json.dumps(st.to_json())))
    assert st.is_terminal() and moves > 0


EXAMPLES = {  # name: (players, options, pending kind, question, seat asked)
    "action": (4, {}, "eff_sign", None, 3), "career": (4, {}, "eff_sector", None, 0),
    "bill_effects": (4, {}, "keep", None, 3), "keep": (4, {}, "keep", None, 3),
    "debate_card": (4, {}, "debate_target", None, 1), "permission": (4, {}, "permit", None, 3),
    "questions": (4, {"question_time": True}, "yesno", "question", 1), "turn_state": (4, {}, "main", None, 1),
    "scenario_7_board": (3, {"scenario": 7}, "resolve", None, 2), "riots": (3, {"scenario": 5}, "event", None, 0),
    "challenges": (4, {}, "yesno", "challenge", 1), "agreement": (4, {}, "yesno", "agreement", 2),
}


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_examples_load_verbatim_come_back_and_play_on(name):
    n, opts, kind, q, seat = EXAMPLES[name]
    pos = example(name)
    g = PrimeMinisterGame(n, **opts)
    st = g.state_from_position(pos, seed=0)
    assert st.pending["kind"] == kind and st.pending.get("q") == q and st.current_player() == seat
    back = st.to_position()
    contains({k: v for k, v in pos.items() if k != "to_move"}, back)
    again = g.state_from_position(back, seed=3)
    assert again.legal_actions() == st.legal_actions() and again.tasks == st.tasks
    play_to_end(g, st, seed=len(name))


def test_a_multi_step_effect_part_way():
    st = PrimeMinisterGame(4).state_from_position(example("action"), seed=0)
    assert st.tasks[0][2]["_player"] == 2 and st.legal_actions() == [R.A_SIGN, R.A_SIGN + 1]
    favour = st.favour[2]
    st.apply_action(R.A_SIGN)  # up: Derby +2 Favour
    assert st.favour[2] == min(R.FAVOUR_MAX, favour + 2) and st.pending["kind"] == "main"


def test_the_bill_effects_go_on_to_the_debate_card_reward():
    pos = example("bill_effects")
    g = PrimeMinisterGame(4)
    st = g.state_from_position(pos, seed=0)
    assert sorted(st.pending["drawn"]) == [R.SUP_INDEX["S01"], R.SUP_INDEX["S07"]]
    st.apply_action(R.A_KEEP + R.SUP_INDEX["S07"])
    assert R.SUP_INDEX["S07"] in st.hand[3] and R.SUP_INDEX["S01"] in st.discards["supporters"]
    assert st.pending["kind"] == "eff_option" and st.current_player() == 0  # Rosebery's reward: Standing or Favour
    rest = {k: v for k, v in pos.items() if k != "pending"}  # the draw done: the reward is next
    del rest["to_move"]
    st = g.state_from_position(rest, seed=0)
    assert st.pending["kind"] == "eff_option" and st.current_player() == 0


def test_keep_permission_and_debate_card_decisions_answer_as_the_rules_do():
    g = PrimeMinisterGame(4)
    st = g.state_from_position(example("keep"), seed=0)
    st.apply_action(R.A_KEEP + R.SUP_INDEX["S01"])
    assert st.pending["kind"] == "main" and R.SUP_INDEX["S07"] == st.discards["supporters"][-1]
    st = g.state_from_position(example("permission"), seed=0)
    assert st.pending["requester"] == 1 and st.pending["request"] == R.A_PLAY + 2 * R.SUP_INDEX["S03"]
    st.apply_action(NO)  # refused: the card stays in the hand, shown, and its Influence is not offered again
    assert st.turn["denied"] == [R.A_PLAY + 2 * R.SUP_INDEX["S03"]] and st.shown[1] == [R.SUP_INDEX["S03"]]
    assert st.to_position()["turn"]["denied"] == [{"supporter": "S03"}]
    st = g.state_from_position(example("debate_card"), seed=0)
    targets = [R.A_SLOT + i for i in st._debate_card_targets(1)]
    assert st.cubes[1] == 1 and st.legal_actions() == targets and targets  # paid; the bills the card may go under
    st.apply_action(targets[-1])
    assert st.bills[targets[-1] - R.A_SLOT]["debate"] == [["debate_opp_backbencher", 1, "no_pact"]]


def test_question_time_signals_in_progress():
    g = PrimeMinisterGame(4, question_time=True)
    pos = example("questions")
    st = g.state_from_position(pos, seed=0)
    assert st.scen["qt_askers"] == [2]
    st.apply_action(YES)  # Peel signals too: the PM calls one of the two
    assert st.pending["kind"] == "qt_call" and st.legal_actions() == [R.A_PLAYER + 1, R.A_PLAYER + 2]
    assert st.to_position()["questions"] == {"asked": [2, 0, 1], "signalled": [2, 1]}
    called = dict(pos, questions={"asked": [2, 0, 1], "signalled": [2, 1]}, pending={"kind": "qt_card", "player": 1},
                  to_move=1)
    st = g.state_from_position(called, seed=0)
    assert st.pending["kind"] == "qt_card" and st.legal_actions() == [A_OPTION, A_OPTION + 1]
    st.apply_action(A_OPTION + 1)  # Peel's EV06 is the round's Event
    assert st.event == R.EVENT_INDEX["EV06"] or R.EVENT_INDEX["EV06"] in st.discards["events"]


def test_a_turns_own_state_and_vp_of_100():
    st = PrimeMinisterGame(4).state_from_position(example("turn_state"), seed=0)
    assert st.vp == [95, 100, 100, 95] and st.foth_holder() == 1
    assert st.turn == {"seat": 1, "acted": True, "doubled": [R.SUP_INDEX["S06"], R.SUP_INDEX["S08"]],
                       "denied": [R.A_PLAY + 2 * R.SUP_INDEX["S06"]]}
    assert R.A_PLAY + 2 * R.SUP_INDEX["S06"] not in st.legal_actions()  # the refused Influence
    assert R.A_PLAY + 2 * R.SUP_INDEX["S06"] + 1 in st.legal_actions()  # its other option
    st.apply_action(R.A_PLAY + 2 * R.SUP_INDEX["S08"] + 1)  # Prince Albert +1 Standing, doubled: +2
    assert st.turn["doubled"] == [R.SUP_INDEX["S06"]]


def test_scenario_7_devonshires_debate_card_and_the_set_aside_order():
    g = PrimeMinisterGame(3, scenario=7)
    st = g.state_from_position(example("scenario_7_board"), seed=0)
    assert st.bills[0]["debate"] == [["debate_opposition_leader", 1, "no_pact"]]
    assert [R.BILL_IDS[b] for b in st.scen["aside"]] == ["CB01", "LB07"]
    assert g.state_from_position(st.to_position(), seed=1).scen["aside"] == st.scen["aside"]


def test_scenario_7_states_with_the_opposition_leader_card_load_back():
    """Devonshire places the Opposition Leader Debate Card as a Liberal Unionist, then joins the Conservatives: the card
    stays his under the bill (the table failed to load back from its own ``to_position``: "seat 2 holds None")."""
    g = PrimeMinisterGame(3, scenario=7)
    rng = random.Random(0)
    checked = conservative = 0
    for seed in range(60):
        st = g.new_initial_state(seed=seed)
        while not st.is_terminal() and conservative < 3:
            if any(d[0] == "debate_opposition_leader" for b in st.bills for d in b["debate"]):
                again = g.state_from_position(st.to_position(), seed=2)
                assert again.bills == st.bills and again.legal_actions() == st.legal_actions()
                checked += 1
                conservative += st.scen["dev_side"] == "conservative"
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        if conservative >= 3:
            break
    assert checked > 10 and conservative >= 3


def test_scenario_5_riots_as_the_event():
    g = PrimeMinisterGame(3, scenario=5)
    st = g.state_from_position(example("riots"), seed=0)
    opts = st._event_options()
    assert [o["cost"] for o in opts] == [0, 1, 2] and opts[2]["effects"] == []  # the positive one cancelled
    assert all(e.get("steps", e.get("amount")) == -2 for o in opts[:2] for e in o["effects"])  # negatives doubled
    assert st.scen["riots_in_deck"] and st.to_position()["scenario"]["riots_in_event_deck"]
    st.apply_action(A_OPTION + 1)  # Send in the Police: back next to the board afterwards (L1139)
    assert not st.scen["riots_in_deck"] and st.scen["riots"] not in st.discards["events"] + st.decks["events"]
    table = g.state_from_position(example("riots"), seed=0)
    chosen = dict(example("riots"), event={"card": "EV15", "option": 0, "effects_done": 1})  # Ignore, Standing done
    del chosen["to_move"]
    st = g.state_from_position(chosen, seed=0)  # its Workers steps run: the Event is over
    workers = R.SECTOR_INDEX["Workers"]
    assert st.standing[0] == table.standing[0] and st.event == -1 and not st.scen["riots_in_deck"]
    assert st.sector_pos[R.CON][workers] == max(0, table.sector_pos[R.CON][workers] - 2)


def test_steps_and_round_facts():
    g = PrimeMinisterGame(4)
    st = g.state_from_position(example("challenges"), seed=0)
    assert st.tasks[0] == ["challenge_step", "ol", "pm"] and st.pending["target"] == 2
    assert st.to_position()["step"] == "opposition_backbencher"
    st = g.state_from_position(example("agreement"), seed=0)
    assert st.refused_agreement == [R.BILL_INDEX["CP01"]] and R.UNC_IDS[st.last_unc] == "U07"
    assert st.pending["slot"] == 1
    st.apply_action(NO)  # refused too: the PM may now only vote on or withdraw either bill
    assert st.pending["kind"] == "resolve" and all(a >= R.A_RESOLVE + 3 for a in st.legal_actions())
    pos = {"phase": "opposition", "step": "order", "pact": False, "bills": ["CP01"]}
    st = g.state_from_position(pos, seed=0)
    assert st.pending["kind"] == "order" and st.to_position()["step"] == "order"
    pos = {"phase": "prime_minister", "step": "pact_window", "pact": False, "bills": ["CP01"]}
    st = g.state_from_position(pos, seed=0)
    assert st.pending["q"] == "propose_pact" and st.current_player() == st.seat_of("pm") and st.event == -1
    st = g.state_from_position(dict(pos, pending={"kind": "accept_pact"}), seed=0)
    assert st.pending["q"] == "accept_pact" and st.current_player() == st.seat_of("ol")


def test_the_hold_limit_at_the_end_of_a_turn():
    pos = {"phase": "turn", "step": "hold_limit", "turn": {"player": 2, "acted": True, "opposition_still_to_play": True},
           "players": pl(s2={"supporters": [f"S0{i}" for i in range(1, 10)]}), "bills": ["CP01"]}
    g = PrimeMinisterGame(4)
    st = g.state_from_position(pos, seed=0)
    assert st.pending["kind"] == "discard" and st.tasks[:2] == [["end_turn", 2], ["turn", 1]]
    assert st.to_position()["step"] == "hold_limit"
    while st.pending["kind"] == "discard":  # down to the hold limit (7.3): Peel's turn follows
        st.apply_action(st.legal_actions()[0])
    assert len(st.hand[2]) == R.HOLD_LIMIT and st.pending["kind"] == "main" and st.current_player() == 1


def test_royal_interference_and_the_unilateral_pact_restart():
    g = PrimeMinisterGame(4)
    players = [{"politician": p, "role": r, "favour": f} for p, r, f in (
        ("P03", "gbb", 1), ("P10", "obb", 1), ("P07", "ol", 2), ("P02", "pm", 6))]
    pos = {"phase": "election", "bills": [], "players": players, "pact": False, "election_marker": False,
           "sectors": {"Liberals": {"liberal": 0, "conservative": 0}}}
    found = None
    for u in R.UNC_IDS:  # an Uncertainty card that gives the favourite (the PM) Royal Interference
        try:
            st = g.state_from_position(dict(pos, pending={"kind": "royal", "uncertainty": u}), seed=0)
        except PositionError as exc:
            assert "pending" in str(exc)
            continue
        found = st
        break
    assert found is not None and found.pending["q"] == "royal" and found.current_player() == 3
    assert found.to_position()["pending"]["kind"] == "royal"
    play_to_end(g, found, seed=1)
    three = {"phase": "bill_selection", "pact": False, "bills": ["CP01", "CP02", "CP03"],
             "pending": {"kind": "restart_pact"}}
    st = g.state_from_position(three, seed=0)
    assert st.pending["q"] == "restart_pact" and st.tasks == [["turns"]]
    assert st.to_position()["pending"] == {"kind": "restart_pact"}
    st.apply_action(YES)
    assert st.pact


def test_to_position_of_a_finished_game_says_why():
    g = PrimeMinisterGame(2)
    st = g.new_initial_state(seed=1)
    rng = random.Random(1)
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
    with pytest.raises(PositionError, match="cannot be written as a position: the game is over"):
        st.to_position()


P = [{"politician": p, "role": r} for p, r in (("P03", "gbb"), ("P10", "obb"), ("P07", "ol"), ("P02", "pm"))]


def pl(**seats):
    return [dict(P[i], **seats.get(f"s{i}", {})) for i in range(4)]


QT = {"phase": "prime_minister", "bills": ["CP01"], "players": pl(s0={"question_cards": ["EV04"]},
                                                                   s2={"question_cards": ["EV02"]})}
TURN = {"phase": "turn", "turn": {"player": 3, "acted": True}, "players": P, "bills": ["CP01"]}
RES = {"phase": "bill_resolution", "players": P, "bills": ["CP05"], "passed": ["CP01"]}
SEVEN = [{"politician": "P04", "role": "pm"}, {"politician": "devonshire", "role": "gbb"},
         {"politician": "P06", "role": "ol"}]
BAD = [
    (4, {}, {"phase": "opposition", "step": "lunch"}, r"step"),
    (4, {}, {"phase": "opposition", "pact": False, "step": "end_pact"}, r"step"),
    (4, {}, {"phase": "election", "step": "resolve"}, r"step"),
    (4, {}, dict(TURN, step="hold_limit"), r"step"),
    (4, {}, dict(TURN, turn={"player": 0}, step="rejoin"), r"step"),
    (4, {}, dict(TURN, turn={"player": 0, "acted": True}, step="deputy"), r"turn"),
    (4, {}, dict(TURN, turn={"player": 1, "doubled": ["S01"]}), r"turn\.doubled"),
    (4, {}, dict(TURN, turn={"player": 1, "denied": [{"weapon": "x"}]}), r"turn\.denied\[0\]"),
    (4, {}, dict(TURN, pact=True, turn={"player": 1, "denied": [{"supporter": "S01"}]}), r"turn\.denied\[0\]"),
    (4, {}, dict(TURN, pact=False, turn={"player": 1, "denied": [{"supporter": "S03"}]}), r"turn\.denied\[0\]"),
    (4, {}, dict(TURN, turn={"player": 3, "next_phase": "election"}), r"turn\.next_phase"),
    (4, {}, {"phase": "prime_minister", "questions": {}}, r"questions"),
    (4, {"question_time": True}, dict(QT, questions={"asked": [0]}), r"questions\.asked"),
    (4, {"question_time": True}, dict(QT, questions={"asked": [2], "signalled": [0]}), r"questions\.signalled"),
    (4, {}, dict(TURN, effects={"source": {"supporter": "S01", "option": 0}}), r"effects\.source"),
    (4, {}, dict(TURN, effects={"source": {"action": "flatter", "level": 2}}), r"effects\.source"),
    (4, {}, dict(TURN, turn={"player": 3, "acted": False}, effects={"source": {"action": "debate", "level": 1}}),
     r"turn\.acted"),
    (4, {}, dict(TURN, effects={"source": {"action": "debate", "level": 1}, "effects_done": 1}),
     r"effects\.effects_done"),
    (4, {}, dict(TURN, effects={"source": {"action": "debate", "level": 1}, "chosen": {"sector": "Wales"}}),
     r"effects\.chosen\.sector"),
    (4, {}, dict(TURN, effects={"source": {"action": "campaign", "level": 1}, "chosen": {"sector": "Ireland"}}),
     r"effects\.chosen\.sector"),
    (4, {}, dict(TURN, effects={"source": {"action": "influence", "level": 1}, "chosen": {"direction": "up"}}),
     r"effects\.chosen\.direction"),
    (4, {}, dict(TURN, effects={"source": {"action": "influence", "level": 1}, "chosen": {"direction": "to_moderate"}}),
     r"effects\.chosen"),
    (4, {}, dict(RES, effects={"source": {"bill": "CP02"}}), r"effects\.source\.bill"),
    (4, {}, dict(RES, effects={"source": {"debate_cards": [], "outcome": "draw"}}), r"effects\.source\.outcome"),
    (4, {}, dict(RES, effects={"source": {"bill": "CP01", "debate_cards": [
        {"card": "debate_gov_backbencher", "owner": 1, "side": "pact"}]}}), r"effects\.source\.debate_cards\[0\]"),
    (4, {}, {"phase": "election", "effects": {"source": {"bill": "CP01"}}}, r"effects"),
    (4, {}, dict(TURN, pending={"kind": "lunch"}), r"pending"),
    (4, {}, dict(TURN, pending={"kind": "permit"}), r"pending"),
    (4, {}, dict(TURN, pending={"kind": "permit", "request": {"action": "debate", "level": 1}}), r"pending"),
    (4, {}, dict(TURN, pending={"kind": "keep", "player": 3, "drawn": ["S01", "S02"], "keep": 2}), r"pending\.keep"),
    (4, {}, dict(TURN, pending={"kind": "keep", "player": 1, "drawn": ["S01", "S02"], "keep": 1}),
     r"pending\.player"),
    (4, {}, dict(TURN, players=pl(s3={"supporters": ["S01"]}),
                 pending={"kind": "keep", "player": 3, "drawn": ["S01", "S02"], "keep": 1}), r"supporters"),
    (4, {}, {"phase": "bill_resolution", "bills": ["CP01"], "pending": {"kind": "agreement", "bill": "CP02"}},
     r"pending\.bill"),
    (4, {}, {"phase": "bill_resolution", "bills": ["CP01"], "refused_agreement": ["CP01"],
             "pending": {"kind": "agreement", "bill": "CP01"}}, r"pending\.bill"),
    (4, {}, {"phase": "election", "bills": [], "pending": {"kind": "royal", "uncertainty": "U99"}},
     r"pending\.uncertainty"),
    (4, {}, {"phase": "election", "bills": [], "pending": {"kind": "royal", "uncertainty": "U01"}}, r"pending"),
    (4, {}, {"phase": "election", "pending": {"kind": "restart_pact"}}, r"pending"),
    (4, {}, {"phase": "bill_selection", "pact": True, "bills": ["CP01", "CP02", "CP03"],
             "pending": {"kind": "restart_pact"}}, r"pending"),
    (4, {}, {"phase": "opposition", "pact": True, "pending": {"kind": "accept_pact"}}, r"pending"),
    (4, {"question_time": True}, dict(QT, questions={"asked": [2, 0], "signalled": [2]},
                                      pending={"kind": "qt_card", "player": 0}), r"pending\.player"),
    (4, {}, {"last_uncertainty": "U99"}, r"last_uncertainty"),
    (4, {}, {"refused_agreement": ["XX"]}, r"refused_agreement\[0\]"),
    (4, {}, {"minority_by_challenge": 1}, r"minority_by_challenge"),
    (4, {}, {"lost_challenge": 7}, r"lost_challenge"),
    (4, {}, {"players": P, "minority_by_challenge": True, "lost_challenge": 3}, r"lost_challenge"),
    (4, {}, {"government_mps_party": "whig"}, r"government_mps_party"),
    (4, {}, {"players": pl(s3={"vp": 100})}, r"players\[3\]\.vp"),
    (4, {}, {"players": pl(s0={"vp": 101})}, r"players\[0\]\.vp"),
    (4, {}, {"players": pl(s0={"supporters": [], "supporters_shown": ["S01"]})}, r"players\[0\]\.supporters_shown"),
    (3, {"scenario": 7}, {"scenario": {"set_aside": ["CB01"]}}, r"scenario\.set_aside"),
    (4, {"scenario": 4}, {"players": [{"supporters": ["S01"]}, {}, {}, {}],
                          "scenario": {"importation_act_supporters": ["S01"]}},
     r"scenario\.importation_act_supporters"),
    (4, {}, {"scenario": {"devonshire_turn_taken": True}}, r"scenario"),
    (3, {"scenario": 7}, {"phase": "opposition", "scenario": {"devonshire_turn_taken": True}},
     r"scenario\.devonshire_turn_taken"),
    (3, {"scenario": 7}, {"players": SEVEN, "bills": [{"bill": "CP02", "debate_cards": [
        {"card": "debate_opposition_leader", "owner": 1, "side": "pact"}]}]}, r"bills\[0\]\.debate_cards\[0\]\.owner"),
    (3, {"scenario": 5}, {"phase": "prime_minister", "event": {"card": "EV15"},
                          "scenario": {"riots_in_event_deck": False}}, r"scenario\.riots_in_event_deck"),
    (2, {"scenario": 2}, {"players": [{"politician": "P04", "role": "ol"}, {"politician": "P09", "role": "pm"}],
                          "scenario": {"gladstone_was_pm": True}}, r"scenario\.gladstone_was_pm"),
]


@pytest.mark.parametrize("n,opts,position,field", BAD, ids=[str(i) for i in range(len(BAD))])
def test_bad_progress_fields_name_the_field(n, opts, position, field):
    with pytest.raises(PositionError, match=field):
        PrimeMinisterGame(n, **opts).state_from_position(json.loads(json.dumps(position)), seed=0)


# --- the property: every random decision written and laid again -----------------------------------------------
CONFIGS = [(4, {}), (3, {}), (2, {}), (4, {"question_time": True}), (4, {"scenario": 1}), (2, {"scenario": 2}),
           (2, {"scenario": 3}), (4, {"scenario": 4}), (2, {"scenario": 5}), (3, {"scenario": 5}),
           (4, {"scenario": 5}), (2, {"scenario": 6}), (3, {"scenario": 6}),
           (4, {"scenario": 6, "question_time": True}), (3, {"scenario": 7})]
COMMON = {"main", "draw_bill", "propose", "select", "resolve", "election"}  # sampled; the rarer decisions all taken


def random_decisions(n, opts, games: int, rate: float, rare: float, seed: int):
    """States of seeded random play stopped at random decisions (``rate`` of the common ones, ``rare`` of the
    others)."""
    g = PrimeMinisterGame(n, **opts)
    rng = random.Random(seed)
    for _ in range(games):
        st = g.new_initial_state(seed=rng.randrange(1 << 30))
        while not st.is_terminal():
            if rng.random() < (rate if st.pending["kind"] in COMMON else rare):
                yield g, st
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])


def check_laid_again(g, st, seed: int) -> str:
    pos = st.to_position()  # (lays it again itself and compares every field a position sets)
    again = g.state_from_position(json.loads(json.dumps(pos)), seed=seed)
    for p in range(st.n):
        assert np.array_equal(again.observation(p), st.observation(p)), (p, st.pending)
    assert again.legal_actions() == st.legal_actions() and again.current_player() == st.current_player()
    return st.pending.get("q") or st.pending["kind"]


def sweep(games: int, rate: float, rare: float) -> set:
    kinds = set()
    for i, (n, opts) in enumerate(CONFIGS):
        for g, st in random_decisions(n, opts, games, rate, rare, seed=1000 + i):
            kinds.add(check_laid_again(g, st, seed=i))
    return kinds


def test_every_random_decision_is_written_and_laid_again():
    kinds = sweep(games=1, rate=0.02, rare=0.3)
    assert {"main", "permit", "keep", "debate_target", "eff_option", "eff_sign", "event", "qt_card", "qt_call",
            "challenge", "agreement", "question", "select", "draw_bill", "resolve"} <= kinds, sorted(kinds)


@pytest.mark.slow
def test_every_random_decision_is_written_and_laid_again_sweep():
    kinds = sweep(games=15, rate=0.1, rare=1.0)
    assert len(kinds) >= 33, sorted(kinds)
