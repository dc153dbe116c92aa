"""Scripted Politix baselines. They read only their own hand and the public table (PTX-A16): the face-up voters,
the specials beside each politician, the event, every party's collected cards and the own party's base support."""
from __future__ import annotations

from ..core.bots import Bot, RandomBot
from .rules import (A_DRAW, A_END, A_REST, A_SPECIAL, BURN_SLOT, BURNOUT, COFFEE, DISCARD, GWTW,
                    METHOD_KIND, NB, NE, NG, NK, NM, PERSUADE, SPECIAL_KINDS, START, PolitixState,
                    party_key)

CARD_COST = 0.3  # value of one politicking card kept in hand, in "voter cards"
COFFEE_COST = 0.45


class HeuristicBot(Bot):
    """Persuades the group its party needs most when it has the power (taking as many as pays), plays its group
    specials (positive ones on itself, negative ones and Burnout on opponents) on turns it persuades or when the
    hand is full, clears harmful cards with Gone with the wind, rests off Burnout when it cannot persuade, and
    draws otherwise. It never takes the last voter card when that would not win the game for its party."""

    name = "heuristic"

    def act(self, state: PolitixState, player: int) -> int:
        ph = state.phase
        if ph == DISCARD:
            return self._discard(state, player)
        if ph == PERSUADE:
            return self._continue(state, player)
        game = state.game
        plan = self._best_plan(state, player)
        special = self._special(state, player, want=plan is not None or state.hand_size[player] >= 9)
        if special is not None:
            return special
        if plan is not None:
            g, m = plan
            return game.A_PERSUADE + g * NM + m
        if ph == START:
            if state.beside[player][BURN_SLOT] and state.hand_size[player] >= 5:
                return A_REST
            return A_DRAW
        return A_END

    # --- valuation -------------------------------------------------------------------------------------
    @staticmethod
    def _my_counts(state: PolitixState, player: int) -> list[int]:
        return state.party_counts(state.party_of[player])  # own base support is visible to the own party

    @staticmethod
    def _gain(counts: list[int], g: int, k: int) -> float:
        low = min(counts)
        return sum(2.0 ** -(counts[g] + i - low) for i in range(k))

    def _ends_badly(self, state: PolitixState, player: int, g: int, k: int) -> bool:
        """Whether taking k of group g empties the table (ending the game) without a win for our party."""
        voters_in_deck = len(state.voter_deck) - (NE - len(state.events_out))  # public: size minus unseen events
        if state.table_total - k > 0 or voters_in_deck > 0:
            return False
        mine = state.party_of[player]
        keys = []
        for i in range(state.game.num_parties):
            c = list(state.collected[i])
            if i == mine:
                c = self._my_counts(state, player)
                c[g] += k
            elif i == 0 and state.game.has_base:
                c = [x + 1 for x in c]  # 6 unseen base cards: assume one per group
            keys.append(party_key(c))
        return keys[mine] <= max(keys[i] for i in range(len(keys)) if i != mine)

    def _options(self, state: PolitixState, player: int, g: int, m: int, power: int, played: int):
        """(score, k, extra cards needed) for each count k this persuasion could take."""
        hand = state.hands[player]
        avail_m, avail_c = hand[METHOD_KIND[m]], hand[COFFEE]
        counts = self._my_counts(state, player)
        out = []
        for k in range(1, state.table[g] + 1):
            extra = max(0 if played else 1, state.game.symbols[g][m] + k - 1 - power)
            if extra > avail_m + avail_c:
                break
            cost = CARD_COST * min(extra, avail_m) + COFFEE_COST * max(0, extra - avail_m)
            if self._ends_badly(state, player, g, k):
                continue
            out.append((self._gain(counts, g, k) - cost, k, extra))
        return out

    def _best_plan(self, state: PolitixState, player: int):
        best, best_score = None, 0.0
        hand = state.hands[player]
        for g in range(NG):
            if not state.table[g]:
                continue
            for m in range(NM):
                if not hand[METHOD_KIND[m]] + hand[COFFEE]:
                    continue
                opts = self._options(state, player, g, m, state.base_power(player, g, m), 0)
                for score, k, extra in opts:
                    if score > best_score:
                        best, best_score = (g, m), score
        return best

    def _continue(self, state: PolitixState, player: int) -> int:
        game = state.game
        g, m = state.pg, state.pm
        opts = self._options(state, player, g, m, state.ppower, state.pplayed)
        hand = state.hands[player]
        if opts:
            _, k, extra = max(opts)
            if extra == 0:
                return game.A_TAKE + k - 1
        elif state.pplayed and state.ppower >= state.game.symbols[g][m]:
            # every count ends the game badly or costs too much: take the largest legal count anyway
            kmax = min(state.table[g], state.ppower - state.game.symbols[g][m] + 1)
            return game.A_TAKE + kmax - 1
        if hand[METHOD_KIND[m]]:
            return game.A_ADD
        if hand[COFFEE]:
            return game.A_COFFEE
        kmax = min(state.table[g], state.ppower - state.game.symbols[g][m] + 1)
        return game.A_TAKE + kmax - 1

    # --- specials ----------------------------------------------------------------------------------------
    def _special(self, state: PolitixState, player: int, want: bool):
        n, hand, game = state.n, state.hands[player], state.game
        mine = state.party_of[player]
        opponents = [(player + k) % n for k in range(1, n) if state.party_of[(player + k) % n] != mine]
        # Gone with the wind: clear a harmful card beside us first (always worth it)
        if hand[GWTW]:
            for j in range(NB):
                harmful = j == BURN_SLOT or state.game.slot_mod[j] < 0
                if harmful and state.beside[player][j]:
                    return game.A_GWTW + j * n
            if want:
                for s in opponents:
                    for j in range(NB - 1):
                        if state.game.slot_mod[j] > 0 and state.beside[s][j]:
                            return game.A_GWTW + j * n + (s - player) % n
        if not want:
            return None
        counts = self._my_counts(state, player)
        low = min(counts)
        for j in range(NB - 1):
            if hand[SPECIAL_KINDS[j]]:
                if state.game.slot_mod[j] > 0:
                    return A_SPECIAL + j * n  # on ourselves
                # a negative card: on the opponent who is closest to us in turn order
                if opponents:
                    return A_SPECIAL + j * n + (opponents[0] - player) % n
                if counts[state.game.slot_group[j]] > low + 2:  # no opponent: harmless only where we are full
                    return A_SPECIAL + j * n
        if hand[BURNOUT]:
            for s in opponents:
                if not state.beside[s][BURN_SLOT]:
                    return A_SPECIAL + BURN_SLOT * n + (s - player) % n
        return None

    # --- hand limit --------------------------------------------------------------------------------------
    def _discard(self, state: PolitixState, player: int) -> int:
        hand = state.hands[player]
        skills = state.game.skills[state.politician[player]]

        def keep(k: int) -> float:
            if k == COFFEE:
                return 3.0
            if k in METHOD_KIND:
                m = METHOD_KIND.index(k)
                return 2.0 + 0.3 * skills[m] - 0.15 * hand[k]
            if k == GWTW:
                return 1.6
            if k == BURNOUT:
                return 1.2
            return 1.4
        kinds = [k for k in range(NK) if hand[k]]
        return state.game.A_DISCARD + min(kinds, key=keep)


BOTS = {"random": RandomBot, "heuristic": HeuristicBot}
