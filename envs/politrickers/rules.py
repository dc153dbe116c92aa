"""Politrickers (``politrickers.txt``): the rules module. Plain Python; readings of unclear text in ``RULES.md``.

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

import random

import numpy as np

from ..core.rules import DealError, Game, StateFormatError, new_rng, shuffle, rng_from_json, rng_to_json
from ..core.world import WorldLayout, WorldState, clockwise_from, field_table

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

DERIVED_BASE = 5 + NUM_CARDS + 2  # observation block computed at observe time (+ n for trick_winning)

# how a legal card is played (internal)
UP, FORCED, DOWN, MIG = 0, 1, 2, 3
MODE_NAMES = ("up", "forced", "down", "migration")
_MIG_MOVES = (" Tails->Claws", " Claws->Tails", "")  # the Migration actions 44, 45, 46 in the record


def card_name(card: int) -> str:
    if card == MIGRATION:
        return "Mig"
    if card >= 40:
        return f"Eco{card - 39}"
    return f"{SUIT_SHORT[card // 10]}{card % 10 + 1}"


_CARD_IDS = {card_name(c): c for c in range(NUM_CARDS)}
# for the events: each card's name, its suit's name and its worth in a trick's sums (Economy counts 1 a card)
_NAME = tuple(card_name(c) for c in range(NUM_CARDS))
_SUIT_NAME = tuple(SUIT_NAMES[SUIT[c]] for c in range(MIGRATION)) + ("Migration",)
_WORTH = tuple(VALUE[c] if SUIT[c] != ECONOMY else 1 for c in range(NUM_CARDS))
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


def _log_from_json(e, n: int) -> tuple:
    """One ``round_plays`` entry ``[seat, card or null, mode, paid, party, ruling party, ruling suit, opposition
    suit]`` -> the internal log tuple."""
    seat, card, mode, paid, q, rp, rs, os_ = e
    move = ""
    if isinstance(mode, str) and mode.startswith("migration"):
        mode, move = "migration", mode[len("migration"):]
        if move not in _MIG_MOVES:
            raise StateFormatError(f"politrickers: round_plays entry {e!r} is malformed")
    mode = MODE_NAMES.index(mode)
    shown = -1 if card is None else parse_card(card)
    if (type(seat) is not int or type(q) is not int or type(rp) is not int or type(rs) is not int
            or type(os_) is not int or type(paid) is not bool or not 0 <= seat < n or q not in (0, 1)
            or rp not in (-1, 0, 1) or not -1 <= rs < 5 or not -1 <= os_ < 5 or (shown < 0) != (mode == DOWN)
            or (shown == MIGRATION) != (mode == MIG)):
        raise StateFormatError(f"politrickers: round_plays entry {e!r} is malformed")
    action = (shown if shown >= 0 else 0) + (FLIP if paid else 0)  # a face-down card is filled in on load
    if mode == MIG:
        action = _MIG_MOVES.index(move) + MIG_FROM_TAILS + (FLIP if paid else 0)
    return (seat, action, mode, q, rp, rs, os_)


def _log_to_json(e: tuple) -> list:
    seat, paid, shown, mode, q, rp, rs, os_ = _public_entry(e)
    name = MODE_NAMES[mode]
    if mode == MIG:
        name += _MIG_MOVES[e[1] % FLIP - MIG_FROM_TAILS]
    return [seat, None if shown < 0 else card_name(shown), name, paid, q, rp, rs, os_]


def _fill_face_down(st: "PolitrickersState") -> None:
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


# --- information-set sampling (see RULES.md) ---------------------------------------------------------------
# Cards are drawn by *letter*: the five suits 0..4 and Migration (5). Every constraint the others' plays reveal is
# about letters only (which suits a seat held at some moment), so a deal is uniform among the consistent ones iff
# its letter word (the letter in each hidden place) is uniform among the consistent words and the cards of each
# letter are then spread uniformly over that letter's places.
_ALL5 = 0b11111
_MIG_BIT = 1 << 5
_LETTER = tuple([SUIT[c] for c in range(MIGRATION)] + [5])
_FACT = [1]
for _i in range(1, NUM_CARDS + 1):
    _FACT.append(_FACT[-1] * _i)
_COUNT_CACHE: dict = {}  # (plan, letter counts) -> memo of consistent-word counts; cleared when it grows large
_CACHE_MAX = 256
_REJECT_TRIES = 100  # draws under the voids alone before the exact draw under every holding check


def _public_entry(e: tuple) -> tuple:
    """A play-record entry as every seat saw it: ``(seat, paid switch, card shown (-1 face down, 44 Migration),
    mode, party before, Ruling Party, Ruling Suit, Opposition Suit)``."""
    seat, action, mode, q, rp, rs, os_ = e
    shown = -1 if mode == DOWN else (MIGRATION if mode == MIG else action % FLIP)
    return seat, action >= FLIP, shown, mode, q, rp, rs, os_


def _classes(q: int, rp: int, rs: int, os_: int) -> tuple[int, int]:
    """The suit masks ``(own, other)`` of ``_split`` for a non-leading player of party ``q``: it must play
    ``own`` if it holds any, else (forced switch) ``other`` if it holds any, else a card face down."""
    if q == rp:
        return 1 << rs, (_ALL5 if os_ < 0 else 1 << os_)
    if os_ < 0:
        return _ALL5 & ~(1 << rs), _ALL5
    return 1 << os_, 1 << rs


def _sampling_plan(st: "PolitrickersState", player: int, seats: list[int], fd_count: list[int]):
    """The hidden places of ``player``'s information set and what the plays of this round say about them.

    Returns ``(steps, dests, tail)``: ``steps`` is the program the counting walk runs, ``("slot", mask, track)``
    for a place that takes one letter of ``mask`` (``track``: suit bits to remember for later checks) and
    ``("check", bits, allowed, reset)`` for a holding condition; ``dests`` names each slot step's place;
    ``tail`` the places with no restriction at all, filled last by a plain shuffle.
    """
    by_seat: dict[int, list[tuple]] = {s: [] for s in seats}
    for e in st.log:
        if e[0] != player:
            by_seat[e[0]].append(_public_entry(e))
    steps: list[tuple] = []
    dests: list[tuple] = []
    free: list[tuple] = []  # (mask, dest) of places not tied to any holding check
    for s in seats:
        ents = by_seat[s]
        m = len(ents)
        void = 0
        voids = [0] * m  # the voids known at each play of s (they hold for every later holding of s)
        for j, (_, paid, shown, mode, q0, rp, rs, os_) in enumerate(ents):
            if rs >= 0 and mode in (FORCED, DOWN):
                own, other = _classes(1 - q0 if paid else q0, rp, rs, os_)
                void |= own if mode == FORCED else own | other
            voids[j] = void
        known = [0] * (m + 1)  # suits s played face up at or after each of its plays
        for j in range(m - 1, -1, -1):
            shown = ents[j][2]
            known[j] = known[j + 1] | (1 << SUIT[shown] if 0 <= shown < MIGRATION else 0)
        checks: list[list[tuple]] = [[] for _ in range(m)]
        track = 0
        for j, (_, paid, shown, mode, q0, rp, rs, os_) in enumerate(ents):
            if not paid or rs < 0:
                continue
            # a paid switch by a non-leader was legal: no forced switch before it (POL-A5.3) and, when the play
            # after it shows nothing (Migration), none after it either (POL-A5.5)
            q1 = 1 - q0
            for q in ((q0, q1) if mode == MIG else (q0,)):
                own, other = _classes(q, rp, rs, os_)
                bits = (own | other) & ~voids[j] & ~known[j]
                sure = known[j] & (own | other)
                allowed = 0
                u = bits
                while True:  # every subset u of bits: is "the unknown cards of s bring suits u" consistent?
                    v = u | sure
                    if v & own or not v & other:
                        allowed |= 1 << u
                    if u == 0:
                        break
                    u = (u - 1) & bits
                full = 0
                u = bits
                while True:
                    full |= 1 << u
                    if u == 0:
                        break
                    u = (u - 1) & bits
                if allowed == full:
                    continue
                if not allowed:
                    raise ValueError("politrickers: the play record contradicts itself; cannot sample")
                checks[j].append((bits, allowed))
                track |= bits
        # the places of s in reverse play order: hand, then face-down cards from the latest back
        logged = sum(1 for e in ents if e[3] == DOWN)
        unlogged = fd_count[s] - logged
        if unlogged < 0:
            raise ValueError(f"politrickers: the play record shows more face-down plays of seat {s} than it has")
        seq: list[tuple] = []  # ("slot", mask, dest) / ("check", bits, allowed)
        hand_mask = (_ALL5 & ~void) | _MIG_BIT
        for i in range(len(st.hands[s])):
            seq.append(("slot", hand_mask, (0, s, i)))
        fd_index = fd_count[s]
        for j in range(m - 1, -1, -1):
            if ents[j][3] == DOWN:
                fd_index -= 1
                seq.append(("slot", _ALL5 & ~voids[j], (1, s, fd_index)))
            for bits, allowed in checks[j]:
                seq.append(("check", bits, allowed))
        for i in range(unlogged):
            seq.append(("slot", _ALL5, (1, s, i)))
        last = max((i for i, x in enumerate(seq) if x[0] == "check"), default=-1)
        for i, x in enumerate(seq):
            if i > last:
                free.append((x[1], x[2]))
            elif x[0] == "slot":
                steps.append(("slot", x[1], track))
                dests.append(x[2])
            else:
                steps.append(("check", x[1], x[2], i == last))
    tail: list[tuple] = []
    letters = 0
    for s in seats:
        for c in st.hands[s]:
            letters |= 1 << _LETTER[c]
        for c in st.hidden[s]:
            letters |= 1 << _LETTER[c]
        if st.down[s]:
            letters |= 1 << _LETTER[st.plays[s]]
    for c in st.leftovers:
        letters |= 1 << _LETTER[c]
    restricted = []
    for mask, dest in free:
        if mask & letters == letters:
            tail.append(dest)
        else:
            restricted.append((mask, dest))
    restricted.sort(key=lambda x: x[0])
    pre = [("slot", mask, 0) for mask, _ in restricted]
    steps = pre + steps
    dests = [d for _, d in restricted] + dests
    tail += [(2, -1, i) for i in range(len(st.leftovers))]
    return steps, dests, tail


def _draw(pool: list[int], steps: list[tuple], tail_len: int, rng: random.Random) -> list[int]:
    """A uniformly random deal of ``pool`` onto the slot steps (in order), then the tail places, fitting every void
    (slot mask) and every holding check of ``steps``.

    The voids alone keep the exact count small; the holding checks (what a non-leader's paid switch showed it
    held) multiply it by the suits they track. So first draw exactly under the voids alone and keep the first draw
    that also passes the checks (rejection: uniform among the deals that pass), and only after ``_REJECT_TRIES``
    misses draw exactly under everything. Either way the deal is uniform among the consistent ones, so the
    mixture is too.
    """
    counts = [0] * 6
    letter = _LETTER
    for c in pool:
        counts[letter[c]] += 1
    counts = tuple(counts)
    if not any(st[0] == "check" for st in steps):
        return _walk(_plan_for(tuple(steps), counts, tail_len), pool, rng)
    voids_only = _plan_for(tuple(("slot", st[1], 0) for st in steps if st[0] == "slot"), counts, tail_len)
    for _ in range(_REJECT_TRIES):
        cards = _walk(voids_only, pool, rng)
        pres, i, ok = 0, 0, True
        for st in steps:
            if st[0] == "slot":
                pres |= (1 << letter[cards[i]]) & st[2]
                i += 1
            else:
                if not (st[2] >> (pres & st[1])) & 1:
                    ok = False
                    break
                if st[3]:
                    pres = 0
        if ok:
            return cards
    return _walk(_plan_for(tuple(steps), counts, tail_len), pool, rng)


class _Plan:
    """The counting tables for one sampling program and one hand of hidden letters (cached: a search samples the
    same position again and again).

    Letters that no step tells apart (the same places allowed, never tracked) are merged into one class (a uniform
    word over classes, then a uniform spread of each class's cards over its places, is still uniform).
    ``count(i, r, pres)`` is the number of class words for steps ``i..`` and the tail, with class counts ``r``
    left (6 bits per class) and suit bits ``pres`` seen so far among the current seat's checked places.
    """

    def __init__(self, steps: tuple, counts: tuple, tail_len: int):
        tracked = 0
        for st in steps:
            if st[0] == "slot":
                tracked |= st[2]
        groups: list[list[int]] = []
        sig: dict = {}
        for x in range(6):
            if not counts[x]:
                continue
            key = ("tracked", x) if tracked >> x & 1 else tuple(st[1] >> x & 1 for st in steps if st[0] == "slot")
            if key in sig:
                groups[sig[key]].append(x)
            else:
                sig[key] = len(groups)
                groups.append([x])
        self.cls = [-1] * 6
        for g, xs in enumerate(groups):
            for x in xs:
                self.cls[x] = g
        compiled = []
        for st in steps:
            if st[0] == "slot":
                mask, track = st[1], st[2]
                compiled.append((0, tuple((6 * g, (1 << xs[0]) & track if len(xs) == 1 else 0)
                                          for g, xs in enumerate(groups) if mask >> xs[0] & 1)))
            else:
                compiled.append((1, st[1], st[2], st[3]))
        self.compiled = compiled
        self.ncls = len(groups)
        self.code = sum(sum(counts[x] for x in xs) << (6 * g) for g, xs in enumerate(groups))
        self.trivial = not steps
        memo: dict = {}
        nsteps = len(compiled)
        fact = _FACT
        shifts = range(0, 6 * len(groups), 6)

        def count(i: int, code: int, pres: int) -> int:
            k = (code << 11) | (pres << 6) | i
            v = memo.get(k)
            if v is not None:
                return v
            if i == nsteps:
                v = fact[tail_len]
                for sh in shifts:
                    v //= fact[(code >> sh) & 63]
            else:
                st = compiled[i]
                if st[0] == 0:
                    v = 0
                    for sh, bit in st[1]:
                        if (code >> sh) & 63:
                            v += count(i + 1, code - (1 << sh), pres | bit)
                elif (st[2] >> (pres & st[1])) & 1:
                    v = count(i + 1, code, 0 if st[3] else pres)
                else:
                    v = 0
            memo[k] = v
            return v

        self.count, self.memo = count, memo
        if count(0, self.code, 0) == 0:
            raise ValueError("politrickers: no deal fits the play record; cannot sample")


def _plan_for(steps: tuple, counts: tuple, tail_len: int) -> _Plan:
    key = (steps, counts)
    plan = _COUNT_CACHE.get(key)
    if plan is None:
        if len(_COUNT_CACHE) >= _CACHE_MAX:
            _COUNT_CACHE.clear()
        plan = _COUNT_CACHE[key] = _Plan(steps, counts, tail_len)
    return plan


def _walk(plan: _Plan, pool: list[int], rng: random.Random) -> list[int]:
    """One uniformly random consistent deal for ``plan``: the cards of its slot steps in order, then the tail's.
    Each slot's class is picked with probability proportional to the number of consistent words it leaves, so
    every consistent word is equally likely; each slot then takes a uniformly random card of its class (drawn
    without replacement) and the tail a uniform shuffle of the rest."""
    if plan.trivial:
        rest = pool[:]
        shuffle(rng, rest)  # rng.shuffle(rest), inlined
        return rest
    by_class: list[list[int]] = [[] for _ in range(plan.ncls)]
    cls, letter = plan.cls, _LETTER
    for c in pool:
        by_class[cls[letter[c]]].append(c)
    count, below = plan.count, rng.randrange
    code, pres = plan.code, 0
    out: list[int] = []
    for i, st in enumerate(plan.compiled):
        if st[0] == 0:
            pick = below(count(i, code, pres))
            for sh, bit in st[1]:
                if (code >> sh) & 63:
                    nxt, npres = code - (1 << sh), pres | bit
                    pick -= count(i + 1, nxt, npres)
                    if pick < 0:
                        break
            code, pres = nxt, npres
            cs = by_class[sh // 6]  # a uniformly random card of the class
            j = below(len(cs))
            cs[j], cs[-1] = cs[-1], cs[j]
            out.append(cs.pop())
        elif st[3]:
            pres = 0
    rest = [c for cs in by_class for c in cs]
    shuffle(rng, rest)
    return out + rest


class PolitrickersGame(Game):
    """Politrickers for 3-5 players."""

    name = "politrickers"
    observation_version = 2  # 2: the derived block (trick_sum, trick_winning, card_wins_now, plate_total)
    min_players = 3
    max_players = 5
    OPTIONS = {}

    def __init__(self, num_players: int = 4, **options):
        super().__init__(num_players, **options)
        n, k = self.num_players, NUM_CARDS
        self.num_actions = NUM_ACTIONS
        self.deck = deck(n)
        self.in_deck = [False] * NUM_CARDS
        for c in self.deck:
            self.in_deck[c] = True
        self.layout = WorldLayout([
            ("hand", n * k), ("hidden", n * k), ("party", n * 2), ("chair", n), ("trick_card", n * k),
            ("trick_down", n), ("trick_played", n), ("down_count", n), ("libra", 2 * n), ("unspent", n),
            ("spent", n), ("vp", n), ("round_vp", n), ("ruling_party", 2), ("ruling_suit", 5), ("opp_suit", 5),
            ("seen", k), ("round", ROUNDS), ("trick", 1)])
        self.off, self.world_size = self.layout.off, self.layout.size
        self.views = [self._view_index(p) for p in range(n)]
        self.base_size = len(self.views[0])  # the gathered part; the derived block follows it
        self.observation_size = self.base_size + DERIVED_BASE + n
        self.fields = self._field_table()
        self._names = [self._action_name(a) for a in range(NUM_ACTIONS)]

    def _view_index(self, p: int) -> np.ndarray:
        n, k, lay = self.num_players, NUM_CARDS, self.layout
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

    def _field_table(self):
        n, k = self.num_players, NUM_CARDS
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

    @staticmethod
    def _action_name(action: int) -> str:
        pre = ""
        if action >= FLIP:
            pre, action = "pay 1 token to switch party, then ", action - FLIP
        if action == MIG_FROM_TAILS:
            return pre + "play Mig (move my token Tails->Claws)"
        if action == MIG_FROM_CLAWS:
            return pre + "play Mig (move my token Claws->Tails)"
        if action == MIG_NO_TOKEN:
            return pre + "play Mig (no token of mine on the Libra)"
        return pre + "play " + card_name(action)

    def action_name(self, action: int) -> str:
        return self._names[action]

    # --- states ----------------------------------------------------------------------------------
    def new_initial_state(self, seed=None, deal=None) -> "PolitrickersState":
        st = PolitrickersState(self, new_rng(seed))
        if deal is None:
            st._start_round(st.rng.randrange(self.num_players))
        else:
            st._deal_custom(deal)
        return st

    def state_from_json(self, data: dict) -> "PolitrickersState":
        return PolitrickersState.from_json(self, data)

    def state_from_position(self, position: dict, seed=None) -> "PolitrickersState":
        """A state from a position: any point of a round, written as RULES.md "Positions" says (hands, parties,
        Power Tokens, the Libra, the Chair, the tricks so far face up or face down, the current trick, leftovers,
        a stacked deck for the next deal); what it leaves out is drawn from ``seed``. Raises ``PositionError``
        naming the field and what was expected."""
        from .positions import state_from_position
        return state_from_position(self, position, seed)

    def describe_event(self, event: dict) -> str:
        """One line of table talk for an event (RULES.md, "Events"); seat views and the omniscient view alike."""
        from .positions import describe_event
        return describe_event(event)


class PolitrickersState(WorldState):
    """One game of Politrickers in progress."""

    def __init__(self, game: PolitrickersGame, rng):
        n = game.num_players
        self.game = game
        self.rng = rng
        self.n = n
        self.round = 0  # 0-based
        self.tricks_done = 0
        self.trick_start = 0  # the seat that opened this trick (play order runs clockwise from it)
        self.leader = 0  # the current Chair (moves on after a Migration lead, L111)
        self.turn = 0  # cards played to this trick
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.leftovers: list[int] = []
        self.party = [0] * n
        self.ruling_party = -1
        self.ruling_suit = -1
        self.opp_suit = -1
        self.plays = [-1] * n  # card each seat played to this trick
        self.down = [False] * n  # whether it was face down
        self.ups: list[tuple[int, int]] = []  # face-up policy cards (seat, card) in play order
        self.seen: list[int] = []  # face-up cards (and Migration) of completed tricks this round
        self.hidden: list[list[int]] = [[] for _ in range(n)]  # face-down cards of completed tricks, per seat
        self.tokens = [TOKENS] * n
        self.spent = [0] * n
        self.libra = [[0] * n, [0] * n]  # plate -> owner -> tokens
        self.plate = [0, 0]
        self.tricks_won = [0] * n
        self.vp = [0] * n
        self.round_vp = [0] * n
        self.last_winner = 0
        self.history: list[dict] = []
        self.finished = False
        self.truncated = False
        self._winners: list[int] = []
        self.score_version = 0
        self.event_log = []
        self.world = np.zeros(game.world_size, dtype=np.float32)
        self._modes: dict[int, int] | None = None
        self._legal: list[int] = []
        # the plays of this round, public facts only (see ``_log_entry``); the sampler reads voids from it
        self.log: list[tuple] = []
        self.next_decks: tuple = ()  # stacked deck orders for the next deals (a position's "deck"), oldest first

    @property
    def rng(self) -> random.Random:
        """This game's RNG (for deals). After ``clone()`` the two states share one untouched RNG object until
        either uses its own: it first takes a private copy, so neither sees the other's draws."""
        if self._rng_shared:
            r = random.Random.__new__(random.Random)
            r.setstate(self._rng.getstate())
            self._rng, self._rng_shared = r, False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self._rng_shared = value, False

    # --- dealing -----------------------------------------------------------------------------------
    def _start_round(self, chair: int, world: bool = True) -> None:
        if self.next_decks:  # a stacked deck (position "deck"): dealt in order, 9 cards to each seat from seat 0
            cards, self.next_decks = list(self.next_decks[0]), self.next_decks[1:]
        else:
            cards = list(self.game.deck)
            shuffle(self.rng, cards)
        n = self.n
        hands = [sorted(cards[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(n)]
        self._setup_round(chair, hands, cards[n * HAND_SIZE:], world=world)
        if self.record_events:
            self._round_start_event()

    def _setup_round(self, chair: int, hands, leftovers, parties=None, world: bool = True) -> None:
        n = self.n
        self.hands = [list(h) for h in hands]
        self.leftovers = sorted(leftovers)
        # POL-A3: the Chair shows Tails, the others alternate clockwise
        self.party = [0] * n
        for i in range(n):
            self.party[(chair + i) % n] = i % 2
        if parties is not None:
            self.party = list(parties)
        self.tokens = [TOKENS] * n
        self.spent = [0] * n
        self.libra = [[0] * n, [0] * n]
        self.plate = [0, 0]
        self.tricks_won = [0] * n
        self.seen = []
        self.hidden = [[] for _ in range(n)]
        self.log = []
        self.tricks_done = 0
        self.last_winner = chair
        self._start_trick(chair)
        if world:
            self._rebuild_world()

    def _start_trick(self, chair: int) -> None:
        self.trick_start = self.leader = chair
        self.turn = 0
        self.ruling_party = self.ruling_suit = self.opp_suit = -1
        self.plays = [-1] * self.n
        self.down = [False] * self.n
        self.ups = []
        self._modes = None

    def _deal_custom(self, deal: dict) -> None:
        n, g = self.n, self.game
        if not isinstance(deal, dict):
            raise DealError(f"politrickers: a deal must be a dict with 'hands', got {type(deal).__name__}")
        known = {"hands", "chair", "parties", "tokens", "spent", "libra", "vp", "round"}
        unknown = set(deal) - known
        if unknown:
            raise DealError(f"politrickers: unknown deal key(s) {sorted(unknown)}; expected {sorted(known)}")

        def ints(key, default, lo, hi):
            val = deal.get(key, default)
            if (not isinstance(val, (list, tuple)) or len(val) != n
                    or any(isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi for v in val)):
                raise DealError(f"politrickers {n}p: {key} must be {n} ints in {lo}..{hi}, got {val!r}")
            return list(val)

        hands = deal.get("hands")
        if not isinstance(hands, (list, tuple)) or len(hands) != n:
            raise DealError(f"politrickers {n}p: hands must be a list of {n} hands")
        if any(not isinstance(h, (list, tuple)) for h in hands):
            raise DealError(f"politrickers {n}p: each hand must be a list of card names")
        size = len(hands[0])
        if not 1 <= size <= HAND_SIZE or any(len(h) != size for h in hands):
            raise DealError(f"politrickers {n}p: hands must all hold the same number of cards, 1..{HAND_SIZE}, "
                            f"got sizes {[len(h) for h in hands]}")
        used = [False] * NUM_CARDS
        ids = []
        for p, h in enumerate(hands):
            row = []
            for i, c in enumerate(h):
                try:
                    cid = parse_card(c)
                except DealError as exc:
                    raise DealError(f"politrickers {n}p: hands[{p}][{i}]: {exc}") from None
                if not g.in_deck[cid]:
                    raise DealError(f"politrickers {n}p: card {card_name(cid)} is not in the {n}-player deck")
                if used[cid]:
                    raise DealError(f"politrickers {n}p: card {card_name(cid)} is dealt more than once")
                used[cid] = True
                row.append(cid)
            ids.append(sorted(row))
        chair = deal.get("chair")
        if chair is None:
            chair = self.rng.randrange(n)
        if isinstance(chair, bool) or not isinstance(chair, int) or not 0 <= chair < n:
            raise DealError(f"politrickers {n}p: chair={chair!r}; expected a seat 0..{n - 1}")
        parties = deal.get("parties")
        if parties is not None:
            if not isinstance(parties, (list, tuple)) or len(parties) != n:
                raise DealError(f"politrickers {n}p: parties must list {n} of 'Tails'/'Claws'")
            conv = []
            for x in parties:
                if isinstance(x, bool) or not isinstance(x, (str, int)):
                    raise DealError(f"politrickers: party {x!r}; expected 'Tails' or 'Claws'")
                if x in ("Tails", "T", 0):
                    conv.append(TAILS)
                elif x in ("Claws", "C", 1):
                    conv.append(CLAWS)
                else:
                    raise DealError(f"politrickers: party {x!r}; expected 'Tails' or 'Claws'")
            parties = conv
        tokens = ints("tokens", [TOKENS] * n, 0, TOKENS)
        spent = ints("spent", [0] * n, 0, TOKENS)
        libra = deal.get("libra", {})
        if not isinstance(libra, dict) or set(libra) - {"Tails", "Claws"}:
            raise DealError("politrickers: libra must be a dict with 'Tails' and/or 'Claws' (tokens per owner)")
        plates = []
        for key in ("Tails", "Claws"):
            val = libra.get(key, [0] * n)
            if (not isinstance(val, (list, tuple)) or len(val) != n
                    or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= TOKENS for v in val)):
                raise DealError(f"politrickers {n}p: libra[{key!r}] must be {n} ints in 0..{TOKENS}, got {val!r}")
            plates.append(list(val))
        vp = ints("vp", [0] * n, VP_FLOOR, VP_TO_END - 1)
        rnd = deal.get("round", 1)
        if isinstance(rnd, bool) or not isinstance(rnd, int) or not 1 <= rnd <= ROUNDS:
            raise DealError(f"politrickers: round={rnd!r}; expected 1..{ROUNDS}")
        for p in range(n):
            if tokens[p] + spent[p] + plates[0][p] + plates[1][p] != TOKENS:
                raise DealError(f"politrickers: seat {p} must hold {TOKENS} tokens in all (unspent + spent + "
                                f"on the Libra)")
        for plate in plates:
            if sum(plate) > PLATE_MAX:
                raise DealError(f"politrickers: a plate holds at most {PLATE_MAX} tokens")
        done = HAND_SIZE - size
        if sum(plates[0]) + sum(plates[1]) != done:
            raise DealError(f"politrickers: with {size} cards in hand, {done} tricks are done, so the Libra must "
                            f"hold {done} tokens in all")
        rest = [c for c in g.deck if not used[c]]
        self._setup_round(chair, ids, rest, parties)
        self.round = rnd - 1
        self.vp = vp
        self.tokens, self.spent = tokens, spent
        self.libra = [plates[0], plates[1]]
        self.plate = [sum(plates[0]), sum(plates[1])]
        self.tricks_won = [plates[0][p] + plates[1][p] for p in range(n)]
        self.tricks_done = done
        self._rebuild_world()
        if self.record_events:
            self._round_start_event()

    # --- legality ------------------------------------------------------------------------------------
    def _split(self, q: int, cards: list[int]):
        """The cards a player of party ``q`` may play now, how, and whether a forced switch applies."""
        rs, os_ = self.ruling_suit, self.opp_suit
        if q == self.ruling_party:
            own = [c for c in cards if SUIT[c] == rs]
            if own:
                return own, UP, False
            other = cards if os_ < 0 else [c for c in cards if SUIT[c] == os_]
        elif os_ < 0:
            own = [c for c in cards if SUIT[c] != rs]
            if own:
                return own, UP, False
            other = cards
        else:
            own = [c for c in cards if SUIT[c] == os_]
            if own:
                return own, UP, False
            other = [c for c in cards if SUIT[c] == rs]
        if other:
            return other, FORCED, True
        return cards, DOWN, False

    def _legal_parts(self, p: int) -> tuple:
        """The legal moves of seat ``p`` (to move) as runs in action order: ``(cards, mode, migration actions,
        cards after a paid switch or None (no paid switch), their mode)``; a Migration action's mode is ``MIG``,
        and after a paid switch the Migration actions come again (``FLIP + a``)."""
        hand = self.hands[p]
        has_mig = bool(hand) and hand[-1] == MIGRATION  # Migration (id 44) sorts last
        cards = hand[:-1] if has_mig else hand
        flip_cards, flip_mode, can_flip = cards, UP, self.tokens[p] > 0
        if self.ruling_suit < 0:  # leading: any policy card, face up
            own, mode = cards, UP
        else:
            q = self.party[p]
            own, mode, forced = self._split(q, cards)
            if can_flip:
                if forced:  # POL-A5.3: no paid switch when a forced one applies
                    can_flip = False
                else:
                    flip_cards, flip_mode, forced2 = self._split(1 - q, cards)
                    can_flip = not forced2  # POL-A5.5: no switch that would force a switch back
        mig_actions: tuple = ()
        if has_mig:
            t, c = self.libra[TAILS][p], self.libra[CLAWS][p]
            if t:
                mig_actions += (MIG_FROM_TAILS,)
            if c:
                mig_actions += (MIG_FROM_CLAWS,)
            if not (t or c):
                mig_actions = (MIG_NO_TOKEN,)
        return own, mode, mig_actions, (flip_cards if can_flip else None), flip_mode

    def _compute_legal(self) -> None:
        own, mode, mig_actions, flip_cards, flip_mode = self._legal_parts((self.trick_start + self.turn) % self.n)
        modes: dict[int, int] = dict.fromkeys(own, mode)
        for a in mig_actions:
            modes[a] = MIG
        if flip_cards is not None:
            for c in flip_cards:
                modes[FLIP + c] = flip_mode
            for a in mig_actions:
                modes[FLIP + a] = MIG
        self._modes = modes
        self._legal = list(modes)

    # --- the State interface -----------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.finished else (self.trick_start + self.turn) % self.n

    def is_terminal(self) -> bool:
        return self.finished

    def legal_actions(self) -> list[int]:
        if self.finished:
            return []
        if self._modes is None:
            self._compute_legal()
        return list(self._legal)

    def is_legal(self, action: int) -> bool:
        if self.finished:
            return False
        if self._modes is None:
            self._compute_legal()
        return action in self._modes

    def legal_mask(self) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if not self.finished:
            if self._modes is None:
                self._compute_legal()
            mask[self._legal] = 1
        return mask

    def apply_unchecked(self, action: int) -> None:
        if self._modes is None:
            self._compute_legal()
        mode = self._modes[action]
        self._modes = None
        n = self.n
        p = (self.trick_start + self.turn) % n
        w, off = self.world, self.game.off
        # the play record: (seat, action, how it was played, party before it, Ruling Party, Ruling Suit, Opposition
        # Suit before it); all public but a face-down card's identity (see ``_public_entry``)
        self.log.append((p, action, mode, self.party[p], self.ruling_party, self.ruling_suit, self.opp_suit))
        if action >= FLIP:
            action -= FLIP
            self.tokens[p] -= 1
            self.spent[p] += 1
            w[off["unspent"] + p] = self.tokens[p] / TOKENS
            w[off["spent"] + p] = self.spent[p] / TOKENS
            self._flip(p)
        self.turn += 1
        w[off["trick_played"] + p] = 1
        if mode == MIG:
            self.hands[p].pop()  # Migration sorts last
            self.plays[p] = MIGRATION
            w[off["hand"] + p * NUM_CARDS + MIGRATION] = 0
            w[off["trick_card"] + p * NUM_CARDS + MIGRATION] = 1
            if self.ruling_suit < 0:  # a Migration lead passes the chair (L111)
                w[off["chair"] + self.leader] = 0
                self.leader = (p + 1) % n
                w[off["chair"] + self.leader] = 1
            if action != MIG_NO_TOKEN:
                src = TAILS if action == MIG_FROM_TAILS else CLAWS
                dst = 1 - src
                self.libra[src][p] -= 1
                self.libra[dst][p] += 1
                self.plate[src] -= 1
                self.plate[dst] += 1
                w[off["libra"] + src * n + p] = self.libra[src][p] / 7.0
                w[off["libra"] + dst * n + p] = self.libra[dst][p] / 7.0
                if self.record_events:
                    self._libra_event(p, "moved", dst)
                if self.plate[dst] > PLATE_MAX:
                    self._end_round("collapse", dst)
                    return
        else:
            self.hands[p].remove(action)
            self.plays[p] = action
            w[off["hand"] + p * NUM_CARDS + action] = 0
            if mode == DOWN:
                self.down[p] = True
                w[off["trick_down"] + p] = 1
            else:
                if mode == FORCED:
                    self._flip(p)
                w[off["trick_card"] + p * NUM_CARDS + action] = 1
                self.ups.append((p, action))
                suit = SUIT[action]
                if self.ruling_suit < 0:
                    self.ruling_suit, self.ruling_party = suit, self.party[p]
                    w[off["ruling_suit"] + suit] = 1
                    w[off["ruling_party"] + self.ruling_party] = 1
                elif self.opp_suit < 0 and self.party[p] != self.ruling_party:
                    self.opp_suit = suit
                    w[off["opp_suit"] + suit] = 1
        if self.turn == n:
            self._resolve_trick()

    def _flip(self, p: int) -> None:
        q = self.party[p] = 1 - self.party[p]
        if self.record_events:  # called by apply_unchecked after the play is logged: a paid switch's action is >= FLIP
            self._event("party_switch", None, seat=p, party=PARTY_NAMES[q], paid=self.log[-1][1] >= FLIP)
        base = self.game.off["party"] + 2 * p
        self.world[base + q] = 1
        self.world[base + 1 - q] = 0

    def _resolve_trick(self) -> None:
        n, w, off = self.n, self.world, self.game.off
        winner = trick_winner(self.ups)
        if self.record_events:
            self._trick_event(winner)
        self.tricks_done += 1
        self.last_winner = winner
        # set the cards aside (L96): face-up ones are public, face-down ones stay hidden
        k = NUM_CARDS
        tc, seen, hid = off["trick_card"], off["seen"], off["hidden"]
        for p in range(n):
            c = self.plays[p]
            if self.down[p]:
                self.hidden[p].append(c)
                w[hid + p * k + c] = 1
                w[off["down_count"] + p] = len(self.hidden[p]) / 9.0
            else:
                self.seen.append(c)
                w[tc + p * k + c] = 0
                w[seen + c] = 1
        w[off["trick_down"]:off["trick_down"] + n] = 0
        w[off["trick_played"]:off["trick_played"] + n] = 0
        w[off["chair"] + self.leader] = 0
        w[off["ruling_party"]:off["ruling_party"] + 12] = 0  # ruling party, ruling suit, opposition suit
        w[off["trick"]] = self.tricks_done / TRICKS_PER_ROUND
        self.plays = [-1] * n
        self.down = [False] * n
        # the winner places a token on the plate of its current party (L95, POL-A13)
        if self.tokens[winner] == 0:
            self._end_round("disgraced", winner)
            return
        self.tokens[winner] -= 1
        plate = self.party[winner]
        self.libra[plate][winner] += 1
        self.plate[plate] += 1
        self.tricks_won[winner] += 1
        w[off["unspent"] + winner] = self.tokens[winner] / TOKENS
        w[off["libra"] + plate * n + winner] = self.libra[plate][winner] / 7.0
        if self.plate[plate] > PLATE_MAX:
            self._end_round("collapse", plate)
        elif self.tricks_done == TRICKS_PER_ROUND:
            self._end_round("balanced", -1)
        else:
            self._start_trick(winner)
            w[off["chair"] + winner] = 1

    # --- round end -----------------------------------------------------------------------------------
    def round_points(self, kind: str, who: int) -> list[int]:
        """Round VP for an end of ``kind`` (``who`` = disgraced seat or overloaded plate), L133-155."""
        n = self.n
        if kind == "disgraced":
            return [0 if p == who else self.tokens[p] for p in range(n)]
        if kind == "collapse":
            return [self.libra[1 - who][p] - self.libra[who][p] for p in range(n)]
        t, c = self.plate
        if t == c:
            pts = [0] * n  # POL-A16
        else:
            fuller = TAILS if t > c else CLAWS
            pts = list(self.libra[fuller])
        top = max(pts)
        return [top if self.tricks_won[p] == 0 else pts[p] for p in range(n)]  # POL-A17

    def _end_round(self, kind: str, who: int, world: bool = True) -> None:
        pts = self.round_points(kind, who)
        self.round_vp = pts
        self.vp = [max(VP_FLOOR, v + d) for v, d in zip(self.vp, pts)]
        self.history.append({"round": self.round + 1, "end": kind, "who": who, "points": list(pts),
                             "tricks": self.tricks_done})
        self.score_version += 1
        if self.record_events:  # the table as it stood, before the next round is set up
            self._round_end_event(kind, who, pts)
        if max(self.vp) >= VP_TO_END or self.round + 1 >= ROUNDS:  # L164, POL-A18
            self.finished = True
            self._modes = None
            top = max(self.vp)
            best = [p for p in range(self.n) if self.vp[p] == top]
            if len(best) > 1:
                r = max(pts[p] for p in best)
                best = [p for p in best if pts[p] == r]
            self._winners = best
            if world:
                self._rebuild_world()
            if self.record_events:
                self._event("game_end", winners=list(best), vp=list(self.vp), rounds=self.round + 1)
            return
        self.round += 1
        self._start_round(self.last_winner, world)  # POL-A19

    # --- events (RULES.md, "Events"): built only while record_events is on ---------------------------------
    def _round_start_event(self) -> None:
        self._event("round_start", round=self.round + 1, chair=self.leader,
                    parties=[PARTY_NAMES[q] for q in self.party], vp=list(self.vp),
                    private={p: {"hand": [_NAME[c] for c in self.hands[p]]} for p in range(self.n)})

    def _trick_event(self, winner: int) -> None:
        """The trick just completed (called before its cards are set aside): who played what in play order, the
        Popular Policy and its sums, the winner and where its token goes; each face-down card only to its player."""
        n, plays, down, start = self.n, self.plays, self.down, self.trick_start
        sums: dict[str, int] = {}
        for _, c in self.ups:
            name = _SUIT_NAME[c]
            sums[name] = sums.get(name, 0) + _WORTH[c]
        cards, face_down, private = [], [], None
        for i in range(n):
            p = (start + i) % n
            if down[p]:
                face_down.append(p)
                if private is None:
                    private = {}
                private[p] = {"face_down_card": _NAME[plays[p]]}
            else:
                cards.append([p, _NAME[plays[p]]])
        popular = _SUIT_NAME[plays[winner]]
        plates = {"Tails": self.plate[0], "Claws": self.plate[1]}  # after the winner's token, if it has one
        token_to = None
        if self.tokens[winner]:
            token_to = PARTY_NAMES[self.party[winner]]
            plates[token_to] += 1
        self._event("trick", private, round=self.round + 1, trick=self.tricks_done + 1, chair=self.leader,
                    winner=winner, card=_NAME[plays[winner]], popular=popular, trump=popular == "Economy",
                    sums=sums, cards=cards, face_down=face_down, token_to=token_to, plates=plates)

    def _libra_event(self, seat: int, change: str, plate: int) -> None:
        """A token moved onto ``plate`` by Migration (a trick winner's token is in the trick event)."""
        libra, totals = self.libra, self.plate
        self._event("libra", None, seat=seat, change=change, plate=PARTY_NAMES[plate],
                    libra={"Tails": libra[0][:], "Claws": libra[1][:]}, plates={"Tails": totals[0], "Claws": totals[1]})

    def _round_end_event(self, kind: str, who: int, pts: list[int]) -> None:
        n = self.n
        fuller = -1
        bonus: list[int] = []
        if kind == "balanced" and self.plate[TAILS] != self.plate[CLAWS]:
            fuller = TAILS if self.plate[TAILS] > self.plate[CLAWS] else CLAWS
            bonus = [p for p in range(n) if self.tricks_won[p] == 0]
        self._event("round_end", round=self.round + 1, end=kind, tricks=self.tricks_done,
                    disgraced=who if kind == "disgraced" else None,
                    collapsed=PARTY_NAMES[who] if kind == "collapse" else None,
                    scoring_plate=PARTY_NAMES[fuller] if fuller >= 0 else None, zero_trick_bonus=bonus,
                    points=list(pts), scored=[p for p in range(n) if pts[p] > 0], vp=list(self.vp),
                    libra={"Tails": list(self.libra[TAILS]), "Claws": list(self.libra[CLAWS])},
                    plates={"Tails": self.plate[TAILS], "Claws": self.plate[CLAWS]},
                    power_tokens=list(self.tokens), spent_tokens=list(self.spent),
                    parties=[PARTY_NAMES[q] for q in self.party], tricks_won=list(self.tricks_won))

    def scores(self) -> list[int]:
        return list(self.vp)

    def winners(self) -> list[int]:
        return list(self._winners)

    # --- observations ------------------------------------------------------------------------------
    def observation(self, player: int, out: np.ndarray | None = None) -> np.ndarray:
        """The gathered world view of ``player``, then the derived block (``trick_sum`` .. ``plate_total``)."""
        game = self.game
        if out is None:
            out = np.empty(game.observation_size, dtype=np.float32)
        base = game.base_size
        np.take(self.world, game.views[player], out=out[:base])
        d = out[base:]
        d.fill(0.0)
        n, ups = self.n, self.ups
        sums = [0, 0, 0, 0]  # the main suits' face-up sums in this trick
        low = [99, 99, 99, 99]  # their lowest face-up values
        eco = 0
        for _, card in ups:
            s = SUIT[card]
            if s == ECONOMY:
                eco += 1
            else:
                v = VALUE[card]
                sums[s] += v
                if v < low[s]:
                    low[s] = v
        if ups:
            for s in range(4):
                if sums[s]:
                    d[s] = sums[s] / 20.0
            d[4] = eco / 4.0
            d[5 + (trick_winner(ups) - player) % n] = 1.0
        if not self.finished and player == (self.trick_start + self.turn) % n:
            if self._modes is None:
                self._compute_legal()
            top, first, second = 0, sums[0], 0  # the largest sum, its suit, and the largest of the others
            for t in (1, 2, 3):
                if sums[t] > first:
                    top, first, second = t, sums[t], first
                elif sums[t] > second:
                    second = sums[t]
            wins = 5 + n
            for a, mode in self._modes.items():
                if mode == UP or mode == FORCED:
                    card = a - FLIP if a >= FLIP else a
                    s = SUIT[card]
                    if s == ECONOMY:  # the last Economy card wins (L127)
                        d[wins + card] = 1.0
                    elif not eco and VALUE[card] < low[s] and \
                            sums[s] + VALUE[card] >= (second if s == top else first):
                        # my card is the last one played: a tie on sums makes its suit Popular (POL-A9)
                        d[wins + card] = 1.0
        d[5 + n + NUM_CARDS] = self.plate[TAILS] / 7.0
        d[6 + n + NUM_CARDS] = self.plate[CLAWS] / 7.0
        return out

    def _rebuild_world(self) -> None:
        """Write the whole world vector from the Python state (deals, loads; tests compare it)."""
        w, off, n, k = self.world, self.game.off, self.n, NUM_CARDS
        w[:] = 0
        for p in range(n):
            for c in self.hands[p]:
                w[off["hand"] + p * k + c] = 1
            for c in self.hidden[p]:
                w[off["hidden"] + p * k + c] = 1
            w[off["party"] + 2 * p + self.party[p]] = 1
            if self.plays[p] >= 0:
                w[off["trick_played"] + p] = 1
                if self.down[p]:
                    w[off["trick_down"] + p] = 1
                else:
                    w[off["trick_card"] + p * k + self.plays[p]] = 1
            w[off["down_count"] + p] = len(self.hidden[p]) / 9.0
            w[off["unspent"] + p] = self.tokens[p] / TOKENS
            w[off["spent"] + p] = self.spent[p] / TOKENS
            w[off["vp"] + p] = self.vp[p] / VP_TO_END
            w[off["round_vp"] + p] = self.round_vp[p] / VP_TO_END
            for plate in (TAILS, CLAWS):
                w[off["libra"] + plate * n + p] = self.libra[plate][p] / 7.0
        if not self.finished:
            w[off["chair"] + self.leader] = 1
        if self.ruling_party >= 0:
            w[off["ruling_party"] + self.ruling_party] = 1
            w[off["ruling_suit"] + self.ruling_suit] = 1
        if self.opp_suit >= 0:
            w[off["opp_suit"] + self.opp_suit] = 1
        for c in self.seen:
            w[off["seen"] + c] = 1
        w[off["round"] + self.round] = 1
        w[off["trick"]] = self.tricks_done / TRICKS_PER_ROUND

    # --- save / load -------------------------------------------------------------------------------
    def to_json(self) -> dict:
        names = lambda cards: [card_name(c) for c in cards]  # noqa: E731
        return {
            "game": "politrickers", "num_players": self.n, "round": self.round + 1,
            "tricks_done": self.tricks_done, "trick_start": self.trick_start, "leader": self.leader,
            "turn": self.turn, "hands": [names(h) for h in self.hands], "leftovers": names(self.leftovers),
            "parties": [PARTY_NAMES[q] for q in self.party],
            "ruling_party": None if self.ruling_party < 0 else PARTY_NAMES[self.ruling_party],
            "ruling_suit": None if self.ruling_suit < 0 else SUIT_NAMES[self.ruling_suit],
            "opposition_suit": None if self.opp_suit < 0 else SUIT_NAMES[self.opp_suit],
            "plays": [None if c < 0 else {"card": card_name(c), "face_down": self.down[p]}
                      for p, c in enumerate(self.plays)],
            "seen": names(self.seen), "face_down": [names(h) for h in self.hidden],
            "tokens": list(self.tokens), "spent": list(self.spent),
            "libra": {"Tails": list(self.libra[TAILS]), "Claws": list(self.libra[CLAWS])},
            "tricks_won": list(self.tricks_won), "vp": list(self.vp), "round_vp": list(self.round_vp),
            "last_winner": self.last_winner, "history": [dict(h) for h in self.history],
            "round_plays": [_log_to_json(e) for e in self.log],
            "finished": self.finished, "winners": list(self._winners), "score_version": self.score_version,
            "rng": rng_to_json(self._rng),
            "next_decks": [names(d) for d in self.next_decks],
        }

    @classmethod
    def from_json(cls, game: PolitrickersGame, data: dict) -> "PolitrickersState":
        from .positions import check_loaded, check_saved
        check_saved(game, data)  # types, ranges, missing keys (cross-references: check_loaded below)
        try:
            if data["game"] != "politrickers" or data["num_players"] != game.num_players:
                raise StateFormatError(f"saved state is {data['game']} for {data['num_players']} players; "
                                       f"expected politrickers for {game.num_players}")
            st = cls(game, rng_from_json(data["rng"]))
            n = st.n
            cards = lambda xs: [parse_card(x) for x in xs]  # noqa: E731
            opt = lambda v, table: -1 if v is None else table.index(v)  # noqa: E731
            st.round = int(data["round"]) - 1
            st.tricks_done, st.trick_start = int(data["tricks_done"]), int(data["trick_start"])
            st.leader, st.turn = int(data["leader"]), int(data["turn"])
            st.hands = [sorted(cards(h)) for h in data["hands"]]
            st.leftovers = cards(data["leftovers"])
            st.party = [PARTY_NAMES.index(q) for q in data["parties"]]
            st.ruling_party = opt(data["ruling_party"], PARTY_NAMES)
            st.ruling_suit = opt(data["ruling_suit"], SUIT_NAMES)
            st.opp_suit = opt(data["opposition_suit"], SUIT_NAMES)
            st.plays = [-1 if x is None else parse_card(x["card"]) for x in data["plays"]]
            st.down = [False if x is None else bool(x["face_down"]) for x in data["plays"]]
            st.ups = [((st.trick_start + i) % n, st.plays[(st.trick_start + i) % n]) for i in range(st.turn)]
            st.ups = [(p, c) for p, c in st.ups if not st.down[p] and c != MIGRATION]
            st.seen = cards(data["seen"])
            st.hidden = [cards(h) for h in data["face_down"]]
            st.tokens = [int(x) for x in data["tokens"]]
            st.spent = [int(x) for x in data["spent"]]
            st.libra = [[int(x) for x in data["libra"]["Tails"]], [int(x) for x in data["libra"]["Claws"]]]
            st.plate = [sum(st.libra[0]), sum(st.libra[1])]
            st.tricks_won = [int(x) for x in data["tricks_won"]]
            st.vp = [int(x) for x in data["vp"]]
            st.round_vp = [int(x) for x in data["round_vp"]]
            st.last_winner = int(data["last_winner"])
            st.history = [dict(h) for h in data["history"]]
            st.log = [_log_from_json(e, n) for e in data.get("round_plays", [])]  # older saves: none
            st.finished = bool(data["finished"])
            st._winners = [int(p) for p in data["winners"]]
            st.score_version = int(data["score_version"])
            st.next_decks = tuple(tuple(cards(d)) for d in data.get("next_decks", []))
            if not (len(st.hands) == len(st.party) == len(st.plays) == len(st.tokens) == len(st.hidden) == n):
                raise StateFormatError("politrickers: saved per-seat lists have the wrong length")
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            if isinstance(exc, StateFormatError):
                raise
            raise StateFormatError(f"politrickers: saved state is malformed ({type(exc).__name__}: {exc})") from None
        st._check_consistent()
        check_loaded(st)
        _fill_face_down(st)
        st._rebuild_world()
        return st

    def _check_consistent(self) -> None:
        n, g = self.n, self.game
        seen = [0] * NUM_CARDS
        for group in (*self.hands, *self.hidden, self.seen, self.leftovers, [c for c in self.plays if c >= 0]):
            for c in group:
                seen[c] += 1
        if any(seen[c] != (1 if g.in_deck[c] else 0) for c in range(NUM_CARDS)):
            raise StateFormatError("politrickers: saved state does not hold each card of the deck exactly once")
        for p in range(n):
            if sum(1 for e in self.log if e[0] == p and e[2] == DOWN) > len(self.hidden[p]) + self.down[p]:
                raise StateFormatError(f"politrickers: round_plays shows more face-down plays of seat {p} than "
                                       f"it has face-down cards")
            if self.tokens[p] + self.spent[p] + self.libra[0][p] + self.libra[1][p] != TOKENS:
                raise StateFormatError(f"politrickers: seat {p} does not hold {TOKENS} tokens in all")
        if not self.finished:
            if sum(c >= 0 for c in self.plays) != self.turn or \
                    any(self.plays[(self.trick_start + i) % n] < 0 for i in range(self.turn)):
                raise StateFormatError("politrickers: saved plays do not match the turn")
            if any(len(h) != HAND_SIZE - self.tricks_done - (1 if self.plays[p] >= 0 else 0)
                   for p, h in enumerate(self.hands)):
                raise StateFormatError("politrickers: hand sizes do not match the tricks played")
            if max(self.plate) > PLATE_MAX:
                raise StateFormatError("politrickers: a plate holds more than 6 tokens")

    # --- search: clone and information-set sampling ------------------------------------------------------
    def clone(self) -> "PolitrickersState":
        """An independent copy (no JSON): lists copied, the game, the legal-move cache and the (never mutated)
        history dicts and log tuples shared; the RNG continues from the same point."""
        c = object.__new__(PolitrickersState)
        d = c.__dict__
        d.update(self.__dict__)
        d["hands"] = [h[:] for h in self.hands]
        d["event_log"] = self.event_log[:]
        d["hidden"] = [h[:] for h in self.hidden]
        d["leftovers"] = self.leftovers[:]
        d["party"] = self.party[:]
        d["plays"] = self.plays[:]
        d["down"] = self.down[:]
        d["ups"] = self.ups[:]
        d["seen"] = self.seen[:]
        d["tokens"] = self.tokens[:]
        d["spent"] = self.spent[:]
        d["libra"] = [self.libra[0][:], self.libra[1][:]]
        d["plate"] = self.plate[:]
        d["tricks_won"] = self.tricks_won[:]
        d["vp"] = self.vp[:]
        d["round_vp"] = self.round_vp[:]
        d["history"] = self.history[:]
        d["_winners"] = self._winners[:]
        d["log"] = self.log[:]
        d["world"] = self.world.copy()
        # the RNG is copied on first use instead (it is drawn from only at a deal): both share it, untouched
        self._rng_shared = d["_rng_shared"] = True
        return c

    def sample_hidden(self, player: int, rng: random.Random) -> "PolitrickersState":
        """A state ``player`` cannot tell from this one, its hidden cards drawn uniformly (see RULES.md,
        "Information-set sampling"): the other hands, the others' face-down cards (this round's and this trick's)
        and the leftovers are redealt among themselves, exactly uniformly among the deals that fit every void
        and every holding the others' plays of this round showed."""
        n = self.n
        if isinstance(player, bool) or not isinstance(player, (int, np.integer)) or not 0 <= player < n:
            raise ValueError(f"politrickers: sample_hidden needs a seat 0..{n - 1}, got {player!r}")
        player = int(player)
        seats = [s for s in range(n) if s != player]
        # the hidden places, as (kind, seat, index): 0 = hand, 1 = face-down card (index in play order), 2 = leftover
        pool: list[int] = []
        fd_count = [0] * n
        for s in seats:
            pool += self.hands[s]
            pool += self.hidden[s]
            fd_count[s] = len(self.hidden[s]) + (1 if self.down[s] else 0)
            if self.down[s]:
                pool.append(self.plays[s])
        pool += self.leftovers
        steps, dests, tail = _sampling_plan(self, player, seats, fd_count)
        cards = _draw(pool, steps, len(tail), rng)
        out = self.clone()
        out.rng = random.Random(rng.getrandbits(64))
        out.next_decks = ()  # a stacked deck is the real game's future: not for the sample
        out._modes = None
        w, off, k = out.world, self.game.off, NUM_CARDS
        hands = {s: [] for s in seats}
        fds = {s: [-1] * fd_count[s] for s in seats}
        left: list[int] = []
        for (kind, s, i), c in zip(dests + tail, cards):
            if kind == 0:
                hands[s].append(c)
            elif kind == 1:
                fds[s][i] = c
            else:
                left.append(c)
        for s in seats:
            h = hands[s]
            h.sort()
            out.hands[s] = h
            fd = fds[s]
            nh = len(self.hidden[s])
            out.hidden[s] = fd[:nh]
            if self.down[s]:
                out.plays[s] = fd[nh]
            base = off["hand"] + s * k
            w[base:base + k] = 0
            w[[base + c for c in h]] = 1
            base = off["hidden"] + s * k
            w[base:base + k] = 0
            w[[base + c for c in fd[:nh]]] = 1
        left.sort()
        out.leftovers = left
        _fill_face_down(out)  # the record's face-down entries now name the sampled cards
        return out

    def random_rollout(self, rng: random.Random, max_steps: int | None = None,
                       stop_version: int | None = None) -> int:
        """:meth:`State.random_rollout` as one tight loop: the same legal moves (``_legal_parts``, as
        ``_compute_legal``), the same plays from the same ``rng``, the same deals and the same final state, but
        without the world vector's upkeep at every play (it is rebuilt once at the end) and without building the
        legal list (the pick indexes its runs). With
        ``record_events`` on it is the plain loop (the events need ``apply_unchecked``). Keep it in step with ``apply_unchecked`` /
        ``_resolve_trick`` / ``_end_round`` / ``_setup_round`` (tests compare the two)."""
        if self.record_events or self.finished or self.next_decks:  # next_decks: a stacked deal (positions)
            return super().random_rollout(rng, max_steps, stop_version)
        rnd, n = rng.random, self.n
        left = (1 << 62) if max_steps is None else max_steps
        stop = (1 << 62) if stop_version is None else stop_version
        if left <= 0 or self.score_version >= stop:
            return 0
        parts, end_round, start_trick = self._legal_parts, self._rollout_end_round, self._start_trick
        self._modes = None  # the legal-move cache is not kept up here
        steps = 0
        while True:
            # a uniform pick among the legal actions, sorted as _compute_legal lists them, without the list
            p = (self.trick_start + self.turn) % n
            own, mode, mig, flip, flip_mode = parts(p)
            k1 = len(own)
            k2 = k1 + len(mig)
            i = int(rnd() * (k2 if flip is None else k2 + len(flip) + len(mig)))
            if i < k1:
                action = own[i]
            elif i < k2:
                action, mode = mig[i - k1], MIG
            elif i - k2 < len(flip):
                action, mode = FLIP + flip[i - k2], flip_mode
            else:
                action, mode = FLIP + mig[i - k2 - len(flip)], MIG
            party = self.party
            self.log.append((p, action, mode, party[p], self.ruling_party, self.ruling_suit, self.opp_suit))
            steps += 1
            if action >= FLIP:
                action -= FLIP
                self.tokens[p] -= 1
                self.spent[p] += 1
                party[p] = 1 - party[p]
            self.turn += 1
            if mode == MIG:
                self.hands[p].pop()  # Migration sorts last
                self.plays[p] = MIGRATION
                if self.ruling_suit < 0:  # a Migration lead passes the chair (L111)
                    self.leader = (p + 1) % n
                if action != MIG_NO_TOKEN:
                    src = TAILS if action == MIG_FROM_TAILS else CLAWS
                    dst = 1 - src
                    self.libra[src][p] -= 1
                    self.libra[dst][p] += 1
                    self.plate[src] -= 1
                    self.plate[dst] += 1
                    if self.plate[dst] > PLATE_MAX:
                        end_round("collapse", dst)
                        if self.finished or steps >= left or self.score_version >= stop:
                            break
                        continue
            else:
                self.hands[p].remove(action)
                self.plays[p] = action
                if mode == DOWN:
                    self.down[p] = True
                else:
                    if mode == FORCED:
                        party[p] = 1 - party[p]
                    self.ups.append((p, action))
                    if self.ruling_suit < 0:
                        self.ruling_suit, self.ruling_party = SUIT[action], party[p]
                    elif self.opp_suit < 0 and party[p] != self.ruling_party:
                        self.opp_suit = SUIT[action]
            if self.turn == n:  # _resolve_trick
                winner = trick_winner(self.ups)
                self.tricks_done += 1
                self.last_winner = winner
                plays, down, hidden, seen = self.plays, self.down, self.hidden, self.seen
                for q in range(n):
                    if down[q]:
                        hidden[q].append(plays[q])
                    else:
                        seen.append(plays[q])
                self.plays = [-1] * n
                self.down = [False] * n
                if self.tokens[winner] == 0:
                    end_round("disgraced", winner)
                else:
                    self.tokens[winner] -= 1
                    plate = party[winner]
                    self.libra[plate][winner] += 1
                    self.plate[plate] += 1
                    self.tricks_won[winner] += 1
                    if self.plate[plate] > PLATE_MAX:
                        end_round("collapse", plate)
                    elif self.tricks_done == TRICKS_PER_ROUND:
                        end_round("balanced", -1)
                    else:
                        start_trick(winner)
            if self.finished or steps >= left or self.score_version >= stop:
                break
        self._rebuild_world()
        return steps

    def _rollout_end_round(self, kind: str, who: int) -> None:
        """``_end_round`` for :meth:`random_rollout`: the same, but without the world vector (rebuilt once at the end
        of the rollout)."""
        self._end_round(kind, who, world=False)

    # --- text --------------------------------------------------------------------------------------
    def render(self, player: int | None = None) -> str:
        """The table as text; with ``player`` set, only what that seat may see."""
        lines = []
        if self.finished:
            lines.append(f"Politrickers {self.n}p - game over; winner(s): "
                         + ", ".join(f"P{p}" for p in self._winners))
        else:
            rs = "-" if self.ruling_suit < 0 else SUIT_NAMES[self.ruling_suit]
            rp = "-" if self.ruling_party < 0 else PARTY_NAMES[self.ruling_party]
            os_ = "-" if self.opp_suit < 0 else SUIT_NAMES[self.opp_suit]
            lines.append(f"Politrickers {self.n}p - round {self.round + 1}/{ROUNDS}, trick {self.tricks_done + 1}/"
                         f"{TRICKS_PER_ROUND}, Chair P{self.leader}, to play P{self.current_player()}")
            lines.append(f"Ruling Party {rp}, Ruling Suit {rs}, Opposition Suit {os_}")
        lines.append(f"Libra: Tails {self.plate[0]} " + str(self.libra[0]) + f" | Claws {self.plate[1]} "
                     + str(self.libra[1]))
        for p in range(self.n):
            if player is None or player == p:
                hand = " ".join(card_name(c) for c in self.hands[p]) or "-"
            else:
                hand = f"{len(self.hands[p])} cards"
            c = self.plays[p]
            if c < 0:
                play = ""
            elif self.down[p]:
                play = "  played: face down" + (f" ({card_name(c)})" if player in (None, p) else "")
            else:
                play = f"  played: {card_name(c)}"
            lines.append(f"P{p} [{PARTY_NAMES[self.party[p]]}] VP {self.vp[p]} tokens {self.tokens[p]} "
                         f"spent {self.spent[p]} tricks {self.tricks_won[p]} | hand {hand}{play}")
        for h in self.history:
            lines.append(f"Round {h['round']}: {h['end']} -> VP {h['points']}")
        return "\n".join(lines)
