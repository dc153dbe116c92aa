"""How much can any bot win against the heuristic? A perfect-information bound.

    python tools/ceiling.py politrickers --games 500 --seed 1

plays IS-MCTS (the game's standard budget, or ``--spec``) at one seat against n-1 ``heuristic`` bots, duplicate deals
as ``hustings evaluate`` plays them, but the search sees through the cards: every "sampled" world is the real
position (every hand, every face-down card, the leftovers), only the future (later deals, draws) stays unknown,
since the world's RNG is fresh. No fair bot is told more than this one, so its win share bounds from above, give or
take its interval and the search's own weakness, what a fair bot of the same search can reach against that table;
a target above it is out of reach for search and, in practice, for a policy that plays without search.

Democracy is the exception to "every card seen": its plays are simultaneous (the rules module takes the
commitments to a trick one seat after another, face down), so the card another seat has committed is that seat's
*choice*, not a card a perfect-information player would see, and the voting pool's unturned cards and the undealt
stub, in order, are the future. Its bound (``DemocracyState.reveal_hands``) shows every hand but keeps those hidden.
"""
from __future__ import annotations

import argparse
import json
import random

import hustings
from hustings.core.rules import State

from hustings.evaluation import evaluate as ev


def reveal(state: State, player: int, rng: random.Random) -> State:
    """The search's world with nothing hidden: a copy of the real position whose RNG (later deals, draws) is
    fresh from ``rng``, so the future is still unknown."""
    out = state.clone()
    out.rng = random.Random(rng.getrandbits(64))
    if hasattr(out, "next_decks"):  # a stacked deck is the real game's future
        out.next_decks = ()
    return out


def world(state: State, player: int, rng: random.Random) -> State:
    """The ceiling search's world: the game's own perfect-information world where it has one (``reveal_hands``:
    Democracy, whose commitments are choices, see the module docstring), else :func:`reveal`."""
    own = getattr(state, "reveal_hands", None)
    return own(player, rng) if own is not None else reveal(state, player, rng)


def ceiling(game: str, games: int, num_players: int | None = None, seed: int = 0, spec: str = "ismcts",
            progress: bool = True) -> dict:
    """The tournament summary of ``spec`` seeing the real position (:func:`world`) against n-1 heuristic bots."""
    if not spec.startswith("ismcts"):
        raise hustings.ConfigError(f"{game}: the ceiling search must be an ismcts SPEC, got {spec!r}")
    build = ev.build_bot

    def build_revealed(game_name, recipe, bot_seed=None, game=None):
        bot = build(game_name, recipe, bot_seed, game=game)
        if recipe == ("search", spec):
            bot.sampler = world
        return bot

    n = num_players or hustings.registry.info(game).default_players
    ev.build_bot = build_revealed
    try:  # one process: the patched builder is seen by the in-process worker only
        return ev.tournament(game, [spec] + ["heuristic"] * (n - 1), games, num_players=n, seed=seed, workers=1,
                             progress=progress)
    finally:
        ev.build_bot = build


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python tools/ceiling.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=None)
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--spec", default="ismcts", help="the search (an ismcts SPEC; default: the game's standard one)")
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)
    res = ceiling(args.game, args.games, args.players, args.seed, args.spec, not args.no_progress)
    row = res["bots"][args.spec]
    print(json.dumps({"game": args.game, "players": res["num_players"], "spec": args.spec, "games": res["games"],
                      "seed": args.seed, "win_rate": round(row["win_rate"], 4),
                      "ci95": [round(x, 4) for x in row["ci95"]]}))


if __name__ == "__main__":
    main()
