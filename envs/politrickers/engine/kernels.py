"""Politrickers' compiled kernels: the transitions of ``rules.py`` over N games held in arrays (``batch.py`` owns
the arrays and converts to and from rules states).

Every kernel mirrors a method of ``PolitrickersState`` step for step (the rules module stays the reference), and the
deals draw from each game's own Mersenne Twister exactly as ``random.Random`` does, so a game from a seed is the same
game here and in Python.

A game is one row of three arrays, so that all of it sits together in memory and a kernel call passes few arrays:

* ``st`` int8[N, ROW]: the small numbers, at the offsets below (per-seat fields hold ``MAX_SEATS`` entries);
* ``big`` int64[N, 7]: the hands as card bitmasks (bit ``c`` set = card ``c`` held: the sorted order of the rules' hand
  lists is the bit order, and Migration, id 44, sorts last), ``score_version`` and the MT index;
* ``mt`` uint32[N, 624]: the Mersenne Twister's words.
"""
from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ...engine import rng
from ...engine.jit import njit
from ..cards import (CLAWS, DOWN, ECONOMY, FLIP, FORCED, HAND_SIZE, MIG, MIG_FROM_TAILS, MIG_NO_TOKEN, MIGRATION,
                    NUM_CARDS, PLATE_MAX, ROUNDS, SUIT, TAILS, TOKENS, TRICKS_PER_ROUND, UP, VALUE, VP_FLOOR,
                    VP_TO_END)

#: the kernels' decorator: compiled once and cached, without reference counting (none of them allocates)
KERNEL = njit(cache=True, _nrt=False)
MAX_SEATS = 5
LOG_MAX = TRICKS_PER_ROUND * MAX_SEATS  # the plays of a round
# st's columns: one number each ...
(RND, TRICKS_DONE, TRICK_START, LEADER, TURN, RULING_PARTY, RULING_SUIT, OPP_SUIT, LAST_WINNER, NUPS, NSEEN, NHIST,
 NNEXT, NLOG, PLATE) = range(15)  # PLATE: 2 (Tails, Claws)
NLEFT = 16
# ... then MAX_SEATS per seat ...
PARTY, PLAYS, DOWN_, TOKENS_, SPENT, TRICKS_WON, VP, ROUND_VP, UPS_SEAT, UPS_CARD, NHIDDEN = range(17, 17 + 55, 5)
LIBRA = 72  # [plate * MAX_SEATS + seat]
HIDDEN = LIBRA + 2 * MAX_SEATS  # [seat * 9 + i]: each seat's face-down cards of this round, in order
SEEN = HIDDEN + MAX_SEATS * HAND_SIZE  # face-up cards of completed tricks of this round, in order
HIST = SEEN + NUM_CARDS  # [i * 4 + (round, end, who, tricks)]: the round results
HIST_POINTS = HIST + ROUNDS * 4  # [i * MAX_SEATS + seat]
LOG = HIST_POINTS + ROUNDS * MAX_SEATS  # [i * 7 + j]: the play record of this round (cards.public_entry's tuples)
NEXT = LOG + LOG_MAX * 7  # [i * NUM_CARDS + j]: stacked deck orders for the next deals, oldest first
LEFT = NEXT + (ROUNDS - 1) * NUM_CARDS  # the leftovers, in the rules' order (sorted when dealt here)
DEAL = LEFT + NUM_CARDS  # scratch: the deck being dealt
ROW = DEAL + NUM_CARDS
# big's columns
HANDS, SCORE_VERSION, MTI = 0, MAX_SEATS, MAX_SEATS + 1
BIG = MAX_SEATS + 2

# the observation / world blocks, in this order in the offset arrays batch.py builds
(B_HAND, B_HIDDEN, B_PARTY, B_CHAIR, B_TRICK_CARD, B_TRICK_DOWN, B_TRICK_PLAYED, B_DOWN_COUNT, B_LIBRA, B_UNSPENT,
 B_SPENT, B_VP, B_ROUND_VP, B_RULING_PARTY, B_RULING_SUIT, B_OPP_SUIT, B_SEEN, B_ROUND, B_TRICK) = range(19)
END_DISGRACED, END_COLLAPSE, END_BALANCED = 0, 1, 2  # saved.END_KINDS order

_SUIT = np.array(SUIT, dtype=np.int64)
_VALUE = np.array(VALUE, dtype=np.int64)
_SUIT_MASK = np.array([sum(1 << c for c in range(MIGRATION) if SUIT[c] == s) for s in range(5)], dtype=np.int64)
_ALL_POLICY = (1 << MIGRATION) - 1
_MIG_BIT = 1 << MIGRATION
# the observation's fractions, looked up instead of divided: v / d as the rules compute it (float64, then stored as
# float32), for v = -8 .. 63 (a trick's suit sum reaches 40)
_FRAC_LO = -8
_FRAC = {d: np.array([np.float32(v / d) for v in range(_FRAC_LO, 64)], dtype=np.float32)
         for d in (4.0, 5.0, 7.0, 9.0, 20.0)}
assert TOKENS == 5 and VP_TO_END == 7 and TRICKS_PER_ROUND == 9
_FRAC4, _FRAC5, _FRAC7, _FRAC9, _FRAC20 = (_FRAC[d] for d in (4.0, 5.0, 7.0, 9.0, 20.0))




# --- the Mersenne Twister (hustings.engine.rng) -------------------------------------------------------------------
@KERNEL
def seed_rng(mt, big, k, key, keylen):
    """``random.Random(seed)`` for game ``k``: ``key[:keylen]`` are abs(seed)'s 32-bit words (at most 2)."""
    rng.seed_words(mt, big, k, MTI, key[0], key[1] if keylen > 1 else 0)


@KERNEL
def seed_rngs(mt, big, k1, key1, len1, k2, key2, len2):
    """:func:`seed_rng` for games ``k1`` and ``k2 != k1`` at once (:func:`hustings.engine.rng.seed_words_pair`)."""
    rng.seed_words_pair(mt, big, MTI, k1, key1[0], key1[1] if len1 > 1 else 0, k2, key2[0],
                        key2[1] if len2 > 1 else 0)


@njit(cache=True, inline="always")
def _seat(x, n):
    """``x % n`` for ``-n <= x < 2 * n`` (seat arithmetic) without a division."""
    if x >= n:
        return x - n
    if x < 0:
        return x + n
    return x


# --- dealing (PolitrickersState._start_round, _setup_round, _start_trick) -------------------------------------------
@njit(cache=True, inline="always")
def _start_trick(st, k, chair, n):
    st[k, TRICK_START] = chair
    st[k, LEADER] = chair
    st[k, TURN] = 0
    st[k, RULING_PARTY] = -1
    st[k, RULING_SUIT] = -1
    st[k, OPP_SUIT] = -1
    st[k, NUPS] = 0
    for p in range(n):
        st[k, PLAYS + p] = -1
        st[k, DOWN_ + p] = 0


@KERNEL
def _start_round(st, big, mt, k, chair, deck, n):
    size = len(deck)
    if st[k, NNEXT] > 0:  # a stacked deck (a position's "deck"), dealt in order
        for i in range(size):
            st[k, DEAL + i] = st[k, NEXT + i]
            st[k, NEXT + i] = st[k, NEXT + NUM_CARDS + i]
        st[k, NNEXT] -= 1
    else:
        for i in range(size):
            st[k, DEAL + i] = deck[i]
        rng.shuffle_row(mt, big, k, MTI, st, k, DEAL, size)
    for p in range(n):
        h = 0
        for i in range(p * HAND_SIZE, (p + 1) * HAND_SIZE):
            h |= 1 << np.int64(st[k, DEAL + i])
        big[k, HANDS + p] = h
    for i in range(n * HAND_SIZE, size):  # the leftovers, sorted (insertion: there are at most two)
        c = st[k, DEAL + i]
        j = LEFT + i - n * HAND_SIZE
        while j > LEFT and st[k, j - 1] > c:
            st[k, j] = st[k, j - 1]
            j -= 1
        st[k, j] = c
    st[k, NLEFT] = size - n * HAND_SIZE
    for i in range(n):  # POL-A3: the Chair shows Tails, the others alternate clockwise
        p = (chair + i) % n
        st[k, PARTY + p] = i % 2
        st[k, TOKENS_ + p] = TOKENS
        st[k, SPENT + p] = 0
        st[k, TRICKS_WON + p] = 0
        st[k, NHIDDEN + p] = 0
        st[k, LIBRA + p] = 0
        st[k, LIBRA + MAX_SEATS + p] = 0
    st[k, PLATE] = 0
    st[k, PLATE + 1] = 0
    st[k, NSEEN] = 0
    st[k, NLOG] = 0
    st[k, TRICKS_DONE] = 0
    st[k, LAST_WINNER] = chair
    _start_trick(st, k, chair, n)


@KERNEL
def _refresh(st, player, term, scores, returns, winners, k):
    n = scores.shape[1]
    over = term[k]
    player[k] = -1 if over else _seat(st[k, TRICK_START] + st[k, TURN], n)
    anyone = False
    for p in range(n):
        scores[k, p] = st[k, VP + p]
        anyone = anyone or (over and winners[k, p])
    for p in range(n):
        returns[k, p] = 0.0 if not anyone else (1.0 if winners[k, p] else -1.0)


@KERNEL
def refresh(st, player, term, scores, returns, winners, envs):
    """The public arrays of games ``envs`` from their state: the seat to move, scores, returns."""
    for k in envs:
        _refresh(st, player, term, scores, returns, winners, k)


@KERNEL
def reset_games(st, big, mt, player, term, scores, returns, winners, envs, keys, keylens, deck):
    """Start games ``envs[i]`` as ``game.new_initial_state(seed)``: keys[i, :keylens[i]] are abs(seed)'s words.
    Games are seeded two at a time (:func:`seed_rngs`) where two different games come in a row."""
    n = scores.shape[1]
    count = len(envs)
    for i in range(count):
        k = envs[i]
        if i & 1 == 0:
            if i + 1 < count and envs[i + 1] != k:
                seed_rngs(mt, big, k, keys[i], keylens[i], envs[i + 1], keys[i + 1], keylens[i + 1])
            else:
                seed_rng(mt, big, k, keys[i], keylens[i])
        elif envs[i - 1] == k:
            seed_rng(mt, big, k, keys[i], keylens[i])
        st[k, RND] = 0
        for p in range(n):
            st[k, VP + p] = 0
            st[k, ROUND_VP + p] = 0
            winners[k, p] = False
        st[k, NHIST] = 0
        st[k, NNEXT] = 0
        big[k, SCORE_VERSION] = 0
        term[k] = False
        _start_round(st, big, mt, k, rng.below(mt, big, k, MTI, n), deck, n)
        _refresh(st, player, term, scores, returns, winners, k)


# --- legality (PolitrickersState._split, _legal_parts) ----------------------------------------------------------------
@njit(cache=True, inline="always")
def _split(q, rp, rs, os_, cards):
    """(cards, mode, forced) a player of party ``q`` may play now (Ruling Party ``rp``, Ruling Suit ``rs``,
    Opposition Suit ``os_``): ``_split`` of the rules with card bitmasks."""
    if q == rp:
        own = cards & _SUIT_MASK[rs]
        if own:
            return own, UP, False
        other = cards if os_ < 0 else cards & _SUIT_MASK[os_]
    elif os_ < 0:
        own = cards & ~_SUIT_MASK[rs]
        if own:
            return own, UP, False
        other = cards
    else:
        own = cards & _SUIT_MASK[os_]
        if own:
            return own, UP, False
        other = cards & _SUIT_MASK[rs]
    if other:
        return other, FORCED, True
    return cards, DOWN, False


@njit(cache=True, inline="always")
def _legal(hand, tokens, q, rp, rs, os_, tails, claws):
    """The legal moves of a seat as ``_legal_parts`` from its hand (a card bitmask), unspent tokens, party and tokens
    on the Tails / Claws plates, and the trick's Ruling Party and Suits: (cards, mode, Migration actions as bits
    1 << (a - 44), cards after a paid switch, their mode, whether a paid switch is allowed)."""
    cards = hand & _ALL_POLICY
    flip_cards, flip_mode, can_flip = cards, UP, tokens > 0
    if rs < 0:
        own, mode = cards, UP
    else:
        own, mode, forced = _split(q, rp, rs, os_, cards)
        if can_flip:
            if forced:  # POL-A5.3
                can_flip = False
            else:
                flip_cards, flip_mode, forced2 = _split(1 - q, rp, rs, os_, cards)
                can_flip = not forced2  # POL-A5.5
    migs = 0
    if hand & _MIG_BIT:
        if tails:
            migs |= 1
        if claws:
            migs |= 2
        if not (tails or claws):
            migs = 4
    return own, mode, migs, flip_cards, flip_mode, can_flip


@KERNEL
def legal_mask(st, big, player, out):
    """``out[k]`` = game k's ``state.legal_mask()`` (int8, zeros for games that are over)."""
    for k in range(out.shape[0]):
        out[k, :] = 0
        p = player[k]
        if p < 0:
            continue
        own, mode, migs, flip_cards, flip_mode, can_flip = _legal(
            big[k, HANDS + p], st[k, TOKENS_ + p], st[k, PARTY + p], st[k, RULING_PARTY],
            st[k, RULING_SUIT], st[k, OPP_SUIT], st[k, LIBRA + p], st[k, LIBRA + MAX_SEATS + p])
        while own:
            out[k, trailing_zeros(own)] = 1
            own &= own - 1
        for i in range(3):
            if migs >> i & 1:
                out[k, MIG_FROM_TAILS + i] = 1
                if can_flip:
                    out[k, FLIP + MIG_FROM_TAILS + i] = 1
        if can_flip:
            while flip_cards:
                out[k, FLIP + trailing_zeros(flip_cards)] = 1
                flip_cards &= flip_cards - 1


# --- play (PolitrickersState.apply_unchecked, _resolve_trick, _end_round) ---------------------------------------
@njit(cache=True, inline="always")
def trick_winner(st, k):
    """``cards.trick_winner`` of game k's face-up cards of this trick."""
    eco = -1
    s0 = s1 = s2 = s3 = 0
    m = st[k, NUPS]
    for i in range(m):
        c = st[k, UPS_CARD + i]
        s = _SUIT[c]
        if s == ECONOMY:
            eco = st[k, UPS_SEAT + i]
        elif s == 0:
            s0 += _VALUE[c]
        elif s == 1:
            s1 += _VALUE[c]
        elif s == 2:
            s2 += _VALUE[c]
        else:
            s3 += _VALUE[c]
    if eco >= 0:
        return np.int64(eco)
    best = max(max(s0, s1), max(s2, s3))
    popular = -1
    for i in range(m - 1, -1, -1):
        s = _SUIT[st[k, UPS_CARD + i]]
        if (s0, s1, s2, s3)[s] == best:
            popular = s
            break
    win, low = -1, 99
    for i in range(m):
        c = st[k, UPS_CARD + i]
        if _SUIT[c] == popular and _VALUE[c] < low:
            win, low = st[k, UPS_SEAT + i], _VALUE[c]
    return np.int64(win)


@KERNEL
def _end_round(st, big, mt, term, winners, k, kind, who, deck, n):
    pts = ROUND_VP  # the round's points are computed where they are kept
    if kind == END_DISGRACED:
        for p in range(n):
            st[k, pts + p] = 0 if p == who else st[k, TOKENS_ + p]
    elif kind == END_COLLAPSE:
        for p in range(n):
            st[k, pts + p] = st[k, LIBRA + (1 - who) * MAX_SEATS + p] - st[k, LIBRA + who * MAX_SEATS + p]
    elif st[k, PLATE + TAILS] != st[k, PLATE + CLAWS]:  # balanced; equal plates score nothing (POL-A16)
        fuller = TAILS if st[k, PLATE + TAILS] > st[k, PLATE + CLAWS] else CLAWS
        top = -99
        for p in range(n):
            st[k, pts + p] = st[k, LIBRA + fuller * MAX_SEATS + p]
            top = max(top, np.int64(st[k, pts + p]))
        for p in range(n):
            if st[k, TRICKS_WON + p] == 0:  # POL-A17
                st[k, pts + p] = top
    else:
        for p in range(n):
            st[k, pts + p] = 0
    h = st[k, NHIST]
    st[k, HIST + 4 * h] = st[k, RND] + 1
    st[k, HIST + 4 * h + 1] = kind
    st[k, HIST + 4 * h + 2] = who
    st[k, HIST + 4 * h + 3] = st[k, TRICKS_DONE]
    st[k, NHIST] = h + 1
    top = -99
    for p in range(n):
        st[k, HIST_POINTS + h * MAX_SEATS + p] = st[k, pts + p]
        v = max(VP_FLOOR, np.int64(st[k, VP + p]) + st[k, pts + p])
        st[k, VP + p] = v
        top = max(top, v)
    big[k, SCORE_VERSION] += 1
    if top >= VP_TO_END or st[k, RND] + 1 >= ROUNDS:  # L164, POL-A18
        term[k] = True
        best, count = -99, 0
        for p in range(n):
            if st[k, VP + p] == top:
                best = max(best, np.int64(st[k, pts + p]))
                count += 1
        for p in range(n):
            winners[k, p] = st[k, VP + p] == top and (count == 1 or st[k, pts + p] == best)
        return
    st[k, RND] += 1
    _start_round(st, big, mt, k, st[k, LAST_WINNER], deck, n)  # POL-A19


@njit(cache=True, inline="always")
def _resolve_trick(st, big, mt, term, winners, k, deck, n):
    winner = trick_winner(st, k)
    st[k, TRICKS_DONE] += 1
    st[k, LAST_WINNER] = winner
    for p in range(n):
        c = st[k, PLAYS + p]
        if st[k, DOWN_ + p]:
            st[k, HIDDEN + p * HAND_SIZE + st[k, NHIDDEN + p]] = c
            st[k, NHIDDEN + p] += 1
        else:
            st[k, SEEN + st[k, NSEEN]] = c
            st[k, NSEEN] += 1
        st[k, PLAYS + p] = -1
        st[k, DOWN_ + p] = 0
    if st[k, TOKENS_ + winner] == 0:
        _end_round(st, big, mt, term, winners, k, END_DISGRACED, winner, deck, n)
        return True
    st[k, TOKENS_ + winner] -= 1
    plate = np.int64(st[k, PARTY + winner])
    st[k, LIBRA + plate * MAX_SEATS + winner] += 1
    st[k, PLATE + plate] += 1
    st[k, TRICKS_WON + winner] += 1
    if st[k, PLATE + plate] > PLATE_MAX:
        _end_round(st, big, mt, term, winners, k, END_COLLAPSE, plate, deck, n)
    elif st[k, TRICKS_DONE] == TRICKS_PER_ROUND:
        _end_round(st, big, mt, term, winners, k, END_BALANCED, np.int64(-1), deck, n)
    else:
        _start_trick(st, k, winner, n)
        return False
    return True


@njit(cache=True, inline="always")
def _apply_one(st, big, mt, term, winners, k, action, deck, n):
    """Play ``action`` in game k; whether a round ended (the scores changed)."""
    p = _seat(st[k, TRICK_START] + st[k, TURN], n)
    base = action - FLIP if action >= FLIP else action
    # the move's mode, as _legal gives it, from the one _split it needs
    if base >= MIG_FROM_TAILS:
        mode = MIG
    elif st[k, RULING_SUIT] < 0:
        mode = UP
    else:
        q = st[k, PARTY + p]
        _, mode, _ = _split(1 - q if action >= FLIP else q, st[k, RULING_PARTY], st[k, RULING_SUIT], st[k, OPP_SUIT],
                            big[k, HANDS + p] & _ALL_POLICY)
    e = LOG + 7 * st[k, NLOG]
    st[k, e] = p
    st[k, e + 1] = action
    st[k, e + 2] = mode
    st[k, e + 3] = st[k, PARTY + p]
    st[k, e + 4] = st[k, RULING_PARTY]
    st[k, e + 5] = st[k, RULING_SUIT]
    st[k, e + 6] = st[k, OPP_SUIT]
    st[k, NLOG] += 1
    if action >= FLIP:
        st[k, TOKENS_ + p] -= 1
        st[k, SPENT + p] += 1
        st[k, PARTY + p] = 1 - st[k, PARTY + p]
    st[k, TURN] += 1
    if mode == MIG:
        big[k, HANDS + p] &= ~_MIG_BIT
        st[k, PLAYS + p] = MIGRATION
        if st[k, RULING_SUIT] < 0:  # a Migration lead passes the chair (L111)
            st[k, LEADER] = _seat(p + 1, n)
        if base != MIG_NO_TOKEN:
            src = TAILS if base == MIG_FROM_TAILS else CLAWS
            dst = 1 - src
            st[k, LIBRA + src * MAX_SEATS + p] -= 1
            st[k, LIBRA + dst * MAX_SEATS + p] += 1
            st[k, PLATE + src] -= 1
            st[k, PLATE + dst] += 1
            if st[k, PLATE + dst] > PLATE_MAX:
                _end_round(st, big, mt, term, winners, k, END_COLLAPSE, np.int64(dst), deck, n)
                return True
    else:
        big[k, HANDS + p] &= ~(1 << base)
        st[k, PLAYS + p] = base
        if mode == DOWN:
            st[k, DOWN_ + p] = 1
        else:
            if mode == FORCED:
                st[k, PARTY + p] = 1 - st[k, PARTY + p]
            j = st[k, NUPS]
            st[k, UPS_SEAT + j] = p
            st[k, UPS_CARD + j] = base
            st[k, NUPS] = j + 1
            suit = _SUIT[base]
            if st[k, RULING_SUIT] < 0:
                st[k, RULING_SUIT] = suit
                st[k, RULING_PARTY] = st[k, PARTY + p]
            elif st[k, OPP_SUIT] < 0 and st[k, PARTY + p] != st[k, RULING_PARTY]:
                st[k, OPP_SUIT] = suit
    if st[k, TURN] == n:
        return _resolve_trick(st, big, mt, term, winners, k, deck, n)
    return False


@KERNEL
def apply(st, big, mt, player, term, scores, returns, winners, actions, deck):
    """Play ``actions[k]`` in every game k that is not over (unchecked: each must be legal)."""
    n = scores.shape[1]
    for k in range(len(actions)):
        if player[k] >= 0:
            if _apply_one(st, big, mt, term, winners, k, actions[k], deck, n):
                _refresh(st, player, term, scores, returns, winners, k)
            else:
                player[k] = _seat(st[k, TRICK_START] + st[k, TURN], n)


# --- observations (observe.observation, observe.rebuild_world) ---------------------------------------------------
@njit(cache=True, inline="always")
def _write_view(st, big, term, k, viewer, world, offs, derived, n, sums, low, out):
    """Game k's world vector (``world``: every seat, absolute seat order; ``offs`` = its block offsets) or seat
    ``viewer``'s observation (seats from the viewer clockwise, only its own private blocks, then the derived block
    at ``derived``) into ``out``, exactly as ``rebuild_world`` / ``observe.observation`` write them."""
    for i in range(out.shape[1]):
        out[k, i] = 0.0
    for s in range(n):
        slot = s if world else _seat(s - viewer, n)
        if world or s == viewer:
            h = big[k, HANDS + s]
            base = offs[B_HAND] + slot * NUM_CARDS
            while h:
                out[k, base + trailing_zeros(h)] = 1.0
                h &= h - 1
            for i in range(st[k, NHIDDEN + s]):
                out[k, offs[B_HIDDEN] + slot * NUM_CARDS + st[k, HIDDEN + s * HAND_SIZE + i]] = 1.0
        out[k, offs[B_PARTY] + 2 * slot + st[k, PARTY + s]] = 1.0
        played = st[k, PLAYS + s]
        if played >= 0:
            out[k, offs[B_TRICK_PLAYED] + slot] = 1.0
            if st[k, DOWN_ + s]:
                out[k, offs[B_TRICK_DOWN] + slot] = 1.0
            else:
                out[k, offs[B_TRICK_CARD] + slot * NUM_CARDS + played] = 1.0
        out[k, offs[B_DOWN_COUNT] + slot] = _FRAC9[st[k, NHIDDEN + s] - _FRAC_LO]
        out[k, offs[B_UNSPENT] + slot] = _FRAC5[st[k, TOKENS_ + s] - _FRAC_LO]
        out[k, offs[B_SPENT] + slot] = _FRAC5[st[k, SPENT + s] - _FRAC_LO]
        out[k, offs[B_VP] + slot] = _FRAC7[st[k, VP + s] - _FRAC_LO]
        out[k, offs[B_ROUND_VP] + slot] = _FRAC7[st[k, ROUND_VP + s] - _FRAC_LO]
        out[k, offs[B_LIBRA] + slot] = _FRAC7[st[k, LIBRA + s] - _FRAC_LO]
        out[k, offs[B_LIBRA] + n + slot] = _FRAC7[st[k, LIBRA + MAX_SEATS + s] - _FRAC_LO]
    over = term[k]
    if not over:
        out[k, offs[B_CHAIR] + (st[k, LEADER] if world else _seat(st[k, LEADER] - viewer, n))] = 1.0
    if st[k, RULING_PARTY] >= 0:
        out[k, offs[B_RULING_PARTY] + st[k, RULING_PARTY]] = 1.0
        out[k, offs[B_RULING_SUIT] + st[k, RULING_SUIT]] = 1.0
    if st[k, OPP_SUIT] >= 0:
        out[k, offs[B_OPP_SUIT] + st[k, OPP_SUIT]] = 1.0
    for i in range(st[k, NSEEN]):
        out[k, offs[B_SEEN] + st[k, SEEN + i]] = 1.0
    out[k, offs[B_ROUND] + st[k, RND]] = 1.0
    out[k, offs[B_TRICK]] = _FRAC9[st[k, TRICKS_DONE] - _FRAC_LO]
    if world:
        return
    # the derived block: trick_sum, trick_winning, card_wins_now, plate_total
    d = derived
    sums[:] = 0
    low[:] = 99
    eco = 0
    m = st[k, NUPS]
    for i in range(m):
        up = st[k, UPS_CARD + i]
        s = _SUIT[up]
        if s == ECONOMY:
            eco += 1
        else:
            v = _VALUE[up]
            sums[s] += v
            if v < low[s]:
                low[s] = v
    if m:
        for s in range(4):
            if sums[s]:
                out[k, d + s] = _FRAC20[sums[s] - _FRAC_LO]
        out[k, d + 4] = _FRAC4[eco - _FRAC_LO]
        out[k, d + 5 + _seat(trick_winner(st, k) - viewer, n)] = 1.0
    if not over and viewer == _seat(st[k, TRICK_START] + st[k, TURN], n):
        own, mode, migs, flip_cards, flip_mode, can_flip = _legal(
            big[k, HANDS + viewer], st[k, TOKENS_ + viewer], st[k, PARTY + viewer], st[k, RULING_PARTY],
            st[k, RULING_SUIT], st[k, OPP_SUIT], st[k, LIBRA + viewer], st[k, LIBRA + MAX_SEATS + viewer])
        face_up = 0
        if mode == UP or mode == FORCED:
            face_up |= own
        if can_flip and (flip_mode == UP or flip_mode == FORCED):
            face_up |= flip_cards
        top, first, second = 0, sums[0], 0
        for t in range(1, 4):
            if sums[t] > first:
                top, first, second = t, sums[t], first
            elif sums[t] > second:
                second = sums[t]
        wins = d + 5 + n
        while face_up:
            c = trailing_zeros(face_up)
            face_up &= face_up - 1
            s = _SUIT[c]
            if s == ECONOMY:  # the last Economy card wins (L127)
                out[k, wins + c] = 1.0
            elif not eco and _VALUE[c] < low[s] and sums[s] + _VALUE[c] >= (second if s == top else first):
                out[k, wins + c] = 1.0
    out[k, d + 5 + n + NUM_CARDS] = _FRAC7[st[k, PLATE + TAILS] - _FRAC_LO]
    out[k, d + 6 + n + NUM_CARDS] = _FRAC7[st[k, PLATE + CLAWS] - _FRAC_LO]


@njit(cache=True)
def observe(st, big, term, seats, movers_only, offs, derived, n, out):
    """``out[k]`` = seat ``seats[k]``'s observation of game k; with ``movers_only`` (``seats`` = the movers), zeros
    for games that are over."""
    sums = np.zeros(4, dtype=np.int64)
    low = np.zeros(4, dtype=np.int64)
    for k in range(out.shape[0]):
        if movers_only and seats[k] < 0:
            out[k, :] = 0.0
        else:
            _write_view(st, big, term, k, seats[k], False, offs, derived, n, sums, low, out)


@njit(cache=True)
def global_observation(st, big, term, offs, n, out):
    """``out[k]`` = game k's world vector (``state.global_observation()``)."""
    sums = np.zeros(4, dtype=np.int64)
    for k in range(out.shape[0]):
        _write_view(st, big, term, k, 0, True, offs, 0, n, sums, sums, out)


@KERNEL
def random_actions(mask, out):
    """A uniformly random legal action per game (``out[k]`` = -1 where none), for benchmarks: numba's own RNG
    (``np.random``), not the games' deal generators."""
    for k in range(mask.shape[0]):
        count = 0
        for a in range(mask.shape[1]):
            count += mask[k, a] != 0
        if not count:
            out[k] = -1
            continue
        r = np.random.randint(count)
        for a in range(mask.shape[1]):
            if mask[k, a] != 0:
                if r == 0:
                    out[k] = a
                    break
                r -= 1


@njit(cache=True)
def seed_random(seed):
    """Seed numba's own ``np.random`` (used by :func:`random_actions` only)."""
    np.random.seed(seed)


# --- search rollouts (hustings.bots.rollout) -------------------------------------------------------------------------
# What a rollout load reads besides the hands (from the world vector): these scalars, then per seat (n each) the
# parties, plays, face-down flags, tokens, spent tokens, tricks won, VP, round VP, Tails and Claws tokens, then the
# face-up plays' seats and cards, the leftovers and the stacked decks (``BatchEngine.rollout``).
(R_RND, R_TRICKS_DONE, R_TRICK_START, R_LEADER, R_TURN, R_RULING_PARTY, R_RULING_SUIT, R_OPP_SUIT, R_LAST_WINNER,
 R_TAILS, R_CLAWS, R_VERSION, R_NUPS, R_NLEFT, R_NNEXT) = range(15)
R_HEAD = 15
_R_SEAT_COLS = (PARTY, PLAYS, DOWN_, TOKENS_, SPENT, TRICKS_WON, VP, ROUND_VP, LIBRA, LIBRA + MAX_SEATS)


@KERNEL
def seed_rollouts(mt, big, key, keylen):
    """Seed every game's Mersenne Twister as ``random.Random(seed)`` (``key[:keylen]``: abs(seed)'s 32-bit words),
    for the deals of rollouts."""
    for k in range(mt.shape[0]):
        seed_rng(mt, big, k, key, keylen)


@njit(cache=True, inline="always")
def _bits(x):
    """The number of set bits of ``x`` (a few: a hand, the Migration actions)."""
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@njit(cache=True, inline="always")
def _nth_bit(x, i):
    """The index of the ``i``-th lowest set bit of ``x``."""
    for _ in range(i):
        x &= x - 1
    return trailing_zeros(x)


@KERNEL
def rollout_game(k, head, world, hand_at, max_steps, stop_version, key, record, st, big, mt, player, term, scores,
                 returns, winners, deck):
    """Load a rules state into game ``k`` and play it on with uniformly random legal moves until the game ends,
    ``max_steps`` moves were played or the score version reaches ``stop_version``; returns the moves played.

    The hands come from the state's world vector (``world``, the hand block at ``hand_at``), the rest from ``head``
    (the ``R_*`` layout). Only what play reads is loaded, not the round's record (the log, seen and face-down
    cards, past results) or the RNG: game ``k`` keeps its own Mersenne Twister, so the rollout's deals come from the
    engine's stream. Each move is a uniform pick among the legal actions (``_legal``, as ``legal_mask`` lists
    them) from the splitmix64 stream ``key`` (``uint64[1]``, advanced); the first ``len(record)`` moves are written
    into ``record``. The public arrays hold the result."""
    n = scores.shape[1]
    for j in range(R_TAILS):  # R_RND .. R_LAST_WINNER are st's RND .. LAST_WINNER, in order
        st[k, RND + j] = head[j]
    st[k, PLATE] = head[R_TAILS]
    st[k, PLATE + 1] = head[R_CLAWS]
    st[k, NUPS] = head[R_NUPS]
    st[k, NLEFT] = head[R_NLEFT]
    st[k, NNEXT] = head[R_NNEXT]
    st[k, NSEEN] = 0
    st[k, NHIST] = 0
    st[k, NLOG] = 0
    at = R_HEAD
    for col in _R_SEAT_COLS:
        for p in range(n):
            st[k, col + p] = head[at + p]
        at += n
    for p in range(n):
        st[k, NHIDDEN + p] = 0
        h = 0
        for c in range(NUM_CARDS):
            if world[hand_at + p * NUM_CARDS + c] != 0:
                h |= 1 << c
        big[k, HANDS + p] = h
        winners[k, p] = False
    nups = head[R_NUPS]
    for j in range(nups):
        st[k, UPS_SEAT + j] = head[at + j]
        st[k, UPS_CARD + j] = head[at + nups + j]
    at += 2 * nups
    for j in range(head[R_NLEFT]):
        st[k, LEFT + j] = head[at + j]
    at += head[R_NLEFT]
    for j in range(head[R_NNEXT] * NUM_CARDS):
        st[k, NEXT + j] = head[at + j]
    big[k, SCORE_VERSION] = head[R_VERSION]
    term[k] = False
    _refresh(st, player, term, scores, returns, winners, k)
    z = key[0]
    steps = 0
    while steps < max_steps and big[k, SCORE_VERSION] < stop_version:
        p = player[k]
        if p < 0:
            break
        own, mode, migs, flip_cards, flip_mode, can_flip = _legal(
            big[k, HANDS + p], st[k, TOKENS_ + p], st[k, PARTY + p], st[k, RULING_PARTY],
            st[k, RULING_SUIT], st[k, OPP_SUIT], st[k, LIBRA + p], st[k, LIBRA + MAX_SEATS + p])
        n_own, n_mig = _bits(own), _bits(migs)
        n_flip = _bits(flip_cards) if can_flip else 0
        total = n_own + n_mig + ((n_flip + n_mig) if can_flip else 0)
        z += rng.GOLDEN
        y = rng.splitmix(z)
        r = np.int64(((y >> np.uint64(32)) * np.uint64(total)) >> np.uint64(32))
        if r < n_own:
            action = _nth_bit(own, r)
        elif r < n_own + n_mig:
            action = MIG_FROM_TAILS + _nth_bit(migs, r - n_own)
        elif r < n_own + n_mig + n_flip:
            action = FLIP + _nth_bit(flip_cards, r - n_own - n_mig)
        else:
            action = FLIP + MIG_FROM_TAILS + _nth_bit(migs, r - n_own - n_mig - n_flip)
        if steps < record.shape[0]:
            record[steps] = action
        steps += 1
        if _apply_one(st, big, mt, term, winners, k, action, deck, n):
            _refresh(st, player, term, scores, returns, winners, k)
        else:
            player[k] = _seat(st[k, TRICK_START] + st[k, TURN], n)
    key[0] = z
    _refresh(st, player, term, scores, returns, winners, k)
    return steps
