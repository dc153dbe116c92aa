"""Prime Minister's compiled batched engine: N games of one configuration in arrays, stepped by the numba kernels of
``kernels.py``, move for move the same as the rules module (same deals from the same seeds, same movers, same legal
masks, same scores).

Covered: the standard game at 2-4 players, whole games from the seeded setup (``kernels.py``'s docstring). A game
that reaches a step not compiled stops: ``covered[k]`` turns False and its ``player[k]`` is -1 (never a wrong move).
It is checked with the generic parity checker (``hustings.engine.parity``): from seeds, from mid-game saved states,
``to_state`` / ``from_state`` included. Not yet the game's registered engine (``GameInfo.engine``), so
``make_vector("prime_minister", ...)`` still runs the Python backend.
"""
from __future__ import annotations

import json
import random

import numpy as np

from ...errors import ConfigError, StateFormatError
from ..components import (BILL_IDS, CAREER_ORDER, DECKS, EVENT_IDS, PHASES, QUESTIONS, ROLES,
                                                SOURCE_KINDS, SUP_IDS)
from ..rules import PrimeMinisterGame, PrimeMinisterState, rng_to_json
from . import kernels as K

_DECK_NAMES = ("supporters", "events") + tuple(DECKS)
_ROLE_CODE = {r: i for i, r in enumerate(ROLES)}
_EFFECT_ID = {}
for _i, _e in enumerate(K.EFFECT_DICTS):
    _EFFECT_ID.setdefault(json.dumps(_e, sort_keys=True), _i)
_CHOICES = (("_sector", K.F_SEC), ("_party", K.F_PARTY), ("_sign", K.F_SIGN), ("_player", K.F_PLAYER),
            ("_bill", K.F_BILL), ("_dir", K.F_DIR), ("_option", K.F_OPTION))
#: tasks of one name and no argument, one with a seat, and their codes
_PLAIN = {"round_start": K.T_ROUND_START, "selection": K.T_SELECTION, "reveal_proposals": K.T_REVEAL,
          "select": K.T_SELECT, "selection_end": K.T_SELECTION_END, "turns": K.T_TURNS,
          "opposition_start": K.T_OPPOSITION_START, "ask_order": K.T_ASK_ORDER, "pm_turn": K.T_PM_TURN,
          "draw_event": K.T_DRAW_EVENT, "event_done": K.T_EVENT_DONE, "ask_end_pact": K.T_ASK_END_PACT,
          "resolution": K.T_RESOLUTION, "challenges": K.T_CHALLENGES, "election_phase": K.T_ELECTION_PHASE,
          "round_end": K.T_ROUND_END}
_SEATED = {"draw_bill": K.T_DRAW_BILL, "propose": K.T_PROPOSE, "turn": K.T_TURN, "ask_rejoin": K.T_ASK_REJOIN,
           "ask_deputy": K.T_ASK_DEPUTY, "main": K.T_MAIN, "end_turn": K.T_END_TURN, "window_pact": K.T_WINDOW_PACT}
_PLAIN_NAME = {v: k for k, v in _PLAIN.items()}
_SEATED_NAME = {v: k for k, v in _SEATED.items()}


def unsupported(game: PrimeMinisterGame) -> str | None:
    """``None`` when the engine compiles ``game``'s configuration, else what it does not cover (one phrase)."""
    if not isinstance(game, PrimeMinisterGame):
        return f"not a Prime Minister game: {game!r}"
    opts = game.options
    if opts["scenario"]:
        return f"scenario={opts['scenario']}"
    if opts["question_time"]:
        return "question_time=True"
    if opts["components"] is not None:
        return "components (your own component values)"
    return None


class BatchEngine:
    """N games of the standard game of Prime Minister (2-4 players), in arrays, stepped by compiled kernels; the
    interface of :class:`hustings.core.batch.PythonBatchEngine` for the standard game.

    The public arrays (``player``, ``terminated``, ``truncated``, ``scores``, ``returns``, ``winners``, ``covered``)
    are owned by the engine and updated in place by :meth:`reset` and :meth:`apply`."""

    backend = "compiled"

    def __init__(self, game: PrimeMinisterGame, num_envs: int):
        why = unsupported(game)
        if why is not None:
            raise ConfigError(f"prime_minister engine: the compiled engine does not cover {why} yet; expected the "
                              f"standard game (backend='python' runs every configuration)")
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ConfigError(f"num_envs={num_envs!r} is invalid; expected an int >= 1")
        self.game = game
        self.num_envs = size = int(num_envs)
        self.num_players = n = game.num_players
        self.num_actions = game.num_actions
        self._st = np.zeros((size, K.WIDTH), dtype=np.int32)
        self._big = np.zeros((size + 1, K.BIG), dtype=np.int64)
        self._mt = np.zeros((size + 1, 624), dtype=np.uint32)
        self.player = np.full(size, -1, dtype=np.int32)
        self.terminated = np.zeros(size, dtype=bool)
        self.truncated = np.zeros(size, dtype=bool)
        self.scores = np.zeros((size, n), dtype=np.float64)
        self.returns = np.zeros((size, n), dtype=np.float64)
        self.winners = np.zeros((size, n), dtype=bool)
        self.observation_size = game.observation_size
        self._off = np.array([game.off[name] for name in K.OBS_FIELDS], dtype=np.int64)
        self._state = (self._st, self._big, self._mt)
        self._public = (self.player, self.terminated, self.truncated, self.scores, self.returns, self.winners)

    @property
    def covered(self) -> np.ndarray:
        """``covered[k]``: game ``k`` is still within what the kernels compile (False once it reached a step that is
        not compiled yet; such a game is not played on)."""
        return self._st[:, K.COVERED].astype(bool)

    def reset(self, seeds: np.ndarray, envs: np.ndarray | None = None) -> None:
        """Start game ``envs[i]`` (default: all, in order) exactly as ``game.new_initial_state(seed=int(seeds[i]))``."""
        envs = np.arange(self.num_envs, dtype=np.int64) if envs is None else np.ascontiguousarray(envs, np.int64)
        seeds = np.asarray(seeds)
        if seeds.ndim != 1 or len(seeds) != len(envs):
            raise ConfigError(f"reset: {seeds.size} seeds for {len(envs)} games; expected one seed per game")
        if len(envs) and (envs.min() < 0 or envs.max() >= self.num_envs):
            raise ConfigError(f"reset: envs must be game indices 0..{self.num_envs - 1}")
        if seeds.dtype.kind not in "iu" or (len(seeds) and np.abs(seeds.astype(object)).max() >= 2 ** 63):
            raise ConfigError("reset: seeds must be ints below 2**63 in absolute value")
        words = np.abs(seeds.astype(np.int64))
        K.reset_games(*self._state, *self._public, envs, words, self.num_players, self.game.max_rounds)

    def apply(self, actions: np.ndarray) -> None:
        """Apply ``actions[k]`` (``int64[N]``, unchecked: each must be legal) in every game whose ``player[k]`` is a
        seat; the others are left alone."""
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        if actions.shape != (self.num_envs,):
            raise ConfigError(f"apply: actions of shape {actions.shape}; expected ({self.num_envs},)")
        K.apply(*self._state, *self._public, actions)

    def random_actions(self, mask: np.ndarray, out: np.ndarray) -> None:
        """``out[k]`` = a uniformly random action among ``mask[k]``'s (-1 where none), drawn in compiled code with
        numba's own generator (seed it with :meth:`seed_random`): for benchmarks and random play."""
        self._check_out(mask, (self.num_envs, self.num_actions), np.int8, "random_actions (mask)")
        self._check_out(out, (self.num_envs,), np.int64, "random_actions")
        K.random_actions(mask, out)

    @staticmethod
    def seed_random(seed: int) -> None:
        """Seed the generator :meth:`random_actions` draws from (not the games' deal generators)."""
        K.seed_random(int(seed))

    def legal_mask(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's ``state.legal_mask()`` (``int8[N, num_actions]``; zeros where ``player[k]`` is -1)."""
        self._check_out(out, (self.num_envs, self.num_actions), np.int8, "legal_mask")
        K.legal_mask(self._st, self.player, out)

    def observe(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's mover's ``state.observation(player)`` (``float32[N, observation_size]``; zeros for
        games that are over)."""
        self._check_out(out, (self.num_envs, self.observation_size), np.float32, "observe")
        K.observe(self._st, self.player, out, self._off)

    def observe_seat(self, seats: np.ndarray, out: np.ndarray) -> None:
        """``out[k]`` = ``state.observation(seats[k])`` of game k, for any seat (games over included; zeros where
        ``seats[k] < 0``)."""
        seats = np.ascontiguousarray(seats, dtype=np.int32)
        if seats.shape != (self.num_envs,) or (seats >= self.num_players).any():
            raise ConfigError(f"observe_seat: seats must be {self.num_envs} seats below {self.num_players} (or -1), "
                              f"got shape {seats.shape} with max {seats.max(initial=-1)}")
        self._check_out(out, (self.num_envs, self.observation_size), np.float32, "observe_seat")
        K.observe(self._st, seats, out, self._off)

    def global_observation(self, out: np.ndarray) -> None:
        """``out[k]`` = game k's ``state.global_observation()`` (every seat's observation, in seat order)."""
        size = self.num_players * self.observation_size
        self._check_out(out, (self.num_envs, size), np.float32, "global_observation")
        K.global_observation(self._st, out, self._off, self.observation_size)

    # --- to and from the rules state -------------------------------------------------------------------------------
    def to_state(self, k: int) -> PrimeMinisterState:
        """Game ``k`` as an independent rules state (through ``state_from_json``, so strictly checked); it plays on
        exactly as the engine would (same RNG). The event log starts empty."""
        k = self._game_index(k, "to_state")
        if not self._st[k, K.STARTED]:
            raise ConfigError(f"to_state: game {k} was never started; call reset() first")
        return self.game.state_from_json(self._to_json(k))

    def _to_json(self, k: int) -> dict:
        row = self._st[k].tolist()
        n = self.num_players
        d = self.fields(k)
        d.pop("vp_version")
        tags = row[K.TAGS:K.TAGS + K.NSUP + K.NEV + K.NBILL]
        d.update({
            "n": n, "pol": d["pol"], "unc_stack": row[K.UNC_STACK + 1:K.UNC_STACK + 1 + row[K.UNC_STACK]],
            "over": bool(row[K.OVER]),
            "tasks": [self._task_json(row, i) for i in range(row[K.QN] - 1, -1, -1)],
            "score_version": row[K.SCORE_VERSION], "setup_done": True, "scen": {}, "qt_hands": [[] for _ in range(n)],
            "shuffle_tags": {"supporters": tags[:K.NSUP], "events": tags[K.NSUP:K.NSUP + K.NEV],
                             "bills": tags[K.NSUP + K.NEV:]},
            "supporter_reshuffle": row[K.SUP_ORDER + 1:K.SUP_ORDER + 1 + row[K.SUP_ORDER]],
            "event_reshuffle": row[K.EV_ORDER + 1:K.EV_ORDER + 1 + row[K.EV_ORDER]],
        })
        won = [s for s in range(n) if (row[K.WINNERS] >> s) & 1]
        d["won"], d["winner"] = won, won[0] if won else -1
        pend = d["pending"]
        if pend is not None:
            kind = pend["kind"]
            if kind == "permit":
                pend["requester"], pend["request"] = row[K.P_D1], row[K.P_D2]
            elif kind == "keep":
                pend["drawn"] = [row[K.P_D3], row[K.P_D4]][:row[K.P_D1]]
                pend["left"] = row[K.P_D2]
            elif pend.get("q") == "agreement":
                pend["slot"] = row[K.P_D1]
            elif pend.get("q") == "challenge":
                pend["target"] = row[K.P_D1]
            elif pend.get("q") == "royal":
                pend["gov_seats"], pend["unc"], pend["fav_is_ol"] = row[K.P_D1], row[K.P_D2], bool(row[K.P_D3])
        rng = random.Random()
        rng.setstate((3, tuple(self._mt[k].tolist()) + (int(self._big[k, K.MTI]),), None))
        d.update({"game": "prime_minister", "version": 1, "config": self.game.config(), "rng": rng_to_json(rng)})
        return d

    @staticmethod
    def _task_json(row: list, i: int) -> list:
        at = K.QUEUE + i * K.QW
        f = row[at:at + K.QW]
        code, arg = f[K.F_CODE], f[K.F_ARG]
        if code in _PLAIN_NAME:
            return [_PLAIN_NAME[code]]
        if code in _SEATED_NAME:
            return [_SEATED_NAME[code], arg]
        if code == K.T_EFF:
            ctx = {"actor": f[K.F_ACTOR], "mult": f[K.F_MULT]}
            if f[K.F_SRCK] > 0:
                ctx["src"] = [SOURCE_KINDS[f[K.F_SRCK] - 1], f[K.F_SRCA]]
            if f[K.F_OWN] >= 0:
                ctx["own"] = f[K.F_OWN]
            for key, field in _CHOICES:
                if f[field] >= 0:
                    ctx[key] = f[field]
            return ["eff", json.loads(json.dumps(K.EFFECT_DICTS[arg])), ctx]
        if code == K.T_KEEP:
            return ["keep", arg, [f[K.KEEP_C0], f[K.KEEP_C1]][:f[K.F_X2]], f[K.F_X1]]
        if code == K.T_DEBATE_CARDS:
            cards = [[K.DEBATE_IDS[c // 8], (c % 8) // 2, K.SIDES[c % 2]] for c in f[K.F_SEC:K.F_SEC + f[K.F_X2]]]
            return ["debate_cards", cards, "pass" if arg == 1 else "fail"]
        if code == K.T_CHALLENGE_STEP:
            return ["challenge_step", ROLES[arg], ROLES[f[K.F_X1]]]
        raise AssertionError(f"unknown task code {code}")

    def from_state(self, k: int, state: PrimeMinisterState) -> None:
        """Load a rules ``state`` (any point of play: a position, a saved state, a game in progress) as game ``k``,
        its RNG included; the caller's state is not changed."""
        k = self._game_index(k, "from_state")
        if not isinstance(state, PrimeMinisterState) or state.game.config() != self.game.config():
            raise ConfigError(f"from_state: expected a state of {self.game!r}, got {state!r}")
        if len(state.unc_stack) > K.UNC_CAP:
            raise ConfigError(f"from_state: {len(state.unc_stack)} stacked Uncertainty cards; the compiled engine "
                              f"holds {K.UNC_CAP}")
        version, internal, _ = state._box_rng().getstate()
        if version != 3 or len(internal) != 625:
            raise StateFormatError(f"from_state: the state's RNG state has version {version}; expected "
                                   f"random.Random's (3)")
        n = self.num_players
        row = np.zeros(K.WIDTH, dtype=np.int64)

        def put(at, values):
            values = list(values)
            row[at:at + len(values)] = values

        def put_list(at, count_at, values, cap):
            values = list(values)
            if len(values) > cap:
                raise StateFormatError(f"from_state: a list of {len(values)} where the engine holds {cap}")
            put(at, values)
            row[count_at] = len(values)

        row[K.N], row[K.ROUND], row[K.GOV_PARTY] = n, state.round, state.gov_party
        row[K.PACT], row[K.EVER_SPLIT], row[K.RESIGNED] = state.pact, state.ever_split, state.resigned
        row[K.MARKER], row[K.OVER], row[K.TRUNCATED] = state.marker, state.over, state.truncated
        row[K.COVERED], row[K.STARTED] = 1, 1
        row[K.WINNERS] = sum(1 << s for s in state.won) if state.won else (
            1 << state.winner if state.winner >= 0 else 0)
        row[K.SCORE_VERSION], row[K.REVEALED_OK] = state.score_version, state.revealed_ok
        row[K.SELECTED_COUNT], row[K.MPS_PARTY] = state.selected_count, state.mps_party
        row[K.MINORITY_BY_CHALLENGE], row[K.LOST_CHALLENGE] = state.minority_by_challenge, state.lost_challenge
        row[K.MAX_ROUNDS], row[K.EVENT], row[K.LAST_UNC] = self.game.max_rounds, state.event, state.last_unc
        put(K.POL, [K.POL_IDS.index(p) for p in state.pol])
        put(K.PARTY, state.party)
        put(K.ROLE, [_ROLE_CODE[r] for r in state.role])
        for at, values in ((K.STANDING, state.standing), (K.FAVOUR, state.favour), (K.VP, state.vp),
                           (K.CUBES, state.cubes)):
            put(at, values)
        for s in range(n):
            put_list(K.HAND + s * K.NSUP, K.HAND_N + s, state.hand[s], K.NSUP)
            put_list(K.SHOWN + s * K.NSUP, K.SHOWN_N + s, state.shown[s], K.NSUP)
            put_list(K.BHAND + s * K.BHAND_CAP, K.BHAND_N + s, state.bill_hand[s], K.BHAND_CAP)
            for c, cid in enumerate(CAREER_ORDER):
                row[K.CAREER + s * K.NCAR + c] = state.careers[s].get(cid, -1)
        put(K.MPS, [state.mps[x] for x in "AMP"])
        put(K.SECTORS, list(state.sector_pos[0]) + list(state.sector_pos[1]))
        for d, name in enumerate(_DECK_NAMES):
            put_list(K.DECK_AT[d], K.DECK_N + d, state.decks[name], K.DECK_SIZES[d])
            put_list(K.DISC_AT[d], K.DISC_N + d, state.discards[name], K.DECK_SIZES[d])
        put_list(K.PROPOSED, K.NPROPOSED, [x for e in state.proposed for x in e], 2 * K.PROP_CAP)
        row[K.NPROPOSED] = len(state.proposed)
        row[K.NBILLS] = len(state.bills)
        for i, b in enumerate(state.bills):
            if "icon" in b:
                raise ConfigError("from_state: a bill with its own icon (a Scenario's) is not covered yet")
            cards = [K.DEBATE_IDS.index(c) * 8 + owner * 2 + K.SIDES.index(side) for c, owner, side in b["debate"]]
            put(K.BILLS + i * K.SLOT_W, [b["bill"], b["adj"], len(cards)] + cards)
        turn = state.turn
        row[K.TURN_SEAT] = -1 if turn is None else turn["seat"]
        if turn is not None:
            row[K.TURN_ACTED] = turn["acted"]
            put_list(K.DOUBLED, K.NDOUBLED, turn["doubled"], K.NSUP)
            put_list(K.DENIED, K.NDENIED, turn["denied"], 16)
        put_list(K.REFUSED, K.NREFUSED, state.refused_agreement, 4)
        put_list(K.PASSED, K.NPASSED, state.passed or [], K.NBILL)
        for at, values in ((K.UNC_STACK, state.unc_stack), (K.SUP_ORDER, state.supporter_reshuffle),
                           (K.EV_ORDER, state.event_reshuffle)):
            row[at] = len(values)
            put(at + 1, values)
        tags = state.shuffle_tags
        put(K.TAGS, list(tags["supporters"]) + list(tags["events"]) + list(tags["bills"]))
        if len(state.tasks) > K.Q_CAP:
            raise StateFormatError(f"from_state: {len(state.tasks)} tasks queued; the engine holds {K.Q_CAP}")
        for i, task in enumerate(reversed(state.tasks)):
            put(K.QUEUE + i * K.QW, self._task_entry(task))
        row[K.QN] = len(state.tasks)
        row[K.P_PLAYER] = -1
        pend = state.pending
        if pend is not None and not state.over:
            row[K.P_KIND] = PHASES.index(pend["kind"]) + 1
            row[K.P_PLAYER] = pend["player"]
            row[K.P_Q] = QUESTIONS.index(pend["q"]) + 1 if "q" in pend else 0
            put_list(K.LEGAL, K.LEGN, pend["legal"], K.LEG_CAP)
            if pend["kind"] == "permit":
                row[K.P_D1], row[K.P_D2] = pend["requester"], pend["request"]
            elif pend["kind"] == "keep":
                drawn = list(pend["drawn"]) + [-1, -1]
                row[K.P_D1], row[K.P_D2], row[K.P_D3], row[K.P_D4] = len(pend["drawn"]), pend["left"], *drawn[:2]
            elif pend.get("q") == "agreement":
                row[K.P_D1] = pend["slot"]
            elif pend.get("q") == "challenge":
                row[K.P_D1] = pend["target"]
            elif pend.get("q") == "royal":
                row[K.P_D1], row[K.P_D2], row[K.P_D3] = pend["gov_seats"], pend["unc"], pend["fav_is_ol"]
            elif pend["kind"] not in ("main", "yesno", "event", "discard", "draw_bill", "propose", "select",
                                      "resolve", "order", "election", "debate_target") \
                    and not pend["kind"].startswith("eff_"):
                raise ConfigError(f"from_state: the decision {pend['kind']!r} is not covered yet")
        self._st[k] = row
        self._big[k, K.MTI] = internal[624]
        self._mt[k] = internal[:624]
        K.refresh(self._st, *self._public, k)

    @staticmethod
    def _task_entry(task: list) -> list:
        name = task[0]
        f = [0, 0] + [-1] * (K.QW - 2)
        if name in _PLAIN:
            f[K.F_CODE] = _PLAIN[name]
        elif name in _SEATED:
            f[K.F_CODE], f[K.F_ARG] = _SEATED[name], task[1]
        elif name == "eff":
            e, ctx = task[1], task[2]
            key = json.dumps(e, sort_keys=True)
            if key not in _EFFECT_ID:
                raise ConfigError(f"from_state: an effect the engine does not know: {key[:120]}")
            f[K.F_CODE], f[K.F_ARG] = K.T_EFF, _EFFECT_ID[key]
            f[K.F_ACTOR], f[K.F_MULT] = ctx["actor"], ctx.get("mult", 1)
            src = ctx.get("src")
            f[K.F_SRCK], f[K.F_SRCA] = (0, 0) if src is None else (SOURCE_KINDS.index(src[0]) + 1, src[1])
            f[K.F_OWN] = ctx.get("own", -1)
            for key, field in _CHOICES:
                f[field] = ctx.get(key, -1)
        elif name == "keep":
            drawn = list(task[2]) + [-1, -1]
            f[K.F_CODE], f[K.F_ARG], f[K.F_X1], f[K.F_X2] = K.T_KEEP, task[1], task[3], len(task[2])
            f[K.KEEP_C0], f[K.KEEP_C1] = drawn[0], drawn[1]
        elif name == "debate_cards":
            f[K.F_CODE], f[K.F_ARG], f[K.F_X2] = K.T_DEBATE_CARDS, 1 if task[2] == "pass" else 0, len(task[1])
            for j, (c, owner, side) in enumerate(task[1]):
                f[K.F_SEC + j] = K.DEBATE_IDS.index(c) * 8 + owner * 2 + K.SIDES.index(side)
        elif name == "challenge_step":
            f[K.F_CODE], f[K.F_ARG], f[K.F_X1] = K.T_CHALLENGE_STEP, _ROLE_CODE[task[1]], _ROLE_CODE[task[2]]
        else:
            raise ConfigError(f"from_state: the task {name!r} is not covered yet")
        return f

    def _game_index(self, k, what: str) -> int:
        if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or not 0 <= k < self.num_envs:
            raise ConfigError(f"{what}: game {k!r} is not an index 0..{self.num_envs - 1}")
        return int(k)

    def rng_state(self, k: int) -> tuple:
        """Game ``k``'s Mersenne Twister as ``random.Random.getstate()`` gives it."""
        return 3, tuple(self._mt[k].tolist()) + (int(self._big[k, K.MTI]),), None

    def fields(self, k: int) -> dict:
        """Game ``k``'s table in the rules state's terms (:func:`state_fields`), for comparing the two."""
        row = self._st[k].tolist()
        n = self.num_players

        def seats(at):
            return row[at:at + n]

        def pile(at, count):
            return row[at:at + count]

        out = {
            "pol": [K.POL_IDS[p] for p in seats(K.POL)], "party": seats(K.PARTY),
            "role": [ROLES[r] for r in seats(K.ROLE)], "standing": seats(K.STANDING), "favour": seats(K.FAVOUR),
            "vp": seats(K.VP), "cubes": seats(K.CUBES),
            "bill_hand": [pile(K.BHAND + s * K.BHAND_CAP, row[K.BHAND_N + s]) for s in range(n)],
            "sector_pos": [row[K.SECTORS:K.SECTORS + 8], row[K.SECTORS + 8:K.SECTORS + 16]],
            "mps": dict(zip("AMP", row[K.MPS:K.MPS + 3])), "mps_party": row[K.MPS_PARTY],
            "gov_party": row[K.GOV_PARTY],
            "decks": {name: pile(K.DECK_AT[d], row[K.DECK_N + d]) for d, name in enumerate(_DECK_NAMES)},
            "discards": {name: pile(K.DISC_AT[d], row[K.DISC_N + d]) for d, name in enumerate(_DECK_NAMES)},
            "pact": bool(row[K.PACT]), "ever_split": bool(row[K.EVER_SPLIT]), "resigned": bool(row[K.RESIGNED]),
            "marker": bool(row[K.MARKER]), "round": row[K.ROUND],
            "proposed": [row[K.PROPOSED + 2 * i:K.PROPOSED + 2 * i + 2] for i in range(row[K.NPROPOSED])],
            "revealed_ok": bool(row[K.REVEALED_OK]), "selected_count": row[K.SELECTED_COUNT],
            "careers": [{CAREER_ORDER[c]: row[K.CAREER + s * K.NCAR + c] for c in range(K.NCAR)
                         if row[K.CAREER + s * K.NCAR + c] >= 0} for s in range(n)],
            "over": bool(row[K.OVER]), "vp_version": row[K.SCORE_VERSION],
        }
        kind = row[K.P_KIND]
        out["pending"] = None if not kind else {
            "kind": PHASES[kind - 1], "player": row[K.P_PLAYER], "legal": pile(K.LEGAL, row[K.LEGN]),
            **({"q": QUESTIONS[row[K.P_Q] - 1]} if row[K.P_Q] else {})}
        seat = row[K.TURN_SEAT]
        out["turn"] = None if seat < 0 else {
            "seat": seat, "acted": bool(row[K.TURN_ACTED]), "doubled": pile(K.DOUBLED, row[K.NDOUBLED]),
            "denied": pile(K.DENIED, row[K.NDENIED])}
        out["shown"] = [pile(K.SHOWN + s * K.NSUP, row[K.SHOWN_N + s]) for s in range(n)]
        out["hand"] = [pile(K.HAND + s * K.NSUP, row[K.HAND_N + s]) for s in range(n)]
        out["event"], out["last_unc"] = row[K.EVENT], row[K.LAST_UNC]
        out["refused_agreement"] = pile(K.REFUSED, row[K.NREFUSED])
        out["passed"] = pile(K.PASSED, row[K.NPASSED])
        out["minority_by_challenge"] = bool(row[K.MINORITY_BY_CHALLENGE])
        out["lost_challenge"] = row[K.LOST_CHALLENGE]
        out["truncated"] = bool(row[K.TRUNCATED])
        out["bills"] = []
        for i in range(row[K.NBILLS]):
            base = K.BILLS + i * K.SLOT_W
            cards = row[base + 3:base + 3 + row[base + 2]]
            out["bills"].append({"bill": row[base], "adj": row[base + 1], "debate": [
                [K.DEBATE_IDS[c // 8], (c % 8) // 2, K.SIDES[c % 2]] for c in cards]})
        return out

    @staticmethod
    def _check_out(out, shape: tuple, dtype, what: str) -> None:
        # the kernels do not check bounds: a wrong buffer would be written past its end
        if not isinstance(out, np.ndarray) or out.shape != shape or out.dtype != dtype or not out.flags.c_contiguous \
                or not out.flags.writeable:
            got = f"{out.dtype}{list(out.shape)}" if isinstance(out, np.ndarray) else type(out).__name__
            raise ConfigError(f"{what}: out must be a writable C-contiguous {np.dtype(dtype)}{list(shape)} array, "
                              f"got {got}")


def state_fields(st: PrimeMinisterState) -> dict:
    """What :meth:`BatchEngine.fields` reads, from a rules state."""
    pend = st.pending
    return {
        "pol": list(st.pol), "party": list(st.party), "role": list(st.role), "standing": list(st.standing),
        "favour": list(st.favour), "vp": list(st.vp), "cubes": list(st.cubes),
        "hand": [list(h) for h in st.hand], "bill_hand": [list(h) for h in st.bill_hand],
        "sector_pos": [list(x) for x in st.sector_pos], "mps": dict(st.mps), "mps_party": st.mps_party,
        "gov_party": st.gov_party, "decks": {k: list(v) for k, v in st.decks.items()},
        "discards": {k: list(v) for k, v in st.discards.items()}, "pact": st.pact, "ever_split": st.ever_split,
        "resigned": st.resigned, "marker": st.marker, "round": st.round,
        "proposed": [list(e) for e in st.proposed],
        "bills": [{"bill": b["bill"], "adj": b["adj"], "debate": list(b["debate"])} for b in st.bills],
        "revealed_ok": st.revealed_ok, "selected_count": st.selected_count,
        "careers": [dict(c) for c in st.careers], "over": st.over, "vp_version": st.score_version,
        "pending": None if pend is None else {
            "kind": pend["kind"], "player": pend["player"], "legal": list(pend["legal"]),
            **({"q": pend["q"]} if "q" in pend else {})},
        "turn": None if st.turn is None else {
            "seat": st.turn["seat"], "acted": st.turn["acted"], "doubled": list(st.turn["doubled"]),
            "denied": list(st.turn["denied"])},
        "shown": [list(x) for x in st.shown], "event": st.event, "last_unc": st.last_unc,
        "refused_agreement": list(st.refused_agreement), "passed": list(st.passed),
        "minority_by_challenge": st.minority_by_challenge, "lost_challenge": st.lost_challenge,
        "truncated": st.truncated,
    }


__all__ = ["BatchEngine", "state_fields", "unsupported"]
