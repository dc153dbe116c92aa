"""The panel: every shipped bot against every kind of opponent, ``hustings panel [--games G ...] [--players N ...]``.

A bot that wins against ``n - 1`` copies of the heuristic has learned to exploit one scripted bot; the panel asks
how it does against the others. For every game and table size with a shipped bot, each **subject** (the shipped bot
``shipped:GAME``, its net; and any ``--agents SPEC``, e.g. a candidate net, or the searching variant shipped beside
the net at some sizes, ``shipped-search:GAME``) sits in one seat of these line-ups, every seat in turn:

* **(a) heuristic**: ``n - 1`` copies of the game's ``heuristic``;
* **(b) IS-MCTS**: ``n - 1`` copies of the command line's standard ``ismcts`` (:data:`STANDARD_ISMCTS`: the game's
  own search options and budget, ``GAME_INFO.search``; ``--ismcts`` replaces it);
* **(c) search**: ``n - 1`` copies of the strongest searching variant at a stated budget, :func:`search_spec`: the
  searching variant shipped beside the net at that size (its ``search.json``: Democracy 4p
  ``pimc:iters=240,model=shipped``, Politrickers 4p ``ismcts:favourite=shipped,iters=280,prior=80``, Politrickers 5p
  ``ismcts:favourite=shipped``), else the standard IS-MCTS at :data:`SEARCH_BUDGET_FACTOR` times the game's
  iterations (and head start, where the game's search has one: Politix ``ismcts:iters=320,prior=120``; ``--search``
  replaces it);
* **(d) mixed**: one seat each of the other kinds, in this order and cycled when there are more seats: heuristic,
  IS-MCTS, the other net (the previous shipped net; for the searching variant its own net; for an ``--agents`` bot
  the shipped net), the search, random. At 3 players that is heuristic + IS-MCTS; at 2 players the table has one
  other seat, which rows a, b, c and e already cover, so it is left out;
* **(e) previous**: ``n - 1`` copies of the previous shipped bot of that size: the last version of its files in the
  repository's history (``git log`` of ``checkpoints/...``: ``policy.npz``, and ``search.json`` for
  ``shipped-search:``) that differs from the current one and still fits the game's observation layout, extracted to
  ``OUT/previous/``. Where there is none, the searching variant meets its own net and a net says so (the row is
  left out); an ``--agents`` bot meets the current shipped bot (``shipped:GAME``);
* **(f) cross-play**: tables of ``n`` different agents among the subjects, their previous bots and the references
  (heuristic, IS-MCTS, the search, random), as ``hustings benchmark``'s round robins
  (:func:`hustings.evaluation.benchmark.round_robin`), rated by OpenSkill Plackett-Luce
  (:func:`hustings.evaluation.ratings.rate_tables`): a population rating.

**The control.** Every line-up (a to e) is also played with the heuristic in the subject's seat: the same deals,
the same seats, the same other bots (seeded alike), only the subject swapped. Each row gives the subject's **paired
difference** over that control: per deal, the subject's share minus the heuristic's, with a 95% interval over deals
(:func:`control_row`). A bot that adds something over the heuristic it learned from has it above 0 in every row.

**The opponents' own strength.** Each opponent (IS-MCTS, the search, random, the previous and other nets) also
plays one seat against ``n - 1`` heuristic bots on the line-ups' deals (:func:`summarise`'s ``opponents``), so the
header of every table says how strong the field is.

Every table plays duplicate deals (one deal per set, played ``n`` times with the line-up rotated one seat each time:
:func:`hustings.evaluation.evaluate.duplicate_set`). A row gives the subject's **win share** (a shared win counts
``1/k``) with a **95% interval over deals** (:func:`hustings.evaluation.ratings.deal_interval`: a deal's share is
the mean over its ``n`` rotations, deals are independent; mean +- 1.96 standard errors), the fair share ``1/n`` and
whether the interval lies above it. Each subject's **worst line-up** is its row (a to e, or a cross-play table) with
the lowest win share.

**Seed sets.** Deals come from two disjoint sets: ``--seed-set select`` (even deal seeds) for choosing between bots
(training runs, candidate nets, configs) and ``--seed-set report`` (odd deal seeds; the default) for the numbers that
are published, so that a bot is never reported on the deals it was chosen on. :func:`deal_seeds` gives either set.

**Budgets** (games per table, rounded up to whole deals): ``quick`` 8 / 8 / 4 (rows a / b-e / each cross-play
table; a smoke test), ``standard`` 2,000 / 400 / 100 (the issue's minimum for the published table); ``--games-*``
override them; the controls and the opponents' strength tables have their rows' counts. The expected time is
printed before the games start (every agent timed on a few moves).

**Output** in ``--out`` (default ``panel/``): ``tables/GAME-Np-KEY.json`` (each finished table, written atomically;
``--resume`` keeps those whose configuration matches), ``previous/`` (the earlier shipped nets), ``panel.json``
(schema :data:`SCHEMA`, described in docs/panel.md) and ``PANEL.md`` (a table per game and size). The machinery
(resuming, tasks, workers or Ray, timing, ratings) is :mod:`hustings.evaluation.benchmark`'s.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import time
from collections import Counter

import numpy as np

import hustings
from hustings.core.files import atomic_write
from hustings.core.rules import ConfigError

from . import benchmark, ratings

SCHEMA = "hustings-panel/2"
PANEL_SEED = 39  # the base of every panel deal seed (--seed replaces it)
#: The two disjoint deal sets: a deal seed's parity says which set it is in.
SEED_SETS = {"select": 0, "report": 1}
BUDGETS = {
    "quick": {"heuristic": 8, "lineup": 8, "cross": 4, "bootstrap": 50},
    "standard": {"heuristic": 2000, "lineup": 400, "cross": 100, "bootstrap": 200},
}
ROWS = ("heuristic", "ismcts", "search", "mixed", "previous")
ROW_LABELS = {"heuristic": "a", "ismcts": "b", "search": "c", "mixed": "d", "previous": "e", "cross": "f"}
HEURISTIC, RANDOM, ISMCTS_NAME, SEARCH_NAME = "heuristic", "random", "IS-MCTS", "search"
#: The IS-MCTS of row (b): the command line's standard ``ismcts`` (the game's own search options and budget).
STANDARD_ISMCTS = "ismcts"
#: Where a size ships no searching variant, row (c)'s search is the standard IS-MCTS at this many times its budget.
SEARCH_BUDGET_FACTOR = 4


# --- who plays ---------------------------------------------------------------------------------------------------
def ismcts_spec(game: str) -> str:
    """Row (b)'s IS-MCTS for ``game``: the command line's standard ``ismcts`` (the game's ``GAME_INFO.search``
    options and iterations)."""
    hustings.game_module(game)
    return STANDARD_ISMCTS


def search_spec(game: str, n: int) -> tuple[str, str]:
    """Row (c)'s search for ``game`` at ``n`` seats and what it is: ``(SPEC, words)``. The searching variant
    shipped beside the net at that size (its ``search.json``) where there is one, else the standard IS-MCTS at
    :data:`SEARCH_BUDGET_FACTOR` times the game's iterations (and its ``prior`` head start, scaled alike, as the
    Politrickers 4p variant scales it)."""
    from hustings import checkpoints
    from hustings.bots.search_spec import DEFAULTS

    if game in checkpoints.names() and n in checkpoints.sizes(game):
        shipped = checkpoints.search_spec(game, n)
        if shipped is not None:
            return shipped, f"the searching variant shipped at {n} players (shipped-search:{game})"
    own = hustings.registry.info(game).search
    iters = SEARCH_BUDGET_FACTOR * int(own.get("iterations", DEFAULTS["iterations"]))
    prior = SEARCH_BUDGET_FACTOR * float(own.get("prior", DEFAULTS["prior"]))
    return (f"ismcts:iters={iters}" + (f",prior={prior:g}" if prior > 0 else ""),
            f"the standard IS-MCTS at {SEARCH_BUDGET_FACTOR}x its budget ({iters} iterations a move"
            + (f", the heuristic's head start scaled alike to {prior:g} visits" if prior > 0 else "")
            + f"; no searching variant is shipped at {n} players)")


def check_search(option: str, spec: str) -> None:
    """A :class:`ConfigError` unless ``spec`` is a search bot SPEC (``ismcts...``, ``pimc...``)."""
    from hustings.bots.search_spec import is_search_spec

    if not is_search_spec(spec):
        raise ConfigError(f"{option} {spec!r}: expected a search SPEC (ismcts:... or pimc:...)")


def deal_seeds(seed_set: str, game: str, n: int, count: int, base: int = PANEL_SEED) -> list[int]:
    """The first ``count`` deal seeds of ``seed_set`` (``select`` or ``report``) for ``game`` at ``n`` seats: even
    seeds for ``select``, odd for ``report``, so the two sets never share a deal."""
    if seed_set not in SEED_SETS:
        raise ConfigError(f"seed set {seed_set!r} is invalid; expected one of {', '.join(SEED_SETS)}")
    return [2 * benchmark.deal_seed(base, game, n, i) + SEED_SETS[seed_set] for i in range(count)]


def _git(where: str, *args: str) -> bytes | None:
    """``git -C where args...``'s output, or None (no git, not a checkout, an unknown path at a commit)."""
    try:
        r = subprocess.run(["git", "-C", where, *args], capture_output=True, timeout=120)
    except (OSError, subprocess.SubprocessError):
        return None
    return r.stdout if r.returncode == 0 else None


def _same_net(a: list, b: list) -> bool:
    return len(a) == len(b) and all(x.shape == y.shape and np.array_equal(x, y) for x, y in zip(a, b))


def previous_shipped(game: str, n: int, net_only: bool, store: str) -> dict:
    """The previous shipped bot of ``game`` at ``n`` seats: ``{"spec", "name", "commit", "note"}`` (``spec`` None
    where there is none, ``note`` saying why). ``net_only``: the previous *net* (``policy.npz``); else the previous
    shipped bot (``policy.npz`` with ``search.json``). Found in the repository's history: the newest commit whose
    version differs from the files now (a net compared by its weights); an earlier net is extracted to
    ``store/GAME-Np-COMMIT/policy.npz``."""
    from hustings import checkpoints
    from hustings.bots.policy import CheckpointError, load_policy
    from hustings.bots.search_spec import parse_search_spec, resolve_options

    what = "net" if net_only else "shipped bot"
    folder = checkpoints.folder(game, n)
    top = _git(folder, "rev-parse", "--show-toplevel")
    if top is None:
        return {"spec": None, "name": None, "commit": None,
                "note": f"no previous {what} known: {folder} is not in a git checkout"}
    top = top.decode().strip()
    rel = os.path.relpath(folder, top).replace(os.sep, "/")
    paths = [f"{rel}/policy.npz"] + ([] if net_only else [f"{rel}/{checkpoints.SEARCH_FILE}"])
    commits = (_git(top, "log", "--format=%H", "--", *paths) or b"").decode().split()
    rules = hustings.registry.make_game(game, n)
    current = load_policy(checkpoints.policy_path(game, n), rules).to_arrays()
    current_search = None if net_only else checkpoints.search_spec(game, n)
    for commit in commits:
        blob = _git(top, "show", f"{commit}:{rel}/policy.npz")
        if blob is None:  # the bot did not exist yet
            break
        search = None
        if not net_only:
            raw = _git(top, "show", f"{commit}:{rel}/{checkpoints.SEARCH_FILE}")
            search = json.loads(raw)["spec"] if raw else None
        short = commit[:7]
        path = os.path.join(store, f"{game}-{n}p-{short}", "policy.npz")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        atomic_write(path, blob)
        try:
            arrays = load_policy(path, rules).to_arrays()
        except CheckpointError as exc:
            return {"spec": None, "name": None, "commit": commit,
                    "note": f"the previous {what} ({short}) does not fit the game now ({exc})"}
        same = _same_net(arrays, current)
        if same:  # the current net: this commit's file is not needed
            os.remove(path)
            os.rmdir(os.path.dirname(path))
            if search == current_search:
                continue
        name = f"previous {what} ({short})"
        if search is None:
            spec = f"shipped:{game}" if same else path
            return {"spec": spec, "name": name, "commit": commit,
                    "note": f"{name}: " + ("the shipped net alone" if same else f"the net of commit {short}")}
        opts = resolve_options(game, parse_search_spec(search)[1])
        if same or opts["favourite"] != "shipped" or opts["prior"] == 0:
            return {"spec": search, "name": name, "commit": commit, "note": f"{name}: `{search}`"}
        return {"spec": None, "name": None, "commit": commit,
                "note": f"the previous shipped bot ({short}) played `{search}` with an earlier net, which a search "
                        f"SPEC cannot name (favourite=shipped is always the current net)"}
    return {"spec": None, "name": None, "commit": None,
            "note": f"no previous {what}: no earlier version in the repository's history differs from this one"}


def _add(agents: list[str], names: list[str], spec: str, name: str) -> int:
    if spec in agents:
        return agents.index(spec)
    agents.append(spec)
    names.append(name)
    return len(agents) - 1


def plan_size(game: str, n: int, user: list[str], shipped: bool, games: dict, seed_set: str, base: int,
              ismcts: str, store: str, cross: bool = True, search: str | None = None,
              rows: list[str] | None = None) -> dict:
    """Who plays what at ``game``, ``n`` seats: ``{"game", "num_players", "agents" (SPECs), "names", "subjects"
    (agent ids), "previous" (per subject: :func:`previous_shipped`'s dict), "other_net", "search" (row (c)'s SPEC
    and what it is), "tables", "notes"}``; a table is a dict as :mod:`hustings.evaluation.benchmark` plays them, with
    ``kind`` (``lineup``, ``control``: a line-up with the heuristic in the subject's seat, ``strength``: an opponent
    in one seat against ``n - 1`` heuristic, or ``cross``), ``row`` and ``subject``; a line-up's ``control`` names
    its control table's file. ``rows`` (row letters, ``a``-``e``; default all) plays only those line-ups, their
    controls and the strength tables of their opponents."""
    from hustings import checkpoints
    from hustings.bots import spec as spec_mod

    agents: list[str] = []
    names: list[str] = []
    notes: list[str] = []
    has_shipped = game in checkpoints.names() and n in checkpoints.sizes(game)
    net, shipped_search = f"shipped:{game}", f"shipped-search:{game}"
    subject_specs = []
    if shipped and has_shipped:
        subject_specs.append((net, "shipped"))
    for spec, name in zip(user, spec_mod.bot_names(user)):
        subject_specs.append((spec, name))
    subjects = [_add(agents, names, spec, name) for spec, name in subject_specs]
    h = _add(agents, names, HEURISTIC, HEURISTIC)
    i = _add(agents, names, ismcts, ISMCTS_NAME)
    strong, about = (search, "given by --search") if search else search_spec(game, n)
    c = _add(agents, names, strong, SEARCH_NAME)
    notes.append(f"the search of row (c), `{strong}`: {about}")
    r = _add(agents, names, RANDOM, RANDOM)
    previous, other_net = {}, {}
    for s in subjects:
        spec = agents[s]
        if spec in (net, f"shipped-net:{game}", shipped_search):
            info = previous_shipped(game, n, spec != shipped_search, store)
            if info["spec"] is None and spec == shipped_search:
                info = dict(info, spec=net, name="shipped",
                            note=info["note"] + "; the searching variant meets its own net instead")
        elif has_shipped:
            info = {"spec": net, "name": "shipped", "commit": None, "note": "the current shipped bot"}
        else:
            info = {"spec": None, "name": None, "commit": None, "note": f"no shipped {game} bot at {n} players"}
        if info["spec"] is not None:
            info["agent"] = _add(agents, names, info["spec"], info["name"])
        else:
            notes.append(f"{names[s]}: row (e) left out: {info['note']}")
        previous[s] = info
        # the other net of the mixed table
        prev_spec = info["spec"]
        if prev_spec is not None and (prev_spec in (net, f"shipped-net:{game}") or prev_spec.endswith(".npz")):
            other = info["agent"]
        elif has_shipped and spec not in (net, f"shipped-net:{game}"):
            other = _add(agents, names, net, "shipped")  # (a net's own net is itself)
        else:
            other = None
        other_net[s] = other
    tables = []

    def table(kind: str, key: str, lineup: list[int], rated: list[bool], count: int, row: str, subject) -> dict:
        seeds = deal_seeds(seed_set, game, n, max(1, -(-count // n)), base)
        specs = [agents[a] for a in lineup]
        for t in tables:  # the same line-up on the same deals is played once (a control shared by subjects)
            if t["specs"] == specs and t["seeds"] == seeds and t["rated"] == rated and kind != "lineup":
                return t
        t = {"kind": kind, "key": key, "row": row, "subject": subject, "lineup": lineup, "rated": rated,
             "seeds": seeds, "game": game, "num_players": n, "specs": specs}
        t["fingerprint"] = {"game": game, "num_players": n, "kind": kind, "specs": specs, "rated": rated,
                            "seeds": seeds}
        t["file"] = f"{game}-{n}p-{key}.json"
        tables.append(t)
        return t

    if n < 3:
        notes.append(f"{n} players: the mixed table (d) is left out (one other seat: rows a, b, c and e are its "
                     f"line-ups)")
    unrated = [False] * (n - 1)
    for k, s in enumerate(subjects):
        others = {"heuristic": [h] * (n - 1), "ismcts": [i] * (n - 1), "search": [c] * (n - 1)}
        if n >= 3:
            kinds = [h, i] + ([other_net[s]] if other_net[s] is not None else []) + [c, r]
            kinds = list(dict.fromkeys(a for a in kinds if a != s))
            others["mixed"] = [kinds[j % len(kinds)] for j in range(n - 1)]
        if previous[s]["spec"] is not None:
            others["previous"] = [previous[s]["agent"]] * (n - 1)
        for row in ROWS:
            if row in others and (rows is None or ROW_LABELS[row] in rows):
                count = games["heuristic" if row == "heuristic" else "lineup"]
                t = table("lineup", f"s{k}-{row}", [s] + others[row], [True] + unrated, count, row, s)
                t["control"] = table("control", f"s{k}-{row}-h", [h] + others[row], [True] + unrated, count, row,
                                     s)["file"]
    # each opponent's own strength: one seat of it against n - 1 heuristic bots
    opponents = [a for a in range(len(agents)) if a not in subjects and a != h]
    if rows is not None:  # only the opponents of the line-ups played
        opponents = [a for a in opponents if any(a in t["lineup"] for t in tables)]
    for a in opponents:
        table("strength", f"o{a}", [a] + [h] * (n - 1), [True] + unrated, games["lineup"], "strength", None)
    cross_agents = []
    if cross:
        cross_agents = list(dict.fromkeys(subjects + [p["agent"] for p in previous.values() if "agent" in p]
                                          + [h, i, c, r]))
        for k, (lineup, rated) in enumerate(benchmark.round_robin(len(cross_agents), n, cross_agents.index(h))):
            table("cross", f"x{k:02d}", [cross_agents[a] for a in lineup], rated, games["cross"], "cross", None)
    return {"game": game, "num_players": n, "agents": agents, "names": names, "subjects": subjects,
            "previous": previous, "other_net": other_net, "opponents": opponents, "cross_agents": cross_agents,
            "tables": tables, "notes": notes, "ismcts": ismcts, "search": {"spec": strong, "about": about}}


# --- the numbers -------------------------------------------------------------------------------------------------
def verdict(ci: list[float], fair: float) -> str:
    """``yes`` (the interval lies above the fair share), ``no: below`` (under it), ``not shown`` (it holds it) or
    ``n/a`` (no interval: fewer than 2 deals)."""
    lo, hi = ci
    if math.isnan(lo):
        return "n/a"
    return "yes" if lo > fair else "no: below" if hi < fair else "not shown"


def describe(names: list[str], others: list[int]) -> str:
    """The other seats of a line-up in words: ``3 heuristic``, ``heuristic + IS-MCTS + random``."""
    counts = Counter(others)
    if len(counts) == 1:
        a, k = next(iter(counts.items()))
        return f"{k} {names[a]}" if k > 1 else names[a]
    return " + ".join(f"{k} {names[a]}" if k > 1 else names[a] for a, k in counts.items())


def per_deal_shares(t: dict, saved: dict, b: int) -> list[float]:
    """Bot ``b``'s win share in each deal of table ``t`` (the mean over the deal's seat rotations), in deal order."""
    by_seed: dict[int, list[float]] = {}
    for g in saved["games"]:
        by_seed.setdefault(g["seed"], []).append(ratings.share_of(g, b))
    return [float(np.mean(by_seed[s])) for s in t["seeds"]]


def seat_row(t: dict, saved: dict, b: int, names: list[str]) -> dict:
    """Bot ``b``'s result in table ``t``: games, deals, win share, its interval over deals (and Wilson's over games),
    the fair share and :func:`verdict`."""
    from .evaluate import wilson

    n = t["num_players"]
    fair = 1.0 / n
    per_deal = per_deal_shares(t, saved, b)
    share = float(np.mean(per_deal))
    ci = ratings.deal_interval(per_deal)
    others = [a for k, a in enumerate(t["lineup"]) if k != b]
    return {"row": t["row"], "label": ROW_LABELS.get(t["row"], "-"), "lineup": describe(names, others),
            "specs": t["specs"], "table": t["file"], "games": len(saved["games"]), "deals": len(per_deal),
            "win_share": share, "ci95": ci, "ci95_wilson": list(wilson(share, len(saved["games"]))),
            "fair_share": fair, "above_fair": verdict(ci, fair),
            "mean_score": float(np.mean([g["scores"][b] for g in saved["games"]])),
            "truncated": sum(bool(g["truncated"]) for g in saved["games"]),
            **({"variance_reduction": corrected_row(saved, b)} if all("correction" in g for g in saved["games"])
               else {})}


def _vr_text(options: dict | None) -> str:
    from .variance import command_text

    return command_text(options)


def corrected_row(saved: dict, b: int) -> dict:
    """Bot ``b``'s raw and corrected win share over the deal packs of a table played with correction terms
    (``--variance-reduction``, :mod:`hustings.evaluation.variance`): intervals and the multiplier."""
    from . import variance

    raw, terms = variance.packs(saved["games"], b)
    cor, weights = variance.crossfit(raw, terms)
    var_raw, var_cor = (float(np.var(x, ddof=1)) if len(x) > 1 else float("nan") for x in (raw, cor))
    return {"raw_win_share": float(raw.mean()), "raw_ci95": variance.interval(raw),
            "corrected_win_share": float(cor.mean()), "corrected_ci95": variance.interval(cor),
            "multiplier": variance._ratio(var_raw, var_cor), "weights": weights,
            "digest": saved["fingerprint"].get("variance_reduction", {}).get("digest")}


def paired_verdict(ci: list[float]) -> str:
    """``above 0``, ``below 0``, ``not shown`` (the interval holds 0) or ``n/a``."""
    lo, hi = ci
    if math.isnan(lo):
        return "n/a"
    return "above 0" if lo > 0 else "below 0" if hi < 0 else "not shown"


def control_row(t: dict, saved: dict, ct: dict, csaved: dict) -> dict:
    """The control of line-up ``t``: the heuristic in the subject's seat (table ``ct``, the same deals and the same
    other seats), its win share and the subject's paired difference over deals with its 95% interval."""
    mine, theirs = per_deal_shares(t, saved, 0), per_deal_shares(ct, csaved, 0)
    diff = [a - b for a, b in zip(mine, theirs)]
    ci = ratings.deal_interval(diff, lo=-1.0, hi=1.0)
    return {"control_table": ct["file"], "control_share": float(np.mean(theirs)),
            "control_ci95": ratings.deal_interval(theirs), "paired": float(np.mean(diff)), "paired_ci95": ci,
            "paired_verdict": paired_verdict(ci)}


def worst(rows: list[dict]) -> dict | None:
    """The row with the lowest win share (ties: the lower interval bound)."""
    if not rows:
        return None
    return min(rows, key=lambda r: (r["win_share"], -math.inf if math.isnan(r["ci95"][0]) else r["ci95"][0]))


def summarise(plan: dict, done: dict[str, dict], boot: int, seed: int) -> dict:
    """The panel of one game and size from its played tables."""
    n = plan["num_players"]
    names, agents = plan["names"], plan["agents"]
    by_file = {t["file"]: t for t in plan["tables"]}
    subjects = {}
    for s in plan["subjects"]:
        rows = []
        for t in plan["tables"]:
            if t["kind"] == "lineup" and t["subject"] == s:
                row = seat_row(t, done[t["file"]], 0, names)
                ct = by_file[t["control"]]
                row.update(control_row(t, done[t["file"]], ct, done[ct["file"]]))
                rows.append(row)
        cross = [seat_row(t, done[t["file"]], t["lineup"].index(s), names) for t in plan["tables"]
                 if t["kind"] == "cross" and s in t["lineup"]]
        prev = plan["previous"][s]
        subjects[names[s]] = {"spec": agents[s], "rows": rows, "cross": cross, "worst": worst(rows + cross),
                              "worst_paired": min(rows, key=lambda r: r["paired"]) if rows else None,
                              "previous": {k: prev.get(k) for k in ("spec", "name", "commit", "note")},
                              "other_net": None if plan["other_net"][s] is None else names[plan["other_net"][s]]}
    opponents = {}
    for t in plan["tables"]:
        if t["kind"] == "strength":
            a = t["lineup"][0]
            row = seat_row(t, done[t["file"]], 0, names)
            opponents[names[a]] = {"spec": agents[a], "win_share": row["win_share"], "ci95": row["ci95"],
                                   "games": row["games"], "above_fair": row["above_fair"], "table": t["file"]}
    rr = [(t, done[t["file"]]["games"]) for t in plan["tables"] if t["kind"] == "cross"]
    rated = {}
    if rr:
        mu, sigma, boot_mu, base = ratings.rate_tables(rr, n, len(agents), boot, np.random.default_rng(seed))
        for a in plan["cross_agents"]:
            rated[names[a]] = {"spec": agents[a], "rating": mu[a], "rating_sigma": sigma[a],
                               "rating_ci95": ratings.percentile_ci(boot_mu[:, a]),
                               "rated_games": sum(1 for ids, _ in base if a in ids)}
    return {"game": plan["game"], "num_players": n, "fair_share": 1.0 / n,
            "game_version": hustings.registry.info(plan["game"]).version,
            "observation_version": hustings.registry.info(plan["game"]).game_class.observation_version,
            "ismcts": plan["ismcts"], "search": plan["search"], "agents": dict(zip(names, agents)),
            "opponents": opponents, "subjects": subjects, "ratings": rated, "cross_tables": len(rr),
            "notes": plan["notes"],
            "deal_seeds": {row: next((t["seeds"] for t in plan["tables"] if t["row"] == row), [])
                           for row in ("heuristic", "ismcts", "cross")}}


# --- the run -----------------------------------------------------------------------------------------------------
def command_line(games, players, user, shipped, budget, overrides, seed_set, seed, ismcts, cross, workers,
                 search=None, rows=None) -> str:
    """The ``hustings panel`` command that runs this configuration (written into the results)."""
    return " ".join(["hustings panel", f"--budget {budget}", f"--seed-set {seed_set}"]
                    + ([f"--games {' '.join(games)}"] if games else [])
                    + ([f"--players {' '.join(map(str, players))}"] if players else [])
                    + ([f"--agents {' '.join(user)}"] if user else []) + ([] if shipped else ["--no-shipped"])
                    + [f"--games-{k} {v}" for k, v in overrides.items() if v is not None]
                    + ([f"--seed {seed}"] if seed != PANEL_SEED else []) + ([f"--ismcts {ismcts}"] if ismcts else [])
                    + ([f"--search {search}"] if search else [])
                    + ([f"--rows {' '.join(rows)}"] if rows else [])
                    + ([] if cross else ["--no-cross"]) + [f"--workers {workers or os.cpu_count()}"])


def panel(games: list[str] | None = None, players: list[int] | None = None, agents: list[str] | None = None,
          shipped: bool = True, budget: str = "quick", games_heuristic: int | None = None,
          games_lineup: int | None = None, games_cross: int | None = None, seed_set: str = "report",
          seed: int = PANEL_SEED, ismcts: str | None = None, cross: bool = True, out: str = "panel",
          workers: int | None = None, resume: bool = False, address: str | None = None, progress: bool = True,
          estimate: bool = False, on_table=None, log=print, search: str | None = None,
          variance_reduction: dict | None = None, rows: list[str] | None = None) -> dict:
    """Run (or continue, with ``resume``) the panel; the results dict, also written to ``out`` (``panel.json``,
    ``PANEL.md``). ``games``/``players`` choose the tables (default: every game with a shipped bot or ``agents``, at
    every size with a shipped bot; ``players`` for the ``agents`` alone: any size), ``shipped=False`` leaves the
    shipped bots out of the subjects. With ``estimate`` every agent is timed first and the expected duration logged.
    Ctrl-C stops it with ``KeyboardInterrupt``; finished tables stay in ``out`` for ``resume``.
    ``variance_reduction`` (options of :func:`hustings.evaluation.variance.parse_options`) plays the tables whose bots
    are nets and scripted bots (not the cross-play) with correction terms and adds each row's raw and corrected win
    share and multiplier (:func:`corrected_row`). ``rows`` (letters ``a``-``e``) plays only those rows (with their
    controls and their opponents' strength tables): a shorter run, for example of the rows whose bots are nets
    and scripted bots (``["a", "e"]``)."""
    from hustings import checkpoints
    from hustings.bots import spec as spec_mod

    if budget not in BUDGETS:
        raise ConfigError(f"--budget {budget!r} is invalid; expected one of {', '.join(BUDGETS)}")
    if seed_set not in SEED_SETS:
        raise ConfigError(f"--seed-set {seed_set!r} is invalid; expected one of {', '.join(SEED_SETS)}")
    cfg = dict(BUDGETS[budget])
    if rows is not None:
        bad = [r for r in rows if r not in ("a", "b", "c", "d", "e")]
        if bad or not rows:
            raise ConfigError(f"--rows {' '.join(map(str, rows))} is invalid; expected row letters among a b c d e")
        rows = [r for r in "abcde" if r in rows]
    overrides = {"heuristic": games_heuristic, "lineup": games_lineup, "cross": games_cross}
    for k, v in overrides.items():
        if v is not None:
            if isinstance(v, bool) or not isinstance(v, int) or v < 1:
                raise ConfigError(f"--games-{k} {v!r} is invalid; expected an int >= 1")
            cfg[k] = v
    user = list(agents or [])
    if not shipped and not user:
        raise ConfigError("--no-shipped without --agents leaves no bot to measure; expected --agents SPEC ...")
    games = list(games or (hustings.games() if user else checkpoints.names()))
    for g in games:
        hustings.game_module(g)  # unknown game: ConfigError
    tables_dir = os.path.join(out, "tables")
    if not resume and os.path.isdir(tables_dir) and os.listdir(tables_dir):
        raise ConfigError(f"{tables_dir} already holds panel tables; expected an empty --out, or --resume to "
                          f"continue that run")
    store = os.path.join(out, "previous")
    plans, to_time = [], {}
    for g in games:
        own = benchmark.shipped_sizes(g) if shipped else []
        ns = players or (own if not user else sorted(set(own) | {hustings.registry.info(g).default_players}))
        for n in ns:
            if n not in benchmark.sizes(g):
                log(f"{g}: no {n}-player table (it seats {', '.join(map(str, benchmark.sizes(g)))}): left out")
                continue
            if not user and n not in own:
                log(f"{g}: no shipped bot at {n} players: left out")
                continue
            spec = ismcts or ismcts_spec(g)
            check_search("--ismcts", spec)
            if search:
                check_search("--search", search)
            plan = plan_size(g, n, user, shipped, cfg, seed_set, seed, spec, store, cross, search, rows)
            rules = hustings.registry.make_game(g, n)
            recipes = spec_mod.resolve(g, rules, plan["agents"])
            digests = {s: spec_mod.spec_sha256(s, n) for s in plan["agents"]}
            versions = {"game": hustings.registry.info(g).version, "observation": type(rules).observation_version}
            for t in plan["tables"]:
                t["recipes"] = [recipes[a] for a in t["lineup"]]
                t["sha256"] = {s: digests[s] for s in t["specs"] if digests[s] is not None}
                t["versions"] = versions
                if (variance_reduction is not None and t["kind"] != "cross" and "variance_reduction" not in t
                        and all(r[0] in ("scripted", "policy") for r in t["recipes"])):
                    from .variance import Estimator

                    est = Estimator(g, rules, t["recipes"], variance_reduction)
                    t["variance_reduction"] = est.options
                    t["fingerprint"]["variance_reduction"] = {"options": est.options, "digest": est.digest}
            plans.append(plan)
            to_time[(g, n)] = (rules, dict(zip(plan["agents"], recipes)))
    if not plans:
        raise ConfigError(f"no panel table to play for {', '.join(games)}"
                          + (f" at {' '.join(map(str, players))} players" if players else "")
                          + "; expected a game and size with a shipped bot, or --agents")
    done, todo = benchmark.split_done([t for p in plans for t in p["tables"]], tables_dir, resume)
    tasks = benchmark.set_tasks(todo)
    n_games = sum(t["num_players"] for t in tasks)
    log(f"panel ({budget}, {seed_set} deals): {len(plans)} game/size pairs, "
        f"{sum(len(p['tables']) for p in plans)} tables ({len(done)} already done), {n_games} games to play")
    if estimate and tasks:
        log("timing the agents (a few moves each) ...")
        log(benchmark.estimate_line(benchmark.expected_cpu(todo, to_time), len(tasks), workers, address))
    t0 = time.perf_counter()
    for p in plans:
        files = {t["file"] for t in p["tables"]}
        mine = [t for t in todo if t["file"] in files]
        if not mine:
            continue
        my_tasks = benchmark.set_tasks(mine)
        bar = None
        if progress:
            from tqdm import tqdm
            bar = tqdm(total=sum(t["num_players"] for t in my_tasks), unit="game",
                       desc=f"{p['game']} {p['num_players']}p", file=sys.stderr)
        try:
            benchmark.play_tables(mine, my_tasks, tables_dir, done, workers, address, bar, on_table)
        finally:
            if bar:
                bar.close()
    seconds = time.perf_counter() - t0
    per_size = [summarise(p, done, cfg["bootstrap"], seed) for p in plans]
    result = {"schema": SCHEMA, "hustings_version": hustings.__version__,
              "command": command_line(games if games != checkpoints.names() else None, players, user, shipped,
                                      budget, overrides, seed_set, seed, ismcts, cross, workers, search, rows)
              + _vr_text(variance_reduction),
              "budget": budget, "games_per_table": {k: cfg[k] for k in ("heuristic", "lineup", "cross")},
              "bootstrap": cfg["bootstrap"], "seed_set": seed_set, "seed": seed, "seconds_this_run": seconds,
              "play_seconds": sum(d.get("seconds", 0.0) for d in done.values()), "per_size": per_size}
    os.makedirs(out, exist_ok=True)
    atomic_write(os.path.join(out, "panel.json"), json.dumps(result, indent=2) + "\n")
    atomic_write(os.path.join(out, "PANEL.md"), markdown(result))
    return result


# --- the report --------------------------------------------------------------------------------------------------
def _ci(ci) -> str:
    return "-" if math.isnan(ci[0]) else f"[{ci[0]:.3f}, {ci[1]:.3f}]"


def _sci(ci) -> str:
    return "-" if math.isnan(ci[0]) else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def markdown(result: dict) -> str:
    """The panel as Markdown: per game and size, the opponents' own strength, every subject's line-ups with the
    heuristic-in-its-seat control, the worst line-up of each, the cross-play ratings and the notes."""
    g = result["games_per_table"]
    preset = BUDGETS.get(result["budget"], {})
    budget = (result["budget"] if all(preset.get(k) == v for k, v in g.items())
              else "games per table set by hand")  # --games-heuristic/-lineup/-cross
    lines = [f"# Panel ({budget}, {result['seed_set']} deals, hustings {result['hustings_version']})", "",
             f"Made by `{result['command']}`; how to read it: docs/panel.md. Games per table (rounded up to whole "
             f"deals): {g['heuristic']} against the heuristic, {g['lineup']} in the other line-ups, {g['cross']} "
             f"per cross-play table. Intervals: 95% over deals. {result['play_seconds']:.0f} s of playing in all. "
             + ("Deals: the report set (odd seeds), never used to choose a bot (choose on `--seed-set select`)."
                if result["seed_set"] == "report" else
                "Deals: the selection set (even seeds), for choosing between bots: publish the chosen bot's numbers "
                "from `--seed-set report`, not these."), ""]
    for r in result["per_size"]:
        fair, n = r["fair_share"], r["num_players"]
        lines += [f"### {r['game']}, {n} players (fair share {fair:.3f})", "",
                  "Agents: " + "; ".join(f"{name} = `{spec}`" for name, spec in r["agents"].items()) + "."]
        if r["opponents"]:  # (none where --rows plays only line-ups of heuristics)
            lines += ["", f"The opponents' own strength: one seat of each against {n - 1} heuristic, the same deals "
                      f"as the line-ups:", "",
                      f"| opponent | win share vs {n - 1} heuristic | 95% CI (deals) | games | above fair share? |",
                      "|---|---:|---|---:|---|"]
        for name, o in r["opponents"].items():
            lines.append(f"| {name} | {o['win_share']:.3f} | {_ci(o['ci95'])} | {o['games']} | {o['above_fair']} |")
        lines += ["", "| bot | line-up (the other seats) | games | win share | 95% CI (deals) | above fair share? | "
                  "heuristic in its seat | paired difference | 95% CI (deals) |",
                  "|---|---|---:|---:|---|---|---:|---:|---|"]
        for name, s in r["subjects"].items():
            for row in s["rows"]:
                lines.append(f"| {name} | ({row['label']}) {row['lineup']} | {row['games']} | {row['win_share']:.3f} "
                             f"| {_ci(row['ci95'])} | {row['above_fair']} | {row['control_share']:.3f} | "
                             f"{row['paired']:+.3f} | {_sci(row['paired_ci95'])} |")
        lines += ["", "Worst line-up of each bot (rows a-e and the cross-play tables it sat in), and its smallest "
                  "paired difference over the heuristic in its seat:", "",
                  "| bot | worst line-up | games | win share | 95% CI (deals) | above fair share? | smallest paired "
                  "difference | 95% CI (deals) |", "|---|---|---:|---:|---|---|---|---|"]
        for name, s in r["subjects"].items():
            w, p = s["worst"], s["worst_paired"]
            if w is not None:
                pcell = "-" if p is None else f"({p['label']}) {p['paired']:+.3f}"
                lines.append(f"| {name} | ({w['label']}) {w['lineup']} | {w['games']} | {w['win_share']:.3f} | "
                             f"{_ci(w['ci95'])} | {w['above_fair']} | {pcell} | "
                             f"{'-' if p is None else _sci(p['paired_ci95'])} |")
        vr = [(name, row) for name, s in r["subjects"].items() for row in s["rows"] if "variance_reduction" in row]
        if vr:
            lines += ["", "Corrected by control variates (`--variance-reduction`: the same expected win share; "
                      "multiplier: raw variance over corrected variance, over deal packs):", "",
                      "| bot | line-up | raw win share | 95% CI | corrected win share | 95% CI | multiplier |",
                      "|---|---|---:|---|---:|---|---:|"]
            for name, row in vr:
                v = row["variance_reduction"]
                lines.append(f"| {name} | ({row['label']}) {row['lineup']} | {v['raw_win_share']:.3f} | "
                             f"{_ci(v['raw_ci95'])} | {v['corrected_win_share']:.3f} | {_ci(v['corrected_ci95'])} | "
                             f"{v['multiplier']:.1f} |")
        if r["ratings"]:
            tables = f"{r['cross_tables']} table{'s' if r['cross_tables'] != 1 else ''}"
            lines += ["", f"Cross-play (f): {tables} of {n} different agents, rated by "
                      f"OpenSkill Plackett-Luce (mu; 95% bootstrap interval over deals):", "",
                      "| agent | rating | 95% CI | rated games |", "|---|---:|---|---:|"]
            for name, a in sorted(r["ratings"].items(), key=lambda kv: -kv[1]["rating"]):
                ci = a["rating_ci95"]
                lines.append(f"| {name} | {a['rating']:.1f} | "
                             + ("-" if math.isnan(ci[0]) else f"[{ci[0]:.1f}, {ci[1]:.1f}]")
                             + f" | {a['rated_games']} |")
        if r["notes"]:
            lines += [""] + [f"- {note}" for note in r["notes"]]
        lines.append("")
    return "\n".join(lines)


# --- command line ------------------------------------------------------------------------------------------------
def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of ``hustings panel``."""
    p.add_argument("--games", nargs="+", metavar="GAME", default=None,
                   help="games (default: every game with a shipped bot)")
    p.add_argument("--players", nargs="+", type=int, metavar="N", default=None,
                   help="table sizes (default: every size with a shipped bot)")
    p.add_argument("--agents", nargs="+", metavar="SPEC", default=[],
                   help="more bots to measure (e.g. a candidate policy.npz): any hustings evaluate SPEC")
    p.add_argument("--no-shipped", action="store_true", help="measure the --agents only (the shipped bot stays "
                   "their row d and in the cross-play)")
    p.add_argument("--budget", choices=list(BUDGETS), default="quick",
                   help="games per table: quick (a smoke test) or standard (the published table; default quick)")
    p.add_argument("--games-heuristic", type=int, default=None, help="games of row (a) (overrides the budget)")
    p.add_argument("--games-lineup", type=int, default=None, help="games of rows (b)-(d) (overrides the budget)")
    p.add_argument("--games-cross", type=int, default=None, help="games per cross-play table (overrides the budget)")
    p.add_argument("--seed-set", choices=list(SEED_SETS), default="report",
                   help="the deals: select (for choosing bots) or report (for published numbers; default)")
    p.add_argument("--seed", type=int, default=PANEL_SEED, help=f"base of the deal seeds (default {PANEL_SEED})")
    p.add_argument("--ismcts", default=None, metavar="SPEC", help="the IS-MCTS of rows b and d and the cross-play "
                   "(default: ismcts, the command line's standard IS-MCTS with the game's options)")
    p.add_argument("--search", default=None, metavar="SPEC", help="the search of rows c and d and the cross-play "
                   f"(default: the searching variant shipped at that size, else ismcts at {SEARCH_BUDGET_FACTOR}x "
                   "the game's iterations)")
    p.add_argument("--no-cross", action="store_true", help="leave out the cross-play (f)")
    p.add_argument("--rows", nargs="+", default=None, choices=list("abcde"), metavar="ROW",
                   help="play only these line-up rows (letters a-e; with their controls and opponents; default all)")
    p.add_argument("--out", default="panel", metavar="DIR", help="output folder (default panel/)")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: CPU count)")
    p.add_argument("--resume", action="store_true", help="continue the run in --out: keep its finished tables")
    p.add_argument("--address", default=None, help="run the games as Ray tasks on this cluster (needs the "
                   "distributed extra)")
    p.add_argument("--no-progress", action="store_true", help="no progress bars, no timing first")
    p.add_argument("--variance-reduction", nargs="?", const="", default=None, metavar="KEY=VALUE,...",
                   help="also report each line-up's win share corrected by control variates and the multiplier "
                        "(tables of nets and scripted bots; options as hustings evaluate's; docs/evaluation.md)")


def run(args) -> int:
    """``hustings panel``: the run, its tables, and where the results are; Ctrl-C says how to continue."""
    try:
        result = panel(games=args.games, players=args.players, agents=args.agents, shipped=not args.no_shipped,
                       budget=args.budget, games_heuristic=args.games_heuristic, games_lineup=args.games_lineup,
                       games_cross=args.games_cross, seed_set=args.seed_set, seed=args.seed, ismcts=args.ismcts,
                       cross=not args.no_cross, out=args.out, workers=args.workers, resume=args.resume,
                       address=args.address, progress=not args.no_progress, estimate=not args.no_progress,
                       search=args.search, variance_reduction=benchmark._vr_options(
                           getattr(args, "variance_reduction", None)), rows=getattr(args, "rows", None))
    except KeyboardInterrupt:
        tables = os.path.join(args.out, "tables")
        kept = len(os.listdir(tables)) if os.path.isdir(tables) else 0
        print(f"\nstopped: {kept} finished table(s) kept in {tables}; continue with the same command and --resume",
              file=sys.stderr)
        return 130
    print(markdown(result), end="")
    print(f"results in {os.path.join(args.out, 'panel.json')} and {os.path.join(args.out, 'PANEL.md')}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """``python -m hustings.evaluation.panel``: the same as ``hustings panel``."""
    from hustings.commands import module_main
    return module_main("python -m hustings.evaluation.panel", __doc__, add_arguments, run, argv)


if __name__ == "__main__":
    sys.exit(main())
