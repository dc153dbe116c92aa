"""Politix positions (RULES.md, "Positions"): the worked example verbatim, random fill from the seed, short tables,
stacked and sized draw piles, mid-turn phases, and strict validation naming the field."""
from __future__ import annotations

import copy
import json
import os
import re

import pytest

import hustings
from hustings.core import HustingsError, PositionError
from hustings.politix import PolitixGame
from hustings.politix.rules import (BESIDE_KINDS, DISCARD, EVENTS, GROUPS, KINDS, METHODS, NG, NM, PERSUADE,
                                    POLITICIANS, SPECIALS, START)
from helpers import ROOT

RULES = os.path.join(ROOT, "envs", "politix", "RULES.md")
G = {g: i for i, g in enumerate(GROUPS)}
K = {k: i for i, k in enumerate(KINDS)}


def rules_example() -> dict:
    """The JSON block of RULES.md's "Positions" section, parsed as written."""
    text = open(RULES, encoding="utf-8").read()
    section = text[text.index("## Positions"):]
    section = section[:section.index("\n## ", 5)]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def kinds(counts):
    return sorted(KINDS[k] for k in range(len(KINDS)) for _ in range(counts[k]))


def check_conserved(st):
    acts, voters = st.card_totals()
    assert acts == list(st.game.kind_count)
    assert voters == [7] * NG + [1] * len(EVENTS)
    st._check_consistent()


def test_rules_md_worked_example_is_the_l26_ben_example_mid_persuasion():
    pos = rules_example()
    st = PolitixGame(4).state_from_position(pos, seed=3)
    check_conserved(st)
    assert [POLITICIANS[k] for k in st.politician] == ["ben", "sauli", "tarja", "paavo"]
    assert kinds(st.hands[0]) == sorted(["debate", "coffee", "gone_with_the_wind"])
    assert st.hand_size == [3, 5, 3, 4]
    assert kinds(st.hands[2]) == sorted(["charming", "charming", "nuclear_power"])
    assert st.beside[0][BESIDE_KINDS.index(K["anarchist_agenda"])] == 1
    assert st.beside[2][-1] == 1  # Burnout beside Tarja
    assert st.table == [2, 0, 0, 1, 1, 4]
    assert [EVENTS[c - NG] for c in st.events_out] == ["time_of_reason", "depression"]
    assert EVENTS[st.event] == "depression"
    assert st.collected == [[0, 2, 0, 0, 1, 0], [2, 0, 0, 1, 0, 0]] and st.turns == [5, 5]
    # the discard pile: as listed, plus the intimidation card played in the persuasion (L34)
    assert kinds(st.discard) == sorted(["debate", "twist", "coffee", "burnout", "gone_with_the_wind", "intimidation"])
    assert [KINDS[k] for k in reversed(st.deck[-3:])] == ["intimidation", "intimidation", "twist"]
    assert st.cur == 0 and st.phase == PERSUADE and st.pplayed == 1
    # L26: skill 2 + Anarchist agenda 1 + depression 1 + one intimidation card = 5: up to three youth
    assert st.ppower == 5
    g = st.game
    takes = [a - g.A_TAKE + 1 for a in st.legal_actions() if g.A_TAKE <= a < g.A_DISCARD]
    assert takes == [1, 2, 3]
    assert g.A_COFFEE in st.legal_actions() and g.A_ADD not in st.legal_actions()
    trial = st.clone()
    trial.apply_action(g.A_COFFEE)
    assert trial.ppower == 6 and trial.is_legal(g.A_TAKE + 3)  # the coffee and cake makes it four
    st.apply_action(g.A_TAKE + 2)
    assert st.collected[0][G["youth"]] == 3 and st.table_total == 8
    assert EVENTS[st.event] == "beauty_contest"  # the stacked refill: blondes, then the beauty contest
    refill = next(e for e in reversed(st.events(None)) if e["type"] == "persuasion")
    assert refill["refill"][:2] == ["blondes", "beauty_contest"] and refill["event_now"] == "beauty_contest"
    assert st.cur == 1 and st.phase == START
    # seat 1 draws; then seat 2 (Burnout) draws 2: the stacked action cards come first
    st.apply_action(0)
    assert st.events(1)[-1]["cards"] == ["intimidation", "intimidation", "twist"]


def test_left_out_parts_come_from_the_seed_and_given_parts_stay():
    pos = rules_example()
    game = PolitixGame(4)
    a, b, c = (game.state_from_position(pos, seed=s) for s in (7, 7, 8))
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()
    for st in (a, c):
        assert st.hands[0] == a.hands[0] and st.hands[2] == a.hands[2] and st.table == a.table
        assert st.deck[-3:] == a.deck[-3:]
    assert a.hands[1] != c.hands[1] or a.hands[3] != c.hands[3] or a.deck != c.deck


def test_empty_position_is_a_legal_opening_and_plays_to_the_end():
    import random
    for n, opts in ((2, {}), (5, {}), (6, {"teams_3v3": True})):
        game = PolitixGame(n, **opts)
        st = game.state_from_position({}, seed=n)
        check_conserved(st)
        assert st.table_total == 8 and all(h == 4 for h in st.hand_size)
        assert sum(st.base) == (6 if n == 5 else 0)
        rng = random.Random(n)
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        check_conserved(st)


def test_short_table_with_empty_voter_pile_and_a_sized_action_pile():
    pos = {"table": ["youth", "youth", "farmers"], "voter_draw_pile": 0, "action_draw_pile": 12}
    st = PolitixGame(4).state_from_position(pos, seed=1)
    check_conserved(st)
    assert st.table_total == 3 and st.voter_deck == [] and len(st.events_out) == 4
    assert sum(map(sum, st.collected)) == 39 and len(st.deck) == 12
    assert sum(st.discard) == 76 - 16 - 12
    # the README / RULES.md short example runs through the env too
    env = hustings.make("politix", num_players=4)
    env.reset(seed=1, options={"position": pos})
    assert env.game_state.to_json() == st.to_json()
    assert env.new_events()[0]["type"] == "position"


def test_whole_piles_in_order_and_ordered_discard():
    game = PolitixGame(2)
    base = {"seats": [{"politician": "ben", "hand": []}, {"politician": "tarja", "hand": []}], "to_move": 0,
            "table": ["youth"] * 7 + ["farmers"], "events": list(EVENTS), "voter_draw_pile": 0}
    order = ["coffee", "debate", "twist"]
    left = list(game.kind_count)
    for k in order:
        left[K[k]] -= 1
    disc = [k for i, k in enumerate(KINDS) for _ in range(left[i])][::-1]  # bottom first, any order
    st = game.state_from_position(dict(base, action_draw_pile=order, discard_pile=disc), seed=0)
    assert [KINDS[k] for k in reversed(st.deck)] == order and sum(st.discard) == 73
    assert sum(map(sum, st.collected)) == 42 - 8 and st.voter_deck == []  # voter piles left out: dealt at random
    st.apply_action(0)
    assert kinds(st.hands[0]) == sorted(order)
    # two cards placed nowhere, and the discard pile given: refused, naming the pile
    with pytest.raises(PositionError, match="action_draw_pile.*2 action cards placed nowhere else"):
        game.state_from_position(dict(base, action_draw_pile=order, discard_pile=disc[2:]), seed=0)


@pytest.mark.parametrize("phase", ["specials", "discard"])
def test_mid_turn_phases(phase):
    hand = ["debate"] * 10 + ["twist"] * 2 if phase == "discard" else ["debate", "twist"]
    pos = {"seats": [{"politician": "sauli", "hand": hand}, {}], "to_move": 0, "phase": phase}
    st = PolitixGame(2).state_from_position(pos, seed=2)
    g = st.game
    if phase == "specials":
        assert st.phase == SPECIALS and 2 in st.legal_actions() and 0 not in st.legal_actions()
    else:
        assert st.phase == DISCARD
        assert st.legal_actions() == [g.A_DISCARD + K["debate"], g.A_DISCARD + K["twist"]]
        st.apply_action(g.A_DISCARD + K["twist"])
        st.apply_action(g.A_DISCARD + K["twist"])
        assert st.cur == 1 and st.phase == START


def test_five_players_base_support_given_or_random():
    base = ["farmers", "farmers", "hippies", "youth", "blondes", "white_collar"]
    st = PolitixGame(5).state_from_position({"parties": [{"base_support": base}, {}]}, seed=0)
    assert st.base == [2, 1, 0, 1, 1, 1] and st.cur == 0  # L41: the first party's first player starts
    ev = st.events(None)[0]
    assert all("base_support" in ev["private"][s] for s in (0, 1))
    assert all("base_support" not in ev["private"][s] for s in (2, 3, 4))
    with pytest.raises(PositionError, match=r"parties\[1\].base_support"):
        PolitixGame(5).state_from_position({"parties": [{}, {"base_support": base}]}, seed=0)


def _set(d, path, value):
    for key in path[:-1]:
        d = d[key]
    if value is _DEL:
        del d[path[-1]]
    else:
        d[path[-1]] = value


_DEL = object()
REFUSED = [
    (("players",), 5, "players"),
    (("seats", 0, "politician"), "tarja", r"seats\[0\].skills.*tarja's skills"),
    (("seats", 0, "politician"), "nobody", r"seats\[0\].politician"),
    (("seats", 0, "skills", "intimidation"), 3, r"seats\[0\].skills"),
    (("seats", 0, "hand", 0), "joker", r"seats\[0\].hand\[0\]"),
    (("seats", 0, "beside", 0), "debate", r"seats\[0\].beside\[0\]"),
    (("seats", 2, "beside"), ["burnout", "burnout"], r"Burnout"),
    (("seats", 1, "hand"), 11, r"holds 11 cards; expected at most 10"),
    (("seats", 1, "mood"), "angry", r"seats\[1\].mood"),
    (("parties", 0, "party"), "left-wing", r"parties\[0\].party"),
    (("parties", 0, "turns"), -1, r"parties\[0\].turns"),
    (("parties", 0, "voter_pile", "white_collar"), 8, r"parties\[0\].voter_pile.white_collar is 8"),
    (("parties", 1, "voter_pile"), {"white_collar": 6}, r"white collar workers voter card too many"),
    (("table",), {"youth": 4, "farmers": 2, "hippies": 1}, r"table holds 7 voter cards"),
    (("table",), {"youth": 9}, r"angst-ridden youth voter card too many|table"),
    (("events", 0), "farmers", r"events\[0\]"),
    (("events",), ["depression", "depression"], r"depression voter card too many"),
    (("voter_draw_pile",), 5, r"voter_draw_pile"),
    (("action_draw_pile",), {"top": ["debate"], "size": 0}, r"action_draw_pile.size"),
    (("discard_pile",), ["coffee"] * 9, r"coffee and cake action card too many"),
    (("to_move",), 4, r"to_move"),
    (("phase",), "lunch", r"phase"),
    (("persuasion", "method"), "bribery", r"persuasion.method"),
    (("persuasion", "group"), "white_collar", r"none lies on the table"),
    (("persuasion", "played", 0), "debate", r"persuasion.played\[0\]"),
    (("phase",), "start", r"persuasion.*null"),
    (("persuasion",), _DEL, r"persuasion"),
]


@pytest.mark.parametrize("path, value, message", REFUSED, ids=[".".join(map(str, r[0])) for r in REFUSED])
def test_bad_positions_are_refused_naming_the_field(path, value, message):
    pos = copy.deepcopy(rules_example())
    _set(pos, path, value)
    with pytest.raises(PositionError, match=message):
        PolitixGame(4).state_from_position(pos, seed=0)


def test_a_persuasion_the_hand_cannot_finish_is_refused():
    pos = copy.deepcopy(rules_example())
    pos["persuasion"] = {"group": "youth", "method": "charming", "played": []}  # power 0 + 1 coffee < 4 symbols
    with pytest.raises(PositionError, match="cannot be completed"):
        PolitixGame(4).state_from_position(pos, seed=0)
    pos["persuasion"] = {"group": "youth", "method": "intimidation", "played": 0}  # power 4 >= 3 with the coffee
    st = PolitixGame(4).state_from_position(pos, seed=0)
    assert st.ppower == 4 and st.legal_actions() == [st.game.A_COFFEE]


def test_position_errors_are_hustings_errors_and_not_a_dict_is_refused():
    with pytest.raises(HustingsError, match="position"):
        PolitixGame(4).state_from_position(["not", "a", "dict"], seed=0)
    env = hustings.make("politix")
    with pytest.raises(PositionError):
        env.reset(options={"position": 3})
    with pytest.raises(PositionError, match="max_turns"):
        PolitixGame(2, max_turns=10).state_from_position({"parties": [{"turns": 5}, {"turns": 5}]}, seed=0)
    assert NM == len(METHODS)


def test_to_position_gives_any_state_in_play_back_exactly():
    import random
    rng = random.Random(5)
    for n, opts in ((2, {}), (4, {}), (5, {}), (6, {"teams_3v3": True})):
        game = PolitixGame(n, **opts)
        for g in range(4):
            st = game.new_initial_state(seed=g)
            for _ in range(rng.randrange(1, 250)):
                legal = st.legal_actions()
                st.apply_unchecked(legal[rng.randrange(len(legal))])
                if st.is_terminal():
                    st = game.new_initial_state(seed=g + 50)
            pos = json.loads(json.dumps(st.to_position()))
            back = game.state_from_position(pos, seed=99)
            a, b = st.to_json(), back.to_json()
            for key in ("rng", "score_version", "reshuffled", "drawn"):
                a.pop(key), b.pop(key)
            assert a == b
            assert (back.observation(0) == st.observation(0)).all() and back.legal_actions() == st.legal_actions()
