"""The ``hustings`` command line.

    hustings --version
    hustings demo democracy --players 4 [--bots heuristic random ...] [--seed 1] [--option KEY=VALUE] [--quiet]
    hustings play democracy --players 4 --seat 0 --bots shipped:democracy [--seed 1] [--record game.json] \
        [--option KEY=VALUE] [--confirm-forced]
    hustings replay game.json [--seat 0] [--pause]
    hustings export checkpoints/democracy/policy.pt --out exported/democracy
    hustings train smoke | CONFIG.yaml [--resume | --overwrite] [--output-dir DIR] [--total-timesteps N]
    hustings train-rllib rllib/smoke | CONFIG.yaml [--address auto] [--num-env-runners K] [--iterations N]
    hustings evaluate democracy --players 4 --bots shipped:democracy heuristic heuristic heuristic \
        --games 2000 [--json OUT]

``demo``, ``play``, ``replay`` and ``evaluate`` with scripted, shipped (``policy.npz``) and ONNX bots need only the
core install. ``train``, ``export`` and torch checkpoints need the ``train`` extra, ``train-rllib`` the
``distributed`` extra; a missing extra is answered with one line naming it (:func:`hustings.training.commands.missing_extra_message`).
"""
from __future__ import annotations

import argparse
import sys

from .commands import run_command


def _demo(args) -> int:
    """``hustings demo``: play and print a full game between scripted bots."""
    import hustings
    from hustings.play import make_game, play_game

    from .evaluate import parse_options

    options = parse_options(args.option)
    if args.max_islands is not None:
        options.setdefault("max_islands", args.max_islands)
    game = make_game(args.game, args.players, options)
    specs = args.bots or ["heuristic"]
    if len(specs) == 1:
        specs = specs * game.num_players
    if len(specs) != game.num_players:
        print(f"error: {len(specs)} bots for {game.num_players} seats; give one bot, or one per seat", file=sys.stderr)
        return 2
    bots = [hustings.make_bot(args.game, s, seed=args.seed * 31 + i) for i, s in enumerate(specs)]
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
    """``hustings play``: you play one seat in the terminal against bots.

    Exit status 0 when the game ends or you stop it with ``q`` or Ctrl-D (end of input), 130 on Ctrl-C; with
    ``--record`` the game so far is saved either way, a stopped one marked unfinished (``"finished": false``).
    """
    import random

    import hustings
    from hustings.play import records
    from hustings.play import make_game, play_interactive
    from hustings.play.records import Recorder

    from hustings.bots import spec as specs_mod

    from .evaluate import parse_options

    game = make_game(args.game, args.players, parse_options(args.option))
    n = game.num_players
    if not 0 <= args.seat < n:
        raise hustings.ConfigError(f"--seat {args.seat} does not exist; expected 0..{n - 1}")
    specs = args.bots * (n - 1) if len(args.bots) == 1 else args.bots
    if len(specs) != n - 1:
        raise hustings.ConfigError(f"{len(specs)} bots for the {n - 1} other seats; give one bot, or one per other seat")
    try:
        recipes = specs_mod.resolve(args.game, game, specs)
        bots = [specs_mod.build(args.game, r, game=game) for r in recipes]
    except KeyboardInterrupt:
        print("\ninterrupted (Ctrl-C) before the game began", file=sys.stderr)
        return 130
    bots.insert(args.seat, None)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    names = [str(s) for s in specs]
    names.insert(args.seat, "human")
    recorder = Recorder(game, seed, players=names)
    print(f"{game.name}, {n} players, seed {seed}: you are P{args.seat}; "
          + ", ".join(f"P{i}={name}" for i, name in enumerate(names) if i != args.seat))
    seen = {}

    def keep(state, player, action):
        seen["state"] = state
        recorder.add(player, action)

    status = 0
    try:
        final = play_interactive(game, args.seat, bots, seed, on_action=keep, confirm_forced=args.confirm_forced)
    except KeyboardInterrupt:
        print(f"\ninterrupted (Ctrl-C): game abandoned after {len(recorder.moves)} moves")
        final, status = seen.get("state"), 130
    if args.record:
        record = recorder.record(final)
        records.save(record, args.record)
        if records.is_finished(record):
            print(f"game record saved to {args.record}")
        else:
            print(f"game record saved to {args.record} (unfinished: {len(record['moves'])} moves)")
    return status


def _replay(args) -> int:
    """``hustings replay``: re-simulate a game record move by move, optionally from one seat's view, with the
    events each move caused (trick results, scoring, ...) as the re-simulation records them; with ``--seat`` only
    what that seat may see."""
    from hustings.play import records
    from hustings.play import move_seen_by, revealed_by_move

    record = records.load(args.record)
    seen = {"header": None, "events": 0}
    seat = args.seat
    if seat is not None:
        n = records.game_from_config(record.get("config") if isinstance(record, dict) else None).num_players
        if not 0 <= seat < n:
            from hustings import ConfigError
            raise ConfigError(f"--seat {seat} does not exist in this {n}-player game; expected 0..{n - 1}")

    def describe_event(game, event: dict) -> list[str]:
        # the game's own line for the event, then (omniscient view) a line per seat for what only it saw
        private = event.get("private") or {}
        lines = [game.describe_event({k: v for k, v in event.items() if k != "private"})]
        for who in sorted(private, key=int):
            lines.append(f"  P{who} alone sees: " + ", ".join(f"{k}={v}" for k, v in private[who].items()))
        return lines

    def show_events(state):
        new = state.events(seat, seen["events"])
        seen["events"] += len(new)
        for event in new:
            for line in describe_event(state.game, event):
                print("    > " + line)

    def show(state, i, move):
        show_events(state)  # anything before the first move (the deal)
        header = state.render(player=seat).splitlines()[0]
        if header != seen["header"]:
            seen["header"] = header
            print("\n" + state.render(player=seat))
        print(f"  move {i + 1}: P{move['player']} {move_seen_by(state, move['player'], move['action'], seat)}")
        revealed = revealed_by_move(state, move["player"], move["action"])
        if revealed is not None:
            print("    " + revealed)

    def after(state, i, move):
        show_events(state)
        if args.pause:
            input("  [Enter] next move ")

    if seat is not None:
        print("showing the game from P%d's seat: what the other players keep hidden is not shown" % seat)
    try:
        final = records.replay(record, on_move=show, after_move=after)
    except (KeyboardInterrupt, EOFError) as exc:
        print("\nreplay stopped")
        return 130 if isinstance(exc, KeyboardInterrupt) else 0
    show_events(final)
    print("\n" + final.render(player=seat))
    if records.is_finished(record):
        print("result:", record["result"], "(re-simulated exactly)")
    else:
        to_move = "" if final.is_terminal() else f"; P{final.current_player()} was to move"
        print(f"the game was not finished: the record stops after {len(record['moves'])} moves{to_move} "
              "(re-simulated exactly)")
    return 0


def _serve(args) -> int:
    """``hustings serve``: the local web app (play, watch, replay in a browser); needs the ``web`` extra."""
    import starlette  # noqa: F401  (first: without the web extra, `hustings` answers with the extra to install)
    import uvicorn  # noqa: F401

    from hustings.web import serve
    from hustings.web.sessions import DEFAULT_DATA_DIR

    data_dir = args.data_dir or DEFAULT_DATA_DIR
    print(f"hustings web app on http://{args.host}:{args.port}/ (records saved in {data_dir}); Ctrl-C stops it")
    serve(host=args.host, port=args.port, data_dir=data_dir)
    return 0


def _export(args) -> int:
    from .export import export

    out = export(args.checkpoint, args.out, torch_program=not args.no_torch_program)
    print(f"exported {out['game']} {out['num_players']}p policy:")
    for path in out["files"]:
        print("  " + path)
    return 0


def build_parser() -> argparse.ArgumentParser:
    import hustings

    parser = argparse.ArgumentParser(prog="hustings", description="Multi-agent RL environments for political games.")
    parser.add_argument("--version", action="version", version=f"hustings {hustings.__version__}",
                        help="print the hustings version and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="play and print a full game between scripted bots")
    demo.add_argument("game", choices=hustings.games())
    demo.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    demo.add_argument("--bots", nargs="+", metavar="BOT", help="one bot name for all seats, or one per seat "
                      "(default heuristic)")
    demo.add_argument("--seed", type=int, default=0)
    demo.add_argument("--max-islands", type=int, default=None, help=argparse.SUPPRESS)
    demo.add_argument("--quiet", action="store_true", help="print only the final table and result")
    demo.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a game option (repeatable), e.g. --option max_islands=5; values are read as "
                           "int/float/bool/None/text")
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
    from . import benchmark, exploit  # light: numpy and the rules only, until they run

    bm = sub.add_parser("benchmark", help="the standard table: the reference ladder and your agents in duplicate-deal "
                        "tournaments over games and table sizes, with intervals, ratings and an IQM across games",
                        description=benchmark.__doc__.splitlines()[0])
    benchmark.add_arguments(bm)
    bm.set_defaults(func=benchmark.run)
    xp = sub.add_parser("exploit", help="train a masked-PPO best response against a frozen agent and report its edge "
                        "over the fair share (approximate exploitability; needs the train extra)",
                        description=exploit.__doc__.splitlines()[0])
    exploit.add_arguments(xp)
    xp.set_defaults(func=exploit.run)

    pl = sub.add_parser("play", help="play one seat yourself in the terminal against bots",
                        description="Play one seat in the terminal against bots. Type a move by its number, its "
                                    "name or as the table shows it (e.g. 3C); q or Ctrl-D stops (exit status 0), "
                                    "Ctrl-C too (exit status 130).")
    pl.add_argument("game", choices=hustings.games())
    pl.add_argument("--players", type=int, default=None, help="number of players (default: the game's default)")
    pl.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    pl.add_argument("--bots", nargs="+", default=["heuristic"], metavar="SPEC",
                    help="the other seats: one SPEC for all or one per seat (scripted bot name, checkpoint path "
                         "or exported .onnx); default heuristic")
    pl.add_argument("--seed", type=int, default=None, help="deal seed (default: random, printed)")
    pl.add_argument("--record", metavar="OUT", help="save the game as a JSON record (a game stopped with Ctrl-C, "
                    "Ctrl-D or q is saved too, marked unfinished)")
    pl.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option (repeatable), e.g. --option teams_3v3=true; values are read as "
                         "int/float/bool/None/text")
    pl.add_argument("--confirm-forced", action="store_true",
                    help="ask for a move even when it is your only legal one (default: it is played for you)")
    pl.set_defaults(func=_play)

    rp = sub.add_parser("replay", help="step through a saved game record (re-simulated exactly)")
    rp.add_argument("record", help="a JSON game record (from hustings play --record or evaluate --records)")
    rp.add_argument("--seat", type=int, default=None, help="show only what this seat could see")
    rp.add_argument("--pause", action="store_true", help="wait for Enter after each move")
    rp.set_defaults(func=_replay)

    sv = sub.add_parser("serve", help="a local web app: play a seat against bots, watch bots, replay records in a "
                        "browser (needs the web extra)")
    sv.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
    sv.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    sv.add_argument("--data-dir", metavar="DIR", default=None,
                    help="folder for finished games' records (default ~/.hustings/web)")
    sv.set_defaults(func=_serve)

    ex = sub.add_parser("export", help="export a trained checkpoint as ONNX (+ JSON sidecar) and a torch.export program")
    ex.add_argument("checkpoint", help="a checkpoint from hustings train (policy.pt or checkpoint.pt)")
    ex.add_argument("--out", required=True, metavar="DIR", help="folder for policy.onnx, policy.json, policy.pt2")
    ex.add_argument("--no-torch-program", "--no-torchscript", dest="no_torch_program", action="store_true",
                    help="skip policy.pt2 (the torch.export program; --no-torchscript is the old name)")
    ex.set_defaults(func=_export)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return run_command(args.func, args)


if __name__ == "__main__":
    sys.exit(main())
