"""Politrickers (``politrickers.txt``): the rules module, the transitions. Plain Python; readings of unclear text in
``RULES.md``.

:class:`PolitrickersGame` and :class:`PolitrickersState` are the game; the cards, suits and actions are in
``cards.py`` (their names are importable from here too), and the state hands its other roles to the modules that
hold them: observations (``observe.py``), information-set sampling (``sample.py``), saved-state JSON
(``saved.py``), positions (``positions.py``) and text (``text.py``).
"""
from __future__ import annotations

import random

import numpy as np

from ..core.rules import DealError, Game, new_rng, shuffle
from ..core.world import WorldState
from ..errors import PositionError, StateFormatError, check_nesting
from . import observe, positions, sample, saved, text
from .cards import (CLAWS, DOWN, ECONOMY, ENV, FLIP, FORCED, HAND_SIZE, HEALTH, MIG,  # noqa: F401  (re-exported)
                    MIG_FROM_CLAWS, MIG_FROM_TAILS, MIG_NO_TOKEN, MIGRATION, MODE_NAMES, NUM_ACTIONS, NUM_CARDS,
                    PARTY_NAMES, PLATE_MAX, ROUNDS, SAFETY, SUIT, SUIT_NAMES, SUIT_SHORT, TAILS, TOKENS,
                    TRICKS_PER_ROUND, UP, VALUE, VP_FLOOR, VP_TO_END, WELFARE, card_name, deck, parse_card,
                    trick_winner)
from .observe import DERIVED_BASE

# for the events: each card's name, its suit's name and its worth in a trick's sums (Economy counts 1 a card)
_NAME = tuple(card_name(c) for c in range(NUM_CARDS))
_SUIT_NAME = tuple(SUIT_NAMES[SUIT[c]] for c in range(MIGRATION)) + ("Migration",)
_WORTH = tuple(VALUE[c] if SUIT[c] != ECONOMY else 1 for c in range(NUM_CARDS))


class PolitrickersGame(Game):
    """Politrickers for 3-5 players."""

    name = "politrickers"
    observation_version = 2  # 2: the derived block (trick_sum, trick_winning, card_wins_now, plate_total)
    min_players = 3
    max_players = 5
    OPTIONS = {}

    def __init__(self, num_players: int = 4, **options):
        super().__init__(num_players, **options)
        n = self.num_players
        self.num_actions = NUM_ACTIONS
        self.deck = deck(n)
        self.in_deck = [False] * NUM_CARDS
        for c in self.deck:
            self.in_deck[c] = True
        self.layout = observe.world_layout(n)
        self.off, self.world_size = self.layout.off, self.layout.size
        self.views = [observe.view_index(self.layout, n, p) for p in range(n)]
        self.base_size = len(self.views[0])  # the gathered part; the derived block follows it
        self.observation_size = self.base_size + DERIVED_BASE + n
        self.fields = observe.observation_fields(n)
        self._names = [text.action_name(a) for a in range(NUM_ACTIONS)]

    def action_name(self, action: int) -> str:
        return self._names[action]

    # --- states ----------------------------------------------------------------------------------
    def new_initial_state(self, seed=None, deal=None) -> "PolitrickersState":
        if deal is not None:
            check_nesting(deal, DealError, "politrickers: the deal")
        st = PolitrickersState(self, new_rng(seed))
        if deal is None:
            st._start_round(st.rng.randrange(self.num_players))
        else:
            st._deal_custom(deal)
        return st

    def state_from_json(self, data: dict) -> "PolitrickersState":
        check_nesting(data, StateFormatError, "politrickers: the saved state")
        return PolitrickersState.from_json(self, data)

    def state_from_position(self, position: dict, seed=None) -> "PolitrickersState":
        """A state from a position: any point of a round, written as RULES.md "Positions" says (hands, parties,
        Power Tokens, the Libra, the Chair, the tricks so far face up or face down, the current trick, leftovers,
        a stacked deck for the next deal); what it leaves out is drawn from ``seed``. Raises ``PositionError``
        naming the field and what was expected."""
        check_nesting(position, PositionError, "politrickers: the position")
        return positions.state_from_position(self, position, seed, PolitrickersState)

    def describe_event(self, event: dict) -> str:
        """One line of table talk for an event (RULES.md, "Events"); seat views and the omniscient view alike."""
        return text.describe_event(event)

    def move_forms(self, player: int, action: int) -> list[str]:
        """The short ways to type ``action``: ``Env6``, ``Mig``, ``switch Env6`` (the paid switch first)."""
        return text.move_forms(action)


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
        # the plays of this round (see ``cards.public_entry``); the sampler reads voids from it
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

    def play_modes(self) -> dict[int, int]:
        """How each legal move would be played, for pages that word the moves: action -> a mode of ``cards.py``:
        ``UP`` (face up), ``FORCED`` (face up after the forced party switch it makes: the other party's suit),
        ``DOWN`` (face down: it cannot win) or ``MIG`` (Migration), in the order of :meth:`legal_actions`; empty
        once the game is over."""
        if self.finished:
            return {}
        if self._modes is None:
            self._compute_legal()
        return dict(self._modes)

    def is_legal(self, action: int) -> bool:
        if self.finished:
            return False
        if self._modes is None:
            self._compute_legal()
        return action in self._modes

    def legal_mask(self) -> np.ndarray:
        mask = bytearray(NUM_ACTIONS)  # a loop of bytearray stores beats numpy's fancy indexing on ~10 moves
        if not self.finished:
            if self._modes is None:
                self._compute_legal()
            for a in self._legal:
                mask[a] = 1
        return np.frombuffer(mask, dtype=np.int8)

    def apply_unchecked(self, action: int) -> None:
        if self._modes is None:
            self._compute_legal()
        mode = self._modes[action]
        self._modes = None
        n = self.n
        p = (self.trick_start + self.turn) % n
        w, off = self.world, self.game.off
        # the play record: (seat, action, how it was played, party before it, Ruling Party, Ruling Suit, Opposition
        # Suit before it); all public but a face-down card's identity (see ``cards.public_entry``)
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
        return observe.observation(self, player, out)

    def _rebuild_world(self) -> None:
        """Write the whole world vector from the Python state (deals, loads; tests compare it)."""
        observe.rebuild_world(self)

    # --- save / load -------------------------------------------------------------------------------
    def to_json(self) -> dict:
        return saved.to_json(self)

    @classmethod
    def from_json(cls, game: PolitrickersGame, data: dict) -> "PolitrickersState":
        """The state saved as ``data`` (``to_json``), strictly checked."""
        return saved.state_from_json(game, data, cls)

    def _check_consistent(self) -> None:
        saved.check_consistent(self)

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
        return sample.sample_hidden(self, player, rng)

    def world_sampler(self, player: int) -> "sample.WorldSampler":
        """State.world_sampler: the hidden places and the play record's constraints worked out once."""
        return sample.WorldSampler(self, player)

    def random_rollout(self, rng: random.Random, max_steps: int | None = None,
                       stop_version: int | None = None) -> int:
        """:meth:`State.random_rollout` as one tight loop: the same legal moves (``_legal_parts``, as
        ``_compute_legal``), the same plays from the same ``rng``, the same deals and the same final state, but
        without the world vector's upkeep at every play (it is rebuilt once at the end) and without building the
        legal list (the pick indexes its runs). With ``record_events`` on it is the plain loop (the events need
        ``apply_unchecked``). Keep it in step with ``apply_unchecked`` / ``_resolve_trick`` / ``_end_round`` /
        ``_setup_round`` (tests compare the two)."""
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
        return text.render(self, player)

    def hidden_move(self, player: int, action: int) -> str | None:
        """What the other seats see of a card played face down (``play a card face down``, after a paid switch if
        any); ``None`` for a card played face up."""
        return text.hidden_move(self, player, action)
