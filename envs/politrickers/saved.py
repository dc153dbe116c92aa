"""Politrickers saved-state JSON: ``to_json``, ``state_from_json`` and its strict checks.

:func:`check_saved` checks types, ranges and missing keys before anything is read, :func:`check_consistent` and
:func:`check_loaded` the cross-references of the state read; each raises
:class:`~hustings.core.rules.StateFormatError` naming the field and what was expected.
"""
from __future__ import annotations

from ..core.rules import DealError, StateFormatError, rng_from_json, rng_to_json
from ..errors import show
from .cards import (CLAWS, DOWN, FLIP, FORCED, HAND_SIZE, MIG, MIG_FROM_TAILS, MIG_MOVES, MIGRATION, MODE_NAMES,
                    NUM_CARDS, PARTY_NAMES, PLATE_MAX, ROUNDS, SUIT, SUIT_NAMES, TAILS, TOKENS, TRICKS_PER_ROUND, UP,
                    VP_FLOOR, VP_TO_END, card_name, fill_face_down, is_int, parse_card, public_entry)

SAVED_KEYS = ("game", "num_players", "round", "tricks_done", "trick_start", "leader", "turn", "hands", "leftovers",
              "parties", "ruling_party", "ruling_suit", "opposition_suit", "plays", "seen", "face_down", "tokens",
              "spent", "libra", "tricks_won", "vp", "round_vp", "last_winner", "history", "finished", "winners",
              "score_version", "rng")
OPTIONAL_KEYS = ("round_plays", "next_decks")
END_KINDS = ("disgraced", "collapse", "balanced")


def to_json(state) -> dict:
    """The state as JSON-able data (``State.to_json``)."""
    names = lambda cards: [card_name(c) for c in cards]  # noqa: E731
    return {
        "game": "politrickers", "num_players": state.n, "round": state.round + 1,
        "tricks_done": state.tricks_done, "trick_start": state.trick_start, "leader": state.leader,
        "turn": state.turn, "hands": [names(h) for h in state.hands], "leftovers": names(state.leftovers),
        "parties": [PARTY_NAMES[q] for q in state.party],
        "ruling_party": None if state.ruling_party < 0 else PARTY_NAMES[state.ruling_party],
        "ruling_suit": None if state.ruling_suit < 0 else SUIT_NAMES[state.ruling_suit],
        "opposition_suit": None if state.opp_suit < 0 else SUIT_NAMES[state.opp_suit],
        "plays": [None if c < 0 else {"card": card_name(c), "face_down": state.down[p]}
                  for p, c in enumerate(state.plays)],
        "seen": names(state.seen), "face_down": [names(h) for h in state.hidden],
        "tokens": list(state.tokens), "spent": list(state.spent),
        "libra": {"Tails": list(state.libra[TAILS]), "Claws": list(state.libra[CLAWS])},
        "tricks_won": list(state.tricks_won), "vp": list(state.vp), "round_vp": list(state.round_vp),
        "last_winner": state.last_winner, "history": [dict(h) for h in state.history],
        "round_plays": [log_to_json(e) for e in state.log],
        "finished": state.finished, "winners": list(state._winners), "score_version": state.score_version,
        "rng": rng_to_json(state._rng),
        "next_decks": [names(d) for d in state.next_decks],
    }


def log_to_json(e: tuple) -> list:
    """One entry of the play record as a ``round_plays`` entry (a face-down card unnamed)."""
    seat, paid, shown, mode, q, rp, rs, os_ = public_entry(e)
    name = MODE_NAMES[mode]
    if mode == MIG:
        name += MIG_MOVES[e[1] % FLIP - MIG_FROM_TAILS]
    return [seat, None if shown < 0 else card_name(shown), name, paid, q, rp, rs, os_]


def state_from_json(game, data: dict, new_state):
    """The state saved as ``data``, built by ``new_state(game, rng)`` and filled in; strictly checked."""
    check_saved(game, data)  # types, ranges, missing keys (cross-references: check_loaded below)
    try:
        if data["game"] != "politrickers" or data["num_players"] != game.num_players:
            raise StateFormatError(f"saved state is {data['game']} for {data['num_players']} players; "
                                   f"expected politrickers for {game.num_players}")
        st = new_state(game, rng_from_json(data["rng"]))
        n = st.n
        cards = lambda xs: [parse_card(x) for x in xs]  # noqa: E731
        opt = lambda v, table: -1 if v is None else table.index(v)  # noqa: E731
        st.round = int(data["round"]) - 1
        st.tricks_done, st.trick_start = int(data["tricks_done"]), int(data["trick_start"])
        st.leader, st.turn = int(data["leader"]), int(data["turn"])
        st.hands = [sorted(cards(h)) for h in data["hands"]]
        st.leftovers = cards(data["leftovers"])
        st.party = [PARTY_NAMES.index(q) for q in data["parties"]]
        st.ruling_party = opt(data["ruling_party"], PARTY_NAMES)
        st.ruling_suit = opt(data["ruling_suit"], SUIT_NAMES)
        st.opp_suit = opt(data["opposition_suit"], SUIT_NAMES)
        st.plays = [-1 if x is None else parse_card(x["card"]) for x in data["plays"]]
        st.down = [False if x is None else bool(x["face_down"]) for x in data["plays"]]
        st.ups = [((st.trick_start + i) % n, st.plays[(st.trick_start + i) % n]) for i in range(st.turn)]
        st.ups = [(p, c) for p, c in st.ups if not st.down[p] and c != MIGRATION]
        st.seen = cards(data["seen"])
        st.hidden = [cards(h) for h in data["face_down"]]
        st.tokens = [int(x) for x in data["tokens"]]
        st.spent = [int(x) for x in data["spent"]]
        st.libra = [[int(x) for x in data["libra"]["Tails"]], [int(x) for x in data["libra"]["Claws"]]]
        st.plate = [sum(st.libra[0]), sum(st.libra[1])]
        st.tricks_won = [int(x) for x in data["tricks_won"]]
        st.vp = [int(x) for x in data["vp"]]
        st.round_vp = [int(x) for x in data["round_vp"]]
        st.last_winner = int(data["last_winner"])
        st.history = [dict(h) for h in data["history"]]
        st.log = [log_from_json(e, n) for e in data.get("round_plays", [])]  # older saves: none
        st.finished = bool(data["finished"])
        st._winners = [int(p) for p in data["winners"]]
        st.score_version = int(data["score_version"])
        st.next_decks = tuple(tuple(cards(d)) for d in data.get("next_decks", []))
        if not (len(st.hands) == len(st.party) == len(st.plays) == len(st.tokens) == len(st.hidden) == n):
            raise StateFormatError("politrickers: saved per-seat lists have the wrong length")
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        if isinstance(exc, StateFormatError):
            raise
        raise StateFormatError(f"politrickers: saved state is malformed ({type(exc).__name__}: {exc})") from None
    check_consistent(st)
    check_loaded(st)
    fill_face_down(st)
    st._rebuild_world()
    return st


def log_from_json(e, n: int) -> tuple:
    """One ``round_plays`` entry ``[seat, card or null, mode, paid, party, ruling party, ruling suit, opposition
    suit]`` -> the internal log tuple."""
    seat, card, mode, paid, q, rp, rs, os_ = e
    move = ""
    if isinstance(mode, str) and mode.startswith("migration"):
        mode, move = "migration", mode[len("migration"):]
        if move not in MIG_MOVES:
            raise StateFormatError(f"politrickers: round_plays entry {show(e)} is malformed")
    mode = MODE_NAMES.index(mode)
    shown = -1 if card is None else parse_card(card)
    if (type(seat) is not int or type(q) is not int or type(rp) is not int or type(rs) is not int
            or type(os_) is not int or type(paid) is not bool or not 0 <= seat < n or q not in (0, 1)
            or rp not in (-1, 0, 1) or not -1 <= rs < 5 or not -1 <= os_ < 5 or (shown < 0) != (mode == DOWN)
            or (shown == MIGRATION) != (mode == MIG)):
        raise StateFormatError(f"politrickers: round_plays entry {show(e)} is malformed")
    action = (shown if shown >= 0 else 0) + (FLIP if paid else 0)  # a face-down card is filled in on load
    if mode == MIG:
        action = MIG_MOVES.index(move) + MIG_FROM_TAILS + (FLIP if paid else 0)
    return (seat, action, mode, q, rp, rs, os_)


def check_saved(game, data) -> None:
    """Types, ranges and missing keys of saved state JSON (``State.to_json``), before it is read; raises
    :class:`StateFormatError` naming the field and what was expected."""
    n = game.num_players

    def bad(field, value, expected):
        raise StateFormatError(f"politrickers: saved {field}={show(value)}; expected {expected}")

    if not isinstance(data, dict):
        bad("state", type(data).__name__, "a dict (State.to_json)")
    missing = [k for k in SAVED_KEYS if k not in data]
    if missing:
        raise StateFormatError(f"politrickers: saved state is malformed: missing key(s) {missing}")
    unknown = sorted(str(k) for k in data if k not in SAVED_KEYS and k not in OPTIONAL_KEYS)
    if unknown:
        raise StateFormatError(f"politrickers: saved state has unknown key(s) {unknown}")
    if data["game"] != "politrickers" or not is_int(data["num_players"]) or data["num_players"] != n:
        raise StateFormatError(f"saved state is {show(data['game'])} for {show(data['num_players'])} players; expected "
                               f"politrickers for {n}")

    def integer(key, lo, hi):
        v = data[key]
        if not is_int(v) or not lo <= v <= hi:
            bad(key, v, f"an int in {lo}..{hi}")

    def ints(field, v, lo, hi, size=n):
        if not isinstance(v, list) or len(v) != size or any(not is_int(x) or not lo <= x <= hi for x in v):
            bad(field, v, f"a list of {size} ints in {lo}..{hi}")

    def names(field, v):
        if not isinstance(v, list) or any(not isinstance(x, str) for x in v):
            bad(field, v, "a list of card names")

    finished = data["finished"]
    if not isinstance(finished, bool):
        bad("finished", finished, "true or false")
    integer("round", 1, ROUNDS)
    integer("tricks_done", 0, TRICKS_PER_ROUND if finished else TRICKS_PER_ROUND - 1)
    for key in ("trick_start", "leader", "last_winner"):
        integer(key, 0, n - 1)
    integer("turn", 0, n if finished else n - 1)  # a game can end with the trick's last card
    for key in ("hands", "face_down"):
        v = data[key]
        if not isinstance(v, list) or len(v) != n:
            bad(key, v, f"a list of {n} lists of card names")
        for p, h in enumerate(v):
            names(f"{key}[{p}]", h)
    names("leftovers", data["leftovers"])
    names("seen", data["seen"])
    v = data["parties"]
    if not isinstance(v, list) or len(v) != n or any(x not in PARTY_NAMES for x in v):
        bad("parties", v, f"a list of {n} of 'Tails' / 'Claws'")
    for key, table in (("ruling_party", PARTY_NAMES), ("ruling_suit", SUIT_NAMES), ("opposition_suit", SUIT_NAMES)):
        if data[key] is not None and data[key] not in table:
            bad(key, data[key], f"null or one of {list(table)}")
    v = data["plays"]
    if not isinstance(v, list) or len(v) != n:
        bad("plays", v, f"a list of {n} entries")
    for p, x in enumerate(v):
        if x is not None and (not isinstance(x, dict) or set(x) != {"card", "face_down"}
                              or not isinstance(x["card"], str) or not isinstance(x["face_down"], bool)):
            bad(f"plays[{p}]", x, "null or {'card': name, 'face_down': true/false}")
    ints("tokens", data["tokens"], 0, TOKENS)
    ints("spent", data["spent"], 0, TOKENS)
    v = data["libra"]
    if not isinstance(v, dict) or set(v) != set(PARTY_NAMES):
        bad("libra", v, "a dict with 'Tails' and 'Claws'")
    for name in PARTY_NAMES:
        ints(f"libra.{name}", v[name], 0, TOKENS)
    ints("tricks_won", data["tricks_won"], 0, TRICKS_PER_ROUND)
    top = VP_TO_END - 1 + PLATE_MAX if finished else VP_TO_END - 1
    ints("vp", data["vp"], VP_FLOOR, top)
    ints("round_vp", data["round_vp"], -TOKENS, TOKENS)
    v = data["history"]
    if not isinstance(v, list) or len(v) > ROUNDS:
        bad("history", v, f"a list of at most {ROUNDS} round results")
    for i, h in enumerate(v):
        if (not isinstance(h, dict) or set(h) != {"round", "end", "who", "points", "tricks"}
                or h["end"] not in END_KINDS or not is_int(h["round"]) or not 1 <= h["round"] <= ROUNDS
                or not is_int(h["tricks"]) or not 1 <= h["tricks"] <= TRICKS_PER_ROUND or not is_int(h["who"])):
            bad(f"history[{i}]", h, "{'round': 1..3, 'end': disgraced/collapse/balanced, 'who': int, "
                                    "'points': ints, 'tricks': 1..9}")
        ints(f"history[{i}].points", h["points"], -TOKENS, TOKENS)
        lo, hi = {"disgraced": (0, n - 1), "collapse": (0, 1), "balanced": (-1, -1)}[h["end"]]
        if not lo <= h["who"] <= hi:
            bad(f"history[{i}].who", h["who"], f"{lo}..{hi} for a {h['end']} round end")
    v = data["winners"]
    if not isinstance(v, list) or any(not is_int(x) or not 0 <= x < n for x in v) or v != sorted(set(v)):
        bad("winners", v, f"a sorted list of distinct seats 0..{n - 1}")
    integer("score_version", 0, 1 << 62)
    v = data["rng"]  # random.Random.getstate(): version 3, 624 words and an index, gauss None or a float
    if (not isinstance(v, list) or len(v) != 3 or v[0] != 3 or not isinstance(v[1], list) or len(v[1]) != 625
            or any(not is_int(x) or not 0 <= x < 1 << 32 for x in v[1]) or v[1][-1] > 624
            or not (v[2] is None or isinstance(v[2], float))):
        bad("rng", "...", "[3, 625 ints (624 words in 0..2**32-1, an index 0..624), null or a float]")
    # every card of the deck exactly once, named where it is wrong
    where: dict[int, list[str]] = {}
    places = [(f"hands[{p}]", h) for p, h in enumerate(data["hands"])]
    places += [(f"face_down[{p}]", h) for p, h in enumerate(data["face_down"])]
    places += [("seen", data["seen"]), ("leftovers", data["leftovers"])]
    places += [(f"plays[{p}]", [x["card"]]) for p, x in enumerate(data["plays"]) if x is not None]
    for field, cards in places:
        for i, x in enumerate(cards):
            try:
                c = parse_card(x)
            except DealError as exc:
                raise StateFormatError(f"politrickers: saved {field}[{i}]: {exc}") from None
            if not game.in_deck[c]:
                bad(f"{field}[{i}]", x, f"a card of the {n}-player deck")
            where.setdefault(c, []).append(field)
    for c in game.deck:
        if len(where.get(c, ())) != 1:
            raise StateFormatError(f"politrickers: saved state holds {card_name(c)} "
                                   + (f"at {', '.join(where[c])}" if c in where else "nowhere")
                                   + "; expected every card of the deck exactly once")
    v = data.get("round_plays", [])
    if not isinstance(v, list):
        bad("round_plays", v, "a list of plays (RULES.md, Information-set sampling)")
    modes = ("up", "forced", "down", "migration", "migration Tails->Claws", "migration Claws->Tails")
    for i, e in enumerate(v):
        if not isinstance(e, list) or len(e) != 8 or e[2] not in modes:
            bad(f"round_plays[{i}]", e, f"[seat, card or null, one of {list(modes)}, paid switch, party, Ruling "
                                        f"Party, Ruling Suit, Opposition Suit]")
    v = data.get("next_decks", [])
    if not isinstance(v, list) or len(v) > ROUNDS - 1:
        bad("next_decks", v, f"a list of at most {ROUNDS - 1} deck orders")
    for i, d in enumerate(v):
        names(f"next_decks[{i}]", d)
        try:
            ids = sorted(parse_card(x) for x in d)
        except DealError as exc:
            raise StateFormatError(f"politrickers: saved next_decks[{i}]: {exc}") from None
        if ids != game.deck:
            bad(f"next_decks[{i}]", d, f"each card of the {n}-player deck exactly once")


def check_consistent(st) -> None:
    """Every card of the deck exactly once, the play record against the face-down cards, each seat's tokens, and
    (while playing) the plays, the hand sizes and the plates against the turn."""
    n, g = st.n, st.game
    seen = [0] * NUM_CARDS
    for group in (*st.hands, *st.hidden, st.seen, st.leftovers, [c for c in st.plays if c >= 0]):
        for c in group:
            seen[c] += 1
    if any(seen[c] != (1 if g.in_deck[c] else 0) for c in range(NUM_CARDS)):
        raise StateFormatError("politrickers: saved st does not hold each card of the deck exactly once")
    for p in range(n):
        if sum(1 for e in st.log if e[0] == p and e[2] == DOWN) > len(st.hidden[p]) + st.down[p]:
            raise StateFormatError(f"politrickers: round_plays shows more face-down plays of seat {p} than "
                                   f"it has face-down cards")
        if st.tokens[p] + st.spent[p] + st.libra[0][p] + st.libra[1][p] != TOKENS:
            raise StateFormatError(f"politrickers: seat {p} does not hold {TOKENS} tokens in all")
    if not st.finished:
        if sum(c >= 0 for c in st.plays) != st.turn or \
                any(st.plays[(st.trick_start + i) % n] < 0 for i in range(st.turn)):
            raise StateFormatError("politrickers: saved plays do not match the turn")
        if any(len(h) != HAND_SIZE - st.tricks_done - (1 if st.plays[p] >= 0 else 0)
               for p, h in enumerate(st.hands)):
            raise StateFormatError("politrickers: hand sizes do not match the tricks played")
        if max(st.plate) > PLATE_MAX:
            raise StateFormatError("politrickers: a plate holds more than 6 tokens")


def check_loaded(st) -> None:
    """Cross-references of a state read from JSON (after :func:`check_consistent`): the Libra and the tricks, the
    current trick against its suits and its Chair, the history against the VP, the winners, the play record."""
    n = st.n

    def bad(what):
        raise StateFormatError(f"politrickers: saved state is inconsistent: {what}")

    for p in range(n):
        if st.tricks_won[p] != st.libra[0][p] + st.libra[1][p]:
            bad(f"seat {p} won {st.tricks_won[p]} tricks but has {st.libra[0][p] + st.libra[1][p]} tokens on the "
                f"Libra; expected one token per trick won")
    if MIGRATION in [c for h in st.hidden for c in h] or any(st.down[p] and st.plays[p] == MIGRATION
                                                              for p in range(n)):
        bad("Migration is face down; expected it always face up")
    if st.history and st.history[-1]["tricks"] < 1:
        bad("a round ended after no trick")
    rounds = [h["round"] for h in st.history]
    if rounds != sorted(set(rounds)) or any(r > st.round + 1 for r in rounds):
        bad(f"history rounds {rounds}; expected increasing, none after round {st.round + 1}")
    # (the VP need not add up from the results: a deal or a position may start a game with VP already scored)
    if len(st.history) > st.round + (1 if st.finished else 0):
        bad(f"{len(st.history)} round results in round {st.round + 1}")
    if st.history and st.round_vp != st.history[-1]["points"]:
        bad(f"round_vp {st.round_vp}; expected the last round's points {st.history[-1]['points']}")
    if st.finished:
        if not st.history or st.history[-1]["round"] != st.round + 1:
            bad("the game is over but this round has no result")
        if max(st.vp) < VP_TO_END and st.round + 1 < ROUNDS:
            bad(f"the game is over in round {st.round + 1} with no VP total of {VP_TO_END}")
        if st.tricks_done != st.history[-1]["tricks"]:
            bad("tricks_done differs from the tricks of the last round result")
        top = max(st.vp)
        best = [p for p in range(n) if st.vp[p] == top]
        if len(best) > 1:
            r = max(st.history[-1]["points"][p] for p in best)
            best = [p for p in best if st.history[-1]["points"][p] == r]
        if st._winners != best:
            bad(f"winners {st._winners}; by the VP the winners are {best}")
        return
    if st._winners:
        bad("winners are named but the game is not over")
    if max(st.vp) >= VP_TO_END:
        bad(f"a VP total of {max(st.vp)} would have ended the game")
    if sum(st.plate) != st.tricks_done:
        bad(f"the Libra holds {sum(st.plate)} tokens after {st.tricks_done} tricks; expected one per trick")
    if len(st.seen) + sum(len(h) for h in st.hidden) > n * st.tricks_done:  # a deal puts earlier ones away
        bad(f"{len(st.seen)} face-up and {sum(len(h) for h in st.hidden)} face-down cards set aside after "
            f"{st.tricks_done} tricks; expected at most {n * st.tricks_done}")
    if any(len(h) > st.tricks_done for h in st.hidden):
        bad("a seat has more face-down cards than tricks done")
    if st.last_winner != st.trick_start:
        bad(f"last_winner {st.last_winner} is not the seat that opened this trick ({st.trick_start})")
    order = [(st.trick_start + i) % n for i in range(st.turn)]
    lead = 0
    while lead < st.turn and st.plays[order[lead]] == MIGRATION:
        lead += 1
    if st.leader != (st.trick_start + lead) % n:
        bad(f"leader {st.leader}; after {lead} Migration lead(s) from seat {st.trick_start} the Chair is seat "
            f"{(st.trick_start + lead) % n}")
    if lead < st.turn and st.down[order[lead]]:
        bad("the first policy card of the trick is face down; expected the lead face up")
    ups = st.ups
    if (st.ruling_suit >= 0) != bool(ups) or (st.ruling_party >= 0) != bool(ups):
        bad("the Ruling Suit / Party are set iff a policy card was played face up this trick")
    if ups:
        if SUIT[ups[0][1]] != st.ruling_suit:
            bad("the Ruling Suit is not the suit of the trick's first policy card")
        if st.opp_suit == st.ruling_suit:
            bad("the Opposition Suit equals the Ruling Suit")
        suits = {SUIT[c] for _, c in ups}
        if not suits <= {st.ruling_suit, st.opp_suit} or (st.opp_suit >= 0 and st.opp_suit not in suits):
            bad("the trick's face-up suits are not the Ruling and the Opposition Suit")
    elif st.opp_suit >= 0:
        bad("an Opposition Suit without a Ruling Suit")
    if any(st.down) and st.opp_suit < 0:
        bad("a face-down card before the Opposition Suit was set")
    log = st.log
    if log:
        if len(log) < st.turn or len(log) > n * st.tricks_done + st.turn:
            bad(f"round_plays holds {len(log)} plays; expected the current trick's {st.turn} plus at most "
                f"{n * st.tricks_done} earlier")
        rp = rs = os_ = -1
        for i, (seat, action, mode, q, erp, ers, eos) in enumerate(log[len(log) - st.turn:]):
            card = MIGRATION if mode == MIG else action % FLIP
            if (seat != order[i] or (erp, ers, eos) != (rp, rs, os_) or (mode == DOWN) != st.down[seat]
                    or (mode != DOWN and card != st.plays[seat])):
                bad(f"round_plays entry {len(log) - st.turn + i} does not match the current trick")
            after = q ^ (action >= FLIP) ^ (mode == FORCED)
            if after != st.party[seat]:
                bad(f"round_plays leaves seat {seat} {PARTY_NAMES[after]}, but parties say "
                    f"{PARTY_NAMES[st.party[seat]]}")
            if mode in (UP, FORCED):
                if rs < 0:
                    rs, rp = SUIT[card], after
                elif os_ < 0 and after != rp:
                    os_ = SUIT[card]
        if (rp, rs, os_) != (st.ruling_party, st.ruling_suit, st.opp_suit):
            bad("round_plays of the current trick lead to other Ruling / Opposition suits than saved")
