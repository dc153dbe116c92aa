"""Prime Minister's compiled engine: the component tables compiled into arrays (the effects of every card and mat
as rows of ``EFF``, their lists as ranges of ``EFF_IDS``) and the layout of a game's row (``kernels.py``'s
docstring says what the arrays hold). Plain Python and NumPy, read by the compiled functions as constants."""
from __future__ import annotations

import numpy as np

from ..components import (ABILITIES, BILL_DECK, BILL_LIST, BOARD, CAREER_ACTIONS, CAREER_ORDER, CAREERS, DEBATE,
                          EVENT_LIST, MATS, PHASES, POLITICIANS, PROJ_ROWS, QUESTIONS, SECTOR_INDEX, SECTOR_LIST,
                          SOURCE_KINDS, SUPPORTER_LIST, UNC_LIST)

MAX_SEATS = 4
NSUP, NEV, NBILL = len(SUPPORTER_LIST), len(EVENT_LIST), len(BILL_LIST)
NCAR = len(CAREER_ORDER)
NUNC = len(UNC_LIST)

# --- the component tables, as arrays the kernels compile in ---------------------------------------------------------
POL_IDS = sorted(p for p in POLITICIANS if "number" in POLITICIANS[p])  # the numbered Politicians, by id
NPOL = len(POL_IDS)
POL_NUMBER = np.array([POLITICIANS[p]["number"] for p in POL_IDS], dtype=np.int64)
POL_PARTY = np.array([0 if POLITICIANS[p]["party"] == "liberal" else 1 for p in POL_IDS], dtype=np.int64)
POL_REMOVED = np.array([[n in POLITICIANS[p]["removed_in_player_counts"] for n in range(5)] for p in POL_IDS],
                       dtype=np.int64)
POL_ABILITY = np.array([[POLITICIANS[p]["abilities"].get(a, 0) for a in ABILITIES] for p in POL_IDS],
                       dtype=np.int64)
POL_CAMPAIGN = np.array([[SECTOR_INDEX[x] in [SECTOR_INDEX[y] for y in POLITICIANS[p]["campaign_sectors"]]
                          for x in SECTOR_INDEX] for p in POL_IDS], dtype=np.int64)
PARTY_MIX = np.array([[0, 0], [0, 0]] + [[BOARD["setup"]["politicians_by_player_count"][str(n)][party]
                                          for party in ("liberal", "conservative")] for n in (2, 3, 4)],
                     dtype=np.int64)

# --- effects: rows of EFF, lists of them as ranges of EFF_IDS (LISTS), a choice's options in OPTS ------------------
(E_OP, E_SECTOR, E_PARTY, E_AMOUNT, E_SIGN, E_WHO, E_TARGET, E_DIR, E_DRAW, E_KEEP, E_OPTS, E_NOPTS) = range(12)
OP_SECTOR, OP_STANDING, OP_FAVOUR, OP_VP, OP_VOTES, OP_INFLUENCE, OP_DRAW, OP_CHOICE = range(8)
_OPS = ("sector", "standing", "favour", "vp", "votes", "influence", "draw_supporters", "choice")
SEC_POLITICIAN, SEC_ANY = -1, -2
_PARTIES = ("own", "opponent", "liberal", "conservative", "any")
PARTY_OWN, PARTY_OPPONENT, PARTY_LIBERAL, PARTY_CONSERVATIVE, PARTY_ANY = range(5)
_WHO = ("self", "pm", "opposition_leader", "any", "government", "opposition")
WHO_SELF, WHO_PM, WHO_OL, WHO_ANY, WHO_GOV, WHO_OPP = range(6)
_DIRS = ("either", "to_moderate", "to_partisan")
_effects: list = []
EFFECT_DICTS: list = []  # the component data's effect of each row of EFF (for the rules state's task queue)
_eff_ids: list = []
_lists: list = []
_opts: list = []


def _add_effect(e: dict) -> int:
    row = [0] * 12
    row[E_OP] = _OPS.index(e["op"])
    if e["op"] == "sector":
        row[E_SECTOR] = {"politician": SEC_POLITICIAN, "any": SEC_ANY}.get(e["sector"], -3)
        if row[E_SECTOR] == -3:
            row[E_SECTOR] = SECTOR_INDEX[e["sector"]]
        row[E_PARTY] = _PARTIES.index(e["party"])
        row[E_AMOUNT] = e["steps"]
    elif e["op"] == "influence":
        row[E_AMOUNT] = e["mps"]
        row[E_DIR] = _DIRS.index(e.get("direction", "either"))
    elif e["op"] == "draw_supporters":
        row[E_DRAW], row[E_KEEP] = e["draw"], e["keep"]
    elif e["op"] == "choice":
        options = [_add_list(o) for o in e["options"]]
        row[E_OPTS], row[E_NOPTS] = len(_opts), len(options)
        _opts.extend(options)
    else:
        row[E_AMOUNT] = e["amount"]
        row[E_WHO] = _WHO.index(e["who"]) if "who" in e else 0
        row[E_TARGET] = 1 if e.get("target") == "all_bills" else 0
    row[E_SIGN] = 1 if e.get("choose_sign") else 0
    _effects.append(row)
    EFFECT_DICTS.append(e)
    return len(_effects) - 1


def _add_list(effects) -> int:
    ids = [_add_effect(e) for e in effects or []]
    _lists.append((len(_eff_ids), len(ids)))
    _eff_ids.extend(ids)
    return len(_lists) - 1


# mats: 0 pm_front, 1 ol_front, 2 pm_reverse, 3 ol_reverse, 4 backbencher_government, 5 backbencher_opposition
MAT_KEYS = ("pm_front", "ol_front", "pm_reverse", "ol_reverse", "backbencher_government", "backbencher_opposition")
MAT_STANDING = np.array([[MATS[m]["standing_start"], MATS[m]["standing_min"], MATS[m]["standing_max"]]
                         for m in MAT_KEYS], dtype=np.int64)
MAX_EXTRA = max(len(MATS[m]["cube_income"]["extra_if_standing_above"]) for m in MAT_KEYS)
MAT_CUBES = np.array([[MATS[m]["cube_income"]["base"]]
                      + (MATS[m]["cube_income"]["extra_if_standing_above"] + [1 << 40] * MAX_EXTRA)[:MAX_EXTRA]
                      for m in MAT_KEYS], dtype=np.int64)
MAT_END_STANDING = np.array([sum(e["amount"] for e in MATS[m].get("end_of_turn", []) if e["op"] == "standing")
                             for m in MAT_KEYS], dtype=np.int64)
REPLACEMENT_VP = MATS["pm_front"]["replacement_bonus_vp"]
# the round-start bonuses: per mat up to two (least Standing, effect list); the Deputy Party Leader's
_rs = [[(e["condition"].get("standing_at_least", 0), _add_list(e["effects"])) for e in MATS[m].get("round_start", [])]
       for m in MAT_KEYS]
MAX_RS = max(1, max(len(x) for x in _rs))
MAT_RS = np.array([[list(x[i]) if i < len(x) else [1 << 40, -1] for i in range(MAX_RS)] for x in _rs],
                  dtype=np.int64)
DPL = CAREER_ORDER.index("deputy_party_leader")
DEPUTY_PM = CAREER_ORDER.index("deputy_pm")
_dpl = [(e["condition"].get("standing_at_least", 0), _add_list(e["effects"]))
        for e in CAREERS["deputy_party_leader"]["effects"]]
DPL_RS = np.array(_dpl, dtype=np.int64).reshape(len(_dpl), 2)
# every mat action's effects, per mat, ability and level (-1: none), as _choose_main_action reads them
MAT_ACTION = np.full((len(MAT_KEYS), 10), -1, dtype=np.int64)
for _m, _mk in enumerate(MAT_KEYS):
    for _ai, _ab in enumerate(ABILITIES):
        for _level in (1, 2):
            _effs = (MATS[_mk]["actions"].get(_ab) or {}).get(str(_level))
            if _effs is not None:
                MAT_ACTION[_m, _ai * 2 + _level - 1] = _add_list(_effs)
# whether a mat action is on a Politician's menu (_mat_menu): he has the ability at that level (Campaign: and
# Campaign Sectors)
MENU = np.zeros((len(MAT_KEYS), NPOL, 10), dtype=np.int64)
for _m, _mk in enumerate(MAT_KEYS):
    for _p, _pid in enumerate(POL_IDS):
        _pol = POLITICIANS[_pid]
        for _ai, _ab in enumerate(ABILITIES):
            _lv = _pol["abilities"].get(_ab, 0)
            _acts = MATS[_mk]["actions"].get(_ab)
            if _lv < 1 or not _acts or (_ab == "campaign" and not _pol["campaign_sectors"]):
                continue
            for _level in (1, 2):
                if _lv < _level:
                    break
                if _acts.get(str(_level)) is not None:
                    MENU[_m, _p, _ai * 2 + _level - 1] = 1

CAREER_SIDE = np.array([0 if CAREERS[c]["side"] == "government" else 1 for c in CAREER_ORDER], dtype=np.int64)
CAREER_ABILITY = np.array([-1 if CAREERS[c]["requirements"]["ability"] is None
                           else ABILITIES.index(CAREERS[c]["requirements"]["ability"]) for c in CAREER_ORDER],
                          dtype=np.int64)
CAREER_REQ = np.array([[CAREERS[c]["requirements"]["standing_min"], CAREERS[c]["requirements"]["favour_min"]]
                       for c in CAREER_ORDER], dtype=np.int64)
NCA = len(CAREER_ACTIONS)
CA_CARD = np.array([CAREER_ORDER.index(cid) for cid, _ in CAREER_ACTIONS], dtype=np.int64)
CA_COST = np.array([CAREERS[cid]["effects"][i]["cost"] for cid, i in CAREER_ACTIONS], dtype=np.int64)
CA_LIST = np.array([_add_list(CAREERS[cid]["effects"][i]["effects"]) for cid, i in CAREER_ACTIONS], dtype=np.int64)

SUP_LIST = np.array([[_add_list(o["effects"]) for o in s["options"]] for s in SUPPORTER_LIST], dtype=np.int64)
NSOPT = SUP_LIST.shape[1]
MAX_EOPT = max(len(e.get("options", [])) for e in EVENT_LIST)
EV_BYE = np.array([e["kind"] == "by_election" for e in EVENT_LIST], dtype=np.int64)
EV_NOPT = np.array([len(e.get("options", [])) for e in EVENT_LIST], dtype=np.int64)
EV_COST = np.array([[o["cost"] for o in e.get("options", [])] + [0] * (MAX_EOPT - len(e.get("options", [])))
                    for e in EVENT_LIST], dtype=np.int64)
EV_LIST = np.array([[_add_list(o["effects"]) for o in e.get("options", [])]
                    + [-1] * (MAX_EOPT - len(e.get("options", []))) for e in EVENT_LIST], dtype=np.int64)
EV_LOSS = np.array([_add_list(e.get("on_loss", [])) for e in EVENT_LIST], dtype=np.int64)
BILL_EFF = np.array([_add_list(b["effects"]) for b in BILL_LIST], dtype=np.int64)
BILL_PERSONAL = np.array([_add_list(b["personal"]) for b in BILL_LIST], dtype=np.int64)
BILL_VP = np.array([b["vp"] for b in BILL_LIST], dtype=np.int64)
BILL_ICON = np.array(["AMP".index(b["icon"]) for b in BILL_LIST], dtype=np.int64)
BILL_DECK_OF = np.array(BILL_DECK, dtype=np.int64)  # 0 Cross-Party, 1 Liberal, 2 Conservative
BILL_ADJ = np.array([b["adjustment"] for b in BILL_LIST], dtype=np.int64)
# Debate Cards: 0 Government Backbencher's, 1 Opposition Backbencher's, 2 the OL's; sides 0 pact, 1 no_pact
DEBATE_IDS = ("debate_gov_backbencher", "debate_opp_backbencher", "debate_opposition_leader")
SIDES = ("pact", "no_pact")
DEB_COST = np.array([[DEBATE[c]["cost"]["cubes_if_standing_at_most"], DEBATE[c]["cost"]["cubes_low"],
                      DEBATE[c]["cost"]["cubes_high"]] for c in DEBATE_IDS], dtype=np.int64)
# per card and side: up (1) / down (0), the bound, the votes, rewarded on pass (1), reward list, penalty list
DEB_SIDE = np.array([[[1 if DEBATE[c]["sides"][sd]["direction"] == "up" else 0,
                       DEBATE[c]["sides"][sd].get("target_max", DEBATE[c]["sides"][sd].get("target_min", 0)),
                       DEBATE[c]["sides"][sd]["votes"], 1 if DEBATE[c]["sides"][sd]["reward_on"] == "pass" else 0,
                       _add_list(DEBATE[c]["sides"][sd]["reward"]), _add_list(DEBATE[c]["sides"][sd]["penalty"])]
                      for sd in SIDES] for c in DEBATE_IDS], dtype=np.int64)

EFF = np.array(_effects, dtype=np.int64).reshape(len(_effects), 12)
EFF_IDS = np.array(_eff_ids, dtype=np.int64)
LISTS = np.array(_lists, dtype=np.int64).reshape(len(_lists), 2)
OPTS = np.array(_opts + [0], dtype=np.int64)

SECTOR_START = np.array([[SECTOR_LIST[i]["positions"].index(SECTOR_LIST[i]["start"][party]) for i in range(8)]
                         for party in ("liberal", "conservative")], dtype=np.int64)
MAX_POS = max(len(s["positions"]) for s in SECTOR_LIST)
SECTOR_TOP = np.array([len(s["positions"]) - 1 for s in SECTOR_LIST], dtype=np.int64)
SECTOR_POINTS = np.array([s["positions"] + [0] * (MAX_POS - len(s["positions"])) for s in SECTOR_LIST],
                         dtype=np.int64)
SECTOR_PARTISAN = np.array([[s["partisan"][party] + [0] * (MAX_POS - len(s["positions"])) for s in SECTOR_LIST]
                            for party in ("liberal", "conservative")], dtype=np.int64)
LEADER_SEATS = np.array([r["leader_seats"] for r in PROJ_ROWS], dtype=np.int64)
UNC_VOTE = np.array([u["vote"] for u in UNC_LIST], dtype=np.int64)
UNC_ELECTION = np.array([u["election"] for u in UNC_LIST], dtype=np.int64)
UNC_ROYAL = np.array([-1 if u["royal_interference"] is None else u["royal_interference"] for u in UNC_LIST],
                     dtype=np.int64)
MPS_START = np.array([BOARD["government_mp_tracker"]["start"][x] for x in "AMP"], dtype=np.int64)
FAVOUR_START = BOARD["favour_tracker"]["start"]
FREE_SUPPORTERS_3P = BOARD["setup"]["three_player_liberal_adjustments"]["free_supporters_at_setup"]
_BD = BOARD["setup"]["bill_draws"]
PROPOSER_DRAWS, PROPOSER_PROPOSES = _BD["proposer_draws"], _BD["proposer_proposes"]
LONE_DRAWS, LONE_PROPOSES = _BD["lone_opposition_leader_draws"], _BD["lone_opposition_leader_proposes"]
PM_DRAWS_ALONE, PM_DRAWS, SELECTED = _BD["pm_draws_without_backbencher"], _BD["revealed_total"] - 3, _BD["selected"]
_SCORE = BOARD["score_track"]
WIN_AT, NO_POSTPONE_AT, FOTH_AT = _SCORE["win_at"], _SCORE["no_postpone_at"], _SCORE["father_of_the_house_at"]
_BR = BOARD["bill_resolution"]
SELECTION_BONUS, AGREEMENT_VP = _BR["selection_bonus_vp"], _BR["agreement_opposition_vp"]
FAIL_PM, FAIL_OL, FAIL_VP = _BR["fail_pm_standing"], _BR["fail_ol_standing"], _BR["fail_opposition_vp"]
WD_PM, WD_OL, WD_VP = _BR["withdraw_pm_standing"], _BR["withdraw_ol_standing"], _BR["withdraw_opposition_vp"]
VOTE_AT = BOARD["bill_slots"]["vote_allowed_at"]
_RR = BOARD["resignation_rules"]
RESIGN_PM, REJOIN_PM, RESIGN_MAX_VP = _RR["pm_standing"], _RR["rejoin_pm_standing"], _RR["max_vp_to_resign"]
_RV = BOARD["round_setup_vp"]
RV_PACT, RV_GOV, RV_OPP = _RV["pact"], _RV["government"], _RV["opposition"]

# decks: 0 supporters, 1 events, 2 cross_party, 3 liberal, 4 conservative (the rules' dict order: their shuffles')
DECK_SIZES = (NSUP, NEV) + tuple(sum(1 for d in BILL_DECK if d == x) for x in range(3))
NDECKS = 5
D_SUP, D_EV, D_CP = 0, 1, 2

# --- st's columns -------------------------------------------------------------------------------------------------
(N, ROUND, GOV_PARTY, PACT, EVER_SPLIT, RESIGNED, MARKER, OVER, TRUNCATED, COVERED, WINNERS, SCORE_VERSION,
 REVEALED_OK, SELECTED_COUNT, MPS_PARTY, P_KIND, P_PLAYER, P_Q, LEGN, QN, NPROPOSED, NBILLS, STARTED,
 MINORITY_BY_CHALLENGE, LOST_CHALLENGE, MAX_ROUNDS, EVENT, LAST_UNC, TURN_SEAT, TURN_ACTED, NDOUBLED, NDENIED,
 NREFUSED, NPASSED, P_D1, P_D2, P_D3, P_D4, P_D5) = range(39)
POL = 40  # [seat]: index into POL_IDS
PARTY = POL + MAX_SEATS  # [seat]
ROLE = PARTY + MAX_SEATS  # [seat]: 0 pm, 1 ol, 2 gbb, 3 obb (ROLES)
STANDING = ROLE + MAX_SEATS
FAVOUR = STANDING + MAX_SEATS
VP = FAVOUR + MAX_SEATS
CUBES = VP + MAX_SEATS
HAND_N = CUBES + MAX_SEATS  # [seat]
BHAND_N = HAND_N + MAX_SEATS  # [seat]
SHOWN_N = BHAND_N + MAX_SEATS  # [seat]
MPS = SHOWN_N + MAX_SEATS  # [A, M, P]
SECTORS = MPS + 4  # [party * 8 + sector]
CAREER = SECTORS + 16  # [seat * NCAR + card]: -1 not held, 0 face down, 1 face up
HAND = CAREER + MAX_SEATS * NCAR  # [seat * NSUP + i]: Supporters in hand order
SHOWN = HAND + MAX_SEATS * NSUP  # [seat * NSUP + i]: Supporters known to be in the hand (sample.py)
BHAND_CAP = 4
BHAND = SHOWN + MAX_SEATS * NSUP  # [seat * BHAND_CAP + i]: bills drawn in Bill Selection
PROP_CAP = 8
PROPOSED = BHAND + MAX_SEATS * BHAND_CAP  # [i * 2 + (0 bill, 1 seat)]
SLOT_W = 6  # bill, adjustment, Debate Cards under it, then each card as card * 8 + owner * 2 + side
BILLS = PROPOSED + 2 * PROP_CAP  # [slot * SLOT_W + field]
DOUBLED = BILLS + 3 * SLOT_W  # [i]: the turn's Supporters doubled by the Father of the House
DENIED = DOUBLED + NSUP  # [i]: the turn's refused permission sources
REFUSED = DENIED + 16  # [i]: bills the OL refused to agree this phase
PASSED = REFUSED + 4  # [i]: the bills passed, in order
LEG_CAP = 128
LEGAL = PASSED + NBILL  # [i]: the pending decision's legal actions, sorted
QW = 16  # a queue entry's width
Q_CAP = 64
QUEUE = LEGAL + LEG_CAP  # [i * QW + field]: the task queue, its front last
DECK_N = QUEUE + QW * Q_CAP  # [deck]
DISC_N = DECK_N + NDECKS  # [deck]
_at = DISC_N + NDECKS
_deck_at, _disc_at = [], []
for _size in DECK_SIZES:
    _deck_at.append(_at)
    _disc_at.append(_at + _size)
    _at += 2 * _size
DECK_AT = np.array(_deck_at, dtype=np.int64)  # each deck's cards, top last
DISC_AT = np.array(_disc_at, dtype=np.int64)  # each discard pile's cards, the last discarded last
WIDTH = -(-_at // 16) * 16

# a queue entry's fields: the task and its argument (a seat, an effect), then an effect's context
(F_CODE, F_ARG, F_ACTOR, F_MULT, F_SRCK, F_SRCA, F_OWN, F_SEC, F_PARTY, F_SIGN, F_PLAYER, F_BILL, F_DIR, F_OPTION,
 F_X1, F_X2) = range(QW)

# big's columns
MTI = 0
BIG = 1

# task codes (the rules' task names)
(T_ROUND_START, T_SELECTION, T_DRAW_BILL, T_PROPOSE, T_REVEAL, T_SELECT, T_SELECTION_END, T_TURNS, T_EFF, T_KEEP,
 T_TURN, T_ASK_REJOIN, T_ASK_DEPUTY, T_MAIN, T_END_TURN, T_OPPOSITION_START, T_ASK_ORDER, T_PM_TURN, T_DRAW_EVENT,
 T_EVENT_DONE, T_ASK_END_PACT, T_WINDOW_PACT, T_RESOLUTION, T_DEBATE_CARDS, T_CHALLENGES, T_CHALLENGE_STEP,
 T_ELECTION_PHASE, T_ROUND_END) = range(1, 29)
# pending decision kinds (PHASES index + 1) and questions (QUESTIONS index + 1)
(K_MAIN, K_PERMIT, K_YESNO, K_EVENT, K_EFF_SECTOR, K_EFF_PARTY, K_EFF_PLAYER, K_EFF_SIGN, K_EFF_DIR, K_EFF_BILL,
 K_EFF_OPTION, K_KEEP, K_DISCARD, K_DRAW_BILL, K_PROPOSE, K_SELECT, K_RESOLVE, K_ORDER, K_ELECTION,
 K_DEBATE_TARGET) = (PHASES.index(k) + 1 for k in ("main", "permit", "yesno", "event", "eff_sector", "eff_party",
                                                     "eff_player", "eff_sign", "eff_dir", "eff_bill", "eff_option",
                                                     "keep", "discard", "draw_bill", "propose", "select", "resolve",
                                                     "order", "election", "debate_target"))
(Q_END_PACT, Q_RESTART_PACT, Q_PROPOSE_PACT, Q_ACCEPT_PACT, Q_AGREEMENT, Q_REQUEST_REJOIN, Q_ACCEPT_REJOIN,
 Q_DEPUTY, Q_CHALLENGE, Q_ROYAL) = (QUESTIONS.index(q) + 1 for q in (
     "end_pact", "restart_pact", "propose_pact", "accept_pact", "agreement", "request_rejoin", "accept_rejoin",
     "deputy", "challenge", "royal"))
SRC_ACTION, SRC_CAREER, SRC_SUPPORTER, SRC_EVENT, SRC_BILL, SRC_DEBATE, SRC_ROUND_START = (
    SOURCE_KINDS.index(k) + 1 for k in ("action", "career", "supporter", "event", "bill", "debate_card",
                                        "round_start"))
R_PM, R_OL, R_GBB, R_OBB = 0, 1, 2, 3
CTX = WIDTH  # scratch: the context of the effect being run (a queue entry)
TAGS = CTX + QW  # the shuffle tags (saved.new_shuffle_tags): Supporters, then Events, then bills (one list)
TAG_AT = np.array([TAGS, TAGS + NSUP, TAGS + NSUP + NEV, TAGS + NSUP + NEV, TAGS + NSUP + NEV], dtype=np.int64)
TAG_LEN = np.array([NSUP, NEV, NBILL, NBILL, NBILL], dtype=np.int64)
UNC_CAP = 32
UNC_STACK = TAGS + NSUP + NEV + NBILL  # [0] the count, then a position's Uncertainty cards (``unc_stack``), next first
SUP_ORDER = UNC_STACK + 1 + UNC_CAP  # [0] the count, then a position's order of the next Supporter reshuffle
EV_ORDER = SUP_ORDER + 1 + NSUP  # [0] the count, then a position's order of the next Event reshuffle
WIDTH = -(-(EV_ORDER + 1 + NEV) // 16) * 16
KEEP_C0, KEEP_C1 = F_SEC, F_PARTY  # a keep task's drawn cards (F_X2 of them; F_X1 still to keep)
assert all(EFF[LISTS[OPTS[i], 0] + j, E_OP] != OP_CHOICE for i in range(len(_opts)) for j in range(LISTS[OPTS[i], 1]))
assert max(EFF[:, E_DRAW]) <= 2 and NSOPT == 2
