"""Prime Minister's compiled batched engine: N games of one configuration in arrays, stepped by the numba kernels of
``kernels.py``, move for move the same as the rules module (same deals from the same seeds, same movers, same legal
masks, same scores).

Covered: the standard game at 2-4 players, whole games from the seeded setup (``kernels.py``'s docstring). A game
that reaches a step not compiled stops: ``covered[k]`` turns False and its ``player[k]`` is -1 (never a wrong move).
Not registered with ``hustings.vector`` yet: until the engine also converts to and from rules states,
``make_vector("prime_minister", ...)`` runs the Python backend.
"""
from __future__ import annotations

import numpy as np

from ...errors import ConfigError
from ..components import CAREER_ORDER, DECKS, PHASES, QUESTIONS, ROLES
from ..rules import PrimeMinisterGame, PrimeMinisterState
from . import kernels as K

_DECK_NAMES = ("supporters", "events") + tuple(DECKS)


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
    interface of :class:`hustings.core.batch.PythonBatchEngine` for what is compiled so far (module docstring):
    no ``to_state`` / ``from_state`` yet.

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
