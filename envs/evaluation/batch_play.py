"""Tournament games played in batches: many games in one compiled engine, the bots moving for all of them at once.

``hustings evaluate`` and ``hustings benchmark`` play their games through the rules module, one game and one move at
a time (:func:`hustings.evaluation.evaluate.play_rotation`). Where a game has a compiled batched engine
(:mod:`hustings.vector`), numba is installed and every bot of a line-up has a batched form, :func:`play` plays the
same games (a list of ``(deal seed, rotation)`` tasks) a few hundred at a time in one engine, and returns for each
exactly the dict ``play_rotation`` returns (``seed``, ``seats``, ``winners``, ``scores``, ``truncated``):

* ``random`` and ``heuristic`` are the game's compiled scripted bots (``hustings.<game>.engine.BatchBots``, move for move
  the Python bots, their random streams included), one call for every game whose mover they play;
* a trained net (``shipped:GAME`` / ``shipped-net:GAME`` where it is the net, a ``policy.npz``, a checkpoint: every
  ``("policy", ...)`` recipe of :func:`hustings.bots.spec.resolve`, which plays the argmax of its masked logits)
  moves by one forward pass over all the games whose mover it is.

Bots of other kinds (searches, ``.onnx`` files, ``module:factory`` and text agents) keep the rules-module path;
:func:`why_not` says why a line-up does not batch.

Same games. Game ``k`` of a task ``(seed, r)`` is dealt by ``engine.reset`` from ``seed``, which deals what
``game.new_initial_state(seed=seed)`` deals (the engines keep the rules' Mersenne Twister); bot ``b`` sits in seat
``(b + r) % n`` and a scripted bot is seeded ``seed * 1009 + r * 31 + b``, as in ``play_rotation``. A net's logits
come from a matrix product over many observations, whose float32 sums may round differently in the last bits from
the one-row product ``PolicyBot`` computes, and could in principle flip an argmax between two nearly equal logits:
wherever the two best legal logits are closer than :data:`TIE` (far above any such rounding), that game's move is
computed again with the one-row product, exactly as ``PolicyBot`` computes it. Measured on the shipped nets of the
three games at 3 and 4 players (2,000 games each, some 900,000 net moves): the two products differed by at most
3e-5 in a logit, two best logits came as close as 1.4e-5, no argmax flipped even without the check, and the check
recomputed about one move in 2,000. The tests play thousands of games both ways and compare every result.
"""
from __future__ import annotations

import time

import numpy as np

from hustings import registry
from hustings.bots.policy import NumpyPolicy
from hustings.errors import CheckpointError, ConfigError

#: Games played at once in one engine (a worker's batch): large enough that the per-step Python overhead is spread
#: thin, small enough that the last games of a batch (played while the others are done) cost little.
BATCH = 512
#: Logit gap below which a net's batched argmax is checked against the one-row product (see the module docstring).
TIE = 1e-3
#: Seeds the compiled engines and bots take (int64); others keep the rules-module path.
MAX_SEED = 2**63 - 1


def compiled_bots(game: str):
    """The ``BatchBots`` class of ``game``'s compiled scripted bots (exported by its compiled engine package,
    :func:`hustings.engine.engine_module`), or ``None`` (no compiled engine, or numba missing)."""
    from hustings.engine import engine_module

    module = engine_module(game)
    return None if module is None else module.BatchBots


def _label(recipe: tuple) -> str:
    return recipe[3] if recipe[0] == "policy" else recipe[1] if len(recipe) > 1 else recipe[0]


def why_not(game_name: str, game, recipes: list[tuple]) -> str | None:
    """``None`` when the line-up ``recipes`` (of :func:`hustings.bots.spec.resolve`) can play rules ``game`` of
    ``game_name`` in batches (:func:`play`); else why not (one line)."""
    from hustings.vector import engine_class

    bots = compiled_bots(game_name)
    if bots is None:
        return f"{registry.info(game_name).name} has no compiled engine and bots here (or numba is missing)"
    for r in recipes:
        if r[0] == "scripted" and r[1] not in bots.names:
            return f"no compiled version of the scripted bot {r[1]!r}"
        if r[0] not in ("scripted", "policy"):
            return f"{_label(r)} ({r[0]}) plays through the rules module"
    try:
        engine_class(game_name, "compiled")(game, 1)
    except ConfigError as exc:  # an option the compiled engine does not cover
        return str(exc)
    return None


def seeds_fit(tasks) -> bool:
    """Whether every deal seed and bot seed of ``tasks`` (``(seed, rotation, ...)``) fits the compiled engine."""
    return all(abs(int(t[0]) * 1009) + int(t[1]) * 31 + 64 <= MAX_SEED for t in tasks)


def _dense_kernel():
    """The compiled ``x @ w + b`` (float32, one thread; numba is there wherever the compiled engines are): NumPy's
    BLAS may spread a product over busy cores at a large cost (several times slower on two loaded cores), and the
    observations are mostly zeros, which the loop skips."""
    global _DENSE
    if _DENSE is None:
        from numba import njit

        @njit(cache=True)
        def dense(x, w, b, out):
            rows, k_in = x.shape
            k_out = w.shape[1]
            for i in range(rows):
                for j in range(k_out):
                    out[i, j] = b[j]
                for k in range(k_in):
                    v = x[i, k]
                    if v != 0:
                        for j in range(k_out):
                            out[i, j] += v * w[k, j]

        _DENSE = dense
    return _DENSE


_DENSE = None


def batch_logits(policy: NumpyPolicy, obs: np.ndarray) -> np.ndarray:
    """``policy.logits(obs)`` for a batch of observations (float32 ``[rows, observation_size]``) with the compiled
    product of :func:`_dense_kernel`; the same values as NumPy's up to float32 rounding."""
    dense = _dense_kernel()
    x = np.ascontiguousarray(obs, dtype=np.float32)
    last = len(policy.layers) - 1
    for i, (w, b) in enumerate(policy.layers):
        y = np.empty((len(x), w.shape[1]), dtype=np.float32)
        dense(x, w, b, y)
        x = (np.tanh(y) if policy.activation == "tanh" else np.maximum(y, 0.0)) if i < last else y
    return x


class _Player:
    """The bots of the line-ups over ``num_envs`` rows of one engine: per (line-up, bot) a compiled kind or a net."""

    def __init__(self, game_name: str, game, lineups: list[list[tuple]], num_envs: int):
        from hustings.vector import engine_class

        self.game = game
        self.n = n = game.num_players
        self.engine = engine_class(game_name, "compiled")(game, num_envs)
        cls = compiled_bots(game_name)
        self.bots = cls(game, num_envs)
        self.policies: list[NumpyPolicy] = []
        self.labels: list[str] = []
        handles: dict[int, int] = {}  # id of a recipe's arrays -> its policy (the same net: one forward pass)
        kinds, owner = [], []
        for lineup in lineups:
            if len(lineup) != n:
                raise ValueError(f"{len(lineup)} bots for {n} seats")
            for r in lineup:
                if r[0] == "scripted":
                    kinds.append(cls.names.index(r[1]))
                    owner.append(-1)
                    continue
                key = id(r[1])
                if key not in handles:
                    handles[key] = len(self.policies)
                    self.policies.append(NumpyPolicy.from_arrays(r[1], r[2]))
                    self.labels.append(r[3])
                kinds.append(-1)
                owner.append(handles[key])
        self.kind_of = np.array(kinds, dtype=np.int8)  # per global bot (line-up * n + bot)
        self.policy_of = np.array(owner, dtype=np.int64)
        N = num_envs
        self.obs = np.zeros((N, game.observation_size), dtype=np.float32)
        self.mask = np.zeros((N, game.num_actions), dtype=np.int8)
        self.out = np.zeros(N, dtype=np.int64)
        self.bot_at = np.zeros((N, n), dtype=np.int64)  # the global bot in each seat of each row
        self.rows = np.arange(N)

    def start(self, rows: list[int], tasks: list[tuple]) -> None:
        """Start task ``tasks[i]`` = ``(seed, rotation, line-up)`` in row ``rows[i]``: its deal, its seating and its
        scripted bots' seeds, as ``play_rotation`` does."""
        n = self.n
        env_rows, seats, seeds = [], [], []
        for k, (seed, r, lineup) in zip(rows, tasks):
            for b in range(n):
                s = (b + r) % n
                self.bot_at[k, s] = lineup * n + b
                if self.kind_of[lineup * n + b] >= 0:
                    env_rows.append(k)
                    seats.append(s)
                    seeds.append(seed * 1009 + r * 31 + b)
        self.engine.reset(np.array([t[0] for t in tasks], dtype=np.int64), np.asarray(rows, dtype=np.int64))
        if env_rows:
            self.bots.seed(env_rows, seats, seeds)

    def step(self) -> None:
        """One move in every game still playing."""
        eng = self.engine
        player = eng.player
        eng.observe(self.obs)
        eng.legal_mask(self.mask)
        live = player >= 0
        who = self.bot_at[self.rows, np.where(live, player, 0)]
        out = self.out
        kinds = np.where(live, self.kind_of[who], -1).astype(np.int8)
        if (kinds >= 0).any():
            self.bots.act(kinds, player, self.obs, self.mask, out)
        nets = np.where(live, self.policy_of[who], -1)
        for h in range(len(self.policies)):
            rows = np.flatnonzero(nets == h)
            if len(rows):
                out[rows] = self._net_moves(h, rows)
        eng.apply(out)

    def _net_moves(self, h: int, rows: np.ndarray) -> np.ndarray:
        """Net ``h``'s moves in games ``rows``: the argmax of its masked logits, one forward pass for all of them;
        near ties (gap below :data:`TIE`) computed again one row at a time, as ``PolicyBot`` does."""
        policy = self.policies[h]
        obs = self.obs[rows]
        mask = self.mask[rows]
        logits = batch_logits(policy, obs).astype(np.float64)
        legal = mask != 0
        if not np.isfinite(logits[legal]).all():
            raise CheckpointError(f"{self.labels[h]}: the policy's outputs are not finite (inf or NaN) for this "
                                  f"observation: its weights overflow; expected a trained policy whose outputs stay "
                                  f"finite")
        logits[~legal] = -np.inf
        best = np.argmax(logits, axis=1)
        top = logits[np.arange(len(rows)), best]
        logits[np.arange(len(rows)), best] = -np.inf
        second = logits.max(axis=1)
        close = np.flatnonzero(top - second <= TIE * np.maximum(1.0, np.abs(top)))
        for i in close.tolist():
            best[i] = policy.act(np.array(obs[i]), mask[i])
        return best


def play(game_name: str, game, recipes: list[tuple] | list[list[tuple]], tasks: list[tuple],
         batch: int = BATCH, on_games=None) -> list[dict]:
    """Play ``tasks`` in batches of up to ``batch`` games in one engine; one result per task, in task order, each
    the dict :func:`hustings.evaluation.evaluate.play_rotation` returns for it.

    ``recipes`` is one line-up (bot ``b``'s recipe at ``recipes[b]``) and the tasks ``(deal seed, rotation)``; or a
    list of line-ups and the tasks ``(deal seed, rotation, line-up index)``. A game that ends makes room for the next
    task at once; ``on_games(k)`` is told each time ``k`` more games have finished. Check the line-ups with
    :func:`why_not` first."""
    if not tasks:
        return []
    lineups = recipes if isinstance(recipes[0], list) else [recipes]
    tasks = [(int(t[0]), int(t[1]), int(t[2]) if len(t) > 2 else 0) for t in tasks]
    N = max(1, min(int(batch), len(tasks)))
    p = _Player(game_name, game, lineups, N)
    n = p.n
    eng = p.engine
    results: list[dict | None] = [None] * len(tasks)
    task_of = np.full(N, -1, dtype=np.int64)
    nxt = 0

    def fill(rows: list[int]) -> None:
        nonlocal nxt
        take = rows[:len(tasks) - nxt]
        if take:
            p.start(take, tasks[nxt:nxt + len(take)])
            task_of[take] = np.arange(nxt, nxt + len(take))
            nxt += len(take)
        task_of[rows[len(take):]] = -1

    fill(list(range(N)))
    while True:
        ended = np.flatnonzero((task_of >= 0) & (eng.player < 0))
        if len(ended):
            for k in ended.tolist():
                seed, r, _ = tasks[task_of[k]]
                seat_of = [(b + r) % n for b in range(n)]
                winners = np.flatnonzero(eng.winners[k]).tolist()
                results[task_of[k]] = {"seed": seed, "seats": seat_of, "winners": [seat_of.index(w) for w in winners],
                                       "scores": [float(eng.scores[k, s]) for s in seat_of],
                                       "truncated": bool(eng.truncated[k])}
            if on_games is not None:
                on_games(len(ended))
            fill(ended.tolist())
            continue
        if not (task_of >= 0).any():
            break
        p.step()
    return results  # type: ignore[return-value]


def seconds_per_game(game_name: str, game, recipes: list[tuple], tasks: list[tuple], games: int = 64) -> float:
    """What a game of line-up ``recipes`` costs in batches, measured now on the first ``games`` of ``tasks`` (a batch
    that small costs a little more per game than a full one)."""
    some = tasks[:games]
    play(game_name, game, recipes, some[:1])  # untimed: the engine's first use
    t0 = time.perf_counter()
    play(game_name, game, recipes, some)
    return (time.perf_counter() - t0) / max(1, len(some))
