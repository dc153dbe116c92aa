"""``python -m hustings.bench --clone``: what search needs from the rules interface, on random mid-game states of each
game: ``State.clone()`` against the JSON round trip ``game.state_from_json(state.to_json())`` in the same process
(target: clone >= 20x faster), and ``State.sample_hidden(player, rng)`` per second where the game has one, beside
the worlds a search draws (``State.world_sampler(player).draw``, the position's work done once) and, where the
game's engine has one, its compiled sampler's, alternating in the same rounds (CPU time of the process).

The mid-game states are played through the project's play loop (:func:`hustings.core.match.play_until`, random
bots sharing one seeded RNG); only the calls measured are timed.
"""
from __future__ import annotations

import random
import statistics
import time

from ..core.bots import RandomBot
from ..core.match import play_until

CLONE_RATIO_TARGET = 20.0


def random_bots(game, rng: random.Random) -> list:
    """One uniformly random bot per seat of ``game``, all drawing from ``rng`` (so that a seeded run is the same)."""
    bot = RandomBot()
    bot.rng = rng
    return [bot] * game.num_players


def midgame_states(game, count: int, seed: int) -> list:
    """``count`` states of random legal play, each stopped at a random point of its game (not terminal)."""
    rng = random.Random(seed)
    bots = random_bots(game, rng)
    out = []
    while len(out) < count:
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        history = []
        play_until(state, bots, stop=lambda _: len(history) >= 2000,
                   on_action=lambda st, _p, _a: history.append(st.clone() if len(history) % 7 == 0 else None))
        kept = [h for h in history if h is not None]
        out.append(kept[rng.randrange(len(kept))])
    return out


def _per_second(fn, items: list, seconds: float) -> float:
    done, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for item in items:
            fn(item)
        done += len(items)
    return done / (time.perf_counter() - t0)


def bench_clone(name: str, players: int | None, seconds: float, rounds: int) -> dict:
    """Clones/s and JSON round trips/s of the same mid-game states, alternating; sample_hidden/s if there is one."""
    import hustings

    game = hustings.registry.make_game(name, players)
    states = midgame_states(game, 20, seed=1)
    clone_rates, json_rates = [], []
    for _ in range(rounds):
        clone_rates.append(_per_second(lambda st: st.clone(), states, seconds))
        json_rates.append(_per_second(lambda st: game.state_from_json(st.to_json()), states, seconds))
    out = {"game": name, "players": game.num_players, "clone_per_s": statistics.median(clone_rates),
           "json_per_s": statistics.median(json_rates),
           "clone_ratio": statistics.median(c / j for c, j in zip(clone_rates, json_rates))}
    rng = random.Random(0)
    try:
        states[0].sample_hidden(states[0].current_player(), rng)
    except NotImplementedError:
        out["sample_per_s"] = None
        return out
    from ..bots.search import compiled_sampler

    kinds = {"sample_per_s": lambda st: st.sample_hidden(st.current_player(), rng)}
    sessions = [st.world_sampler(st.current_player()) for st in states]
    kinds["world_per_s"] = lambda s: s.draw(rng)
    cls = compiled_sampler(name, "auto")
    if cls is not None:
        compiled = [cls(st, st.current_player(), 1) for st in states]
        compiled[0].draw(rng)  # compile (or load) before the clock
        kinds["compiled_per_s"] = lambda s: s.draw(rng)
    items = {"sample_per_s": states, "world_per_s": sessions, "compiled_per_s": compiled if cls else None}
    rates: dict = {k: [] for k in kinds}
    for _ in range(rounds):
        for k, fn in kinds.items():
            rates[k].append(_per_cpu_second(fn, items[k], seconds))
    out.update({k: statistics.median(v) for k, v in rates.items()})
    return out


def _per_cpu_second(fn, items: list, seconds: float) -> float:
    done, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        for item in items:
            fn(item)
        done += len(items)
    return done / (time.process_time() - t0)


def report_clone(res: dict) -> list[str]:
    ok = res["clone_ratio"] >= CLONE_RATIO_TARGET
    print(f"{res['game']} {res['players']}p")
    print(f"  clone()      : {res['clone_per_s']:>10,.0f} /s")
    print(f"  JSON trip    : {res['json_per_s']:>10,.0f} /s (to_json + state_from_json, same states, same process)")
    print(f"  clone ratio  : {res['clone_ratio']:>10.1f}x (target >= {CLONE_RATIO_TARGET:.0f}: "
          f"{'ok' if ok else 'MISSED'})")
    sample = res["sample_per_s"]
    print(f"  sample_hidden: {'(none)' if sample is None else f'{sample:>10,.0f} /s (per CPU-second)'}")
    if sample is not None:
        world = res["world_per_s"]
        print(f"  search world : {world:>10,.0f} /s (State.world_sampler(p).draw: {1e6 / world:.1f} us a world)")
        if "compiled_per_s" in res:
            c = res["compiled_per_s"]
            print(f"  compiled     : {c:>10,.0f} /s (the engine's CompiledSampler: {1e6 / c:.1f} us a world, "
                  f"{c / world:.2f}x)")
    return [] if ok else [f"{res['game']} clone ratio"]

