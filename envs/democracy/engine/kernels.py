"""Democracy's compiled kernels (numba): the batched engine's transitions over arrays (``batch.py`` holds the class).

Each kernel steps every game of a batch, or one game ``i``, in place. The arrays and what they hold:

* ``ints``: ``int32[N, NUM_INTS]``, one row of scalars per game, the columns below (``ISLAND`` .. ``STARTED``);
* ``mt``: ``uint32[N, 624]``, each game's Mersenne Twister words (``MT_INDEX`` in ``ints`` is its position), the
  state of the rules module's ``random.Random``, drawn from exactly as CPython draws;
* ``hands``, ``captured``: ``int8[N, n, 49]`` card counts; ``points``: ``int32[N, n, 4]``; ``tribes``: ``int32[N, n]``;
* ``plays``, ``last_trick``: ``int8[N, n]`` (``-1``: no card); ``pool``: ``int8[N, 12]`` (this day's voting pool);
  ``stub``, ``discards``: ``int8[N, 50]`` with their lengths in ``ints`` (``STUB_LEN``, ``NUM_DISCARDS``);
* ``cfg``: ``int64[...]``: ``n``, the two days' hand sizes, the island cap (``-1``: none), then the world offsets;
* ``player``, ``terminated``, ``truncated``, ``scores``, ``returns``, ``winners``: the engine's public arrays.

Play touches only these small arrays. The world vector of ``observe.py`` is written from them when asked for
(:func:`write_world`, exactly as ``_rebuild_world`` writes it, which the rules state's incrementally kept vector
always equals), and a seat's observation (a gather of that vector) is written directly (:func:`observe_seats`). Every function mirrors a method of
``rules.py`` / ``observe.py`` of the same name; keep them in step (the differential test
``tests/games/democracy/test_engine_democracy.py`` compares the two move for move). Helpers on the hot path are
inlined (``inline="always"``): a call passing arrays costs reference counting on each of them, and numba pays it
even where the call sits in a branch not taken.
"""
from __future__ import annotations

import numpy as np
from numba.cpython.unsafe.numbers import trailing_zeros

from ...engine import rng
from ...engine.jit import njit
from .bots import heuristic_card
from ..cards import FIVE, JOKER, NUM_KINDS, POINTS, SIX, TRIBES_TO_WIN, WINNING_POINTS

# columns of ``ints``
ISLAND, DAY, TRICK, DEALER, TURN, STUB_LEN, NUM_DISCARDS, LAST_WINNER, HAS_LAST, FINISHED, TRUNCATED, VERSION, \
    MT_INDEX, STARTED = range(14)
NUM_INTS = 14
# entries of ``cfg``: the configuration, then the world offsets in the order of ``observe.world_layout``
C_N, C_H1, C_H2, C_CAP = range(4)
WORLD_BLOCKS = ("hand", "commit", "committed", "captured", "points", "tribes", "dealer", "last_trick", "last_winner",
                "upcard", "trump", "discard", "day", "trick", "island", "pool_left")
O_HAND, O_COMMIT, O_COMMITTED, O_CAPTURED, O_POINTS, O_TRIBES, O_DEALER, O_LAST_TRICK, O_LAST_WINNER, O_UPCARD, \
    O_TRUMP, O_DISCARD, O_DAY, O_TRICK, O_ISLAND, O_POOL_LEFT = range(4, 4 + len(WORLD_BLOCKS))
MAX_CARDS = 50  # the largest deck (4 players): the size of the stub and discard rows

K = NUM_KINDS
CARD_POINTS = np.array(POINTS, dtype=np.int32)


# --- the world vector (observe.WorldMixin) --------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _write_counts(w, start, counts):
    """``w[start:start + counts.size] = counts`` (a C-contiguous block of counts), with unsigned indices: numba
    checks signed ones for negative values, which keeps a loop from vectorizing."""
    flat = counts.ravel()
    base = np.uint64(start)
    for j in range(np.uint64(flat.size)):
        w[base + j] = flat[j]


# --- the world vector (observe.WorldMixin._rebuild_world) ------------------------------------------------------------
@njit(cache=True)
def write_world(i, w, cfg, ints, hands, captured, points, tribes, plays, pool, discards, last_trick):
    """``_rebuild_world`` (with ``_refresh_public``): game ``i``'s whole world vector, written into ``w``."""
    n = cfg[C_N]
    w[:] = 0
    _write_counts(w, cfg[O_HAND], hands[i])
    for p in range(n):
        if plays[i, p] >= 0:
            w[cfg[O_COMMIT] + p * K + plays[i, p]] = 1
            w[cfg[O_COMMITTED] + p] = 1
    _write_counts(w, cfg[O_CAPTURED], captured[i])
    for p in range(n):
        for s in range(4):
            w[cfg[O_POINTS] + p * 4 + s] = np.float32(points[i, p, s]) / np.float32(25.0)
    if ints[i, HAS_LAST]:
        for p in range(n):
            w[cfg[O_LAST_TRICK] + p * K + last_trick[i, p]] = 1
    if ints[i, LAST_WINNER] >= 0:
        w[cfg[O_LAST_WINNER] + ints[i, LAST_WINNER]] = 1
    trick = ints[i, TRICK]
    if not ints[i, FINISHED]:
        upcard = pool[i, trick]
        w[cfg[O_UPCARD] + upcard] = 1
        if upcard != JOKER:
            w[cfg[O_TRUMP] + upcard // 12] = 1
    for j in range(ints[i, NUM_DISCARDS]):
        w[cfg[O_DISCARD] + discards[i, j]] += 1
    pool_len = cfg[C_H1] if ints[i, DAY] == 0 else cfg[C_H2]
    w[cfg[O_TRICK]] = np.float32(trick / max(1, pool_len))  # a float64 quotient rounded once, as in Python
    w[cfg[O_POOL_LEFT]] = np.float32((pool_len - trick) / 12.0)
    for p in range(n):
        w[cfg[O_TRIBES] + p] = np.float32(tribes[i, p]) / np.float32(TRIBES_TO_WIN)
    w[cfg[O_DEALER] + ints[i, DEALER]] = 1
    w[cfg[O_DAY] + ints[i, DAY]] = 1
    w[cfg[O_ISLAND]] = np.float32(ints[i, ISLAND] / 10.0)


# --- dealing ------------------------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _start_day(i, src, h, cfg, ints, hands, plays, pool):
    """``_start_day`` with the hands and pool taken from ``src`` (``h`` cards each, the pool after the hands)."""
    n = cfg[C_N]
    hands[i] = 0
    for p in range(n):
        for j in range(p * h, (p + 1) * h):
            hands[i, p, src[j]] += 1
    for j in range(h):
        pool[i, j] = src[n * h + j]
    ints[i, TRICK] = 0
    plays[i] = -1  # _start_trick
    ints[i, TURN] = 0


@njit(cache=True, inline="always")
def deal_island(i, cfg, mt, ints, hands, captured, points, plays, pool, stub):
    """``_deal_island`` and ``_start_island``: shuffle the deck with the game's RNG and deal the first day."""
    n, h = cfg[C_N], cfg[C_H1]
    size = 48 + (2 if n == 4 else 1 if n == 6 else 0)  # cards.JOKERS_IN_DECK
    cards = np.empty(size, dtype=np.int8)
    for c in range(size):
        cards[c] = min(c, JOKER)
    for a in range(size - 1, 0, -1):  # random.shuffle
        b = rng.below(mt, ints, i, MT_INDEX, a + 1)
        cards[a], cards[b] = cards[b], cards[a]
    ints[i, DAY] = 0
    captured[i] = 0
    points[i] = 0
    ints[i, NUM_DISCARDS] = 0
    ints[i, HAS_LAST] = 0
    ints[i, LAST_WINNER] = -1
    rest = size - (n + 1) * h
    for j in range(rest):
        stub[i, j] = cards[(n + 1) * h + j]
    ints[i, STUB_LEN] = rest
    _start_day(i, cards, h, cfg, ints, hands, plays, pool)


@njit(cache=True, inline="always")
def new_game(i, seed, cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, winners):
    """``game.new_initial_state(seed=seed)`` as game ``i``."""
    rng.seed(mt, ints, i, MT_INDEX, seed)
    ints[i, ISLAND] = 0
    ints[i, FINISHED] = 0
    ints[i, TRUNCATED] = 0
    ints[i, VERSION] = 0
    ints[i, STARTED] = 1
    tribes[i] = 0
    winners[i] = False
    ints[i, DEALER] = rng.below(mt, ints, i, MT_INDEX, cfg[C_N])
    deal_island(i, cfg, mt, ints, hands, captured, points, plays, pool, stub)


# --- play ---------------------------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def trick_winner(plays, i, upcard, n):
    """``cards.trick_winner`` of game ``i``'s plays: the winning seat, or -1 for a tie."""
    trump = -1 if upcard == JOKER else upcard // 12
    if trump >= 0:
        lo = trump * 12
        best, winner = -1, -1
        for seat in range(n):
            c = plays[i, seat]
            if lo <= c < lo + 12 and c - lo > best:
                best, winner = c - lo, seat
        if winner >= 0:
            if best == FIVE:
                for seat in range(n):
                    if plays[i, seat] == lo + SIX:
                        return seat
            return winner
    best, winner, tied = -1, -1, False
    for seat in range(n):
        c = plays[i, seat]
        strength = FIVE if c == JOKER else c % 12
        if strength > best:
            best, winner, tied = strength, seat, False
        elif strength == best:
            tied = True
    return -1 if tied else winner


@njit(cache=True, inline="always")
def _capture(i, p, card, captured, points):
    captured[i, p, card] += 1
    if card != JOKER:
        points[i, p, card // 12] += CARD_POINTS[card]


@njit(cache=True, inline="always")
def _score_island(i, cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, winners):
    """``_score_island``: tribes, then the game's end or the next island."""
    n = cfg[C_N]
    for s in range(4):
        for p in range(n):
            if points[i, p, s] >= WINNING_POINTS:
                tribes[i, p] += 1
    ints[i, VERSION] += 1
    top = 0
    for p in range(n):
        top = max(top, tribes[i, p])
    ints[i, ISLAND] += 1
    if top >= TRIBES_TO_WIN:
        ints[i, FINISHED] = 1
        for p in range(n):
            winners[i, p] = tribes[i, p] == top
    elif cfg[C_CAP] >= 0 and ints[i, ISLAND] >= cfg[C_CAP]:
        ints[i, FINISHED] = 1
        ints[i, TRUNCATED] = 1
    else:
        ints[i, DEALER] = (ints[i, DEALER] + 1) % n
        deal_island(i, cfg, mt, ints, hands, captured, points, plays, pool, stub)


@njit(cache=True, inline="always")
def _resolve_trick(i, cfg, ints, captured, points, plays, pool, discards, last_trick):
    """``_resolve_trick`` up to the next trick: reveal and capture. Returns whether the day is over (then the caller
    runs :func:`_end_day`)."""
    n = cfg[C_N]
    trick = ints[i, TRICK]
    upcard = pool[i, trick]
    winner = trick_winner(plays, i, upcard, n)
    if winner < 0:
        for p in range(n):
            _capture(i, p, plays[i, p], captured, points)
        discards[i, ints[i, NUM_DISCARDS]] = upcard
        ints[i, NUM_DISCARDS] += 1
    else:
        for p in range(n):
            _capture(i, winner, plays[i, p], captured, points)
        _capture(i, winner, upcard, captured, points)
    for p in range(n):
        last_trick[i, p] = plays[i, p]
        plays[i, p] = -1
    ints[i, HAS_LAST] = 1
    ints[i, LAST_WINNER] = winner
    ints[i, TURN] = 0
    trick += 1
    ints[i, TRICK] = trick
    return trick >= (cfg[C_H1] if ints[i, DAY] == 0 else cfg[C_H2])


@njit(cache=True, inline="always")
def _end_day(i, cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, winners):
    """The rest of ``_resolve_trick`` when a day's last trick is over: the second day's deal, or the island's end."""
    if ints[i, DAY] == 0:  # _deal_second_day (no leftover in any standard deck: see cards.second_day_hand)
        ints[i, DAY] = 1
        ints[i, STUB_LEN] = 0
        _start_day(i, stub[i], cfg[C_H2], cfg, ints, hands, plays, pool)
    else:
        _score_island(i, cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, winners)


@njit(cache=True, inline="always")
def sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns):
    """Game ``i``'s public arrays from its state: the mover, the end, scores, returns."""
    n = cfg[C_N]
    for p in range(n):
        scores[i, p] = tribes[i, p]
    if ints[i, FINISHED] or not ints[i, STARTED]:
        player[i] = -1
        truncated[i] = ints[i, TRUNCATED] != 0
        terminated[i] = ints[i, STARTED] != 0 and ints[i, TRUNCATED] == 0
        anyone = False
        for p in range(n):
            anyone = anyone or winners[i, p]
        for p in range(n):
            returns[i, p] = 0.0 if not anyone else (1.0 if winners[i, p] else -1.0)
    else:
        player[i] = (ints[i, DEALER] + 1 + ints[i, TURN]) % n
        terminated[i] = False
        truncated[i] = False
        for p in range(n):
            returns[i, p] = 0.0


@njit(cache=True)
def sync_game(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns):
    """:func:`sync_public` for a game loaded from a rules state."""
    sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns)


@njit(cache=True)
def apply_actions(actions, cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, discards, last_trick,
                  winners, player, terminated, truncated, scores, returns):
    """``apply_unchecked(actions[i])`` in every game still in play. Returns -1, or the first game whose action is
    not a card id (then nothing is applied)."""
    for i in range(actions.shape[0]):
        if player[i] >= 0 and not 0 <= actions[i] < K:
            return i
    n = cfg[C_N]
    for i in range(actions.shape[0]):
        p = player[i]
        if p < 0:
            continue
        c = actions[i]
        hands[i, p, c] -= 1
        plays[i, p] = c
        turn = ints[i, TURN] + 1
        ints[i, TURN] = turn
        if turn == n and _resolve_trick(i, cfg, ints, captured, points, plays, pool, discards, last_trick):
            _end_day(i, cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, winners)
            sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns)
        else:
            player[i] = (ints[i, DEALER] + 1 + ints[i, TURN]) % n
    return -1


@njit(cache=True)
def reset_games(seeds, envs, cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, discards, last_trick,
                winners, player, terminated, truncated, scores, returns):
    """Start game ``envs[j]`` from ``seeds[j]`` for every ``j``."""
    for j in range(envs.shape[0]):
        i = envs[j]
        new_game(i, seeds[j], cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, winners)
        sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns)


# --- reading --------------------------------------------------------------------------------------------------------
@njit(cache=True)
def legal_masks(player, hands, out):
    """The mover's cards in hand as 0/1 per card id; zeros for games that are over."""
    for i in range(out.shape[0]):
        p = player[i]
        if p < 0:
            out[i] = 0
        else:
            for c in range(K):
                out[i, c] = 1 if hands[i, p, c] > 0 else 0


@njit(cache=True, inline="always")
def _counts_to(out, iu, at, counts, i, p):
    """``out[iu, at:at + 49] = counts[i, p]``."""
    ii, pu = np.uint64(i), np.uint64(p)
    for c in range(np.uint64(K)):
        out[iu, at + c] = counts[ii, pu, c]


@njit(cache=True)
def observe_seats(seats, cfg, ints, hands, captured, points, tribes, plays, pool, discards, last_trick, out):
    """``state.observation(seats[i])`` of every game written into ``out[i]`` (zeros where ``seats[i] < 0``): the
    gather ``world[views[p]]`` of ``observe.py`` (``view_index``: own hand and commitment, the per-seat blocks from
    ``p`` clockwise, the public blocks), written directly from the game's arrays, each entry computed as
    :func:`write_world` computes it. Indices are unsigned (see :func:`_write_counts`)."""
    n = cfg[C_N]
    un, u_k, one, four = np.uint64(n), np.uint64(K), np.uint64(1), np.uint64(4)  # no signed ones mixed in
    width = np.uint64(out.shape[1])
    for i in range(out.shape[0]):
        iu = np.uint64(i)
        for j in range(width):
            out[iu, j] = 0
        p = seats[i]
        if p < 0 or not ints[i, STARTED]:
            continue
        _counts_to(out, iu, np.uint64(0), hands, i, p)  # hand
        if plays[i, p] >= 0:  # own commitment
            out[iu, np.uint64(K + plays[i, p])] = 1
        at = np.uint64(2 * K)
        s = p
        for q in range(un):  # the per-seat blocks, seat s = p + q clockwise
            if plays[i, s] >= 0:  # committed
                out[iu, at + q] = 1
            _counts_to(out, iu, at + un + q * u_k, captured, i, s)
            for suit in range(four):
                out[iu, at + un * (u_k + one) + q * four + suit] = np.float32(points[i, s, suit]) / np.float32(25.0)
            out[iu, at + un * (u_k + np.uint64(5)) + q] = np.float32(tribes[i, s]) / np.float32(TRIBES_TO_WIN)
            if ints[i, HAS_LAST]:
                out[iu, at + un * (u_k + np.uint64(7)) + q * u_k + np.uint64(last_trick[i, s])] = 1
            s = s + 1 if s + 1 < n else 0
        at += un * (u_k + np.uint64(6))  # the dealer block
        d = ints[i, DEALER] - p
        out[iu, at + np.uint64(d + n if d < 0 else d)] = 1
        at += un + un * u_k  # past the last trick: the last winner
        if ints[i, LAST_WINNER] >= 0:
            d = ints[i, LAST_WINNER] - p
            out[iu, at + np.uint64(d + n if d < 0 else d)] = 1
        at += un
        trick = ints[i, TRICK]
        if not ints[i, FINISHED]:  # upcard, trump
            upcard = pool[i, trick]
            out[iu, at + np.uint64(upcard)] = 1
            if upcard != JOKER:
                out[iu, at + np.uint64(K + upcard // 12)] = 1
        at += u_k + four
        for j in range(ints[i, NUM_DISCARDS]):
            out[iu, at + np.uint64(discards[i, j])] += 1
        at += u_k
        out[iu, at + np.uint64(ints[i, DAY])] = 1
        pool_len = cfg[C_H1] if ints[i, DAY] == 0 else cfg[C_H2]
        out[iu, at + np.uint64(2)] = np.float32(trick / max(1, pool_len))
        out[iu, at + np.uint64(3)] = np.float32(ints[i, ISLAND] / 10.0)
        out[iu, at + four] = np.float32((pool_len - trick) / 12.0)


@njit(cache=True)
def global_worlds(cfg, ints, hands, captured, points, tribes, plays, pool, discards, last_trick, out):
    """``state.global_observation()`` (the world vector) of every game; zeros for a game never started."""
    for i in range(out.shape[0]):
        if ints[i, STARTED]:
            write_world(i, out[i], cfg, ints, hands, captured, points, tribes, plays, pool, discards, last_trick)
        else:
            out[i] = 0


@njit(cache=True)
def random_actions(player, hands, key, out):
    """A uniformly random card of each mover's distinct cards in hand (a benchmark's random policy), from the
    splitmix64 stream in ``key`` (``uint64[1]``, advanced); ``-1`` for games that are over."""
    for i in range(out.shape[0]):
        p = player[i]
        if p < 0:
            out[i] = -1
            continue
        held = 0
        for c in range(K):
            if hands[i, p, c] > 0:
                held += 1
        z = rng.splitmix_next(key)
        pick = np.int64((z >> np.uint64(11)) % np.uint64(held))
        for c in range(K):
            if hands[i, p, c] > 0:
                if pick == 0:
                    out[i] = c
                    break
                pick -= 1


# --- search rollouts (hustings.bots.rollout) -------------------------------------------------------------------------
# What a rollout load reads besides the world vector (``BatchEngine.rollout``): these scalars, then ``n`` tribes,
# ``n`` commitments, the day's pool and the stub.
R_ISLAND, R_DAY, R_TRICK, R_DEALER, R_TURN, R_VERSION, R_POOL_LEN, R_STUB_LEN = range(8)
R_HEAD = 8


@njit(cache=True)
def seed_rollouts(seed_words, mt, ints):
    """Seed every game's Mersenne Twister as ``random.Random(seed)`` (``seed_words``: ``[low 32 bits, high 32
    bits]`` of a seed below 2**64), for the deals of rollouts."""
    for i in range(mt.shape[0]):
        rng.seed_words(mt, ints, i, MT_INDEX, seed_words[0], seed_words[1])


@njit(cache=True, inline="always")
def _load_rollout(i, head, world, cfg, ints, hands, captured, points, tribes, plays, pool, stub, winners):
    """Load what play reads of a rules state into game ``i`` (see :func:`rollout_game`)."""
    n = cfg[C_N]
    ints[i, ISLAND] = head[R_ISLAND]
    ints[i, DAY] = head[R_DAY]
    ints[i, TRICK] = head[R_TRICK]
    ints[i, DEALER] = head[R_DEALER]
    ints[i, TURN] = head[R_TURN]
    ints[i, VERSION] = head[R_VERSION]
    ints[i, STUB_LEN] = head[R_STUB_LEN]
    ints[i, NUM_DISCARDS] = 0
    ints[i, HAS_LAST] = 0
    ints[i, LAST_WINNER] = -1
    ints[i, FINISHED] = 0
    ints[i, TRUNCATED] = 0
    ints[i, STARTED] = 1
    o_hand, o_cap, o_pts = cfg[O_HAND], cfg[O_CAPTURED], cfg[O_POINTS]
    for p in range(n):
        for c in range(K):
            hands[i, p, c] = np.int8(world[o_hand + p * K + c])
            captured[i, p, c] = np.int8(world[o_cap + p * K + c])
        for s in range(4):
            points[i, p, s] = np.int32(np.float64(world[o_pts + p * 4 + s]) * 25.0 + 0.5)
        tribes[i, p] = head[R_HEAD + p]
        plays[i, p] = head[R_HEAD + n + p]
        winners[i, p] = False
    at = R_HEAD + 2 * n
    for j in range(head[R_POOL_LEN]):
        pool[i, j] = head[at + j]
    at += head[R_POOL_LEN]
    for j in range(head[R_STUB_LEN]):
        stub[i, j] = head[at + j]


@njit(cache=True)
def rollout_game(i, head, world, max_steps, stop_version, key, record, cfg, mt, ints, hands, captured, points,
                 tribes, plays, pool, stub, discards, last_trick, winners, player, terminated, truncated, scores,
                 returns):
    """Load a rules state into game ``i`` and play it on with uniformly random legal moves until the game ends,
    ``max_steps`` moves were played or the score version reaches ``stop_version``; returns the moves played.

    The state comes as its world vector (``world``: the hands, captured cards and points are read there) and
    ``head`` (the scalars at ``R_*``, then the tribes, the commitments, the day's pool and the stub). Only what play
    reads is loaded: the discards, the last trick and the Mersenne Twister are not (game ``i`` keeps its own
    generator, so the deals of the rollout come from the engine's stream, not from the state's RNG). Each move is
    a uniform pick among the mover's distinct cards (the legal actions) from the splitmix64 stream ``key``
    (``uint64[1]``, advanced); the first ``len(record)`` moves are written into ``record``. The public arrays hold
    the result (``returns``: the game's returns when it is over, zeros before)."""
    n = cfg[C_N]
    _load_rollout(i, head, world, cfg, ints, hands, captured, points, tribes, plays, pool, stub, winners)
    held = np.zeros(8, dtype=np.int64)  # each seat's distinct cards in hand (its number of legal actions) ...
    bits = np.zeros(8, dtype=np.int64)  # ... and which they are (bit c: card c)
    for p in range(n):
        for c in range(K):
            if hands[i, p, c] > 0:
                held[p] += 1
                bits[p] |= np.int64(1) << c
    sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns)
    z = key[0]
    steps = 0
    while steps < max_steps and ints[i, VERSION] < stop_version:
        p = player[i]
        if p < 0:
            break
        z += rng.GOLDEN
        pick = np.int64(((rng.splitmix(z) >> np.uint64(32)) * np.uint64(held[p])) >> np.uint64(32))
        m = bits[p]
        for _ in range(pick):  # the pick-th card held, in id order
            m &= m - 1
        c = trailing_zeros(m)
        if steps < record.shape[0]:
            record[steps] = c
        steps += 1
        hands[i, p, c] -= 1
        if hands[i, p, c] == 0:
            held[p] -= 1
            bits[p] &= ~(np.int64(1) << c)
        plays[i, p] = c
        turn = ints[i, TURN] + 1
        ints[i, TURN] = turn
        if turn == n and _resolve_trick(i, cfg, ints, captured, points, plays, pool, discards, last_trick):
            ints[i, NUM_DISCARDS] = 0  # not kept (see above): the row cannot overflow
            _end_day(i, cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, winners)
            sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns)
            for q in range(n):  # a new deal
                held[q] = 0
                bits[q] = 0
                for d in range(K):
                    if hands[i, q, d] > 0:
                        held[q] += 1
                        bits[q] |= np.int64(1) << d
        else:
            player[i] = (ints[i, DEALER] + 1 + ints[i, TURN]) % n
    key[0] = z
    sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns)
    return steps


# --- heuristic rollouts -----------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _heuristic_move(i, p, n, jokers, fight, hands, points, pool, ints, public, value, unseen, live, top):
    """``HeuristicBot.act`` for seat ``p`` of game ``i`` (:func:`hustings.democracy.engine.bots.heuristic_card`, the
    bots' own body): what it reads taken from the arrays (``public``: the cards in won piles and discards, counted);
    ``value``, ``unseen``, ``live`` and ``top`` are scratch rows."""
    for s in range(4):
        top[s] = 0
        for q in range(n):
            top[s] = max(top[s], points[i, q, s])
    return heuristic_card(hands[i, p], np.int64(pool[i, ints[i, TRICK]]), top, public, n, jokers, fight, value,
                          unseen, live)


@njit(cache=True)
def heuristic_rollout_game(i, head, world, max_steps, stop_version, fight, rng_mode, seed_words, mt_words, record,
                           cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, discards, last_trick,
                           winners, player, terminated, truncated, scores, returns):
    """:func:`rollout_game` with every move the heuristic's (``bots.HeuristicBot``, ``fight`` its
    ``FIGHT_THRESHOLD``): load a rules state into game ``i`` and play it on until the game ends, ``max_steps`` moves
    were played or the score version reaches ``stop_version``; returns the moves played.

    The deals come from game ``i``'s Mersenne Twister, set first by ``rng_mode``: 0 leaves it as it is, 1 seeds it
    as ``random.Random(seed)`` (``seed_words``: the low and high 32-bit words of ``0 <= seed < 2**64``), 2 copies
    ``mt_words`` (the 624 words then the position, as ``random.Random.getstate()`` lists them). The cards the
    heuristic has seen in won piles and discards are counted from the world vector at the load and on as tricks
    resolve (the discards are not loaded, as in :func:`rollout_game`)."""
    n = cfg[C_N]
    _load_rollout(i, head, world, cfg, ints, hands, captured, points, tribes, plays, pool, stub, winners)
    if rng_mode == 1:
        rng.seed_words(mt, ints, i, MT_INDEX, seed_words[0], seed_words[1])
    elif rng_mode == 2:
        for j in range(624):
            mt[i, j] = mt_words[j]
        ints[i, MT_INDEX] = mt_words[624]
    jokers = 2 if n == 4 else 1 if n == 6 else 0  # cards.JOKERS_IN_DECK
    public = np.zeros(K, dtype=np.int64)  # cards in won piles and discards, per card id
    value = np.zeros(K, dtype=np.float64)
    unseen = np.zeros(K, dtype=np.bool_)
    live = np.zeros(12, dtype=np.bool_)
    top = np.zeros(4, dtype=np.int64)
    for c in range(K):
        public[c] = np.int64(world[cfg[O_DISCARD] + c])
        for p in range(n):
            public[c] += captured[i, p, c]
    sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns)
    steps = 0
    while steps < max_steps and ints[i, VERSION] < stop_version:
        p = player[i]
        if p < 0:
            break
        c = _heuristic_move(i, p, n, jokers, fight, hands, points, pool, ints, public, value, unseen, live, top)
        if steps < record.shape[0]:
            record[steps] = c
        steps += 1
        hands[i, p, c] -= 1
        plays[i, p] = c
        turn = ints[i, TURN] + 1
        ints[i, TURN] = turn
        if turn == n:
            public[pool[i, ints[i, TRICK]]] += 1  # the upcard and every play go to a won pile or the discards
            for q in range(n):
                public[plays[i, q]] += 1
            if _resolve_trick(i, cfg, ints, captured, points, plays, pool, discards, last_trick):
                ints[i, NUM_DISCARDS] = 0  # not kept (see above): the row cannot overflow
                _end_day(i, cfg, mt, ints, hands, captured, points, tribes, plays, pool, stub, winners)
                sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns)
                if ints[i, DAY] == 0:  # a new island: empty won piles and discards
                    public[:] = 0
                continue
        player[i] = (ints[i, DEALER] + 1 + ints[i, TURN]) % n
    sync_public(i, cfg, ints, tribes, winners, player, terminated, truncated, scores, returns)
    return steps
