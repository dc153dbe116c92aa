"""Prime Minister: information-set sampling for search -- ``sample_hidden(player, rng)`` (RULES.md "Information-set
sampling").

What a seat cannot see: the other seats' Supporters (but their number), their hidden bills (Bill Selection draws kept
in hand, proposals before the reveal), their PMQT Event cards, a pending keep choice's drawn cards when another seat
decides, the two Supporters face down under the Importation Act (Scenario 4: hidden from everyone), the order of every
deck, and the future Uncertainty draws. Everything else is public: the board, the face-up discard piles, every
played / discarded / revealed card, the sizes of hands and decks (so the deck each bill was drawn from), the Career
Cards (their set follows from the Politician and the side; face down until their public thresholds are met).

The sample is a copy (``_copy``) in which, for each kind of card, the hidden cards are dealt anew among the hidden
places (``_redeal``):

* **Which cards are hidden** (the "pool" of a deck): the deck itself plus every face-down card of that kind outside
  the viewer's own hand. Cards publicly known to be in a hand stay where they are: a Supporter whose play the PM refused
  (the request showed it; ``state.shown``), the Supporters revealed from under the Importation Act.
* **Classes** (``state.shuffle_tags``): a discard pile turned over into its deck is a public set, so a face-down card
  drawn after that reshuffle is one of its cards and a card held since before it is not. Each card carries the tag of
  the last reshuffle it went into; hidden cards are exchanged only within one tag (and, for bills, one deck: the deck
  of each draw shows in the deck sizes and on the card's back).
* **Constraints**: PMQT hands hold no By-Election (those are shown and replaced when dealt, L1841), so their places are
  restricted to the other Events; Scenario 5's Riots lie in the deck above ``scen["riots_floor"]`` cards (shuffled
  into the top six, L1136) and are put back at a uniform place among those.

Uniformity: within a class, the restricted places are filled first, each with a uniform draw without replacement from
the class's allowed cards still unused, then the free places with a uniform draw without replacement from the rest,
and the deck gets the remaining cards in a uniformly shuffled order. Every arrangement that meets the constraints has
the same probability, ``1 / (A (A-1) ... (A-r+1)) * 1 / ((N-r) ... (N-r-f+1)) * 1 / d!`` for a class of ``N`` cards
with ``A`` allowed, ``r`` restricted and ``f`` free places and ``d`` cards left for the deck (classes independent).
Nothing is rejected, so it costs one pass over the hidden cards. The pending decision of another seat is rebuilt
where it depends on what was redealt (its Supporters in the main menu, discard / keep / propose lists), the Father of
the House's doubled cards are relabelled with the cards that replaced them, and the sample gets a fresh RNG seeded
from ``rng`` and no stacked Uncertainty cards.
"""
from __future__ import annotations

import random

from .components import A_BILL, A_DISCARD, A_KEEP, A_PLAY, BILL_DECK, DECKS, EVENT_LIST

BY_ELECTIONS = frozenset(i for i, e in enumerate(EVENT_LIST) if e["kind"] == "by_election")


def _not_by_election(c: int) -> bool:
    return c not in BY_ELECTIONS


_FACTORIAL = [1]
for _k in range(1, 128):
    _FACTORIAL.append(_FACTORIAL[-1] * _k)


def _shuffle(rng: random.Random, x: list) -> None:
    """An exactly uniform shuffle of ``x`` in place, faster than ``random.shuffle`` (one bounded draw per card in
    Python): one uniform integer ``r`` in ``[0, n!)`` (``getrandbits`` with rejection, accepted with probability
    > 1/2), whose mixed-radix digits ``r mod 2, r div 2 mod 3, ...`` are independent and uniform, are the swaps of a
    Fisher-Yates shuffle."""
    n = len(x)
    if n < 2:
        return
    if n >= len(_FACTORIAL):
        rng.shuffle(x)
        return
    f = _FACTORIAL[n]
    bits = f.bit_length()
    r = rng.getrandbits(bits)
    while r >= f:
        r = rng.getrandbits(bits)
    for i in range(n - 1, 0, -1):
        r, j = divmod(r, i + 1)
        x[i], x[j] = x[j], x[i]


def _redeal(rng: random.Random, slots: list, deck: list, tags: list, restricted: int = 0, allowed=None) -> dict:
    """Deal the hidden cards at ``slots`` (``(container, index)`` places outside the deck; the first ``restricted``
    of them take only cards with ``allowed(card)``) and in ``deck`` (changed in place) anew, uniformly among the
    arrangements that keep every card in its tag class (``tags[card]``) and meet the restriction. Returns
    ``{old card: new card}`` for the slots."""
    if not slots:
        _shuffle(rng, deck)
        return {}
    pools: dict = {}
    for c in deck:
        pools.setdefault(tags[c], []).append(c)
    old = [box[i] for box, i in slots]
    for c in old:
        pools.setdefault(tags[c], []).append(c)
    new = [0] * len(slots)
    for k in range(restricted):  # uniform without replacement among the class's allowed cards
        pool = pools[tags[old[k]]]
        ok = [j for j, c in enumerate(pool) if allowed(c)]
        j = ok[rng.randrange(len(ok))]
        new[k] = pool[j]
        pool[j] = pool[-1]
        pool.pop()
    for k in range(restricted, len(slots)):  # then uniform without replacement among the rest of the class
        pool = pools[tags[old[k]]]
        j = rng.randrange(len(pool))
        new[k] = pool[j]
        pool[j] = pool[-1]
        pool.pop()
    deck[:] = [c for pool in pools.values() for c in pool]
    _shuffle(rng, deck)
    for (box, i), c in zip(slots, new):
        box[i] = c
    return dict(zip(old, new))


class SamplingMixin:
    """``sample_hidden``: a state the viewer cannot tell from this one, its hidden cards dealt anew (module doc)."""

    def sample_hidden(self, player: int, rng: random.Random):
        if isinstance(player, bool) or not 0 <= player < self.n:
            raise ValueError(f"prime_minister: no seat {player!r} (seats 0..{self.n - 1})")
        # the sample's RNG: seeded from rng.getrandbits(64) when the sample first draws from it (tasks.py)
        st = self._copy(rng.getrandbits(64), self._log_seen_by(player))
        st.unc_stack = []  # a deal's stacked Uncertainty cards are future chance: the sample draws its own
        st.supporter_reshuffle = []  # so is a position's order of the next Supporter reshuffle
        st.event_reshuffle = []  # and of the next Event reshuffle
        st._resample_supporters(player, rng)
        st._resample_events(player, rng)
        st._resample_bills(player, rng)
        st._rebuild_pending(player)
        return st

    def _log_seen_by(self, player: int) -> list:
        """A copy of the event log as ``player`` saw it: other seats' private fields (they name the real hidden
        cards) dropped. Cached for the last player and log asked (the log only grows; a search samples one state many
        times)."""
        log = self.event_log
        cached = self.__dict__.get("_seen_log")
        if cached is None or cached[0] != player or cached[1] is not log or cached[2] != len(log):
            seen = [(pub, prv if not prv else {player: prv[player]} if player in prv else None) for pub, prv in log]
            self._seen_log = cached = (player, log, len(log), seen)
        return list(cached[3])

    def _known_supporters(self, q: int) -> set:
        """Supporters in seat ``q``'s hand that every seat knows are there."""
        known = set(self.shown[q])
        turn, pend = self.turn, self.pending
        if turn is not None and turn["seat"] == q:  # a refused request this turn (also in ``shown``)
            known.update((a - A_PLAY) // 2 for a in turn["denied"] if A_PLAY <= a < A_DISCARD)
        if pend is not None and pend["kind"] == "permit" and pend["requester"] == q:
            a = pend["request"]
            if A_PLAY <= a < A_DISCARD:  # the card whose play is being asked for
                known.add((a - A_PLAY) // 2)
        if self.scen.get("ia_cards") and q == self.seat_of("pm"):
            known.update(self.scen["ia_cards"])
        return known

    def _resample_supporters(self, player: int, rng: random.Random) -> None:
        slots = []
        for q in range(self.n):
            if q == player or not self.hand[q]:
                continue
            hand = self.hand[q]
            known = self._known_supporters(q)
            slots += [(hand, i) for i, c in enumerate(hand) if c not in known]
        pend = self.pending
        if pend is not None and pend["kind"] == "keep" and pend["player"] != player:
            pend["drawn"] = drawn = list(pend["drawn"])
            slots += [(drawn, i) for i in range(len(drawn))]
        for t in self.tasks:
            if t[0] == "keep" and t[1] != player:
                t[2] = drawn = list(t[2])
                slots += [(drawn, i) for i in range(len(drawn))]
        under = self.scen.get("under_ia")
        if under:  # face down: nobody has seen them
            slots += [(under, i) for i in range(len(under))]
        relabel = _redeal(rng, slots, self.decks["supporters"], self.shuffle_tags["supporters"])
        turn = self.turn
        if relabel and turn is not None and turn["doubled"]:
            turn["doubled"] = [relabel.get(c, c) for c in turn["doubled"]]

    def _resample_events(self, player: int, rng: random.Random) -> None:
        slots = []
        for q in range(self.n):
            if q != player and self.qt_hands[q]:
                hand = self.qt_hands[q]
                slots += [(hand, i) for i in range(len(hand))]
        deck = self.decks["events"]
        riots = self.scen["riots"] if self.scen.get("num") == 5 and self.scen.get("riots_in_deck") else -1
        if riots >= 0:
            floor = self.scen.get("riots_floor", max(0, len(deck) - 6))
            deck.remove(riots)
        _redeal(rng, slots, deck, self.shuffle_tags["events"], len(slots), _not_by_election)
        if riots >= 0:  # uniform among the places above the floor
            deck.insert(floor + rng.randrange(len(deck) - floor + 1), riots)

    def _resample_bills(self, player: int, rng: random.Random) -> None:
        by_deck: list[list] = [[], [], []]
        for q in range(self.n):
            if q != player:
                hand = self.bill_hand[q]
                for i, b in enumerate(hand):
                    by_deck[BILL_DECK[b]].append((hand, i))
        if not self.revealed_ok and self.proposed:
            pm = self.seat_of("pm")
            for k, (b, s) in enumerate(self.proposed):
                if s != player and s != pm:  # face down until the reveal (the PM's draws are shown at once)
                    self.proposed[k] = entry = [b, s]
                    by_deck[BILL_DECK[b]].append((entry, 0))
        tags = self.shuffle_tags["bills"]
        for d, name in enumerate(DECKS):
            _redeal(rng, by_deck[d], self.decks[name], tags)

    def _rebuild_pending(self, player: int) -> None:
        """Another seat's pending decision, where its legal actions follow from cards that were redealt."""
        pend = self.pending
        if pend is None or pend["player"] == player:
            return
        kind, q = pend["kind"], pend["player"]
        if kind == "main":
            legal = [a for a in pend["legal"] if not A_PLAY <= a < A_KEEP]
            self._supporter_options(q, legal)
        elif kind == "discard":
            legal = [A_DISCARD + c for c in self.hand[q]]
        elif kind == "keep":
            legal = [A_KEEP + c for c in pend["drawn"]]
        elif kind == "propose":
            legal = [A_BILL + b for b in self.bill_hand[q]]
        else:
            return
        legal = sorted(set(legal))
        pend["legal"] = legal
        self._legal = legal
        self._legal_set = frozenset(legal)
