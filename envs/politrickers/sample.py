"""Politrickers information-set sampling (RULES.md, "Information-set sampling"): what search needs to redraw the
hidden cards of a seat's information set exactly uniformly.

Cards are drawn by *letter*: the five suits 0..4 and Migration (5). Every constraint the others' plays reveal is
about letters only (which suits a seat held at some moment), so a deal is uniform among the consistent ones iff
its letter word (the letter in each hidden place) is uniform among the consistent words and the cards of each
letter are then spread uniformly over that letter's places.
"""
from __future__ import annotations

import random

import numpy as np

from ..core.rules import LazyRandom, shuffle
from .cards import (ALL_SUITS, DOWN, FLIP, FORCED, LETTER, MIG, MIG_BIT, MIGRATION, NUM_CARDS, SUIT,
                    follow_masks, public_entry)

_FACT = [1]
for _i in range(1, NUM_CARDS + 1):
    _FACT.append(_FACT[-1] * _i)
_COUNT_CACHE: dict = {}  # (plan, letter counts) -> memo of consistent-word counts; cleared when it grows large
_CACHE_MAX = 256
_REJECT_TRIES = 100  # draws under the voids alone before the exact draw under every holding check


def sampling_plan(st, player: int, seats: list[int], fd_count: list[int]):
    """The hidden places of ``player``'s information set and what the plays of this round say about them.

    Returns ``(steps, dests, tail)``: ``steps`` is the program the counting walk runs, ``("slot", mask, track)``
    for a place that takes one letter of ``mask`` (``track``: suit bits to remember for later checks) and
    ``("check", bits, allowed, reset)`` for a holding condition; ``dests`` names each slot step's place;
    ``tail`` the places with no restriction at all, filled last by a plain shuffle.
    """
    by_seat: dict[int, list[tuple]] = {s: [] for s in seats}
    for e in st.log:
        if e[0] != player:
            by_seat[e[0]].append(public_entry(e))
    steps: list[tuple] = []
    dests: list[tuple] = []
    free: list[tuple] = []  # (mask, dest) of places not tied to any holding check
    for s in seats:
        ents = by_seat[s]
        m = len(ents)
        void = 0
        voids = [0] * m  # the voids known at each play of s (they hold for every later holding of s)
        for j, (_, paid, shown, mode, q0, rp, rs, os_) in enumerate(ents):
            if rs >= 0 and mode in (FORCED, DOWN):
                own, other = follow_masks(1 - q0 if paid else q0, rp, rs, os_)
                void |= own if mode == FORCED else own | other
            voids[j] = void
        known = [0] * (m + 1)  # suits s played face up at or after each of its plays
        for j in range(m - 1, -1, -1):
            shown = ents[j][2]
            known[j] = known[j + 1] | (1 << SUIT[shown] if 0 <= shown < MIGRATION else 0)
        checks: list[list[tuple]] = [[] for _ in range(m)]
        track = 0
        for j, (_, paid, shown, mode, q0, rp, rs, os_) in enumerate(ents):
            if not paid or rs < 0:
                continue
            # a paid switch by a non-leader was legal: no forced switch before it (POL-A5.3) and, when the play
            # after it shows nothing (Migration), none after it either (POL-A5.5)
            q1 = 1 - q0
            for q in ((q0, q1) if mode == MIG else (q0,)):
                own, other = follow_masks(q, rp, rs, os_)
                bits = (own | other) & ~voids[j] & ~known[j]
                sure = known[j] & (own | other)
                allowed = 0
                u = bits
                while True:  # every subset u of bits: is "the unknown cards of s bring suits u" consistent?
                    v = u | sure
                    if v & own or not v & other:
                        allowed |= 1 << u
                    if u == 0:
                        break
                    u = (u - 1) & bits
                full = 0
                u = bits
                while True:
                    full |= 1 << u
                    if u == 0:
                        break
                    u = (u - 1) & bits
                if allowed == full:
                    continue
                if not allowed:
                    raise ValueError("politrickers: the play record contradicts itself; cannot sample")
                checks[j].append((bits, allowed))
                track |= bits
        # the places of s in reverse play order: hand, then face-down cards from the latest back
        logged = sum(1 for e in ents if e[3] == DOWN)
        unlogged = fd_count[s] - logged
        if unlogged < 0:
            raise ValueError(f"politrickers: the play record shows more face-down plays of seat {s} than it has")
        seq: list[tuple] = []  # ("slot", mask, dest) / ("check", bits, allowed)
        hand_mask = (ALL_SUITS & ~void) | MIG_BIT
        for i in range(len(st.hands[s])):
            seq.append(("slot", hand_mask, (0, s, i)))
        fd_index = fd_count[s]
        for j in range(m - 1, -1, -1):
            if ents[j][3] == DOWN:
                fd_index -= 1
                seq.append(("slot", ALL_SUITS & ~voids[j], (1, s, fd_index)))
            for bits, allowed in checks[j]:
                seq.append(("check", bits, allowed))
        for i in range(unlogged):
            seq.append(("slot", ALL_SUITS, (1, s, i)))
        last = max((i for i, x in enumerate(seq) if x[0] == "check"), default=-1)
        for i, x in enumerate(seq):
            if i > last:
                free.append((x[1], x[2]))
            elif x[0] == "slot":
                steps.append(("slot", x[1], track))
                dests.append(x[2])
            else:
                steps.append(("check", x[1], x[2], i == last))
    tail: list[tuple] = []
    letters = 0
    for s in seats:
        for c in st.hands[s]:
            letters |= 1 << LETTER[c]
        for c in st.hidden[s]:
            letters |= 1 << LETTER[c]
        if st.down[s]:
            letters |= 1 << LETTER[st.plays[s]]
    for c in st.leftovers:
        letters |= 1 << LETTER[c]
    restricted = []
    for mask, dest in free:
        if mask & letters == letters:
            tail.append(dest)
        else:
            restricted.append((mask, dest))
    restricted.sort(key=lambda x: x[0])
    pre = [("slot", mask, 0) for mask, _ in restricted]
    steps = pre + steps
    dests = [d for _, d in restricted] + dests
    tail += [(2, -1, i) for i in range(len(st.leftovers))]
    return steps, dests, tail


def passes_checks(steps: list[tuple], cards: list[int]) -> bool:
    """Whether ``cards`` (one per slot step, in order) pass every holding check of ``steps``."""
    letter = LETTER
    pres, i = 0, 0
    for st in steps:
        if st[0] == "slot":
            pres |= (1 << letter[cards[i]]) & st[2]
            i += 1
        else:
            if not (st[2] >> (pres & st[1])) & 1:
                return False
            if st[3]:
                pres = 0
    return True


class _Plan:
    """The counting tables for one sampling program and one hand of hidden letters (cached: a search samples the
    same position again and again).

    Letters that no step tells apart (the same places allowed, never tracked) are merged into one class (a uniform
    word over classes, then a uniform spread of each class's cards over its places, is still uniform).
    ``count(i, r, pres)`` is the number of class words for steps ``i..`` and the tail, with class counts ``r``
    left (6 bits per class) and suit bits ``pres`` seen so far among the current seat's checked places.
    """

    def __init__(self, steps: tuple, counts: tuple, tail_len: int):
        tracked = 0
        for st in steps:
            if st[0] == "slot":
                tracked |= st[2]
        groups: list[list[int]] = []
        sig: dict = {}
        for x in range(6):
            if not counts[x]:
                continue
            key = ("tracked", x) if tracked >> x & 1 else tuple(st[1] >> x & 1 for st in steps if st[0] == "slot")
            if key in sig:
                groups[sig[key]].append(x)
            else:
                sig[key] = len(groups)
                groups.append([x])
        self.cls = [-1] * 6
        for g, xs in enumerate(groups):
            for x in xs:
                self.cls[x] = g
        compiled = []
        for st in steps:
            if st[0] == "slot":
                mask, track = st[1], st[2]
                compiled.append((0, tuple((6 * g, (1 << xs[0]) & track if len(xs) == 1 else 0)
                                          for g, xs in enumerate(groups) if mask >> xs[0] & 1)))
            else:
                compiled.append((1, st[1], st[2], st[3]))
        self.compiled = compiled
        self.ncls = len(groups)
        self.code = sum(sum(counts[x] for x in xs) << (6 * g) for g, xs in enumerate(groups))
        self.trivial = not steps
        memo: dict = {}
        nsteps = len(compiled)
        fact = _FACT
        shifts = range(0, 6 * len(groups), 6)

        def count(i: int, code: int, pres: int) -> int:
            k = (code << 11) | (pres << 6) | i
            v = memo.get(k)
            if v is not None:
                return v
            if i == nsteps:
                v = fact[tail_len]
                for sh in shifts:
                    v //= fact[(code >> sh) & 63]
            else:
                st = compiled[i]
                if st[0] == 0:
                    v = 0
                    for sh, bit in st[1]:
                        if (code >> sh) & 63:
                            v += count(i + 1, code - (1 << sh), pres | bit)
                elif (st[2] >> (pres & st[1])) & 1:
                    v = count(i + 1, code, 0 if st[3] else pres)
                else:
                    v = 0
            memo[k] = v
            return v

        self.count, self.memo = count, memo
        if count(0, self.code, 0) == 0:
            raise ValueError("politrickers: no deal fits the play record; cannot sample")


def _plan_for(steps: tuple, counts: tuple, tail_len: int) -> _Plan:
    key = (steps, counts)
    plan = _COUNT_CACHE.get(key)
    if plan is None:
        if len(_COUNT_CACHE) >= _CACHE_MAX:
            _COUNT_CACHE.clear()
        plan = _COUNT_CACHE[key] = _Plan(steps, counts, tail_len)
    return plan


def _walk(plan: _Plan, pool: list[int], rng: random.Random) -> list[int]:
    """One uniformly random consistent deal for ``plan``: the cards of its slot steps in order, then the tail's.
    Each slot's class is picked with probability proportional to the number of consistent words it leaves, so
    every consistent word is equally likely; each slot then takes a uniformly random card of its class (drawn
    without replacement) and the tail a uniform shuffle of the rest."""
    if plan.trivial:
        rest = pool[:]
        shuffle(rng, rest)  # rng.shuffle(rest), inlined
        return rest
    by_class: list[list[int]] = [[] for _ in range(plan.ncls)]
    cls, letter = plan.cls, LETTER
    for c in pool:
        by_class[cls[letter[c]]].append(c)
    count, below = plan.count, rng.randrange
    code, pres = plan.code, 0
    out: list[int] = []
    for i, st in enumerate(plan.compiled):
        if st[0] == 0:
            pick = below(count(i, code, pres))
            for sh, bit in st[1]:
                if (code >> sh) & 63:
                    nxt, npres = code - (1 << sh), pres | bit
                    pick -= count(i + 1, nxt, npres)
                    if pick < 0:
                        break
            code, pres = nxt, npres
            cs = by_class[sh // 6]  # a uniformly random card of the class
            j = below(len(cs))
            cs[j], cs[-1] = cs[-1], cs[j]
            out.append(cs.pop())
        elif st[3]:
            pres = 0
    rest = [c for cs in by_class for c in cs]
    shuffle(rng, rest)
    return out + rest


class WorldSampler:
    """The information-set samples of one position for one seat (what search draws again and again): the work that
    depends on the position alone (the hidden places and cards, what the play record says about them, the counting
    tables) done once, then one world per :meth:`draw`, the same world :func:`sample_hidden` gives from the same
    ``rng``. :meth:`draw_cards` is the random part; a compiled sampler (the engine's) replaces it alone."""

    def __init__(self, state, player: int):
        n = state.n
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or not 0 <= player < n:
            raise ValueError(f"politrickers: sample_hidden needs a seat 0..{n - 1}, got {player!r}")
        player = int(player)
        self.state, self.player = state, player
        self.seats = seats = [s for s in range(n) if s != player]
        # the hidden places, as (kind, seat, index): 0 = hand, 1 = face-down card (index in play order), 2 = leftover
        pool: list[int] = []
        fd_count = [0] * n
        for s in seats:
            pool += state.hands[s]
            pool += state.hidden[s]
            fd_count[s] = len(state.hidden[s]) + (1 if state.down[s] else 0)
            if state.down[s]:
                pool.append(state.plays[s])
        pool += state.leftovers
        self.pool, self.fd_count = pool, fd_count
        self.steps, self.dests, tail = sampling_plan(state, player, seats, fd_count)
        self.places = self.dests + tail
        self.tail_len = len(tail)
        counts = [0] * 6
        for c in pool:
            counts[LETTER[c]] += 1
        self.counts = tuple(counts)
        self.checked = any(st[0] == "check" for st in self.steps)
        self._voids = self._exact = self._layout = None

    def voids_plan(self) -> _Plan:
        """The counting tables under the voids alone (every slot step's mask, no holding check)."""
        if self._voids is None:
            self._voids = _plan_for(tuple(("slot", st[1], 0) for st in self.steps if st[0] == "slot"), self.counts,
                                    self.tail_len)
        return self._voids

    def exact_plan(self) -> _Plan:
        """The counting tables under every constraint."""
        if self._exact is None:
            self._exact = _plan_for(tuple(self.steps), self.counts, self.tail_len)
        return self._exact

    def draw_cards(self, rng: random.Random) -> list[int]:
        """The hidden cards of one world, uniformly among the consistent deals, in the order of :attr:`places`.

        The voids alone keep the exact count small; the holding checks (what a non-leader's paid switch showed it
        held) multiply it by the suits they track. So first draw exactly under the voids alone and keep the first
        draw that also passes the checks (rejection: uniform among the deals that pass), and only after
        ``_REJECT_TRIES`` misses draw exactly under everything. Either way the deal is uniform among the consistent
        ones, so the mixture is too."""
        if not self.checked:
            return _walk(self.exact_plan(), self.pool, rng)
        voids = self.voids_plan()
        for _ in range(_REJECT_TRIES):
            cards = _walk(voids, self.pool, rng)
            if passes_checks(self.steps, cards):
                return cards
        return _walk(self.exact_plan(), self.pool, rng)

    def draw(self, rng: random.Random):
        """One world (a clone of the position with its hidden cards redrawn; its own RNG fresh from ``rng``)."""
        return self.world(self.draw_cards(rng), rng)

    def world(self, cards: list[int], rng: random.Random, array: np.ndarray | None = None):
        """The position with ``cards`` (in the order of :attr:`places`; ``array``: the same as an int array, if at
        hand) in its hidden places."""
        if self._layout is None:
            self._layout = self._lay_out()
        hand_at, fd_at, left_at, zero, cells, at_cells, log_fix = self._layout
        state = self.state
        out = state.clone()
        out.rng = LazyRandom(rng.getrandbits(64))
        out.next_decks = ()  # a stacked deck is the real game's future: not for the sample
        out._modes = None
        hands, hidden, plays = out.hands, out.hidden, out.plays
        for s, at in hand_at:
            h = [cards[j] for j in at]
            h.sort()
            hands[s] = h
        for s, at, nh in fd_at:
            fd = [cards[j] for j in at]
            hidden[s] = fd[:nh]
            if len(fd) > nh:
                plays[s] = fd[nh]
        left = [cards[j] for j in left_at]
        left.sort()
        out.leftovers = left
        w = out.world
        w[zero] = 0
        if array is None:
            array = np.array(cards, dtype=np.int64)
        w[cells + array[at_cells]] = 1
        log = out.log
        for i, j, flip, entry in log_fix:  # the record's face-down entries name the sampled cards
            log[i] = (entry[0], cards[j] + flip, *entry[2:])
        return out

    def _lay_out(self) -> tuple:
        """Where each place's card goes in a world: each seat's hand places, face-down places (in play order) and
        the leftovers' (indices into the cards), the world vector's cells to clear and to set (a base per place
        with a cell, plus the card), and the record's face-down entries with the place of their card."""
        state, k, off = self.state, NUM_CARDS, self.state.game.off
        hand_at = {s: [] for s in self.seats}
        fd_at = {s: [-1] * self.fd_count[s] for s in self.seats}
        left_at, bases, at_cells = [], [], []
        for j, (kind, s, i) in enumerate(self.places):
            if kind == 0:
                hand_at[s].append(j)
                bases.append(off["hand"] + s * k)
                at_cells.append(j)
            elif kind == 1:
                fd_at[s][i] = j
                if i < len(state.hidden[s]):
                    bases.append(off["hidden"] + s * k)
                    at_cells.append(j)
            else:
                left_at.append(j)
        zero = [off["hand"] + s * k + c for s in self.seats for c in state.hands[s]]
        zero += [off["hidden"] + s * k + c for s in self.seats for c in state.hidden[s]]
        log_fix = []
        for s in self.seats:  # as fill_face_down: the latest face-down plays take the latest face-down cards
            idx = [i for i, e in enumerate(state.log) if e[0] == s and e[2] == DOWN]
            places = fd_at[s]
            for i, j in zip(idx, places[len(places) - len(idx):]):
                e = state.log[i]
                log_fix.append((i, j, FLIP if e[1] >= FLIP else 0, e))
        return ([(s, hand_at[s]) for s in self.seats], [(s, fd_at[s], len(state.hidden[s])) for s in self.seats],
                left_at, np.array(zero, dtype=np.int64), np.array(bases, dtype=np.int64),
                np.array(at_cells, dtype=np.int64), log_fix)


def sample_hidden(state, player: int, rng: random.Random):
    """A state ``player`` cannot tell from ``state`` (a clone of it), its hidden cards drawn uniformly (see RULES.md,
    "Information-set sampling"): the other hands, the others' face-down cards (this round's and this trick's)
    and the leftovers are redealt among themselves, exactly uniformly among the deals that fit every void
    and every holding the others' plays of this round showed."""
    return WorldSampler(state, player).draw(rng)
