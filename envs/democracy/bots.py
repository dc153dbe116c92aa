"""Scripted Democracy baselines. They read only their own hand and the public table (DEM-A9)."""
from __future__ import annotations

import functools

import numpy as np

from ..core.bots import Bot, RandomBot
from .cards import FIVE, JOKER, JOKERS_IN_DECK, NUM_KINDS, POINTS, SIX, WINNING_POINTS
from .rules import DemocracyState

FIGHT_THRESHOLD = 3.0  # estimated trick value (points) worth spending a strong card on


class HeuristicBot(Bot):
    """A sensible player: wins valuable tricks cheaply, dumps worthless cards on worthless tricks, keeps the 5s
    and 6s for the right moment, and ignores suits that someone has already clinched (13+ points)."""

    name = "heuristic"

    def act(self, state: DemocracyState, player: int) -> int:
        hand = state.hands[player]
        mine = [c for c in range(NUM_KINDS) if hand[c]]
        if len(mine) == 1:
            return mine[0]
        upcard = state.pool[state.trick]
        clinched = tuple(max(suit) >= WINNING_POINTS for suit in zip(*state.points))  # per suit C, D, H, S
        values, value_list = _card_values(clinched)
        value = value_list.__getitem__

        unseen_ids = self._unseen_ids(state, player, upcard)
        unseen = set(unseen_ids.tolist())
        suited = len(unseen) - (JOKER in unseen)  # a joker is worth 0 in ``values``: the sum may include it
        avg = float(values[unseen_ids].sum()) / suited if suited else 0.0
        trick_value = value(upcard) + (state.n - 1) * avg

        if trick_value >= FIGHT_THRESHOLD and upcard != JOKER:
            trump = upcard // 12
            lo = trump * 12
            my_trumps = [c for c in mine if c != JOKER and c // 12 == trump]
            live = {c - lo for c in unseen if c != JOKER and c // 12 == trump}
            sure = [c for c in my_trumps if self._sure_winner(c - lo, live)]
            if sure:
                return min(sure, key=lambda c: self._keep_value(c, value, unseen))
            if lo + SIX in my_trumps and FIVE in live and trick_value >= FIGHT_THRESHOLD + 2:
                return lo + SIX  # bait: whoever holds the 5 of trump is likely to play it on a rich trick
            strong = [c for c in my_trumps if c - lo >= 8]
            if strong:
                return max(strong)
            if JOKER in mine and trick_value >= FIGHT_THRESHOLD + 1 and not my_trumps:
                return JOKER
        elif trick_value >= FIGHT_THRESHOLD and JOKER in mine:
            return JOKER  # a joker upcard: no trump, and a joker is as good as a 5
        return min(mine, key=lambda c: self._keep_value(c, value, unseen))

    @staticmethod
    def _sure_winner(strength: int, live: set[int]) -> bool:
        """Whether a trump of this strength wins whatever the others hold among the unseen trumps."""
        if strength == SIX:
            return False
        if strength == FIVE:
            return SIX not in live
        return not any(s > strength for s in live)

    @staticmethod
    def _keep_value(card: int, value, unseen: set[int]) -> float:
        """How much a card is worth keeping: its points (given away when it loses) plus its trick-winning power."""
        if card == JOKER:
            return 2.0
        strength = card % 12
        power = 2.0 * strength / 11
        if strength == SIX and (card - SIX + FIVE) in unseen:
            power = 1.5  # the 6 that can still ambush a 5
        return 1.5 * value(card) + power

    @staticmethod
    def _unseen_ids(state: DemocracyState, player: int, upcard: int) -> np.ndarray:
        """Card ids this player has not seen: not in its hand, not in any won pile or discard, not the upcard.

        Read from the public blocks of the world vector (won piles, discards) and the player's own hand."""
        w, off, n = state.world, state.game.off, state.n
        seen = w[off["captured"]:off["captured"] + n * NUM_KINDS].reshape(n, NUM_KINDS).sum(axis=0)
        seen += w[off["discard"]:off["discard"] + NUM_KINDS]
        seen += w[off["hand"] + player * NUM_KINDS:off["hand"] + (player + 1) * NUM_KINDS]
        seen[upcard] += 1
        return np.flatnonzero(seen < _DECK_COUNTS[n])


_POINTS = np.array(POINTS[:48], dtype=np.float64)


@functools.lru_cache(maxsize=None)
def _card_values(clinched: tuple[bool, ...]) -> tuple[np.ndarray, list[float]]:
    """The worth of capturing each card id: its points, or 0 in a suit someone already clinched (and a joker)."""
    values = np.append(_POINTS * np.repeat(np.logical_not(clinched), 12), 0.0)
    return values, values.tolist()


_DECK_COUNTS = {n: np.array([1] * 48 + [JOKERS_IN_DECK[n]], dtype=np.float32) for n in JOKERS_IN_DECK}


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
