"""Prime Minister: positions -- a human-writable table at a point of a round (RULES.md "Positions").

``PrimeMinisterGame.state_from_position(position, seed)`` builds the seeded setup of the game (2.0-2.5: Politicians,
roles, shuffled decks), lays the position over it, puts the round's remaining phases in the task queue and runs the
rules to the first decision, so the state says who acts next and what is pending. Every field is optional; what the
position leaves out stays as the seeded setup made it (shuffled decks, the drawn Politicians, starting tracks), and
cards the position does not place anywhere lie in their decks in random order under any stacked top cards.

A position starts at a phase boundary of Parliamentary Order (4.0), at the end of a round (``"round_end"``), in the
middle of a player's action turn (its action menu, ``"phase": "turn"``), inside Bill Selection (``selection``: the bills
drawn, proposed and selected so far), at the PM's Event (``event``) or at a Supporter's sub-choices (``playing``); a
position at another effect's sub-choice is not supported (start at the phase and play to it). Question Time hands
(``players[s].question_cards``) and the Scenario's own state (``scenario``) are fields; a Scenario bill placed on the
board or passed is no longer set aside (on the board it takes the slot the PM's selection gives it). :func:`to_position`
writes a state's table back as a position (every field but ``phase``, ``turn``, ``to_move``). Strictly validated: every
field of the wrong kind, an unknown id, a card in two places, a value out of range or a table the rules cannot reach
(two Prime Ministers, a Government that is not the PM's party, ...) raises :class:`PositionError` naming the field and
what was expected.
"""
from __future__ import annotations

from ..core.rules import DealError, PositionError, StateFormatError, new_rng
from .data_loader import cube_income
from .components import (A_OPTION, A_PLAY, BILL_DECK, BILL_IDS, BILL_INDEX, BILL_LIST, BOARD, DEBATE, DECK_KEYS, DECKS,
                         EVENT_IDS, EVENT_INDEX, EVENT_LIST, FAVOUR_MAX, FAVOUR_MIN, PARTY_KEY, PARTY_NAMES,
                         SECTOR_INDEX, SECTOR_LIST, SUP_IDS, SUP_INDEX, SUPPORTER_LIST, UNC_IDS, UNC_INDEX, VP_MAX)

PHASES = ("round_start", "bill_selection", "government_backbencher", "opposition", "prime_minister", "turn",
          "bill_resolution", "challenges", "election", "round_end")
TOP_KEYS = {"round", "phase", "turn", "to_move", "players", "government", "pact", "resigned", "election_marker",
            "government_mps", "sectors", "bills", "passed", "decks", "discards", "unplaced", "uncertainty",
            "scenario", "selection", "supporter_reshuffle", "event", "playing"}
PLAYER_KEYS = {"politician", "role", "standing", "favour", "vp", "action_cubes", "supporters", "careers_active",
               "question_cards"}
ROLE_NAMES = {"pm": "prime_minister", "ol": "opposition_leader", "gbb": "government_backbencher",
              "obb": "opposition_backbencher"}
# the Scenario's own state a position may write: position key -> (key of ``state.scen``, kind of value)
SCENARIO_FIELDS = {
    "elections_held": ("elections", "count"), "gladstone_was_pm": ("glad_was_pm", "bool"),
    "agenda_passed": ("agenda_passed", "bills"), "workers_doubled": ("workers_doubled", "bool"),
    "devonshire_side": ("dev_side", "side"), "deputy_party_leader": ("dpl", "seat"),
    "party_processions_act_passed": ("ppa_passed", "bool"), "importation_marker": ("marker", "count"),
    "importation_act_passed": ("ia_passed", "bool"), "reform_act_passed_by": ("act_passed_by", "party"),
    "workers_action_used": ("workers_used", "bool"), "act_lowered_by_opposition": ("opp_lowered", "bool"),
    "devonshire_campaign_used": ("campaign_used", "bool"), "queens_bills_selected_by": ("queen_selected_by", "queen"),
    "supporters_under_importation_act": ("under_ia", "supporters"), "riots_in_event_deck": ("riots_in_deck", "bool"),
    "riots_floor": ("riots_floor", "floor"),
}
ROLE_WORDS = {"pm": "pm", "prime_minister": "pm", "ol": "ol", "opposition_leader": "ol", "gbb": "gbb",
              "government_backbencher": "gbb", "obb": "obb", "opposition_backbencher": "obb"}
CARD_INDEX = {"supporters": SUP_INDEX, "events": EVENT_INDEX, "cross_party": BILL_INDEX, "liberal": BILL_INDEX,
              "conservative": BILL_INDEX}


def _err(field: str, got, expected: str):
    text = repr(got)
    if len(text) > 80:
        text = text[:77] + "..."
    raise PositionError(f"prime_minister: position field {field} is {text}; expected {expected}")


def _int(field, v, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        _err(field, v, f"an int in {lo}..{hi}")
    return v


def _bool(field, v):
    if not isinstance(v, bool):
        _err(field, v, "true or false")
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


def state_from_position(game, position: dict, seed: int | None, new_state):
    """The state of ``position`` (module docstring; RULES.md "Positions"), filled from ``seed``. ``new_state(game,
    rng)`` makes the empty state that the seeded setup fills (the game's state class)."""
    try:
        return _build(game, position, seed, new_state)
    except PositionError:
        raise
    except (KeyError, IndexError, TypeError, AttributeError) as exc:  # a shape no check foresaw
        raise PositionError(f"prime_minister: the position is malformed ({type(exc).__name__}: {exc}); expected the "
                            f"format of RULES.md \"Positions\"") from None


def _build(game, position: dict, seed: int | None, new_state):
    if not isinstance(position, dict):
        _err("(position)", position, "a dict")
    extra = sorted(str(k) for k in position if k not in TOP_KEYS)
    if extra:
        _err("(keys)", extra, f"only the fields {sorted(TOP_KEYS)}")
    n = game.num_players
    st = new_state(game, new_rng(seed))
    players = position.get("players")
    deal = None
    if players is not None:
        if not isinstance(players, list) or len(players) != n or not all(isinstance(p, dict) for p in players):
            _err("players", players, f"a list of {n} dicts, one per seat")
        for s, p in enumerate(players):
            bad = sorted(str(k) for k in p if k not in PLAYER_KEYS)
            if bad:
                _err(f"players[{s}]", bad, f"only the keys {sorted(PLAYER_KEYS)}")
        named = [p.get("politician") for p in players]
        if any(x is not None for x in named):
            if any(x is None for x in named):
                _err("players[*].politician", named, "a Politician for every seat or for none")
            deal = {"politicians": named}
    try:
        st._setup(deal, advance=False)
    except DealError as exc:
        raise PositionError(str(exc).replace("deal['politicians']", "players[*].politician")) from None
    st.record_events = True
    in_play = {"supporters": set(), "events": set(), "bills": set()}  # the cards of this game (a Scenario's own)
    for k in DECK_KEYS:
        in_play["bills" if k in DECKS else k] |= set(st.decks[k]) | set(st.discards[k])
    in_play["supporters"] |= {c for h in st.hand for c in h}
    in_play["bills"] |= {b["bill"] for b in st.bills} | set(st.scen.get("aside", []))
    _scenario_state(st, position, players)
    riots = st.scen["riots"] if st.scen.get("riots_in_deck") else -1  # Scenario 5's Riots in the Event deck
    if riots >= 0:
        in_play["events"].add(riots)

    # offices: roles, the Government
    if players is not None and any("role" in p for p in players):
        roles = []
        for s, p in enumerate(players):
            r = p.get("role")
            if not isinstance(r, str) or r not in ROLE_WORDS:
                _err(f"players[{s}].role", r, f"a role for every seat, one of {sorted(ROLE_WORDS)}")
            roles.append(ROLE_WORDS[r])
        if roles.count("pm") != 1 or roles.count("ol") != 1 or len(set(roles)) != n:
            _err("players[*].role", roles, "one Prime Minister, one Opposition Leader, at most one Backbencher of "
                                           "each side")
        st.role = roles
    st.gov_party = st.party[st.seat_of("pm")]
    for s in range(n):
        if s != st._unionist() and (st.role[s] in ("pm", "gbb")) != (st.party[s] == st.gov_party):
            _err(f"players[{s}].role", st.role[s], f"a role on the side of seat {s}'s party "
                 f"({'liberal' if st.party[s] == 0 else 'conservative'} {st.pol[s]}; the PM's party governs)")
    if "government" in position:
        g = position["government"]
        if not isinstance(g, str) or g not in PARTY_KEY:
            _err("government", g, "'liberal' or 'conservative'")
        if PARTY_KEY[g] != st.gov_party:
            _err("government", g, f"the Prime Minister's party ({'liberal' if st.gov_party == 0 else 'conservative'})")
    st.mps_party = st.gov_party
    for s in range(n):
        st._deal_careers(s)
        st.standing[s] = st._mat(s)["standing_start"]

    # tracks per seat
    for s, p in enumerate(players or []):
        f = f"players[{s}]"
        mat = st._mat(s)
        if "standing" in p:
            st.standing[s] = _int(f + ".standing", p["standing"], mat["standing_min"], mat["standing_max"])
        if "favour" in p:
            st.favour[s] = _int(f + ".favour", p["favour"], FAVOUR_MIN, FAVOUR_MAX)
        if "vp" in p:
            st.vp[s] = _int(f + ".vp", p["vp"], 0, VP_MAX - 1)
        if "supporters" in p:
            st.hand[s] = _ids(f + ".supporters", p["supporters"], SUP_INDEX, "Supporter")
        if "careers_active" in p:
            ids = p["careers_active"]
            if not isinstance(ids, list) or any(not isinstance(c, str) or c not in st.careers[s] for c in ids):
                _err(f + ".careers_active", ids, f"Career Cards this seat holds: {sorted(st.careers[s])}")
            for c in ids:
                st.careers[s][c] = 1
        if "question_cards" in p:
            st.qt_hands[s] = _question_cards(f + ".question_cards", p["question_cards"], game)
    for s in range(n):
        st.cubes[s] = cube_income(st._mat(s), st.standing[s])
        p = (players or [{}] * n)[s]
        if "action_cubes" in p:
            st.cubes[s] = _int(f"players[{s}].action_cubes", p["action_cubes"], 0, 11)
    for k, field in (("pact", "pact"), ("resigned", "resigned"), ("marker", "election_marker")):
        if field in position:
            setattr(st, k, _bool(field, position[field]))
    if st.resigned and st.seat_of("gbb") < 0:
        _err("resigned", True, "false: there is no Government Backbencher")
    if st.pact and st.scen.get("no_pact"):
        _err("pact", True, "false: this Scenario has no Pact")
    if "round" in position:
        st.round = _int("round", position["round"], 1, game.max_rounds or 10 ** 6)

    # the board
    if "government_mps" in position:
        m = position["government_mps"]
        if not isinstance(m, dict) or set(m) != {"A", "M", "P"}:
            _err("government_mps", m, "{'A': all, 'M': Moderate, 'P': Partisan}")
        for k in "AMP":
            _int(f"government_mps.{k}", m[k], 0, 660)
        if m["A"] != m["M"] + m["P"]:
            _err("government_mps", m, "A = M + P")
        st.mps = dict(m)
    sectors = position.get("sectors", {})
    if not isinstance(sectors, dict):
        _err("sectors", sectors, "a dict of Sector name -> {'liberal': value, 'conservative': value}")
    for name, vals in sectors.items():
        if name not in SECTOR_INDEX:
            _err(f"sectors.{name}", name, f"a Sector of {list(SECTOR_INDEX)}")
        i = SECTOR_INDEX[name]
        track = SECTOR_LIST[i]["positions"]
        if not isinstance(vals, dict) or not set(vals) <= {"liberal", "conservative"}:
            _err(f"sectors.{name}", vals, "{'liberal': value, 'conservative': value} (printed Popularity values)")
        for party, v in vals.items():
            if v not in track or isinstance(v, bool):
                _err(f"sectors.{name}.{party}", v, f"a printed value of the {name} track {track}")
            st.sector_pos[PARTY_KEY[party]][i] = track.index(v)
    placed_bills: list[int] = []
    bills = position.get("bills")
    if bills is None:  # the board as the setup left it (Scenario 1 starts with bills on it)
        bills = [{"bill": BILL_LIST[b["bill"]]["id"], "vote_adjustment": b["adj"]} for b in st.bills]
    if not isinstance(bills, list) or len(bills) > 3:
        _err("bills", bills, "a list of at most 3 bills on the board")
    board = []
    seen_debate = set()
    for i, b in enumerate(bills):
        f = f"bills[{i}]"
        if isinstance(b, str):
            b = {"bill": b}
        if not isinstance(b, dict) or not set(b) <= {"bill", "vote_adjustment", "debate_cards"} or "bill" not in b:
            _err(f, b, "a bill id or {'bill': id, 'vote_adjustment': int, 'debate_cards': [...]}")
        x = _bill_of(f + ".bill", b["bill"])
        adj = b.get("vote_adjustment", BILL_LIST[x]["adjustment"])
        _int(f + ".vote_adjustment", adj, BOARD["bill_slots"]["vote_adjustment_min"],
             BOARD["bill_slots"]["vote_adjustment_max"])
        debate = []
        for j, d in enumerate(b.get("debate_cards", [])):
            g = f"{f}.debate_cards[{j}]"
            if (not isinstance(d, dict) or set(d) != {"card", "owner", "side"} or not isinstance(d["card"], str)
                    or d["card"] not in DEBATE or not isinstance(d["side"], str)):
                _err(g, d, f"{{'card': one of {sorted(DEBATE)}, 'owner': seat, 'side': 'pact' or 'no_pact'}}")
            _int(g + ".owner", d["owner"], 0, n - 1)
            if d["side"] not in DEBATE[d["card"]]["sides"] or d["card"] in seen_debate:
                _err(g, d, "a side of the card, each Debate Card once")
            if st._debate_card_of(d["owner"]) != d["card"]:
                _err(g + ".owner", d["owner"], f"the seat that holds {d['card']} "
                                               f"(seat {d['owner']} holds {st._debate_card_of(d['owner'])})")
            seen_debate.add(d["card"])
            debate.append([d["card"], d["owner"], d["side"]])
        slot = {"bill": x, "adj": adj, "debate": debate}
        if x in st.scen.get("home", ()):
            _scenario_slot(st, slot, "vote_adjustment" in b)
        board.append(slot)
        placed_bills.append(x)
    st.bills = board
    st.passed = [_bill_of(f"passed[{i}]", x) for i, x in enumerate(_list("passed", position.get("passed", [])))]
    placed_bills += st.passed
    if "aside" in st.scen:  # a Scenario bill on the board or passed is no longer set aside next to it
        st.scen["aside"] = [b for b in st.scen["aside"] if b not in placed_bills]
    _agenda(st, position)
    _queens(st, position)
    selection = _selection_cards(st, position)
    placed_bills += [b for h in st.bill_hand for b in h] + [b for b, _ in st.proposed]

    # piles: discards named, decks stacked, the rest shuffled into the decks
    discards = position.get("discards", {})
    decks = position.get("decks", {})
    for name, d in (("discards", discards), ("decks", decks)):
        if not isinstance(d, dict) or not set(d) <= set(DECK_KEYS):
            _err(name, d, f"a dict with keys among {list(DECK_KEYS)}")
    tops = {}
    for name, d in (("discards", discards), ("decks", decks)):
        for k, ids in d.items():
            cards = _ids(f"{name}.{k}", ids, CARD_INDEX[k], k.replace("_", "-") + " card")
            if k in DECKS and any(DECKS[BILL_DECK[c]] != k for c in cards):
                _err(f"{name}.{k}", ids, f"bills of the {k} deck only")
            if name == "discards":
                st.discards[k] = cards
            else:
                tops[k] = cards
    event = _event_field(st, position)
    used = {"supporters": [c for h in st.hand for c in h] + st.discards["supporters"] + tops.get("supporters", [])
            + st.scen.get("under_ia", []),
            "events": [e for h in st.qt_hands for e in h] + st.discards["events"] + tops.get("events", [])
            + ([event[0]] if event else []),
            "bills": placed_bills + [c for k in DECKS for c in st.discards[k] + tops.get(k, [])]}
    for group, cards in used.items():
        dup = sorted({c for c in cards if cards.count(c) > 1})
        if dup:
            _err(group, _names(group, dup), "each card in one place only (hands, question cards, board, passed, "
                                            "discards, decks)")
        outside = sorted(set(cards) - in_play[group])
        if outside:
            _err(group, _names(group, outside), "cards of this game (a Scenario may leave some out)")
    aside = set(st.scen.get("aside", []))
    unplaced = position.get("unplaced", {})
    if not isinstance(unplaced, dict) or not set(unplaced) <= set(DECK_KEYS) or any(
            v not in ("deck", "discards") for v in unplaced.values()):
        _err("unplaced", unplaced, f"a dict of pile ({list(DECK_KEYS)}) -> 'deck' or 'discards'")
    for k in DECK_KEYS:
        group = "bills" if k in DECKS else k
        pool = sorted(c for c in in_play[group] if c not in used[group] and c not in aside
                      and (group != "bills" or DECKS[BILL_DECK[c]] == k) and (k != "events" or c != riots))
        st.rng.shuffle(pool)
        if unplaced.get(k) == "discards":  # the deck holds only its stacked cards; the rest lie under the discards
            st.discards[k] = pool + st.discards[k]
            pool = []
        st.decks[k] = pool + tops.get(k, [])[::-1]  # the top card is last; the first listed is drawn first
    if riots >= 0:
        _place_riots(st, riots, tops.get("events", []))
    order = _ids("supporter_reshuffle", position.get("supporter_reshuffle", []), SUP_INDEX, "Supporter")
    if set(order) - in_play["supporters"]:
        _err("supporter_reshuffle", _names("supporters", sorted(set(order) - in_play["supporters"])),
             "Supporters of this game")
    st.supporter_reshuffle = order
    st.unc_stack = [UNC_INDEX[u] if isinstance(u, str) and u in UNC_INDEX else _err(f"uncertainty[{i}]", u,
                    "an Uncertainty card id (U01..)") for i, u in enumerate(_list("uncertainty",
                                                                                  position.get("uncertainty", [])))]

    # where the round stands
    phase = position.get("phase", "round_start")
    if phase not in PHASES:
        _err("phase", phase, f"one of {list(PHASES)}")
    if phase == "bill_selection" and st.bills and selection is None:
        _err("phase", phase, "a phase after Bill Selection: it is held only with no bills on the board (5.0)")
    if selection is not None and phase != "bill_selection":
        _err("selection", position["selection"], "absent unless phase is 'bill_selection'")
    if event is not None and phase != "prime_minister":
        _err("event", position["event"], "absent unless phase is 'prime_minister' (the PM's Event, 8.0)")
    st.tasks = _selection_tasks(st) if selection is not None else _phase_tasks(st, phase, position)
    st.pending = None
    st._legal, st._legal_set = [], frozenset()
    st.event_log = []
    if event is not None:
        _start_event(st, position["event"], *event)
    if "playing" in position:
        _start_playing(st, position)
    st._advance()
    if "to_move" in position:
        want = position["to_move"]
        if want != st.current_player():
            kind = st.pending["kind"] if st.pending else "game over"
            _err("to_move", want, f"the seat the rules ask next: {st.current_player()} ({kind})")
    try:
        st.check_saved(st.to_json())
    except StateFormatError as exc:
        raise PositionError(f"prime_minister: the position is not a table the rules can reach: {exc}") from None
    return st


def _list(field, v):
    if not isinstance(v, list):
        _err(field, v, "a list")
    return v


def _names(group, cards):
    ids = {"supporters": SUP_IDS, "events": EVENT_IDS, "bills": BILL_IDS}[group]
    return [ids[c] for c in cards]


def _phase_tasks(st, phase: str, position: dict) -> list:
    """The task queue from ``phase`` to the end of the round (the order of 4.0, as ``round.py`` queues it)."""
    if phase == "round_start":
        return [["round_start"]]
    if phase == "round_end":
        return [["round_end"]]
    st._legal, st._legal_set = [], frozenset()
    probe = st._copy(None)
    probe.tasks = []
    probe._queue_phases()
    phases = probe.tasks  # [turn gbb], opposition_start, pm_turn, [turn dev], [s5_window], resolution, ...
    if phase == "bill_selection":
        return [["selection"], ["turns"]]
    start = {"government_backbencher": 0, "opposition": ["opposition_start"], "prime_minister": ["pm_turn"],
             "bill_resolution": ["resolution"], "challenges": ["challenges"],
             "election": ["election_phase"]}.get(phase)
    if phase == "government_backbencher":
        if st.seat_of("gbb") < 0:
            _err("phase", phase, "a phase of this table: there is no Government Backbencher")
        return phases
    if phase != "turn":
        return phases[phases.index(start):]
    # the middle of a turn: the seat's action menu, then what follows its turn this round
    t = position.get("turn")
    if not isinstance(t, dict) or not set(t) <= {"player", "acted", "opposition_still_to_play"} or "player" not in t:
        _err("turn", t, "{'player': seat, 'acted': bool, 'opposition_still_to_play': bool} with phase 'turn'")
    s = _int("turn.player", t["player"], 0, st.n - 1)
    acted = _bool("turn.acted", t.get("acted", False))
    role = st.role[s]
    st.turn = {"seat": s, "acted": acted, "doubled": list(st.hand[s]) if st.foth_holder() == s else [],
               "denied": []}
    if role == "gbb":
        rest = phases[phases.index(["opposition_start"]):]
    elif role in ("ol", "obb"):
        rest = phases[phases.index(["pm_turn"]):]
        other = st.seat_of("obb" if role == "ol" else "ol")
        if other >= 0 and _bool("turn.opposition_still_to_play", t.get("opposition_still_to_play", False)):
            rest = [["turn", other]] + rest
    else:
        rest = phases[phases.index(["resolution"]):]
    return [["main", s]] + rest



def _scenario_state(st, position: dict, players) -> None:
    """The ``scenario`` field: the Scenario's own state (SCENARIO_FIELDS), set before the offices are checked, since
    Devonshire's side decides his party and so the side his role must be on (Scenario 7, L1221-1225)."""
    sc = position.get("scenario")
    if sc is None:
        return
    num = st.scen.get("num", 0)
    allowed = sorted(k for k, (key, _) in SCENARIO_FIELDS.items()
                     if key in st.scen or key == "riots_floor" and num == 5)
    if not num:
        _err("scenario", sc, "absent: this game is not a Scenario")
    if not isinstance(sc, dict) or not set(sc) <= set(allowed):
        _err("scenario", sc, f"a dict with keys among {allowed} (the state of Scenario {num})")
    for k, v in sc.items():
        key, kind = SCENARIO_FIELDS[k]
        f = f"scenario.{k}"
        if kind == "bool":
            st.scen[key] = _bool(f, v)
        elif kind == "count":
            st.scen[key] = _int(f, v, 0, 10 ** 6)
        elif kind == "seat":
            st.scen[key] = -1 if v is None else _int(f, v, 0, st.n - 1)
        elif kind == "side":
            if v not in ("liberal", "unionist", "conservative"):
                _err(f, v, "'liberal', 'unionist' (the Liberal Unionist) or 'conservative'")
            st.scen[key] = v
        elif kind == "floor":  # Scenario 5: the Riots lie above this many Event cards (L1136)
            if v is None:
                st.scen.pop(key, None)
            else:
                st.scen[key] = _int(f, v, 0, len(EVENT_IDS))
        elif kind == "supporters":  # face down under Scenario 4's Importation Act (L1100)
            st.scen[key] = _ids(f, v, SUP_INDEX, "Supporter")
        elif kind == "party":
            if v is not None and v not in PARTY_KEY:
                _err(f, v, "'liberal', 'conservative' or null (not passed)")
            st.scen[key] = -1 if v is None else PARTY_KEY[v]
    side = sc.get("devonshire_side")
    if side is None:
        return
    dev = st.scen["devonshire"]
    if side == "conservative":  # L1225: his party changes; his role is on the Conservative side
        st.party[dev] = PARTY_KEY["conservative"]
        if not (players and any("role" in p for p in players)):
            st.role[dev] = "gbb" if st.role[st.pol.index("P06")] == "pm" else "obb"
    if "deputy_party_leader" not in sc:  # the Career Card moves with his side (L1221, L1225)
        st.scen["dpl"] = {"unionist": -1, "conservative": st.pol.index("P04")}.get(side, st.scen["dpl"])


def _question_cards(field: str, v, game) -> list[int]:
    if not game.question_time:
        _err(field, v, "absent: Question Time cards need question_time=True")
    cards = _ids(field, v, EVENT_INDEX, "Event")
    if len(cards) > 2 or any(EVENT_LIST[e]["kind"] == "by_election" for e in cards):
        _err(field, v, "at most 2 action Events (a By-Election is replaced when dealt, L1841)")
    return cards


def _scenario_slot(st, slot: dict, adj_given: bool) -> None:
    """A Scenario's set-aside bill placed on the board: the slot the PM's selection would give it (``_select_bill``)."""
    num, b = st.scen["num"], slot["bill"]
    if st.gov_party == PARTY_KEY["conservative"] and num == 4 and b == st.scen["importation"]:
        slot["icon"] = "M"  # L1105
        if not adj_given:
            slot["adj"] = 40
    if st.gov_party == PARTY_KEY["conservative"] and num == 5 and b == st.scen["act"]:
        slot["icon"] = "M"  # L1135
    if num == 3:
        st.scen["queen_selected_by"][str(b)] = st.seat_of("pm")


def _agenda(st, position: dict) -> None:
    """Scenario 2's Agenda bills passed: given (``scenario.agenda_passed``, each among ``passed``), or those of
    ``passed``."""
    if "agenda_passed" not in st.scen:
        return
    sc = position.get("scenario") or {}
    if "agenda_passed" not in sc:
        st.scen["agenda_passed"] = [b for b in st.passed if b in st.scen["agenda"]]
        return
    ids = _ids("scenario.agenda_passed", sc["agenda_passed"], BILL_INDEX, "bill")
    for i, b in enumerate(ids):
        if b not in st.scen["agenda"] or b not in st.passed:
            _err(f"scenario.agenda_passed[{i}]", BILL_IDS[b], f"a bill of the Agenda "
                 f"{[BILL_IDS[x] for x in st.scen['agenda']]} that is listed in passed")
    st.scen["agenda_passed"] = ids


def to_position(st) -> dict:
    """The table of ``st`` as a position (RULES.md "Positions"): every table field, each pile in full (``decks`` top
    card first), the Uncertainty cards still stacked, the Scenario's state. Not written: ``phase``, ``turn`` and
    ``to_move`` (where the round stands is the queue's, not the table's)."""
    players = []
    for s in range(st.n):
        p = {"politician": st.pol[s], "role": ROLE_NAMES[st.role[s]], "standing": st.standing[s],
             "favour": st.favour[s], "vp": st.vp[s], "action_cubes": st.cubes[s],
             "supporters": [SUP_IDS[c] for c in st.hand[s]],
             "careers_active": [c for c, on in st.careers[s].items() if on]}
        if st.game.question_time:
            p["question_cards"] = [EVENT_IDS[e] for e in st.qt_hands[s]]
        players.append(p)
    ids = {"supporters": SUP_IDS, "events": EVENT_IDS}
    out = {
        "round": st.round, "players": players, "government": "liberal" if st.gov_party == 0 else "conservative",
        "pact": st.pact, "resigned": st.resigned, "election_marker": st.marker, "government_mps": dict(st.mps),
        "sectors": {sec["name"]: {party: sec["positions"][st.sector_pos[k][i]] for party, k in PARTY_KEY.items()}
                    for i, sec in enumerate(SECTOR_LIST)},
        "bills": [{"bill": BILL_IDS[b["bill"]], "vote_adjustment": b["adj"],
                   "debate_cards": [{"card": c, "owner": o, "side": sd} for c, o, sd in b["debate"]]}
                  for b in st.bills],
        "passed": [BILL_IDS[b] for b in st.passed],
        "discards": {k: [ids.get(k, BILL_IDS)[c] for c in st.discards[k]] for k in DECK_KEYS},
        "decks": {k: [ids.get(k, BILL_IDS)[c] for c in reversed(st.decks[k])] for k in DECK_KEYS},
        "uncertainty": [UNC_IDS[u] for u in st.unc_stack],
        "supporter_reshuffle": [SUP_IDS[c] for c in st.supporter_reshuffle],
    }
    if st.scen.get("num"):
        sc = {}
        for k, (key, kind) in SCENARIO_FIELDS.items():
            if key in st.scen or kind == "floor" and st.scen.get("num") == 5:
                v = st.scen.get(key)
                if kind == "bills":
                    v = [BILL_IDS[b] for b in v]
                elif kind == "supporters":
                    v = [SUP_IDS[c] for c in v]
                elif kind == "floor":
                    pass
                elif kind in ("seat", "party"):
                    v = None if v < 0 else PARTY_NAMES[v] if kind == "party" else v
                elif kind == "queen":
                    v = {BILL_IDS[int(b)]: x for b, x in v.items()}
                sc[k] = v
        out["scenario"] = sc
    event = _event_of(st)
    if event is not None:
        out["event"] = event
    playing = _playing_of(st)
    if playing is not None:  # the card back in the hand it is played from
        out["playing"] = playing
        out["players"][playing["player"]]["supporters"].append(playing["supporter"])
        out["discards"]["supporters"].pop()
    if any(t[0] == "selection_end" for t in st.tasks):  # a Bill Selection in progress
        out["selection"] = {"hands": [[BILL_IDS[b] for b in h] for h in st.bill_hand],
                            "proposed": [{"bill": BILL_IDS[b], "by": s} for b, s in st.proposed]}
    return out


def _selection_cards(st, position: dict):
    """The ``selection`` field (a Bill Selection in progress): the bills drawn and held, the proposals (the PM's
    draws among them, face up); the bills already selected are the position's ``bills``. None without the field."""
    sel = position.get("selection")
    if sel is None:
        return None
    if not isinstance(sel, dict) or not set(sel) <= {"hands", "proposed"}:
        _err("selection", sel, "{'hands': [bill ids per seat], 'proposed': [{'bill': id, 'by': seat}, ...]}")
    hands = sel.get("hands", [[] for _ in range(st.n)])
    if not isinstance(hands, list) or len(hands) != st.n:
        _err("selection.hands", hands, f"a list of {st.n} lists of bill ids, one per seat")
    st.bill_hand = [_ids(f"selection.hands[{s}]", h, BILL_INDEX, "bill") for s, h in enumerate(hands)]
    proposed = _list("selection.proposed", sel.get("proposed", []))
    st.proposed = []
    for i, e in enumerate(proposed):
        if not isinstance(e, dict) or set(e) != {"bill", "by"}:
            _err(f"selection.proposed[{i}]", e, "{'bill': id, 'by': seat}")
        st.proposed.append([_bill_of(f"selection.proposed[{i}].bill", e["bill"]),
                            _int(f"selection.proposed[{i}].by", e["by"], 0, st.n - 1)])
    gov_deck = DECKS.index(PARTY_NAMES[st.gov_party])
    for b in [b for h in st.bill_hand for b in h] + [b for b, _ in st.proposed]:
        if BILL_DECK[b] not in (0, gov_deck):
            _err("selection", BILL_IDS[b], f"bills of the Cross-Party or the Government's ({PARTY_NAMES[st.gov_party]})"
                                           f" deck, the decks Bill Selection draws from (PM-A24)")
    return sel


def _selection_tasks(st) -> list:
    """The rest of Bill Selection after the progress the ``selection`` field and the board show, in the order of
    5.1 / 5.2 (``_start_selection``'s queue with the steps already taken removed), then the round's turns."""
    st._legal, st._legal_set = [], frozenset()
    probe = st._copy(None)
    probe.tasks = []
    probe._run_task(["selection"])
    queue = probe.tasks
    pm = st.seat_of("pm")
    draws = [len(st.bill_hand[s]) + sum(1 for _, p in st.proposed if p == s) for s in range(st.n)]
    props = [sum(1 for _, p in st.proposed if p == s) if s != pm else 0 for s in range(st.n)]  # the PM's: draws
    pm_draws = draws[pm]
    if st.bill_hand[pm]:
        _err(f"selection.hands[{pm}]", st.bill_hand[pm], "[]: the PM's draws are proposed at once (face up, 5.1)")
    selected = len(st.bills)
    after = pm_draws > 0 or selected > 0  # past the reveal: every proposer has drawn and proposed
    if after:  # (a proposal selected already is on the board: only the hands tell what each proposer drew)
        for s in range(st.n):
            d = sum(1 for t in queue if t == ["draw_bill", s])
            p = sum(1 for t in queue if t == ["propose", s])
            if s != pm and (len(st.bill_hand[s]) != d - p or props[s] > p):
                _err(f"selection.hands[{s}]", [BILL_IDS[b] for b in st.bill_hand[s]],
                     f"the {d - p} bill(s) seat {s} drew and did not propose, and at most {p} proposal(s) of his, "
                     f"once the PM draws or selects")
            if s != pm:
                draws[s] = props[s] = 0
    done = 0
    for name, *args in queue:
        if name in ("draw_bill", "propose") and args[0] != pm and after:
            pass
        elif name == "draw_bill" and args[0] != pm and draws[args[0]] > 0:
            draws[args[0]] -= 1
        elif name == "propose" and props[args[0]] > 0:
            props[args[0]] -= 1
        elif name == "reveal_proposals" and (pm_draws or selected):
            pass
        elif name == "draw_bill" and args[0] == pm and (draws[pm] > 0 or selected):
            draws[pm] = max(0, draws[pm] - 1)
        elif name == "select" and selected > 0:
            selected -= 1
        else:
            break
        done += 1
    if any(draws) or any(props) or selected:
        _err("selection", {"hands": [[BILL_IDS[b] for b in h] for h in st.bill_hand],
                           "proposed": [[BILL_IDS[b], s] for b, s in st.proposed], "selected": len(st.bills)},
             "the progress of one Bill Selection of this table, in the order of 5.1 / 5.2 (each proposer draws "
             "then proposes, in the order OL, Opposition Backbencher, Government Backbencher; the PM draws after the "
             "reveal; selections (the bills on the board) after every draw)")
    st.revealed_ok = any(t[0] == "reveal_proposals" for t in queue[:done]) and st.game.scenario not in (2, 4)
    st.selected_count = len(st.bills)
    return [list(t) for t in queue[done:]] + [["turns"]]


def _event_field(st, position: dict):
    """The ``event`` field: (the Event card, the option chosen or None, how many of its effects have run)."""
    ev = position.get("event")
    if ev is None:
        return None
    if not isinstance(ev, dict) or "card" not in ev or not set(ev) <= {"card", "option", "effects_done"}:
        _err("event", ev, "{'card': Event id, 'option': index (chosen and paid), 'effects_done': count}")
    card = ev["card"]
    if not isinstance(card, str) or card not in EVENT_INDEX:
        _err("event.card", card, "an Event id (EV01.., BY1..)")
    e = EVENT_INDEX[card]
    if st.game.scenario == 5 and e == st.scen["riots"]:
        _err("event.card", card, "an Event other than Scenario 5's Riots (its place is not a position field yet)")
    option = ev.get("option")
    done = ev.get("effects_done", 0)
    if EVENT_LIST[e]["kind"] == "by_election":
        if option is not None or "effects_done" in ev:
            _err("event", ev, "a By-Election alone: it has no options (8.2)")
        return e, None, 0
    if option is None:
        if "effects_done" in ev:
            _err("event.effects_done", done, "absent without an option")
        return e, None, 0
    st.event = e  # _event_options reads it (Scenario 5 doubles the Riots)
    opts = st._event_options()
    st.event = -1
    _int("event.option", option, 0, len(opts) - 1)
    _int("event.effects_done", done, 0, len(opts[option]["effects"]))
    return e, option, done


def _start_event(st, field, e: int, option, done: int) -> None:
    """The PM's turn with the Event ``e`` drawn (8.0): its option asked, or ``option`` chosen and paid (the position's
    cubes are after paying) with its effects from the ``done``-th on still to run, or a By-Election resolved."""
    pm = st.seat_of("pm")
    if st.tasks[:1] == [["pm_turn"]]:
        st.tasks[:1] = [["window_pact", pm], ["turn", pm]]
    st._resolve_event(e)
    if option is None:
        return
    if st.pending is None or st.pending["kind"] != "event":
        _err("event", field, "an Event the PM chooses an option of")
    opt = st._event_options()[option]
    pend, st.pending = st.pending, None
    st.cubes[pm] += opt["cost"]  # the rules pay it again
    st._choose_event_option(pend, A_OPTION + option)
    k = 0
    while k < done:  # the effects already run
        st.tasks.pop(0)
        k += 1


def _event_of(st):
    """The ``event`` field of ``st`` where it says all that is left of the Event, else None."""
    e = st.event
    if e < 0 or EVENT_LIST[e]["kind"] == "by_election":
        return None
    pm = st.seat_of("pm")
    pend = st.pending
    if pend is not None and pend["kind"] == "event":
        return {"card": EVENT_IDS[e]}
    src = {"actor": pm, "mult": 1, "src": ["event", e]}
    k = 0
    while k < len(st.tasks) and st.tasks[k][0] == "eff":
        k += 1
    if k == len(st.tasks) or st.tasks[k] != ["event_done"] or any(t[2] != src for t in st.tasks[:k]):
        return None  # inside an effect's own sub-choices, or effects of another source first
    left = [t[1] for t in st.tasks[:k]]
    for i, o in enumerate(st._event_options()):
        effs = o["effects"]
        if len(left) <= len(effs) and effs[len(effs) - len(left):] == left:
            return {"card": EVENT_IDS[e], "option": i, "effects_done": len(effs) - len(left)}
    return None


def _start_playing(st, position: dict) -> None:
    """The ``playing`` field (with ``"phase": "turn"``): the seat whose turn it is plays a Supporter of its hand now
    (as the rules do: to the discard pile, doubled for the Father of the House), its effects from the
    ``effects_done``-th on still to run; the first sub-choice is asked next."""
    pl = position["playing"]
    keys = {"player", "supporter", "option", "effects_done", "doubled"}
    if position.get("phase") != "turn" or not isinstance(pl, dict) or set(pl) - keys or not {
            "player", "supporter", "option"} <= set(pl):
        _err("playing", pl, "{'player': seat, 'supporter': id, 'option': 0 or 1, 'effects_done': count, 'doubled': "
                            "bool} with phase 'turn'")
    s = _int("playing.player", pl["player"], 0, st.n - 1)
    if st.turn is None or st.turn["seat"] != s:
        _err("playing.player", s, f"the seat whose turn it is ({st.turn and st.turn['seat']})")
    card = pl["supporter"]
    if not isinstance(card, str) or card not in SUP_INDEX or SUP_INDEX[card] not in st.hand[s]:
        _err("playing.supporter", card, f"a Supporter of seat {s}'s hand (players[{s}].supporters)")
    c = SUP_INDEX[card]
    opts = SUPPORTER_LIST[c]["options"]
    o = _int("playing.option", pl["option"], 0, len(opts) - 1)
    if s == st._unionist():
        _err("playing.player", s, "not Scenario 7's Liberal Unionist (his plays drop tradeoffs; not a field yet)")
    done = _int("playing.effects_done", pl.get("effects_done", 0), 0, len(opts[o]["effects"]))
    if "doubled" in pl:  # default: as the Father of the House's hand at the start of the turn
        doubled = st.turn["doubled"]
        if _bool("playing.doubled", pl["doubled"]) and c not in doubled:
            if st.foth_holder() != s:
                _err("playing.doubled", True, f"false: seat {s} is not the Father of the House (7.4)")
            doubled.append(c)
        elif not pl["doubled"] and c in doubled:
            doubled.remove(c)
    if st.tasks[:1] != [["main", s]]:
        _err("playing", pl, "a play in the middle of that seat's turn")
    st.tasks.pop(0)
    st._perform(s, A_PLAY + 2 * c + o)  # the effects, then the menu again
    del st.tasks[:done]


def _playing_of(st):
    """The ``playing`` field of ``st`` where the queue holds what is left of one Supporter play, else None."""
    t = st.turn
    if t is None:
        return None
    s = t["seat"]
    k = 0
    while k < len(st.tasks) and st.tasks[k][0] == "eff":
        k += 1
    if not k or k == len(st.tasks) or st.tasks[k] != ["main", s] or s == st._unionist():
        return None
    ctx = st.tasks[0][2]
    src = ctx.get("src")
    if not src or src[0] != "supporter" or any(x[2] != ctx for x in st.tasks[:k]) or set(ctx) != {
            "actor", "mult", "src"} or ctx["actor"] != s or not st.discards["supporters"] \
            or st.discards["supporters"][-1] != src[1]:
        return None  # inside an effect's own sub-choices, another source, or the card no longer on the pile
    left = [x[1] for x in st.tasks[:k]]
    for o, opt in enumerate(SUPPORTER_LIST[src[1]]["options"]):
        effs = opt["effects"]
        if len(left) <= len(effs) and effs[len(effs) - len(left):] == left:
            return {"player": s, "supporter": SUP_IDS[src[1]], "option": o, "effects_done": len(effs) - len(left),
                    "doubled": ctx["mult"] == 2}
    return None


def _queens(st, position: dict) -> None:
    """Scenario 3's ``queens_bills_selected_by``: the seat that selected each Queen's bill on the board (L1071, L1075;
    default the PM)."""
    sc = position.get("scenario") or {}
    if "queens_bills_selected_by" not in sc:
        return
    v = sc["queens_bills_selected_by"]
    board = {b["bill"] for b in st.bills}
    if not isinstance(v, dict):
        _err("scenario.queens_bills_selected_by", v, "a dict of Queen's bill id -> seat")
    out = {}
    for bid, seat in v.items():
        f = f"scenario.queens_bills_selected_by.{bid}"
        if not isinstance(bid, str) or bid not in BILL_INDEX or BILL_INDEX[bid] not in st.scen["queens"] \
                or BILL_INDEX[bid] not in board:
            _err(f, bid, f"a Queen's bill on the board ({[BILL_IDS[b] for b in st.scen['queens'] if b in board]})")
        out[str(BILL_INDEX[bid])] = _int(f, seat, 0, st.n - 1)
    missing = [BILL_IDS[b] for b in st.scen["queens"] if b in board and str(b) not in out]
    if missing:
        _err("scenario.queens_bills_selected_by", v, f"a seat for every Queen's bill on the board ({missing})")
    st.scen["queen_selected_by"] = out


def _place_riots(st, riots: int, tops: list) -> None:
    """Scenario 5's Riots in the Event deck above ``riots_floor`` cards (L1136): where the stacked tops put them, else
    at random among the places above the floor (as ``sample_hidden`` redeals them)."""
    deck = st.decks["events"]
    if riots not in tops:
        floor = st.scen.get("riots_floor", max(0, len(deck) - 6))
        if floor > len(deck):
            _err("scenario.riots_floor", floor, f"at most the {len(deck)} other cards of the Event deck")
        deck.insert(floor + st.rng.randrange(len(deck) - floor + 1), riots)
    elif deck.index(riots) < st.scen.get("riots_floor", 0):
        _err("decks.events", EVENT_IDS[riots], f"the Riots above the floor of {st.scen['riots_floor']} cards")
