"""Democracy (``democracy.txt``): the rules module. Plain Python; readings of unclear text in ``RULES.md``.

The game and state classes and the transitions: dealing, committing a card to the trick, resolving tricks, scoring
islands, and the events they record. The state mixes in its observation (``observe``), sampling (``sample``) and
saved-state (``saved``) code; positions and text live in ``positions`` and ``text``. The action space has one
action per card id (``cards``): "play that card to the current trick" (the two jokers of the 4-player deck are one
action).
"""
from __future__ import annotations

import random

import numpy as np

from ..core.rules import DealError, Game, Option, new_rng, rng_to_json, shuffle
from ..core.world import WorldState
from ..errors import PositionError, StateFormatError, check_nesting
from . import text
from .cards import (CARD_NAMES, FIRST_DAY_HAND, FIVE, JOKER, JOKERS_IN_DECK, NUM_KINDS, POINTS, RANK_POINTS, RANKS,
                    SIX, SUIT_NAMES, SUITS, TRIBES_TO_WIN, WINNING_POINTS, card_name, deck, parse_card,
                    second_day_hand, trick_winner)
from .observe import WorldMixin, observation_fields, view_index, world_layout
from .positions import state_from_position
from .sample import SamplingMixin
from .saved import SavedStateMixin

#: The game, the state, and the card names and tables other modules import from here.
__all__ = ["CARD_NAMES", "FIRST_DAY_HAND", "FIVE", "JOKER", "JOKERS_IN_DECK", "NUM_KINDS", "POINTS", "RANK_POINTS",
           "RANKS", "SIX", "SUIT_NAMES", "SUITS", "TRIBES_TO_WIN", "WINNING_POINTS", "DemocracyGame", "DemocracyState",
           "card_name", "deck", "parse_card", "second_day_hand", "trick_winner"]


def _copy_rng(rng: random.Random) -> random.Random:
    out = random.Random.__new__(random.Random)
    out.setstate(rng.getstate())
    return out


class DemocracyGame(Game):
    """Democracy for 2-6 players."""

    name = "democracy"
    min_players = 2
    max_players = 6
    hidden_commitments = True  # DEM-A1: a trick's plays are committed face down in turn, revealed together
    OPTIONS = {
        "max_islands": Option(
            40, (int, type(None)),
            "Truncate the game (no winner) after this many islands without a player at 5 tribes; None = no cap. "
            "Not a rulebook rule: a cap for training loops (DEM-A11).",
            check=lambda v: v is None or v >= 1, expected="an int >= 1 or None"),
    }

    def __init__(self, num_players: int = 4, **options):
        super().__init__(num_players, **options)
        n = self.num_players
        self.num_actions = NUM_KINDS
        self.hand_size = (FIRST_DAY_HAND[n], second_day_hand(n))
        # The world vector holds everything, per absolute seat; each player's view is a gather of it.
        self.layout = world_layout(n)
        self.off, self.world_size = self.layout.off, self.layout.size
        self.views = [view_index(self.layout, p, n) for p in range(n)]
        self.observation_size = len(self.views[0])
        self.fields = observation_fields(n)

    def action_name(self, action: int) -> str:
        return text.action_name(action)

    def move_forms(self, player: int, action: int) -> list[str]:
        return text.move_forms(action)

    def describe_event(self, event: dict) -> str:
        """One line of table talk for a Democracy event (RULES.md, "Events")."""
        return text.describe_event(event, generic=super().describe_event)

    def state_from_position(self, position: dict, seed=None) -> "DemocracyState":
        """A state from a position (RULES.md, "Positions"): any point of an island, with hands, the upcard and
        voting pool, won piles, discards, commitments and the undealt cards; what it leaves out is drawn from
        ``seed``. Anything inconsistent raises :class:`~hustings.core.rules.PositionError` naming the field."""
        check_nesting(position, PositionError, "democracy: the position")
        return state_from_position(self, position, DemocracyState, seed)

    # --- states ----------------------------------------------------------------------------------
    def new_initial_state(self, seed=None, deal=None) -> "DemocracyState":
        if deal is not None:
            check_nesting(deal, DealError, "democracy: the deal")
        st = DemocracyState(self, new_rng(seed))
        if deal is None:
            st.dealer = st.rng.randrange(self.num_players)
            st._deal_island()
        else:
            st._deal_custom(deal)
        return st

    def state_from_json(self, data: dict) -> "DemocracyState":
        check_nesting(data, StateFormatError, "democracy: the saved state")
        return DemocracyState.from_json(self, data)


class DemocracyState(WorldMixin, SamplingMixin, SavedStateMixin, WorldState):
    """One game of Democracy in progress."""

    def __init__(self, game: DemocracyGame, rng):
        n = game.num_players
        self.game = game
        self._rng = rng  # see the ``rng`` property: a Random, shared copy-on-write after clone(), or a lazy seed
        self._rng_shared = False
        self.n = n
        self.island = 0
        self.day = 0
        self.trick = 0
        self.dealer = 0
        self.turn = 0  # index into the play order of this trick
        self.hands = [[0] * NUM_KINDS for _ in range(n)]
        self.pool: list[int] = []  # this day's voting pool; pool[trick] is the upcard
        self.stub: list[int] = []  # undealt cards, dealt on the second day
        self.plays = [-1] * n
        self.captured = [[0] * NUM_KINDS for _ in range(n)]
        self.points = [[0] * 4 for _ in range(n)]
        self.discards: list[int] = []  # public: upcards of tied tricks
        self.unseen_discards: list[int] = []  # hidden: second-day leftovers (0 in standard decks)
        self.tribes = [0] * n
        self.last_trick: list[int] = []
        self.last_winner: int | None = None
        self.finished = False
        self.truncated = False
        self._winners: list[int] = []
        self.score_version = 0
        self.event_log = []
        self.world = np.zeros(game.world_size, dtype=np.float32)
        self._order = [0] * n

    # --- the RNG: copy-on-write, so clone() need not copy the Mersenne Twister state ---------------
    @property
    def rng(self) -> random.Random:
        """This game's private RNG (future deals). After :meth:`clone` the original and the copy share one
        ``Random`` until either draws: the first access copies it (``getstate`` is the slow part of a copy, and most
        clones made by a search never reach a deal). A sample from :meth:`sample_hidden` holds only a seed drawn
        from the caller's RNG until its first deal."""
        r = self._rng
        if type(r) is int:
            r = self._rng = random.Random(r)
            self._rng_shared = False
        elif self._rng_shared:
            r = self._rng = _copy_rng(r)
            self._rng_shared = False
        return r

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self._rng_shared = value, False

    def _rng_state(self) -> list:
        """The RNG state as JSON, without copying or advancing a shared RNG."""
        r = self._rng
        return rng_to_json(random.Random(r) if type(r) is int else r)

    # --- dealing -----------------------------------------------------------------------------------
    def _deal_island(self) -> None:
        cards = deck(self.n)
        self.rng.shuffle(cards)
        h, n = self.game.hand_size[0], self.n
        hands = [cards[i * h:(i + 1) * h] for i in range(n)]
        pool = cards[n * h:(n + 1) * h]
        self._start_island(hands, pool, cards[(n + 1) * h:])

    def _start_island(self, hands, pool, stub) -> None:
        self.day = 0
        self.captured = [[0] * NUM_KINDS for _ in range(self.n)]
        self.points = [[0] * 4 for _ in range(self.n)]
        self.discards, self.unseen_discards = [], []
        self.last_trick, self.last_winner = [], None
        self.stub = list(stub)
        self._start_day(hands, pool)

    def _start_day(self, hands, pool) -> None:
        self.hands = [[0] * NUM_KINDS for _ in range(self.n)]
        for p, hand in enumerate(hands):
            for c in hand:
                self.hands[p][c] += 1
        self.pool = list(pool)
        self.trick = 0
        self._start_trick()
        self._rebuild_world()
        if self.record_events:
            self._deal_event()

    def _deal_second_day(self) -> None:
        n, h = self.n, self.game.hand_size[1]
        stub, self.stub = self.stub, []
        hands = [stub[i * h:(i + 1) * h] for i in range(n)]
        self.unseen_discards += stub[(n + 1) * h:]
        self.day = 1
        self._start_day(hands, stub[n * h:(n + 1) * h])

    def _start_trick(self) -> None:
        n = self.n
        self.plays = [-1] * n
        self._order = [(self.dealer + 1 + i) % n for i in range(n)]  # left of the dealer first, dealer last
        self.turn = 0

    def _deal_custom(self, deal: dict) -> None:
        n, (h1, h2) = self.n, self.game.hand_size
        if not isinstance(deal, dict):
            raise DealError(f"democracy: a deal must be a dict with 'hands' and 'pool', got {type(deal).__name__}")
        unknown = set(deal) - {"dealer", "hands", "pool", "second_day", "tribes"}
        if unknown:
            raise DealError(f"democracy: unknown deal key(s) {sorted(unknown, key=repr)}; expected dealer, hands, "
                            f"pool, second_day, tribes")
        counts = [0] * NUM_KINDS
        allowed = [1] * 48 + [JOKERS_IN_DECK[n]]

        def take(cards, what: str, size: int) -> list[int]:
            if not isinstance(cards, (list, tuple)) or len(cards) != size:
                got = len(cards) if isinstance(cards, (list, tuple)) else type(cards).__name__
                raise DealError(f"democracy {n}p: {what} must list {size} cards, got {got}")
            ids = [parse_card(c) for c in cards]
            for c in ids:
                counts[c] += 1
                if counts[c] > allowed[c]:
                    extra = "" if c != JOKER else f" (the {n}-player deck has {allowed[c]} joker(s))"
                    raise DealError(f"democracy {n}p: card {card_name(c)} is dealt more than once{extra}")
            return ids

        def hands_of(part, where: str, size: int):
            hands = part.get("hands")
            if not isinstance(hands, (list, tuple)) or len(hands) != n:
                raise DealError(f"democracy {n}p: {where}hands must be a list of {n} hands")
            return [take(hd, f"{where}hand {p}", size) for p, hd in enumerate(hands)], \
                take(part.get("pool"), f"{where}pool", size)

        hands, pool = hands_of(deal, "", h1)
        second = deal.get("second_day")
        if second is not None:
            if not isinstance(second, dict):
                raise DealError("democracy: second_day must be a dict with 'hands' and 'pool'")
            hands2, pool2 = hands_of(second, "second_day ", h2)
        dealer = deal.get("dealer", None)
        if dealer is None:
            dealer = self.rng.randrange(n)
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < n:
            raise DealError(f"democracy {n}p: dealer={dealer!r}; expected a seat 0..{n - 1}")
        tribes = deal.get("tribes", [0] * n)
        if (not isinstance(tribes, (list, tuple)) or len(tribes) != n
                or any(isinstance(t, bool) or not isinstance(t, int) or not 0 <= t < TRIBES_TO_WIN for t in tribes)):
            raise DealError(f"democracy {n}p: tribes must be {n} ints in 0..{TRIBES_TO_WIN - 1}, got {tribes!r}")
        rest = [c for c in range(NUM_KINDS) for _ in range(allowed[c] - counts[c])]
        self.rng.shuffle(rest)
        if second is not None:
            rest = sum(hands2, []) + pool2 + rest  # the leftover (if any) stays at the end, unseen
        self.dealer = dealer
        self.tribes = list(tribes)
        self._start_island(hands, pool, rest)

    # --- the State interface -----------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.finished else self._order[self.turn]

    def is_terminal(self) -> bool:
        return self.finished

    def legal_actions(self) -> list[int]:
        if self.finished:
            return []
        hand = self.hands[self._order[self.turn]]
        return [c for c in range(NUM_KINDS) if hand[c]]

    def is_legal(self, action: int) -> bool:
        return not self.finished and 0 <= action < NUM_KINDS and self.hands[self._order[self.turn]][action] > 0

    def legal_mask(self) -> np.ndarray:
        if self.finished:
            return np.zeros(NUM_KINDS, dtype=np.int8)
        start = self.game.off["hand"] + self._order[self.turn] * NUM_KINDS
        return (self.world[start:start + NUM_KINDS] > 0).view(np.int8)

    def apply_unchecked(self, card: int) -> None:
        p = self._order[self.turn]
        self.hands[p][card] -= 1
        self.plays[p] = card
        w, off = self.world, self.game.off
        w[off["hand"] + p * NUM_KINDS + card] -= 1
        w[off["commit"] + p * NUM_KINDS + card] = 1
        w[off["committed"] + p] = 1
        self.turn += 1
        if self.turn == self.n:
            self._resolve_trick()

    def _resolve_trick(self) -> None:
        plays, upcard = self.plays, self.pool[self.trick]
        winner = trick_winner(plays, upcard)
        if winner is None:
            for p, c in enumerate(plays):
                self._capture(p, c)
            self.discards.append(upcard)
        else:
            for c in plays:
                self._capture(winner, c)
            self._capture(winner, upcard)
        self.last_trick, self.last_winner = list(plays), winner
        if self.record_events:
            self._trick_event()
        self.plays = [-1] * self.n
        self.turn = 0
        self.trick += 1
        if self.trick < len(self.pool):
            self._start_trick()
            self._clear_commitments_world()
            self._refresh_public()
        elif self.day == 0:
            self._deal_second_day()
        else:
            self._score_island()

    def _capture(self, p: int, card: int) -> None:
        self.captured[p][card] += 1
        if card != JOKER:
            self.points[p][card // 12] += POINTS[card]

    def _score_island(self) -> None:
        for s in range(4):
            for p in range(self.n):
                if self.points[p][s] >= WINNING_POINTS:
                    self.tribes[p] += 1
        if self.record_events:
            self._island_event()
        self.score_version += 1
        top = max(self.tribes)
        cap = self.game.options["max_islands"]
        self.island += 1
        if top >= TRIBES_TO_WIN:
            self.finished = True
            self._winners = [p for p in range(self.n) if self.tribes[p] == top]  # DEM-A11
        elif cap is not None and self.island >= cap:
            self.finished = self.truncated = True
        else:
            self.dealer = (self.dealer + 1) % self.n  # L32: the deal rotates
            self._deal_island()
            return
        if self.record_events:
            self._game_end_event()
        self._rebuild_world()

    def scores(self) -> list[int]:
        return list(self.tribes)

    def winners(self) -> list[int]:
        return list(self._winners)

    # --- search: fast copies and rollouts (information-set samples: SamplingMixin) ----------------------
    def clone(self) -> "DemocracyState":
        """An independent copy (no JSON): lists and the world vector are copied, the game object is shared, and the
        RNG is shared copy-on-write (see :attr:`rng`), so both play on identically."""
        st = self._copy()
        if type(self._rng) is not int:
            self._rng_shared = st._rng_shared = True
        return st

    def _copy(self) -> "DemocracyState":
        st = DemocracyState.__new__(DemocracyState)
        d = self.__dict__.copy()  # scalars, the game object and the RNG reference
        d["hands"] = [h[:] for h in self.hands]
        d["event_log"] = self.event_log[:]
        d["captured"] = [c[:] for c in self.captured]
        d["points"] = [x[:] for x in self.points]
        d["pool"], d["stub"], d["plays"] = self.pool[:], self.stub[:], self.plays[:]
        d["discards"], d["unseen_discards"] = self.discards[:], self.unseen_discards[:]
        d["tribes"], d["last_trick"], d["_winners"] = self.tribes[:], self.last_trick[:], self._winners[:]
        d["_order"] = self._order[:]
        d["world"] = self.world.copy()
        st.__dict__ = d
        return st

    def random_rollout(self, rng: random.Random, max_steps: int | None = None,
                       stop_version: int | None = None) -> int:
        """:meth:`State.random_rollout` as one tight loop: the same plays from the same ``rng`` (a uniform pick
        among the distinct cards held, in id order, as ``legal_actions()``), the same deals from the game's RNG and
        the same final state, but with the hands as short sorted lists and the world vector written once at the
        end instead of at every play. With ``record_events`` on it is the plain loop (the events need
        ``apply_unchecked``). Keep it in step with ``apply_unchecked`` / ``_resolve_trick`` / ``_score_island``
        (tests compare the two)."""
        if self.record_events or self.finished:
            return super().random_rollout(rng, max_steps, stop_version)
        rnd, n = rng.random, self.n
        left = (1 << 62) if max_steps is None else max_steps
        stop = (1 << 62) if stop_version is None else stop_version
        version = self.score_version
        if left <= 0 or version >= stop:
            return 0
        h1, h2 = self.game.hand_size
        cap = self.game.options["max_islands"]
        hands = [[c for c in range(NUM_KINDS) for _ in range(h[c])] for h in self.hands]  # sorted: jokers last
        plays, order, turn, trick, day = self.plays, self._order, self.turn, self.trick, self.day
        pool, captured, points, discards = self.pool, self.captured, self.points, self.discards
        dealer, tribes = self.dealer, self.tribes
        steps, finished = 0, False
        while True:
            end = n if left - steps >= n - turn else turn + left - steps  # the rest of the trick, or fewer
            for p in order[turn:end]:
                hand = hands[p]
                m = len(hand)
                if m > 1 and hand[-2] == JOKER:  # two jokers: one action
                    m -= 1
                plays[p] = hand.pop(int(rnd() * m))
            steps += end - turn
            turn = end
            if turn == n:  # _resolve_trick
                upcard = pool[trick]
                winner = trick_winner(plays, upcard)
                if winner is None:
                    for q, c in enumerate(plays):
                        captured[q][c] += 1
                        if c != JOKER:
                            points[q][c // 12] += POINTS[c]
                    discards.append(upcard)
                else:
                    row, pts = captured[winner], points[winner]
                    for c in plays:
                        row[c] += 1
                        if c != JOKER:
                            pts[c // 12] += POINTS[c]
                    row[upcard] += 1
                    if upcard != JOKER:
                        pts[upcard // 12] += POINTS[upcard]
                self.last_trick, self.last_winner = plays, winner
                plays = [-1] * n
                turn = 0
                trick += 1
                if trick == len(pool):
                    if day == 0:  # _deal_second_day
                        stub, self.stub = self.stub, []
                        hands = [sorted(stub[i * h2:(i + 1) * h2]) for i in range(n)]
                        self.unseen_discards += stub[(n + 1) * h2:]
                        pool = stub[n * h2:(n + 1) * h2]
                        day, trick = 1, 0
                    else:  # _score_island
                        for s in range(4):
                            for q in range(n):
                                if points[q][s] >= WINNING_POINTS:
                                    tribes[q] += 1
                        version += 1
                        top = max(tribes)
                        self.island += 1
                        if top >= TRIBES_TO_WIN:
                            finished = True
                            self._winners = [q for q in range(n) if tribes[q] == top]
                        elif cap is not None and self.island >= cap:
                            finished = self.truncated = True
                        else:  # the next island: _deal_island, _start_island
                            dealer = (dealer + 1) % n
                            cards = deck(n)
                            shuffle(self.rng, cards)
                            hands = [sorted(cards[i * h1:(i + 1) * h1]) for i in range(n)]
                            pool = cards[n * h1:(n + 1) * h1]
                            self.stub = cards[(n + 1) * h1:]
                            captured = [[0] * NUM_KINDS for _ in range(n)]
                            points = [[0] * 4 for _ in range(n)]
                            discards, self.unseen_discards = [], []
                            self.last_trick, self.last_winner = [], None
                            order = [(dealer + 1 + i) % n for i in range(n)]
                            day, trick = 0, 0
            if finished or steps >= left or version >= stop:
                break
        counts = [[0] * NUM_KINDS for _ in range(n)]
        for q in range(n):
            row = counts[q]
            for c in hands[q]:
                row[c] += 1
        self.hands, self.plays, self._order, self.turn, self.trick, self.day = counts, plays, order, turn, trick, day
        self.pool, self.captured, self.points, self.discards = pool, captured, points, discards
        self.dealer, self.score_version, self.finished = dealer, version, finished
        self._rebuild_world()
        return steps

    # --- events (RULES.md, "Events"): all public, since every card of a trick is revealed at once ------
    def _deal_event(self) -> None:
        self._event("deal", island=self.island + 1, day=self.day + 1, dealer=self.dealer,
                    cards_each=len(self.pool), upcard=card_name(self.pool[0]))

    def _trick_event(self) -> None:
        """The trick just revealed (called before ``trick`` moves on): the cards, the winner and why, the discard.
        Lean on purpose (it runs once a trick): what follows from these fields is left to ``describe_event``."""
        plays, winner, names = self.last_trick, self.last_winner, CARD_NAMES
        upcard = self.pool[self.trick]
        trump = -1 if upcard == JOKER else upcard // 12
        if winner is None:
            how, discarded = "tie", [names[upcard]]
        else:
            card, discarded = plays[winner], []
            if card != JOKER and card // 12 == trump:
                how = "six_beats_five" if card % 12 == SIX and card + FIVE - SIX in plays else "trump"
            else:
                how = "highest"
        self._event("trick", trick=self.trick + 1, upcard=names[upcard], trump=None if trump < 0 else SUIT_NAMES[trump],
                    plays=[names[c] for c in plays], winner=winner, how=how, discarded=discarded)

    def _island_event(self) -> None:
        """The island as scored (called once tribes are added, before the next deal): the table as it stood."""
        n, points = self.n, self.points
        scored, gained = dict.fromkeys(SUIT_NAMES), [0] * n
        for s in range(4):
            for p in range(n):
                if points[p][s] >= WINNING_POINTS:  # at most one seat can hold 13 of a suit's 25 points
                    scored[SUIT_NAMES[s]] = p
                    gained[p] += 1
                    break
        self._event("island", island=self.island + 1, points=[x[:] for x in points], scored=scored, gained=gained,
                    tribes=self.tribes[:], discards=[CARD_NAMES[c] for c in self.discards])

    def _game_end_event(self) -> None:
        self._event("game_end", winners=list(self._winners), tribes=list(self.tribes), truncated=self.truncated,
                    islands=self.island)

    # --- text --------------------------------------------------------------------------------------
    def render(self, player: int | None = None) -> str:
        """The table as text; with ``player`` set, only what that seat may see."""
        return text.render(self, player)

    def hidden_move(self, player: int, action: int) -> str | None:
        return text.hidden_move(self, player, action)

    def revealed_by_move(self, player: int, action: int) -> str | None:
        return text.revealed_by_move(self, player, action)
