"""Politrickers positions (RULES.md "Positions"): the worked example verbatim, positions rebuilt from real games in
both forms, filling what a position leaves out, a stacked deck, and strict validation."""
from __future__ import annotations

import copy
import json
import os
import random
import re

import pytest

import hustings
from hustings.core import PositionError
from hustings.politrickers import PolitrickersGame, card_name, parse_card
from hustings.politrickers.rules import (CLAWS, DOWN, ECONOMY, ENV, FLIP, MIG, MIG_FROM_TAILS, MIG_NO_TOKEN,
                                         SAFETY, SUIT, TAILS)
from helpers import ROOT

PARTY = ("Tails", "Claws")


def rules_md_example() -> dict:
    """The first JSON block of RULES.md's "Positions" section, parsed as written."""
    text = open(os.path.join(ROOT, "envs", "politrickers", "RULES.md"), encoding="utf-8").read()
    section = text.split("## Positions", 1)[1].split("\n## ", 1)[0]
    return json.loads(re.search(r"```json\n(.*?)```", section, re.S).group(1))


def _play_of(entry, hide_face_down=()):
    """A play-record entry as a position writes it."""
    seat, action, mode, *_ = entry
    paid, base = action >= FLIP, action % FLIP
    if mode == MIG:
        play = {"card": "Mig"}
        if base != MIG_NO_TOKEN:
            play["move"] = "Tails->Claws" if base == MIG_FROM_TAILS else "Claws->Tails"
    elif mode == DOWN:
        play = {"face_down": True} if seat in hide_face_down else {"card": card_name(base), "face_down": True}
    else:
        play = {"card": card_name(base)}
    if paid:
        play["switch"] = True
    return play["card"] if list(play) == ["card"] else play


def position_of(st, form: str = "full", hidden_hands=(), hide_face_down=(),
                leftovers: bool = True) -> dict:
    """The position of a state of a seeded game (its play record covers the round): ``form`` "full" lists the
    tricks, "summary" gives the table when the current trick began. The hands of the seats ``hidden_hands`` and
    the face-down cards of the seats ``hide_face_down`` are left out."""
    n = st.n
    names = lambda cards: [card_name(c) for c in cards]  # noqa: E731
    assert len(st.log) == n * st.tricks_done + st.turn, "the play record must cover the round"
    current = st.log[len(st.log) - st.turn:]
    pos = {"round": st.round + 1, "vp": list(st.vp), "last_round_vp": list(st.round_vp),
           "hands": [None if p in hidden_hands else names(st.hands[p]) for p in range(n)],
           "trick": [_play_of(e, hide_face_down) for e in current], "chair": st.trick_start}
    if leftovers:
        pos["leftovers"] = names(st.leftovers)
    # the table when the current trick began: undo the current trick's switches, spent tokens and Migration
    parties, spent, libra = list(st.party), list(st.spent), [list(st.libra[0]), list(st.libra[1])]
    for seat, action, mode, q, *_ in current:
        parties[seat] = q
        spent[seat] -= action >= FLIP
        base = action % FLIP
        if mode == MIG and base != MIG_NO_TOKEN:
            src = TAILS if base == MIG_FROM_TAILS else CLAWS
            libra[src][seat] += 1
            libra[1 - src][seat] -= 1
    pos.update(parties=[PARTY[q] for q in parties], spent_tokens=spent,
               libra={"Tails": libra[0], "Claws": libra[1]})
    if form == "full":
        done = st.log[:n * st.tricks_done]
        pos["tricks"] = [{"chair": done[t * n][0], "plays": [_play_of(e, hide_face_down) for e in
                                                             done[t * n:(t + 1) * n]]}
                         for t in range(st.tricks_done)]
    else:
        pos["played"] = names(st.seen)
        pos["face_down"] = [names(h) for h in st.hidden]
        if hide_face_down:
            pos["face_down"] = [[None] * len(h) if p in hide_face_down else names(h)
                                for p, h in enumerate(st.hidden)]
    return pos


def midgame(n: int, seed: int, steps: int):
    """A seeded game after ``steps`` random plays (stopping at a round boundary if one comes)."""
    st = PolitrickersGame(n).new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = st.legal_actions()
        st.apply_action(legal[rng.randrange(len(legal))])
        if st.is_terminal() or (st.tricks_done == 0 and st.turn == 0 and st.round > 0):
            break
    return st


SKIP = {"rng", "history", "score_version"}  # what a position does not carry


# --- the worked example ------------------------------------------------------------------------------------
def test_rules_md_worked_example_loads_verbatim():
    pos = rules_md_example()
    game = PolitrickersGame(4)
    fills = set()
    for seed in range(6):
        st = game.state_from_position(pos, seed=seed)
        assert st.round == 1 and st.vp == [2, 0, 3, 1] and st.round_vp == [2, 0, 3, 1]
        assert st.tricks_done == 3 and st.turn == 3 and st.trick_start == 1 and st.leader == 1
        assert st.current_player() == 0
        # trick 1 (diagram): seat 3 forced to Tails; trick 2 (Welfare): Wel1 wins; trick 3: Economy 2 wins
        assert st.tricks_won == [1, 1, 0, 1]
        # the current trick: seat 2 paid to switch to Claws, seat 3 moved its Tails token to Claws (Migration)
        assert [PARTY[q] for q in st.party] == ["Tails", "Claws", "Claws", "Tails"]
        assert st.spent == [0, 0, 1, 0] and st.tokens == [4, 4, 4, 4]
        assert st.libra == [[1, 0, 0, 0], [0, 1, 0, 1]] and st.plate == [1, 2]
        assert st.ruling_suit == 1 and PARTY[st.ruling_party] == "Claws" and st.opp_suit == -1
        assert st.hands[0] == sorted(parse_card(c) for c in pos["hands"][0])
        assert sorted(card_name(c) for c in st.seen) == sorted(
            ["Hea2", "Env4", "Hea5", "Hea3", "Wel2", "Env3", "Wel5", "Wel1", "Saf3", "Saf1", "Eco2"])
        # the face-down card nobody saw: seat 2's, neither Safety nor Economy; seat 2 holds neither since
        (fd,) = st.hidden[2]
        assert SUIT[fd] not in (SAFETY, ECONOMY) and fd != 44
        assert not any(SUIT[c] in (SAFETY, ECONOMY) for c in st.hands[2])
        assert not any(SUIT[c] == ENV for c in st.hands[3])  # forced to switch in trick 1: no Environment
        assert [len(h) for h in st.hands] == [6, 5, 5, 5] and len(st.leftovers) == 1
        # seat 0 (Tails, Opposition, Opposition Suit unset) may play any non-Health card; a paid switch would
        # force a switch straight back (POL-A5.5)
        assert [game.action_name(a) for a in st.legal_actions()] == [
            "play Env1", "play Env2", "play Env7", "play Saf2", "play Wel3", "play Eco1"]
        assert st.event_log == []
        fills.add(json.dumps(st.to_json()["hands"]))
        again = game.state_from_position(pos, seed=seed)
        assert again.to_json() == st.to_json()  # the seed fixes the fill
    assert len(fills) > 1  # and what the position leaves out really is drawn


def test_worked_example_through_the_env_plays_to_the_end():
    env = hustings.make("politrickers", num_players=4)
    env.reset(seed=7, options={"position": rules_md_example()})
    assert env.agent_selection == "player_0"
    rng = random.Random(0)
    for agent in env.agent_iter():
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        legal = [a for a in range(94) if obs["action_mask"][a]]
        env.step(rng.choice(legal))
    st = env.game_state
    assert st.is_terminal() and st.winners()


def test_the_sampler_conditions_on_the_replayed_tricks():
    st = PolitrickersGame(4).state_from_position(rules_md_example(), seed=1)
    rng = random.Random(3)
    for _ in range(30):
        s = st.sample_hidden(0, rng)
        assert s.observation(0).tolist() == st.observation(0).tolist()
        assert not any(SUIT[c] == ENV for c in s.hands[3])
        assert all(SUIT[c] not in (SAFETY, ECONOMY) for c in s.hands[2] + s.hidden[2])


# --- positions of real games -----------------------------------------------------------------------------
@pytest.mark.parametrize("n", [3, 4, 5])
@pytest.mark.parametrize("form", ["full", "summary"])
def test_a_position_written_from_a_real_game_rebuilds_it(n, form):
    game = PolitrickersGame(n)
    built = 0
    for seed in range(12):
        st = midgame(n, seed, 3 + 3 * seed)
        if st.is_terminal():
            continue
        pos = position_of(st, form)
        json.dumps(pos)  # JSON-able as written
        other = game.state_from_position(pos, seed=seed)
        a, b = st.to_json(), other.to_json()
        for key in a:
            if key in SKIP or (form == "summary" and key == "round_plays"):
                continue
            assert a[key] == b[key], key
        if form == "summary":  # only the current trick is known of how cards were played
            assert b["round_plays"] == a["round_plays"][len(a["round_plays"]) - st.turn:]
        assert other.legal_actions() == st.legal_actions()
        assert other.observation(st.current_player()).tolist() == st.observation(st.current_player()).tolist()
        built += 1
    assert built >= 8


@pytest.mark.parametrize("form", ["full", "summary"])
def test_left_out_hands_and_face_down_cards_are_filled_to_fit_the_plays(form):
    game = PolitrickersGame(4)
    for seed in range(15):
        st = midgame(4, seed, 10 + 2 * seed)
        if st.is_terminal():
            continue
        me = st.current_player()
        others = [p for p in range(4) if p != me]
        pos = position_of(st, form, hidden_hands=others, hide_face_down=others, leftovers=False)
        other = game.state_from_position(pos, seed=seed)
        # what seat `me` sees is the same; what it cannot see was drawn
        assert other.observation(me).tolist() == st.observation(me).tolist()
        assert other.legal_actions() == st.legal_actions()
        assert [len(h) for h in other.hands] == [len(h) for h in st.hands]
        assert [len(h) for h in other.hidden] == [len(h) for h in st.hidden]
        cards = sorted(sum(other.hands, []) + other.seen + sum(other.hidden, []) + other.leftovers
                       + [c for c in other.plays if c >= 0])
        assert cards == game.deck


def test_summary_form_sets_the_table_when_the_trick_began():
    pos = {"round": 3, "vp": [4, 1, -3, 6], "chair": 2, "parties": ["Claws", "Claws", "Tails", "Tails"],
           "libra": {"Tails": [0, 0, 2, 1], "Claws": [1, 2, 0, 0]}, "spent_tokens": [1, 0, 0, 2],
           "face_down": [["Wel8"], [], [None], []], "trick": ["Saf2", "Saf5"]}
    st = PolitrickersGame(4).state_from_position(pos, seed=0)
    assert st.round == 2 and st.tricks_done == 6 and st.tokens == [3, 3, 3, 2]
    assert st.tricks_won == [1, 2, 2, 1] and st.hidden[0] == [parse_card("Wel8")] and len(st.hidden[2]) == 1
    assert len(st.seen) == 4 * 6 - 2 and st.current_player() == 0
    assert st.ruling_suit == SAFETY and st.ruling_party == TAILS
    # seat 3 (Tails, Ruling Party) followed Safety; seat 0 is Claws
    assert [len(h) for h in st.hands] == [3, 3, 2, 2]


def test_default_parties_follow_the_rule_from_the_chair():
    st = PolitrickersGame(5).state_from_position({"chair": 3}, seed=0)
    assert [PARTY[q] for q in st.party] == ["Tails", "Claws", "Tails", "Tails", "Claws"]
    assert st.current_player() == 3 and all(len(h) == 9 for h in st.hands)


def test_a_stacked_deck_deals_the_next_round():
    game = PolitrickersGame(4)
    deck = [card_name(c) for c in reversed(game.deck)]
    # the Balanced figure's last trick: after it, round 2 is dealt from the stacked deck
    pos = {"chair": 0, "hands": [["Eco1"], ["Env2"], ["Hea1"], ["Saf1"]],
           "libra": {"Tails": [2, 0, 0, 2], "Claws": [0, 4, 0, 0]}, "spent_tokens": [0, 0, 0, 0], "deck": deck}
    st = game.state_from_position(pos, seed=0)
    for _ in range(4):
        st.apply_action(st.legal_actions()[0])
    assert st.round == 1
    assert [sorted(card_name(c) for c in h) for h in st.hands] == [sorted(deck[9 * p:9 * p + 9]) for p in range(4)]
    assert [card_name(c) for c in st.leftovers] == deck[36:]
    saved = game.state_from_json(st.to_json())
    assert saved.next_decks == () and st.next_decks == ()
    # the stack is saved while it waits, and a search sample does not see it
    st = game.state_from_position(pos, seed=0)
    assert game.state_from_json(st.to_json()).next_decks == st.next_decks != ()
    assert st.sample_hidden(0, random.Random(0)).next_decks == ()


def test_a_position_state_saves_loads_and_continues_identically():
    env = hustings.make("politrickers", num_players=4)
    env.reset(seed=2, options={"position": rules_md_example()})
    saved = env.save_state()
    twin = hustings.make("politrickers", num_players=4)
    twin.load_state(json.loads(json.dumps(saved)))
    rng = random.Random(1)
    while not env.game_state.is_terminal():
        a = rng.choice(env.game_state.legal_actions())
        env.step(a)
        twin.step(a)
        assert twin.game_state.to_json() == env.game_state.to_json()


# --- strict validation -----------------------------------------------------------------------------------
def _set(path, value):
    def mutate(pos):
        box = pos
        for key in path[:-1]:
            box = box[key]
        box[path[-1]] = value
    return mutate


BAD = [
    (_set(["round"], 4), "round=4; expected an int in 1..3"),
    (_set(["round"], True), "round=True"),
    (_set(["vp"], [2, 0, 3]), "vp="),
    (_set(["vp"], [7, 0, 3, 1]), "-3..6"),
    (_set(["tricks", 0, "winner"], 2), "tricks[0].winner=2, but by the rules seat 0 wins it"),
    (_set(["tricks", 1, "chair"], 3), "tricks[1].chair=3"),
    (_set(["tricks", 0, "plays", 3], "Env8"), "tricks[0].winner=0, but by the rules seat 1 wins it"),
    (_set(["tricks", 0, "plays", 2], "Hea2"), "already at tricks[0].plays[0]"),
    (_set(["tricks", 0, "plays", 2], "Hea11"), "Health numbers run 1..10"),
    (_set(["tricks", 0, "plays", 2], "Hea10"), "not in the 4-player deck"),
    (_set(["tricks", 0, "plays"], ["Hea2", "Env4", "Hea5"]), "the 4 plays of a completed trick"),
    (_set(["tricks", 2, "plays", 3], {"card": "Wel6", "face_down": False}), "only be played face down"),
    (_set(["tricks", 2, "plays", 3], {"card": "Saf6", "face_down": True}), "not played face down"),
    (_set(["tricks", 2, "plays", 1], {"card": "Saf1", "face_down": True}), "(seat 0) is face down, but while"),
    (_set(["tricks", 0, "plays", 0], {"card": "Hea2", "face_down": True}), "leads"),
    (_set(["tricks", 0, "plays", 0], {"card": "Hea2", "color": "red"}), "unknown key"),
    (_set(["trick", 2], {"card": "Mig", "move": "Claws->Tails"}), "has none on that plate"),
    (_set(["trick", 2], {"card": "Env5", "move": "Claws->Tails"}), "only with the Mig card"),
    (_set(["chair"], 2), "chair=2, but the winner of the last trick listed is seat 1"),
    (_set(["parties"], ["Tails", "Tails", "Tails", "Tails"]), "parties="),
    (_set(["libra"], {"Tails": [1, 0, 0, 1], "Claws": [0, 0, 1, 0]}), "libra="),
    (_set(["power_tokens"], [5, 4, 5, 4]), "power_tokens="),
    (_set(["hands", 0], ["Env1", "Env2", "Env7", "Saf2", "Wel3"]), "hands[0] holds 5 cards; expected 6"),
    (_set(["hands", 1], ["Saf1", "Saf4", "Saf5", "Saf6", "Saf7"]), "already at"),
    (_set(["hands", 3], ["Env1", "Env5", "Env6", "Env8", "Saf4"]), "already at"),
    (_set(["hands", 3], ["Env5", "Env6", "Env8", "Saf4", "Saf5"]), "tricks[0].plays[3]"),
    (_set(["leftovers"], ["Saf8", "Saf7"]), "leftovers lists 2 cards; expected 1"),
    (_set(["played"], ["Saf8"]), "played is for a position without 'tricks'"),
    (_set(["deck"], ["Env1"] * 37), "deck[1]"),
    (_set(["tricks"], "all of them"), "tricks must be a list"),
    (_set(["hands"], {"0": []}), "hands must list 4 entries"),
    (_set(["table"], {}), "unknown key(s) ['table']"),
    (lambda pos: pos["tricks"].append(["Env5", "Env6", "Env8", "Saf8"]), "parties="),
    (lambda pos: [pos.pop(k) for k in ("parties", "libra", "power_tokens", "spent_tokens")]
     and pos["tricks"].append(["Env5", "Env6", "Env8", "Saf8"]), "trick[1] (seat 2): a paid switch that forces"),
]


@pytest.mark.parametrize("mutate, needle", BAD)
def test_bad_position_is_a_position_error_naming_the_field(mutate, needle):
    pos = copy.deepcopy(rules_md_example())
    mutate(pos)
    with pytest.raises(PositionError) as err:
        PolitrickersGame(4).state_from_position(pos, seed=0)
    assert needle in str(err.value)


@pytest.mark.parametrize("pos, needle", [
    ({"libra": {"Tails": [4, 0, 0, 3]}}, "libra.Tails holds 7 tokens"),
    ({"libra": {"Tails": [2, 2, 1, 1], "Claws": [1, 1, 1, 0]}}, "at most 8"),
    ({"libra": {"Tails": [1, 0, 0, 0]}, "spent_tokens": [5, 0, 0, 0]}, "5 Power Tokens in all"),
    ({"libra": {"Tails": [1, 0, 0, 0]}, "face_down": [["Wel1", "Wel2"], [], [], []]}, "at most 1"),
    ({"libra": {"Tails": [1, 0, 0, 0]}, "played": ["Wel1"]}, "played lists 1 cards; expected 4"),
    ({"vp": [1, 0, 0, 0]}, "all 0 in round 1"),
    ({"chair": 4}, "chair=4"),
    ({"chair": 0, "trick": ["Hea2", "Env4", "Hea5", "Hea3"]}, "at most 3 plays"),
    ({"chair": 0, "trick": ["face down"]}, "leads"),
    ({"chair": 0, "trick": [{"card": "Hea2", "switch": True}], "spent_tokens": [5, 0, 0, 0]}, "has none unspent"),
    ({"chair": 0, "trick": ["Mig", {"face_down": False}]}, "no card"),
    ({"chair": 0, "hands": [["Hea2"] * 9, None, None, None]}, "hands[0][1]"),
])
def test_bad_summary_position_is_refused(pos, needle):
    with pytest.raises(PositionError) as err:
        PolitrickersGame(4).state_from_position(pos, seed=0)
    assert needle in str(err.value)


def test_a_play_the_hand_does_not_allow_is_refused():
    # seat 1 (Claws, Opposition Suit unset) holds non-Health cards, so it may not follow the Ruling Suit
    hands = [["Env1", "Env2", "Saf1", "Saf2", "Wel2", "Wel3", "Eco1", "Env7"],
             ["Hea3", "Hea4", "Hea5", "Hea6", "Hea7", "Hea8", "Saf3", "Env4"], None, None]
    pos = {"chair": 0, "hands": hands, "trick": ["Hea2", "Hea1"]}
    with pytest.raises(PositionError, match=r"trick\[1\]: seat 1's 'play Hea1' is not legal with the hand"):
        PolitrickersGame(4).state_from_position(pos, seed=0)
    # left out, its hand would have to be 8 Health cards (a forced switch shows it held nothing else): 6 are left
    hands[1] = None
    with pytest.raises(PositionError, match="no deal of the cards left out fits"):
        PolitrickersGame(4).state_from_position(pos, seed=0)
    hands[1] = ["Hea3", "Hea4", "Hea5", "Hea6", "Hea7", "Hea8", "Saf3", "Env4"]
    pos["trick"] = ["Hea2", "Env4"]
    hands[1][-1] = "Hea1"
    st = PolitrickersGame(4).state_from_position(pos, seed=0)
    assert st.opp_suit == 0 and st.current_player() == 2


def test_env_reset_refuses_a_non_dict_position():
    env = hustings.make("politrickers", num_players=3)
    with pytest.raises(PositionError, match="dict"):
        env.reset(options={"position": ["Hea2"]})
