"""The ``hustings`` command line.

    hustings demo democracy --players 4 [--bots heuristic random ...] [--seed 1] [--quiet]
    hustings train configs/democracy.yaml [--resume] [--output-dir DIR] [--total-timesteps N]
    hustings evaluate democracy --players 4 --bots runs/democracy/policy.pt heuristic heuristic heuristic \
        --games 2000 [--json OUT]

``train`` and ``evaluate`` import torch / stable-baselines3 only when they run (``pip install hustings[train]``).
"""
from __future__ import annotations

import argparse
import sys


def _demo(args) -> int:
    import envs
    from envs.play import play_game

    module = envs.game_module(args.game)
    game = module.raw_env.game_class(args.players, **({} if args.max_islands is None else {"max_islands": args.max_islands}))
    specs = args.bots or ["heuristic"]
    if len(specs) == 1:
        specs = specs * game.num_players
    if len(specs) != game.num_players:
        print(f"error: {len(specs)} bots for {game.num_players} seats; give one bot, or one per seat", file=sys.stderr)
        return 2
    bots = [envs.make_bot(args.game, s, seed=args.seed * 31 + i) for i, s in enumerate(specs)]
    print(f"{game.name}, {game.num_players} players, seed {args.seed}: "
          + ", ".join(f"P{i}={s}" for i, s in enumerate(specs)))
    seen = {"header": None, "scores": 0}

    def show(state, player, action):
        # One line per phase (a trick, a turn...), the whole table whenever scores changed.
        if args.quiet:
            return
        if state.score_version != seen["scores"]:
            seen["scores"] = state.score_version
            print("\n" + state.render() + "\n")
        header = state.render().splitlines()[0]
        if header != seen["header"]:
            seen["header"] = header
            print(header)
        print(f"    P{player} ({specs[player]}): {game.action_name(action)}")

    final = play_game(game, bots, seed=args.seed, on_action=show)
    print()
    print(final.render())
    print("scores:", final.scores(), "winners:", final.winners() or "none (truncated)")
    return 0


def build_parser() -> argparse.ArgumentParser:
    import envs

    parser = argparse.ArgumentParser(prog="hustings", description="Multi-agent RL environments for political games.")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play and print a full game between scripted bots")
    demo.add_argument("game", choices=envs.games())
    demo.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    demo.add_argument("--bots", nargs="+", metavar="BOT", help="one bot name for all seats, or one per seat "
                      "(default heuristic)")
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--max-islands", type=int, default=None, help=argparse.SUPPRESS)
    demo.add_argument("--quiet", action="store_true", help="print only the final table and result")
    demo.set_defaults(func=_demo)

    from . import evaluate, train  # light: they import torch and SB3 only inside their commands

    tr = sub.add_parser("train", help="train a bot with masked PPO self-play from a YAML config",
                        description=train.__doc__.splitlines()[0])
    train.add_arguments(tr)
    tr.set_defaults(func=train.run)
    ev = sub.add_parser("evaluate", help="play a duplicate-deal tournament between bots and report win rates",
                        description=evaluate.__doc__.splitlines()[0])
    evaluate.add_arguments(ev)
    ev.set_defaults(func=evaluate.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    except ValueError as exc:  # every hustings input error is a ValueError with a message that says what is wrong
        print(f"error: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
