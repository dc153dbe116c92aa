"""Politix (``politix.txt``): the rules module. Plain Python; readings of unclear text in ``RULES.md``.

The card set (politicians, voter symbols, action deck, specials, events, party symbols) is read from
``data/cards.json``; the rulebook prints only a few of its values, the rest is a documented reconstruction. Its
tables and the ids used throughout are in ``cards.py`` (re-exported here).

A turn is a sequence of atomic actions in one flat action space; see :meth:`PolitixGame.action_name` and the
action table in ``RULES.md``. Seats in actions are offsets from the acting player (0 = self, 1 = the next
seat clockwise, ...).
"""
from __future__ import annotations

import os
import random
from math import comb

import numpy as np

from ..core.rules import (ConfigError, DealError, Game, Option, StateFormatError, new_rng, rng_from_json,
                          rng_to_json)
from ..core.world import WorldLayout, WorldState, clockwise_from, field_table
from . import components, positions
from .cards import (A_DRAW, A_END, A_REST, A_SPECIAL, BASE_SUPPORT, BESIDE_KINDS, BURN_SLOT, BURNOUT,  # noqa: F401
                    BURNT_DRAW, CARDS, COFFEE, DATA_PATH, DISCARD, DRAW, EVENT_MOD, EVENT_NAMES, EVENTS, GROUP_COUNT,
                    GROUP_NAMES, GROUPS, GWTW, HAND_LIMIT, KIND_COUNT, KIND_NAMES, KINDS, MAX_TAKE, METHOD_KIND,
                    METHOD_NAMES, METHODS, NB, NE, NG, NK, NM, NPOL, NUM_ACTION_CARDS, NUM_VOTER_CARDS, PARTIES,
                    PARTY_MOD, PARTY_NAMES, PERSUADE, PHASE_NAMES, POLITICIAN_NAMES, POLITICIAN_PARTY, POLITICIANS,
                    SKILLS, SLOT_GROUP, SLOT_MOD, SPECIAL_KINDS, SPECIALS, START, START_HAND, SYMBOLS, TABLE_SIZE,
                    VOTER_IDS, group_index, kind_index, party_key, party_layout, politician_index, voter_index)

_ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")
_SAVED_FIELDS = ("game", "num_players", "teams_3v3", "politicians", "hands", "beside", "action_deck", "discard",
                 "voter_deck", "table", "events", "collected", "base_support", "turns", "current", "phase",
                 "persuasion", "finished", "truncated", "winners", "returns", "score_version", "rng")


# --- information-set sampling helpers (exact counting; see PolitixState.sample_hidden) -------------------------
def _cards(counts, kinds=range(NK)) -> list[int]:
    """One entry per physical card of ``counts`` (per kind), for the kinds listed."""
    out: list[int] = []
    for k in kinds:
        if counts[k]:
            out += [k] * counts[k]
    return out


def _atoms(kinds, avail, cap) -> list:
    """How to draw cards of ``kinds`` with weight prod_k C(avail_k, x_k) under x_k <= cap_k: one atom per kind
    whose cap binds, then (last) one atom merging the rest, whose count is split by a uniform subset of their cards
    (by Vandermonde, sum_{x: sum x = j} prod C(avail_k, x_k) = C(sum avail_k, j), and the split given j is the
    multivariate hypergeometric)."""
    atoms, free = [], []
    for k in kinds:
        if cap[k] < avail[k]:
            if cap[k] > 0:
                atoms.append(((k,), avail[k], cap[k]))
        elif avail[k]:
            free.append(k)
    if free:
        a = sum(avail[k] for k in free)
        atoms.append((tuple(free), a, a))
    return atoms


def _suffix_polys(atoms, top: int) -> list[list[int]]:
    """``suf[i][l]``: the summed weight of the ways atoms ``i..`` can take ``l`` cards in all (l <= top)."""
    suf = [[1] + [0] * top]
    for kinds, a, c in reversed(atoms):
        nxt = suf[-1]
        nz = [(l, v) for l, v in enumerate(nxt) if v]
        out = [0] * (top + 1)
        for j in range(min(c, top) + 1):
            w = comb(a, j)
            for l, v in nz:
                if l + j > top:
                    break
                out[l + j] += w * v
        suf.append(out)
    suf.reverse()
    return suf


def _pick(weights: list[int], rng) -> int:
    """An index drawn exactly in proportion to integer weights (not all zero)."""
    r = rng.randrange(sum(weights))
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise AssertionError("unreachable")


def _draw_counts(atoms, suf, avail, total: int, rng, out: list[int]) -> None:
    """Add to ``out`` a kind-count vector of ``total`` cards drawn with weight prod C(avail_k, x_k) (caps held)."""
    last = len(atoms) - 1
    for i, (kinds, a, c) in enumerate(atoms):
        if i == last:
            j = total
        else:
            nxt = suf[i + 1]
            j = _pick([comb(a, j) * nxt[total - j] for j in range(min(c, total) + 1)], rng)
        if len(kinds) == 1:
            out[kinds[0]] += j
        elif j:
            for k in rng.sample(_cards(avail, kinds), j):
                out[k] += 1
        total -= j
    assert total == 0


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
        self._build_layout()

    # --- observation layout --------------------------------------------------------------------------
    def _build_layout(self) -> None:
        n, P = self.num_players, self.num_parties
        blocks = [("hand", n * NK), ("hand_size", n), ("beside", n * NB), ("politician", n * NPOL),
                  ("skills", n * NM), ("party_symbol", n * len(PARTIES)), ("current", n), ("collected", P * NG),
                  ("turns", P), ("base", NG), ("table", NG), ("event", NE), ("events_out", NE),
                  ("voter_deck", 1), ("action_deck", 1), ("discard", NK), ("phase", 4), ("p_group", NG),
                  ("p_method", NM), ("p_played", 1), ("p_power", 1), ("turn", 1), ("zero", NG), ("one", 1)]
        self.layout = WorldLayout(blocks)
        self.off, self.world_size = self.layout.off, self.layout.size
        self.views = [self._view_index(p) for p in range(n)]
        self.observation_size = len(self.views[0])
        self.fields = self._field_table()

    def _view_index(self, p: int) -> np.ndarray:
        n, P, off, lay = self.num_players, self.num_parties, self.off, self.layout
        seats = clockwise_from(p, n)
        idx: list[int] = list(lay.seat("hand", p, NK))
        for name, width in (("hand_size", 1), ("beside", NB), ("politician", NPOL), ("skills", NM),
                            ("party_symbol", len(PARTIES)), ("current", 1)):
            idx += lay.seats(name, width, seats)
        for s in seats:  # 1 for a member of the observer's party (the observer included)
            idx.append(off["one"] if self.party_of[s] == self.party_of[p] else off["zero"])
        mine = self.party_of[p]
        for i in range(P):
            q = (mine + i) % P
            idx += range(off["collected"] + q * NG, off["collected"] + (q + 1) * NG)
            idx.append(off["turns"] + q)
        # base support (5 players): only the first party sees its composition (L41, PTX-A15)
        src = off["base"] if (self.has_base and mine == 0) else off["zero"]
        idx += range(src, src + NG)
        for name, width in (("table", NG), ("event", NE), ("events_out", NE), ("voter_deck", 1),
                            ("action_deck", 1), ("discard", NK), ("phase", 4), ("p_group", NG), ("p_method", NM),
                            ("p_played", 1), ("p_power", 1), ("turn", 1)):
            idx += lay.whole(name, width)
        return np.asarray(idx, dtype=np.intp)

    def _field_table(self):
        n, P = self.num_players, self.num_parties
        rows = [
            ("hand", NK, "own hand: count of each action-card kind (KINDS order)"),
            ("hand_size", n, "per seat (self first, then clockwise): cards in hand"),
            ("beside", n * NB, "per seat: count of each special card lying beside its politician (12 group "
                               "specials, then Burnout)"),
            ("politician", n * NPOL, "per seat: one-hot of its politician"),
            ("skills", n * NM, "per seat: its politician's skill per method"),
            ("party_symbol", n * len(PARTIES), "per seat: one-hot of its party's symbol (right, left, centre)"),
            ("current", n, "per seat: 1 for the player to move"),
            ("partner", n, "per seat: 1 if in the observer's party (self included)"),
            ("parties", P * (NG + 1), "per party (own party first, then the others in seat order): voter cards "
                                      "collected from the table per group, then turns taken"),
            ("base_support", NG, "5 players, first party only: its hidden base-support cards per group "
                                 "(zeros for everyone else)"),
            ("table", NG, "face-up voter cards per group"),
            ("event", NE, "one-hot of the event in effect (the top event; all 0 before the first)"),
            ("events_out", NE, "events drawn face up so far"),
            ("voter_deck", 1, "voter cards left in the draw pile / 46"),
            ("action_deck", 1, "action cards left in the draw pile / 76"),
            ("discard", NK, "action discard pile: count of each kind"),
            ("phase", 4, "one-hot of the turn phase: start, specials played, persuading, discarding"),
            ("p_group", NG, "persuasion in progress: one-hot of the target group"),
            ("p_method", NM, "persuasion in progress: one-hot of the method"),
            ("p_played", 1, "persuasion in progress: politicking/coffee cards played"),
            ("p_power", 1, "persuasion in progress: current power"),
            ("turn", 1, "turns taken in the game / 100"),
        ]
        fields = field_table(rows)
        assert fields[-1][1] + fields[-1][2] == self.observation_size
        return fields

    def action_name(self, action: int) -> str:
        n = self.num_players
        if not 0 <= action < self.num_actions:
            raise ValueError(f"politix: action {action} out of range 0..{self.num_actions - 1}")
        if action == A_DRAW:
            return "draw"
        if action == A_REST:
            return "rest (discard Burnout)"
        if action == A_END:
            return "end turn"
        if action < self.A_GWTW:
            j, k = divmod(action - A_SPECIAL, n)
            return f"play {KIND_NAMES[BESIDE_KINDS[j]]} on seat+{k}"
        if action < self.A_PERSUADE:
            j, k = divmod(action - self.A_GWTW, n)
            return f"Gone with the wind: remove {KIND_NAMES[BESIDE_KINDS[j]]} from seat+{k}"
        if action < self.A_ADD:
            g, m = divmod(action - self.A_PERSUADE, NM)
            return f"persuade {GROUP_NAMES[g]} by {METHOD_NAMES[m]}"
        if action == self.A_ADD:
            return "add a politicking card of the method"
        if action == self.A_COFFEE:
            return "add a coffee and cake card"
        if action < self.A_DISCARD:
            return f"take {action - self.A_TAKE + 1} voter card(s)"
        return f"discard {KIND_NAMES[action - self.A_DISCARD]}"

    # --- states --------------------------------------------------------------------------------------
    def new_initial_state(self, seed=None, deal=None) -> "PolitixState":
        st = PolitixState(self, new_rng(seed))
        if deal is None:
            st._deal_random()
        else:
            st._deal_custom(deal)
        return st

    def state_from_json(self, data: dict) -> "PolitixState":
        return PolitixState.from_json(self, data)

    def state_from_position(self, position: dict, seed=None) -> "PolitixState":
        """A state from a position in the format of RULES.md, "Positions" (any point of a turn: its start, after
        special cards, mid-persuasion, or over the hand limit). Parts left out are filled at random from ``seed``;
        anything inconsistent raises :class:`PositionError` naming the field and what was expected."""
        return positions.build(self, position, new_rng(seed), PolitixState)

    def describe_event(self, event: dict) -> str:
        """One line of table talk for an event of :meth:`PolitixState.events` (any seat's view)."""
        t, c = event["type"], self.cards
        who = f"P{event['player']}" if "player" in event else ""

        def kind(k):
            return c.kind_names[KINDS.index(k)] if k in KINDS else str(k)

        def group(g):
            return c.group_names[GROUPS.index(g)] if g in GROUPS else str(g)

        def method(m):
            return c.method_names[METHODS.index(m)] if m in METHODS else str(m)
        if t in ("deal", "position"):
            hand = f"; your hand: {', '.join(kind(k) for k in event['hand']) or 'empty'}" if "hand" in event else ""
            table = ", ".join(f"{group(g)} {v}" for g, v in event["table"].items() if v)
            return (f"{'Dealt' if t == 'deal' else 'Position set'}: politicians {', '.join(event['politicians'])}; "
                    f"table {table}; P{event['to_move']} to move{hand}")
        if t == "draw":
            cards = f": {', '.join(kind(k) for k in event['cards'])}" if "cards" in event else ""
            return f"{who} draws {event['count']} action card(s){cards}"
        if t == "reshuffle":
            return f"The discard pile ({event['size']} cards) is shuffled into a new draw pile"
        if t == "rest":
            return f"{who} rests and discards Burnout"
        if t == "special":
            return f"{who} plays {kind(event['card'])} beside P{event['onto']}"
        if t == "gone_with_the_wind":
            return f"{who} plays Gone with the wind: {kind(event['card'])} removed from P{event['removed_from']}"
        if t == "persuade":
            return (f"{who} starts persuading {group(event['group'])} by {method(event['method'])} "
                    f"(power {event['power']})")
        if t == "play":
            return f"{who} plays {kind(event['card'])} (power {event['power']})"
        if t == "persuasion":
            parts = event["power_parts"]
            bits = ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in parts.items() if k != "cards" and v)
            drawn = [group(v) if v in GROUPS else c.event_names[EVENTS.index(v)] for v in event["refill"]]
            refill = f"; refilled: {', '.join(drawn)}" if drawn else ""
            if event["event_now"] != event["event"] and event["event_now"]:
                refill += f"; event now: {c.event_names[EVENTS.index(event['event_now'])]}"
            return (f"{who} persuades {event['taken']} {group(event['group'])} by {method(event['method'])}: power "
                    f"{event['power']} ({bits + ', ' if bits else ''}{parts['cards']} card(s)) against "
                    f"{event['needed']} needed ({event['symbols']} symbols + {event['taken'] - 1}){refill}")
        if t == "discard":
            return f"{who} discards {kind(event['card'])} (hand limit)"
        if t == "game_end":
            piles = "; ".join(f"{p['party']} {p['ranking']} ({p['turns']} turns)" for p in event["parties"])
            if event["result"] == "win":
                return f"Game over: {event['winning_party']} wins on {event['decided_by']}: {piles}"
            return f"Game over: {event['result']}: {piles}"
        return super().describe_event(event)


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
        n, game = self.n, self.game
        if not isinstance(deal, dict):
            raise DealError(f"politix: a deal must be a dict, got {type(deal).__name__}")
        known = {"politicians", "hands", "beside", "discard", "table", "events", "collected", "base_support",
                 "start", "action_deck_top", "voter_deck_top", "turns"}
        unknown = set(deal) - known
        if unknown:
            raise DealError(f"politix: unknown deal key(s) {sorted(unknown)}; expected some of {sorted(known)}")

        def seat_lists(key, conv, default):
            v = deal.get(key)
            if v is None:
                return default
            if not isinstance(v, (list, tuple)) or len(v) != n or not all(isinstance(x, (list, tuple)) for x in v):
                raise DealError(f"politix {n}p: {key} must be a list of {n} lists")
            return [[conv(x) for x in lst] for lst in v]

        def name_list(key, conv):
            v = deal.get(key)
            if v is None:
                return None
            if not isinstance(v, (list, tuple)):
                raise DealError(f"politix: {key} must be a list")
            return [conv(x) for x in v]

        pols = name_list("politicians", politician_index)
        if pols is None:
            pols = self._choose_politicians()
        if len(pols) != n or len(set(pols)) != n:
            raise DealError(f"politix {n}p: politicians must name {n} different politicians")
        for s, k in enumerate(pols):
            if game.politician_party[k] != self.party_of[s]:
                raise DealError(f"politix {n}p: {POLITICIAN_NAMES[k]} belongs to the "
                                f"{PARTY_NAMES[game.politician_party[k]]}"
                                f" party, but seat {s} is in the {PARTY_NAMES[self.party_of[s]]} party")
        hands = seat_lists("hands", kind_index, None)
        if hands is not None and any(len(h) > HAND_LIMIT for h in hands):
            raise DealError(f"politix: a hand may hold at most {HAND_LIMIT} cards")

        def slot(x):
            k = kind_index(x)
            if k not in BESIDE_KINDS:
                raise DealError(f"politix: {KIND_NAMES[k]} cannot lie beside a politician")
            return BESIDE_KINDS.index(k)
        beside = seat_lists("beside", slot, [[] for _ in range(n)])
        if any(b.count(BURN_SLOT) > 1 for b in beside):
            raise DealError("politix: a player can have only one Burnout card at a time (L33)")
        disc = [0] * NK
        for k in name_list("discard", kind_index) or []:
            disc[k] += 1
        table = name_list("table", group_index)
        if table is not None and len(table) > TABLE_SIZE:
            raise DealError(f"politix: the table holds at most {TABLE_SIZE} voter cards")
        events = [NG + EVENTS.index(e) if e in EVENTS else -1 for e in
                  (str(x).strip().lower() for x in (deal.get("events") or []))]
        if -1 in events:
            raise DealError(f"politix: events must be among {', '.join(EVENTS)}")
        P = game.num_parties
        collected = [[0] * NG for _ in range(P)]
        col = deal.get("collected")
        if col is not None:
            if not isinstance(col, (list, tuple)) or len(col) != P:
                raise DealError(f"politix {n}p: collected must be a list of {P} parties' cards")
            for i, part in enumerate(col):
                if isinstance(part, dict):
                    for gname, cnt in part.items():
                        if isinstance(cnt, bool) or not isinstance(cnt, int) or not 0 <= cnt <= NUM_VOTER_CARDS:
                            raise DealError(f"politix: collected count {cnt!r}; expected an int 0..{NUM_VOTER_CARDS}")
                        collected[i][group_index(gname)] += cnt
                elif isinstance(part, (list, tuple)):
                    for gname in part:
                        collected[i][group_index(gname)] += 1
                else:
                    raise DealError("politix: each party's collected cards must be a list or a dict")
        base = name_list("base_support", group_index)
        if base is not None and game.has_base and len(base) != BASE_SUPPORT:
            raise DealError(f"politix: base_support must list {BASE_SUPPORT} voter groups")
        start = deal.get("start")
        if start is not None and (isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < n):
            raise DealError(f"politix {n}p: start={start!r}; expected a seat 0..{n - 1}")
        turns = deal.get("turns")
        if turns is not None and (not isinstance(turns, (list, tuple)) or len(turns) != P or any(
                isinstance(t, bool) or not isinstance(t, int) or t < 0 for t in turns)):
            raise DealError(f"politix {n}p: turns must be {P} ints >= 0")
        self._setup(pols, hands, beside, disc, table, events, collected, base, start,
                    name_list("action_deck_top", kind_index) or [], name_list("voter_deck_top", voter_index) or [],
                    turns)
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
        """``(seat, kinds, count)`` of the one hidden-hand constraint play shows ``player``: while another seat is
        persuading, its hand still holds at least ``count`` cards of the method's kind and coffee and cake (a
        persuasion can only be started when the hand reaches the power for one card, PTX-A7, and at least one
        card must be played). ``count`` is 0 when nothing is known."""
        c = self.cur
        if self.finished or self.phase != PERSUADE or c == player:
            return c, (), 0
        need = max(1 - self.pplayed, self.game.symbols[self.pg][self.pm] - self.ppower, 0)
        return c, (METHOD_KIND[self.pm], COFFEE), need

    def sample_hidden(self, player: int, rng: random.Random) -> "PolitixState":
        """A world ``player`` cannot tell from this one, drawn exactly (no rejection) from the model in RULES.md
        ("Information-set sampling"): the draw pile's kind counts by counting-based sequential sampling (weights
        prod C(reshuffled-not-drawn-by-player, x), within the unknown cards), its order uniform, the rest of the
        unknown action cards dealt uniformly to the other hands (the persuader's first, truncated to its known
        minimum); the voter deck (and, hidden from the second party at 5 players, the base support) reshuffled."""
        n = self.n
        shared = self._rng_shared
        st = self.clone()
        self._rng_shared = shared  # the sample gets its own fresh RNG: this state's is not shared with it
        st.rng = random.Random(rng.getrandbits(64))
        others = [s for s in range(n) if s != player]
        # the unknown action cards: every other hand and the draw pile (the rest is public or player's own)
        U = [0] * NK
        for k in self.deck:
            U[k] += 1
        for q in others:
            h = self.hands[q]
            for k in range(NK):
                U[k] += h[k]
        L = len(self.deck)
        M = sum(U) - L
        c, S, need = self.persuader_need(player)
        if self.reshuffled is None:  # one shuffle dealt every unknown card: all of them are exchangeable
            avail = cap = U
        else:  # the pile holds only reshuffled cards player has not drawn (and that are still unknown)
            mine = self.drawn[player]
            avail = [self.reshuffled[k] - mine[k] for k in range(NK)]
            cap = [min(a, u) for a, u in zip(avail, U)]
        x = [0] * NK
        if need == 0:
            if cap is avail or all(c_ >= a for c_, a in zip(cap, avail)):  # no cap binds: a uniform ordered subset
                deck = rng.sample(_cards(avail), L)
                for k in deck:
                    x[k] += 1
            else:
                atoms = _atoms(range(NK), avail, cap)
                _draw_counts(atoms, _suffix_polys(atoms, L), avail, L, rng, x)
                deck = _cards(x)
                rng.shuffle(deck)
        else:
            T = [k for k in range(NK) if k not in S]
            a_s, a_t = _atoms(S, avail, cap), _atoms(T, avail, cap)
            suf_s, suf_t = _suffix_polys(a_s, L), _suffix_polys(a_t, L)
            u_s, h = U[S[0]] + U[S[1]], self.hand_size[c]

            def weight(t):  # deck ways with t such cards, times the ways c's hand then holds >= need of them
                ways = suf_s[0][t] * suf_t[0][L - t]
                if not ways:
                    return 0
                r_s = u_s - t  # such cards left for the M cards of the other hands
                return ways * sum(comb(r_s, s) * comb(M - r_s, h - s) for s in range(need, min(r_s, h) + 1))
            t = _pick([weight(t) for t in range(L + 1)], rng)
            _draw_counts(a_s, suf_s, avail, t, rng, x)
            _draw_counts(a_t, suf_t, avail, L - t, rng, x)
            deck = _cards(x)
            rng.shuffle(deck)
        st.deck = deck
        rest = [U[k] - x[k] for k in range(NK)]
        hands = {q: [0] * NK for q in others}
        if need:
            r_s = rest[S[0]] + rest[S[1]]
            h = self.hand_size[c]
            lo = max(need, h - (M - r_s))
            s = lo + _pick([comb(r_s, s) * comb(M - r_s, h - s) for s in range(lo, min(r_s, h) + 1)], rng)
            pool_s, pool_t = _cards(rest, S), _cards(rest, T)
            rng.shuffle(pool_s)
            rng.shuffle(pool_t)
            for k in pool_s[:s] + pool_t[:h - s]:
                hands[c][k] += 1
            pool = pool_s[s:] + pool_t[h - s:]
            dealt = [q for q in others if q != c]
        else:
            pool = _cards(rest)
            dealt = others
        rng.shuffle(pool)
        i = 0
        for q in dealt:
            j = i + self.hand_size[q]
            for k in pool[i:j]:
                hands[q][k] += 1
            i = j
        assert i == len(pool)
        w, off = st.world, self.game.off
        for q in others:
            st.hands[q] = hands[q]
            w[off["hand"] + q * NK:off["hand"] + (q + 1) * NK] = hands[q]
        if self.reshuffled is not None:  # who drew which of the reshuffled cards: the others' part redealt
            got = _cards([avail[k] - x[k] for k in range(NK)])
            rng.shuffle(got)
            i = 0
            for q in others:
                j = i + sum(self.drawn[q])
                d = [0] * NK
                for k in got[i:j]:
                    d[k] += 1
                st.drawn[q] = d
                i = j
            assert i == len(got)
        # the voter cards: the deck's order, and the base support where player does not see it (sorted first, so
        # that the sample is a function of what player knows and rng alone, not of the real order)
        vd = sorted(self.voter_deck)
        if self.game.has_base and self.party_of[player] != 0:
            nev = sum(1 for v in vd if v >= NG)
            groups = sorted(vd[:len(vd) - nev] + _cards(self.base, range(NG)))
            rng.shuffle(groups)
            nb = sum(self.base)
            base = [0] * NG
            for g in groups[:nb]:
                base[g] += 1
            vd = groups[nb:] + vd[len(vd) - nev:]
            st.base = base
            w[off["base"]:off["base"] + NG] = base
        rng.shuffle(vd)
        st.voter_deck = vd
        return st

    # --- observations ----------------------------------------------------------------------------------
    def _rebuild_world(self) -> None:
        """Write the whole world vector from the Python state (deals, loads; tests compare it)."""
        w, off, n, game = self.world, self.game.off, self.n, self.game
        w[:] = 0
        w[off["hand"]:off["hand"] + n * NK] = np.asarray(self.hands, dtype=np.float32).ravel()
        w[off["hand_size"]:off["hand_size"] + n] = self.hand_size
        w[off["beside"]:off["beside"] + n * NB] = np.asarray(self.beside, dtype=np.float32).ravel()
        for s in range(n):
            w[off["politician"] + s * NPOL + self.politician[s]] = 1
            w[off["skills"] + s * NM:off["skills"] + (s + 1) * NM] = game.skills[self.politician[s]]
            w[off["party_symbol"] + s * len(PARTIES) + self.party_of[s]] = 1
        P = game.num_parties
        w[off["collected"]:off["collected"] + P * NG] = np.asarray(self.collected, dtype=np.float32).ravel()
        w[off["turns"]:off["turns"] + P] = self.turns
        w[off["base"]:off["base"] + NG] = self.base
        w[off["table"]:off["table"] + NG] = self.table
        if self.event >= 0:
            w[off["event"] + self.event] = 1
        for c in self.events_out:
            w[off["events_out"] + c - NG] += 1
        w[off["voter_deck"]] = len(self.voter_deck) / NUM_VOTER_CARDS
        w[off["action_deck"]] = len(self.deck) / NUM_ACTION_CARDS
        w[off["discard"]:off["discard"] + NK] = self.discard
        w[off["turn"]] = self.turn_count / 100.0
        w[off["one"]] = 1
        if not self.finished:
            w[off["current"] + self.cur] = 1
            w[off["phase"] + self.phase] = 1
            if self.phase == PERSUADE:
                w[off["p_group"] + self.pg] = 1
                w[off["p_method"] + self.pm] = 1
                w[off["p_played"]] = self.pplayed
                w[off["p_power"]] = self.ppower

    # --- save / load -----------------------------------------------------------------------------------
    def to_json(self) -> dict:
        kinds = lambda counts: [KINDS[k] for k in range(NK) for _ in range(counts[k])]  # noqa: E731
        return {
            "game": "politix", "num_players": self.n, "teams_3v3": self.game.options["teams_3v3"],
            "politicians": [POLITICIANS[k] for k in self.politician],
            "hands": [kinds(h) for h in self.hands],
            "beside": [[KINDS[BESIDE_KINDS[j]] for j in range(NB) for _ in range(b[j])] for b in self.beside],
            "action_deck": [KINDS[k] for k in self.deck], "discard": kinds(self.discard),
            "voter_deck": [VOTER_IDS[c] for c in self.voter_deck],
            "table": [GROUPS[g] for g in range(NG) for _ in range(self.table[g])],
            "events": [VOTER_IDS[c] for c in self.events_out],
            "collected": [{GROUPS[g]: c[g] for g in range(NG)} for c in self.collected],
            "base_support": [GROUPS[g] for g in range(NG) for _ in range(self.base[g])],
            "turns": list(self.turns), "current": self.cur, "phase": PHASE_NAMES[self.phase],
            "persuasion": (None if self.phase != PERSUADE or self.finished else
                           {"group": GROUPS[self.pg], "method": METHODS[self.pm], "played": self.pplayed,
                            "power": self.ppower}),
            "finished": self.finished, "truncated": self.truncated, "winners": list(self._winners),
            "returns": list(self._returns), "score_version": self.score_version,
            "rng": rng_to_json(self._rng),  # reading the state needs no private copy (see ``rng``)
            "reshuffled": None if self.reshuffled is None else kinds(self.reshuffled),
            "drawn": [kinds(d) for d in self.drawn],
        }

    @classmethod
    def from_json(cls, game: PolitixGame, data: dict) -> "PolitixState":
        """Rebuild a state saved by :meth:`to_json`. Strict: every field's type and range, each card exactly once,
        and the cross-references (politicians' parties, the persuasion, the phase, the result) are checked;
        anything else raises :class:`StateFormatError` naming the field and what was expected."""
        E = StateFormatError
        n, P = game.num_players, game.num_parties
        if not isinstance(data, dict):
            raise E(f"politix: a saved state must be a dict, got {type(data).__name__}")
        missing = [k for k in _SAVED_FIELDS if k not in data]
        if missing:
            raise E(f"politix: saved state has no {missing[0]!r} field; expected all of {', '.join(_SAVED_FIELDS)}")
        unknown = sorted(set(data) - set(_SAVED_FIELDS) - {"reshuffled", "drawn"})
        if unknown:
            raise E(f"politix: saved state has unknown field {unknown[0]!r}; expected only {', '.join(_SAVED_FIELDS)}"
                    f", reshuffled, drawn")
        if (data["game"] != "politix" or data["num_players"] != n
                or data["teams_3v3"] is not game.options["teams_3v3"]):
            raise E(f"saved state is {data['game']!r} for {data['num_players']!r} players (teams_3v3="
                    f"{data['teams_3v3']!r}); expected politix for {n} (teams_3v3={game.options['teams_3v3']})")
        try:
            rng = rng_from_json(data["rng"])
        except Exception as exc:  # random.setstate raises several kinds on a bad tuple
            raise E(f"politix: saved 'rng' is malformed ({exc}); expected random.getstate() as "
                    f"[version, [625 ints], gauss]") from None
        st = cls(game, rng)
        KI = {k: i for i, k in enumerate(KINDS)}
        VI = {k: i for i, k in enumerate(VOTER_IDS)}
        GI = {k: i for i, k in enumerate(GROUPS)}
        EI = {k: NG + i for i, k in enumerate(EVENTS)}
        BI = {KINDS[k]: j for j, k in enumerate(BESIDE_KINDS)}

        def ids(field, value, index, what):
            if not isinstance(value, list) or any(not isinstance(x, str) or x not in index for x in value):
                bad = value if not isinstance(value, list) else next(
                    x for x in value if not isinstance(x, str) or x not in index)
                raise E(f"politix: saved {field} holds {bad!r}; expected a list of {what} ids "
                        f"({', '.join(index)})")
            return [index[x] for x in value]

        def counts(field, value, index, what, size):
            out = [0] * size
            for i in ids(field, value, index, what):
                out[i] += 1
            return out

        def per_seat(field, value, index, what, size, length=n):
            if not isinstance(value, list) or len(value) != length:
                raise E(f"politix: saved {field} must be a list of {length} lists, got {value!r:.80}")
            return [counts(f"{field}[{s}]", v, index, what, size) for s, v in enumerate(value)]

        def integer(field, value, lo, hi=None):
            if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
                raise E(f"politix: saved {field} is {value!r}; expected an int in {lo}..{'' if hi is None else hi}")
            return value

        st.politician = ids("politicians", data["politicians"], {k: i for i, k in enumerate(POLITICIANS)},
                            "politician")
        if len(st.politician) != n:
            raise E(f"politix: saved politicians must name {n} politicians, got {len(st.politician)}")
        st.hands = per_seat("hands", data["hands"], KI, "action card", NK)
        st.hand_size = [sum(h) for h in st.hands]
        st.beside = per_seat("beside", data["beside"], BI, "beside-card", NB)
        st.deck = ids("action_deck", data["action_deck"], KI, "action card")
        st.discard = counts("discard", data["discard"], KI, "action card", NK)
        st.voter_deck = ids("voter_deck", data["voter_deck"], VI, "voter card")
        st.table = counts("table", data["table"], GI, "voter group", NG)
        st.table_total = sum(st.table)
        st.events_out = ids("events", data["events"], EI, "event")
        st.event = st.events_out[-1] - NG if st.events_out else -1
        col = data["collected"]
        if (not isinstance(col, list) or len(col) != P
                or any(not isinstance(c, dict) or sorted(c) != sorted(GROUPS) for c in col)):
            raise E(f"politix: saved collected must cover {P} parties: {P} dicts with one count per group "
                    f"({', '.join(GROUPS)})")
        st.collected = [[integer(f"collected[{i}].{g}", c[g], 0) for g in GROUPS] for i, c in enumerate(col)]
        st.base = counts("base_support", data["base_support"], GI, "voter group", NG)
        if not isinstance(data["turns"], list) or len(data["turns"]) != P:
            raise E(f"politix: saved turns must be a list of {P} ints (one per party)")
        st.turns = [integer(f"turns[{i}]", t, 0) for i, t in enumerate(data["turns"])]
        st.turn_count = sum(st.turns)
        st.cur = integer("current", data["current"], 0, n - 1)
        if data["phase"] not in PHASE_NAMES:
            raise E(f"politix: saved phase {data['phase']!r}; expected one of {', '.join(PHASE_NAMES)}")
        st.phase = PHASE_NAMES.index(data["phase"])
        for key in ("finished", "truncated"):
            if not isinstance(data[key], bool):
                raise E(f"politix: saved {key} is {data[key]!r}; expected true or false")
        st.finished, st.truncated = data["finished"], data["truncated"]
        per = data["persuasion"]
        if st.phase == PERSUADE and not st.finished:
            if not isinstance(per, dict) or sorted(per) != ["group", "method", "played", "power"]:
                raise E("politix: saved phase 'persuade' needs persuasion {group, method, played, power}")
            if per["group"] not in GI or per["method"] not in METHODS:
                raise E(f"politix: saved persuasion {per['group']!r} by {per['method']!r}; expected a group of "
                        f"{', '.join(GROUPS)} and a method of {', '.join(METHODS)}")
            st.pg, st.pm = GI[per["group"]], METHODS.index(per["method"])
            st.pplayed = integer("persuasion.played", per["played"], 0, NUM_ACTION_CARDS)
            st.ppower = integer("persuasion.power", per["power"], -100, 100)
        elif per is not None and not st.finished:
            raise E(f"politix: saved persuasion must be null outside the 'persuade' phase (phase {data['phase']!r})")
        if not isinstance(data["winners"], list) or not isinstance(data["returns"], list):
            raise E("politix: saved winners and returns must be lists")
        st._winners = [integer("winners[]", p, 0, n - 1) for p in data["winners"]]
        if len(data["returns"]) != n or any(isinstance(r, bool) or not isinstance(r, (int, float))
                                            for r in data["returns"]):
            raise E(f"politix: saved returns must be {n} numbers")
        st._returns = [float(r) for r in data["returns"]]
        st.score_version = integer("score_version", data["score_version"], 0)
        if data.get("reshuffled") is not None:  # optional: older saves have no draw-pile record
            st.reshuffled = tuple(counts("reshuffled", data["reshuffled"], KI, "action card", NK))
            drawn = data.get("drawn") or [[] for _ in range(n)]
            st.drawn = per_seat("drawn", drawn, KI, "action card", NK)
        st._recompute_mods()
        st._check_consistent(E)
        if st.finished:  # the result follows from the table: it must be the one saved
            want = st._result()
            if (st._winners, st._returns) != want:
                raise E(f"politix: saved winners {st._winners} / returns {st._returns} do not follow from the voter "
                        f"piles and turns; expected {want[0]} / {want[1]}")
        elif st._winners or any(st._returns):
            raise E("politix: a game in progress has no winners and all-zero returns")
        st._check_pile_record()
        st._rebuild_world()
        return st

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
        """Keep the saved draw-pile record only if it accounts for the saved pile (the pile holds exactly what was
        reshuffled less what every seat drew since); a hand-edited state loads without it (the sampler then
        treats the pile and the other hands as one pool, which still contains the real deal)."""
        if self.reshuffled is None:
            return
        left = list(self.reshuffled)
        for d in self.drawn:
            for k in range(NK):
                left[k] -= d[k]
        pile = [0] * NK
        for k in self.deck:
            pile[k] += 1
        if left != pile:
            self.reshuffled = None
            self.drawn = [[0] * NK for _ in range(self.n)]

    def _check_consistent(self, E=StateFormatError) -> None:
        """The invariants every reachable state keeps (saved states and positions are held to them): raises ``E``
        naming the field and what was expected."""
        game, n = self.game, self.n
        if len(set(self.politician)) != n:
            raise E(f"politix: politicians {[POLITICIANS[k] for k in self.politician]} must be {n} different ones")
        for s, k in enumerate(self.politician):
            if game.politician_party[k] != self.party_of[s]:
                mates = [POLITICIANS[j] for j in range(NPOL) if game.politician_party[j] == self.party_of[s]]
                raise E(f"politix {n}p: politician {POLITICIANS[k]} of seat {s} sits in the wrong party: the "
                        f"{PARTY_NAMES[game.politician_party[k]]} party; expected one of the "
                        f"{PARTY_NAMES[self.party_of[s]]} party ({', '.join(mates)})")
        if game.has_base and sum(self.base) != BASE_SUPPORT:
            raise E(f"politix 5p: base_support holds {sum(self.base)} cards; expected {BASE_SUPPORT} (L41)")
        if any(self.base) and not game.has_base:
            raise E("politix: base_support exists only in 5-player games (L41); expected none")
        acts, voters = self.card_totals()
        want = list(game.kind_count)
        if acts != want:
            k = next(k for k in range(NK) if acts[k] != want[k])
            raise E(f"politix: {acts[k]} {KINDS[k]} action cards over hands, beside, draw and discard piles; "
                    f"expected {want[k]} (each card exactly once)")
        pool = self._full_voter_pool()
        if voters != pool:
            c = next(c for c in range(len(pool)) if voters[c] != pool[c])
            raise E(f"politix: {voters[c]} {VOTER_IDS[c]} voter cards over table, piles, events and voter deck; "
                    f"expected {pool[c]} (each card exactly once)")
        if len(set(self.events_out)) != len(self.events_out):
            raise E("politix: events lists an event twice; expected each at most once")
        if any(b[BURN_SLOT] > 1 for b in self.beside):
            raise E("politix: a seat has two Burnout cards beside it; expected at most one (L33)")
        if self.turn_count != sum(self.turns):
            raise E("politix: the turn count must be the sum of the parties' turns")
        if self.finished:
            if self.truncated:
                cap = game.options["max_turns"]
                if cap is None or self.turn_count < cap:
                    raise E(f"politix: truncated after {self.turn_count} turns; expected truncation only at "
                            f"max_turns={cap}")
            elif self.table_total or self.voter_deck:
                raise E("politix: finished with voter cards left on the table or in the deck; expected the game "
                        "to end only when the last voter card is taken (L30)")
            return
        if self.truncated:
            raise E("politix: truncated is true but finished is false; expected both or neither")
        cap = game.options["max_turns"]
        if cap is not None and self.turn_count >= cap:
            raise E(f"politix: {self.turn_count} turns taken in a game in progress; expected fewer than "
                    f"max_turns={cap}")
        if not 1 <= self.table_total <= TABLE_SIZE:
            raise E(f"politix: the table holds {self.table_total} voter cards; expected 1..{TABLE_SIZE} while the "
                    f"game goes on (it ends when the last one is taken)")
        if self.table_total < TABLE_SIZE and any(c < NG for c in self.voter_deck):
            raise E(f"politix: the table holds {self.table_total} voter cards while the voter draw pile still has "
                    f"voter cards; expected {TABLE_SIZE} (the table is refilled right after each take, L29)")
        for s in range(n):
            if self.phase == DISCARD and s == self.cur:
                if not HAND_LIMIT < self.hand_size[s] <= HAND_LIMIT + DRAW:
                    raise E(f"politix: phase 'discard' with {self.hand_size[s]} cards in seat {s}'s hand; expected "
                            f"{HAND_LIMIT + 1}..{HAND_LIMIT + DRAW} (over the hand limit after a draw, L21)")
            elif self.hand_size[s] > HAND_LIMIT:
                raise E(f"politix: seat {s} holds {self.hand_size[s]} cards; expected at most {HAND_LIMIT} (L21)")
        if self.phase == PERSUADE:
            g, m, p = self.pg, self.pm, self.cur
            if not self.table[g]:
                raise E(f"politix: persuading {GROUPS[g]}, but none lies on the table; expected a group on the table")
            want_power = self.base_power(p, g, m) + self.pplayed
            if self.ppower != want_power:
                raise E(f"politix: persuasion power {self.ppower}; expected {want_power} (skill, party symbol, "
                        f"specials beside, event, and {self.pplayed} card(s) played)")
            if self.discard[METHOD_KIND[m]] + self.discard[COFFEE] < self.pplayed:
                raise E(f"politix: {self.pplayed} card(s) played in the persuasion, but the discard pile holds fewer "
                        f"{METHODS[m]} and coffee cards; expected them there (L34)")
            avail = self.hands[p][METHOD_KIND[m]] + self.hands[p][COFFEE]
            if (not self.pplayed and not avail) or self.ppower + avail < game.symbols[g][m]:
                raise E(f"politix: the persuasion of {GROUPS[g]} by {METHODS[m]} cannot be completed (power "
                        f"{self.ppower}, {avail} usable cards in hand, {game.symbols[g][m]} needed); expected a "
                        f"persuasion the hand can finish (PTX-A7)")

    # --- text ------------------------------------------------------------------------------------------
    def render(self, player: int | None = None) -> str:
        n, c = self.n, self.game.cards
        lines = []
        if self.finished:
            if self.truncated:
                result = "truncated, no winner"
            elif self._winners:
                result = f"winner: {c.party_names[self.party_of[self._winners[0]]]} party"
            else:
                result = "a tie"
            lines.append(f"Politix {n}p - game over after {self.turn_count} turns; {result}")
        else:
            lines.append(f"Politix {n}p - turn {self.turn_count + 1}, P{self.cur} to move ({PHASE_NAMES[self.phase]})")
            if self.phase == PERSUADE:
                lines.append(f"  persuading {c.group_names[self.pg]} by {c.method_names[self.pm]}: {self.pplayed} "
                             f"card(s) played, power {self.ppower}, one card needs "
                             f"{self.game.symbols[self.pg][self.pm]}")
        lines.append("Table: " + ", ".join(f"{c.group_names[g]} {self.table[g]}" for g in range(NG) if self.table[g])
                     + f" | voter deck {len(self.voter_deck)} | event: "
                     + (c.event_names[self.event] if self.event >= 0 else "none"))
        for i, seats in enumerate(self.game.parties):
            counts = self.collected[i]
            base = ""
            if i == 0 and self.game.has_base and (player is None or self.party_of[player] == 0):
                base = " + base " + ",".join(f"{GROUPS[g]}:{self.base[g]}" for g in range(NG) if self.base[g])
            lines.append(f"{c.party_names[i]} ({', '.join(f'P{s}' for s in seats)}): "
                         + " ".join(f"{GROUPS[g]}:{counts[g]}" for g in range(NG)) + base + f" | turns {self.turns[i]}")
        for s in range(n):
            if player is None or player == s:
                hand = " ".join(f"{KINDS[k]}x{self.hands[s][k]}" for k in range(NK) if self.hands[s][k]) or "-"
            else:
                hand = f"{self.hand_size[s]} cards"
            bes = ", ".join(c.kind_names[BESIDE_KINDS[j]] for j in range(NB) for _ in range(self.beside[s][j]))
            lines.append(f"P{s} {c.politician_names[self.politician[s]]}: hand {hand}"
                         + (f" | beside: {bes}" if bes else ""))
        lines.append(f"Action deck {len(self.deck)}, discard {sum(self.discard)}")
        return "\n".join(lines)
