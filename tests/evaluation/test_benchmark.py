"""hustings benchmark: the plan (who sits where), the statistics, resumability, user and text agents, the CLI."""
from __future__ import annotations

import json
import os
import textwrap

import numpy as np
import pytest

import hustings
from hustings.core.rules import ConfigError, IllegalActionError
from hustings.bots import spec as agents
from hustings.bots.agents import __file__ as AGENTS_FILE
from hustings.evaluation import benchmark, ratings

LADDER = ["random", "heuristic"]
RANDOM_AGENT = "hustings.bots.agents:random_agent"
TEXT_AGENT = "text:hustings.bots.agents:first_move_text_agent"


def tiny(out, **kw):
    args = dict(games=["politrickers"], ladder_specs=LADDER, agents=[RANDOM_AGENT], sets=2, rr_sets=1,
                bootstrap=20, out=str(out), workers=1, progress=False, log=lambda *a: None)
    args.update(kw)
    return benchmark.benchmark(**args)


@pytest.fixture
def agent_module(tmp_path, monkeypatch):
    """A module of test agents on sys.path: ``bench_agents:...``."""
    (tmp_path / "bench_agents.py").write_text(textwrap.dedent('''
        import numpy as np

        class Stubborn:                       # a text agent that never names a legal move
            def act(self, text, legal_moves):
                return "I would rather not say"

        class SecondThoughts:                 # wrong first, then right
            def __init__(self):
                self.calls = 0
            def act(self, text, legal_moves):
                self.calls += 1
                return "nonsense" if self.calls % 2 else legal_moves[-1]

        class Cheat:                          # answers an illegal action id
            def act(self, observation, action_mask):
                return int(np.flatnonzero(action_mask == 0)[0])

        def stubborn():
            return Stubborn()

        def second_thoughts(game, num_players):
            return SecondThoughts()

        def cheat(seed):
            return Cheat()

        def not_an_agent():
            return 42
    '''))
    monkeypatch.syspath_prepend(str(tmp_path))
    return "bench_agents"


# --- the plan ------------------------------------------------------------------------------------------------------
def test_round_robin_designs_are_balanced():
    for m, n in [(5, 4), (4, 4), (7, 3), (8, 4)]:
        lineups = benchmark.round_robin(m, n, anchor=1)
        counts = np.zeros(m)
        for lineup, rated in lineups:
            assert len(lineup) == n and len(set(lineup)) == n and all(rated)
            counts[lineup] += 1
        assert len(set(counts)) == 1, (m, n, counts)  # every agent in equally many tables
    (lineup, rated), = benchmark.round_robin(3, 5, anchor=1)
    assert lineup == [0, 1, 2, 1, 1] and rated == [True, True, True, False, False]


def test_gauntlets_share_deals_and_seat_the_agent_everywhere(tmp_path):
    res = tiny(tmp_path, sets=3)
    files = {f: json.load(open(tmp_path / "tables" / f)) for f in os.listdir(tmp_path / "tables")}
    gauntlets = [t for f, t in files.items() if "gauntlet" in f]
    assert len(gauntlets) == 3  # random, heuristic, the user agent
    seeds = [sorted({g["seed"] for g in t["games"]}) for t in gauntlets]
    assert seeds[0] == seeds[1] == seeds[2] and len(seeds[0]) == 3  # the same deals for every agent
    for t in gauntlets:
        for s in seeds[0]:
            seats = sorted(g["seats"][0] for g in t["games"] if g["seed"] == s)
            assert seats == [0, 1, 2, 3]  # the agent (bot 0) in every seat of every deal, once
    rows = res["per_size"][0]["agents"]
    assert rows["random"]["games"] == 12 and rows["random"]["deal_sets"] == 3


# --- statistics ----------------------------------------------------------------------------------------------------
def test_iqm_ranks_and_intervals():
    assert ratings.iqm([0, 1, 2, 3, 4, 5, 6, 100]) == pytest.approx(np.mean([2, 3, 4, 5]))
    assert ratings.iqm([1.0, 2.0, 3.0]) == pytest.approx(2.0)  # fewer than 4 values: nothing trimmed
    g = {"winners": [1, 2], "scores": [5.0, 3.0, 3.0, 4.0]}
    assert ratings.ranks_of(g, [0, 1, 2, 3]) == [3, 1, 1, 4]  # shared win first, then by score
    assert ratings.ranks_of(g, [0, 3]) == [1, 2]
    lo, hi = ratings.percentile_ci(list(range(101)))
    assert lo == pytest.approx(2.5) and hi == pytest.approx(97.5)
    mu, _ = ratings.fit_ratings([([0, 1], [1, 2])] * 20, 3)
    assert mu[0] > 25 > mu[1] and mu[2] == pytest.approx(25.0)


def test_ratings_are_openskills_plackett_luce():
    """The numpy refits give OpenSkill's own ratings game for game: ties, 2-5 teams, runs of mixed lengths."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    rng = np.random.default_rng(7)
    runs = []
    for r in range(12):
        k = 2 + r % 4
        runs.append([([int(i) for i in rng.choice(6, k, replace=False)], [int(x) for x in rng.integers(1, 4, k)])
                     for _ in range(10 + r % 3 * 7)])
    mu, sigma = ratings.fit_ratings_many(runs, 6)
    for r, games in enumerate(runs):
        rated = [model.rating() for _ in range(6)]
        for ids, ranks in games:
            for i, team in zip(ids, model.rate([[rated[i]] for i in ids], ranks=ranks)):
                rated[i] = team[0]
        assert mu[r] == pytest.approx([x.mu for x in rated], abs=1e-9)
        assert sigma[r] == pytest.approx([x.sigma for x in rated], abs=1e-9)
    assert len({round(float(x), 6) for x in mu[:, 0]}) > 6  # the runs really differ


def test_reference_sets_are_the_games_the_run_would_play(tmp_path, monkeypatch):
    """Deal sets taken from reference tables are the sets the run plays without them; other code does not use them."""
    import gzip

    from hustings.evaluation import reference

    full = tiny(tmp_path / "full", reference=False)
    assert full["reference_sets"] == 0
    tables = [json.loads(p.read_text()) for p in sorted((tmp_path / "full" / "tables").iterdir())]
    data = reference.file_content(tables, {("politrickers", 4): set(LADDER)})
    path = tmp_path / "reference.json.gz"
    path.write_bytes(gzip.compress(json.dumps(data).encode()))
    monkeypatch.setattr(reference, "PATH", str(path))
    lines = []
    again = tiny(tmp_path / "again", log=lines.append)
    # the gauntlets of random and heuristic (2 sets each) are the ladder's own; the one round-robin table has the agent
    assert again["reference_sets"] == 4 and any("4 of this run's deal sets" in line for line in lines)
    for p in (tmp_path / "full" / "tables").iterdir():
        played, taken = json.loads(p.read_text()), json.loads((tmp_path / "again" / "tables" / p.name).read_text())
        assert played["games"] == taken["games"]
        assert taken.get("reference_sets", 0) == (len(taken["fingerprint"]["seeds"])
                                                  if RANDOM_AGENT not in taken["fingerprint"]["specs"] else 0)
    assert again["per_size"] == full["per_size"] and again["across_games"] == full["across_games"]
    monkeypatch.setattr(reference, "code_digest", lambda: "other code")
    lines.clear()
    other = tiny(tmp_path / "other", log=lines.append)
    assert other["reference_sets"] == 0 and any("other code" in line for line in lines)


def test_shipped_reference_tables_are_this_codes():
    """The shipped reference tables were made by this code (else a run plays them all, and the documented times of a
    benchmark with one agent are not what a user sees): re-make them with ``python tools/benchmark_reference.py``
    after changing the rules, bots or engines. A few of their cheap sets are replayed here."""
    import gzip

    from hustings.evaluation import reference

    with gzip.open(reference.PATH, "rt") as f:
        data = json.load(f)
    assert data["code"] == reference.code_digest(), \
        "the shipped reference tables are stale: run python tools/benchmark_reference.py (about 4 min on 2 cores)"
    sets, _ = reference.load()
    assert sum(len(v) for v in sets.values()) == 500  # 4 games x (5 gauntlets x 20 sets + 5 round robins x 5 sets)
    for key, by_seed in sets.items():
        game, n, specs, _, _ = json.loads(key)
        if any(s.startswith("ismcts") for s in specs):
            continue
        seed = min(by_seed)
        rules = hustings.registry.info(game).game_class(n)
        task = {"table": "t", "set": 0, "seed": seed, "game": game, "num_players": n,
                "recipes": agents.resolve(game, rules, specs)}
        assert benchmark.play_set(task)["games"] == by_seed[seed], (game, specs)


def test_results_schema_and_outputs(tmp_path):
    res = tiny(tmp_path, agents=[RANDOM_AGENT, TEXT_AGENT])
    for key in ("schema", "hustings_version", "budget", "seed", "games", "agents", "deal_seeds", "per_size",
                "across_games"):
        assert key in res
    assert res["schema"] == benchmark.SCHEMA and res["hustings_version"] == hustings.__version__
    assert res["games"]["politrickers"]["observation_version"] == \
        hustings.game_module("politrickers").raw_env.game_class.observation_version
    assert res["agents"][RANDOM_AGENT]["sha256"] == agents.sha256(AGENTS_FILE)
    size = res["per_size"][0]
    assert size["num_players"] == 4 and size["fair_share"] == 0.25
    for name, row in size["agents"].items():
        assert row["games"] == 8 and 0 <= row["ci95"][0] <= row["win_share"] <= row["ci95"][1] <= 1
        assert row["rated_games"] == 4 and len(row["rating_ci95"]) == 2
    text = size["agents"][TEXT_AGENT]["text"]
    assert text["decisions"] > 0 and text["fallbacks"] == 0 and text["retries"] == 0
    across = res["across_games"]
    assert across["tasks"] == ["politrickers-4p"] and across["agents"]["random"]["iqm"] == pytest.approx(0.0)
    md = (tmp_path / "BENCHMARKS.md").read_text()
    assert "| agent | games | win share | 95% CI |" in md and "### Across games" in md
    assert json.loads((tmp_path / "results.json").read_text())["per_size"] == json.loads(json.dumps(res["per_size"]))
    pytest.importorskip("matplotlib")
    assert (tmp_path / "win_share_politrickers-4p.png").read_bytes()[:4] == b"\x89PNG"
    assert (tmp_path / "ratings_politrickers-4p.png").is_file()


# --- resuming ------------------------------------------------------------------------------------------------------
def _totals(res):
    return [(r["game"], r["num_players"], name, a.get("games"), a.get("win_share"), a.get("mean_score"),
             a["rated_games"], round(a["rating"], 9))
            for r in res["per_size"] for name, a in sorted(r["agents"].items())]


def test_interrupted_run_resumes_to_the_same_totals(tmp_path):
    whole = tiny(tmp_path / "whole", games=["politrickers", "democracy"], players=[3])
    saved = []

    def stop_after_two(file):
        saved.append(file)
        if len(saved) == 2:
            raise KeyboardInterrupt

    out = tmp_path / "cut"
    with pytest.raises(KeyboardInterrupt):
        tiny(out, games=["politrickers", "democracy"], players=[3], on_table=stop_after_two)
    assert sorted(os.listdir(out / "tables")) == sorted(saved)
    with pytest.raises(ConfigError, match="--resume"):
        tiny(out, games=["politrickers", "democracy"], players=[3])
    played = []
    resumed = tiny(out, games=["politrickers", "democracy"], players=[3], resume=True, on_table=played.append)
    assert not set(played) & set(saved)  # finished tables are not played again
    assert len(played) + len(saved) == len(os.listdir(out / "tables"))
    assert len(os.listdir(out / "tables")) == len(os.listdir(tmp_path / "whole" / "tables"))
    assert _totals(resumed) == _totals(whole)
    for f in os.listdir(out / "tables"):
        cut, full = (json.load(open(d / "tables" / f)) for d in (out, tmp_path / "whole"))
        assert cut.pop("seconds") > 0 and full.pop("seconds") > 0
        assert cut == full  # the very same games
    with pytest.raises(ConfigError, match="another configuration"):
        tiny(out, games=["politrickers", "democracy"], players=[3], resume=True, sets=3)
    first = out / "tables" / saved[0]
    table = json.loads(first.read_text())
    table["sha256"][RANDOM_AGENT] = "0" * 64  # as if the agent's module had changed since
    first.write_text(json.dumps(table))
    with pytest.raises(ConfigError, match="other agent files"):
        tiny(out, games=["politrickers", "democracy"], players=[3], resume=True)


def test_two_workers_play_the_same_games(tmp_path):
    one = tiny(tmp_path / "a", workers=1)
    two = tiny(tmp_path / "b", workers=2)
    assert _totals(one) == _totals(two)


# --- agents ---------------------------------------------------------------------------------------------------------
def test_text_agents_are_retried_then_fall_back_never_applied(agent_module):
    game = hustings.game_module("politix").raw_env.game_class(4)
    state = game.new_initial_state(seed=1)
    stubborn = agents.build("politix", ("text", f"{agent_module}:stubborn", 2), game=game)
    assert stubborn.act(state, state.current_player()) == state.legal_actions()[0]  # the documented fallback
    assert stubborn.stats() == {"decisions": 1, "retries": 2, "fallbacks": 1}
    second = agents.build("politix", ("text", f"{agent_module}:second_thoughts", 2), game=game)
    assert second.act(state, state.current_player()) == state.legal_actions()[-1]
    assert second.stats() == {"decisions": 1, "retries": 1, "fallbacks": 0}


def test_text_fallbacks_are_counted_in_the_results(tmp_path, agent_module):
    res = tiny(tmp_path, agents=[f"text:{agent_module}:stubborn"], sets=1)
    text = res["per_size"][0]["agents"][f"text:{agent_module}:stubborn"]["text"]
    assert text["decisions"] > 0 and text["fallbacks"] == text["decisions"]
    assert text["retries"] == 2 * text["decisions"]
    assert "fallbacks (first legal move)" in (tmp_path / "BENCHMARKS.md").read_text()


def test_agent_protocol_errors(tmp_path, agent_module):
    game = hustings.game_module("politrickers").raw_env.game_class(4)
    with pytest.raises(ConfigError, match="no act"):
        agents.resolve("politrickers", game, [f"{agent_module}:not_an_agent"])
    with pytest.raises(ConfigError, match="cannot import module"):
        agents.resolve("politrickers", game, ["no_such_module_xyz:factory"])
    with pytest.raises(ConfigError, match="no callable 'nope'"):
        agents.resolve("politrickers", game, [f"{agent_module}:nope"])
    with pytest.raises(IllegalActionError, match="illegal action"):
        tiny(tmp_path, agents=[f"{agent_module}:cheat"], sets=1)
    assert agents.is_callable_spec("a.b:c") and not agents.is_callable_spec("shipped:democracy")
    assert not agents.is_callable_spec("ismcts:iters=10") and not agents.is_callable_spec("policy.pt")


def test_cli(tmp_path, capsys):
    from hustings.cli import main

    out = tmp_path / "b"
    assert main(["benchmark", "--games", "politrickers", "--ladder", "random", "heuristic", "--sets", "1",
                 "--rr-sets", "1", "--bootstrap", "10", "--out", str(out), "--workers", "1", "--no-progress"]) == 0
    assert "### politrickers, 4 players" in capsys.readouterr().out
    assert (out / "results.json").is_file()
    assert main(["benchmark", "--games", "politrickers", "--out", str(out), "--no-progress"]) == 2  # not --resume
    assert "--resume" in capsys.readouterr().err
    assert main(["benchmark", "--games", "politrickers", "--players", "9", "--out", str(tmp_path / "c")]) == 2
    assert main(["benchmark", "--games", "politrickers", "democracy", "--players", "6", "--ladder", "random",
                 "heuristic", "--sets", "1", "--rr-sets", "1", "--bootstrap", "5", "--out", str(tmp_path / "six"),
                 "--workers", "1", "--no-progress"]) == 0  # politrickers seats at most 5: left out
    printed = capsys.readouterr().out
    assert "politrickers: no 6-player table" in printed and "### democracy, 6 players" in printed
    six = json.loads((tmp_path / "six" / "results.json").read_text())
    assert [(r["game"], r["num_players"]) for r in six["per_size"]] == [("democracy", 6)]
    assert six["per_size"][0]["agents"]["random"]["rated_games"] == 6  # one table, anchor copies fill 4 seats
    assert main(["benchmark", "--games", "politrickers", "--ladder", "random", "--out", str(tmp_path / "c")]) == 2
    assert main(["benchmark", "--games", "politrickers", "--agents", "genius", "--out", str(tmp_path / "c")]) == 2


def test_default_ladder_has_search_at_two_budgets_and_the_shipped_bot_of_each_size():
    for n in (3, 4):
        assert benchmark.ladder("democracy", n) == ["random", "heuristic", "ismcts:iters=10", "ismcts",
                                                    "shipped:democracy"]
    assert benchmark.sizes("politrickers") == [3, 4, 5] == benchmark.shipped_sizes("politrickers")


def test_a_shipped_bots_hash_is_the_file_of_each_size():
    from hustings import checkpoints

    assert benchmark._hash_key("shipped:democracy", 3) != benchmark._hash_key("shipped:democracy", 4)
    assert benchmark._hash_key("heuristic", 3) == benchmark._hash_key("heuristic", 4) == "heuristic"
    files = {n: agents.spec_files("shipped:democracy", n)[0] for n in (3, 4)}
    assert files == {n: checkpoints.policy_path("democracy", n) for n in (3, 4)} and files[3] != files[4]
    # the shipped bot goes by its net; a searching variant by its net and its search.json together
    net = agents.sha256(checkpoints.policy_path("politrickers", 4))
    assert agents.spec_sha256("shipped:politrickers", 4) == agents.spec_sha256("shipped-net:politrickers", 4) == net
    assert agents.spec_sha256("shipped-search:politrickers", 4) not in (None, net)
    assert agents.spec_sha256("shipped:politrickers", 3) == agents.sha256(checkpoints.policy_path("politrickers", 3))
    assert agents.spec_sha256("heuristic", 4) is None


def test_ray_tasks(tmp_path):
    pytest.importorskip("ray")
    local = tiny(tmp_path / "a")
    import ray

    on_ray = tiny(tmp_path / "b", address="local")
    assert _totals(local) == _totals(on_ray)
    assert not ray.is_initialized()  # the benchmark shut down the Ray it started


def test_sb3_model_zip_plays_like_its_policy(tmp_path):
    """A MaskablePPO model.zip is a SPEC: the same actor as the policy, checked against the table."""
    pytest.importorskip("sb3_contrib")
    import torch
    from sb3_contrib import MaskablePPO

    from hustings.training.policy import NumpyPolicy
    from hustings.training.selfplay import SelfPlayEnv

    model = MaskablePPO("MlpPolicy", SelfPlayEnv("politrickers", 4), n_steps=64, batch_size=64,
                        policy_kwargs={"net_arch": [16], "activation_fn": torch.nn.Tanh}, device="cpu")
    path = str(tmp_path / "model.zip")
    model.save(path)
    game = hustings.game_module("politrickers").raw_env.game_class(4)
    (recipe,) = agents.resolve("politrickers", game, [path])
    assert recipe[0] == "policy" and recipe[2] == "tanh" and recipe[3] == "model.zip"
    expected = NumpyPolicy.from_state_dict(model.policy.state_dict(), "tanh")
    bot = agents.build("politrickers", recipe, num_players=4)
    state = game.new_initial_state(seed=3)
    p = state.current_player()
    assert bot.act(state, p) == expected.act(state.observation(p), state.legal_mask())
    with pytest.raises(ValueError, match="expected"):
        agents.resolve("politrickers", hustings.game_module("politrickers").raw_env.game_class(3), [path])
