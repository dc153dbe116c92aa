"""A local best response: ``hustings exploit AGENT --game G --local [--worlds K] [--deals D]``.

A cheap lower bound on how exploitable a bot is, with no training (Lisý and Bowling's local best response, in its
simplest form). One seat, the **responder**, plays against ``n - 1`` copies of the **target** (``AGENT``, any
evaluation SPEC). At each of its decisions with more than one legal action the responder

1. draws ``worlds`` complete worlds it cannot tell from the real one, ``state.sample_hidden(seat, rng)`` (the game's
   own information-set sampler: the other hands, deck orders and face-down cards drawn uniformly among the
   arrangements consistent with what the seat has seen); in games with hidden commitments (Democracy) the other
   seats' face-down commitments are then redrawn as the target would have chosen them (``State.recommit``);
2. values every legal action in every world: the action applied, then the game played to the end by the target's
   own policy in **every** seat (the other seats and the responder's own continuation), the value being the
   responder's win share at the end (a shared win counts ``1/k``); the same worlds and the same rollout seeds for
   every action (common random numbers);
3. plays the action of the highest mean value; ties go to the target's own move, so with nothing learned it plays
   as the target does.

**The edge.** The responder plays whole duplicate deals of the panel's ``report`` set
(:func:`hustings.evaluation.panel.deal_seeds`), sitting in every seat of every deal, with the target's copies in the
other seats seeded exactly as in the target's own games (:func:`hustings.evaluation.evaluate.play_rotation`); the
target plays the same deals in the same seats. The edge is the responder's win share minus the target's own share
there, with a 95% interval over deals of that paired difference (:func:`hustings.evaluation.ratings.deal_interval`).
The responder only improves the target's move one decision at a time against the target's own continuation, so its
edge is a **lower bound** on the target's exploitability (in win share, in that seat); an interval above 0 shows the
target can be exploited. It is deterministic: the same seed, deals and budget give the same games.

Its cost is ``worlds x legal actions`` rollouts of the target's policy per decision: minutes for a scripted bot or
a net at the defaults, far more for a search bot (each rollout move is a search).
"""
from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import os
import sys
import time

import numpy as np

import hustings
from hustings.core.bots import Bot
from hustings.core.files import atomic_write
from hustings.core.match import play_until
from hustings.errors import ConfigError

SCHEMA = "hustings-local-br/1"
#: Defaults: worlds per decision, deals (each played in every seat), the base seed of the responder's draws.
DEFAULTS = {"worlds": 4, "deals": 20, "seed": 0}


def _share(state, seat: int) -> float:
    won = state.winners()
    return 1.0 / len(won) if seat in won else 0.0


class LocalBestResponse(Bot):
    """The responder (module docstring): ``act(state, player)`` values every legal action by ``worlds`` rollouts of
    ``target``'s policy in sampled worlds and plays the best (ties: the target's own move).

    ``make_target(seed)`` builds one copy of the target (a :class:`~hustings.core.bots.Bot`); the responder keeps
    one per seat for its rollouts and one for its own default move. ``stats`` counts decisions, the ones with a
    choice, the moves that differ from the target's, and rollouts."""

    name = "local-br"

    def __init__(self, make_target, num_players: int, worlds: int = DEFAULTS["worlds"], seed: int | None = None,
                 hidden_commitments: bool = False, salt: int = 0):
        self.salt = salt
        super().__init__(None if seed is None else hash_seed(salt, seed))
        if isinstance(worlds, bool) or not isinstance(worlds, int) or worlds < 1:
            raise ConfigError(f"local best response: worlds={worlds!r} is invalid; expected an int >= 1")
        self.worlds = worlds
        self.own = make_target(0)
        self.rollout_bots = [make_target(p + 1) for p in range(num_players)]
        self.hidden_commitments = hidden_commitments
        self.stats = {"decisions": 0, "choices": 0, "deviations": 0, "rollouts": 0}

    def reset(self, seed: int | None = None) -> None:
        """Reseeds the responder's draws from ``seed`` and the salt (the run's seed), when ``seed`` is given."""
        super().reset(None if seed is None else hash_seed(self.salt, seed))
        self.own.reset(None if seed is None else self.rng.getrandbits(32))

    def values(self, state, me: int) -> dict[int, float]:
        """Every legal action's mean win share for ``me`` over the sampled worlds (each action played on by the
        target's policy in every seat)."""
        legal = state.legal_actions()
        total = dict.fromkeys(legal, 0.0)
        bots = self.rollout_bots
        for _ in range(self.worlds):
            world = state.sample_hidden(me, self.rng)
            if self.hidden_commitments:
                world.recommit(me, self.own.act)
            seeds = [self.rng.getrandbits(32) for _ in bots]
            for a in legal:
                w = world.clone()
                w.apply_unchecked(a)
                for b, s in zip(bots, seeds):
                    b.reset(s)
                play_until(w, bots)
                total[a] += _share(w, me)
                self.stats["rollouts"] += 1
        return {a: v / self.worlds for a, v in total.items()}

    def act(self, state, player: int) -> int:
        self.stats["decisions"] += 1
        default = self.own.act(state, player)
        legal = state.legal_actions()
        if len(legal) == 1:
            return default
        self.stats["choices"] += 1
        v = self.values(state, player)
        best = max(legal, key=lambda a: (v[a], a == default))
        if best != default:
            self.stats["deviations"] += 1
        return best


# --- playing -----------------------------------------------------------------------------------------------------
_W: dict = {}


def _init(game: str, n: int, recipe: tuple, worlds: int, worker: bool = False) -> None:
    from .evaluate import build_bot, quiet_worker

    if worker:
        quiet_worker()
    rules = hustings.registry.make_game(game, n)
    _W.update(game=game, rules=rules, recipe=recipe, worlds=worlds,
              targets=[build_bot(game, recipe, game=rules) for _ in range(n)],
              hidden=bool(hustings.registry.info(game).game_class.hidden_commitments))


def _play(task: tuple[int, int, int]) -> dict:
    """Deal ``seed``, rotation ``r`` (the responder is bot 0, in seat ``r``): the target's own game there and the
    responder's, with the other seats' copies seeded alike."""
    from .evaluate import build_bot, play_rotation

    seed, r, base = task
    game, rules, recipe, n = _W["game"], _W["rules"], _W["recipe"], _W["rules"].num_players
    own = play_rotation(rules, _W["targets"], seed, r)
    # play_rotation seeds every bot per (deal, rotation, bot); the responder's draws also from the run's seed
    lbr = LocalBestResponse(lambda k: build_bot(game, recipe, game=rules), n, _W["worlds"],
                            hidden_commitments=_W["hidden"], salt=base)
    t0 = time.process_time()
    played = play_rotation(rules, [lbr] + _W["targets"][1:], seed, r)
    return {"seed": seed, "rotation": r, "own": own, "lbr": played, "stats": lbr.stats,
            "cpu_seconds": time.process_time() - t0}


def hash_seed(salt: int, seed: int) -> int:
    """The responder's RNG seed for a game's bot seed ``seed`` (one per deal and seat) under the run's seed."""
    import hashlib

    return int.from_bytes(hashlib.sha256(f"{salt}:{seed}".encode()).digest()[:8], "little")


def paired(results: list[dict], seeds: list[int], n: int) -> dict:
    """The responder's win share, the target's own in the same seats and deals, and the paired edge, each with a
    95% interval over deals."""
    from . import ratings

    by = {}
    for res in results:
        by.setdefault(res["seed"], {})[res["rotation"]] = (ratings.share_of(res["lbr"], 0),
                                                            ratings.share_of(res["own"], 0))
    for s in seeds:
        if set(by.get(s, {})) != set(range(n)):
            raise ValueError(f"deal {s}: expected every seat once")
    br = [float(np.mean([by[s][r][0] for r in range(n)])) for s in seeds]
    own = [float(np.mean([by[s][r][1] for r in range(n)])) for s in seeds]
    diff = [b - o for b, o in zip(br, own)]
    return {"games": len(results), "deals": len(seeds), "fair_share": 1.0 / n,
            "win_share": float(np.mean(br)), "win_share_ci95": ratings.deal_interval(br),
            "target_share": float(np.mean(own)), "target_share_ci95": ratings.deal_interval(own),
            "edge": float(np.mean(diff)), "edge_ci95": ratings.deal_interval(diff, lo=-1.0, hi=1.0),
            "per_deal": diff}


def local_best_response(agent: str, game: str, num_players: int | None = None, worlds: int = DEFAULTS["worlds"],
                        deals: int = DEFAULTS["deals"], seed: int = DEFAULTS["seed"], seed_set: str = "report",
                        workers: int | None = None, progress: bool = True, log=print) -> dict:
    """Play the local best response to ``agent`` on ``deals`` deals (every seat of each) and measure its edge over
    the agent's own result there (module docstring); the result dict."""
    from hustings.bots import spec as spec_mod
    from hustings.bots.search import check_sampler

    from .evaluate import sigterm_stops
    from .panel import deal_seeds

    game = hustings.registry.game_key(game)
    n = num_players or hustings.registry.info(game).default_players
    for name, v, low in (("worlds", worlds, 1), ("deals", deals, 2)):
        if isinstance(v, bool) or not isinstance(v, int) or v < low:
            raise ConfigError(f"--{name} {v!r} is invalid; expected an int >= {low}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"--seed {seed!r} is invalid; expected an int")
    rules = hustings.registry.make_game(game, n)  # a bad size: ConfigError
    recipe = spec_mod.resolve(game, rules, [agent])[0]  # an unknown agent: ConfigError
    check_sampler(rules, game, "a local best response")
    seeds = deal_seeds(seed_set, game, n, deals)
    tasks = [(s, r, seed) for s in seeds for r in range(n)]
    workers = max(1, min(workers or os.cpu_count() or 1, len(tasks)))
    log(f"local best response to {agent} at {game} {n}p: {worlds} worlds a decision, {deals} deals "
        f"({len(tasks)} games, and the target's own on the same deals), {workers} worker(s)")
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=len(tasks), unit="game", desc=f"local BR {agent}", file=sys.stderr)
    results = []
    t0 = time.perf_counter()
    try:
        if workers == 1:
            _init(game, n, recipe, worlds)
            for t in tasks:
                results.append(_play(t))
                if bar:
                    bar.update(1)
        else:
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            with sigterm_stops(), ctx.Pool(workers, initializer=_init,
                                           initargs=(game, n, recipe, worlds, True)) as pool:
                for res in pool.imap_unordered(_play, tasks):
                    results.append(res)
                    if bar:
                        bar.update(1)
    finally:
        if bar:
            bar.close()
    seconds = time.perf_counter() - t0
    results.sort(key=lambda res: (seeds.index(res["seed"]), res["rotation"]))
    stats = {k: sum(res["stats"][k] for res in results) for k in ("decisions", "choices", "deviations", "rollouts")}
    out = paired(results, seeds, n)
    out.pop("per_deal")
    return {"schema": SCHEMA, "agent": agent, "game": game, "num_players": n, "worlds": worlds,
            "deal_count": deals, "seed": seed, "seed_set": seed_set, **out,
            "exploitable": bool(out["edge_ci95"][0] > 0), "stats": stats,
            "cpu_seconds": float(sum(res["cpu_seconds"] for res in results)), "seconds": seconds, "workers": workers,
            "hustings_version": hustings.__version__,
            "command": command_line(agent, game, num_players, worlds, deals, seed, seed_set)}


def command_line(agent, game, num_players, worlds, deals, seed, seed_set) -> str:
    """The ``hustings exploit --local`` command that runs this configuration (written into the result)."""
    return " ".join([f"hustings exploit {agent} --game {game}"] + ([f"--players {num_players}"] if num_players
                                                                    else [])
                    + ["--local", f"--worlds {worlds}", f"--deals {deals}"]
                    + ([f"--seed {seed}"] if seed != DEFAULTS["seed"] else [])
                    + ([f"--seed-set {seed_set}"] if seed_set != "report" else []))


def _ci(ci) -> str:
    return "-" if ci is None or math.isnan(ci[0]) else f"[{ci[0]:+.3f}, {ci[1]:+.3f}]"


def summary(r: dict) -> str:
    """The result in words."""
    verdict = ("exploitable: the edge's interval lies above 0" if r["exploitable"]
               else "no edge shown (the interval holds 0 or lies below)")
    st = r["stats"]
    return (f"local best response to {r['agent']} at {r['game']} {r['num_players']}p ({r['worlds']} worlds a "
            f"decision, {r['deal_count']} deals of the {r['seed_set']} set, every seat): win share "
            f"{r['win_share']:.3f} over {r['games']} games; the agent's own share in the same seats and deals "
            f"{r['target_share']:.3f}; edge {r['edge']:+.3f} {_ci(r['edge_ci95'])}: {verdict} (a lower bound). "
            f"{st['deviations']} of {st['choices']} choices differed from the agent's move; {st['rollouts']:,} "
            f"rollouts, {r['cpu_seconds']:.0f} CPU-s of the responder's games, {r['seconds']:.0f} s wall with "
            f"{r['workers']} worker(s).")


def add_local_arguments(p: argparse.ArgumentParser) -> None:
    """The options of the local best response (``hustings exploit ... --local``)."""
    p.add_argument("--worlds", type=int, default=None,
                   help=f"--local: sampled worlds a decision, each action rolled out once in each (default "
                        f"{DEFAULTS['worlds']})")
    p.add_argument("--deals", type=int, default=None,
                   help=f"--local: deals to play, each in every seat (default {DEFAULTS['deals']})")
    p.add_argument("--seed-set", choices=["select", "report"], default=None,
                   help="--local: the panel's deal set (default report)")


def run_local(args) -> int:
    """``hustings exploit AGENT --game G --local``: the local best response, its edge in words, the JSON if asked."""
    result = local_best_response(
        args.agent, args.game, args.players,
        worlds=DEFAULTS["worlds"] if args.worlds is None else args.worlds,
        deals=DEFAULTS["deals"] if args.deals is None else args.deals,
        seed=DEFAULTS["seed"] if args.seed is None else args.seed,
        seed_set=args.seed_set or "report", workers=args.workers, progress=not args.no_progress)
    print(summary(result))
    if args.json:
        atomic_write(args.json, json.dumps(result, indent=2) + "\n")
    return 0
