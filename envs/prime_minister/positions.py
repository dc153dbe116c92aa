"""Prime Minister: positions -- a human-writable table at any decision of a game (RULES.md "Positions").

``PrimeMinisterGame.state_from_position(position, seed)`` builds the seeded setup of the game (2.0-2.5: Politicians,
roles, shuffled decks), lays the position's table over it, queues the round from where the position stands
(``progress.py``: the phase and its step, the turn, a Bill Selection, PMQT's signals, an Event, a Supporter, action or
bill whose effects are in progress, a decision that answers another) and runs the rules to that decision, so the state
says who acts next and what is pending. Every field is optional; what the position leaves out stays as the seeded
setup made it (shuffled decks, the drawn Politicians, starting tracks), and cards the position does not place anywhere
lie in their decks in random order under any stacked top cards.

:func:`to_position` writes a state back as a position: its whole table and where the round stands, every pile in
full, so that ``state_from_position(state.to_position())`` is the same state (its RNG aside); it checks this by laying
the position again, and raises :class:`PositionError` saying what no field can say where a state cannot be written.
Strictly validated: every field of the wrong kind, an unknown id, a card in two places, a value out of range or a
table the rules cannot reach (two Prime Ministers, a Government that is not the PM's party, a PM at 100 VP, a decision
the rules would not ask, ...) raises :class:`PositionError` naming the field and what was expected.
"""
from __future__ import annotations

from ..core.rules import DealError, PositionError, StateFormatError, new_rng
from .data_loader import cube_income
from .components import (BILL_DECK, BILL_IDS, BILL_INDEX, BILL_LIST, BOARD, DECK_KEYS, DECKS,
                         EVENT_IDS, EVENT_INDEX, EVENT_LIST, FAVOUR_MAX, FAVOUR_MIN, PARTY_KEY, PARTY_NAMES,
                         SECTOR_INDEX, SECTOR_LIST, SUP_IDS, SUP_INDEX, UNC_IDS, UNC_INDEX, VP_MAX)
from .progress import (PHASES, _bill_of, _bool, _err, _ids, _int, _list, _names, after_advance, before_advance,
                       check_fields, debate_entry, debate_json, event_field, keep_cards, pending_field, phase_tasks,
                       start_effects, start_event, start_playing, start_questions)
from .progress_write import NotExpressible, progress_of

TOP_KEYS = {"round", "phase", "step", "turn", "to_move", "players", "government", "pact", "resigned",
            "election_marker", "government_mps", "government_mps_party", "sectors", "bills", "passed", "decks",
            "discards", "unplaced", "uncertainty", "last_uncertainty", "refused_agreement", "minority_by_challenge",
            "lost_challenge", "scenario", "selection", "supporter_reshuffle", "event_reshuffle", "out_of_play",
            "questions", "event", "playing", "effects", "pending"}
PLAYER_KEYS = {"politician", "role", "standing", "favour", "vp", "action_cubes", "supporters", "supporters_shown",
               "careers_active", "question_cards"}
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
    "riots_floor": ("riots_floor", "floor"), "set_aside": ("aside", "aside"),
    "importation_act_supporters": ("ia_cards", "supporters"),
}
TRANSIENT = {"riots_floor": 5, "importation_act_supporters": 4}  # keys only some states of that Scenario have
ROLE_WORDS = {"pm": "pm", "prime_minister": "pm", "ol": "ol", "opposition_leader": "ol", "gbb": "gbb",
              "government_backbencher": "gbb", "obb": "obb", "opposition_backbencher": "obb"}
CARD_INDEX = {"supporters": SUP_INDEX, "events": EVENT_INDEX, "cross_party": BILL_INDEX, "liberal": BILL_INDEX,
              "conservative": BILL_INDEX}
# the state fields a position sets: ``to_position`` checks that laying its position again gives them back
LAID_FIELDS = ("round", "pol", "party", "role", "standing", "favour", "vp", "cubes", "hand", "bill_hand", "qt_hands",
               "shown", "sector_pos", "gov_party", "mps", "mps_party", "bills", "decks", "discards", "unc_stack",
               "last_unc", "pact", "resigned", "marker", "careers", "passed", "proposed", "revealed_ok",
               "refused_agreement", "minority_by_challenge", "lost_challenge", "event", "scen",
               "supporter_reshuffle", "event_reshuffle", "turn", "tasks", "pending", "over")


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
    riots_event = _riots_event(st, position)
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
    st._legal, st._legal_set = [], frozenset()
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
            st.vp[s] = _int(f + ".vp", p["vp"], 0, VP_MAX)
        if "supporters" in p:
            st.hand[s] = _ids(f + ".supporters", p["supporters"], SUP_INDEX, "Supporter")
        if "supporters_shown" in p:  # known to every seat (a refused permission, Scenario 4's revealed cards)
            st.shown[s] = _ids(f + ".supporters_shown", p["supporters_shown"], SUP_INDEX, "Supporter")
            if not set(st.shown[s]) <= set(st.hand[s]):
                _err(f + ".supporters_shown", p["supporters_shown"], f"Supporters of this seat's hand ({f}.supporters)")
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
    _round_state(st, position)

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
        debate = [debate_entry(st, f"{f}.debate_cards[{j}]", d, n) for j, d in enumerate(_list(
            f + ".debate_cards", b.get("debate_cards", [])))]
        for d in debate:
            if d[0] in seen_debate:
                _err(f + ".debate_cards", b["debate_cards"], "each Debate Card once")
            seen_debate.add(d[0])
        slot = {"bill": x, "adj": adj, "debate": debate}
        if x in st.scen.get("home", ()):
            _scenario_slot(st, slot, "vote_adjustment" in b)
        board.append(slot)
        placed_bills.append(x)
    st.bills = board
    if riots_event and any(b["bill"] == st.scen["act"] for b in st.bills):
        _err("event.card", position["event"]["card"], "an Event other than the Riots while the Act is on the board "
                                                      "(they go back next to it and another Event is drawn, L1137)")
    st.passed = [_bill_of(f"passed[{i}]", x) for i, x in enumerate(_list("passed", position.get("passed", [])))]
    placed_bills += st.passed
    if "aside" in st.scen:  # a Scenario bill on the board or passed is no longer set aside next to it
        st.scen["aside"] = [b for b in st.scen["aside"] if b not in placed_bills]
        _set_aside(st, position)
    _agenda(st, position)
    _queens(st, position)
    selection = _selection_cards(st, position)
    placed_bills += [b for h in st.bill_hand for b in h] + [b for b, _ in st.proposed]

    _out_of_play(st, position, in_play["events"], riots_event)

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
    event = event_field(st, position)
    used = {"supporters": [c for h in st.hand for c in h] + st.discards["supporters"] + tops.get("supporters", [])
            + st.scen.get("under_ia", []) + keep_cards(st, position),
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
    if riots >= 0 and not riots_event:
        _place_riots(st, riots, tops.get("events", []))
    order = _ids("supporter_reshuffle", position.get("supporter_reshuffle", []), SUP_INDEX, "Supporter")
    if set(order) - in_play["supporters"]:
        _err("supporter_reshuffle", _names("supporters", sorted(set(order) - in_play["supporters"])),
             "Supporters of this game")
    st.supporter_reshuffle = order
    order = _ids("event_reshuffle", position.get("event_reshuffle", []), EVENT_INDEX, "Event")
    if set(order) - in_play["events"]:
        _err("event_reshuffle", _names("events", sorted(set(order) - in_play["events"])),
             "Event cards in this game's Event deck or discards (not out of play)")
    st.event_reshuffle = order
    st.unc_stack = [UNC_INDEX[u] if isinstance(u, str) and u in UNC_INDEX else _err(f"uncertainty[{i}]", u,
                    "an Uncertainty card id (U01..)") for i, u in enumerate(_list("uncertainty",
                                                                                  position.get("uncertainty", [])))]

    _ia_cards(st, position)
    _victory(st, position)

    # where the round stands (progress.py)
    phase = position.get("phase", "round_start")
    if phase not in PHASES:
        _err("phase", phase, f"one of {list(PHASES)}")
    check_fields(position, phase)
    pend = pending_field(st, position)
    if phase == "bill_selection" and st.bills and selection is None and not (pend and pend[0] == "restart_pact"):
        _err("phase", phase, "a phase after Bill Selection: it is held only with no bills on the board (5.0)")
    st.pending = None
    st._legal, st._legal_set = [], frozenset()
    st.event_log = []
    st.tasks = _selection_tasks(st) if selection is not None else phase_tasks(st, phase, position)
    if "questions" in position:
        start_questions(st, position)
    if event is not None:
        start_event(st, position["event"], *event)
    if "effects" in position:
        start_effects(st, position)
    if "playing" in position:
        start_playing(st, position)
    st._check_careers()
    if not before_advance(st, position, pend):
        st._advance()
        after_advance(st, position, pend)
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


def _out_of_play(st, position: dict, in_play: set, riots_event: bool) -> None:
    """``out_of_play``: ``{"events": [Event ids]}``, Event cards out of the game. The rulebook takes one out in play:
    Scenario 5's Riots once the Second Reform Act has passed (L1152: "Remove the Riots card from the game"), so they
    need ``scenario.reform_act_passed_by``; a Scenario's setup leaves others out (Scenario 1's 9-card Event deck,
    L1015), which may be listed too. An Event card that is in play is refused."""
    v = position.get("out_of_play", {})
    if not isinstance(v, dict) or not set(v) <= {"events"}:
        _err("out_of_play", v, "{'events': [Event ids]}: the Event cards out of the game")
    cards = _ids("out_of_play.events", v.get("events", []), EVENT_INDEX, "Event")
    riots = st.scen["riots"] if st.game.scenario == 5 else -1
    for c in cards:
        if c == riots:
            if st.scen["act_passed_by"] < 0 or st.scen["act"] not in st.passed:
                _err("out_of_play.events", EVENT_IDS[c], "the Riots out of the game only once the Second Reform Act "
                                                         "has passed (L1152): list it in passed and set "
                                                         "scenario.reform_act_passed_by")
            if st.scen["riots_in_deck"] or riots_event:
                _err("out_of_play.events", EVENT_IDS[c], "the Riots out of the game, not in the Event deck or drawn "
                                                         "(scenario.riots_in_event_deck false)")
        elif c in in_play:
            _err("out_of_play.events", EVENT_IDS[c], "Event cards the rules take out of the game: Scenario 5's Riots "
                                                     "after the Second Reform Act passed (L1152), or cards the "
                                                     "Scenario's setup leaves out; this one is in play")


def _riots_event(st, position: dict) -> bool:
    """Scenario 5's Riots drawn as the PM's Event (``event.card`` EV15, L1137-1139): drawn from the Event deck, so
    ``riots_in_event_deck`` stays true until the Event is done (then they go back next to the board)."""
    ev = position.get("event")
    if st.game.scenario != 5 or not isinstance(ev, dict) or ev.get("card") != EVENT_IDS[st.scen["riots"]]:
        return False
    if (position.get("scenario") or {}).get("riots_in_event_deck") is False:
        _err("scenario.riots_in_event_deck", False, "true while the Riots are the Event (drawn from the Event deck)")
    st.scen["riots_in_deck"] = True
    return True


def _round_state(st, position: dict) -> None:
    """This round's facts a position may set: the last Uncertainty card drawn (public), the bills the OL refused by
    Agreement this Bill Resolution (PM-A50), a minority Government by Challenge and the PM who lost a Challenge
    (10.2, 11.2.1, PM-A62), and the party whose MPs the Government MP Tracker shows (a changeover by Challenge leaves
    the old Government's until the Election, PM-A64)."""
    u = position.get("last_uncertainty")
    if u is not None:
        if not isinstance(u, str) or u not in UNC_INDEX:
            _err("last_uncertainty", u, "an Uncertainty card id (U01..) or null")
        st.last_unc = UNC_INDEX[u]
    st.refused_agreement = _ids("refused_agreement", position.get("refused_agreement", []), BILL_INDEX, "bill")
    if len(st.refused_agreement) > 3:
        _err("refused_agreement", position["refused_agreement"], "at most 3 bills")
    st.minority_by_challenge = _bool("minority_by_challenge", position.get("minority_by_challenge", False))
    lost = position.get("lost_challenge")
    st.lost_challenge = -1 if lost is None else _int("lost_challenge", lost, 0, st.n - 1)
    if st.minority_by_challenge and st.lost_challenge != st.seat_of("ol"):
        _err("lost_challenge", lost, f"the Opposition Leader's seat ({st.seat_of('ol')}): a minority Government by "
                                     f"Challenge is the OL's who took the PM's position this round (10.2)")
    party = position.get("government_mps_party")
    if party is not None:
        if party not in PARTY_KEY:
            _err("government_mps_party", party, "'liberal' or 'conservative'")
        st.mps_party = PARTY_KEY[party]


def _set_aside(st, position: dict) -> None:
    """``scenario.set_aside``: the Scenario bills next to the board, in their order (default: the Scenario's order)
    -- those of the Scenario not on the board or passed, so only their order is free."""
    sc = position.get("scenario") or {}
    if "set_aside" not in sc:
        return
    ids = _ids("scenario.set_aside", sc["set_aside"], BILL_INDEX, "bill")
    if sorted(ids) != sorted(st.scen["aside"]):
        _err("scenario.set_aside", sc["set_aside"], f"the Scenario's bills not on the board or passed, in any "
                                                     f"order: {sorted(BILL_IDS[b] for b in st.scen['aside'])}")
    st.scen["aside"] = ids


def _ia_cards(st, position: dict) -> None:
    """Scenario 4's ``importation_act_supporters``: the Supporters revealed from under the Importation Act that the
    PM may still play now (L1106), in his hand, only while the Act's passing is resolved."""
    if "ia_cards" not in st.scen:
        return
    pm = st.seat_of("pm")
    if not st.scen["ia_cards"]:
        return
    if not set(st.scen["ia_cards"]) <= set(st.hand[pm]):
        _err("scenario.importation_act_supporters", _names("supporters", st.scen["ia_cards"]),
             f"Supporters of the PM's hand (players[{pm}].supporters)")
    src = (position.get("effects") or {}).get("source") if isinstance(position.get("effects"), dict) else None
    if not isinstance(src, dict) or src.get("bill") != BILL_IDS[st.scen["importation"]]:
        _err("scenario.importation_act_supporters", _names("supporters", st.scen["ia_cards"]),
             "absent unless the Importation Act's passing is in progress ('effects' of bill LB06)")


def _victory(st, position: dict) -> None:
    """A position is a game in progress: a table where someone has already won (13.0; a PM at 100 VP, the
    Scenarios' own conditions) is refused."""
    probe = st._copy(None)
    probe.record_events = False
    probe._check_victory()
    if not probe.over:
        return
    if st.game.scenario == 2:
        _err("scenario.gladstone_was_pm", st.scen["glad_was_pm"], "false while Disraeli is PM (he has won by "
                                                                  "retaking the PM's position, L1043)")
    w = probe.won[0]
    _err(f"players[{w}].vp", st.vp[w], f"less than {BOARD['score_track']['win_at']}: seat {w} "
                                       f"({ROLE_NAMES[st.role[w]]}) has won at it (13.0)")


def _scenario_state(st, position: dict, players) -> None:
    """The ``scenario`` field: the Scenario's own state (SCENARIO_FIELDS), set before the offices are checked, since
    Devonshire's side decides his party and so the side his role must be on (Scenario 7, L1221-1225)."""
    sc = position.get("scenario")
    if sc is None:
        return
    num = st.scen.get("num", 0)
    allowed = sorted([k for k, (key, _) in SCENARIO_FIELDS.items() if key in st.scen or TRANSIENT.get(k) == num]
                     + (["devonshire_turn_taken"] if num == 7 else []))
    if not num:
        _err("scenario", sc, "absent: this game is not a Scenario")
    if not isinstance(sc, dict) or not set(sc) <= set(allowed):
        _err("scenario", sc, f"a dict with keys among {allowed} (the state of Scenario {num})")
    for k, v in sc.items():
        if k not in SCENARIO_FIELDS:  # devonshire_turn_taken: where the round stands (progress.py)
            continue
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
        elif kind == "supporters":  # Scenario 4: face down under the Importation Act (L1100); revealed (L1106)
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


def _queens(st, position: dict) -> None:
    """Scenario 3's ``queens_bills_selected_by``: the seat that selected each Queen's bill on the board (L1071, L1075;
    default the PM), and the seat that last selected one set aside again unresolved (the board cleared by a
    Challenge, 10.2: the entry stays until the bill is selected again)."""
    sc = position.get("scenario") or {}
    if "queens_bills_selected_by" not in sc:
        return
    v = sc["queens_bills_selected_by"]
    board = {b["bill"] for b in st.bills}
    known = board | set(st.scen["aside"])
    if not isinstance(v, dict):
        _err("scenario.queens_bills_selected_by", v, "a dict of Queen's bill id -> seat")
    out = {}
    for bid, seat in v.items():
        f = f"scenario.queens_bills_selected_by.{bid}"
        if not isinstance(bid, str) or bid not in BILL_INDEX or BILL_INDEX[bid] not in st.scen["queens"] \
                or BILL_INDEX[bid] not in known:
            _err(f, bid, f"a Queen's bill on the board or set aside "
                         f"({[BILL_IDS[b] for b in st.scen['queens'] if b in known]})")
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


def to_position(st, check: bool = True) -> dict:
    """The state ``st`` as a position (RULES.md "Positions"): its whole table (every pile in full, ``decks`` top card
    first, the Uncertainty cards still stacked, the Scenario's state, this round's facts) and where the round stands
    (``progress.py``). With ``check`` the position is laid again and must give back every field a position sets
    (``LAID_FIELDS``); a state no position can say raises :class:`PositionError` saying what."""
    try:
        progress = progress_of(st)
    except NotExpressible as exc:
        raise PositionError(f"prime_minister: this state cannot be written as a position: {exc}") from None
    players = []
    for s in range(st.n):
        p = {"politician": st.pol[s], "role": ROLE_NAMES[st.role[s]], "standing": st.standing[s],
             "favour": st.favour[s], "vp": st.vp[s], "action_cubes": st.cubes[s],
             "supporters": [SUP_IDS[c] for c in st.hand[s]],
             "careers_active": [c for c, on in st.careers[s].items() if on]}
        if st.shown[s]:
            p["supporters_shown"] = [SUP_IDS[c] for c in st.shown[s]]
        if st.game.question_time:
            p["question_cards"] = [EVENT_IDS[e] for e in st.qt_hands[s]]
        players.append(p)
    ids = {"supporters": SUP_IDS, "events": EVENT_IDS}
    out = {
        "round": st.round, "players": players, "government": PARTY_NAMES[st.gov_party],
        "pact": st.pact, "resigned": st.resigned, "election_marker": st.marker, "government_mps": dict(st.mps),
        "government_mps_party": PARTY_NAMES[st.mps_party],
        "sectors": {sec["name"]: {party: sec["positions"][st.sector_pos[k][i]] for party, k in PARTY_KEY.items()}
                    for i, sec in enumerate(SECTOR_LIST)},
        "bills": [{"bill": BILL_IDS[b["bill"]], "vote_adjustment": b["adj"],
                   "debate_cards": debate_json(b["debate"])} for b in st.bills],
        "passed": [BILL_IDS[b] for b in st.passed],
        "discards": {k: [ids.get(k, BILL_IDS)[c] for c in st.discards[k]] for k in DECK_KEYS},
        "decks": {k: [ids.get(k, BILL_IDS)[c] for c in reversed(st.decks[k])] for k in DECK_KEYS},
        "uncertainty": [UNC_IDS[u] for u in st.unc_stack],
        "last_uncertainty": UNC_IDS[st.last_unc] if st.last_unc >= 0 else None,
        "refused_agreement": [BILL_IDS[b] for b in st.refused_agreement],
        "minority_by_challenge": st.minority_by_challenge,
        "lost_challenge": st.lost_challenge if st.lost_challenge >= 0 else None,
        "supporter_reshuffle": [SUP_IDS[c] for c in st.supporter_reshuffle],
        "event_reshuffle": [EVENT_IDS[c] for c in st.event_reshuffle],
    }
    if st.scen.get("num"):
        sc = {}
        for k, (key, kind) in SCENARIO_FIELDS.items():
            if key in st.scen or TRANSIENT.get(k) == st.scen["num"] and kind == "floor":
                v = st.scen.get(key)
                if kind in ("bills", "aside"):
                    v = [BILL_IDS[b] for b in v]
                elif kind == "supporters":
                    v = [SUP_IDS[c] for c in v]
                elif kind in ("seat", "party"):
                    v = None if v < 0 else PARTY_NAMES[v] if kind == "party" else v
                elif kind == "queen":
                    v = {BILL_IDS[int(b)]: x for b, x in v.items()}
                sc[k] = v
        out["scenario"] = sc
    playing = progress.get("playing")
    if playing is not None:  # the card back in the hand it is played from
        out["players"][playing["player"]]["supporters"].append(playing["supporter"])
        out["discards"]["supporters"].pop()
    if progress.pop("devonshire_turn_taken", False):
        out["scenario"]["devonshire_turn_taken"] = True
    out.update(progress)
    if check:
        _check_written(st, out)
    return out


def _check_written(st, position: dict) -> None:
    """``position`` laid again gives back every field of ``st`` that a position sets."""
    try:
        again = st.game.state_from_position(position, seed=0)
    except PositionError as exc:
        raise PositionError(f"prime_minister: this state cannot be written as a position: laid again it is refused "
                            f"({exc})") from None
    for k in LAID_FIELDS:
        if getattr(again, k) != getattr(st, k):
            raise PositionError(f"prime_minister: this state cannot be written as a position: laid again, its {k} "
                                f"differs ({getattr(again, k)!r:.200} instead of {getattr(st, k)!r:.200})")
