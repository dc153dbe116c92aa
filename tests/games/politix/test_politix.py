"""Politix: the env API, exact masks, hidden information, and each rule through hand-built deals."""
from __future__ import annotations

import json
import random

import numpy as np
import pytest
from helpers import (api_and_seed, cross_process_same, mask_exact, play_random, random_final_states,
                     random_midgame, save_load_continues, world_matches_rebuild)

import hustings
from hustings.core import ConfigError, DealError, IllegalActionError, StateFormatError
from hustings.core.bots import RandomBot
from hustings.play import play_game
from hustings.politix import HeuristicBot, PolitixGame
from hustings.politix.rules import (A_DRAW, A_END, A_REST, A_SPECIAL, BESIDE_KINDS, BURN_SLOT, CARDS, DISCARD, EVENTS,
                                GROUP_COUNT, GROUPS, KIND_COUNT, KINDS, METHODS, NG, NK, NM, NUM_ACTION_CARDS,
                                NUM_VOTER_CARDS, POLITICIANS, SKILLS, SPECIALS, START, SYMBOLS,
                                party_key)

CONFIGS = [(2, {}), (3, {}), (4, {}), (5, {}), (6, {}), (6, {"teams_3v3": True})]
IDS = ["2p", "3p", "4p", "5p", "6p", "6p-3v3"]

G = {g: i for i, g in enumerate(GROUPS)}
M = {m: i for i, m in enumerate(METHODS)}
SLOT = {KINDS[k]: j for j, k in enumerate(BESIDE_KINDS)}


def new(n, deal=None, seed=0, **opts):
    return PolitixGame(n, **opts).new_initial_state(seed=seed, deal=deal)


def persuade(st, group, method):
    return st.game.A_PERSUADE + G[group] * NM + M[method]


def take(st, k):
    return st.game.A_TAKE + k - 1


def special(st, card, offset):
    return A_SPECIAL + SLOT[card] * st.n + offset


def gwtw(st, card, offset):
    return st.game.A_GWTW + SLOT[card] * st.n + offset


def discard(st, card):
    return st.game.A_DISCARD + KINDS.index(card)


def check_invariants(st):
    acts, voters = st.card_totals()
    assert acts == list(KIND_COUNT)
    assert voters == list(GROUP_COUNT) + [1] * len(EVENTS)
    assert st.hand_size == [sum(h) for h in st.hands]
    assert all(b[BURN_SLOT] <= 1 for b in st.beside)
    assert st.turn_count == sum(st.turns)
    if not st.is_terminal():
        assert all(h <= 10 for p, h in enumerate(st.hand_size) if p != st.cur or st.phase != DISCARD)
        assert st.table_total == sum(st.table) > 0
        if any(c < NG for c in st.voter_deck):
            assert st.table_total == 8


# --- the generic checks, every player count and option ------------------------------------------------
@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_pettingzoo_api_and_seed(n, opts):
    api_and_seed("politix", n, **opts)


@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_mask_exact(n, opts):
    assert mask_exact("politix", n, games=2, seed=n, **opts) > 10


@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_save_load_mid_game_continues_identically(n, opts):
    for cut in (13, 90):
        save_load_continues("politix", n, seed=n + cut, cut=cut, **opts)


@pytest.mark.parametrize("n", [2, 5, 6])
def test_same_seed_same_game_across_processes(n):
    cross_process_same("politix", n, seed=3)


@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_random_games_keep_invariants(n, opts):
    """Many random games: cards are conserved, the incremental world equals a rebuild, is_legal equals
    legal_actions, every state has a legal action, and every game ends by taking the last voter card."""
    game = PolitixGame(n, **opts)
    rng = random.Random(n)
    for g in range(25):
        st = game.new_initial_state(seed=1000 + g)
        check_invariants(st)
        steps = 0
        while not st.is_terminal():
            legal = st.legal_actions()
            assert legal and legal == sorted(set(legal))
            if steps % 17 == 0:
                assert [a for a in range(game.num_actions) if st.is_legal(a)] == legal
                assert world_matches_rebuild(st)
                check_invariants(st)
            st.apply_unchecked(legal[rng.randrange(len(legal))])
            steps += 1
        check_invariants(st)
        assert world_matches_rebuild(st)
        assert not st.truncated and st.table_total == 0
        assert not any(c < NG for c in st.voter_deck) and len(st.events_out) == len(EVENTS)
        assert sum(sum(st.party_counts(i)) for i in range(game.num_parties)) == sum(GROUP_COUNT)
        assert st.legal_actions() == [] and st.current_player() == -1


@pytest.mark.slow
@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_thousands_of_random_games(n, opts):
    lengths = []
    for st, steps in random_final_states("politix", n, 1000, seed=7, **opts):
        check_invariants(st)
        assert not st.truncated
        ret = st.returns()
        for party in st.game.parties:
            assert len({ret[s] for s in party}) == 1  # every member gets the party's result
        lengths.append(st.turn_count)
    assert max(lengths) < PolitixGame.OPTIONS["max_turns"].default


def test_random_games_finish_well_under_the_turn_cap():
    """The default cap (400 turns) is never reached in random play: random games take ~60-95 turns."""
    lengths = [st.turn_count for n in (2, 4, 6) for st, _ in random_final_states("politix", n, 40, seed=1)]
    assert max(lengths) < 200
    assert all(st.turn_count > 20 for st, _ in random_final_states("politix", 2, 10, seed=2))


# --- hidden information -------------------------------------------------------------------------------
def _permute_hidden(data: dict, observer: int, game: PolitixGame, rng: random.Random) -> dict:
    """The same state with every card the observer cannot see redistributed: other players' hands (partners
    included) and the action deck share one pool; the voter deck is reshuffled; in 5 players the base support
    is exchanged with the voter deck for an observer outside the first party."""
    d = json.loads(json.dumps(data))
    # a persuader's hand keeps its cards: a redeal it could not finish the persuasion with is refused (PTX-A7)
    others = [s for s in range(game.num_players) if s != observer and (d["phase"] != "persuade" or s != d["current"])]
    pool = d["action_deck"] + [c for s in others for c in d["hands"][s]]
    rng.shuffle(pool)
    for s in others:
        size = len(d["hands"][s])
        d["hands"][s], pool = sorted(pool[:size]), pool[size:]
    d["action_deck"] = pool
    if game.has_base and game.party_of[observer] != 0:
        voters = [c for c in d["voter_deck"] if c in GROUPS] + d["base_support"]
        rng.shuffle(voters)
        d["base_support"], rest = voters[:6], voters[6:]
        d["voter_deck"] = rest + [c for c in d["voter_deck"] if c not in GROUPS]
    rng.shuffle(d["voter_deck"])
    return d


@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_no_leak_of_hidden_cards(n, opts):
    game = PolitixGame(n, **opts)
    rng = random.Random(n)
    changed = 0
    for g in range(6):
        st = random_midgame(game, g, rng, 0, 150)
        data = st.to_json()
        for observer in range(n):
            other = game.state_from_json(_permute_hidden(data, observer, game, rng))
            assert np.array_equal(other.observation(observer), st.observation(observer))
            changed += not np.array_equal(other.global_observation(), st.global_observation())
            assert other.render(observer) == st.render(observer)
    assert changed > 0  # the permutation did move hidden cards


def test_partners_do_not_see_each_others_hands():
    st = new(4, seed=1)
    other = json.loads(json.dumps(st.to_json()))
    other["hands"][1], other["action_deck"][-4:] = other["action_deck"][-4:], other["hands"][1]
    st2 = st.game.state_from_json(other)
    assert np.array_equal(st.observation(0), st2.observation(0))  # seat 1 is seat 0's partner
    assert not np.array_equal(st.observation(1), st2.observation(1)) or st.hands[1] == st2.hands[1]


def test_five_player_base_support_is_hidden_from_the_second_party_only():
    st = new(5, seed=4)
    assert sum(st.base) == 6
    data = st.to_json()
    d = json.loads(json.dumps(data))
    swap_from = next(i for i, c in enumerate(d["voter_deck"]) if c in GROUPS and c != d["base_support"][0])
    d["base_support"][0], d["voter_deck"][swap_from] = d["voter_deck"][swap_from], d["base_support"][0]
    st2 = st.game.state_from_json(d)
    for seat in (2, 3, 4):
        assert np.array_equal(st.observation(seat), st2.observation(seat))
    for seat in (0, 1):
        assert not np.array_equal(st.observation(seat), st2.observation(seat))
        f = {name: (start, size) for name, start, size, _ in st.game.observation_fields()}
        a, b = f["base_support"]
        assert st.observation(seat)[a:a + b].tolist() == st.base


# --- observation and action table -------------------------------------------------------------------
@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_observation_layout_and_action_names(n, opts):
    game = PolitixGame(n, **opts)
    fields = game.observation_fields()
    assert sum(size for _, _, size, _ in fields) == game.observation_size
    assert [start for _, start, _, _ in fields] == list(np.cumsum([0] + [s for _, _, s, _ in fields[:-1]]))
    names = game.action_names()
    assert len(names) == len(set(names)) == game.num_actions
    env = hustings.make("politix", num_players=n, **opts)
    env.reset(seed=1)
    assert env.observation_space("player_0")["observation"].shape == (game.observation_size,)


def test_own_hand_is_the_first_block_of_the_observation():
    st = new(4, seed=3)
    for p in range(4):
        assert st.observation(p)[:NK].tolist() == st.hands[p]


# --- setup ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, opts", CONFIGS, ids=IDS)
def test_setup(n, opts):
    for seed in range(20):
        st = new(n, seed=seed, **opts)
        assert st.hand_size == [4] * n  # L13
        assert st.table_total == 8 and st.event == -1 and st.events_out == []  # L14-15: events shuffled back
        assert sorted(c for c in st.voter_deck if c >= NG) == list(range(NG, NG + len(EVENTS)))
        assert len(st.deck) == NUM_ACTION_CARDS - 4 * n
        assert len(st.voter_deck) == NUM_VOTER_CARDS - 8 - (6 if n == 5 else 0)
        for s in range(n):  # politicians of the seat's own party, all different
            assert CARDS["politicians"][st.politician[s]]["party"] == CARDS["parties"][st.party_of[s]]["id"]
        assert len(set(st.politician)) == n
        check_invariants(st)


def test_party_layouts():
    assert PolitixGame(2).parties == [[0], [1]]
    assert PolitixGame(3).parties == [[0], [1], [2]]
    assert PolitixGame(4).parties == [[0, 1], [2, 3]]
    assert PolitixGame(5).parties == [[0, 1], [2, 3, 4]]
    assert PolitixGame(6).parties == [[0, 1], [2, 3], [4, 5]]
    assert PolitixGame(6, teams_3v3=True).parties == [[0, 1, 2], [3, 4, 5]]
    with pytest.raises(ConfigError, match="6 players"):
        PolitixGame(4, teams_3v3=True)


def test_voter_deck_size_matches_the_scoring_example():
    # L39: every group totals 7 in a finished two-party game, so 42 voter cards + 4 events
    assert GROUP_COUNT == (7,) * 6 and NUM_VOTER_CARDS == 46


def test_five_player_setup_and_turn_order():
    starts = set()
    for seed in range(10):
        st = new(5, seed=seed)
        assert st.game.parties == [[0, 1], [2, 3, 4]]
        assert sum(st.base) == 6 and st.table_total == 8  # L41: six voter cards, not events
        assert st.current_player() == 0  # the first party's first player starts
        starts.add(st.cur)
        order = []
        while len(order) < 7:
            order.append(st.current_player())
            st.apply_action(A_DRAW)
            while st.phase == DISCARD:
                st.apply_action(st.legal_actions()[0])
        assert order == [0, 1, 2, 3, 4, 0, 1]
        assert st.turns == [4, 3]
    assert starts == {0}


def test_random_starting_player():
    assert {new(4, seed=s).cur for s in range(40)} == {0, 1, 2, 3}


# --- persuasion -----------------------------------------------------------------------------------------
FILL8 = ["farmers", "farmers", "white_collar", "blue_collar", "hippies", "blondes", "youth", "youth"]


def test_ben_example_power_five_takes_three_youth():
    """L26: Ben (intimidation +2) with Anarchist agenda and depression plays one intimidation card: power 5,
    three angst-ridden youth."""
    deal = {"politicians": ["ben", "sauli", "tarja", "paavo"], "start": 0,
            "hands": [["intimidation", "debate"], ["debate"], ["debate"], ["debate"]],
            "beside": [["anarchist_agenda"], [], [], []], "events": ["depression"],
            "table": ["youth"] * 4 + ["farmers", "farmers", "hippies", "blondes"]}
    st = new(4, deal)
    assert SKILLS[POLITICIANS.index("ben")][M["intimidation"]] == 2
    assert SYMBOLS[G["youth"]][M["intimidation"]] == 3
    assert st.base_power(0, G["youth"], M["intimidation"]) == 4  # "power of four ... to start with"
    st.apply_action(persuade(st, "youth", "intimidation"))
    assert st.legal_actions() == [st.game.A_ADD]  # at least one politicking card (L28): no take yet
    st.apply_action(st.game.A_ADD)
    assert st.ppower == 5
    assert st.legal_actions() == [take(st, 1), take(st, 2), take(st, 3)]  # 3 + 2 extra = 5; four would need 6
    with pytest.raises(IllegalActionError):
        st.apply_action(take(st, 4))
    st.apply_action(take(st, 3))
    assert st.collected[0][G["youth"]] == 3
    assert st.hands[0][KINDS.index("intimidation")] == 0 and st.discard[KINDS.index("intimidation")] == 1
    assert st.table_total == 8 and st.cur == 1  # replenished, next player


def test_blondes_need_three_charming():
    """L24: three charming symbols need strength three in charming (Erkki: charming skill 0)."""
    deal = {"politicians": ["sauli", "erkki"], "start": 1, "hands": [[], ["charming"] * 3],
            "table": ["blondes"] + FILL8[:7]}
    st = new(2, deal)
    assert st.base_power(1, G["blondes"], M["charming"]) == 0
    st.apply_action(persuade(st, "blondes", "charming"))
    for _ in range(2):
        st.apply_action(st.game.A_ADD)
        with pytest.raises(IllegalActionError):
            st.apply_action(take(st, 1))
    st.apply_action(st.game.A_ADD)
    st.apply_action(take(st, 1))
    assert st.collected[1][G["blondes"]] == 1
    # with only two charming cards the persuasion cannot reach 3, so it is not offered at all (PTX-A7)
    deal["hands"] = [[], ["charming"] * 2 + ["debate"]]
    st = new(2, deal)
    assert persuade(st, "blondes", "charming") not in st.legal_actions()
    assert not st.is_legal(persuade(st, "blondes", "charming"))


def test_each_additional_card_of_the_group_costs_one_more():
    """L27: k cards of one group need symbols + (k - 1)."""
    deal = {"politicians": ["sauli", "erkki"], "start": 1, "hands": [[], ["debate"] * 10],
            "table": ["hippies"] * 5 + ["farmers"] * 3}
    st = new(2, deal)
    s = SYMBOLS[G["hippies"]][M["debate"]]
    base = st.base_power(1, G["hippies"], M["debate"])
    st.apply_action(persuade(st, "hippies", "debate"))
    for played in range(1, 10):
        st.apply_action(st.game.A_ADD)
        kmax = min(5, base + played - s + 1)
        assert [a - st.game.A_TAKE + 1 for a in st.legal_actions() if a >= st.game.A_TAKE] == list(range(1, kmax + 1))


def test_coffee_and_cake_is_wild_and_counts_as_a_politicking_card():
    deal = {"politicians": ["ben", "tarja"], "start": 0, "hands": [["coffee"], []],
            "table": ["blue_collar"] + FILL8[:7]}
    st = new(2, deal)
    # Ben: intimidation +2 vs blue collar (2 symbols); only a coffee card in hand
    assert st.legal_actions()[0] == A_DRAW
    assert persuade(st, "blue_collar", "intimidation") in st.legal_actions()
    st.apply_action(persuade(st, "blue_collar", "intimidation"))
    assert st.legal_actions() == [st.game.A_COFFEE]
    st.apply_action(st.game.A_COFFEE)
    assert take(st, 1) in st.legal_actions()


def test_only_cards_of_the_chosen_method_can_be_added():
    deal = {"politicians": ["sauli", "erkki"], "start": 1, "hands": [[], ["charming", "debate", "debate"]],
            "table": ["farmers"] + FILL8[1:]}
    st = new(2, deal)
    st.apply_action(persuade(st, "farmers", "debate"))  # farmers: debate 2; Erkki debate +1
    st.apply_action(st.game.A_ADD)
    st.apply_action(st.game.A_ADD)
    assert st.hands[1][KINDS.index("charming")] == 1
    assert st.game.A_ADD not in st.legal_actions() and st.game.A_COFFEE not in st.legal_actions()


def test_persuasion_needs_a_target_on_the_table():
    deal = {"politicians": ["sauli", "erkki"], "start": 1, "hands": [[], ["debate"] * 5],
            "table": ["white_collar"] * 4 + ["hippies"] * 4}
    st = new(2, deal)
    assert not any(st.is_legal(persuade(st, g, "debate")) for g in ("farmers", "blondes", "youth", "blue_collar"))
    assert st.is_legal(persuade(st, "hippies", "debate"))


def test_party_symbol_modifier():
    # reconstructed: right-wing (SUV) +1 against white collar workers
    st = new(2, {"politicians": ["sauli", "tarja"], "start": 0})
    assert st.base_power(0, G["white_collar"], M["debate"]) == 1 + 1
    assert st.base_power(1, G["white_collar"], M["debate"]) == 1
    assert st.base_power(1, G["blue_collar"], M["debate"]) == 1 + 1


# --- specials -----------------------------------------------------------------------------------------
def test_tarja_plays_nuclear_power_on_sauli():
    """L32: the card lies beside Sauli, who now has -1 for persuading hippies."""
    deal = {"politicians": ["sauli", "tarja"], "start": 1, "hands": [[], ["nuclear_power"]]}
    st = new(2, deal)
    before = [[st.base_power(0, g, m) for m in range(NM)] for g in range(NG)]
    st.apply_action(special(st, "nuclear_power", 1))  # offset 1 from Tarja = Sauli
    assert st.beside[0][SLOT["nuclear_power"]] == 1 and st.beside[1] == [0] * len(BESIDE_KINDS)
    after = [[st.base_power(0, g, m) for m in range(NM)] for g in range(NG)]
    for g in range(NG):
        for m in range(NM):
            assert after[g][m] == before[g][m] - (g == G["hippies"])
    assert st.phase == SPECIALS and not st.is_legal(A_DRAW)  # playing excludes drawing (L20, L28)
    assert st.legal_actions()[0] == A_END
    st.apply_action(A_END)
    assert st.cur == 0 and st.hand_size[1] == 0


def test_specials_stack_and_modify_only_their_holder():
    deal = {"politicians": ["sauli", "ben", "tarja", "paavo"], "start": 0,
            "beside": [["green_wave", "nuclear_power"], ["green_wave"], [], []]}
    with pytest.raises(DealError):
        new(4, deal)  # only one Green wave exists
    deal["beside"] = [["green_wave", "farm_subsidies"], [], [], []]
    st = new(4, deal)
    assert st.base_power(0, G["hippies"], M["debate"]) == 1 + 1
    assert st.base_power(1, G["hippies"], M["debate"]) == 1  # a partner's cards do not apply (PTX-A5)


def test_burnout_only_on_opponents_one_each():
    deal = {"politicians": ["sauli", "ben", "tarja", "paavo"], "start": 0,
            "hands": [["burnout", "burnout"], [], [], []], "beside": [[], [], ["burnout"], []]}
    st = new(4, deal)
    legal = st.legal_actions()
    burn = [a - (A_SPECIAL + BURN_SLOT * 4) for a in legal if A_SPECIAL + BURN_SLOT * 4 <= a < st.game.A_GWTW]
    assert burn == [3]  # not self (0), not the partner (1), not seat 2 who already has one
    st.apply_action(special(st, "burnout", 3))
    assert st.beside[3][BURN_SLOT] == 1
    assert not any(st.is_legal(special(st, "burnout", k)) for k in range(4))


def test_burnt_out_player_draws_two_or_rests():
    deal = {"politicians": ["sauli", "tarja"], "start": 1, "hands": [[], ["debate"]], "beside": [[], ["burnout"]]}
    st = new(2, deal)
    assert st.legal_actions()[:2] == [A_DRAW, A_REST]
    st.apply_action(A_DRAW)
    assert st.hand_size[1] == 3  # 1 + 2
    st = new(2, deal)
    st.apply_action(A_REST)  # discards Burnout, neither plays nor draws
    assert st.beside[1][BURN_SLOT] == 0 and st.discard[KINDS.index("burnout")] == 1
    assert st.hand_size[1] == 1 and st.cur == 0
    assert not new(2, {"politicians": ["sauli", "tarja"], "start": 0}).is_legal(A_REST)


def test_gone_with_the_wind_removes_any_special_but_not_the_party_symbol():
    deal = {"politicians": ["sauli", "tarja"], "start": 0, "hands": [["gone_with_the_wind"], []],
            "beside": [["curfew"], ["burnout", "anarchist_agenda"]]}
    st = new(2, deal)
    opts = sorted(a for a in st.legal_actions() if st.game.A_GWTW <= a < st.game.A_PERSUADE)
    assert opts == sorted([gwtw(st, "curfew", 0), gwtw(st, "burnout", 1), gwtw(st, "anarchist_agenda", 1)])
    st.apply_action(gwtw(st, "burnout", 1))
    assert st.beside[1][BURN_SLOT] == 0
    assert st.discard[KINDS.index("burnout")] == 1 and st.discard[KINDS.index("gone_with_the_wind")] == 1
    assert st.base_power(0, G["white_collar"], 0) == SKILLS[0][0] + 1  # the SUV stays
    # with no special card on the table there is nothing to remove
    st = new(2, {"politicians": ["sauli", "tarja"], "start": 0, "hands": [["gone_with_the_wind"], []]})
    assert st.legal_actions() == [A_DRAW]


def test_specials_then_persuasion_in_one_turn():
    """L22: any number of specials plus politicking cards of one type; a special played first counts."""
    deal = {"politicians": ["sauli", "tarja"], "start": 0,
            "hands": [["green_wave", "nuclear_power", "charming"], []],
            "table": ["hippies"] * 2 + FILL8[:6]}
    st = new(2, deal)
    # Sauli charming +1, hippies charming 2: one card gives 2, two hippies need 3
    st.apply_action(special(st, "nuclear_power", 1))
    st.apply_action(special(st, "green_wave", 0))
    st.apply_action(persuade(st, "hippies", "charming"))
    st.apply_action(st.game.A_ADD)
    assert st.ppower == 3 and st.is_legal(take(st, 2))
    st.apply_action(take(st, 2))
    assert st.collected[0][G["hippies"]] == 2 and st.hand_size[0] == 0


# --- events, replenishing, decks --------------------------------------------------------------------
def test_depression_gives_everyone_plus_one_intimidation():
    base = {"politicians": ["sauli", "ben", "tarja", "paavo"], "start": 0}
    st0, st1 = new(4, base), new(4, dict(base, events=["depression"]))
    for s in range(4):
        for g in range(NG):
            for m in range(NM):
                assert st1.base_power(s, g, m) == st0.base_power(s, g, m) + (m == M["intimidation"])


def test_an_event_drawn_goes_face_up_on_top_and_replaces_the_old_one():
    deal = {"politicians": ["ben", "tarja"], "start": 0, "hands": [["intimidation"], []],
            "table": ["blue_collar"] + FILL8[:7], "events": ["depression"],
            "voter_deck_top": ["beauty_contest", "farmers"]}
    st = new(2, deal)
    st.apply_action(persuade(st, "blue_collar", "intimidation"))
    st.apply_action(st.game.A_ADD)
    st.apply_action(take(st, 1))
    assert st.event == EVENTS.index("beauty_contest")
    assert [EVENTS[c - NG] for c in st.events_out] == ["depression", "beauty_contest"]
    assert st.table_total == 8 and st.table[G["farmers"]] == 3
    # only the top event applies (PTX-A10)
    assert st.base_power(0, 0, M["intimidation"]) == SKILLS[POLITICIANS.index("ben")][M["intimidation"]]
    assert st.base_power(0, 0, M["charming"]) == SKILLS[POLITICIANS.index("ben")][M["charming"]] + 1


def test_hand_limit_discard_at_end_of_turn():
    deal = {"politicians": ["sauli", "tarja"], "start": 0, "hands": [["debate"] * 10, []]}
    st = new(2, deal)
    st.apply_action(A_DRAW)
    assert st.hand_size[0] == 13 and st.phase == DISCARD and st.cur == 0
    assert all(a >= st.game.A_DISCARD for a in st.legal_actions())
    for _ in range(3):
        st.apply_action(discard(st, "debate"))
    assert st.hand_size[0] == 10 and st.cur == 1 and st.phase == START
    assert st.discard[KINDS.index("debate")] == 3


def test_discard_pile_is_reshuffled_when_the_deck_runs_out():
    st = new(2, {"politicians": ["sauli", "tarja"], "start": 0})
    data = st.to_json()
    data["discard"] = data["action_deck"][:-1]
    data["action_deck"] = data["action_deck"][-1:]
    st = st.game.state_from_json(data)
    st.apply_action(A_DRAW)
    assert st.hand_size[0] == 7 and sum(st.discard) == 0 and len(st.deck) == NUM_ACTION_CARDS - 8 - 3 + 1 - 1
    check_invariants(st)


def test_draw_with_no_cards_anywhere_draws_nothing():
    st = new(2, {"politicians": ["sauli", "tarja"], "start": 0})
    for k in st.deck:  # seat 1 holds everything (over the hand limit: built in place, a saved state is refused)
        st.hands[1][k] += 1
    st.hand_size[1], st.deck = sum(st.hands[1]), []
    st._rebuild_world()
    st.apply_action(A_DRAW)
    assert st.hand_size[0] == 4 and st.cur == 1


def test_game_continues_after_the_voter_deck_runs_out_and_ends_with_the_last_card():
    col_right = {"white_collar": 6, "blondes": 5, "blue_collar": 4, "hippies": 2, "farmers": 2, "youth": 0}
    col_left = {"youth": 6, "farmers": 5, "hippies": 5, "blue_collar": 3, "blondes": 2, "white_collar": 1}
    deal = {"politicians": ["ben", "tarja"], "start": 0, "hands": [["intimidation", "intimidation"], []],
            "collected": [col_right, col_left], "table": ["youth"], "events": list(EVENTS)}
    st = new(2, deal)
    assert st.voter_deck == [] and st.table_total == 1 and not st.is_terminal()
    st.apply_action(persuade(st, "youth", "intimidation"))
    st.apply_action(st.game.A_ADD)
    st.apply_action(take(st, 1))
    assert st.is_terminal() and st.current_player() == -1
    # L39: right 6 WC, 5 Bl, 4 BC, 2 Hi, 2 Fa, 1 AY; left 6 AY, 5 Fa, 5 Hi, 3 BC, 2 Bl, 1 WC -> left wins
    assert st.party_counts(0) == [2, 6, 4, 2, 5, 1] and st.party_counts(1) == [5, 1, 3, 5, 2, 6]
    assert st.winners() == [1] and st.returns() == [-1.0, 1.0]


def test_scoring_example_ordering():
    right = [2, 6, 4, 2, 5, 1]
    left = [5, 1, 3, 5, 2, 6]
    assert party_key(left) > party_key(right)
    assert party_key([7, 7, 7, 0, 0, 0]) < party_key([1, 1, 1, 1, 1, 1])  # evenness beats bulk


def _final_take_deal(n, turns, parties_counts, start=0):
    # seat `start` (Ben) takes the last youth card with Ben's intimidation
    pols = {2: ["ben", "tarja"], 3: ["ben", "tarja", "matti"], 6: ["ben", "sauli", "tarja", "paavo", "matti", "esko"]}
    hands = [[] for _ in range(n)]
    hands[start] = ["intimidation"]
    return {"politicians": pols[n], "start": start, "hands": hands, "collected": parties_counts,
            "table": ["youth"], "events": list(EVENTS), "turns": turns}


def _finish(st):
    st.apply_action(persuade(st, "youth", "intimidation"))
    st.apply_action(st.game.A_ADD)
    st.apply_action(take(st, 1))
    assert st.is_terminal()
    return st


@pytest.mark.parametrize("turns, winners, returns", [
    ([5, 7], [0], [1.0, -1.0]),  # 6 vs 7 turns: the taker's party had fewer
    ([7, 7], [1], [-1.0, 1.0]),  # 8 vs 7
    ([6, 7], [], [0.0, 0.0]),  # 7 vs 7: a draw
])
def test_tie_goes_to_the_party_with_fewer_turns(turns, winners, returns):
    a = {"farmers": 4, "white_collar": 3, "blue_collar": 4, "hippies": 3, "blondes": 4, "youth": 2}
    b = {"farmers": 3, "white_collar": 4, "blue_collar": 3, "hippies": 4, "blondes": 3, "youth": 4}
    st = _finish(new(2, _final_take_deal(2, turns, [a, b])))
    assert party_key(st.party_counts(0)) == party_key(st.party_counts(1))
    assert st.winners() == winners and st.returns() == returns


def test_three_parties_tied_at_the_top_share_a_draw_and_the_third_loses():
    a = {"farmers": 3, "white_collar": 2, "blue_collar": 3, "hippies": 2, "blondes": 3, "youth": 1}
    b = {"farmers": 2, "white_collar": 3, "blue_collar": 2, "hippies": 3, "blondes": 2, "youth": 3}
    c = {"farmers": 2, "white_collar": 2, "blue_collar": 2, "hippies": 2, "blondes": 2, "youth": 2}
    st = _finish(new(6, _final_take_deal(6, [4, 5, 5], [a, b, c])))
    assert st.winners() == [] and st.returns() == [0.0, 0.0, 0.0, 0.0, -1.0, -1.0]


def test_every_party_member_gets_the_party_result_through_the_env():
    for n, opts in CONFIGS:
        env = hustings.make("politix", num_players=n, **opts)
        env.reset(seed=11)
        trace = play_random(env, random.Random(1))
        final = {agent: rew for agent, _, _, rew, term, trunc in trace if term or trunc}
        assert len(final) == n
        game = env.game_state.game
        for party in game.parties:
            assert len({final[f"player_{s}"] for s in party}) == 1
        assert sorted(set(final.values())) in ([-1.0, 1.0], [-1.0, 0.0], [0.0])
        assert [final[f"player_{s}"] for s in range(n)] == env.game_state.returns()


def test_five_player_base_support_counts_in_scoring():
    deal = {"politicians": ["ben", "sauli", "tarja", "paavo", "erkki"], "start": 0,
            "hands": [["intimidation"], [], [], [], []], "base_support": ["youth"] * 6,
            "collected": [{"farmers": 3, "white_collar": 3, "blue_collar": 3, "hippies": 3, "blondes": 3},
                          {"farmers": 4, "white_collar": 4, "blue_collar": 4, "hippies": 4, "blondes": 4}],
            "table": ["youth"], "events": list(EVENTS)}
    st = _finish(new(5, deal))
    assert st.party_counts(0) == [3, 3, 3, 3, 3, 7] and st.party_counts(1) == [4, 4, 4, 4, 4, 0]
    assert st.winners() == [0, 1]


def test_max_turns_truncates_without_a_winner():
    env = hustings.make("politix", num_players=4, max_turns=6)
    env.reset(seed=0)
    trace = play_random(env, random.Random(0))
    ends = [(rew, term, trunc) for _, _, _, rew, term, trunc in trace if term or trunc]
    assert ends == [(0.0, False, True)] * 4
    assert env.game_state.turn_count == 6 and env.game_state.winners() == [] and env.game_state.truncated


# --- bad input ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("deal, needle", [
    ({"hands": [["debate"]]}, "list of 2 lists"),
    ({"hands": [["nonsense"], []]}, "unknown action card"),
    ({"politicians": ["tarja", "sauli"]}, "belongs to"),
    ({"beside": [["burnout", "burnout"], []]}, "one Burnout"),
    ({"beside": [["debate"], []]}, "cannot lie beside"),
    ({"table": ["farmers"] * 3}, "must hold 8"),
    ({"collected": [{"farmers": 8}, {}]}, "too many"),
    ({"start": 2}, "start"),
    ({"bogus": 1}, "unknown deal key"),
    ({"base_support": ["farmers"] * 6}, "only for 5 players"),
    ({"hands": [["debate"] * 7, ["debate"] * 6]}, "too many debate"),
])
def test_bad_deal_is_clear_error(deal, needle):
    with pytest.raises(DealError, match=needle):
        new(2, deal)


def test_bad_options_and_saved_state():
    with pytest.raises(ConfigError):
        PolitixGame(7)
    with pytest.raises(ConfigError):
        PolitixGame(4, max_turns=0)
    st = new(3, seed=1)
    data = st.to_json()
    data["hands"][0] = data["hands"][0][1:]
    with pytest.raises(StateFormatError, match="exactly once"):
        st.game.state_from_json(data)
    with pytest.raises(StateFormatError):
        PolitixGame(4).state_from_json(st.to_json())
    with pytest.raises(StateFormatError):
        st.game.state_from_json({"game": "politix"})
    data = st.to_json()
    data["politicians"] = ["tarja", "sauli", "matti"]
    with pytest.raises(StateFormatError, match="wrong party"):
        st.game.state_from_json(data)
    data = st.to_json()
    data["collected"] = data["collected"][:2]
    with pytest.raises(StateFormatError, match="3 parties"):
        st.game.state_from_json(data)


def test_render_hides_other_hands():
    st = new(4, {"politicians": ["sauli", "ben", "tarja", "paavo"], "start": 0,
                 "hands": [["coffee"], ["burnout"], ["debate"], ["twist"]]})
    text = st.render(0)
    assert "coffeex1" in text and "burnout" not in text and "twist" not in text
    assert "twistx1" in st.render()


# --- bots -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("n, opts", [(2, {}), (4, {}), (5, {}), (6, {})])
def test_heuristic_beats_random(n, opts):
    game = PolitixGame(n, **opts)
    games, wins = 60, 0
    for i in range(games):
        hp = i % game.num_parties  # the heuristic party rotates through every position
        bots = [HeuristicBot() if game.party_of[s] == hp else RandomBot() for s in range(n)]
        st = play_game(game, bots, seed=i)
        wins += st.returns()[game.parties[hp][0]] > 0
    assert wins / games > 0.8  # random parties would win about 1/parties of the games


def test_heuristic_self_play_finishes_and_bots_are_registered():
    assert set(hustings.game_module("politix").BOTS) >= {"random", "heuristic"}
    game = PolitixGame(4)
    for i in range(10):
        st = play_game(game, [hustings.make_bot("politix", "heuristic") for _ in range(4)], seed=i)
        assert st.is_terminal() and not st.truncated


# --- the card data --------------------------------------------------------------------------------------
def test_card_data_marks_every_value_and_uses_the_printed_ones_exactly():
    for section in ("methods", "voter_groups", "events", "parties", "politicians", "action_cards"):
        for entry in CARDS[section]:
            assert entry["status"] in ("printed", "derived", "reconstructed"), entry
            assert entry["status"] == "printed" and "line" in entry or "rationale" in entry, entry
    assert SYMBOLS[G["blondes"]][M["charming"]] == 3  # L24
    assert SYMBOLS[G["youth"]][M["intimidation"]] == 3  # L26
    assert SKILLS[POLITICIANS.index("ben")][M["intimidation"]] == 2  # L26
    ev = {e["id"]: e for e in CARDS["events"]}
    assert (ev["depression"]["method"], ev["depression"]["modifier"]) == ("intimidation", 1)  # L26
    ac = {c["id"]: c for c in CARDS["action_cards"]}
    assert (ac["nuclear_power"]["group"], ac["nuclear_power"]["modifier"]) == ("hippies", -1)  # L32
    assert (ac["anarchist_agenda"]["group"], ac["anarchist_agenda"]["modifier"]) == ("youth", 1)  # L26
    assert {p["symbol"] for p in CARDS["parties"]} == {"SUV", "bus", "tractor"}  # L6
    # the reconstruction's balance: each group row is 2,3,3,4 and each method column sums to 18
    assert all(sorted(row) == [2, 3, 3, 4] for row in SYMBOLS)
    assert [sum(row[m] for row in SYMBOLS) for m in range(NM)] == [18] * NM
    assert all(sum(s) == 2 for s in SKILLS)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_action_table_size_as_documented(n):
    assert PolitixGame(n).num_actions == 55 + 26 * n


def test_custom_deal_through_the_env():
    env = hustings.make("politix", num_players=4)
    env.reset(options={"deal": {"politicians": ["ben", "sauli", "tarja", "paavo"], "start": 0,
                                "hands": [["intimidation"], [], [], []], "beside": [["anarchist_agenda"], [], [], []],
                                "events": ["depression"], "table": ["youth"] * 4 + FILL8[:4]}})
    st = env.game_state
    assert env.agent_selection == "player_0"
    env.step(persuade(st, "youth", "intimidation"))
    env.step(st.game.A_ADD)
    env.step(take(st, 3))
    assert st.collected[0][G["youth"]] == 3 and env.agent_selection == "player_1"
    with pytest.raises(DealError):
        env.reset(options={"deal": {"hands": "nonsense"}})


def test_moves_are_named_with_the_seat_they_reach_and_typed_by_short_forms():
    game = PolitixGame(4)
    curfew_on_next = A_SPECIAL + BESIDE_KINDS.index(KINDS.index("curfew")) * 4 + 1
    assert game.display_name(2, curfew_on_next) == "play Curfew on seat+1 (P3)"
    assert game.move_forms(2, curfew_on_next) == ["curfew P3", "Curfew P3"]
    remove_burnout = game.A_GWTW + BURN_SLOT * 4 + 3
    assert game.display_name(1, remove_burnout) == "Gone with the wind: remove Burnout from seat+3 (P0)"
    assert game.move_forms(1, remove_burnout)[0] == "gwtw burnout P0"
    assert game.move_forms(0, game.A_PERSUADE)[0] == "farmers debate"
    assert game.move_forms(0, game.A_TAKE + 1) == ["take 2"]
    assert game.move_forms(0, game.A_DISCARD + KINDS.index("twist"))[0] == "twist"
    assert [game.move_forms(0, a)[0] for a in (A_DRAW, A_REST, A_END, game.A_ADD, game.A_COFFEE)] == [
        "draw", "rest", "end", "add", "coffee"]
    st = game.new_initial_state(seed=3)
    assert all(st.hidden_move(st.cur, a) is None for a in st.legal_actions())  # every Politix move is public


def test_role_modules_never_import_the_rules_module():
    """rules.py calls observe, sample, saved, positions, deals and text; they import only the card tables."""
    import ast
    import pathlib

    import hustings.politix

    folder = pathlib.Path(hustings.politix.__file__).parent
    tables = {"cards", "components"}
    for name in ("cards", "observe", "sample", "saved", "positions", "deals", "text"):
        for node in ast.walk(ast.parse((folder / f"{name}.py").read_text())):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                imported = {node.module} if node.module else {alias.name for alias in node.names}
                assert imported <= tables, f"{name}.py imports {imported - tables}"
