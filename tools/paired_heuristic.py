"""A bot against n-1 copies of an opponent, paired with the heuristic in its seat: how much it adds over the heuristic.

    python tools/paired_heuristic.py GAME SPEC [--players N] [--deals K] [--seed S] [--opponent heuristic]

Each deal is played ``n`` times, the line-up rotated one seat each time (duplicate deals), twice: with ``SPEC``
(e.g. a run's ``checkpoint.pt`` or ``policy.npz``) in the subject's place, and with the heuristic there instead (the
control): the same deals, the same seats, the same other bots seeded alike. It prints the subject's win share, the
control's, and the paired difference (per deal, the subject's share minus the control's), each with a 95% interval
over deals (``hustings.evaluation.ratings.deal_interval``). The games run in batches on the compiled engine, so
every bot must have a batched form (scripted bots and nets do). ``--seed`` defaults to the shipped bots' table's
first deal (``tools/shipped_table.py``), which no training run evaluates on.
"""
from __future__ import annotations

import argparse
import json
import sys

import numpy as np


def paired(game_name: str, spec: str, players: int | None, deals: int, seed: int, opponent: str) -> dict:
    """The subject's and the control's win shares and the paired difference over ``deals`` deals."""
    from hustings import registry
    from hustings.bots import spec as spec_mod
    from hustings.errors import ConfigError
    from hustings.evaluation import batch_play, ratings

    game = registry.make_game(game_name, players, {})
    n = game.num_players
    subject, control = (spec_mod.resolve(game_name, game, [s] + [opponent] * (n - 1))
                        for s in (spec, "heuristic"))
    for lineup in (subject, control):
        why = batch_play.why_not(game_name, game, lineup)
        if why is not None:
            raise ConfigError(f"{spec}: the line-up cannot play in batches ({why}); expected bots with a batched form")
    seeds = [seed + d for d in range(deals)]
    tasks = [(s, r, k) for k in (0, 1) for s in seeds for r in range(n)]
    games = batch_play.play(game_name, game, [subject, control], tasks)
    share = {0: {}, 1: {}}
    for (s, _r, k), g in zip(tasks, games):
        share[k].setdefault(s, []).append(ratings.share_of(g, 0))
    mine = [float(np.mean(share[0][s])) for s in seeds]
    theirs = [float(np.mean(share[1][s])) for s in seeds]
    diff = [a - b for a, b in zip(mine, theirs)]
    return {"game": game_name, "num_players": n, "subject": spec, "opponent": opponent, "deals": deals,
            "games": deals * n, "first_seed": seed, "fair_share": 1.0 / n,
            "win_share": float(np.mean(mine)), "ci95": ratings.deal_interval(mine),
            "control_share": float(np.mean(theirs)), "control_ci95": ratings.deal_interval(theirs),
            "paired": float(np.mean(diff)), "paired_ci95": ratings.deal_interval(diff, lo=-1.0, hi=1.0)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("spec", help="the subject: any hustings evaluate SPEC with a batched form (a net, a scripted bot)")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--deals", type=int, default=500, help="deals (each played n times per line-up; default 500)")
    p.add_argument("--seed", type=int, default=20261201, help="first deal's seed (default 20261201)")
    p.add_argument("--opponent", default="heuristic", help="the n-1 other seats (default heuristic)")
    p.add_argument("--json", default=None, help="also write the result here")
    args = p.parse_args(argv)
    from hustings.errors import HustingsError
    try:
        r = paired(args.game, args.spec, args.players, args.deals, args.seed, args.opponent)
    except HustingsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    lo, hi = r["ci95"]
    clo, chi = r["control_ci95"]
    plo, phi = r["paired_ci95"]
    print(f"{r['game']} {r['num_players']}p, {r['games']} games ({r['deals']} deals x {r['num_players']} seats) "
          f"against {r['num_players'] - 1} x {r['opponent']}:\n"
          f"  {r['subject']}: {r['win_share']:.3f} [{lo:.3f}, {hi:.3f}] (fair {r['fair_share']:.3f})\n"
          f"  heuristic in its seat: {r['control_share']:.3f} [{clo:.3f}, {chi:.3f}]\n"
          f"  paired difference: {r['paired']:+.3f} [{plo:+.3f}, {phi:+.3f}]")
    if args.json:
        from hustings.core.files import atomic_write
        atomic_write(args.json, json.dumps(r, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
