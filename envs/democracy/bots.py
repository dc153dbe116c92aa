"""Scripted Democracy baselines. They read only their own hand and the public table (DEM-A9)."""
from __future__ import annotations

from ..core.bots import Bot, RandomBot
from .rules import FIVE, JOKER, JOKERS_IN_DECK, NUM_KINDS, POINTS, SIX, WINNING_POINTS, DemocracyState

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
        clinched = [any(pts[s] >= WINNING_POINTS for pts in state.points) for s in range(4)]

        def value(card: int) -> float:
            return 0.0 if card == JOKER or clinched[card // 12] else float(POINTS[card])

        unseen = self._unseen(state, player, upcard)
        suited = [c for c in unseen if c != JOKER]
        avg = sum(value(c) for c in suited) / len(suited) if suited else 0.0
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
    def _unseen(state: DemocracyState, player: int, upcard: int) -> set[int]:
        """Cards this player has not seen: not in its hand, not in any won pile or discard, not the upcard."""
        seen = [0] * NUM_KINDS
        for pile in state.captured:
            for c in range(NUM_KINDS):
                seen[c] += pile[c]
        for c in state.discards:
            seen[c] += 1
        seen[upcard] += 1
        hand = state.hands[player]
        for c in range(NUM_KINDS):
            seen[c] += hand[c]
        total = [1] * 48 + [JOKERS_IN_DECK[state.n]]
        return {c for c in range(NUM_KINDS) if seen[c] < total[c]}


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
