"""Politrickers' compiled kernels: the transitions of ``rules.py`` over N games held in arrays (``engine.py`` owns
the arrays and converts to and from rules states).

Every kernel mirrors a method of ``PolitrickersState`` step for step (the rules module stays the reference), and the
deals draw from each game's own Mersenne Twister exactly as ``random.Random`` does, so a game from a seed is the same
game here and in Python. A hand is a bitmask of card ids (bit ``c`` set = card ``c`` held: the sorted order of the
rules' hand lists is the bit order, and Migration, id 44, sorts last).
"""
from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from .cards import (CLAWS, DOWN, ECONOMY, FLIP, FORCED, HAND_SIZE, MIG, MIG_FROM_TAILS, MIG_NO_TOKEN, MIGRATION,
                    NUM_CARDS, PLATE_MAX, ROUNDS, SUIT, TAILS, TOKENS, TRICKS_PER_ROUND, UP, VALUE, VP_FLOOR,
                    VP_TO_END)

#: The arrays of N games (``engine.BatchEngine`` allocates them; ``n`` = seats, ``L`` = 9 * n log entries).
Games = namedtuple("Games", [
    "mt", "mti",                                  # uint32[N, 624], int32[N]: each game's MT19937 state
    "player", "terminated", "scores", "returns", "winners",  # the public arrays
    "rnd", "tricks_done", "trick_start", "leader", "turn",   # int8[N]
    "ruling_party", "ruling_suit", "opp_suit", "last_winner",  # int8[N]
    "hands", "leftovers",                         # int64[N, n], int64[N]: card bitmasks
    "party", "plays", "down", "tokens", "spent", "tricks_won", "vp", "round_vp",  # [N, n]
    "ups_seat", "ups_card", "nups",               # face-up policy cards of this trick in play order: [N, n], [N]
    "seen", "nseen",                              # int8[N, 45], [N]: face-up cards of completed tricks, in order
    "hidden", "nhidden",                          # int8[N, n, 9], [N, n]: each seat's face-down cards, in order
    "libra", "plate",                             # int8[N, 2, n], [N, 2]
    "hist", "hist_points", "nhist",               # int8[N, 3, 4] (round, end, who, tricks), [N, 3, n], [N]
    "score_version",                              # int64[N]
    "log", "nlog",                                # int8[N, L, 7]: the round's play record, [N]
    "next_decks", "nnext",                        # int8[N, 2, deck]: stacked deck orders, oldest first, [N]
])

# the observation / world blocks, in this order in the offset arrays engine.py builds
(B_HAND, B_HIDDEN, B_PARTY, B_CHAIR, B_TRICK_CARD, B_TRICK_DOWN, B_TRICK_PLAYED, B_DOWN_COUNT, B_LIBRA, B_UNSPENT,
 B_SPENT, B_VP, B_ROUND_VP, B_RULING_PARTY, B_RULING_SUIT, B_OPP_SUIT, B_SEEN, B_ROUND, B_TRICK) = range(19)
NUM_BLOCKS = 19
END_DISGRACED, END_COLLAPSE, END_BALANCED = 0, 1, 2  # saved.END_KINDS order

_SUIT = np.array(SUIT, dtype=np.int64)
_VALUE = np.array(VALUE, dtype=np.int64)
_SUIT_MASK = np.array([sum(1 << c for c in range(MIGRATION) if SUIT[c] == s) for s in range(5)], dtype=np.int64)
_ALL_POLICY = (1 << MIGRATION) - 1
_MIG_BIT = 1 << MIGRATION
_MASK32 = np.uint64(0xFFFFFFFF)


# --- the Mersenne Twister (CPython's random.Random) ---------------------------------------------------------------
@njit(cache=True)
def seed_rng(mt, mti, k, key, keylen):
    """``random.Random(seed)`` for game ``k``: ``init_by_array`` over ``key[:keylen]`` (abs(seed)'s 32-bit words)."""
    m = _MASK32
    mt[k, 0] = np.uint32(19650218)
    for i in range(1, 624):
        x = np.uint64(mt[k, i - 1])
        mt[k, i] = np.uint32((np.uint64(1812433253) * (x ^ (x >> np.uint64(30))) + np.uint64(i)) & m)
    i, j = 1, 0
    for _ in range(max(624, keylen)):
        x = np.uint64(mt[k, i - 1])
        y = (np.uint64(mt[k, i]) ^ ((x ^ (x >> np.uint64(30))) * np.uint64(1664525))) + np.uint64(key[j]) \
            + np.uint64(j)
        mt[k, i] = np.uint32(y & m)
        i += 1
        j += 1
        if i >= 624:
            mt[k, 0] = mt[k, 623]
            i = 1
        if j >= keylen:
            j = 0
    for _ in range(623):
        x = np.uint64(mt[k, i - 1])
        y = (np.uint64(mt[k, i]) ^ ((x ^ (x >> np.uint64(30))) * np.uint64(1566083941))) - np.uint64(i)
        mt[k, i] = np.uint32(y & m)
        i += 1
        if i >= 624:
            mt[k, 0] = mt[k, 623]
            i = 1
    mt[k, 0] = np.uint32(0x80000000)
    mti[k] = 624


@njit(cache=True)
def _genrand(mt, mti, k):
    """The next 32-bit output of game ``k``'s generator (genrand_uint32), as an int64."""
    if mti[k] >= 624:
        for i in range(624):
            y = (np.int64(mt[k, i]) & 0x80000000) | (np.int64(mt[k, (i + 1) % 624]) & 0x7FFFFFFF)
            v = np.int64(mt[k, (i + 397) % 624]) ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[k, i] = np.uint32(v)
        mti[k] = 0
    y = np.int64(mt[k, mti[k]])
    mti[k] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y & 0xFFFFFFFF


@njit(cache=True)
def _randbelow(mt, mti, k, n):
    """``random.Random._randbelow(n)`` (n < 2**32): getrandbits(n.bit_length()) until below ``n``."""
    bits = 0
    while (n >> bits) > 0:
        bits += 1
    r = _genrand(mt, mti, k) >> (32 - bits)
    while r >= n:
        r = _genrand(mt, mti, k) >> (32 - bits)
    return r


# --- dealing (PolitrickersState._start_round, _setup_round, _start_trick) -------------------------------------------
@njit(cache=True)
def _start_trick(g, k, chair):
    g.trick_start[k] = chair
    g.leader[k] = chair
    g.turn[k] = 0
    g.ruling_party[k] = -1
    g.ruling_suit[k] = -1
    g.opp_suit[k] = -1
    g.plays[k, :] = -1
    g.down[k, :] = False
    g.nups[k] = 0


@njit(cache=True)
def _start_round(g, k, chair, deck):
    n = g.hands.shape[1]
    if g.nnext[k] > 0:  # a stacked deck (a position's "deck"), dealt in order
        cards = g.next_decks[k, 0].astype(np.int64)
        g.next_decks[k, 0] = g.next_decks[k, 1]
        g.nnext[k] -= 1
    else:
        cards = deck.astype(np.int64)
        for i in range(len(cards) - 1, 0, -1):
            j = _randbelow(g.mt, g.mti, k, i + 1)
            c = cards[i]
            cards[i] = cards[j]
            cards[j] = c
    for p in range(n):
        h = 0
        for i in range(p * HAND_SIZE, (p + 1) * HAND_SIZE):
            h |= 1 << cards[i]
        g.hands[k, p] = h
    rest = 0
    for i in range(n * HAND_SIZE, len(cards)):
        rest |= 1 << cards[i]
    g.leftovers[k] = rest
    for i in range(n):  # POL-A3: the Chair shows Tails, the others alternate clockwise
        g.party[k, (chair + i) % n] = i % 2
    g.tokens[k, :] = TOKENS
    g.spent[k, :] = 0
    g.libra[k, :, :] = 0
    g.plate[k, :] = 0
    g.tricks_won[k, :] = 0
    g.nseen[k] = 0
    g.nhidden[k, :] = 0
    g.nlog[k] = 0
    g.tricks_done[k] = 0
    g.last_winner[k] = chair
    _start_trick(g, k, chair)


@njit(cache=True)
def refresh(g, k):
    """The public arrays of game ``k`` from its state: the seat to move, scores, returns and winners."""
    n = g.hands.shape[1]
    over = g.terminated[k]
    g.player[k] = -1 if over else (g.trick_start[k] + g.turn[k]) % n
    anyone = False
    for p in range(n):
        g.scores[k, p] = g.vp[k, p]
        anyone = anyone or (over and g.winners[k, p])
    for p in range(n):
        g.returns[k, p] = 0.0 if not anyone else (1.0 if g.winners[k, p] else -1.0)


@njit(cache=True)
def reset_games(g, envs, keys, keylens, deck):
    """Start games ``envs[i]`` as ``game.new_initial_state(seed)``: keys[i, :keylens[i]] are abs(seed)'s words."""
    n = g.hands.shape[1]
    for i in range(len(envs)):
        k = envs[i]
        seed_rng(g.mt, g.mti, k, keys[i], keylens[i])
        g.rnd[k] = 0
        g.vp[k, :] = 0
        g.round_vp[k, :] = 0
        g.nhist[k] = 0
        g.score_version[k] = 0
        g.nnext[k] = 0
        g.terminated[k] = False
        g.winners[k, :] = False
        _start_round(g, k, _randbelow(g.mt, g.mti, k, n), deck)
        refresh(g, k)


# --- legality (PolitrickersState._split, _legal_parts) ----------------------------------------------------------------
@njit(cache=True, inline='always')
def _split(g, k, q, cards):
    """(cards, mode, forced) a player of party ``q`` may play now: ``_split`` of the rules with card bitmasks."""
    rs, os_ = g.ruling_suit[k], g.opp_suit[k]
    if q == g.ruling_party[k]:
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


@njit(cache=True, inline='always')
def legal_parts(g, k, p):
    """The legal moves of seat ``p`` of game ``k`` as ``_legal_parts``: (cards, mode, Migration actions as bits
    1 << (a - 44), cards after a paid switch, their mode, whether a paid switch is allowed)."""
    hand = g.hands[k, p]
    cards = hand & _ALL_POLICY
    flip_cards, flip_mode, can_flip = cards, UP, g.tokens[k, p] > 0
    if g.ruling_suit[k] < 0:
        own, mode = cards, UP
    else:
        q = g.party[k, p]
        own, mode, forced = _split(g, k, q, cards)
        if can_flip:
            if forced:  # POL-A5.3
                can_flip = False
            else:
                flip_cards, flip_mode, forced2 = _split(g, k, 1 - q, cards)
                can_flip = not forced2  # POL-A5.5
    migs = 0
    if hand & _MIG_BIT:
        t, c = g.libra[k, TAILS, p], g.libra[k, CLAWS, p]
        if t:
            migs |= 1
        if c:
            migs |= 2
        if not (t or c):
            migs = 4
    return own, mode, migs, flip_cards, flip_mode, can_flip


@njit(cache=True)
def legal_mask(g, out):
    """``out[k]`` = game k's ``state.legal_mask()`` (int8, zeros for games that are over)."""
    for k in range(out.shape[0]):
        out[k, :] = 0
        p = g.player[k]
        if p < 0:
            continue
        own, mode, migs, flip_cards, flip_mode, can_flip = legal_parts(g, k, p)
        for c in range(MIGRATION):
            if own >> c & 1:
                out[k, c] = 1
        for i in range(3):
            if migs >> i & 1:
                out[k, MIG_FROM_TAILS + i] = 1
                if can_flip:
                    out[k, FLIP + MIG_FROM_TAILS + i] = 1
        if can_flip:
            for c in range(MIGRATION):
                if flip_cards >> c & 1:
                    out[k, FLIP + c] = 1


# --- play (PolitrickersState.apply_unchecked, _resolve_trick, _end_round) ---------------------------------------
@njit(cache=True)
def trick_winner(g, k):
    """``cards.trick_winner`` of game k's face-up cards of this trick."""
    eco = -1
    sums = np.zeros(5, dtype=np.int64)
    m = g.nups[k]
    for i in range(m):
        c = g.ups_card[k, i]
        s = _SUIT[c]
        if s == ECONOMY:
            eco = g.ups_seat[k, i]
        sums[s] += _VALUE[c]
    if eco >= 0:
        return eco
    best = sums.max()
    popular = -1
    for i in range(m - 1, -1, -1):
        s = _SUIT[g.ups_card[k, i]]
        if sums[s] == best:
            popular = s
            break
    win, low = -1, 99
    for i in range(m):
        c = g.ups_card[k, i]
        if _SUIT[c] == popular and _VALUE[c] < low:
            win, low = g.ups_seat[k, i], _VALUE[c]
    return win


@njit(cache=True)
def _end_round(g, k, kind, who, deck):
    n = g.hands.shape[1]
    pts = np.zeros(n, dtype=np.int64)
    if kind == END_DISGRACED:
        for p in range(n):
            pts[p] = 0 if p == who else g.tokens[k, p]
    elif kind == END_COLLAPSE:
        for p in range(n):
            pts[p] = g.libra[k, 1 - who, p] - g.libra[k, who, p]
    elif g.plate[k, TAILS] != g.plate[k, CLAWS]:  # balanced; equal plates score nothing (POL-A16)
        fuller = TAILS if g.plate[k, TAILS] > g.plate[k, CLAWS] else CLAWS
        top = -99
        for p in range(n):
            pts[p] = g.libra[k, fuller, p]
            top = max(top, pts[p])
        for p in range(n):
            if g.tricks_won[k, p] == 0:  # POL-A17
                pts[p] = top
    h = g.nhist[k]
    g.hist[k, h, 0] = g.rnd[k] + 1
    g.hist[k, h, 1] = kind
    g.hist[k, h, 2] = who
    g.hist[k, h, 3] = g.tricks_done[k]
    g.nhist[k] = h + 1
    top = -99
    for p in range(n):
        g.round_vp[k, p] = pts[p]
        g.hist_points[k, h, p] = pts[p]
        g.vp[k, p] = max(VP_FLOOR, g.vp[k, p] + pts[p])
        top = max(top, g.vp[k, p])
    g.score_version[k] += 1
    if top >= VP_TO_END or g.rnd[k] + 1 >= ROUNDS:  # L164, POL-A18
        g.terminated[k] = True
        best = -99
        for p in range(n):
            if g.vp[k, p] == top:
                best = max(best, pts[p])
        count = 0
        for p in range(n):
            count += g.vp[k, p] == top
        for p in range(n):
            g.winners[k, p] = g.vp[k, p] == top and (count == 1 or pts[p] == best)
        return
    g.rnd[k] += 1
    _start_round(g, k, g.last_winner[k], deck)  # POL-A19


@njit(cache=True)
def _resolve_trick(g, k, deck):
    n = g.hands.shape[1]
    winner = trick_winner(g, k)
    g.tricks_done[k] += 1
    g.last_winner[k] = winner
    for p in range(n):
        c = g.plays[k, p]
        if g.down[k, p]:
            g.hidden[k, p, g.nhidden[k, p]] = c
            g.nhidden[k, p] += 1
        else:
            g.seen[k, g.nseen[k]] = c
            g.nseen[k] += 1
    g.plays[k, :] = -1
    g.down[k, :] = False
    if g.tokens[k, winner] == 0:
        _end_round(g, k, END_DISGRACED, np.int64(winner), deck)
        return
    g.tokens[k, winner] -= 1
    plate = g.party[k, winner]
    g.libra[k, plate, winner] += 1
    g.plate[k, plate] += 1
    g.tricks_won[k, winner] += 1
    if g.plate[k, plate] > PLATE_MAX:
        _end_round(g, k, END_COLLAPSE, np.int64(plate), deck)
    elif g.tricks_done[k] == TRICKS_PER_ROUND:
        _end_round(g, k, END_BALANCED, np.int64(-1), deck)
    else:
        _start_trick(g, k, winner)


@njit(cache=True)
def _apply_one(g, k, action, deck):
    n = g.hands.shape[1]
    p = (g.trick_start[k] + g.turn[k]) % n
    own, mode, migs, flip_cards, flip_mode, can_flip = legal_parts(g, k, p)
    base = action - FLIP if action >= FLIP else action
    if base >= MIG_FROM_TAILS:
        mode = MIG
    elif action >= FLIP:
        mode = flip_mode
    i = g.nlog[k]
    g.log[k, i, 0] = p
    g.log[k, i, 1] = action
    g.log[k, i, 2] = mode
    g.log[k, i, 3] = g.party[k, p]
    g.log[k, i, 4] = g.ruling_party[k]
    g.log[k, i, 5] = g.ruling_suit[k]
    g.log[k, i, 6] = g.opp_suit[k]
    g.nlog[k] = i + 1
    if action >= FLIP:
        g.tokens[k, p] -= 1
        g.spent[k, p] += 1
        g.party[k, p] = 1 - g.party[k, p]
    g.turn[k] += 1
    if mode == MIG:
        g.hands[k, p] &= ~_MIG_BIT
        g.plays[k, p] = MIGRATION
        if g.ruling_suit[k] < 0:  # a Migration lead passes the chair (L111)
            g.leader[k] = (p + 1) % n
        if base != MIG_NO_TOKEN:
            src = TAILS if base == MIG_FROM_TAILS else CLAWS
            dst = 1 - src
            g.libra[k, src, p] -= 1
            g.libra[k, dst, p] += 1
            g.plate[k, src] -= 1
            g.plate[k, dst] += 1
            if g.plate[k, dst] > PLATE_MAX:
                _end_round(g, k, END_COLLAPSE, np.int64(dst), deck)
                return
    else:
        g.hands[k, p] &= ~(1 << base)
        g.plays[k, p] = base
        if mode == DOWN:
            g.down[k, p] = True
        else:
            if mode == FORCED:
                g.party[k, p] = 1 - g.party[k, p]
            j = g.nups[k]
            g.ups_seat[k, j] = p
            g.ups_card[k, j] = base
            g.nups[k] = j + 1
            suit = _SUIT[base]
            if g.ruling_suit[k] < 0:
                g.ruling_suit[k] = suit
                g.ruling_party[k] = g.party[k, p]
            elif g.opp_suit[k] < 0 and g.party[k, p] != g.ruling_party[k]:
                g.opp_suit[k] = suit
    if g.turn[k] == n:
        _resolve_trick(g, k, deck)


@njit(cache=True)
def apply(g, actions, deck):
    """Play ``actions[k]`` in every game k that is not over (unchecked: each must be legal)."""
    for k in range(len(actions)):
        if g.player[k] >= 0:
            _apply_one(g, k, actions[k], deck)
            refresh(g, k)


# --- observations (observe.observation, observe.rebuild_world) ---------------------------------------------------
@njit(cache=True)
def write_view(g, k, viewer, world, offs, derived, out):
    """Game k's world vector (``world``: every seat, absolute seat order; ``offs`` = its block offsets) or seat
    ``viewer``'s observation (seats from the viewer clockwise, only its own private blocks, then the derived block
    at ``derived``) into ``out``, exactly as ``rebuild_world`` / ``observe.observation`` write them."""
    n = g.hands.shape[1]
    out[:] = 0.0
    for s in range(n):
        slot = s if world else (s - viewer) % n
        if world or s == viewer:
            h = g.hands[k, s]
            for card in range(NUM_CARDS):
                if h >> card & 1:
                    out[offs[B_HAND] + slot * NUM_CARDS + card] = 1.0
            for i in range(g.nhidden[k, s]):
                out[offs[B_HIDDEN] + slot * NUM_CARDS + g.hidden[k, s, i]] = 1.0
        out[offs[B_PARTY] + 2 * slot + g.party[k, s]] = 1.0
        played = g.plays[k, s]
        if played >= 0:
            out[offs[B_TRICK_PLAYED] + slot] = 1.0
            if g.down[k, s]:
                out[offs[B_TRICK_DOWN] + slot] = 1.0
            else:
                out[offs[B_TRICK_CARD] + slot * NUM_CARDS + played] = 1.0
        out[offs[B_DOWN_COUNT] + slot] = g.nhidden[k, s] / 9.0
        out[offs[B_UNSPENT] + slot] = g.tokens[k, s] / TOKENS
        out[offs[B_SPENT] + slot] = g.spent[k, s] / TOKENS
        out[offs[B_VP] + slot] = g.vp[k, s] / VP_TO_END
        out[offs[B_ROUND_VP] + slot] = g.round_vp[k, s] / VP_TO_END
        for plate in range(2):
            out[offs[B_LIBRA] + plate * n + slot] = g.libra[k, plate, s] / 7.0
    over = g.terminated[k]
    if not over:
        out[offs[B_CHAIR] + (g.leader[k] if world else (g.leader[k] - viewer) % n)] = 1.0
    if g.ruling_party[k] >= 0:
        out[offs[B_RULING_PARTY] + g.ruling_party[k]] = 1.0
        out[offs[B_RULING_SUIT] + g.ruling_suit[k]] = 1.0
    if g.opp_suit[k] >= 0:
        out[offs[B_OPP_SUIT] + g.opp_suit[k]] = 1.0
    for i in range(g.nseen[k]):
        out[offs[B_SEEN] + g.seen[k, i]] = 1.0
    out[offs[B_ROUND] + g.rnd[k]] = 1.0
    out[offs[B_TRICK]] = g.tricks_done[k] / TRICKS_PER_ROUND
    if world:
        return
    # the derived block: trick_sum, trick_winning, card_wins_now, plate_total
    d = derived
    sums = np.zeros(4, dtype=np.int64)
    low = np.full(4, 99, dtype=np.int64)
    eco = 0
    m = g.nups[k]
    for i in range(m):
        up = g.ups_card[k, i]
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
                out[d + s] = sums[s] / 20.0
        out[d + 4] = eco / 4.0
        out[d + 5 + (trick_winner(g, k) - viewer) % n] = 1.0
    if not over and viewer == (g.trick_start[k] + g.turn[k]) % n:
        own, mode, migs, flip_cards, flip_mode, can_flip = legal_parts(g, k, viewer)
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
        for c in range(MIGRATION):
            if face_up >> c & 1:
                s = _SUIT[c]
                if s == ECONOMY:  # the last Economy card wins (L127)
                    out[wins + c] = 1.0
                elif not eco and _VALUE[c] < low[s] and sums[s] + _VALUE[c] >= (second if s == top else first):
                    out[wins + c] = 1.0
    out[d + 5 + n + NUM_CARDS] = g.plate[k, TAILS] / 7.0
    out[d + 6 + n + NUM_CARDS] = g.plate[k, CLAWS] / 7.0


@njit(cache=True)
def observe(g, seats, movers_only, offs, derived, out):
    """``out[k]`` = seat ``seats[k]``'s observation of game k; with ``movers_only``, zeros for games that are over."""
    for k in range(out.shape[0]):
        if movers_only and g.player[k] < 0:
            out[k, :] = 0.0
        else:
            write_view(g, k, seats[k], False, offs, derived, out[k])


@njit(cache=True)
def global_observation(g, offs, out):
    """``out[k]`` = game k's world vector (``state.global_observation()``)."""
    for k in range(out.shape[0]):
        write_view(g, k, 0, True, offs, 0, out[k])


@njit(cache=True)
def random_actions(g, mask, out):
    """A uniformly random legal action per game (``out[k]`` = -1 where over), for benchmarks: numba's own RNG
    (``np.random``), not the games' deal generators."""
    for k in range(mask.shape[0]):
        out[k] = -1
        count = 0
        for a in range(mask.shape[1]):
            count += mask[k, a]
        if count == 0:
            continue
        i = np.random.randint(count)
        for a in range(mask.shape[1]):
            if mask[k, a]:
                if i == 0:
                    out[k] = a
                    break
                i -= 1


@njit(cache=True)
def seed_random(seed):
    """Seed numba's own ``np.random`` (used by :func:`random_actions` only)."""
    np.random.seed(seed)
