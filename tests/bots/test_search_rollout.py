"""The search bots' compiled rollouts (hustings.bots.rollout, the ``backend`` search option): each compiled rollout
replays move for move through the rules module to the same end, its moves are uniform among the legal ones, the
search with it plays legal moves and is deterministic per seed, and it is not weaker than the Python rollouts.
Compiled heuristic rollouts (Democracy's) are the Python heuristic's play, deals included, and the search with them
plays the Python backend's moves.

Skipped where numba is not installed (``backend=auto`` then rolls out in Python, which the other search tests
cover).
"""
from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

import hustings
from hustings.bots import rollout as rollout_mod
from hustings.bots.search import ISMCTSBot, PIMCBot, score_values

pytest.importorskip("numba")

ENGINE_GAMES = ["democracy", "politrickers", "politix"]  # the games whose compiled engine has rollouts
TABLES = [("democracy", 3), ("democracy", 4), ("democracy", 6), ("politrickers", 3), ("politrickers", 4),
          ("politrickers", 5), ("politix", 2), ("politix", 3), ("politix", 4), ("politix", 5), ("politix", 6)]


def make_game(name: str, players: int | None = None, **options):
    module = hustings.game_module(name)
    return module.raw_env.game_class(players or module.raw_env.default_players, **options)


def worlds(game, count: int, seed: int) -> list:
    """Sampled worlds (as a search draws them) at random points of random games, and a few states of play as they
    are (no sample), none over."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        state.record_events = False
        for _ in range(rng.randrange(0, 250)):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        if state.is_terminal():
            continue
        out.append(state if len(out) % 4 == 3 else state.sample_hidden(state.current_player(), rng))
    return out


def deal_rng(engine) -> random.Random:
    """A ``random.Random`` in the state of game 0's Mersenne Twister (the deals of its next rollout)."""
    module = type(engine).__module__
    if module.startswith("hustings.democracy.engine"):
        from hustings.democracy.engine import kernels as kern
        index = int(engine._ints[0, kern.MT_INDEX])
    elif module.startswith("hustings.politix.engine"):
        from hustings.politix.engine import kernels as kern
        index = int(engine._big[0, kern.MTI])
    else:
        from hustings.politrickers.engine import kernels as kern
        index = int(engine._big[0, kern.MTI])
    rng = random.Random()
    rng.setstate((3, tuple(engine._mt[0].tolist()) + (index,), None))
    return rng


def snapshot(engine):
    """A function that puts the engine's random streams (and game rows) back as they are now."""
    arrays = [engine._mt, engine._key] + [getattr(engine, a) for a in ("_ints", "_big") if hasattr(engine, a)]
    saved = [a.copy() for a in arrays]

    def restore():
        for a, v in zip(arrays, saved):
            a[...] = v
    return restore


def replay(engine, world, max_steps: int = 1 << 62, stop_version: int = 1 << 62):
    """One compiled rollout of ``world``, and the rules state that plays its moves with the same deals."""
    rng = deal_rng(engine)
    record = np.full(4000, -1, dtype=np.int64)
    before = world.to_json()
    steps = engine.rollout(0, world, max_steps, stop_version, record)
    assert world.to_json() == before  # the world is read, not changed
    assert 0 <= steps <= len(record)
    st = world.clone()
    st.record_events = False
    st.rng = rng
    for a in record[:steps].tolist():
        assert not st.is_terminal() and st.is_legal(a), (a, st.legal_actions())
        st.apply_unchecked(a)
    return steps, st


@pytest.mark.parametrize("name,players", TABLES)
def test_compiled_rollouts_replay_through_the_rules(name, players):
    """Every move a compiled rollout plays is legal in the rules, and the rules, playing those moves with the
    engine's deals, end where the engine ended: the same end, scores, returns and winners."""
    game = make_game(name, players)
    engine = rollout_mod.engine_class(name, required=True)(game, 1)
    engine.seed_rollouts(players)
    for world in worlds(game, 30, seed=players):
        steps, st = replay(engine, world)
        assert steps > 0 and st.is_terminal() and engine.player[0] == -1
        assert engine.returns[0].tolist() == st.returns()
        assert engine.scores[0].tolist() == [float(x) for x in st.scores()]
        assert np.flatnonzero(engine.winners[0]).tolist() == st.winners()


def test_politrickers_stacked_decks_are_dealt_in_rollouts():
    """A Politrickers state with stacked decks for its next deals (a position's ``deck``) deals them in a compiled
    rollout as the rules do."""
    game = make_game("politrickers", 4)
    engine = rollout_mod.engine_class("politrickers", required=True)(game, 1)
    engine.seed_rollouts(2)
    rng = random.Random(6)
    dealt = 0
    for world in worlds(game, 12, seed=6):
        decks = []
        for _ in range(rng.randrange(1, 3)):
            deck = list(game.deck)
            rng.shuffle(deck)
            decks.append(tuple(deck))
        world.next_decks = tuple(decks)
        _, st = replay(engine, world)
        assert st.is_terminal() and engine.returns[0].tolist() == st.returns()
        assert engine.scores[0].tolist() == [float(x) for x in st.scores()]
        dealt += len(st.next_decks) < len(world.next_decks)
    assert dealt >= 6  # most rollouts reach a stacked deal


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_compiled_rollouts_stop_at_depth_and_horizon(name):
    """``max_steps`` and ``stop_version`` stop a compiled rollout where the rules' ``random_rollout`` stops."""
    game = make_game(name)
    engine = rollout_mod.engine_class(name, required=True)(game, 1)
    engine.seed_rollouts(1)
    for i, world in enumerate(worlds(game, 16, seed=5)):
        depth = 1 + 7 * i
        steps, st = replay(engine, world, max_steps=depth)
        assert steps == depth or st.is_terminal()
        assert (engine.player[0] == -1) == st.is_terminal()
        assert engine.scores[0].tolist() == [float(x) for x in st.scores()]
        if not st.is_terminal():
            assert engine.player[0] == st.current_player() and engine.returns[0].tolist() == [0.0] * game.num_players
        stop = world.score_version + 1
        steps, st = replay(engine, world, stop_version=stop)
        assert st.score_version == stop or st.is_terminal()
        assert engine.scores[0].tolist() == [float(x) for x in st.scores()]


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_compiled_rollout_moves_are_uniform(name):
    """A compiled rollout's first move is uniform among the legal actions (a chi-square bound, 3,000 draws)."""
    game = make_game(name)
    engine = rollout_mod.engine_class(name, required=True)(game, 1)
    engine.seed_rollouts(7)
    world = next(w for w in worlds(game, 40, seed=2) if len(w.legal_actions()) >= 5)
    legal = world.legal_actions()
    record = np.zeros(1, dtype=np.int64)
    counts = Counter()
    draws = 3000
    for _ in range(draws):
        engine.rollout(0, world, 1, 1 << 62, record)
        counts[int(record[0])] += 1
    assert set(counts) <= set(legal)
    expected = draws / len(legal)
    chi2 = sum((counts[a] - expected) ** 2 / expected for a in legal)
    assert chi2 < 3 * len(legal) + 20, (chi2, counts)  # a loose bound: df = len(legal) - 1


@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_compiled_leaf_values_are_the_rules_values(name):
    """The search's leaf value of a compiled rollout (``leaf=scores`` before the end, ``returns()`` at it) is the
    value the rules give the state the rollout reached."""
    game = make_game(name)
    bot = ISMCTSBot(name, iterations=1, seed=0, rollout="random", depth=40, leaf="scores", scale=2.0,
                    backend="compiled")
    bot._compiled.reseed(11)
    for world in worlds(game, 12, seed=8):
        engine = bot._compiled.engine(world.game)
        restore = snapshot(engine)
        values = bot._rollout(world, world.score_version)
        restore()  # the same rollout again, its moves recorded
        _, st = replay(engine, world, max_steps=40)
        want = st.returns() if st.is_terminal() else score_values(st, 2.0)
        assert values == pytest.approx(want, abs=1e-12)


# --- the search with compiled rollouts ------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_search_with_compiled_rollouts_plays_legal_moves(name):
    game = make_game(name)
    for i, state in enumerate(worlds(game, 10, seed=13)):
        if len(state.legal_actions()) < 2:
            continue
        before = state.to_json()
        p = state.current_player()
        for bot in (ISMCTSBot(name, iterations=30, seed=i, rollout="random", backend="compiled"),
                    ISMCTSBot(name, iterations=30, seed=i, rollout="random", backend="compiled", depth=9,
                              leaf="scores"),
                    PIMCBot(name, iterations=20, seed=i, rollout="random", backend="compiled")):
            assert state.is_legal(bot.act(state, p)), (bot, state.legal_actions())
        assert state.to_json() == before


@pytest.mark.parametrize("name", ENGINE_GAMES)
@pytest.mark.parametrize("backend", ["compiled", "python"])
def test_same_seed_same_move_per_backend(name, backend):
    game = make_game(name)
    state = worlds(game, 1, seed=21)[0]
    p = state.current_player()
    for kind in ("ismcts", "pimc"):
        spec = f"{kind}:iters=40,rollout=random,backend={backend}"
        bot = hustings.make_bot(name, spec, seed=5)
        first = bot.act(state, p)
        bot.act(state, p)
        bot.reset(5)
        assert bot.act(state, p) == first == hustings.make_bot(name, spec, seed=5).act(state, p)
    s1 = ISMCTSBot(name, iterations=40, seed=3, rollout="random", backend=backend).root_stats(state)
    s2 = ISMCTSBot(name, iterations=40, seed=3, rollout="random", backend=backend).root_stats(state)
    assert s1 == s2 and sum(n for n, _ in s1.values()) == 40


def test_auto_takes_the_compiled_engine_where_there_is_one():
    for name in hustings.games():
        bot = hustings.make_bot(name, "ismcts:rollout=random", seed=0)
        assert (bot._compiled is not None) == (rollout_mod.engine_class(name) is not None), name
        assert hustings.make_bot(name, "ismcts:rollout=random,backend=python", seed=0)._compiled is None
        heuristic = hustings.make_bot(name, "ismcts:rollout=heuristic", seed=0)._compiled
        assert (heuristic is not None) == (name == "democracy"), name  # the engines that play their heuristic
        assert hustings.make_bot(name, "ismcts:rollout=heuristic,backend=python", seed=0)._compiled is None
    assert hustings.make_bot("democracy", "pimc:rollout=random", seed=0)._compiled is not None
    assert hustings.make_bot("democracy", "ismcts", seed=0)._compiled.policy == "heuristic"  # the game's defaults


def test_backend_option_is_checked():
    assert hustings.bots.search.parse_search_spec("ismcts:backend=compiled") == ("ismcts", {"backend": "compiled"})
    with pytest.raises(hustings.ConfigError, match="backend='gpu' is invalid; expected one of auto, python, compiled"):
        hustings.make_bot("democracy", "ismcts:backend=gpu")
    assert hustings.make_bot("democracy", "ismcts:rollout=heuristic,backend=compiled")._compiled is not None
    with pytest.raises(hustings.ConfigError, match="politrickers: search option backend=compiled: its compiled engine "
                                                   "has no heuristic rollouts; expected backend=python or auto"):
        hustings.make_bot("politrickers", "ismcts:rollout=heuristic,backend=compiled")
    with pytest.raises(hustings.ConfigError, match="prime_minister: search option backend=compiled needs a compiled "
                                                   "engine"):
        hustings.make_bot("prime_minister", "ismcts:rollout=random,backend=compiled")


def test_a_configuration_the_engine_does_not_cover_rolls_out_in_python(monkeypatch):
    """``auto`` falls back to the rules' loop for a game configuration the engine refuses; ``compiled`` says why."""
    game = make_game("politrickers")
    state = worlds(game, 1, seed=4)[0]
    cls = rollout_mod.engine_class("politrickers")

    class Refusing(cls):
        def __init__(self, game, num_envs):
            raise hustings.ConfigError("not this one")
    monkeypatch.setattr(rollout_mod, "engine_class", lambda name, required=False: Refusing)
    calls = []
    real = type(state).random_rollout

    def spy(self, rng, max_steps=None, stop_version=None):
        calls.append(max_steps)
        return real(self, rng, max_steps, stop_version)
    monkeypatch.setattr(type(state), "random_rollout", spy)
    bot = ISMCTSBot("politrickers", iterations=5, seed=0, rollout="random")
    assert state.is_legal(bot.act(state, state.current_player())) and len(calls) == 5
    bot = ISMCTSBot("politrickers", iterations=5, seed=0, rollout="random", backend="compiled")
    with pytest.raises(hustings.ConfigError, match="backend=compiled: not this one"):
        bot.act(state, state.current_player())


# --- heuristic rollouts (Democracy) -----------------------------------------------------------------------------
def heuristic_play(world, max_steps: int = 1 << 62, stop_version: int = 1 << 62):
    """The search's Python heuristic rollout of ``world`` (on a clone, with the world's own deals): its moves and
    the state it stops in."""
    act = hustings.democracy.HeuristicBot(seed=0).act
    st = world.clone()
    st.record_events = False
    moves = []
    while len(moves) < max_steps and st.score_version < stop_version and not st.is_terminal():
        moves.append(act(st, st.current_player()))
        st.apply_unchecked(moves[-1])
    return moves, st


def compiled_heuristic(engine, world, max_steps: int = 1 << 62, stop_version: int = 1 << 62) -> list[int]:
    record = np.full(6000, -1, dtype=np.int64)
    before = world.to_json()
    steps = engine.rollout(0, world, max_steps, stop_version, record, policy="heuristic")
    assert world.to_json() == before  # the world is read, not changed
    assert 0 <= steps <= len(record)
    return record[:steps].tolist()


def assert_same_end(engine, st):
    assert (engine.player[0] == -1) == st.is_terminal()
    if not st.is_terminal():
        assert engine.player[0] == st.current_player()
    assert engine.returns[0].tolist() == st.returns()
    assert engine.scores[0].tolist() == [float(x) for x in st.scores()]
    if st.is_terminal():
        assert np.flatnonzero(engine.winners[0]).tolist() == st.winners()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_compiled_heuristic_rollouts_are_the_heuristics_play(players):
    """A compiled heuristic rollout plays the Python heuristic's moves to the same end, with the horizon of
    Democracy's search (the next score change), to the end of the game (new islands dealt from the world's own RNG,
    as the rules deal them) and stopped after a number of moves."""
    game = make_game("democracy", players)
    engine = rollout_mod.engine_class("democracy", required=True)(game, 1)
    engine.seed_rollouts(players)
    islands = 0
    for i, world in enumerate(worlds(game, 24, seed=players)):
        for max_steps, stop in ((1 << 62, world.score_version + 1), (1 << 62, 1 << 62), (1 + 5 * i, 1 << 62),
                                (1 << 62, world.score_version + 2)):
            moves, st = heuristic_play(world, max_steps, stop)
            assert compiled_heuristic(engine, world, max_steps, stop) == moves
            assert_same_end(engine, st)
            islands += st.island > world.island + 1
    assert islands >= 20  # most rollouts to the end play on after new deals


def test_compiled_heuristic_rollout_deals_from_any_world_rng():
    """The world's RNG as a seed not yet used (a sampled world: any 64-bit seed, or one beyond 64 bits) or as a
    ``random.Random`` (a state of play): a compiled heuristic rollout to the end deals as the rules would."""
    game = make_game("democracy", 4)
    engine = rollout_mod.engine_class("democracy", required=True)(game, 1)
    world = worlds(game, 3, seed=17)[2]
    for rng in (0, 1, 12345, (1 << 32) - 1, 1 << 32, (1 << 64) - 1, 1 << 64, 3 ** 70, -5, random.Random(8)):
        w = world.clone()
        w._rng, w._rng_shared = rng, False  # an int: a sampled world's seed, drawn into a Random at the first deal
        moves, st = heuristic_play(w)
        assert compiled_heuristic(engine, w) == moves and st.is_terminal()
        assert_same_end(engine, st)


def test_compiled_heuristic_leaf_values_are_the_python_values():
    """The search's value of a heuristic rollout (``leaf=scores`` before the end) is the same with both backends."""
    game = make_game("democracy", 5)
    bots = [ISMCTSBot("democracy", iterations=1, seed=0, rollout="heuristic", depth=30, horizon=2, leaf="scores",
                      scale=2.0, backend=b) for b in ("compiled", "python")]
    assert bots[0]._compiled is not None and bots[1]._compiled is None
    for world in worlds(game, 16, seed=4):
        values = [bot._rollout(world.clone(), world.score_version) for bot in bots]
        assert values[0] == pytest.approx(values[1], abs=1e-12)


def test_another_heuristic_rolls_out_in_python(monkeypatch):
    """The engine plays its own heuristic only: a search whose ``heuristic`` bot is another class rolls out in Python
    with ``auto``, and ``compiled`` says why."""
    from hustings import registry

    class Other(hustings.democracy.HeuristicBot):
        pass
    monkeypatch.setitem(registry.info("democracy").bots, "heuristic", Other)
    assert hustings.make_bot("democracy", "ismcts", seed=0)._compiled is None
    with pytest.raises(hustings.ConfigError, match="its compiled engine plays HeuristicBot, not Other"):
        hustings.make_bot("democracy", "ismcts:backend=compiled")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_search_with_compiled_heuristic_rollouts_plays_the_python_moves(players):
    """A heuristic draws no random numbers and a compiled heuristic rollout deals as the rules do, so IS-MCTS and
    PIMC with heuristic rollouts choose the same moves, with the same root statistics, with both backends: at
    Democracy's defaults (horizon 1) and with rollouts to the end."""
    game = make_game("democracy", players)
    for i, state in enumerate(worlds(game, 8, seed=30 + players)):
        if len(state.legal_actions()) < 2:
            continue
        p = state.current_player()
        for spec in ("ismcts", "ismcts:iters=12,horizon=none,leaf=returns", "pimc:iters=16"):
            bots = [hustings.make_bot("democracy", f"{spec}{',' if ':' in spec else ':'}backend={b}", seed=i)
                    for b in ("compiled", "python")]
            assert bots[0]._compiled is not None and bots[1]._compiled is None
            assert bots[0].act(state, p) == bots[1].act(state, p), spec
        stats = [ISMCTSBot("democracy", seed=i, backend=b).root_stats(state) for b in ("compiled", "python")]
        assert stats[0] == stats[1]


# --- strength ------------------------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("name", ENGINE_GAMES)
def test_compiled_rollouts_are_not_weaker_at_equal_iterations(name):
    """A duplicate match at equal iterations, compiled against Python rollouts: the compiled side wins at least
    its share less a margin (the same search, the same distribution of playouts; only the random streams differ)."""
    from hustings.evaluation.evaluate import tournament

    specs = [f"ismcts:iters=60,rollout=random,backend={b}" for b in ("compiled", "python")] * 2
    res = tournament(name, specs, games=96, num_players=4, seed=3, workers=1, progress=False)
    share = {b: sum(r["win_rate"] for k, r in res["bots"].items() if f"backend={b}" in k)
             for b in ("compiled", "python")}
    assert share["compiled"] >= share["python"] - 0.12, share


@pytest.mark.parametrize("options", [{"teams_3v3": True}, {"max_turns": 30}])
def test_politix_options_replay_through_the_rules(options):
    """Politix's options in compiled rollouts: the 3v3 parties, and the turn cap (rollouts that end truncated)."""
    game = make_game("politix", 6, **options)
    engine = rollout_mod.engine_class("politix", required=True)(game, 1)
    engine.seed_rollouts(4)
    for world in worlds(game, 12, seed=9):
        steps, st = replay(engine, world)
        assert st.is_terminal() and engine.player[0] == -1
        assert bool(engine.truncated[0]) == st.truncated
        assert engine.returns[0].tolist() == st.returns()
        assert engine.scores[0].tolist() == [float(x) for x in st.scores()]
        assert np.flatnonzero(engine.winners[0]).tolist() == st.winners()
