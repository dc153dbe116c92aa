"""Democracy's saved-state JSON: writing a state (``to_json``) and reading it back, strictly checked.

Reading raises :class:`~hustings.core.rules.StateFormatError` naming the field for anything missing, mistyped, out of
range or inconsistent (the checks are :func:`~hustings.democracy.checks.check_state`).
"""
from __future__ import annotations

from typing import Callable

from ..core.rules import StateFormatError, rng_from_json
from .cards import JOKERS_IN_DECK, NUM_KINDS, POINTS, TRIBES_TO_WIN, card_name, deck
from .checks import MAX_ISLAND, FieldReader, card_counts, check_state, show

#: The keys of a saved state (``DemocracyState.to_json``), all required.
SAVED_KEYS = ("game", "num_players", "island", "day", "trick", "dealer", "turn", "hands", "pool", "stub", "plays",
              "captured", "discards", "unseen_discards", "tribes", "last_trick", "last_winner", "finished",
              "truncated", "winners", "score_version", "rng")


class SavedStateMixin:
    """Saving and loading a Democracy state (mixed into the state class)."""

    def to_json(self) -> dict:
        """The whole state as JSON (RULES.md, "Save and load"): every card by name, and the RNG."""
        names = lambda cards: [card_name(c) for c in cards]  # noqa: E731
        unpack = lambda counts: [c for c in range(NUM_KINDS) for _ in range(counts[c])]  # noqa: E731
        return {
            "game": "democracy", "num_players": self.n, "island": self.island, "day": self.day,
            "trick": self.trick, "dealer": self.dealer, "turn": self.turn,
            "hands": [names(unpack(h)) for h in self.hands], "pool": names(self.pool), "stub": names(self.stub),
            "plays": [None if c < 0 else card_name(c) for c in self.plays],
            "captured": [names(unpack(c)) for c in self.captured], "discards": names(self.discards),
            "unseen_discards": names(self.unseen_discards), "tribes": list(self.tribes),
            "last_trick": names(self.last_trick), "last_winner": self.last_winner,
            "finished": self.finished, "truncated": self.truncated, "winners": list(self._winners),
            "score_version": self.score_version, "rng": self._rng_state(),
        }

    @classmethod
    def from_json(cls, game, data: dict) -> "SavedStateMixin":
        """Rebuild a state from :meth:`to_json` output, strictly checked (:func:`state_from_saved`): a missing,
        mistyped, out-of-range or inconsistent field raises :class:`StateFormatError` naming it."""
        return state_from_saved(game, data, cls)

    def _check_consistent(self) -> None:
        """A quick check of a state in play: each card once, the commitments matching the turn."""
        seen = [0] * NUM_KINDS
        for group in (*self.hands, *self.captured):
            for c, k in enumerate(group):
                seen[c] += k
        for c in (*self.pool[self.trick:], *self.stub, *self.discards, *self.unseen_discards,
                  *(c for c in self.plays if c >= 0)):
            seen[c] += 1
        expected = [1] * 48 + [JOKERS_IN_DECK[self.n]]
        if seen != expected:
            bad = [card_name(c) for c in range(NUM_KINDS) if seen[c] != expected[c]]
            raise StateFormatError(f"democracy: saved state does not hold each card exactly once: {bad}")
        committed = sum(c >= 0 for c in self.plays)
        if committed != self.turn or any(self.plays[p] < 0 for p in self._order[:self.turn]):
            raise StateFormatError("democracy: saved plays do not match the turn")


def state_from_saved(game, data, new_state: Callable) -> "SavedStateMixin":
    """Rebuild a state of ``game`` from :meth:`SavedStateMixin.to_json` output, made by ``new_state(game, rng)`` and
    filled in; anything missing, mistyped, out of range or inconsistent raises :class:`StateFormatError` naming
    the field and what was expected."""
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
        raise StateFormatError(f"saved state is {show(data['game'])} for {show(data['num_players'])} players; "
                               f"expected democracy for {n}")
    r = FieldReader(data, StateFormatError, "saved state", n)
    try:
        rng = rng_from_json(data["rng"])
    except (TypeError, ValueError, OverflowError) as exc:
        raise StateFormatError(f"democracy {n}p: saved state field 'rng' is invalid ({exc}); expected the "
                               f"[version, [625 ints], gauss] list that to_json writes") from None
    st = new_state(game, rng)
    st.island = r.int("island", data["island"], 0, cap if cap is not None else MAX_ISLAND)
    st.day = r.int("day", data["day"], 0, 1, "0 (first day) or 1 (second day)")
    size = (h1, h2)[st.day]
    st.pool = r.cards("pool", data["pool"], size=size)
    st.trick = r.int("trick", data["trick"], 0, size, f"an int in 0..{size} (tricks played this day)")
    st.dealer = r.seat("dealer", data["dealer"])
    st.turn = r.int("turn", data["turn"], 0, n - 1, f"an int in 0..{n - 1} (seats committed to this trick)")
    st.hands = [card_counts(r.cards(f"hands[{p}]", h, at_most=h1))
                for p, h in enumerate(r.per_seat("hands", data["hands"]))]
    st.stub = r.cards("stub", data["stub"], at_most=len(deck(n)))
    st.plays = [-1 if c is None else r.card(f"plays[{p}]", c) for p, c in enumerate(r.per_seat("plays", data["plays"]))]
    st.captured = [card_counts(r.cards(f"captured[{p}]", c, at_most=len(deck(n))))
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
