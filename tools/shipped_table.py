"""The shipped bots' table: every game at every table size against n-1 heuristic, IS-MCTS and random bots.

    python tools/shipped_table.py play [--game G] [--players N] [--opponent heuristic|ismcts|random] [--search]
    python tools/shipped_table.py table [--panel panel/*/panel.json]   (default: docs/panel/*/panel.json)
                                   (docs/shipped-bots.md and README's table, from the results; with a hustings
                                   panel run, each bot's worst line-up there too)
    python tools/shipped_table.py install RUN_DIR  (a finished run becomes the shipped bot of its size)

``play`` seats the shipped bot (``shipped:GAME``, the net for that table size; with ``--search`` the searching variant
``shipped-search:GAME`` at the sizes whose folder has a ``search.json``) with n-1 copies of an opponent over
duplicate deals (every seat rotation of each deal) and keeps the result as ``docs/shipped-bots/GAME-Np-OPP.json`` (a searching variant's as ``GAME-Np-search-OPP.json``);
finished results are kept, so an interrupted ``play`` resumes where it stopped (``--again`` replays them). The
deals start at seed :data:`SEED`, which no training run evaluates on: these are fresh games, not the ones the
training reports were measured on. ``table`` reads those results and each bot's ``report.json`` (its training cost).
"""
from __future__ import annotations

import argparse
import json
import os
import sys

import hustings

SEED = 20261201  # the first deal of the table's games (training evaluates on seed 0 onward)
GAMES = {"heuristic": 2000, "random": 2000, "ismcts": 100}  # games per result at the default table size
# fewer IS-MCTS games at the other sizes: a game against n-1 searching bots costs ~2-5 s of CPU per searching seat
OTHER_SIZE_GAMES = {"ismcts": 40}
LARGE_TABLE_GAMES = {"ismcts": 20}  # at 5 and 6 players
OPPONENTS = ("heuristic", "ismcts", "random")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# a checkout keeps the table in its docs/; an installed package writes it under the current folder's docs/
DOCS = os.path.join(ROOT, "docs") if os.path.isdir(os.path.join(ROOT, "docs")) else os.path.join(os.getcwd(), "docs")
OUT = os.path.join(DOCS, "shipped-bots")
TABLE = os.path.join(DOCS, "shipped-bots.md")


def result_path(game: str, n: int, opponent: str, search: bool = False) -> str:
    return os.path.join(OUT, f"{game}-{n}p-{'search-' if search else ''}{opponent}.json")


def subject(game: str, search: bool = False) -> str:
    """The SPEC a result measures: the shipped net, or the searching variant shipped beside it."""
    return ("shipped-search:" if search else "shipped:") + game


def games_for(game: str, n: int, opponent: str) -> int:
    from hustings import checkpoints

    if n != checkpoints.default_size(game):
        return (LARGE_TABLE_GAMES if n >= 5 else OTHER_SIZE_GAMES).get(opponent, GAMES[opponent])
    return GAMES[opponent]


def play(game: str, n: int, opponent: str, workers: int | None = None, progress: bool = True,
         games: int | None = None, search: bool = False) -> dict:
    """The shipped bot of ``game`` at ``n`` seats (``search``: its searching variant) against n-1 ``opponent`` bots
    over :func:`games_for` games (or ``games``, for a bot too slow for the table's count: the cell shows how many were
    played); saved and returned."""
    from hustings.evaluation.evaluate import tournament

    res = tournament(game, [subject(game, search)] + [opponent] * (n - 1),
                     games if games is not None else games_for(game, n, opponent),
                     num_players=n, seed=SEED, workers=workers, progress=progress)
    os.makedirs(OUT, exist_ok=True)
    path = result_path(game, n, opponent, search)
    with open(path + ".tmp", "w") as f:
        json.dump(res, f, indent=1)
    os.replace(path + ".tmp", path)
    return res


README_START, README_END = "<!-- shipped-table -->", "<!-- /shipped-table -->"
INSTALLED = ("policy.npz", "config.yaml", "report.json", "report.md", "learning_curve.png", "learning_curve.csv")


def install(run_dir: str) -> str:
    """Copy a finished training run's bot into ``checkpoints/<game>/<n>p/`` (the default size: ``checkpoints/<game>/``,
    which also keeps ``policy.pt``); the folder it went to. Its old results in docs/shipped-bots/ are removed. A
    ``search.json`` there is kept: the searching variant then plays with the new net (delete it for none)."""
    import shutil

    from hustings import checkpoints
    from hustings.bots.policy import load_policy_npz

    missing = [f for f in INSTALLED if not os.path.isfile(os.path.join(run_dir, f))]
    if missing:
        raise hustings.ConfigError(f"{run_dir}: not a finished training run (no {', '.join(missing)}); expected the "
                                   f"output folder of a `hustings train` run that ran to its end")
    meta, _ = load_policy_npz(os.path.join(run_dir, "policy.npz"))
    game, n = meta["game"], meta["num_players"]
    default = n == checkpoints.default_size(game)
    dest = os.path.join(os.path.dirname(os.path.abspath(checkpoints.__file__)), game, "" if default else f"{n}p")
    os.makedirs(dest, exist_ok=True)
    for name in INSTALLED + (("policy.pt",) if default else ()):
        shutil.copyfile(os.path.join(run_dir, name), os.path.join(dest, name + ".tmp"))
        os.replace(os.path.join(dest, name + ".tmp"), os.path.join(dest, name))
    for opp in OPPONENTS:
        for search in (False, True):
            if os.path.isfile(result_path(game, n, opp, search)):
                os.remove(result_path(game, n, opp, search))
    return dest


def _cell(res: dict | None) -> str:
    if res is None:
        return "not run"
    me = res["bots"][res["specs"][0]]  # the measured bot sits first (its SPEC names it: it is the only one)
    lo, hi = me["ci95"]
    mark = "**" if lo > res["fair_share"] else ""
    return f"{mark}{me['win_rate']:.3f}{mark} [{lo:.3f}, {hi:.3f}] ({res['games']})"


def _cost(game: str, n: int) -> tuple[str, str]:
    from hustings import checkpoints

    folder = checkpoints.folder(game, n)
    with open(os.path.join(folder, "report.json")) as f:
        rep = json.load(f)
    pre = rep.get("pretrain") or {}  # (a resumed run's report no longer has it; its config still names the bot)
    configured = ((rep.get("config") or {}).get("pretrain") or {}).get("bot")
    imitated = pre or configured
    before, wall_before = int(pre.get("timesteps_before", 0)), float(pre.get("wall_seconds_before", 0.0))
    # a run continued from an earlier bot (pretrain.policy) counts that bot's training too
    teacher = pre.get("bot") or configured
    of = f" of {teacher}" if teacher and teacher != "heuristic" and "decisions" in pre else ""
    steps = f"{(before + rep['timesteps']) / 1e6:.1f}M" + (f" + imitation{of}" if imitated else "") + (
        f" ({pre['decisions']:,} decisions)" if "decisions" in pre else "") + (
        f" ({before / 1e6:.1f}M, then continued {rep['timesteps'] / 1e6:.1f}M)" if before else "")
    cfg = "configs/" + (f"{game}.yaml" if n == checkpoints.default_size(game) else f"sizes/{game}_{n}p.yaml")
    wall = wall_before + float(pre.get("wall_seconds", 0.0)) + rep["wall_seconds"]  # earlier stages, warm start, PPO
    return steps, f"{wall / 60:.0f} min ({cfg})"


def panel_worst(paths: str | list[str], search: bool = False) -> dict[tuple[str, int], str]:
    """Each shipped bot's worst line-up from ``hustings panel`` results files (``panel.json``; a later file's game
    and size replace an earlier one's), as table cells by (game, size): win share, its interval over deals, the
    line-up and the games. With ``search``, the searching variants' (``--agents shipped-search:GAME``)."""
    per_size = []
    for path in [paths] if isinstance(paths, str) else paths:
        with open(path) as f:
            per_size += json.load(f)["per_size"]
    cells = {}
    for r in per_size:
        key = f"shipped-search:{r['game']}" if search else "shipped"
        w = (r["subjects"].get(key) or {}).get("worst")
        if w is None:
            continue
        lo, hi = w["ci95"]
        mark = "**" if w["above_fair"] == "yes" else ""
        interval = "" if lo is None or lo != lo else f" [{lo:.3f}, {hi:.3f}]"
        cells[(r["game"], r["num_players"])] = (f"{mark}{w['win_share']:.3f}{mark}{interval} vs {w['lineup']} "
                                                f"({w['games']})")
    return cells


def published_panels(search: bool = False) -> list[str]:
    """The committed ``hustings panel`` results (``docs/panel/GAME/panel.json``), in game order; with ``search``
    the searching variants' (``docs/panel/search/GAME-Np/panel.json``)."""
    import glob

    return sorted(glob.glob(os.path.join(DOCS, "panel", *(["search"] if search else []), "*", "panel.json")))


def table(panel: str | list[str] | None = None) -> str:
    """The Markdown table of every result there is (``docs/shipped-bots.md``'s body), with a column with each bot's
    worst line-up in ``panel`` (``hustings panel`` results files, ``panel.json``; default: :func:`published_panels`,
    none: no column)."""
    from hustings import checkpoints
    from hustings.bots.search_spec import parse_search_spec

    panel = published_panels() if panel is None else panel
    worst = panel_worst(panel) if panel else None
    lines = ["| game | players | fair share | vs n-1 heuristic | vs n-1 IS-MCTS | vs n-1 random | "
             + ("worst line-up (panel) | " if worst is not None else "") + "PPO timesteps | "
             "training wall time (config) |", "|---|---:|---:|---|---|---|" + ("---|" if worst is not None else "")
             + "---|---|"]
    for game in checkpoints.names():
        for n in checkpoints.sizes(game):
            found = _results(game, n)
            fair = next(iter(found.values()))["fair_share"] if found else 1 / n
            steps, wall = _cost(game, n)
            default = " (default)" if n == checkpoints.default_size(game) else ""
            lines.append(f"| {game} | {n}{default} | {fair:.3f} | " + " | ".join(_cell(found.get(o)) for o in OPPONENTS)
                         + (f" | {worst.get((game, n), 'no panel run yet')}" if worst is not None else "")
                         + f" | {steps} | {wall} |")
    search_worst = panel_worst(published_panels(search=True), search=True) if worst is not None else None
    lines += ["", "Searching variants (`shipped-search:GAME`), shipped beside the net at these sizes:", "",
              "| game | players | fair share | vs n-1 heuristic | vs n-1 IS-MCTS | vs n-1 random | "
              + ("worst line-up (panel) | " if search_worst is not None else "") + "plays |",
              "|---|---:|---:|---|---|---|" + ("---|" if search_worst is not None else "") + "---|"]
    for game in checkpoints.names():
        for n in checkpoints.search_sizes(game):
            found = _results(game, n, True)
            searched = checkpoints.search_spec(game, n)
            options = parse_search_spec(searched)[1]
            how = ("its favoured root move the net's" if options.get("favourite") == "shipped" else
                   "the net its model of the other seats" if options.get("model") == "shipped" else
                   "a search without the net")
            lines.append(f"| {game} | {n} | {1 / n:.3f} | " + " | ".join(_cell(found.get(o)) for o in OPPONENTS)
                         + (f" | {search_worst.get((game, n), 'no panel run yet')}" if search_worst is not None
                            else "")
                         + f" | `{searched}` ({how}) |")
    return "\n".join(lines) + "\n"


def _results(game: str, n: int, search: bool = False) -> dict:
    found = {}
    for opp in OPPONENTS:
        if os.path.isfile(result_path(game, n, opp, search)):
            with open(result_path(game, n, opp, search)) as f:
                found[opp] = json.load(f)
    return found


HEADER = """# The shipped bots against heuristic, IS-MCTS and random bots

Every shipped bot (`shipped:GAME`: the net of `checkpoints/<game>/` at the default size and `checkpoints/<game>/<n>p/`
at the others, a fraction of a millisecond a move) with n-1 copies of one opponent: the game's `heuristic`, `ismcts`
at the game's standard budget (each game's `GAME_INFO.search`) or `random`. Duplicate deals from seed {seed} (fresh deals: no training
run evaluates on them), every seat rotation of each deal. A cell is the bot's win share, its 95% Wilson interval
and the number of games; **bold** where the interval's lower bound is above fair share (1/n; shared wins are
split: in Politix the members of the winning party share its win). Wall times are from each bot's `report.json`
(the configs' headers say more): the default-size bots trained on 2 cores (Politix's and Prime Minister's beside
other runs), the other sizes two to six processes at a time on the same 2 cores (one torch thread each). Where a
bot folder has a `search.json`, a *searching variant* ships beside the net (`shipped-search:GAME`, the second table):
it plays that search at every move (about 12 ms of CPU a move in Democracy 4p, 30 ms in Politrickers 4p, 6 ms at
5p) and is stronger than the net against the heuristic, not in every line-up (docs/panel.md). The worst line-up columns are each bot's lowest row (a
line-up or a cross-play table) in the committed panel results ([the panel's results](panel-results.md), `docs/panel/`). Regenerate: `python tools/shipped_table.py play` (and `play
--search` for the searching variants; finished results are kept; the committed ones took {minutes} min
of play in all, most of it the games with a search on either side, on 2 cores often shared with training runs), then
`python tools/shipped_table.py table`.

"""


def main(argv: list[str] | None = None) -> int:
    from hustings import checkpoints

    p = argparse.ArgumentParser(prog="python tools/shipped_table.py", description=__doc__.split("\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    pl = sub.add_parser("play", help="play the table's games (results kept in docs/shipped-bots/)")
    pl.add_argument("--game", choices=checkpoints.names(), action="append", help="only this game (repeatable)")
    pl.add_argument("--players", type=int, action="append", help="only this table size (repeatable)")
    pl.add_argument("--opponent", choices=OPPONENTS, action="append", help="only this opponent (repeatable)")
    pl.add_argument("--again", action="store_true", help="replay results that are already there")
    pl.add_argument("--workers", type=int, default=None, help="worker processes (default: CPU count)")
    pl.add_argument("--games", type=int, default=None,
                    help="games per result instead of the table's count (for a slow bot; the table shows the count)")
    pl.add_argument("--search", action="store_true",
                    help="the searching variants (shipped-search:GAME) at the sizes that ship one, not the nets")
    pl.add_argument("--no-progress", action="store_true")
    tb = sub.add_parser("table", help=f"write {TABLE} from the results")
    tb.add_argument("--panel", metavar="PANEL_JSON", nargs="+", default=None,
                    help="hustings panel results files (panel/*/panel.json): add each bot's worst line-up "
                         "(default: the committed docs/panel/*/panel.json)")
    ins = sub.add_parser("install", help="make finished training runs the shipped bots of their sizes")
    ins.add_argument("runs", nargs="+", metavar="RUN_DIR")
    args = p.parse_args(argv)
    if getattr(args, "games", None) is not None and args.games < 1:
        p.error(f"--games {args.games}: expected a number of games >= 1")
    if args.command == "install":
        for run_dir in args.runs:
            print(f"{run_dir} -> {install(run_dir)}")
        return 0
    if args.command == "play":
        for game in args.game or checkpoints.names():
            for n in args.players or checkpoints.sizes(game):
                if n not in (checkpoints.search_sizes(game) if args.search else checkpoints.sizes(game)):
                    continue
                for opp in args.opponent or OPPONENTS:
                    if os.path.isfile(result_path(game, n, opp, args.search)) and not args.again:
                        continue
                    res = play(game, n, opp, workers=args.workers, progress=not args.no_progress, games=args.games,
                               search=args.search)
                    print(f"{game} {n}p{' (search)' if args.search else ''} vs {opp}: {_cell(res)} in "
                          f"{res['seconds']:.0f} s", flush=True)
        return 0
    body = table(args.panel)
    seconds = 0.0
    for name in os.listdir(OUT) if os.path.isdir(OUT) else []:
        with open(os.path.join(OUT, name)) as f:
            seconds += json.load(f).get("seconds", 0.0)
    with open(TABLE, "w") as f:
        f.write(HEADER.format(seed=SEED, minutes=round(seconds / 60)) + body)
    readme = os.path.join(ROOT, "README.md")  # a checkout's README shows the same table between its markers
    if os.path.isfile(readme):
        with open(readme) as f:
            text = f.read()
        if README_START in text and README_END in text:
            head, rest = text.split(README_START, 1)
            with open(readme, "w") as f:
                f.write(head + README_START + "\n" + body + README_END + rest.split(README_END, 1)[1])
    sys.stdout.write(body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
