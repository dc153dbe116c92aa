"""Politrickers cards, suits, parties and actions, and the round's play record: what every module of the game shares.

Cards are ids ``0..44``: ``suit * 10 + value - 1`` for the four main suits (0 Environment, 1 Health, 2 Safety,
3 Welfare; values 1..10, reconstructed, POL-A1), ``40..43`` for the four Economy cards (labels E1..E4,
reconstructed; their values are never read) and ``44`` for Migration.

Actions (one flat ``Discrete(94)``; see ``RULES.md``):

* ``0..43``: play that policy card (face up or face down, as the rules decide; a forced party switch that
  goes with the card happens automatically);
* ``44`` / ``45``: play Migration, moving one of my tokens from the Tails / Claws plate to the other plate;
  ``46``: play Migration with no token of mine on the Libra (no effect);
* ``47 + a``: spend 1 Power Token to switch party first (the paid switch), then do action ``a``.
"""
from __future__ import annotations

from ..errors import DealError, StateFormatError

SUIT_NAMES = ("Environment", "Health", "Safety", "Welfare", "Economy")
SUIT_SHORT = ("Env", "Hea", "Saf", "Wel", "Eco")
ENV, HEALTH, SAFETY, WELFARE, ECONOMY = range(5)
MIGRATION = 44
NUM_CARDS = 45
SUIT = tuple([c // 10 for c in range(40)] + [ECONOMY] * 4 + [-1])
VALUE = tuple([c % 10 + 1 for c in range(40)] + [0] * 4 + [0])  # Economy values are never read (POL-A1)
PARTY_NAMES = ("Tails", "Claws")
TAILS, CLAWS = 0, 1
HAND_SIZE = 9
TRICKS_PER_ROUND = 9  # POL-A26
ROUNDS = 3
TOKENS = 5
PLATE_MAX = 6  # a 7th token collapses the Libra (L142)
VP_FLOOR = -3  # L159
VP_TO_END = 7  # L164

MIG_FROM_TAILS, MIG_FROM_CLAWS, MIG_NO_TOKEN = 44, 45, 46
FLIP = 47  # offset of the "paid switch, then ..." actions
NUM_ACTIONS = 2 * FLIP

# how a legal card is played (internal)
UP, FORCED, DOWN, MIG = 0, 1, 2, 3
MODE_NAMES = ("up", "forced", "down", "migration")
MIG_MOVES = (" Tails->Claws", " Claws->Tails", "")  # the Migration actions 44, 45, 46 in the record


def card_name(card: int) -> str:
    """The short name of a card: ``Env4``, ``Eco2``, ``Mig``."""
    if card == MIGRATION:
        return "Mig"
    if card >= 40:
        return f"Eco{card - 39}"
    return f"{SUIT_SHORT[card // 10]}{card % 10 + 1}"


_CARD_IDS = {card_name(c): c for c in range(NUM_CARDS)}
_PREFIXES = {"en": ENV, "he": HEALTH, "sa": SAFETY, "we": WELFARE, "ec": ECONOMY, "mi": -1}


def parse_card(text) -> int:
    """``"Env4"``, ``"Health 2"``, ``"Wel1"``, ``"Eco3"``, ``"Mig"`` / ``"Migration"`` -> card id."""
    cid = _CARD_IDS.get(text) if isinstance(text, str) else None
    if cid is not None:  # the short names saves use
        return cid
    if not isinstance(text, str):
        raise DealError(f"card {text!r} is not a string; expected e.g. 'Env4', 'Hea2', 'Eco1' or 'Mig'")
    t = text.strip().lower().replace(" ", "")
    letters = t.rstrip("0123456789")
    digits = t[len(letters):]
    suit = _PREFIXES.get(letters[:2], None) if len(letters) >= 2 else None
    if suit is not None:
        full = "migration" if suit < 0 else SUIT_NAMES[suit].lower()
        if not full.startswith(letters):
            suit = None
    if suit is None:
        raise DealError(f"unknown card {text!r}; expected Env/Hea/Saf/Wel + 1..10, Eco + 1..4, or Mig")
    if suit < 0:
        if digits:
            raise DealError(f"unknown card {text!r}: Migration has no number")
        return MIGRATION
    if not digits:
        raise DealError(f"card {text!r} lacks a number")
    v = int(digits)
    top = 4 if suit == ECONOMY else 10
    if not 1 <= v <= top:
        raise DealError(f"card {text!r}: {SUIT_NAMES[suit]} numbers run 1..{top}")
    return 40 + v - 1 if suit == ECONOMY else suit * 10 + v - 1


def deck(num_players: int) -> list[int]:
    """The cards in play (L53, L173): 3p no Health and no 9/10 (29); 4p no 9/10 (37); 5p all 45."""
    top = 10 if num_players == 5 else 8
    suits = (ENV, SAFETY, WELFARE) if num_players == 3 else (ENV, HEALTH, SAFETY, WELFARE)
    return sorted([s * 10 + v for s in suits for v in range(top)] + [40, 41, 42, 43, MIGRATION])


def trick_winner(ups: list[tuple[int, int]]) -> int:
    """The winner of a trick from its face-up policy cards ``(seat, card)`` in play order (L115-127).

    Economy present: the last Economy card wins. Otherwise the suit with the larger sum is the Popular Policy
    (a tie goes to the suit of the last card played) and its lowest card wins.
    """
    eco = -1
    sums: dict[int, int] = {}
    for seat, card in ups:
        s = SUIT[card]
        if s == ECONOMY:
            eco = seat
        sums[s] = sums.get(s, 0) + VALUE[card]
    if eco >= 0:
        return eco
    best = max(sums.values())
    popular = -1
    for seat, card in reversed(ups):  # the last card played among the tied suits
        if sums[SUIT[card]] == best:
            popular = SUIT[card]
            break
    win, low = -1, 99
    for seat, card in ups:
        if SUIT[card] == popular and VALUE[card] < low:
            win, low = seat, VALUE[card]
    return win


# --- letters: the five suits 0..4 and Migration (5), as suit masks --------------------------------------------
# What the others' plays reveal is about letters only (which suits a seat held at some moment): the sampler and the
# positions draw hidden cards by letter.
ALL_SUITS = 0b11111
MIG_BIT = 1 << 5
LETTER = tuple([SUIT[c] for c in range(MIGRATION)] + [5])


def follow_masks(q: int, rp: int, rs: int, os_: int) -> tuple[int, int]:
    """The suit masks ``(own, other)`` of the follow rules for a non-leading player of party ``q`` (Ruling Party
    ``rp``, Ruling Suit ``rs``, Opposition Suit ``os_``): it must play ``own`` if it holds any, else (forced
    switch) ``other`` if it holds any, else a card face down."""
    if q == rp:
        return 1 << rs, (ALL_SUITS if os_ < 0 else 1 << os_)
    if os_ < 0:
        return ALL_SUITS & ~(1 << rs), ALL_SUITS
    return 1 << os_, 1 << rs


# --- the play record of a round ----------------------------------------------------------------------------------
# An entry is ``(seat, action, mode, party before, Ruling Party, Ruling Suit, Opposition Suit before)``: all public
# but a face-down card's identity.
def public_entry(e: tuple) -> tuple:
    """A play-record entry as every seat saw it: ``(seat, paid switch, card shown (-1 face down, 44 Migration),
    mode, party before, Ruling Party, Ruling Suit, Opposition Suit)``."""
    seat, action, mode, q, rp, rs, os_ = e
    shown = -1 if mode == DOWN else (MIGRATION if mode == MIG else action % FLIP)
    return seat, action >= FLIP, shown, mode, q, rp, rs, os_


def fill_face_down(st) -> None:
    """Put each seat's face-down cards (the last ones it played) into its face-down entries of the record."""
    log = st.log
    for s in range(st.n):
        idx = [i for i, e in enumerate(log) if e[0] == s and e[2] == DOWN]
        cards = st.hidden[s] + ([st.plays[s]] if st.down[s] else [])
        if len(idx) > len(cards):
            raise StateFormatError(f"politrickers: round_plays shows more face-down plays of seat {s} than it "
                                   f"has face-down cards")
        for i, c in zip(idx, cards[len(cards) - len(idx):]):
            e = log[i]
            log[i] = (s, c + (FLIP if e[1] >= FLIP else 0), *e[2:])


def is_int(v) -> bool:
    """Whether ``v`` is an int and not a bool (the checks of saved states and positions)."""
    return isinstance(v, int) and not isinstance(v, bool)
