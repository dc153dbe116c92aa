"""hustings panel: who sits in each line-up (no heuristic in the IS-MCTS one), the deal sets, the previous shipped
bot, the tables' arithmetic (win shares, intervals over deals, worst line-up), resuming and the command line."""
from __future__ import annotations

import json
import math
import os
import subprocess

import numpy as np
import pytest

import hustings
from hustings.bots.search_spec import parse_search_spec, resolve_options
from hustings.core.rules import ConfigError
from hustings.evaluation import benchmark, panel, ratings

FAST_ISMCTS = "ismcts:iters=4,rollout=random,prior=0,model=none"  # the panel's IS-MCTS at a test's budget


def plan(game, n, tmp_path, user=(), shipped=True):
    return panel.plan_size(game, n, list(user), shipped, panel.BUDGETS["quick"], "report", panel.PANEL_SEED,
                           panel.ismcts_spec(game), str(tmp_path))


def tiny(out, **kw):
    args = dict(games=["politrickers"], players=[3], ismcts=FAST_ISMCTS, games_heuristic=6, games_lineup=6,
                games_cross=3, out=str(out), workers=1, progress=False, log=lambda *a: None)
    args.update(kw)
    return panel.panel(**args)


# --- who plays ---------------------------------------------------------------------------------------------------
def test_the_panels_ismcts_has_no_heuristic_in_it():
    for game in hustings.games():
        spec = panel.ismcts_spec(game)
        kind, given = parse_search_spec(spec)
        opts = resolve_options(game, given)
        assert kind == "ismcts" and opts["rollout"] == "random" and opts["prior"] == 0 and opts["model"] == "none"
        assert opts["iterations"] == hustings.registry.info(game).search["iterations"]
        panel.check_no_heuristic(game, spec)
    assert panel.ismcts_spec("politix") == "ismcts:iters=80,rollout=random,prior=0,model=none"
    # the game's defaults are not enough: Politix's standard IS-MCTS gives the heuristic's move a head start
    for bad in ("ismcts", "ismcts:rollout=random,model=none", "ismcts:rollout=heuristic,prior=0,model=none",
                "ismcts:rollout=random,prior=5,model=none", "pimc:rollout=random,prior=0,model=none", "heuristic"):
        with pytest.raises(ConfigError, match="ismcts"):
            panel.check_no_heuristic("politix", bad)


def test_deal_sets_are_fixed_and_disjoint():
    select = panel.deal_seeds("select", "democracy", 4, 200)
    report = panel.deal_seeds("report", "democracy", 4, 200)
    assert all(s % 2 == 0 for s in select) and all(s % 2 == 1 for s in report)
    assert not set(select) & set(report) and len(set(report)) == 200
    assert panel.deal_seeds("report", "democracy", 4, 3) == report[:3]  # more deals extend the same set
    assert panel.deal_seeds("report", "democracy", 5, 3) != report[:3]
    assert panel.deal_seeds("report", "democracy", 4, 3, base=1) != report[:3]
    with pytest.raises(ConfigError, match="seed set 'train'"):
        panel.deal_seeds("train", "democracy", 4, 3)


@pytest.mark.parametrize("game,n", [("democracy", 4), ("democracy", 5), ("politrickers", 3), ("prime_minister", 2),
                                    ("politix", 6)])
def test_every_lineup_seats_the_bots_it_names(game, n, tmp_path):
    p = plan(game, n, tmp_path)
    agents = p["agents"]
    ismcts = panel.ismcts_spec(game)
    h, i, r = agents.index("heuristic"), agents.index(ismcts), agents.index("random")
    rows = {(t["subject"], t["row"]): t for t in p["tables"] if t["kind"] == "lineup"}
    for s in p["subjects"]:
        assert rows[(s, "heuristic")]["lineup"] == [s] + [h] * (n - 1)
        table = rows[(s, "ismcts")]
        assert table["lineup"] == [s] + [i] * (n - 1)
        # no heuristic anywhere in the IS-MCTS line-up: not as a bot, not in a search's options
        for spec in table["specs"][1:]:
            opts = resolve_options(game, parse_search_spec(spec)[1])
            assert "heuristic" not in spec and opts["rollout"] == "random" and opts["prior"] == 0
        if n >= 3:
            others = rows[(s, "mixed")]["lineup"][1:]
            kinds = [h, i, r] + ([p["other_net"][s]] if p["other_net"][s] is not None else [])
            assert others == [kinds[k % len(kinds)] for k in range(n - 1)]
            assert len(set(others)) == min(n - 1, len(kinds))  # one seat each of the other kinds
            assert s not in others
        else:
            assert (s, "mixed") not in rows
        prev = p["previous"][s]
        if prev["spec"] is None:
            assert (s, "previous") not in rows and any(prev["note"] in note for note in p["notes"])
        else:
            assert rows[(s, "previous")]["lineup"] == [s] + [agents.index(prev["spec"])] * (n - 1)
            assert agents.index(prev["spec"]) != s
    for t in p["tables"]:
        assert t["specs"] == [agents[a] for a in t["lineup"]] and len(t["lineup"]) == n
        if t["kind"] == "cross":  # n different agents rated; fewer agents than seats: heuristic copies, unrated
            rated = [a for a, x in zip(t["lineup"], t["rated"]) if x]
            assert len(set(rated)) == len(rated) == min(n, len(p["cross_agents"]))
            assert all(a == h for a, x in zip(t["lineup"], t["rated"]) if not x)
            assert set(t["lineup"]) <= set(p["cross_agents"])
    assert len({t["file"] for t in p["tables"]}) == len(p["tables"])


def test_a_candidate_meets_the_current_shipped_bot(tmp_path):
    p = plan("politix", 4, tmp_path, user=["random"], shipped=False)
    assert [p["agents"][s] for s in p["subjects"]] == ["random"]
    s = p["subjects"][0]
    assert p["previous"][s]["spec"] == "shipped:politix"
    assert p["agents"][p["other_net"][s]] == "shipped:politix"
    assert {"shipped:politix", "random", "heuristic"} <= {p["agents"][a] for a in p["cross_agents"]}


def test_the_shipped_subject_is_the_net_and_a_searching_variant_is_measured_when_asked(tmp_path):
    p = plan("politrickers", 4, tmp_path)
    assert [p["agents"][s] for s in p["subjects"]] == ["shipped:politrickers"]
    p = plan("politrickers", 4, tmp_path, user=["shipped-search:politrickers"], shipped=False)
    (s,) = p["subjects"]
    assert p["agents"][s] == "shipped-search:politrickers"
    assert p["agents"][p["other_net"][s]] == "shipped:politrickers"  # its own net sits in the mixed table


def _git_history() -> bool:
    from hustings import checkpoints

    return panel._git(checkpoints.folder("democracy", 4), "log", "-1", "--format=%H", "--", ".") not in (None, b"")


@pytest.mark.skipif(not _git_history(), reason="needs the repository's history")
def test_the_previous_shipped_bot_comes_from_the_history(tmp_path):
    from hustings import checkpoints
    from hustings.bots.policy import load_policy

    # Politrickers 5p ships a search (search.json); before it, the shipped bot was this same net alone
    prev = panel.previous_shipped("politrickers", 5, net_only=False, store=str(tmp_path))
    assert prev["spec"] == "shipped:politrickers" and len(prev["commit"]) == 40
    # Democracy 4p's search changed its opponent model: the previous bot is the earlier search
    prev = panel.previous_shipped("democracy", 4, net_only=False, store=str(tmp_path))
    assert prev["spec"] == "pimc:iters=240,model=heuristic" and len(prev["commit"]) == 40
    # the previous net is an earlier file, with other weights, that plays this game
    net = panel.previous_shipped("democracy", 4, net_only=True, store=str(tmp_path))
    game = hustings.registry.info("democracy").game_class(4)
    old = load_policy(net["spec"], game).to_arrays()
    now = load_policy(checkpoints.policy_path("democracy", 4), game).to_arrays()
    assert net["spec"].startswith(str(tmp_path)) and not panel._same_net(old, now)
    assert subprocess.run(["git", "-C", os.path.dirname(checkpoints.__file__), "cat-file", "-e",
                           net["commit"]]).returncode == 0
    # a bot with one version has none
    assert panel.previous_shipped("politix", 2, net_only=False, store=str(tmp_path))["spec"] is None


# --- the numbers -------------------------------------------------------------------------------------------------
def test_interval_over_deals_and_worst_lineup():
    lo, hi = ratings.deal_interval([0.25, 0.5, 0.25, 0.5])
    half = 1.959964 * np.std([0.25, 0.5, 0.25, 0.5], ddof=1) / 2
    assert (lo, hi) == pytest.approx((0.375 - half, 0.375 + half))
    assert ratings.deal_interval([0.0, 1.0]) == [0.0, 1.0]  # clipped to the shares' range
    assert ratings.deal_interval([-0.5, 0.5], lo=None, hi=None) == pytest.approx([-1.959964 * 0.7071068 / 1.4142136,
                                                                                   1.959964 * 0.7071068 / 1.4142136])
    assert all(math.isnan(x) for x in ratings.deal_interval([0.5]))
    assert panel.verdict([0.3, 0.4], 0.25) == "yes" and panel.verdict([0.1, 0.2], 0.25) == "no: below"
    assert panel.verdict([0.2, 0.3], 0.25) == "not shown" and panel.verdict([math.nan, math.nan], 0.25) == "n/a"
    rows = [{"win_share": 0.3, "ci95": [0.2, 0.4]}, {"win_share": 0.2, "ci95": [0.15, 0.25]},
            {"win_share": 0.2, "ci95": [0.1, 0.3]}, {"win_share": 0.2, "ci95": [math.nan, math.nan]}]
    assert panel.worst(rows) is rows[3]  # lowest share; ties: the lower bound (none counts lowest)
    assert panel.worst(rows[:3]) is rows[2] and panel.worst([]) is None
    assert panel.describe(["a", "heuristic", "IS-MCTS"], [1, 1, 1]) == "3 heuristic"
    assert panel.describe(["a", "heuristic", "IS-MCTS"], [1, 2, 1]) == "2 heuristic + IS-MCTS"


def test_a_tiny_panel_end_to_end(tmp_path):
    out = tmp_path / "p"
    result = tiny(out)
    saved = json.loads((out / "panel.json").read_text())
    assert saved["schema"] == panel.SCHEMA and saved["seed_set"] == "report"
    (size,) = result["per_size"]
    assert size["game"] == "politrickers" and size["num_players"] == 3 and size["fair_share"] == pytest.approx(1 / 3)
    assert size["ismcts"] == FAST_ISMCTS
    subject = size["subjects"]["shipped"]
    assert [r["row"] for r in subject["rows"]] == ["heuristic", "ismcts", "mixed"]  # no earlier 3p bot: no row d
    assert size["notes"]
    for row in subject["rows"] + subject["cross"]:
        table = json.loads((out / "tables" / row["table"]).read_text())
        seat = table["lineup"].index(table["lineup"][0]) if row in subject["rows"] else \
            table["fingerprint"]["specs"].index("shipped:politrickers")
        seeds = table["fingerprint"]["seeds"]
        assert all(s % 2 == 1 for s in seeds)  # report deals
        per_deal = [np.mean([(1 / len(g["winners"]) if seat in g["winners"] else 0.0)
                             for g in table["games"] if g["seed"] == s]) for s in seeds]
        assert row["games"] == len(table["games"]) == 3 * len(seeds)
        assert row["win_share"] == pytest.approx(np.mean(per_deal))
        assert row["ci95"] == pytest.approx(ratings.deal_interval(per_deal), nan_ok=True)
        assert row["above_fair"] == panel.verdict(row["ci95"], 1 / 3)
        # every seat of every deal: the bot sat in each seat once per deal
        assert sorted(g["seats"][seat] for g in table["games"]) == sorted(list(range(3)) * len(seeds))
    lows = subject["rows"] + subject["cross"]
    assert subject["worst"] == min(lows, key=lambda r: (r["win_share"], r["ci95"][0] if not math.isnan(
        r["ci95"][0]) else -1))
    assert subject["rows"][0]["games"] == 6 and subject["rows"][1]["games"] == 6 and len(subject["cross"]) == 3
    assert set(size["ratings"]) == {"shipped", "heuristic", "IS-MCTS", "random"}
    text = (out / "PANEL.md").read_text()
    assert "### politrickers, 3 players" in text and "| shipped | (a) 2 heuristic |" in text
    assert "| shipped | (b) 2 IS-MCTS |" in text and "| shipped | (c) heuristic + IS-MCTS |" in text
    assert "Worst line-up" in text and "Cross-play" in text
    assert text.startswith("# Panel (games per table set by hand, report deals")  # not "quick": counts were set
    preset = dict(result, games_per_table={k: panel.BUDGETS["quick"][k] for k in ("heuristic", "lineup", "cross")})
    assert panel.markdown(preset).startswith("# Panel (quick, report deals")
    # the shipped bots' table takes each bot's worst line-up from the results
    from helpers import tool

    shipped_table = tool("shipped_table")
    cell = shipped_table.panel_worst(str(out / "panel.json"))[("politrickers", 3)]
    assert cell.startswith(f"{subject['worst']['win_share']:.3f}".join(["**"] * 2) if subject["worst"][
        "above_fair"] == "yes" else f"{subject['worst']['win_share']:.3f}") and subject["worst"]["lineup"] in cell
    body = shipped_table.table([str(out / "panel.json")])
    assert "worst line-up (panel)" in body and cell in body and "| democracy | 4 (default)" in body
    # resuming plays nothing and gives the same tables; a fresh run into the same folder is refused
    played = []
    again = tiny(out, resume=True, on_table=played.append)
    assert played == [] and json.dumps(again["per_size"]) == json.dumps(result["per_size"])  # (NaN != NaN)
    with pytest.raises(ConfigError, match="already holds panel tables"):
        tiny(out)
    # the select deals are others
    other = tiny(tmp_path / "s", seed_set="select", cross=False)
    row = other["per_size"][0]["subjects"]["shipped"]["rows"][0]
    assert not set(json.loads((tmp_path / "s" / "tables" / row["table"]).read_text())["fingerprint"]["seeds"]) \
        & set(json.loads((out / "tables" / subject["rows"][0]["table"]).read_text())["fingerprint"]["seeds"])
    assert other["per_size"][0]["ratings"] == {}


def test_the_ismcts_lineup_never_asks_the_heuristic(tmp_path, monkeypatch):
    """With the heuristic unbuildable, the IS-MCTS line-up plays to the end (in this process); the heuristic line-up
    does not, which shows the trap is armed."""
    bots = hustings.registry.info("politrickers").bots

    def no_heuristic(*a, **k):
        raise AssertionError("the heuristic was asked for")

    monkeypatch.setitem(bots, "heuristic", no_heuristic)
    p = plan("politrickers", 3, tmp_path)
    rules = hustings.registry.info("politrickers").game_class(3)
    from hustings.bots import spec as spec_mod

    s = p["subjects"][0]
    table = next(t for t in p["tables"] if t["subject"] == s and t["row"] == "ismcts")
    specs = [table["specs"][0]] + [FAST_ISMCTS] * 2
    task = {"table": "t", "set": 0, "seed": table["seeds"][0], "game": "politrickers", "num_players": 3,
            "recipes": spec_mod.resolve("politrickers", rules, specs)}
    assert len(benchmark.play_set(task)["games"]) == 3
    heuristic_row = next(t for t in p["tables"] if t["subject"] == s and t["row"] == "heuristic")
    with pytest.raises(AssertionError, match="heuristic was asked"):
        benchmark.play_set(dict(task, recipes=spec_mod.resolve("politrickers", rules, heuristic_row["specs"])))


def test_cli(tmp_path, capsys):
    from hustings.cli import main

    out = tmp_path / "c"
    assert main(["panel", "--games", "politrickers", "--players", "3", "--ismcts", FAST_ISMCTS, "--games-heuristic",
                 "3", "--games-lineup", "3", "--no-cross", "--workers", "1", "--no-progress", "--out",
                 str(out)]) == 0
    text = capsys.readouterr().out
    assert "| shipped | (a) 2 heuristic | 3 |" in text and (out / "panel.json").is_file()
    assert main(["panel", "--games", "politrickers", "--ismcts", "ismcts", "--out", str(tmp_path / "d")]) == 2
    assert "no heuristic in it" in capsys.readouterr().err
    assert main(["panel", "--no-shipped", "--out", str(tmp_path / "e")]) == 2
