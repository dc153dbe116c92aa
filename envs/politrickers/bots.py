"""Scripted Politrickers baselines. They read only their own hand and the public table.

The heuristic reads: its own hand, the face-up cards of the current trick (never face-down identities),
parties, the Libra, unspent tokens and VP, all public (POL-A21, POL-A25).
"""
from __future__ import annotations

import numpy as np

from ..core.bots import Bot, RandomBot
from .cards import (CLAWS, DOWN, ECONOMY, FLIP, MIG_FROM_CLAWS, MIG_FROM_TAILS, MIG_NO_TOKEN, MIGRATION,
                    PLATE_MAX, SUIT, TAILS, TRICKS_PER_ROUND, UP, VALUE, trick_winner)
from .rules import PolitrickersState

TOKEN_VALUE = 0.6  # what a spent token costs (paid switch): it no longer counts when someone is Disgraced


class HeuristicBot(Bot):
    """A sensible player: it wins a trick only when the token lands where it scores (the fuller plate, never a
    plate on the brink of collapse, never with no token left), sheds tricks otherwise (keeping the 0-trick bonus
    in reach), pays for a party switch only when that moves its winning token to a better plate, and uses
    Migration to take its tokens off a plate that is about to collapse."""

    name = "heuristic"

    def act(self, state: PolitrickersState, player: int) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        modes = state._modes
        best, best_val = legal[0], -1e9
        for a in legal:
            v = self._value(state, player, a, modes[a])
            v += self.rng.random() * 1e-3  # break ties at random
            if v > best_val:
                best, best_val = a, v
        return best

    def action_probabilities(self, state: PolitrickersState, player: int):
        """The odds of :meth:`act`'s move over ``state.legal_actions()``, where they are known exactly: when its
        random tie-break decides between moves of exactly equal value (every other move at least the tie-break's
        0.001 below them), each tied move is equally likely; ``None`` otherwise (one move, no tie, or a near tie whose
        odds are not uniform). Control variates (``hustings.evaluation.variance``) correct such moves."""
        legal = state.legal_actions()
        if len(legal) < 2:
            return None
        v = np.array([self._value(state, player, a, state._modes[a]) for a in legal])
        top = v.max()
        tied = v == top
        if tied.sum() < 2 or ((v > top - 1e-3) & ~tied).any():
            return None
        return tied / tied.sum()

    # --- evaluation ------------------------------------------------------------------------------
    def _value(self, st: PolitrickersState, me: int, action: int, mode: int) -> float:
        n = st.n
        val = 0.0
        party = st.party[me]
        tokens = st.tokens[me]
        if action >= FLIP:
            action -= FLIP
            party = 1 - party
            tokens -= 1
            val -= TOKEN_VALUE
        late = st.tricks_done / TRICKS_PER_ROUND
        if action in (MIG_FROM_TAILS, MIG_FROM_CLAWS, MIG_NO_TOKEN):
            return val + self._migration_value(st, me, action) - 0.1
        card = action
        if mode == DOWN:
            ups = st.ups
        else:
            if mode != UP:
                party = 1 - party  # forced switch
            ups = st.ups + [(me, card)]
        remaining = n - st.turn - 1  # players after me in this trick
        if not ups:
            return val
        winner = trick_winner(ups)
        if winner == me:
            # chance that somebody later takes it away: higher when many still play and my card is high
            if SUIT[card] == ECONOMY:
                hold = 0.35 ** remaining
            else:
                hold = (1.0 - 0.08 * VALUE[card]) ** remaining if remaining else 1.0
            val += hold * self._win_value(st, me, party, tokens, late)
            val -= (1 - hold) * 0.05 * (10 - VALUE[card] if SUIT[card] != ECONOMY else 5)
        else:
            # not winning now; keep the low cards (future winners) for when they are wanted
            if mode != DOWN:
                if SUIT[card] == ECONOMY:
                    val -= 0.4
                else:
                    val -= 0.02 * (10 - VALUE[card])
            other = st.party[winner] if winner != me else party
            if st.tokens[winner] == 0 and remaining == 0:
                val += tokens * 0.8  # he will be Disgraced: my unspent tokens score
            elif st.plate[other] >= PLATE_MAX and remaining == 0:
                val += st.libra[1 - other][me] - st.libra[other][me]  # his token collapses that plate
        return val

    @staticmethod
    def _win_value(st: PolitrickersState, me: int, party: int, tokens: int, late: float) -> float:
        if tokens <= 0:
            return -3.0 - max(0, st.tokens[me] + 1)  # Disgraced: 0 VP while the others score their tokens
        plate, other = party, 1 - party
        if st.plate[plate] >= PLATE_MAX:
            return float(st.libra[other][me] - st.libra[plate][me] - 1) - 1.0  # I collapse my own plate
        v = 0.0
        if st.tricks_won[me] == 0:
            v -= 1.0 + late  # the 0-trick bonus is lost
        lead = st.plate[plate] + 1 - st.plate[other]
        if lead > 0:
            v += 0.6 + 0.6 * late
        else:
            v -= 0.3
        if st.plate[plate] + 1 >= PLATE_MAX:
            v -= 0.8  # the plate is near collapse
        return v

    @staticmethod
    def _migration_value(st: PolitrickersState, me: int, action: int) -> float:
        if action == MIG_NO_TOKEN:
            return -0.2  # wasting the card
        src = TAILS if action == MIG_FROM_TAILS else CLAWS
        dst = 1 - src
        if st.plate[dst] >= PLATE_MAX:  # my move collapses dst: score it now
            return float(st.libra[src][me] - 1 - (st.libra[dst][me] + 1)) + 0.5
        after_src, after_dst = st.plate[src] - 1, st.plate[dst] + 1
        mine_src, mine_dst = st.libra[src][me] - 1, st.libra[dst][me] + 1
        before = st.libra[src][me] if st.plate[src] > st.plate[dst] else (
            st.libra[dst][me] if st.plate[dst] > st.plate[src] else 0)
        after = mine_src if after_src > after_dst else (mine_dst if after_dst > after_src else 0)
        v = 0.5 * (after - before)
        if st.plate[src] >= PLATE_MAX:
            v += 1.0  # takes my token off a plate on the brink
        if after_dst >= PLATE_MAX:
            v -= 0.5
        return v


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot", "RandomBot", "MIGRATION"]
