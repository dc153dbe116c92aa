"""Democracy: states built from outside data, strictly checked.

Two routes build a :class:`~hustings.democracy.rules.DemocracyState` from data a user hands in:

* :func:`state_from_position`: a human-writable position (RULES.md, "Positions"): any decision point of an
  island, fields named as the rulebook names things; whatever it leaves out is drawn from the seed. Errors are
  :class:`~hustings.core.rules.PositionError`.
* :func:`state_from_saved`: the JSON of :meth:`DemocracyState.to_json` (``load_state``). Errors are
  :class:`~hustings.core.rules.StateFormatError`.

Both end in :func:`check_state`, which checks every invariant of a state at a decision point (or at the end of
the game): every card exactly once, every count and number in its range, the commitments matching whose turn it
is, pile sizes matching the tricks played, the last trick matching the piles, tribes and the game's end matching
each other. Every error names the field and says what was expected.
"""
from __future__ import annotations

from ..core.rules import DealError, HustingsError, PositionError, StateFormatError, new_rng, rng_from_json
from .rules import (JOKER, JOKERS_IN_DECK, NUM_KINDS, POINTS, SUITS, TRIBES_TO_WIN,
                    DemocracyState, card_name, deck, parse_card, trick_winner)

#: The keys of a saved state (``DemocracyState.to_json``), all required.
SAVED_KEYS = ("game", "num_players", "island", "day", "trick", "dealer", "turn", "hands", "pool", "stub", "plays",
              "captured", "discards", "unseen_discards", "tribes", "last_trick", "last_winner", "finished",
              "truncated", "winners", "score_version", "rng")
#: The keys of a position (RULES.md, "Positions"), all optional.
POSITION_KEYS = ("island", "day", "trick", "dealer", "tribes", "hands", "upcard", "voting_pool", "committed",
                 "won_piles", "discards", "last_trick", "points", "to_play", "undealt")
HIDDEN = "?"  # a face-down commitment whose card the position does not say
CARD_IDS = {card_name(c): c for c in range(NUM_KINDS)}
MAX_ISLAND = 10 ** 6  # an upper bound for the island counter when the game has no max_islands cap


def _show(value, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class _Reader:
    """Typed, range-checked reads of one dict's fields; every error names the field and what was expected."""

    def __init__(self, data: dict, err: type[HustingsError], what: str, n: int):
        self.data, self.err, self.what, self.n = data, err, what, n

    def fail(self, field: str, value, expected: str):
        raise self.err(f"democracy {self.n}p: {self.what} field {field!r} = {_show(value)} is invalid; "
                       f"expected {expected}")

    def int(self, field: str, value, lo: int, hi: int, expected: str = "") -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
            self.fail(field, value, expected or f"an int in {lo}..{hi}")
        return value

    def seat(self, field: str, value, none_ok: bool = False):
        if value is None and none_ok:
            return None
        return self.int(field, value, 0, self.n - 1, f"a seat 0..{self.n - 1}" + (" or null" if none_ok else ""))

    def bool(self, field: str, value) -> bool:
        if not isinstance(value, bool):
            self.fail(field, value, "true or false")
        return value

    def card(self, field: str, value) -> int:
        if type(value) is str and value in CARD_IDS:  # the fast path: a card name as to_json writes it
            return CARD_IDS[value]
        try:
            return parse_card(value)
        except DealError as exc:
            raise self.err(f"democracy {self.n}p: {self.what} field {field!r}: {exc}") from None

    def cards(self, field: str, value, size: int | None = None, at_most: int | None = None) -> list[int]:
        if not isinstance(value, list):
            self.fail(field, value, "a list of card names such as '5S', '10H', 'JOKER'")
        if size is not None and len(value) != size:
            self.fail(field, value, f"a list of exactly {size} cards (got {len(value)})")
        if at_most is not None and len(value) > at_most:
            self.fail(field, value, f"a list of at most {at_most} cards (got {len(value)})")
        return [self.card(f"{field}[{i}]", c) for i, c in enumerate(value)]

    def per_seat(self, field: str, value) -> list:
        if not isinstance(value, list) or len(value) != self.n:
            self.fail(field, value, f"a list with one entry per seat ({self.n})")
        return value


def _counts(cards: list[int]) -> list[int]:
    out = [0] * NUM_KINDS
    for c in cards:
        out[c] += 1
    return out


def _unpack(counts: list[int]) -> list[int]:
    return [c for c in range(NUM_KINDS) for _ in range(counts[c])]


def stub_size(n: int, first_day_hand: int) -> int:
    """Cards left undealt after the first day's deal (dealt on the second day)."""
    return len(deck(n)) - (n + 1) * first_day_hand


# --- the shared check ----------------------------------------------------------------------------------
def check_state(st: DemocracyState, err: type[HustingsError] = StateFormatError, what: str = "state") -> None:
    """Check every invariant of ``st`` (at a decision point or at the end of the game); raise ``err`` naming the
    field and what was expected. Not for the step loop: it walks the whole state. An empty ``last_trick`` after
    tricks were played is accepted (a position need not give the previous trick)."""
    n, game = st.n, st.game
    h1, h2 = game.hand_size
    cap = game.options["max_islands"]
    pre = f"democracy {n}p: {what}"

    def fail(field: str, message: str):
        raise err(f"{pre} field {field!r}: {message}")

    if st.day not in (0, 1):
        fail("day", f"{st.day!r}; expected 0 (first day) or 1 (second day)")
    size = (h1, h2)[st.day]
    if len(st.pool) != size:
        fail("pool", f"has {len(st.pool)} cards; expected {size} (one upcard per trick of this day)")
    tricks_played = st.trick + (h1 if st.day == 1 else 0)  # this island, all cards of each in piles/discards
    committed = [p for p in range(n) if st.plays[p] >= 0]
    order = [(st.dealer + 1 + i) % n for i in range(n)]
    if st._order != order:
        fail("dealer", "the play order does not start left of the dealer")
    top = max(st.tribes)
    if st.finished:
        if st.day != 1 or st.trick != size:
            fail("finished", f"a finished game ends after the last trick of a second day (day 1, trick {h2}), "
                             f"got day {st.day}, trick {st.trick}")
        if committed or st.turn != 0:
            fail("plays", "a finished game has no commitments and turn 0")
        if any(sum(h) for h in st.hands) or st.stub:
            fail("hands", "a finished game has empty hands and no undealt cards")
        if st.island < 1:
            fail("island", "a finished game has scored at least one island")
        if st.truncated:
            if cap is None or st.island != cap:
                fail("truncated", f"a game is truncated only when island reaches max_islands ({cap}); "
                                  f"island is {st.island}")
            if top >= TRIBES_TO_WIN or st._winners:
                fail("truncated", f"a truncated game has nobody at {TRIBES_TO_WIN} tribes and no winners")
        else:
            if top < TRIBES_TO_WIN:
                fail("finished", f"a game ends with a winner only when someone has {TRIBES_TO_WIN} tribes; "
                                 f"tribes are {st.tribes}")
            won = [p for p in range(n) if st.tribes[p] == top]
            if st._winners != won:
                fail("winners", f"{st._winners}; expected the seats with the most tribes, {won}")
        if any(t > 2 * (TRIBES_TO_WIN - 1) for t in st.tribes):
            fail("tribes", f"{st.tribes}: at most {TRIBES_TO_WIN - 1} before the last island plus 4 in it")
    else:
        if st.truncated or st._winners:
            fail("winners", "a game in progress is not truncated and has no winners")
        if not 0 <= st.trick < size:
            fail("trick", f"{st.trick}; expected 0..{size - 1} (tricks played this day)")
        if cap is not None and st.island >= cap:
            fail("island", f"{st.island}; expected below max_islands ({cap}) in a game in progress")
        if top >= TRIBES_TO_WIN:
            fail("tribes", f"{st.tribes}: someone has {TRIBES_TO_WIN}, so the game would be over")
        if not 0 <= st.turn < n:
            fail("turn", f"{st.turn}; expected 0..{n - 1}")
        if committed != sorted(order[:st.turn]):
            fail("plays", f"seats {committed} have committed, but with turn {st.turn} and dealer {st.dealer} "
                          f"exactly the first {st.turn} of the play order {order} should have")
        for p in range(n):
            want = size - st.trick - (st.plays[p] >= 0)
            if sum(st.hands[p]) != want:
                fail(f"hands[{p}]", f"holds {sum(st.hands[p])} cards; expected {want} ({size} dealt this day, "
                                    f"{st.trick} trick(s) played{', one card committed' if st.plays[p] >= 0 else ''})")
    if any(t < 0 for t in st.tribes):
        fail("tribes", f"{st.tribes}: expected counts >= 0")
    if st.score_version != st.island:
        fail("score_version", f"{st.score_version}; expected {st.island} (one per island scored)")
    stub = stub_size(n, h1)
    leftover = stub - (n + 1) * h2
    if len(st.stub) != (stub if st.day == 0 else 0):
        fail("stub", f"has {len(st.stub)} cards; expected {stub if st.day == 0 else 0} on the "
                     f"{('first', 'second')[st.day]} day")
    if len(st.unseen_discards) != (leftover if st.day == 1 else 0):
        fail("unseen_discards", f"has {len(st.unseen_discards)} cards; expected "
                                f"{leftover if st.day == 1 else 0}")
    # every card exactly once
    seen = [0] * NUM_KINDS
    for group in (*st.hands, *st.captured):
        for c, k in enumerate(group):
            if k < 0:
                fail("hands", f"a negative count of {card_name(c)}")
            seen[c] += k
    for c in (*st.pool[st.trick:], *st.stub, *st.discards, *st.unseen_discards, *(c for c in st.plays if c >= 0)):
        seen[c] += 1
    expected = [1] * 48 + [JOKERS_IN_DECK[n]]
    if seen != expected:
        extra = [card_name(c) for c in range(NUM_KINDS) if seen[c] > expected[c]]
        lost = [card_name(c) for c in range(NUM_KINDS) if seen[c] < expected[c]]
        fail("cards", f"each card of the {n}-player deck must be in exactly one place; "
                      f"too many: {extra or 'none'}, missing: {lost or 'none'}")
    # piles: each trick puts its n cards and the upcard into won piles and discards
    ties = len(st.discards)
    if ties > tricks_played:
        fail("discards", f"has {ties} cards; expected at most one per tie, {tricks_played} trick(s) played")
    for p in range(n):
        got = sum(st.captured[p])
        if got < ties or (got - ties) % (n + 1):
            fail(f"captured[{p}]", f"holds {got} cards; with {ties} tie(s) this island a won pile holds {ties} "
                                   f"plus a multiple of {n + 1} cards (each trick won adds {n + 1}, each tie 1)")
    in_piles = [sum(col) for col in zip(*st.captured)]
    for c in st.discards:
        in_piles[c] += 1
    for i, c in enumerate(st.pool[:st.trick]):
        in_piles[c] -= 1
        if in_piles[c] < 0:
            fail(f"pool[{i}]", f"{card_name(c)} was an earlier upcard this day, so it must be in a won pile or "
                               f"the discards (once per trick)")
    # the last trick: its cards lie where its result put them
    if not st.last_trick and st.last_winner is not None:
        fail("last_winner", f"{st.last_winner!r}; expected null when there is no last trick")
    if tricks_played == 0 and st.last_trick:
        fail("last_trick", "no trick was played this island, so last_trick must be empty")
    if st.last_trick:
        if len(st.last_trick) != n:
            fail("last_trick", f"has {len(st.last_trick)} cards; expected one per seat ({n})")
        if st.trick > 0 and trick_winner(st.last_trick, st.pool[st.trick - 1]) != st.last_winner:
            fail("last_winner", f"{st.last_winner!r}; the previous trick {[card_name(c) for c in st.last_trick]} "
                                f"under upcard {card_name(st.pool[st.trick - 1])} is won by "
                                f"{trick_winner(st.last_trick, st.pool[st.trick - 1])!r} (null: a tie)")
        if st.last_winner is None:
            if any(st.captured[p][c] < 1 for p, c in enumerate(st.last_trick)):
                fail("last_trick", "a tie: each seat's card of it must be in that seat's won pile")
            if st.trick > 0 and st.pool[st.trick - 1] not in st.discards:
                fail("discards", "the previous trick was a tie, so its upcard must be among the discards")
        else:
            need = _counts(st.last_trick)
            if st.trick > 0:
                need[st.pool[st.trick - 1]] += 1
            if any(st.captured[st.last_winner][c] < k for c, k in enumerate(need)):
                fail("last_trick", f"the previous trick's cards (and upcard) must be in the winner's "
                                   f"(seat {st.last_winner}) won pile")


# --- saved JSON -----------------------------------------------------------------------------------------
def state_from_saved(game, data) -> DemocracyState:
    """Rebuild a state from :meth:`DemocracyState.to_json` output; anything missing, mistyped, out of range or
    inconsistent raises :class:`StateFormatError` naming the field and what was expected."""
    n = game.num_players
    h1, h2 = game.hand_size
    cap = game.options["max_islands"]
    if not isinstance(data, dict):
        raise StateFormatError(f"democracy: saved state is malformed: expected a dict, got {type(data).__name__}")
    missing = [k for k in SAVED_KEYS if k not in data]
    if missing:
        raise StateFormatError(f"democracy: saved state is malformed: missing field(s) {missing}; expected all of "
                               f"{list(SAVED_KEYS)}")
    unknown = sorted((k for k in data if k not in SAVED_KEYS), key=repr)
    if unknown:
        raise StateFormatError(f"democracy: saved state is malformed: unknown field(s) {unknown}; expected only "
                               f"{list(SAVED_KEYS)}")
    if data["game"] != "democracy" or type(data["num_players"]) is not int or data["num_players"] != n:
        raise StateFormatError(f"saved state is {_show(data['game'])} for {_show(data['num_players'])} players; "
                               f"expected democracy for {n}")
    r = _Reader(data, StateFormatError, "saved state", n)
    try:
        rng = rng_from_json(data["rng"])
    except (TypeError, ValueError, OverflowError) as exc:
        raise StateFormatError(f"democracy {n}p: saved state field 'rng' is invalid ({exc}); expected the "
                               f"[version, [625 ints], gauss] list that to_json writes") from None
    st = DemocracyState(game, rng)
    st.island = r.int("island", data["island"], 0, cap if cap is not None else MAX_ISLAND)
    st.day = r.int("day", data["day"], 0, 1, "0 (first day) or 1 (second day)")
    size = (h1, h2)[st.day]
    st.pool = r.cards("pool", data["pool"], size=size)
    st.trick = r.int("trick", data["trick"], 0, size, f"an int in 0..{size} (tricks played this day)")
    st.dealer = r.seat("dealer", data["dealer"])
    st.turn = r.int("turn", data["turn"], 0, n - 1, f"an int in 0..{n - 1} (seats committed to this trick)")
    st.hands = [_counts(r.cards(f"hands[{p}]", h, at_most=h1))
                for p, h in enumerate(r.per_seat("hands", data["hands"]))]
    st.stub = r.cards("stub", data["stub"], at_most=len(deck(n)))
    st.plays = [-1 if c is None else r.card(f"plays[{p}]", c) for p, c in enumerate(r.per_seat("plays", data["plays"]))]
    st.captured = [_counts(r.cards(f"captured[{p}]", c, at_most=len(deck(n))))
                   for p, c in enumerate(r.per_seat("captured", data["captured"]))]
    st.points = [[sum(POINTS[c] * k[c] for c in range(s * 12, s * 12 + 12)) for s in range(4)] for k in st.captured]
    st.discards = r.cards("discards", data["discards"], at_most=len(deck(n)))
    st.unseen_discards = r.cards("unseen_discards", data["unseen_discards"], at_most=len(deck(n)))
    st.tribes = [r.int(f"tribes[{p}]", t, 0, 2 * (TRIBES_TO_WIN - 1))
                 for p, t in enumerate(r.per_seat("tribes", data["tribes"]))]
    last = data["last_trick"]
    st.last_trick = [] if last == [] else r.cards("last_trick", last, size=n)
    st.last_winner = r.seat("last_winner", data["last_winner"], none_ok=True)
    st.finished, st.truncated = r.bool("finished", data["finished"]), r.bool("truncated", data["truncated"])
    winners = data["winners"]
    if not isinstance(winners, list):
        r.fail("winners", winners, "a list of seats")
    st._winners = [r.seat(f"winners[{i}]", p) for i, p in enumerate(winners)]
    st.score_version = r.int("score_version", data["score_version"], 0, MAX_ISLAND)
    st._order = [(st.dealer + 1 + i) % n for i in range(n)]
    check_state(st, StateFormatError, "saved state")
    st._rebuild_world()
    return st


# --- positions ------------------------------------------------------------------------------------------
class _Cards:
    """The cards a position names, with where each was named, so a duplicate names both places."""

    def __init__(self, n: int):
        self.n = n
        self.allowed = [1] * 48 + [JOKERS_IN_DECK[n]]
        self.where: list[list[str]] = [[] for _ in range(NUM_KINDS)]

    def add(self, card: int, field: str) -> None:
        self.where[card].append(field)
        if len(self.where[card]) > self.allowed[card]:
            deck_note = (f" (the {self.n}-player deck has {self.allowed[card]} joker(s))" if card == JOKER
                         else "")
            raise PositionError(f"democracy {self.n}p: position field {field!r}: card {card_name(card)} is "
                                f"already in {', '.join(self.where[card][:-1])}{deck_note}; expected every card "
                                f"in exactly one place")

    def unseen(self) -> list[int]:
        return [c for c in range(NUM_KINDS) for _ in range(self.allowed[c] - len(self.where[c]))]


def state_from_position(game, position, seed=None) -> DemocracyState:
    """A state from a position (RULES.md, "Positions"); raises :class:`PositionError` naming the field."""
    n = game.num_players
    h1, h2 = game.hand_size
    cap = game.options["max_islands"]
    if not isinstance(position, dict):
        raise PositionError(f"democracy: a position must be a dict, got {type(position).__name__}")
    unknown = sorted((k for k in position if k not in POSITION_KEYS), key=repr)
    if unknown:
        raise PositionError(f"democracy: unknown position field(s) {unknown}; expected some of "
                            f"{list(POSITION_KEYS)}")
    r = _Reader(position, PositionError, "position", n)

    def get(key: str, default=None):  # a field given as null counts as left out
        value = position.get(key)
        return default if value is None else value

    rng = new_rng(seed)
    names = _Cards(n)

    island = r.int("island", get("island", 1), 1, cap if cap is not None else MAX_ISLAND,
                   f"an int in 1..{cap if cap is not None else MAX_ISLAND} (the island being played, 1 = the first)")
    day = r.int("day", get("day", 1), 1, 2, "1 (first day) or 2 (second day)")
    size = (h1, h2)[day - 1]
    trick = r.int("trick", get("trick", 1), 1, size, f"an int in 1..{size} (the trick being played, {size} a day)")
    played = trick - 1 + (h1 if day == 2 else 0)  # tricks played this island
    dealer = get("dealer")
    dealer = rng.randrange(n) if dealer is None else r.seat("dealer", dealer)
    order = [(dealer + 1 + i) % n for i in range(n)]

    tribes = [r.int(f"tribes[{p}]", t, 0, TRIBES_TO_WIN - 1) for p, t in
              enumerate(r.per_seat("tribes", get("tribes", [0] * n)))]

    # commitments to the current trick: the first k seats of the play order
    raw = r.per_seat("committed", get("committed", [None] * n))
    plays = [-1] * n
    hidden_commit = []
    for p, c in enumerate(raw):
        if c is None:
            continue
        if c == HIDDEN:
            hidden_commit.append(p)
            plays[p] = JOKER  # a placeholder until drawn
        else:
            plays[p] = r.card(f"committed[{p}]", c)
    turn = sum(c >= 0 for c in plays)
    if turn == n or sorted(p for p in range(n) if plays[p] >= 0) != sorted(order[:turn]):
        r.fail("committed", raw, f"null for seats yet to play and a card (or '{HIDDEN}') for the first k < {n} "
                                 f"seats of the play order {order} (left of dealer {dealer} first, the dealer last)")
    if get("to_play") is not None and r.seat("to_play", get("to_play")) != order[turn]:
        r.fail("to_play", get("to_play"), f"seat {order[turn]}, the next of play order {order} after {turn} "
                                          f"commitment(s)")
    for p in range(n):
        if plays[p] >= 0 and p not in hidden_commit:
            names.add(plays[p], f"committed[{p}]")

    hands: list[list[int] | None] = [None] * n
    if get("hands") is not None:
        for p, hand in enumerate(r.per_seat("hands", get("hands"))):
            if hand is not None:
                want = size - (trick - 1) - (plays[p] >= 0)
                hands[p] = r.cards(f"hands[{p}]", hand, size=want)
                for c in hands[p]:
                    names.add(c, f"hands[{p}]")

    upcard = None if get("upcard") is None else r.card("upcard", get("upcard"))
    if upcard is not None:
        names.add(upcard, "upcard")
    pool_rest = None
    if get("voting_pool") is not None:
        pool_rest = r.cards("voting_pool", get("voting_pool"), size=size - trick)
        for c in pool_rest:
            names.add(c, "voting_pool")

    discards = r.cards("discards", get("discards", []), at_most=played)
    for c in discards:
        names.add(c, "discards")
    piles = None
    if get("won_piles") is not None:
        piles = [r.cards(f"won_piles[{p}]", pile) for p, pile in enumerate(r.per_seat("won_piles", get("won_piles")))]
        total = sum(map(len, piles)) + len(discards)
        if total != (n + 1) * played:
            r.fail("won_piles", get("won_piles"),
                   f"{(n + 1) * played - len(discards)} cards in all ({played} trick(s) played this island put "
                   f"{n + 1} cards each into the won piles and discards, and {len(discards)} are discards); "
                   f"got {sum(map(len, piles))}")
        for p, pile in enumerate(piles):
            if len(pile) < len(discards) or (len(pile) - len(discards)) % (n + 1):
                r.fail(f"won_piles[{p}]", pile, f"{len(discards)} plus a multiple of {n + 1} cards: each trick won "
                                                f"adds {n + 1} cards, each tie ({len(discards)} this island) adds 1")
            for c in pile:
                names.add(c, f"won_piles[{p}]")
    elif played == 0:
        piles = [[] for _ in range(n)]
    if get("points") is not None:
        if piles is None:
            r.fail("points", get("points"), "to be given only with won_piles (points are checked against them)")
        want = [[sum(POINTS[c] for c in pile if c != JOKER and c // 12 == s) for s in range(4)] for pile in piles]
        got = r.per_seat("points", get("points"))
        for p in range(n):
            if got[p] != want[p]:
                r.fail(f"points[{p}]", got[p], f"{want[p]}: the points of won_piles[{p}] per suit "
                                               f"{'/'.join(SUITS)}")

    # the previous trick of this island
    last, last_winner, last_up = [], None, None
    if get("last_trick") is not None:
        lt = get("last_trick")
        if played == 0:
            r.fail("last_trick", lt, "null: no trick has been played on this island yet")
        if not isinstance(lt, dict) or set(lt) != {"upcard", "plays"}:
            r.fail("last_trick", lt, "a dict with 'upcard' (a card) and 'plays' (one card per seat)")
        last_up = r.card("last_trick.upcard", lt["upcard"])
        last = r.cards("last_trick.plays", lt["plays"], size=n)
        last_winner = trick_winner(last, last_up)
        if last_winner is None and last_up not in discards:
            r.fail("discards", discards, f"to hold the previous trick's upcard {card_name(last_up)}: that trick "
                                         f"was a tie, so its upcard was discarded")
        if piles is not None:
            have = [_counts(pile) for pile in piles]
            need = [[0] * NUM_KINDS for _ in range(n)]
            for p, c in enumerate(last):
                need[p if last_winner is None else last_winner][c] += 1
            if last_winner is not None:
                need[last_winner][last_up] += 1
            for p in range(n):
                if any(have[p][c] < need[p][c] for c in range(NUM_KINDS)):
                    where = "each seat's own pile (a tie)" if last_winner is None else f"won_piles[{last_winner}]"
                    r.fail("last_trick", lt, f"its cards in {where}, as its result puts them")
        else:  # the piles are drawn at random around the previous trick, placed as its result puts them
            piles = [[] for _ in range(n)]
            for p, c in enumerate(last):
                q = p if last_winner is None else last_winner
                piles[q].append(c)
                names.add(c, f"last_trick.plays[{p}]")
            if last_winner is not None:
                piles[last_winner].append(last_up)
                names.add(last_up, "last_trick.upcard")
    other_tricks = played - (1 if last else 0)
    other_ties = len(discards) - (1 if last and last_winner is None else 0)
    if not 0 <= other_ties <= other_tricks:
        r.fail("discards", discards, f"at most one discard per tie: {played} trick(s) played this island, "
                                     f"the previous one {'a tie' if last_winner is None else 'won'}")

    undealt_size = stub_size(n, h1)
    undealt = []
    if get("undealt") is not None:
        if day == 2 and get("undealt") != []:
            r.fail("undealt", get("undealt"), "null or []: on the second day every card has been dealt")
        undealt = r.cards("undealt", get("undealt"), at_most=undealt_size if day == 1 else 0)
        for c in undealt:
            names.add(c, "undealt")

    # fill what the position leaves out, from the seed
    unseen = names.unseen()
    rng.shuffle(unseen)
    take = iter(unseen)

    def draw(k: int) -> list[int]:
        return [next(take) for _ in range(k)]

    try:
        if piles is None:
            piles = [[] for _ in range(n)]
        if get("won_piles") is None and other_tricks:
            for t in range(other_tricks):  # the earlier tricks: ties first, then tricks won by a random seat
                if t < other_ties:
                    for p in range(n):
                        piles[p] += draw(1)
                else:
                    piles[rng.randrange(n)] += draw(n + 1)
        for p in range(n):
            if hands[p] is None:
                hands[p] = draw(size - (trick - 1) - (plays[p] >= 0))
        for p in hidden_commit:
            plays[p] = next(take)
        if upcard is None:
            upcard = next(take)
        if pool_rest is None:
            pool_rest = draw(size - trick)
        if day == 1:
            undealt += draw(undealt_size - len(undealt))
        leftover = draw(undealt_size - (n + 1) * h2) if day == 2 else []
    except StopIteration:
        raise PositionError(f"democracy {n}p: position: the cards do not add up to the {n}-player deck") from None
    if next(take, None) is not None:
        raise PositionError(f"democracy {n}p: position: the cards do not add up to the {n}-player deck")

    # the upcards of this day's earlier tricks lie in the piles or discards; which ones were upcards is not part
    # of a position (nothing later depends on it): the previous trick's is known, the others are drawn
    earlier: list[int] = []
    if trick > 1:
        spare = [c for pile in piles for c in pile] + discards
        if last_up is not None:
            spare.remove(last_up)
        earlier = rng.sample(spare, trick - 1 - (last_up is not None))
        if last_up is not None:
            earlier.append(last_up)

    st = DemocracyState(game, rng)
    st.island, st.day, st.trick, st.dealer, st.turn = island - 1, day - 1, trick - 1, dealer, turn
    st.score_version = island - 1
    st.hands = [_counts(h) for h in hands]
    st.pool = earlier + [upcard] + pool_rest
    st.stub = undealt
    st.plays = plays
    st.captured = [_counts(pile) for pile in piles]
    st.points = [[sum(POINTS[c] * k[c] for c in range(s * 12, s * 12 + 12)) for s in range(4)] for k in st.captured]
    st.discards, st.unseen_discards = discards, leftover
    st.tribes = tribes
    st.last_trick, st.last_winner = last, last_winner
    st._order = order
    check_state(st, PositionError, "position")  # a safety net: the checks above should already cover it
    st._rebuild_world()
    return st


def to_position(st: DemocracyState) -> dict:
    """The position of a game in progress, every field given (RULES.md, "Positions"): feeding it back to
    :func:`state_from_position` rebuilds the same table (the same hands, pool, piles, commitments and undealt
    cards; only which cards were this day's earlier upcards and the RNG for later islands are not kept)."""
    if st.finished:
        raise PositionError("democracy: a finished game has no position to play from")
    names = lambda cards: [card_name(c) for c in cards]  # noqa: E731
    position = {
        "island": st.island + 1, "day": st.day + 1, "trick": st.trick + 1, "dealer": st.dealer,
        "tribes": list(st.tribes), "hands": [names(_unpack(h)) for h in st.hands],
        "committed": [None if c < 0 else card_name(c) for c in st.plays], "to_play": st.current_player(),
        "upcard": card_name(st.pool[st.trick]), "voting_pool": names(st.pool[st.trick + 1:]),
        "won_piles": [names(_unpack(c)) for c in st.captured], "discards": names(st.discards),
        "points": [list(x) for x in st.points], "undealt": names(st.stub),
    }
    if st.last_trick and st.trick > 0:  # at a second day's first trick the previous upcard is not kept
        position["last_trick"] = {"upcard": card_name(st.pool[st.trick - 1]), "plays": names(st.last_trick)}
    return position
