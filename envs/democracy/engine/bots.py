"""Democracy's scripted bots compiled (numba), for many games at once: the same moves as ``bots.py``.

:class:`BatchBots` plays the seats of a batch of games that scripted bots hold, one call for all of them. Each bot
reads the mover's *observation* (``engine.observe``) and legal mask (``engine.legal_mask``) of the batched engine
interface (:mod:`hustings.vector`), nothing else: what the Python bots read (own hand, the public table) is all in
the observation, so the bots work over any engine of the interface and never depend on how an engine stores its
games. Observation blocks are found by name in ``game.observation_fields()`` when the bots are made (not frozen
into the compiled code).

Move for move the Python bots (``tests/games/democracy/test_engine_bots_democracy.py`` plays thousands of
decisions of both side by side):

* ``heuristic``: :class:`~hustings.democracy.bots.HeuristicBot` draws no random numbers; the same move, always.
* ``random``: :class:`~hustings.core.bots.RandomBot` plays ``legal[rng.randrange(len(legal))]`` with its own
  ``random.Random``. Each (game, seat) here keeps a Mersenne Twister drawn from exactly as CPython draws;
  :meth:`BatchBots.seed` seeds it as ``Bot.reset(seed)`` seeds the Python bot (``random.Random(seed)``), so a bot
  seeded with the same number plays the same moves (the legal actions in ascending id order, as
  ``legal_actions()`` lists them).

This module needs numba (the kernels are cached on disk after the first compile).
"""
from __future__ import annotations

import numpy as np
from ...engine.jit import njit
from ...engine.bots import BatchBots as CoreBatchBots, random_move
from ..cards import FIVE, JOKER, JOKERS_IN_DECK, NUM_KINDS, POINTS, SIX, WINNING_POINTS
from ..bots import FIGHT_THRESHOLD

#: The compiled bots, by the names ``bots.BOTS`` gives the Python ones; a kind is an index into this tuple.
NAMES = ("random", "heuristic")
RANDOM, HEURISTIC = range(2)

# entries of the offsets array ``lay`` (observation blocks, found by name when the bots are made)
L_HAND, L_CAPTURED, L_POINTS, L_UPCARD, L_DISCARD = range(5)
_BLOCKS = ("hand", "captured", "points", "upcard", "discard")
_CARD_POINTS = np.array(POINTS, dtype=np.float64)


# --- the bots ------------------------------------------------------------------------------------------------------
@njit(cache=True, inline="always")
def _keep_value(card, value, unseen):
    """``HeuristicBot._keep_value``."""
    if card == JOKER:
        return 2.0
    strength = card % 12
    power = 2.0 * strength / 11
    if strength == SIX and unseen[card - SIX + FIVE]:
        power = 1.5
    return 1.5 * value[card] + power


@njit(cache=True, inline="always")
def _sure_winner(strength, live):
    """``HeuristicBot._sure_winner`` (``live``: the unseen trumps' strengths as flags)."""
    if strength == SIX:
        return False
    if strength == FIVE:
        return not live[SIX]
    for s in range(strength + 1, 12):
        if live[s]:
            return False
    return True


@njit(cache=True, inline="always")
def heuristic_card(hand, upcard, top, public, n, jokers, fight, value, unseen, live):
    """``HeuristicBot.act``, the one compiled body: the bots (from a mover's observation, :func:`_heuristic`) and
    the search's heuristic rollouts (from the engine's arrays, ``kernels._heuristic_move``) both call it.

    What the bot reads: ``hand`` (the mover's count of each card), ``upcard``, ``top`` (per suit, the most points any
    seat has in it), ``public`` (per card, how many are in won piles and the discards), the table size ``n``, the
    deck's ``jokers`` and the ``fight`` threshold; ``value``, ``unseen`` and ``live`` are scratch rows."""
    count = 0
    only = -1
    for c in range(NUM_KINDS):
        if hand[c] > 0:
            count += 1
            only = c
    if count == 1:
        return only
    for s in range(4):  # clinched suits: someone has 13+ points in them
        clinched = top[s] >= WINNING_POINTS
        for c in range(12 * s, 12 * s + 12):
            value[c] = 0.0 if clinched else _CARD_POINTS[c]
    value[JOKER] = 0.0
    total = 0.0  # unseen cards: not in my hand, any won pile, the discards, not the upcard
    suited = 0
    for c in range(NUM_KINDS):
        seen = public[c] + hand[c] + (1 if c == upcard else 0)
        unseen[c] = seen < (jokers if c == JOKER else 1)
        if unseen[c]:
            total += value[c]
            if c != JOKER:
                suited += 1
    avg = total / suited if suited else 0.0
    trick_value = value[upcard] + (n - 1) * avg

    if trick_value >= fight and upcard != JOKER:
        lo = (upcard // 12) * 12
        for s in range(12):
            live[s] = unseen[lo + s]
        best, best_key = -1, 0.0
        has_six = False
        my_trumps = False
        strong = -1
        for c in range(lo, lo + 12):
            if hand[c] > 0:
                my_trumps = True
                if c - lo == SIX:
                    has_six = True
                if c - lo >= 8:
                    strong = c
                if _sure_winner(c - lo, live):
                    key = _keep_value(c, value, unseen)
                    if best < 0 or key < best_key:
                        best, best_key = c, key
        if best >= 0:
            return best
        if has_six and live[FIVE] and trick_value >= fight + 2:
            return lo + SIX
        if strong >= 0:
            return strong
        if hand[JOKER] > 0 and trick_value >= fight + 1 and not my_trumps:
            return JOKER
    elif trick_value >= fight and hand[JOKER] > 0:
        return JOKER
    best, best_key = -1, 0.0
    for c in range(NUM_KINDS):
        if hand[c] > 0:
            key = _keep_value(c, value, unseen)
            if best < 0 or key < best_key:
                best, best_key = c, key
    return best


@njit(cache=True, inline="always")
def _heuristic(obs, k, lay, n, jokers, value, unseen, live, top, public):
    """``HeuristicBot.act`` from game ``k``'s mover's observation row: what :func:`heuristic_card` reads, decoded
    (``top`` and ``public`` are scratch rows)."""
    hand = lay[L_HAND]
    upcard = 0
    for c in range(NUM_KINDS):
        if obs[k, lay[L_UPCARD] + c] > 0:
            upcard = c
    for s in range(4):  # points are stored / 25
        top[s] = 0
        for p in range(n):
            pts = np.int64(obs[k, lay[L_POINTS] + p * 4 + s] * np.float32(25.0) + np.float32(0.5))
            top[s] = max(top[s], pts)
    for c in range(NUM_KINDS):
        seen = obs[k, lay[L_DISCARD] + c]
        for p in range(n):
            seen += obs[k, lay[L_CAPTURED] + p * NUM_KINDS + c]
        public[c] = seen
    return heuristic_card(obs[k, hand:hand + NUM_KINDS], upcard, top, public, n, jokers, FIGHT_THRESHOLD, value,
                          unseen, live)


@njit(cache=True)
def act_bots(kinds, player, obs, mask, mt, mti, lay, n, jokers, out):
    """``out[k]`` = the move of the scripted bot of kind ``kinds[k]`` (an index into ``NAMES``) for game ``k``'s mover
    (seat ``player[k]``), from its observation ``obs[k]`` and legal mask ``mask[k]``; games with ``kinds[k] < 0``
    are left alone."""
    seats = mt.shape[0] // kinds.shape[0]  # the bots' generators: row k * seats + seat
    value = np.zeros(NUM_KINDS, dtype=np.float64)
    unseen = np.zeros(NUM_KINDS, dtype=np.bool_)
    live = np.zeros(12, dtype=np.bool_)
    top = np.zeros(4, dtype=np.int64)
    public = np.zeros(NUM_KINDS, dtype=np.float32)
    for k in range(kinds.shape[0]):
        kind = kinds[k]
        if kind < 0:
            continue
        if kind == RANDOM:
            out[k] = random_move(mask, k, mt, mti, k * seats + player[k])
        else:
            out[k] = _heuristic(obs, k, lay, n, jokers, value, unseen, live, top, public)


class BatchBots(CoreBatchBots):
    """Democracy's scripted bots (:data:`NAMES`) over the N games of a batched engine (see
    :class:`hustings.engine.bots.BatchBots`)."""

    names = NAMES
    blocks = _BLOCKS

    def __init__(self, game, num_envs: int):
        super().__init__(game, num_envs)
        self._jokers = JOKERS_IN_DECK[self.num_players]

    def act(self, kinds: np.ndarray, player: np.ndarray, obs: np.ndarray, mask: np.ndarray,
            out: np.ndarray) -> None:
        """:meth:`hustings.engine.bots.BatchBots.act`."""
        act_bots(kinds, player, obs, mask, self._mt, self._mti, self._lay, self.num_players, self._jokers, out)
