"""Prime Minister: the game as text -- the table rendering (with the Alternate Vote Tracker optional rule,
L1800-1822), one line of table talk per event, and what a terminal or a page shows of a move or of the board: the
description of a move hidden from the other seats, the short forms a person may type for a move, and the board as
one seat sees it. Every function reads the state it is given; nothing here changes a state.
"""
from __future__ import annotations

from .components import (ABILITIES, A_ACT, A_BILL, A_CAREER, A_DEBATE_CARD, A_DIR, A_DISCARD, A_DRAW, A_ELECTION,
                         A_KEEP, A_OPTION, A_ORDER, A_PARTY, A_PLAY, A_PLAYER, A_RESIGN, A_RESOLVE, A_SECTOR, A_SIGN,
                         A_SLOT, BILL_LIST, CAREER_ACTIONS, CON, END_TURN, EVENT_INDEX, EVENT_LIST, LIB, NO,
                         PARTY_NAMES, POLITICIANS, SCENARIOS, SECTOR_LIST, SECTORS, SUPPORTER_LIST, SUP_INDEX, YES)


# --- the table ------------------------------------------------------------------------------------------------------
def render_state(st, player: int | None = None) -> str:
    """The table as text, as seat ``player`` sees it (``None``: every hand shown)."""
    lines = [f"Round {st.round}  Pact: {st.pact}  Resigned: {st.resigned}  Marker: {st.marker}  "
             f"Government: {PARTY_NAMES[st.gov_party]}  MPs A{st.mps['A']} M{st.mps['M']} P{st.mps['P']}"]
    lead = st.lead()
    lines.append("Lead: " + ("tied" if lead == 0 else f"{PARTY_NAMES[CON if lead > 0 else LIB]} +{abs(lead)}"))
    for s in range(st.n):
        hand = (f" hand={[SUPPORTER_LIST[c]['name'] for c in st.hand[s]]}" if player in (None, s)
                else f" hand={len(st.hand[s])} cards")
        lines.append(f"  seat {s} {POLITICIANS[st.pol[s]]['name']} ({PARTY_NAMES[st.party[s]]}) "
                     f"{st.role[s]} Standing {st.standing[s]} Favour {st.favour[s]} VP {st.vp[s]} "
                     f"cubes {st.cubes[s]}{hand}")
    for i, b in enumerate(st.bills):
        c = BILL_LIST[b["bill"]]
        lines.append(f"  bill {i + 1}: {c['name']} {c['icon']}{b['adj']:+d} = {st.projection(i)} "
                     f"debate={[d[0] for d in b['debate']]}")
    if st.game.avt and st.bills:  # optional rule: the overlay shows each bill's total projection
        marks = []
        for i in range(len(st.bills)):
            v = st.projection(i)
            marks.append(f"bill {i + 1}: " + ("<150" if v < 150 else ">500" if v > 500 else str(v)))
        lines.append("  Alternate Vote Tracker: " + ", ".join(marks))
    if st.scen.get("num"):
        aside = [BILL_LIST[b]["name"] for b in st.scen.get("aside", [])]
        lines.append(f"  Scenario {st.scen['num']} ({SCENARIOS[st.scen['num']]['name']}); set aside: {aside}")
    if st.over:
        lines.append(f"Game over: winner {st.winners()} truncated={st.truncated}")
    elif st.pending:
        lines.append(f"To move: seat {st.pending['player']} ({st.pending['kind']})")
    return "\n".join(lines)


# --- events ---------------------------------------------------------------------------------------------------------
ROLE_NAMES = {"pm": "Prime Minister", "ol": "Opposition Leader", "gbb": "Government Backbencher",
              "obb": "Opposition Backbencher"}


def _bill(bid) -> str:
    for b in BILL_LIST:
        if b["id"] == bid:
            return b["name"]
    return str(bid)


def _sup(cid) -> str:
    i = SUP_INDEX.get(cid)
    return SUPPORTER_LIST[i]["name"] if i is not None else str(cid)


def _ev(eid) -> str:
    i = EVENT_INDEX.get(eid)
    return EVENT_LIST[i]["name"] if i is not None else str(eid)


def describe_event(event: dict) -> str:
    """One line of table talk for an event (``PrimeMinisterGame.describe_event``)."""
    t = event.get("type")
    g = event.get
    seat = f"seat {g('player')}"
    if t == "round_start":
        return f"Round {g('round')} begins"
    if t == "bill_drawn":
        what = f" {_bill(g('bill'))}" if g("bill") else " a bill"
        return f"{seat} draws{what} from the {str(g('deck')).replace('_', '-')} deck"
    if t == "bill_proposed":
        return f"{seat} proposes " + (_bill(g("bill")) if g("bill") else "a bill (face down)")
    if t == "proposals_revealed":
        return "Bills revealed: " + ", ".join(f"{_bill(b)} (seat {s})" for b, s in g("proposals", []))
    if t == "bill_selected":
        by = f", proposed by seat {g('proposer')}" if g("proposer") is not None else ""
        return f"The PM selects {_bill(g('bill'))} for slot {g('slot')}{by}"
    if t == "pact_ended":
        return "The Pact ends"
    if t == "pact_restarted":
        return f"The Pact is restarted (seats {g('by')})"
    if t == "event_drawn":
        return f"Event: {_ev(g('event'))}"
    if t == "event_option":
        return f"The PM chooses '{g('label')}' for {_ev(g('event'))} ({g('cost')} cubes)"
    if t == "by_election":
        raw = g('projection_raw')
        was = f" (rounded from {raw})" if raw is not None and raw != g('projection') else ""
        return (f"By-Election ({_ev(g('event'))}): projection {g('projection')}{was} vs {g('government_mps')} "
                f"Government MPs -- {'lost' if g('lost') else 'held'}")
    if t == "question_called":
        return f"The PM calls seat {g('questioner')} at Question Time"
    if t == "supporter_played":
        return f"{seat} plays {_sup(g('card'))} (option {g('option', 0) + 1}){' doubled' if g('doubled') else ''}"
    if t == "supporter_discarded":
        what = _sup(g("card")) if g("card") else "a Supporter"
        return f"{seat} discards {what}" + (" (hold limit)" if g("hold_limit") else "")
    if t == "supporters_drawn":
        cards = f": {', '.join(_sup(c) for c in g('cards'))}" if g("cards") else ""
        return f"{seat} draws {g('count')} Supporters to keep {g('keep')}{cards}"
    if t == "supporter_kept":
        return f"{seat} keeps " + (_sup(g("card")) if g("card") else "a Supporter")
    if t == "supporters_discarded":
        if g("cards"):
            return f"{seat} discards {', '.join(_sup(c) for c in g('cards'))}"
        return f"{seat} discards {g('count')} Supporter(s) not kept"
    if t == "permission":
        return f"The PM {'permits' if g('granted') else 'refuses'} seat {g('requester')}: {g('request')}"
    if t == "debate_card":
        return f"{seat} places its Debate Card on bill slot {g('slot')} ({g('votes'):+d} votes)"
    if t == "resigned":
        return f"{seat} resigns from the Government"
    if t == "rejoin":
        return f"{seat} {'rejoins' if g('accepted') else 'is refused re-entry to'} the Government"
    if t in ("bill_passed", "bill_failed", "agreement_refused"):
        verb = {"bill_passed": "passes", "bill_failed": "fails", "agreement_refused": "is refused Agreement"}[t]
        if t == "bill_failed" and g("how") == "withdrawn":
            verb = "is withdrawn"
        unc = (f", Uncertainty {g('uncertainty')} ({g('uncertainty_vote'):+d})" if g("uncertainty") else "")
        how = " by Agreement" if g("how") == "agreement" and t == "bill_passed" else ""
        return f"{_bill(g('bill'))} {verb}{how} (projection {g('projection')}{unc})"
    if t == "challenge":
        return (f"seat {g('challenger')} {'challenges' if g('made') else 'does not challenge'} seat {g('target')}")
    if t == "royal_interference":
        return f"Royal Interference: {seat} {'accepts' if g('accepted') else 'refuses'}"
    if t == "election":
        vp = ", ".join(f"{k} +{v} VP" for k, v in (g("vp") or {}).items() if v)
        return (f"Election: the {g('government')} Government, projected {g('projection')}, wins "
                f"{g('government_seats')} seats to {g('opposition_seats')} (Uncertainty {g('uncertainty')} "
                f"{g('uncertainty_seats'):+d}); the {g('winner')} wins"
                + (f"; {vp}" if vp else ""))
    if t == "election_postponed":
        return "The PM removes the Election Marker"
    if t == "office":
        roles = g("roles") or []
        return (f"New offices ({g('cause')}): " + ", ".join(f"seat {s} {ROLE_NAMES.get(r, r)}" for s, r in
                                                             enumerate(roles)) + f"; {g('government')} Government")
    if t == "round_end":
        tab = g("table") or {}
        vp = ", ".join(f"seat {p['seat']} {p['vp']}" for p in tab.get("players", []))
        return f"Round {g('round')} ends -- VP: {vp}"
    if t == "game_end":
        if g("truncated"):
            return f"The game stops after round {g('round')} (round limit): no winner"
        return f"Game over in round {g('round')}: winner(s) {g('winners')}"
    fields = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "private"))
    return f"{t}: {fields}"



# --- what a seat sees of a move, how a person types one, the board of a page -----------------------------------------
def hidden_move_text(st, player: int, action: int) -> str | None:
    """``State.hidden_move``: a bill proposal (face down until all are made), the Supporter kept from a draw and a
    Supporter discarded (only the pile's size is public) are hidden from the other seats; every other move is public
    (``None``)."""
    kind = (st.pending or {}).get("kind")
    if kind == "propose":
        return "propose a bill face down"
    if kind == "keep":
        return "keep a Supporter"
    if A_DISCARD <= action < A_KEEP:
        return "discard a Supporter"
    return None


def typed_forms(player: int, a: int) -> list[str]:
    """``Game.move_forms``: ``y`` / ``n``, ``end``, ``campaign 1``, ``<Supporter> 1`` (play it with option 1),
    ``<Supporter>`` to keep it, ``<bill>``, ``<sector>``, ``liberal``, ``seat 2``, ``slot 1``, ``vote 1``,
    ``hold`` ..."""
    simple = {YES: ["y"], NO: ["n"], END_TURN: ["end"], A_DEBATE_CARD: ["debate card"],
              A_RESIGN: ["resign"], A_DIR: ["moderate"], A_DIR + 1: ["partisan"],
              A_DRAW: ["cross-party"], A_DRAW + 1: ["party bill", "party"],
              A_ORDER: ["ol first", "ol"], A_ORDER + 1: ["backbencher first", "bb"],
              A_ELECTION: ["hold", "election"], A_ELECTION + 1: ["remove", "remove marker"]}
    if a in simple:
        return simple[a]
    if A_ACT <= a < A_CAREER:
        k = a - A_ACT
        return [f"{ABILITIES[k // 2]} {k % 2 + 1}"]
    if A_CAREER <= a < A_DEBATE_CARD:
        cid, i = CAREER_ACTIONS[a - A_CAREER]
        return [cid] if sum(c == cid for c, _ in CAREER_ACTIONS) == 1 else [f"{cid} {i}", cid]
    if A_PLAY <= a < A_DISCARD:
        k = a - A_PLAY
        return [f"{SUPPORTER_LIST[k // 2]['name']} {k % 2 + 1}"]
    if A_KEEP <= a < A_SECTOR:
        return [SUPPORTER_LIST[a - A_KEEP]["name"]]
    if A_SECTOR <= a < A_PARTY:
        return [SECTORS[a - A_SECTOR]]
    if A_PARTY <= a < A_PLAYER:
        return [PARTY_NAMES[a - A_PARTY]]
    if A_PLAYER <= a < A_SIGN:
        return [f"seat {a - A_PLAYER}", f"P{a - A_PLAYER}"]
    if A_SLOT <= a < A_OPTION:
        return [f"slot {a - A_SLOT + 1}", f"bill {a - A_SLOT + 1}"]
    if A_BILL <= a < A_RESOLVE:
        return [BILL_LIST[a - A_BILL]["name"]]
    if A_RESOLVE <= a < A_ORDER:
        k = a - A_RESOLVE
        return [f"{('agreement', 'vote', 'withdraw')[k // 3]} {k % 3 + 1}"]
    return []


def board_for(st, viewer: int | None) -> dict:
    """``State.board_view``: the tracks, Sectors, bills and seats as seat ``viewer`` sees them (``None``: the whole
    table), JSON-able; a seat's own Supporters, hidden bills and pending draw are shown to it alone."""
    seats = []
    for s in range(st.n):
        try:
            mat = st._mat(s)
            lo, hi = mat["standing_min"], mat["standing_max"]
        except Exception:  # noqa: BLE001 - a mat lookup is decoration only
            lo, hi = 0, 20
        own = viewer is None or viewer == s
        seats.append({
            "seat": s, "name": POLITICIANS[st.pol[s]]["name"], "party": PARTY_NAMES[st.party[s]],
            "role": st.role[s], "standing": st.standing[s], "standing_min": lo, "standing_max": hi,
            "favour": st.favour[s], "vp": st.vp[s], "cubes": st.cubes[s], "hand_count": len(st.hand[s]),
            "hand": [SUPPORTER_LIST[c]["name"] for c in st.hand[s]] if own else None,
        })
    bills = []
    for i, b in enumerate(st.bills):
        c = BILL_LIST[b["bill"]]
        bills.append({"slot": i + 1, "name": c["name"], "icon": c["icon"], "adj": b["adj"],
                      "projection": st.projection(i), "debate": [d[0] for d in b["debate"]]})
    sectors = []
    for i, sec in enumerate(SECTOR_LIST):
        sectors.append({"name": sec["name"], "steps": len(sec["positions"]),
                        "liberal": st.sector_pos[LIB][i], "conservative": st.sector_pos[CON][i]})
    pm = st.seat_of("pm")
    revealed = [BILL_LIST[b]["name"] for b, s in st.proposed if s == pm or st.revealed_ok]
    out = {
        "round": st.round, "pact": bool(st.pact), "resigned": bool(st.resigned), "marker": bool(st.marker),
        "government": PARTY_NAMES[st.gov_party], "mps": dict(st.mps), "lead": st.lead(),
        "seats": seats, "bills": bills, "sectors": sectors, "revealed_bills": revealed,
        "pending": None if st.over or not st.pending else {"player": st.pending["player"],
                                                            "kind": st.pending["kind"]},
        "scenario": st.scen.get("num", 0),
    }
    if viewer is not None:
        mine = [BILL_LIST[b]["name"] for b in st.bill_hand[viewer]]
        if not st.revealed_ok:
            mine += [BILL_LIST[b]["name"] for b, s in st.proposed if s == viewer and s != pm]
        out["own_bills"] = mine
        pend = st.pending or {}
        if pend.get("kind") == "keep" and pend.get("player") == viewer:
            out["drawn"] = [SUPPORTER_LIST[c]["name"] for c in pend.get("drawn", [])]
    return out
