"""Tournaments between bots: ``hustings evaluate GAME --players N --bots SPEC [SPEC ...] --games K [--json OUT]``.

A SPEC is a scripted bot's name (``random``, ``heuristic``, ...), a shipped bot (``shipped:democracy``, its net;
``shipped-search:GAME`` the searching variant at the sizes that have one), a search bot (``ismcts``,
``pimc``, with options), the path
of a checkpoint or policy file written by ``hustings train`` (``runs/<game>/checkpoint.pt``, ``policy.pt``,
``policy.npz``), or an exported ``.onnx`` policy; give one SPEC per seat, or one SPEC to fill every seat.

Variance reduction: games come in *duplicate sets*. Each set is one deal (one seed, which fixes every shuffle of
the game) played ``n`` times, the bots rotated one seat further each time, so every bot plays every seat of every
deal. Sets run in parallel worker processes (default: one per CPU core).

Where every bot has a batched form (``random``, ``heuristic``, trained nets: ``shipped:GAME``, ``policy.npz``,
checkpoints), the game has a compiled engine and numba is installed (the ``fast`` extra), the games are played a few
hundred at a time in the compiled engine (:mod:`hustings.evaluation.batch_play`), each worker a batch: the same games,
game for game, as through the rules module, many times faster. ``--records`` and ``--no-batch`` keep the rules-module
path, as does any other bot in the line-up.

Reported per bot: games, win rate (a shared win counts 1/k for each of the k winners; truncated games count 0),
mean score (the game's own score: tribes, VP, ...), a 95% Wilson interval of the win rate, and a rating from all
pairwise results (a Bradley-Terry fit on the Elo scale, 1000 = the average bot). Duplicate games are not independent
(that is the point), so the Wilson interval, which assumes they are, is on the cautious side.

Fewer games: ``--variance-reduction`` also reports every bot's win share corrected by control variates
(:mod:`hustings.evaluation.variance`: the luck of each deal, draw and random move measured by a fixed value estimate
and taken out; the same expected value, a narrower interval over deal packs) with the effective-games multiplier and
the estimate's digest (JSON key ``variance_reduction``); ``--until-significant MARGIN`` plays deal packs until the
subject's always-valid interval (:mod:`hustings.evaluation.sequential`) lies beyond the fair share +- MARGIN, or
``--games`` are played. Both play through the rules module.

    python -m hustings.evaluation.evaluate democracy --players 4 --bots heuristic random random random --games 400
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import signal
import sys
import threading
import time
from contextlib import contextmanager

import hustings
from hustings.play import records
from hustings.bots import spec as specs
from hustings.core.files import atomic_write
from hustings.core.match import play_game
from hustings.core.yamlio import parse_options  # noqa: F401  (re-exported)
from hustings.play.records import Recorder

FAIR = "fair share"
# SPECs become bots in one place, hustings.bots.spec; these names stay for the callers of this module.
SHIPPED, SHIPPED_NET = specs.SHIPPED, specs.SHIPPED_NET
resolve_specs, bot_names = specs.resolve, specs.bot_names


def build_bot(game_name: str, recipe: tuple, seed: int | None = None, game=None):
    """A bot from a recipe of :func:`hustings.bots.spec.resolve` for ``game`` (a rules ``Game``, where known).
    Every bot this module plays is built here (a caller may replace it: ``tools/ceiling.py`` does)."""
    return specs.build(game_name, recipe, seed=seed, game=game)


# --- playing (in worker processes) ------------------------------------------------------------------------------
_WORKER: dict = {}


def quiet_worker() -> None:
    """In a pool worker: leave Ctrl-C to the main process (which stops the pool and says so in one line, instead
    of a traceback from every worker) and die at once on SIGTERM (``Pool.terminate``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


@contextmanager
def sigterm_stops():
    """In the main process while a pool runs: SIGTERM raises ``KeyboardInterrupt``, so that the pool is terminated
    with its workers (by ``with Pool(...)``) and the command ends as on Ctrl-C. A no-op outside the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _init_worker(game_name: str, num_players: int, game_options: dict, recipes: list[tuple],
                 names: list[str] | None = None, worker: bool = False) -> None:
    if worker:
        quiet_worker()
    _WORKER["game"] = game = hustings.registry.make_game(game_name, num_players, game_options)
    _WORKER["bots"] = [build_bot(game_name, r, game=game) for r in recipes]
    _WORKER["names"] = names  # set: keep a game record of every game


def play_rotation(game, bots: list, seed: int, rotation: int, names: list[str] | None = None) -> dict:
    """Rotation ``rotation`` of deal ``seed``: one game, bot ``b`` in seat ``(b + rotation) % n``; its result (with
    its record when ``names``, the bots' names, is given). Bot seeds are fixed per (deal, rotation, bot), so every
    run, in any process and any order, plays the same game."""
    n = game.num_players
    seat_of = [(b + rotation) % n for b in range(n)]
    by_seat = [None] * n
    for b, s in enumerate(seat_of):
        by_seat[s] = bots[b]
    recorder = Recorder(game, seed, players=[names[seat_of.index(s)] for s in range(n)]) if names else None
    bot_seeds = [seed * 1009 + rotation * 31 + seat_of.index(s) for s in range(n)]
    state = play_game(game, by_seat, seed=seed, bot_seeds=bot_seeds,
                      on_action=None if recorder is None else (lambda st, p, a: recorder.add(p, a)))
    winners = state.winners()
    scores = state.scores()
    out = {"seed": seed, "seats": seat_of, "winners": [seat_of.index(w) for w in winners],
           "scores": [float(scores[s]) for s in seat_of], "truncated": bool(state.truncated)}
    if recorder is not None:
        out["record"] = recorder.record(state)
    return out


def duplicate_set(game, bots: list, seed: int, rotations: int, names: list[str] | None = None) -> list[dict]:
    """One duplicate set: deal ``seed`` played ``rotations`` times by ``bots`` (bot ``b`` in seat ``(b + r) % n`` in
    rotation ``r``); one result per game (with its record when ``names``, the bots' names, is given)."""
    return [play_rotation(game, bots, seed, r, names) for r in range(rotations)]


def _play_set(task: tuple[int, int]) -> list[dict]:
    seed, rotations = task
    return duplicate_set(_WORKER["game"], _WORKER["bots"], seed, rotations, _WORKER.get("names"))


def _play_game(task: tuple[int, int]) -> dict:
    seed, rotation = task
    return play_rotation(_WORKER["game"], _WORKER["bots"], seed, rotation, _WORKER.get("names"))


def _init_pack_worker(game_name: str, num_players: int, game_options: dict, recipes: list[tuple],
                      vr_options: dict | None, worker: bool = False) -> None:
    _init_worker(game_name, num_players, game_options, recipes, None, worker)
    if vr_options is not None:
        from .variance import Estimator

        _WORKER["estimator"] = Estimator(game_name, _WORKER["game"], recipes, vr_options)
    else:
        _WORKER.pop("estimator", None)


def _play_pack(seed: int) -> list[dict]:
    """One deal pack (deal ``seed``, every rotation): plain games, or with their correction terms
    (:meth:`hustings.evaluation.variance.Estimator.play`, the same games) where a value estimate is set."""
    game, bots = _WORKER["game"], _WORKER["bots"]
    est = _WORKER.get("estimator")
    n = game.num_players
    if est is None:
        return duplicate_set(game, bots, seed, n)
    return [est.play(bots, seed, r) for r in range(n)]


def _init_batch_worker(game_name: str, num_players: int, game_options: dict, recipes: list[tuple], done) -> None:
    quiet_worker()
    _WORKER.update(game_name=game_name, game=hustings.registry.make_game(game_name, num_players, game_options),
                   recipes=recipes, done=done)


def _play_batch(tasks: list[tuple[int, int]]) -> list[dict]:
    """In a worker: ``tasks`` played in batches (:func:`hustings.evaluation.batch_play.play`); the games finished are
    counted in the shared ``done`` as they finish (the main process moves the progress bar by it)."""
    from . import batch_play

    done = _WORKER["done"]

    def count(k: int) -> None:
        with done.get_lock():
            done.value += k

    return batch_play.play(_WORKER["game_name"], _WORKER["game"], _WORKER["recipes"], tasks, on_games=count)


def batch_reason(game_name: str, game, recipes: list[tuple], tasks: list[tuple] | None = None) -> str | None:
    """``None`` when these bots can play ``tasks`` in batches in the game's compiled engine
    (:mod:`hustings.evaluation.batch_play`); else why not (one line)."""
    try:
        from . import batch_play
    except ImportError as exc:  # pragma: no cover - a broken install
        return str(exc)
    why = batch_play.why_not(game_name, game, recipes)
    if why is None and tasks is not None and not batch_play.seeds_fit(tasks):
        why = "seeds beyond 64 bits"
    return why


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or SIGTERM) stopped a tournament: ``played`` of ``total`` games were played (and are lost)."""

    def __init__(self, played: int, total: int):
        super().__init__(f"interrupted after {played} of {total} games")
        self.played, self.total = played, total


# --- how long it will take --------------------------------------------------------------------------------------
def time_bots(game_name: str, game, recipes: dict[str, tuple], positions: int = 6, seed: int = 0) -> dict:
    """What games of these bots cost, measured here and now: one game of ``heuristic`` bots (``random`` where the
    game has no heuristic; its seconds and decisions), then each bot's seconds per move (``recipes``: SPEC -> recipe) over ``positions`` states spread over
    that game, after one untimed move (first-call costs). Text agents are not asked (a language model's reply may
    cost money) and count as free. Returns ``{"game_seconds", "decisions", "per_move": {SPEC: seconds}}``."""
    bots_of = hustings.registry.info(game_name).bots
    make = next((bots_of[k] for k in ("heuristic", "random") if k in bots_of), next(iter(bots_of.values())))
    n = game.num_players
    seen: list = []
    play_game(game, [make(seed=seed + p) for p in range(n)], seed=seed,
              on_action=lambda st, p, a: seen.append(st.clone()))
    t0 = time.perf_counter()
    play_game(game, [make(seed=seed + p) for p in range(n)], seed=seed)
    base = time.perf_counter() - t0
    picks = [seen[round(i * (len(seen) - 1) / max(1, positions - 1))] for i in range(min(positions, len(seen)))]
    per_move = {}
    for spec, recipe in recipes.items():
        if recipe[0] == "text" or not picks:
            per_move[spec] = 0.0
            continue
        bot = build_bot(game_name, recipe, seed=seed, game=game)
        bot.reset(seed)
        work = [st.clone() for st in picks]
        bot.act(picks[0].clone(), picks[0].current_player())  # untimed: imports, compiled kernels, sessions
        t0 = time.perf_counter()
        for st in work:
            bot.act(st, st.current_player())
        per_move[spec] = (time.perf_counter() - t0) / len(work)
    return {"game_seconds": base, "decisions": len(seen), "per_move": per_move}


def game_seconds(timing: dict, lineup: list[str]) -> float:
    """The expected seconds of one game with SPEC ``lineup[p]`` in seat ``p``, from :func:`time_bots`."""
    share = timing["decisions"] / max(1, len(lineup))
    return timing["game_seconds"] + share * sum(timing["per_move"][s] for s in lineup)


def parallel_workers(workers: int) -> int:
    """How many of ``workers`` processes run at once: at most one per CPU core."""
    return max(1, min(workers, os.cpu_count() or 1))


def duration(seconds: float) -> str:
    """``seconds`` for people: ``"12 s"``, ``"3 min 20 s"``, ``"1 h 05 min"``."""
    s = max(1, round(seconds))
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60} min {s % 60:02d} s"
    return f"{s // 3600} h {(s % 3600) // 60:02d} min"


# --- statistics -------------------------------------------------------------------------------------------------
def wilson(p: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    """95% Wilson score interval of a proportion ``p`` over ``n`` trials."""
    if n == 0:
        return (0.0, 1.0)
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def ratings(games: list[dict], m: int, iters: int = 200) -> list[float]:
    """Bradley-Terry strengths from pairwise results (win share, then score, decides), on the Elo scale.

    Each game gives every pair of bots a result: 1, 1/2 or 0. One virtual draw per pair keeps ratings finite.
    Fitted by the standard MM iteration; the mean rating is 1000.
    """
    wins = [[0.5] * m for _ in range(m)]  # the virtual draw
    count = [[1.0] * m for _ in range(m)]
    for g in games:
        share = [0.0] * m
        for w in g["winners"]:
            share[w] = 1.0 / len(g["winners"])
        key = [(share[b], g["scores"][b]) for b in range(m)]
        for i in range(m):
            for j in range(i + 1, m):
                res = 1.0 if key[i] > key[j] else 0.0 if key[i] < key[j] else 0.5
                wins[i][j] += res
                wins[j][i] += 1 - res
                count[i][j] += 1
                count[j][i] += 1
    strength = [1.0] * m
    for _ in range(iters):
        new = []
        for i in range(m):
            total_w = sum(wins[i][j] for j in range(m) if j != i)
            denom = sum(count[i][j] / (strength[i] + strength[j]) for j in range(m) if j != i)
            new.append(total_w / denom if denom > 0 else strength[i])
        g = math.exp(sum(math.log(s) for s in new) / m)
        strength = [s / g for s in new]
    return [1000.0 + 400.0 * math.log10(s) for s in strength]


def summarise(names: list[str], games: list[dict], num_players: int) -> dict:
    """The tournament's summary from its games: per bot games, win rate, Wilson interval, mean score, rating and
    win rate by seat."""
    m = len(names)
    n = len(games)
    result = {"games": n, "num_players": num_players, "fair_share": 1.0 / num_players,
              "truncated": sum(g["truncated"] for g in games), "bots": {}}
    elo = ratings(games, m) if n else [1000.0] * m
    for b, name in enumerate(names):
        share = sum(1.0 / len(g["winners"]) for g in games if b in g["winners"])
        rate = share / n if n else 0.0
        lo, hi = wilson(rate, n)
        result["bots"][name] = {
            "games": n, "win_rate": rate, "ci95": [lo, hi],
            "mean_score": (sum(g["scores"][b] for g in games) / n) if n else 0.0,
            "rating": elo[b],
            "seat_win_rate": [
                (sum(1.0 / len(g["winners"]) for g in games if g["seats"][b] == s and b in g["winners"])
                 / max(1, sum(1 for g in games if g["seats"][b] == s))) for s in range(num_players)],
        }
    return result


def markdown(result: dict, title: str | None = None) -> str:
    """The summary of :func:`tournament` as a Markdown table, best rating first."""
    fair = result["fair_share"]
    lines = []
    if title:
        lines += [f"### {title}", ""]
    lines += [f"{result['games']} games, {result['num_players']} players (fair share {fair:.3f}); "
              f"{result['truncated']} truncated.", "",
              "| bot | games | win rate | 95% CI | vs fair share | mean score | rating |",
              "|---|---:|---:|---|---|---:|---:|"]
    for name, r in sorted(result["bots"].items(), key=lambda kv: -kv[1]["rating"]):
        lo, hi = r["ci95"]
        verdict = "above" if lo > fair else "below" if hi < fair else "within CI"
        lines.append(f"| {name} | {r['games']} | {r['win_rate']:.3f} | [{lo:.3f}, {hi:.3f}] | {verdict} | "
                     f"{r['mean_score']:.2f} | {r['rating']:.0f} |")
    vr = result.get("variance_reduction")
    if vr:
        o = vr["estimator"]["options"]
        lines += ["", f"Variance reduction over {vr['packs']} deal packs (value estimate "
                  f"{vr['estimator']['digest'][:12]}: "
                  f"{o['rollouts']} {o['policy']} playout(s) per value, horizon {o['horizon'] or 'the end'}, "
                  f"{o['alternatives']} other draws per chance step; {vr['terms']['chance']} chance and "
                  f"{vr['terms']['decisions']} decision terms):", "",
                  "| bot | raw win share | 95% CI | corrected win share | 95% CI | multiplier | vs independent games |",
                  "|---|---:|---|---:|---|---:|---:|"]
        for name, r in vr["bots"].items():
            (a, b), (c, d) = r["raw_ci95"], r["corrected_ci95"]
            lines.append(f"| {name} | {r['raw_win_share']:.3f} | [{a:.3f}, {b:.3f}] | {r['corrected_win_share']:.3f} | "
                         f"[{c:.3f}, {d:.3f}] | {r['multiplier']:.1f} | {r['multiplier_vs_independent_games']:.1f} |")
    stop = result.get("until_significant")
    if stop:
        lo, hi = stop["cs95"]
        lines += ["", f"Stopping rule (margin {stop['margin']}): "
                  + (f"stopped after {stop['packs']} of {stop['cap_packs']} packs, the subject's always-valid 95% "
                     f"interval [{lo:.3f}, {hi:.3f}] lying {stop['verdict']} the fair share +- {stop['margin']}."
                     if stop["verdict"] else
                     f"no verdict after all {stop['packs']} packs (the cap); always-valid 95% interval "
                     f"[{lo:.3f}, {hi:.3f}].")]
    return "\n".join(lines) + "\n"


def verdict(name: str, r: dict, fair: float, num_players: int) -> str:
    """One bot's result in words: its win share with the 95% interval, against the fair share."""
    lo, hi = r["ci95"]
    if lo > fair:
        where = "above the fair share: it beats this table"
    elif hi < fair:
        where = "below the fair share: this table beats it"
    else:
        where = ("the interval holds the fair share: no clear difference at this many games (more games narrow "
                 "the interval)")
    return (f"{name} won {100 * r['win_rate']:.1f}% of {r['games']} games (95% interval {100 * lo:.1f}% to "
            f"{100 * hi:.1f}%); the fair share at {num_players} players is {100 * fair:.1f}% (1 in {num_players}): "
            f"{where}.")


def verdicts(result: dict) -> list[str]:
    """:func:`verdict` of every bot whose SPEC sits at one seat only (the first bot where every seat has the same)."""
    specs_ = result.get("specs") or list(result["bots"])
    single = [i for i, s in enumerate(specs_) if specs_.count(s) == 1] or [0]
    names = list(result["bots"])
    out = [verdict(names[i], result["bots"][names[i]], result["fair_share"], result["num_players"]) for i in single]
    vr = result.get("variance_reduction")
    for i in single if vr else []:
        r = vr["bots"][names[i]]
        lo, hi = r["corrected_ci95"]
        fair = result["fair_share"]
        where = "above" if lo > fair else "below" if hi < fair else "holding"
        out.append(f"Corrected by control variates (the same expected value): {names[i]} "
                   f"{100 * r['corrected_win_share']:.1f}% "
                   f"(95% interval over {vr['packs']} deal packs {100 * lo:.1f}% to {100 * hi:.1f}%, {where} the fair "
                   f"share); as precise as {r['multiplier']:.1f} times as many packs without correction.")
    return out


def _estimate_line(game_name: str, n: int, total: int, workers: int, per_game: float, how: str) -> str:
    sets = total // n
    return (f"{game_name} {n}p: {total} games ({sets} duplicate deals x {n} seatings) on {workers} worker "
            f"process{'es' if workers > 1 else ''}{how}; expected about "
            f"{duration(total * per_game / parallel_workers(workers))} ({per_game:.3g} s a game, timed just now; "
            f"longer if the cores are busy)")


def _bar(progress: bool, total: int, game_name: str, n: int):
    if not progress:
        return None
    from tqdm import tqdm
    return tqdm(total=total, unit="game", desc=f"{game_name} {n}p", file=sys.stderr)


def _games_one_by_one(game_name, game, n, game_options, specs, recipes, names, tasks, workers, progress, estimate,
                      log, seed, records_dir) -> tuple[list[dict], float]:
    """The tournament's games through the rules module (:func:`play_rotation`), one per task, and when they
    started (``time.perf_counter``)."""
    total = len(tasks)
    per_game = None
    if estimate:
        timing = time_bots(game_name, game, dict(zip(specs, recipes)), seed=seed)
        per_game = game_seconds(timing, list(specs))
        log(_estimate_line(game_name, n, total, workers, per_game, ""))
    bar = _bar(progress, total, game_name, n)
    played: list[dict] = []
    t0 = time.perf_counter()
    record_names = names if records_dir else None
    try:
        if workers == 1:
            _init_worker(game_name, n, game_options, recipes, record_names)
            for t in tasks:
                played.append(_play_game(t))
                if bar:
                    bar.update(1)
        else:
            # small chunks for fast games (less traffic), one game at a time for slow ones (a steady bar)
            chunk = 1 if per_game is None or per_game > 0.02 else max(1, min(8, total // (workers * 8)))
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            with sigterm_stops(), ctx.Pool(workers, initializer=_init_worker,
                                           initargs=(game_name, n, game_options, recipes, record_names,
                                                     True)) as pool:
                for res in pool.imap_unordered(_play_game, tasks, chunksize=chunk):
                    played.append(res)
                    if bar:
                        bar.update(1)
    except KeyboardInterrupt:
        raise Interrupted(len(played), total) from None
    finally:
        if bar:
            bar.close()
    return played, t0


def _batched_games(game_name, game, n, game_options, recipes, tasks, workers, progress, estimate,
                   log) -> tuple[list[dict], float]:
    """The tournament's games in batches in the compiled engine (:func:`hustings.evaluation.batch_play.play`): in
    this process, or split into chunks over ``workers`` processes, each playing its chunk as one batch; and when
    they started. The bar moves by the games finished."""
    from . import batch_play

    total = len(tasks)
    if estimate:
        per_game = batch_play.seconds_per_game(game_name, game, recipes, tasks)
        log(_estimate_line(game_name, n, total, workers, per_game, ", in batches in the compiled engine"))
    bar = _bar(progress, total, game_name, n)
    finished = 0
    t0 = time.perf_counter()
    try:
        # one chunk per worker, each a full batch at least (a batch's last games play on alone: fewer, larger
        # batches waste less)
        size = max(batch_play.BATCH, -(-total // workers))
        chunks = [tasks[i:i + size] for i in range(0, total, size)]
        if workers == 1 or len(chunks) == 1:
            def count(k: int) -> None:
                nonlocal finished
                finished += k
                if bar:
                    bar.update(k)

            with sigterm_stops():
                return batch_play.play(game_name, game, recipes, tasks, on_games=count), t0
        if not estimate:  # load the compiled kernels here once, before the workers are forked
            batch_play.play(game_name, game, recipes, tasks[:1])
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        done = ctx.Value("q", 0)
        with sigterm_stops(), ctx.Pool(workers, initializer=_init_batch_worker,
                                       initargs=(game_name, n, game_options, recipes, done)) as pool:
            pending = pool.map_async(_play_batch, chunks)
            while True:
                pending.wait(0.1)
                ready = pending.ready()
                now = done.value
                if bar and now > finished:
                    bar.update(now - finished)
                finished = now
                if ready:
                    break
            return [g for chunk in pending.get() for g in chunk], t0
    except KeyboardInterrupt:
        raise Interrupted(finished, total) from None
    finally:
        if bar:
            bar.close()


def subject_index(specs: list[str]) -> int:
    """The bot a one-line verdict (and ``--until-significant``) is about: the first whose SPEC sits at one seat only
    (the first bot where every seat has the same SPEC)."""
    return next((i for i, s in enumerate(specs) if specs.count(s) == 1), 0)


def _pack_games(game_name, n, game_options, recipes, seeds, workers, progress, vr_options, until, fair, subject,
                log) -> tuple[list[dict], dict | None]:
    """Deal packs (every rotation of each deal in ``seeds``) through the rules module, in deal order, with their
    correction terms where ``vr_options`` is set; with ``until`` (a margin), stopped after the first pack at which the
    confidence sequence of the ``subject``'s win share (corrected, with weights fitted on the packs before each:
    :func:`hustings.evaluation.variance.predictable`) lies beyond ``fair +- until``
    (:func:`hustings.evaluation.sequential.decide`). Returns the games and the stopping record (or ``None``)."""
    from . import sequential, variance

    total = len(seeds) * n
    bar = _bar(progress, total, game_name, n)
    played: list[dict] = []
    stop = None

    def look() -> bool:
        nonlocal stop
        raw, terms = variance.packs(played, subject)
        values = variance.predictable(raw, terms) if vr_options is not None else raw
        stop = sequential.decide(values, fair, until, t_star=len(seeds), scale=sequential.pack_scale(n))
        stop.update(margin=until, cap_packs=len(seeds), corrected=vr_options is not None)
        return stop["verdict"] is not None

    try:
        if workers == 1:
            _init_pack_worker(game_name, n, game_options, recipes, vr_options)
            for sd in seeds:
                played += _play_pack(sd)
                if bar:
                    bar.update(n)
                if until is not None and look():
                    break
        else:
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            with sigterm_stops(), ctx.Pool(workers, initializer=_init_pack_worker,
                                           initargs=(game_name, n, game_options, recipes, vr_options, True)) as pool:
                for res in pool.imap(_play_pack, seeds):
                    played += res
                    if bar:
                        bar.update(n)
                    if until is not None and look():
                        break
    except KeyboardInterrupt:
        raise Interrupted(len(played), total) from None
    finally:
        if bar:
            bar.close()
    if stop is not None:
        stop["stopped_early"] = stop["verdict"] is not None and stop["packs"] < len(seeds)
        log(f"--until-significant {until}: " + (
            f"the interval is {stop['verdict']} fair share +- {until} after {stop['packs']} of {len(seeds)} packs"
            if stop["verdict"] else f"no verdict: played all {len(seeds)} packs (the cap)"))
    return played, stop


# --- the tournament ---------------------------------------------------------------------------------------------
def tournament(game_name: str, specs: list[str], games: int, num_players: int | None = None,
               game_options: dict | None = None, seed: int = 0, workers: int | None = None,
               progress: bool = True, recipes: list[tuple] | None = None, names: list[str] | None = None,
               records_dir: str | None = None, estimate: bool = False, log=None, batched: bool = True,
               variance_reduction: dict | None = None, until_significant: float | None = None) -> dict:
    """Play about ``games`` games (whole duplicate sets of ``n``) between the bots of ``specs``; the summary dict.

    ``recipes``/``names`` may be given instead of resolving ``specs`` (used by training for in-memory policies).
    With ``records_dir``, every game is also saved there as a JSON game record (``hustings replay`` reads them).
    With ``estimate``, the bots are timed first (:func:`time_bots`) and the expected duration is logged (``log``,
    default: stderr) before the games start. Ctrl-C or SIGTERM stops the workers and raises :class:`Interrupted`.

    Where every bot has a batched form (``random``, ``heuristic``, trained nets), the game has a compiled engine and
    numba is installed, and no records are asked for, the games are played in batches in the compiled engine
    (:mod:`hustings.evaluation.batch_play`): the same games, game for game, many times faster. ``batched=False``
    plays them one by one through the rules module all the same.

    ``variance_reduction`` (options of :func:`hustings.evaluation.variance.parse_options`) also computes each game's
    correction terms (:mod:`hustings.evaluation.variance`; the same games, through the rules module) and adds the
    result's ``variance_reduction`` block: raw and corrected win share over deal packs, intervals, the
    effective-games multiplier and the value estimate's digest. ``until_significant`` (a margin >= 0) plays deal
    packs in order and stops at the first at which the subject's (:func:`subject_index`) confidence sequence lies
    beyond the fair share +- the margin (:mod:`hustings.evaluation.sequential`); ``games`` is then the cap. Neither
    keeps records.
    """
    log = log or (lambda *a: print(*a, file=sys.stderr, flush=True))
    module = hustings.game_module(game_name)
    game_options = game_options or {}
    n = num_players or module.raw_env.default_players
    game = hustings.registry.make_game(game_name, n, game_options)
    if len(specs) == 1:
        specs = specs * n
    if len(specs) != n:
        raise hustings.ConfigError(f"{game_name}: {len(specs)} bots for {n} seats; expected one bot per seat "
                               f"(or one bot for all seats)")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise hustings.ConfigError(f"games={games!r} is invalid; expected an int >= 1")
    recipes = recipes or resolve_specs(game_name, game, specs)
    names = names or bot_names(specs)
    sets = -(-games // n)
    total = sets * n
    # one task per game (deal, rotation): the progress bar moves game by game
    tasks = [(seed * 1_000_003 + i, r) for i in range(sets) for r in range(n)]
    workers = max(1, min(workers or os.cpu_count() or 1, total))
    if until_significant is not None and (isinstance(until_significant, bool)
                                          or not isinstance(until_significant, (int, float))
                                          or not 0 <= until_significant < 1):
        raise hustings.ConfigError(f"until_significant={until_significant!r} is invalid; expected a margin of win "
                                   f"share in [0, 1), e.g. 0.02")
    stop = None
    packed = variance_reduction is not None or until_significant is not None
    if packed and records_dir:
        raise hustings.ConfigError("--records cannot be combined with --variance-reduction or --until-significant; "
                                   "expected one or the other")
    in_batches = not packed and batched and not records_dir and batch_reason(game_name, game, recipes, tasks) is None
    if packed:
        if estimate:
            log(f"{game_name} {n}p: up to {total} games ({sets} deal packs x {n} seatings) through the rules module"
                + (", with correction terms" if variance_reduction is not None else "")
                + (f", stopping when the answer is known (margin {until_significant})"
                   if until_significant is not None else ""))
        t0 = time.perf_counter()
        played, stop = _pack_games(game_name, n, game_options, recipes, [seed * 1_000_003 + i for i in range(sets)],
                                   min(workers, sets), progress, variance_reduction, until_significant, 1.0 / n,
                                   subject_index(list(specs)), log)
    elif in_batches:
        played, t0 = _batched_games(game_name, game, n, game_options, recipes, tasks, workers, progress, estimate,
                                    log)
    else:
        played, t0 = _games_one_by_one(game_name, game, n, game_options, specs, recipes, names, tasks, workers, progress,
                                   estimate, log, seed, records_dir)
    played.sort(key=lambda g: (g["seed"], g["seats"]))
    if records_dir:
        for i, g in enumerate(played):
            records.save(g.pop("record"), os.path.join(records_dir, f"game_{i:05d}_seed{g['seed']}.json"))
    result = summarise(names, played, n)
    result.update({"game": game_name, "game_options": game_options, "specs": specs, "seed": seed,
                   "duplicate_sets": len(played) // n, "seconds": time.perf_counter() - t0})
    if variance_reduction is not None:
        from . import variance

        digest = variance.Estimator(game_name, game, recipes, variance_reduction)
        result["variance_reduction"] = variance.summary(names, played, digest.digest, digest.options)
    if stop is not None:
        result["until_significant"] = stop
    return result


# --- command line -----------------------------------------------------------------------------------------------
def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``hustings evaluate``."""
    p.add_argument("game", help="game name (" + ", ".join(hustings.games()) + ")")
    p.add_argument("--players", type=int, default=None, help="number of players (default: the game's default)")
    p.add_argument("--bots", nargs="+", required=True, metavar="SPEC",
                   help="one per seat (or one for all): a scripted bot name, a checkpoint path or an exported "
                        ".onnx policy")
    p.add_argument("--games", type=int, default=400, help="games to play, rounded up to whole duplicate sets "
                   "(default 400)")
    p.add_argument("--seed", type=int, default=0, help="first deal's seed (default 0)")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: CPU count)")
    p.add_argument("--json", metavar="OUT", help="write the results as JSON here")
    p.add_argument("--markdown", metavar="OUT", help="write the Markdown table here too")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option, e.g. --option max_islands=20 (value parsed as YAML)")
    p.add_argument("--records", metavar="DIR", help="save every game as a JSON record in DIR (hustings replay)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--no-batch", action="store_true", help="play game by game through the rules module even where "
                   "the bots batch in the compiled engine (the same games, slower)")
    p.add_argument("--variance-reduction", nargs="?", const="", default=None, metavar="KEY=VALUE,...",
                   help="also report the win shares corrected by control variates (the same mean, a narrower "
                        "interval) and the effective-games multiplier; options: policy=lineup|heuristic|random, "
                        "rollouts=K, alternatives=A, horizon=H|none|auto, beta=B, seed=S, decisions=on|off, "
                        "standin=heuristic|shipped|random, searches=K "
                        "(docs/evaluation.md)")
    p.add_argument("--until-significant", type=float, default=None, metavar="MARGIN",
                   help="play deal packs until the subject's always-valid 95%% interval lies beyond the fair share "
                        "+- MARGIN (e.g. 0.02), or --games are played")


def run(args) -> int:
    """``hustings evaluate``: the tournament, its table, and each single bot's result in words."""
    vr = getattr(args, "variance_reduction", None)
    try:
        if vr is not None:
            from .variance import parse_options as vr_options

            vr = vr_options(vr)
        result = tournament(args.game, args.bots, args.games, num_players=args.players,
                            game_options=parse_options(args.option), seed=args.seed, workers=args.workers,
                            progress=not args.no_progress, records_dir=args.records, estimate=not args.no_progress,
                            batched=not getattr(args, "no_batch", False), variance_reduction=vr,
                            until_significant=getattr(args, "until_significant", None))
    except Interrupted as stop:
        print(f"\nstopped: {stop.played} of {stop.total} games played, nothing saved (hustings evaluate keeps no "
              f"partial results: run it again, with fewer --games for a shorter run)", file=sys.stderr)
        return 130
    except KeyboardInterrupt:
        print("\nstopped before the first game", file=sys.stderr)
        return 130
    text = markdown(result, title=f"{result['game']}: " + " vs ".join(result["specs"]))
    print(text, end="")
    print()
    for line in verdicts(result):
        print(line)
    if args.json:
        atomic_write(args.json, json.dumps(result, indent=2) + "\n")
    if args.markdown:
        atomic_write(args.markdown, text)
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m hustings.evaluation.evaluate``: the same as ``hustings evaluate``."""
    from hustings.commands import module_main
    return module_main("python -m hustings.evaluation.evaluate", __doc__, add_arguments, run, argv)


if __name__ == "__main__":
    sys.exit(main())
