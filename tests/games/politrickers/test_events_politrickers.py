"""Politrickers events (RULES.md "Events"): their contents in the rulebook's worked examples, a seat's view that
never depends on cards it cannot see, the log through save / load, ``env.new_events`` and ``render``."""
from __future__ import annotations

import json
import random

import pytest
from test_politrickers import DIAGRAM_HANDS, ECONOMY_HANDS, WELFARE_HANDS

import hustings
from hustings.politrickers import PolitrickersGame, card_name, parse_card
from hustings.politrickers.rules import DOWN, FLIP, MIG_FROM_CLAWS


def new_state(deal, n=4):
    return PolitrickersGame(n).new_initial_state(seed=0, deal=deal)


def play(st, *names):
    for name in names:
        st.apply_action(name if isinstance(name, int) else parse_card(name))


def of_type(events, kind):
    return [e for e in events if e["type"] == kind]


# --- contents ----------------------------------------------------------------------------------------------
def test_party_switch_diagram_trick_event():
    st = new_state({"hands": DIAGRAM_HANDS, "chair": 0})
    assert [e["type"] for e in st.events()] == ["round_start"]
    play(st, "Hea2", "Env4", "Hea5", "Hea3")
    ev = st.events(None, 1)
    assert [e["type"] for e in ev] == ["party_switch", "trick"]
    assert ev[0] == {"type": "party_switch", "seat": 3, "party": "Tails", "paid": False}
    trick = ev[1]
    assert trick["winner"] == 0 and trick["card"] == "Hea2" and trick["popular"] == "Health"
    assert trick["sums"] == {"Health": 10, "Environment": 4} and trick["trump"] is False
    assert trick["cards"] == [[0, "Hea2"], [1, "Env4"], [2, "Hea5"], [3, "Hea3"]]
    assert trick["face_down"] == [] and trick["token_to"] == "Tails" and "private" not in trick
    assert trick["round"] == 1 and trick["trick"] == 1 and trick["chair"] == 0
    assert trick["plates"] == {"Tails": 1, "Claws": 0}
    assert st.game.describe_event(trick).endswith("token to Tails (Tails 1, Claws 0)")


def test_welfare_and_economy_examples():
    st = new_state({"hands": WELFARE_HANDS, "chair": 0})
    play(st, "Wel2", "Env4", "Wel5", "Wel1")
    (trick,) = of_type(st.events(), "trick")
    assert trick["winner"] == 3 and trick["card"] == "Wel1" and trick["sums"] == {"Welfare": 8, "Environment": 4}
    st = new_state({"hands": ECONOMY_HANDS, "chair": 0})
    play(st, "Hea2", "Eco2", "Hea5", "Eco4")
    (trick,) = of_type(st.events(), "trick")
    assert trick["winner"] == 3 and trick["popular"] == "Economy" and trick["trump"] is True
    assert trick["token_to"] == "Claws" and trick["sums"] == {"Health": 7, "Economy": 2}


def test_a_face_down_card_is_only_in_its_players_view():
    hands = [["Hea2", "Hea3"], ["Env4", "Env5"], ["Hea4", "Hea5"], ["Wel1", "Saf1"]]
    deal = {"hands": hands, "chair": 0, "tokens": [1, 5, 4, 3],
            "libra": {"Tails": [0, 0, 1, 1], "Claws": [4, 0, 0, 1]}}
    st = new_state(deal)
    play(st, "Hea2", "Env4", "Hea4", "Wel1")
    (trick,) = of_type(st.events(), "trick")
    assert trick["face_down"] == [3] and trick["cards"] == [[0, "Hea2"], [1, "Env4"], [2, "Hea4"]]
    assert trick["private"] == {3: {"face_down_card": "Wel1"}}
    assert of_type(st.events(3), "trick")[0]["face_down_card"] == "Wel1"
    for p in range(3):
        seen = of_type(st.events(p), "trick")[0]
        assert "face_down_card" not in seen and "private" not in seen and "Wel1" not in json.dumps(seen)
    text = st.game.describe_event(trick)
    assert "P0 wins with Hea2" in text and "face down: P3 (Wel1)" in text
    assert "Wel1" not in st.game.describe_event(of_type(st.events(1), "trick")[0])


def test_paid_switch_and_migration_collapse_events():
    # the Migration collapse test of test_politrickers: P1 moves its Claws token onto a full Tails plate
    hands = [["Env1", "Env2"], ["Mig", "Saf1"], ["Hea1", "Hea2"], ["Wel1", "Wel2"]]
    deal = {"hands": hands, "chair": 0, "tokens": [2, 2, 4, 5], "vp": [1, 0, 2, 0],
            "libra": {"Tails": [3, 2, 1, 0], "Claws": [0, 1, 0, 0]}}
    st = new_state(deal)
    play(st, "Env1", MIG_FROM_CLAWS)
    ev = st.events(None, 1)
    assert [e["type"] for e in ev] == ["libra", "round_end", "round_start"]
    assert ev[0]["change"] == "moved" and ev[0]["plate"] == "Tails" and ev[0]["plates"] == {"Tails": 7, "Claws": 0}
    assert ev[0]["libra"] == {"Tails": [3, 3, 1, 0], "Claws": [0, 0, 0, 0]}
    assert "P1 moves a token (Migration) onto the Tails plate" in st.game.describe_event(ev[0])
    end = ev[1]
    assert end["end"] == "collapse" and end["collapsed"] == "Tails" and end["points"] == [-3, -3, -1, 0]
    assert end["vp"] == [-2, -3, 1, 0] and end["scored"] == [] and end["tricks"] == 7
    # the table as it stood at the round end, not the next round's
    assert end["libra"] == {"Tails": [3, 3, 1, 0], "Claws": [0, 0, 0, 0]} and end["power_tokens"] == [2, 2, 4, 5]
    assert ev[2]["round"] == 2 and ev[2]["chair"] == 0
    st = new_state({"hands": DIAGRAM_HANDS, "chair": 0})
    st.apply_action(FLIP + parse_card("Hea2"))
    assert st.events(None, 1) == [{"type": "party_switch", "seat": 0, "party": "Claws", "paid": True}]


def test_round_end_figures_carry_the_table():
    """The Disgraced, Collapse and Balanced figures of the rulebook (as replayed in test_politrickers)."""
    hands = [["Eco1", "Eco2", "Eco3"], ["Env1", "Env2", "Env3"], ["Hea1", "Hea2", "Hea3"], ["Saf1", "Saf2", "Saf3"]]
    st = new_state({"hands": hands, "chair": 0, "tokens": [0, 5, 3, 2], "spent": [2, 0, 1, 1],
                    "libra": {"Tails": [3, 0, 0, 0], "Claws": [0, 0, 1, 2]}})
    play(st, "Eco1")
    for _ in range(3):
        st.apply_action(st.legal_actions()[0])
    (trick,) = of_type(st.events(), "trick")
    assert trick["winner"] == 0 and trick["token_to"] is None
    (end,) = of_type(st.events(), "round_end")
    assert end["end"] == "disgraced" and end["disgraced"] == 0 and end["points"] == [0, 5, 3, 2]
    assert end["scored"] == [1, 2, 3] and end["power_tokens"] == [0, 5, 3, 2] and end["spent_tokens"] == [2, 0, 1, 1]
    assert "P0 is Disgraced" in st.game.describe_event(end)

    st = new_state({"hands": [["Env1"], ["Env2"], ["Hea1"], ["Eco1"]], "chair": 3, "tokens": [2, 4, 3, 3],
                    "vp": [0, 0, 0, -2], "libra": {"Tails": [2, 0, 2, 2], "Claws": [1, 1, 0, 0]}})
    play(st, "Eco1")
    for _ in range(3):
        st.apply_action(st.legal_actions()[0])
    (end,) = of_type(st.events(), "round_end")
    assert end["end"] == "collapse" and end["collapsed"] == "Tails" and end["points"] == [-1, 1, -2, -3]
    assert end["vp"] == [-1, 1, -2, -3] and end["plates"] == {"Tails": 7, "Claws": 2}

    st = new_state({"hands": [["Eco1"], ["Env2"], ["Hea1"], ["Saf1"]], "chair": 0, "tokens": [3, 1, 5, 3],
                    "libra": {"Tails": [2, 0, 0, 2], "Claws": [0, 4, 0, 0]}})
    play(st, "Eco1")
    for _ in range(3):
        st.apply_action(st.legal_actions()[0])
    (end,) = of_type(st.events(), "round_end")
    assert end["end"] == "balanced" and end["scoring_plate"] == "Tails" and end["zero_trick_bonus"] == [2]
    assert end["points"] == [3, 0, 3, 2] and end["tricks_won"] == [3, 4, 0, 2] and end["tricks"] == 9
    assert end["libra"] == {"Tails": [3, 0, 0, 2], "Claws": [0, 4, 0, 0]}
    assert "0 tricks won: P2" in st.game.describe_event(end)


def test_game_end_event():
    st = new_state({"hands": [["Eco1"], ["Env2"], ["Hea1"], ["Saf1"]], "chair": 0, "tokens": [3, 1, 5, 3],
                    "vp": [4, 0, 1, 0], "libra": {"Tails": [2, 0, 0, 2], "Claws": [0, 4, 0, 0]}})
    for _ in range(4):
        st.apply_action(st.legal_actions()[0])
    assert [e["type"] for e in st.events()][-2:] == ["round_end", "game_end"]
    end = st.events()[-1]
    assert end == {"type": "game_end", "winners": [0], "vp": [7, 0, 4, 2], "rounds": 1}
    assert st.game.describe_event(end).startswith("Game over after 1 round(s): P0 win(s)")


def test_a_whole_game_logs_every_trick_and_round():
    st = PolitrickersGame(5).new_initial_state(seed=4)
    rng = random.Random(4)
    while not st.is_terminal():
        st.apply_action(rng.choice(st.legal_actions()))
    ev = st.events()
    assert len(of_type(ev, "round_end")) == len(st.history) == len(of_type(ev, "round_start"))
    assert len(of_type(ev, "trick")) == sum(h["tricks"] for h in st.history)
    assert [e["points"] for e in of_type(ev, "round_end")] == [h["points"] for h in st.history]
    assert ev[-1]["type"] == "game_end" and ev[-1]["winners"] == st.winners()
    json.dumps(st.events_to_json())
    for e in ev:
        text = st.game.describe_event(e)
        assert text and not text.startswith(e["type"] + ":")  # every type has its own wording


# --- a seat's view hides what it cannot see --------------------------------------------------------------
def _replay_round(game, st):
    """Replay ``st``'s round (its play record) from the round's opening deal: a fresh state with its events."""
    n = st.n
    start = [sorted(st.hands[p] + [e[1] % FLIP for e in st.log if e[0] == p and e[2] != 3] +
                    ([44] if any(e[0] == p and e[2] == 3 for e in st.log) else [])) for p in range(n)]
    chair = st.log[0][0]
    out = game.new_initial_state(seed=0, deal={"hands": [[card_name(c) for c in h] for h in start], "chair": chair})
    for e in st.log:
        out.apply_action(e[1])
    return out


@pytest.mark.parametrize("n", [3, 4, 5])
def test_a_seats_view_of_the_events_does_not_depend_on_cards_it_cannot_see(n):
    game = PolitrickersGame(n)
    rng = random.Random(n)
    compared = differed = 0
    for g in range(25):
        st = game.new_initial_state(seed=g)
        for _ in range(rng.randrange(n, 8 * n)):  # inside round 1
            if st.round > 0 or st.is_terminal():
                break
            st.apply_action(rng.choice(st.legal_actions()))
        if st.round > 0 or st.is_terminal() or not st.log:
            continue
        real = _replay_round(game, st)
        for p in range(n):
            # another deal that p cannot tell from this one: same plays, other hidden hands and face-down cards
            other = _replay_round(game, st.sample_hidden(p, rng))
            assert other.events(p) == real.events(p)
            compared += 1
            differed += other.events(None) != real.events(None)
    assert compared > 30 and differed > 10  # the hidden cards really changed, so the comparison means something


def test_face_down_cards_of_another_seat_do_not_change_a_view():
    base = [["Hea2", "Hea3"], ["Env4", "Env5"], ["Hea4", "Hea5"], ["Wel1", "Saf1"]]
    deal = {"chair": 0, "tokens": [1, 5, 4, 3], "libra": {"Tails": [0, 0, 1, 1], "Claws": [4, 0, 0, 1]}}
    views = []
    for face_down in ("Wel1", "Saf1"):
        st = new_state({**deal, "hands": base})
        play(st, "Hea2", "Env4", "Hea4", face_down)
        assert st.log[-1][2] == DOWN
        views.append([st.events(p) for p in range(4)] + [st.events(None)])
    assert views[0][:3] == views[1][:3]  # seats 0..2 saw the same
    assert views[0][3] != views[1][3] and views[0][4] != views[1][4]  # seat 3 and the omniscient view did not


# --- the env: new_events, save / load, render ----------------------------------------------------------
def test_env_new_events_save_load_and_render():
    env = hustings.make("politrickers", num_players=4, render_mode="ansi")
    env.reset(options={"deal": {"hands": DIAGRAM_HANDS, "chair": 0}})
    assert [e["type"] for e in env.new_events()] == ["round_start"]
    assert env.new_events("player_1")[0]["hand"] == sorted(DIAGRAM_HANDS[1], key=parse_card)
    for name in ("Hea2", "Env4", "Hea5"):
        env.step(parse_card(name))
        assert env.new_events() == []
    env.step(parse_card("Hea3"))
    assert [e["type"] for e in env.new_events()] == ["party_switch", "trick"]
    text = env.render()
    assert "> P3 switches to Tails (forced)" in text and "> Round 1 trick 1: P0 wins with Hea2" in text
    saved = json.loads(json.dumps(env.save_state()))
    twin = hustings.make("politrickers", num_players=4)
    twin.load_state(saved)
    assert twin.events() == env.events() and twin.events("player_2") == env.events("player_2")
    assert twin.new_events() == []
    a = twin.game_state.legal_actions()[0]
    twin.step(a)
    env.step(a)
    assert twin.events() == env.events()


def test_search_copies_record_nothing():
    st = PolitrickersGame(4).new_initial_state(seed=1)
    c = st.clone()
    c.record_events = False
    while not c.is_terminal():
        c.apply_unchecked(c.legal_actions()[0])
    assert c.events() == st.events() and len(st.event_log) == 1
