"""Make the benchmark's shipped reference tables (``envs/evaluation/data/benchmark_reference.json.gz``) for this code.

    python tools/benchmark_reference.py [--from DIR] [--workers 2]

Plays ``hustings benchmark --budget standard --no-reference`` (the reference ladder alone, every game at its default
size, the deals of seed 0: the sets of ``--budget quick`` are among them) into ``DIR`` (default: a ``benchmark``
folder here; ``--from`` takes a finished run there instead of playing) and keeps its reference-only tables, split by
deal set, with the digest of the code that played them (:mod:`hustings.evaluation.reference`). Run it after the last
change to the rules, bots or engines of a release: a run of other code does not use the file.
"""
from __future__ import annotations

import argparse
import glob
import gzip
import json
import os
import sys

import hustings
from hustings.core.files import atomic_write
from hustings.evaluation import benchmark, reference


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--from", dest="source", default=None, metavar="DIR",
                   help="a finished standard benchmark run (its tables/) to take the tables from instead of playing")
    p.add_argument("--out", default="benchmark", metavar="DIR", help="where to play the run (default benchmark/)")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: CPU count)")
    args = p.parse_args(argv)
    run_dir = args.source
    if run_dir is None:
        benchmark.benchmark(budget="standard", out=args.out, workers=args.workers, reference=False, estimate=True)
        run_dir = args.out
    with open(os.path.join(run_dir, "results.json")) as f:
        results = json.load(f)
    if results.get("seed") != 0 or results.get("budget") != "standard" or results.get("reference_sets"):
        print(f"{run_dir}: expected a standard run of seed 0 that played every table (--no-reference)",
              file=sys.stderr)
        return 2
    tables = []
    for path in sorted(glob.glob(os.path.join(run_dir, "tables", "*.json"))):
        with open(path) as f:
            tables.append(json.load(f))
    specs = {(g, n): set(benchmark.ladder(g, n)) for g in hustings.games()
             for n in benchmark.sizes(g)}
    data = reference.file_content(tables, specs)
    payload = gzip.compress(json.dumps(data, separators=(",", ":")).encode(), mtime=0)
    atomic_write(reference.PATH, payload)
    n_sets = sum(len(v) for v in data["tables"].values())
    print(f"{reference.PATH}: {len(data['tables'])} tables, {n_sets} deal sets, {len(payload) // 1024} KiB, "
          f"code {data['code'][:12]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
