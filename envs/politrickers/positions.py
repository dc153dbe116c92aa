"""Politrickers positions (``RULES.md``, "Positions").

A *position* is a human-writable JSON description of any point of a round: the hands, the Party Tokens, the Power
Tokens, the Libra Disc, the Chair, the tricks played so far this round (face up or face down) and the current trick.
:func:`state_from_position` turns one into a state; what it leaves out is filled at random from the seed, and
anything that does not fit the rules raises :class:`~hustings.core.rules.PositionError` naming the field.

How it is checked: the plays are first replayed on the public table alone (which fixes how each card was played,
which suits each seat showed it lacked, the trick winners and the Libra), the unknown cards are then drawn to fit
those voids, and finally the whole round is replayed with the real hands through the rules' own legality test, so a
position that loads is one the rules could have produced.
"""
from __future__ import annotations

import random

from ..core.rules import DealError, PositionError, new_rng
from ..errors import show
from .cards import (ALL_SUITS, CLAWS, DOWN, FLIP, FORCED, HAND_SIZE, LETTER, MIG, MIG_BIT, MIG_FROM_CLAWS,
                    MIG_FROM_TAILS, MIG_NO_TOKEN, MIGRATION, MODE_NAMES, PARTY_NAMES, PLATE_MAX, ROUNDS, SUIT, TAILS,
                    TOKENS, TRICKS_PER_ROUND, UP, VP_FLOOR, VP_TO_END, card_name, follow_masks, is_int, parse_card)

POSITION_KEYS = ("round", "vp", "last_round_vp", "chair", "parties", "power_tokens", "spent_tokens", "libra",
                 "tricks", "played", "face_down", "trick", "hands", "leftovers", "deck", "comment")
PLAY_KEYS = ("card", "face_down", "switch", "move")
MOVES = {"Tails->Claws": MIG_FROM_TAILS, "Claws->Tails": MIG_FROM_CLAWS}
_FILL_TRIES = 40  # random fills tried before a position whose unknown cards never fit is refused


class _Play:
    """One play of a position: where it was written, the card (``None``: an unknown face-down card), whether it
    is said to be face down, a paid switch first, the Migration move; ``action``/``mode`` once replayed."""

    __slots__ = ("field", "card", "face_down", "switch", "move", "seat", "action", "mode", "void")

    def __init__(self, field, card, face_down, switch, move):
        self.field, self.card, self.face_down, self.switch, self.move = field, card, face_down, switch, move
        self.seat = self.action = self.mode = -1
        self.void = 0  # for an unknown face-down card: the suits it cannot be


class _Position:
    """A parsed, range-checked position (cross-references are checked by the replays)."""

    def __init__(self, game, position: dict, make_state):
        self.game, self.n, self.make_state = game, game.num_players, make_state
        self.where = f"politrickers {self.n}p position"
        if not isinstance(position, dict):
            raise PositionError(f"{self.where}: must be a dict, got {type(position).__name__}")
        unknown = sorted(str(k) for k in position if k not in POSITION_KEYS)
        if unknown:
            raise PositionError(f"{self.where}: unknown key(s) {unknown}; expected some of {list(POSITION_KEYS)}")
        self.pos = position
        self.seen_at: dict[int, str] = {}  # card -> the field that names it (each card at most once)
        n = self.n
        self.round = self._int("round", 1, 1, ROUNDS)
        self.vp = self._ints("vp", [0] * n, VP_FLOOR, VP_TO_END - 1)
        self.last_round_vp = self._ints("last_round_vp", [0] * n, -TOKENS, TOKENS)
        if self.round == 1 and (any(self.vp) or any(self.last_round_vp)):
            raise PositionError(f"{self.where}: vp / last_round_vp must be all 0 in round 1 (no round scored yet)")
        self.chair = self._int("chair", None, 0, n - 1)
        self.full = "tricks" in position
        self.tricks = self._tricks() if self.full else []
        self.trick = self._plays("trick", position.get("trick", []), n - 1)
        for key in ("played", "face_down"):
            if self.full and key in position:
                raise PositionError(f"{self.where}: {key} is for a position without 'tricks' (with tricks listed, "
                                    f"the cards played come from them); expected one of the two")
        self.parties = self._parties()
        self.libra = self._libra()
        self.spent = self._ints("spent_tokens", None, 0, TOKENS)
        self.tokens = self._ints("power_tokens", None, 0, TOKENS)
        if self.full:
            self.done = len(self.tricks)
        else:
            self.done = sum(self.libra[0]) + sum(self.libra[1]) if self.libra else 0
            if self.done > TRICKS_PER_ROUND - 1:
                raise PositionError(f"{self.where}: the Libra holds {self.done} tokens, so {self.done} tricks are "
                                    f"done; expected at most {TRICKS_PER_ROUND - 1} (each trick places one)")
        self.face_down = self._face_down()
        self.played = self._card_list("played", position.get("played"), allow_none=False)
        self.hands = self._hands()
        self.leftovers = self._card_list("leftovers", position.get("leftovers"), allow_none=False)
        if self.leftovers is not None and len(self.leftovers) != len(game.deck) - HAND_SIZE * n:
            raise PositionError(f"{self.where}: leftovers lists {len(self.leftovers)} cards; expected "
                                f"{len(game.deck) - HAND_SIZE * n} (the {len(game.deck)}-card deck less 9 per seat)")
        self.deck = self._deck()
        comment = position.get("comment", "")
        if not isinstance(comment, str):
            raise PositionError(f"{self.where}: comment must be a string, got {show(comment)}")

    # --- field parsers ---------------------------------------------------------------------------------
    def _int(self, key, default, lo, hi):
        v = self.pos.get(key, default)
        if v is None and default is None:
            return None
        if not is_int(v) or not lo <= v <= hi:
            raise PositionError(f"{self.where}: {key}={show(v)}; expected an int in {lo}..{hi}")
        return v

    def _ints(self, key, default, lo, hi, value=None, field=None):
        v = self.pos.get(key, default) if field is None else value
        field = field or key
        if v is None:
            return None
        if (not isinstance(v, list) or len(v) != self.n or any(not is_int(x) or not lo <= x <= hi for x in v)):
            raise PositionError(f"{self.where}: {field}={show(v)}; expected a list of {self.n} ints in {lo}..{hi}, "
                                f"one per seat")
        return list(v)

    def _card(self, field: str, text) -> int:
        try:
            c = parse_card(text)
        except DealError as exc:
            raise PositionError(f"{self.where}: {field}: {exc}") from None
        if not self.game.in_deck[c]:
            raise PositionError(f"{self.where}: {field}={show(text)}: {card_name(c)} is not in the {self.n}-player "
                                f"deck (3p: no Health, no 9/10; 4p: no 9/10)")
        if c in self.seen_at:
            raise PositionError(f"{self.where}: {field}={show(text)}: {card_name(c)} is already at "
                                f"{self.seen_at[c]}; expected every card exactly once")
        self.seen_at[c] = field
        return c

    def _card_list(self, field, value, allow_none: bool):
        """A list of card names (``None`` entries: unknown, where allowed); ``None`` itself: left out."""
        if value is None:
            return None
        if not isinstance(value, list):
            raise PositionError(f"{self.where}: {field} must be a list of card names, got {show(value)}")
        out = []
        for i, x in enumerate(value):
            if x is None and allow_none:
                out.append(None)
            else:
                out.append(self._card(f"{field}[{i}]", x))
        return out

    def _play(self, field: str, x) -> _Play:
        if isinstance(x, str):
            if x.strip().lower().replace("-", " ") in ("face down", "down"):
                return _Play(field, None, True, False, None)
            return _Play(field, self._card(field, x), None, False, None)
        if not isinstance(x, dict):
            raise PositionError(f"{self.where}: {field}={show(x)}; expected a card name, 'face down' or a dict with "
                                f"{list(PLAY_KEYS)}")
        bad = sorted(str(k) for k in x if k not in PLAY_KEYS)
        if bad:
            raise PositionError(f"{self.where}: {field} has unknown key(s) {bad}; expected some of {list(PLAY_KEYS)}")
        fd, switch, move = x.get("face_down"), x.get("switch", False), x.get("move")
        if fd is not None and not isinstance(fd, bool):
            raise PositionError(f"{self.where}: {field}.face_down={show(fd)}; expected true or false")
        if not isinstance(switch, bool):
            raise PositionError(f"{self.where}: {field}.switch={show(switch)}; expected true or false (a paid switch "
                                f"before the card)")
        card = x.get("card")
        if card is None:
            if fd is not True:
                raise PositionError(f"{self.where}: {field} has no card; expected a card name, or face_down: true "
                                    f"for a face-down card nobody saw")
        else:
            card = self._card(f"{field}.card", card)
        if move is not None:
            if card != MIGRATION or move not in MOVES:
                raise PositionError(f"{self.where}: {field}.move={show(move)}; expected {list(MOVES)}, and only with "
                                    f"the Mig card")
        if card == MIGRATION and fd:
            raise PositionError(f"{self.where}: {field}: Migration is never played face down")
        return _Play(field, card, fd, switch, move)

    def _plays(self, field, value, most: int) -> list[_Play]:
        if not isinstance(value, list) or len(value) > most:
            raise PositionError(f"{self.where}: {field} must be a list of at most {most} plays, got {show(value)}")
        return [self._play(f"{field}[{i}]", x) for i, x in enumerate(value)]

    def _tricks(self) -> list[dict]:
        value = self.pos["tricks"]
        if not isinstance(value, list) or len(value) > TRICKS_PER_ROUND - 1:
            raise PositionError(f"{self.where}: tricks must be a list of the at most {TRICKS_PER_ROUND - 1} "
                                f"completed tricks of this round, got {show(value)}")
        out = []
        for t, x in enumerate(value):
            field = f"tricks[{t}]"
            if isinstance(x, list):
                x = {"plays": x}
            if not isinstance(x, dict) or set(x) - {"chair", "plays", "winner"} or "plays" not in x:
                raise PositionError(f"{self.where}: {field}={show(x)}; expected a list of plays or a dict with 'plays' "
                                    f"(and optionally 'chair', 'winner')")
            chair, winner = x.get("chair"), x.get("winner")
            for key, v in (("chair", chair), ("winner", winner)):
                if v is not None and (not is_int(v) or not 0 <= v < self.n):
                    raise PositionError(f"{self.where}: {field}.{key}={show(v)}; expected a seat 0..{self.n - 1}")
            plays = x["plays"]
            if not isinstance(plays, list) or len(plays) != self.n:
                raise PositionError(f"{self.where}: {field}.plays must list the {self.n} plays of a completed "
                                    f"trick in play order from its Chair, got {show(plays)}")
            out.append({"chair": chair, "winner": winner, "plays": self._plays(f"{field}.plays", plays, self.n)})
        return out

    def _parties(self):
        v = self.pos.get("parties")
        if v is None:
            return None
        if not isinstance(v, list) or len(v) != self.n or any(x not in PARTY_NAMES for x in v):
            raise PositionError(f"{self.where}: parties={show(v)}; expected a list of {self.n} of 'Tails' / 'Claws'")
        return [PARTY_NAMES.index(x) for x in v]

    def _libra(self):
        v = self.pos.get("libra")
        if v is None:
            return None
        if not isinstance(v, dict) or set(v) - set(PARTY_NAMES):
            raise PositionError(f"{self.where}: libra={show(v)}; expected a dict with 'Tails' and/or 'Claws', each "
                                f"{self.n} ints (the tokens each seat has on that plate)")
        plates = [self._ints("", None, 0, TOKENS, v.get(name, [0] * self.n), f"libra.{name}")
                  for name in PARTY_NAMES]
        for name, plate in zip(PARTY_NAMES, plates):
            if sum(plate) > PLATE_MAX:
                raise PositionError(f"{self.where}: libra.{name} holds {sum(plate)} tokens; expected at most "
                                    f"{PLATE_MAX} (a 7th collapses the Libra and ends the round)")
        return plates

    def _face_down(self):
        v = self.pos.get("face_down")
        if v is None:
            return [[] for _ in range(self.n)]
        if not isinstance(v, list) or len(v) != self.n:
            raise PositionError(f"{self.where}: face_down must list {self.n} lists (each seat's face-down cards of "
                                f"the earlier tricks), got {show(v)}")
        out = []
        for p, cards in enumerate(v):
            row = self._card_list(f"face_down[{p}]", cards, allow_none=True)
            if row is None:
                row = []
            if len(row) > self.done:
                raise PositionError(f"{self.where}: face_down[{p}] lists {len(row)} cards; expected at most "
                                    f"{self.done} (one per earlier trick)")
            if MIGRATION in row:
                raise PositionError(f"{self.where}: face_down[{p}]: Migration is never played face down")
            out.append(row)
        return out

    def _hands(self):
        v = self.pos.get("hands")
        if v is None:
            return [None] * self.n
        if not isinstance(v, list) or len(v) != self.n:
            raise PositionError(f"{self.where}: hands must list {self.n} entries (a list of card names, or null "
                                f"for a hand drawn at random), got {show(v)}")
        return [self._card_list(f"hands[{p}]", h, allow_none=False) for p, h in enumerate(v)]

    def _deck(self):
        v = self.pos.get("deck")
        if v is None:
            return None
        deck = self.game.deck
        if not isinstance(v, list) or len(v) != len(deck):
            raise PositionError(f"{self.where}: deck must list all {len(deck)} cards of the {self.n}-player deck in "
                                f"the order of the next deal, got {show(v)}")
        out, seen = [], set()
        for i, x in enumerate(v):
            try:
                c = parse_card(x)
            except DealError as exc:
                raise PositionError(f"{self.where}: deck[{i}]: {exc}") from None
            if not self.game.in_deck[c] or c in seen:
                raise PositionError(f"{self.where}: deck[{i}]={show(x)}; expected each card of the {self.n}-player "
                                    f"deck exactly once")
            seen.add(c)
            out.append(c)
        return tuple(out)

    # --- the replays ------------------------------------------------------------------------------------
    def all_plays(self) -> list[_Play]:
        return [p for t in self.tricks for p in t["plays"]] + self.trick

    def new_state(self, rng, hands, leftovers, played, face_down, record=False):
        """The table where the listed plays start: the round's opening (with ``tricks``) or the current trick's
        start (without); ``hands`` are the hands at that moment."""
        g, n = self.game, self.n
        st = self.make_state(g, rng)
        st.record_events = record
        chair = self.opening_chair
        st._setup_round(chair, hands, leftovers, None if self.full else self.parties)
        st.round = self.round - 1
        st.vp, st.round_vp = list(self.vp), list(self.last_round_vp)
        if not self.full:
            libra = self.libra or [[0] * n, [0] * n]
            st.libra = [list(libra[0]), list(libra[1])]
            st.plate = [sum(libra[0]), sum(libra[1])]
            st.tricks_won = [libra[0][p] + libra[1][p] for p in range(n)]
            st.spent = list(self.spent_now)
            st.tokens = [TOKENS - st.spent[p] - st.tricks_won[p] for p in range(n)]
            st.tricks_done = self.done
            st.seen = list(played)
            st.hidden = [list(h) for h in face_down]
        st._rebuild_world()
        return st

    def check_table(self, st, when: str) -> None:
        """The table fields, where given with ``tricks``, must be what the tricks led to."""
        got = {"parties": st.party, "libra": st.libra, "spent_tokens": st.spent, "power_tokens": st.tokens}
        want = {"parties": self.parties, "libra": self.libra, "spent_tokens": self.spent, "power_tokens": self.tokens}
        for key, w in want.items():
            if w is not None and w != got[key]:
                shown = ({"Tails": got[key][0], "Claws": got[key][1]} if key == "libra" else
                         [PARTY_NAMES[q] for q in got[key]] if key == "parties" else got[key])
                raise PositionError(f"{self.where}: {key}={show(self.pos[key])}, but the tricks listed leave "
                                    f"{show(shown)} {when}; expected the table the tricks lead to (or leave {key} out)")

    def replay_public(self) -> None:
        """Replay the plays on the public table only: each play's seat, action and mode (face up, forced switch,
        face down, Migration), the voids that shows, the trick winners; checks everything that needs no hand."""
        rng = random.Random(0)
        n = self.n
        st = self.new_state(rng, [[] for _ in range(n)], [], [], [[] for _ in range(n)])
        void = [0] * n  # the suits each seat has shown it lacks
        for t, trick in enumerate(self.tricks + [{"plays": self.trick, "chair": None, "winner": None, "open": 1}]):
            is_current = "open" in trick
            if trick["chair"] is not None and trick["chair"] != st.trick_start:
                raise PositionError(f"{self.where}: tricks[{t}].chair={trick['chair']}, but "
                                    + (f"the winner of tricks[{t - 1}] is seat {st.trick_start}" if t else
                                       "the round opens with another Chair") + "; expected the seat that leads it")
            if is_current and self.full and self.chair is not None and self.chair != st.trick_start:
                raise PositionError(f"{self.where}: chair={self.chair}, but the winner of the last trick listed is "
                                    f"seat {st.trick_start}, who leads the current trick; expected {st.trick_start}")
            if is_current and self.full:
                self.check_table(st, "when the current trick begins")
            for play in trick["plays"]:
                self._public_step(st, play, void)
                if st.history:
                    h = st.history[-1]
                    raise PositionError(f"{self.where}: {play.field} ends the round ({h['end']}); expected a "
                                        f"position inside a round")
            if not is_current and trick["winner"] is not None and trick["winner"] != st.last_winner:
                raise PositionError(f"{self.where}: tricks[{t}].winner={trick['winner']}, but by the rules seat "
                                    f"{st.last_winner} wins it (Trick Results)")
        self.void = void

    def _public_step(self, st, play: _Play, void: list[int]) -> None:
        p = st.current_player()
        play.seat = p
        where = f"{play.field} (seat {p})"
        if play.switch and st.tokens[p] == 0:
            raise PositionError(f"{self.where}: {where} pays a Power Token to switch party but has none unspent; "
                                f"expected switch: false")
        q = st.party[p] ^ play.switch
        rp, rs, os_ = st.ruling_party, st.ruling_suit, st.opp_suit
        if play.card == MIGRATION:
            t, c = st.libra[TAILS][p], st.libra[CLAWS][p]
            if play.move is not None:
                base = MOVES[play.move]
                if (t if base == MIG_FROM_TAILS else c) == 0:
                    raise PositionError(f"{self.where}: {where} moves a token {play.move}, but it has none on that "
                                        f"plate")
            elif t and c:
                raise PositionError(f"{self.where}: {where} plays Mig with tokens on both plates; expected a dict "
                                    f"with 'move': 'Tails->Claws' or 'Claws->Tails'")
            else:
                base = MIG_FROM_TAILS if t else MIG_FROM_CLAWS if c else MIG_NO_TOKEN
            play.mode, card = MIG, MIGRATION
        else:
            card = play.card if play.card is not None else 0  # the hand is not read here
            if rs < 0:
                if play.face_down:
                    raise PositionError(f"{self.where}: {where} leads (no Ruling Suit yet), so it plays face up; "
                                        f"expected face_down false")
                play.mode = UP
            else:
                own, other = follow_masks(q, rp, rs, os_)
                bit = 0 if play.card is None else 1 << SUIT[card]
                if play.face_down:
                    if (own | other) == ALL_SUITS:
                        raise PositionError(f"{self.where}: {where} is face down, but while the Opposition Suit is "
                                            f"unset every card can follow a party; expected a face-up card")
                    if bit & (own | other):
                        raise PositionError(f"{self.where}: {card_name(card)} is of the Ruling or the Opposition "
                                            f"Suit, so it is not played face down; expected face_down false")
                    play.mode = DOWN
                elif bit & own:
                    play.mode = UP
                elif bit & other:
                    play.mode = FORCED
                    if play.switch:
                        raise PositionError(f"{self.where}: {where}: a paid switch that forces a switch back is not "
                                            f"allowed (RULES.md, POL-A5.5)")
                elif play.face_down is False:
                    raise PositionError(f"{self.where}: {card_name(card)} follows neither party's suit, so it can "
                                        f"only be played face down; expected face_down true or another card")
                else:
                    play.mode = DOWN
                if play.mode == DOWN:
                    play.void = void[p] | own | other
                    void[p] |= own | other
                elif play.mode == FORCED:
                    void[p] |= own
            base = card
        play.action = base + (FLIP if play.switch else 0)
        st.hands[p] = [card]
        st._modes = {play.action: play.mode}
        st.apply_unchecked(play.action)

    def replay_real(self, st) -> None:
        """Replay every play with the real hands through the rules' own legality test."""
        for play in self.all_plays():
            st._compute_legal()
            mode = st._modes.get(play.action)
            if mode != play.mode:
                p = st.current_player()
                legal = ", ".join(st.game.action_name(a) for a in st._legal)
                how = "not legal" if mode is None else f"played {MODE_NAMES[mode]}, not {MODE_NAMES[play.mode]}"
                err = PositionError(
                    f"{self.where}: {play.field}: seat {p}'s '{st.game.action_name(play.action)}' is {how} with "
                    f"the hand it then held ({' '.join(card_name(c) for c in st.hands[p])}: its hand now and the "
                    f"cards it plays later); expected one of: {legal}")
                err.seat = p  # only this seat's hand decides it (the public table is fixed by replay_public)
                raise err
            st.apply_unchecked(play.action)


def state_from_position(game, position: dict, seed, make_state):
    """A state from a position (RULES.md "Positions"); see the module docstring. ``make_state(game, rng)`` makes
    the blank states the replays fill in."""
    pos = _Position(game, position, make_state)
    n, deck = pos.n, game.deck
    rng = new_rng(seed)
    # the Chair who leads the first play listed: tricks[0].chair, else the position's chair, else drawn
    first = pos.tricks[0]["chair"] if pos.tricks else None
    pos.opening_chair = first if first is not None else pos.chair if pos.chair is not None else rng.randrange(n)
    if pos.tricks and first is None:  # chair names the current trick's Chair (checked by the replay)
        pos.opening_chair = rng.randrange(n)
    if not pos.full:
        libra = pos.libra or [[0] * n, [0] * n]
        spent = pos.spent if pos.spent is not None else [0] * n
        for p in range(n):
            on = libra[0][p] + libra[1][p]
            unspent = TOKENS - spent[p] - on
            if unspent < 0 or (pos.tokens is not None and pos.tokens[p] != unspent):
                raise PositionError(
                    f"{pos.where}: seat {p} has {on} tokens on the Libra and {spent[p]} spent"
                    + (f" and {pos.tokens[p]} unspent" if pos.tokens is not None else "")
                    + f"; expected {TOKENS} Power Tokens in all (power_tokens + spent_tokens + on the Libra)")
        pos.spent_now = spent
        if pos.parties is None:
            pos.parties = [(i - pos.opening_chair) % n % 2 for i in range(n)]
    pos.replay_public()

    # the places of the cards, known or drawn: hands now, the plays, the earlier face-down / face-up cards, leftovers
    played_by = [[pl for pl in pos.all_plays() if pl.seat == p] for p in range(n)]
    in_trick = [any(pl.seat == p for pl in pos.trick) for p in range(n)]
    sizes = [HAND_SIZE - pos.done - in_trick[p] for p in range(n)]
    for p, h in enumerate(pos.hands):
        if h is not None and len(h) != sizes[p]:
            raise PositionError(f"{pos.where}: hands[{p}] holds {len(h)} cards; expected {sizes[p]} (9 less the "
                                f"{pos.done} tricks done" + (" and its card in the current trick)" if in_trick[p]
                                                             else ")"))
    earlier_up = n * pos.done - sum(len(f) for f in pos.face_down) if not pos.full else 0
    if pos.played is not None and len(pos.played) != earlier_up:
        raise PositionError(f"{pos.where}: played lists {len(pos.played)} cards; expected {earlier_up} (the "
                            f"{pos.done} earlier tricks' {n * pos.done} cards less the ones face_down lists)")
    # slots: (letter mask, kind, where): kind 0 hand card of seat, 1 unknown face-down play, 2 face-down list entry,
    # 3 earlier face-up card, 4 leftover
    everything = ALL_SUITS | MIG_BIT
    slots: list[tuple] = []
    for p in range(n):
        if pos.hands[p] is None:
            slots += [((ALL_SUITS & ~pos.void[p]) | MIG_BIT, 0, p)] * sizes[p]
    for pl in pos.all_plays():
        if pl.card is None:
            slots.append((ALL_SUITS & ~pl.void, 1, pl))
    for p in range(n):
        for i, c in enumerate(pos.face_down[p]):
            if c is None:
                slots.append((ALL_SUITS, 2, (p, i)))
    if not pos.full and pos.played is None:
        slots += [(everything, 3, None)] * earlier_up
    if pos.leftovers is None:
        slots += [(everything, 4, None)] * (len(deck) - HAND_SIZE * n)
    pool = [c for c in deck if c not in pos.seen_at]
    if len(pool) != len(slots):  # the sizes above were all checked: this is a bug, not a bad position
        raise AssertionError(f"politrickers position: {len(pool)} cards for {len(slots)} places")
    drawn_seats = {where if kind == 0 else where.seat for _, kind, where in slots if kind in (0, 1)}
    last_error = None
    for _ in range(_FILL_TRIES if slots else 1):
        cards = _fill(slots, pool, rng)
        if cards is None:
            raise PositionError(f"{pos.where}: no deal of the cards left out fits what the plays show (the suits a "
                                f"seat showed it lacks, by a forced switch or a face-down card); give the hands or "
                                f"other plays")
        hands = [list(h) if h is not None else [] for h in pos.hands]
        leftovers = list(pos.leftovers or [])
        played = list(pos.played or [])
        face_down = [list(f) for f in pos.face_down]
        for (mask, kind, where), c in zip(slots, cards):
            if kind == 0:
                hands[where].append(c)
            elif kind == 1:
                where.card = c
                where.action = c + (FLIP if where.switch else 0)
            elif kind == 2:
                face_down[where[0]][where[1]] = c
            elif kind == 3:
                played.append(c)
            else:
                leftovers.append(c)
        start = [sorted(hands[p] + [pl.card for pl in played_by[p]]) for p in range(n)]
        st = pos.new_state(rng, start, leftovers, played, face_down)
        try:
            pos.replay_real(st)
        except PositionError as exc:
            last_error = str(exc)
            if exc.seat not in drawn_seats:  # that seat's cards are all given: no other fill can help
                raise
            continue
        break
    else:
        raise PositionError(f"{last_error} (no fill of the unknown cards in {_FILL_TRIES} random tries fits; "
                            f"give more of the hands)")
    st.event_log = []
    st.record_events = True
    st.score_version = 0
    st.history = []
    if pos.deck is not None:
        st.next_decks = (pos.deck,)
    st._modes = None
    st._rebuild_world()
    return st


def _hall_ok(need_by_mask: list[int], counts: list[int]) -> bool:
    """Whether the slots (``need_by_mask[m]``: how many take a letter of mask ``m``) can all get a card from
    ``counts`` (cards per letter): Hall's condition, for every set of letters ``U`` the slots whose masks lie in
    ``U`` are at most the cards of ``U``."""
    need = list(need_by_mask)
    for b in range(6):  # subset sums: need[U] = slots with mask within U
        bit = 1 << b
        for u in range(64):
            if u & bit:
                need[u] += need[u ^ bit]
    have = [0] * 64
    for u in range(1, 64):
        low = u & -u
        have[u] = have[u ^ low] + counts[low.bit_length() - 1]
    return all(need[u] <= have[u] for u in range(64))


def _fill(slots: list[tuple], pool: list[int], rng: random.Random):
    """A random deal of ``pool`` onto ``slots`` (each a letter mask first) where every card fits its slot's mask,
    or ``None`` if there is none. Slot by slot in random order, each takes the letter of a uniformly random
    remaining card that fits, unless that would leave the rest unfillable (Hall's condition); the cards of each
    letter are then shuffled onto its slots. Every fitting deal can come out."""
    counts = [0] * 6
    for c in pool:
        counts[LETTER[c]] += 1
    need = [0] * 64
    for mask, *_ in slots:
        need[mask & 63] += 1
    if not _hall_ok(need, counts):
        return None
    order = list(range(len(slots)))
    rng.shuffle(order)
    letters = [0] * len(slots)
    for i in order:
        mask = slots[i][0] & 63
        need[mask] -= 1
        options = [x for x in range(6) if mask >> x & 1 and counts[x]]
        weights = [counts[x] for x in options]
        while True:
            x = rng.choices(options, weights)[0]
            counts[x] -= 1
            if _hall_ok(need, counts):
                break
            counts[x] += 1
            k = options.index(x)
            del options[k], weights[k]
        letters[i] = x
    by_letter: list[list[int]] = [[] for _ in range(6)]
    for c in pool:
        by_letter[LETTER[c]].append(c)
    for cs in by_letter:
        rng.shuffle(cs)
    return [by_letter[x].pop() for x in letters]
