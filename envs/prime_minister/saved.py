"""Prime Minister: the saved state -- ``to_json`` / ``from_json`` (``state_from_json``, ``env.load_state``) and
the strict check of a state rebuilt from JSON.

:class:`SavedStateMixin` writes every field of :data:`STATE_FIELDS` (plain JSON: the task queue and the pending
decision included) with the game's configuration and the RNG, and reads it back. A saved state is trusted for
nothing: :func:`check_state` checks every field of a state just rebuilt from JSON and raises
:class:`StateFormatError` naming the field and what was expected.

* **Shape and range** of every field: seats, Politicians and the party each belongs to, roles (one PM, one OL, the
  Backbenchers the player count has), Standing within the seat's mat, Favour, VP 0..100, Action Cubes 0..11 (the
  printed count), Sector steps on their tracks, Government MPs (``A = M + P``, 0..660), bills on the board (a
  Vote adjustment within its range, each Debate Card once), deck and discard piles (each card in the deck it
  belongs to), flags, the Scenario's state against a fresh one of the same game (its constants equal, its variables
  of the right kind and range).
* **Conservation**: every Supporter, Event and bill of the game (the set a fresh state of this configuration has) is
  in exactly one place: a deck, a discard pile, a hand, a proposal, a bill slot, set aside, a pending keep choice,
  the Event being resolved, a PMQT hand, under the Importation Act.
* **The task queue**: every task a known one with arguments of its kind (seats, roles, cards), every effect one that
  the card data (or a Scenario's own step) contains, every effect context's choices in range; the queue ends with the
  round's end (or the next round's start), and a turn's menu only for the seat whose turn it is.
* **Who sees what**: ``revealed_ok`` (the proposals face up for every seat) must be what the task queue says --
  true exactly while ``selection_end`` is queued and ``reveal_proposals`` no longer is, never in Scenarios 2 / 4
  (:func:`revealed_expected`); ``proposed`` and ``bill_hand`` are empty outside Bill Selection, the PM holds no
  bill, and no bill of the PM is among the proposals before the reveal; a Career Card of a seat that may use
  Careers is face up once its Standing and Favour thresholds are met (the rules turn it up before every decision).
* **The pending decision is asked again**: the task that asks it is run on a copy and must ask the same decision of
  the same seat with the same legal actions (for the decisions no task re-asks, the legal list is recomputed from
  the rules directly); the legal actions are never taken from the file.

The check reads the state through its own methods (``_copy``, ``_run_task``, ``_run_effect``, ``_main_options``,
...), never through the rules modules. Not hot: called once per load, never in the step loop.
"""
from __future__ import annotations

import copy
import json
import random

from ..core.rules import StateFormatError, rng_from_json, rng_to_json
from ..errors import show
from .components import (A_ACT, A_DISCARD, A_OPTION, A_PLAYER, A_SIGN, A_SLOT, BILL_DECK, BILL_IDS, BILL_LIST, BOARD,
                         CAREER_ORDER, CAREERS, DEBATE, DECK_KEYS, DECKS, DOCS, EFFECT_OPS, EVENT_IDS, EVENT_INDEX,
                         EVENT_LIST, FAVOUR_MAX, FAVOUR_MIN, MATS, NO, NUM_ACTIONS, PARTY_KEY, PARTY_NAMES, PHASES,
                         POLITICIANS, QUESTIONS, ROLES, SCENARIOS, SECTOR_LIST, SOURCE_KINDS, SUP_IDS, UNC_IDS, VP_MAX,
                         YES)

# --- the saved state ------------------------------------------------------------------------------------------------
STATE_VERSION = 1
STATE_FIELDS = (
    "n", "round", "pol", "party", "role", "standing", "favour", "vp", "cubes", "hand", "bill_hand", "sector_pos",
    "gov_party", "mps", "bills", "decks", "discards", "unc_stack", "pact", "resigned", "marker", "careers",
    "tasks", "pending", "over", "winner", "truncated", "turn", "proposed", "revealed_ok", "selected_count",
    "refused_agreement", "minority_by_challenge", "lost_challenge", "event", "score_version",
    "ever_split", "last_unc", "setup_done", "mps_party", "won", "scen", "qt_hands", "shown", "shuffle_tags",
    "passed", "supporter_reshuffle", "event_reshuffle",
)
# Fields added after version 1 was first saved: a saved state without them loads with these defaults (``shown``: no
# Supporter publicly known in any hand; ``shuffle_tags``: no deck reshuffled yet; both serve ``sample_hidden``;
# ``supporter_reshuffle`` / ``event_reshuffle``: no order set for the next Supporter / Event reshuffle).
OPTIONAL_FIELDS = {
    "shown": lambda n: [[] for _ in range(n)],
    "shuffle_tags": lambda n: new_shuffle_tags(),
    "passed": lambda n: None,  # the bills passed so far; an older save: every bill found nowhere else (check_state)
    "supporter_reshuffle": lambda n: [],  # a position's order of the next Supporter reshuffle (none: random)
    "event_reshuffle": lambda n: [],  # a position's order of the next Event reshuffle (none: random)
}


def new_shuffle_tags() -> dict:
    """Per card, the last reshuffle of its deck that it went into (0 = the setup shuffle): ``"supporters"`` and
    ``"events"`` by card index, ``"bills"`` by bill index (the three bill decks share one list, their tags distinct).
    ``_draw`` gives every card of a discard pile turned over a new tag, so a face-down card drawn since carries the tag
    of the shuffle it came from (the information-set sampler keeps cards within those classes, ``sample.py``). The
    dict and its lists are replaced when a tag changes, never changed in place, so clones share them."""
    return {"supporters": [0] * len(SUP_IDS), "events": [0] * len(EVENT_IDS), "bills": [0] * len(BILL_IDS)}


class SavedStateMixin:
    """``to_json`` and ``from_json``: the whole state as plain JSON, and back, strictly checked."""

    def to_json(self) -> dict:
        """The state as plain JSON (every field of :data:`STATE_FIELDS`, the configuration and the RNG)."""
        d = {k: copy.deepcopy(getattr(self, k)) for k in STATE_FIELDS}
        d["game"] = "prime_minister"
        d["version"] = STATE_VERSION
        d["config"] = self.game.config()
        d["rng"] = rng_to_json(self._box_rng())
        return d

    @classmethod
    def from_json(cls, game, data: dict):
        """The state saved as ``data`` by :meth:`to_json`, checked by :func:`check_state`."""
        if not isinstance(data, dict) or data.get("game") != "prime_minister" or data.get("version") != STATE_VERSION:
            raise StateFormatError(f"prime_minister: not a saved Prime Minister state (version {STATE_VERSION})")
        if data.get("n") != game.num_players:
            raise StateFormatError("prime_minister: saved state has a different number of players")
        try:
            st = cls(game, rng_from_json(data["rng"]))
            for k in STATE_FIELDS:
                if k in OPTIONAL_FIELDS and k not in data:
                    setattr(st, k, OPTIONAL_FIELDS[k](game.num_players))
                else:
                    setattr(st, k, copy.deepcopy(data[k]))
        except KeyError as exc:
            raise StateFormatError(f"prime_minister: saved state lacks {exc}") from None
        try:
            check_state(st, data)  # strict: every field, conservation, the queue; the legal actions recomputed
        except StateFormatError:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:  # a shape no check foresaw
            raise StateFormatError(f"prime_minister: saved state is inconsistent ({type(exc).__name__}: {exc}); "
                                   f"expected a state saved by to_json") from None
        return st

    def check_saved(self, data: dict) -> None:
        """Check this state against its saved form ``data`` (:func:`check_state`; its legal actions recomputed)."""
        check_state(self, data)


MAX_CUBES = next(e["count"] for e in DOCS["board"]["entries"] if e["id"] == "action_cubes")  # 11 (L153)
MAX_MPS = 660
TOTAL_SEATS = 658


def _fail(field: str, got, expected: str):
    text = show(got, 80)  # bounded, however large or deeply nested ``got`` is
    raise StateFormatError(f"prime_minister: saved state field {field} is {text}; expected {expected}")


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _int(field, v, lo, hi):
    if not _is_int(v) or not lo <= v <= hi:
        _fail(field, v, f"an int in {lo}..{hi}")
    return v


def _bool(field, v):
    if not isinstance(v, bool):
        _fail(field, v, "true or false")
    return v


def _list(field, v, length=None, max_len=None):
    if not isinstance(v, list) or (length is not None and len(v) != length) or (
            max_len is not None and len(v) > max_len):
        want = "a list" + (f" of length {length}" if length is not None else "") + (
            f" of at most {max_len} items" if max_len is not None else "")
        _fail(field, v, want)
    return v


def _ints(field, v, lo, hi, length=None, max_len=None, distinct=False):
    _list(field, v, length, max_len)
    for i, x in enumerate(v):
        _int(f"{field}[{i}]", x, lo, hi)
    if distinct and len(set(v)) != len(v):
        _fail(field, v, "distinct values (no card twice)")
    return v


def _dict_keys(field, v, required, optional=()):
    if not isinstance(v, dict):
        _fail(field, v, f"a dict with keys {sorted(required)}")
    keys = set(v)
    if not set(required) <= keys or not keys <= set(required) | set(optional):
        _fail(field, sorted(map(str, keys)), f"the keys {sorted(required)}"
              + (f" (optionally {sorted(optional)})" if optional else ""))
    return v


# --- the effects the engine can queue: every effect of the data, and the Scenarios' own ----------------------------
def _canon(e) -> str:
    return json.dumps(e, sort_keys=True)


def _collect_effects(node, out: set) -> None:
    if isinstance(node, dict):
        if isinstance(node.get("op"), str) and node["op"] in EFFECT_OPS:
            out.add(_canon(node))
        for v in node.values():
            _collect_effects(v, out)
    elif isinstance(node, list):
        for v in node:
            _collect_effects(v, out)


def _known_effects() -> frozenset:
    out: set = set()
    _collect_effects(DOCS, out)
    swap = {"liberal": "conservative", "conservative": "liberal"}
    for bid in ("LB06", "LB03"):  # Scenarios 4 / 5: the Act's effects for a Conservative Government
        for e in BILL_LIST[BILL_IDS.index(bid)]["effects"]:
            if e.get("party") in swap:
                out.add(_canon(dict(e, party=swap[e["party"]])))
    for party in ("own", "liberal", "conservative"):
        for steps in (1, -1):
            out.add(_canon({"op": "sector", "sector": "Workers", "steps": steps, "party": party}))
    out.add(_canon({"op": "sector", "sector": "devonshire", "steps": 1, "party": "own"}))
    for d in SCENARIOS[4].get("party_bill_supporter_draws", []):
        out.add(_canon({"op": "draw_supporters", "draw": d["draw"], "keep": d["keep"]}))
    riots = EVENT_LIST[EVENT_INDEX["EV15"]]  # Scenario 5's Riots: doubled (L1138)
    for o in riots["options"]:
        for e in o["effects"]:
            if e.get("amount", e.get("steps", 0)) < 0:
                out.add(_canon(dict(e, **{k: e[k] * 2 for k in ("amount", "steps") if k in e})))
    return frozenset(out)


KNOWN_EFFECTS = _known_effects()


def refresh_known_effects() -> None:
    """Recompute :data:`KNOWN_EFFECTS` from the component data installed now (``user_components.activate``)."""
    global KNOWN_EFFECTS
    KNOWN_EFFECTS = _known_effects()
CTX_KEYS = {"actor", "mult", "src", "own", "_sector", "_party", "_player", "_sign", "_dir", "_bill", "_option"}
SOURCE_RANGE = {"action": 5, "career": len(CAREER_ORDER), "supporter": len(SUP_IDS), "event": len(EVENT_LIST),
                "bill": len(BILL_IDS), "debate_card": 1, "round_start": 1, "scenario": 2}

# task name -> argument kinds ("seat", "role", "cards", "int", "effect", "ctx", "debate", "outcome")
TASK_ARGS = {
    "round_start": (), "turns": (), "round_end": (), "selection": (), "reveal_proposals": (), "select": (),
    "selection_end": (), "ask_end_pact": (), "opposition_start": (), "ask_order": (), "pm_turn": (),
    "draw_event": (), "event_done": (), "resolution": (), "challenges": (), "election_phase": (),
    "turn": ("seat",), "ask_rejoin": ("seat",), "ask_deputy": ("seat",), "end_turn": ("seat",), "main": ("seat",),
    "draw_bill": ("seat",), "propose": ("seat",), "window_pact": ("seat",), "keep": ("seat", "cards", "int"),
    "challenge_step": ("role", "role"), "eff": ("effect", "ctx"), "debate_cards": ("debate", "outcome"),
    "ia_play": ("seat",), "s4_election": (), "s5_double": (), "s5_window": (), "qt_ask": ("seat",), "qt_call": (),
}
SCENARIO_TASKS = {"ia_play": 4, "s4_election": 4, "s5_double": 5, "s5_window": 5}
QT_TASKS = {"qt_ask", "qt_call"}
CHALLENGE_PAIRS = {("gbb", "pm"), ("obb", "ol"), ("ol", "pm")}
# pending kind -> the extra keys it carries
PENDING_DATA = {"permit": {"requester", "request"}, "keep": {"drawn", "left"}}
QUESTION_DATA = {"challenge": {"target"}, "agreement": {"slot"}, "royal": {"gov_seats", "unc", "fav_is_ol"}}


# --- the whole check ----------------------------------------------------------------------------------------------
def check_state(st, data: dict) -> None:
    """Check the state ``st`` just rebuilt from ``data`` (module docstring); sets its legal actions from the
    re-asked decision. Raises :class:`StateFormatError`."""
    game = st.game
    n = st.n
    seats = n - 1
    st._legal, st._legal_set = [], frozenset()
    scen_num = game.scenario
    _check_top(st, data)
    if not isinstance(st.scen, dict):
        _fail("scen", st.scen, "a dict (the Scenario's state)")

    # players: Politicians, parties, roles, tracks
    _list("pol", st.pol, n)
    for s, p in enumerate(st.pol):
        if not isinstance(p, str) or p not in POLITICIANS or (scen_num == 0 and "number" not in POLITICIANS[p]):
            _fail(f"pol[{s}]", p, "a Politician id of the game (P01..)")
    if len(set(st.pol)) != n:
        _fail("pol", st.pol, "distinct Politicians")
    _ints("party", st.party, 0, 1, n)
    dev = -1
    if scen_num == 7:
        if "devonshire" not in st.pol:
            _fail("pol", st.pol, "the Politicians of Scenario 7, Devonshire among them")
        dev = st.pol.index("devonshire")
    for s in range(n):
        want = PARTY_KEY[POLITICIANS[st.pol[s]]["party"]]
        if st.party[s] != want and not (s == dev and st.scen.get("dev_side") == "conservative"):
            _fail(f"party[{s}]", st.party[s], f"{want} (the party of {st.pol[s]})")
    _list("role", st.role, n)
    for s, r in enumerate(st.role):
        if r not in ROLES:
            _fail(f"role[{s}]", r, f"one of {list(ROLES)}")
    if st.role.count("pm") != 1 or st.role.count("ol") != 1 or len(set(st.role)) != n:
        _fail("role", st.role, "one Prime Minister ('pm'), one Opposition Leader ('ol'), at most one of each "
                               "Backbencher ('gbb', 'obb')")
    _int("gov_party", st.gov_party, 0, 1)
    _int("mps_party", st.mps_party, 0, 1)
    uni = dev if dev >= 0 and st.scen.get("dev_side") == "unionist" else -1
    for s in range(n):
        if s == uni:
            continue
        gov_side = st.role[s] in ("pm", "gbb")
        if (st.party[s] == st.gov_party) != gov_side:
            side = "Government" if st.party[s] == st.gov_party else "Opposition"
            _fail(f"role[{s}]", st.role[s], f"a role of the {side} (seat {s} is {PARTY_NAMES[st.party[s]]}, the "
                                            f"Government is {PARTY_NAMES[st.gov_party]})")
    for s in range(n):
        mat = st._mat(s)
        lo, hi = mat["standing_min"], mat["standing_max"]
        if s == dev:
            lo = min(m["standing_min"] for m in MATS.values() if "standing_min" in m)
            hi = max(m["standing_max"] for m in MATS.values() if "standing_max" in m)
        _int(f"standing[{s}]", st.standing[s] if isinstance(st.standing, list) and len(st.standing) == n else None,
             lo, hi)
    _ints("standing", st.standing, -100, 100, n)
    _ints("favour", st.favour, FAVOUR_MIN, FAVOUR_MAX, n)
    _ints("vp", st.vp, 0, VP_MAX, n)
    _ints("cubes", st.cubes, 0, MAX_CUBES, n)
    _int("round", st.round, 1, game.max_rounds or 10 ** 6)
    _int("score_version", st.score_version, 0, 10 ** 12)
    for k in ("pact", "resigned", "marker", "over", "truncated", "revealed_ok", "minority_by_challenge",
              "ever_split", "setup_done"):
        _bool(k, getattr(st, k))
    if not st.setup_done:
        _fail("setup_done", st.setup_done, "true (a saved game is past its setup)")
    if st.resigned and st.seat_of("gbb") < 0:
        _fail("resigned", True, "false: there is no Government Backbencher to have resigned")
    if st.pact and scen_num and st.scen.get("no_pact"):
        _fail("pact", True, f"false: Scenario {scen_num} has no Pact")

    # the board
    _list("sector_pos", st.sector_pos, 2)
    for p in range(2):
        _list(f"sector_pos[{p}]", st.sector_pos[p], 8)
        for i in range(8):
            _int(f"sector_pos[{p}][{i}]", st.sector_pos[p][i], 0, len(SECTOR_LIST[i]["positions"]) - 1)
    _dict_keys("mps", st.mps, {"A", "M", "P"})
    for k in "AMP":
        _int(f"mps.{k}", st.mps[k], 0, MAX_MPS)
    if st.mps["A"] != st.mps["M"] + st.mps["P"]:
        _fail("mps", st.mps, "A = M + P (Government MPs = Moderate + Partisan)")
    _list("bills", st.bills, max_len=3)
    debate_seen = []
    for i, b in enumerate(st.bills):
        _dict_keys(f"bills[{i}]", b, {"bill", "adj", "debate"}, {"icon"})
        _int(f"bills[{i}].bill", b["bill"], 0, len(BILL_IDS) - 1)
        _int(f"bills[{i}].adj", b["adj"], BOARD["bill_slots"]["vote_adjustment_min"],
             BOARD["bill_slots"]["vote_adjustment_max"])
        if "icon" in b and b["icon"] != "M":
            _fail(f"bills[{i}].icon", b["icon"], "'M' (a Scenario's Moderate icon)")
        _debate_list(f"bills[{i}].debate", b["debate"], n, debate_seen)
    if len({b["bill"] for b in st.bills}) != len(st.bills):
        _fail("bills", [b["bill"] for b in st.bills], "distinct bills on the board")

    # cards in hands and piles
    ns, ne, nb = len(SUP_IDS), len(EVENT_LIST), len(BILL_IDS)
    _list("hand", st.hand, n)
    for s in range(n):
        _ints(f"hand[{s}]", st.hand[s], 0, ns - 1, distinct=True)
    _list("shown", st.shown, n)
    for s in range(n):
        _ints(f"shown[{s}]", st.shown[s], 0, ns - 1, distinct=True)
        if not set(st.shown[s]) <= set(st.hand[s]):
            _fail(f"shown[{s}]", st.shown[s], f"cards of hand[{s}] (a shown Supporter is still in the hand)")
    _list("bill_hand", st.bill_hand, n)
    for s in range(n):
        _ints(f"bill_hand[{s}]", st.bill_hand[s], 0, nb - 1, distinct=True)
    _list("qt_hands", st.qt_hands, n)
    for s in range(n):
        _ints(f"qt_hands[{s}]", st.qt_hands[s], 0, ne - 1, max_len=2 if game.question_time else 0, distinct=True)
        if any(EVENT_LIST[e]["kind"] == "by_election" for e in st.qt_hands[s]):
            _fail(f"qt_hands[{s}]", st.qt_hands[s], "no By-Election (they are replaced when dealt, L1841)")
    _dict_keys("decks", st.decks, set(DECK_KEYS))
    _dict_keys("discards", st.discards, set(DECK_KEYS))
    size = {"supporters": ns, "events": ne}
    for pile in ("decks", "discards"):
        for k in DECK_KEYS:
            v = getattr(st, pile)[k]
            _ints(f"{pile}.{k}", v, 0, size.get(k, nb) - 1, distinct=True)
            if k in DECKS and any(DECKS[BILL_DECK[b]] != k for b in v):
                _fail(f"{pile}.{k}", v, f"only bills of the {k} deck")
    if st.passed is None:  # saved before 'passed' was kept: the bills found nowhere else
        st.passed = []
        st.passed = sorted(set(st.game._fresh_components()["bills"]) - set(all_bills(st)))
    _ints("passed", st.passed, 0, nb - 1, distinct=True)
    _ints("supporter_reshuffle", st.supporter_reshuffle, 0, ns - 1, distinct=True)
    _ints("event_reshuffle", st.event_reshuffle, 0, ne - 1, distinct=True)
    _list("proposed", st.proposed, max_len=12)
    for i, e in enumerate(st.proposed):
        _list(f"proposed[{i}]", e, 2)
        _int(f"proposed[{i}][0]", e[0], 0, nb - 1)
        _int(f"proposed[{i}][1]", e[1], 0, seats)
    _ints("unc_stack", st.unc_stack, 0, len(UNC_IDS) - 1, max_len=10 ** 4)
    _int("selected_count", st.selected_count, 0, 3)
    _ints("refused_agreement", st.refused_agreement, 0, nb - 1, max_len=3, distinct=True)
    _int("lost_challenge", st.lost_challenge, -1, seats)
    _int("event", st.event, -1, ne - 1)
    _int("last_unc", st.last_unc, -1, len(UNC_IDS) - 1)
    _list("careers", st.careers, n)
    for s in range(n):
        c = st.careers[s]
        if not isinstance(c, dict) or any(k not in CAREERS or v not in (0, 1) or isinstance(v, bool)
                                          for k, v in c.items()):
            _fail(f"careers[{s}]", c, "a dict of Career Card id -> 0 (face down) or 1 (active)")
    _check_tags(st)
    _check_scen(st)

    # the end of the game
    _ints("won", st.won, 0, seats, max_len=n, distinct=True)
    _int("winner", st.winner, -1, seats)
    if st.over:
        if st.truncated:
            if st.won or st.winner != -1:
                _fail("won", st.won, "[] and winner -1 for a truncated game")
        elif st.won != sorted(st.won) or st.winner != (st.won[0] if st.won else -1):
            _fail("winner", st.winner, "the first of the sorted 'won' list")
        if st.tasks or st.pending is not None:
            _fail("tasks", st.tasks, "[] and pending null once the game is over")
    else:
        if st.won or st.winner != -1 or st.truncated:
            _fail("over", st.over, "true when there is a winner or a truncation")

    # the queue and the turn
    _check_turn(st)
    _check_tasks(st)
    _check_conservation(st)
    _check_selection(st)
    _check_pending(st)
    _check_careers(st)
    _check_careers_up(st)


def revealed_expected(st) -> bool:
    """What ``revealed_ok`` must be: the ``reveal_proposals`` task sets it and ``selection_end`` clears it, so it is
    true exactly inside a Bill Selection of proposers (not Scenarios 2 / 4, where only the PM draws) whose reveal has
    run: ``selection_end`` still queued, ``reveal_proposals`` no longer."""
    names = [t[0] for t in st.tasks]
    return ("selection_end" in names and "reveal_proposals" not in names
            and st.game.scenario not in (2, 4))


def _check_selection(st) -> None:
    """The Bill Selection fields that decide who sees which bill (``revealed_ok``: every seat sees the proposals;
    ``proposed`` / ``bill_hand``: the proposer sees his own) against the task queue."""
    names = [t[0] for t in st.tasks]
    inside = "selection_end" in names
    want = revealed_expected(st)
    if st.revealed_ok != want:
        if want:
            why = "true: the proposals are revealed (reveal_proposals has run, selection_end is still queued)"
        elif not inside:
            why = "false: outside Bill Selection (no selection_end queued) no proposal is revealed"
        elif st.game.scenario in (2, 4):
            why = f"false: in Scenario {st.game.scenario} only the PM draws and nothing is revealed"
        else:
            why = "false: reveal_proposals is still queued (the proposals are face down)"
        _fail("revealed_ok", st.revealed_ok, why)
    pm = st.seat_of("pm")
    if not inside:
        if st.proposed:
            _fail("proposed", st.proposed, "[]: outside Bill Selection (no selection_end queued) nothing is proposed")
        for s in range(st.n):
            if st.bill_hand[s]:
                _fail(f"bill_hand[{s}]", st.bill_hand[s], "[]: outside Bill Selection bills are in no hand")
        return
    if st.bill_hand[pm]:
        _fail(f"bill_hand[{pm}]", st.bill_hand[pm], "[]: the PM's draws are revealed at once, never held (5.1)")
    if st.game.scenario in (2, 4):
        if any(s != pm for _, s in st.proposed):
            _fail("proposed", st.proposed, f"bills drawn by the PM (seat {pm}) only: Scenario "
                                           f"{st.game.scenario}'s PM alone draws")
    elif not st.revealed_ok and any(s == pm for _, s in st.proposed):
        _fail("proposed", st.proposed, f"no bill of the PM (seat {pm}) before the reveal: he draws after it")


def _check_careers_up(st) -> None:
    """A Career Card the rules would have turned face up is not face down (``_check_careers`` runs before every
    decision): a usable seat's card whose Standing and Favour thresholds are met is active (1); every seat then sees
    it."""
    if st.over:
        return
    for s in range(st.n):
        if not st._careers_usable(s):
            continue
        for cid, on in st.careers[s].items():
            req = CAREERS[cid]["requirements"]
            if not on and st.standing[s] >= req["standing_min"] and st.favour[s] >= req["favour_min"]:
                _fail(f"careers[{s}].{cid}", on, f"1: seat {s} meets its thresholds (Standing "
                                                 f"{req['standing_min']}, Favour {req['favour_min']}): face up")


def _check_top(st, data: dict) -> None:
    allowed = set(STATE_FIELDS) | {"game", "version", "config", "rng"}
    extra = sorted(str(k) for k in data if k not in allowed)
    if extra:
        _fail("(keys)", extra, f"only the fields {sorted(allowed)}")
    if data.get("config") != st.game.config():
        _fail("config", data.get("config"), f"{st.game.config()} (this game's configuration)")


def _debate_list(field, v, n, seen: list) -> None:
    _list(field, v, max_len=3)
    for j, d in enumerate(v):
        _list(f"{field}[{j}]", d, 3)
        cid, owner, side = d
        if not isinstance(cid, str) or cid not in DEBATE:
            _fail(f"{field}[{j}][0]", cid, f"a Debate Card id ({sorted(DEBATE)})")
        _int(f"{field}[{j}][1]", owner, 0, n - 1)
        if not isinstance(side, str) or side not in DEBATE[cid]["sides"]:
            _fail(f"{field}[{j}][2]", side, f"a side of {cid} ({sorted(DEBATE[cid]['sides'])})")
        if cid in seen:
            _fail(field, v, f"each Debate Card once ({cid} is placed twice)")
        seen.append(cid)


def _check_careers(st) -> None:
    """Each seat holds the Career Cards its Politician and role are dealt (6.2.2): the set ``_deal_careers``
    gives, or none (a PM or OL; Scenario 7's own handling)."""
    if st.game.scenario == 7:
        return
    for s in range(st.n):
        keep = st.careers[s]
        probe = st._copy(random.Random(0))
        probe._deal_careers(s)
        if set(keep) != set(probe.careers[s]):
            _fail(f"careers[{s}]", sorted(keep), f"the Career Cards of a {st.role[s]} with these abilities: "
                                                 f"{sorted(probe.careers[s])}")


def _check_tags(st) -> None:
    tags = st.shuffle_tags
    _dict_keys("shuffle_tags", tags, {"supporters", "events", "bills"})
    for k, size in (("supporters", len(SUP_IDS)), ("events", len(EVENT_LIST)), ("bills", len(BILL_IDS))):
        _ints(f"shuffle_tags.{k}", tags[k], 0, 10 ** 9, size)


# scenario state: key -> kind of value, for the keys that may change in play (the others must equal a fresh state's)
SCEN_VARIABLE = {
    "aside": "bills", "elections": "count", "agenda_passed": "bills", "glad_was_pm": "bool",
    "queen_selected_by": "queen", "marker": "count", "under_ia": "supporters", "ia_passed": "bool",
    "ia_cards": "supporters", "riots_in_deck": "bool", "riots_floor": "count", "act_passed_by": "party-or-none",
    "workers_doubled": "bool", "opp_lowered": "bool", "workers_used": "bool", "campaign_used": "bool",
    "dev_side": "dev_side", "ppa_passed": "bool", "dpl": "seat-or-none", "qt_askers": "seats",
}
SCEN_SEATS = {"gladstone": "P04", "disraeli": "P09", "devonshire": "devonshire"}  # seats of named Politicians
SCEN_TRANSIENT = {"ia_cards", "riots_floor", "qt_askers"}  # keys a fresh state does not have yet


def _check_scen(st) -> None:
    scen = st.scen
    fresh = st.game._fresh_scen()
    keys = set(scen)
    if not set(fresh) <= keys or not keys <= set(fresh) | SCEN_TRANSIENT:
        _fail("scen", sorted(keys), f"the keys {sorted(fresh)} (optionally {sorted(SCEN_TRANSIENT)})")
    n = st.n
    for k, v in scen.items():
        kind = SCEN_VARIABLE.get(k)
        f = f"scen.{k}"
        if k in SCEN_SEATS:
            if v != st.pol.index(SCEN_SEATS[k]):
                _fail(f, v, f"{st.pol.index(SCEN_SEATS[k])} (the seat of {SCEN_SEATS[k]})")
        elif kind is None:
            if v != fresh[k]:
                _fail(f, v, f"{fresh[k]!r} (fixed by the Scenario's setup)")
        elif kind == "bool":
            _bool(f, v)
        elif kind == "count":
            _int(f, v, 0, 10 ** 6)
        elif kind == "bills":
            _ints(f, v, 0, len(BILL_IDS) - 1, distinct=True)
        elif kind == "supporters":
            _ints(f, v, 0, len(SUP_IDS) - 1, distinct=True)
        elif kind == "seats":
            _ints(f, v, 0, n - 1, distinct=True)
        elif kind == "party-or-none":
            _int(f, v, -1, 1)
        elif kind == "seat-or-none":
            _int(f, v, -1, n - 1)
        elif kind == "dev_side":
            if v not in ("liberal", "unionist", "conservative"):
                _fail(f, v, "'liberal', 'unionist' or 'conservative'")
        elif kind == "queen":
            if not isinstance(v, dict) or any(not isinstance(b, str) or not b.isdigit() or int(b) not in
                                              scen.get("queens", []) or not _is_int(x) or not 0 <= x < n
                                              for b, x in v.items()):
                _fail(f, v, "a dict of Queen's bill index (a string) -> the seat that selected it")
    if "aside" in scen and "home" in scen and not set(scen["aside"]) <= set(scen["home"]):
        _fail("scen.aside", scen["aside"], f"bills of scen.home {scen['home']}")
    if "agenda_passed" in scen and not set(scen["agenda_passed"]) <= set(scen["agenda"]):
        _fail("scen.agenda_passed", scen["agenda_passed"], f"bills of scen.agenda {scen['agenda']}")
    if "qt_askers" in scen and not st.game.question_time:
        _fail("scen.qt_askers", scen["qt_askers"], "absent without question_time")
    if "ia_cards" in scen:
        pm = st.seat_of("pm")
        if not set(scen["ia_cards"]) <= set(st.hand[pm]):
            _fail("scen.ia_cards", scen["ia_cards"], "cards in the PM's hand (revealed from under the Act)")


def _check_turn(st) -> None:
    t = st.turn
    if t is None:
        return
    _dict_keys("turn", t, {"seat", "acted", "doubled", "denied"})
    s = _int("turn.seat", t["seat"], 0, st.n - 1)
    _bool("turn.acted", t["acted"])
    _ints("turn.doubled", t["doubled"], 0, len(SUP_IDS) - 1, distinct=True)
    if not set(t["doubled"]) <= set(st.hand[s]):
        _fail("turn.doubled", t["doubled"], f"cards of hand[{s}] (the Father of the House's doubled Supporters)")
    _ints("turn.denied", t["denied"], 0, NUM_ACTIONS - 1, distinct=True)
    for a in t["denied"]:
        if st._source_key(a) != a or not (A_ACT <= a < A_DISCARD):
            _fail("turn.denied", t["denied"], "the sources of refused permissions (a mat action, a Career action "
                                              "or a Supporter, each by its first action id)")


def _check_effect(field, e, ctx, st) -> None:
    if not isinstance(e, dict) or _canon(e) not in KNOWN_EFFECTS:
        _fail(field + "[1]", e, "an effect of the card data (or of a Scenario's own step)")
    n = st.n
    if not isinstance(ctx, dict) or not set(ctx) <= CTX_KEYS or "actor" not in ctx:
        _fail(field + "[2]", ctx, f"an effect context: 'actor' and optionally {sorted(CTX_KEYS - {'actor'})}")
    f = field + "[2]"
    _int(f + ".actor", ctx["actor"], 0, n - 1)
    if "mult" in ctx:
        _int(f + ".mult", ctx["mult"], 1, 2)
    if "own" in ctx:
        _int(f + ".own", ctx["own"], 0, 1)
    if "src" in ctx:
        src = ctx["src"]
        if (not isinstance(src, list) or len(src) != 2 or src[0] not in SOURCE_KINDS or not _is_int(src[1])
                or not 0 <= src[1] < SOURCE_RANGE[src[0]]):
            _fail(f + ".src", src, "[source kind, index] of a card or action")
    for key, hi in (("_sector", 7), ("_party", 1), ("_player", n - 1), ("_sign", 1), ("_dir", 1),
                    ("_bill", len(st.bills) - 1), ("_option", len(e.get("options", ())) - 1)):
        if key in ctx:
            _int(f"{f}.{key}", ctx[key], 0, hi)


def _check_tasks(st) -> None:
    tasks = st.tasks
    _list("tasks", tasks, max_len=500)
    n = st.n
    game = st.game
    turn_seen = False
    ends = 0
    for i, t in enumerate(tasks):
        f = f"tasks[{i}]"
        if not isinstance(t, list) or not t or not isinstance(t[0], str) or t[0] not in TASK_ARGS:
            _fail(f, t, f"[task name, *args] with a task of {sorted(TASK_ARGS)}")
        name, args = t[0], t[1:]
        kinds = TASK_ARGS[name]
        if len(args) != len(kinds):
            _fail(f, t, f"{len(kinds)} argument(s) for the task {name!r}: {list(kinds)}")
        if name in SCENARIO_TASKS and game.scenario != SCENARIO_TASKS[name]:
            _fail(f, t, f"a task of Scenario {SCENARIO_TASKS[name]} only")
        if name in QT_TASKS and not game.question_time:
            _fail(f, t, "a task of Prime Minister's Question Time only")
        for j, (kind, a) in enumerate(zip(kinds, args)):
            g = f"{f}[{j + 1}]"
            if kind == "seat":
                _int(g, a, 0, n - 1)
            elif kind == "role":
                if a not in ROLES:
                    _fail(g, a, f"a role of {list(ROLES)}")
            elif kind == "cards":
                _ints(g, a, 0, len(SUP_IDS) - 1, max_len=10, distinct=True)
            elif kind == "int":
                _int(g, a, 0, len(args[1]))
            elif kind == "debate":
                _debate_list(g, a, n, [])
            elif kind == "outcome":
                if a not in ("pass", "fail"):
                    _fail(g, a, "'pass' or 'fail'")
        if name == "eff":
            _check_effect(f, args[0], args[1], st)
        if name == "challenge_step" and tuple(args) not in CHALLENGE_PAIRS:
            _fail(f, t, f"a challenger and target pair of 10.1 {sorted(CHALLENGE_PAIRS)}")
        if name == "ia_play" and st.turn is not None and st.turn["seat"] != args[0]:
            _fail(f, t, f"the PM's Importation Act play (turn = {st.turn!r})")
        if name in ("main", "end_turn"):
            if turn_seen or st.turn is None or st.turn["seat"] != args[0]:
                _fail(f, t, f"a turn task of the seat whose turn it is (turn = {st.turn!r})")
        if name == "turn":
            turn_seen = True
        if name in ("round_end", "round_start", "turns"):
            ends += 1
            if i != len(tasks) - 1:
                _fail(f, t, f"{name!r} only as the last task of the queue")
    if not st.over and ends != 1:
        _fail("tasks", [t[0] for t in tasks if isinstance(t, list) and t][-3:],
              "a queue that ends with the round's phases ('turns', or 'round_end'; 'round_start' between rounds)")


def all_supporters(st) -> list:
    """Every Supporter of ``st`` wherever it lies (hands, deck, discards, under the Importation Act, drawn to keep)."""
    out = [c for h in st.hand for c in h] + st.decks["supporters"] + st.discards["supporters"]
    out += st.scen.get("under_ia", [])
    if isinstance(st.pending, dict) and st.pending.get("kind") == "keep" and isinstance(st.pending.get("drawn"), list):
        out += st.pending["drawn"]
    out += [c for t in st.tasks if t[0] == "keep" for c in t[2]]
    return out


def all_events(st) -> list:
    """Every Event card of ``st`` wherever it lies (PMQT hands, deck, discards, being resolved, Scenario 5's Riots)."""
    out = [e for h in st.qt_hands for e in h] + st.decks["events"] + st.discards["events"]
    if st.event >= 0:
        out.append(st.event)
    riots = st.scen.get("riots", -1) if st.game.scenario == 5 else -1
    if riots >= 0 and not st.scen["riots_in_deck"] and st.event != riots:
        out.append(riots)  # next to the board
    return out


def all_bills(st) -> list:
    """Every bill of ``st`` wherever it lies (passed, hands, proposals, the board, set aside, decks, discards)."""
    out = list(st.passed) + [b for h in st.bill_hand for b in h] + [b for b, _ in st.proposed]
    out += [b["bill"] for b in st.bills]
    out += st.scen.get("aside", [])
    for d in DECKS:
        out += st.decks[d] + st.discards[d]
    return out


def _check_conservation(st) -> None:
    want = st.game._fresh_components()
    for what, got in (("Supporters", all_supporters(st)), ("Events", all_events(st)), ("bills", all_bills(st))):
        if sorted(got) != want[what]:
            dup = sorted({c for c in got if got.count(c) > 1})
            missing = sorted(set(want[what]) - set(got))
            extra = sorted(set(got) - set(want[what]))
            _fail(what, {"twice": dup, "missing": missing, "not in this game": extra},
                  f"every one of the game's {len(want[what])} {what} in exactly one place (decks, discards, hands, "
                  f"proposals, the board, set aside, a pending draw)")
    if st.proposed and len({b for b, _ in st.proposed}) != len(st.proposed):
        _fail("proposed", st.proposed, "distinct bills")


# --- the pending decision, asked again ----------------------------------------------------------------------------
# pending kind -> the task that asks it (built from the pending decision), for the kinds a task re-asks
def _asking_task(st, pend):
    kind, p = pend["kind"], pend["player"]
    if kind in ("main", "draw_bill", "propose", "ia_play"):
        return [kind if kind != "ia_play" else "ia_play", p]
    if kind == "discard":
        return ["end_turn", p]
    if kind == "select":
        return ["select"]
    if kind == "resolve":
        return ["resolution"]
    if kind == "election":
        return ["election_phase"]
    if kind == "order":
        return ["ask_order"]
    if kind == "keep":
        return ["keep", p, list(pend["drawn"]), pend["left"]]
    if kind == "yesno":
        q = pend["q"]
        if q == "end_pact":
            return ["ask_end_pact"]
        if q == "propose_pact":
            return ["window_pact", p]
        if q == "request_rejoin":
            return ["ask_rejoin", p]
        if q == "deputy":
            return ["ask_deputy", p]
        if q == "challenge":
            t = pend["target"]
            if not _is_int(t) or not 0 <= t < st.n:
                _fail("pending.target", t, f"a seat 0..{st.n - 1}")
            return ["challenge_step", st.role[p], st.role[t]]
        if q == "question":
            return ["qt_ask", p]
        if q == "workers":
            return ["s5_window"]
    return None


def _expected_legal(st, pend) -> list | None:
    """The legal actions of the decisions that no task re-asks, from the rules; None: not one of them."""
    kind, p = pend["kind"], pend["player"]
    pm, ol = st.seat_of("pm"), st.seat_of("ol")
    turn_seat = st.turn["seat"] if st.turn is not None else -1
    yes_no = [YES, NO]
    if kind == "yesno":
        q = pend["q"]
        if q == "restart_pact":
            ok = (p == ol and not st.pact and not st.scen.get("no_pact") and len(st.bills) == 3
                  and all(BILL_DECK[b["bill"]] == 0 for b in st.bills))
        elif q == "accept_pact":
            ok = p in (pm, ol) and not st.pact and not st.scen.get("no_pact")
        elif q == "accept_rejoin":
            ok = p == pm and st.resigned
        elif q == "agreement":
            slot = pend["slot"]
            ok = (p == ol and _is_int(slot) and 0 <= slot < len(st.bills)
                  and st.bills[slot]["bill"] not in st.refused_agreement)
        elif q == "royal":
            ok = (p in (pm, ol) and _is_int(pend["gov_seats"]) and 0 <= pend["gov_seats"] <= TOTAL_SEATS
                  and _is_int(pend["unc"]) and 0 <= pend["unc"] < len(UNC_IDS)
                  and pend["fav_is_ol"] is (p == ol)
                  and (not st.bills or st.game.scenario == 4 and st.scen.get("ia_passed")))  # L1106: at once
        else:
            return None
        if not ok:
            _fail("pending", pend, f"a {q!r} question that the rules ask in this situation")
        return yes_no
    if kind == "permit":
        s, a = pend["requester"], pend["request"]
        if not (p == pm and _is_int(s) and s == turn_seat and _is_int(a) and a in st._main_options(s)
                and st._needs_permission(s)):
            _fail("pending", pend, "a permission request of the seat whose turn it is, for one of its menu actions")
        return yes_no
    if kind == "event":
        if st.event < 0 or EVENT_LIST[st.event]["kind"] == "by_election" or p != pm:
            _fail("pending", pend, "an Event option choice of the PM while an action Event is drawn (event >= 0)")
        return [A_OPTION + i for i, o in enumerate(st._event_options()) if o["cost"] <= st.cubes[pm]]
    if kind in ("debate_side", "debate_target"):
        if p != turn_seat or st._debate_card_of(p) is None:
            _fail("pending", pend, "a Debate Card placement of the seat whose turn it is")
        if kind == "debate_side":
            if p != st._unionist():
                _fail("pending", pend, "a side choice of Scenario 7's Liberal Unionist only")
            return [A_SIGN + k for k, sn in enumerate(("pact", "no_pact")) if st._debate_card_targets(p, sn)]
        side = pend.get("side")
        if side is not None and side not in ("pact", "no_pact"):
            _fail("pending.side", side, "'pact' or 'no_pact'")
        return [A_SLOT + i for i in st._debate_card_targets(p, side)]
    if kind == "qt_call":
        askers = [a - A_PLAYER for a in pend["legal"] if _is_int(a)]
        ok_seats = {st.seat_of(r) for r in ("ol", "gbb", "obb")} - {-1}
        if p != pm or not askers or any(not 0 <= s < st.n or s not in ok_seats or not st.qt_hands[s]
                                        for s in askers) or "qt_askers" in st.scen:
            _fail("pending", pend, "the PM calling one of the seats that signalled a question and hold a card")
        return sorted(A_PLAYER + s for s in askers)
    if kind == "qt_card":
        return [A_OPTION + i for i in range(len(st.qt_hands[p]))]
    if kind == "ica_slot":
        if st.game.scenario != 7 or p != st.scen["devonshire"] or p != turn_seat:
            _fail("pending", pend, "Scenario 7's Devonshire choosing the bill the Irish Coercion Act replaces")
        return [A_SLOT + i for i, b in enumerate(st.bills) if b["bill"] != st.scen["salisbury_bill"]]
    return None


def _check_pending(st) -> None:
    pend = st.pending
    if st.over:
        st._legal, st._legal_set = [], frozenset()
        return
    if not isinstance(pend, dict):
        _fail("pending", pend, "the decision the game waits for (a dict with kind, player, legal)")
    if pend.get("kind") not in PHASES:
        _fail("pending.kind", pend.get("kind"), f"one of {list(PHASES)}")
    kind = pend["kind"]
    extra = set(PENDING_DATA.get(kind, ()))
    if kind == "yesno":
        if pend.get("q") not in QUESTIONS:
            _fail("pending.q", pend.get("q"), f"one of {list(QUESTIONS)}")
        extra = {"q"} | QUESTION_DATA.get(pend["q"], set())
    optional = {"side"} if kind == "debate_target" else set()
    _dict_keys("pending", pend, {"kind", "player", "legal"} | extra, optional)
    p = _int("pending.player", pend["player"], 0, st.n - 1)
    legal = _ints("pending.legal", pend["legal"], 0, NUM_ACTIONS - 1, max_len=NUM_ACTIONS)
    if kind == "keep":
        _ints("pending.drawn", pend["drawn"], 0, len(SUP_IDS) - 1, max_len=10, distinct=True)
        _int("pending.left", pend["left"], 1, max(1, len(pend["drawn"])))
    if kind in ("main", "permit", "debate_side", "debate_target", "ica_slot", "discard", "ia_play"):
        seat = pend["requester"] if kind == "permit" else p
        if st.turn is None or st.turn["seat"] != seat:
            _fail("turn", st.turn, f"the turn of seat {seat} (the pending {kind!r} decision is part of it)")
    if kind == "discard" and (not st.tasks or st.tasks[0] != ["end_turn", p]):
        _fail("tasks[0]", st.tasks[:1], f"['end_turn', {p}] after a discard to the hold limit")
    if kind.startswith("eff_") and (not st.tasks or st.tasks[0][0] != "eff"):
        _fail("tasks[0]", st.tasks[:1], f"the effect that asks the pending {kind!r} choice")
    expected = _expected_legal(st, pend)
    if expected is None:
        probe = st._copy(random.Random(0))
        probe.record_events = False
        probe.pending = None
        try:
            if kind.startswith("eff_"):
                t = probe.tasks.pop(0)
                probe._run_effect(t[1], t[2])
            else:
                task = _asking_task(st, pend)
                if task is None:
                    _fail("pending", pend, "a decision the rules can ask")
                probe._run_task(task)
        except StateFormatError:
            raise
        except (KeyError, IndexError, TypeError, ValueError, AttributeError) as exc:
            _fail("pending", pend, f"a decision the rules ask in this situation (asking it again failed: {exc!r})")
        again = probe.pending
        if again is None or again.get("kind") != kind or again.get("player") != p or {
                k: v for k, v in again.items() if k != "legal"} != {k: v for k, v in pend.items() if k != "legal"}:
            _fail("pending", pend, f"the decision the rules ask in this situation: {again!r}")
        expected = again["legal"]
    expected = sorted(set(expected))
    if sorted(set(legal)) != expected:
        _fail("pending.legal", legal, f"the legal actions of this decision: {expected}")
    if not expected:
        _fail("pending.legal", legal, "at least one legal action")
    pend["legal"] = expected
    st._legal = list(expected)
    st._legal_set = frozenset(expected)
