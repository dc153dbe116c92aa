"""Politix (``politix.txt``): the rules: the game's configuration and action table, and the transitions of a
state in play (deal, legal actions, applying them, scoring). Plain Python; readings of unclear text in ``RULES.md``.

The card tables and ids are in ``cards.py`` (re-exported here); the observation (``observe.py``), information-set
sampling (``sample.py``), saved states (``saved.py``), positions (``positions.py``), custom deals (``deals.py``)
and text (``text.py``) are functions of a game or a state that the classes below call.

A turn is a sequence of atomic actions in one flat action space; see :meth:`PolitixGame.action_name` and the
action table in ``RULES.md``. Seats in actions are offsets from the acting player (0 = self, 1 = the next
seat clockwise, ...).
"""
from __future__ import annotations

import os
import random

import numpy as np

from ..core.rules import ConfigError, DealError, Game, Option, StateFormatError, new_rng
from ..core.world import WorldState
from ..errors import PositionError, check_nesting
from . import components, deals, observe, positions, sample, saved, text
from .cards import (A_DRAW, A_END, A_REST, A_SPECIAL, BASE_SUPPORT, BESIDE_KINDS, BURN_SLOT, BURNOUT,  # noqa: F401
                    BURNT_DRAW, CARDS, COFFEE, DATA_PATH, DISCARD, DRAW, EVENT_MOD, EVENT_NAMES, EVENTS, GROUP_COUNT,
                    GROUP_NAMES, GROUPS, GWTW, HAND_LIMIT, KIND_COUNT, KIND_NAMES, KINDS, MAX_TAKE, METHOD_KIND,
                    METHOD_NAMES, METHODS, NB, NE, NG, NK, NM, NPOL, NUM_ACTION_CARDS, NUM_VOTER_CARDS, PARTIES,
                    PARTY_MOD, PARTY_NAMES, PERSUADE, PHASE_NAMES, POLITICIAN_NAMES, POLITICIAN_PARTY, POLITICIANS,
                    SKILLS, SLOT_GROUP, SLOT_MOD, SPECIAL_KINDS, SPECIALS, START, START_HAND, SYMBOLS, TABLE_SIZE,
                    VOTER_IDS, group_index, kind_index, party_key, party_layout, politician_index, voter_index)

_ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")


class PolitixGame(Game):
    """Politix for 2-6 players in parties (PTX-A1)."""

    name = "politix"
    min_players = 2
    max_players = 6
    OPTIONS = {
        "teams_3v3": Option(
            False, bool, "6 players only: two parties of three (right vs left) instead of three parties of two.",
            expected="a bool"),
        "max_turns": Option(
            400, (int, type(None)),
            "Truncate the game (no winner, all rewards 0) after this many turns; None = no cap. Not a rulebook "
            "rule: nothing in the rules ends a game in which nobody takes the last voter cards (PTX-A12).",
            check=lambda v: v is None or v >= 1, expected="an int >= 1 or None"),
        "components": Option(
            None, (str, os.PathLike, dict, type(None)),
            "Your own card set: a path to a JSON file (or a dict) in the schema of the shipped data/cards.json "
            "(components.shipped()); None = the shipped reconstruction. Validated against the rulebook's printed "
            "values (ComponentError names the file, entry and field); the observation layout never changes.",
            expected="a path, a dict or None"),
    }

    def __init__(self, num_players: int = 4, **options):
        super().__init__(num_players, **options)
        n = self.num_players
        if isinstance(self.options["components"], os.PathLike):  # keep config() JSON-able
            self.options["components"] = os.fspath(self.options["components"])
        cards = self.cards = components.load(self.options["components"])
        # the value tables the states read (the shipped ones unless components= says otherwise)
        self.symbols, self.skills, self.event_mod = cards.symbols, cards.skills, cards.event_mod
        self.party_mod, self.politician_party = cards.party_mod, cards.politician_party
        self.kind_count = cards.kind_count
        self.slot_group, self.slot_mod = cards.slot_group, cards.slot_mod
        if self.options["teams_3v3"] and n != 6:
            raise ConfigError(f"politix: teams_3v3=True needs 6 players, got {n}")
        self.parties = party_layout(n, self.options["teams_3v3"])
        self.num_parties = len(self.parties)
        self.party_of = [0] * n
        for i, seats in enumerate(self.parties):
            for s in seats:
                self.party_of[s] = i
        self.has_base = n == 5
        # action table (n-dependent)
        self.A_GWTW = A_SPECIAL + NB * n
        self.A_PERSUADE = self.A_GWTW + NB * n
        self.A_ADD = self.A_PERSUADE + NG * NM
        self.A_COFFEE = self.A_ADD + 1
        self.A_TAKE = self.A_COFFEE + 1  # A_TAKE + k - 1 takes k cards
        self.A_DISCARD = self.A_TAKE + MAX_TAKE
        self.num_actions = self.A_DISCARD + NK
        observe.build_layout(self)

    def action_name(self, action: int) -> str:
        return text.action_name(self, action)

    def display_name(self, player: int, action: int) -> str:
        return text.display_name(self, player, action)

    def move_forms(self, player: int, action: int) -> list[str]:
        return text.move_forms(self, player, action)

    # --- states --------------------------------------------------------------------------------------
    def new_initial_state(self, seed=None, deal=None) -> "PolitixState":
        if deal is not None:
            check_nesting(deal, DealError, "politix: the deal")
        st = PolitixState(self, new_rng(seed))
        if deal is None:
            st._deal_random()
        else:
            st._deal_custom(deal)
        return st

    def state_from_json(self, data: dict) -> "PolitixState":
        check_nesting(data, StateFormatError, "politix: the saved state")
        return PolitixState.from_json(self, data)

    def state_from_position(self, position: dict, seed=None) -> "PolitixState":
        """A state from a position in the format of RULES.md, "Positions" (any point of a turn: its start, after
        special cards, mid-persuasion, or over the hand limit). Parts left out are filled at random from ``seed``;
        anything inconsistent raises :class:`PositionError` naming the field and what was expected."""
        check_nesting(position, PositionError, "politix: the position")
        return positions.build(self, position, new_rng(seed), PolitixState)

    def describe_event(self, event: dict) -> str:
        """One line of table talk for an event of :meth:`PolitixState.events` (any seat's view)."""
        return text.describe_event(self, event)


class PolitixState(WorldState):
    """One game of Politix in progress."""

    def __init__(self, game: PolitixGame, rng):
        n = game.num_players
        self.game = game
        self.rng = rng
        self.n = n
        self.party_of = game.party_of
        self.politician = [0] * n
        self.hands = [[0] * NK for _ in range(n)]
        self.hand_size = [0] * n
        self.beside = [[0] * NB for _ in range(n)]
        self.mods = [[0] * NG for _ in range(n)]  # party symbol + specials beside, per group
        self.deck: list[int] = []  # action draw pile, top = end
        self.discard = [0] * NK
        self.voter_deck: list[int] = []  # top = end
        self.table = [0] * NG
        self.table_total = 0
        self.event = -1
        self.events_out: list[int] = []
        self.collected = [[0] * NG for _ in range(game.num_parties)]
        self.base = [0] * NG
        self.turns = [0] * game.num_parties
        self.turn_count = 0
        self.cur = 0
        self.phase = START
        self.pg = self.pm = -1
        self.pplayed = 0
        self.ppower = 0
        self.finished = False
        self.truncated = False
        self._winners: list[int] = []
        self._returns = [0.0] * n
        self.score_version = 0
        self.event_log = []
        self.record_events = True  # an instance attribute: read on the step path, cheaper than the class default
        self.world = np.zeros(game.world_size, dtype=np.float32)
        # Public record of the draw pile since the last reshuffle (for information-set sampling, see RULES.md):
        # the pile's kind counts when the discard pile became it (None before any reshuffle; a tuple, never
        # changed in place, so clones share it) and, per seat, the kinds it has drawn from that pile since.
        self.reshuffled: tuple | None = None
        self.drawn = [[0] * NK for _ in range(n)]

    # The game's RNG is shared copy-on-write between a state and its clones (clone() would otherwise spend most
    # of its time in getstate/setstate): whichever of them first uses it after the clone takes a private copy.
    @property
    def rng(self) -> random.Random:
        if self._rng_shared:
            r = random.Random.__new__(random.Random)
            r.setstate(self._rng.getstate())
            self._rng, self._rng_shared = r, False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng, self._rng_shared = value, False

    # --- setup -----------------------------------------------------------------------------------------
    def _full_action_pool(self) -> list[int]:
        return list(self.game.kind_count)

    def _full_voter_pool(self) -> list[int]:
        return list(GROUP_COUNT) + [e["count"] for e in CARDS["events"]]

    def _choose_politicians(self) -> list[int]:
        pols = [0] * self.n
        for i, seats in enumerate(self.game.parties):
            pool = [k for k in range(NPOL) if self.game.politician_party[k] == i]
            chosen = self.rng.sample(pool, len(seats))
            for s, k in zip(seats, chosen):
                pols[s] = k
        return pols

    def _deal_random(self) -> None:
        self._setup(self._choose_politicians(), None, [[] for _ in range(self.n)], [0] * NK, None, [],
                    [[0] * NG for _ in range(self.game.num_parties)], None, None, [], [], None)

    def _setup(self, pols, hands, beside, discard, table, events, collected, base, start, action_top, voter_top,
               turns) -> None:
        """Common setup; ``None`` parts are dealt from the seeded shuffle following L12-16 and L41."""
        n, rng = self.n, self.rng
        self.politician = list(pols)
        # action cards
        pool = self._full_action_pool()

        def use(counts, kinds, what):
            for k in kinds:
                counts[k] -= 1
                if counts[k] < 0:
                    raise DealError(f"politix: too many {KIND_NAMES[k]} cards in the deal ({what}); the deck "
                                    f"holds {self.game.kind_count[k]}")
        for s in range(n):
            use(pool, [BESIDE_KINDS[j] for j in beside[s]], f"beside seat {s}")
        for k in range(NK):
            use(pool, [k] * discard[k], "discard")
        if hands is not None:
            for s in range(n):
                use(pool, hands[s], f"hand {s}")
        use(pool, action_top, "action_deck_top")
        rest = [k for k in range(NK) for _ in range(pool[k])]
        rng.shuffle(rest)
        if hands is None:
            hands = [[rest.pop() for _ in range(START_HAND)] for _ in range(n)]
        self.deck = rest + list(reversed(action_top))
        self.hands = [[0] * NK for _ in range(n)]
        for s in range(n):
            for k in hands[s]:
                self.hands[s][k] += 1
        self.hand_size = [sum(h) for h in self.hands]
        self.beside = [[0] * NB for _ in range(n)]
        for s in range(n):
            for j in beside[s]:
                self.beside[s][j] += 1
        self.discard = list(discard)
        # voter cards
        vpool = self._full_voter_pool()

        def vuse(cards, what):
            for c in cards:
                vpool[c] -= 1
                if vpool[c] < 0:
                    raise DealError(f"politix: too many {VOTER_IDS[c]} voter cards in the deal ({what})")
        for i, cnt in enumerate(collected):
            vuse([g for g in range(NG) for _ in range(cnt[g])], f"collected of party {i}")
        vuse(events, "events")
        if base is not None:
            vuse(base, "base_support")
        if table is not None:
            vuse(table, "table")
        vuse(voter_top, "voter_deck_top")
        vrest = [c for c in range(len(vpool)) for _ in range(vpool[c])]
        rng.shuffle(vrest)
        vdeck = vrest + list(reversed(voter_top))
        self.collected = [list(c) for c in collected]
        self.base = [0] * NG
        if self.game.has_base:  # L41, PTX-A15: six random non-event voter cards, events shuffled back
            if base is None:
                base, aside = [], []
                while len(base) < BASE_SUPPORT and vdeck:
                    c = vdeck.pop()
                    (base if c < NG else aside).append(c)
                if aside:
                    vdeck += aside
                    rng.shuffle(vdeck)
            for g in base:
                self.base[g] += 1
        elif base:
            raise DealError("politix: base_support is only for 5 players")
        self.events_out = list(events)
        self.event = events[-1] - NG if events else -1
        self.table = [0] * NG
        if table is None:  # L14-15, PTX-A11: events drawn at setup are set aside, then shuffled back
            aside = []
            while sum(self.table) < TABLE_SIZE and any(c < NG for c in vdeck):
                c = vdeck.pop()
                if c < NG:
                    self.table[c] += 1
                else:
                    aside.append(c)
            if aside:
                vdeck += aside
                rng.shuffle(vdeck)
        else:
            for g in table:
                self.table[g] += 1
            voters_left = sum(1 for c in vdeck if c < NG)
            if len(table) != TABLE_SIZE and voters_left:
                raise DealError(f"politix: the table must hold {TABLE_SIZE} voter cards while the voter deck "
                                f"still has voter cards; got {len(table)}")
            if not table:
                raise DealError("politix: the table must hold at least one voter card")
        self.voter_deck = vdeck
        self.table_total = sum(self.table)
        self.turns = list(turns) if turns is not None else [0] * self.game.num_parties
        self.turn_count = sum(self.turns)
        if start is None:
            start = 0 if self.game.has_base else rng.randrange(n)  # L16; L41 for 5 players
        self.cur = start
        self._recompute_mods()
        self._rebuild_world()
        self._deal_event("deal")

    def _deal_event(self, kind: str) -> None:
        """The table as laid out (a deal or a position): public parts for all, each hand to its owner, and (5
        players) the base support to the first party."""
        if not self.record_events:
            return
        private = {s: {"hand": [KINDS[k] for k in range(NK) for _ in range(self.hands[s][k])]} for s in range(self.n)}
        if self.game.has_base:
            for s in self.game.parties[0]:
                private[s]["base_support"] = dict(zip(GROUPS, self.base))
        self._event(kind, politicians=[POLITICIANS[k] for k in self.politician], to_move=self.cur,
                    phase=PHASE_NAMES[self.phase], table=dict(zip(GROUPS, self.table)),
                    events=[VOTER_IDS[c] for c in self.events_out], hand_sizes=list(self.hand_size),
                    action_draw_pile=len(self.deck), voter_draw_pile=len(self.voter_deck), private=private)

    def _deal_custom(self, deal: dict) -> None:
        self._setup(*deals.read_deal(self.game, deal, self._choose_politicians))
        self._check_consistent(DealError)

    def _recompute_mods(self) -> None:
        game = self.game
        for s in range(self.n):
            m = list(game.party_mod[self.party_of[s]])
            b = self.beside[s]
            for j in range(NB - 1):
                if b[j]:
                    m[game.slot_group[j]] += game.slot_mod[j] * b[j]
            self.mods[s] = m

    # --- the State interface ---------------------------------------------------------------------------
    def current_player(self) -> int:
        return -1 if self.finished else self.cur

    def is_terminal(self) -> bool:
        return self.finished

    def base_power(self, player: int, group: int, method: int) -> int:
        """Skill + party symbol + specials beside the player + the event in effect (PTX-A5), before cards."""
        game = self.game
        ev = game.event_mod[self.event][method] if self.event >= 0 else 0
        return game.skills[self.politician[player]][method] + self.mods[player][group] + ev

    def _persuasions(self, p: int, out: list) -> None:
        hand, table, A = self.hands[p], self.table, self.game.A_PERSUADE
        coffee = hand[COFFEE]
        game = self.game
        sk = game.skills[self.politician[p]]
        mods = self.mods[p]
        ev = game.event_mod[self.event] if self.event >= 0 else (0, 0, 0, 0)
        symbols = game.symbols
        for g in range(NG):
            if table[g]:
                mg = mods[g]
                sy = symbols[g]
                for m in range(NM):
                    avail = hand[METHOD_KIND[m]] + coffee
                    if avail and sk[m] + mg + ev[m] + avail >= sy[m]:
                        out.append(A + g * NM + m)

    def legal_actions(self) -> list[int]:
        if self.finished:
            return []
        ph, p, n = self.phase, self.cur, self.n
        hand = self.hands[p]
        if ph == PERSUADE:
            out = []
            if hand[METHOD_KIND[self.pm]]:
                out.append(self.game.A_ADD)
            if hand[COFFEE]:
                out.append(self.game.A_COFFEE)
            if self.pplayed:
                kmax = min(self.table[self.pg], self.ppower - self.game.symbols[self.pg][self.pm] + 1)
                out.extend(range(self.game.A_TAKE, self.game.A_TAKE + kmax))
            return out
        if ph == DISCARD:
            A = self.game.A_DISCARD
            return [A + k for k in range(NK) if hand[k]]
        if ph == START:
            out = [A_DRAW, A_REST] if self.beside[p][BURN_SLOT] else [A_DRAW]
        else:
            out = [A_END]
        for j in range(NB - 1):
            if hand[SPECIAL_KINDS[j]]:
                a = A_SPECIAL + j * n
                out.extend(range(a, a + n))
        if hand[BURNOUT]:
            a = A_SPECIAL + BURN_SLOT * n
            mine, po, bes = self.party_of[p], self.party_of, self.beside
            for k in range(1, n):
                s = (p + k) % n
                if po[s] != mine and not bes[s][BURN_SLOT]:
                    out.append(a + k)
        if hand[GWTW]:
            A = self.game.A_GWTW
            bes = self.beside
            for j in range(NB):
                for k in range(n):
                    if bes[(p + k) % n][j]:
                        out.append(A + j * n + k)
        self._persuasions(p, out)
        return out

    def is_legal(self, a: int) -> bool:
        if self.finished or not 0 <= a < self.game.num_actions:
            return False
        ph, p, n, game = self.phase, self.cur, self.n, self.game
        hand = self.hands[p]
        if a == A_DRAW:
            return ph == START
        if a == A_REST:
            return ph == START and self.beside[p][BURN_SLOT] > 0
        if a == A_END:
            return ph == SPECIALS
        if a < game.A_PERSUADE:
            if ph != START and ph != SPECIALS:
                return False
            if a < game.A_GWTW:
                j, k = divmod(a - A_SPECIAL, n)
                if not hand[BESIDE_KINDS[j]]:
                    return False
                if j == BURN_SLOT:
                    s = (p + k) % n
                    return self.party_of[s] != self.party_of[p] and not self.beside[s][BURN_SLOT]
                return True
            j, k = divmod(a - game.A_GWTW, n)
            return hand[GWTW] > 0 and self.beside[(p + k) % n][j] > 0
        if a < game.A_ADD:
            if ph != START and ph != SPECIALS:
                return False
            g, m = divmod(a - game.A_PERSUADE, NM)
            avail = hand[METHOD_KIND[m]] + hand[COFFEE]
            return self.table[g] > 0 and avail > 0 and self.base_power(p, g, m) + avail >= game.symbols[g][m]
        if a == game.A_ADD:
            return ph == PERSUADE and hand[METHOD_KIND[self.pm]] > 0
        if a == game.A_COFFEE:
            return ph == PERSUADE and hand[COFFEE] > 0
        if a < game.A_DISCARD:
            k = a - game.A_TAKE + 1
            return (ph == PERSUADE and self.pplayed > 0 and k <= self.table[self.pg]
                    and self.ppower >= game.symbols[self.pg][self.pm] + k - 1)
        return ph == DISCARD and hand[a - game.A_DISCARD] > 0

    def legal_mask(self) -> np.ndarray:
        mask = np.zeros(self.game.num_actions, dtype=np.int8)
        if not self.finished:
            mask[self.legal_actions()] = 1
        return mask

    # --- applying actions ------------------------------------------------------------------------------
    def _hand_change(self, p: int, kind: int, delta: int) -> None:
        self.hands[p][kind] += delta
        self.hand_size[p] += delta
        w, off = self.world, self.game.off
        w[off["hand"] + p * NK + kind] += delta
        w[off["hand_size"] + p] += delta

    def _to_discard(self, kind: int) -> None:
        self.discard[kind] += 1
        self.world[self.game.off["discard"] + kind] += 1

    def _set_phase(self, ph: int) -> None:
        w, o = self.world, self.game.off["phase"]
        w[o + self.phase] = 0
        w[o + ph] = 1
        self.phase = ph

    def apply_unchecked(self, a: int) -> None:
        game, p = self.game, self.cur
        if a >= game.A_ADD:
            if a < game.A_TAKE:  # add a card to the persuasion (PTX-A3, A4)
                kind = METHOD_KIND[self.pm] if a == game.A_ADD else COFFEE
                self._hand_change(p, kind, -1)
                self._to_discard(kind)  # used politicking cards go to the discard pile (L34, PTX-A24)
                self.pplayed += 1
                self.ppower += 1
                w, off = self.world, game.off
                w[off["p_played"]] = self.pplayed
                w[off["p_power"]] = self.ppower
                if self.record_events:
                    self._event("play", player=p, card=KINDS[kind], power=self.ppower)
            elif a < game.A_DISCARD:
                self._take(p, a - game.A_TAKE + 1)
            else:
                kind = a - game.A_DISCARD
                self._hand_change(p, kind, -1)
                self._to_discard(kind)
                if self.record_events:
                    self._event("discard", player=p, card=KINDS[kind])
                if self.hand_size[p] <= HAND_LIMIT:
                    self._next_turn()
            return
        if a == A_DRAW:
            self._draw(p, BURNT_DRAW if self.beside[p][BURN_SLOT] else DRAW)
            self._end_turn()
        elif a == A_REST:  # L33, PTX-A9
            self._beside_change(p, BURN_SLOT, -1)
            self._to_discard(BURNOUT)
            if self.record_events:
                self._event("rest", player=p)
            self._end_turn()
        elif a == A_END:
            self._end_turn()
        elif a < game.A_GWTW:
            j, k = divmod(a - A_SPECIAL, self.n)
            self._hand_change(p, BESIDE_KINDS[j], -1)
            self._beside_change((p + k) % self.n, j, 1)
            if self.record_events:
                self._event("special", player=p, card=KINDS[BESIDE_KINDS[j]], onto=(p + k) % self.n)
            if self.phase == START:
                self._set_phase(SPECIALS)
        elif a < game.A_PERSUADE:
            j, k = divmod(a - game.A_GWTW, self.n)
            self._hand_change(p, GWTW, -1)
            self._to_discard(GWTW)
            self._beside_change((p + k) % self.n, j, -1)
            self._to_discard(BESIDE_KINDS[j])
            if self.record_events:
                self._event("gone_with_the_wind", player=p, card=KINDS[BESIDE_KINDS[j]], removed_from=(p + k) % self.n)
            if self.phase == START:
                self._set_phase(SPECIALS)
        else:
            g, m = divmod(a - game.A_PERSUADE, NM)
            self.pg, self.pm, self.pplayed = g, m, 0
            self.ppower = self.base_power(p, g, m)
            w, off = self.world, game.off
            w[off["p_group"] + g] = 1
            w[off["p_method"] + m] = 1
            w[off["p_power"]] = self.ppower
            self._set_phase(PERSUADE)
            if self.record_events:
                self._event("persuade", player=p, group=GROUPS[g], method=METHODS[m], power=self.ppower)

    def _beside_change(self, s: int, j: int, delta: int) -> None:
        self.beside[s][j] += delta
        self.world[self.game.off["beside"] + s * NB + j] += delta
        if j != BURN_SLOT:
            game = self.game
            self.mods[s][game.slot_group[j]] += game.slot_mod[j] * delta

    def _draw(self, p: int, count: int) -> None:
        deck = self.deck
        drawn = None if self.reshuffled is None else self.drawn[p]
        got = [] if self.record_events else None
        for _ in range(count):
            if not deck:
                if not any(self.discard):
                    break  # PTX-A17: nothing left to draw
                self._reshuffle()
                deck, drawn = self.deck, self.drawn[p]
            k = deck.pop()
            self._hand_change(p, k, 1)
            if drawn is not None:
                drawn[k] += 1
            if got is not None:
                got.append(KINDS[k])
        self.world[self.game.off["action_deck"]] = len(deck) / NUM_ACTION_CARDS
        if got is not None:  # the table sees how many; only the drawer sees which
            self._event("draw", player=p, count=len(got), private={p: {"cards": got}})

    def _reshuffle(self) -> None:
        """L35: the discard pile becomes the new draw pile."""
        deck = [k for k in range(NK) for _ in range(self.discard[k])]
        self.rng.shuffle(deck)
        self.deck = deck
        if self.record_events:
            self._event("reshuffle", size=len(deck))
        self.reshuffled = tuple(self.discard)
        self.drawn = [[0] * NK for _ in range(self.n)]
        self.discard = [0] * NK
        o = self.game.off["discard"]
        self.world[o:o + NK] = 0

    def _take(self, p: int, k: int) -> None:
        g, party = self.pg, self.party_of[p]
        w, off = self.world, self.game.off
        summary = self.persuasion_summary(k) if self.record_events else None
        self.table[g] -= k
        self.table_total -= k
        self.collected[party][g] += k
        w[off["table"] + g] -= k
        w[off["collected"] + party * NG + g] += k
        self.score_version += 1
        # L29, PTX-A10/A11: replenish to eight; an event drawn goes face up on top of the earlier one
        vd = self.voter_deck
        refill = [] if summary is not None else None
        while self.table_total < TABLE_SIZE and vd:
            c = vd.pop()
            if refill is not None:
                refill.append(VOTER_IDS[c])
            if c < NG:
                self.table[c] += 1
                self.table_total += 1
                w[off["table"] + c] += 1
            else:
                if self.event >= 0:
                    w[off["event"] + self.event] = 0
                self.event = c - NG
                self.events_out.append(c)
                w[off["event"] + self.event] = 1
                w[off["events_out"] + self.event] += 1
        w[off["voter_deck"]] = len(vd) / NUM_VOTER_CARDS
        if summary is not None:  # one event: the persuasion, then the table refilled to eight (L29)
            self._event("persuasion", **summary, refill=refill, table=dict(zip(GROUPS, self.table)),
                        event_now=EVENTS[self.event] if self.event >= 0 else None, voter_draw_pile=len(vd))
        w[off["p_group"] + g] = 0
        w[off["p_method"] + self.pm] = 0
        w[off["p_played"]] = 0
        w[off["p_power"]] = 0
        self.pg = self.pm = -1
        self.pplayed = self.ppower = 0
        if self.table_total == 0:  # L30, L38: the last voter card was taken
            self._count_turn()
            self._finish()
            return
        self._end_turn()

    def persuasion_summary(self, taken: int) -> dict:
        """The persuasion in progress as the table sees it when ``taken`` cards are taken (L23-28): who, which
        group and method, the persuader's power and its parts, and the voters' side: the symbols on one card and
        the power needed for ``taken`` cards (symbols + taken - 1, L27)."""
        game, p, g, m = self.game, self.cur, self.pg, self.pm
        party = self.party_of[p]
        skill = game.skills[self.politician[p]][m]
        symbol = game.party_mod[party][g]
        event = game.event_mod[self.event][m] if self.event >= 0 else 0
        return {"player": p, "party": PARTIES[party], "politician": POLITICIANS[self.politician[p]],
                "group": GROUPS[g], "method": METHODS[m], "taken": taken, "power": self.ppower,
                "needed": game.symbols[g][m] + taken - 1, "symbols": game.symbols[g][m],
                "power_parts": {"skill": skill, "party_symbol": symbol, "beside": self.mods[p][g] - symbol,
                                "event": event, "cards": self.pplayed},
                "event": EVENTS[self.event] if self.event >= 0 else None}

    def _end_turn(self) -> None:
        if self.hand_size[self.cur] > HAND_LIMIT:  # L21, PTX-A20
            self._set_phase(DISCARD)
        else:
            self._next_turn()

    def _count_turn(self) -> None:
        party = self.party_of[self.cur]
        self.turns[party] += 1
        self.turn_count += 1
        w, off = self.world, self.game.off
        w[off["turns"] + party] = self.turns[party]
        w[off["turn"]] = self.turn_count / 100.0

    def _next_turn(self) -> None:
        self._count_turn()
        cap = self.game.options["max_turns"]
        if cap is not None and self.turn_count >= cap:
            self.truncated = True
            self._finish()
            return
        w, off = self.world, self.game.off
        w[off["current"] + self.cur] = 0
        self.cur = (self.cur + 1) % self.n
        w[off["current"] + self.cur] = 1
        self._set_phase(START)

    def _result(self) -> tuple[list[int], list[float]]:
        """(winners, returns) of the finished game: L38 scoring, or nothing on truncation (PTX-A25)."""
        n = self.n
        if self.truncated:
            return [], [0.0] * n
        top, tied = self.ranking()
        if len(tied) == 1:
            return list(self.game.parties[tied[0]]), [1.0 if self.party_of[s] == tied[0] else -1.0 for s in range(n)]
        return [], [0.0 if self.party_of[s] in tied else -1.0 for s in range(n)]

    def _finish(self) -> None:
        self.finished = True
        n = self.n
        self._winners, self._returns = self._result()
        w, off = self.world, self.game.off
        w[off["current"]:off["current"] + n] = 0
        w[off["phase"]:off["phase"] + 4] = 0
        if self.record_events:
            self._event("game_end", **self.scoring())

    def scoring(self) -> dict:
        """The set-collection scoring as the table sees it at the end (L38-39): per party its voter pile per group
        (base support included and shown), the counts sorted ascending (the ranking key), its turns; the result
        (``win``, ``tie`` or ``truncated``), the winning seats and party, and what decided it (``"the 3rd least
        group"``, ``"fewer turns"``, ...)."""
        game, n = self.game, self.n
        parties = []
        for i, seats in enumerate(game.parties):
            counts = self.party_counts(i)
            entry = {"party": PARTIES[i], "seats": list(seats), "voter_pile": dict(zip(GROUPS, counts)),
                     "ranking": sorted(counts), "total": sum(counts), "turns": self.turns[i]}
            if i == 0 and game.has_base:
                entry["base_support"] = dict(zip(GROUPS, self.base))
            parties.append(entry)
        out = {"parties": parties, "turns": self.turn_count}
        if self.truncated:
            out.update(result="truncated", winners=[], winning_party=None, decided_by="the turn cap (max_turns)")
            return out
        keys = [tuple(p["ranking"]) for p in parties]
        top, tied = self.ranking()
        winners, _ = self._result()
        if not winners:
            out.update(result="tie", winners=[], winning_party=None, decided_by="a tie in groups and in turns")
            return out
        best = tied[0]
        if len(top) > 1:
            decided = "fewer turns"
        else:
            runner = max(keys[i] for i in range(len(keys)) if i != best)
            d = next(j for j in range(NG) if keys[best][j] != runner[j])
            decided = "the least group" if d == 0 else f"the {_ORDINAL[d]} least group"
        out.update(result="win", winners=winners, winning_party=PARTIES[best], decided_by=decided)
        return out

    def party_counts(self, party: int) -> list[int]:
        """Voter cards of a party per group, the 5-player base support included (PTX-A13)."""
        c = self.collected[party]
        if party == 0 and self.game.has_base:
            return [c[g] + self.base[g] for g in range(NG)]
        return list(c)

    def ranking(self) -> tuple[list[int], list[int]]:
        """(parties with the best L38 key, those of them with the fewest turns (L38, PTX-A13/A14))."""
        keys = [party_key(self.party_counts(i)) for i in range(self.game.num_parties)]
        best = max(keys)
        top = [i for i, k in enumerate(keys) if k == best]
        fewest = min(self.turns[i] for i in top)
        return top, [i for i in top if self.turns[i] == fewest]

    def scores(self) -> list[int]:
        return [sum(self.party_counts(self.party_of[s])) for s in range(self.n)]

    def teams(self) -> list[list[int]]:
        """The parties: one player each with 2-3 players, else the table's parties (they win jointly)."""
        parties: dict[int, list[int]] = {}
        for seat, party in enumerate(self.party_of):
            parties.setdefault(party, []).append(seat)
        return sorted(parties.values())

    def winners(self) -> list[int]:
        return list(self._winners)

    def returns(self) -> list[float]:
        """Each member gets the party's result (PTX-A25): +1 win, -1 loss; a party in an unbroken tie for the
        top gets 0 (the others -1); a truncated game gives 0 to all."""
        if not self.finished:
            return [0.0] * self.n
        return list(self._returns)

    # --- search: clone and information-set sampling ----------------------------------------------------------
    def clone(self) -> "PolitixState":
        """An independent copy without JSON: the lists play changes in place are copied, the world vector copied;
        the game, its tables and the lists only ever replaced whole (politicians, base support, results, the pile
        record) are shared; the RNG is shared copy-on-write (see ``rng``), so both play on identically."""
        st = PolitixState.__new__(PolitixState)
        st.__dict__.update(self.__dict__)
        st.hands = [h[:] for h in self.hands]
        st.event_log = self.event_log[:]
        st.hand_size = self.hand_size[:]
        st.beside = [b[:] for b in self.beside]
        st.mods = [m[:] for m in self.mods]
        st.deck = self.deck[:]
        st.discard = self.discard[:]
        st.voter_deck = self.voter_deck[:]
        st.table = self.table[:]
        st.events_out = self.events_out[:]
        st.collected = [c[:] for c in self.collected]
        st.turns = self.turns[:]
        st.drawn = [x[:] for x in self.drawn]
        st.world = self.world.copy()
        self._rng_shared = st._rng_shared = True
        return st

    def persuader_need(self, player: int) -> tuple[int, tuple, int]:
        """``(seat, kinds, count)``: the one hidden-hand constraint play shows ``player`` (see sample.py)."""
        return sample.persuader_need(self, player)

    def sample_hidden(self, player: int, rng: random.Random) -> "PolitixState":
        """A world ``player`` cannot tell from this one, drawn exactly (RULES.md, "Information-set sampling")."""
        return sample.sample_hidden(self, player, rng)

    def world_sampler(self, player: int) -> "sample.WorldSampler":
        """State.world_sampler: the unknown cards, the pile's constraints and the voter cards worked out once."""
        return sample.WorldSampler(self, player)

    # --- observations, saved states, positions, text ---------------------------------------------------------
    def _rebuild_world(self) -> None:
        observe.rebuild_world(self)

    def to_json(self) -> dict:
        return saved.to_json(self)

    @classmethod
    def from_json(cls, game: PolitixGame, data: dict) -> "PolitixState":
        """Rebuild a state saved by :meth:`to_json`, strictly checked (:class:`StateFormatError` names the field)."""
        return saved.state_from_json(cls, game, data)

    def to_position(self) -> dict:
        """This state as a position (RULES.md, "Positions"): every pile in order, hidden parts included, so that
        ``game.state_from_position(state.to_position())`` sets up the same table (with a fresh game RNG)."""
        return positions.position_of(self)

    def card_totals(self) -> tuple[list[int], list[int]]:
        """(action cards per kind, voter cards per id) over every zone; equal to the full set in every state."""
        acts = [0] * NK
        for h in self.hands:
            for k in range(NK):
                acts[k] += h[k]
        for b in self.beside:
            for j in range(NB):
                acts[BESIDE_KINDS[j]] += b[j]
        for k in self.deck:
            acts[k] += 1
        for k in range(NK):
            acts[k] += self.discard[k]
        voters = [0] * len(VOTER_IDS)
        for c in self.voter_deck:
            voters[c] += 1
        for c in self.events_out:
            voters[c] += 1
        for g in range(NG):
            voters[g] += self.table[g] + self.base[g] + sum(c[g] for c in self.collected)
        return acts, voters

    def _check_pile_record(self) -> None:
        saved.check_pile_record(self)

    def _check_consistent(self, E=StateFormatError) -> None:
        saved.check_consistent(self, E)

    def render(self, player: int | None = None) -> str:
        return text.render(self, player)
