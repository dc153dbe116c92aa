"""Prime Minister positions: where the round stands (RULES.md "Positions": ``phase``, ``step``, ``turn``,
``selection``, ``questions``, ``event``, ``playing``, ``effects``, ``pending``), read into the task queue and written
back from it.

The rules keep a round in progress as a task queue (``tasks.py``): the round's phases still to come (``turns`` queued
them), in front of them what the phase under way still has to do (the Opposition's Pact questions and turns, the PM's
Event and turn, the Challenges in order, ...), in front of that one player's turn (his menu, the hold limit), and in
front of everything the effects of one card, action or bill still to run. A position says the same in the rulebook's
words. ``positions.py`` lays the table, then rebuilds the queue here with the rules' own code (:func:`phase_tasks`,
:func:`start_questions`, :func:`start_event`, :func:`start_effects`, :func:`start_playing`): each level is what the task
that opens it queues, run on a copy of the table, less the steps already taken; the rules then ask the first decision.
What a position says was already chosen inside an effect (``chosen``) and a decision that answers another one
(``pending``: the PM asked to permit an action, a bill offered by Agreement, Royal Interference, ...) are laid by
answering, through the rules, the decisions they follow (:func:`after_advance`) -- so a position the rules would not
reach that way is refused; a keep choice and the unilateral Pact restart are asked directly (:func:`before_advance`).
``progress_write.py`` writes a state's queue back in these fields. The field
validators shared with ``positions.py`` live here.
"""
from __future__ import annotations

import random

from ..core.rules import PositionError
from ..errors import show
from .components import (A_ACT, A_CAREER, A_DEBATE_CARD, A_DIR, A_ELECTION, A_OPTION, A_PARTY, A_PLAY, A_PLAYER,
                         A_RESOLVE, A_SCEN, A_SECTOR, A_SIGN, A_SLOT, ABILITIES, BILL_IDS, BILL_INDEX, CAREER_ACTIONS,
                         CAREERS, DEBATE, EVENT_IDS, EVENT_INDEX, EVENT_LIST, HOLD_LIMIT, NO, PARTY_KEY, POLITICIANS,
                         SECTOR_INDEX, SECTORS, SUP_IDS, SUP_INDEX, SUPPORTER_LIST, UNC_INDEX, YES)

PHASES = ("round_start", "bill_selection", "government_backbencher", "opposition", "prime_minister", "turn",
          "bill_resolution", "challenges", "election", "round_end")
# phase -> its steps (the ``step`` field), each the task of that phase's queue that starts it, in order
STEPS = {
    "opposition": (("end_pact", "ask_end_pact"), ("pact_window", "window_pact"), ("order", "ask_order")),
    "prime_minister": (("event", "draw_event"), ("pact_window", "window_pact")),
    "turn": (("rejoin", "ask_rejoin"), ("deputy", "ask_deputy"), ("menu", "main"), ("hold_limit", "end_turn")),
    "challenges": (("government_backbencher", "gbb"), ("opposition_backbencher", "obb"),
                   ("opposition_leader", "ol")),
    "bill_resolution": (("workers_window", "s5_window"), ("resolve", "resolution")),
}
# the round's phase tasks (``turns``) -> the phase a position names them by
PHASE_OF_TASK = {"opposition_start": "opposition", "pm_turn": "prime_minister", "s5_window": "bill_resolution",
                 "resolution": "bill_resolution", "challenges": "challenges", "election_phase": "election",
                 "round_end": "round_end"}
# ``chosen`` (an effect's sub-choices already made): name -> (the ctx key, the eff_* decision, the first action id)
CHOICES = {"sector": ("_sector", "eff_sector", A_SECTOR), "party": ("_party", "eff_party", A_PARTY),
           "player": ("_player", "eff_player", A_PLAYER), "sign": ("_sign", "eff_sign", A_SIGN),
           "direction": ("_dir", "eff_dir", A_DIR), "bill": ("_bill", "eff_bill", A_SLOT),
           "option": ("_option", "eff_option", A_OPTION)}
CHOICE_BY_KIND = {kind: (name, key, first) for name, (key, kind, first) in CHOICES.items()}
SIGNS = ("up", "down")
DIRECTIONS = ("to_moderate", "to_partisan")
SCENARIO_ACTIONS = {"workers": A_SCEN, "devonshire_campaign": A_SCEN + 1}
# ``pending`` kinds: required keys, optional keys
PENDING = {"permit": ({"request"}, set()), "keep": ({"player", "drawn", "keep"}, set()),
           "debate_side": (set(), set()), "debate_target": (set(), {"side"}), "ica_slot": (set(), set()),
           "qt_card": ({"player"}, set()), "accept_pact": (set(), set()), "accept_rejoin": (set(), set()),
           "agreement": ({"bill"}, set()), "royal": ({"uncertainty"}, set()), "restart_pact": (set(), set())}
FRAMES = ("selection", "questions", "event", "playing", "effects")


# --- field validators (shared with positions.py) ------------------------------------------------------------------
def _err(field: str, got, expected: str):
    text = show(got, 80)  # bounded, however large or deeply nested ``got`` is
    raise PositionError(f"prime_minister: position field {field} is {text}; expected {expected}")


def _int(field, v, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        _err(field, v, f"an int in {lo}..{hi}")
    return v


def _bool(field, v):
    if not isinstance(v, bool):
        _err(field, v, "true or false")
    return v


def _list(field, v):
    if not isinstance(v, list):
        _err(field, v, "a list")
    return v


def _ids(field, v, index: dict, what: str) -> list[int]:
    if not isinstance(v, list):
        _err(field, v, f"a list of {what} ids")
    out = []
    for i, x in enumerate(v):
        if not isinstance(x, str) or x not in index:
            _err(f"{field}[{i}]", x, f"a {what} id")
        out.append(index[x])
    if len(set(out)) != len(out):
        _err(field, v, f"each {what} once")
    return out


def _bill_of(field, x) -> int:
    if not isinstance(x, str) or x not in BILL_INDEX:
        _err(field, x, "a bill id (CP01.., LB01.., CB01..)")
    return BILL_INDEX[x]


def _names(group, cards):
    ids = {"supporters": SUP_IDS, "events": EVENT_IDS, "bills": BILL_IDS}[group]
    return [ids[c] for c in cards]


def _dict(field, v, required, optional=()):
    if not isinstance(v, dict) or not set(required) <= set(v) or not set(v) <= set(required) | set(optional):
        keys = sorted(required) + [f"{k} (optional)" for k in sorted(optional)]
        _err(field, v, f"a dict with the keys {keys}")
    return v


def debate_entry(st, field: str, d, n: int) -> list:
    """One ``{"card", "owner", "side"}`` Debate Card of a bill (on the board or just resolved) as ``[card, owner,
    side]``: the owner holds that card -- in Scenario 7 the Opposition Leader card stays Devonshire's once placed,
    whether he is still a Liberal Unionist or has since joined the Conservatives (L1221, L1225)."""
    if (not isinstance(d, dict) or set(d) != {"card", "owner", "side"} or not isinstance(d["card"], str)
            or d["card"] not in DEBATE or not isinstance(d["side"], str)):
        _err(field, d, f"{{'card': one of {sorted(DEBATE)}, 'owner': seat, 'side': 'pact' or 'no_pact'}}")
    _int(field + ".owner", d["owner"], 0, n - 1)
    if d["side"] not in DEBATE[d["card"]]["sides"]:
        _err(field + ".side", d["side"], f"a side of {d['card']} {sorted(DEBATE[d['card']]['sides'])}")
    holder = st._debate_card_of(d["owner"])
    devonshire = (st.scen.get("num") == 7 and d["card"] == "debate_opposition_leader"
                  and d["owner"] == st.scen["devonshire"] and st.scen["dev_side"] != "liberal")
    if holder != d["card"] and not devonshire:
        _err(field + ".owner", d["owner"], f"the seat that holds {d['card']} (seat {d['owner']} holds {holder})")
    return [d["card"], d["owner"], d["side"]]


def debate_cards_field(st, field: str, v) -> list:
    out = [debate_entry(st, f"{field}[{j}]", d, st.n) for j, d in enumerate(_list(field, v))]
    if len({d[0] for d in out}) != len(out):
        _err(field, v, "each Debate Card once")
    return out


def debate_json(cards: list) -> list:
    return [{"card": c, "owner": o, "side": sd} for c, o, sd in cards]


# --- the rules run on a copy -------------------------------------------------------------------------------------
def _probe(st):
    """A copy of ``st`` to run the rules on (its changes are dropped)."""
    if not hasattr(st, "_legal"):
        st._legal, st._legal_set = [], frozenset()
    p = st._copy(random.Random(0))
    p.record_events = False
    p.pending = None
    p.tasks = []
    return p


def _expand(st, task) -> list:
    """The tasks that ``task`` queues, run now on a copy of ``st``."""
    probe = _probe(st)
    probe._run_task(list(task))
    return probe.tasks


def _phases(st, position: dict | None = None) -> list:
    """The round's phase tasks for this table (``turns``): [turn gbb], opposition_start, pm_turn, [turn Devonshire],
    [s5_window], resolution, challenges, election_phase, round_end -- without Devonshire's turn where the position
    says he has had it (``scenario.devonshire_turn_taken``)."""
    phases = _expand(st, ["turns"])
    sc = (position or {}).get("scenario")
    if isinstance(sc, dict) and "devonshire_turn_taken" in sc:
        if st.game.scenario != 7:
            _err("scenario.devonshire_turn_taken", sc["devonshire_turn_taken"], "absent (Scenario 7 only)")
        dev = ["turn", st.scen["devonshire"]]
        if _bool("scenario.devonshire_turn_taken", sc["devonshire_turn_taken"]):
            if dev not in phases or st.scen["dev_side"] != "unionist" or st.role[dev[1]] != "obb":
                _err("scenario.devonshire_turn_taken", True, "false unless Devonshire, a Liberal Unionist now, was the "
                                                             "Opposition Backbencher when the round's turns began (his "
                                                             "Unionist turn after the PM's is then not his, L1223)")
            phases.remove(dev)
    return phases


def _drop(st, pushed: list, done: int, field: str, settle: bool = True) -> list:
    """``pushed`` less its first ``done`` steps: the tasks still to run. A ``debate_cards`` task is not a step: the
    rewards / penalties it queues are (it is expanded, as the rules expand it, once a step past it is dropped, and,
    with ``settle``, when it comes first: the rules run it before they ask anything; a keep choice asked before it
    leaves it queued)."""
    out = [list(t) for t in pushed]
    k = 0
    while k < done or settle and out and out[0][0] == "debate_cards":
        if not out:
            _err(field, done, f"at most the {k} step(s) of what it queues")
        t = out.pop(0)
        if t[0] == "debate_cards":
            out[0:0] = _expand(st, t)
            continue
        k += 1
    return out


def _steps(st, pushed: list) -> int:
    """How many steps ``pushed`` has (``_drop``'s count: a Debate Card task counts its rewards)."""
    return sum(len(_expand(st, t)) if t[0] == "debate_cards" else 1 for t in pushed)


def _quiet(st, fn, *args):
    """Run ``fn(*args)`` with the event log off (a position lays what has happened; it does not happen again)."""
    rec = st.record_events
    st.record_events = False
    try:
        fn(*args)
    finally:
        st.record_events = rec


# --- sources: what a Politician action, Career action, Scenario action, Supporter, Event or bill queues ----------
def action_of_source(st, s: int, src, field: str, *, with_level: bool = True) -> int:
    """A main-menu action written as a source object -> its action id (``{"action": ability, "level": 1 or 2}``,
    ``{"career": id, "index": i}``, ``{"supporter": id, "option": 0 or 1}``, ``{"scenario_action": name}``); without
    ``with_level`` a source of ``turn.denied`` (both levels / options of it)."""
    if not isinstance(src, dict) or len([k for k in ("action", "career", "supporter", "scenario_action")
                                         if k in src]) != 1:
        _err(field, src, "one of {'action': ability, 'level': 1 or 2}, {'career': id, 'index': i}, "
                         "{'supporter': id, 'option': 0 or 1}, {'scenario_action': 'workers' or "
                         "'devonshire_campaign'}")
    if "action" in src:
        _dict(field, src, {"action", "level"} if with_level else {"action"})
        if src["action"] not in ABILITIES:
            _err(field + ".action", src["action"], f"an ability of {list(ABILITIES)}")
        level = _int(field + ".level", src["level"], 1, 2) if with_level else 1
        return A_ACT + ABILITIES.index(src["action"]) * 2 + level - 1
    if "career" in src:
        _dict(field, src, {"career", "index"})
        key = (src["career"], src["index"])
        if key not in CAREER_ACTIONS:
            _err(field, src, f"a Career action {[{'career': c, 'index': i} for c, i in CAREER_ACTIONS]}")
        return A_CAREER + CAREER_ACTIONS.index(key)
    if "supporter" in src:
        _dict(field, src, {"supporter", "option"} if with_level else {"supporter"})
        c = src["supporter"]
        if not isinstance(c, str) or c not in SUP_INDEX:
            _err(field + ".supporter", c, "a Supporter id")
        o = _int(field + ".option", src["option"], 0, len(SUPPORTER_LIST[SUP_INDEX[c]]["options"]) - 1) \
            if with_level else 0
        return A_PLAY + 2 * SUP_INDEX[c] + o
    _dict(field, src, {"scenario_action"})
    if src["scenario_action"] not in SCENARIO_ACTIONS:
        _err(field + ".scenario_action", src["scenario_action"], f"one of {sorted(SCENARIO_ACTIONS)}")
    return SCENARIO_ACTIONS[src["scenario_action"]]


def source_of_action(a: int, with_level: bool = True) -> dict:
    """The inverse of :func:`action_of_source`."""
    if A_ACT <= a < A_CAREER:
        k = a - A_ACT
        return {"action": ABILITIES[k // 2], "level": k % 2 + 1} if with_level else {"action": ABILITIES[k // 2]}
    if A_CAREER <= a < A_DEBATE_CARD:
        cid, i = CAREER_ACTIONS[a - A_CAREER]
        return {"career": cid, "index": i}
    if A_PLAY <= a < A_PLAY + 2 * len(SUP_IDS):
        k = a - A_PLAY
        return {"supporter": SUP_IDS[k // 2], "option": k % 2} if with_level else {"supporter": SUP_IDS[k // 2]}
    return {"scenario_action": next(n for n, x in SCENARIO_ACTIONS.items() if x == a)}


def _action_cost(st, s: int, a: int) -> int:
    if A_CAREER <= a < A_DEBATE_CARD:
        cid, i = CAREER_ACTIONS[a - A_CAREER]
        return CAREERS[cid]["effects"][i]["cost"]
    return 1


def _performed(st, s: int, a: int, field: str) -> list:
    """What seat ``s`` taking the menu action ``a`` queues (its effects, then its menu again), checked to be an
    action of his menu before it was paid for (the position's cubes are after paying)."""
    probe = _probe(st)
    probe.cubes[s] += _action_cost(st, s, a)
    if a == A_SCEN:
        probe.scen["workers_used"] = False
    elif a == A_SCEN + 1:
        probe.scen["campaign_used"] = False
    if a not in probe._main_options(s):
        _err(field, source_of_action(a), f"an action on seat {s}'s menu (paid from its Action Cubes: the "
                                          f"position's are after paying)")
    probe._perform(s, a)
    return probe.tasks


def _bill_pushed(st, b: int, debate: list) -> list:
    """What the bill ``b`` passing queues (``_pass_bill``, its Scenario overrides included), with ``debate`` the Debate
    Cards under it."""
    probe = _probe(st)
    probe.vp = [0] * st.n  # the position's VP are after the bill's
    probe.bills = probe.bills + [{"bill": b, "adj": 0, "debate": [list(d) for d in debate]}]
    if st.scen.get("num") == 3 and b in st.scen["queens"]:
        probe.scen["queen_selected_by"][str(b)] = st.seat_of("pm")
    probe._pass_bill(len(probe.bills) - 1)
    if probe.over:
        _err("effects.source.bill", BILL_IDS[b], "a bill whose passing leaves the game going")
    return probe.tasks


# --- reading a position: the queue -------------------------------------------------------------------------------
def check_fields(position: dict, phase: str) -> None:
    """Which progress fields go with which phase."""
    for k, only in (("selection", "bill_selection"), ("questions", "prime_minister"), ("event", "prime_minister"),
                    ("playing", "turn")):
        if k in position and phase != only and not (k == "playing" and phase == "bill_resolution"
                                                     and "effects" in position):
            _err(k, position[k], f"absent unless phase is {only!r}")
    if "effects" in position and phase not in ("turn", "bill_resolution"):
        _err("effects", position["effects"], "absent unless phase is 'turn' (an action's effects) or "
                                              "'bill_resolution' (a bill's)")
    frames = [k for k in FRAMES if k in position]
    if len(frames) > 1 and not (phase == "bill_resolution" and set(frames) == {"playing", "effects"}):
        _err(frames[1], position[frames[1]], f"absent with {frames[0]!r}: one thing in progress at a time")
    if "step" in position:
        step = position["step"]
        names = [n for n, _ in STEPS.get(phase, ())]
        if step not in names:
            _err("step", step, f"a step of phase {phase!r}: {names}" if names else
                 f"absent: phase {phase!r} has no steps")


def phase_tasks(st, phase: str, position: dict) -> list:
    """The task queue from ``phase`` (and ``step``) to the end of the round, in the order of 4.0 (``round.py``)."""
    if phase == "round_start":
        return [["round_start"]]
    if phase == "round_end":
        return [["round_end"]]
    if phase == "bill_selection":
        return [["selection"], ["turns"]]
    phases = _phases(st, position)
    step = position.get("step")
    if phase == "government_backbencher":
        gbb = st.seat_of("gbb")
        if gbb < 0:
            _err("phase", phase, "a phase of this table: there is no Government Backbencher")
        return phases[phases.index(["turn", gbb]):]
    if phase == "turn":
        return _turn_tasks(st, position, phases, step or "menu")
    start = {"opposition": "opposition_start", "prime_minister": "pm_turn", "challenges": "challenges",
             "election": "election_phase", "bill_resolution": "s5_window" if step == "workers_window"
             else "resolution"}[phase]
    at = [i for i, t in enumerate(phases) if t == [start]]
    if not at:
        _err("step", step, "a step of this Scenario's round (the Workers window is Scenario 5's)")
    rest = phases[at[0]:]
    if phase in ("opposition", "prime_minister", "challenges"):
        inner = _expand(st, rest[0])
        k = 0 if step is None else _step_index(phase, inner, step)
        if k is None:
            _err("step", step, f"a step this table still has in phase {phase!r} ({_step_names(phase, inner)}): "
                               f"the Pact's end is asked only during a Pact, the order only with an Opposition "
                               f"Backbencher")
        return inner[k:] + rest[1:]
    return rest


def _step_of(phase: str, task) -> str | None:
    for name, key in STEPS.get(phase, ()):
        if task[0] == key or (task[0] == "challenge_step" and task[1] == key):
            return name
    return None


def _step_index(phase, tasks, step):
    for i, t in enumerate(tasks):
        if _step_of(phase, t) == step:
            return i
    return None


def _step_names(phase, tasks):
    return [x for x in (_step_of(phase, t) for t in tasks) if x]


def _turn_tasks(st, position: dict, phases: list, step: str) -> list:
    """Phase ``turn``: the seat's turn from ``step`` (its menu by default), then the rest of the round after it."""
    t = position.get("turn")
    keys = {"player", "acted", "opposition_still_to_play", "doubled", "denied", "next_phase"}
    if not isinstance(t, dict) or not set(t) <= keys or "player" not in t:
        _err("turn", t, "{'player': seat, 'acted': bool, 'opposition_still_to_play': bool, 'doubled': [Supporter "
                        "ids], 'denied': [sources]} with phase 'turn'")
    s = _int("turn.player", t["player"], 0, st.n - 1)
    acted = _bool("turn.acted", t.get("acted", False))
    doubled = list(st.hand[s]) if st.foth_holder() == s else []
    if "doubled" in t:
        doubled = _ids("turn.doubled", t["doubled"], SUP_INDEX, "Supporter")
        if doubled and st.foth_holder() != s:
            _err("turn.doubled", t["doubled"], f"[]: seat {s} is not the Father of the House (7.4)")
        if not set(doubled) <= set(st.hand[s]):
            _err("turn.doubled", t["doubled"], f"Supporters of seat {s}'s hand (players[{s}].supporters)")
    denied = []
    for i, src in enumerate(_list("turn.denied", t.get("denied", []))):
        a = action_of_source(st, s, src, f"turn.denied[{i}]", with_level=False)
        if not any(st._has_influence(e) for e in _source_effects(st, s, a)):
            _err(f"turn.denied[{i}]", src, f"a source of seat {s} with an Influence effect (the PM's permission is "
                                           f"asked for those only, 3.1, 3.2, PM-A82)")
        if not st._needs_permission(s) and not (st.role[s] == "gbb" and st.resigned):  # (resigned since, 6.2.3)
            _err(f"turn.denied[{i}]", src, f"absent: seat {s}'s Influence needs no permission (3.1, 3.2)")
        if a in denied:
            _err("turn.denied", t["denied"], "each source once")
        denied.append(a)
    if step in ("rejoin", "deputy") and (acted or denied):
        _err("turn", t, f"a turn not yet begun at step {step!r}: acted false, nothing denied")
    st.turn = {"seat": s, "acted": acted, "doubled": doubled, "denied": denied}
    inner = _expand(st, ["turn", s]) + [["end_turn", s]]
    k = _step_index("turn", inner, step)
    if k is None:
        _err("step", step, f"a step of seat {s}'s turn ({_step_names('turn', inner)}): a Resigned Government "
                           f"Backbencher's rejoin request, the Government Backbencher's Deputy PM question")
    if step == "hold_limit" and len(st.hand[s]) <= HOLD_LIMIT:
        _err("step", step, f"a step with something to do: seat {s} holds at most {HOLD_LIMIT} Supporters (7.3)")
    mine = inner[k:] if step == "hold_limit" else inner[k:-1]
    return mine + _after_turn(st, s, t, phases)


def _source_effects(st, s: int, a: int) -> list:
    """The effect lists of the source of action ``a`` for seat ``s`` (both levels of a mat action he has, both options
    of a Supporter, the Career action)."""
    if A_ACT <= a < A_CAREER:
        ability = ABILITIES[(a - A_ACT) // 2]
        acts = st._mat(s)["actions"].get(ability) or {}
        have = POLITICIANS[st.pol[s]]["abilities"].get(ability, 0)
        return [acts[str(k)] for k in (1, 2) if acts.get(str(k)) and have >= k]
    if A_CAREER <= a < A_DEBATE_CARD:
        cid, i = CAREER_ACTIONS[a - A_CAREER]
        return [CAREERS[cid]["effects"][i]["effects"]]
    if A_PLAY <= a < A_PLAY + 2 * len(SUP_IDS):
        return [o["effects"] for o in SUPPORTER_LIST[(a - A_PLAY) // 2]["options"]]
    return []


NEXT_PHASES = {"opposition": "opposition_start", "prime_minister": "pm_turn", "bill_resolution": "resolution"}


def _after_turn(st, s: int, t: dict, phases: list) -> list:
    """The round's tasks after seat ``s``'s turn: by default what follows his place in the round's order
    (``opposition_still_to_play``: the other Opposition seat's turn first); with ``next_phase`` (Scenario 7's
    Devonshire, whose place in the round moves when he changes sides, L1217-1225) the round from that phase. A seat has
    one turn a round: his own is never queued again."""
    still = _bool("turn.opposition_still_to_play", t.get("opposition_still_to_play", False))
    if still and st.role[s] not in ("ol", "obb"):
        _err("turn.opposition_still_to_play", True, "false (only for a turn of the Opposition)")
    rest = _default_after_turn(st, s, still, phases)
    if "next_phase" in t:
        nxt = t["next_phase"]
        if st.game.scenario != 7 or s != st.scen["devonshire"]:
            _err("turn.next_phase", nxt, "absent: only Scenario 7's Devonshire moves in the round's order (L1217-1225)")
        if nxt not in NEXT_PHASES or [NEXT_PHASES[nxt]] not in phases:
            _err("turn.next_phase", nxt, f"a phase of this round still to come: {sorted(NEXT_PHASES)}")
        rest = phases[phases.index([NEXT_PHASES[nxt]]):]
    return [x for x in rest if x != ["turn", s]]


def _default_after_turn(st, s: int, still: bool, phases: list) -> list:
    if ["turn", s] in phases:
        return phases[phases.index(["turn", s]) + 1:]
    if st.role[s] in ("ol", "obb") and ["opposition_start"] in phases:
        rest = phases[phases.index(["opposition_start"]) + 1:]
        turns = [x for x in _expand(st, ["opposition_start"]) if x[0] in ("turn", "ask_order")]
        other = st.seat_of("obb" if st.role[s] == "ol" else "ol")
        if still:
            free = ["ask_order"] in turns or (["turn", other] in turns and ["turn", s] in turns
                                              and turns.index(["turn", other]) > turns.index(["turn", s]))
            if not free:
                _err("turn.opposition_still_to_play", True, "false: no other Opposition turn can follow this one")
            rest = [["turn", other]] + rest
        return rest
    if st.role[s] == "pm":
        return phases[phases.index(["pm_turn"]) + 1:]
    _err("turn.player", s, "a seat that has a turn this round")


def start_questions(st, position: dict) -> None:
    """The ``questions`` field: PMQT signals in progress at the PM's turn (L1838-1846)."""
    q = position["questions"]
    _dict("questions", q, set(), {"asked", "signalled"})
    if not st.game.question_time:
        _err("questions", q, "absent: Question Time needs question_time=True")
    if position.get("step", "event") != "event" or "event" in position:
        _err("questions", q, "the signals before the PM's Event (step 'event', no event drawn)")
    holders = [x for x in (st.seat_of(r) for r in ("ol", "gbb", "obb")) if x >= 0 and st.qt_hands[x]]
    pm = st.seat_of("pm")
    if not any(st.qt_hands[x] for x in range(st.n) if x != pm):
        _err("questions", q, "absent: no seat holds a question card")
    asked = [_int(f"questions.asked[{i}]", x, 0, st.n - 1) for i, x in enumerate(_list("questions.asked",
                                                                                     q.get("asked", [])))]
    if asked != holders[:len(asked)]:
        _err("questions.asked", asked, f"the first of the holders asked in turn (OL, Government Backbencher, "
                                       f"Opposition Backbencher): {holders}")
    signalled = [_int(f"questions.signalled[{i}]", x, 0, st.n - 1)
                 for i, x in enumerate(_list("questions.signalled", q.get("signalled", [])))]
    if signalled != [x for x in asked if x in signalled]:
        _err("questions.signalled", signalled, f"seats among those asked, in the order asked ({asked})")
    if st.tasks[:1] != [["draw_event"]]:
        _err("questions", q, "the PM's Event still to come")
    st.tasks[:1] = [["qt_ask", x] for x in holders[len(asked):]] + [["qt_call"]]
    st.scen["qt_askers"] = signalled


# --- the Event (8.0) ---------------------------------------------------------------------------------------------
def event_field(st, position: dict):
    """The ``event`` field: (the Event card, the option chosen or None, how many of its effects have run)."""
    ev = position.get("event")
    if ev is None:
        return None
    if not isinstance(ev, dict) or "card" not in ev or not set(ev) <= {"card", "option", "effects_done", "chosen"}:
        _err("event", ev, "{'card': Event id, 'option': index (chosen and paid), 'effects_done': count, 'chosen': "
                          "{...}}")
    card = ev["card"]
    if not isinstance(card, str) or card not in EVENT_INDEX:
        _err("event.card", card, "an Event id (EV01.., BY1..)")
    e = EVENT_INDEX[card]
    option = ev.get("option")
    done = ev.get("effects_done", 0)
    if EVENT_LIST[e]["kind"] == "by_election":
        if option is not None or "effects_done" in ev or "chosen" in ev:
            _err("event", ev, "a By-Election alone: it has no options (8.2)")
        return e, None, 0
    if option is None:
        if "effects_done" in ev or "chosen" in ev:
            _err("event.effects_done" if "effects_done" in ev else "event.chosen", ev, "absent without an option")
        return e, None, 0
    st.event = e  # _event_options reads it (Scenario 5 doubles the Riots)
    opts = st._event_options()
    st.event = -1
    _int("event.option", option, 0, len(opts) - 1)
    _int("event.effects_done", done, 0, len(opts[option]["effects"]))
    return e, option, done


def start_event(st, field, e: int, option, done: int) -> None:
    """The PM's turn with the Event ``e`` drawn (8.0): its option asked, or ``option`` chosen and paid (the position's
    cubes are after paying) with its effects from the ``done``-th on still to run, or a By-Election resolved."""
    pm = st.seat_of("pm")
    if st.tasks[:1] != [["draw_event"]]:
        _err("event", field, "an Event drawn at the PM's step 'event'")
    st.tasks.pop(0)
    _quiet(st, st._resolve_event, e) if option is not None else st._resolve_event(e)
    if option is None:
        return
    if st.pending is None or st.pending["kind"] != "event":
        _err("event", field, "an Event the PM chooses an option of")
    opt = st._event_options()[option]
    pend, st.pending = st.pending, None
    st.cubes[pm] += opt["cost"]  # the rules pay it again
    _quiet(st, st._choose_event_option, pend, A_OPTION + option)
    if st.over:
        _err("event.option", option, "an option that leaves the game going (Scenario 3: negative Favour loses)")
    del st.tasks[:done]


# --- a Supporter played (7.2) ------------------------------------------------------------------------------------
def start_playing(st, position: dict) -> None:
    """The ``playing`` field (with ``"phase": "turn"``): the seat whose turn it is plays a Supporter of its hand now
    (as the rules do: to the discard pile, doubled for the Father of the House), its effects from the
    ``effects_done``-th on still to run; the first sub-choice is asked next."""
    pl = position["playing"]
    keys = {"player", "supporter", "option", "effects_done", "doubled", "chosen"}
    if not isinstance(pl, dict) or set(pl) - keys or not {"player", "supporter", "option"} <= set(pl):
        _err("playing", pl, "{'player': seat, 'supporter': id, 'option': 0 or 1, 'effects_done': count, 'doubled': "
                            "bool, 'chosen': {...}} with phase 'turn'")
    s = _int("playing.player", pl["player"], 0, st.n - 1)
    after = ["main", s]
    if position.get("phase") == "bill_resolution":  # Scenario 4: the Importation Act's revealed Supporters (L1106)
        if st.tasks[:1] != [["ia_play", s]] or pl.get("doubled") is not False and "doubled" in pl:
            _err("playing", pl, "a Supporter the PM plays after the Importation Act passed ('effects' of LB06 at its "
                                "step of playing them; no doubling)")
        st.turn = {"seat": s, "acted": True, "doubled": [], "denied": []}
        after = st.tasks.pop(0)
        st.tasks.insert(0, ["main", s])
    if st.turn is None or st.turn["seat"] != s:
        _err("playing.player", s, f"the seat whose turn it is ({st.turn and st.turn['seat']})")
    card = pl["supporter"]
    if not isinstance(card, str) or card not in SUP_INDEX or SUP_INDEX[card] not in st.hand[s]:
        _err("playing.supporter", card, f"a Supporter of seat {s}'s hand (players[{s}].supporters)")
    c = SUP_INDEX[card]
    opts = SUPPORTER_LIST[c]["options"]
    o = _int("playing.option", pl["option"], 0, len(opts) - 1)
    if "doubled" in pl:  # default: as the Father of the House's hand at the start of the turn
        doubled = st.turn["doubled"]
        if _bool("playing.doubled", pl["doubled"]) and c not in doubled:
            if st.foth_holder() != s:
                _err("playing.doubled", True, f"false: seat {s} is not the Father of the House (7.4)")
            doubled.append(c)
        elif not pl["doubled"] and c in doubled:
            doubled.remove(c)
    if st.tasks[:1] != [["main", s]]:
        _err("playing", pl, "a play at that seat's menu (step 'menu')")
    if after[0] == "ia_play" and c in st.scen.get("ia_cards", ()):
        _err("scenario.importation_act_supporters", SUP_IDS[c], "the revealed Supporters still to play, without the "
                                                                "one being played")
    st.tasks.pop(0)
    _quiet(st, st._perform, s, A_PLAY + 2 * c + o, after)  # the effects, then the menu (or the IA's plays) again
    k = 0
    while k < len(st.tasks) and st.tasks[k][0] == "eff":
        k += 1
    done = _int("playing.effects_done", pl.get("effects_done", 0), 0, k)
    del st.tasks[:done]


# --- the effects of an action, a Career, a Scenario action, a bill or Debate Cards --------------------------------
def start_effects(st, position: dict) -> None:
    """The ``effects`` field: the effects of one source in progress, in front of the queue (``"phase": "turn"``: a
    Politician, Career or Scenario action of the seat whose turn it is, before his menu again; ``"phase":
    "bill_resolution"``: the bill just passed, or the Debate Cards of a bill just resolved, before the Challenges)."""
    ef = position["effects"]
    _dict("effects", ef, {"source"}, {"effects_done", "chosen"})
    src = ef["source"]
    phase = position.get("phase")
    if phase == "turn":
        s = st.turn["seat"]
        if isinstance(src, dict) and "supporter" in src:
            _err("effects.source", src, "an action's or a Career's (a Supporter played is the 'playing' field)")
        a = action_of_source(st, s, src, "effects.source")
        if st.tasks[:1] != [["main", s]]:
            _err("effects", ef, "effects of an action taken at that seat's menu (step 'menu')")
        if position["turn"].get("acted") is False:
            _err("turn.acted", False, "true: the seat has taken an action")
        pushed = _performed(st, s, a, "effects.source")
        st.turn["acted"] = True
    else:
        if position.get("step", "resolve") != "resolve" or st.tasks[:1] != [["resolution"]]:
            _err("effects", ef, "effects of the bill just resolved (step 'resolve')")
        if not isinstance(src, dict) or not ({"bill"} <= set(src) <= {"bill", "debate_cards"}
                                             or set(src) == {"debate_cards", "outcome"}):
            _err("effects.source", src, "{'bill': id, 'debate_cards': [...]} (a bill passed) or {'debate_cards': "
                                        "[...], 'outcome': 'pass' or 'fail'}")
        debate = debate_cards_field(st, "effects.source.debate_cards", src.get("debate_cards", []))
        if "bill" in src:
            b = _bill_of("effects.source.bill", src["bill"])
            if not st.passed or st.passed[-1] != b:
                _err("effects.source.bill", src["bill"], "the bill passed last (the last of 'passed')")
            pushed = _bill_pushed(st, b, debate)
        else:
            if src["outcome"] not in ("pass", "fail"):
                _err("effects.source.outcome", src["outcome"], "'pass' or 'fail'")
            pushed = [["debate_cards", debate, src["outcome"]]]
    keep = isinstance(position.get("pending"), dict) and position["pending"].get("kind") == "keep"
    steps = _steps(st, pushed) - (pushed[-1][0] == "main")  # its menu again is not one of its steps
    done = _int("effects.effects_done", ef.get("effects_done", 0), 0, max(0, steps - (not keep)))
    if keep:  # the step just run drew the Supporters to keep from
        last = _drop(st, pushed, done - 1, "effects.effects_done", settle=False)[:1] if done else []
        e = last[0][1] if last and last[0][0] == "eff" else {}
        drawn, left = position["pending"].get("drawn"), position["pending"].get("keep")
        if (e.get("op") != "draw_supporters" or not isinstance(drawn, list) or len(drawn) > e["draw"]
                or not isinstance(left, int) or left > e["keep"]):
            _err("effects.effects_done", done, "the steps up to a draw of at least the Supporters drawn "
                                               "('pending.drawn'), keeping at least 'pending.keep' of them")
    st.tasks[:1] = _drop(st, pushed, done, "effects.effects_done", settle=not keep)


# --- the decisions laid by answering the ones before them, and the constructed ones -------------------------------
def pending_field(st, position: dict):
    """The ``pending`` field, parsed: (kind, data) or None."""
    p = position.get("pending")
    if p is None:
        return None
    if not isinstance(p, dict) or p.get("kind") not in PENDING:
        _err("pending", p, f"{{'kind': one of {sorted(PENDING)}, ...}}")
    kind = p["kind"]
    req, opt = PENDING[kind]
    _dict("pending", p, req | {"kind"}, opt)
    return kind, p


def keep_cards(st, position: dict) -> list[int]:
    """The Supporters of a ``pending`` keep choice (drawn, not yet kept): they are in no other place."""
    p = position.get("pending")
    if isinstance(p, dict) and p.get("kind") == "keep" and isinstance(p.get("drawn"), list):
        return _ids("pending.drawn", p["drawn"], SUP_INDEX, "Supporter")
    return []


def before_advance(st, position: dict, pend) -> bool:
    """Lay a constructed ``pending`` decision (a keep choice, the unilateral Pact restart) or get the table ready for
    one laid by answering the decision before it. True when the decision is laid already."""
    if pend is None:
        return False
    kind, p = pend
    phase = position.get("phase", "round_start")
    if kind == "keep":
        s = _int("pending.player", p["player"], 0, st.n - 1)
        drawn = keep_cards(st, position)
        left = _int("pending.keep", p["keep"], 1, max(1, len(drawn) - 1))
        if len(drawn) < 2:
            _err("pending.drawn", p["drawn"], "at least 2 Supporters (one drawn card is kept at once)")
        _check_keep_source(st, position, s, len(drawn), left)
        st._run_task(["keep", s, drawn, left])
        return True
    if kind == "restart_pact":
        if phase != "bill_selection" or "selection" in position:
            _err("pending", p, "phase 'bill_selection' without 'selection': Bill Selection just ended")
        st.tasks = [["turns"]]
        st.selected_count = len(st.bills)
        st._ask("yesno", st.seat_of("ol"), [YES, NO], q="restart_pact")
        return True
    if kind == "royal" and phase == "bill_resolution":  # Scenario 4: the Election the Importation Act forces
        u = p["uncertainty"]
        if not isinstance(u, str) or u not in UNC_INDEX:
            _err("pending.uncertainty", u, "an Uncertainty card id (U01..)")
        st.unc_stack.insert(0, UNC_INDEX[u])
    if kind in ("debate_side", "debate_target", "ica_slot", "permit"):
        if phase != "turn" or position.get("step", "menu") != "menu" or any(k in position for k in FRAMES):
            _err("pending", p, "phase 'turn' at the seat's menu, nothing in progress")
        s = st.turn["seat"]
        if kind in ("debate_side", "debate_target"):
            if st._debate_card_of(s) is None:
                _err("pending", p, f"a Debate Card placement of a seat that holds one (seat {s} holds none)")
            st.cubes[s] += st._debate_card_cost(s)  # paid again when the rules lay it
        elif kind == "ica_slot":
            st.cubes[s] += 2
    return False


def _check_keep_source(st, position: dict, s: int, drawn: int, left: int) -> None:
    """A keep choice follows a ``draw_supporters`` effect of seat ``s`` (Hobnob, a Career, a bill's personal effect,
    Scenario 4's draws): the step before the frame's next one, or, with nothing of it left, at that seat's menu."""
    frame = next((k for k in ("playing", "effects", "event") if k in position), None)
    if frame is None:
        if position.get("phase") != "turn" or st.turn["seat"] != s or st.tasks[:1] != [["main", s]]:
            _err("pending.player", s, "the seat whose turn it is, at its menu, or the actor of the effects in "
                                      "progress ('effects')")
        return
    if frame != "effects" or position.get("phase") != "turn" and "bill" not in position["effects"]["source"]:
        _err("pending", position["pending"], f"a keep choice after a draw of Supporters ({frame!r} draws none)")
    if "chosen" in position[frame]:
        _err(f"{frame}.chosen", position[frame]["chosen"], "absent with a keep choice (the next effect has not begun)")
    actor = st.turn["seat"] if position.get("phase") == "turn" else st.seat_of("pm")
    if s != actor:
        _err("pending.player", s, f"the seat that drew them (seat {actor})")


def after_advance(st, position: dict, pend) -> None:
    """Lay ``chosen`` (an effect's sub-choices made) and a ``pending`` decision by answering, through the rules, the
    decisions they follow."""
    frame = next((k for k in ("playing", "effects", "event") if k in position and isinstance(position[k], dict)
                  and "chosen" in position[k]), None)
    if frame is not None:
        _replay_chosen(st, f"{frame}.chosen", position[frame]["chosen"])
    if pend is None or pend[0] in ("keep", "restart_pact"):
        return
    kind, p = pend
    cur = st.pending or {}
    q = cur.get("q") if cur.get("kind") == "yesno" else None

    def need(want: str, what: str):
        got = q or cur.get("kind", "the end of the game")
        if got != want:
            _err("pending", p, f"{what}; the position stands at {got!r} instead")

    if kind in ("permit", "debate_side", "debate_target", "ica_slot"):
        need("main", "a decision at the menu of the seat whose turn it is")
        s = cur["player"]
        if kind == "permit":
            a = action_of_source(st, s, p["request"], "pending.request")
            if not st.is_legal(a):
                _err("pending.request", p["request"], f"an action on seat {s}'s menu")
        else:
            a = A_DEBATE_CARD if kind != "ica_slot" else A_SCEN + 4
            if not st.is_legal(a):
                _err("pending", p, f"an action on seat {s}'s menu (its cost paid: the position's cubes are after)")
        _quiet(st, st.apply_unchecked, a)
        if kind == "debate_target" and "side" in p and st.pending and st.pending["kind"] == "debate_side":
            side = p["side"]
            if side not in ("pact", "no_pact") or A_SIGN + ("pact", "no_pact").index(side) not in st._legal_set:
                _err("pending.side", side, f"a side the Debate Card can be placed on ({st.pending['legal']})")
            _quiet(st, st.apply_unchecked, A_SIGN + ("pact", "no_pact").index(side))
        elif kind == "debate_target" and "side" in p:
            _err("pending.side", p["side"], "absent: only a Liberal Unionist chooses the side (Scenario 7, L1221)")
        if (st.pending or {}).get("kind") != kind:
            _err("pending", p, f"a decision the rules ask after that action: {(st.pending or {}).get('kind')!r}")
        return
    if kind in ("accept_pact", "accept_rejoin"):
        need("propose_pact" if kind == "accept_pact" else "request_rejoin",
             "the answer to a Pact proposal" if kind == "accept_pact" else "the answer to a rejoin request")
        _quiet(st, st.apply_unchecked, YES)
    elif kind == "qt_card":
        need("qt_call", "the card of the seat the PM called (PMQT)")
        s = _int("pending.player", p["player"], 0, st.n - 1)
        if A_PLAYER + s not in st._legal_set:
            _err("pending.player", s, f"a seat that signalled a question ({[a - A_PLAYER for a in st._legal]})")
        _quiet(st, st.apply_unchecked, A_PLAYER + s)
    elif kind == "agreement":
        need("resolve", "a bill offered by Agreement at Bill Resolution")
        b = _bill_of("pending.bill", p["bill"])
        slots = [i for i, x in enumerate(st.bills) if x["bill"] == b]
        if not slots or A_RESOLVE + slots[0] not in st._legal_set:
            _err("pending.bill", p["bill"], "a bill on the board not refused by Agreement this round")
        _quiet(st, st.apply_unchecked, A_RESOLVE + slots[0])
    elif kind == "royal" and position.get("phase") == "bill_resolution":
        pass  # laid by the Importation Act's Election (before_advance)
    elif kind == "royal":
        need("election", "Royal Interference in an Election held now")
        u = p["uncertainty"]
        if not isinstance(u, str) or u not in UNC_INDEX:
            _err("pending.uncertainty", u, "an Uncertainty card id (U01..)")
        st.unc_stack.insert(0, UNC_INDEX[u])
        _quiet(st, st.apply_unchecked, A_ELECTION)
    now = st.pending or {}
    got = now.get("q") if now.get("kind") == "yesno" else now.get("kind")
    if got != kind:
        _err("pending", p, f"the decision the rules ask after it ({got!r})")


def _chosen(field: str, v, st) -> dict:
    """``chosen`` -> {ctx key: value}."""
    if not isinstance(v, dict) or not set(v) <= set(CHOICES):
        _err(field, v, f"a dict of sub-choices among {sorted(CHOICES)}")
    out = {}
    for name, x in v.items():
        f = f"{field}.{name}"
        if name == "sector":
            if x not in SECTOR_INDEX:
                _err(f, x, f"a Sector of {SECTORS}")
            out["_sector"] = SECTOR_INDEX[x]
        elif name == "party":
            if x not in PARTY_KEY:
                _err(f, x, "'liberal' or 'conservative'")
            out["_party"] = PARTY_KEY[x]
        elif name == "player":
            out["_player"] = _int(f, x, 0, st.n - 1)
        elif name == "sign":
            if x not in SIGNS:
                _err(f, x, "'up' or 'down'")
            out["_sign"] = SIGNS.index(x)
        elif name == "direction":
            if x not in DIRECTIONS:
                _err(f, x, "'to_moderate' or 'to_partisan'")
            out["_dir"] = DIRECTIONS.index(x)
        elif name == "bill":
            slots = [i for i, b in enumerate(st.bills) if isinstance(x, str) and BILL_IDS[b["bill"]] == x]
            if not slots:
                _err(f, x, f"a bill on the board ({[BILL_IDS[b['bill']] for b in st.bills]})")
            out["_bill"] = slots[0]
        else:
            out["_option"] = _int(f, x, 0, 2)
    return out


def _replay_chosen(st, field: str, v) -> None:
    want = _chosen(field, v, st)
    if not (st.pending and st.pending["kind"].startswith("eff_") and st.tasks and st.tasks[0][0] == "eff"):
        _err(field, v, "absent: the position's next decision is not a sub-choice of the effect in progress")
    while st.pending and st.pending["kind"] in CHOICE_BY_KIND and CHOICE_BY_KIND[st.pending["kind"]][1] in want:
        name, key, first = CHOICE_BY_KIND[st.pending["kind"]]
        a = first + want.pop(key)
        if a not in st._legal_set:
            _err(f"{field}.{name}", v[name], f"an answer the rules allow ({[x - first for x in st._legal]})")
        _quiet(st, st.apply_unchecked, a)
    if not (st.pending and st.pending["kind"].startswith("eff_") and st.tasks and st.tasks[0][0] == "eff"):
        _err(field, v, "the sub-choices made so far inside the effect: it still asks one after them")
    ctx = st.tasks[0][2]
    for key, x in want.items():
        if ctx.get(key) != x:
            name = next(n for n, c in CHOICES.items() if c[0] == key)
            _err(f"{field}.{name}", v[name], f"a sub-choice this effect has made before the one it asks now "
                                             f"({st.pending['kind']})")
