"""Politix saved states: the JSON of a state, its strict reading, and the invariants every reachable state keeps
(saved states, deals and positions are held to them)."""
from __future__ import annotations

from ..core.rules import StateFormatError, rng_from_json, rng_to_json
from ..errors import show
from .cards import (BASE_SUPPORT, BESIDE_KINDS, BURN_SLOT, COFFEE, DISCARD, DRAW, EVENTS, GROUPS, HAND_LIMIT, KINDS,
                    METHOD_KIND, METHODS, NB, NG, NK, NPOL, NUM_ACTION_CARDS, PARTY_NAMES, PERSUADE, PHASE_NAMES,
                    POLITICIANS, TABLE_SIZE, VOTER_IDS)

SAVED_FIELDS = ("game", "num_players", "teams_3v3", "politicians", "hands", "beside", "action_deck", "discard",
                "voter_deck", "table", "events", "collected", "base_support", "turns", "current", "phase",
                "persuasion", "finished", "truncated", "winners", "returns", "score_version", "rng")


def to_json(state) -> dict:
    """``state`` as saved-state JSON: every zone in order, the persuasion, the result and the game RNG."""
    kinds = lambda counts: [KINDS[k] for k in range(NK) for _ in range(counts[k])]  # noqa: E731
    return {
        "game": "politix", "num_players": state.n, "teams_3v3": state.game.options["teams_3v3"],
        "politicians": [POLITICIANS[k] for k in state.politician],
        "hands": [kinds(h) for h in state.hands],
        "beside": [[KINDS[BESIDE_KINDS[j]] for j in range(NB) for _ in range(b[j])] for b in state.beside],
        "action_deck": [KINDS[k] for k in state.deck], "discard": kinds(state.discard),
        "voter_deck": [VOTER_IDS[c] for c in state.voter_deck],
        "table": [GROUPS[g] for g in range(NG) for _ in range(state.table[g])],
        "events": [VOTER_IDS[c] for c in state.events_out],
        "collected": [{GROUPS[g]: c[g] for g in range(NG)} for c in state.collected],
        "base_support": [GROUPS[g] for g in range(NG) for _ in range(state.base[g])],
        "turns": list(state.turns), "current": state.cur, "phase": PHASE_NAMES[state.phase],
        "persuasion": (None if state.phase != PERSUADE or state.finished else
                       {"group": GROUPS[state.pg], "method": METHODS[state.pm], "played": state.pplayed,
                        "power": state.ppower}),
        "finished": state.finished, "truncated": state.truncated, "winners": list(state._winners),
        "returns": list(state._returns), "score_version": state.score_version,
        "rng": rng_to_json(state._rng),  # reading needs no private copy (see PolitixState.rng)
        "reshuffled": None if state.reshuffled is None else kinds(state.reshuffled),
        "drawn": [kinds(d) for d in state.drawn],
    }


def state_from_json(make_state, game, data: dict):
    """Rebuild a state saved by :func:`to_json`; ``make_state(game, rng)`` creates the empty state it fills.
    Strict: every field's type and range, each card exactly once, and the cross-references (politicians'
    parties, the persuasion, the phase, the result) are checked; anything else raises :class:`StateFormatError`
    naming the field and what was expected."""
    E = StateFormatError
    n, P = game.num_players, game.num_parties
    if not isinstance(data, dict):
        raise E(f"politix: a saved state must be a dict, got {type(data).__name__}")
    missing = [k for k in SAVED_FIELDS if k not in data]
    if missing:
        raise E(f"politix: saved state has no {show(missing[0])} field; expected all of {', '.join(SAVED_FIELDS)}")
    unknown = sorted(set(data) - set(SAVED_FIELDS) - {"reshuffled", "drawn"})
    if unknown:
        raise E(f"politix: saved state has unknown field {show(unknown[0])}; expected only {', '.join(SAVED_FIELDS)}"
                f", reshuffled, drawn")
    if (data["game"] != "politix" or data["num_players"] != n
            or data["teams_3v3"] is not game.options["teams_3v3"]):
        raise E(f"saved state is {show(data['game'])} for {show(data['num_players'])} players (teams_3v3="
                f"{show(data['teams_3v3'])}); expected politix for {n} (teams_3v3={game.options['teams_3v3']})")
    try:
        rng = rng_from_json(data["rng"])
    except Exception as exc:  # random.setstate raises several kinds on a bad tuple
        raise E(f"politix: saved 'rng' is malformed ({exc}); expected random.getstate() as "
                f"[version, [625 ints], gauss]") from None
    st = make_state(game, rng)
    KI = {k: i for i, k in enumerate(KINDS)}
    VI = {k: i for i, k in enumerate(VOTER_IDS)}
    GI = {k: i for i, k in enumerate(GROUPS)}
    EI = {k: NG + i for i, k in enumerate(EVENTS)}
    BI = {KINDS[k]: j for j, k in enumerate(BESIDE_KINDS)}

    def ids(field, value, index, what):
        if not isinstance(value, list) or any(not isinstance(x, str) or x not in index for x in value):
            bad = value if not isinstance(value, list) else next(
                x for x in value if not isinstance(x, str) or x not in index)
            raise E(f"politix: saved {field} holds {show(bad)}; expected a list of {what} ids "
                    f"({', '.join(index)})")
        return [index[x] for x in value]

    def counts(field, value, index, what, size):
        out = [0] * size
        for i in ids(field, value, index, what):
            out[i] += 1
        return out

    def per_seat(field, value, index, what, size, length=n):
        if not isinstance(value, list) or len(value) != length:
            raise E(f"politix: saved {field} must be a list of {length} lists, got {show(value, 80)}")
        return [counts(f"{field}[{s}]", v, index, what, size) for s, v in enumerate(value)]

    def integer(field, value, lo, hi=None):
        if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
            raise E(f"politix: saved {field} is {show(value)}; expected an int in {lo}..{'' if hi is None else hi}")
        return value

    st.politician = ids("politicians", data["politicians"], {k: i for i, k in enumerate(POLITICIANS)},
                        "politician")
    if len(st.politician) != n:
        raise E(f"politix: saved politicians must name {n} politicians, got {len(st.politician)}")
    st.hands = per_seat("hands", data["hands"], KI, "action card", NK)
    st.hand_size = [sum(h) for h in st.hands]
    st.beside = per_seat("beside", data["beside"], BI, "beside-card", NB)
    st.deck = ids("action_deck", data["action_deck"], KI, "action card")
    st.discard = counts("discard", data["discard"], KI, "action card", NK)
    st.voter_deck = ids("voter_deck", data["voter_deck"], VI, "voter card")
    st.table = counts("table", data["table"], GI, "voter group", NG)
    st.table_total = sum(st.table)
    st.events_out = ids("events", data["events"], EI, "event")
    st.event = st.events_out[-1] - NG if st.events_out else -1
    col = data["collected"]
    if (not isinstance(col, list) or len(col) != P
            or any(not isinstance(c, dict) or sorted(c) != sorted(GROUPS) for c in col)):
        raise E(f"politix: saved collected must cover {P} parties: {P} dicts with one count per group "
                f"({', '.join(GROUPS)})")
    st.collected = [[integer(f"collected[{i}].{g}", c[g], 0) for g in GROUPS] for i, c in enumerate(col)]
    st.base = counts("base_support", data["base_support"], GI, "voter group", NG)
    if not isinstance(data["turns"], list) or len(data["turns"]) != P:
        raise E(f"politix: saved turns must be a list of {P} ints (one per party)")
    st.turns = [integer(f"turns[{i}]", t, 0) for i, t in enumerate(data["turns"])]
    st.turn_count = sum(st.turns)
    st.cur = integer("current", data["current"], 0, n - 1)
    if data["phase"] not in PHASE_NAMES:
        raise E(f"politix: saved phase {show(data['phase'])}; expected one of {', '.join(PHASE_NAMES)}")
    st.phase = PHASE_NAMES.index(data["phase"])
    for key in ("finished", "truncated"):
        if not isinstance(data[key], bool):
            raise E(f"politix: saved {key} is {show(data[key])}; expected true or false")
    st.finished, st.truncated = data["finished"], data["truncated"]
    per = data["persuasion"]
    if st.phase == PERSUADE and not st.finished:
        if not isinstance(per, dict) or sorted(per) != ["group", "method", "played", "power"]:
            raise E("politix: saved phase 'persuade' needs persuasion {group, method, played, power}")
        if per["group"] not in GI or per["method"] not in METHODS:
            raise E(f"politix: saved persuasion {show(per['group'])} by {show(per['method'])}; expected a group of "
                    f"{', '.join(GROUPS)} and a method of {', '.join(METHODS)}")
        st.pg, st.pm = GI[per["group"]], METHODS.index(per["method"])
        st.pplayed = integer("persuasion.played", per["played"], 0, NUM_ACTION_CARDS)
        st.ppower = integer("persuasion.power", per["power"], -100, 100)
    elif per is not None and not st.finished:
        raise E(f"politix: saved persuasion must be null outside the 'persuade' phase (phase {show(data['phase'])})")
    if not isinstance(data["winners"], list) or not isinstance(data["returns"], list):
        raise E("politix: saved winners and returns must be lists")
    st._winners = [integer("winners[]", p, 0, n - 1) for p in data["winners"]]
    if len(data["returns"]) != n or any(isinstance(r, bool) or not isinstance(r, (int, float))
                                        for r in data["returns"]):
        raise E(f"politix: saved returns must be {n} numbers")
    st._returns = [float(r) for r in data["returns"]]
    st.score_version = integer("score_version", data["score_version"], 0)
    if data.get("reshuffled") is not None:  # optional: older saves have no draw-pile record
        st.reshuffled = tuple(counts("reshuffled", data["reshuffled"], KI, "action card", NK))
        drawn = data.get("drawn") or [[] for _ in range(n)]
        st.drawn = per_seat("drawn", drawn, KI, "action card", NK)
    st._recompute_mods()
    check_consistent(st, E)
    if st.finished:  # the result follows from the table: it must be the one saved
        want = st._result()
        if (st._winners, st._returns) != want:
            raise E(f"politix: saved winners {st._winners} / returns {st._returns} do not follow from the voter "
                    f"piles and turns; expected {want[0]} / {want[1]}")
    elif st._winners or any(st._returns):
        raise E("politix: a game in progress has no winners and all-zero returns")
    check_pile_record(st)
    st._rebuild_world()
    return st


def check_pile_record(state) -> None:
    """Keep the saved draw-pile record of ``state`` only if it accounts for the saved pile (the pile holds exactly
    what was reshuffled less what every seat drew since); a hand-edited state loads without it (the sampler then
    treats the pile and the other hands as one pool, which still contains the real deal)."""
    if state.reshuffled is None:
        return
    left = list(state.reshuffled)
    for d in state.drawn:
        for k in range(NK):
            left[k] -= d[k]
    pile = [0] * NK
    for k in state.deck:
        pile[k] += 1
    if left != pile:
        state.reshuffled = None
        state.drawn = [[0] * NK for _ in range(state.n)]


def check_consistent(state, E=StateFormatError) -> None:
    """The invariants every reachable state keeps, checked on ``state`` (saved states, deals and positions are held
    to them): raises ``E`` naming the field and what was expected."""
    game, n = state.game, state.n
    if len(set(state.politician)) != n:
        raise E(f"politix: politicians {[POLITICIANS[k] for k in state.politician]} must be {n} different ones")
    for s, k in enumerate(state.politician):
        if game.politician_party[k] != state.party_of[s]:
            mates = [POLITICIANS[j] for j in range(NPOL) if game.politician_party[j] == state.party_of[s]]
            raise E(f"politix {n}p: politician {POLITICIANS[k]} of seat {s} sits in the wrong party: the "
                    f"{PARTY_NAMES[game.politician_party[k]]} party; expected one of the "
                    f"{PARTY_NAMES[state.party_of[s]]} party ({', '.join(mates)})")
    if game.has_base and sum(state.base) != BASE_SUPPORT:
        raise E(f"politix 5p: base_support holds {sum(state.base)} cards; expected {BASE_SUPPORT} (L41)")
    if any(state.base) and not game.has_base:
        raise E("politix: base_support exists only in 5-player games (L41); expected none")
    acts, voters = state.card_totals()
    want = list(game.kind_count)
    if acts != want:
        k = next(k for k in range(NK) if acts[k] != want[k])
        raise E(f"politix: {acts[k]} {KINDS[k]} action cards over hands, beside, draw and discard piles; "
                f"expected {want[k]} (each card exactly once)")
    pool = state._full_voter_pool()
    if voters != pool:
        c = next(c for c in range(len(pool)) if voters[c] != pool[c])
        raise E(f"politix: {voters[c]} {VOTER_IDS[c]} voter cards over table, piles, events and voter deck; "
                f"expected {pool[c]} (each card exactly once)")
    if len(set(state.events_out)) != len(state.events_out):
        raise E("politix: events lists an event twice; expected each at most once")
    if any(b[BURN_SLOT] > 1 for b in state.beside):
        raise E("politix: a seat has two Burnout cards beside it; expected at most one (L33)")
    if state.turn_count != sum(state.turns):
        raise E("politix: the turn count must be the sum of the parties' turns")
    if state.finished:
        if state.truncated:
            cap = game.options["max_turns"]
            if cap is None or state.turn_count < cap:
                raise E(f"politix: truncated after {state.turn_count} turns; expected truncation only at "
                        f"max_turns={cap}")
        elif state.table_total or state.voter_deck:
            raise E("politix: finished with voter cards left on the table or in the deck; expected the game "
                    "to end only when the last voter card is taken (L30)")
        return
    if state.truncated:
        raise E("politix: truncated is true but finished is false; expected both or neither")
    cap = game.options["max_turns"]
    if cap is not None and state.turn_count >= cap:
        raise E(f"politix: {state.turn_count} turns taken in a game in progress; expected fewer than "
                f"max_turns={cap}")
    if not 1 <= state.table_total <= TABLE_SIZE:
        raise E(f"politix: the table holds {state.table_total} voter cards; expected 1..{TABLE_SIZE} while the "
                f"game goes on (it ends when the last one is taken)")
    if state.table_total < TABLE_SIZE and any(c < NG for c in state.voter_deck):
        raise E(f"politix: the table holds {state.table_total} voter cards while the voter draw pile still has "
                f"voter cards; expected {TABLE_SIZE} (the table is refilled right after each take, L29)")
    for s in range(n):
        if state.phase == DISCARD and s == state.cur:
            if not HAND_LIMIT < state.hand_size[s] <= HAND_LIMIT + DRAW:
                raise E(f"politix: phase 'discard' with {state.hand_size[s]} cards in seat {s}'s hand; expected "
                        f"{HAND_LIMIT + 1}..{HAND_LIMIT + DRAW} (over the hand limit after a draw, L21)")
        elif state.hand_size[s] > HAND_LIMIT:
            raise E(f"politix: seat {s} holds {state.hand_size[s]} cards; expected at most {HAND_LIMIT} (L21)")
    if state.phase == PERSUADE:
        g, m, p = state.pg, state.pm, state.cur
        if not state.table[g]:
            raise E(f"politix: persuading {GROUPS[g]}, but none lies on the table; expected a group on the table")
        want_power = state.base_power(p, g, m) + state.pplayed
        if state.ppower != want_power:
            raise E(f"politix: persuasion power {state.ppower}; expected {want_power} (skill, party symbol, "
                    f"specials beside, event, and {state.pplayed} card(s) played)")
        if state.discard[METHOD_KIND[m]] + state.discard[COFFEE] < state.pplayed:
            raise E(f"politix: {state.pplayed} card(s) played in the persuasion, but the discard pile holds fewer "
                    f"{METHODS[m]} and coffee cards; expected them there (L34)")
        avail = state.hands[p][METHOD_KIND[m]] + state.hands[p][COFFEE]
        if (not state.pplayed and not avail) or state.ppower + avail < game.symbols[g][m]:
            raise E(f"politix: the persuasion of {GROUPS[g]} by {METHODS[m]} cannot be completed (power "
                    f"{state.ppower}, {avail} usable cards in hand, {game.symbols[g][m]} needed); expected a "
                    f"persuasion the hand can finish (PTX-A7)")
