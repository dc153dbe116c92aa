"""Politrickers observations: the world vector's layout, each seat's view of it, the documented field table, the
derived block computed at observe time, and the rebuild of the world vector from the state.

The state keeps the world vector up to date as play goes (``rules.py``); a seat's observation is a gather of it
through ``game.views[seat]`` followed by the derived block (``trick_sum`` .. ``plate_total``).
"""
from __future__ import annotations

import numpy as np

from ..core.world import WorldLayout, clockwise_from, field_table
from .cards import (CLAWS, ECONOMY, FLIP, FORCED, NUM_CARDS, ROUNDS, SUIT, TAILS, TOKENS, TRICKS_PER_ROUND, UP,
                    VALUE, VP_TO_END)

DERIVED_BASE = 5 + NUM_CARDS + 2  # observation block computed at observe time (+ n for trick_winning)


def world_layout(n: int) -> WorldLayout:
    """The blocks of the world vector of an ``n``-seat game: every seat's private blocks included."""
    k = NUM_CARDS
    return WorldLayout([
        ("hand", n * k), ("hidden", n * k), ("party", n * 2), ("chair", n), ("trick_card", n * k),
        ("trick_down", n), ("trick_played", n), ("down_count", n), ("libra", 2 * n), ("unspent", n),
        ("spent", n), ("vp", n), ("round_vp", n), ("ruling_party", 2), ("ruling_suit", 5), ("opp_suit", 5),
        ("seen", k), ("round", ROUNDS), ("trick", 1)])


def view_index(layout: WorldLayout, n: int, p: int) -> np.ndarray:
    """The world indices seat ``p`` sees, in observation order (itself first, then clockwise)."""
    k, lay = NUM_CARDS, layout
    seats = clockwise_from(p, n)
    idx = [*lay.seat("hand", p, k), *lay.seat("hidden", p, k)]
    for bname, width in (("party", 2), ("chair", 1), ("trick_card", k), ("trick_down", 1),
                         ("trick_played", 1), ("down_count", 1), ("unspent", 1), ("spent", 1), ("vp", 1),
                         ("round_vp", 1)):
        idx += lay.seats(bname, width, seats)
    for plate in (TAILS, CLAWS):
        idx += [lay.off["libra"] + plate * n + s for s in seats]
    for bname, width in (("ruling_party", 2), ("ruling_suit", 5), ("opp_suit", 5), ("seen", k),
                         ("round", ROUNDS), ("trick", 1)):
        idx += lay.whole(bname, width)
    return np.asarray(idx, dtype=np.intp)


def observation_fields(n: int) -> list[tuple[str, int, int, str]]:
    """``(name, start, length, meaning)`` of every block of an ``n``-seat game's observation vector."""
    k = NUM_CARDS
    rows = [
        ("hand", k, "own hand: 1 per card id held (ids in RULES.md)"),
        ("own_face_down", k, "cards this player has played face down this round (only it knows them)"),
        ("party", n * 2, "per seat (self first, then clockwise): one-hot Tails, Claws"),
        ("chair", n, "per seat: 1 for the current Chair (leader) of this trick"),
        ("trick_card", n * k, "per seat: one-hot of the face-up card (or Migration) it played to this trick"),
        ("trick_face_down", n, "per seat: 1 if it played a face-down card to this trick"),
        ("trick_played", n, "per seat: 1 if it has already played to this trick"),
        ("face_down_count", n, "per seat: face-down cards it has played this round / 9"),
        ("unspent", n, "per seat: unspent Power Tokens (on its Politician card) / 5"),
        ("spent", n, "per seat: tokens spent on paid switches this round / 5"),
        ("vp", n, "per seat: VP total / 7"),
        ("round_vp", n, "per seat: raw VP scored in the last completed round / 7"),
        ("libra_tails", n, "per seat: its tokens on the Tails plate / 7"),
        ("libra_claws", n, "per seat: its tokens on the Claws plate / 7"),
        ("ruling_party", 2, "one-hot Tails, Claws (all 0 until the first policy card of the trick)"),
        ("ruling_suit", 5, "one-hot Environment, Health, Safety, Welfare, Economy (0 until set)"),
        ("opposition_suit", 5, "one-hot of the Opposition Suit (0 until set)"),
        ("seen", k, "cards played face up in completed tricks of this round (incl. Migration)"),
        ("round", ROUNDS, "one-hot of the round 1..3"),
        ("trick", 1, "tricks completed this round / 9"),
        # derived from the fields above (public table and own hand only), so that a small network need not
        # learn the trick arithmetic of L115-127:
        ("trick_sum", 5, "per suit: sum of the face-up values in this trick / 20 (Economy: count / 4)"),
        ("trick_winning", n, "per seat: 1 for the player who wins this trick if it ended now"),
        ("card_wins_now", k, "on my turn, per card id: 1 if I hold it and playing it face up now (with or "
                             "without a switch) makes me the trick's winner so far"),
        ("plate_total", 2, "tokens on the Tails and Claws plates / 7"),
    ]
    return field_table(rows)


def observation(state, player: int, out: np.ndarray | None = None) -> np.ndarray:
    """The gathered world view of ``player``, then the derived block (``trick_sum`` .. ``plate_total``)."""
    game = state.game
    if out is None:
        out = np.empty(game.observation_size, dtype=np.float32)
    base = game.base_size
    # mode="clip": the indices are in range by construction, and "raise" would buffer the output
    state.world.take(game.views[player], out=out[:base], mode="clip")
    d = out[base:]
    d.fill(0.0)
    n, ups = state.n, state.ups
    if ups:
        # the trick so far in one pass: the main suits' face-up sums, their lowest values and who played them, the
        # Economy count and the last Economy card's seat (trick_winner's arithmetic, L115-127)
        sums = [0, 0, 0, 0]
        low = [99, 99, 99, 99]
        low_seat = [-1, -1, -1, -1]
        eco = 0
        eco_seat = -1
        for seat, card in ups:
            s = SUIT[card]
            if s == ECONOMY:
                eco += 1
                eco_seat = seat
            else:
                v = VALUE[card]
                sums[s] += v
                if v < low[s]:
                    low[s] = v
                    low_seat[s] = seat
        for s in range(4):
            if sums[s]:
                d[s] = sums[s] / 20.0
        if eco:
            d[4] = eco / 4.0
            winner = eco_seat
        else:
            best = max(sums)
            for _, card in reversed(ups):  # a tie on sums: the suit of the last card played (L121)
                if sums[SUIT[card]] == best:
                    winner = low_seat[SUIT[card]]
                    break
        d[5 + (winner - player) % n] = 1.0
    else:
        sums, low, eco = _NO_SUMS, _NO_LOW, 0
    if not state.finished and player == (state.trick_start + state.turn) % n:
        if state._modes is None:
            state._compute_legal()
        top, first, second = 0, sums[0], 0  # the largest sum, its suit, and the largest of the others
        for t in (1, 2, 3):
            if sums[t] > first:
                top, first, second = t, sums[t], first
            elif sums[t] > second:
                second = sums[t]
        wins = 5 + n
        for a, mode in state._modes.items():
            if mode == UP or mode == FORCED:
                card = a - FLIP if a >= FLIP else a
                s = SUIT[card]
                if s == ECONOMY:  # the last Economy card wins (L127)
                    d[wins + card] = 1.0
                elif not eco and VALUE[card] < low[s] and \
                        sums[s] + VALUE[card] >= (second if s == top else first):
                    # my card is the last one played: a tie on sums makes its suit Popular (POL-A9)
                    d[wins + card] = 1.0
    plate = state.plate
    if plate[TAILS]:
        d[5 + n + NUM_CARDS] = plate[TAILS] / 7.0
    if plate[CLAWS]:
        d[6 + n + NUM_CARDS] = plate[CLAWS] / 7.0
    return out


_NO_SUMS = (0, 0, 0, 0)
_NO_LOW = (99, 99, 99, 99)


def rebuild_world(state) -> None:
    """Write the whole world vector from the Python state (deals, loads; tests compare it)."""
    w, off, n, k = state.world, state.game.off, state.n, NUM_CARDS
    w[:] = 0
    for p in range(n):
        for c in state.hands[p]:
            w[off["hand"] + p * k + c] = 1
        for c in state.hidden[p]:
            w[off["hidden"] + p * k + c] = 1
        w[off["party"] + 2 * p + state.party[p]] = 1
        if state.plays[p] >= 0:
            w[off["trick_played"] + p] = 1
            if state.down[p]:
                w[off["trick_down"] + p] = 1
            else:
                w[off["trick_card"] + p * k + state.plays[p]] = 1
        w[off["down_count"] + p] = len(state.hidden[p]) / 9.0
        w[off["unspent"] + p] = state.tokens[p] / TOKENS
        w[off["spent"] + p] = state.spent[p] / TOKENS
        w[off["vp"] + p] = state.vp[p] / VP_TO_END
        w[off["round_vp"] + p] = state.round_vp[p] / VP_TO_END
        for plate in (TAILS, CLAWS):
            w[off["libra"] + plate * n + p] = state.libra[plate][p] / 7.0
    if not state.finished:
        w[off["chair"] + state.leader] = 1
    if state.ruling_party >= 0:
        w[off["ruling_party"] + state.ruling_party] = 1
        w[off["ruling_suit"] + state.ruling_suit] = 1
    if state.opp_suit >= 0:
        w[off["opp_suit"] + state.opp_suit] = 1
    for c in state.seen:
        w[off["seen"] + c] = 1
    w[off["round"] + state.round] = 1
    w[off["trick"]] = state.tricks_done / TRICKS_PER_ROUND
