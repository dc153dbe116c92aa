"""Prime Minister: the components (rulebook 1.2-1.8, 2.4, 2.5) and the flat action table.

Everything here is static and built once at import from ``data/`` (``data_loader``): the Politicians (1.3), the
player mats (1.4), the board with its Sectors, trackers and Election Projections (1.5, 1.6), the card decks (1.7:
Bills, Supporters, Events, Uncertainty, Career and Debate Cards) and the Scenarios' data (L977-1237), each as a list
in file order plus id -> index maps. Then the numbers of the Game Standards (1.8: Favour and VP limits, the Vote
adjustment range, the Supporter hold limit 7.3), the flat action space (``A_*`` block starts, ``ACTION_BLOCKS``,
``action_name``; documented in ``RULES.md``) and the vocabularies that the saved state and the observation use:
``PHASES`` (every ``pending["kind"]``), ``QUESTIONS`` (every yes/no ``pending["q"]``), ``EFFECT_OPS`` (every effect
``op``) and ``SOURCE_KINDS`` (where an effect comes from). No state and no rules logic.
"""
from __future__ import annotations

import re
import sys
import warnings

from .data_loader import by_id, data

if sys.argv[:1] == ["-m"]:
    # `python -m hustings.prime_minister.components`: the package imports this module before runpy runs it as
    # __main__, and runpy warns about that; running it twice is harmless (main() only reads and prints)
    warnings.filterwarnings("ignore", message=re.escape(f"'{__name__}' found in sys.modules after import of package"),
                            category=RuntimeWarning)

# --- component data -------------------------------------------------------------------------------------------
DOCS = data()
POLITICIANS = by_id("politicians", DOCS)
MATS = by_id("mats", DOCS)
BOARD = by_id("board", DOCS)
SECTOR_LIST = list(DOCS["sectors"]["entries"])
SECTORS = [e["name"] for e in SECTOR_LIST]
SECTOR_INDEX = {s: i for i, s in enumerate(SECTORS)}


def _indexed(kind: str) -> tuple[list[dict], list[str], dict[str, int]]:
    """A data file's entries, their ids in file order, and id -> position."""
    entries = DOCS[kind]["entries"]
    ids = [e["id"] for e in entries]
    return entries, ids, {x: i for i, x in enumerate(ids)}


BILL_LIST, BILL_IDS, BILL_INDEX = _indexed("bills")
SUPPORTER_LIST, SUP_IDS, SUP_INDEX = _indexed("supporters")
EVENT_LIST, EVENT_IDS, EVENT_INDEX = _indexed("events")
UNC_LIST, UNC_IDS, UNC_INDEX = _indexed("uncertainty")
CAREERS = by_id("careers", DOCS)
DEBATE = by_id("debate_cards", DOCS)
PROJ_ROWS = DOCS["election_projections"]["entries"]
SCENARIOS = {e["number"]: e for e in DOCS["scenarios"]["entries"]}

LIB, CON = 0, 1
PARTY_NAMES = ("liberal", "conservative")
PARTY_KEY = {"liberal": LIB, "conservative": CON}
ROLES = ("pm", "ol", "gbb", "obb")
ABILITIES = ("campaign", "debate", "flatter", "hobnob", "influence")
DECKS = ("cross_party", "liberal", "conservative")
BILL_DECK = [DECKS.index(b["deck"]) for b in BILL_LIST]

FAVOUR_MIN, FAVOUR_MAX = BOARD["favour_tracker"]["min"], BOARD["favour_tracker"]["max"]
VP_MAX = BOARD["score_track"]["max"]
ADJ_MIN, ADJ_MAX = BOARD["bill_slots"]["vote_adjustment_min"], BOARD["bill_slots"]["vote_adjustment_max"]
HOLD_LIMIT = BOARD["supporter_hold_limit"]["limit"]
TOTAL_SEATS = 658

# Career grant actions, in a fixed order: (career id, index of the grant_action in its effects)
CAREER_ACTIONS = [(cid, i) for cid, c in CAREERS.items() for i, e in enumerate(c["effects"])
                  if e["op"] == "grant_action"]
CAREER_ORDER = list(CAREERS)

# --- the flat action space --------------------------------------------------------------------------------------
YES, NO, END_TURN = 0, 1, 2
A_ACT = 3                                   # + ability * 2 + (level - 1)
A_CAREER = A_ACT + 10                       # + index in CAREER_ACTIONS
A_DEBATE_CARD = A_CAREER + len(CAREER_ACTIONS)
A_RESIGN = A_DEBATE_CARD + 1
A_PLAY = A_RESIGN + 1                       # + supporter * 2 + option
A_DISCARD = A_PLAY + 2 * len(SUP_IDS)       # + supporter
A_KEEP = A_DISCARD + len(SUP_IDS)           # + supporter
A_SECTOR = A_KEEP + len(SUP_IDS)            # + sector
A_PARTY = A_SECTOR + 8                      # + party
A_PLAYER = A_PARTY + 2                      # + seat
A_SIGN = A_PLAYER + 4                       # + 0 up / 1 down
A_DIR = A_SIGN + 2                          # + 0 to Moderate / 1 to Partisan
A_SLOT = A_DIR + 2                          # + bill slot
A_OPTION = A_SLOT + 3                       # + option index
A_DRAW = A_OPTION + 3                       # + 0 Cross-Party deck / 1 Government's Party deck
A_BILL = A_DRAW + 2                         # + bill index
A_RESOLVE = A_BILL + len(BILL_IDS)          # + kind * 3 + slot (kind 0 agreement, 1 vote, 2 withdraw)
A_ORDER = A_RESOLVE + 9                     # + 0 Opposition Leader first / 1 Backbencher first
A_ELECTION = A_ORDER + 2                    # + 0 hold the Election / 1 remove the Election Marker
A_SCEN = A_ELECTION + 2                     # + 0 Scenario 5 Workers action / 1 Scenario 7 Devonshire Campaign
#                                             2 leave the Liberals / 3 join the Conservatives / 4 Irish Coercion Act
NUM_ACTIONS = A_SCEN + 5

ACTION_BLOCKS = [
    ("yes", YES, 1), ("no", NO, 1), ("end_turn", END_TURN, 1), ("politician_action", A_ACT, 10),
    ("career_action", A_CAREER, len(CAREER_ACTIONS)), ("debate_card", A_DEBATE_CARD, 1), ("resign", A_RESIGN, 1),
    ("play_supporter", A_PLAY, 2 * len(SUP_IDS)), ("discard_supporter", A_DISCARD, len(SUP_IDS)),
    ("keep_supporter", A_KEEP, len(SUP_IDS)), ("sector", A_SECTOR, 8), ("party", A_PARTY, 2),
    ("player", A_PLAYER, 4), ("sign", A_SIGN, 2), ("influence_direction", A_DIR, 2), ("bill_slot", A_SLOT, 3),
    ("option", A_OPTION, 3), ("draw_bill", A_DRAW, 2), ("bill", A_BILL, len(BILL_IDS)),
    ("resolve", A_RESOLVE, 9), ("opposition_order", A_ORDER, 2), ("election", A_ELECTION, 2),
    ("scenario_action", A_SCEN, 5),
]


def action_name(a: int) -> str:
    if a == YES:
        return "yes"
    if a == NO:
        return "no"
    if a == END_TURN:
        return "end turn"
    if A_ACT <= a < A_CAREER:
        k = a - A_ACT
        return f"{ABILITIES[k // 2]} level {k % 2 + 1}"
    if A_CAREER <= a < A_DEBATE_CARD:
        cid, i = CAREER_ACTIONS[a - A_CAREER]
        return f"career {cid} action {i}"
    if a == A_DEBATE_CARD:
        return "play Debate Card"
    if a == A_RESIGN:
        return "resign"
    if A_PLAY <= a < A_DISCARD:
        k = a - A_PLAY
        return f"play {SUPPORTER_LIST[k // 2]['name']} option {k % 2 + 1}"
    if A_DISCARD <= a < A_KEEP:
        return f"discard {SUPPORTER_LIST[a - A_DISCARD]['name']}"
    if A_KEEP <= a < A_SECTOR:
        return f"keep {SUPPORTER_LIST[a - A_KEEP]['name']}"
    if A_SECTOR <= a < A_PARTY:
        return f"sector {SECTORS[a - A_SECTOR]}"
    if A_PARTY <= a < A_PLAYER:
        return f"party {PARTY_NAMES[a - A_PARTY]}"
    if A_PLAYER <= a < A_SIGN:
        return f"player {a - A_PLAYER}"
    if A_SIGN <= a < A_DIR:
        return ("up", "down")[a - A_SIGN]
    if A_DIR <= a < A_SLOT:
        return ("to Moderate", "to Partisan")[a - A_DIR]
    if A_SLOT <= a < A_OPTION:
        return f"bill slot {a - A_SLOT + 1}"
    if A_OPTION <= a < A_DRAW:
        return f"option {a - A_OPTION + 1}"
    if A_DRAW <= a < A_BILL:
        return ("draw Cross-Party bill", "draw Party bill")[a - A_DRAW]
    if A_BILL <= a < A_RESOLVE:
        return f"bill {BILL_LIST[a - A_BILL]['name']}"
    if A_RESOLVE <= a < A_ORDER:
        k = a - A_RESOLVE
        return f"{('agreement', 'vote', 'withdraw')[k // 3]} bill slot {k % 3 + 1}"
    if A_ORDER <= a < A_ELECTION:
        return ("Opposition Leader first", "Backbencher first")[a - A_ORDER]
    if A_ELECTION <= a < A_SCEN:
        return ("hold Election", "remove Election Marker")[a - A_ELECTION]
    if A_SCEN <= a < NUM_ACTIONS:
        return ("Workers Popularity action (Scenario 5)", "Devonshire Campaign action (Scenario 7)",
                "Devonshire leaves the Liberal Party (Scenario 7)", "Devonshire joins the Conservatives (Scenario 7)",
                "Devonshire introduces the Irish Coercion Act (Scenario 7)")[a - A_SCEN]
    raise ValueError(f"prime_minister: no action {a}")


# --- the vocabularies of the saved state (string keys; see tasks.py) and their observation indexes -------------
PHASES = ("main", "permit", "yesno", "event", "eff_sector", "eff_party", "eff_player", "eff_sign", "eff_dir",
          "eff_bill", "eff_option", "keep", "discard", "draw_bill", "propose", "select", "resolve", "order",
          "election", "debate_target", "qt_call", "qt_card", "ia_play", "ica_slot", "debate_side")  # pending["kind"]
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
QUESTIONS = ("end_pact", "restart_pact", "propose_pact", "accept_pact", "agreement", "request_rejoin",
             "accept_rejoin", "deputy", "challenge", "royal", "question", "workers")  # pending["q"] of a "yesno"
QUESTION_INDEX = {q: i for i, q in enumerate(QUESTIONS)}
EFFECT_OPS = ("sector", "standing", "favour", "vp", "votes", "influence", "draw_supporters", "choice")  # e["op"]
EFFECT_INDEX = {e: i for i, e in enumerate(EFFECT_OPS)}
SOURCE_KINDS = ("action", "career", "supporter", "event", "bill", "debate_card", "round_start", "scenario")
SOURCE_INDEX = {k: i for i, k in enumerate(SOURCE_KINDS)}  # ctx["src"] = [kind, index]: where an effect comes from
SOURCE_SUB = {"action": len(SOURCE_KINDS), "supporter": len(SOURCE_KINDS) + len(ABILITIES),
              "bill": len(SOURCE_KINDS) + len(ABILITIES) + len(SUP_IDS),
              "career": len(SOURCE_KINDS) + len(ABILITIES) + len(SUP_IDS) + len(BILL_IDS)}

ROLE_INDEX = {r: i for i, r in enumerate(("pm", "ol", "gbb", "obb"))}
POL_NUMBER = {pid: p.get("number") or 0 for pid, p in POLITICIANS.items()}
CAREER_INDEX = {c: i for i, c in enumerate(CAREERS)}
DEBATE_SLOT = {"debate_gov_backbencher": 0, "debate_opp_backbencher": 1, "debate_opposition_leader": 2}
DECK_KEYS = ("supporters", "events", "cross_party", "liberal", "conservative")


if __name__ == "__main__":
    # `python -m hustings.prime_minister.components [--check FILE]` is the components command of
    # hustings.prime_minister.user_components, which builds on this module (the package has loaded it already)
    import importlib

    raise SystemExit(importlib.import_module(f"{__package__}.user_components").main())
