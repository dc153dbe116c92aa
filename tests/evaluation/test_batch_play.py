"""Tournament games in batches (``hustings.evaluation.batch_play``): the same games as one at a time through the rules
module, game for game (seeds, seats, winners, scores, truncated), for scripted and net line-ups of the three games
with compiled engines; ``hustings evaluate`` and ``hustings benchmark`` take that path on their own where every bot
batches, and keep the rules-module path where one does not."""
from __future__ import annotations

import json
import os

import pytest

pytest.importorskip("numba")

import hustings  # noqa: E402
from hustings.bots import spec as spec_mod  # noqa: E402
from hustings.evaluation import batch_play, benchmark, evaluate  # noqa: E402

GAMES = ("democracy", "politrickers", "politix")


def tasks_of(n: int, games: int, seed: int) -> list[tuple[int, int]]:
    """The tasks ``tournament`` plays: deal ``seed * 1_000_003 + i``, every rotation."""
    return [(seed * 1_000_003 + i, r) for i in range(-(-games // n)) for r in range(n)]


def one_at_a_time(game_name: str, game, recipes: list[tuple], tasks) -> list[dict]:
    bots = [evaluate.build_bot(game_name, r, game=game) for r in recipes]
    return [evaluate.play_rotation(game, bots, seed, r) for seed, r in tasks]


def assert_same_games(game_name: str, n: int, specs: list[str], games: int, seed: int, batch: int) -> None:
    game = hustings.registry.make_game(game_name, n)
    recipes = spec_mod.resolve(game_name, game, specs)
    assert batch_play.why_not(game_name, game, recipes) is None
    tasks = tasks_of(n, games, seed)
    got = batch_play.play(game_name, game, recipes, tasks, batch=batch)
    want = one_at_a_time(game_name, game, recipes, tasks)
    assert len(got) == len(want) == len(tasks)
    for i, (a, b) in enumerate(zip(got, want)):
        assert a == b, f"{game_name} {n}p {specs}, game {i} (deal {tasks[i][0]}, rotation {tasks[i][1]}): {a} != {b}"


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("game_name", GAMES)
def test_scripted_lineups_play_the_same_games(game_name, n):
    # a batch smaller than the games: finished games make room for the next ones
    assert_same_games(game_name, n, ["heuristic"] + ["random"] * (n - 1), 96, seed=3, batch=40)
    assert_same_games(game_name, n, ["random", "heuristic"] + ["heuristic"] * (n - 2), 48, seed=-2, batch=512)


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("game_name", GAMES)
def test_shipped_net_lineups_play_the_same_games(game_name, n):
    specs = [f"shipped:{game_name}", "heuristic", "random"] + [f"shipped-net:{game_name}"] * (n - 3)
    assert_same_games(game_name, n, specs, 80, seed=1, batch=64)


@pytest.mark.slow
@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("game_name", GAMES)
def test_shipped_nets_over_2000_games(game_name, n):
    """The nets' batched forward passes round differently from the one-row passes in the last bits; over 2,000 games
    per table no result differs (the near-tie check in batch_play makes sure of it)."""
    assert_same_games(game_name, n, [f"shipped:{game_name}"] * 2 + ["heuristic"] * (n - 2), 2000, seed=0, batch=512)


def test_near_ties_are_decided_by_the_one_row_product(monkeypatch):
    """With every net move checked against the one-row product (TIE huge), the games are the same again."""
    game = hustings.registry.make_game("politix", 4)
    recipes = spec_mod.resolve("politix", game, ["shipped:politix"] * 2 + ["heuristic"] * 2)
    tasks = tasks_of(4, 24, 5)
    plain = batch_play.play("politix", game, recipes, tasks)
    monkeypatch.setattr(batch_play, "TIE", 1e30)
    assert batch_play.play("politix", game, recipes, tasks) == plain


def test_what_does_not_batch():
    game = hustings.registry.make_game("politrickers", 4)
    for spec in ("ismcts:iters=5", "hustings.bots.agents:random_agent"):
        recipes = spec_mod.resolve("politrickers", game, [spec, "heuristic", "random", "random"])
        assert batch_play.why_not("politrickers", game, recipes) is not None
    pm = hustings.registry.make_game("prime_minister", 3)
    assert batch_play.why_not("prime_minister", pm, spec_mod.resolve("prime_minister", pm, ["random"] * 3))
    assert not batch_play.seeds_fit([(2**62, 0)])


# --- the tournament and the benchmark take the batched path on their own ---------------------------------------------
def _games_of(monkeypatch, **kw) -> tuple[list[dict], list[str]]:
    """A tournament's games (sorted as it sorts them) and which paths played them."""
    seen, paths = [], []
    real_summarise, real_batched, real_one = evaluate.summarise, evaluate._batched_games, evaluate._games_one_by_one

    def summarise(names, games, n):
        seen.append([dict(g) for g in games])
        return real_summarise(names, games, n)

    monkeypatch.setattr(evaluate, "summarise", summarise)
    monkeypatch.setattr(evaluate, "_batched_games", lambda *a, **k: (paths.append("batched"), real_batched(*a, **k))[1])
    monkeypatch.setattr(evaluate, "_games_one_by_one", lambda *a, **k: (paths.append("rules"), real_one(*a, **k))[1])
    evaluate.tournament(progress=False, **kw)
    return seen[-1], paths


@pytest.mark.parametrize("workers", [1, 2])
def test_tournament_batches_when_it_can_and_plays_the_same_games(monkeypatch, workers):
    # small batches: two workers get a chunk each
    monkeypatch.setattr(batch_play, "BATCH", 32)
    kw = dict(game_name="democracy", specs=["shipped:democracy", "heuristic", "random"], games=150, num_players=3,
              seed=4, workers=workers)
    batched, paths = _games_of(monkeypatch, **kw)
    assert paths == ["batched"]
    one_by_one, paths = _games_of(monkeypatch, batched=False, **kw)
    assert paths == ["rules"]
    assert batched == one_by_one and len(batched) == 150


def test_a_bot_that_does_not_batch_keeps_the_rules_module_path(monkeypatch, tmp_path):
    _, paths = _games_of(monkeypatch, game_name="politrickers",
                         specs=["hustings.bots.agents:random_agent", "heuristic", "random", "random"], games=8,
                         workers=1)
    assert paths == ["rules"]
    _, paths = _games_of(monkeypatch, game_name="politrickers", specs=["heuristic"], games=8, workers=1,
                         records_dir=str(tmp_path / "records"))
    assert paths == ["rules"] and len(os.listdir(tmp_path / "records")) == 8


def test_benchmark_tables_in_batches_are_the_same_tables(tmp_path):
    def run(out, **kw):
        return benchmark.benchmark(games=["politix"], ladder_specs=["random", "heuristic"],
                                  agents=["hustings.bots.agents:random_agent"], sets=3, rr_sets=2, bootstrap=10,
                                  out=str(out), progress=False, log=lambda *a: None, **kw)

    todo = [t for t in benchmark.plan_tables("politix", 4, ["random", "heuristic", "shipped:politix"], 1, 1, 0)]
    game = hustings.registry.make_game("politix", 4)
    for t in todo:
        t["recipes"] = spec_mod.resolve("politix", game, t["specs"])
    assert benchmark.batchable_tables(todo) == {t["file"] for t in todo}
    fast = run(tmp_path / "fast", workers=2)
    slow = run(tmp_path / "slow", workers=1, batched=False)
    files = sorted(os.listdir(tmp_path / "slow" / "tables"))
    assert files == sorted(os.listdir(tmp_path / "fast" / "tables")) and len(files) == 4
    for f in files:
        a, b = (json.loads((tmp_path / d / "tables" / f).read_text()) for d in ("fast", "slow"))
        a.pop("seconds"), b.pop("seconds")
        assert a == b, f
    assert fast["per_size"] == slow["per_size"]
