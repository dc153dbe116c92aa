"""Politix positions: a human-writable JSON description of any point of play (RULES.md, "Positions").

``env.reset(seed=..., options={"position": {...}})`` (or ``PolitixGame.state_from_position``) builds the state:
what the position names is placed exactly, what it leaves out is filled at random from the seed, and the result
is held to every invariant a state in play keeps (:class:`~hustings.core.rules.PositionError` names the field and
what was expected).
"""
from __future__ import annotations

from ..core.rules import DealError, PositionError
from ..errors import show
from .cards import (BASE_SUPPORT, BESIDE_KINDS, BURN_SLOT, COFFEE, EVENTS, GROUPS, KINDS, METHOD_KIND, METHODS, NB,
                    NG, NK, PARTIES, PARTY_NAMES, PERSUADE, PHASE_NAMES, POLITICIANS, START_HAND, TABLE_SIZE,
                    VOTER_IDS, group_index, kind_index, politician_index, voter_index)

TOP_KEYS = ("players", "seats", "parties", "table", "events", "voter_draw_pile", "action_draw_pile", "discard_pile",
            "to_move", "phase", "persuasion")
SEAT_KEYS = ("politician", "skills", "hand", "beside")
PARTY_KEYS = ("party", "voter_pile", "turns", "base_support")


def _fail(field: str, got, expected: str):
    raise PositionError(f"politix position: {field} is {show(got, 120)}; expected {expected}")


def _name(field: str, value, conv):
    try:
        return conv(value)
    except DealError as exc:  # the name helpers speak of deals; say which position field was wrong
        raise PositionError(f"politix position: {field}: {str(exc).removeprefix('politix: ')}") from None


def _names(field: str, value, conv, what: str) -> list[int]:
    if not isinstance(value, list):
        _fail(field, value, f"a list of {what} names")
    return [_name(f"{field}[{i}]", x, conv) for i, x in enumerate(value)]


def _int(field: str, value, lo: int, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        _fail(field, value, f"an int {lo}..{'' if hi is None else hi}")
    return value


def _group_counts(field: str, value) -> list[int]:
    """A list of voter-group names, or a dict group -> count."""
    out = [0] * NG
    if isinstance(value, dict):
        for g, c in value.items():
            most = TABLE_SIZE if field == "table" else 7
            out[_name(f"{field}.{g}", g, group_index)] += _int(f"{field}.{g}", c, 0, most)
        return out
    for g in _names(field, value, group_index, "voter group"):
        out[g] += 1
    return out


def _pile(field: str, value, conv, what: str):
    """A draw pile: an int (its size), a list (first drawn first) or {"top": [...], "size": int}. Returns
    (top cards first drawn first, size or None for "all the rest")."""
    if value is None:
        return [], None
    if isinstance(value, int) and not isinstance(value, bool):
        return [], _int(field, value, 0)
    if isinstance(value, list):
        top = _names(field, value, conv, what)
        return top, len(top)
    if isinstance(value, dict):
        bad = sorted(set(value) - {"top", "size"})
        if bad:
            _fail(f"{field}.{bad[0]}", value[bad[0]], "only 'top' (first drawn first) and 'size'")
        top = _names(f"{field}.top", value.get("top", []), conv, what)
        size = value.get("size")
        if size is not None and _int(f"{field}.size", size, 0) < len(top):
            _fail(f"{field}.size", size, f"at least the {len(top)} cards of its top")
        return top, size
    _fail(field, value, f"an int (its size), a list of {what}s (first drawn first) or {{'top': [...], 'size': n}}")


class _Pool:
    """Cards of each kind not yet placed, drawn from in seeded random order."""

    def __init__(self, counts: list[int], names: tuple, what: str):
        self.left, self.full, self.names, self.what = list(counts), list(counts), names, what

    def use(self, field: str, cards) -> None:
        for c in cards:
            self.left[c] -= 1
            if self.left[c] < 0:
                raise PositionError(f"politix position: {field} places one {self.names[c]} {self.what} card too "
                                    f"many; expected each card at most once over the whole position (the set holds "
                                    f"{self.full[c]})")

    def size(self, only=None) -> int:
        return sum(self.left[c] for c in range(len(self.left)) if only is None or only(c))

    def draw(self, rng, count: int, field: str, only=None) -> list[int]:
        cards = [c for c in range(len(self.left)) if only is None or only(c) for _ in range(self.left[c])]
        if count > len(cards):
            raise PositionError(f"politix position: {field} needs {count} {self.what} cards, but only {len(cards)} "
                                f"are left unplaced; expected at most {len(cards)}")
        got = rng.sample(cards, count)
        for c in got:
            self.left[c] -= 1
        return got


def build(game, position, rng, make_state):
    """The state of ``position`` (RULES.md, "Positions"), the rest drawn from ``rng``; ``make_state(game, rng)``
    creates the empty state that is filled in."""
    n, P = game.num_players, game.num_parties
    if not isinstance(position, dict):
        _fail("position", type(position).__name__, "a dict")
    bad = sorted(set(position) - set(TOP_KEYS))
    if bad:
        _fail(bad[0], position[bad[0]], f"a known field ({', '.join(TOP_KEYS)})")
    if "players" in position and position["players"] != n:
        _fail("players", position["players"], f"{n} (this game's player count)")
    st = make_state(game, rng)

    # --- seats: politicians, hands, special cards beside --------------------------------------------------
    seats = position.get("seats")
    if seats is None:
        seats = [{} for _ in range(n)]
    if not isinstance(seats, list) or len(seats) != n or not all(isinstance(x, dict) for x in seats):
        _fail("seats", seats, f"a list of {n} objects (one per seat, in seat order)")
    for s, seat in enumerate(seats):
        bad = sorted(set(seat) - set(SEAT_KEYS))
        if bad:
            _fail(f"seats[{s}].{bad[0]}", seat[bad[0]], f"a known field ({', '.join(SEAT_KEYS)})")
    pols = [None] * n
    for s, seat in enumerate(seats):
        if seat.get("politician") is not None:
            pols[s] = _name(f"seats[{s}].politician", seat["politician"], politician_index)
    for i, party_seats in enumerate(game.parties):  # left-out politicians: random ones of the seat's party
        free = [k for k in range(len(POLITICIANS)) if game.politician_party[k] == i and k not in pols]
        for s in party_seats:
            if pols[s] is None:
                if not free:
                    _fail(f"seats[{s}].politician", None, f"a politician of the {PARTY_NAMES[i]} party")
                pols[s] = free.pop(rng.randrange(len(free)))
    st.politician = pols
    for s, seat in enumerate(seats):
        if seat.get("skills") is not None:
            want = dict(zip(METHODS, game.skills[pols[s]]))
            if seat["skills"] != want:
                _fail(f"seats[{s}].skills", seat["skills"], f"{want}, {POLITICIANS[pols[s]]}'s skills in the card "
                                                              f"data (skills follow the politician)")
    acts = _Pool(list(game.kind_count), game.cards.kind_names, "action")
    slot = {k: j for j, k in enumerate(BESIDE_KINDS)}
    for s, seat in enumerate(seats):
        cards = _names(f"seats[{s}].beside", seat.get("beside", []), kind_index, "special card")
        for i, k in enumerate(cards):
            if k not in slot:
                _fail(f"seats[{s}].beside[{i}]", KINDS[k], "a special card that lies beside a politician (a group "
                                                           "special or Burnout)")
            st.beside[s][slot[k]] += 1
        acts.use(f"seats[{s}].beside", cards)
    hand_counts = [START_HAND] * n
    for s, seat in enumerate(seats):
        hand = seat.get("hand")
        if isinstance(hand, list):
            cards = _names(f"seats[{s}].hand", hand, kind_index, "action card")
            acts.use(f"seats[{s}].hand", cards)
            for k in cards:
                st.hands[s][k] += 1
            hand_counts[s] = None
        elif hand is not None:
            hand_counts[s] = _int(f"seats[{s}].hand", hand, 0, 13)

    # --- whose turn, phase, persuasion -------------------------------------------------------------------
    phase = position.get("phase", "start")
    if phase not in PHASE_NAMES:
        _fail("phase", phase, f"one of {', '.join(PHASE_NAMES)}")
    st.phase = PHASE_NAMES.index(phase)
    if position.get("to_move") is not None:
        st.cur = _int("to_move", position["to_move"], 0, n - 1)
    else:
        st.cur = 0 if game.has_base else rng.randrange(n)
    per = position.get("persuasion")
    played: list[int] = []
    if st.phase == PERSUADE:
        if not isinstance(per, dict) or "group" not in per or "method" not in per:
            _fail("persuasion", per, "{'group': ..., 'method': ..., 'played': [cards]} in phase 'persuade'")
        bad = sorted(set(per) - {"group", "method", "played"})
        if bad:
            _fail(f"persuasion.{bad[0]}", per[bad[0]], "only group, method and played")
        st.pg = _name("persuasion.group", per["group"], group_index)
        if per["method"] not in METHODS:
            _fail("persuasion.method", per["method"], f"one of {', '.join(METHODS)}")
        st.pm = METHODS.index(per["method"])
        raw = per.get("played", [])
        if isinstance(raw, int) and not isinstance(raw, bool):
            played = [METHOD_KIND[st.pm]] * _int("persuasion.played", raw, 0, max(game.kind_count))
        else:
            played = _names("persuasion.played", raw, kind_index, "politicking card")
        for i, k in enumerate(played):
            if k not in (METHOD_KIND[st.pm], COFFEE):
                _fail(f"persuasion.played[{i}]", KINDS[k], f"{METHODS[st.pm]} or coffee (one method per persuasion)")
        acts.use("persuasion.played", played)  # played cards lie on the discard pile (L34)
        st.pplayed = len(played)
    elif per is not None:
        _fail("persuasion", per, "null unless phase is 'persuade'")
    discard = position.get("discard_pile")
    disc_cards = None if discard is None else _names("discard_pile", discard, kind_index, "action card")
    if disc_cards is not None:
        acts.use("discard_pile", disc_cards)
    a_top, a_size = _pile("action_draw_pile", position.get("action_draw_pile"), kind_index, "action card")
    acts.use("action_draw_pile", a_top)

    # --- voter cards: parties' voter piles, base support, table, events, draw pile ---------------------------
    voters = _Pool(st._full_voter_pool(), game.cards.group_names + game.cards.event_names, "voter")
    parties = position.get("parties")
    if parties is None:
        parties = [{} for _ in range(P)]
    if not isinstance(parties, list) or len(parties) != P or not all(isinstance(x, dict) for x in parties):
        _fail("parties", parties, f"a list of {P} objects (one per party: {', '.join(PARTIES[:P])})")
    open_piles = []
    base = None
    for i, party in enumerate(parties):
        bad = sorted(set(party) - set(PARTY_KEYS))
        if bad:
            _fail(f"parties[{i}].{bad[0]}", party[bad[0]], f"a known field ({', '.join(PARTY_KEYS)})")
        if "party" in party and str(party["party"]).lower() not in (PARTIES[i], PARTY_NAMES[i]):
            _fail(f"parties[{i}].party", party["party"],
                  f"{show(PARTIES[i])} or {show(PARTY_NAMES[i])} (parties in seat order)")
        if party.get("voter_pile") is None:
            open_piles.append(i)
        else:
            st.collected[i] = _group_counts(f"parties[{i}].voter_pile", party["voter_pile"])
            voters.use(f"parties[{i}].voter_pile", [g for g in range(NG) for _ in range(st.collected[i][g])])
        st.turns[i] = _int(f"parties[{i}].turns", party.get("turns", 0), 0)
        if party.get("base_support") is not None:
            if not (game.has_base and i == 0):
                _fail(f"parties[{i}].base_support", party["base_support"],
                      "nothing: only the first party of a 5-player game has base support (L41)")
            base = _names(f"parties[{i}].base_support", party["base_support"], group_index, "voter group")
            if len(base) != BASE_SUPPORT:
                _fail(f"parties[{i}].base_support", party["base_support"], f"{BASE_SUPPORT} voter groups (L41)")
            voters.use(f"parties[{i}].base_support", base)
    st.turn_count = sum(st.turns)
    events = position.get("events")
    ev_cards = [] if events is None else [_name(f"events[{i}]", e, _event_index) for i, e in enumerate(
        events if isinstance(events, list) else _fail("events", events, "a list of events, oldest first"))]
    voters.use("events", ev_cards)
    table = position.get("table")
    if table is not None:
        st.table = _group_counts("table", table)
        voters.use("table", [g for g in range(NG) for _ in range(st.table[g])])
    v_top, v_size = _pile("voter_draw_pile", position.get("voter_draw_pile"), voter_index, "voter card")
    voters.use("voter_draw_pile", v_top)

    # --- fill what was left out, from the seed --------------------------------------------------------------
    is_group = lambda c: c < NG  # noqa: E731
    if game.has_base and base is None:
        base = voters.draw(rng, BASE_SUPPORT, "parties[0].base_support", is_group)
    for g in base or []:
        st.base[g] += 1
    if table is None:
        want = min(TABLE_SIZE, voters.size(is_group))
        for g in voters.draw(rng, want, "table", is_group):
            st.table[g] += 1
    st.table_total = sum(st.table)
    rest_v = voters.size() if v_size is None else v_size - len(v_top)
    deck = voters.draw(rng, rest_v, "voter_draw_pile")
    st.voter_deck = deck + list(reversed(v_top))
    left_events = voters.draw(rng, voters.size(lambda c: c >= NG), "events", lambda c: c >= NG)
    left_groups = voters.draw(rng, voters.size(), "parties[].voter_pile")
    if (left_events and events is not None) or (left_groups and not open_piles):
        left = ", ".join(VOTER_IDS[c] for c in left_events + left_groups)
        _fail("voter_draw_pile", position.get("voter_draw_pile"),
              f"a pile that holds the {len(left_events) + len(left_groups)} voter cards placed nowhere else "
              f"({left:.100}), or leave out events (for the events) or a party's voter_pile (for the groups) to "
              f"take them")
    st.events_out = ev_cards + left_events
    st.event = st.events_out[-1] - NG if st.events_out else -1
    for g in left_groups:
        st.collected[open_piles[rng.randrange(len(open_piles))]][g] += 1
    for s in range(n):
        if hand_counts[s]:
            for k in acts.draw(rng, hand_counts[s], f"seats[{s}].hand"):
                st.hands[s][k] += 1
    st.hand_size = [sum(h) for h in st.hands]
    rest_a = acts.size() if a_size is None else a_size - len(a_top)
    st.deck = acts.draw(rng, rest_a, "action_draw_pile") + list(reversed(a_top))
    left = acts.draw(rng, acts.size(), "discard_pile")
    if left and disc_cards is not None:
        _fail("action_draw_pile", position.get("action_draw_pile"),
              f"a pile that holds the {len(left)} action cards placed nowhere else (or leave discard_pile out to "
              f"take them)")
    for k in (disc_cards or []) + left + played:
        st.discard[k] += 1
    st._recompute_mods()
    if st.phase == PERSUADE:
        st.ppower = st.base_power(st.cur, st.pg, st.pm) + st.pplayed
    for s in range(n):
        if st.beside[s][BURN_SLOT] > 1:
            _fail(f"seats[{s}].beside", seats[s].get("beside"), "at most one Burnout (L33)")
    assert len(st.beside[0]) == NB and len(st.hands[0]) == NK
    st._check_consistent(PositionError)
    st._rebuild_world()
    st._deal_event("position")
    return st


def _event_index(value) -> int:
    c = voter_index(value)
    if c < NG:
        raise DealError(f"politix: {show(value)} is a voter group, not an event; expected one of {', '.join(EVENTS)}")
    return c


def position_of(state) -> dict:
    """The exact position of a state in play (every pile in order, nothing left to chance): ``state_from_position``
    of it rebuilds the same table (the game RNG aside). Hidden parts included: it is the omniscient view."""
    if state.finished:
        raise PositionError("politix position: a finished game has no position to continue from; expected a game "
                            "in progress")
    game = state.game

    def cards(counts, kinds=KINDS):
        return [kinds[k] for k in range(len(counts)) for _ in range(counts[k])]
    pos = {
        "players": state.n,
        "seats": [{"politician": POLITICIANS[state.politician[s]], "hand": cards(state.hands[s]),
                   "beside": [KINDS[BESIDE_KINDS[j]] for j in range(NB) for _ in range(state.beside[s][j])]}
                  for s in range(state.n)],
        "parties": [{"party": PARTIES[i], "voter_pile": dict(zip(GROUPS, state.collected[i])), "turns": state.turns[i]}
                    for i in range(game.num_parties)],
        "table": dict(zip(GROUPS, state.table)),
        "events": [VOTER_IDS[c] for c in state.events_out],
        "voter_draw_pile": [VOTER_IDS[c] for c in reversed(state.voter_deck)],
        "action_draw_pile": [KINDS[k] for k in reversed(state.deck)],
        "to_move": state.cur,
        "phase": PHASE_NAMES[state.phase],
    }
    discard = list(state.discard)
    if state.phase == PERSUADE:  # the cards played so far lie on the discard pile: name them with the persuasion
        played = []
        for k in (METHOD_KIND[state.pm], COFFEE):
            take = min(discard[k], state.pplayed - len(played))
            played += [KINDS[k]] * take
            discard[k] -= take
        pos["persuasion"] = {"group": GROUPS[state.pg], "method": METHODS[state.pm], "played": played}
    pos["discard_pile"] = cards(discard)
    if game.has_base:
        pos["parties"][0]["base_support"] = cards(state.base, GROUPS)
    return pos
