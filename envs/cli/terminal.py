"""``hustings demo``, ``play`` and ``replay``: games in the terminal, between bots, against you, or from a record."""
from __future__ import annotations

import argparse
import sys

from .. import make_bot, registry
from ..bots import spec as specs_mod
from ..core.yamlio import parse_options
from ..errors import ConfigError
from ..play import make_game, move_seen_by, play_game, play_interactive, records, revealed_by_move
from ..play.moves import QUIET_EVENTS
from ..play.records import Recorder


def add_demo_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=registry.games())
    p.add_argument("--players", type=int, default=4, help="number of players (default 4)")
    p.add_argument("--bots", nargs="+", metavar="BOT", help="one bot name for all seats, or one per seat "
                      "(default heuristic)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--max-islands", type=int, default=None, help=argparse.SUPPRESS)
    p.add_argument("--quiet", action="store_true", help="print only the final table and result")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="a game option (repeatable), e.g. --option max_islands=5; values are read as "
                           "int/float/bool/None/text")


def add_play_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", choices=registry.games())
    p.add_argument("--players", type=int, default=None, help="number of players (default: the game's default)")
    p.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    p.add_argument("--bots", nargs="+", default=["heuristic"], metavar="SPEC",
                    help="the other seats: one SPEC for all or one per seat (scripted bot name, checkpoint path "
                         "or exported .onnx); default heuristic")
    p.add_argument("--seed", type=int, default=None, help="deal seed (default: random, printed)")
    p.add_argument("--record", metavar="OUT", help="save the game as a JSON record (a game stopped with Ctrl-C, "
                    "Ctrl-D or q is saved too, marked unfinished)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option (repeatable), e.g. --option teams_3v3=true; values are read as "
                         "int/float/bool/None/text")
    p.add_argument("--confirm-forced", action="store_true",
                    help="ask for a move even when it is your only legal one (default: it is played for you)")


def add_replay_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("record", help="a JSON game record (from hustings play --record or evaluate --records)")
    p.add_argument("--seat", type=int, default=None, help="show only what this seat could see")
    p.add_argument("--pause", action="store_true", help="wait for Enter after each move")


def run_demo(args) -> int:
    """``hustings demo``: play and print a full game between scripted bots."""
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
    bots = [make_bot(args.game, s, seed=args.seed * 31 + i) for i, s in enumerate(specs)]
    print(f"{game.name}, {game.num_players} players, seed {args.seed}: "
          + ", ".join(f"P{i}={s}" for i, s in enumerate(specs)))
    seen = {"header": None, "scores": 0, "events": 0}

    def narrate(state):
        # What the last move did (a trick won, an island scored, a bill passed...), in the game's own words.
        new = state.events(None, seen["events"])
        seen["events"] += len(new)
        if not args.quiet:
            for event in new:
                if event.get("type") not in QUIET_EVENTS:
                    print("      > " + game.describe_event({k: v for k, v in event.items() if k != "private"}))

    def show(state, player, action):
        # One line per phase (a trick, a turn...), the whole table whenever scores changed.
        narrate(state)
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
    narrate(final)
    print()
    print(final.render())
    won = final.winners()
    print("scores:", ", ".join(f"P{p} {v:g}" for p, v in enumerate(final.scores())) + "; "
          + ("winner" + ("s" if len(won) > 1 else "") + ": " + ", ".join(f"P{p}" for p in won) if won
             else "no winner (truncated)"))
    return 0


def run_play(args) -> int:
    """``hustings play``: you play one seat in the terminal against bots.

    Exit status 0 when the game ends or you stop it with ``q`` or Ctrl-D (end of input), 130 on Ctrl-C; with
    ``--record`` the game so far is saved either way, a stopped one marked unfinished (``"finished": false``).
    """
    import random

    game = make_game(args.game, args.players, parse_options(args.option))
    n = game.num_players
    if not 0 <= args.seat < n:
        raise ConfigError(f"--seat {args.seat} does not exist; expected 0..{n - 1}")
    specs = args.bots * (n - 1) if len(args.bots) == 1 else args.bots
    if len(specs) != n - 1:
        raise ConfigError(f"{len(specs)} bots for the {n - 1} other seats; give one bot, or one per other seat")
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


def run_replay(args) -> int:
    """``hustings replay``: re-simulate a game record move by move, optionally from one seat's view, with the
    events each move caused (trick results, scoring, ...) as the re-simulation records them; with ``--seat`` only
    what that seat may see."""
    record = records.load(args.record)
    seen = {"header": None, "events": 0}
    seat = args.seat
    if seat is not None:
        n = records.game_from_config(record.get("config") if isinstance(record, dict) else None).num_players
        if not 0 <= seat < n:
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
