"""The benchmark's shipped reference tables: the games of the reference ladder among itself, played once per build.

Every ``hustings benchmark`` run plays the same tables among the reference agents (the gauntlets of ``random``,
``heuristic``, the two IS-MCTS rungs and the shipped bot, and the round-robin tables without your agents) on the same
deals: only the tables with your agents differ from run to run. Those reference games are shipped with the package
(``data/benchmark_reference.json.gz``, made by ``python tools/benchmark_reference.py``) and a run takes a deal set
from there instead of playing it when everything that decides its games is the same:

* the **code**: :func:`code_digest`, a SHA-256 over the rules, bots and engines (every ``.py`` file of the
  ``hustings`` package outside ``hustings.training`` and ``hustings.evaluation``, and the three modules of
  ``hustings.evaluation`` that play the benchmark's games). Any change there and the shipped tables are not used
  (the run says so);
* the table: game, size, the line-up's SPECs seat by seat, the SHA-256 of the agents' files (the shipped nets) and
  the game's versions; and the deal set's seed.

A set taken from there is the set the run would have played: the same games, game for game (the games are decided by
the code, the line-up and the seed; ``tests/evaluation/test_benchmark.py`` replays some). ``--no-reference`` plays
everything anyway, and the results say how many sets came from the shipped tables.
"""
from __future__ import annotations

import gzip
import hashlib
import json
import os

import hustings

SCHEMA = "hustings-benchmark-reference/1"
#: Where the shipped reference tables are, in the ``hustings.evaluation`` package.
PATH = os.path.join(os.path.dirname(__file__), "data", "benchmark_reference.json.gz")
#: The modules of ``hustings.evaluation`` whose code decides a benchmark game (the rest of the package does as a whole).
PLAYING_MODULES = ("benchmark.py", "evaluate.py", "batch_play.py")
#: Sub-packages of an installed ``hustings`` that are not rules, bots or engines (``training``, ``configs`` and
#: ``checkpoints`` only there in an installed tree; ``evaluation`` is digested by :data:`PLAYING_MODULES`).
_NOT_PLAYING = {"training", "evaluation", "configs", "checkpoints", "__pycache__"}


def code_digest() -> str:
    """SHA-256 of the code that decides benchmark games: each file's path (relative, ``/``-separated) and bytes, in
    path order; the same in a checkout, an editable install and an installed wheel."""
    root = os.path.dirname(hustings.__file__)
    files = []
    for here, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not (here == root and d in _NOT_PLAYING) and d != "__pycache__")
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(here, name)
                files.append(("hustings/" + os.path.relpath(path, root).replace(os.sep, "/"), path))
    evaluation = os.path.dirname(__file__)
    files += [("hustings/evaluation/" + name, os.path.join(evaluation, name)) for name in PLAYING_MODULES]
    h = hashlib.sha256()
    for rel, path in sorted(files):
        with open(path, "rb") as f:
            data = f.read().replace(b"\r\n", b"\n")  # (a checkout with Windows line ends is the same code)
        h.update(rel.encode() + b"\0" + str(len(data)).encode() + b"\0" + data)
    return h.hexdigest()


def table_key(t: dict) -> str:
    """What decides a table's games apart from the seed: game, size, SPECs seat by seat, agent file hashes, versions."""
    return json.dumps([t["game"], t["num_players"], t["specs"], t.get("sha256", {}), t.get("versions", {})],
                      sort_keys=True)


def load(path: str | None = None) -> tuple[dict[str, dict[int, list]], str]:
    """The reference sets in ``path`` (default: the shipped ones, :data:`PATH`) as ``{table key: {seed: games}}``
    if this code made them, and a line saying what was found: empty sets (with why) when the file is missing or made
    by other code."""
    path = path or PATH
    if not os.path.isfile(path):
        return {}, "no shipped reference tables in this install"
    with gzip.open(path, "rt") as f:
        data = json.load(f)
    if data.get("schema") != SCHEMA:
        return {}, f"shipped reference tables of another schema ({data.get('schema')}): not used"
    if data.get("code") != code_digest():
        return {}, ("shipped reference tables made by other code (they are re-made for each release: "
                    "python tools/benchmark_reference.py): every table is played")
    sets = {key: {int(seed): games for seed, games in by_seed.items()} for key, by_seed in data["tables"].items()}
    return sets, f"shipped reference tables of this build: {sum(len(v) for v in sets.values())} deal sets"


def take(todo: list[dict], tasks: list[dict], sets: dict[str, dict[int, list]]) -> tuple[list[dict], list[dict]]:
    """Split ``tasks`` (set tasks of the tables ``todo``) into the results found in ``sets`` (each as
    :func:`hustings.evaluation.benchmark.play_set` returns it, ``seconds`` 0 and ``reference`` true) and the tasks
    still to play."""
    keys = {t["file"]: table_key(t) for t in todo}
    found, rest = [], []
    for task in tasks:
        games = sets.get(keys[task["table"]], {}).get(task["seed"])
        if games is None:
            rest.append(task)
        else:
            found.append({"table": task["table"], "set": task["set"], "games": games, "text": {}, "seconds": 0.0,
                          "reference": True})
    return found, rest


def file_content(tables: list[dict], reference_specs: dict[tuple[str, int], set[str]]) -> dict:
    """The reference file's content from finished benchmark tables (as saved in ``tables/``): those whose line-up
    holds only the reference ladder of its (game, size) (``reference_specs``), split into deal sets by seed."""
    out: dict[str, dict[str, list]] = {}
    for saved in tables:
        fp = saved["fingerprint"]
        if not set(fp["specs"]) <= reference_specs.get((fp["game"], fp["num_players"]), set()):
            continue
        if any(st.get("decisions") for st in saved.get("text", {}).values()):
            continue  # (a text agent is never in the ladder; its retries would not be per set)
        key = table_key({"game": fp["game"], "num_players": fp["num_players"], "specs": fp["specs"],
                         "sha256": saved.get("sha256", {}), "versions": saved.get("versions", {})})
        by_seed = out.setdefault(key, {})
        for g in saved["games"]:
            by_seed.setdefault(str(g["seed"]), []).append(g)
    return {"schema": SCHEMA, "hustings_version": hustings.__version__, "code": code_digest(), "tables": out}
