"""The one rules-vs-engine parity checker: a batched engine against the game's rules module, move for move.

A compiled engine is a second implementation of a game's rules, so it is checked against the first: the same games
are played through the engine (one batch) and through the rules module (one state each) with the same random legal
moves, and compared at every decision. :func:`play_both` is the lockstep over an engine and states already set up
(from seeds, positions, saved states or sampled worlds); :func:`compare_with_rules` sets them up from seeds or given
states and calls it. Every game's engine tests, the contract tests and the slow sweep go through these two; golden
trajectories (:func:`record_golden` / :func:`replay_golden`) carry the rules modules' play into the fast suite as
digests, so an engine is checked against recorded rules play without the rules running.

Compared at every decision: the mover (``-1`` once over), the legal mask, the mover's observation (bit for bit) and
the scores (what ``reward="score"`` pays); every ``every``-th batch step: every seat's observation, the global
observation and, with ``check_to_state``, for one game (``k`` cycling) that ``to_state(k).to_json()`` equals the rules
state's (but for ``score_version``), after which that game is loaded back with ``from_state`` and played on. At the
end: terminated, truncated, scores, returns (what ``reward="win"`` pays) and winners.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import random

import numpy as np

from .. import registry
from ..errors import ConfigError


def _difference(game, what: str, got, want) -> str:
    got, want = np.asarray(got), np.asarray(want)
    if got.shape != want.shape:
        return f"{what}: engine shape {got.shape}, rules shape {want.shape}"
    idx = np.flatnonzero(got.reshape(-1) != want.reshape(-1))
    i = int(idx[0]) if len(idx) else 0
    where = ""
    if what.startswith("observation"):
        for name, start, length, _ in game.observation_fields():
            if start <= i < start + length:
                where = f" (field {name}[{i - start}])"
    return (f"{what} differs at {len(idx)} place(s); first at index {i}{where}: engine {got.reshape(-1)[i]!r}, "
            f"rules {want.reshape(-1)[i]!r}")


def _comparable_json(state) -> dict:
    data = dict(state.to_json())
    data.pop("score_version", None)  # a change counter, not part of play
    return data


def _first_row_differing(got: np.ndarray, want: np.ndarray) -> int:
    return int(np.flatnonzero((got != want).reshape(len(got), -1).any(axis=1))[0])


def _generator(rng) -> np.random.Generator:
    if isinstance(rng, np.random.Generator):
        return rng
    if isinstance(rng, random.Random):
        return np.random.default_rng(rng.getrandbits(64))
    return np.random.default_rng(rng)


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``mask`` (0 where a row has none), from ``rng``'s uniforms."""
    keys = rng.random(mask.shape)
    keys[mask == 0] = -1.0
    return keys.argmax(axis=1).astype(np.int64)


def _check_all_views(engine, ref: list, game, check) -> None:
    """Every seat's observation and the global observation of every game."""
    games, n = len(ref), game.num_players
    obs = np.zeros((games, game.observation_size), dtype=np.float32)
    want = np.zeros_like(obs)
    for seat in range(n):
        engine.observe_seat(np.full(games, seat, dtype=np.int32), obs)
        for k, st in enumerate(ref):
            want[k] = st.observation(seat)
        if not np.array_equal(obs, want):
            k = _first_row_differing(obs, want)
            check(False, k, _difference(game, f"observation of seat {seat}", obs[k], want[k]))
    size = int(np.asarray(ref[0].global_observation()).size)
    glob = np.zeros((games, size), dtype=np.float32)
    engine.global_observation(glob)
    for k, st in enumerate(ref):
        want_world = st.global_observation()
        check(np.array_equal(glob[k], want_world), k, _difference(game, "global observation", glob[k], want_world))


def play_both(engine, states: list, rng=0, every: int = 7, check_to_state: bool = False,
              max_steps: int | None = None, max_decisions: int | None = None, origin=None) -> int:
    """Play game ``k`` of ``engine`` and the rules state ``states[k]`` (the same game: loaded or dealt alike) on with
    the same uniformly random legal moves (``rng``: a numpy ``Generator``, a ``random.Random`` or an int seed),
    comparing them as the module docstring says, until every game is over, or after ``max_steps`` batch steps or
    ``max_decisions`` decisions. ``states`` are played in place. Raises ``AssertionError`` naming the game, the
    decision and what differs (``origin(k)``: how game ``k`` started, for the message). Returns the decisions
    compared."""
    game, games = engine.game, len(states)
    rng = _generator(rng)
    ref = states
    n, size = game.num_players, game.num_actions
    mask = np.zeros((games, size), dtype=np.int8)
    obs = np.zeros((games, game.observation_size), dtype=np.float32)
    want_obs = np.zeros_like(obs)
    want_mask = np.zeros_like(mask)
    want_scores = np.zeros((games, n), dtype=np.float64)
    made = np.zeros(games, dtype=np.int64)  # decisions made so far, per game
    step = 0

    def check(ok: bool, k: int, what: str) -> None:
        if not ok:
            start = f" ({origin(k)})" if origin is not None else ""
            raise AssertionError(f"{game!r}: game {k}{start}, decision {int(made[k])}: {what}")

    want_player = np.full(games, -1, dtype=np.int32)
    live = list(range(games))  # the games not over at the last look (a finished game stays finished)
    for k, st in enumerate(ref):
        want_scores[k] = st.scores()
    while True:
        for k in live:
            st = ref[k]
            want_player[k] = -1 if st.is_terminal() else st.current_player()
            want_scores[k] = st.scores()
        for k in np.flatnonzero(engine.player != want_player).tolist():
            check(False, k, f"mover: engine {int(engine.player[k])}, rules {int(want_player[k])}")
        live = [k for k in live if want_player[k] >= 0]
        want_mask[:] = 0
        want_obs[:] = 0.0
        for k in live:
            want_mask[k] = ref[k].legal_mask()
            ref[k].observation(int(want_player[k]), out=want_obs[k])
        engine.legal_mask(mask)
        engine.observe(obs)
        if not np.array_equal(mask, want_mask):
            k = _first_row_differing(mask, want_mask)
            check(False, k, _difference(game, "legal mask", mask[k], want_mask[k]))
        if not np.array_equal(obs, want_obs):
            k = _first_row_differing(obs, want_obs)
            check(want_player[k] >= 0, k, "observation of a finished game is not all zeros")
            check(False, k, _difference(game, f"observation of the mover (seat {int(want_player[k])})", obs[k],
                                        want_obs[k]))
        if not np.array_equal(engine.scores, want_scores):
            k = _first_row_differing(engine.scores, want_scores)
            check(False, k, _difference(game, "scores", engine.scores[k], want_scores[k]))
        stop = not live or (max_steps is not None and step >= max_steps) or \
            (max_decisions is not None and int(made.sum()) >= max_decisions)
        if step % every == 0 or stop:
            _check_all_views(engine, ref, game, check)
            if check_to_state and live:
                k = live[(step // every) % len(live)]
                got = _comparable_json(engine.to_state(k))
                want = _comparable_json(ref[k])
                bad = sorted(key for key in set(got) | set(want) if got.get(key) != want.get(key))
                check(not bad, k, f"to_state(k).to_json() differs from the rules state's in {bad}")
                engine.from_state(k, ref[k].clone())
        if stop:
            break
        actions = random_legal(want_mask, rng)
        engine.apply(actions)
        for k in live:
            ref[k].apply_unchecked(int(actions[k]))
        made[live] += 1
        step += 1
    for k, st in enumerate(ref):
        if not st.is_terminal():
            continue
        check(bool(engine.truncated[k]) == bool(st.truncated), k,
              f"truncated: engine {bool(engine.truncated[k])}, rules {bool(st.truncated)}")
        check(bool(engine.terminated[k]) == (not st.truncated), k,
              f"terminated: engine {bool(engine.terminated[k])}, rules {not st.truncated}")
        check(np.array_equal(engine.returns[k], np.array(st.returns(), dtype=np.float64)), k,
              _difference(game, "returns", engine.returns[k], st.returns()))
        won = np.zeros(n, dtype=bool)
        won[st.winners()] = True
        check(np.array_equal(engine.winners[k], won), k, _difference(game, "winners", engine.winners[k], won))
    return int(made.sum())


def compare_with_rules(engine_cls, game, games: int = 100, seed: int = 0, every: int = 25, states: list | None = None,
                       check_to_state: bool = True) -> dict:
    """Play ``games`` random games through ``engine_cls(game, games)`` (one batch) and through the rules module (one
    state each) side by side with :func:`play_both`, to the end.

    ``game`` is a rules :class:`~hustings.core.rules.Game` (or a game name, at its default size). The games start
    from :func:`hustings.vector.episode_seed` (``seed``, ``k``, 0), or from ``states`` (rules states, loaded with
    ``from_state``: positions, saved states). Actions are uniformly random legal ones from
    ``numpy.random.default_rng(seed)``. Returns ``{"games": ..., "decisions": ...}``."""
    from ..vector import episode_seeds

    if isinstance(game, str):
        game = registry.make_game(game)
    engine = engine_cls(game, games)
    seeds = episode_seeds(seed, np.arange(games), np.zeros(games, dtype=np.int64))
    engine.reset(seeds)
    if states is None:
        ref = [game.new_initial_state(seed=int(s)) for s in seeds]
    else:
        if len(states) != games:
            raise ConfigError(f"compare_with_rules: {len(states)} states for games={games}; expected one per game")
        ref = [st.clone() for st in states]
        for k, st in enumerate(states):
            engine.from_state(k, st.clone())
    for st in ref:
        st.record_events = False
    origin = (lambda k: f"seed {int(seeds[k])}") if states is None else (lambda k: "a given state")
    decisions = play_both(engine, ref, np.random.default_rng(seed), every=every, check_to_state=check_to_state,
                          origin=origin)
    return {"games": games, "decisions": decisions}


# --- golden trajectories -----------------------------------------------------------------------------------------
def _digest(*arrays) -> str:
    h = hashlib.sha256()
    for a in arrays:
        a = np.ascontiguousarray(a)
        h.update(str(a.dtype).encode())
        h.update(a.tobytes())
    return h.hexdigest()[:16]


def record_golden(game_name: str, num_players: int, seeds: list[int], options: dict | None = None,
                  action_seed: int = 0) -> dict:
    """Play one random game per seed through the rules module alone and record, per decision, the action and a
    digest of (mover, legal mask, mover's observation, scores); at the end the returns. The engines replay these in
    the fast suite (:func:`replay_golden`) with no rules module in the loop."""
    game = registry.make_game(game_name, num_players, options or {})
    rng = np.random.default_rng(action_seed)
    out = {"game": registry.info(game_name).name, "num_players": num_players, "options": options or {},
           "trajectories": []}
    for seed in seeds:
        st = game.new_initial_state(seed=int(seed))
        st.record_events = False
        actions, digests = [], []
        while not st.is_terminal():
            p = st.current_player()
            mask = np.asarray(st.legal_mask(), dtype=np.int8)
            digests.append(_digest(np.array([p], np.int32), mask, st.observation(p),
                                   np.asarray(st.scores(), dtype=np.float64)))
            a = int(random_legal(mask[None, :], rng)[0])
            actions.append(a)
            st.apply_unchecked(a)
        out["trajectories"].append({"seed": int(seed), "actions": actions, "digests": digests,
                                    "returns": [float(x) for x in st.returns()], "truncated": bool(st.truncated)})
    return out


def replay_golden(engine_cls, golden: dict) -> int:
    """Replay recorded trajectories (:func:`record_golden`) through a batched engine, all games in one batch, and
    check every decision's digest and the final returns; returns the decisions checked."""
    game = registry.make_game(golden["game"], golden["num_players"], golden["options"])
    runs = golden["trajectories"]
    engine = engine_cls(game, len(runs))
    engine.reset(np.array([r["seed"] for r in runs], dtype=np.int64))
    mask = np.zeros((len(runs), game.num_actions), dtype=np.int8)
    obs = np.zeros((len(runs), game.observation_size), dtype=np.float32)
    actions = np.zeros(len(runs), dtype=np.int64)
    step, checked = 0, 0
    while True:
        live = [k for k, r in enumerate(runs) if step < len(r["actions"])]
        for k, r in enumerate(runs):
            if step == len(r["actions"]):
                assert engine.player[k] == -1, f"{golden['game']}: seed {r['seed']}: the game goes on after the " \
                                               f"recorded end (decision {step})"
                assert engine.returns[k].tolist() == r["returns"] and bool(engine.truncated[k]) == r["truncated"], \
                    f"{golden['game']}: seed {r['seed']}: returns {engine.returns[k].tolist()}, recorded {r['returns']}"
        if not live:
            break
        engine.legal_mask(mask)
        engine.observe(obs)
        for k in live:
            r = runs[k]
            p = int(engine.player[k])
            got = _digest(np.array([p], np.int32), mask[k], obs[k], engine.scores[k].astype(np.float64))
            assert got == r["digests"][step], f"{golden['game']}: seed {r['seed']}: decision {step} differs from the " \
                                              f"recorded rules play (mover, mask, observation or scores)"
            actions[k] = r["actions"][step]
            checked += 1
        engine.apply(actions)
        step += 1
    return checked


def write_golden(path: str, golden: dict) -> None:
    """Write ``golden`` as gzipped JSON (fixed mtime, so the same play writes the same bytes)."""
    with open(path, "wb") as f, gzip.GzipFile(fileobj=f, mode="wb", mtime=0) as z:
        z.write(json.dumps(golden, separators=(",", ":")).encode())


def read_golden(path: str) -> dict:
    """The golden trajectories written by :func:`write_golden`."""
    with gzip.open(path, "rb") as f:
        return json.loads(f.read())
