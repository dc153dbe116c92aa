"""Prime Minister as an AEC env: PettingZoo api/seed tests, exact masks, no leaks, save/load, determinism, rewards,
the seven Scenarios (setups and victory conditions from constructed positions), Question Time, the bots, and random
games finishing within the round limit (thousands in the ``slow`` test)."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from helpers import (api_and_seed, cross_process_same, mask_exact, play_random, random_final_states,
                     save_load_continues)

import hustings
from hustings.core import ConfigError
from hustings.prime_minister import rules as R
from hustings.prime_minister.bots import BOTS, HeuristicBot
from hustings.prime_minister.rules import PrimeMinisterGame

GAME = "prime_minister"
SCENARIO_CONFIGS = [(num, n) for num in range(1, 8) for n in R.SCENARIOS[num]["player_counts"]]
ALL_CONFIGS = ([(0, n, False) for n in (2, 3, 4)] + [(num, n, False) for num, n in SCENARIO_CONFIGS]
               + [(0, 4, True), (6, 4, True)])


def opts(num, qt=False):
    return {"scenario": num, **({"question_time": True} if qt else {})}


# --- PettingZoo api / seed -------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_api_and_seed_standard(n):
    api_and_seed(GAME, n, num_cycles=200)


@pytest.mark.parametrize("num", range(1, 8))
def test_api_and_seed_each_scenario(num):
    n = R.SCENARIOS[num]["player_counts"][-1]
    api_and_seed(GAME, n, num_cycles=150, scenario=num)


def test_api_and_seed_question_time():
    api_and_seed(GAME, 4, num_cycles=150, question_time=True)


def test_default_is_the_four_player_game():
    env = hustings.make(GAME)
    assert env.game.num_players == 4 and env.game.max_rounds == 50
    assert env.metadata["name"] == "prime_minister_v1"


# --- masks, save/load, determinism ----------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4])
def test_mask_exact_and_rejection_changes_nothing(n):
    assert mask_exact(GAME, n, games=1, seed=n, probe_rate=0.05) > 3


@pytest.mark.parametrize("num,n", [(2, 2), (4, 4), (7, 3)])
def test_mask_exact_scenarios(num, n):
    assert mask_exact(GAME, n, games=1, seed=num, probe_rate=0.1, scenario=num) > 0


def test_mask_exact_question_time():
    assert mask_exact(GAME, 4, games=1, seed=3, probe_rate=0.05, question_time=True) > 0


@pytest.mark.parametrize("n,o", [(4, {}), (3, {"scenario": 5}), (4, {"question_time": True})])
def test_json_save_load_mid_game(n, o):
    save_load_continues(GAME, n, seed=3, cut=120, **o)


def test_cross_process_determinism():
    cross_process_same(GAME, 4, seed=5)


def test_scenario_deal_fixes_the_seats():
    env = hustings.make(GAME, num_players=2, scenario=3)
    env.reset(seed=0, options={"deal": {"politicians": ["P08", "P03"]}})
    st = env.game_state
    assert st.pol == ["P08", "P03"] and st.role == ["ol", "pm"]


# --- no leak ---------------------------------------------------------------------------------------------------------
def _swap_hidden(st, q, rng):
    """A twin of ``st`` where seat ``q``'s hidden cards (Supporters, bills, PMQT Events) differ."""
    twin = st.clone()
    changed = False
    if twin.hand[q] and twin.decks["supporters"]:
        k = min(len(twin.hand[q]), len(twin.decks["supporters"]))
        twin.hand[q][:k], twin.decks["supporters"][:k] = twin.decks["supporters"][:k], twin.hand[q][:k]
        changed = True
    if twin.bill_hand[q] and twin.decks["cross_party"]:
        twin.bill_hand[q][0], twin.decks["cross_party"][0] = twin.decks["cross_party"][0], twin.bill_hand[q][0]
        changed = True
    if twin.qt_hands[q]:
        pool = [e for e in twin.decks["events"] if R.EVENT_LIST[e]["kind"] != "by_election"]
        if pool:
            i = twin.decks["events"].index(pool[0])
            twin.qt_hands[q][0], twin.decks["events"][i] = twin.decks["events"][i], twin.qt_hands[q][0]
            changed = True
    rng.shuffle(twin.decks["events"])  # deck orders are hidden from everyone
    rng.shuffle(twin.decks["supporters"])
    return twin, changed


@pytest.mark.parametrize("n,o", [(4, {}), (2, {}), (4, {"question_time": True}), (4, {"scenario": 4})])
def test_no_leak_through_the_env_observation(n, o):
    env = hustings.make(GAME, num_players=n, **o)
    rng = random.Random(1)
    checked = 0
    for seed in range(3):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            st = env.game_state
            if rng.random() < 0.08:
                for q in range(n):
                    twin, changed = _swap_hidden(st, q, rng)
                    if not changed:
                        continue
                    for p in range(n):
                        if p != q:
                            assert np.array_equal(twin.observation(p), env.observe(f"player_{p}")["observation"])
                    checked += 1
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
    assert checked > 5


def test_observation_layout_names_every_block():
    for n in (2, 3, 4):
        g = PrimeMinisterGame(n)
        names = [f[0] for f in g.fields]
        for need in ("own_supporters", "own_bills", "pending_effect", "pending_source", "scenario", "aside_bills",
                     "question_time", "bills", "event", "phase", "question"):
            assert need in names
        st = g.new_initial_state(0)
        assert st.observation(0).shape == (g.observation_size,)


def test_pending_sub_choice_names_its_card():
    """A sub-choice inside a Supporter's effect shows the card it belongs to in ``pending_source``."""
    g = PrimeMinisterGame(4)
    off = {f[0]: f for f in g.fields}
    rng = random.Random(0)
    seen = 0
    for seed in range(20):
        st = g.new_initial_state(seed)
        while not st.is_terminal() and seen < 5:
            pend = st.pending
            if pend["kind"].startswith("eff_") and st.tasks[0][2].get("src", [None])[0] == "supporter":
                c = st.tasks[0][2]["src"][1]
                _, start, size, _ = off["pending_source"]
                o = st.observation(pend["player"])[start:start + size]
                base = len(R.SOURCE_KINDS) + len(R.ABILITIES)
                assert o[R.SOURCE_KINDS.index("supporter")] == 1.0 and o[base + c] == 1.0
                seen += 1
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
    assert seen >= 1


# --- rewards and truncation ---------------------------------------------------------------------------------------
def rewards_of_random_game(env, rng) -> dict[str, float]:
    """Each agent's total reward over one game of random legal moves."""
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent, _obs, _mask, rew, _term, _trunc in play_random(env, rng):
        total[agent] += rew
    return total


def test_win_rewards_and_score_mode():
    env = hustings.make(GAME, num_players=4)
    env.reset(seed=2)
    rng = random.Random(2)
    total = rewards_of_random_game(env, rng)
    st = env.game_state
    won = st.winners()
    assert len(won) == 1 and sorted(total.values()) == [-1.0, -1.0, -1.0, 1.0]
    assert total[f"player_{won[0]}"] == 1.0
    env = hustings.make(GAME, num_players=3, reward="score")
    env.reset(seed=4)
    rng = random.Random(4)
    total = rewards_of_random_game(env, rng)
    assert [total[a] for a in env.possible_agents] == env.game_state.scores()


def test_round_limit_truncates_without_winner():
    env = hustings.make(GAME, num_players=4, max_rounds=1)
    env.reset(seed=0)
    rng = random.Random(0)
    for agent in env.agent_iter():
        obs, rew, term, trunc, _ = env.last()
        if term or trunc:
            assert trunc and not term and rew == 0.0
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
    st = env.game_state
    assert st.truncated and st.winners() == [] and st.returns() == [0.0] * 4 and st.round == 1


def test_option_validation():
    with pytest.raises(ConfigError, match="Scenario 7"):
        hustings.make(GAME, num_players=4, scenario=7)
    with pytest.raises(ConfigError, match="Scenario 2"):
        hustings.make(GAME, num_players=3, scenario=2)
    with pytest.raises(ConfigError, match="4 players"):
        hustings.make(GAME, num_players=3, question_time=True)
    with pytest.raises(ConfigError, match="0..7"):
        hustings.make(GAME, scenario=8)
    with pytest.raises(ConfigError, match="max_rounds"):
        hustings.make(GAME, max_rounds=-1)


def test_alternate_vote_tracker_is_rendering_only():
    a = hustings.make(GAME, num_players=4, render_mode="ansi", alternate_vote_tracker=True)
    b = hustings.make(GAME, num_players=4, render_mode="ansi")
    a.reset(seed=1)
    b.reset(seed=1)
    rng = random.Random(1)
    for _ in range(60):
        legal = np.flatnonzero(a.action_mask())
        act = int(legal[rng.randrange(len(legal))])
        a.step(act)
        b.step(act)
    assert np.array_equal(a.observe("player_0")["observation"], b.observe("player_0")["observation"])
    text = a.render()
    assert "Alternate Vote Tracker" in text
    st = a.game_state
    st.bills = [{"bill": 0, "adj": -80, "debate": []}]
    st.mps = {"A": 200, "M": 100, "P": 100}
    assert "<150" in a.render() or ">500" in a.render() or "Alternate" in a.render()


# --- Scenarios: setups ---------------------------------------------------------------------------------------------
def _scen(num, n, seed=0):
    return PrimeMinisterGame(n, scenario=num).new_initial_state(seed)


def _seat(st, pid):
    return st.pol.index(pid)


def test_scenario_1_setup():
    st = _scen(1, 4)
    derby, russell, peel, melbourne = (_seat(st, p) for p in ("P07", "P02", "P10", "P01"))
    assert st.role[derby] == "pm" and st.role[russell] == "ol" and st.role[peel] == "gbb"
    assert st.role[melbourne] == "obb" and st.gov_party == R.CON
    assert (st.vp[derby], st.vp[russell], st.vp[peel], st.vp[melbourne]) == (74, 62, 71, 80)
    assert st.favour[russell] == 5 and st.mps == {"A": 360, "M": 40, "P": 320}
    assert [R.BILL_IDS[b["bill"]] for b in st.bills] == ["CB03", "CB04", "CB01"]
    assert st.lead() == 1 and not st.pact and not st.marker
    assert sorted(R.EVENT_IDS[e] for e in st.decks["events"] + st.discards["events"] + [st.event]
                  if e >= 0) == sorted(R.SCENARIOS[1]["event_deck"])
    assert st.round == 1 and st.proposed == []  # the game starts with the Action Phase


def test_scenario_2_3_4_5_6_7_setups():
    st = _scen(2, 2)
    dis = _seat(st, "P09")
    assert st.role[dis] == "pm" and st.standing[dis] == 12 and st.vp == [0, 0] and not st.marker
    assert st.lead() == -26 and st.mps == {"A": 370, "M": 300, "P": 70}
    assert sorted(R.BILL_IDS[b] for b in st.scen["aside"]) == ["LB07", "LB08", "LB09"]
    st = _scen(3, 2)
    assert st.role[_seat(st, "P03")] == "pm" and st.mps == {"A": 320, "M": 280, "P": 40} and not st.pact
    st = _scen(4, 4)
    assert st.role[_seat(st, "P05")] == "pm" and st.standing[_seat(st, "P02")] == 2 and st.favour[_seat(st, "P06")] == 3
    assert st.scen["marker"] == 6 and R.BILL_IDS[st.scen["aside"][0]] == "LB06"
    st = _scen(5, 3)
    sal = _seat(st, "P06")
    assert st.role[sal] == "pm" and st._mat(sal)["id"].endswith("reverse")  # 2.5 goes to the Conservative
    assert R.EVENT_INDEX["EV15"] not in st.decks["events"][:-6] or st.scen["riots_in_deck"]
    st = _scen(6, 3)
    ol = st.seat_of("ol")
    assert st.vp[ol] == 5 and st.mps == {"A": 290, "M": 240, "P": 50} and not st.pact
    st = _scen(7, 3)
    dev, sal = st.scen["devonshire"], _seat(st, "P06")
    assert st.role[dev] == "gbb" and st.standing[sal] == 7 and st.vp[sal] == 5
    assert st.careers[dev] == {"chief_whip_gov": 1} and all(st._mat(s)["id"].endswith("front") for s in range(3)
                                                            if st.role[s] in ("pm", "ol"))


# --- Scenarios: victory conditions from constructed positions ------------------------------------------------------
def test_standard_victory_pm_at_100():
    st = PrimeMinisterGame(4).new_initial_state(0)
    pm = st.seat_of("pm")
    st._award([pm], 100)
    assert st.is_terminal() and st.winners() == [pm] and st.returns()[pm] == 1.0


def test_scenario_1_current_pm_wins_after_round_8():
    st = _scen(1, 4)
    st.round = 8
    st._t_round_end()
    assert st.is_terminal() and st.winners() == [st.seat_of("pm")] and not st.truncated
    st = _scen(1, 4)
    st.round = 7
    st._t_round_end()
    assert not st.over and st.round == 8


def _gladstone_pm(st):
    glad, dis = st.scen["gladstone"], st.scen["disraeli"]
    st.role[glad], st.role[dis] = "pm", "ol"
    st.gov_party = R.LIB
    st._check_victory()
    return glad, dis


def test_scenario_2_victory_conditions():
    st = _scen(2, 2)  # Disraeli still PM at the end of Round 3
    st.round = 3
    st._t_round_end()
    assert st.winners() == [st.scen["disraeli"]]
    st = _scen(2, 2)  # an Irish Agenda bill withdrawn
    glad, dis = _gladstone_pm(st)
    assert not st.over and st.scen["glad_was_pm"]
    st.bills = [{"bill": st.scen["agenda"][0], "adj": 0, "debate": []}]
    st._fail_bill(0, withdrawn=True)
    assert st.winners() == [dis]
    st = _scen(2, 2)  # Disraeli retakes the PM's position
    glad, dis = _gladstone_pm(st)
    st.role[glad], st.role[dis] = "ol", "pm"
    st._check_victory()
    assert st.winners() == [dis]
    st = _scen(2, 2)  # Gladstone: the whole Agenda, then keeps office at the second Election
    glad, dis = _gladstone_pm(st)
    st.scen["elections"] = 1
    st.scen["agenda_passed"] = list(st.scen["agenda"])
    st._finish_election(400, "government", 0)
    assert st.winners() == [glad]
    st = _scen(2, 2)  # ... but without the whole Agenda the second Election hands it to Disraeli
    glad, dis = _gladstone_pm(st)
    st.scen["elections"] = 1
    st.scen["agenda_passed"] = st.scen["agenda"][:2]
    st._finish_election(400, "government", 0)
    assert st.winners() == [dis]


def test_scenario_2_only_gladstone_selects_the_agenda():
    st = _scen(2, 2)
    assert st._aside_options() == []  # Disraeli is PM
    _gladstone_pm(st)
    assert sorted(st._aside_options()) == sorted(st.scen["agenda"])


def test_scenario_3_queens_bills_flatter_and_losses():
    st = _scen(3, 2)
    pm, ol = st.seat_of("pm"), st.seat_of("ol")
    q = st.scen["queens"][0]
    assert st._aside_options() == st.scen["queens"]
    st.pending = {"kind": "select", "player": pm, "legal": []}
    st._d_select(st.pending, R.A_BILL + q)
    assert st.bills[-1]["bill"] == q and q not in st.scen["aside"]
    before = st.vp[pm]
    st._pass_bill(len(st.bills) - 1)
    assert st.vp[pm] == before + 10  # 10 VP, no printed effect
    # a selected Queen's Bill withdrawn: its selector loses at once
    st = _scen(3, 2)
    pm, ol = st.seat_of("pm"), st.seat_of("ol")
    q = st.scen["queens"][1]
    st._d_select({"kind": "select", "player": pm, "legal": []}, R.A_BILL + q)
    st._fail_bill(len(st.bills) - 1, withdrawn=True)
    assert st.winners() == [ol]
    # an Event option with negative Favour: the PM loses
    st = _scen(3, 2)
    pm, ol = st.seat_of("pm"), st.seat_of("ol")
    ev = next(i for i, e in enumerate(R.EVENT_LIST) if e["kind"] == "action" and any(
        x["op"] == "favour" and x.get("amount", 0) < 0 for o in e["options"] for x in o["effects"]))
    k = next(j for j, o in enumerate(R.EVENT_LIST[ev]["options"])
             if any(x["op"] == "favour" and x.get("amount", 0) < 0 for x in o["effects"]))
    st.event = ev
    st.cubes[pm] = 5
    st._d_event({"kind": "event", "player": pm, "legal": []}, R.A_OPTION + k)
    assert st.winners() == [ol]
    # Flatter: +3 VP per cube
    st = _scen(3, 2)
    pm = st.seat_of("pm")
    st.turn = {"seat": pm, "acted": False, "doubled": [], "denied": []}
    st.cubes[pm] = 2
    vp = st.vp[pm]
    st.tasks = [["round_end"]]
    st._perform(pm, R.A_ACT + R.ABILITIES.index("flatter") * 2)
    assert st.vp[pm] == vp + 3


def test_scenario_4_importation_act_outcomes():
    st = _scen(4, 4)  # the Act fails: the Opposition team wins
    ia = st.scen["importation"]
    st.bills = [{"bill": ia, "adj": 30, "debate": []}]
    st._fail_bill(0, withdrawn=False)
    assert st.winners() == sorted([st.seat_of("ol"), st.seat_of("obb")])
    st = _scen(4, 4)  # the PM loses a Challenge with the Act on the board
    st.bills = [{"bill": ia, "adj": 30, "debate": []}]
    st._challenge(st.seat_of("ol"), st.seat_of("pm"))
    assert st.winners() == sorted([st.seat_of("ol"), st.seat_of("obb")])
    st = _scen(4, 4)  # the Act passes and the Government wins the Election at once
    gov = sorted([st.seat_of("pm"), st.seat_of("gbb")])
    st.bills = [{"bill": ia, "adj": 30, "debate": []}]
    st.scen["under_ia"] = [0, 1]
    st.tasks = [["round_end"]]
    st.pending = None
    st._pass_bill(0)
    st.unc_stack = [R.UNC_IDS.index("U11")]  # +12 seats, no Royal Interference
    st.sector_pos[R.LIB] = [len(R.SECTOR_LIST[i]["positions"]) - 1 for i in range(8)]
    st._advance()
    assert st.pending["kind"] == "ia_play" and R.END_TURN in st.legal_actions()  # the revealed Supporters
    assert {(a - R.A_PLAY) // 2 for a in st.legal_actions() if a != R.END_TURN} <= {0, 1}
    assert {0, 1} <= set(st.hand[gov[0]] + st.hand[gov[1]])
    st.apply_action(R.END_TURN)
    assert st.is_terminal() and st.winners() == gov
    st = _scen(4, 2)  # ... and loses it: the Opposition wins
    st.bills = [{"bill": ia, "adj": 30, "debate": []}]
    st.tasks = [["round_end"]]
    st.pending = None
    st.unc_stack = [R.UNC_IDS.index("U17")]  # -12 seats, no Royal Interference
    st.sector_pos[R.LIB] = [0] * 8
    st.sector_pos[R.CON] = [len(R.SECTOR_LIST[i]["positions"]) - 1 for i in range(8)]
    st._pass_bill(0)
    st._advance()  # no Supporters under the Act: the Election follows at once
    assert st.is_terminal() and st.winners() == [st.seat_of("pm")] and st.party[st.seat_of("pm")] == R.CON


def test_scenario_4_selection_marker_and_party_bill_draws():
    st = _scen(4, 2)
    pm = st.seat_of("pm")
    assert st.pending["kind"] == "draw_bill" and st.pending["player"] == pm
    draws = 0
    while st.pending["kind"] == "draw_bill":
        st.apply_action(st.legal_actions()[0])
        draws += 1
    assert draws == 6 and st.pending["kind"] == "select"
    assert R.A_BILL + st.scen["importation"] in st.legal_actions()
    for _ in range(3):
        st.apply_action(next(a for a in st.legal_actions() if a != R.A_BILL + st.scen["importation"]))
    assert st.scen["marker"] == 5


def test_scenario_5_act_passed_by_conservatives_doubles_workers():
    st = _scen(5, 2)
    pm = st.seat_of("pm")
    act = st.scen["act"]
    st._d_select({"kind": "select", "player": pm, "legal": []}, R.A_BILL + act)
    assert st.bills[-1].get("icon") == "M"
    w = R.SECTOR_INDEX["Workers"]
    g, c = R.SECTOR_INDEX["Gentry"], R.SECTOR_INDEX["Conservatives"]
    lib_g, con_c, con_w, lib_w = (st.sector_pos[R.LIB][g], st.sector_pos[R.CON][c], st.sector_pos[R.CON][w],
                                  st.sector_pos[R.LIB][w])
    st.tasks = [["round_end"]]
    st.pending = None
    st._pass_bill(len(st.bills) - 1)
    st._advance()
    assert st.sector_pos[R.LIB][g] == lib_g + 1 and st.sector_pos[R.CON][c] == con_c - 1  # reversed (PM-A79)
    assert st.sector_pos[R.CON][w] == min(con_w + 1, len(R.SECTOR_LIST[w]["positions"]) - 1)
    assert st.sector_pos[R.LIB][w] == max(lib_w - 1, 0)
    assert st.scen["workers_doubled"] and st.scen["act_passed_by"] == R.CON
    base = sum(R.SECTOR_LIST[i]["positions"][st.sector_pos[R.CON][i]] for i in range(8))
    assert st.points(R.CON) == base + R.SECTOR_LIST[w]["positions"][st.sector_pos[R.CON][w]]


def test_scenario_6_election_arithmetic_example():
    """L1176: both sides at 290 after rounding; the Conservatives win 350 -> 310 MPs and 4 VP (PM-A81)."""
    st = _scen(6, 2)
    ol = st.seat_of("ol")
    assert st.gov_party == R.LIB and st.mps["A"] == 290
    vp_ol = st.vp[ol]
    st.tasks = []
    st._finish_election(658 - 350, "opposition", 0)
    assert st.gov_party == R.CON and st.mps["A"] == 310
    assert st.vp[ol] == vp_ol + 4 + 6  # 4 Election VP + the 6 VP Replacement Bonus
    assert st.mps["P"] == min(310, max(0, min(350, st.partisan(R.CON)) - 10))  # 10 Partisans deducted
    assert st.mps["M"] == 310 - st.mps["P"]


def test_scenario_7_devonshire_wins_ties_and_never_challenges():
    st = _scen(7, 3)
    dev = st.scen["devonshire"]
    st._award(st.pool("government"), 100)  # Gladstone (PM) and Devonshire reach 100 together
    assert st.winners() == [dev]
    st = _scen(7, 3)
    dev = st.scen["devonshire"]
    st.standing[dev] = 14
    st.tasks = []
    st.pending = None
    st._t_challenge_step("gbb", "pm")
    assert st.pending is None
    assert st.cubes[dev] == 2


# --- Question Time ----------------------------------------------------------------------------------------------------
def test_question_time_flow():
    g = PrimeMinisterGame(4, question_time=True)
    rng = random.Random(0)
    asked = called = 0
    for seed in range(10):
        st = g.new_initial_state(seed)
        for r in ("ol", "gbb", "obb"):
            s = st.seat_of(r)
            assert len(st.qt_hands[s]) == 2
            assert all(R.EVENT_LIST[e]["kind"] != "by_election" for e in st.qt_hands[s])
        assert st.qt_hands[st.seat_of("pm")] == []
        while not st.is_terminal() and st.round < 4:
            pend = st.pending
            if pend["kind"] == "yesno" and pend["q"] == "question":
                asked += 1
            if pend["kind"] == "qt_call":
                called += 1
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
    assert asked > 5 and called > 1


# --- bots ---------------------------------------------------------------------------------------------------------
def _play(n, kinds, seed, **o):
    st = PrimeMinisterGame(n, **o).new_initial_state(seed)
    bots = [BOTS[k](seed=seed * 10 + i) for i, k in enumerate(kinds)]
    while not st.is_terminal():
        p = st.current_player()
        st.apply_action(bots[p].act(st, p))
    return st


def test_heuristic_beats_random():
    """One heuristic seat against three random ones wins far more than the 1/4 a random seat wins."""
    n, per_seat = 4, 25
    wins = 0
    for h in range(n):
        for g in range(per_seat):
            kinds = ["random"] * n
            kinds[h] = "heuristic"
            wins += h in _play(n, kinds, 1000 + g).winners()
    games = n * per_seat
    assert wins >= 0.45 * games, f"heuristic won {wins}/{games}"  # random: ~25%


@pytest.mark.parametrize("num,n", SCENARIO_CONFIGS)
def test_heuristic_plays_every_scenario(num, n):
    for seed in range(3):
        st = _play(n, ["heuristic"] * n, seed, scenario=num)
        assert st.is_terminal()


def test_bots_registered():
    assert set(BOTS) == {"random", "heuristic"}
    assert isinstance(hustings.make_bot(GAME, "heuristic", seed=1), HeuristicBot)


# --- random games finish within the round limit ---------------------------------------------------------------------
@pytest.mark.parametrize("num,n,qt", ALL_CONFIGS)
def test_random_games_finish(num, n, qt):
    for st, steps in random_final_states(GAME, n, 15, seed=num * 10 + n, **opts(num, qt)):
        assert st.is_terminal() and st.round <= 50
        assert st.winners() or st.truncated
        json.dumps(st.to_json())


@pytest.mark.slow
@pytest.mark.parametrize("num,n,qt", ALL_CONFIGS)
def test_thousands_of_random_games_finish(num, n, qt):
    count = 0
    for st, steps in random_final_states(GAME, n, 2000, seed=7 + num, **opts(num, qt)):
        assert st.is_terminal() and st.round <= 50 and (st.winners() or st.truncated)
        count += 1
    assert count == 2000


@pytest.mark.parametrize("num,n,qt", [(0, 4, False), (0, 2, False), (2, 2, False), (4, 4, False), (5, 3, False),
                                      (7, 3, False), (0, 4, True)])
def test_fast_observation_equals_the_reference(num, n, qt):
    g = PrimeMinisterGame(n, **opts(num, qt))
    rng = random.Random(num + n)
    for seed in range(3):
        st = g.new_initial_state(seed)
        while not st.is_terminal():
            for p in range(n):
                assert np.array_equal(st.observation(p), st._obs_slow(p))
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("num,n,qt", ALL_CONFIGS)
def test_kept_observation_blocks_never_go_stale(num, n, qt):
    """The observation keeps its public blocks and each seat's view of the table between steps
    (``observe.ObservationCache``) and the Career Card check is skipped while nothing it reads changed: at every
    step of a seeded game, through the env, every seat's observation equals the reference built from scratch (and,
    every fifth step, the one of the same state reloaded from its saved form, which has kept nothing), and a full
    Career Card check turns nothing more face up. Clones taken along the way and played on alone stay exact too."""
    env = hustings.make(GAME, num_players=n, **opts(num, qt))
    rng = random.Random(100 * num + n)
    env.reset(seed=num)
    st = env.game_state
    clones = []
    for step, agent in enumerate(env.agent_iter()):
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        fresh = env.game.state_from_json(st.to_json()) if step % 5 == 0 else None
        for p, a in enumerate(env.possible_agents):
            seen = env.observe(a)["observation"]
            assert np.array_equal(seen, st._obs_slow(p))
            assert fresh is None or np.array_equal(seen, fresh._obs(p))
        obs["observation"][:] = -1  # the caller owns its array: nothing kept changes through it
        assert np.array_equal(env.observe(agent)["observation"], st._obs_slow(st.current_player()))
        full = st.clone()
        full._careers_seen = None
        full._check_careers()
        assert full.careers == st.careers
        if rng.random() < 0.02:
            clones.append(st.clone())
        for c in clones:
            if not c.is_terminal():
                legal = c.legal_actions()
                c.apply_action(legal[rng.randrange(len(legal))])
                q = rng.randrange(n)
                assert np.array_equal(c.observation(q), c._obs_slow(q))
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_kept_blocks_follow_the_active_component_set():
    """Two tables with different component sets (other bill VP, other Career Card thresholds), each observed and its
    Career Cards checked under both sets: the observation and the check use the tables active now, as the reference
    does (what was kept is dropped when another set is activated)."""
    from hustings.prime_minister import user_components
    other = {"bills": [{"id": f"CP{k}", "vp": 3} for k in (15, 16, 17, 18, 19, 32, 33, 34, 35, 36)],
             "careers": [{"id": "campaign_chairman_opp",
                          "requirements": {"ability": "campaign", "standing_min": 5, "favour_min": 2}}]}
    try:
        games = [PrimeMinisterGame(4, components=other), PrimeMinisterGame(4)]
        rng = random.Random(5)
        states = [g.new_initial_state(0) for g in games]
        while not all(st.is_terminal() for st in states):
            for k, st in enumerate(states):
                for g in games[k:] + games[:k]:  # the other table's set, then its own
                    g.use_components()
                    kept, full = st.clone(), st.clone()
                    full._careers_seen = None
                    kept._check_careers()
                    full._check_careers()
                    assert kept.careers == full.careers
                    for p in range(st.n):
                        assert np.array_equal(st.observation(p), st._obs_slow(p))
                if not st.is_terminal():
                    legal = st.legal_actions()
                    st.apply_action(legal[rng.randrange(len(legal))])
    finally:
        user_components.activate(None, None)


def test_scenario_5_opposition_pays_for_lowering_the_act_and_saved_cube_window():
    st = _scen(5, 2)
    pm, ol = st.seat_of("pm"), st.seat_of("ol")
    st.bills = [{"bill": st.scen["act"], "adj": 0, "debate": [], "icon": "M"}]
    w = R.SECTOR_INDEX["Workers"]
    st.sector_pos[R.LIB][w] = 3
    st._lowered_act(ol, 0)
    st._lowered_act(ol, 0)  # once a round
    assert st.sector_pos[R.LIB][w] == 2 and st.scen["opp_lowered"]
    st._lowered_act(pm, 0)
    assert st.sector_pos[R.LIB][w] == 2
    # the Liberals passed the Act: their OL may spend a saved cube just before Bill Resolution
    st = _scen(5, 2)
    ol = st.seat_of("ol")
    st.scen["act_passed_by"] = st.party[ol]
    st.cubes[ol] = 1
    st.pending, st.tasks = None, [["s5_window"], ["ask_order"]]  # a sentinel question after it
    st._advance()
    assert st.pending["kind"] == "yesno" and st.pending["q"] == "workers" and st.current_player() == ol
    before = st.sector_pos[st.party[ol]][w]
    st.apply_action(R.YES)
    assert st.cubes[ol] == 0 and st.scen["workers_used"]
    assert st.sector_pos[st.party[ol]][w] == min(before + 1, len(R.SECTOR_LIST[w]["positions"]) - 1)


def _dev_turn(st):
    """Put Scenario 7 at the start of Devonshire's action turn with 2 cubes."""
    dev = st.scen["devonshire"]
    st.tasks = [["turn", dev], ["round_end"]]
    st.pending = None
    st.cubes[dev] = 2
    st._advance()
    assert st.current_player() == dev and st.pending["kind"] == "main"
    return dev


def test_scenario_7_liberal_unionist_and_conservative_paths():
    st = _scen(7, 3)
    glad, sal = _seat(st, "P04"), _seat(st, "P06")
    st.vp[glad] = st.vp[st.scen["devonshire"]] = 86
    st.standing[glad] = 10
    dev = _dev_turn(st)
    assert R.A_SCEN + 2 in st.legal_actions() and R.A_SCEN + 3 not in st.legal_actions()
    st.apply_action(R.A_SCEN + 2)  # leave the Liberal Party
    assert st.scen["dev_side"] == "unionist" and st.cubes[dev] == 0
    assert st.vp[dev] == 90 and st.standing[glad] == 8 and st.careers[dev] == {} and st.scen["dpl"] == -1
    assert dev not in st.pool("government") and dev not in st.pool("opposition")
    st._award_side("government", 3)
    assert st.vp[dev] == 90 and st.vp[glad] == 89  # he no longer pools with Gladstone
    st._award_self(dev, 10)
    assert st.winners() == [dev]  # 100 VP as a Liberal Unionist
    # joining the Conservatives: VP reset to at most 5 more than Salisbury (minus 6 after the Processions Act)
    st = _scen(7, 3)
    glad, sal = _seat(st, "P04"), _seat(st, "P06")
    dev = _dev_turn(st)
    st.apply_action(R.A_SCEN + 2)
    st.apply_action(R.END_TURN)
    st.vp[dev], st.vp[sal] = 40, 20
    st.scen["ppa_passed"] = True
    dev = _dev_turn(st)
    assert R.A_SCEN + 3 in st.legal_actions()
    st.apply_action(R.A_SCEN + 3)
    assert st.scen["dev_side"] == "conservative" and st.party[dev] == R.CON and st.role[dev] == "obb"
    assert st.vp[dev] == 25 - 6 and st.scen["dpl"] == glad and st.careers[dev] == {"chief_whip_opp": 1}


def test_scenario_7_irish_coercion_act():
    st = _scen(7, 3)
    glad, sal = _seat(st, "P04"), _seat(st, "P06")
    dev = st.scen["devonshire"]
    st.role[glad], st.role[sal], st.role[dev] = "ol", "pm", "gbb"  # a Conservative Government ...
    st.gov_party = R.CON
    st.scen["dev_side"], st.party[dev] = "conservative", R.CON  # ... with Devonshire as its Backbencher
    st.bills = [{"bill": st.scen["salisbury_bill"], "adj": 0, "debate": []},
                {"bill": R.BILL_INDEX["CP01"], "adj": 0, "debate": []}]
    _dev_turn(st)
    st.apply_action(R.A_SCEN + 4)  # the Processions Act may not be replaced: slot 2 only (still asked)
    assert st.pending["kind"] == "ica_slot" and st.legal_actions() == [R.A_SLOT + 1]
    st.apply_action(R.A_SLOT + 1)
    assert st.bills[1]["bill"] == st.scen["ica"] and st.bills[1]["adj"] == 100
    # Salisbury's graded withdrawal at >= 350: -2 Standing for him, +2 Standing and 2 VP for Gladstone
    st.mps = {"A": 300, "M": 100, "P": 260}
    assert st.projection(1) >= 350
    s_sal, s_glad, v_glad = st.standing[sal], st.standing[glad], st.vp[glad]
    st._fail_bill(1, withdrawn=True)
    assert st.standing[sal] == s_sal - 2 and st.vp[glad] == v_glad + 2
    assert st.standing[glad] == min(s_glad + 2, st._mat(glad)["standing_max"])
    assert st.scen["ica"] in st.scen["aside"]  # back next to Devonshire's mat


def test_scenario_7_pointing_finger_on_devonshire_supporters():
    st = _scen(7, 3)
    dev = st.scen["devonshire"]
    pm, ol = st.seat_of("pm"), st.seat_of("ol")
    e = {"op": "standing", "who": "self", "amount": 1}
    st.tasks, st.pending = [["eff", e, {"actor": dev, "mult": 1, "src": ["supporter", 0]}], ["ask_order"]], None
    st._advance()
    assert st.pending["kind"] == "eff_player" and st.legal_actions() == sorted([R.A_PLAYER + pm, R.A_PLAYER + ol])
    before = st.standing[ol]
    st.apply_action(R.A_PLAYER + ol)
    assert st.standing[ol] == min(before + 1, st._mat(ol)["standing_max"])


def _unionist_with_bills(projections):
    """Scenario 7: Devonshire an independent Liberal Unionist at the start of his turn, bills CP01.. at the given
    projected Votes."""
    st = _scen(7, 3)
    st.scen["dev_side"] = "unionist"
    st.careers[st.scen["devonshire"]] = {}
    st.bills = [{"bill": R.BILL_INDEX[f"CP0{i + 1}"], "adj": 0, "debate": []} for i in range(len(projections))]
    for b in st.bills:  # each card in one place (a saved state is checked)
        for pile in (st.decks["cross_party"], st.discards["cross_party"]):
            if b["bill"] in pile:
                pile.remove(b["bill"])
    for i, p in enumerate(projections):
        st.bills[i]["adj"] = p - st.projection(i)
        assert st.projection(i) == p
    return st, _dev_turn(st)


def test_scenario_7_liberal_unionist_chooses_the_side_of_the_ol_debate_card():
    """L1221: "you may now use either side of the Opposition Leader Debate Card" — his own decision (up = the
    Pact side: +10 on a bill <= 340, 2 VP on a pass; down = the other side: -10 on a bill >= 290, 3 VP on a fail)."""
    st, dev = _unionist_with_bills([270, 360])
    low, high = st.projection(0), st.projection(1)
    assert low < 290 and high > 340  # the first bill can only go up, the second only down
    assert R.A_DEBATE_CARD in st.legal_actions()
    base = json.dumps(st.to_json())
    for side, slot, votes, outcome, vp in (("up", 0, 10, "pass", 2), ("down", 1, -10, "fail", 3)):
        st = PrimeMinisterGame(3, scenario=7).state_from_json(json.loads(base))
        st.apply_action(R.A_DEBATE_CARD)
        assert st.pending["kind"] == "debate_side" and st.current_player() == dev
        assert st.legal_actions() == [R.A_SIGN, R.A_SIGN + 1]
        st.apply_action(R.A_SIGN + (side == "down"))
        assert st.pending["kind"] == "debate_target" and st.legal_actions() == [R.A_SLOT + slot]
        obs = st.observation(dev)
        q = dict((f[0], f[1]) for f in st.game.fields)["pending_effect"]
        assert obs[q + R.EFFECT_OPS.index("votes")] == 1.0 and obs[q + len(R.EFFECT_OPS) + 1] == votes / 10
        adj = st.bills[slot]["adj"]
        st.apply_action(R.A_SLOT + slot)
        assert st.bills[slot]["adj"] == adj + votes and st.pending["kind"] == "main"
        before = list(st.vp)
        st.tasks, st.pending = [["turn", dev], ["round_end"]], None
        st._t_debate_cards(st.bills[slot]["debate"], outcome)
        st._advance()
        assert st.vp[dev] == before[dev] + vp  # he scores his Debate Card alone
        assert all(st.vp[p] == before[p] for p in range(3) if p != dev)
    # only the sides with a target are offered: with one bill at 360 only `down`
    st, dev = _unionist_with_bills([360])
    assert st.projection(0) > 340
    st.apply_action(R.A_DEBATE_CARD)
    assert st.pending["kind"] == "debate_side" and st.legal_actions() == [R.A_SIGN + 1]
    # with no bill in reach of either side the card is masked
    st, dev = _unionist_with_bills([])
    assert R.A_DEBATE_CARD not in st.legal_actions()


def test_scenario_7_liberal_unionist_disregards_a_supporters_negative_tradeoff():
    """L1221: "If playing a Supporter for a Debate or Influence effect, disregard any negative tradeoff": John
    Bright's +-20 Votes costs him no Farmers step (as a Liberal Backbencher it still costs his party one)."""
    bright = 4
    assert R.SUPPORTER_LIST[bright]["name"] == "John Bright"
    assert R.SUPPORTER_LIST[bright]["options"][0]["effects"][1]["steps"] == -1
    farm = R.SECTOR_INDEX["Farmers"]
    for side in ("unionist", "liberal"):
        st = _scen(7, 3)
        dev = st.scen["devonshire"]
        st.scen["dev_side"] = side
        st.bills = [{"bill": R.BILL_INDEX["CP01"], "adj": 0, "debate": []}]
        st.sector_pos[R.LIB][farm] = st.sector_pos[R.CON][farm] = 3
        st.hand[dev] = [bright]
        _dev_turn(st)
        st.apply_action(R.A_PLAY + 2 * bright)
        assert st.pending["kind"] == "eff_sign"
        st.apply_action(R.A_SIGN)  # +20 on the only bill
        assert st.bills[0]["adj"] == 20
        if side == "unionist":
            assert st.pending["kind"] == "main"  # no party question for a tradeoff: it is gone
            assert st.sector_pos[R.LIB][farm] == st.sector_pos[R.CON][farm] == 3
        else:
            assert st.pending["kind"] == "main" and st.sector_pos[R.LIB][farm] == 2
            assert st.sector_pos[R.CON][farm] == 3


@pytest.mark.parametrize("side", ["liberal", "conservative"])
def test_scenario_7_devonshire_in_government_is_free_with_supporter_debates(side):
    """L1217 / L1225: in Government he "may not use [his] player mat's Debate action against Government bills, but
    [is] free to use Supporter Debate actions as [he wishes]": Earl Grey may go down, the mat's Debate may not."""
    grey = 8
    assert R.SUPPORTER_LIST[grey]["name"] == "Earl Grey"
    st = _scen(7, 3)
    glad, sal = _seat(st, "P04"), _seat(st, "P06")
    dev = st.scen["devonshire"]
    if side == "conservative":
        st.role[glad], st.role[sal], st.role[dev] = "ol", "pm", "gbb"
        st.gov_party = R.CON
        st.scen["dev_side"], st.party[dev] = "conservative", R.CON
        st.careers[dev] = {"chief_whip_gov": 1}
    assert st.role[dev] == "gbb" and st._restricted(dev)
    st.bills = [{"bill": R.BILL_INDEX["CP01"], "adj": 0, "debate": []}]
    st.hand[dev] = [grey]
    _dev_turn(st)
    st.apply_action(R.A_PLAY + 2 * grey)
    assert st.pending["kind"] == "eff_sign" and st.legal_actions() == [R.A_SIGN, R.A_SIGN + 1]
    st.apply_action(R.A_SIGN + 1)  # down
    assert st.bills[0]["adj"] == -10 and st.pending["kind"] == "main"
    # his mat's Debate action still only raises the bill (the `down` sign is never offered)
    deb = R.A_ACT + R.ABILITIES.index("debate") * 2
    assert deb in st.legal_actions()
    st.apply_action(deb)
    assert st.pending["kind"] == "main" and st.bills[0]["adj"] == 0
