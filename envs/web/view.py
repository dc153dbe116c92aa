"""What the page shows of a game, built on the server for one viewer: the story so far, the table, the question
asked and the end.

:func:`seat_view` is the ``table`` part of every view the server sends (``Session.view``):

* ``feed``: what happened, move by move: the events each move caused (a trick and its winner, an island scored, a
  bill passed, an election, a round's VP...), worded by the game's own ``describe_event`` (the narration
  ``hustings demo`` and ``hustings replay`` print), with a few lines reworded for the table ("Island 3: P1 takes
  Hearts (15 points)"); each line has a ``tone``: ``head`` (a new island, round...), ``major`` or ``minor``;
* ``table``: the table as drawn: cards with their suits, the current and the last trick, scores and tracks with
  their names (per game);
* ``prompt`` (the viewer's own decision only): the question asked and, for every legal move, a label, what it does
  and the group it is listed in (Politrickers lists a card once, its paid-switch play as a variant);
* ``waiting``: what the seat to move is deciding, in words that name nothing hidden;
* ``end``: the winner and why they won.

Hidden information stays hidden: everything here is read from what ``viewer`` may see: the public table, the
viewer's own cards and decision, and ``state.events(viewer)`` (the public events plus the viewer's private
fields). ``viewer=None`` (watching bots, replaying a record) is the whole table.
"""
from __future__ import annotations

import re

from hustings.cli.terminal import QUIET_EVENTS

#: Event types that open a new part of the game (a day of an island, a round).
HEADS = {"democracy": {"deal"}, "politrickers": {"round_start"}, "politix": {"deal", "position"},
         "prime_minister": {"round_start"}}
#: Event types that change the score or decide something (the rest are minor).
MAJOR = {"democracy": {"trick", "island", "game_end"},
         "politrickers": {"trick", "round_end", "game_end"},
         "politix": {"persuasion", "game_end"},
         "prime_minister": {"bill_passed", "bill_failed", "agreement_refused", "election", "by_election",
                            "event_drawn", "event_option", "round_end", "game_end", "office", "proposals_revealed",
                            "bill_selected", "challenge", "royal_interference", "pact_ended", "pact_restarted",
                            "resigned", "rejoin"}}


def seat_view(session, viewer: int | None, since: int = 0) -> dict:
    """The page's view of ``session`` for ``viewer`` (a seat, or ``None``: the whole table); the feed from move
    ``since`` on."""
    st = session.state
    name = st.game.name
    out = {"feed": feed(session, viewer, since), "table": TABLES[name](st, viewer), "prompt": None,
           "waiting": None, "end": None}
    if st.is_terminal():
        out["end"] = ENDS[name](st, session.names)
        return out
    p = st.current_player()
    if session.kind == "play" and p == session.seat == viewer:
        out["prompt"] = PROMPTS[name](st, p)
    else:
        out["waiting"] = WAITING[name](st, p)
    return out


# --- the story so far ---------------------------------------------------------------------------------------------
def feed(session, viewer: int | None, since: int = 0) -> list[dict]:
    """``[{"n": move, "lines": [{"text", "tone"}]}]``: the events each move from ``since`` on caused, as ``viewer``
    saw them (``n`` 0: before the first move, the deal)."""
    st, log = session.state, session.log
    total = len(getattr(st, "event_log", ()))
    bounds = [e.get("events", total) for e in log] + [total]
    since = max(0, min(since, len(log)))
    events = st.events(viewer, 0)
    out = []
    if since == 0:
        lines = narrate(st.game, events, 0, bounds[0])
        if lines:
            out.append({"n": 0, "lines": lines})
    for i in range(since, len(log)):
        lines = narrate(st.game, events, bounds[i], bounds[i + 1])
        label = log[i].get("label")
        if lines or label:
            out.append({"n": i + 1, "lines": lines, "move": label})
    return out


def move_label(st, player: int, action: int) -> str | None:
    """A move as the page words it in the story ("Up (+): Supporter Duke of Argyll: ±10 Votes on a bill"), read
    from the state just before it; ``None`` for a move hidden from the other seats (they see it as hidden) and
    where the move's own name reads well (the card games)."""
    if st.game.name != "prime_minister" or st.is_terminal() or st.hidden_move(player, action) is not None:
        return None
    try:
        prompt = _pm_prompt(st, player)
    except Exception:  # noqa: BLE001 - a label is decoration: the move's own name is shown instead
        return None
    choice = next((c for c in prompt["choices"] if c["action"] == action), None)
    if choice is None or choice["label"] in ("Yes", "No"):
        return None
    about = prompt.get("about")
    return f"{choice['label']} ({about})" if about else choice["label"]


def narrate(game, events: list[dict], lo: int = 0, hi: int | None = None) -> list[dict]:
    """The lines of ``events[lo:hi]`` (earlier events are read for context: a round's VP gains)."""
    hi = len(events) if hi is None else hi
    name = game.name
    lines = []
    for i in range(lo, hi):
        e = events[i]
        kind = e.get("type")
        if kind in QUIET_EVENTS:
            continue
        text = REWORD.get(name, _plain)(game, events, i)
        if not text:
            continue
        tone = "head" if kind in HEADS[name] else "major" if kind in MAJOR[name] else "minor"
        lines.append({"text": text, "tone": tone})
    return lines


def _plain(game, events, i) -> str:
    return game.describe_event({k: v for k, v in events[i].items()})


def _seats(text: str) -> str:
    return re.sub(r"\bseat (\d)", r"P\1", text)


# Democracy
def _democracy_line(game, events, i) -> str:
    from hustings.democracy.cards import RANK_POINTS, RANKS, SUIT_NAMES, SUITS

    e = events[i]
    try:
        if e["type"] == "island":
            took = [f"P{p} takes {suit} ({e['points'][p][SUIT_NAMES.index(suit)]} points)"
                    for suit, p in e["scored"].items() if p is not None]
            tribes = ", ".join(f"P{p} {t}" for p, t in enumerate(e["tribes"]))
            return (f"Island {e['island']}: " + ("; ".join(took) if took else "no suit reached 13 points: no tribe")
                    + f". Tribes now: {tribes}")
        if e["type"] == "trick":
            line = game.describe_event(e)
            return line.replace("-> ", "→ ")
        if e["type"] == "game_end" and not e["truncated"]:
            won = " and ".join(f"P{p}" for p in e["winners"])
            return f"{won} won with {max(e['tribes'])} tribes after {e['islands']} island(s)"
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    del RANK_POINTS, RANKS, SUITS
    return game.describe_event(e)


# Politrickers
def _politrickers_line(game, events, i) -> str:
    e = events[i]
    try:
        if e["type"] == "trick":
            plays = ", ".join(f"P{p} {c}" for p, c in e["cards"])
            downs = e.get("face_down") or []
            if downs:
                plays += ", " + ", ".join(f"P{p} face down" for p in downs)
            why = ("Economy is trump" if e["trump"] else
                   f"{e['popular']} is the Popular Policy (" + ", ".join(f"{s} {v}" for s, v in e["sums"].items())
                   + ")")
            token = (f"; token to {e['token_to']} (Tails {e['plates']['Tails']}, Claws {e['plates']['Claws']})"
                     if e["token_to"] else "; no token left: Disgraced")
            return (f"Trick {e['trick']}: {plays} → P{e['winner']} wins the trick with {e['card']}, {why}{token}"
                    + (f" (your face-down card: {e['face_down_card']})" if e.get("face_down_card") else ""))
        if e["type"] == "round_end":
            how = {"disgraced": f"P{e['disgraced']} is Disgraced (won a trick with no token left): the others "
                                f"score their unspent tokens",
                   "collapse": f"the {e['collapsed']} plate collapses: each scores its tokens on the other plate "
                               f"less those on the fallen one",
                   "balanced": "balanced after 9 tricks" + (f": the heavier {e['scoring_plate']} plate scores"
                                                             if e["scoring_plate"] else "")}[e["end"]]
            pts = ", ".join(f"P{p} {v:+d}" for p, v in enumerate(e["points"]))
            vp = ", ".join(f"P{p} {v}" for p, v in enumerate(e["vp"]))
            line = f"Round {e['round']} ends, {how}. Round points: {pts}. VP now: {vp}"
            if e["zero_trick_bonus"]:
                line += " (0 tricks won, best score of the round: " + ", ".join(
                    f"P{p}" for p in e["zero_trick_bonus"]) + ")"
            return line
        if e["type"] == "game_end":
            won = " and ".join(f"P{p}" for p in e["winners"])
            return f"Game over after {e['rounds']} round(s): {won} won with {max(e['vp'])} VP"
    except (KeyError, TypeError, ValueError, IndexError):
        pass
    return game.describe_event(e)


# Politix
def _politix_line(game, events, i) -> str:
    e = events[i]
    try:
        if e["type"] == "game_end" and e["result"] == "win":
            c = game.cards
            party = c.party_names[[p["party"] for p in e["parties"]].index(e["winning_party"])] \
                if hasattr(c, "party_names") else e["winning_party"]
            piles = "; ".join(f"{p['party']} {p['ranking']}" for p in e["parties"])
            return f"Game over: the {party} party wins on {e['decided_by']} (each party's groups, least first: {piles})"
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        pass
    return game.describe_event(e)


# Prime Minister
def _pm_line(game, events, i) -> str:
    from hustings.prime_minister.components import SUP_INDEX, SUPPORTER_LIST

    e = events[i]
    t = e.get("type")
    try:
        if t == "supporter_played":
            card = SUPPORTER_LIST[SUP_INDEX[e["card"]]]
            opt = card["options"][e.get("option", 0)]
            return (f"P{e['player']} plays {card['name']}: {opt['label']} ({effects_text(opt['effects'])})"
                    + (" doubled (Father of the House)" if e.get("doubled") else ""))
        if t == "supporters_drawn":
            cards = ": " + ", ".join(_sup_name(c) for c in e["cards"]) if e.get("cards") else ""
            return (f"P{e['player']} draws {e['count']} Supporter{'s' if e['count'] != 1 else ''}"
                    + (f", to keep {e['keep']}" if e["keep"] < e["count"] else "") + cards)
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
    from hustings.prime_minister.components import SUP_INDEX, SUPPORTER_LIST

    return SUPPORTER_LIST[SUP_INDEX[cid]]["name"] if cid in SUP_INDEX else str(cid)


REWORD = {"democracy": _democracy_line, "politrickers": _politrickers_line, "politix": _politix_line,
          "prime_minister": _pm_line}


# --- the table ------------------------------------------------------------------------------------------------------
def _democracy_table(st, viewer):
    from hustings.democracy.cards import JOKER, NUM_KINDS, RANKS, SUIT_NAMES, card_name

    def cards(counts):
        return [card_name(c) for c in range(NUM_KINDS) for _ in range(counts[c])]

    n = st.n
    up = st.pool[st.trick] if not st.finished and st.pool else None
    seats = []
    for p in range(n):
        mine = viewer is None or viewer == p
        seats.append({"seat": p, "tribes": st.tribes[p], "points": dict(zip(SUIT_NAMES, st.points[p])),
                      "hand_count": sum(st.hands[p]), "hand": cards(st.hands[p]) if mine else None,
                      "committed": st.plays[p] >= 0,
                      "card": card_name(st.plays[p]) if mine and st.plays[p] >= 0 else None,
                      "won": cards(st.captured[p])})
    last = None
    if st.last_trick:
        last = {"plays": [card_name(c) for c in st.last_trick], "winner": st.last_winner}
        for e in reversed(st.events(viewer, max(0, len(st.event_log) - 30))):
            if e["type"] == "trick":
                last.update(upcard=e["upcard"], trump=e["trump"], how=e["how"], trick=e["trick"])
                break
    return {
        "game": "democracy", "island": st.island + (0 if st.finished else 1), "day": st.day + 1,
        "trick": st.trick + 1, "tricks": len(st.pool), "dealer": st.dealer,
        "upcard": None if up is None else card_name(up),
        "trump": None if up is None or up == JOKER else SUIT_NAMES[up // 12],
        "pool_left": max(0, len(st.pool) - st.trick - 1) if not st.finished else 0,
        "to_play": None if st.finished else st.current_player(),
        "seats": seats, "hand": seats[viewer]["hand"] if viewer is not None else None,
        "last_trick": last, "discards": [card_name(c) for c in st.discards],
        "rank_order": list(RANKS), "goal": "13 points of a suit on an island win its tribe; 5 tribes win",
    }


def _politrickers_table(st, viewer):
    from hustings.politrickers.cards import PARTY_NAMES, PLATE_MAX, ROUNDS, SUIT_NAMES, TRICKS_PER_ROUND, card_name

    n = st.n
    start = getattr(st, "trick_start", st.leader)
    trick = []
    for k in range(n):
        p = (start + k) % n
        c = st.plays[p]
        if c < 0:
            continue
        shown = (not st.down[p]) or viewer is None or viewer == p
        trick.append({"seat": p, "card": card_name(c) if shown else None, "down": bool(st.down[p])})
    seats = []
    for p in range(n):
        mine = viewer is None or viewer == p
        seats.append({"seat": p, "party": PARTY_NAMES[st.party[p]], "vp": st.vp[p], "tokens": st.tokens[p],
                      "spent": st.spent[p], "tricks": st.tricks_won[p], "hand_count": len(st.hands[p]),
                      "hand": [card_name(c) for c in st.hands[p]] if mine else None,
                      "libra": {"Tails": st.libra[0][p], "Claws": st.libra[1][p]}})
    return {
        "game": "politrickers", "round": min(st.round + 1, ROUNDS), "rounds": ROUNDS,
        "trick": st.tricks_done + 1, "tricks": TRICKS_PER_ROUND, "chair": st.leader,
        "to_play": None if st.finished else st.current_player(),
        "ruling_party": None if st.ruling_party < 0 else PARTY_NAMES[st.ruling_party],
        "ruling_suit": None if st.ruling_suit < 0 else SUIT_NAMES[st.ruling_suit],
        "opposition_suit": None if st.opp_suit < 0 else SUIT_NAMES[st.opp_suit],
        "plates": {"Tails": st.plate[0], "Claws": st.plate[1]}, "plate_max": PLATE_MAX,
        "current_trick": trick, "seats": seats, "hand": seats[viewer]["hand"] if viewer is not None else None,
        "last_trick": _last_trick(st, viewer),
        "rounds_played": [{"round": h["round"], "end": h["end"], "points": h["points"]} for h in st.history],
    }


def _last_trick(st, viewer):
    """The last complete trick of the round as ``viewer`` saw it (its event): cards in play order, the winner, why."""
    for e in reversed(st.events(viewer, max(0, len(st.event_log) - 40))):
        if e["type"] == "round_start":
            return None
        if e["type"] == "trick":
            cards = [{"seat": p, "card": c} for p, c in e["cards"]]
            mine = e.get("face_down_card")
            for p in e.get("face_down") or []:
                seen = mine if p == viewer else (e.get("private") or {}).get(p, {}).get("face_down_card")
                cards.append({"seat": p, "card": seen, "down": True})
            return {"trick": e["trick"], "cards": cards, "winner": e["winner"], "card": e["card"],
                    "popular": e["popular"], "trump": e["trump"], "sums": e["sums"], "token_to": e["token_to"]}
    return None


def _politix_table(st, viewer):
    from hustings.politix.cards import (BESIDE_KINDS, GROUPS, KINDS, METHODS, NB, NG, NK, PARTIES, PHASE_NAMES,
                                        PERSUADE)

    game, c, n = st.game, st.game.cards, st.n
    seats = []
    for s in range(n):
        mine = viewer is None or viewer == s
        hand = None
        if mine:
            hand = [{"id": KINDS[k], "name": c.kind_names[k], "count": st.hands[s][k]}
                    for k in range(NK) if st.hands[s][k]]
        pol = st.politician[s]
        seats.append({"seat": s, "politician": c.politician_names[pol], "party": c.party_names[st.party_of[s]],
                      "skills": list(game.skills[pol]), "hand_count": st.hand_size[s], "hand": hand,
                      "beside": [c.kind_names[BESIDE_KINDS[j]] for j in range(NB) for _ in range(st.beside[s][j])],
                      "modifiers": dict(zip(GROUPS, st.mods[s]))})
    parties = []
    for i, members in enumerate(game.parties):
        counts = st.party_counts(i) if (viewer is None or st.party_of[viewer] == i or not game.has_base) \
            else list(st.collected[i])
        entry = {"party": PARTIES[i], "name": c.party_names[i], "seats": list(members),
                 "collected": dict(zip(GROUPS, st.collected[i])), "turns": st.turns[i],
                 "ranking": sorted(counts)}
        if i == 0 and game.has_base and (viewer is None or st.party_of[viewer] == 0):
            entry["base_support"] = dict(zip(GROUPS, st.base))
        parties.append(entry)
    event = None
    if st.event >= 0:
        method = next((m for m in range(len(METHODS)) if game.event_mod[st.event][m]), None)
        event = {"name": c.event_names[st.event],
                 "effect": (f"{game.event_mod[st.event][method]:+d} {_method(c, method)} power for every player"
                            if method is not None else "")}
    persuading = None
    if not st.finished and st.phase == PERSUADE:
        persuading = {"group": c.group_names[st.pg], "method": _method(c, st.pm), "played": st.pplayed,
                      "power": st.ppower, "needed": game.symbols[st.pg][st.pm]}
    return {
        "game": "politix", "turn": st.turn_count + (0 if st.finished else 1),
        "to_play": None if st.finished else st.cur, "phase": PHASE_NAMES[st.phase],
        "table": [{"group": GROUPS[g], "name": c.group_names[g], "count": st.table[g],
                   "symbols": list(game.symbols[g])} for g in range(NG)],
        "methods": [_method(c, k) for k in range(len(METHODS))],
        "event": event, "persuading": persuading, "voter_deck": len(st.voter_deck), "action_deck": len(st.deck),
        "discard": sum(st.discard), "parties": parties, "seats": seats,
        "hand": seats[viewer]["hand"] if viewer is not None else None,
    }


def _method(cards, m: int) -> str:
    """A persuasion method as the table labels it ("Debate"; politicking cards are named by their method)."""
    name = cards.method_names[m]
    return name[:1].upper() + name[1:]


def _pm_table(st, viewer):
    from hustings.prime_minister.components import EVENT_LIST, SCENARIOS

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
            for o in st._event_options()]}
    num = st.scen.get("num", 0)
    if num:
        out["scenario_name"] = SCENARIOS[num]["name"]
        out["victory"] = SCENARIOS[num].get("victory", "")
    else:
        out["victory"] = "The Prime Minister who reaches 100 VP wins."
    for s in out["seats"]:
        s["role_name"] = ROLE_NAMES.get(s["role"], s["role"])
    return out


TABLES = {"democracy": _democracy_table, "politrickers": _politrickers_table, "politix": _politix_table,
          "prime_minister": _pm_table}


# --- Prime Minister's words ----------------------------------------------------------------------------------------
ROLE_NAMES = {"pm": "Prime Minister", "ol": "Opposition Leader", "gbb": "Government Backbencher",
              "obb": "Opposition Backbencher"}
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
    return f"±{abs(v)}" if sign else f"{v:+d}"


def effect_text(e: dict) -> str:
    """One effect of a Prime Minister card or mat, in words."""
    op = e.get("op")
    sign = bool(e.get("choose_sign"))
    if op == "sector":
        where = {"politician": "one of your Politician's Sectors", "any": "any Sector",
                 "devonshire": "Conservatives or Ireland"}.get(e["sector"], e["sector"])
        steps = e["steps"]
        return f"{where} {_num(steps, sign)} step{'s' if abs(steps) != 1 else ''} for {_PARTY.get(e['party'], e['party'])}"
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
    opts = " | ".join(f"{k + 1}. {o['label']}: {effects_text(o['effects'])}" for k, o in enumerate(c["options"]))
    return f"{c.get('subtitle', '')}: {opts}" if c.get("subtitle") else opts


def _seat_words(st, s: int) -> str:
    from hustings.prime_minister.components import PARTY_NAMES, POLITICIANS

    return f"P{s} ({POLITICIANS[st.pol[s]]['name']}, {PARTY_NAMES[st.party[s]]} {ROLE_NAMES.get(st.role[s], '')})"


def _source_words(st, ctx: dict) -> str:
    """Where an effect under decision comes from: "Supporter Mary Shelley", "your Debate action"..."""
    from hustings.prime_minister.components import (ABILITIES, BILL_LIST, CAREER_ORDER, CAREERS, EVENT_LIST,
                                                    SUPPORTER_LIST)

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


def _choice(action: int, label: str, detail: str = "", group: str = "", **more) -> dict:
    out = {"action": action, "label": label, "detail": detail, "group": group}
    out.update(more)
    return out


def _pm_prompt(st, player: int) -> dict:
    from hustings.prime_minister import components as C

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
        choices = [_choice(C.YES, yes), _choice(C.NO, no)]
    elif kind == "permit":
        req = pend.get("requester", -1)
        question = (f"{_seat_words(st, req)} asks your permission, as PM, to {C.action_name(pend.get('request', 0))}"
                    " (it moves Government MPs)")
        choices = [_choice(C.YES, "Permit"), _choice(C.NO, "Refuse")]
        about = f"P{req}: {C.action_name(pend.get('request', 0))}"
    elif kind == "event":
        card = C.EVENT_LIST[st.event]
        question = (f"Event: {card['name']}. As PM, choose how you respond (you have {st.cubes[player]} "
                    f"cube{'s' if st.cubes[player] != 1 else ''})")
        opts = st._event_options()
        for a in legal:
            o = opts[a - C.A_OPTION]
            choices.append(_choice(a, f"{o.get('label') or 'option ' + str(a - C.A_OPTION + 1)}",
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
                choices.append(_choice(a, C.SECTORS[i], f"Liberals at {st.sector_pos[C.LIB][i]}, Conservatives at "
                                                        f"{st.sector_pos[C.CON][i]}"))
            elif kind == "eff_party":
                choices.append(_choice(a, C.PARTY_NAMES[a - C.A_PARTY].title()))
            elif kind == "eff_player":
                p = a - C.A_PLAYER
                choices.append(_choice(a, _seat_words(st, p), f"Standing {st.standing[p]}, Favour {st.favour[p]}"))
            elif kind == "eff_sign":
                up = a == C.A_SIGN
                choices.append(_choice(a, "Up (+)" if up else "Down (−)", "raise it" if up else "lower it"))
            elif kind == "eff_dir":
                to_mod = a == C.A_DIR
                choices.append(_choice(a, "Partisan MPs to Moderate" if to_mod else "Moderate MPs to Partisan",
                                       f"now {st.mps['P']} Partisan, {st.mps['M']} Moderate"))
            elif kind == "eff_bill":
                choices.append(_choice(a, bill_slot(a - C.A_SLOT)))
            else:
                k = a - C.A_OPTION
                opts = e.get("options") or []
                choices.append(_choice(a, effects_text(opts[k]) if k < len(opts) else f"option {k + 1}"))
    elif kind == "keep":
        left = pend.get("left", 1)
        question = f"You drew {len(pend.get('drawn', []))} Supporters: keep {left} (the rest are discarded)"
        for a in legal:
            c = C.SUPPORTER_LIST[a - C.A_KEEP]
            choices.append(_choice(a, f"Keep {c['name']}", supporter_text(c), card=c["name"]))
    elif kind == "discard":
        question = f"You hold more than {C.HOLD_LIMIT} Supporters: discard one"
        for a in legal:
            c = C.SUPPORTER_LIST[a - C.A_DISCARD]
            choices.append(_choice(a, f"Discard {c['name']}", supporter_text(c), card=c["name"]))
    elif kind == "draw_bill":
        question = "Bill Selection: draw a bill from which deck?"
        gov = C.PARTY_NAMES[st.gov_party]
        for a in legal:
            choices.append(_choice(a, "Cross-Party deck" if a == C.A_DRAW else f"{gov.title()} deck",
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
            choices.append(_choice(a, card["name"], bill_text(card) + (f" (proposed by P{by})" if pm_pick and by is
                                                                       not None else ""), card=card["name"]))
    elif kind == "resolve":
        question = ("Resolve one bill: by Agreement (the Opposition Leader says yes or no), by Vote (allowed at "
                    "320+; below 350 an Uncertainty card may swing it), or withdraw it")
        for a in legal:
            k, i = divmod(a - C.A_RESOLVE, 3)
            verb = ("Agreement", "Vote", "Withdraw")[k]
            choices.append(_choice(a, f"{verb}: {C.BILL_LIST[bills[i]['bill']]['name']}",
                                   f"slot {i + 1}, projection {st.projection(i)}", group=f"Bill slot {i + 1}"))
    elif kind == "order":
        question = "Who acts first in the Opposition this round?"
        choices = [_choice(a, ("The Opposition Leader first", "The Backbencher first")[a - C.A_ORDER]) for a in legal]
    elif kind == "election":
        question = "No bills are left on the board: hold the Election now, or remove the Election Marker?"
        choices = [_choice(a, ("Hold the Election", "Remove the Election Marker")[a - C.A_ELECTION],
                           "the seats are counted from the projection plus an Uncertainty card"
                           if a == C.A_ELECTION else "no Election this round") for a in legal]
    elif kind == "debate_target":
        question = "Place your Debate Card under which bill?"
        choices = [_choice(a, bill_slot(a - C.A_SLOT)) for a in legal]
    elif kind == "ica_slot":
        question = "Which bill does the Irish Coercion Act replace?"
        choices = [_choice(a, bill_slot(a - C.A_SLOT)) for a in legal]
    elif kind == "debate_side":
        question = "Play your Debate Card on which side?"
        choices = [_choice(a, ("The Pact side (up)", "The other side (down)")[a - C.A_SIGN]) for a in legal]
    elif kind == "qt_call":
        question = "Question Time: which player do you call to ask a question?"
        choices = [_choice(a, _seat_words(st, a - C.A_PLAYER)) for a in legal]
    elif kind == "qt_card":
        question = "Question Time: which Question card do you put?"
        hand = st.qt_hands[player]
        for a in legal:
            k = a - C.A_OPTION
            ev = C.EVENT_LIST[hand[k]] if k < len(hand) else None
            choices.append(_choice(a, ev["name"] if ev else f"card {k + 1}", _event_text(ev) if ev else ""))
    elif kind == "main":
        question = (f"Your action turn: you have {st.cubes[player]} action cube{'s' if st.cubes[player] != 1 else ''}"
                    f". Take actions, play Supporters, or end your turn.")
        choices = [_pm_main_choice(st, player, a) for a in legal]
    if not choices:
        choices = [_choice(a, C.action_name(a)) for a in legal]
    out = {"question": question, "choices": choices}
    if about:
        out["about"] = about
    return out


def _event_text(ev: dict) -> str:
    if ev.get("kind") == "by_election":
        return "By-Election: the Government may lose MPs if its projection falls short"
    return " | ".join(f"{o.get('label', '')} ({o['cost']} cubes): {effects_text(o['effects'])}" for o in ev["options"])


def _pm_main_choice(st, s: int, a: int) -> dict:
    from hustings.prime_minister import components as C

    if a == C.END_TURN:
        return _choice(a, "End your turn", "unspent cubes are kept", group="Turn")
    if C.A_ACT <= a < C.A_CAREER:
        k = a - C.A_ACT
        ab, lv = C.ABILITIES[k // 2], k % 2 + 1
        effs = st._mat(s)["actions"][ab][str(lv)]
        return _choice(a, f"{ab.title()} (level {lv})", f"1 cube: {effects_text(effs)}",
                       group="Politician actions")
    if C.A_CAREER <= a < C.A_DEBATE_CARD:
        cid, i = C.CAREER_ACTIONS[a - C.A_CAREER]
        card = C.CAREERS[cid]
        return _choice(a, card["name"], effect_text(card["effects"][i]), group="Career cards")
    if a == C.A_DEBATE_CARD:
        return _choice(a, "Play your Debate Card", f"{st._debate_card_cost(s)} cube(s): place it under a bill",
                       group="Politician actions")
    if a == C.A_RESIGN:
        return _choice(a, "Resign from the Government", "all your cubes; you leave the Government pool",
                       group="Turn")
    if C.A_PLAY <= a < C.A_DISCARD:
        k = a - C.A_PLAY
        card = C.SUPPORTER_LIST[k // 2]
        opt = card["options"][k % 2]
        doubled = st.turn and (k // 2) in (st.turn.get("doubled") or [])
        return _choice(a, f"{card['name']}: {opt['label']}", effects_text(opt["effects"])
                       + (" (doubled: Father of the House)" if doubled else ""), group="Supporters",
                       card=card["name"])
    if C.A_DISCARD <= a < C.A_KEEP:
        card = C.SUPPORTER_LIST[a - C.A_DISCARD]
        return _choice(a, f"Discard {card['name']}", "", group="Supporters", card=card["name"])
    return _choice(a, C.action_name(a), group="Scenario")


def _pm_waiting(st, p: int) -> str:
    pend = st.pending or {}
    kind = pend.get("kind")
    who = f"P{p}"
    if kind == "event":
        from hustings.prime_minister.components import EVENT_LIST

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


# --- Democracy, Politrickers, Politix prompts ---------------------------------------------------------------------
def _democracy_prompt(st, player: int) -> dict:
    from hustings.democracy.cards import JOKER, POINTS, RANKS, SUIT_NAMES, card_name

    up = st.pool[st.trick]
    trump = None if up == JOKER else up // 12
    order = {r: i for i, r in enumerate(RANKS)}
    choices = []
    for a in st.legal_actions():
        name = card_name(a)
        if a == JOKER:
            detail = "a joker: counts as a non-trump 5, scores nothing"
        else:
            suit, rank = a // 12, RANKS[a % 12]
            detail = (f"{rank} of {SUIT_NAMES[suit]}" + (" (trump)" if suit == trump else "")
                      + f", {POINTS[a]} point{'s' if POINTS[a] != 1 else ''}")
        choices.append(_choice(a, name, detail, card=name))
    choices.sort(key=lambda c: (c["card"] == "JOKER", c["card"][-1], order.get(c["card"][:-1], 0)))
    trump_text = "no trump (a joker is up)" if trump is None else f"trump is {SUIT_NAMES[trump]}"
    return {"question": f"Trick {st.trick + 1}: the upcard is {card_name(up)}, {trump_text}. Commit a card face "
                        f"down; the trick is turned up when everyone has committed.", "choices": choices}


def _politrickers_prompt(st, player: int) -> dict:
    from hustings.politrickers.cards import (DOWN, FLIP, MIG_FROM_CLAWS, MIG_FROM_TAILS, MIGRATION, PARTY_NAMES,
                                             SUIT, SUIT_NAMES, card_name)

    legal = st.legal_actions()
    modes = dict(st._modes or {})
    groups: dict[int, dict] = {}
    for a in legal:
        base = a - FLIP if a >= FLIP else a
        card = MIGRATION if base >= MIGRATION else base
        name = card_name(card)
        if base == MIG_FROM_TAILS:
            how = "play Migration: move one of your tokens Tails → Claws"
        elif base == MIG_FROM_CLAWS:
            how = "play Migration: move one of your tokens Claws → Tails"
        elif base >= MIGRATION:
            how = "play Migration (no token of yours on the Libra: no effect)"
        else:
            how = (f"play {name} face down (it cannot win)" if modes.get(a) == DOWN else
                   f"play {name} face up" + (f" ({SUIT_NAMES[SUIT[card]]})" if SUIT[card] >= 0 else ""))
        other = PARTY_NAMES[1 - st.party[player]]
        label = f"Switch to {other} (1 token), then {how[0].lower() + how[1:]}" if a >= FLIP else how[0].upper() + how[1:]
        entry = groups.setdefault(base * 1 if base < MIGRATION else 100 + base, {"card": name, "plays": []})
        entry["plays"].append(_choice(a, label, "", group=name, card=name, switch=a >= FLIP,
                                      down=modes.get(a) == DOWN))
    choices = []
    for key in sorted(groups):
        for c in groups[key]["plays"]:
            choices.append(c)
    lead = st.ruling_suit < 0
    if lead:
        q = "You lead this trick: your card sets the Ruling Suit and your party becomes the Ruling Party."
    else:
        q = (f"Ruling Party {PARTY_NAMES[st.ruling_party]}, Ruling Suit {SUIT_NAMES[st.ruling_suit]}"
             + (f", Opposition Suit {SUIT_NAMES[st.opp_suit]}" if st.opp_suit >= 0 else "")
             + f". You are {PARTY_NAMES[st.party[player]]}: play a card.")
    if any(c["switch"] for c in choices):
        q += " (A card's lower button switches your party first, for 1 token.)"
    return {"question": q, "choices": choices}


def _politix_prompt(st, player: int) -> dict:
    game, c = st.game, st.game.cards
    from hustings.politix.cards import A_DRAW, A_END, A_REST, A_SPECIAL, BESIDE_KINDS, NB, NM

    n = game.num_players
    choices = []
    for a in st.legal_actions():
        if a == A_DRAW:
            choices.append(_choice(a, "Draw action cards", "3 cards (2 when you are burnt out); your turn ends",
                                   group="Turn"))
        elif a == A_REST:
            choices.append(_choice(a, "Rest", "you are burnt out: rest to recover; play and draw nothing",
                                   group="Turn"))
        elif a == A_END:
            choices.append(_choice(a, "End your turn", "", group="Turn"))
        elif a < game.A_GWTW:
            j, k = divmod(a - A_SPECIAL, n)
            kind = BESIDE_KINDS[j]
            target = (player + k) % n
            choices.append(_choice(a, f"{c.kind_names[kind]} beside P{target}", _kind_text(game, kind),
                                   group="Special cards", card=c.kind_names[kind]))
        elif a < game.A_PERSUADE:
            j, k = divmod(a - game.A_GWTW, n)
            target = (player + k) % n
            choices.append(_choice(a, f"Remove {c.kind_names[BESIDE_KINDS[j]]} from P{target}",
                                   "remove a special card from beside a player", group="Remove a card",
                                   card=c.kind_names[BESIDE_KINDS[j]]))
        elif a < game.A_ADD:
            g, m = divmod(a - game.A_PERSUADE, NM)
            need = game.symbols[g][m]
            skill = game.skills[st.politician[player]][m]
            mods = st.mods[player][g] + game.event_mod[st.event][m] if st.event >= 0 else st.mods[player][g]
            choices.append(_choice(a, f"{c.group_names[g]} by {c.method_names[m]}",
                                   f"{need} symbols for one card ({st.table[g]} on the table); your bonus "
                                   f"{skill + mods:+d} (skill {skill:+d}, table {mods:+d}) plus 1 a card",
                                   group="Persuade"))
        elif a == game.A_ADD:
            choices.append(_choice(a, f"Add a {c.method_names[st.pm]} card", "+1 power", group="Persuasion"))
        elif a == game.A_COFFEE:
            choices.append(_choice(a, "Add coffee and cake", "wild: +1 power", group="Persuasion"))
        elif a < game.A_DISCARD:
            k = a - game.A_TAKE + 1
            choices.append(_choice(a, f"Take {k} {c.group_names[st.pg]} card{'s' if k != 1 else ''}",
                                   f"needs power {game.symbols[st.pg][st.pm] + k - 1} (you have {st.ppower})",
                                   group="Persuasion"))
        else:
            kind = a - game.A_DISCARD
            choices.append(_choice(a, f"Discard {c.kind_names[kind]}", "hand limit 10", group="Discard",
                                   card=c.kind_names[kind]))
    del NB
    phase = {"start": "Your turn: draw, rest, or play special cards and persuade a voter group",
             "specials": "Play more special cards, start persuading, or end your turn",
             "persuade": "Persuading: add cards of the method, or take voter cards",
             "discard": "Over the hand limit: discard"}
    from hustings.politix.cards import PHASE_NAMES

    return {"question": phase.get(PHASE_NAMES[st.phase], "Your move"), "choices": choices}


def _kind_text(game, k: int) -> str:
    from hustings.politix.cards import CARDS

    return card_texts_politix(game).get(CARDS["action_cards"][k]["name"], "") if k < len(CARDS["action_cards"]) else ""


def card_texts_politix(game=None) -> dict:
    """Every Politix action card's, politician's, event's and voter group's text, by name."""
    from hustings.politix.cards import CARDS

    out = {}
    methods = {m["id"]: m["name"] for m in CARDS["methods"]}
    groups = {g["id"]: g["name"] for g in CARDS["voter_groups"]}
    for card in CARDS["action_cards"]:
        k = card["kind"]
        if k == "politicking":
            text = f"politicking card: +1 power when persuading by {methods[card['method']]}"
        elif k == "wild":
            text = "wild: +1 power in a persuasion by any method"
        elif k == "special":
            text = (f"special card, laid beside a player: {card['modifier']:+d} power against "
                    f"{groups[card['group']]} for that player")
        elif k == "burnout":
            text = "laid beside an opponent: they are burnt out, draw 2 cards instead of 3, and may rest to recover"
        elif k == "remove":
            text = "remove a special card (a burn-out too) from beside any player"
        else:
            text = k
        out[card["name"]] = f"{text} ({card['count']} in the deck)"
    for p in CARDS["politicians"]:
        skills = ", ".join(f"{methods[m]} {v:+d}" for m, v in p["skills"].items())
        out[p["name"]] = f"politician ({p['party']}-wing): {skills}"
    for e in CARDS["events"]:
        out[e["name"]] = f"event: {e['modifier']:+d} {methods[e['method']]} power for every player while on top"
    for g in CARDS["voter_groups"]:
        sym = ", ".join(f"{methods[m]} {v}" for m, v in g["symbols"].items())
        out[g["name"]] = f"voter group ({g['count']} cards); symbols (power for one card) by method: {sym}"
    for p in CARDS["parties"]:
        out[p["name"]] = f"party symbol {p['symbol']}: +{p['modifier']} against {groups[p['group']]}"
    return out


def _democracy_waiting(st, p):
    return f"P{p} is committing a card"


def _politrickers_waiting(st, p):
    return f"P{p} is playing to the trick"


def _politix_waiting(st, p):
    from hustings.politix.cards import PHASE_NAMES

    return {"start": f"P{p} is starting a turn", "specials": f"P{p} is playing special cards",
            "persuade": f"P{p} is persuading", "discard": f"P{p} is discarding to the hand limit"}.get(
        PHASE_NAMES[st.phase], f"P{p} is moving")


PROMPTS = {"democracy": _democracy_prompt, "politrickers": _politrickers_prompt, "politix": _politix_prompt,
           "prime_minister": _pm_prompt}
WAITING = {"democracy": _democracy_waiting, "politrickers": _politrickers_waiting, "politix": _politix_waiting,
           "prime_minister": _pm_waiting}


# --- the end ------------------------------------------------------------------------------------------------------
def _names(names, seats) -> str:
    return " and ".join(f"P{p}" + (f" ({names[p]})" if names and p < len(names) else "") for p in seats)


def _democracy_end(st, names) -> dict:
    won = st.winners()
    standings = [{"seat": p, "score": st.tribes[p], "unit": "tribes"} for p in range(st.n)]
    if st.truncated or not won:
        return {"headline": f"No winner: the game stopped after {st.island} islands (the island cap)",
                "why": [], "standings": standings}
    return {"headline": f"{_names(names, won)} won with {st.tribes[won[0]]} tribes",
            "why": ["A tribe is won by taking 13 or more points of one suit on an island; the first to 5 tribes "
                    "wins (ties: everyone who reached the most tribes)."],
            "standings": standings}


def _politrickers_end(st, names) -> dict:
    won = st.winners()
    standings = [{"seat": p, "score": st.vp[p], "unit": "VP"} for p in range(st.n)]
    why = ["After a round someone reached 7 VP, or 3 rounds were played: the highest VP wins; a tie goes to the "
           "higher VP of the last round."]
    if st.history:
        last = st.history[-1]
        why.append(f"Last round: {last['end']}, points " + ", ".join(f"P{p} {v:+d}" for p, v in
                                                                     enumerate(last["points"])))
    return {"headline": f"{_names(names, won)} won with {st.vp[won[0]]} VP" if won else "No winner",
            "why": why, "standings": standings}


def _politix_end(st, names) -> dict:
    s = st.scoring()
    c = st.game.cards
    from hustings.politix.cards import PARTIES

    standings = [{"party": c.party_names[PARTIES.index(p["party"])], "seats": p["seats"], "ranking": p["ranking"],
                  "total": p["total"], "turns": p["turns"]} for p in s["parties"]]
    if s["result"] != "win":
        return {"headline": "No winner: " + s["decided_by"], "why": [], "standings": standings}
    party = c.party_names[PARTIES.index(s["winning_party"])]
    return {"headline": f"The {party} party ({_names(names, s['winners'])}) won on {s['decided_by']}",
            "why": ["Each party's voter cards are counted per group and sorted, least first; the party whose least "
                    "group is largest wins, then the second least, and so on; a tie goes to fewer turns. "
                    "The total number of voters does not decide."],
            "standings": standings}


def _pm_end(st, names) -> dict:
    from hustings.prime_minister.components import SCENARIOS

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
    return {"headline": f"{_names(names, won)} won in round {st.round}", "why": why, "standings": standings}


ENDS = {"democracy": _democracy_end, "politrickers": _politrickers_end, "politix": _politix_end,
        "prime_minister": _pm_end}
