"""Democracy's positions (RULES.md, "Positions"): a state from a human-writable position, and a state's position.

:func:`state_from_position` reads any decision point of an island, fields named as the rulebook names things;
whatever it leaves out is drawn from the seed. Errors are :class:`~hustings.core.rules.PositionError` naming the
field. :func:`to_position` writes a game in progress back as a position.
"""
from __future__ import annotations

from typing import Callable

from ..core.rules import PositionError, new_rng
from .cards import JOKER, JOKERS_IN_DECK, NUM_KINDS, POINTS, SUITS, TRIBES_TO_WIN, card_name, trick_winner
from .checks import MAX_ISLAND, FieldReader, card_counts, card_list, check_state, stub_size

#: The keys of a position (RULES.md, "Positions"), all optional.
POSITION_KEYS = ("island", "day", "trick", "dealer", "tribes", "hands", "upcard", "voting_pool", "committed",
                 "won_piles", "discards", "last_trick", "points", "to_play", "undealt")
HIDDEN = "?"  # a face-down commitment whose card the position does not say


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


def state_from_position(game, position, new_state: Callable, seed=None):
    """A state of ``game`` from a position (RULES.md, "Positions"), made by ``new_state(game, rng)`` and filled in;
    what the position leaves out is drawn from ``seed``. Raises :class:`PositionError` naming the field."""
    n = game.num_players
    h1, h2 = game.hand_size
    cap = game.options["max_islands"]
    if not isinstance(position, dict):
        raise PositionError(f"democracy: a position must be a dict, got {type(position).__name__}")
    unknown = sorted((k for k in position if k not in POSITION_KEYS), key=repr)
    if unknown:
        raise PositionError(f"democracy: unknown position field(s) {unknown}; expected some of "
                            f"{list(POSITION_KEYS)}")
    r = FieldReader(position, PositionError, "position", n)

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
            have = [card_counts(pile) for pile in piles]
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

    st = new_state(game, rng)
    st.island, st.day, st.trick, st.dealer, st.turn = island - 1, day - 1, trick - 1, dealer, turn
    st.score_version = island - 1
    st.hands = [card_counts(h) for h in hands]
    st.pool = earlier + [upcard] + pool_rest
    st.stub = undealt
    st.plays = plays
    st.captured = [card_counts(pile) for pile in piles]
    st.points = [[sum(POINTS[c] * k[c] for c in range(s * 12, s * 12 + 12)) for s in range(4)] for k in st.captured]
    st.discards, st.unseen_discards = discards, leftover
    st.tribes = tribes
    st.last_trick, st.last_winner = last, last_winner
    st._order = order
    check_state(st, PositionError, "position")  # a safety net: the checks above should already cover it
    st._rebuild_world()
    return st


def to_position(st) -> dict:
    """The position of a game in progress, every field given (RULES.md, "Positions"): feeding it back to
    :func:`state_from_position` rebuilds the same table (the same hands, pool, piles, commitments and undealt
    cards; only which cards were this day's earlier upcards and the RNG for later islands are not kept)."""
    if st.finished:
        raise PositionError("democracy: a finished game has no position to play from")
    names = lambda cards: [card_name(c) for c in cards]  # noqa: E731
    position = {
        "island": st.island + 1, "day": st.day + 1, "trick": st.trick + 1, "dealer": st.dealer,
        "tribes": list(st.tribes), "hands": [names(card_list(h)) for h in st.hands],
        "committed": [None if c < 0 else card_name(c) for c in st.plays], "to_play": st.current_player(),
        "upcard": card_name(st.pool[st.trick]), "voting_pool": names(st.pool[st.trick + 1:]),
        "won_piles": [names(card_list(c)) for c in st.captured], "discards": names(st.discards),
        "points": [list(x) for x in st.points], "undealt": names(st.stub),
    }
    if st.last_trick and st.trick > 0:  # at a second day's first trick the previous upcard is not kept
        position["last_trick"] = {"upcard": card_name(st.pool[st.trick - 1]), "plays": names(st.last_trick)}
    return position
