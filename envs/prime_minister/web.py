"""Prime Minister on the web page: the board as drawn, every question worded with what each choice does, the story's
wording, the end and why, the quick rules, the card reference and the set-up form's words (the names every game's
``web.py`` has: :mod:`hustings.core.page`).

The component tables are read at call time: a game of its own component set holds them installed while the page
asks (``hustings.web.tables``), and :func:`cards` and :func:`setup_words` are read with the shipped set installed.
"""
from __future__ import annotations

import re

from ..core.page import choice, seats_named
from . import components as C
from .components import (ABILITIES, BILL_LIST, CAREER_ORDER, CAREERS, EVENT_LIST, PARTY_NAMES, POLITICIANS, SCENARIOS,
                         SUP_INDEX, SUPPORTER_LIST)

#: The kind of table the page draws: a parliament's tracks, Sectors, bills and seats (``State.board_view``).
LAYOUT = "parliament"
#: Event types that open a new part of the game (a round).
HEADS = {"round_start"}
#: Event types that change the score or decide something (the rest are minor).
MAJOR = {"bill_passed", "bill_failed", "agreement_refused", "election", "by_election", "event_drawn", "event_option",
         "round_end", "game_end", "office", "proposals_revealed", "bill_selected", "challenge", "royal_interference",
         "pact_ended", "pact_restarted", "resigned", "rejoin"}
#: The story names each public move as its question offered it ("Up (+) (Supporter Duke of Argyll: ±10 Votes on a
#: bill)"): the rules' names of sub-choices ("up", "option 2") say nothing on their own.
STORY_LABELS = True

#: A few lines a new player reads first.
QUICK_RULES = [
    "A Victorian parliament: a Prime Minister, an Opposition Leader and Backbenchers. Each round bills are "
    "selected, players take actions with cubes, bills are resolved, challenges and elections may follow.",
    "Actions (Campaign, Debate, Flatter, Hobnob, Influence) move Popularity in the Sectors, Votes on bills, "
    "Favour and Standing; Supporters are cards with two options each.",
    "VP are pooled: an award to the Government or the Opposition goes to every member of that side (in a "
    "Pact, to both). The Prime Minister who reaches 100 VP wins.",
]


# --- the card reference and the set-up form -----------------------------------------------------------------------
def cards() -> dict:
    """Every Supporter's, bill's, Event's, Career card's and politician's text, by name."""
    out = {}
    for c in SUPPORTER_LIST:
        out[c["name"]] = "Supporter, " + supporter_text(c)
    for b in BILL_LIST:
        out[b["name"]] = bill_text(b)
    for e in EVENT_LIST:
        out[e["name"]] = "Event: " + _event_text(e)
    for c in CAREERS.values():
        req = c["requirements"]
        need = ", ".join(x for x in (req.get("ability") and f"{req['ability']} ability",
                                     f"Standing {req['standing_min']}+", f"Favour {req['favour_min']}+") if x)
        out.setdefault(c["name"], f"Career card ({c['side']}; needs {need}): "
                                  + "; ".join(effect_text(x) for x in c["effects"]))
    for p in POLITICIANS.values():
        ab = ", ".join(f"{k.title()} {v}" for k, v in p["abilities"].items())
        camp = f"; campaigns in {', '.join(p['campaign_sectors'])}" if p.get("campaign_sectors") else ""
        out[p["name"]] = f"{p['party'].title()} politician: {ab}{camp}"
    return out


def setup_words() -> dict:
    """The set-up form's words for each option; the Scenarios as choices with their table sizes and victory."""
    scenarios = [{"value": 0, "label": "Standard game", "players": [2, 3, 4]}]
    for num in sorted(SCENARIOS):
        s = SCENARIOS[num]
        counts = list(s["player_counts"])
        scenarios.append({"value": num, "label": f"{num}. {s['name']} ({' or '.join(map(str, counts))} players)",
                          "players": counts, "help": s.get("victory", "")})
    return {
        "scenario": {"label": "Scenario", "help": "the standard game or one of the rulebook's Scenarios",
                     "choices": scenarios},
        "max_rounds": {"label": "Round limit", "help": "the game stops with no winner after this many rounds (0: no "
                       "limit)"},
        "question_time": {"label": "Question Time", "help": "the optional rule: 4 players, the standard game or "
                          "Scenario 6", "requires": {"players": [4], "scenario": [0, 6]}},
        "alternate_vote_tracker": {"label": "Alternate Vote Tracker", "help": "show bill projections as on the "
                                   "Alternate Vote Tracker (no rule changes)"},
        "components": {"label": "Own components", "help": "JSON component values on the server (empty: the "
                       "shipped ones)", "advanced": True},
    }


# --- the story ----------------------------------------------------------------------------------------------------
def _seats(text: str) -> str:
    """The rules' "seat 2" as the page says it: "P2"."""
    return re.sub(r"\bseat (\d)", r"P\1", text)


def story_line(game, events: list[dict], i: int) -> str:
    """A Supporter played or drawn with its words, a round's VP with each seat's gain, an election's VP pools, the
    game's winners; else the event's own line, seats as P0..."""
    e = events[i]
    t = e.get("type")
    try:
        if t == "supporter_played":
            card = SUPPORTER_LIST[SUP_INDEX[e["card"]]]
            opt = card["options"][e.get("option", 0)]
            return (f"P{e['player']} plays {card['name']}: {opt['label']} ({effects_text(opt['effects'])})"
                    + (" doubled (Father of the House)" if e.get("doubled") else ""))
        if t == "supporters_drawn":
            drawn = ": " + ", ".join(_sup_name(c) for c in e["cards"]) if e.get("cards") else ""
            return (f"P{e['player']} draws {e['count']} Supporter{'s' if e['count'] != 1 else ''}"
                    + (f", to keep {e['keep']}" if e["keep"] < e["count"] else "") + drawn)
        if t == "round_end":
            now = {p["seat"]: p["vp"] for p in e["table"]["players"]}
            before = None
            for j in range(i - 1, -1, -1):
                if events[j].get("type") == "round_end":
                    before = {p["seat"]: p["vp"] for p in events[j]["table"]["players"]}
                    break
            parts = []
            for s, v in sorted(now.items()):
                gain = v - (before or {}).get(s, 0) if before is not None else None
                parts.append(f"P{s} {v}" + (f" ({gain:+d})" if gain else ""))
            return f"Round {e['round']} ends. VP: " + ", ".join(parts)
        if t == "election":
            line = _seats(game.describe_event(e))
            pools = e.get("pools") or {}
            shares = [f"{side} +{v} VP shared by " + ", ".join(f"P{s}" for s in pools.get(side, []))
                      for side, v in (e.get("vp") or {}).items() if v and pools.get(side)]
            if shares:
                line = line.split("; government +")[0].split("; opposition +")[0] + "; " + "; ".join(shares)
            return line
        if t == "game_end" and not e.get("truncated"):
            won = " and ".join(f"P{p}" for p in e["winners"])
            return f"Game over in round {e['round']}: {won} won (VP " + ", ".join(
                f"P{p} {v}" for p, v in enumerate(e.get("vp") or [])) + ")"
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return _seats(game.describe_event(e))


def _sup_name(cid: str) -> str:
    return SUPPORTER_LIST[SUP_INDEX[cid]]["name"] if cid in SUP_INDEX else str(cid)


# --- the table ----------------------------------------------------------------------------------------------------
def table(st, viewer: int | None) -> dict:
    """The board (``State.board_view``) with the round, the seat to move and what it is choosing, an Event's options
    with their cost and effects, the Scenario and how to win, each seat's role by name."""
    out = dict(st.board_view(viewer))
    out["game"] = "prime_minister"
    out["round"] = st.round
    pend = st.pending or {}
    out["to_play"] = None if st.over or not st.pending else pend.get("player")
    out["phase"] = None if st.over else PHASE_WORDS.get(pend.get("kind"), pend.get("kind"))
    if not st.over and pend.get("kind") == "event" and st.event is not None and st.event >= 0:
        card = EVENT_LIST[st.event]
        out["event"] = {"name": card["name"], "options": [
            {"label": o.get("label", ""), "cost": o["cost"], "does": effects_text(o["effects"])}
            for o in st.event_options()]}
    num = st.scen.get("num", 0)
    if num:
        out["scenario_name"] = SCENARIOS[num]["name"]
        out["victory"] = SCENARIOS[num].get("victory", "")
    else:
        out["victory"] = "The Prime Minister who reaches 100 VP wins."
    for s in out["seats"]:
        s["role_name"] = ROLE_NAMES.get(s["role"], s["role"])
    return out


# --- the game's words ---------------------------------------------------------------------------------------------
#: The roles by name.
ROLE_NAMES = {"pm": "Prime Minister", "ol": "Opposition Leader", "gbb": "Government Backbencher",
              "obb": "Opposition Backbencher"}

#: What a decision is about, by its kind (``pending["kind"]``).
PHASE_WORDS = {
    "main": "an action turn", "permit": "the PM's permission", "yesno": "a yes/no question", "event": "an Event",
    "eff_sector": "a Sector", "eff_party": "a party", "eff_player": "a player", "eff_sign": "up or down",
    "eff_dir": "a direction for MPs", "eff_bill": "a bill", "eff_option": "an option",
    "keep": "which Supporter to keep", "discard": "a Supporter to discard (hold limit)",
    "draw_bill": "which bill deck to draw from", "propose": "a bill to propose", "select": "a bill for the board",
    "resolve": "how to resolve a bill", "order": "who acts first in the Opposition",
    "election": "whether to hold the Election", "debate_target": "a bill for a Debate Card",
    "qt_call": "who asks at Question Time", "qt_card": "a Question card", "ia_play": "the Importation Act",
    "ica_slot": "a slot for the Irish Coercion Act", "debate_side": "a side of a Debate Card"}

_WHO = {"self": "you", "pm": "the PM", "opposition_leader": "the Opposition Leader", "any": "any player",
        "government": "the Government", "opposition": "the Opposition"}

_PARTY = {"own": "your party", "opponent": "the other party", "any": "either party", "liberal": "the Liberals",
          "conservative": "the Conservatives"}


def _num(v: int, sign: bool) -> str:
    """An amount as an effect gives it: ``±2`` where the player chooses the sign."""
    return f"±{abs(v)}" if sign else f"{v:+d}"


def effect_text(e: dict) -> str:
    """One effect of a Prime Minister card or mat, in words."""
    op = e.get("op")
    sign = bool(e.get("choose_sign"))
    if op == "sector":
        where = {"politician": "one of your Politician's Sectors", "any": "any Sector",
                 "devonshire": "Conservatives or Ireland"}.get(e["sector"], e["sector"])
        steps = e["steps"]
        return (f"{where} {_num(steps, sign)} step{'s' if abs(steps) != 1 else ''} for "
                f"{_PARTY.get(e['party'], e['party'])}")
    if op in ("standing", "favour"):
        return f"{_WHO.get(e['who'], e['who'])}: {op.title()} {_num(e['amount'], sign)}"
    if op == "vp":
        return f"+{e['amount']} VP to {_WHO.get(e['who'], e['who'])}"
    if op == "votes":
        return f"{_num(e['amount'], sign)} Votes on " + ("every bill" if e.get("target") == "all_bills" else "a bill")
    if op == "influence":
        d = {"either": "between Moderate and Partisan", "to_partisan": "to Partisan",
             "to_moderate": "to Moderate"}.get(e.get("direction", "either"))
        return f"move {e['mps']} Government MPs {d}"
    if op == "draw_supporters":
        return f"draw {e['draw']} Supporter{'s' if e['draw'] != 1 else ''}, keep {e['keep']}"
    if op == "choice":
        return "one of: " + " / ".join(effects_text(o) for o in e["options"])
    if op == "grant_action":
        return f"{e['cost']} cube{'s' if e['cost'] != 1 else ''}: {effects_text(e['effects'])}"
    if op == "take_pm_cube":
        return f"take {e.get('count', 1)} of the PM's cubes"
    if op == "at_round_start":
        return "at the start of each round: " + effects_text(e.get("effects", []))
    return str(op)


def effects_text(effects) -> str:
    """A list of effects in words (``"no effect"`` for none)."""
    if not effects:
        return "no effect"
    return "; ".join(effect_text(e) for e in effects)


def bill_text(b: dict) -> str:
    """A bill card: its deck, icon and adjustment, VP and effects."""
    deck = b["deck"].replace("_", "-")
    adj = b["adjustment"]
    line = (f"{b.get('title', b['name'])}. {deck} bill, {b['icon']} MPs{adj:+d}; passed: +{b['vp']} VP; "
            f"{effects_text(b.get('effects'))}")
    if b.get("personal"):
        line += f"; the PM: {effects_text(b['personal'])}"
    return line


def supporter_text(c: dict) -> str:
    """A Supporter card: its subtitle and both options with their effects."""
    opts = " | ".join(f"{k + 1}. {o['label']}: {effects_text(o['effects'])}" for k, o in enumerate(c["options"]))
    return f"{c.get('subtitle', '')}: {opts}" if c.get("subtitle") else opts


def _seat_words(st, s: int) -> str:
    """A seat with its politician, party and role: "P1 (Disraeli, conservative Opposition Leader)"."""
    return f"P{s} ({POLITICIANS[st.pol[s]]['name']}, {PARTY_NAMES[st.party[s]]} {ROLE_NAMES.get(st.role[s], '')})"


def _source_words(st, ctx: dict) -> str:
    """Where an effect under decision comes from: "Supporter Mary Shelley", "your Debate action"..."""
    src = ctx.get("src") or [None, None]
    kind, k = src[0], src[1] if len(src) > 1 else None
    try:
        if kind == "action":
            return f"your {ABILITIES[k].title()} action"
        if kind == "career":
            return f"your {CAREERS[CAREER_ORDER[k]]['name']} Career card"
        if kind == "supporter":
            return f"Supporter {SUPPORTER_LIST[k]['name']}"
        if kind == "event":
            return f"Event {EVENT_LIST[k]['name']}"
        if kind == "bill":
            return f"bill {BILL_LIST[k]['name']}"
        if kind == "debate_card":
            return "your Debate Card"
        if kind == "round_start":
            return "the start of the round"
        if kind == "scenario":
            return "the Scenario"
    except (IndexError, KeyError, TypeError):
        pass
    if st.event is not None and st.event >= 0 and kind is None:
        return f"Event {EVENT_LIST[st.event]['name']}"
    return "an effect"


# --- the question, the wait, the end ------------------------------------------------------------------------------
def prompt(st, player: int) -> dict:
    """The decision pending for ``player``, worded with what each choice does: yes/no questions with their stakes,
    an Event's options, an effect's target (what it is ``about`` goes in the story), Supporters, bills, the action
    turn."""
    pend = st.pending or {}
    kind = pend.get("kind")
    legal = st.legal_actions()
    choices = []
    question = f"Choose {PHASE_WORDS.get(kind, kind)}"
    about = None  # what a sub-choice is about, for the story
    bills = st.bills

    def bill_slot(i: int) -> str:
        return f"slot {i + 1}: {C.BILL_LIST[bills[i]['bill']]['name']} (projection {st.projection(i)})"

    if kind == "yesno":
        q = pend.get("q")
        yes, no, question = "Yes", "No", f"{q}?"
        if q == "end_pact":
            question, yes, no = "As Opposition Leader: end the Pact now?", "End the Pact", "Keep the Pact"
        elif q == "restart_pact":
            question, yes, no = ("Three Cross-Party bills are on the board: restart the Pact?", "Restart the Pact",
                                 "No Pact")
        elif q == "propose_pact":
            question, yes, no = "Propose to the other Party Leader to restart the Pact?", "Propose the Pact", "Do not propose"
        elif q == "accept_pact":
            question, yes, no = "The other Party Leader proposes to restart the Pact: accept?", "Accept", "Refuse"
        elif q == "agreement":
            i = pend.get("slot", 0)
            question = (f"The PM asks your Agreement to pass {bill_slot(i)}. Agreed, it passes and the Opposition "
                        f"gets +{C.BOARD['bill_resolution']['agreement_opposition_vp']} VP; refused, the PM must "
                        f"vote on it or withdraw it.")
            yes, no = "Agree: the bill passes", "Refuse Agreement"
        elif q == "request_rejoin":
            question, yes, no = "You resigned: ask the PM to let you rejoin the Government?", "Ask to rejoin", "Stay out"
        elif q == "accept_rejoin":
            question, yes, no = "The Backbencher who resigned asks to rejoin the Government: accept?", "Accept", "Refuse"
        elif q == "deputy":
            question, yes, no = "Deputy PM: take one of the PM's action cubes?", "Take a cube", "Leave it"
        elif q == "challenge":
            t = pend.get("target", -1)
            question = (f"Challenge {_seat_words(st, t)}? If you do, you take their position and they take yours."
                        if t >= 0 else "Challenge?")
            yes, no = "Challenge", "Do not challenge"
        elif q == "royal":
            question = ("Royal Interference: the Queen calls on you, her favourite, although your side lost the "
                        "count. Accept?")
            yes, no = "Accept the Queen's call", "Refuse"
        elif q == "question":
            question, yes, no = "Question Time: ask to put a question to the PM?", "Ask a question", "No question"
        elif q == "workers":
            question = ("Scenario 5: spend a saved cube on the Workers action now (your party +1 step in Workers)?")
            yes, no = "Spend a cube: Workers +1", "Keep the cube"
        choices = [choice(C.YES, yes), choice(C.NO, no)]
    elif kind == "permit":
        req = pend.get("requester", -1)
        question = (f"{_seat_words(st, req)} asks your permission, as PM, to {C.action_name(pend.get('request', 0))}"
                    " (it moves Government MPs)")
        choices = [choice(C.YES, "Permit"), choice(C.NO, "Refuse")]
        about = f"P{req}: {C.action_name(pend.get('request', 0))}"
    elif kind == "event":
        card = C.EVENT_LIST[st.event]
        question = (f"Event: {card['name']}. As PM, choose how you respond (you have {st.cubes[player]} "
                    f"cube{'s' if st.cubes[player] != 1 else ''})")
        opts = st.event_options()
        for a in legal:
            o = opts[a - C.A_OPTION]
            choices.append(choice(a, f"{o.get('label') or 'option ' + str(a - C.A_OPTION + 1)}",
                                  f"{o['cost']} cube{'s' if o['cost'] != 1 else ''}: {effects_text(o['effects'])}"))
    elif kind and kind.startswith("eff_"):
        task = st.tasks[0] if st.tasks and st.tasks[0][0] == "eff" else None
        e, ctx = (task[1], task[2]) if task else ({}, {})
        what = f"{_source_words(st, ctx)}: {effect_text(e) if e else 'an effect'}"
        about = what
        question = {"eff_sector": f"{what}. Which Sector?", "eff_party": f"{what}. For which party?",
                    "eff_player": f"{what}. Which player?", "eff_sign": f"{what}. Up or down?",
                    "eff_dir": f"{what}. Which way?", "eff_bill": f"{what}. On which bill?",
                    "eff_option": f"{what}. Which one?"}[kind]
        for a in legal:
            if kind == "eff_sector":
                i = a - C.A_SECTOR
                choices.append(choice(a, C.SECTORS[i], f"Liberals at {st.sector_pos[C.LIB][i]}, Conservatives at "
                                                       f"{st.sector_pos[C.CON][i]}"))
            elif kind == "eff_party":
                choices.append(choice(a, C.PARTY_NAMES[a - C.A_PARTY].title()))
            elif kind == "eff_player":
                p = a - C.A_PLAYER
                choices.append(choice(a, _seat_words(st, p), f"Standing {st.standing[p]}, Favour {st.favour[p]}"))
            elif kind == "eff_sign":
                up = a == C.A_SIGN
                choices.append(choice(a, "Up (+)" if up else "Down (−)", "raise it" if up else "lower it"))
            elif kind == "eff_dir":
                to_mod = a == C.A_DIR
                choices.append(choice(a, "Partisan MPs to Moderate" if to_mod else "Moderate MPs to Partisan",
                                      f"now {st.mps['P']} Partisan, {st.mps['M']} Moderate"))
            elif kind == "eff_bill":
                choices.append(choice(a, bill_slot(a - C.A_SLOT)))
            else:
                k = a - C.A_OPTION
                opts = e.get("options") or []
                choices.append(choice(a, effects_text(opts[k]) if k < len(opts) else f"option {k + 1}"))
    elif kind == "keep":
        left = pend.get("left", 1)
        question = f"You drew {len(pend.get('drawn', []))} Supporters: keep {left} (the rest are discarded)"
        for a in legal:
            c = C.SUPPORTER_LIST[a - C.A_KEEP]
            choices.append(choice(a, f"Keep {c['name']}", supporter_text(c), card=c["name"]))
    elif kind == "discard":
        question = f"You hold more than {C.HOLD_LIMIT} Supporters: discard one"
        for a in legal:
            c = C.SUPPORTER_LIST[a - C.A_DISCARD]
            choices.append(choice(a, f"Discard {c['name']}", supporter_text(c), card=c["name"]))
    elif kind == "draw_bill":
        question = "Bill Selection: draw a bill from which deck?"
        gov = C.PARTY_NAMES[st.gov_party]
        for a in legal:
            choices.append(choice(a, "Cross-Party deck" if a == C.A_DRAW else f"{gov.title()} deck",
                                  "Cross-Party bills pass with votes from both sides" if a == C.A_DRAW else
                                  "a Party bill of the Government's party (selecting one ends a Pact)"))
    elif kind in ("propose", "select"):
        pm_pick = kind == "select"
        question = (f"As PM, select a bill for slot {len(bills) + 1} (the proposer of a bill you pick gets "
                    f"+{C.BOARD['bill_resolution']['selection_bonus_vp']} VP)" if pm_pick else
                    "Propose one of your bills to the PM (face down until all are proposed)")
        props = {b: s for b, s in st.proposed}
        for a in legal:
            b = a - C.A_BILL
            card = C.BILL_LIST[b]
            by = props.get(b)
            choices.append(choice(a, card["name"], bill_text(card) + (f" (proposed by P{by})" if pm_pick and by is
                                                                       not None else ""), card=card["name"]))
    elif kind == "resolve":
        question = ("Resolve one bill: by Agreement (the Opposition Leader says yes or no), by Vote (allowed at "
                    "320+; below 350 an Uncertainty card may swing it), or withdraw it")
        for a in legal:
            k, i = divmod(a - C.A_RESOLVE, 3)
            verb = ("Agreement", "Vote", "Withdraw")[k]
            choices.append(choice(a, f"{verb}: {C.BILL_LIST[bills[i]['bill']]['name']}",
                                  f"slot {i + 1}, projection {st.projection(i)}", group=f"Bill slot {i + 1}"))
    elif kind == "order":
        question = "Who acts first in the Opposition this round?"
        choices = [choice(a, ("The Opposition Leader first", "The Backbencher first")[a - C.A_ORDER]) for a in legal]
    elif kind == "election":
        question = "No bills are left on the board: hold the Election now, or remove the Election Marker?"
        choices = [choice(a, ("Hold the Election", "Remove the Election Marker")[a - C.A_ELECTION],
                          "the seats are counted from the projection plus an Uncertainty card"
                          if a == C.A_ELECTION else "no Election this round") for a in legal]
    elif kind == "debate_target":
        question = "Place your Debate Card under which bill?"
        choices = [choice(a, bill_slot(a - C.A_SLOT)) for a in legal]
    elif kind == "ica_slot":
        question = "Which bill does the Irish Coercion Act replace?"
        choices = [choice(a, bill_slot(a - C.A_SLOT)) for a in legal]
    elif kind == "debate_side":
        question = "Play your Debate Card on which side?"
        choices = [choice(a, ("The Pact side (up)", "The other side (down)")[a - C.A_SIGN]) for a in legal]
    elif kind == "qt_call":
        question = "Question Time: which player do you call to ask a question?"
        choices = [choice(a, _seat_words(st, a - C.A_PLAYER)) for a in legal]
    elif kind == "qt_card":
        question = "Question Time: which Question card do you put?"
        hand = st.qt_hands[player]
        for a in legal:
            k = a - C.A_OPTION
            ev = C.EVENT_LIST[hand[k]] if k < len(hand) else None
            choices.append(choice(a, ev["name"] if ev else f"card {k + 1}", _event_text(ev) if ev else ""))
    elif kind == "main":
        question = (f"Your action turn: you have {st.cubes[player]} action cube{'s' if st.cubes[player] != 1 else ''}"
                    f". Take actions, play Supporters, or end your turn.")
        choices = [_main_choice(st, player, a) for a in legal]
    if not choices:
        choices = [choice(a, C.action_name(a)) for a in legal]
    out = {"question": question, "choices": choices}
    if about:
        out["about"] = about
    return out


def _event_text(ev: dict) -> str:
    """An Event card (or Question card): each option with its cost and effects."""
    if ev.get("kind") == "by_election":
        return "By-Election: the Government may lose MPs if its projection falls short"
    return " | ".join(f"{o.get('label', '')} ({o['cost']} cubes): {effects_text(o['effects'])}" for o in ev["options"])


def _main_choice(st, s: int, a: int) -> dict:
    """A move of the action turn: an action at its level, a Career card, the Debate Card, a Supporter's option."""
    if a == C.END_TURN:
        return choice(a, "End your turn", "unspent cubes are kept", group="Turn")
    if C.A_ACT <= a < C.A_CAREER:
        k = a - C.A_ACT
        ab, lv = C.ABILITIES[k // 2], k % 2 + 1
        effs = st.mat(s)["actions"][ab][str(lv)]
        return choice(a, f"{ab.title()} (level {lv})", f"1 cube: {effects_text(effs)}",
                      group="Politician actions")
    if C.A_CAREER <= a < C.A_DEBATE_CARD:
        cid, i = C.CAREER_ACTIONS[a - C.A_CAREER]
        card = C.CAREERS[cid]
        return choice(a, card["name"], effect_text(card["effects"][i]), group="Career cards")
    if a == C.A_DEBATE_CARD:
        return choice(a, "Play your Debate Card", f"{st.debate_card_cost(s)} cube(s): place it under a bill",
                      group="Politician actions")
    if a == C.A_RESIGN:
        return choice(a, "Resign from the Government", "all your cubes; you leave the Government pool",
                      group="Turn")
    if C.A_PLAY <= a < C.A_DISCARD:
        k = a - C.A_PLAY
        card = C.SUPPORTER_LIST[k // 2]
        opt = card["options"][k % 2]
        doubled = st.turn and (k // 2) in (st.turn.get("doubled") or [])
        return choice(a, f"{card['name']}: {opt['label']}", effects_text(opt["effects"])
                      + (" (doubled: Father of the House)" if doubled else ""), group="Supporters",
                      card=card["name"])
    if C.A_DISCARD <= a < C.A_KEEP:
        card = C.SUPPORTER_LIST[a - C.A_DISCARD]
        return choice(a, f"Discard {card['name']}", "", group="Supporters", card=card["name"])
    return choice(a, C.action_name(a), group="Scenario")


def waiting(st, p: int) -> str:
    """What the seat to move is deciding, by the kind of decision (a yes/no question by its subject)."""
    pend = st.pending or {}
    kind = pend.get("kind")
    who = f"P{p}"
    if kind == "event":
        return f"{who} (the PM) is choosing how to respond to the Event {EVENT_LIST[st.event]['name']}"
    if kind == "yesno":
        q = {"end_pact": "whether to end the Pact", "restart_pact": "whether to restart the Pact",
             "propose_pact": "whether to propose a Pact", "accept_pact": "whether to accept a Pact",
             "agreement": "whether to agree to the bill", "request_rejoin": "whether to ask to rejoin",
             "accept_rejoin": "whether to accept a rejoin", "deputy": "whether to take a cube as Deputy PM",
             "challenge": "whether to challenge", "royal": "whether to accept Royal Interference",
             "question": "whether to ask a question", "workers": "the Workers' question"}.get(pend.get("q"), "")
        return f"{who} is deciding {q}".strip()
    if kind == "main":
        return f"{who} is taking an action turn"
    return f"{who} is choosing {PHASE_WORDS.get(kind, kind)}"


def end(st, names) -> dict:
    """The winners and why: the Scenario's victory, the first PM to 100 VP, or the round limit."""
    won = st.winners()
    standings = [{"seat": p, "score": st.vp[p], "unit": "VP", "role": ROLE_NAMES.get(st.role[p], st.role[p])}
                 for p in range(st.n)]
    if not won:
        return {"headline": f"No winner: the game stopped after round {st.round} (the round limit)", "why": [],
                "standings": standings}
    num = st.scen.get("num", 0)
    pm = st.seat_of("pm")
    if num:
        why = [f"Scenario {num} ({SCENARIOS[num]['name']}): {SCENARIOS[num].get('victory', '')}"]
    elif pm in won and st.vp[pm] >= 100:
        why = [f"P{pm} reached {st.vp[pm]} VP as Prime Minister: the first PM to 100 VP wins."]
    else:
        why = ["The Prime Minister who reaches 100 VP wins."]
    return {"headline": f"{seats_named(names, won)} won in round {st.round}", "why": why, "standings": standings}
