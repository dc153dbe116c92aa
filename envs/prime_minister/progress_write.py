"""Prime Minister positions: a state's progress written back (RULES.md "Positions", "Where the round stands") -- the
inverse of ``progress.py``.

:func:`progress_of` reads the task queue of a state at a decision and says where the round stands in the position's
fields: the decision's own asking task is put back in front of the queue (the one before it for a decision that answers
another, ``pending``), the round's phases still to come are matched at the end of the queue, and what is in front of
them is told by the phase it belongs to -- the steps left, the turn under way, the effects in progress (found by trying
the sources the rules could have queued them from, with ``progress._drop``). ``positions.to_position`` then lays the
result again and compares, so a description that would not rebuild the same queue never leaves it; a queue none of
these fields can say raises :class:`NotExpressible` naming it.
"""
from __future__ import annotations

from ..core.rules import PositionError
from .components import (A_ACT, A_CAREER, A_PLAY, A_PLAYER, A_SCEN, BILL_IDS, BILL_INDEX, CAREER_ACTIONS, CAREERS,
                         DEBATE, EVENT_IDS, EVENT_LIST, PARTY_NAMES, SECTORS, SUP_IDS, SUPPORTER_LIST, UNC_IDS)
from .progress import (CHOICES, DIRECTIONS, NEXT_PHASES, PHASE_OF_TASK, SIGNS, _default_after_turn, _drop, _expand,
                       _performed, _phases, _probe, _steps, _step_of, _bill_pushed, debate_json, source_of_action)
from .saved import _asking_task


class NotExpressible(Exception):
    """A state whose progress no position field says (``progress_of``)."""


def _choice_json(st, ctx: dict) -> dict:
    """The sub-choices made in an effect's context as ``chosen``."""
    names = {"sector": SECTORS, "party": PARTY_NAMES, "sign": SIGNS, "direction": DIRECTIONS}
    out = {}
    for name, (key, _, _) in CHOICES.items():
        if key in ctx:
            x = ctx[key]
            out[name] = names[name][x] if name in names else BILL_IDS[st.bills[x]["bill"]] if name == "bill" else x
    return out


def _holders(st) -> list:
    return [x for x in (st.seat_of(r) for r in ("ol", "gbb", "obb")) if x >= 0 and st.qt_hands[x]]


def progress_of(st) -> dict:
    """The progress fields of ``st`` (module docstring). Raises :class:`NotExpressible` naming what no field says."""
    if st.over:
        raise NotExpressible("the game is over (a position is a game in progress)")
    pend = st.pending
    kind, q = pend["kind"], pend.get("q")
    out: dict = {}
    tasks = [list(t) for t in st.tasks]
    ask = None
    name = q if kind == "yesno" else kind
    if name == "keep":
        out["pending"] = {"kind": "keep", "player": pend["player"], "drawn": [SUP_IDS[c] for c in pend["drawn"]],
                          "keep": pend["left"]}
    elif name == "restart_pact":
        if tasks != [["turns"]]:
            raise NotExpressible("the unilateral Pact restart outside the end of Bill Selection")
        return {"phase": "bill_selection", "pending": {"kind": "restart_pact"}}
    elif name in ("permit", "debate_side", "debate_target", "ica_slot"):
        s = pend["requester"] if name == "permit" else pend["player"]
        out["pending"] = {"kind": name}
        if name == "permit":
            out["pending"]["request"] = source_of_action(pend["request"])
        if name == "debate_target" and "side" in pend:
            out["pending"]["side"] = pend["side"]
        ask = ["main", s]
    elif name == "accept_pact":
        out["pending"] = {"kind": name}
        pm, ol = st.seat_of("pm"), st.seat_of("ol")
        ask = ["window_pact", ol if pend["player"] == pm else pm]
    elif name == "accept_rejoin":
        out["pending"] = {"kind": name}
        ask = ["ask_rejoin", st.seat_of("gbb")]
    elif name == "qt_card":
        out["pending"] = {"kind": name, "player": pend["player"]}
        out["questions"] = {"asked": _holders(st), "signalled": [pend["player"]]}
        ask = ["qt_call"]
    elif name == "agreement":
        out["pending"] = {"kind": name, "bill": BILL_IDS[st.bills[pend["slot"]]["bill"]]}
        ask = ["resolution"]
    elif name == "royal":
        out["pending"] = {"kind": name, "uncertainty": UNC_IDS[pend["unc"]]}
        ask = ["election_phase"] if tasks == [["round_end"]] else ["s4_election"]  # Scenario 4's forced Election
    elif kind.startswith("eff_") or kind == "discard":
        pass  # the effect, or the end of the turn, asking it is still at the front of the queue
    elif kind == "event":
        ask = ["draw_event"]
    elif kind == "qt_call":
        out["questions"] = {"asked": _holders(st), "signalled": [x for x in _holders(st)
                                                                 if A_PLAYER + x in pend["legal"]]}
        ask = ["qt_call"]
    else:
        ask = _asking_task(st, pend)
        if ask is None:
            raise NotExpressible(f"the decision {name!r} in this situation")
    if ask is not None:
        tasks = [ask] + tasks
    if "qt_askers" in st.scen:
        left = [t[1] for t in tasks if t[0] == "qt_ask"]
        out["questions"] = {"asked": [x for x in _holders(st) if x not in left],
                            "signalled": list(st.scen["qt_askers"])}
    if tasks and tasks[-1] == ["turns"]:
        if not any(t[0] == "selection_end" for t in tasks):
            raise NotExpressible("a decision of the round's setup")
        out["phase"] = "bill_selection"
        out["selection"] = {"hands": [[BILL_IDS[b] for b in h] for h in st.bill_hand],
                            "proposed": [{"bill": BILL_IDS[b], "by": s} for b, s in st.proposed]}
        return out
    phases = _phases(st)
    cut = _cut(tasks, phases)
    if st.turn is not None and ["turn", st.turn["seat"]] in phases:  # Scenario 7: Devonshire moved in the round?
        other = [x for x in phases if x != ["turn", st.turn["seat"]]]  # (a seat has one turn a round)
        if cut is None or _cut(tasks, other) is not None and len(other) - _cut(tasks, other) > len(phases) - cut:
            phases = other
            cut = _cut(tasks, phases)
    if _devonshire_turn_taken(st, tasks, phases):
        phases.remove(["turn", st.scen["devonshire"]])
        out["devonshire_turn_taken"] = True
        cut = _cut(tasks, phases)
    if cut is None or cut == len(phases):
        raise NotExpressible("a round whose phases are not this table's (Scenario 7: Devonshire changed sides in a "
                             "turn that moved his place in the round)")
    inner = tasks[:len(tasks) - (len(phases) - cut)]
    if not inner:
        first = phases[cut]
        if first[0] == "turn" or first[0] not in PHASE_OF_TASK:
            raise NotExpressible(f"the queue at {first!r}")
        out["phase"] = PHASE_OF_TASK[first[0]]
        if first == ["s5_window"]:
            out["step"] = "workers_window"
        return out
    if cut == 0:
        raise NotExpressible("a decision before the round's phases")
    parent = phases[cut - 1]
    if st.turn is not None and parent[0] in ("turn", "opposition_start", "pm_turn"):
        _turn_progress(st, inner, out)
        _next_phase(st, phases[cut], out)
    elif parent == ["opposition_start"] or parent == ["challenges"]:
        phase = PHASE_OF_TASK[parent[0]]
        expansion = _expand(st, parent)
        if inner != expansion[len(expansion) - len(inner):]:
            raise NotExpressible(f"the {phase} phase's queue {inner!r}")
        out["phase"] = phase
        out["step"] = _step_of(phase, inner[0])
    elif parent == ["pm_turn"]:
        _pm_progress(st, inner, out)
    elif parent == ["resolution"]:
        out["phase"] = "bill_resolution"
        frame, rest = _frame_split(inner)
        pm = st.seat_of("pm")
        if frame and (frame[0][2].get("src") or [None])[0] == "supporter" and rest[:1] == [["ia_play", pm]]:
            _turn_frame(st, pm, inner[:len(frame) + 1], out, ["ia_play", pm])  # Scenario 4 (L1106)
            inner = rest
        out["effects"] = _resolution_effects(st, inner)
    else:
        raise NotExpressible(f"the queue inside {parent!r}")
    return out


def _cut(tasks: list, phases: list):
    """The first of ``phases`` from which on they are the end of ``tasks`` (the round's phases still to come)."""
    return next((i for i in range(len(phases) + 1) if len(phases) - i <= len(tasks)
                 and tasks[len(tasks) - (len(phases) - i):] == phases[i:]), None)


def _devonshire_turn_taken(st, tasks: list, phases: list) -> bool:
    """Scenario 7: Devonshire left the Liberals in his turn earlier this round, so today's order has a Liberal
    Unionist's turn after the PM's that the round will not give him again (L1223): his slot is in ``phases`` but not
    in ``tasks``, and the round is still before it."""
    if st.game.scenario != 7:
        return False
    dev = ["turn", st.scen["devonshire"]]
    if dev not in phases or dev in tasks or st.turn is not None and st.turn["seat"] == dev[1]:
        return False
    rest = [x for x in phases if x != dev]
    cut = next((i for i in range(len(rest)) if tasks[len(tasks) - (len(rest) - i):] == rest[i:]), len(rest))
    inner = len(tasks) > len(rest) - cut
    now = rest[cut - 1] if inner and cut else rest[min(cut, len(rest) - 1)]
    return phases.index(now) < phases.index(dev)


def _frame_split(tasks: list) -> tuple[list, list]:
    k = 0
    while k < len(tasks) and tasks[k][0] == "eff":
        k += 1
    return tasks[:k], tasks[k:]


def _turn_progress(st, inner: list, out: dict) -> None:
    """Phase ``turn``: the seat's turn (its step, what it has done), an action or Supporter in progress."""
    t = st.turn
    s = t["seat"]
    out["phase"] = "turn"
    turn = {"player": s, "acted": t["acted"], "doubled": [SUP_IDS[c] for c in t["doubled"]],
            "denied": [source_of_action(a, with_level=False) for a in t["denied"]]}
    frame, rest = _frame_split(inner)
    if frame:
        if rest[:1] != [["main", s]]:
            raise NotExpressible("effects in a turn that go on to something other than the seat's menu (Scenario "
                                 "4: a Supporter played after the Importation Act passed)")
        _turn_frame(st, s, frame + [["main", s]], out)
    own = _expand(st, ["turn", s])  # [ask_rejoin], [ask_deputy], main
    steps = [(_step_of("turn", own[k]), own[k:]) for k in range(len(own))] + [("hold_limit", [["end_turn", s]])]
    step, seq = next(((x, q) for x, q in steps if rest[:len(q)] == q), (None, None))
    if step is None:
        raise NotExpressible(f"the turn's queue {rest!r}")
    after = rest[len(seq):]
    if after:
        other = st.seat_of("obb" if st.role[s] == "ol" else "ol")
        if after != [["turn", other]]:
            raise NotExpressible(f"what follows the turn: {after!r}")
        turn["opposition_still_to_play"] = True
    if step != "menu":
        out["step"] = step
    out["turn"] = turn


def _next_phase(st, first: list, out: dict) -> None:
    """``turn.next_phase`` where the round after the turn is not what the seat's place in it says (Scenario 7)."""
    s = out["turn"]["player"]
    if out["turn"].get("opposition_still_to_play") or st.game.scenario != 7 or s != st.scen["devonshire"]:
        return
    full = _phases(st)
    default = [x for x in _default_after_turn(st, s, False, full) if x != ["turn", s]]
    if default[:1] != [first]:
        names = [k for k, v in NEXT_PHASES.items() if [v] == first]
        if not names:
            raise NotExpressible(f"Devonshire's turn followed by {first!r}")
        out["turn"]["next_phase"] = names[0]


def _turn_frame(st, s: int, frame: list, out: dict, after: list | None = None) -> None:
    ctx = frame[0][2]
    src = ctx.get("src") or [None, None]
    chosen = _choice_json(st, ctx)
    if src[0] == "supporter":
        c = src[1]
        if not st.discards["supporters"] or st.discards["supporters"][-1] != c:
            raise NotExpressible("a Supporter's effects with the card no longer on top of the discard pile")
        for o in range(len(SUPPORTER_LIST[c]["options"])):
            a = A_PLAY + 2 * c + o
            probe = _probe(st)
            probe.discards["supporters"].pop()
            probe.hand[s].append(c)
            probe.turn = dict(st.turn, doubled=st.turn["doubled"] + ([c] if ctx.get("mult") == 2 else []))
            probe._perform(s, a, after)
            done = _match(st, probe.tasks, frame, ctx)
            if done is not None:
                out["playing"] = {"player": s, "supporter": SUP_IDS[c], "option": o, "effects_done": done,
                                  "doubled": ctx.get("mult") == 2}
                if chosen:
                    out["playing"]["chosen"] = chosen
                return
        raise NotExpressible("a Supporter's effects in progress")
    for a in _turn_sources(st, s, src):
        try:
            pushed = _performed(st, s, a, "effects.source")
        except PositionError:
            continue
        done = _match(st, pushed, frame, ctx)
        if done is not None:
            out["effects"] = {"source": source_of_action(a), "effects_done": done}
            if chosen:
                out["effects"]["chosen"] = chosen
            return
    raise NotExpressible(f"effects from {src!r} in a turn")


def _turn_sources(st, s: int, src) -> list:
    if src[0] == "action":
        return [A_ACT + src[1] * 2, A_ACT + src[1] * 2 + 1]
    if src[0] == "career":
        return [A_CAREER + k for k, (cid, _) in enumerate(CAREER_ACTIONS) if cid == list(CAREERS)[src[1]]]
    if src[0] == "scenario":
        return [A_SCEN + src[1]]
    return []


def _match(st, pushed: list, frame: list, ctx: dict):
    """The number of steps of ``pushed`` done when ``frame`` is what is left of it (the sub-choices already made in
    its first effect aside), or None."""
    for done, settle in ((d, x) for d in range(_steps(st, pushed) + 1) for x in (True, False)):
        rest = _drop(st, pushed, done, "", settle)
        if len(rest) == len(frame) and rest[1:] == frame[1:] and rest and rest[0][:2] == frame[0][:2] and (
                rest[0][0] != "eff" or {k: v for k, v in frame[0][2].items() if not k.startswith("_")} == rest[0][2]):
            return done
    return None


def _pm_progress(st, inner: list, out: dict) -> None:
    """Phase ``prime_minister`` before his turn: the Event (or PMQT's signals), the Pact window."""
    out["phase"] = "prime_minister"
    pm = st.seat_of("pm")
    tail = [["window_pact", pm], ["turn", pm]]
    if inner == tail[1:]:
        raise NotExpressible("the PM's queue")
    if inner == tail:
        out["step"] = "pact_window"
        return
    if inner[-2:] != tail:
        raise NotExpressible(f"the PM's queue {inner!r}")
    head = inner[:-2]
    if head and head[0][0] in ("qt_ask", "qt_call"):
        return  # the signals (``questions``)
    e = st.event
    if head == [["draw_event"]]:
        if e >= 0:
            out["event"] = {"card": EVENT_IDS[e]}
        return
    if e < 0 or EVENT_LIST[e]["kind"] == "by_election" or head[-1:] != [["event_done"]]:
        raise NotExpressible(f"the Event's queue {head!r}")
    frame = head[:-1]
    if not frame:
        raise NotExpressible("an Event with all its effects run")
    ctx = frame[0][2]
    for i, o in enumerate(st._event_options()):
        pushed = [["eff", x, {"actor": pm, "mult": 1, "src": ["event", e]}] for x in o["effects"]] + [["event_done"]]
        done = _match(st, pushed, head, ctx)
        if done is not None:
            out["event"] = {"card": EVENT_IDS[e], "option": i, "effects_done": done}
            chosen = _choice_json(st, ctx)
            if chosen:
                out["event"]["chosen"] = chosen
            return
    raise NotExpressible("an Event's effects in progress")


def _resolution_effects(st, inner: list) -> dict:
    """Phase ``bill_resolution``: the effects of the bill just passed, or the Debate Cards of one just resolved."""
    ctx = inner[0][2] if inner[0][0] == "eff" else {}
    chosen = _choice_json(st, ctx)
    candidates = []
    if st.passed:
        b = st.passed[-1]
        dc = next((t for t in inner if t[0] == "debate_cards"), None)
        lists = [dc[1]] if dc is not None else _debate_guesses(st, inner)
        candidates += [({"bill": BILL_IDS[b], "debate_cards": debate_json(d)}, d, None) for d in lists]
    for d in _debate_guesses(st, inner):
        for outcome in ("pass", "fail"):
            candidates.append(({"debate_cards": debate_json(d), "outcome": outcome}, d, outcome))
    for source, debate, outcome in candidates:
        try:
            pushed = _bill_pushed(st, BILL_INDEX[source["bill"]], debate) if outcome is None \
                else [["debate_cards", debate, outcome]]
        except PositionError:
            continue
        done = _match(st, pushed, inner, ctx)
        if done is not None:
            out = {"source": source, "effects_done": done}
            if chosen:
                out["chosen"] = chosen
            return out
    raise NotExpressible("the effects of a bill's resolution in progress (Scenario 4: a Supporter played after "
                         "the Importation Act passed)")


def _debate_guesses(st, inner: list) -> list:
    """Debate Card lists whose rewards / penalties end as the Debate Card effects at the front of ``inner`` do: the
    cards still to reward or penalise, in order (those already done are not needed to go on)."""
    effs = []
    for t in inner:
        if t[0] != "eff" or (t[2].get("src") or [None])[0] != "debate_card":
            break
        effs.append(t)
    groups: list = []
    for t in effs:
        if groups and groups[-1][0] == t[2]["actor"]:
            groups[-1][1].append(t)
        else:
            groups.append((t[2]["actor"], [t]))
    outs = []
    for outcome in ("pass", "fail"):
        cards = []
        for g, (owner, group) in enumerate(groups):
            hit = None
            held = [c for c in (st._debate_card_of(owner), "debate_opposition_leader") if c]
            for cid in dict.fromkeys(held):
                for side_name in DEBATE[cid]["sides"]:
                    full = _expand(st, ["debate_cards", [[cid, owner, side_name]], outcome])
                    if (full[len(full) - len(group):] == group if g == 0 else full == group) and full:
                        hit = [cid, owner, side_name]
                        break
                if hit:
                    break
            if hit is None:
                break
            cards.append(hit)
        else:
            outs.append(cards)
    return outs or [[]]
