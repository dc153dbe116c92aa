"""Democracy's cards: the deck, card ids and names, points, deal sizes, and who wins a trick.

Cards are ids ``0..48``: ``suit * 12 + strength`` for the 48 suited cards (suits C, D, H, S; strength 0..11 is
the rank order 6 7 8 9 10 J Q K A 3 4 5, low to high) and ``48`` for a joker.
"""
from __future__ import annotations

from ..core.rules import DealError
from ..errors import show

#: The table size the env, the bots and the shipped bot default to (GAME_INFO.default_players).
DEFAULT_PLAYERS = 4
SUITS = "CDHS"
SUIT_NAMES = ("Clubs", "Diamonds", "Hearts", "Spades")
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A", "3", "4", "5")  # low -> high (rulebook L19)
RANK_POINTS = (0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 5)  # L21-26; 25 per suit
JOKER = 48
NUM_KINDS = 49
SIX, FIVE = 0, 11  # strengths of the 6 and the 5
FIRST_DAY_HAND = {2: 12, 3: 8, 4: 6, 5: 4, 6: 4}  # L13-16
JOKERS_IN_DECK = {2: 0, 3: 0, 4: 2, 5: 0, 6: 1}  # L8-11
TRIBES_TO_WIN = 5  # L32
WINNING_POINTS = 13  # L31
POINTS = tuple(RANK_POINTS[c % 12] for c in range(48)) + (0,)  # jokers score nothing (L30)


def card_name(card: int) -> str:
    """The card's name: ``"5S"``, ``"10H"``, ``"JOKER"``."""
    return "JOKER" if card == JOKER else RANKS[card % 12] + SUITS[card // 12]


CARD_NAMES = tuple(card_name(c) for c in range(NUM_KINDS))  # card id -> name, for the events


def parse_card(text) -> int:
    """``"5S"``, ``"10h"``, ``"JOKER"`` (or ``"JK"``) -> card id; anything else raises :class:`DealError`."""
    if not isinstance(text, str):
        raise DealError(f"card {show(text)} is not a string; expected e.g. '5S', '10H', 'QD' or 'JOKER'")
    t = text.strip().upper()
    if t in ("JOKER", "JK"):
        return JOKER
    rank, suit = t[:-1], t[-1:]
    if suit not in SUITS or rank not in RANKS:
        raise DealError(f"unknown card {show(text)}; expected a rank of {'/'.join(RANKS)} and a suit of C/D/H/S "
                        f"(e.g. '5S', '10H'), or 'JOKER' (2s are not in the deck)")
    return SUITS.index(suit) * 12 + RANKS.index(rank)


def deck(num_players: int) -> list[int]:
    """The ``num_players``-player deck as card ids, in id order (jokers last)."""
    return list(range(48)) + [JOKER] * JOKERS_IN_DECK[num_players]


def second_day_hand(num_players: int) -> int:
    """Cards per hand on the second day: the undealt stub split evenly over players + pool (DEM-A2)."""
    stub = len(deck(num_players)) - FIRST_DAY_HAND[num_players] * (num_players + 1)
    return stub // (num_players + 1)


def trick_winner(plays: list[int], upcard: int) -> int | None:
    """The seat that wins a trick, or ``None`` for a tie between different suits (each keeps its own card).

    Rules (L29-30, DEM-A3..A7, A13): the highest trump played wins, except that the 6 of trump wins when the
    5 of trump is also played; the upcard itself never competes; with no trump played the highest rank wins
    whatever its suit, a joker counting as a non-trump 5; equal highest ranks tie.
    """
    trump = -1 if upcard == JOKER else upcard // 12
    if trump >= 0:
        lo, hi = trump * 12, trump * 12 + 12
        best, winner = -1, None
        for seat, card in enumerate(plays):
            if lo <= card < hi and card - lo > best:
                best, winner = card - lo, seat
        if winner is not None:
            if best == FIVE and lo + SIX in plays:
                return plays.index(lo + SIX)
            return winner
    best, winner, tied = -1, None, False
    for seat, card in enumerate(plays):
        strength = FIVE if card == JOKER else card % 12
        if strength > best:
            best, winner, tied = strength, seat, False
        elif strength == best:
            tied = True
    return None if tied else winner
