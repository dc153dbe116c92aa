"""IS-MCTS and PIMC (hustings.bots.search): legal moves, determinism, obvious best moves, SPECs, registry, CLI recipes.

Everything goes through each game's own ``State.sample_hidden``; a game whose sampler has not landed is skipped
with that reason.
"""
from __future__ import annotations

import random
import sys

import pytest

import hustings
from hustings.bots import search
from hustings.bots.search import ISMCTSBot, PIMCBot, is_search_spec, make_search_bot, parse_search_spec

GAMES = hustings.games()


def make_game(name: str, players: int | None = None):
    module = hustings.game_module(name)
    return module.raw_env.game_class(players or module.raw_env.default_players)


def require_sampler(name: str, game=None) -> None:
    game = game or make_game(name)
    state = game.new_initial_state(seed=0)
    try:
        state.sample_hidden(state.current_player(), random.Random(0))
    except NotImplementedError:
        pytest.skip(f"{name} has no State.sample_hidden yet (information-set sampler not landed)")


def random_positions(game, count: int, seed: int, min_legal: int = 2) -> list:
    """``count`` non-terminal states of random legal play, each at a random point with >= ``min_legal`` actions."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state(seed=rng.randrange(1 << 30))
        stop = rng.randrange(1, 300)
        kept = None
        for _ in range(stop):
            if state.is_terminal():
                break
            if len(state.legal_actions()) >= min_legal:
                kept = state.clone()
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
        if kept is not None:
            out.append(kept)
    return out


def heuristic_position(game, seed: int, ply: int):
    """The state after ``ply`` decisions of a seeded game between heuristic bots (seat i seeded i)."""
    bots = [hustings.make_bot(game.name, "heuristic", seed=i) for i in range(game.num_players)]
    state = game.new_initial_state(seed=seed)
    for _ in range(ply):
        p = state.current_player()
        state.apply_unchecked(bots[p].act(state, p))
    return state


# --- exhaustive ground truth -------------------------------------------------------------------------------------
class TooBig(Exception):
    pass


def outcomes(world, me: int, budget: list) -> set:
    """``returns()[me]`` of every way ``world`` can go on (every seat's every legal action; chance as the world's
    RNG has it): an exhaustive game tree, ``budget[0]`` nodes at most."""
    out, stack = set(), [world]
    while stack:
        st = stack.pop()
        if st.is_terminal():
            out.add(st.returns()[me])
            continue
        budget[0] -= 1
        if budget[0] < 0:
            raise TooBig
        legal = st.legal_actions()
        for i, a in enumerate(legal):
            child = st.clone() if i < len(legal) - 1 else st
            child.apply_unchecked(a)
            stack.append(child)
    return out


def playout_mean(world, me: int, rng: random.Random, count: int) -> float:
    total = 0.0
    for _ in range(count):
        st = world.clone()
        while not st.is_terminal():
            legal = st.legal_actions()
            st.apply_unchecked(legal[rng.randrange(len(legal))])
        total += st.returns()[me]
    return total / count


def only_winning_move(state, me: int, worlds: int = 6, budget: int = 3000, seed: int = 0):
    """The one action after which ``me`` wins (return +1) in every sampled world whatever everyone does (an
    exhaustive game tree per world), when every other action is clearly worse (mean return <= 0.5 over random
    playouts, so some continuation loses); else None. The search must then prefer the sure win."""
    rng = random.Random(seed)
    legal = state.legal_actions()
    samples = [state.sample_hidden(me, rng) for _ in range(worlds)]
    winning, worse = [], []
    for a in legal:
        seen = set()
        try:
            for w in samples:
                w = w.clone()
                w.apply_unchecked(a)
                seen |= outcomes(w, me, [budget])
                if seen != {1.0}:
                    break
        except TooBig:
            seen = None
        if seen == {1.0}:
            winning.append(a)
            continue
        mean = 0.0
        for w in samples:
            w = w.clone()
            w.apply_unchecked(a)
            mean += playout_mean(w, me, rng, 8) / len(samples)
        if mean <= 0.5:
            worse.append(a)
    if len(winning) == 1 and len(worse) == len(legal) - 1:
        return winning[0]
    return None


def find_forced_wins(name: str, players: int, seeds, back: int = 8) -> list[tuple]:
    """``(seed, ply, seat, action)`` of the positions :func:`only_winning_move` accepts among the last ``back``
    decisions of seeded heuristic games: how the positions below were picked (re-run it if rules or bots change)."""
    game = make_game(name, players)
    found = []
    for seed in seeds:
        bots = [hustings.make_bot(name, "heuristic", seed=i) for i in range(players)]
        state, history = game.new_initial_state(seed=seed), []
        while not state.is_terminal():
            history.append(state.clone())
            p = state.current_player()
            state.apply_unchecked(bots[p].act(state, p))
        for ply in range(len(history) - 1, max(-1, len(history) - 1 - back), -1):
            st = history[ply]
            if len(st.legal_actions()) >= 2:
                best = only_winning_move(st, st.current_player())
                if best is not None:
                    found.append((seed, ply, st.current_player(), best))
                    break
    return found


def democracy_last_tricks():
    """Democracy 4p, second day, trick 3 of 4; tribes 4-4-0-0; P1 has 15 Clubs won (its fifth tribe is sure). P0
    holds 5H and 6D under a 7H upcard with 7 Hearts points won, and every other Heart is already won (the 6H too):
    the 5H wins this trick for 7 + 5 + 1 = 13 Hearts and a shared win; after the 6D it can never reach 13."""
    from hustings.core.rules import rng_to_json

    game = make_game("democracy", 4)
    # 8 tricks of this island done, no ties: each won pile holds 5 cards per trick; P2 won the last one (JD,
    # under the QD upcard)
    data = {"game": "democracy", "num_players": 4, "island": 3, "day": 1, "trick": 2, "dealer": 3, "turn": 0,
            "hands": [["5H", "6D"], ["7C", "8C"], ["7S", "8S"], ["9S", "JOKER"]],
            "pool": ["KD", "QD", "7H", "10D"], "stub": [], "plays": [None] * 4,
            "captured": [["3H", "4H", "6S", "6C", "7D"], ["5C", "4C", "3C", "AC", "8D"],
                         "6H 8H 9H 10H JH QH KH AH 9C 10C JC QC QD 9D JD".split(),
                         "KC KD AD 3D 4D 5D 10S JS QS KS AS 3S 4S 5S JOKER".split()],
            "discards": [], "unseen_discards": [], "tribes": [4, 4, 0, 0], "last_trick": ["9C", "10C", "JD", "9D"],
            "last_winner": 2, "finished": False, "truncated": False, "winners": [], "score_version": 3,
            "rng": rng_to_json(random.Random(0))}
    return game.state_from_json(data)


# --- legal moves ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_never_illegal_small_budget(name):
    game = make_game(name)
    require_sampler(name, game)
    states = random_positions(game, 12, seed=7)
    for i, state in enumerate(states):
        p = state.current_player()
        before = state.to_json()
        for bot in (ISMCTSBot(name, iterations=4, seed=i, rollout="random", depth=30, horizon=None),
                    PIMCBot(name, iterations=4, seed=i, rollout="random", depth=30, horizon=None)):
            a = bot.act(state, p)
            assert state.is_legal(a), (name, bot, a, state.legal_actions())
        assert state.to_json() == before  # the search never touches the real state


@pytest.mark.parametrize("name", GAMES)
def test_default_bot_plays_legal_moves(name):
    """The per-game default SPEC (``ismcts``) with a tiny budget, over a few positions of every kind."""
    game = make_game(name)
    require_sampler(name, game)
    bot = hustings.make_bot(name, "ismcts:iters=3", seed=1)
    for state in random_positions(game, 5, seed=11):
        assert state.is_legal(bot.act(state, state.current_player()))


def test_one_legal_action_is_returned_at_once():
    game = make_game("democracy")
    state = game.new_initial_state(seed=0)
    forced = None
    while not state.is_terminal():
        if len(state.legal_actions()) == 1:
            forced = state
            break
        state.apply_unchecked(state.legal_actions()[0])
    assert forced is not None

    def no_sampling(*_):
        raise AssertionError("a forced move must not be searched")
    bot = ISMCTSBot("democracy", iterations=50, seed=0, sampler=no_sampling)
    assert bot.act(forced, forced.current_player()) == forced.legal_actions()[0]
    assert bot.stats["searches"] == 0


# --- determinism ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_move(name):
    game = make_game(name)
    require_sampler(name, game)
    for state in random_positions(game, 3, seed=3):
        p = state.current_player()
        for kind in ("ismcts", "pimc"):
            spec = f"{kind}:iters=12,rollout=random,depth=40"
            a1 = hustings.make_bot(name, spec, seed=42).act(state, p)
            a2 = hustings.make_bot(name, spec, seed=42).act(state, p)
            bot = hustings.make_bot(name, spec, seed=5)
            bot.act(state, p)
            bot.reset(42)
            a3 = bot.act(state, p)
            assert a1 == a2 == a3
    # the root statistics agree too, not just the move
    state = random_positions(game, 1, seed=9)[0]
    s1 = ISMCTSBot(name, iterations=15, seed=3, depth=40).root_stats(state)
    s2 = ISMCTSBot(name, iterations=15, seed=3, depth=40).root_stats(state)
    assert s1 == s2
    assert sum(n for n, _ in s1.values()) == 15


def test_global_rngs_untouched():
    import numpy as np

    game = make_game("politrickers")
    require_sampler("politrickers", game)
    state = random_positions(game, 1, seed=1)[0]
    random.seed(123)
    np.random.seed(123)
    py_state, np_state = random.getstate(), np.random.get_state()[1].copy()
    ISMCTSBot("politrickers", iterations=10, seed=0).act(state, state.current_player())
    assert random.getstate() == py_state
    assert (np.random.get_state()[1] == np_state).all()


# --- the search's own mechanics -----------------------------------------------------------------------------------
def test_availability_counts_and_reward_vectors():
    """Children carry availability counts (>= visits) and a reward vector per seat; visits add up to iterations."""
    game = make_game("politrickers")
    require_sampler("politrickers", game)
    state = random_positions(game, 1, seed=4)[0]
    me = state.current_player()
    bot = ISMCTSBot("politrickers", iterations=60, seed=1)
    root, done = bot.search(state, me)
    assert done == 60 and root.n == 60
    assert sum(ch.n for ch in root.children.values()) == 60
    stack = [root]
    while stack:
        node = stack.pop()
        for key, ch in node.children.items():
            assert len(ch.w) == game.num_players
            assert ch.avail >= ch.n >= 1
            assert all(-ch.n - 1e-9 <= x <= ch.n + 1e-9 for x in ch.w)
            assert 0 <= key < game.num_players * game.num_actions
            stack.append(ch)
    assert set(root.children) <= {me * game.num_actions + a for a in state.legal_actions()}


def test_seconds_budget():
    game = make_game("politrickers")
    require_sampler("politrickers", game)
    state = random_positions(game, 1, seed=2)[0]
    bot = hustings.make_bot("politrickers", "ismcts:seconds=0.05", seed=0)
    a = bot.act(state, state.current_player())
    assert state.is_legal(a)
    assert bot.stats["iterations"] >= 1 and bot.stats["seconds"] < 1.0
    capped = hustings.make_bot("politrickers", "ismcts:seconds=5,iters=3", seed=0)
    capped.act(state, state.current_player())
    assert capped.stats["iterations"] == 3


def test_score_values_teams_and_range():
    game = make_game("politix")
    state = game.new_initial_state(seed=0)
    values = search.score_values(state, 1.0)
    assert len(values) == game.num_players and all(-1 < v < 1 for v in values)
    for team in state.teams():
        assert len({values[p] for p in team}) == 1  # a team shares its value


# --- fast random rollouts (State.random_rollout) -------------------------------------------------------------------
_CACHES = {"world", "_rng", "_rng_shared", "_rng_box", "_modes", "_legal", "event_log", "record_events"}


def _same_states(a, b) -> list[str]:
    """The attributes where ``a`` and ``b`` differ (the world vector compared exactly, derived caches skipped)."""
    import numpy as np

    da, db = vars(a), vars(b)
    diff = [k for k in sorted(set(da) | set(db)) if k not in _CACHES and da.get(k, "?") != db.get(k, "?")]
    if hasattr(a, "world") and not np.array_equal(a.world, b.world):
        diff.append("world")
    if a.to_json() != b.to_json():
        diff.append("to_json")
    return diff


ROLLOUT_TABLES = [(name, players) for name in ("democracy", "politrickers")
                  for players in range(make_game(name).min_players, make_game(name).max_players + 1)]
ROLLOUT_TABLES += [(name, None) for name in GAMES if name not in ("democracy", "politrickers")]


@pytest.mark.parametrize("name,players", ROLLOUT_TABLES)
def test_random_rollout_plays_as_the_plain_loop(name, players):
    """A game's own ``random_rollout`` (Democracy's and Politrickers' tight loops) plays exactly as the interface
    loop ``State.random_rollout``: the same steps from the same RNG, the same deals, the same final state (every
    attribute, the world vector, the saved form), to the end or stopped by ``max_steps`` / ``stop_version``."""
    from hustings.core.rules import State

    game = make_game(name, players)
    require_sampler(name, game)
    if type(game.new_initial_state(seed=0)).random_rollout is State.random_rollout:
        pytest.skip(f"{name} plays State.random_rollout itself")
    count = 12 if players is not None else 3
    for i, state in enumerate(random_positions(game, count, seed=21, min_legal=1)):
        v = state.score_version
        for max_steps, stop in ((None, None), (9, None), (None, v + 1), (60, v + 2)):
            a = state.sample_hidden(state.current_player(), random.Random(i))
            b = a.clone()
            a.record_events = b.record_events = False
            ra, rb = random.Random(i), random.Random(i)
            steps = a.random_rollout(ra, max_steps, stop)
            assert steps == State.random_rollout(b, rb, max_steps, stop)
            assert _same_states(a, b) == [], (name, players, i, max_steps, stop)
            assert ra.random() == rb.random()  # the rollout RNG was drawn from alike
            assert steps <= (max_steps if max_steps is not None else steps)
            if stop is not None and not a.is_terminal() and (max_steps is None or steps < max_steps):
                assert a.score_version >= stop
            if a.is_terminal():
                assert a.returns() == b.returns()
            elif max_steps is None and stop is None:
                raise AssertionError("a rollout without limits must reach the end")
            # the state played on is whole: play continues legally from it
            if not a.is_terminal():
                legal = a.legal_actions()
                assert legal == b.legal_actions() and all(a.is_legal(x) for x in legal)
                for p in range(game.num_players):
                    assert (a.observation(p) == b.observation(p)).all()


def test_random_rollout_with_events_records_them():
    """With ``record_events`` on, the tight loops fall back to the plain loop, so the events are recorded."""
    for name in ("democracy", "politrickers"):
        game = make_game(name)
        a = game.new_initial_state(seed=4)
        b = a.clone()
        b.record_events = False
        a.random_rollout(random.Random(1))
        b.random_rollout(random.Random(1))
        assert a.is_terminal() and _same_states(a, b) == []
        if hasattr(game, "describe_event") and type(game).describe_event is not hustings.core.rules.Game.describe_event:
            assert len(a.event_log) > len(b.event_log)


def test_democracy_rollout_two_jokers_are_one_action():
    """A hand with both jokers of the 4-player deck: ``legal_actions()`` lists the joker once, so a random rollout's
    first play is each of the 5 distinct cards with chance 1/5 (not the joker with 2/6), as the plain loop."""
    from hustings.core.rules import State

    game = make_game("democracy", 4)
    deal = {"dealer": 3, "hands": [["JOKER", "JOKER", "6C", "7C", "8C", "9C"], ["6D", "7D", "8D", "9D", "10D", "JD"],
                                    ["6H", "7H", "8H", "9H", "10H", "JH"], ["6S", "7S", "8S", "9S", "10S", "JS"]],
            "pool": ["QC", "QD", "QH", "QS", "KC", "KD"]}
    state = game.new_initial_state(seed=0, deal=deal)
    assert state.current_player() == 0 and state.legal_actions() == [0, 1, 2, 3, 48]
    counts = {}
    trials = 2000
    for seed in range(trials):
        a, b = state.clone(), state.clone()
        a.record_events = b.record_events = False
        a.random_rollout(random.Random(seed), max_steps=1)
        State.random_rollout(b, random.Random(seed), max_steps=1)
        assert a.plays == b.plays and a.hands == b.hands
        counts[a.plays[0]] = counts.get(a.plays[0], 0) + 1
    assert sorted(counts) == [0, 1, 2, 3, 48]
    # each of 5 equally likely: a chi-square test (4 degrees of freedom, 0.1% level: 18.47)
    chi2 = sum((k - trials / 5) ** 2 / (trials / 5) for k in counts.values())
    assert chi2 < 18.47, counts


def test_core_shuffle_is_random_shuffle():
    """``hustings.core.rules.shuffle`` gives ``rng.shuffle``'s permutation and leaves the RNG where it would."""
    from hustings.core.rules import shuffle

    class Mine(random.Random):  # a subclass: shuffle defers to its own method
        pass
    for seed in range(40):
        for size in (0, 1, 2, 3, 13, 50, 64, 65):
            for cls in (random.Random, Mine):
                a, b = cls(seed), cls(seed)
                xa, xb = list(range(size)), list(range(size))
                a.shuffle(xa)
                shuffle(b, xb)
                assert xa == xb and a.random() == b.random()


def test_search_rollouts_go_through_random_rollout(monkeypatch):
    """The search's random rollouts in Python (``backend=python``; ``auto`` takes the compiled engine where there is
    one: tests/bots/test_search_rollout.py) call the game's ``random_rollout`` with its depth and horizon."""
    game = make_game("politrickers")
    state_cls = type(game.new_initial_state(seed=0))
    calls = []
    real = state_cls.random_rollout

    def spy(self, rng, max_steps=None, stop_version=None):
        calls.append((max_steps, stop_version))
        return real(self, rng, max_steps, stop_version)
    monkeypatch.setattr(state_cls, "random_rollout", spy)
    state = random_positions(game, 1, seed=2)[0]
    ISMCTSBot("politrickers", iterations=5, seed=0, rollout="random", depth=None, horizon=None,
              backend="python").act(state, state.current_player())
    ISMCTSBot("politrickers", iterations=5, seed=0, rollout="random", depth=7, horizon=1, backend="python").act(
        state, state.current_player())
    assert calls[:5] == [(None, None)] * 5
    assert calls[5:] == [(7, state.score_version + 1)] * 5


def test_without_numba_random_rollouts_run_in_python(monkeypatch):
    """``backend=auto`` rolls out in Python where the compiled engine cannot be had (numba missing);
    ``backend=compiled`` then says so."""
    monkeypatch.setitem(sys.modules, "numba", None)  # as if numba did not import
    game = make_game("politrickers")
    state = random_positions(game, 1, seed=2)[0]
    bot = hustings.make_bot("politrickers", "ismcts:iters=5,rollout=random", seed=0)
    assert bot._compiled is None and state.is_legal(bot.act(state, state.current_player()))
    with pytest.raises(hustings.ConfigError, match="backend=compiled needs numba"):
        hustings.make_bot("politrickers", "ismcts:backend=compiled")


# --- obvious best moves ---------------------------------------------------------------------------------------------
# (game, players, seed, ply): the position after ``ply`` decisions of a seeded game between heuristic bots where one
# legal action wins for sure and every other one is clearly worse (:func:`find_forced_wins` picked them; the test
# re-checks that exhaustively before it asks the search). Democracy's is a constructed deal instead.
FORCED_WINS = [
    ("politrickers", 4, 4, 100),
    ("politix", 4, 4, 129),
    ("prime_minister", 2, 1, 355),
]


def _check_finds(name, state, best):
    me = state.current_player()
    for s in range(3):
        bot = ISMCTSBot(name, iterations=300, rollout="random", depth=None, horizon=None, leaf="returns",
                        fpu=None, c=1.4, seed=s)
        assert bot.act(state, me) == best, (name, s, bot.root_stats(state))
    assert PIMCBot(name, iterations=200, rollout="random", depth=None, horizon=None, leaf="returns",
                   seed=0).act(state, me) == best


@pytest.mark.parametrize("name,players,seed,ply", FORCED_WINS)
def test_finds_the_only_winning_move(name, players, seed, ply):
    game = make_game(name, players)
    require_sampler(name, game)
    state = heuristic_position(game, seed, ply)
    assert not state.is_terminal() and len(state.legal_actions()) >= 2
    best = only_winning_move(state, state.current_player())
    assert best is not None, (f"{name} seed {seed} ply {ply} no longer has a single sure win (rules or bots "
                              f"changed?); pick another with find_forced_wins")
    _check_finds(name, state, best)


def test_democracy_finds_the_winning_trump():
    require_sampler("democracy")
    state = democracy_last_tricks()
    five_hearts = 2 * 12 + 11
    assert only_winning_move(state, 0) == five_hearts
    _check_finds("democracy", state, five_hearts)
    # the game's default search (heuristic rollouts to the end of the island, valued by the scores) too
    assert hustings.make_bot("democracy", "ismcts", seed=0).act(state, 0) == five_hearts


# --- SPECs ----------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec,kind,opts", [
    ("ismcts", "ismcts", {}),
    ("pimc", "pimc", {}),
    ("ISMCTS", "ismcts", {}),
    ("ismcts:iters=1000,rollout=heuristic", "ismcts", {"iterations": 1000, "rollout": "heuristic"}),
    ("ismcts:iterations=5", "ismcts", {"iterations": 5}),
    ("ismcts:seconds=0.05", "ismcts", {"seconds": 0.05}),
    ("ismcts: c=0.5 , depth=none", "ismcts", {"c": 0.5, "depth": None}),
    ("pimc:iters=40,rollout=heuristic,horizon=1,leaf=scores,scale=2", "pimc",
     {"iterations": 40, "rollout": "heuristic", "horizon": 1, "leaf": "scores", "scale": 2.0}),
    ("ismcts:fpu=0,c=0,depth=0", "ismcts", {"fpu": 0.0, "c": 0.0, "depth": 0}),
])
def test_parse_good_specs(spec, kind, opts):
    assert is_search_spec(spec)
    assert parse_search_spec(spec) == (kind, opts)


@pytest.mark.parametrize("spec,words", [
    ("ismcts:", ["nothing after"]),
    ("ismcts:foo=1", ["unknown key 'foo'", "iters"]),
    ("ismcts:iters=0", ["iters='0'", "int >= 1"]),
    ("ismcts:iters=1.5", ["iters='1.5'", "int >= 1"]),
    ("ismcts:iters=many", ["iters='many'"]),
    ("ismcts:seconds=0", ["seconds='0'", "> 0"]),
    ("ismcts:seconds=-1", ["seconds"]),
    ("ismcts:c=-1", ["c='-1'", ">= 0"]),
    ("ismcts:c=nan", ["c='nan'"]),
    ("ismcts:rollout=greedy", ["rollout='greedy'", "random, heuristic"]),
    ("ismcts:leaf=critic", ["leaf='critic'", "returns, scores, value"]),
    ("ismcts:depth=-2", ["depth"]),
    ("ismcts:horizon=0", ["horizon"]),
    ("ismcts:scale=0", ["scale"]),
    ("ismcts:iters", ["not key=value"]),
    ("ismcts:iters=3,iters=4", ["given twice"]),
    ("ismcts:iters=3,iterations=4", ["given twice"]),
])
def test_parse_bad_specs(spec, words):
    with pytest.raises(hustings.ConfigError) as info:
        parse_search_spec(spec)
    for w in words:
        assert w in str(info.value), (w, str(info.value))
    with pytest.raises(hustings.ConfigError):
        hustings.make_bot("democracy", spec)


def test_not_search_specs():
    for spec in ("heuristic", "random", "ismctsx", "mcts", None, 3, "shipped:democracy"):
        assert not is_search_spec(spec)
    with pytest.raises(hustings.ConfigError, match="ismcts or pimc"):
        hustings.make_bot("democracy", "mcts")


def test_constructor_checks_options():
    with pytest.raises(hustings.ConfigError, match="iterations"):
        ISMCTSBot("democracy", iterations=0)
    with pytest.raises(hustings.ConfigError, match="rollout"):
        ISMCTSBot("democracy", rollout="smart")
    with pytest.raises(hustings.ConfigError, match="unknown search option"):
        ISMCTSBot("democracy", width=3)
    with pytest.raises(hustings.ConfigError, match="unknown game"):
        ISMCTSBot("chess")


def test_registry_and_defaults():
    for name in GAMES:
        bot = hustings.make_bot(name, "ismcts", seed=1)
        assert isinstance(bot, ISMCTSBot) and bot.game_name == name
        assert bot.options == {**search.DEFAULTS, **hustings.registry.info(name).search}
        assert isinstance(hustings.make_bot(name, "pimc:iters=10"), PIMCBot)
    bot = make_search_bot("politrickers", "ismcts:iters=7,rollout=heuristic,c=0.3,seconds=0.5")
    assert (bot.iterations, bot.rollout, bot.c, bot.seconds) == (7, "heuristic", 0.3, 0.5)
    assert "iterations=7" in repr(bot)
    assert hustings.make_bot("politrickers_v1", "ismcts:iters=2").game_name == "politrickers"


def test_evaluate_recipes_and_tournament():
    from hustings.evaluation.evaluate import build_bot, resolve_specs, tournament

    game = make_game("politrickers")
    require_sampler("politrickers", game)
    recipes = resolve_specs("politrickers", game, ["ismcts:iters=3", "pimc:iters=3", "heuristic"])
    assert recipes[:2] == [("search", "ismcts:iters=3"), ("search", "pimc:iters=3")]
    assert isinstance(build_bot("politrickers", recipes[0], seed=1), ISMCTSBot)
    with pytest.raises(hustings.ConfigError, match="unknown key 'iter'"):
        resolve_specs("politrickers", game, ["ismcts:iter=3"])
    res = tournament("politrickers", ["ismcts:iters=2,depth=20", "heuristic", "heuristic", "heuristic"], games=4,
                     workers=1, progress=False)
    assert res["games"] == 4 and "ismcts:iters=2,depth=20" in res["bots"]
    again = tournament("politrickers", ["ismcts:iters=2,depth=20", "heuristic", "heuristic", "heuristic"], games=4,
                       workers=1, progress=False)
    assert again["bots"] == res["bots"]  # duplicate deals + reseeded bots: the same games


def test_missing_sampler_is_a_config_error(monkeypatch):
    from hustings.core.rules import State
    from hustings.evaluation.evaluate import resolve_specs

    game = make_game("politrickers")
    state_cls = type(game.new_initial_state(seed=0))
    monkeypatch.setattr(state_cls, "sample_hidden", State.sample_hidden)
    with pytest.raises(hustings.ConfigError, match="sample_hidden"):
        resolve_specs("politrickers", game, ["ismcts"])
    state = random_positions(game, 1, seed=0)[0]
    with pytest.raises(hustings.ConfigError, match="sample_hidden"):
        hustings.make_bot("politrickers", "ismcts:iters=2").act(state, state.current_player())


def test_demo_cli_with_search_bot(capsys):
    from hustings.cli import main

    game = make_game("politrickers")
    require_sampler("politrickers", game)
    assert main(["demo", "politrickers", "--bots", "ismcts:iters=2,depth=10", "heuristic", "heuristic",
                 "heuristic", "--quiet"]) == 0
    assert "P0=ismcts:iters=2,depth=10" in capsys.readouterr().out


# --- the heuristic's head start at the root (prior) -----------------------------------------------------------
def test_prior_head_start_decides_the_vote():
    """``prior`` visits are added to the heuristic's move in the final vote only: it wins unless another move
    out-visits it by more than ``prior``."""
    root = search._Node(2)
    for action, visits in ((0, 10), (1, 4)):
        child = search._Node(2)
        child.n, child.w = visits, [0.0, 0.0]
        root.children[action] = child
    assert ISMCTSBot._choose(root, 0, [0, 1], 0) == 0
    assert ISMCTSBot._choose(root, 0, [0, 1], 0, favourite=1, prior=5.0) == 0   # 4 + 5 < 10
    assert ISMCTSBot._choose(root, 0, [0, 1], 0, favourite=1, prior=7.0) == 1   # 4 + 7 > 10
    assert ISMCTSBot._choose(root, 0, [0, 1, 2], 0, favourite=2, prior=11.0) == 2  # never tried, but favoured


@pytest.mark.parametrize("name", ["politrickers", "politix"])
def test_prior_defaults_play_legal_and_deterministic(name):
    require_sampler(name)
    game = make_game(name)
    assert hustings.registry.info(name).search["prior"] > 0
    for state in random_positions(game, 3, seed=5):
        p = state.current_player()
        moves = {make_search_bot(name, "ismcts:iters=15", seed=3).act(state.clone(), p) for _ in range(2)}
        assert len(moves) == 1 and moves <= set(state.legal_actions())


def test_prior_spec_is_checked():
    assert parse_search_spec("ismcts:prior=20") == ("ismcts", {"prior": 20})
    with pytest.raises(hustings.ConfigError, match="prior"):
        parse_search_spec("ismcts:prior=-1")


def test_favourite_spec_is_checked():
    assert parse_search_spec("ismcts:prior=20,favourite=shipped") == ("ismcts", {"prior": 20, "favourite": "shipped"})
    with pytest.raises(hustings.ConfigError, match="favourite='policy' is invalid; expected one of heuristic, shipped"):
        parse_search_spec("ismcts:favourite=policy")


@pytest.mark.parametrize("players", [4, 5])
def test_shipped_favourite_is_the_shipped_bot_of_the_tables_size(players):
    """With a head start no search can overcome (prior above the iteration count), the move is the favourite's:
    the shipped net for this table's size (the shipped bot, not its searching variant), not the heuristic."""
    game = hustings.game_module("politrickers").raw_env.game_class(players)
    shipped = hustings.load_bot("politrickers", num_players=players)
    heuristic = hustings.make_bot("politrickers", "heuristic", seed=0)
    bot = make_search_bot("politrickers", "ismcts:iters=4,prior=100,favourite=shipped", seed=1)
    differs = 0
    for state in random_positions(game, 12, seed=players):
        p = state.current_player()
        if len(state.legal_actions()) < 2:
            continue
        want = shipped.act(state, p)
        assert bot.act(state, p) == want
        differs += want != heuristic.act(state, p)
    assert differs  # the positions tell the two favourites apart
    assert bot._favourite_size == players


def test_shipped_favourite_searches_do_not_depend_on_the_games_before():
    """The shipped net is loaded at the first search; a bot that has searched before searches a position exactly as
    a new one does after the same ``reset(seed)`` (so tournament results do not depend on how games fall on workers)."""
    game = hustings.game_module("politrickers").raw_env.game_class(4)
    positions = [s for s in random_positions(game, 6, seed=11) if len(s.legal_actions()) > 1]
    used = make_search_bot("politrickers", "ismcts:iters=30,favourite=shipped", seed=0)
    used.act(positions[0].clone(), positions[0].current_player())  # loads its favourite
    for state in positions[1:]:
        fresh = make_search_bot("politrickers", "ismcts:iters=30,favourite=shipped", seed=0)
        fresh.reset(7)
        used.reset(7)
        p = state.current_player()
        assert fresh.act(state.clone(), p) == used.act(state.clone(), p)
        assert fresh.visit_counts() == used.visit_counts()


def test_model_option_parses_and_needs_hidden_commitments():
    from hustings.core.rules import ConfigError

    assert parse_search_spec("pimc:iters=240,model=heuristic") == ("pimc", {"iterations": 240, "model": "heuristic"})
    with pytest.raises(ConfigError, match="model='oracle'.*expected one of none, heuristic"):
        parse_search_spec("pimc:model=oracle")
    make_search_bot("democracy", "ismcts:model=heuristic")  # Democracy commits face down
    for game in ("politrickers", "politix", "prime_minister"):
        with pytest.raises(ConfigError, match=f"{game}: search option model=heuristic .*hidden commitments.*"
                                              "expected model=none"):
            make_search_bot(game, "pimc:model=heuristic")


def test_recommit_is_only_for_games_with_hidden_commitments():
    import hustings

    state = hustings.game_module("politrickers").raw_env.game_class(4).new_initial_state(seed=0)
    with pytest.raises(NotImplementedError, match="politrickers has no hidden commitments"):
        state.recommit(0, lambda s, q: 0)


@pytest.mark.parametrize("name", ["democracy", "politix", "prime_minister"])
def test_with_heuristic_rollouts_the_first_node_expanded_is_the_heuristics_move(name):
    """A node's first visit plays as the rollout would: one iteration expands exactly the heuristic's move at the
    root (games whose heuristic is a function of what the seat sees)."""
    import random as random_mod

    from hustings import registry
    from hustings.bots.search import ISMCTSBot

    game = registry.make_game(name)
    checked = 0
    for seed in range(12):
        st = game.new_initial_state(seed=seed)
        rng = random_mod.Random(seed)
        for _ in range(rng.randrange(0, 30)):
            if st.is_terminal():
                break
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
        if st.is_terminal() or len(st.legal_actions()) < 2:
            continue
        me = st.current_player()
        bot = ISMCTSBot(name, iterations=1, rollout="heuristic", seed=seed, fpu=None, prior=0.0)
        bot.act(st, me)
        visited = [a for a, v in bot.visit_counts().items() if v > 0]
        assert visited == [registry.info(name).bots["heuristic"](seed=0).act(st, me)]
        checked += 1
    assert checked >= 5
