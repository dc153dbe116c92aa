"""Democracy's information-set sampling: redrawing what a seat cannot see, for search.

:class:`SamplingMixin` is mixed into the state class; its methods copy the state with ``self._copy()``.
"""
from __future__ import annotations

import random

import numpy as np

from ..core.rules import shuffle
from .cards import NUM_KINDS


class WorldSampler:
    """The information-set samples of one position for one seat (what search draws again and again): the hidden
    cards in their canonical order and the sizes of their places worked out once, then one world per :meth:`draw`,
    the same world ``sample_hidden`` gives from the same ``rng``. :meth:`shuffled` is the random part; a compiled
    sampler (the engine's) replaces it alone."""

    def __init__(self, state, player: int):
        n, k = state.n, NUM_KINDS
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or not 0 <= player < n:
            raise ValueError(f"democracy: player must be a seat 0..{n - 1}, got {player!r}")
        self.state, self.player = state, int(player)
        if state.finished:
            return
        self.others = others = [q for q in range(n) if q != player]
        hands, plays, trick = state.hands, state.plays, state.trick
        self.sizes = [sum(hands[q]) for q in others]
        self.committed = [q for q in others if plays[q] >= 0]
        loose = [plays[q] for q in self.committed] + state.pool[trick + 1:] + state.stub + state.unseen_discards
        counts = [sum(col) for col in zip(*(hands[q] for q in others))] if others else [0] * k
        for c in loose:
            counts[c] += 1
        #: the hidden cards in canonical order: the real places unused
        self.hidden = [c for c in range(k) if counts[c] for _ in range(counts[c])]
        self.tail = len(state.pool) - trick - 1
        self.dealt = sum(self.sizes)

    def shuffled(self, rng: random.Random) -> list[int]:
        """The hidden cards in a uniformly random order (the places take them in turn: the other hands, the
        commitments, the pool's unturned cards, the stub, the unseen leftovers)."""
        hidden = self.hidden[:]
        shuffle(rng, hidden)  # rng.shuffle(hidden), inlined
        return hidden

    def draw(self, rng: random.Random):
        """One world (its own RNG, seeded when first used, fresh from ``rng``)."""
        st = self.state._copy()
        st._rng, st._rng_shared = rng.getrandbits(64), False  # a fresh RNG, seeded when first used
        if self.state.finished:
            return st
        return self.world(st, self.shuffled(rng))

    def world(self, st, hidden: list[int], hand_counts: np.ndarray | None = None):
        """Deal ``hidden`` (in :meth:`shuffled`'s order) into the places of ``st`` (a copy of the position);
        ``hand_counts``: every seat's hand as card counts (an int array of ``n`` rows), if at hand."""
        n, k = st.n, NUM_KINDS
        hands, plays = st.hands, st.plays
        pos = 0
        if hand_counts is None:
            for q, size in zip(self.others, self.sizes):
                hand = [0] * k
                for c in hidden[pos:pos + size]:
                    hand[c] += 1
                hands[q] = hand
                pos += size
        else:
            rows = hand_counts.tolist()
            for q in self.others:
                hands[q] = rows[q]
            pos = self.dealt
        w, off = st.world, st.game.off
        for q in self.committed:
            c = plays[q] = hidden[pos]
            pos += 1
            row = off["commit"] + q * k
            w[row:row + k] = 0
            w[row + c] = 1
        tail = self.tail
        st.pool[st.trick + 1:] = hidden[pos:pos + tail]
        pos += tail
        st.stub = hidden[pos:pos + len(st.stub)]
        pos += len(st.stub)
        st.unseen_discards = hidden[pos:]
        w[off["hand"]:off["hand"] + n * k] = (np.asarray(hands, dtype=np.float32) if hand_counts is None
                                              else hand_counts).ravel()
        return st


class SamplingMixin:
    """Information-set samples, recommitments and perfect-information worlds of a Democracy state."""

    def sample_hidden(self, player: int, rng: random.Random) -> "SamplingMixin":
        """An information-set sample for ``player`` (RULES.md, "Information-set sampling").

        Hidden from ``player``: the other seats' hands, the cards the other seats have committed to the current
        trick, the unturned voting-pool cards (``pool[trick + 1:]``, in order), the undealt stub (in order) and
        any unseen second-day leftovers. Nothing restricts where a hidden card can be (any card may be played at
        any time, so a play shows no void); the only constraints are the sizes of those places, all public. So
        the hidden cards, taken in a canonical (sorted) order, are shuffled with ``rng`` and dealt back into the
        same places: every arrangement of the physical cards is equally likely, which is the exact posterior of a
        fair deal given what ``player`` has seen. The sample's own RNG is a fresh one seeded from ``rng``.
        """
        return WorldSampler(self, player).draw(rng)

    def world_sampler(self, player: int) -> "WorldSampler":
        """State.world_sampler: the hidden cards and their places worked out once."""
        return WorldSampler(self, player)

    def recommit(self, player: int, choose) -> None:
        """Redo each other seat's commitment to the current trick as ``choose(self, seat)`` picks it from the cards
        that seat held before committing (State.recommit). A seat chose seeing its hand and the public table, which
        no commitment of this trick changes (DEM-A1, DEM-A9), and which seats had committed before it; while
        ``choose`` runs, this state is what it saw: its card back in its hand, no commitment of its own, the seats
        after it in this trick's order not yet committed, and it the seat to move (so a bot's ``act`` reads its
        observation and legal mask as for a move of its own). A choice the seat could not have made (a card it
        does not hold) keeps the card it committed."""
        w, off, k = self.world, self.game.off, NUM_KINDS
        hands, plays, order, turn = self.hands, self.plays, self._order, self.turn
        flags = off["committed"]
        for j in range(turn):
            q = order[j]
            c = plays[q]
            if q == player or c < 0:
                continue
            hand, row, commit = hands[q], off["hand"] + q * k, off["commit"] + q * k
            hand[c] += 1
            w[row + c] += 1  # the world vector too: a bot may read its hand there
            w[commit + c] = 0
            for r in order[j:turn]:
                w[flags + r] = 0
            self.turn = j
            try:
                d = choose(self, q)
            finally:
                self.turn = turn
                for r in order[j:turn]:
                    w[flags + r] = 1
            if not (0 <= d < k and hand[d]):
                d = c
            hand[d] -= 1
            w[row + d] -= 1
            plays[q] = d
            w[commit + d] = 1

    def reveal_hands(self, player: int, rng: random.Random) -> "SamplingMixin":
        """A perfect-information world for ``player``'s search (``tools/ceiling.py``): every hand as it
        is, but each other seat's commitment to the current trick drawn uniformly from the cards it held before
        committing (its hand and the committed card), since the plays are simultaneous and a commitment is a choice,
        not a card to see; and the voting pool's unturned cards, the stub and the unseen leftovers (the future)
        shuffled among those places. The world's own RNG is fresh from ``rng``."""
        st = self._copy()
        st._rng, st._rng_shared = rng.getrandbits(64), False  # a fresh RNG, seeded when first used
        if st.finished:
            return st
        n, k = st.n, NUM_KINDS
        w, off = st.world, self.game.off
        for q in range(n):
            c = st.plays[q]
            if q == player or c < 0:
                continue
            held = st.hands[q][:]
            held[c] += 1
            pick = rng.randrange(sum(held))  # a physical card, uniformly
            for card, count in enumerate(held):
                if pick < count:
                    break
                pick -= count
            held[card] -= 1
            st.hands[q], st.plays[q] = held, card
            row = off["commit"] + q * k
            w[row:row + k] = 0
            w[row + card] = 1
        w[off["hand"]:off["hand"] + n * k] = np.asarray(st.hands, dtype=np.float32).ravel()
        t = st.trick + 1
        future = st.pool[t:] + st.stub + st.unseen_discards
        rng.shuffle(future)
        tail, stub = len(st.pool) - t, len(st.stub)
        st.pool[t:], st.stub, st.unseen_discards = future[:tail], future[tail:tail + stub], future[tail + stub:]
        return st
