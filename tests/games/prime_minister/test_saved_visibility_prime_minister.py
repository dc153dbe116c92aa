"""Prime Minister saved states: the fields that decide who sees what are refused when the rest of the state says
otherwise ("Every position, every input").

``revealed_ok`` shows the face-down bill proposals to every seat: it is true exactly between the ``reveal_proposals``
task and ``selection_end`` (never in Scenarios 2 and 4, where only the PM draws). Real states at every point of Bill
Selection of random games round-trip through JSON, and each one with ``revealed_ok`` flipped is refused naming the
field. ``proposed`` / ``bill_hand`` outside Bill Selection and a Career Card left face down although its thresholds
are met (every seat would see it active) are refused the same way.
"""
from __future__ import annotations

import json
import random

import pytest

from hustings.core.rules import StateFormatError
from hustings.prime_minister.rules import A_BILL, CAREERS, PrimeMinisterGame

CONFIGS = [(4, {}), (3, {}), (2, {}), (4, {"question_time": True}), (2, {"scenario": 2}), (4, {"scenario": 4}),
           (3, {"scenario": 7})]


def selection_states(n: int, options: dict, games: int = 3, seed: int = 0):
    """(game, saved JSON) at every decision of Bill Selection in the first rounds of random games."""
    g = PrimeMinisterGame(n, **options)
    rng = random.Random(seed)
    for _ in range(games):
        st = g.new_initial_state(seed=rng.randrange(1 << 30))
        for _ in range(600):
            if st.is_terminal():
                break
            if "selection_end" in [t[0] for t in st.tasks]:
                yield g, json.loads(json.dumps(st.to_json()))
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("n,options", CONFIGS)
def test_every_point_of_bill_selection_round_trips_and_a_flipped_reveal_is_refused(n, options):
    kinds, seen = set(), 0
    for g, data in selection_states(n, options):
        st = g.state_from_json(data)
        assert st.to_json() == data
        kinds.add((st.pending["kind"], st.revealed_ok))
        flipped = dict(data, revealed_ok=not data["revealed_ok"])
        with pytest.raises(StateFormatError, match="revealed_ok"):
            g.state_from_json(flipped)
        seen += 1
    assert seen > 20
    if options.get("scenario") in (2, 4):
        assert {r for _, r in kinds} == {False}
    else:  # both sides of the reveal were met: hidden proposals and the revealed six
        assert ("propose", False) in kinds and ("select", True) in kinds


def test_revealed_outside_bill_selection_is_refused():
    g = PrimeMinisterGame(4)
    st = g.new_initial_state(seed=3)
    while "selection_end" in [t[0] for t in st.tasks] or st.pending["kind"] != "main":
        st.apply_action(st.legal_actions()[0])
    data = json.loads(json.dumps(st.to_json()))
    assert g.state_from_json(data).to_json() == data
    with pytest.raises(StateFormatError, match="revealed_ok .*outside Bill Selection"):
        g.state_from_json(dict(data, revealed_ok=True))
    with pytest.raises(StateFormatError, match="proposed"):
        g.state_from_json(dict(data, proposed=[[data["bills"][0]["bill"], 0]], bills=data["bills"][1:]))


def test_a_proposal_of_the_pm_before_the_reveal_is_refused():
    g, data = next((g, d) for g, d in selection_states(4, {}) if g.state_from_json(d).pending["kind"] == "propose")
    pm = data["role"].index("pm")
    proposer = data["pending"]["player"]
    moved = json.loads(json.dumps(data))
    moved["proposed"].append([moved["bill_hand"][proposer].pop(), pm])
    moved["pending"]["legal"] = [a for a in moved["pending"]["legal"] if a - A_BILL in moved["bill_hand"][proposer]]
    with pytest.raises(StateFormatError, match="proposed|bill_hand|pending"):
        g.state_from_json(moved)


def test_a_career_card_left_face_down_past_its_thresholds_is_refused():
    g = PrimeMinisterGame(4)
    rng = random.Random(5)
    for _ in range(40):
        st = g.new_initial_state(seed=rng.randrange(1 << 30))
        for _ in range(300):
            if st.is_terminal():
                break
            up = [(s, c) for s in range(4) if st._careers_usable(s) for c, on in st.careers[s].items() if on
                  and st.standing[s] >= CAREERS[c]["requirements"]["standing_min"]
                  and st.favour[s] >= CAREERS[c]["requirements"]["favour_min"]]
            if up:
                data = json.loads(json.dumps(st.to_json()))
                s, c = up[0]
                data["careers"][s][c] = 0
                with pytest.raises(StateFormatError, match=rf"careers\[{s}\]\.{c}"):
                    g.state_from_json(data)
                return
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
    pytest.fail("no active Career Card met in random play")
