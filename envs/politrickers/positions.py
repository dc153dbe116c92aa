"""Politrickers positions (``RULES.md``, "Positions") and the strict checks of saved states.

A *position* is a human-writable JSON description of any point of a round: the hands, the Party Tokens, the Power
Tokens, the Libra Disc, the Chair, the tricks played so far this round (face up or face down) and the current trick.
:func:`state_from_position` turns one into a state; what it leaves out is filled at random from the seed, and
anything that does not fit the rules raises :class:`~hustings.core.rules.PositionError` naming the field.

How it is checked: the plays are first replayed on the public table alone (which fixes how each card was played,
which suits each seat showed it lacked, the trick winners and the Libra), the unknown cards are then drawn to fit
those voids, and finally the whole round is replayed with the real hands through the rules' own legality test, so a
position that loads is one the rules could have produced.

:func:`check_saved` and :func:`check_loaded` are the strict checks of ``state_from_json`` (types, ranges, missing
keys, then cross-references), raising :class:`~hustings.core.rules.StateFormatError`.
"""
from __future__ import annotations

import random

from ..core.rules import DealError, PositionError, StateFormatError, new_rng
from .rules import (_ALL5, _MIG_BIT, _LETTER, CLAWS, DOWN, FLIP, FORCED, HAND_SIZE, MIG, MIG_FROM_CLAWS,
                    MIG_FROM_TAILS, MIG_NO_TOKEN, MIGRATION, PARTY_NAMES, PLATE_MAX, ROUNDS, SUIT,
                    SUIT_NAMES, TAILS, TOKENS, TRICKS_PER_ROUND, UP, VP_FLOOR, VP_TO_END, MODE_NAMES, _classes,
                    card_name, parse_card)

POSITION_KEYS = ("round", "vp", "last_round_vp", "chair", "parties", "power_tokens", "spent_tokens", "libra",
                 "tricks", "played", "face_down", "trick", "hands", "leftovers", "deck", "comment")
PLAY_KEYS = ("card", "face_down", "switch", "move")
MOVES = {"Tails->Claws": MIG_FROM_TAILS, "Claws->Tails": MIG_FROM_CLAWS}
_FILL_TRIES = 40  # random fills tried before a position whose unknown cards never fit is refused


def _is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


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

    def __init__(self, game, position: dict):
        self.game, self.n = game, game.num_players
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
            raise PositionError(f"{self.where}: comment must be a string, got {comment!r}")

    # --- field parsers ---------------------------------------------------------------------------------
    def _int(self, key, default, lo, hi):
        v = self.pos.get(key, default)
        if v is None and default is None:
            return None
        if not _is_int(v) or not lo <= v <= hi:
            raise PositionError(f"{self.where}: {key}={v!r}; expected an int in {lo}..{hi}")
        return v

    def _ints(self, key, default, lo, hi, value=None, field=None):
        v = self.pos.get(key, default) if field is None else value
        field = field or key
        if v is None:
            return None
        if (not isinstance(v, list) or len(v) != self.n or any(not _is_int(x) or not lo <= x <= hi for x in v)):
            raise PositionError(f"{self.where}: {field}={v!r}; expected a list of {self.n} ints in {lo}..{hi}, "
                                f"one per seat")
        return list(v)

    def _card(self, field: str, text) -> int:
        try:
            c = parse_card(text)
        except DealError as exc:
            raise PositionError(f"{self.where}: {field}: {exc}") from None
        if not self.game.in_deck[c]:
            raise PositionError(f"{self.where}: {field}={text!r}: {card_name(c)} is not in the {self.n}-player deck "
                                f"(3p: no Health, no 9/10; 4p: no 9/10)")
        if c in self.seen_at:
            raise PositionError(f"{self.where}: {field}={text!r}: {card_name(c)} is already at "
                                f"{self.seen_at[c]}; expected every card exactly once")
        self.seen_at[c] = field
        return c

    def _card_list(self, field, value, allow_none: bool):
        """A list of card names (``None`` entries: unknown, where allowed); ``None`` itself: left out."""
        if value is None:
            return None
        if not isinstance(value, list):
            raise PositionError(f"{self.where}: {field} must be a list of card names, got {value!r}")
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
            raise PositionError(f"{self.where}: {field}={x!r}; expected a card name, 'face down' or a dict with "
                                f"{list(PLAY_KEYS)}")
        bad = sorted(str(k) for k in x if k not in PLAY_KEYS)
        if bad:
            raise PositionError(f"{self.where}: {field} has unknown key(s) {bad}; expected some of {list(PLAY_KEYS)}")
        fd, switch, move = x.get("face_down"), x.get("switch", False), x.get("move")
        if fd is not None and not isinstance(fd, bool):
            raise PositionError(f"{self.where}: {field}.face_down={fd!r}; expected true or false")
        if not isinstance(switch, bool):
            raise PositionError(f"{self.where}: {field}.switch={switch!r}; expected true or false (a paid switch "
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
                raise PositionError(f"{self.where}: {field}.move={move!r}; expected {list(MOVES)}, and only with "
                                    f"the Mig card")
        if card == MIGRATION and fd:
            raise PositionError(f"{self.where}: {field}: Migration is never played face down")
        return _Play(field, card, fd, switch, move)

    def _plays(self, field, value, most: int) -> list[_Play]:
        if not isinstance(value, list) or len(value) > most:
            raise PositionError(f"{self.where}: {field} must be a list of at most {most} plays, got {value!r}")
        return [self._play(f"{field}[{i}]", x) for i, x in enumerate(value)]

    def _tricks(self) -> list[dict]:
        value = self.pos["tricks"]
        if not isinstance(value, list) or len(value) > TRICKS_PER_ROUND - 1:
            raise PositionError(f"{self.where}: tricks must be a list of the at most {TRICKS_PER_ROUND - 1} "
                                f"completed tricks of this round, got {value!r}")
        out = []
        for t, x in enumerate(value):
            field = f"tricks[{t}]"
            if isinstance(x, list):
                x = {"plays": x}
            if not isinstance(x, dict) or set(x) - {"chair", "plays", "winner"} or "plays" not in x:
                raise PositionError(f"{self.where}: {field}={x!r}; expected a list of plays or a dict with 'plays' "
                                    f"(and optionally 'chair', 'winner')")
            chair, winner = x.get("chair"), x.get("winner")
            for key, v in (("chair", chair), ("winner", winner)):
                if v is not None and (not _is_int(v) or not 0 <= v < self.n):
                    raise PositionError(f"{self.where}: {field}.{key}={v!r}; expected a seat 0..{self.n - 1}")
            plays = x["plays"]
            if not isinstance(plays, list) or len(plays) != self.n:
                raise PositionError(f"{self.where}: {field}.plays must list the {self.n} plays of a completed "
                                    f"trick in play order from its Chair, got {plays!r}")
            out.append({"chair": chair, "winner": winner, "plays": self._plays(f"{field}.plays", plays, self.n)})
        return out

    def _parties(self):
        v = self.pos.get("parties")
        if v is None:
            return None
        if not isinstance(v, list) or len(v) != self.n or any(x not in PARTY_NAMES for x in v):
            raise PositionError(f"{self.where}: parties={v!r}; expected a list of {self.n} of 'Tails' / 'Claws'")
        return [PARTY_NAMES.index(x) for x in v]

    def _libra(self):
        v = self.pos.get("libra")
        if v is None:
            return None
        if not isinstance(v, dict) or set(v) - set(PARTY_NAMES):
            raise PositionError(f"{self.where}: libra={v!r}; expected a dict with 'Tails' and/or 'Claws', each "
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
                                f"the earlier tricks), got {v!r}")
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
                                f"for a hand drawn at random), got {v!r}")
        return [self._card_list(f"hands[{p}]", h, allow_none=False) for p, h in enumerate(v)]

    def _deck(self):
        v = self.pos.get("deck")
        if v is None:
            return None
        deck = self.game.deck
        if not isinstance(v, list) or len(v) != len(deck):
            raise PositionError(f"{self.where}: deck must list all {len(deck)} cards of the {self.n}-player deck in "
                                f"the order of the next deal, got {v!r}")
        out, seen = [], set()
        for i, x in enumerate(v):
            try:
                c = parse_card(x)
            except DealError as exc:
                raise PositionError(f"{self.where}: deck[{i}]: {exc}") from None
            if not self.game.in_deck[c] or c in seen:
                raise PositionError(f"{self.where}: deck[{i}]={x!r}; expected each card of the {self.n}-player deck "
                                    f"exactly once")
            seen.add(c)
            out.append(c)
        return tuple(out)

    # --- the replays ------------------------------------------------------------------------------------
    def all_plays(self) -> list[_Play]:
        return [p for t in self.tricks for p in t["plays"]] + self.trick

    def new_state(self, rng, hands, leftovers, played, face_down, record=False):
        """The table where the listed plays start: the round's opening (with ``tricks``) or the current trick's
        start (without); ``hands`` are the hands at that moment."""
        from .rules import PolitrickersState
        g, n = self.game, self.n
        st = PolitrickersState(g, rng)
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
                raise PositionError(f"{self.where}: {key}={self.pos[key]!r}, but the tricks listed leave "
                                    f"{shown!r} {when}; expected the table the tricks lead to (or leave {key} out)")

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
                own, other = _classes(q, rp, rs, os_)
                bit = 0 if play.card is None else 1 << SUIT[card]
                if play.face_down:
                    if (own | other) == _ALL5:
                        raise PositionError(f"{self.where}: {where} is face down, but while the Opposition Suit is unset "
                                            f"every card can follow a party; expected a face-up card")
                    if bit & (own | other):
                        raise PositionError(f"{self.where}: {card_name(card)} is of the Ruling or the Opposition "
                                            f"Suit, so it is not played face down; expected face_down false")
                    play.mode = DOWN
                elif bit & own:
                    play.mode = UP
                elif bit & other:
                    play.mode = FORCED
                    if play.switch:
                        raise PositionError(f"{self.where}: {where}: a paid switch that forces a switch back is not allowed "
                                            f"(RULES.md, POL-A5.5)")
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


def state_from_position(game, position: dict, seed=None):
    """A state from a position (RULES.md "Positions"); see the module docstring."""
    pos = _Position(game, position)
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
    everything = _ALL5 | _MIG_BIT
    slots: list[tuple] = []
    for p in range(n):
        if pos.hands[p] is None:
            slots += [((_ALL5 & ~pos.void[p]) | _MIG_BIT, 0, p)] * sizes[p]
    for pl in pos.all_plays():
        if pl.card is None:
            slots.append((_ALL5 & ~pl.void, 1, pl))
    for p in range(n):
        for i, c in enumerate(pos.face_down[p]):
            if c is None:
                slots.append((_ALL5, 2, (p, i)))
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
        counts[_LETTER[c]] += 1
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
        by_letter[_LETTER[c]].append(c)
    for cs in by_letter:
        rng.shuffle(cs)
    return [by_letter[x].pop() for x in letters]


# --- strict checks of saved states ------------------------------------------------------------------------
SAVED_KEYS = ("game", "num_players", "round", "tricks_done", "trick_start", "leader", "turn", "hands", "leftovers",
              "parties", "ruling_party", "ruling_suit", "opposition_suit", "plays", "seen", "face_down", "tokens",
              "spent", "libra", "tricks_won", "vp", "round_vp", "last_winner", "history", "finished", "winners",
              "score_version", "rng")
OPTIONAL_KEYS = ("round_plays", "next_decks")
END_KINDS = ("disgraced", "collapse", "balanced")


def check_saved(game, data) -> None:
    """Types, ranges and missing keys of saved state JSON (``State.to_json``), before it is read; raises
    :class:`StateFormatError` naming the field and what was expected."""
    n = game.num_players

    def bad(field, value, expected):
        raise StateFormatError(f"politrickers: saved {field}={value!r}; expected {expected}")

    if not isinstance(data, dict):
        bad("state", type(data).__name__, "a dict (State.to_json)")
    missing = [k for k in SAVED_KEYS if k not in data]
    if missing:
        raise StateFormatError(f"politrickers: saved state is malformed: missing key(s) {missing}")
    unknown = sorted(str(k) for k in data if k not in SAVED_KEYS and k not in OPTIONAL_KEYS)
    if unknown:
        raise StateFormatError(f"politrickers: saved state has unknown key(s) {unknown}")
    if data["game"] != "politrickers" or not _is_int(data["num_players"]) or data["num_players"] != n:
        raise StateFormatError(f"saved state is {data['game']!r} for {data['num_players']!r} players; expected "
                               f"politrickers for {n}")

    def integer(key, lo, hi):
        v = data[key]
        if not _is_int(v) or not lo <= v <= hi:
            bad(key, v, f"an int in {lo}..{hi}")

    def ints(field, v, lo, hi, size=n):
        if not isinstance(v, list) or len(v) != size or any(not _is_int(x) or not lo <= x <= hi for x in v):
            bad(field, v, f"a list of {size} ints in {lo}..{hi}")

    def names(field, v):
        if not isinstance(v, list) or any(not isinstance(x, str) for x in v):
            bad(field, v, "a list of card names")

    finished = data["finished"]
    if not isinstance(finished, bool):
        bad("finished", finished, "true or false")
    integer("round", 1, ROUNDS)
    integer("tricks_done", 0, TRICKS_PER_ROUND if finished else TRICKS_PER_ROUND - 1)
    for key in ("trick_start", "leader", "last_winner"):
        integer(key, 0, n - 1)
    integer("turn", 0, n if finished else n - 1)  # a game can end with the trick's last card
    for key in ("hands", "face_down"):
        v = data[key]
        if not isinstance(v, list) or len(v) != n:
            bad(key, v, f"a list of {n} lists of card names")
        for p, h in enumerate(v):
            names(f"{key}[{p}]", h)
    names("leftovers", data["leftovers"])
    names("seen", data["seen"])
    v = data["parties"]
    if not isinstance(v, list) or len(v) != n or any(x not in PARTY_NAMES for x in v):
        bad("parties", v, f"a list of {n} of 'Tails' / 'Claws'")
    for key, table in (("ruling_party", PARTY_NAMES), ("ruling_suit", SUIT_NAMES), ("opposition_suit", SUIT_NAMES)):
        if data[key] is not None and data[key] not in table:
            bad(key, data[key], f"null or one of {list(table)}")
    v = data["plays"]
    if not isinstance(v, list) or len(v) != n:
        bad("plays", v, f"a list of {n} entries")
    for p, x in enumerate(v):
        if x is not None and (not isinstance(x, dict) or set(x) != {"card", "face_down"}
                              or not isinstance(x["card"], str) or not isinstance(x["face_down"], bool)):
            bad(f"plays[{p}]", x, "null or {'card': name, 'face_down': true/false}")
    ints("tokens", data["tokens"], 0, TOKENS)
    ints("spent", data["spent"], 0, TOKENS)
    v = data["libra"]
    if not isinstance(v, dict) or set(v) != set(PARTY_NAMES):
        bad("libra", v, "a dict with 'Tails' and 'Claws'")
    for name in PARTY_NAMES:
        ints(f"libra.{name}", v[name], 0, TOKENS)
    ints("tricks_won", data["tricks_won"], 0, TRICKS_PER_ROUND)
    top = VP_TO_END - 1 + PLATE_MAX if finished else VP_TO_END - 1
    ints("vp", data["vp"], VP_FLOOR, top)
    ints("round_vp", data["round_vp"], -TOKENS, TOKENS)
    v = data["history"]
    if not isinstance(v, list) or len(v) > ROUNDS:
        bad("history", v, f"a list of at most {ROUNDS} round results")
    for i, h in enumerate(v):
        if (not isinstance(h, dict) or set(h) != {"round", "end", "who", "points", "tricks"}
                or h["end"] not in END_KINDS or not _is_int(h["round"]) or not 1 <= h["round"] <= ROUNDS
                or not _is_int(h["tricks"]) or not 1 <= h["tricks"] <= TRICKS_PER_ROUND or not _is_int(h["who"])):
            bad(f"history[{i}]", h, "{'round': 1..3, 'end': disgraced/collapse/balanced, 'who': int, "
                                    "'points': ints, 'tricks': 1..9}")
        ints(f"history[{i}].points", h["points"], -TOKENS, TOKENS)
        lo, hi = {"disgraced": (0, n - 1), "collapse": (0, 1), "balanced": (-1, -1)}[h["end"]]
        if not lo <= h["who"] <= hi:
            bad(f"history[{i}].who", h["who"], f"{lo}..{hi} for a {h['end']} round end")
    v = data["winners"]
    if not isinstance(v, list) or any(not _is_int(x) or not 0 <= x < n for x in v) or v != sorted(set(v)):
        bad("winners", v, f"a sorted list of distinct seats 0..{n - 1}")
    integer("score_version", 0, 1 << 62)
    v = data["rng"]  # random.Random.getstate(): version 3, 624 words and an index, gauss None or a float
    if (not isinstance(v, list) or len(v) != 3 or v[0] != 3 or not isinstance(v[1], list) or len(v[1]) != 625
            or any(not _is_int(x) or not 0 <= x < 1 << 32 for x in v[1]) or v[1][-1] > 624
            or not (v[2] is None or isinstance(v[2], float))):
        bad("rng", "...", "[3, 625 ints (624 words in 0..2**32-1, an index 0..624), null or a float]")
    # every card of the deck exactly once, named where it is wrong
    where: dict[int, list[str]] = {}
    places = [(f"hands[{p}]", h) for p, h in enumerate(data["hands"])]
    places += [(f"face_down[{p}]", h) for p, h in enumerate(data["face_down"])]
    places += [("seen", data["seen"]), ("leftovers", data["leftovers"])]
    places += [(f"plays[{p}]", [x["card"]]) for p, x in enumerate(data["plays"]) if x is not None]
    for field, cards in places:
        for i, x in enumerate(cards):
            try:
                c = parse_card(x)
            except DealError as exc:
                raise StateFormatError(f"politrickers: saved {field}[{i}]: {exc}") from None
            if not game.in_deck[c]:
                bad(f"{field}[{i}]", x, f"a card of the {n}-player deck")
            where.setdefault(c, []).append(field)
    for c in game.deck:
        if len(where.get(c, ())) != 1:
            raise StateFormatError(f"politrickers: saved state holds {card_name(c)} "
                                   + (f"at {', '.join(where[c])}" if c in where else "nowhere")
                                   + "; expected every card of the deck exactly once")
    v = data.get("round_plays", [])
    if not isinstance(v, list):
        bad("round_plays", v, "a list of plays (RULES.md, Information-set sampling)")
    modes = ("up", "forced", "down", "migration", "migration Tails->Claws", "migration Claws->Tails")
    for i, e in enumerate(v):
        if not isinstance(e, list) or len(e) != 8 or e[2] not in modes:
            bad(f"round_plays[{i}]", e, f"[seat, card or null, one of {list(modes)}, paid switch, party, Ruling "
                                        f"Party, Ruling Suit, Opposition Suit]")
    v = data.get("next_decks", [])
    if not isinstance(v, list) or len(v) > ROUNDS - 1:
        bad("next_decks", v, f"a list of at most {ROUNDS - 1} deck orders")
    for i, d in enumerate(v):
        names(f"next_decks[{i}]", d)
        try:
            ids = sorted(parse_card(x) for x in d)
        except DealError as exc:
            raise StateFormatError(f"politrickers: saved next_decks[{i}]: {exc}") from None
        if ids != game.deck:
            bad(f"next_decks[{i}]", d, f"each card of the {n}-player deck exactly once")


def check_loaded(st) -> None:
    """Cross-references of a state read from JSON (after ``_check_consistent``): the Libra and the tricks, the
    current trick against its suits and its Chair, the history against the VP, the winners, the play record."""
    n = st.n

    def bad(what):
        raise StateFormatError(f"politrickers: saved state is inconsistent: {what}")

    for p in range(n):
        if st.tricks_won[p] != st.libra[0][p] + st.libra[1][p]:
            bad(f"seat {p} won {st.tricks_won[p]} tricks but has {st.libra[0][p] + st.libra[1][p]} tokens on the "
                f"Libra; expected one token per trick won")
    if MIGRATION in [c for h in st.hidden for c in h] or any(st.down[p] and st.plays[p] == MIGRATION
                                                              for p in range(n)):
        bad("Migration is face down; expected it always face up")
    if st.history and st.history[-1]["tricks"] < 1:
        bad("a round ended after no trick")
    rounds = [h["round"] for h in st.history]
    if rounds != sorted(set(rounds)) or any(r > st.round + 1 for r in rounds):
        bad(f"history rounds {rounds}; expected increasing, none after round {st.round + 1}")
    # (the VP need not add up from the results: a deal or a position may start a game with VP already scored)
    if len(st.history) > st.round + (1 if st.finished else 0):
        bad(f"{len(st.history)} round results in round {st.round + 1}")
    if st.history and st.round_vp != st.history[-1]["points"]:
        bad(f"round_vp {st.round_vp}; expected the last round's points {st.history[-1]['points']}")
    if st.finished:
        if not st.history or st.history[-1]["round"] != st.round + 1:
            bad("the game is over but this round has no result")
        if max(st.vp) < VP_TO_END and st.round + 1 < ROUNDS:
            bad(f"the game is over in round {st.round + 1} with no VP total of {VP_TO_END}")
        if st.tricks_done != st.history[-1]["tricks"]:
            bad("tricks_done differs from the tricks of the last round result")
        top = max(st.vp)
        best = [p for p in range(n) if st.vp[p] == top]
        if len(best) > 1:
            r = max(st.history[-1]["points"][p] for p in best)
            best = [p for p in best if st.history[-1]["points"][p] == r]
        if st._winners != best:
            bad(f"winners {st._winners}; by the VP the winners are {best}")
        return
    if st._winners:
        bad("winners are named but the game is not over")
    if max(st.vp) >= VP_TO_END:
        bad(f"a VP total of {max(st.vp)} would have ended the game")
    if sum(st.plate) != st.tricks_done:
        bad(f"the Libra holds {sum(st.plate)} tokens after {st.tricks_done} tricks; expected one per trick")
    if len(st.seen) + sum(len(h) for h in st.hidden) > n * st.tricks_done:  # a deal puts earlier ones away
        bad(f"{len(st.seen)} face-up and {sum(len(h) for h in st.hidden)} face-down cards set aside after "
            f"{st.tricks_done} tricks; expected at most {n * st.tricks_done}")
    if any(len(h) > st.tricks_done for h in st.hidden):
        bad("a seat has more face-down cards than tricks done")
    if st.last_winner != st.trick_start:
        bad(f"last_winner {st.last_winner} is not the seat that opened this trick ({st.trick_start})")
    order = [(st.trick_start + i) % n for i in range(st.turn)]
    lead = 0
    while lead < st.turn and st.plays[order[lead]] == MIGRATION:
        lead += 1
    if st.leader != (st.trick_start + lead) % n:
        bad(f"leader {st.leader}; after {lead} Migration lead(s) from seat {st.trick_start} the Chair is seat "
            f"{(st.trick_start + lead) % n}")
    if lead < st.turn and st.down[order[lead]]:
        bad("the first policy card of the trick is face down; expected the lead face up")
    ups = st.ups
    if (st.ruling_suit >= 0) != bool(ups) or (st.ruling_party >= 0) != bool(ups):
        bad("the Ruling Suit / Party are set iff a policy card was played face up this trick")
    if ups:
        if SUIT[ups[0][1]] != st.ruling_suit:
            bad("the Ruling Suit is not the suit of the trick's first policy card")
        if st.opp_suit == st.ruling_suit:
            bad("the Opposition Suit equals the Ruling Suit")
        suits = {SUIT[c] for _, c in ups}
        if not suits <= {st.ruling_suit, st.opp_suit} or (st.opp_suit >= 0 and st.opp_suit not in suits):
            bad("the trick's face-up suits are not the Ruling and the Opposition Suit")
    elif st.opp_suit >= 0:
        bad("an Opposition Suit without a Ruling Suit")
    if any(st.down) and st.opp_suit < 0:
        bad("a face-down card before the Opposition Suit was set")
    log = st.log
    if log:
        if len(log) < st.turn or len(log) > n * st.tricks_done + st.turn:
            bad(f"round_plays holds {len(log)} plays; expected the current trick's {st.turn} plus at most "
                f"{n * st.tricks_done} earlier")
        rp = rs = os_ = -1
        for i, (seat, action, mode, q, erp, ers, eos) in enumerate(log[len(log) - st.turn:]):
            card = MIGRATION if mode == MIG else action % FLIP
            if (seat != order[i] or (erp, ers, eos) != (rp, rs, os_) or (mode == DOWN) != st.down[seat]
                    or (mode != DOWN and card != st.plays[seat])):
                bad(f"round_plays entry {len(log) - st.turn + i} does not match the current trick")
            after = q ^ (action >= FLIP) ^ (mode == FORCED)
            if after != st.party[seat]:
                bad(f"round_plays leaves seat {seat} {PARTY_NAMES[after]}, but parties say "
                    f"{PARTY_NAMES[st.party[seat]]}")
            if mode in (UP, FORCED):
                if rs < 0:
                    rs, rp = SUIT[card], after
                elif os_ < 0 and after != rp:
                    os_ = SUIT[card]
        if (rp, rs, os_) != (st.ruling_party, st.ruling_suit, st.opp_suit):
            bad("round_plays of the current trick lead to other Ruling / Opposition suits than saved")


# --- events as text ------------------------------------------------------------------------------------
def describe_event(e: dict) -> str:
    """One line of text for a Politrickers event (a seat's view or the omniscient one)."""
    kind = e.get("type")
    private = e.get("private") or {}
    if kind == "round_start":
        line = (f"Round {e['round']} begins: Chair P{e['chair']}; parties "
                + " ".join(f"P{p} {q}" for p, q in enumerate(e["parties"])))
        if "hand" in e:
            line += "; your hand: " + " ".join(e["hand"])
        return line
    if kind == "trick":
        sums = ", ".join(f"{s} {v}" for s, v in e["sums"].items())
        why = "Economy is trump" if e["trump"] else f"{e['popular']} is Popular ({sums})"
        downs = []
        for p in e["face_down"]:
            card = private.get(p, private.get(str(p), {})).get("face_down_card")
            downs.append(f"P{p}" + (f" ({card})" if card else ""))
        line = f"Round {e['round']} trick {e['trick']}: P{e['winner']} wins with {e['card']}, {why}"
        if downs:
            line += "; face down: " + ", ".join(downs)
        if "face_down_card" in e:
            line += f" (yours: {e['face_down_card']})"
        if not e["token_to"]:
            return line + "; no token left: Disgraced"
        return line + f"; token to {e['token_to']} (Tails {e['plates']['Tails']}, Claws {e['plates']['Claws']})"
    if kind == "party_switch":
        return f"P{e['seat']} switches to {e['party']}" + (" (paid 1 Power Token)" if e["paid"] else " (forced)")
    if kind == "libra":
        return (f"P{e['seat']} moves a token (Migration) onto the {e['plate']} plate: Tails {e['plates']['Tails']}, "
                f"Claws {e['plates']['Claws']}")
    if kind == "round_end":
        how = {"disgraced": f"P{e['disgraced']} is Disgraced", "collapse": f"the {e['collapsed']} plate collapses",
               "balanced": "balanced" + (f", the {e['scoring_plate']} plate scores" if e["scoring_plate"] else "")}
        line = (f"Round {e['round']} ends after {e['tricks']} tricks ({how[e['end']]}): points {e['points']}, "
                f"VP {e['vp']}")
        if e["zero_trick_bonus"]:
            line += "; 0 tricks won: " + ", ".join(f"P{p}" for p in e["zero_trick_bonus"])
        return line
    if kind == "game_end":
        return f"Game over after {e['rounds']} round(s): " + ", ".join(f"P{p}" for p in e["winners"]) \
            + f" win(s); VP {e['vp']}"
    fields = ", ".join(f"{k}={v}" for k, v in e.items() if k not in ("type", "private"))
    return f"{kind}: {fields}"
