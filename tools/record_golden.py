"""Record the golden trajectories the fast suite replays through every compiled engine (tests/golden/).

For each game with a compiled engine, each table size and variant family below, a few random games are played
through the rules module alone and recorded as actions and per-decision digests (hustings.engine.parity.record_golden).
Re-record only when a rules change is meant to change play (the engines must then follow):

    python tools/record_golden.py            # every file
    python tools/record_golden.py democracy  # one game's
"""
from __future__ import annotations

import os
import sys

from hustings.engine.parity import record_golden, write_golden

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "tests", "golden")
GAMES = 8  # games per configuration
#: (game, table size, options) for every configuration family the engines cover.
FAMILIES = [("democracy", n, {}) for n in (2, 3, 4, 5, 6)] + [("democracy", 4, {"max_islands": None}),
                                                                ("democracy", 3, {"max_islands": 2})] \
    + [("politix", n, {}) for n in (2, 3, 4, 5, 6)] + [("politix", 6, {"teams_3v3": True})] \
    + [("politrickers", n, {}) for n in (3, 4, 5)]


def file_name(game: str, n: int, options: dict) -> str:
    tail = "".join(f"-{k}={v}" for k, v in sorted(options.items()))
    return f"{game}-{n}p{tail}.json.gz"


def main(argv: list[str]) -> None:
    only = set(argv)
    for game, n, options in FAMILIES:
        if only and game not in only:
            continue
        seeds = [n * 7919 + 104729 * i for i in range(GAMES)]
        golden = record_golden(game, n, seeds, options, action_seed=n)
        path = os.path.join(OUT, file_name(game, n, options))
        write_golden(path, golden)
        decisions = sum(len(t["actions"]) for t in golden["trajectories"])
        print(f"{os.path.relpath(path)}: {GAMES} games, {decisions} decisions")


if __name__ == "__main__":
    main(sys.argv[1:])
