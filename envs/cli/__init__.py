"""The ``hustings`` command line. Each command is a module with ``add_arguments(parser)`` and ``run(args)``, imported
only when that command runs (the evaluation and training commands live in :mod:`hustings.evaluation` and
:mod:`hustings.training`, named here by module).

    hustings --version
    hustings demo democracy --players 4 [--bots heuristic random ...] [--seed 1] [--option KEY=VALUE] [--quiet]
    hustings play democracy --players 4 --seat 0 --bots shipped:democracy [--seed 1] [--record game.json]
    hustings replay game.json [--seat 0] [--pause]
    hustings evaluate democracy --players 4 --bots shipped:democracy heuristic heuristic heuristic --games 2000
    hustings benchmark [--agents SPEC ...] [--budget quick]
    hustings panel [--games GAME ...] [--budget quick|standard] [--seed-set select|report]
    hustings train smoke | CONFIG.yaml [--resume | --overwrite] [--output-dir DIR] [--total-timesteps N]
    hustings train-rllib rllib/smoke | CONFIG.yaml [--address auto] [--num-env-runners K] [--iterations N]
    hustings exploit SPEC --game GAME
    hustings export shipped:democracy --out exported/democracy        # or runs/<game>/policy.pt
    hustings serve [--port 8000]

``demo``, ``play``, ``replay`` and ``evaluate`` with scripted, shipped (``policy.npz``) and ONNX bots need only the
core install. ``train``, ``export`` and torch checkpoints need the ``train`` extra, ``train-rllib`` the
``distributed`` extra, ``serve`` the ``web`` extra; a missing extra is answered with one line naming it
(:func:`hustings.commands.missing_extra_message`).
"""
from __future__ import annotations

import argparse
import importlib
import sys

from ..registry import games
from ..version import __version__
from ..commands import OneLineParser, missing_extra_message, run_command

#: name -> (module, its add_arguments, its run, help)
COMMANDS: dict[str, tuple[str, str, str, str]] = {
    "demo": ("hustings.cli.terminal", "add_demo_arguments", "run_demo",
             "play and print a full game between scripted bots"),
    "train": ("hustings.training.train", "add_arguments", "run",
              "train a bot with masked PPO self-play from a YAML config"),
    "train-rllib": ("hustings.training.rllib_train", "add_arguments", "run",
                    "train a bot on Ray RLlib (multi-agent masked PPO, league self-play; local or on a Ray cluster) "
                    "from a YAML config"),
    "evaluate": ("hustings.evaluation.evaluate", "add_arguments", "run",
                 "play a duplicate-deal tournament between bots and report win rates"),
    "benchmark": ("hustings.evaluation.benchmark", "add_arguments", "run",
                  "the standard table: the reference ladder and your agents in duplicate-deal tournaments over games "
                  "and table sizes, with intervals, ratings and an IQM across games"),
    "panel": ("hustings.evaluation.panel", "add_arguments", "run",
              "every shipped bot against n-1 heuristic, n-1 standard IS-MCTS, n-1 of the strongest search, mixed "
              "tables, the previous shipped bot and in cross-play: win shares with intervals over deals, the paired "
              "difference over the heuristic in its seat, each bot's worst line-up"),
    "exploit": ("hustings.training.exploit", "add_arguments", "run",
                "train a masked-PPO best response against a frozen agent (from scratch or from its own net) and "
                "report its edge over the agent's own share, with an interval (approximate exploitability; needs the "
                "train extra); --local: a local best response by rollouts, no training"),
    "play": ("hustings.cli.terminal", "add_play_arguments", "run_play",
             "play one seat yourself in the terminal against bots"),
    "replay": ("hustings.cli.terminal", "add_replay_arguments", "run_replay",
               "step through a saved game record (re-simulated exactly)"),
    "serve": ("hustings.cli.serve", "add_arguments", "run",
              "a local web app: play a seat against bots, watch bots, replay records in a browser (needs the web "
              "extra)"),
    "export": ("hustings.training.export", "add_arguments", "run",
               "export a trained checkpoint or a shipped bot's net (shipped:GAME) as ONNX (+ JSON sidecar) and a "
               "torch.export program"),
}

DESCRIPTIONS = {
    "play": "Play one seat in the terminal against bots. Type a move by its number, its name or as the table shows "
            "it (e.g. 3C); q or Ctrl-D stops (exit status 0), Ctrl-C too (exit status 130).",
}


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command; only ``command``'s module is imported to add its arguments (the others are
    listed with their help)."""
    parser = OneLineParser(prog="hustings", description="Multi-agent RL environments for political games.")
    parser.add_argument("--version", action="version", version=f"hustings {__version__}",
                        help="print the hustings version and exit")
    sub = parser.add_subparsers(dest="command", required=True)
    for name, (module_name, add, run, help_text) in COMMANDS.items():
        if name != command:
            sub.add_parser(name, help=help_text)
            continue
        module = importlib.import_module(module_name)
        description = DESCRIPTIONS.get(name) or ((module.__doc__ or help_text).strip().splitlines()[0])
        p = sub.add_parser(name, help=help_text, description=description)
        getattr(module, add)(p)
        p.set_defaults(func=getattr(module, run))
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``); returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    command = next((a for a in argv if not a.startswith("-")), None)
    try:
        parser = build_parser(command if command in COMMANDS else None)
    except ModuleNotFoundError as exc:
        message = missing_extra_message(command or "", exc)
        if message is None:
            raise
        print(f"error: {message}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    return run_command(args.func, args)


__all__ = ["COMMANDS", "build_parser", "games", "main"]
