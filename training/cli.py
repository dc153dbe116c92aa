"""The ``hustings`` command line.

    hustings demo democracy --players 4 [--bots heuristic random ...] [--seed 1] [--quiet]
    hustings play democracy --players 4 --seat 0 --bots heuristic [--seed 1] [--record game.json]
    hustings replay game.json [--seat 0] [--pause]
    hustings export checkpoints/democracy/policy.pt --out exported/democracy
    hustings train configs/democracy.yaml [--resume] [--output-dir DIR] [--total-timesteps N]
    hustings train-rllib configs/rllib/democracy.yaml [--address auto] [--num-env-runners K] [--iterations N]
    hustings evaluate democracy --players 4 --bots runs/democracy/policy.pt heuristic heuristic heuristic \
        --games 2000 [--json OUT]

``train`` and ``evaluate`` import torch / stable-baselines3 only when they run (``pip install hustings[train]``);
``train-rllib`` imports Ray only when it runs (``pip install hustings[train,distributed]``).
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


def _play(args) -> int:
    import random

    import envs
    from envs import records
    from envs.play import play_interactive
    from envs.records import Recorder

    from .evaluate import build_bot, resolve_specs

    module = envs.game_module(args.game)
    game = module.raw_env.game_class(args.players or module.raw_env.default_players)
    n = game.num_players
    if not 0 <= args.seat < n:
        raise envs.ConfigError(f"--seat {args.seat} does not exist; expected 0..{n - 1}")
    specs = args.bots * (n - 1) if len(args.bots) == 1 else args.bots
    if len(specs) != n - 1:
        raise envs.ConfigError(f"{len(specs)} bots for the {n - 1} other seats; give one bot, or one per other seat")
    recipes = resolve_specs(args.game, game, specs)
    bots = [build_bot(args.game, r) for r in recipes]
    bots.insert(args.seat, None)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    names = [str(s) for s in specs]
    names.insert(args.seat, "human")
    recorder = Recorder(game, seed, players=names)
    print(f"{game.name}, {n} players, seed {seed}: you are P{args.seat}; "
          + ", ".join(f"P{i}={name}" for i, name in enumerate(names) if i != args.seat))
    final = play_interactive(game, args.seat, bots, seed, on_action=lambda st, p, a: recorder.add(p, a))
    if final is None:
        return 1
    if args.record:
        records.save(recorder.record(final), args.record)
        print(f"game record saved to {args.record}")
    return 0


def _replay(args) -> int:
    from envs import records

    record = records.load(args.record)
    seen = {"header": None}
    seat = args.seat

    def show(state, i, move):
        header = state.render(player=seat).splitlines()[0]
        if header != seen["header"]:
            seen["header"] = header
            print("\n" + state.render(player=seat))
        shown = move["name"] if seat is None or move["player"] == seat else "(a move you cannot see)"
        print(f"  move {i + 1}: P{move['player']} {shown}")
        if args.pause:
            input("  [Enter] next move ")

    if seat is not None:
        print("showing the game from P%d's seat: other players' actions are hidden" % seat)
    final = records.replay(record, on_move=show)
    print("\n" + final.render(player=seat))
    print("result:", record.get("result", "-"), "(re-simulated exactly)")
    return 0


def _export(args) -> int:
    from .export import export

    out = export(args.checkpoint, args.out, torchscript=not args.no_torchscript)
    print(f"exported {out['game']} {out['num_players']}p policy:")
    for path in out["files"]:
        print("  " + path)
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
    from . import rllib_train  # light too: it imports ray only inside its command

    rl = sub.add_parser("train-rllib", help="train a bot on Ray RLlib (multi-agent masked PPO, league self-play; "
                        "local or on a Ray cluster) from a YAML config", description=rllib_train.__doc__.splitlines()[0])
    rllib_train.add_arguments(rl)
    rl.set_defaults(func=rllib_train.run)
    ev = sub.add_parser("evaluate", help="play a duplicate-deal tournament between bots and report win rates",
                        description=evaluate.__doc__.splitlines()[0])
    evaluate.add_arguments(ev)
    ev.set_defaults(func=evaluate.run)

    pl = sub.add_parser("play", help="play one seat yourself in the terminal against bots")
    pl.add_argument("game", choices=envs.games())
    pl.add_argument("--players", type=int, default=None, help="number of players (default: the game's default)")
    pl.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    pl.add_argument("--bots", nargs="+", default=["heuristic"], metavar="SPEC",
                    help="the other seats: one SPEC for all or one per seat (scripted bot name, checkpoint path "
                         "or exported .onnx); default heuristic")
    pl.add_argument("--seed", type=int, default=None, help="deal seed (default: random, printed)")
    pl.add_argument("--record", metavar="OUT", help="save the game as a JSON record")
    pl.set_defaults(func=_play)

    rp = sub.add_parser("replay", help="step through a saved game record (re-simulated exactly)")
    rp.add_argument("record", help="a JSON game record (from hustings play --record or evaluate --records)")
    rp.add_argument("--seat", type=int, default=None, help="show only what this seat could see")
    rp.add_argument("--pause", action="store_true", help="wait for Enter after each move")
    rp.set_defaults(func=_replay)

    ex = sub.add_parser("export", help="export a trained checkpoint as ONNX (+ JSON sidecar) and TorchScript")
    ex.add_argument("checkpoint", help="a checkpoint from hustings train (policy.pt or checkpoint.pt)")
    ex.add_argument("--out", required=True, metavar="DIR", help="folder for policy.onnx, policy.json, policy.ts")
    ex.add_argument("--no-torchscript", action="store_true", help="skip the TorchScript file")
    ex.set_defaults(func=_export)
    return parser


def run_command(func, args) -> int:
    """``func(args)``, with every hustings input error (a ``ValueError`` whose message says what is wrong) printed
    as ``error: ...`` and exit status 2."""
    try:
        return func(args)
    except BrokenPipeError:  # e.g. piped into `head`
        sys.stderr.close()
        return 0
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def module_main(prog: str, doc: str, add_arguments, run, argv: list[str] | None = None) -> int:
    """The ``python -m training.<module>`` entry of one command: its own parser, then :func:`run_command`."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.splitlines()[0])
    add_arguments(parser)
    return run_command(run, parser.parse_args(argv))


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run_command(args.func, args)


if __name__ == "__main__":
    sys.exit(main())
