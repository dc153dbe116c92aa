"""``python -m hustings.bench [GAME ...] [--clone | --search | --vector [--scaling]] ...``: the flags, then each
mode's module (see :mod:`hustings.bench`)."""
from __future__ import annotations

import argparse
import sys

from .. import registry
from .. import bench
from . import clone, env, scaling, search, vector


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    import hustings

    parser = argparse.ArgumentParser(prog="python -m hustings.bench", description=bench.__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help=f"games to measure (default: all of {', '.join(hustings.games())})")
    parser.add_argument("--players", type=int, default=None, help="player count (default: each game's default)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per timed run (default 2)")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds; medians are reported (default 3)")
    parser.add_argument("--ref", default="connect_four_v3", help="PettingZoo classic env to compare with")
    parser.add_argument("--min-ratio", type=float, default=None,
                        help=f"env ratio target (default against connect_four_v3: {env.ENV_RATIO_TARGET}, "
                             f"Politrickers 3.3, Prime Minister 2; against another --ref: 1)")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    parser.add_argument("--clone", action="store_true",
                        help="measure State.clone() against the JSON round trip, and sample_hidden (for search)")
    parser.add_argument("--search", action="store_true",
                        help="measure IS-MCTS iterations per CPU-second (compiled and Python rollouts) against "
                             "OpenSpiel's Python ISMCTSBot over hearts")
    parser.add_argument("--vector", action="store_true",
                        help="measure the batched engine (hustings.vector) in decisions per CPU-second")
    parser.add_argument("--num-envs", type=int, default=1024,
                        help="games stepped together with --vector (default 1024)")
    parser.add_argument("--scaling", action="store_true",
                        help="with --vector: also how random play scales from one process to two (wall time)")
    args = parser.parse_args(argv)
    if not (args.search or args.clone or args.vector):
        problem = env.reference_problem(args.ref)
        if problem is not None:
            print(f"error: {problem}", file=sys.stderr)
            return 2
    misses = []
    ref = None
    if args.search:
        ref = search.openspiel_hearts(search.SEARCH_ITERATIONS, seed=0) or False
    for name in args.games or hustings.games():
        if args.vector:
            for line in vector.vector_lines(name, args.players, args.num_envs, args.seconds, args.rounds,
                                            misses=misses):
                print(line, flush=True)
            if args.scaling:
                print(scaling.scaling_line(name, args.players, args.num_envs, args.seconds, args.rounds, misses),
                      flush=True)
            continue
        if args.search:
            misses += search.report_search(search.bench_search(name, args.players, args.seconds, args.rounds, ref))
            continue
        if args.clone:
            misses += clone.report_clone(clone.bench_clone(name, args.players, args.seconds, args.rounds))
            continue
        target = args.min_ratio
        if target is None:  # the targets are against connect_four_v3; against another reference: at least as fast
            target = registry.info(name).env_speed_target if args.ref == "connect_four_v3" else 1.0
        misses += env.report(env.bench_game(name, args.players, args.seconds, args.rounds, args.ref), target)
    if misses:
        print("missed targets: " + ", ".join(misses))
    return 1 if (args.check and misses) else 0


if __name__ == "__main__":
    sys.exit(main())
