"""Politix information-set sampling: the worlds a seat cannot tell from the real one (RULES.md, "Information-set
sampling"), drawn exactly by counting, and the one hidden-hand constraint play reveals (a persuasion in progress)."""
from __future__ import annotations

import random
from math import comb

from ..core.rules import LazyRandom
from .cards import COFFEE, METHOD_KIND, NG, NK, PERSUADE


# --- exact counting helpers (see sample_hidden) ----------------------------------------------------------------
def _cards(counts, kinds=range(NK)) -> list[int]:
    """One entry per physical card of ``counts`` (per kind), for the kinds listed."""
    out: list[int] = []
    for k in kinds:
        if counts[k]:
            out += [k] * counts[k]
    return out


def _atoms(kinds, avail, cap) -> list:
    """How to draw cards of ``kinds`` with weight prod_k C(avail_k, x_k) under x_k <= cap_k: one atom per kind
    whose cap binds, then (last) one atom merging the rest, whose count is split by a uniform subset of their cards
    (by Vandermonde, sum_{x: sum x = j} prod C(avail_k, x_k) = C(sum avail_k, j), and the split given j is the
    multivariate hypergeometric)."""
    atoms, free = [], []
    for k in kinds:
        if cap[k] < avail[k]:
            if cap[k] > 0:
                atoms.append(((k,), avail[k], cap[k]))
        elif avail[k]:
            free.append(k)
    if free:
        a = sum(avail[k] for k in free)
        atoms.append((tuple(free), a, a))
    return atoms


def _suffix_polys(atoms, top: int) -> list[list[int]]:
    """``suf[i][l]``: the summed weight of the ways atoms ``i..`` can take ``l`` cards in all (l <= top)."""
    suf = [[1] + [0] * top]
    for kinds, a, c in reversed(atoms):
        nxt = suf[-1]
        nz = [(l, v) for l, v in enumerate(nxt) if v]
        out = [0] * (top + 1)
        for j in range(min(c, top) + 1):
            w = comb(a, j)
            for l, v in nz:
                if l + j > top:
                    break
                out[l + j] += w * v
        suf.append(out)
    suf.reverse()
    return suf


def _pick(weights: list[int], rng) -> int:
    """An index drawn exactly in proportion to integer weights (not all zero)."""
    r = rng.randrange(sum(weights))
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise AssertionError("unreachable")


def _draw_counts(atoms, suf, avail, total: int, rng, out: list[int]) -> None:
    """Add to ``out`` a kind-count vector of ``total`` cards drawn with weight prod C(avail_k, x_k) (caps held)."""
    last = len(atoms) - 1
    for i, (kinds, a, c) in enumerate(atoms):
        if i == last:
            j = total
        else:
            nxt = suf[i + 1]
            j = _pick([comb(a, j) * nxt[total - j] for j in range(min(c, total) + 1)], rng)
        if len(kinds) == 1:
            out[kinds[0]] += j
        elif j:
            for k in rng.sample(_cards(avail, kinds), j):
                out[k] += 1
        total -= j
    assert total == 0


def persuader_need(state, player: int) -> tuple[int, tuple, int]:
    """``(seat, kinds, count)`` of the one hidden-hand constraint play shows ``player``: while another seat is
    persuading, its hand still holds at least ``count`` cards of the method's kind and coffee and cake (a
    persuasion can only be started when the hand reaches the power for one card, PTX-A7, and at least one
    card must be played). ``count`` is 0 when nothing is known."""
    c = state.cur
    if state.finished or state.phase != PERSUADE or c == player:
        return c, (), 0
    need = max(1 - state.pplayed, state.game.symbols[state.pg][state.pm] - state.ppower, 0)
    return c, (METHOD_KIND[state.pm], COFFEE), need


class WorldSampler:
    """The information-set samples of one position for one seat (what search draws again and again): the unknown
    cards, the pile's constraints and their counting polynomials, the voter cards worked out once, then one world per
    :meth:`draw`, the same world :func:`sample_hidden` gives from the same ``rng``. Every random choice goes through
    ``rand`` (``randrange``, ``sample``, ``shuffle``: a ``random.Random``'s methods), so a compiled source of random
    numbers (the engine's sampler) plugs in without changing the model."""

    def __init__(self, state, player: int):
        n = state.n
        self.state, self.player = state, player
        self.others = others = [s for s in range(n) if s != player]
        # the unknown action cards: every other hand and the draw pile (the rest is public or player's own)
        U = [0] * NK
        for k in state.deck:
            U[k] += 1
        for q in others:
            h = state.hands[q]
            for k in range(NK):
                U[k] += h[k]
        self.U, self.L = U, len(state.deck)
        self.M = sum(U) - self.L
        self.need = persuader_need(state, player)
        if state.reshuffled is None:  # one shuffle dealt every unknown card: all of them are exchangeable
            avail = cap = U
        else:  # the pile holds only reshuffled cards player has not drawn (and that are still unknown)
            mine = state.drawn[player]
            avail = [state.reshuffled[k] - mine[k] for k in range(NK)]
            cap = [min(a, u) for a, u in zip(avail, U)]
        self.avail, self.cap = avail, cap
        c, S, need = self.need
        L, M = self.L, self.M
        if need == 0:
            self.free = cap is avail or all(c_ >= a for c_, a in zip(cap, avail))  # no cap binds
            if self.free:
                self.avail_cards = _cards(avail)
            else:
                self.atoms = _atoms(range(NK), avail, cap)
                self.suf = _suffix_polys(self.atoms, L)
        else:
            self.T = T = [k for k in range(NK) if k not in S]
            self.a_s, self.a_t = _atoms(S, avail, cap), _atoms(T, avail, cap)
            self.suf_s, self.suf_t = suf_s, suf_t = _suffix_polys(self.a_s, L), _suffix_polys(self.a_t, L)
            u_s, h = U[S[0]] + U[S[1]], state.hand_size[c]

            def weight(t):  # deck ways with t such cards, times the ways c's hand then holds >= need of them
                ways = suf_s[0][t] * suf_t[0][L - t]
                if not ways:
                    return 0
                r_s = u_s - t  # such cards left for the M cards of the other hands
                return ways * sum(comb(r_s, s) * comb(M - r_s, h - s) for s in range(need, min(r_s, h) + 1))
            self.t_weights = [weight(t) for t in range(L + 1)]
        # the voter cards: the deck's order, and the base support where player does not see it (sorted first, so
        # that the sample is a function of what player knows and rng alone, not of the real order)
        self.vd = sorted(state.voter_deck)
        self.redeal_base = state.game.has_base and state.party_of[player] != 0
        if self.redeal_base:
            vd = self.vd
            self.nev = sum(1 for v in vd if v >= NG)
            self.groups = sorted(vd[:len(vd) - self.nev] + _cards(state.base, range(NG)))
            self.nb = sum(state.base)

    def draw(self, rng: random.Random, rand=None):
        """One world: its own RNG fresh from ``rng``, every other random choice from ``rand`` (default ``rng``)."""
        rand = rng if rand is None else rand
        state = self.state
        shared = state._rng_shared
        st = state.clone()
        state._rng_shared = shared  # the sample gets its own fresh RNG: this state's is not shared with it
        st.rng = LazyRandom(rng.getrandbits(64))
        others, U, L, M = self.others, self.U, self.L, self.M
        c, S, need = self.need
        avail = self.avail
        x = [0] * NK
        if need == 0:
            if self.free:  # a uniform ordered subset
                deck = rand.sample(self.avail_cards, L)
                for k in deck:
                    x[k] += 1
            else:
                _draw_counts(self.atoms, self.suf, avail, L, rand, x)
                deck = _cards(x)
                rand.shuffle(deck)
        else:
            t = _pick(self.t_weights, rand)
            _draw_counts(self.a_s, self.suf_s, avail, t, rand, x)
            _draw_counts(self.a_t, self.suf_t, avail, L - t, rand, x)
            deck = _cards(x)
            rand.shuffle(deck)
        st.deck = deck
        rest = [U[k] - x[k] for k in range(NK)]
        hands = {q: [0] * NK for q in others}
        if need:
            T = self.T
            r_s = rest[S[0]] + rest[S[1]]
            h = state.hand_size[c]
            lo = max(need, h - (M - r_s))
            s = lo + _pick([comb(r_s, s) * comb(M - r_s, h - s) for s in range(lo, min(r_s, h) + 1)], rand)
            pool_s, pool_t = _cards(rest, S), _cards(rest, T)
            rand.shuffle(pool_s)
            rand.shuffle(pool_t)
            for k in pool_s[:s] + pool_t[:h - s]:
                hands[c][k] += 1
            pool = pool_s[s:] + pool_t[h - s:]
            dealt = [q for q in others if q != c]
        else:
            pool = _cards(rest)
            dealt = others
        rand.shuffle(pool)
        i = 0
        for q in dealt:
            j = i + state.hand_size[q]
            for k in pool[i:j]:
                hands[q][k] += 1
            i = j
        assert i == len(pool)
        w, off = st.world, state.game.off
        for q in others:
            st.hands[q] = hands[q]
            w[off["hand"] + q * NK:off["hand"] + (q + 1) * NK] = hands[q]
        if state.reshuffled is not None:  # who drew which of the reshuffled cards: the others' part redealt
            got = _cards([avail[k] - x[k] for k in range(NK)])
            rand.shuffle(got)
            i = 0
            for q in others:
                j = i + sum(state.drawn[q])
                d = [0] * NK
                for k in got[i:j]:
                    d[k] += 1
                st.drawn[q] = d
                i = j
            assert i == len(got)
        vd = self.vd[:]
        if self.redeal_base:
            groups = self.groups[:]
            rand.shuffle(groups)
            nb = self.nb
            base = [0] * NG
            for g in groups[:nb]:
                base[g] += 1
            vd = groups[nb:] + vd[len(vd) - self.nev:]
            st.base = base
            w[off["base"]:off["base"] + NG] = base
        rand.shuffle(vd)
        st.voter_deck = vd
        return st


def sample_hidden(state, player: int, rng: random.Random):
    """A world ``player`` cannot tell from ``state``, drawn exactly (no rejection) from the model in RULES.md
    ("Information-set sampling"): the draw pile's kind counts by counting-based sequential sampling (weights
    prod C(reshuffled-not-drawn-by-player, x), within the unknown cards), its order uniform, the rest of the
    unknown action cards dealt uniformly to the other hands (the persuader's first, truncated to its known
    minimum); the voter deck (and, hidden from the second party at 5 players, the base support) reshuffled."""
    return WorldSampler(state, player).draw(rng)
