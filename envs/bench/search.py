"""``python -m hustings.bench --search``: IS-MCTS (:mod:`hustings.bots.search`, random rollouts to the end of the
game, the game's own ``sample_hidden``) in iterations per CPU-second (``time.process_time``) from the first decision of
seeded deals at the default table, with the rollouts in the game's compiled engine (``backend=compiled``, where it has
one) and in Python (``backend=python``), and in the same run, alternating, OpenSpiel's Python ``ISMCTSBot``
(``open_spiel.python.algorithms.ismcts``) over its C++ ``hearts`` (4 players, one random rollout per iteration;
:mod:`hustings.bench.openspiel`); target: ours (the default ``backend=auto``, so compiled where there is an engine)
>= 4x on Democracy and Politrickers, >= 2x on Politix (``GameInfo.search_speed_target``).

With ``sampling=compiled`` (the card games' compiled samplers, :mod:`hustings.<game>.engine.sample`) a line more
measures the same search with its worlds drawn in compiled code, in the same alternating rounds.

An iteration is the same on both sides: one sampled world (ours: ``State.world_sampler`` in Python; theirs:
``resample_from_infostate`` in C++), one walk down the tree (Python on both sides) and one uniformly random rollout
to the end of the game (ours: one kernel call of the compiled engine, or ``State.random_rollout``, the game's own loop
in Python; theirs: ``RandomRolloutEvaluator``, a Python loop over C++ ``legal_actions``/``apply_action``), valued by
the final returns. Where the game's default search rolls out with its heuristic and its engine plays it
(Democracy), a line more measures that search (the game's ``GAME_INFO.search``, ``hustings.make_bot(game,
"ismcts")``) with its rollouts in the compiled engine and in Python (``backend=python``): the same moves on both
sides, so the ratio is the speed-up alone.

The games differ in length: the report gives each side's mean random playout in decisions (Democracy's runs over
several islands, ~260 decisions at 4 players, against ~60 for a hand of hearts) and the decisions/s that makes.
The OpenSpiel row is skipped, with a message, when ``open_spiel`` is not installed (``pip install open-spiel``).
The positions and playout lengths are played through the project's play loop (:func:`hustings.core.match.play_until`).
"""
from __future__ import annotations

import random
import statistics
import time

from .. import registry
from ..core.bots import Bot
from ..core.match import play_until
from .clone import random_bots
from .openspiel import openspiel_hearts

SEARCH_ITERATIONS = 100  # per search; a timed run repeats searches over its positions

class _Forced(Bot):
    """Plays the first legal action (used only where it is the only one)."""

    def act(self, state, player: int) -> int:
        return state.legal_actions()[0]


def first_decisions(game, count: int, seed: int) -> list:
    """The first position of ``count`` seeded deals where the player to move has two or more legal actions."""
    out, rng = [], random.Random(seed)
    bots = [_Forced()] * game.num_players
    while len(out) < count:
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        play_until(state, bots, stop=lambda st: len(st.legal_actions()) >= 2)
        if not state.is_terminal():
            out.append(state)
    return out


def _search_rate(search, states: list, seconds: float) -> float:
    """Iterations per CPU-second of ``search(state) -> iterations done`` cycled over ``states`` for about
    ``seconds`` of CPU time."""
    done, i, t0 = 0, 0, time.process_time()
    while time.process_time() - t0 < seconds or done == 0:
        done += search(states[i % len(states)])
        i += 1
    return done / (time.process_time() - t0)


def playout_length(states: list, seed: int = 0) -> float:
    """Mean decisions of a random playout from ``states`` to the end (what a full random rollout plays)."""
    rng, moves = random.Random(seed), []
    for state in states:
        bots = random_bots(state.game, rng)
        for _ in range(5):
            play_until(state.clone(), bots, on_action=lambda *_: moves.append(1))
    return len(moves) / (5 * len(states))


def bench_search(name: str, players: int | None, seconds: float, rounds: int, ref=None) -> dict:
    """IS-MCTS iterations/s of game ``name`` and, alternating in the same process, of OpenSpiel over hearts."""
    import hustings
    from hustings.bots.rollout import engine_class
    from hustings.bots.search import ISMCTSBot, compiled_sampler

    game = hustings.registry.make_game(name, players)
    states = first_decisions(game, 20, seed=1)
    out = {"game": name, "players": game.num_players, "iterations": SEARCH_ITERATIONS}
    try:
        states[0].sample_hidden(states[0].current_player(), random.Random(0))
    except NotImplementedError:
        out["ours"] = None
        return out
    out["playout"] = playout_length(states)
    # Random rollouts to the end, whatever the game's default search settings are; the default backend (auto) first.
    backends = ["compiled", "python"] if engine_class(name) is not None else ["python"]
    out["backend"] = backends[0]
    searches = []
    for backend in backends:
        bot = ISMCTSBot(name, iterations=SEARCH_ITERATIONS, rollout="random", depth=None, horizon=None,
                        leaf="returns", fpu=None, seed=0, backend=backend)
        searches.append(lambda st, bot=bot: bot.search(st, st.current_player())[1])
    sampled = compiled_sampler(name, "auto") is not None
    if sampled:  # the same search, its worlds from the game's compiled sampler (sampling=compiled)
        bot = ISMCTSBot(name, iterations=SEARCH_ITERATIONS, rollout="random", depth=None, horizon=None,
                        leaf="returns", fpu=None, seed=0, backend=backends[0], sampling="compiled")
        searches.append(lambda st, bot=bot: bot.search(st, st.current_player())[1])
    ref = openspiel_hearts(SEARCH_ITERATIONS, seed=0) if ref is None else ref
    for search in searches:
        _search_rate(search, states, 0.3)  # warm up (the compiled rollout kernel: compiled or loaded here)
    if ref:
        _search_rate(ref[0], ref[1], 0.3)
    mine = [[] for _ in searches]
    theirs = []
    for _ in range(rounds):
        for rates, search in zip(mine, searches):
            rates.append(_search_rate(search, states, seconds))
        if ref:
            theirs.append(_search_rate(ref[0], ref[1], seconds))
    if sampled:
        rates = mine.pop()
        out["sampler"] = {"rate": statistics.median(rates),
                          "speedup": statistics.median(a / b for a, b in zip(rates, mine[0]))}
        if ref:
            out["sampler"]["ratio"] = statistics.median(a / b for a, b in zip(rates, theirs))
    out["ours"] = statistics.median(mine[0])
    out["python"] = statistics.median(mine[-1])
    out["speedup"] = statistics.median(a / b for a, b in zip(mine[0], mine[-1]))
    if registry.info(name).search.get("rollout") == "heuristic" and backends[0] == "compiled":
        default = [ISMCTSBot(name, seed=0, backend=b) for b in backends]
        if default[0]._compiled is not None:  # the engine plays the heuristic: the game's default search, both ways
            searches = [lambda st, bot=bot: bot.search(st, st.current_player())[1] for bot in default]
            for search in searches:
                _search_rate(search, states, 0.3)
            rates = [[_search_rate(search, states, seconds) for search in searches] for _ in range(rounds)]
            out["default"] = {"iterations": default[0].iterations,
                              "compiled": statistics.median(r[0] for r in rates),
                              "python": statistics.median(r[1] for r in rates),
                              "speedup": statistics.median(r[0] / r[1] for r in rates)}
    if ref:
        out["openspiel"] = statistics.median(theirs)
        out["openspiel_playout"] = ref[2]
        out["ratio"] = statistics.median(a / b for a, b in zip(mine[0], theirs))
    return out


def report_search(res: dict) -> list[str]:
    print(f"{res['game']} {res['players']}p")
    if res["ours"] is None:
        print("  IS-MCTS      : (skipped: the game has no State.sample_hidden yet)")
        return []
    print(f"  IS-MCTS      : {res['ours']:>10,.0f} iterations/s (backend={res['backend']}: random rollouts to the end "
          f"in {'the compiled engine' if res['backend'] == 'compiled' else 'Python'}, {res['iterations']} per "
          f"search, first decisions of 20 deals; a random playout from there is {res['playout']:.0f} decisions: "
          f"{res['ours'] * res['playout']:,.0f} playout decisions/s)")
    if res["backend"] == "compiled":
        print(f"  python       : {res['python']:>10,.0f} iterations/s (backend=python: the same search, rollouts "
              f"through State.random_rollout; compiled {res['speedup']:.2f}x)")
    if "sampler" in res:
        c = res["sampler"]
        versus = f"; {c['ratio']:.2f}x OpenSpiel's" if "ratio" in c else ""
        print(f"  compiled     : {c['rate']:>10,.0f} iterations/s (sampling=compiled: the same search, its worlds "
              f"from the game's compiled sampler: {c['speedup']:.2f}x the Python sampler's iterations{versus})")
    if "default" in res:
        d = res["default"]
        print(f"  default      : {d['compiled']:>10,.0f} iterations/s (the game's default IS-MCTS, {d['iterations']} per "
              f"search: heuristic rollouts in the compiled engine; backend=python {d['python']:,.0f}/s, the same "
              f"moves: compiled {d['speedup']:.2f}x)")
    if "openspiel" not in res:
        print("  OpenSpiel    : (skipped: open_spiel is not installed; pip install open-spiel)")
        return []
    target = registry.info(res["game"]).search_speed_target
    ok = target is not None and res["ratio"] >= target
    verdict = f" (target >= {target:g}: {'ok' if ok else 'MISSED'})" if target is not None else " (no target)"
    print(f"  OpenSpiel    : {res['openspiel']:>10,.0f} iterations/s (Python ISMCTSBot over C++ hearts 4p, "
          f"same process, alternating; playouts of {res['openspiel_playout']:.0f} decisions: "
          f"{res['openspiel'] * res['openspiel_playout']:,.0f} playout decisions/s)")
    print(f"  search ratio : {res['ratio']:>10.2f}x{verdict}")
    return [] if ok or target is None else [f"{res['game']} search ratio"]


