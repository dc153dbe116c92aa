"""Democracy's strict checks of states built from outside data (saved JSON and positions).

:func:`check_state` checks every invariant of a state at a decision point (or at the end of the game): every card
exactly once, every count and number in its range, the commitments matching whose turn it is, pile sizes matching
the tricks played, the last trick matching the piles, tribes and the game's end matching each other.
:class:`FieldReader` reads one field at a time, typed and range-checked. Every error names the field and says what
was expected.
"""
from __future__ import annotations

from ..core.rules import DealError, HustingsError, StateFormatError
from ..errors import show  # noqa: F401 (re-exported: the bounded repr of error messages)
from .cards import JOKERS_IN_DECK, NUM_KINDS, TRIBES_TO_WIN, card_name, deck, parse_card, trick_winner

CARD_IDS = {card_name(c): c for c in range(NUM_KINDS)}
MAX_ISLAND = 10 ** 6  # an upper bound for the island counter when the game has no max_islands cap




class FieldReader:
    """Typed, range-checked reads of one dict's fields; every error names the field and what was expected."""

    def __init__(self, data: dict, err: type[HustingsError], what: str, n: int):
        self.data, self.err, self.what, self.n = data, err, what, n

    def fail(self, field: str, value, expected: str):
        raise self.err(f"democracy {self.n}p: {self.what} field {field!r} = {show(value)} is invalid; "
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


def card_counts(cards: list[int]) -> list[int]:
    """A list of card ids -> the count of each card id."""
    out = [0] * NUM_KINDS
    for c in cards:
        out[c] += 1
    return out


def card_list(counts: list[int]) -> list[int]:
    """The count of each card id -> the card ids, in id order."""
    return [c for c in range(NUM_KINDS) for _ in range(counts[c])]


def stub_size(n: int, first_day_hand: int) -> int:
    """Cards left undealt after the first day's deal (dealt on the second day)."""
    return len(deck(n)) - (n + 1) * first_day_hand


def check_state(st, err: type[HustingsError] = StateFormatError, what: str = "state") -> None:
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
            need = card_counts(st.last_trick)
            if st.trick > 0:
                need[st.pool[st.trick - 1]] += 1
            if any(st.captured[st.last_winner][c] < k for c, k in enumerate(need)):
                fail("last_trick", f"the previous trick's cards (and upcard) must be in the winner's "
                                   f"(seat {st.last_winner}) won pile")


