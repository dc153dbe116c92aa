"""Politix events (RULES.md, "Events"): persuasions with their power totals (the L26 example), the L39 scoring at
the end, what each seat sees, save/load, ``env.new_events`` and ``render``."""
from __future__ import annotations

import json
import random

import hustings
from hustings.politix import PolitixGame
from hustings.politix.rules import EVENTS, GROUPS, NG, NM, METHODS

G = {g: i for i, g in enumerate(GROUPS)}
M = {m: i for i, m in enumerate(METHODS)}
HIDDEN_KEYS = {"cards", "hand", "base_support"}

BEN = {"seats": [{"politician": "ben", "hand": ["intimidation", "debate"], "beside": ["anarchist_agenda"]},
                 {"politician": "sauli"}, {"politician": "tarja"}, {"politician": "paavo"}],
       "to_move": 0, "events": ["depression"],
       "table": {"youth": 4, "farmers": 2, "hippies": 1, "blondes": 1}}


def persuade(game, group, method):
    return game.A_PERSUADE + G[group] * NM + M[method]


def test_l26_persuasion_event_has_both_sides_power():
    env = hustings.make("politix", num_players=4)
    env.reset(seed=0, options={"position": BEN})
    game = env.game
    env.step(persuade(game, "youth", "intimidation"))
    assert env.new_events() == [{"type": "persuade", "player": 0, "group": "youth", "method": "intimidation",
                                 "power": 4}]
    env.step(game.A_ADD)
    assert env.new_events("player_2") == [{"type": "play", "player": 0, "card": "intimidation", "power": 5}]
    env.step(game.A_TAKE + 2)  # three youth: 3 + 1 + 1 = 5 (L26)
    ev = env.new_events()
    event = next(e for e in ev if e["type"] == "persuasion")
    p = dict(event)
    refill = p.pop("refill")
    assert len([c for c in refill if c in GROUPS]) == 3 and sum(p.pop("table").values()) == 8
    assert p.pop("voter_draw_pile") == 46 - 8 - 1 - len(refill)
    assert p.pop("event_now") == ("depression" if refill[-1] in GROUPS and all(c in GROUPS for c in refill)
                                  else next(c for c in reversed(refill) if c not in GROUPS))
    assert p == {"type": "persuasion", "player": 0, "party": "right", "politician": "ben", "group": "youth",
                 "method": "intimidation", "taken": 3, "power": 5, "needed": 5, "symbols": 3,
                 "power_parts": {"skill": 2, "party_symbol": 0, "beside": 1, "event": 1, "cards": 1},
                 "event": "depression"}
    text = game.describe_event(event)
    assert text.startswith("P0 persuades 3 angst-ridden youth by intimidation: power 5")
    assert "against 5 needed" in text


def test_l39_scoring_at_game_end_left_wins_on_the_third_least_group():
    # L39: right 6 WC, 5 Bl, 4 BC, 2 Hi, 2 Fa, 1 AY; left 6 AY, 5 Fa, 5 Hi, 3 BC, 2 Bl, 1 WC. The left-wing's last
    # youth card is still on the table and Tarja takes it: the game ends (L30) and is scored with the table as is.
    right = {"white_collar": 6, "blondes": 5, "blue_collar": 4, "hippies": 2, "farmers": 2, "youth": 1}
    left = {"youth": 5, "farmers": 5, "hippies": 5, "blue_collar": 3, "blondes": 2, "white_collar": 1}
    pos = {"seats": [{"politician": "sauli"}, {"politician": "tarja", "hand": ["intimidation"] * 3}],
           "parties": [{"voter_pile": right, "turns": 30}, {"voter_pile": left, "turns": 31}],
           "table": ["youth"], "events": list(EVENTS), "voter_draw_pile": 0, "to_move": 1}
    env = hustings.make("politix", num_players=2)
    env.reset(seed=0, options={"position": pos})
    game = env.game
    env.step(persuade(game, "youth", "intimidation"))
    while not env.game_state.is_legal(game.A_TAKE):
        env.step(game.A_ADD)
    env.step(game.A_TAKE)
    end = env.new_events()[-1]
    assert end["type"] == "game_end" and env.game_state.is_terminal()
    assert end["result"] == "win" and end["winning_party"] == "left" and end["winners"] == [1]
    assert end["decided_by"] == "the 3rd least group"
    assert [p["ranking"] for p in end["parties"]] == [[1, 2, 2, 4, 5, 6], [1, 2, 3, 5, 5, 6]]
    assert end["parties"][1]["voter_pile"]["youth"] == 6 and end["parties"][1]["turns"] == 32
    assert end == {"type": "game_end", **env.game_state.scoring()}
    assert "left wins on the 3rd least group" in game.describe_event(end)
    # rewards follow the event's result
    assert env.rewards == {"player_0": -1.0, "player_1": 1.0}


def test_fewer_turns_breaks_a_tie_and_truncation_is_an_event():
    piles = [{g: 3 for g in GROUPS}, {g: 3 for g in GROUPS}]
    piles[1]["youth"] = 2
    pos = {"seats": [{}, {"hand": ["intimidation"] * 4}], "table": {g: 1 for g in GROUPS} | {"youth": 2},
           "parties": [{"voter_pile": piles[0], "turns": 20}, {"voter_pile": piles[1], "turns": 20}],
           "voter_draw_pile": 0, "events": list(EVENTS), "to_move": 1}
    st = PolitixGame(2).state_from_position(pos, seed=0)
    g = st.game
    assert st.table_total == 7
    # the table as it would stand at the end, both parties with 3 of each group (built in place)
    end_state = st.clone()
    end_state.collected = [[3] * NG, [3] * NG]
    end_state.table = [0] * NG
    end_state.table_total = 0
    end_state.turns = [20, 21]
    end_state._finish()
    end = end_state.events()[-1]
    assert end["result"] == "win" and end["winning_party"] == "right" and end["decided_by"] == "fewer turns"
    end_state.turns = [21, 21]
    end_state._finish()
    assert end_state.events()[-1]["result"] == "tie" and end_state.winners() == []
    capped = PolitixGame(2, max_turns=12).state_from_position(dict(pos, parties=[{"voter_pile": piles[0]},
                                                                             {"voter_pile": piles[1]}]), seed=0)
    while not capped.is_terminal():
        capped.apply_action(0 if capped.is_legal(0) else capped.legal_actions()[0])  # draw (and discard)
    end = capped.events()[-1]
    assert end["type"] == "game_end" and end["result"] == "truncated" and end["winners"] == []
    assert g.describe_event(end).startswith("Game over: truncated")


def test_a_seat_sees_the_same_log_whatever_the_cards_it_cannot_see():
    def play(hand1):
        pos = {"seats": [{"politician": "ben", "hand": ["debate", "twist"]},
                         {"politician": "sauli", "hand": hand1}, {"politician": "tarja", "hand": ["charming"]},
                         {"politician": "paavo", "hand": ["coffee"]}],
               "to_move": 0, "action_draw_pile": {"top": ["intimidation", "intimidation", "debate"]}}
        env = hustings.make("politix", num_players=4)
        env.reset(seed=5, options={"position": pos})
        env.step(0)  # seat 0 draws the stacked cards
        env.step(0)  # seat 1 draws three unseen cards (the piles differ between the two worlds)
        return env
    a = play(["debate", "debate", "twist"])
    b = play(["coffee", "wage_rise", "burnout"])
    assert a.events(None) != b.events(None)
    assert a.events("player_1") != b.events("player_1")
    for agent in ("player_0", "player_2", "player_3"):
        assert a.events(agent) == b.events(agent)
    assert a.events("player_0")[1]["cards"] == ["intimidation", "intimidation", "debate"]
    assert "cards" not in a.events("player_0")[2] and a.events("player_0")[2]["count"] == 3


def test_hidden_cards_only_in_the_owners_private_fields_over_random_games():
    for n in (3, 5):
        game = PolitixGame(n)
        rng = random.Random(n)
        for g in range(2):
            st = game.new_initial_state(seed=g)
            while not st.is_terminal():
                legal = st.legal_actions()
                st.apply_unchecked(legal[rng.randrange(len(legal))])
            log = st.events(None)
            assert log[0]["type"] == "deal" and log[-1]["type"] == "game_end"
            json.dumps(log)
            for p in range(n):
                mine = st.events(p)
                assert len(mine) == len(log)
                for full, seen in zip(log, mine):
                    public = {k: v for k, v in full.items() if k != "private"}
                    assert seen == {**public, **full.get("private", {}).get(p, {})}
                    assert not HIDDEN_KEYS & set(public) or full["type"] == "game_end"
                    game.describe_event(seen)
            assert sum(e["type"] == "persuasion" for e in log) > 3
            # 5 players: the base support is private to the first party until the scoring reveals it
            if n == 5:
                assert "base_support" in st.events(0)[0] and "base_support" not in st.events(2)[0]
                assert "base_support" in log[-1]["parties"][0]


def test_save_load_keeps_the_log_and_new_events():
    env = hustings.make("politix", num_players=4, render_mode="ansi")
    env.reset(seed=3)
    assert [e["type"] for e in env.new_events()] == ["deal"]
    rng = random.Random(3)
    for _ in range(25):
        legal = env.game_state.legal_actions()
        env.step(legal[rng.randrange(len(legal))])
    saved = json.loads(json.dumps(env.save_state()))
    other = hustings.make("politix", num_players=4)
    other.load_state(saved)
    assert other.events() == env.events() and other.events("player_2") == env.events("player_2")
    assert other.new_events() == []
    env.step(0 if env.game_state.is_legal(0) else env.game_state.legal_actions()[0])
    last = env.new_events()
    assert last and last == env.events(None, len(env.events()) - len(last))
    text = env.render()
    assert "> " + env.game.describe_event(last[-1]) in text


def test_no_events_when_recording_is_off():
    st = PolitixGame(4).new_initial_state(seed=1)
    st.record_events = False
    before = len(st.event_log)
    for _ in range(10):
        st.apply_unchecked(st.legal_actions()[0])
    assert len(st.event_log) == before == 1
    assert NG == 6
