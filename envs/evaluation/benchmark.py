"""The standard benchmark table: ``hustings benchmark [--games G ...] [--players N ...] [--agents SPEC ...]``.

For every game and table size (the game's default size at ``--budget quick`` and ``standard``, every size it supports
at ``full``) the **reference ladder** (``random``, ``heuristic``, IS-MCTS at two budgets, ``ismcts:iters=10`` and
the game's default ``ismcts``, and the shipped bot ``shipped:GAME``, the one for that table size) and your
``--agents`` (any SPEC of :mod:`hustings.bots.agents`: ``package.module:factory``, ``text:package.module:factory``,
``policy.pt``, ``model.zip``, ``.onnx``, ...) play two kinds of duplicate-deal, seat-rotated tables
(:func:`hustings.evaluation.evaluate._play_set`: each deal played ``n`` times, the line-up rotated one seat each time):

* **Gauntlet** (one table per agent): the agent in one seat, the anchor ``heuristic`` in the ``n - 1`` others.
  Every gauntlet of a (game, size) plays the same deals. This gives each agent's **win share** (a shared win
  counts ``1/k``), its 95% interval (Wilson over games, as ``hustings evaluate``; and a percentile bootstrap over
  deal sets in the JSON) against the fair share ``1/n``, and its **mean score**. The anchor's own gauntlet (all
  heuristic) is the check: it sits at the fair share.
* **Round robin** (for ratings): tables of ``n`` different agents: every ``n``-subset of the agents when there are at
  most 20 of them, else the ``m`` cyclic windows ``{i, ..., i+n-1 mod m}`` (each agent in ``n`` tables); with fewer
  agents than seats, one table of all agents with anchor copies in the remaining seats (those copies are not rated).
  Each game's finishing order of the rated seats (win share, then score; equal is a tie) updates an **OpenSkill
  Plackett-Luce** rating (Weng and Lin 2011; Plackett-Luce is consistent on a subset of a table's seats). The
  rating is ``mu`` after all games, averaged over 10 orders of the games (online updates depend a little on the
  order); its 95% interval is a percentile bootstrap: deal sets resampled within each table, games shuffled, the
  ratings refitted.

**Across games**: each agent's gauntlet score per deal set is normalised per (game, size) task, random's win share
= 0 and the fair share ``1/n`` = 1 (the anchor's own expected share, by symmetry), and the interquartile mean (IQM)
of those normalised scores over all tasks and sets is reported with a 95% stratified-bootstrap interval (sets
resampled within each task), the protocol of Agarwal et al. (2021), "Deep RL at the edge of the statistical
precipice". The shipped bots (one per game) count as one agent, ``shipped``; a task where random's share is
within 0.02 of the fair share cannot be normalised and is left out.

**Budgets** (deal sets per table; ``--sets`` overrides): ``quick`` 1 gauntlet / 1 round-robin set (a smoke test,
its intervals are wide), ``standard`` 20 / 5 (the committed BENCHMARKS.md, which says how long it took), ``full``
40 / 10 and every table size (hours). Nearly all the time goes to the IS-MCTS rungs and the shipped searches; with
``estimate`` (the command line's default) every agent is timed on a few positions first and the expected duration
is printed before the games start.

**Output** in ``--out`` (default ``benchmark/``): ``tables/<game>-<n>p-<table>.json`` (each finished table, written
atomically as it finishes; ``--resume`` keeps those whose configuration matches and plays only the rest, so no game is
lost or counted twice), ``results.json`` (schema: :data:`SCHEMA`, documented in BENCHMARKS.md), ``BENCHMARKS.md``
and, with matplotlib, ``win_share_<game>-<n>p.png`` and ``ratings_<game>-<n>p.png``. Tables run in parallel over
``--workers`` processes, or as Ray tasks on a cluster with ``--address`` (the ``distributed`` extra). The tables
whose bots all have a batched form (``random``, ``heuristic``, trained nets; a game with a compiled engine, numba
installed) are played first, in batches in the compiled engine (:mod:`hustings.evaluation.batch_play`: the same
games, game for game); ``--no-batch`` plays them through the rules module too. The reference agents' own tables (the
ladder among itself) are the same in every run: the deal sets this build ships (:mod:`hustings.evaluation.reference`)
are taken from there, not played; ``--no-reference`` plays them too.
"""
from __future__ import annotations

import argparse
import hashlib
import itertools
import json
import math
import multiprocessing as mp
import os
import platform
import sys
import time

import numpy as np

import hustings
from hustings.core.files import atomic_write
from hustings.core.rules import ConfigError

from .ratings import iqm, percentile_ci, rate_tables, share_of

SCHEMA = "hustings-benchmark/1"
ANCHOR = "heuristic"
BUDGETS = {
    "quick": {"sets": 1, "rr_sets": 1, "bootstrap": 200, "sizes": "default"},
    "standard": {"sets": 20, "rr_sets": 5, "bootstrap": 1000, "sizes": "default"},
    "full": {"sets": 40, "rr_sets": 10, "bootstrap": 1000, "sizes": "all"},
}
MAX_SUBSETS = 20


# --- the plan ----------------------------------------------------------------------------------------------------
def sizes(game: str) -> list[int]:
    """The table sizes ``game`` supports."""
    cls = hustings.registry.info(game).game_class
    return list(range(cls.min_players, cls.max_players + 1))


def shipped_sizes(game: str) -> list[int]:
    """The table sizes ``game`` has a shipped bot for, at the game's default options."""
    from hustings import checkpoints
    from hustings.bots.policy import load_policy_npz

    if game not in checkpoints.names():
        return []
    return [n for n in checkpoints.sizes(game) if not load_policy_npz(checkpoints.policy_path(game, n))[0].get(
        "game_options")]


def _hash_key(spec: str, n: int) -> str:
    """Key of an agent's file hash: a shipped bot is one file per table size."""
    return f"{spec}@{n}" if spec.startswith("shipped:") else spec


def ladder(game: str, n: int) -> list[str]:
    """The reference ladder of ``game`` at ``n`` seats."""
    out = ["random", ANCHOR, "ismcts:iters=10", "ismcts"]
    if n in shipped_sizes(game):
        out.append("shipped:" + game)
    return out


def deal_seed(seed: int, game: str, n: int, i: int) -> int:
    """The seed of deal set ``i`` of (game, n): shared by every table of that (game, n)."""
    digest = hashlib.sha256(f"{seed}:{game}:{n}:{i}".encode()).hexdigest()
    return int(digest[:12], 16)


def round_robin(m: int, n: int, anchor: int) -> list[tuple[list[int], list[bool]]]:
    """Round-robin line-ups as (agent index per seat slot, rated per slot), ``anchor`` the anchor's agent index:
    see the module docstring."""
    if m < n:
        return [(list(range(m)) + [anchor] * (n - m), [True] * m + [False] * (n - m))]
    subsets = list(itertools.combinations(range(m), n))
    if len(subsets) > MAX_SUBSETS:
        subsets = [tuple((i + k) % m for k in range(n)) for i in range(m)]
    return [(list(s), [True] * n) for s in subsets]


def plan_tables(game: str, n: int, agents: list[str], sets: int, rr_sets: int, seed: int) -> list[dict]:
    """The tables of one (game, n): gauntlets then round robins; each a dict with its ``key`` and ``fingerprint``."""
    tables = []
    for a, spec in enumerate(agents):
        lineup = [a] + [agents.index(ANCHOR)] * (n - 1)
        tables.append({"kind": "gauntlet", "key": f"g{a:02d}", "lineup": lineup, "rated": [True] + [False] * (n - 1),
                       "seeds": [deal_seed(seed, game, n, i) for i in range(sets)]})
    for r, (lineup, rated) in enumerate(round_robin(len(agents), n, agents.index(ANCHOR))):
        tables.append({"kind": "round_robin", "key": f"r{r:02d}", "lineup": lineup, "rated": rated,
                       "seeds": [deal_seed(seed, game, n, i) for i in range(rr_sets)]})
    for t in tables:
        t.update(game=game, num_players=n, specs=[agents[i] for i in t["lineup"]])
        t["fingerprint"] = {"game": game, "num_players": n, "kind": t["kind"], "specs": t["specs"],
                            "rated": t["rated"], "seeds": t["seeds"]}
        t["file"] = f"{game}-{n}p-{t['kind']}-{t['key']}.json"
    return tables


# --- playing: one duplicate set per task (worker processes or Ray tasks) -----------------------------------------
def play_set(task: dict) -> dict:
    """One duplicate set of one table (:func:`hustings.evaluation.evaluate.duplicate_set`) with this table's bots."""
    from hustings.bots import agents as agents_mod
    from hustings.bots import spec as spec_mod
    from . import evaluate

    game_name, n = task["game"], task["num_players"]
    game = hustings.registry.make_game(game_name, n)
    bots = [spec_mod.build(game_name, r, game=game) for r in task["recipes"]]
    t0 = time.perf_counter()
    if task.get("variance_reduction") is not None:  # the same games, with their correction terms
        from .variance import Estimator

        est = Estimator(game_name, game, task["recipes"], task["variance_reduction"])
        games = [est.play(bots, task["seed"], r) for r in range(n)]
    else:
        games = evaluate.duplicate_set(game, bots, task["seed"], n)
    seconds = time.perf_counter() - t0
    text = {}
    for b, bot in enumerate(bots):
        if isinstance(bot, agents_mod.TextAgentBot):
            text[str(b)] = bot.stats()
    return {"table": task["table"], "set": task["set"], "games": games, "text": text, "seconds": seconds}


def batch_jobs(todo: list[dict], tasks: list[dict], workers: int) -> tuple[list[dict], list[dict]]:
    """Split the set tasks of the tables ``todo``: those of tables whose bots all have a batched form
    (:func:`hustings.evaluation.batch_play.why_not`: ``random``, ``heuristic``, trained nets, on a game with a compiled
    engine, numba installed) become batch jobs (:func:`play_batch`), a few per (game, size), each playing the sets
    of several tables in one engine; returns ``(batch jobs, the other set tasks)``."""
    fast = batchable_tables(todo)
    groups: dict[tuple[str, int], list[dict]] = {}
    rest = []
    for task in tasks:
        if task["table"] in fast:
            groups.setdefault((task["game"], task["num_players"]), []).append(task)
        else:
            rest.append(task)
    jobs = []
    for (g, n), sets in groups.items():
        size = max(8, -(-len(sets) // (2 * max(1, workers))))
        for i in range(0, len(sets), size):
            part = sets[i:i + size]
            lineups: list[list[tuple]] = []
            index: dict[str, int] = {}
            for task in part:
                if task["table"] not in index:
                    index[task["table"]] = len(lineups)
                    lineups.append(task["recipes"])
            jobs.append({"batch": [(task["table"], task["set"], task["seed"], index[task["table"]]) for task in part],
                         "game": g, "num_players": n, "lineups": lineups})
    return jobs, rest


def play_batch(job: dict) -> list[dict]:
    """A batch job of :func:`batch_jobs`: every game of its sets played in batches in the compiled engine
    (:func:`hustings.evaluation.batch_play.play`, the same games as :func:`play_set`); one :func:`play_set` result
    per set, its ``seconds`` the job's time shared out by games."""
    from . import batch_play

    game_name, n = job["game"], job["num_players"]
    game = hustings.registry.make_game(game_name, n)
    games = [(seed, r, lineup) for _, _, seed, lineup in job["batch"] for r in range(n)]
    t0 = time.perf_counter()
    played = batch_play.play(game_name, game, job["lineups"], games)
    share = (time.perf_counter() - t0) / len(job["batch"])
    return [{"table": table, "set": i, "games": played[j * n:(j + 1) * n], "text": {}, "seconds": share}
            for j, (table, i, _, _) in enumerate(job["batch"])]


def play_task(task: dict) -> list[dict]:
    """A batch job (:func:`play_batch`) or one set (:func:`play_set`): its results, one per set."""
    return play_batch(task) if "batch" in task else [play_set(task)]


def run_tasks(tasks: list[dict], workers: int, address: str | None, on_result) -> None:
    """Play every task (:func:`play_set`, or a batch job of :func:`batch_jobs`) in ``workers`` processes, or as
    Ray tasks at ``address``; ``on_result`` gets each set's result as it comes."""
    if address:
        import ray

        started = not ray.is_initialized()
        if started:
            ray.init(address=None if address == "local" else address, include_dashboard=False,
                     log_to_driver=False)
        try:
            remote = ray.remote(play_task)
            pending = [remote.remote(t) for t in tasks]
            while pending:
                done, pending = ray.wait(pending, num_returns=1)
                for res in ray.get(done[0]):
                    on_result(res)
        finally:
            if started:  # leave Ray as we found it (a caller's own ray.init stays up)
                ray.shutdown()
        return
    if workers <= 1 or len(tasks) <= 1:
        for t in tasks:
            for res in play_task(t):
                on_result(res)
        return
    from .evaluate import quiet_worker, sigterm_stops

    ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
    # Ctrl-C and SIGTERM stop the main process only, which then terminates the workers (no traceback from each)
    with sigterm_stops(), ctx.Pool(workers, initializer=quiet_worker) as pool:
        for results in pool.imap_unordered(play_task, tasks):
            for res in results:
                on_result(res)


def summarise_size(game: str, n: int, agents: list[str], names: list[str], tables: list[dict],
                   done: dict[str, dict], boot: int, seed: int) -> dict:
    """The per-(game, size) table: win share, intervals, mean score, rating for every agent."""
    from .evaluate import wilson

    fair = 1.0 / n
    m = len(agents)
    rng = np.random.default_rng(seed)
    rows = {}
    set_scores: dict[int, list[float]] = {}
    text_stats: dict[str, dict] = {}
    for t in tables:
        res = done[t["file"]]
        for b, stats in res.get("text", {}).items():
            agg = text_stats.setdefault(names[t["lineup"][int(b)]], {"decisions": 0, "retries": 0, "fallbacks": 0})
            for k in agg:
                agg[k] += stats[k]
        if t["kind"] != "gauntlet":
            continue
        a = t["lineup"][0]
        games = res["games"]
        vr = None
        if games and all("correction" in g for g in games):
            from . import variance

            fp = res["fingerprint"]["variance_reduction"]
            vr = variance.summary(["subject"] + [f"other{i}" for i in range(1, n)], games, fp["digest"],
                                  fp["options"])
            vr = {"estimator": vr["estimator"], "packs": vr["packs"], "terms": vr["terms"], **vr["bots"]["subject"]}
        shares = [share_of(g, 0) for g in games]
        per_set = [float(np.mean([share_of(g, 0) for g in games if g["seed"] == s])) for s in t["seeds"]]
        set_scores[family(agents[a], names[a])] = per_set
        rate = float(np.mean(shares)) if shares else 0.0
        lo, hi = wilson(rate, len(shares))
        boots = [float(np.mean(rng.choice(per_set, len(per_set)))) for _ in range(boot)] if per_set else []
        rows[names[a]] = {
            "spec": agents[a], "games": len(games), "deal_sets": len(t["seeds"]), "win_share": rate,
            "ci95": [lo, hi], "ci95_sets": percentile_ci(boots), "vs_fair": "above" if lo > fair else
            "below" if hi < fair else "within CI", "mean_score": float(np.mean([g["scores"][0] for g in games])),
            "truncated": sum(bool(g["truncated"]) for g in games),
            "seat_win_share": [float(np.mean([share_of(g, 0) for g in games if g["seats"][0] == s] or [0.0]))
                               for s in range(n)]}
        if vr is not None:
            rows[names[a]]["variance_reduction"] = vr
    # ratings from the round robins
    rr = [(t, done[t["file"]]["games"]) for t in tables if t["kind"] == "round_robin"]
    mu, sigma, boot_mu, base = rate_tables(rr, n, m, boot, rng)
    rated_games_count = {names[i]: sum(1 for ids, _ in base if i in ids) for i in range(m)}
    for i in range(m):
        row = rows.setdefault(names[i], {"spec": agents[i]})
        row.update(rating=mu[i], rating_sigma=sigma[i], rating_ci95=percentile_ci(boot_mu[:, i]),
                   rated_games=rated_games_count[names[i]])
        if names[i] in text_stats:
            row["text"] = text_stats[names[i]]
    return {"game": game, "num_players": n, "fair_share": fair, "game_version": hustings.registry.info(game).version,
            "observation_version": hustings.registry.info(game).game_class.observation_version,
            "anchor": ANCHOR, "agents": rows, "_set_scores": set_scores}


def family(spec: str, name: str) -> str:
    """The name an agent goes by across games: ``shipped`` for every ``shipped:GAME``, else its own name."""
    return "shipped" if spec.startswith("shipped:") else name


def aggregate(per_size: list[dict], boot: int, seed: int) -> dict:
    """IQM of normalised gauntlet scores over all (game, size) tasks, with stratified-bootstrap intervals; agents
    by :func:`family` (the shipped bots together, as ``shipped``)."""
    rng = np.random.default_rng(seed + 1)
    tasks = []  # (normalising (random, heuristic) shares, {agent name: per-set shares})
    skipped = []
    for r in per_size:
        rows, sets = r["agents"], r["_set_scores"]
        # heuristic's end is the fair share: its gauntlet (heuristic in every seat) has that expectation exactly
        lo, hi = rows.get("random", {}).get("win_share"), r["fair_share"]
        if lo is None or hi - lo < 0.02:
            skipped.append(f"{r['game']}-{r['num_players']}p")
            continue
        by_name = {name: [(s - lo) / (hi - lo) for s in scores] for name, scores in sets.items()}
        tasks.append((f"{r['game']}-{r['num_players']}p", by_name))
    names = list(dict.fromkeys(name for _, by in tasks for name in by))
    out = {"normalisation": "per task: random's gauntlet win share = 0, the fair share (heuristic's by symmetry) = 1",
           "tasks": [t for t, _ in tasks], "skipped_tasks": skipped, "agents": {}}
    for name in names:
        strata = [np.asarray(by[name]) for _, by in tasks if name in by]
        if not strata:
            continue
        point = iqm(np.concatenate(strata))
        boots = [iqm(np.concatenate([rng.choice(s, len(s)) for s in strata])) for _ in range(boot)]
        out["agents"][name] = {"iqm": point, "ci95": percentile_ci(boots), "tasks": len(strata),
                               "mean": float(np.mean(np.concatenate(strata)))}
    return out


# --- tables: planned, resumed, played, saved (shared with hustings.evaluation.panel) ------------------------------------
def split_done(tables: list[dict], tables_dir: str, resume: bool) -> tuple[dict[str, dict], list[dict]]:
    """The tables already played (``{file: saved table}``, with ``resume``: every table file in ``tables_dir`` whose
    fingerprint, agent hashes and game versions match) and the tables still to play. A table file played with another
    configuration is a :class:`ConfigError` (resume with the same options, or use a new folder)."""
    done: dict[str, dict] = {}
    todo = []
    for t in tables:
        path = os.path.join(tables_dir, t["file"])
        if resume and os.path.isfile(path):
            with open(path) as f:
                saved = json.load(f)
            if saved.get("fingerprint") != t["fingerprint"]:
                raise ConfigError(f"{path} was played with another configuration ({saved.get('fingerprint')}); "
                                  f"expected {t['fingerprint']}: resume with the same options, or use a new --out")
            for what, now in (("sha256", t["sha256"]), ("versions", t["versions"])):
                if what in saved and saved[what] != now:
                    raise ConfigError(f"{path} was played with other agent files or game versions ({what} "
                                      f"{saved[what]}); expected {now}: use a new --out")
            done[t["file"]] = saved
        else:
            todo.append(t)
    return done, todo


def set_tasks(todo: list[dict]) -> list[dict]:
    """One :func:`play_set` task per deal set of each table in ``todo``."""
    return [{"table": t["file"], "set": i, "seed": s, "game": t["game"], "num_players": t["num_players"],
             "recipes": t["recipes"], "variance_reduction": t.get("variance_reduction")}
            for t in todo for i, s in enumerate(t["seeds"])]


def batchable_tables(todo: list[dict]) -> set[str]:
    """The files of the tables of ``todo`` whose bots all have a batched form and whose seeds the compiled engine
    takes (:mod:`hustings.evaluation.batch_play`): those :func:`play_tables` plays in batches."""
    try:
        from . import batch_play
    except ImportError:  # pragma: no cover - a broken install
        return set()
    rules: dict[tuple[str, int], object] = {}
    out = set()
    for t in todo:
        g, n = t["game"], t["num_players"]
        if t.get("variance_reduction") is not None:
            continue  # its games are traced through the rules module for the corrections
        if (g, n) not in rules:
            rules[(g, n)] = hustings.registry.make_game(g, n)
        if batch_play.why_not(g, rules[(g, n)], t["recipes"]) is None and \
                batch_play.seeds_fit([(s, n) for s in t["seeds"]]):
            out.add(t["file"])
    return out


def expected_cpu(todo: list[dict], to_time: dict, batched: bool = True) -> float:
    """Expected CPU seconds of the tables ``todo``: every agent timed now (:func:`hustings.evaluation.evaluate.time_bots`;
    ``to_time``: (game, n) -> (rules game, {SPEC: recipe})); a table played in batches (``batched``,
    :func:`batchable_tables`) by a few of its games played so."""
    from .evaluate import game_seconds, time_bots

    fast = batchable_tables(todo) if batched else set()
    slow = [t for t in todo if t["file"] not in fast]
    timings = {(g, n): time_bots(g, game, recipes) for (g, n), (game, recipes) in to_time.items()
               if any(t["game"] == g and t["num_players"] == n for t in slow)}
    cpu = sum(t["num_players"] * len(t["seeds"]) * game_seconds(timings[(t["game"], t["num_players"])], t["specs"])
              for t in slow)
    if fast:
        from . import batch_play

        for t in todo:
            if t["file"] in fast:
                n = t["num_players"]
                games = [(s, r) for s in t["seeds"] for r in range(n)]
                cpu += len(games) * batch_play.seconds_per_game(t["game"], to_time[(t["game"], n)][0], t["recipes"],
                                                                games, games=32)
    return cpu


def estimate_line(cpu: float, n_tasks: int, workers: int | None, address: str | None, share: float = 1.0) -> str:
    """The expected duration in words: ``cpu`` seconds (timed by the wall clock while this process got ``share`` of a
    core: :mod:`hustings.evaluation.calibration`) spread over the workers (or a cluster)."""
    from .calibration import calibrated
    from .evaluate import duration, parallel_workers

    if address:
        return f"expected: about {duration(cpu * share)} of CPU time in all, spread over the cluster"
    w = parallel_workers(max(1, min(workers or os.cpu_count() or 1, n_tasks or 1)))
    cpu, wall = calibrated(cpu, share, w)
    busy = f"; the cores are busy: {share:.0%} of one for this process" if share < 0.9 else ""
    return (f"expected: about {duration(wall)} on {w} core{'s' if w > 1 else ''} ({duration(cpu)} of CPU "
            f"time; timed just now{busy})")


def play_tables(todo: list[dict], tasks: list[dict], tables_dir: str, done: dict[str, dict], workers: int | None,
                address: str | None, bar=None, on_table=None, batched: bool = True, ready=()) -> None:
    """Play ``tasks`` (:func:`set_tasks` of ``todo``); each table, once all its sets are in, is written atomically to
    ``tables_dir/<file>`` and added to ``done``; ``on_table(file)`` is called then, ``bar`` (tqdm) counts games.
    ``ready``: set results already in hand (:func:`hustings.evaluation.reference.take`). The tables whose bots all have
    a batched form are played in batches in the compiled engine first (:func:`batch_jobs`: the same games), unless
    ``batched`` is false."""
    pending = {t["file"]: {"table": t, "sets": {}} for t in todo}

    def on_result(res: dict) -> None:
        entry = pending[res["table"]]
        entry["sets"][res["set"]] = res
        if bar and not res.get("reference"):
            bar.update(len(res["games"]))
        t = entry["table"]
        if len(entry["sets"]) == len(t["seeds"]):
            results = [entry["sets"][i] for i in range(len(t["seeds"]))]
            text = {}
            for r in results:
                for b, st in r["text"].items():
                    agg = text.setdefault(b, {"decisions": 0, "retries": 0, "fallbacks": 0})
                    for k in agg:
                        agg[k] += st[k]
            saved = {"schema": SCHEMA + "/table", "fingerprint": t["fingerprint"], "sha256": t["sha256"],
                     "versions": t["versions"], "lineup": t["lineup"],
                     "games": [g for r in results for g in r["games"]], "text": text,
                     "seconds": sum(r["seconds"] for r in results)}
            reused = sum(1 for r in results if r.get("reference"))
            if reused:
                saved["reference_sets"] = reused
            atomic_write(os.path.join(tables_dir, t["file"]), json.dumps(saved) + "\n")
            done[t["file"]] = saved
            if on_table is not None:
                on_table(t["file"])

    for res in ready:
        on_result(res)
    workers = workers or os.cpu_count() or 1
    jobs, rest = batch_jobs(todo, tasks, workers) if batched else ([], tasks)
    run_tasks(jobs + rest, max(1, min(workers, len(jobs) + len(rest) or 1)), address, on_result)


# --- the run ---------------------------------------------------------------------------------------------------
def command_line(budget: str, games: list[str], players, user: list[str], ladder_specs, sets, rr_sets, bootstrap,
                 seed: int, workers, reference: bool = True) -> str:
    """The ``hustings benchmark`` command that runs this configuration (written into the results)."""
    return " ".join(["hustings benchmark", f"--budget {budget}"]
                    + ([f"--games {' '.join(games)}"] if games != hustings.games() else [])
                    + ([f"--players {' '.join(map(str, players))}"] if players else [])
                    + ([f"--agents {' '.join(user)}"] if user else [])
                    + ([f"--ladder {' '.join(ladder_specs)}"] if ladder_specs is not None else [])
                    + [f"--{k.replace('_', '-')} {v}" for k, v in (("sets", sets), ("rr_sets", rr_sets),
                                                                  ("bootstrap", bootstrap)) if v is not None]
                    + ([f"--seed {seed}"] if seed else []) + ([] if reference else ["--no-reference"])
                    + [f"--workers {workers or os.cpu_count()}"])


def agent_names(specs: list[str]) -> list[str]:
    """Display names of the agents' SPECs (as ``hustings evaluate`` names its bots)."""
    from .evaluate import bot_names

    return bot_names(specs)


def benchmark(games: list[str] | None = None, players: list[int] | None = None, agents: list[str] | None = None,
              budget: str = "quick", out: str = "benchmark", workers: int | None = None, resume: bool = False,
              seed: int = 0, sets: int | None = None, rr_sets: int | None = None, ladder_specs: list[str] | None = None,
              address: str | None = None, progress: bool = True, bootstrap: int | None = None,
              on_table=None, log=print, estimate: bool = False, batched: bool = True, reference: bool = True,
              variance_reduction: dict | None = None) -> dict:
    """Run (or continue, with ``resume``) a benchmark; returns the results dict also written to ``out``.

    ``ladder_specs`` replaces the reference ladder (it must hold ``random`` and ``heuristic``); ``sets`` /
    ``rr_sets`` / ``bootstrap`` override the budget's numbers; ``on_table(file)`` is called after each table is
    saved (tests interrupt there). With ``estimate``, every agent is timed first
    (:func:`hustings.evaluation.evaluate.time_bots`) and the expected duration is logged before the games start.
    Ctrl-C stops it with ``KeyboardInterrupt``; the finished tables stay in ``out`` for ``resume``. Tables whose
    bots all have a batched form are played in batches in the compiled engine (the same games; ``batched=False``:
    one by one through the rules module). ``variance_reduction`` (options of
    :func:`hustings.evaluation.variance.parse_options`) plays the gauntlet tables through the rules module with their
    correction terms and adds each agent's raw and corrected win share, intervals over deal packs and multiplier
    (:mod:`hustings.evaluation.variance`); those tables are then played, not taken from the reference tables (the
    round robins still are)."""
    from hustings.bots import spec as spec_mod

    if budget not in BUDGETS:
        raise ConfigError(f"--budget {budget!r} is invalid; expected one of {', '.join(BUDGETS)}")
    cfg = dict(BUDGETS[budget])
    for k, v in (("sets", sets), ("rr_sets", rr_sets), ("bootstrap", bootstrap)):
        if v is not None:
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ConfigError(f"{k}={v!r} is invalid; expected an int >= 1")
            cfg[k] = v
    games = games or hustings.games()
    for g in games:
        hustings.game_module(g)  # unknown game: ConfigError
    user = list(agents or [])
    if ladder_specs is not None:
        missing = [s for s in ("random", ANCHOR) if s not in ladder_specs]
        if missing:
            raise ConfigError(f"--ladder {' '.join(ladder_specs)} lacks {', '.join(missing)}; expected a ladder "
                              f"holding random and {ANCHOR} (the normalisation's ends)")
    tables_dir = os.path.join(out, "tables")
    if not resume and os.path.isdir(tables_dir) and os.listdir(tables_dir):
        raise ConfigError(f"{tables_dir} already holds benchmark tables; expected an empty --out, or --resume to "
                          f"continue that run")
    # the plan, every SPEC checked before anything is played
    work = []  # (game, n, specs, names, tables)
    to_time = {}  # (game, n) -> (rules game, SPEC -> recipe): what estimate times
    hashes: dict[str, str] = {}
    for g in games:
        ns = players or (sizes(g) if cfg["sizes"] == "all" else [hustings.registry.info(g).default_players])
        for n in ns:
            if n not in sizes(g):  # --players 6 with several games: the games without 6 seats are left out
                log(f"{g}: no {n}-player table (it seats {', '.join(map(str, sizes(g)))}): left out")
                continue
            base = list(ladder_specs) if ladder_specs is not None else ladder(g, n)
            if ladder_specs is not None:
                base = [s for s in base if not s.startswith("shipped:") or n in shipped_sizes(s[len("shipped:"):])]
            specs = base + [s for s in user if s not in base]
            game = hustings.registry.make_game(g, n)
            recipes = spec_mod.resolve(g, game, specs)
            for s in specs:
                digest = spec_mod.spec_sha256(s, n)
                if digest is not None:
                    hashes.setdefault(_hash_key(s, n), digest)
            tables = plan_tables(g, n, specs, cfg["sets"], cfg["rr_sets"], seed)
            versions = {"game": hustings.registry.info(g).version, "observation": type(game).observation_version}
            for t in tables:
                t["recipes"] = [recipes[i] for i in t["lineup"]]
                if variance_reduction is not None and t["kind"] == "gauntlet":
                    from .variance import Estimator

                    est = Estimator(g, game, t["recipes"], variance_reduction)
                    t["variance_reduction"] = est.options
                    t["fingerprint"]["variance_reduction"] = {"options": est.options, "digest": est.digest}
                t["sha256"] = {s: hashes[_hash_key(s, n)] for s in t["specs"] if _hash_key(s, n) in hashes}
                t["versions"] = versions
            work.append((g, n, specs, agent_names(specs), tables))
            to_time[(g, n)] = (game, dict(zip(specs, recipes)))
    if not work:
        raise ConfigError(f"--players {' '.join(map(str, players or []))}: no table of {', '.join(games)} has that "
                          f"many seats; expected sizes the games support ("
                          + "; ".join(f"{g}: {', '.join(map(str, sizes(g)))}" for g in games) + ")")
    # what is done already
    done, todo = split_done([t for w in work for t in w[4]], tables_dir, resume)
    tasks = set_tasks(todo)
    ready = []
    if reference and tasks:  # with corrections, only the tables played without them (the round robins)
        from . import reference as reference_mod

        found, why = reference_mod.load()
        corrected = [t for t in tasks if t.get("variance_reduction") is not None]
        ready, tasks = reference_mod.take(todo, [t for t in tasks if t.get("variance_reduction") is None], found)
        tasks += corrected
        log(why + (f"; {len(ready)} of this run's deal sets taken from there (--no-reference plays them)"
                   if ready else ""))
    n_games = sum(t["num_players"] for t in tasks)
    log(f"benchmark ({budget}): {len(work)} game/size pairs, {sum(len(w[4]) for w in work)} tables "
        f"({len(done)} already done), {n_games} games to play")
    if estimate and tasks:
        left = {}  # the tables' sets still to play, for the estimate
        for task in tasks:
            left.setdefault(task["table"], []).append(task["seed"])
        log("timing the agents (a few moves each) ...")
        from .calibration import Calibration

        with Calibration() as calib:
            timed = expected_cpu([{**t, "seeds": left[t["file"]]} for t in todo if t["file"] in left], to_time, batched)
        log(estimate_line(timed, len(tasks), workers, address, calib.share))
    bar = None
    if progress and tasks:
        from tqdm import tqdm
        bar = tqdm(total=n_games, unit="game", desc="benchmark", file=sys.stderr)
    t0 = time.perf_counter()
    try:
        play_tables(todo, tasks, tables_dir, done, workers, address, bar, on_table, batched, ready)
    finally:
        if bar:
            bar.close()
    seconds = time.perf_counter() - t0
    wall = seconds
    previous = os.path.join(out, "results.json")
    if resume and os.path.isfile(previous):  # wall time of the earlier runs of this benchmark (if they got here)
        with open(previous) as f:
            old = json.load(f)
        wall += old.get("wall_seconds", old.get("seconds_this_run", 0.0))
    per_size = [summarise_size(g, n, specs, names, tables, done, cfg["bootstrap"], seed)
                for g, n, specs, names, tables in work]
    across = aggregate(per_size, cfg["bootstrap"], seed)
    command = command_line(budget, games, players, user, ladder_specs, sets, rr_sets, bootstrap, seed, workers,
                           reference)
    if variance_reduction is not None:
        from .variance import command_text

        command += command_text(variance_reduction)
    for r in per_size:
        r.pop("_set_scores")
    result = {
        "schema": SCHEMA, "hustings_version": hustings.__version__, "command": command, "budget": budget, "seed": seed,
        "sets": cfg["sets"], "rr_sets": cfg["rr_sets"], "bootstrap": cfg["bootstrap"], "anchor": ANCHOR,
        "games": {g: {"version": hustings.registry.info(g).version,
                      "observation_version": hustings.registry.info(g).game_class.observation_version}
                  for g in games},
        "agents": {s: {"sha256": ({f"{n}p": hashes[_hash_key(s, n)] for _, n, specs, _, _ in work if s in specs}
                               if s.startswith("shipped:") else hashes.get(s))} for w in work for s in w[2]},
        "deal_seeds": {f"{g}-{n}p": tables[0]["seeds"] for g, n, _, _, tables in work},
        "seconds_this_run": seconds, "wall_seconds": wall,
        "play_seconds": sum(d.get("seconds", 0.0) for d in done.values()),
        "reference_sets": sum(d.get("reference_sets", 0) for d in done.values()),
        "workers": workers or os.cpu_count(), "python": platform.python_version(),
        "per_size": per_size, "across_games": across,
    }
    os.makedirs(out, exist_ok=True)
    atomic_write(os.path.join(out, "results.json"), json.dumps(result, indent=2) + "\n")
    atomic_write(os.path.join(out, "BENCHMARKS.md"), markdown(result))
    plots(result, out)
    return result


# --- reports -----------------------------------------------------------------------------------------------------
def _ci(ci, fmt="{:.3f}") -> str:
    if any(isinstance(x, float) and math.isnan(x) for x in ci):
        return "-"
    return "[" + ", ".join(fmt.format(x) for x in ci) + "]"


def markdown(result: dict) -> str:
    """The results as Markdown tables: one per (game, size), then the across-games IQM."""
    lines = [f"# Benchmark ({result['budget']}, hustings {result['hustings_version']}, seed {result['seed']})", "",
             f"Made by `{result['command']} --out benchmark` (then `cp benchmark/BENCHMARKS.md .`); the method is "
             f"`hustings.evaluation.benchmark`'s docstring, the results file's schema is at the end.", "",
             f"{result['sets']} deal set(s) per gauntlet table and {result['rr_sets']} per round-robin table; "
             f"{result['bootstrap']} bootstrap resamples; {result['play_seconds']:.0f} s of playing in all (summed "
             f"over workers); " + (f"wall time {result['wall_seconds']:.0f} s on {result['workers']} worker(s) (not "
                                   f"counting runs that were interrupted)." if result["wall_seconds"] >= 1 else
                                   "wall time not known (the tables were played by runs that were interrupted).")
             + (f" {result['reference_sets']} deal sets of the reference agents' own tables were taken from the "
                f"shipped reference tables of this build (`hustings.evaluation.reference`; `--no-reference` plays "
                f"them)." if result.get("reference_sets") else ""),
             ""]
    for r in result["per_size"]:
        lines += [f"### {r['game']}, {r['num_players']} players (fair share {r['fair_share']:.3f}; "
                  f"game v{r['game_version']}, observation v{r['observation_version']})", "",
                  f"Win share: the agent in one seat against {r['num_players'] - 1} {r['anchor']} bots, every seat "
                  f"in turn. Rating: OpenSkill Plackett-Luce mu over the round-robin games.", "",
                  "| agent | games | win share | 95% CI | vs fair share | mean score | rating | rating 95% CI |",
                  "|---|---:|---:|---|---|---:|---:|---|"]
        for name, a in sorted(r["agents"].items(), key=lambda kv: -kv[1].get("rating", 0.0)):
            if "win_share" not in a:
                continue
            lines.append(f"| {name} | {a['games']} | {a['win_share']:.3f} | {_ci(a['ci95'])} | {a['vs_fair']} | "
                         f"{a['mean_score']:.2f} | {a['rating']:.1f} | {_ci(a['rating_ci95'], '{:.1f}')} |")
        vrs = {name: a["variance_reduction"] for name, a in r["agents"].items() if "variance_reduction" in a}
        if vrs:
            lines += ["", "Corrected by control variates (`--variance-reduction`: the same expected win share; "
                      "intervals over deal packs; multiplier: raw variance over corrected variance):", "",
                      "| agent | raw win share | 95% CI | corrected win share | 95% CI | multiplier |",
                      "|---|---:|---|---:|---|---:|"]
            for name, v in vrs.items():
                lines.append(f"| {name} | {v['raw_win_share']:.3f} | {_ci(v['raw_ci95'])} | "
                             f"{v['corrected_win_share']:.3f} | {_ci(v['corrected_ci95'])} | {v['multiplier']:.1f} |")
        texts = {name: a["text"] for name, a in r["agents"].items() if "text" in a}
        for name, t in texts.items():
            lines.append(f"\n{name}: {t['decisions']} text decisions, {t['retries']} retries, "
                         f"{t['fallbacks']} fallbacks (first legal move).")
        lines.append("")
    across = result["across_games"]
    lines += ["### Across games", "",
              f"Interquartile mean of normalised gauntlet scores ({across['normalisation']}), 95% stratified "
              f"bootstrap intervals; tasks: {', '.join(across['tasks']) or 'none'}"
              + (f"; not normalisable (random within 0.02 of the fair share): {', '.join(across['skipped_tasks'])}"
                 if across["skipped_tasks"] else "") + ".", "",
              "| agent | IQM | 95% CI | mean | tasks |", "|---|---:|---|---:|---:|"]
    for name, a in sorted(across["agents"].items(), key=lambda kv: -kv[1]["iqm"]):
        lines.append(f"| {name} | {a['iqm']:.2f} | {_ci(a['ci95'], '{:.2f}')} | {a['mean']:.2f} | {a['tasks']} |")
    return "\n".join(lines) + "\n" + SCHEMA_DOC


SCHEMA_DOC = """
## How it is made

* **Gauntlet** (win share, mean score): each agent in one seat against `n - 1` copies of the anchor `heuristic`,
  in duplicate deal sets: one deal played `n` times, the line-up rotated one seat each time, so the agent plays every
  seat of every deal; every gauntlet of a game and size plays the same deals. A shared win counts `1/k`. The 95%
  interval is Wilson's over games (as `hustings evaluate`; duplicate games are not independent, which makes it
  cautious); `ci95_sets` in the JSON is a percentile bootstrap over deal sets. "vs fair share" says whether the
  interval lies above, below or around `1/n`.
* **Rating**: OpenSkill's Plackett-Luce model over the finishing order (win share, then score) of round-robin
  tables of `n` different agents (every `n`-subset of the agents, or cyclic windows when there are more than 20;
  with fewer agents than seats, anchor copies fill the table unrated). `mu` is averaged over 10 orders of the
  games; its interval is a percentile bootstrap (deal sets resampled within each table, games reshuffled).
* **Across games**: per (game, size) task, gauntlet shares per deal set normalised so that random = 0 and the fair
  share (the anchor's own, by symmetry) = 1; the interquartile mean over all tasks and sets with a 95%
  stratified-bootstrap interval (sets resampled within tasks; Agarwal et al. 2021). The shipped bots count as one
  agent, `shipped`.
* Text agents (`text:package.module:factory`) that name no legal move are asked again, twice, then play the first
  legal move; the tables say how often.

## results.json (schema `hustings-benchmark/1`)

| key | what |
|---|---|
| `schema`, `hustings_version`, `command`, `budget`, `seed`, `sets`, `rr_sets`, `bootstrap`, `anchor` | the run |
| `games` | per game: `version` (the env's, `democracy_v1`) and `observation_version` (the observation layout's) |
| `agents` | per SPEC: `sha256` of its file (a policy file, a factory's module source), null for built-in bots; for `shipped:GAME`, one per table size (`{"4p": ...}`) |
| `deal_seeds` | per `GAME-Np`: the seeds of the deal sets (the deals of every table) |
| `seconds_this_run`, `wall_seconds`, `play_seconds`, `workers`, `python` | timing: this run's and all runs' wall time, all tables' playing time |
| `reference_sets` | deal sets taken from the shipped reference tables (`hustings.evaluation.reference`), not played |
| `per_size[]` | per game and size: `game`, `num_players`, `fair_share`, `game_version`, `observation_version`, `anchor`, `agents` |
| `per_size[].agents[NAME]` | `spec`, `games`, `deal_sets`, `win_share`, `ci95`, `ci95_sets`, `vs_fair`, `mean_score`, `truncated`, `seat_win_share` (per seat), `rating` (mu), `rating_sigma`, `rating_ci95`, `rated_games`; text agents: `text` {`decisions`, `retries`, `fallbacks`}; with `--variance-reduction`: `variance_reduction` {`raw_win_share`, `raw_ci95`, `corrected_win_share`, `corrected_ci95`, `multiplier`, `multiplier_vs_independent_games`, `weights`, `packs`, `terms`, `estimator` {`digest`, `options`}} |
| `across_games` | `normalisation`, `tasks`, `skipped_tasks`, `agents[NAME]`: `iqm`, `ci95`, `mean`, `tasks` |

Each finished table is kept in `tables/GAME-Np-KIND-KEY.json` (`fingerprint`: what was played; `sha256` and
`versions`: the agents' files and the game's versions it was played with; `lineup`: agent
index per bot; `games`: every game's `seed`, `seats` (bot -> seat), `winners` and `scores` by bot, `truncated`;
`text`; `seconds`); `--resume` reuses the tables whose fingerprint matches.
"""


def plots(result: dict, out: str) -> list[str]:
    """Win share with intervals and the rating ladder, per (game, size), as PNGs; none without matplotlib."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    paths = []
    for r in result["per_size"]:
        rows = [(name, a) for name, a in r["agents"].items() if "win_share" in a]
        tag = f"{r['game']}-{r['num_players']}p"
        fig, ax = plt.subplots(figsize=(6, 0.4 * len(rows) + 1.2))
        ys = range(len(rows))
        ws = [a["win_share"] for _, a in rows]
        err = [[w - a["ci95"][0] for w, (_, a) in zip(ws, rows)], [a["ci95"][1] - w for w, (_, a) in zip(ws, rows)]]
        ax.errorbar(ws, ys, xerr=err, fmt="o", capsize=3)
        ax.axvline(r["fair_share"], color="grey", linestyle="--", label="fair share")
        ax.set_yticks(list(ys), [name for name, _ in rows])
        ax.set_xlabel(f"win share vs {r['num_players'] - 1} {r['anchor']} (95% CI)")
        ax.set_title(tag)
        ax.legend(loc="lower right")
        fig.tight_layout()
        paths.append(os.path.join(out, f"win_share_{tag}.png"))
        fig.savefig(paths[-1], dpi=100)
        plt.close(fig)
        rated = sorted(((name, a) for name, a in r["agents"].items() if a.get("rated_games")),
                       key=lambda kv: kv[1]["rating"])
        if rated:
            fig, ax = plt.subplots(figsize=(6, 0.4 * len(rated) + 1.2))
            mu = [a["rating"] for _, a in rated]
            # an online rating's bootstrap interval need not hold the point estimate: clip the bars at it
            lo = [max(0.0, m - a["rating_ci95"][0]) if not math.isnan(a["rating_ci95"][0]) else 0.0
                  for m, (_, a) in zip(mu, rated)]
            hi = [max(0.0, a["rating_ci95"][1] - m) if not math.isnan(a["rating_ci95"][1]) else 0.0
                  for m, (_, a) in zip(mu, rated)]
            ax.errorbar(mu, range(len(rated)), xerr=[lo, hi], fmt="s", capsize=3)
            ax.set_yticks(list(range(len(rated))), [name for name, _ in rated])
            ax.set_xlabel("OpenSkill Plackett-Luce mu (95% bootstrap CI)")
            ax.set_title(f"rating ladder, {tag}")
            fig.tight_layout()
            paths.append(os.path.join(out, f"ratings_{tag}.png"))
            fig.savefig(paths[-1], dpi=100)
            plt.close(fig)
    return paths


# --- command line ------------------------------------------------------------------------------------------------
def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``hustings benchmark``."""
    p.add_argument("--games", nargs="+", metavar="GAME", default=None,
                   help="games to benchmark (default: all: " + ", ".join(hustings.games()) + ")")
    p.add_argument("--players", nargs="+", type=int, metavar="N", default=None,
                   help="table sizes (default: the game's default size; every size at --budget full)")
    p.add_argument("--agents", nargs="+", metavar="SPEC", default=[],
                   help="your agents: package.module:factory, text:package.module:factory, policy.pt, model.zip, "
                        ".onnx, or any hustings evaluate SPEC")
    p.add_argument("--budget", choices=list(BUDGETS), default="quick", help="deal sets per table and table sizes "
                   "(default quick)")
    p.add_argument("--sets", type=int, default=None, help="deal sets per gauntlet table (overrides the budget)")
    p.add_argument("--rr-sets", type=int, default=None, help="deal sets per round-robin table (overrides the budget)")
    p.add_argument("--bootstrap", type=int, default=None, help="bootstrap resamples (overrides the budget)")
    p.add_argument("--ladder", nargs="+", metavar="SPEC", default=None,
                   help="replace the reference ladder (must hold random and heuristic)")
    p.add_argument("--out", default="benchmark", metavar="DIR", help="output folder (default benchmark/)")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: CPU count)")
    p.add_argument("--resume", action="store_true", help="continue the run in --out: keep its finished tables")
    p.add_argument("--seed", type=int, default=0, help="benchmark seed: fixes every deal (default 0)")
    p.add_argument("--address", default=None, help="run the games as Ray tasks on this cluster ('auto', "
                   "'ray://host:10001', or 'local' for a local Ray); needs the distributed extra")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    p.add_argument("--no-reference", action="store_true", help="play the reference agents' own tables too, even where "
                   "this build ships them (hustings.evaluation.reference: the same games)")
    p.add_argument("--no-batch", action="store_true", help="play every table game by game through the rules module, "
                   "even those whose bots batch in the compiled engine (the same games, slower)")
    p.add_argument("--variance-reduction", nargs="?", const="", default=None, metavar="KEY=VALUE,...",
                   help="also report each agent's win share corrected by control variates (the same mean, a narrower "
                        "interval) and the effective-games multiplier; the gauntlets then play through the rules "
                        "module (options as hustings evaluate's; docs/evaluation.md)")


def _vr_options(text: str | None) -> dict | None:
    if text is None:
        return None
    from .variance import parse_options

    return parse_options(text)


def run(args) -> int:
    """``hustings benchmark``: the run, its tables, and where the results are; Ctrl-C says how to continue."""
    try:
        result = benchmark(games=args.games, players=args.players, agents=args.agents, budget=args.budget,
                           out=args.out, workers=args.workers, resume=args.resume, seed=args.seed, sets=args.sets,
                           rr_sets=args.rr_sets, ladder_specs=args.ladder, address=args.address,
                           progress=not args.no_progress, bootstrap=args.bootstrap, estimate=not args.no_progress,
                           batched=not getattr(args, "no_batch", False),
                           reference=not getattr(args, "no_reference", False),
                           variance_reduction=_vr_options(getattr(args, "variance_reduction", None)))
    except KeyboardInterrupt:
        tables = os.path.join(args.out, "tables")
        kept = len(os.listdir(tables)) if os.path.isdir(tables) else 0
        again = command_line(args.budget, args.games or hustings.games(), args.players, args.agents, args.ladder,
                             args.sets, args.rr_sets, args.bootstrap, args.seed, args.workers,
                             not getattr(args, "no_reference", False))
        print(f"\nstopped: {kept} finished table(s) kept in {tables}; continue with: {again} --out {args.out} "
              f"--resume", file=sys.stderr)
        return 130
    print(markdown(result), end="")
    print(f"results in {os.path.join(args.out, 'results.json')} and {os.path.join(args.out, 'BENCHMARKS.md')}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m hustings.evaluation.benchmark``: the same as ``hustings benchmark``."""
    from hustings.commands import module_main
    return module_main("python -m hustings.evaluation.benchmark", __doc__, add_arguments, run, argv)


if __name__ == "__main__":
    sys.exit(main())
